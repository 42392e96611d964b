"""萧山 Xiaoshan / 浙江财神 (scoring/rulesets/xiaoshan.py).

Spec: shared/rules/zhejiang-caishen-xiaoshan.md; seed 003_62cb00bcf6a554e2.txt L199 (⑺) and L122–130 (⑸).
"""

from __future__ import annotations

from functools import partial
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import RecordError, next_dealer, settle
from scoring.registry import get
from tests.scoring.builders import (
    PLAYERS,
    assert_balanced,
    record,
    refused_field,
    settle_generated,
    win_builder,
)

P = PLAYERS  # a deals
rec = partial(record, "xiaoshan")
win = win_builder("ping_hu")


def test_xs01_gang_bao_4_kong_reward_outside() -> None:
    # XS-01, seed 003 L199: "如果是杠爆，就是杠開加爆頭，大小是 2*2=4". b self-draws after his open kong:
    # 大小 4; c (not dealer) pays 4 + 1 kong reward ("胡牌者有杠，每一杠獎勵 1", XZ3) = 5.
    s = settle(
        rec([win("b", None, "ping_hu", "bao_tou", "ming_gang_kai")], counts={"kongs": {"b": 1}})
    )
    assert "爆头2×明杠开2=4" in s.explanation[0].zh
    assert s.paid("c", "b") == 5
    # the dealer pays ×2 on the size only: 4×2 + 1 = 9
    assert s.paid("a", "b") == 9


def test_xs02_pengpeng_baotou_4() -> None:
    # XS-02, seed 003 L199: "如果是碰碰胡爆頭，大小是 2*2=4"
    s = settle(rec([win("b", None, "peng_peng_hu", "bao_tou")]))
    assert s.paid("c", "b") == 4


def test_xs03_qidui_baotou_8() -> None:
    # XS-03, seed 003 L199: "如果是七對子爆頭，大小是 4*2=8"
    s = settle(rec([win("b", None, "qi_dui_cai", "bao_tou")]))
    assert s.paid("c", "b") == 8


def test_xs04_gang_cai_piao_both_readings() -> None:
    # XS-04, seed 003 L199: "如果是杠財財飄，大小是 2*2*4=16" (Xiaoshan, default)
    # (audit: the 杠 is b's kong, recorded so, and earns the kong reward 1 outside the 大小, XZ3)
    r = rec([win("b", None, "ping_hu", "cai_piao", "ming_gang_kai")], counts={"kongs": {"b": 1}})
    s = settle(r)
    assert "爆头2×财飘4×明杠开2=16" in s.explanation[0].zh
    assert s.paid("c", "b") == 16 + 1
    # XZ1 variant, seed 003 L130 "杠財飄：杠開的情況下財飄。算三番" -> 2^3 = 8 (preset zhejiang_fan)
    assert settle({**r, "options": {"preset": "zhejiang_fan"}}).paid("c", "b") == 8 + 1
    assert settle({**r, "options": {"cai_piao_reading": "zhejiang"}}).paid("c", "b") == 8 + 1
    # L127 "財飄…算二番": 财飘 alone ×4 (Zhejiang) vs 爆头2×财飘4 = 8 (Xiaoshan)
    r2 = rec([win("b", None, "ping_hu", "cai_piao")])
    assert settle(r2).paid("c", "b") == 8
    assert settle({**r2, "options": {"preset": "zhejiang_fan"}}).paid("c", "b") == 4


@pytest.mark.parametrize(("streak", "factor"), [(0, 2), (1, 4), (2, 8), (3, 8), (7, 8)])
def test_xs05_dealer_streak(streak: int, factor: int) -> None:
    # XS-05, seed 003 L199: "庄 *2 ，二連庄 *4 ，三連庄 *8 （ 3 連庄以上按 3 連庄算）"
    s = settle(rec([win("a")], counts={"lian_zhuang": {"a": streak}}))
    assert s.net == {"a": 3 * factor, "b": -factor, "c": -factor, "d": -factor}


def test_multiplier_table() -> None:
    # L199 list, one at a time (b self-draws; c pays the size)
    cases: list[tuple[str, tuple[str, ...], int]] = [
        ("ping_hu", (), 1),  # 自摸 *1
        ("ping_hu", ("quan_dao",), 2),  # 全倒 *2
        ("qing_qi_dui", (), 8),  # 清七對（沒財神） *8
        ("ping_hu", ("qing_yi_se",), 8),  # 清一色 *8
        ("peng_peng_hu", ("zi_yi_se",), 32),  # 字一色 *16 × 碰碰胡 *2
        ("ping_hu", ("di_hu",), 16),  # 地胡 *16
    ]
    for shape, flags, size in cases:
        assert settle(rec([win("b", None, shape, *flags)])).paid("c", "b") == size, (shape, flags)
    # 暗杠開 *4, with the winner's kong recorded: 4 + kong reward 1 (XZ3)
    s = settle(rec([win("b", None, "ping_hu", "an_gang_kai")], counts={"kongs": {"b": 1}}))
    assert s.paid("c", "b") == 4 + 1 and "暗杠开4=4" in s.explanation[0].zh
    # "7 對子中如果有 4 個一樣的牌，大小 *2 ，有 2 組 4 個一樣的，大小再 *2": 清七对 8 × 2 × 2 = 32
    s = settle(rec([win("b", None, "qing_qi_dui")], counts={"qidui_fours": {"b": 2}}))
    assert s.paid("c", "b") == 32


def test_robbed_kong_three_shares() -> None:
    # ⑸ L125: "得分由杠的那個一人支付3份，與其他兩家無關". c's added kong robbed by b, 平胡: shares a 2
    # (dealer ×2), c 1, d 1 -> c pays 4 alone. Zhejiang preset (抢杠 1番 ×2): 8.
    r = rec([win("b", "c", robbed=True)])
    assert settle(r).net == {"a": 0, "b": 4, "c": -4, "d": 0}
    assert settle({**r, "options": {"preset": "zhejiang_fan"}}).net["c"] == -8


def test_discard_wins_option() -> None:
    # XZ4: no discard wins by default; with the house option the discarder pays one share.
    r = rec([win("b", "c", "peng_peng_hu")])
    with pytest.raises(RecordError):
        settle(r)
    assert settle({**r, "options": {"discard_wins": True}}).net == {"a": 0, "b": 2, "c": -2, "d": 0}


def test_multi_feature_cheng_bao_claimer_wins() -> None:
    # Hand-made. Dealer a is on his 2nd consecutive deal (lian_zhuang 1 -> ×4, L199 "二連庄 *4").
    # b claimed three sets from a (承包, L199 "吃碰者胡牌，由被吃碰者一家承包") and self-draws
    # 碰碰胡 爆头 明杠开 with 2 kongs: 大小 2×2×2 = 8.
    #   shares: a 8×4 + 2 = 34; c 8 + 2 = 10; d 10 -> total 54, all paid by a.
    s = settle(
        rec(
            [win("b", None, "peng_peng_hu", "bao_tou", "ming_gang_kai")],
            counts={"kongs": {"b": 2}, "lian_zhuang": {"a": 1}},
            events=[{"type": "cheng_bao", "player": "b", "from": "a"}],
        )
    )
    assert s.net == {"a": -54, "b": 54, "c": 0, "d": 0}
    assert_balanced(s)


def test_cheng_bao_claimed_from_wins_doubled() -> None:
    # L199 "被吃碰者胡牌，吃碰者承包，並且加倍": d claimed three sets from c; c self-draws 清一色 (×8):
    #   shares a 8×2 = 16, b 8, d 8 -> 32; d pays 2 × 32 = 64.
    s = settle(
        rec(
            [win("c", None, "ping_hu", "qing_yi_se")],
            events=[{"type": "cheng_bao", "player": "d", "from": "c"}],
        )
    )
    assert s.net == {"a": 0, "b": 0, "c": 64, "d": -64}


def test_dealer_streak_and_next_dealer() -> None:
    # L199 "如果抓完牌，大家沒胡，莊家繼續做莊，連庄 +1"
    assert next_dealer(rec([], result="draw")) == "a"
    assert next_dealer(rec([win("a")])) == "a"
    assert next_dealer(rec([win("c")])) == "b"


@pytest.mark.parametrize(
    ("record", "field"),
    [
        (rec([win("b")], counts={"lian_zhuang": {"b": 1}}), "counts.lian_zhuang.b"),
        (rec([win("b")], counts={"qidui_fours": {"b": 1}}), "counts.qidui_fours.b"),
        (rec([win("b", None, "ping_hu", "bao_tou", "cai_piao")]), "wins[0].flags[1]"),
        (rec([win("b", None, "ping_hu", "da_diao")]), "wins[0].flags[0]"),
    ],
)
def test_invalid(record: dict[str, Any], field: str) -> None:
    assert refused_field(record) == field


FLAGS = [
    "bao_tou",
    "cai_piao",
    "ming_gang_kai",
    "an_gang_kai",
    "quan_dao",
    "qing_yi_se",
    "zi_yi_se",
    "di_hu",
    "tian_hu",
    "da_diao",
]


@st.composite
def records(draw: st.DrawFn) -> dict[str, Any]:
    dealer = draw(st.sampled_from(P))
    w = draw(st.sampled_from(P))
    how = draw(st.sampled_from(["self", "robbed", "discard"]))
    frm = None if how == "self" else draw(st.sampled_from([p for p in P if p != w]))
    flags = draw(st.lists(st.sampled_from(FLAGS), unique=True, max_size=3))
    shape = draw(st.sampled_from(["ping_hu", "peng_peng_hu", "qi_dui_cai", "qing_qi_dui"]))
    wins = [win(w, frm, shape, *flags, robbed=how == "robbed")] if draw(st.booleans()) else []
    events = []
    for _ in range(draw(st.integers(0, 2))):
        a, b = draw(st.permutations(P))[:2]
        events.append({"type": "cheng_bao", "player": a, "from": b})
    return rec(
        wins,
        dealer=dealer,
        result=None,
        options={
            "preset": draw(st.sampled_from(["xiaoshan", "zhejiang_fan"])),
            "discard_wins": draw(st.booleans()),
            "base": draw(st.integers(1, 4)),
        },
        counts={
            "kongs": {w: draw(st.integers(0, 4))},
            "lian_zhuang": {dealer: draw(st.integers(0, 5))},
            "qidui_fours": {
                w: draw(st.integers(0, 3)) if shape in ("qi_dui_cai", "qing_qi_dui") else 0
            },
        },
        events=events if wins else [],
    )


@settings(max_examples=300)
@given(records())
def test_property_zero_sum(r: dict[str, Any]) -> None:
    settle_generated(r)


# --- audit: hand-made multi-feature cases (大小 and dealer factors multiplied by hand, L199) ---


def test_audit_qidui_four_baotou_third_streak_base_2() -> None:
    # dealer a on 三连庄 (streak 2 → ×8, "三連庄 *8"); c self-draws 七对子（有财神）4 with one set of
    # four (×2) and 爆头 ×2: 大小 4 × 2 × 2 = 16; base 2.
    # a pays 2 × 16 × 8 = 256; b and d pay 2 × 16 = 32 each; c +320.
    s = settle(
        rec(
            [win("c", None, "qi_dui_cai", "bao_tou")],
            counts={"qidui_fours": {"c": 1}, "lian_zhuang": {"a": 2}},
            options={"base": 2},
        )
    )
    assert s.net == {"a": -256, "b": -32, "c": 320, "d": -32}
    assert "七对子（有财神）4×爆头2×1组4张2=16" in s.explanation[0].zh
    assert any("a的份：底2×(16×庄8)=256" in x.zh for x in s.explanation)


def test_audit_dealer_concealed_kong_flush_pungs_both_presets() -> None:
    # dealer a (二连庄, streak 1 → ×4) self-draws after his concealed kong: 碰碰胡2 × 清一色8 ×
    # 暗杠开4 = 64; two kongs → reward 2 per payer outside the product (XZ3).
    # each of b, c, d: 64 × 4 + 2 = 258; a +774.
    # zhejiang_fan preset (杠开 1番 = ×2): 32 × 4 + 2 = 130 each; a +390.
    r = rec(
        [win("a", None, "peng_peng_hu", "qing_yi_se", "an_gang_kai")],
        counts={"kongs": {"a": 2}, "lian_zhuang": {"a": 1}},
    )
    s = settle(r)
    assert s.net == {"a": 774, "b": -258, "c": -258, "d": -258}
    assert any("b的份：64×庄4+杠2=258" in x.zh for x in s.explanation)
    s = settle({**r, "options": {"preset": "zhejiang_fan"}})
    assert s.net == {"a": 390, "b": -130, "c": -130, "d": -130}


def test_audit_cheng_bao_claimed_from_wins_gang_cai_piao() -> None:
    # b ate/ponged three sets from d (承包, L199). d self-draws 杠财飘 after his open kong:
    # 大小 2 (杠) × 2 (爆头) × 4 (财飘) = 16 (XS-04); one kong → +1. Dealer a (streak 0, ×2).
    # shares: a 16 × 2 + 1 = 33; b 16 + 1 = 17; c 17; total 67.
    # "被吃碰者胡牌，吃碰者承包，並且加倍": b alone pays 2 × 67 = 134.
    r = rec(
        [win("d", None, "ping_hu", "cai_piao", "ming_gang_kai")],
        counts={"kongs": {"d": 1}},
        events=[{"type": "cheng_bao", "player": "b", "from": "d"}],
    )
    s = settle(r)
    assert s.net == {"a": 0, "b": -134, "c": 0, "d": 134}
    assert any("2×67=134" in x.zh for x in s.explanation)
    # zhejiang reading: 财飘 ×4 in all × 杠开 ×2 = 8: a 17, b 9, c 9 = 35 → b pays 70.
    s = settle({**r, "options": {"preset": "zhejiang_fan"}})
    assert s.net == {"a": 0, "b": -70, "c": 0, "d": 70}


@pytest.mark.parametrize(
    ("record", "field"),
    [
        # 杠开 is a win after one's own kong (L123): its kong must be counted for the reward (L199)
        (rec([win("b", None, "ping_hu", "ming_gang_kai")]), "counts.kongs.b"),
        # seven pairs hold no kong
        (rec([win("b", None, "qing_qi_dui")], counts={"kongs": {"b": 1}}), "counts.kongs.b"),
        (rec([win("b", None, "qing_qi_dui", "an_gang_kai")]), "wins[0].shape"),
        # L125 "不允許用一個「百搭」和被搶牌形成一對「將」，單吊搶杠被禁止": no 爆头 by robbing a kong
        (rec([win("b", "c", "ping_hu", "bao_tou", robbed=True)]), "wins[0].flags[0]"),
    ],
)
def test_audit_impossible_records(record: dict[str, Any], field: str) -> None:
    assert refused_field(record) == field


# --- issue 12 point 6: a 承包 holder robbing a third player's kong (seeds silent: option) ------
# b claimed three sets from c (承包, L199 "吃碰 3 攤"), then b robs d's kong with a 平胡. a deals
# (first hand, ×2 when the dealer pays). Size: 自摸 ×1 (a robbed kong is scored as a self-draw,
# L125). Shares: a 1×2 = 2, c 1, d 1: 4 in all.
CHENG_BAO_ROB = [{"type": "cheng_bao", "player": "b", "from": "c"}]


@pytest.mark.parametrize(("choice", "payer"), [
    ("cheng_bao", "c"),  # default (today's rule, house): 承包 first, c pays all three shares
    ("robbed_kong", "d"),  # the robbed player pays the three shares (L125), 承包 left out
])  # fmt: skip
def test_cheng_bao_holder_robs_a_third_players_kong(choice: str, payer: str) -> None:
    decl = get("xiaoshan").option("cheng_bao_robbed_kong")
    assert decl is not None and decl.default == "cheng_bao" and decl.house
    r = record(
        "xiaoshan",
        [win("b", "d", "ping_hu", robbed=True)],
        options={"cheng_bao_robbed_kong": choice},
        events=CHENG_BAO_ROB,
    )
    s = settle(r)
    assert s.net == {"a": 0, "b": 4, "c": 0, "d": 0, payer: -4}


def test_cheng_bao_robbing_the_liable_players_own_kong_is_not_a_conflict() -> None:
    # b robs c's kong, c is the liable one: both rules name c, who pays the 4 either way
    for choice in ("cheng_bao", "robbed_kong"):
        r = record(
            "xiaoshan",
            [win("b", "c", "ping_hu", robbed=True)],
            options={"cheng_bao_robbed_kong": choice},
            events=CHENG_BAO_ROB,
        )
        assert settle(r).net == {"a": 0, "b": 4, "c": -4, "d": 0}


def test_one_cheng_bao_relation_per_pair() -> None:
    # each 承包 makes the liable player pay all three shares (L199): the same relation listed
    # twice would pay twice (and, listed many times, more than the ledger holds: issue 12)
    ev = {"type": "cheng_bao", "player": "b", "from": "c"}
    r = record("xiaoshan", [win("b", None, "ping_hu")], events=[ev, ev])
    assert refused_field(r) == "events[1]"
