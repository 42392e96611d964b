"""宜春 Yichun (scoring/rulesets/yichun.py).

Spec: shared/rules/yichun.md; seed 002_eb57fc9b56582777.txt lines 1–65 (line numbers 1-based).
"""

from __future__ import annotations

from functools import partial
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
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

P = PLAYERS  # a = dealer unless said otherwise
rec = partial(record, "yichun")
win = win_builder("ping_hu")


# ---------------------------------------------------------------- worked examples (spec §4)


def test_yc01_36_unmultiplied() -> None:
    # YC-01, seed 002 L53: "大七(3)×单钓(2)×杠开(2)×基本分(1分)×游戏者(3)＝36分 假如其中有买的人，则继续翻倍计算"
    # The 36 is the 积分 before 买: the dealer wins (so nobody pays the dealer's ×2) and nobody bought.
    s = settle(
        rec(
            [win("a", None, "da_qi_dui", "dan_diao", "gang_kai")],
            options={"dealer_always_buys": False},
        )
    )
    assert s.net == {"a": 36, "b": -12, "c": -12, "d": -12}
    assert "大七对3×单钓2×杠开2=12" in s.explanation[0].zh
    assert_balanced(s)


def test_yc01_with_buying_and_dealer_paying() -> None:
    # YC-01 continued, L53 "假如其中有买的人，则继续翻倍计算": the dealer must buy (L47 "庄家必买"), so by
    # default the dealer-winner receives 12×买2 = 24 from each: 72.
    s = settle(rec([win("a", None, "da_qi_dui", "dan_diao", "gang_kai")]))
    assert s.net["a"] == 72
    # spec Y4: with the dealer among the payers (and nobody bought), the literal 庄家×2 gives 24+12+12 = 48.
    s = settle(
        rec(
            [win("b", None, "da_qi_dui", "dan_diao", "gang_kai")],
            options={"dealer_always_buys": False},
        )
    )
    assert s.paid("a", "b") == 24 and s.paid("c", "b") == 12 and s.paid("d", "b") == 12
    assert s.net["b"] == 48


def test_yc02_angang_gangkai_menqing_6() -> None:
    # YC-02, seed 002 L55: "暗 杠 门清 － 2(杠开)× 2(门清)＋ 2(暗杠)" and "杠开门清应该是2*2,合计番数是：2*2+2=6"
    # b self-draws a 平糊 after his concealed kong, concealed: c (not dealer, not bought) pays 2×2 = 4 for the
    # hand plus 2 kong money = 6.
    s = settle(
        rec(
            [win("b", None, "ping_hu", "gang_kai", "men_qing")],
            events=[{"type": "concealed_kong", "player": "b"}],
        )
    )
    assert s.paid("c", "b") == 6
    assert [x.amount for x in s.payments if x.payer == "c"] == [4, 2]
    assert_balanced(s)


@pytest.mark.parametrize(
    ("n4", "haohua", "value"),
    [
        (1, "pow2", 8),  # YC-03, L31 "糊牌时手头有一个杠子，则为4×2"
        (2, "pow2", 16),  # YC-04, L31 "如果有两个杠子，则4×2×2"
        (1, "times_n", 4),  # Y1 variant, L55 "豪华小七对 － 4 × N": N=1 -> 4
        (2, "times_n", 8),  # Y1 variant, N=2 -> 8
        (0, "pow2", 4),  # plain 小七对 4 (L55 "小 七 对 ― 4")
    ],
)
def test_yc03_04_haohua(n4: int, haohua: str, value: int) -> None:
    # self-draw by b; d (not dealer, not bought) pays exactly the hand value.
    s = settle(
        rec(
            [win("b", None, "xiao_qi_dui")],
            options={"haohua": haohua},
            counts={"four_in_pairs": {"b": n4}},
        )
    )
    assert s.paid("d", "b") == value


@pytest.mark.parametrize(
    ("shape", "flags", "value", "cite"),
    [
        ("da_qi_dui", ("qing_yi_se",), 15, "YC-05 L55 清一色大七 － 5(清一色)× 3(大七)"),
        ("xiao_qi_dui", ("qing_yi_se",), 20, "YC-06 L55 清一色小七 － 5(清一色)× 4(小七)"),
        ("zi_yi_se_loose", (), 6, "YC-07 L57 字 一 色 ― 6(不成阕)"),
        ("zi_yi_se", (), 12, "YC-08 L57 ×2(成阕)"),
        ("ping_hu", ("qing_yi_se",), 5, "L55 清 一 色 ― 5"),
        ("shisan_lan", (), 2, "L53 十 三 烂 ― 2"),
        ("qixing_shisan_lan", (), 3, "L53 七星十三烂 － 3"),
        ("tian_hu", (), 12, "L57 天 糊 － 12"),
    ],
)
def test_value_table(shape: str, flags: tuple[str, ...], value: int, cite: str) -> None:
    winner = "a" if shape == "tian_hu" else "b"
    s = settle(rec([win(winner, None, shape, *flags)], options={"dealer_always_buys": False}))
    assert s.paid("d", winner) == value, cite


def test_di_hu_12_on_dealer_discard() -> None:
    # L57 "地 糊 － 12"; L39 地糊 = the dealer's first discard won by a non-dealer. The dealer pays
    # 12 × 庄2 × 放冲2 × 买(a)2 = 96 (dealer auto-bought).
    s = settle(rec([win("b", "a", "di_hu")]))
    assert s.net == {"a": -96, "b": 96, "c": 0, "d": 0}


def test_yc09_duihuo_both_ways() -> None:
    # YC-09, seed 002 L47: "如果放冲的人买了，糊牌的人也买了，（俗称“对火”）则加减积分是乘4"
    # 平糊 by discard, base 1, neither is the dealer, both bought.
    r = rec([win("b", "c")], counts={"bought": {"b": 1, "c": 1}})
    # Y5 variant fangchong_x2 = off: ×4 is the whole multiplier.
    assert settle({**r, "options": {"fangchong_x2": False}}).paid("c", "b") == 4
    # default (literal L45 "庄家、放冲乘2支付" too): 1 × 放冲2 × 对火4 = 8.
    assert settle(r).paid("c", "b") == 8


def test_dealer_x2_on_receive_option() -> None:
    # Y4: L45 says only that the dealer pays double. Dealer a self-draws 平糊; nobody else bought.
    r = rec([win("a")])
    assert settle(r).paid("b", "a") == 2  # 1 × 买(a)2
    assert settle({**r, "options": {"dealer_x2_on_receive": True}}).paid("b", "a") == 4  # ×庄胡2


# ---------------------------------------------------------------- hand-made multi-feature hands


def test_multi_feature_bought_lighter_side_bets() -> None:
    # Dealer a (must buy, L47), b and c bought, d not; one lighter thrown (L61 "再翻1倍").
    # b self-draws 大七对 单钓 杠开 after an open kong fed by d: hand value 3×2×2 = 12 (L53).
    #   a pays 12 × 庄2 × 买(b)2 × 买(a)2 × 打火机2 = 192   (对火 between b and a: ×4, L47)
    #   c pays 12 × 买(b)2 × 买(c)2 × 打火机2 = 96
    #   d pays 12 × 买(b)2 × 打火机2 = 48
    #   kong money (Y6): open kong 1 from each other player, not doubled: +3 for b.
    # b: 192+96+48+3 = 339; a -193, c -97, d -49.
    # 压鸽子 (L49 "输赢与在座玩家相同"): zoe backs b -> zoe +339, paid by a 193, c 97, d 49;
    #   yan backs d -> yan -49, paid to b. Final: a -386, b +388, c -194, d -98, zoe +339, yan -49.
    s = settle(
        rec(
            [win("b", None, "da_qi_dui", "dan_diao", "gang_kai")],
            counts={"bought": {"b": 1, "c": 1}},
            events=[
                {"type": "exposed_kong", "player": "b", "from": "d"},
                {"type": "lighter", "player": "c"},
                {"type": "side_bet", "player": "b", "backer": "zoe"},
                {"type": "side_bet", "player": "d", "backer": "yan"},
            ],
        )
    )
    assert s.paid("a", "b") == 192 + 1
    assert s.paid("c", "b") == 96 + 1
    assert s.paid("d", "b") == 48 + 1
    assert s.net == {"a": -386, "b": 388, "c": -194, "d": -98, "zoe": 339, "yan": -49}
    assert "牌分12×庄2×买(b)2×买(a)2×打火机1个2=192" in next(
        x.zh for x in s.explanation if x.zh.startswith("a付b")
    )
    assert_balanced(s)


def test_several_winners_one_discard_and_buy_dealer() -> None:
    # L63 "一个人如果如果放炮，如果其他２人或者３人同时胡，则可以同时胡。但下一盘则为此放炮的人当庄（俗称：买庄）"
    # c discards; b (bought) wins 平糊: 1 × 放冲2 × 买(b)2 = 4; d wins 小七对: 4 × 放冲2 = 8.
    r = rec([win("b", "c"), win("d", "c", "xiao_qi_dui")], counts={"bought": {"b": 1}})
    s = settle(r)
    assert s.net == {"a": 0, "b": 4, "c": -12, "d": 8}
    assert next_dealer(r) == "c"
    assert next_dealer(rec([win("b", "c")])) == "b"  # L43 the winner deals
    assert next_dealer(rec([], result="draw")) == "a"  # house default


def test_robbed_kong_payer_option() -> None:
    # L53 "抢 杠 － 2"; spec Y3 ×2. d robs c's kong, 平糊: value 1×2 = 2.
    r = rec([win("d", "c", robbed=True)])
    # default (house): the kong player pays alone as the discarder: 2 × 放冲2 = 4.
    assert settle(r).net == {"a": 0, "b": 0, "c": -4, "d": 4}
    # variant: all three pay as on a self-draw: a 2×庄2×买(a)2 = 8, b 2, c 2.
    s = settle({**r, "options": {"robbed_kong_payer": "all"}})
    assert s.net == {"a": -8, "b": -2, "c": -2, "d": 12}


def test_kong_money_in_a_draw_and_option_off() -> None:
    # L57 "明 杠 ― 1 暗 杠 ― 2"; Y6 separate payment from each other player.
    r = rec(
        [],
        result="draw",
        events=[{"type": "concealed_kong", "player": "c"}, {"type": "exposed_kong", "player": "d"}],
    )
    s = settle(r)
    assert s.net == {"a": -3, "b": -3, "c": 6 - 1, "d": 3 - 2}
    assert settle({**r, "options": {"kong_money": False}}).net == dict.fromkeys(P, 0)


def test_base_multiplies() -> None:
    s = settle(rec([win("b", "c")], options={"base": 5}))
    assert s.paid("c", "b") == 10  # 1 × base 5 × 放冲2


@pytest.mark.parametrize(
    ("record", "field"),
    [
        (  # L55 "单 调 × 2(牌型有暗杠则不算单调)"
            rec(
                [win("b", "c", "ping_hu", "dan_diao")],
                events=[{"type": "concealed_kong", "player": "b"}],
            ),
            "wins[0].flags",
        ),
        (rec([win("b")], events=[{"type": "lighter", "player": "a"}] * 2), "events"),  # L61 limit 1
        (
            rec([win("b")], events=[{"type": "side_bet", "player": "b", "backer": "c"}]),
            "events[0].backer",
        ),
        (rec([win("b")], counts={"four_in_pairs": {"b": 1}}), "counts.four_in_pairs.b"),
        (rec([win("b", "c", "di_hu")]), "wins[0].from"),
        (rec([win("b", "c", "ping_hu", "gang_kai")]), "wins[0].flags[0]"),
        (
            rec(
                [win("b")],
                events=[{"type": "side_bet", "player": "b", "backer": f"x{i}"} for i in range(5)],
            ),
            "events",
        ),
    ],
)
def test_invalid_records(record: dict[str, Any], field: str) -> None:
    assert refused_field(record) == field


# ---------------------------------------------------------------- property: zero-sum

SHAPES = [
    "ping_hu",
    "shisan_lan",
    "qixing_shisan_lan",
    "da_qi_dui",
    "xiao_qi_dui",
    "zi_yi_se_loose",
    "zi_yi_se",
    "tian_hu",
    "di_hu",
    "da_san_yuan",
    "da_si_xi",
]
FLAGS = ["qing_yi_se", "dan_diao", "men_qing", "gang_kai"]


@st.composite
def records(draw: st.DrawFn) -> dict[str, Any]:
    dealer = draw(st.sampled_from(P))
    winners, frm = draw(winners_and_discarder())
    wins = []
    robbed = frm is not None and draw(st.booleans()) and len(winners) == 1
    for w in winners:
        flags = draw(st.lists(st.sampled_from(FLAGS), unique=True, max_size=2))
        wins.append(win(w, frm, draw(st.sampled_from(SHAPES)), *flags, robbed=robbed))
    events: list[dict[str, Any]] = []
    for _ in range(draw(st.integers(0, 3))):
        events.append(
            {
                "type": draw(st.sampled_from(["exposed_kong", "concealed_kong"])),
                "player": draw(st.sampled_from(P)),
            }
        )
    for _ in range(draw(st.integers(0, 2))):
        events.append({"type": "lighter", "player": draw(st.sampled_from(P))})
    for i in range(draw(st.integers(0, 4))):
        events.append({"type": "side_bet", "player": draw(st.sampled_from(P)), "backer": f"obs{i}"})
    return rec(
        wins,
        dealer=dealer,
        result=None,
        options={
            "lighter_limit": draw(st.integers(0, 3)),
            "haohua": draw(st.sampled_from(["pow2", "times_n"])),
            "fangchong_x2": draw(st.booleans()),
            "dealer_x2_on_receive": draw(st.booleans()),
            "robbed_kong_payer": draw(st.sampled_from(["kong_player", "all"])),
            "base": draw(st.integers(1, 5)),
        },
        counts={
            "bought": {p: draw(st.integers(0, 1)) for p in P},
            "four_in_pairs": {
                w["winner"]: draw(st.integers(0, 3)) for w in wins if w["shape"] == "xiao_qi_dui"
            },
        },
        events=events,
    )


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(records())
def test_property_zero_sum_seats_and_backers(r: dict[str, Any]) -> None:
    s = settle_generated(r)
    assert all(x.amount > 0 and type(x.amount) is int for x in s.payments)
    # every backer's net is exactly the net his seat has without any side bets (L49)
    bets = [e for e in r["events"] if e["type"] == "side_bet"]
    if bets:
        plain = settle({**r, "events": [e for e in r["events"] if e["type"] != "side_bet"]})
        for e in bets:
            assert s.net[e["backer"]] == plain.net[e["player"]]


# ---------------------------------------------------------------- audit: hand-made cases


def test_audit_flush_luxury_pairs_discard_bought_and_dealer() -> None:
    # 清一色小七 with two sets of four (L31 "4×2×2", L55 "5(清一色)× 4(小七)"): 4 × 2^2 × 5 = 80.
    # c (bought) deals in to b: 80 × 放冲2 (L45) × 买(c)2 (L47 "放冲…积分翻倍") = 320.
    # Table option 4×N (Y1): 4 × 2 × 5 = 40 → 160.
    w = win("b", "c", "xiao_qi_dui", "qing_yi_se")
    r = rec([w], counts={"four_in_pairs": {"b": 2}, "bought": {"c": 1}})
    s = settle(r)
    assert s.net == {"a": 0, "b": 320, "c": -320, "d": 0}
    assert "小七对4×豪华2杠×4×清一色5=80" in s.explanation[1].zh
    assert "small seven pairs 4 × luxury 2 sets of four ×4 × flush 5 = 80" in s.explanation[1].en
    assert any("牌分80×放冲2×买(c)2=320" in x.zh for x in s.explanation)
    assert settle({**r, "options": {"haohua": "times_n"}}).paid("c", "b") == 160
    # the dealer a deals in instead (must buy, L47): 80 × 庄2 × 放冲2 × 买(a)2 = 640
    s = settle(
        rec([win("b", "a", "xiao_qi_dui", "qing_yi_se")], counts={"four_in_pairs": {"b": 2}})
    )
    assert s.net == {"a": -640, "b": 640, "c": 0, "d": 0}


def test_audit_robbed_kong_both_payer_options() -> None:
    # d robs b's kong with 大七对: 3 × 抢杠2 (L53 "抢 杠 － 2") = 6; b bought, dealer a.
    # default (house): b pays alone as the discarder: 6 × 放冲2 × 买(b)2 = 24.
    # option all: as a self-draw, no 放冲: a 6 × 庄2 × 买(a)2 = 24, b 6 × 买(b)2 = 12, c 6; d +42.
    r = rec([win("d", "b", "da_qi_dui", robbed=True)], counts={"bought": {"b": 1}})
    assert settle(r).net == {"a": 0, "b": -24, "c": 0, "d": 24}
    s = settle({**r, "options": {"robbed_kong_payer": "all"}})
    assert s.net == {"a": -24, "b": -12, "c": -6, "d": 42}


def test_audit_dealer_honours_single_wait_lighter_kong() -> None:
    # dealer a self-draws 字一色（成阕）12 × 单钓2 = 24 (L57 "×2(成阕)", L55 "单 调 × 2"); b bought,
    # a bought as dealer (L47), one lighter (L61); c made a 暗杠 (2 from each, Y6).
    # default (the dealer doubles only when paying, Y4):
    #   b: 24 × 买(a)2 × 买(b)2 × 打火机2 = 192; c: 24 × 2 × 2 = 96; d: 96
    #   a = 192 + 96 + 96 − 2 = 382; b = −192 − 2 = −194; c = −96 + 6 = −90; d = −96 − 2 = −98.
    # option dealer_x2_on_receive: every payment ×2 more: b 384, c 192, d 192.
    r = rec(
        [win("a", None, "zi_yi_se", "dan_diao")],
        counts={"bought": {"b": 1}},
        events=[{"type": "lighter", "player": "d"}, {"type": "concealed_kong", "player": "c"}],
    )
    s = settle(r)
    assert s.net == {"a": 382, "b": -194, "c": -90, "d": -98}
    assert any("b付a：牌分24×买(a)2×买(b)2×打火机1个2=192" in x.zh for x in s.explanation)
    s = settle({**r, "options": {"dealer_x2_on_receive": True}})
    assert s.paid("b", "a") == 384 and s.paid("c", "a") == 192 and s.paid("d", "a") == 192


@pytest.mark.parametrize("shape", ["xiao_qi_dui", "shisan_lan", "qixing_shisan_lan"])
def test_audit_no_kong_in_pairs_or_rotten(shape: str) -> None:
    # seven pairs "不能吃，不能碰" (L31); 十三烂 has no two alike (L25): no 杠开, no kong event
    with pytest.raises(RecordError):
        settle(rec([win("b", None, shape, "gang_kai")]))
    r = rec([win("b", "c", shape)], events=[{"type": "concealed_kong", "player": "b"}])
    assert refused_field(r) == "wins[0].shape"


# ---------------------------------------------------------------- 压鸽子 with backers on both sides
# Seed 002 L49 "输赢与在座玩家相同（买了的也相同）积分" does not say whether backers on opposite
# sides pay each other; option side_bet_mode: mirror (default) or clone.
def _both_sides(mode: str | None) -> dict[str, Any]:
    # b wins a plain hand on c's discard (the discarder alone pays, a = dealer is not involved);
    # grandpa backs b, eve backs c
    options = {} if mode is None else {"side_bet_mode": mode}
    return rec(
        [win("b", "c")],
        options=options,
        events=[
            {"type": "side_bet", "player": "b", "backer": "grandpa"},
            {"type": "side_bet", "player": "c", "backer": "eve"},
        ],
    )


def test_side_bets_on_both_sides_mirror_and_clone() -> None:
    plain = settle(rec([win("b", "c")]))
    x = plain.paid("c", "b")
    assert x > 0 and plain.net == {"a": 0, "b": x, "c": -x, "d": 0}
    # mirror (default): c pays b and grandpa; eve pays b; backers do not pay each other
    m = settle(_both_sides(None))
    assert m.net == {"a": 0, "b": 2 * x, "c": -2 * x, "d": 0, "grandpa": x, "eve": -x}
    assert m.paid("eve", "grandpa") == 0
    # clone: eve also pays grandpa, so each backer ends with its seat's final net
    c = settle(_both_sides("clone"))
    assert c.net == {"a": 0, "b": 2 * x, "c": -2 * x, "d": 0, "grandpa": 2 * x, "eve": -2 * x}
    assert c.paid("eve", "grandpa") == x
    assert any("clone" in step.en for step in c.explanation)


@settings(max_examples=200, suppress_health_check=[HealthCheck.too_slow])
@given(records())
def test_property_clone_backer_equals_seat_final_net(r: dict[str, Any]) -> None:
    r = {**r, "options": {**r["options"], "side_bet_mode": "clone"}}
    s = settle_generated(r)
    for e in (e for e in r["events"] if e["type"] == "side_bet"):
        assert s.net[e["backer"]] == s.net[e["player"]]
