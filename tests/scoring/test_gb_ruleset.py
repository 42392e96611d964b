"""The ``guobiao`` ruleset: three ways to score a win, the 8-fan minimum, flowers, settlement,
and impossible input refused with the field named.

Settlement (spec ``guobiao-mcr.md`` §2.3, the official competition rule — not in the seeds):
discard → the discarder pays base + F, the others base; self-drawn → each pays base + F. The
spec's derived numbers: "F = 8 on a discard → discarder 16, others 8 and 8, winner +32; F = 10
self-drawn → each pays 18, winner +54".
"""

from __future__ import annotations

from functools import partial
from typing import Any

import pytest

from scoring import registry
from scoring.engine import settle
from scoring.errors import RecordError
from tests.scoring.builders import record

P = ["alice", "bob", "carol", "dave"]


gb = partial(record, "guobiao", players=P, dealer="alice")


def rec(win: dict[str, Any], **extra: Any) -> dict[str, Any]:
    """bob wins on carol's discard unless ``win`` says otherwise."""
    return gb([{"winner": "bob", "from": "carol", **win}], **extra)


def tiles(**kw: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "hand": "123m456p789s1122z",
        "win_tile": "2z",
        "seat_wind": "S",
        "prevalent_wind": "E",
    }
    base.update(kw)
    return base


def test_spec_derived_discard_example() -> None:
    # "F = 8 on a discard → discarder 16, others 8 and 8, winner +32"
    s = settle(rec({"fan": 8}))
    assert s.net == {"alice": -8, "bob": 32, "carol": -16, "dave": -8}


def test_spec_derived_self_drawn_example() -> None:
    # "F = 10 self-drawn → each pays 18, winner +54"
    s = settle(rec({"from": None, "fan": 10}))
    assert s.net == {"alice": -18, "bob": 54, "carol": -18, "dave": -18}


def test_minimum_refused_with_the_count_reached() -> None:
    # "国标规定必须够8番才能够和牌" (seed 001 L200); a hand of 7 + 3 flowers is refused (spec §4)
    with pytest.raises(RecordError, match="reaches 7 fan, below the 8-fan minimum") as e:
        settle(rec({"fan": 7}, counts={"flowers": {"bob": 3}}))
    assert e.value.field == "wins[0].fan"
    # the option turns it off
    s = settle(rec({"fan": 7}, options={"min_fan": 0}, counts={"flowers": {"bob": 3}}))
    assert s.paid("carol", "bob") == 8 + 10


def test_flowers_added_after_the_minimum() -> None:
    s = settle(rec({"fan": 8}, counts={"flowers": {"bob": 4}}))
    assert s.paid("carol", "bob") == 8 + 12 and s.paid("alice", "bob") == 8
    with pytest.raises(RecordError, match="without flowers"):
        settle(
            rec({"fan": 8}, options={"flowers": False}, counts={"flowers": {"bob": 0}})
            | {"wins": [{"winner": "bob", "from": "carol", "tiles": tiles(flowers=2)}]}
        )


def test_checklist_applies_exclusions_and_explains() -> None:
    s = settle(rec({"fans": ["seven_pairs", "concealed_hand", "single_wait", "no_honors"]}))
    # 七对 24 + 无字 1 = 25 ("七对…不计不求人、单钓"; ※门前清)
    assert s.paid("carol", "bob") == 8 + 25
    text = " ".join(step.en for step in s.explanation)
    assert "Single Wait (implied by Seven Pairs)" in text
    assert "Concealed Hand (implied by Seven Pairs)" in text


def test_tiles_explanation_has_reading_fans_and_exclusions() -> None:
    s = settle(rec({"tiles": tiles(flowers=1)}))
    # 花龙 8 + 门风刻 2 (南 seat) + 门前清 2 = 12, + 1 flower
    assert s.paid("carol", "bob") == 8 + 13
    en = [step.en for step in s.explanation]
    assert "reading: 123m 456p 789s 222z 11z" in en[0]
    assert "Mixed Straight 8" in en[0] and "= 12 fan + 1 flowers = 13" in en[0]
    assert "Pung of Terminals or Honours (implied by Seat Wind)" in en[1]
    zh = [step.zh for step in s.explanation]
    assert "花龙8" in zh[0]


def test_several_winners_on_one_discard() -> None:
    r = gb(
        [
            {"winner": "bob", "from": "carol", "fan": 8},
            {"winner": "dave", "from": "carol", "fan": 10},
        ]
    )
    s = settle(r)
    assert s.paid("carol", "bob") == 16 and s.paid("carol", "dave") == 18
    assert s.paid("alice", "bob") == 8 and s.paid("alice", "dave") == 8
    assert s.paid("dave", "bob") == 0 and s.paid("bob", "dave") == 0
    assert sum(s.net.values()) == 0


def test_quanchong_payment_option() -> None:
    # seed 001 L103 "全冲即放枪者给胡牌者，除了自己的两倍，还要代其他两家各一倍，总计四倍"
    s = settle(rec({"fan": 10}, options={"payment": "quanchong"}))
    assert s.net == {"alice": 0, "bob": 40, "carol": -40, "dave": 0}
    s = settle(rec({"from": None, "fan": 5}, options={"payment": "quanchong", "min_fan": 0}))
    assert s.net["bob"] == 30  # "自摸…自身番数双倍的其他三家" (5 fan × 2 × 3)


def test_robbed_kong_discarder_pays() -> None:
    s = settle(
        rec(
            {
                "robbed_kong": True,
                "tiles": tiles(hand="123m456p78s111z55z", win_tile="9s", kong_related=True),
            }
        )
    )
    # 抢杠和 8 + 花龙 8 + 五门齐 6 + 门前清 2 + 门风刻? no (东 pung, seat S): 圈风刻 2 → 26
    assert s.paid("carol", "bob") == 8 + 26


def test_extras_off_by_default_and_set_values() -> None:
    with pytest.raises(RecordError, match="not played at this table"):
        settle(rec({"from": None, "fan": 8, "flags": ["earthly_hand"]}))
    s = settle(
        rec({"from": None, "fan": 0, "flags": ["earthly_hand"]}, options={"extras": "set_b"})
    )
    assert s.paid("alice", "bob") == 8 + 88  # "地和（88番）" (seed 001 L190)
    s = settle(
        rec({"from": None, "fan": 0, "flags": ["earthly_hand"]}, options={"extras": "set_a"})
    )
    assert s.paid("alice", "bob") == 8 + 158  # "地和 158番" (seed 000 L24)
    with pytest.raises(RecordError, match="人和"):
        settle(rec({"fan": 8, "flags": ["human_hand"]}, options={"extras": "set_b"}))


def test_four_winds_great_fortune_replaces_big_four_winds_with_set_a() -> None:
    t = tiles(hand="111z222z333z444z6z", win_tile="6z", seat_wind="E")
    s = settle(rec({"tiles": t}, options={"extras": "set_a"}))
    en = " ".join(step.en for step in s.explanation)
    assert "Four Winds and Green 168" in en and "Big Four Winds (implied by" in en


@pytest.mark.parametrize(
    ("win", "field", "match"),
    [
        ({}, "wins[0]", "give the fans"),
        ({"fan": 8, "fans": ["seven_pairs"]}, "wins[0].fans", "only one of"),
        ({"tiles": tiles(hand="11111m456p789s12z")}, "wins[0].tiles", "5 copies of 1m"),
        ({"tiles": tiles(hand="123m456p789s122z")}, "wins[0].tiles.hand", "13 tiles"),
        ({"tiles": tiles(hand="123m456p789s1122z", win_tile="9z")}, "wins[0].tiles.win_tile", "no tile 9z"),
        ({"tiles": tiles(self_drawn=True)}, "wins[0].tiles.self_drawn", "'from' is 'carol'"),
        ({"from": None, "tiles": tiles(self_drawn=True, kong_related=True)}, "wins[0].tiles.kong_related", "needs a kong"),
        ({"tiles": tiles(last_tile_of_kind=True)}, "wins[0].tiles.last_tile_of_kind", "holds another 2z"),
        ({"tiles": tiles(kong_related=True)}, "wins[0].tiles.kong_related", "you hold a 2z"),
        ({"tiles": tiles(hand="123m456p789s1123z")}, "wins[0].tiles", "not a winning hand"),
        ({"tiles": tiles(seat_wind="X")}, "wins[0].tiles.seat_wind", "E, S, W or N"),
        ({"tiles": tiles(flowers=9)}, "wins[0].tiles.flowers", "0–8"),
        ({"tiles": tiles(colour="red")}, "wins[0].tiles.colour", "unknown field"),
        ({"tiles": tiles(melds=[{"kind": "pung", "tiles": "123m"}])}, "wins[0].tiles.melds[0].tiles", "identical"),
        ({"tiles": tiles(melds=[{"kind": "chow", "tiles": "123m", "claimed_from": "right"}])}, "wins[0].tiles.melds[0].claimed_from", "left"),
        ({"tiles": tiles(melds=[{"kind": "pung", "tiles": "111m", "concealed": True}])}, "wins[0].tiles.melds[0].concealed", "put it in 'hand'"),
        ({"fans": ["concealed_hand", "melded_kong", "mixed_straight"]}, "wins[0].fans", "needs a concealed hand"),
        ({"fans": ["mixed_straght"]}, "wins[0].fans[0]", "did you mean 'mixed_straight'"),
    ],
)  # fmt: skip
def test_impossible_input_names_the_field(win: dict[str, Any], field: str, match: str) -> None:
    with pytest.raises(RecordError, match=match) as e:
        settle(rec(win))
    assert e.value.field == field


def test_tiles_flowers_must_agree_with_counts() -> None:
    with pytest.raises(RecordError, match=r"counts\.flowers says 2"):
        settle(rec({"tiles": tiles(flowers=1)}, counts={"flowers": {"bob": 2}}))


def test_rules_json_lists_81_fans_grouped_by_points() -> None:
    data = registry.get("guobiao").to_json()
    fans = data["fans"]
    assert len(fans) == 81 and len({f["id"] for f in fans}) == 81
    levels: dict[int, int] = {}
    for f in fans:
        assert set(f) == {"id", "name_zh", "name_en", "points"}
        levels[f["points"]] = levels.get(f["points"], 0) + 1
    # spec §3: "Counts per level … 7, 6, 2, 3, 9, 6, 5, 9, 7, 4, 10, 12, +花牌 = 81"
    assert levels == {
        88: 7,
        64: 6,
        48: 2,
        32: 3,
        24: 9,
        16: 6,
        12: 5,
        8: 9,
        6: 7,
        4: 4,
        2: 10,
        1: 13,
    }
    assert sorted(data["win_inputs"]) == ["fan", "fans", "tiles"]
    assert data["shapes"] == [] and data["multi_win"] == "same_discard"


def test_draw_pays_nothing() -> None:
    s = settle(gb([], result="draw"))
    assert all(v == 0 for v in s.net.values())
