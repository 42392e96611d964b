"""The Guobiao checklist refuses fans no hand can have together, and the bot's checklist offers
only fans that fit the ticked ones (issue 12 point 2: "清一色 and 混一色 together were confirmed
(24 + 6 paid). Fans that exclude each other, or that one chosen fan implies (无字 under 清一色), are
not offered once a conflicting fan is ticked; the running total on the checklist equals the
preview's total").

Definitions quoted from seed ``002_eb57fc9b56582777.txt`` (the 81 fans).
"""

from __future__ import annotations

import random

import pytest

from scoring import settle
from scoring.errors import RecordError
from scoring.gb.calculator import calculate
from scoring.gb.checklist import can_add, checklist_points, conflict, evaluate_checklist
from scoring.gb.fans import FANS
from scoring.gb.hand import GbHand
from scoring.record import HandRecord
from tests.scoring.gb_random_hands import hands

CONTRADICTIONS = [
    # issue 12; L191 "清一色 由一种花色的序数牌组成", L227 "混一色 由一种花色序数牌及字牌组成"
    ("full_flush", "half_flush"),
    # L227 混一色 (字牌) / L279 "无字 胡牌中没有风、箭牌"
    ("half_flush", "no_honors"),
    # L225 "碰碰胡 由4副刻子(或杠)、将牌组成" / L255 "平和 由4副顺子及序数牌作将组成"
    ("all_pungs", "all_chows"),
    # L191 "全大 由序数牌789组成…" / "全小 由序数牌123组成…"
    ("upper_tiles", "lower_tiles"),
    # L265 "断么 胡牌中没有一、九及字牌" / L273 "么九刻 3张相同的一、九序数牌及字牌组成的刻子"
    ("all_simples", "pung_of_terminals_or_honors"),
    # L207 "三风刻 3个风刻" + L237 "双箭刻 2副箭刻(或杠)": five sets
    ("big_three_winds", "two_dragon_pungs"),
    # L191 "七对 由7个对子组成" / L225 碰碰胡 (4 pungs)
    ("seven_pairs", "all_pungs"),
    # two 3-chow fans need 5 chows: 一色三同顺 (L191) / 清龙 (L193)
    ("pure_triple_chow", "pure_straight"),
    # 十三幺 (L183: 一、九牌 and honours only) / 平和
    ("thirteen_orphans", "all_chows"),
    # L259 "双同刻 2副序数相同的刻子" needs two suits; 清一色 one
    ("full_flush", "double_pung"),
]


@pytest.mark.parametrize(("a", "b"), CONTRADICTIONS)
def test_contradictory_fans_are_refused_naming_both(a: str, b: str) -> None:
    for order in ([a, b], [b, a]):
        with pytest.raises(RecordError) as e:
            evaluate_checklist(
                [*order, "mixed_straight"] if "mixed_straight" in (a, b) else order,
                "wins[0].fans", self_drawn=False, robbed_kong=False,
            )  # fmt: skip
        assert e.value.field == "wins[0].fans"
        assert f"({a})" in e.value.message and f"({b})" in e.value.message
        assert "cannot be in one hand" in e.value.message


def test_three_fans_that_together_need_six_sets() -> None:
    # 三风刻 (3 wind pungs) + 箭刻 (1 dragon pung) + 双同刻 (2 suited pungs): 6 sets > 4
    fans = ["big_three_winds", "dragon_pung", "double_pung"]
    assert conflict({f: 1 for f in fans[:2]}) is None
    with pytest.raises(RecordError, match="cannot be in one hand"):
        evaluate_checklist(fans, "fans", self_drawn=False, robbed_kong=False)


def test_the_issue_case_through_the_settlement() -> None:
    rec = HandRecord.from_json(
        {
            "ruleset": "guobiao", "players": ["a", "b", "c", "d"], "dealer": "a",
            "result": "win",
            "wins": [{"winner": "a", "from": "b", "fans": ["full_flush", "half_flush"]}],
        }
    )  # fmt: skip
    with pytest.raises(RecordError, match=r"Full Flush \(full_flush\) and .*Half Flush"):
        settle(rec)


@pytest.fixture(scope="module")
def real_hands() -> list[GbHand]:
    return hands(6000, seed=99)


@pytest.mark.parametrize(
    "opts", [{}, {"engine_adds": False}, {"extended": True}], ids=["default", "official", "ext"]
)
def test_a_real_hands_fans_are_accepted_and_paid_as_counted(
    real_hands: list[GbHand], opts: dict[str, bool]
) -> None:
    """No list a real hand gives is refused (the conflict rules only use what the definitions
    make certain), and the checklist pays what the calculator counted."""
    for gb in real_hands:
        res = calculate(gb, **opts)
        assert res is not None
        listed = [f.id for f in res.fans for _ in range(f.count)]
        if gb.flowers:
            listed.append("flower_tiles")
        got = evaluate_checklist(
            listed, "fans", self_drawn=gb.self_drawn,
            robbed_kong=gb.kong_related and not gb.self_drawn, **opts,
        )  # fmt: skip
        assert got.fans == {f.id: f.count for f in res.fans}, gb.notation()
        points = checklist_points(
            listed, self_drawn=gb.self_drawn,
            robbed_kong=gb.kong_related and not gb.self_drawn, **opts,
        )  # fmt: skip
        assert points == res.total + (1 if gb.flowers else 0)


def test_ticking_a_real_hands_fans_in_any_order_is_never_blocked(
    real_hands: list[GbHand],
) -> None:
    rng = random.Random(5)
    for gb in real_hands[:3000]:
        res = calculate(gb)
        assert res is not None
        ids = sorted({f.id for f in res.fans})
        rng.shuffle(ids)
        robbed = gb.kong_related and not gb.self_drawn
        for i, f in enumerate(ids):
            assert can_add(ids[:i], f, self_drawn=gb.self_drawn, robbed_kong=robbed), (
                gb.notation(), ids[:i], f,
            )  # fmt: skip


def test_not_offered_once_a_conflicting_or_implying_fan_is_ticked() -> None:
    offered = {f.id for f in FANS if can_add(["full_flush"], f.id, self_drawn=False)}
    # contradictions: honours, several suits
    for f in ("half_flush", "all_honors", "one_voided_suit", "all_types", "dragon_pung",
              "mixed_double_chow", "triple_pung"):  # fmt: skip
        assert f not in offered, f
    # implied: L191 "清一色 … 不(计)无字"
    assert "no_honors" not in offered
    # still possible beside 清一色
    for f in ("pure_straight", "seven_pairs", "all_chows", "pure_double_chow", "concealed_hand"):
        assert f in offered, f
    # the other way round: with 无字 ticked, 清一色 (which implies it) and 混一色 are not offered
    assert not can_add(["no_honors"], "full_flush", self_drawn=False)
    assert not can_add(["no_honors"], "half_flush", self_drawn=False)
    # a win on a discard: no self-drawn-only fan; 抢杠和 only on a robbed kong
    assert not can_add([], "self_drawn", self_drawn=False)
    assert not can_add([], "concealed_hand", self_drawn=True)
    assert not can_add([], "robbing_the_kong", self_drawn=False)
    assert can_add([], "robbing_the_kong", self_drawn=False, robbed_kong=True)
    # 海底捞月 "和打出的最后一张牌" (seed 001 L45): a robbed kong is not a discard
    assert can_add([], "last_tile_claim", self_drawn=False)
    assert not can_add([], "last_tile_claim", self_drawn=False, robbed_kong=True)
    # a chosen fan stays offered (to untick it)
    assert can_add(["full_flush", "half_flush"], "half_flush", self_drawn=False)


def test_running_total_is_what_the_settlement_pays() -> None:
    # L241 "不求人 … 自摸胡牌" implies 自摸: never both ticked, so the sum is the payment
    assert not can_add(["fully_concealed_hand"], "self_drawn", self_drawn=True)
    fans = ["mixed_straight", "fully_concealed_hand", "dragon_pung"]
    assert checklist_points(fans, self_drawn=True) == 8 + 4 + 2
    assert checklist_points([], self_drawn=True) == 0
    assert checklist_points(["chicken_hand", "flower_tiles"], self_drawn=False) == 9


def test_the_hand_written_cases_of_every_fan_are_accepted() -> None:
    """The 3+ hands per fan of ``test_gb_fans.py`` (written from the seed's definitions, rarer
    combinations than random hands give): their fans pass the checklist unchanged."""
    from tests.scoring.test_gb_fans import CASES, score

    for notation, win, ctx, *_ in CASES:
        res = score(notation, win, ctx)
        listed = [f.id for f in res.fans for _ in range(f.count)]
        self_drawn = "s" in ctx.split()
        robbed = "k" in ctx.split() and not self_drawn
        got = evaluate_checklist(listed, "fans", self_drawn=self_drawn, robbed_kong=robbed)
        assert got.fans == {f.id: f.count for f in res.fans}, notation
        ids = [f.id for f in res.fans]
        for i, f in enumerate(ids):
            assert can_add(ids[:i], f, self_drawn=self_drawn, robbed_kong=robbed), (notation, f)
