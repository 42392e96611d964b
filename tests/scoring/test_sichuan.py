"""Sichuan 血战到底 (scoring/rulesets/sichuan.py).

Spec: shared/rules/sichuan-xuezhan.md. Seed: shared/seeds/001_027ea77d1181f0d7.txt; every
"Lnnn" below is a 1-based line of that seed.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import pytest

from scoring import next_dealer, settle
from scoring.registry import get
from tests.scoring.builders import PLAYERS, record, refused_field, win

P = PLAYERS
rec = partial(record, "sichuan")


NORMAL = {"mode": "normal"}


def one_discard_win(shape: str, gen: int = 0, **opts: Any) -> int:
    """What the discarder c pays winner b for a normal-mode discard win."""
    s = settle(rec([win("b", "c", shape)], options={**NORMAL, **opts}, counts={"gen": {"b": gen}}))
    assert s.net["b"] == -s.net["c"] and s.net["a"] == s.net["d"] == 0
    return s.net["b"]


# --- spec §4 worked examples (multiplier statements) ----------------------------------------


def test_sc01_qingyise_plus_duihu_is_eight() -> None:
    # SC-01, L155 "清一色加对胡就是八番" = table 清对 四番（×8）(L248–249)
    assert one_discard_win("qing_dui") == 8


def test_sc02_qingyise_is_four() -> None:
    # SC-02, L154 "清一色是四番" = table 三番（×4）(L244–245)
    assert one_discard_win("qing_yi_se") == 4


def test_sc03_duihu_is_two() -> None:
    # SC-03, L154 "如果说是对胡的话就是两翻" = table 两番（×2）(L243)
    assert one_discard_win("dui_dui_hu") == 2


@pytest.mark.parametrize(
    ("option", "expected"),
    [
        # SC-04 is a seed contradiction (spec S1): test the option both ways.
        ("table", 16),  # L251–253 "五番（×16）：【龙七对】…不再计七对，同时减1根"
        ("chengma", 4),  # L155 "其中龙七对也是四翻" (×4)
    ],
)
def test_sc04_longqidui_both_ways(option: str, expected: int) -> None:
    # 龙七对 holding exactly one set of four (the 根 that makes it 龙 is taken off)
    assert one_discard_win("long_qi_dui", gen=1, longqidui=option) == expected


def test_sc04_default_is_the_fan_table() -> None:
    assert get("sichuan").resolve_options({})["longqidui"] == "table"
    assert one_discard_win("long_qi_dui", gen=1) == 16


def test_sc06_pinghu_one_kong() -> None:
    # SC-06, L153 "最简单的平胡为基础是一番，如果在平胡的基础上有一个杠牌为一翻": 1 + 1 根 = 2番 → ×2
    assert one_discard_win("ping_hu", gen=1) == 2


def test_sc07_pinghu_two_kongs() -> None:
    # SC-07, L153 "两个杠牌为两番": 1 + 2 根 = 3番 → ×4
    assert one_discard_win("ping_hu", gen=2) == 4


def test_sc05_flower_pig_pays_16_each() -> None:
    # SC-05, L144 "花猪赔给非花猪玩家16倍点数"; normal mode 流局: nobody won, a is the pig.
    s = settle(
        rec([], result="draw", options={**NORMAL, "base": 2}, counts={"flower_pig": {"a": 1}})
    )
    # with base 2: 16 × 2 = 32 to each of b, c, d; b, c, d are all not ready: no 大叫 payments
    assert s.net == {"a": -96, "b": 32, "c": 32, "d": 32}


# --- the fan table, row by row (L242–259) -----------------------------------------------------


@pytest.mark.parametrize(
    ("shape", "fan"),
    [
        ("ping_hu", 1),  # L242 "一番（×1）：【平胡】"
        ("dui_dui_hu", 2),  # L243 "两番（×2）：【对对胡】"
        ("qing_yi_se", 3),  # L244–245 "三番（×4）：【清一色】"
        ("dai_yao_jiu", 3),  # L246 "【带幺九】"
        ("qi_dui", 3),  # L247 "【七对】"
        ("qing_dui", 4),  # L248–249 "四番（×8）：【清对】"
        ("jiang_dui", 4),  # L250 "【将对】"
        ("qing_qi_dui", 5),  # L251, L254 "五番（×16）… 【清七对】"
        ("qing_yao_jiu", 5),  # L255 "【清幺九】"
        ("di_hu", 6),  # L256, L258 "六番（×32）… 【地胡】"
    ],
)
def test_fan_table_rows(shape: str, fan: int) -> None:
    assert one_discard_win(shape) == 2 ** (fan - 1)


def test_qinglongqidui_six_minus_one_gen() -> None:
    # L259 "【青龙七对】…算番时减1根": 6番; with 2 sets of four: 6 + (2 − 1) = 7番 → ×64
    assert one_discard_win("qing_long_qi_dui", gen=1) == 32
    assert one_discard_win("qing_long_qi_dui", gen=2) == 64


def test_tianhu_dealer_self_draw() -> None:
    # L257 天胡 6番 (×32) + 自摸 1 (L260) = 7番 → ×64 from each of the three
    s = settle(rec([win("a", None, "tian_hu")], options=NORMAL))
    assert s.net == {"a": 192, "b": -64, "c": -64, "d": -64}


def test_tianhu_without_zimo_bonus_is_32() -> None:
    # L256–257 "六番（×32）：【天胡】" alone (zimo option none): 32 from each
    s = settle(rec([win("a", None, "tian_hu")], options={**NORMAL, "zimo": "none"}))
    assert s.net == {"a": 96, "b": -32, "c": -32, "d": -32}


def test_pig_penalty_equals_a_five_fan_hand_s4() -> None:
    # spec S4: "The 花猪 penalty '16倍点数' equals a 5番 hand" (×16): compare with a 5番 discard win
    pig = settle(rec([], result="draw", options=NORMAL, counts={"flower_pig": {"a": 1}}))
    five = one_discard_win("qing_qi_dui")  # L251, L254 五番（×16）
    assert pig.paid("a", "b") == five == 16


def test_dajiao_pays_best_hand() -> None:
    # L145 "没听牌的玩家（花猪不用）赔给听牌的玩家最大的可能番（大叫）": base 2, c ready with 4番 →
    # each of a, b, d (not ready) pays 2 × 2^(4−1) = 16; nobody refunds (no kongs)
    s = settle(
        rec([], result="draw", options={**NORMAL, "base": 2}, counts={"ready_fan": {"c": 4}})
    )
    assert s.net == {"a": -16, "b": -16, "c": 48, "d": -16}


def test_gen_each_adds_one() -> None:
    # L264 "根（四张相同的牌），每一根额外加一番": 清一色 3 + 根 2 = 5番 → ×16
    assert one_discard_win("qing_yi_se", gen=2) == 16


def test_extras_plus_one_each() -> None:
    # L260–265 另加番 each +1; 海底捞月 L156 "会另外在加一番"
    base = {"mode": "normal", "zimo": "none"}
    events = [{"type": "an_gang", "player": "b"}]
    # 杠上花 (L261): 对对胡 2 + 根 1 + 杠上花 1 = 4番 → 8 each
    s = settle(
        rec(
            [win("b", None, "dui_dui_hu", "gang_shang_hua")],
            options=base,
            counts={"gen": {"b": 1}},
            events=events,
        )
    )
    assert s.paid("c", "b") == 8 + 2  # the win, and the 暗杠's 2 (L139)
    # 杠上炮 (L262): c konged, then fed b: 平胡 1 + 杠上炮 1 = 2番 → 2 from c
    s = settle(
        rec(
            [win("b", "c", "ping_hu", "gang_shang_pao")],
            options=base,
            events=[{"type": "an_gang", "player": "c"}],
        )
    )
    assert s.paid("c", "b") == 2
    # 抢杠胡 (L263): 平胡 1 + 抢杠 1 = 2番 → 2 from the kong player
    s = settle(rec([win("b", "c", "ping_hu", robbed=True)], options=base))
    assert s.net == {"a": 0, "b": 2, "c": -2, "d": 0}
    # 金钩钓 (L265 "单吊一张自摸胡牌"): 对对胡 2 + 金钩钓 1 = 3番 → 4 each
    s = settle(rec([win("b", None, "dui_dui_hu", "jin_gou_diao")], options=base))
    assert s.paid("a", "b") == 4
    # 海底捞月 (L156): 平胡 1 + 1 = 2番 → 2 each
    s = settle(rec([win("b", None, "ping_hu", "hai_di_lao_yue")], options=base))
    assert s.paid("d", "b") == 2


def test_derived_illustration_spec_s4() -> None:
    # spec §4 derived: base 1, 清一色 with one 根, self-drawn, 自摸加番: 3 + 1 + 1 = 5番 → ×16,
    # each remaining player pays 16.
    s = settle(rec([win("b", None, "qing_yi_se")], options=NORMAL, counts={"gen": {"b": 1}}))
    assert s.net == {"a": -16, "b": 48, "c": -16, "d": -16}
    assert "清一色3番 · 根1 · 自摸1 = 5番 → 1×16 = 16"  # 1 × 2^(5−1) in s.explanation[0].zh
    assert "Full flush 3 · 根 1 · self-draw 1 = 5 fan → 1 × 16 = 16" in s.explanation[0].en


# --- options ------------------------------------------------------------------------------------


def test_zimo_options() -> None:
    one = [win("b", None, "qing_yi_se")]
    # 加番 (L260 "自摸，额外加一番"): 3 + 1 = 4番 → 8 each
    assert settle(rec(one, options=NORMAL)).paid("a", "b") == 8
    # 加底 (not in the seeds, S3): 4 + base 1 = 5 each; base 3: 12 + 3 = 15
    assert settle(rec(one, options={**NORMAL, "zimo": "jiadi"})).paid("a", "b") == 5
    assert settle(rec(one, options={**NORMAL, "zimo": "jiadi", "base": 3})).paid("a", "b") == 15
    # none: 4 each
    assert settle(rec(one, options={**NORMAL, "zimo": "none"})).paid("a", "b") == 4


def test_haidi_option_off_rejects_the_flag() -> None:
    r = rec([win("b", None, "ping_hu", "hai_di_lao_yue")], options={"haidi_plus1": False})
    assert refused_field(r) == "wins[0].flags[0]"


def test_cap_clips_a_big_hand() -> None:
    # Hand-made: cap 4番 (×8). 青龙七对 6 + (根 2 − 1) + 自摸 1 + 海底捞月 1 = 9番, uncapped ×256;
    # capped at 4番 → 1×2^(4−1) = 8 from each of the three, +24 for the winner.
    r = rec(
        [win("b", None, "qing_long_qi_dui", "hai_di_lao_yue")],
        options={**NORMAL, "cap_fan": 4},
        counts={"gen": {"b": 2}},
    )
    s = settle(r)
    assert s.net == {"a": -8, "b": 24, "c": -8, "d": -8}
    assert "= 9番，封顶4番 → 1×8 = 8" in s.explanation[0].zh
    r["options"] = NORMAL
    assert settle(r).net["b"] == 3 * 256


def test_cap_applies_to_best_fan_at_draw() -> None:
    # 查大叫 with cap 3: d is ready with a 5番 大叫 → paid as 3番 = 4 by each not-ready player
    s = settle(
        rec([], result="draw", options={**NORMAL, "cap_fan": 3}, counts={"ready_fan": {"d": 5}})
    )
    assert s.net == {"a": -4, "b": -4, "c": -4, "d": 12}


def test_payment_option_quanchong() -> None:
    # the 全冲 layer offered as an option: discarder pays (2+2) shares; 清一色 ×4 → 16
    s = settle(rec([win("b", "c", "qing_yi_se")], options={**NORMAL, "payment": "quanchong"}))
    assert s.net == {"a": 0, "b": 16, "c": -16, "d": 0}


def test_options_declared_with_house_marks() -> None:
    rs = get("sichuan")
    decl = {o.id: o for o in rs.options}
    assert decl["cap_fan"].house and decl["cap_fan"].default == 0
    assert decl["pig_pays_won_players"].house and decl["pig_pays_won_players"].default is False
    assert decl["zimo"].default == "jiafan" and decl["mode"].default == "xuezhan"
    assert decl["haidi_plus1"].default is True
    for o in rs.options:
        assert o.zh and o.en and o.help_zh and o.help_en


# --- kong money 刮风下雨 (L131–141) -----------------------------------------------------------------


def test_zhi_gang_feeder_pays_one() -> None:
    # L135 "直杠，立刻收取引杠者1倍点数"
    r = rec([], result="draw", options={"base": 5}, counts={"ready_fan": {"b": 1, "c": 1, "d": 1}})
    r["events"] = [{"type": "zhi_gang", "player": "b", "from": "c"}]
    s = settle(r)
    # a is not ready: pays b, c, d 1番 each (5); b keeps the kong money (ready)
    assert s.paid("c", "b") == 5 and s.paid("a", "b") == 5


def test_mian_xia_gang_and_an_gang_only_not_yet_won() -> None:
    # L136 "面下杠，立刻收取其他未胡者1倍点数"; L139 "下雨立刻收取其他未胡者2倍点数"
    r = rec(
        [win("a", "b", "ping_hu")],
        result="draw",
        counts={"ready_fan": {"c": 1, "d": 1, "b": 1}},
        events=[
            {"type": "mian_xia_gang", "player": "c", "after_wins": 1},
            {"type": "an_gang", "player": "d", "after_wins": 1},
        ],
    )
    s = settle(r)
    # a won first: pays nothing for the later kongs
    assert s.paid("a", "c") == 0 and s.paid("a", "d") == 0
    assert s.paid("b", "c") == 1 and s.paid("d", "c") == 1
    assert s.paid("b", "d") == 2 and s.paid("c", "d") == 2
    assert s.net == {"a": 1, "b": -4, "c": 0, "d": 3}


def test_robbed_kong_earns_nothing() -> None:
    # L140 "玩家面下杠时，他家可以抢杠而胡，刮风下雨无效": the robbed kong is not a kong event; only
    # the win is paid: 对对胡 2 + 抢杠胡 1 = 3番 → 4 from the kong player c.
    s = settle(rec([win("b", "c", "dui_dui_hu", robbed=True)], options=NORMAL))
    assert s.net == {"a": 0, "b": 4, "c": -4, "d": 0}
    assert "刮风无效" in s.explanation[0].zh


# --- hand-made scenarios --------------------------------------------------------------------------


def test_scenario_xuezhan_three_wins_with_kongs() -> None:
    """血战, base 1, defaults. Worked by hand:

    e0 c 暗杠 (after 0): a, b, d pay 2 each     → c +6, a −2, b −2, d −2
    e1 b 直杠 fed by d (after 0): d pays 1       → b +1, d −1
    W1 b 自摸 清一色, 根 1 (his kong): 3+1+1 = 5番 → 16 from each of a, c, d → b +48
    e2 d 面下杠 (after 1): a, c pay 1 (b has won) → d +2, a −1, c −1
    e3 a 暗杠 (after 1): c, d pay 2               → a +4, c −2, d −2
    一炮多响 on a's discard right after his kong (杠上炮):
    W2 c 对对胡, 根 1 (his 暗杠) + 杠上炮: 2+1+1 = 4番 → a pays 8
    W3 d 平胡, 根 1 (his 面下杠) + 杠上炮: 1+1+1 = 3番 → a pays 4
    net a = −2 −16 −1 +4 −8 −4 = −27; b = −2 +1 +48 = 47; c = 6 −16 −1 −2 +8 = −5;
    d = −2 −1 −16 +2 −2 +4 = −15; sum 0.
    """
    r = rec(
        [
            win("b", None, "qing_yi_se"),
            win("c", "a", "dui_dui_hu", "gang_shang_pao"),
            win("d", "a", "ping_hu", "gang_shang_pao"),
        ],
        counts={"gen": {"b": 1, "c": 1, "d": 1}},
        events=[
            {"type": "an_gang", "player": "c", "after_wins": 0},
            {"type": "zhi_gang", "player": "b", "from": "d", "after_wins": 0},
            {"type": "mian_xia_gang", "player": "d", "after_wins": 1},
            {"type": "an_gang", "player": "a", "after_wins": 1},
        ],
    )
    s = settle(r)
    assert s.net == {"a": -27, "b": 47, "c": -5, "d": -15}
    # the net is the sum of what each event paid
    by_reason: dict[str, int] = {}
    for p in s.payments:
        by_reason[p.reason] = by_reason.get(p.reason, 0) + p.amount
    assert by_reason == {
        "an_gang": 6 + 4,
        "zhi_gang": 1,
        "mian_xia_gang": 2,
        "self_drawn_share": 48,
        "discarder_share": 8 + 4,
    }
    # b, who won first, pays nothing after W1
    assert s.paid("b", "d") == 0 and s.paid("b", "a") == 0
    # the dealer rule (L149): the discarder of the first win deals; b self-drew → b
    assert next_dealer(r) == "b"


def test_scenario_draw_pig_not_ready_ready_refunds() -> None:
    """血战 流局 after one win. base 1, defaults. Worked by hand:

    e1 c 面下杠 (after 0): a, b, d pay 1             → c +3, a −1, b −1, d −1
    W1 b 自摸 平胡: 1 + 自摸 1 = 2番 → 2 from a, c, d → b +6
    e2 d 暗杠 (after 1): a, c pay 2                   → d +4
    e3 a 直杠 fed by c (after 1): c pays 1            → a +1
    流局: a is a 花猪, c not ready, d ready (大叫 3番)
    查花猪: a pays 16 to c and d (b has won: not paid by default, S5) → a −32, c +16, d +16
    查大叫: c pays d 2^(3−1) = 4 (a, the pig, does not: "花猪不用")
    refunds: a returns 1 to c (e3); c returns 1 each to a, b, d (e1); d is ready and keeps e2
    a = −1 −2 −2 +1 −32 −1 +1 = −36;  b = −1 +6 +1 = 6
    c = 3 −2 −2 −1 +16 −4 +1 −3 = 8;  d = −1 −2 +4 +16 +4 +1 = 22;  sum 0
    """
    r = rec(
        [win("b", None, "ping_hu")],
        result="draw",
        counts={"flower_pig": {"a": 1}, "ready_fan": {"d": 3}},
        events=[
            {"type": "mian_xia_gang", "player": "c", "after_wins": 0},
            {"type": "an_gang", "player": "d", "after_wins": 1},
            {"type": "zhi_gang", "player": "a", "from": "c", "after_wins": 1},
        ],
    )
    s = settle(r)
    assert s.net == {"a": -36, "b": 6, "c": 8, "d": 22}
    assert s.paid("a", "c") == 1 + 16 + 1  # e1, the pig, the refund of e3
    assert s.paid("c", "d") == 2 + 4 + 1  # e2, 查大叫, the refund of e1
    assert sum(p.amount for p in s.payments if p.reason == "kong_refund") == 1 + 3
    # with the S5 option the pig also pays b, who won: a −16 more, b +16 more
    r["options"] = {"pig_pays_won_players": True}
    s2 = settle(r)
    assert s2.net == {"a": -52, "b": 22, "c": 8, "d": 22}
    # a draw after a win: the first win's discarder (here the self-drawing winner b) deals
    assert next_dealer(r) == "b"


def test_yipao_duoxiang_pays_each_winner() -> None:
    # L129–130 "一炮多响…有不止一个的玩家要之成胡，则均可胡牌": each winner paid separately
    s = settle(
        rec(
            [win("b", "a", "qing_yi_se"), win("c", "a", "ping_hu")],
            options=NORMAL,
        )
    )
    assert s.net == {"a": -5, "b": 4, "c": 1, "d": 0}
    assert (
        next_dealer(rec([win("b", "a", "qing_yi_se"), win("c", "a", "ping_hu")], options=NORMAL))
        == "a"
    )


def test_dealer_rule_l149() -> None:
    # L149 "第二局起点炮者坐庄，流局则连庄"
    assert next_dealer(rec([win("b", "c", "ping_hu")], options=NORMAL)) == "c"
    assert next_dealer(rec([], result="draw", options=NORMAL, dealer="d")) == "d"


# --- validation ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("record", "field"),
    [
        (rec([win("b", "c", "ping_hu")]), "wins"),  # 血战 won hand with one win
        (
            rec([win("b", "c", "ping_hu"), win("c", "d", "ping_hu"), win("d", "a", "ping_hu")],
                result="draw"),
            "wins",
        ),
        (rec([win("b", "c", "ping_hu"), win("c", "d", "ping_hu")], options=NORMAL), "wins"),
        (rec([win("b", "c", "ping_hu")], result="draw", options=NORMAL), "wins"),
        (
            rec([win("b", None, "ping_hu"), win("c", "b", "ping_hu")], result="draw"),
            "wins[1].from",
        ),
        (
            rec([win("b", None, "ping_hu")], result="draw",
                events=[{"type": "an_gang", "player": "b", "after_wins": 1}]),
            "events[0].player",
        ),
        (
            rec([win("b", None, "ping_hu")], result="draw",
                events=[{"type": "zhi_gang", "player": "c", "from": "b", "after_wins": 1}]),
            "events[0].from",
        ),
        (
            rec([win("b", None, "ping_hu")], result="draw",
                events=[{"type": "an_gang", "player": "c", "after_wins": 2}]),
            "events[0].after_wins",
        ),
        (rec([win("b", "c", "long_qi_dui")], options=NORMAL), "counts.gen.b"),
        (
            rec([win("b", "c", "qi_dui")], options=NORMAL, counts={"gen": {"b": 1}},
                events=[{"type": "an_gang", "player": "b"}]),
            "wins[0]",
        ),
        (
            rec([win("b", "c", "ping_hu")], options=NORMAL,
                events=[{"type": "an_gang", "player": "b"}]),
            "counts.gen.b",
        ),
        (rec([win("b", None, "ping_hu", "gang_shang_hua")], options=NORMAL), "wins[0].flags"),
        (rec([win("b", "c", "ping_hu", "gang_shang_pao")], options=NORMAL), "wins[0].flags"),
        (rec([win("b", "c", "ping_hu")], options=NORMAL, counts={"gen": {"c": 1}}), "counts.gen.c"),
        (
            rec([win("b", "c", "ping_hu")], options=NORMAL, counts={"ready_fan": {"a": 2}}),
            "counts.ready_fan.a",
        ),
        (
            rec([], result="draw", counts={"ready_fan": {"a": 2}, "flower_pig": {"a": 1}}),
            "counts.ready_fan.a",
        ),
        (rec([win("b", None, "tian_hu")], options=NORMAL), "wins[0].shape"),  # not the dealer
        (rec([win("a", None, "di_hu")], options=NORMAL), "wins[0].shape"),  # the dealer
        (rec([win("b", "c", "ping_hu", "jin_gou_diao")], options=NORMAL), "wins[0].flags[0]"),
        (
            rec([win("b", None, "qi_dui", "jin_gou_diao")], options=NORMAL),
            "wins[0].flags[0]",
        ),
        (
            rec([], result="draw", options=NORMAL,
                events=[{"type": "an_gang", "player": "b", "after_wins": 1}]),
            "events[0].after_wins",
        ),
    ],
)  # fmt: skip
def test_invalid_records(record: dict[str, Any], field: str) -> None:
    assert refused_field(record) == field


def test_declarations_have_names() -> None:
    data = get("sichuan").to_json()
    for key in ("shapes", "flags", "counts", "events", "options"):
        for item in data[key]:
            assert item["id"].isascii() and item["name_zh"] and item["name_en"]
    assert data["multi_win"] == "sequential"


def test_every_step_bilingual() -> None:
    r = rec(
        [win("b", None, "qing_yi_se")],
        result="draw",
        counts={"gen": {"b": 1}, "flower_pig": {"a": 1}, "ready_fan": {"d": 2}},
        events=[{"type": "zhi_gang", "player": "b", "from": "c"}],
    )
    s = settle(r)
    assert len(s.explanation) >= 4
    for step in s.explanation:
        assert step.zh and step.en


# --- audit: hand-made multi-feature cases (numbers worked by hand from spec §2/§3) ----------


def test_audit_xuezhan_base2_flush_pungs_kong_flower_dragon() -> None:
    """血战, base 2, defaults (自摸加番, no cap). By hand:

    e0 a 暗杠 (after 0): b, c, d pay 2×2 = 4 each (L139)           → a +12
    W1 b 清对 4 (L249) + 根 1 (L264) = 5番 on c's discard → 2×2^4 = 32 from c (L135 model: 点炮者付)
    e1 d 面下杠 (after 1): a, c pay 1×2 = 2 each (b has won, L136) → d +4
    W2 d 自摸 杠上花: 平胡 1 + 根 1 + 杠上花 1 (L261) + 自摸 1 (L260) = 4番 → 2×8 = 16 from a, c
    W3 a 对对胡 2 + 根 1 (his 暗杠) = 3番 on c's discard → 2×4 = 8 from c
    a = +12 −2 −16 +8 = 2; b = −4 +32 = 28; c = −4 −32 −2 −16 −8 = −62; d = −4 +4 +32 = 32.
    """
    r = rec(
        [
            win("b", "c", "qing_dui"),
            win("d", None, "ping_hu", "gang_shang_hua"),
            win("a", "c", "dui_dui_hu"),
        ],
        options={"base": 2},
        counts={"gen": {"a": 1, "b": 1, "d": 1}},
        events=[
            {"type": "an_gang", "player": "a", "after_wins": 0},
            {"type": "mian_xia_gang", "player": "d", "after_wins": 1},
        ],
    )
    s = settle(r)
    assert s.net == {"a": 2, "b": 28, "c": -62, "d": 32}
    assert s.paid("c", "b") == 32 and s.paid("b", "d") == 0 and s.paid("b", "a") == 4
    assert s.paid("a", "d") == 2 + 16 and s.paid("c", "d") == 2 + 16 and s.paid("c", "a") == 4 + 8
    zh = [st.zh for st in s.explanation]
    en = [st.en for st in s.explanation]
    assert any("清对4番 · 根1 = 5番 → 2×16 = 32" in z for z in zh)
    assert any("平胡1番 · 根1 · 杠上花1 · 自摸1 = 4番 → 2×8 = 16" in z for z in zh)
    assert any("Basic hand 1 · 根 1 · win on a kong replacement 1 · self-draw 1 = 4 fan" in e
               for e in en)  # fmt: skip


def test_audit_draw_cap_robbed_kong_pig_refund_to_winner() -> None:
    """血战 流局 after one win; base 1, cap 4番 (house option, S4). By hand:

    e0 c 直杠 fed by d (after 0): d pays 1 (L135)                    → c +1
    e1 d 暗杠 (after 0): a, b, c pay 2 each (L139)                    → d +6
    W1 a 抢杠胡 on b's 面下杠: 清一色 3 + 抢杠胡 1 (L263) = 4番 → 8 from b (no kong money, L140)
    流局 (b, c, d still in): b 花猪, c ready with 大叫 6番 (capped 4 → 8), d not ready
    查花猪 (L144): b pays c and d 16 each (a has won: not paid by default, S5)
    查大叫 (L145): d pays c 2^(4−1) = 8
    refunds (L141): d is not ready and returns the 暗杠 money: 2 each to a (who has won), b, c
    a = −2 +8 +2 = 8; b = −2 −8 −16 −16 +2 = −40; c = +1 −2 +16 +8 +2 = 25;
    d = −1 +6 +16 −8 −6 = 7 (sum 0).
    """
    r = rec(
        [win("a", "b", "qing_yi_se", robbed=True)],
        result="draw",
        options={"cap_fan": 4},
        counts={"flower_pig": {"b": 1}, "ready_fan": {"c": 6}},
        events=[
            {"type": "zhi_gang", "player": "c", "from": "d", "after_wins": 0},
            {"type": "an_gang", "player": "d", "after_wins": 0},
        ],
    )
    s = settle(r)
    assert s.net == {"a": 8, "b": -40, "c": 25, "d": 7}
    # d → c: 直杠 1 + 查大叫 8 + refund of c's 暗杠 payment 2; b → c: the pig's 16
    assert s.paid("b", "a") == 8 and s.paid("d", "c") == 1 + 8 + 2 and s.paid("b", "c") == 16
    assert s.paid("d", "a") == 2  # the refund goes back to a, who paid it before winning
    zh = " / ".join(st.zh for st in s.explanation)
    assert "查大叫：d未听牌，赔听牌的c大叫6番（封顶4番）：1×8 = 8" in zh
    assert "d未听牌，退回刮风下雨所得共6" in zh


def test_audit_normal_yipao_duoxiang_after_kong_jiadi_unused() -> None:
    """普通场, base 5, 自摸加底 (only for self-draws, so unused here). By hand:

    e0 a 直杠 fed by d (after 0): d pays 1×5 = 5                        → a +5
    a then discards; b and c both win on it (一炮多响, L129–130):
    W1 b 将对 4 (L250) + 杠上炮 1 (L262) = 5番 → 5×2^4 = 80 from a
    W2 c 龙七对 5 (L251–253) + 根 (2 − 1 for the dragon) = 6番 → 5×2^5 = 160 from a
    a = +5 −80 −160 = −235; b = 80; c = 160; d = −5. Next dealer: the discarder a (L149).
    """
    r = rec(
        [win("b", "a", "jiang_dui", "gang_shang_pao"), win("c", "a", "long_qi_dui")],
        options={"mode": "normal", "base": 5, "zimo": "jiadi"},
        counts={"gen": {"c": 2}},
        events=[{"type": "zhi_gang", "player": "a", "from": "d", "after_wins": 0}],
        dealer="d",
    )
    s = settle(r)
    assert s.net == {"a": -235, "b": 80, "c": 160, "d": -5}
    assert next_dealer(r) == "a"
    assert any("龙七对5番 · 根1 = 6番 → 5×32 = 160" in st.zh for st in s.explanation)


def test_audit_jiadi_after_cap_self_draw() -> None:
    # 普通场, base 3, cap 3番, 自摸加底 (house options, S3/S4; spec §2: the cap bounds the 番,
    # 加底 adds one base after): b 清七对 5 + 根 1 = 6番 → capped 3 → 3×2^2 = 12, + 3 = 15 from
    # each of a, c, d; b +45.
    r = rec(
        [win("b", None, "qing_qi_dui")],
        options={"mode": "normal", "base": 3, "cap_fan": 3, "zimo": "jiadi"},
        counts={"gen": {"b": 1}},
    )
    s = settle(r)
    assert s.net == {"a": -15, "b": 45, "c": -15, "d": -15}
    assert "= 6番，封顶3番 → 3×4 = 12，自摸加底 +3=15" in s.explanation[0].zh


# --- issue 12 point 6: 呼叫转移 and the cap among the options /newtable asks ----------------
# 呼叫转移 is not in the seeds (a common table variant): option hujiao_zhuanyi, default off
# (the spec's behaviour: the konger keeps his kong money, seed 001 L139 "下雨立刻收取其他未胡者2倍点数").

GSP_EVENTS = [{"type": "an_gang", "player": "c", "after_wins": 0}]


@pytest.mark.parametrize(("transfer", "expected"), [
    # c's 暗杠: a, b, d each pay c 2×1 = 2 (L139). c then discards and b wins 杠上炮:
    # 平胡 1 + 杠上炮 1 = 2番 → 1×2^(2−1) = 2 from c (L263 "杠上炮…加1番").
    # off: a −2, b −2+2 = 0, c +6−2 = +4, d −2
    (False, {"a": -2, "b": 0, "c": 4, "d": -2}),
    # on: c also hands that kong's 6 to b: b 0+6 = +6, c 4−6 = −2
    (True, {"a": -2, "b": 6, "c": -2, "d": -2}),
], ids=["off_default", "on"])  # fmt: skip
def test_hujiao_zhuanyi_hands_the_kong_money_to_the_winner(
    transfer: bool, expected: dict[str, int]
) -> None:
    decl = get("sichuan").option("hujiao_zhuanyi")
    assert decl is not None and decl.default is False and decl.house
    s = settle(
        rec(
            [win("b", "c", "ping_hu", "gang_shang_pao")],
            options={**NORMAL, "hujiao_zhuanyi": transfer},
            events=GSP_EVENTS,
        )
    )
    assert s.net == expected
    if transfer:
        assert s.paid("c", "b") == 2 + 6
        assert any("呼叫转移" in st.zh and "6" in st.zh for st in s.explanation)


def test_hujiao_zhuanyi_two_winners_share_it_in_turn_order() -> None:
    # c's 直杠 fed by a: a pays c 1 (L135 "直杠，立刻收取引杠者1倍"). c discards; b and d both win
    # 杠上炮 (一炮多响, L129–130), 平胡 2番 → 2 each from c. 呼叫转移: the kong's 1 is shared by
    # two: 1÷2 = 0 remainder 1, the remainder to the first taker after c in turn order (d, then
    # a, then b): d gets 1, b 0. Net: a −1, b +2, c +1−4−1 = −4, d +2+1 = +3. Listing d first
    # changes nothing.
    wins = [win("b", "c", "ping_hu", "gang_shang_pao"), win("d", "c", "ping_hu", "gang_shang_pao")]
    events = [{"type": "zhi_gang", "player": "c", "from": "a", "after_wins": 0}]
    for order in (wins, wins[::-1]):
        s = settle(rec(order, options={**NORMAL, "hujiao_zhuanyi": True}, events=events))
        assert s.net == {"a": -1, "b": 2, "c": -4, "d": 3}


def test_hujiao_zhuanyi_money_is_not_refunded_twice_at_a_draw() -> None:
    # 血战: c 暗杠 (a, b, d pay 2 each), c deals in 杠上炮 to b (2番 ×2 = 2; transfer 6 to b).
    # The wall runs out with a, c, d still in; c is not ready: he would refund his kong money
    # (L141 "必须退回全部刮风下雨所得"), but it went to b with 呼叫转移, so c refunds nothing;
    # a and d are not ready either, nobody is ready: no 查大叫 payment.
    # Net: a −2, b −2+2+6 = +6, c +6−2−6 = −2, d −2.
    s = settle(
        rec(
            [win("b", "c", "ping_hu", "gang_shang_pao")],
            result="draw",
            options={"hujiao_zhuanyi": True},
            events=GSP_EVENTS,
        )
    )
    assert s.net == {"a": -2, "b": 6, "c": -2, "d": -2}
    assert not any(p.reason == "kong_refund" for p in s.payments)


def test_cap_is_asked_when_a_sichuan_table_is_opened() -> None:
    # issue 12: many tables cap (封顶 3/4/5/6/8 番); the default stays no cap (S4, house), but
    # /newtable asks for it: it is an important option, and the setup screen shows it.
    from bot.i18n import translator
    from bot.setup import new_setup
    from bot.setup import render as render_setup

    decl = get("sichuan").option("cap_fan")
    assert decl is not None and decl.important and decl.default == 0
    _, data = new_setup()
    data["ruleset"] = "sichuan"
    screen = render_setup("options", data, translator("en"))
    labels = [b.label for row in screen.rows for b in row]
    assert any(label.startswith("Cap (fan") for label in labels), labels
    # with a cap of 3 a 清对 (4番 ×8) pays ×4
    assert one_discard_win("qing_dui", cap_fan=3) == 4
