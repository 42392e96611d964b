"""泰兴 Taixing (scoring/rulesets/taixing.py).

Spec: shared/rules/taixing.md; seed 000_718ed955d95fa411.txt lines 27–39 (1-based). The seed has no
worked examples and no amounts (T1): the money below uses the documented house values
(1 per 花, 满贯 20 花), each test says which.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import RecordError, next_dealer, settle
from tests.scoring.builders import (
    PLAYERS,
    assert_balanced,
    record,
    refused_field,
    settle_generated,
    win_builder,
    winners_and_discarder,
)

P = PLAYERS
rec = partial(record, "taixing", result=None)
win = win_builder("standard")


def test_flower_counting_l36() -> None:
    # L36 "明杠万、条、筒算一个花, 暗杠算两个花；三个相同的字算一个花, 明杠算两个花, 暗杠算三个花"
    # b: 3 hard flowers + 明杠 1 + 暗杠 2 + 字碰 1 + 字明杠 2 = 9 花; c deals in and pays 9 (house 1/花).
    s = settle(
        rec(
            [win("b", "c", "peng_peng")],
            counts={
                "hard_flowers": {"b": 3},
                "suit_ming_gang": {"b": 1},
                "suit_an_gang": {"b": 1},
                "wind_peng": {"b": 1},
                "wind_ming_gang": {"b": 1},
            },
        )
    )
    assert s.net == {"a": 0, "b": 9, "c": -9, "d": 0}
    # 字暗杠 3 花: 3 hard + 3 = 6, self-drawn: each pays 6
    s = settle(rec([win("b")], counts={"hard_flowers": {"b": 3}, "wind_an_gang": {"b": 1}}))
    assert s.net == {"a": -6, "b": 18, "c": -6, "d": -6}


def test_thresholds_two_self_draw_three_discard() -> None:
    # L28 "两花（硬）自摸, 三花起胡（例外：八只硬花可不管牌型直接胡）"; L35 "两个花无翻牌须自摸胡牌, 三个花（含）以上出冲就可以胡牌"
    assert settle(rec([win("b")], counts={"hard_flowers": {"b": 2}})).net["b"] == 6
    assert refused_field(rec([win("b", "c")], counts={"hard_flowers": {"b": 2}})) == "wins[0].from"
    with pytest.raises(RecordError):
        settle(rec([win("b")], counts={"hard_flowers": {"b": 1}}))
    assert settle(rec([win("b", "c")], counts={"hard_flowers": {"b": 3}})).paid("c", "b") == 3
    # threshold_flowers = hard (house variant): soft flowers do not help
    r = rec([win("b", "c")], counts={"hard_flowers": {"b": 1}, "suit_an_gang": {"b": 1}})
    assert settle(r).paid("c", "b") == 3
    with pytest.raises(RecordError):
        settle({**r, "options": {"threshold_flowers": "hard"}})
    # 八只硬花: any shape; 8 花
    assert (
        settle(rec([win("b", "c", "ba_hua")], counts={"hard_flowers": {"b": 8}})).paid("c", "b")
        == 8
    )


def test_hun_yi_se_without_flowers_cannot_win() -> None:
    # L35 "有字无花的混一色不可以胡"
    r = rec([win("b", None, "standard", "hun_yi_se")], counts={"wind_an_gang": {"b": 1}})
    assert refused_field(r) == "wins[0].flags"


@pytest.mark.parametrize(
    ("shape", "flags"),
    [
        ("standard", ("qing_yi_se",)),
        ("standard", ("da_diao_che",)),
        ("qi_dui", ()),
        ("qi_dui", ("hun_yi_se",)),
        ("peng_peng", ("hun_yi_se",)),
    ],
)
def test_reward_hands_manguan_plus_10(shape: str, flags: tuple[str, ...]) -> None:
    # L37 "清一色、大吊车、七对、混七对、混一色碰碰胡在满贯的基础上再加10花的奖励"; 满贯 = house 20 (T2) -> 30 花.
    r = rec([win("b", "c", shape, *flags)], counts={"hard_flowers": {"b": 3}})
    assert settle(r).paid("c", "b") == 30
    assert settle({**r, "options": {"manguan": 50}}).paid("c", "b") == 60


def test_manguan_caps_ordinary_hands() -> None:
    # house: an ordinary hand above 满贯 is capped at it. 8 hard + 4 concealed honour kongs (12) = 20;
    # 8 + 3×3 + 2 = 19 stays 19; with manguan 15 -> 15.
    counts = {"hard_flowers": {"b": 8}, "wind_an_gang": {"b": 3}, "suit_an_gang": {"b": 1}}
    assert settle(rec([win("b", "c", "peng_peng")], counts=counts)).paid("c", "b") == 19
    r = rec([win("b", "c", "peng_peng")], counts=counts, options={"manguan": 15})
    assert settle(r).paid("c", "b") == 15


def test_bao_san_tan_pei_chong() -> None:
    # L39 "a陪冲: A碰B三摊后, C出冲, B也要给A银子！" A = b, B = d, C = c; b has 4 花, stake 5:
    # c pays 4×5 = 20 and d pays 20 too.
    s = settle(
        rec(
            [win("b", "c", "peng_peng")],
            counts={"hard_flowers": {"b": 4}},
            events=[{"type": "bao_san_tan", "player": "b", "from": "d"}],
            options={"base": 5},
        )
    )
    assert s.net == {"a": 0, "b": 40, "c": -20, "d": -20}


def test_bao_san_tan_dian_chong() -> None:
    # L39 "b点冲: A碰B三摊后, B出冲, A赢得B两份银子！": d deals in: 2 × 4 = 8
    s = settle(
        rec(
            [win("b", "d", "peng_peng")],
            counts={"hard_flowers": {"b": 4}},
            events=[{"type": "bao_san_tan", "player": "b", "from": "d"}],
        )
    )
    assert s.net == {"a": 0, "b": 8, "c": 0, "d": -8}


def test_multi_feature_hu_bao_and_several_winners() -> None:
    # L39 "c互包: A碰B三摊, B碰A三摊, 形成互包, 这样胡牌要给包牌的2倍"; L29 "有一炮多响".
    # Hand-made: b and d took three sets from each other. c discards; b and a both win.
    #   b: 清一色 -> 满贯20+10 = 30 (house); c pays 30; 陪冲 by d doubled (互包): 2 × 30 = 60.
    #   a: 3 hard + 字暗杠 3 = 6 花; c pays 6.
    # nets: a +6, b +90, c -36, d -60. Next dealer: the dealer's next seat (L31 "一炮多响以后庄家的下家做庄").
    r = rec(
        [win("b", "c", "standard", "qing_yi_se"), win("a", "c")],
        counts={"hard_flowers": {"b": 3, "a": 3}, "wind_an_gang": {"a": 1}},
        events=[
            {"type": "bao_san_tan", "player": "b", "from": "d"},
            {"type": "bao_san_tan", "player": "d", "from": "b"},
        ],
    )
    s = settle(r)
    assert s.net == {"a": 6, "b": 90, "c": -36, "d": -60}
    assert_balanced(s)
    assert next_dealer(r) == "b"
    assert next_dealer(rec([win("a")], counts={"hard_flowers": {"a": 2}})) == "a"  # L30 连庄
    assert next_dealer(rec([win("c")], counts={"hard_flowers": {"c": 2}})) == "b"  # 轮庄


def test_bao_self_draw_option() -> None:
    # not in the seed (house): on a self-draw the liable player pays all three shares; variant "normal".
    r = rec(
        [win("b")],
        counts={"hard_flowers": {"b": 4}},
        events=[{"type": "bao_san_tan", "player": "b", "from": "d"}],
    )
    assert settle(r).net == {"a": 0, "b": 12, "c": 0, "d": -12}
    assert settle({**r, "options": {"bao_self_draw": "normal"}}).net == {
        "a": -4,
        "b": 12,
        "c": -4,
        "d": -4,
    }


@st.composite
def records(draw: st.DrawFn) -> dict[str, Any]:
    winners, frm = draw(winners_and_discarder())
    wins = []
    counts: dict[str, dict[str, int]] = {"hard_flowers": {}, "wind_an_gang": {}}
    for w in winners:
        flags = draw(
            st.lists(
                st.sampled_from(["qing_yi_se", "hun_yi_se", "da_diao_che"]),
                unique=True,
                max_size=2,
            )
        )
        wins.append(win(w, frm, draw(st.sampled_from(["standard", "peng_peng", "qi_dui"])), *flags))
        counts["hard_flowers"][w] = draw(st.integers(0, 8))
        counts["wind_an_gang"][w] = draw(st.integers(0, 4))
    events = []
    for _ in range(draw(st.integers(0, 3))):
        a, b = draw(st.permutations(P))[:2]
        events.append({"type": "bao_san_tan", "player": a, "from": b})
    return rec(
        wins,
        counts=counts,
        events=events if wins else [],
        options={
            "base": draw(st.integers(1, 5)),
            "bao_self_draw": draw(st.sampled_from(["liable_all", "normal"])),
            "reward_exempt": draw(st.booleans()),
        },
    )


@settings(max_examples=300)
@given(records())
def test_property_zero_sum(r: dict[str, Any]) -> None:
    settle_generated(r)


# --- audit: hand-made multi-feature cases (house values stated; 花 counted by hand from L36) ---


def test_audit_mutual_bao_pei_chong_stake_2() -> None:
    # b took three sets from c and c three from b (互包, L39). b wins on d's discard with
    # 硬花3 + 明杠1×1 + 字碰1×1 = 5 花 (L28, L36), stake 2 (house) → share 10.
    # d pays 10 (出冲); c pays 陪冲 doubled by 互包 ("要给包牌的2倍"): 2 × 10 = 20. b +30.
    s = settle(
        rec(
            [win("b", "d")],
            counts={"hard_flowers": {"b": 3}, "suit_ming_gang": {"b": 1}, "wind_peng": {"b": 1}},
            events=[
                {"type": "bao_san_tan", "player": "b", "from": "c"},
                {"type": "bao_san_tan", "player": "c", "from": "b"},
            ],
            options={"base": 2},
        )
    )
    assert s.net == {"a": 0, "b": 30, "c": -20, "d": -10}
    assert "硬花3 · 明杠（万条筒）1×1 · 字碰（三个相同的字）1×1 = 5花；×2=10" in s.explanation[0].zh


def test_audit_hun_qi_dui_reward_self_draw() -> None:
    # 混七对 (L37 reward: 满贯 + 10) self-drawn with 2 hard flowers (2 花: self-draw only, L35);
    # 满贯 30 (house option) → 40 花 × stake 3 = 120 from each of a, c, d; b +360.
    s = settle(
        rec(
            [win("b", None, "qi_dui", "hun_yi_se")],
            counts={"hard_flowers": {"b": 2}},
            options={"manguan": 30, "base": 3},
        )
    )
    assert s.net == {"a": -120, "b": 360, "c": -120, "d": -120}
    assert "混七对：满贯30+10=40花（花数2不另计）；×3=120" in s.explanation[0].zh


def test_audit_dian_chong_capped_at_manguan() -> None:
    # b took three sets from a (two open honour kongs and an open suit kong) and has one concealed
    # suit kong: 硬花6 + 字明杠2×2 + 明杠1×1 + 暗杠1×2 = 13 花 > 满贯 12 (house option) → 12.
    # a deals in (点冲, L39 "A赢得B两份银子"): 2 × 12 = 24.
    s = settle(
        rec(
            [win("b", "a", "peng_peng")],
            counts={
                "hard_flowers": {"b": 6},
                "wind_ming_gang": {"b": 2},
                "suit_ming_gang": {"b": 1},
                "suit_an_gang": {"b": 1},
            },
            events=[{"type": "bao_san_tan", "player": "b", "from": "a"}],
            options={"manguan": 12},
        )
    )
    assert s.net == {"a": -24, "b": 24, "c": 0, "d": 0}
    assert "= 13花，满贯12" in s.explanation[0].zh


@pytest.mark.parametrize(
    "record",
    [
        # seven pairs hold no pung or kong
        rec([win("b", None, "qi_dui")], counts={"hard_flowers": {"b": 3}, "wind_peng": {"b": 1}}),
        # 包三摊 (L38): three sets came from another player, so not seven pairs ...
        rec(
            [win("b", None, "qi_dui")],
            counts={"hard_flowers": {"b": 3}},
            events=[{"type": "bao_san_tan", "player": "b", "from": "c"}],
        ),
        # ... and at most one concealed kong
        rec(
            [win("b", "d")],
            counts={"hard_flowers": {"b": 3}, "suit_an_gang": {"b": 1}, "wind_an_gang": {"b": 1}},
            events=[{"type": "bao_san_tan", "player": "b", "from": "c"}],
        ),
    ],
)
def test_audit_impossible_records(record: dict[str, Any]) -> None:
    with pytest.raises(RecordError):
        settle(record)
