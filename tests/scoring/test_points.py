"""Generic 点数制 with 封顶 and the payment layer (scoring/rulesets/points.py).

Spec: shared/rules/generic-dianshu-fengding.md. Seed: shared/seeds/001_027ea77d1181f0d7.txt;
"Lnnn" is a 1-based line of that seed.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import next_dealer, settle
from scoring.registry import get
from scoring.rulesets.points import FANS, ledger_fan_limit
from tests.scoring.builders import PLAYERS, record, refused_field

P = PLAYERS
rec = partial(record, "points")


def win(
    winner: str, frm: str | None, *flags: str, fan: int | None = None, robbed: bool = False
) -> dict[str, Any]:
    fans = list(flags) or None
    return {"winner": winner, "from": frm, "fans": fans, "fan": fan, "robbed_kong": robbed}


def test_formula_derived_illustration() -> None:
    # spec §1 derived (not seed): base 10, 3番 → 10 × 8 = 80; formula L100 "得分 = 底分 × 2的番数次方"
    s = settle(rec([win("b", "c", fan=3)]))
    assert s.net == {"a": 0, "b": 80, "c": -80, "d": 0}
    # 10 × 2^3: "3番 → 10×8 = 80" (issue 25 point 6: each 番 doubles, no formula)
    assert "3番 → 10×8 = 80" in s.explanation[0].zh and "3 fan → 10 × 8 = 80" in s.explanation[0].en


def test_base_10_or_20() -> None:
    # L99 "底分通常为10点或20点"; D1: house default 10
    decl = get("points").option("base")
    assert decl is not None and decl.default == 10 and decl.house
    assert settle(rec([win("b", "c", fan=2)], options={"base": 20})).paid("c", "b") == 80


def test_cap_13_fan_default() -> None:
    # L14–15 "上限（封顶）…大过该封顶值以该封顶值计算。2、上限封顶即役满牌型，为13番。"
    decl = get("points").option("cap_fan")
    assert decl is not None and decl.default == 13 and not decl.house
    assert settle(rec([win("b", "c", fan=13)])).paid("c", "b") == 10 * 2**13
    assert settle(rec([win("b", "c", fan=14)])).paid("c", "b") == 10 * 2**13


def test_cap_clips_da_san_yuan_d3() -> None:
    # D3 / L96 "大三元（26番）" vs the 13番 cap: with the cap 26 never applies → 10 × 2^13 = 81920
    s = settle(rec([win("b", "c", "da_san_yuan")]))
    assert s.paid("c", "b") == 81920
    assert "大三元26 = 26番，封顶13番 → 10×8192 = 81920" in s.explanation[0].zh  # 10 × 2^13
    # no cap (0): 10 × 2^26
    assert (
        settle(rec([win("b", "c", "da_san_yuan")], options={"cap_fan": 0})).paid("c", "b")
        == 10 * 2**26
    )
    # a table cap of 5: 清一色 6 + 平和 1 = 7 → 5 → 10 × 32 = 320
    s = settle(rec([win("b", "c", "qing_yi_se", "ping_he")], options={"cap_fan": 5}))
    assert s.paid("c", "b") == 320


@pytest.mark.parametrize(
    ("fid", "fan"),
    [
        ("ping_he", 1),  # L87 "平和（1番）"
        ("yi_bei_kou", 1),  # L88 "一杯口（1番）"
        ("qi_dui_zi", 2),  # L89 "七对子（2番）"
        ("hun_yi_se", 2),  # L90 "混一色（2番）"
        ("wu_zi", 3),  # L91 "无字（3番）"
        ("dui_dui_he", 3),  # L92 "对对和（3番）"
        ("hun_quan_dai_yao_jiu", 3),  # L93 "混全带幺九（3番）"
        ("hun_quan_dai_zi", 3),  # L97 "混全带字：3番"
        ("qing_yi_se", 6),  # L94 "清一色（6番）"
        ("xiao_san_yuan", 13),  # L95 "小三元（13番）"
        ("da_san_yuan", 26),  # L96 "大三元（26番）"
    ],
)
def test_fan_list(fid: str, fan: int) -> None:
    assert FANS[fid][2] == fan
    listed = {f["id"]: f for f in get("points").to_json()["fans"]}
    assert listed[fid]["points"] == fan and listed[fid]["name_zh"] and listed[fid]["name_en"]
    s = settle(rec([win("b", "c", fid)], options={"cap_fan": 0, "base": 1}))
    assert s.paid("c", "b") == 2**fan


def test_fans_add_l26() -> None:
    # L26 "若多个牌型组合则按照加法算番": 混一色 2 + 对对和 3 + 一杯口 1 = 6番 → 10 × 64 = 640
    s = settle(rec([win("b", "c", "hun_yi_se", "dui_dui_he", "yi_bei_kou")]))
    assert s.paid("c", "b") == 640


def test_self_draw_each_pays() -> None:
    # spec §1: "self-draw -> each of 3 pays points()"
    assert settle(rec([win("b", None, fan=2)])).net == {"a": -40, "b": 120, "c": -40, "d": -40}


def test_robbed_kong_scored_as_self_draw_l13() -> None:
    # L13 "抢杠如果抢杠，记分按自摸计"
    s = settle(rec([win("b", "c", fan=2, robbed=True)]))
    assert s.net == {"a": -40, "b": 120, "c": -40, "d": -40}


def test_two_players() -> None:
    # the source game has two players (L2–26): the loser pays
    s = settle(rec([win("b", None, fan=4)], players=["a", "b"]))
    assert s.net == {"a": -160, "b": 160}


def test_payment_layer_quanchong_and_split() -> None:
    # quanchong-payment.md: discarder pays 4 shares with 全冲; split: 2 + 1 + 1; self-draw 2 each
    r = rec([win("b", "c", fan=1)], options={"payment": "quanchong"})
    assert settle(r).net == {"a": 0, "b": 80, "c": -80, "d": 0}
    r["options"] = {"payment": "split"}
    assert settle(r).net == {"a": -20, "b": 80, "c": -40, "d": -20}
    r = rec([win("b", None, fan=1)], options={"payment": "quanchong"})
    assert settle(r).net == {"a": -40, "b": 120, "c": -40, "d": -40}


def test_flowers_option() -> None:
    # L19 "胡牌时花牌可以多算番" (how many not stated: house 1 each, off by default)
    r = rec([win("b", "c", fan=2)], options={"flowers": True}, counts={"flowers": {"b": 2}})
    assert settle(r).paid("c", "b") == 10 * 2**4
    r = rec([win("b", "c", fan=2)], counts={"flowers": {"b": 2}})
    assert refused_field(r) == "counts.flowers"


def test_dealer_rule_l12() -> None:
    # L12 "谁胡牌下盘当庄家，若流局则上盘的庄家下盘继续当庄家"
    assert next_dealer(rec([win("c", "b", fan=1)])) == "c"
    assert next_dealer(rec([], result="draw")) == "a"
    assert settle(rec([], result="draw")).net == dict.fromkeys(P, 0)


@pytest.mark.parametrize(
    ("record", "field"),
    [
        (rec([win("b", "c", "ping_he", fan=3)]), "wins[0].fan"),
        (rec([win("b", "c")]), "wins[0].fans"),
        (rec([win("b", "c", fan=0)]), "wins[0].fan"),
        (rec([win("b", "c", "qing_yi_se", "hun_yi_se")]), "wins[0].fans[1]"),
        (rec([win("b", "c", "ping_he", "ping_he")]), "wins[0].fans[1]"),
        (rec([win("b", "c", "no_such_fan")]), "wins[0].fans[0]"),
    ],
)
def test_invalid(record: dict[str, Any], field: str) -> None:
    assert refused_field(record) == field


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.integers(0, 3), min_size=1, max_size=3, unique=True),
    st.one_of(st.none(), st.integers(0, 3)),
    st.integers(1, 40),
    st.sampled_from([0, 3, 5, 13]),
    st.sampled_from(["discarder", "split", "quanchong"]),
    st.integers(1, 50),
)
def test_property_zero_sum_and_cap(
    winners: list[int], disc: int | None, fan: int, cap: int, payment: str, base: int
) -> None:
    if disc is not None and disc in winners:
        disc = None
    if len(winners) > 1 and disc is None:
        winners = winners[:1]
    wins = [win(P[w], None if disc is None else P[disc], fan=fan) for w in winners]
    r = rec(wins, options={"cap_fan": cap, "payment": payment, "base": base})
    if not cap and fan > ledger_fan_limit(base):
        # no cap: a fan past the ledger's bound is refused (issue 12 point 4)
        assert refused_field(r) == "wins[0].fan"
        return
    s = settle(r)
    assert sum(s.net.values()) == 0
    used = min(fan, cap) if cap else fan
    # each payment is at most the per-payer share × the payment layer's multiple (全冲: 4)
    limit = base * 2**used * (4 if payment == "quanchong" else 2)
    assert all(0 < p.amount <= limit for p in s.payments)


# --- audit: hand-made multi-feature cases (expected numbers computed by hand from the spec) ---


def test_audit_flush_pungs_flowers_quanchong() -> None:
    # spec §1 + quanchong-payment.md §2; fans add (L26), flowers house +1 each (L19, option on):
    # 清一色 6 (L94) + 对对和 3 (L92) + 花牌 2 = 11番 ≤ 13; share = 20 × 2^11 = 20 × 2048 = 40960.
    # 全冲 (001 L103 "总计四倍"): the discarder d pays 4 × 40960 = 163840; a and c pay nothing.
    r = rec(
        [win("b", "d", "qing_yi_se", "dui_dui_he")],
        options={"base": 20, "flowers": True, "payment": "quanchong"},
        counts={"flowers": {"b": 2}},
    )
    s = settle(r)
    assert s.net == {"a": 0, "b": 163840, "c": 0, "d": -163840}
    assert s.paid("d", "b") == 163840
    zh, en = s.explanation[0].zh, s.explanation[0].en
    assert "清一色6 · 对对和3 · 花牌2 = 11番 → 20×2048 = 40960" in zh and "4×40960=163840" in zh
    assert "Full flush 6 · All pungs 3 · flowers 2 = 11 fan" in en and "4 × 40960 = 163840" in en


def test_audit_cap_after_flowers_split_self_draw() -> None:
    # 小三元 13 (L95) + 混一色 2 (L90) + 花牌 1 = 16番 > 封顶 13 (L14–15 "大过该封顶值以该封顶值计算")
    # → 10 × 2^13 = 81920; self-draw in the split mode (001 L104–105 "自身番数双倍"): each of the
    # three pays 2 × 81920 = 163840; winner +3 × 163840 = 491520.
    r = rec(
        [win("c", None, "xiao_san_yuan", "hun_yi_se")],
        options={"flowers": True, "payment": "split"},
        counts={"flowers": {"c": 1}},
    )
    s = settle(r)
    assert s.net == {"a": -163840, "b": -163840, "c": 491520, "d": -163840}
    assert all(s.paid(p, "c") == 163840 for p in ("a", "b", "d"))
    assert "= 16番，封顶13番 → 10×8192 = 81920" in s.explanation[0].zh
    assert "= 16 fan, capped at 13" in s.explanation[0].en


def test_audit_two_winners_one_discard_split() -> None:
    # Seed 001 L129–130 (一炮多响 "均可胡牌"; spec sichuan-xuezhan.md §1: "each winner is paid
    # separately"): a co-winner of the same discard is not a payer of the other (issue 12 point
    # 3). split mode (quanchong-payment.md §2): discarder 2 shares, every other non-winner 1 share.
    # b: 2番 → 10 × 4 = 40: d pays 80, a 40 (c won on the same discard: not a payer).
    # c: 七对子 2 + 混一色 2 = 4番 → 10 × 16 = 160: d pays 320, a 160 (b: not a payer).
    # net a = −40 − 160 = −200; b = 80 + 40 = 120; c = 320 + 160 = 480; d = −80 − 320 = −400.
    for wins in (
        [win("b", "d", fan=2), win("c", "d", "qi_dui_zi", "hun_yi_se")],
        [win("c", "d", "qi_dui_zi", "hun_yi_se"), win("b", "d", fan=2)],
    ):
        s = settle(rec(wins, options={"payment": "split"}))
        assert s.net == {"a": -200, "b": 120, "c": 480, "d": -400}
        assert s.paid("d", "b") == 80 and s.paid("a", "b") == 40 and s.paid("c", "b") == 0
        assert s.paid("d", "c") == 320 and s.paid("a", "c") == 160 and s.paid("b", "c") == 0


def test_two_winners_one_discard_quanchong() -> None:
    # quanchong-payment.md §4 Q4: "With 全冲 the discarder pays **each** winner 4 × that winner's
    # share ... whoever the two others are" (c is a co-winner and pays nothing): 4 shares each.
    # b: 40 → d pays 160; c: 160 → d pays 640. Net a 0, b 160, c 640, d −800.
    r = rec(
        [win("b", "d", fan=2), win("c", "d", "qi_dui_zi", "hun_yi_se")],
        options={"payment": "quanchong"},
    )
    assert settle(r).net == {"a": 0, "b": 160, "c": 640, "d": -800}


def test_audit_robbed_kong_quanchong_is_self_draw() -> None:
    # L13 "抢杠如果抢杠，记分按自摸计": with 全冲 a self-draw collects 2 shares from each
    # (L104–105), so the robbed player does not pay 4×: 3番 → 10 × 8 = 80; each pays 160.
    r = rec([win("b", "c", fan=3, robbed=True)], options={"payment": "quanchong"})
    s = settle(r)
    assert s.net == {"a": -160, "b": 480, "c": -160, "d": -160}
    assert "抢杠按自摸计" in s.explanation[0].zh


def test_audit_payment_rule_is_house() -> None:
    # spec §1 "who pays is not stated (the source game has two players: the loser pays)":
    # the 4-player payment default is a house value.
    decl = get("points").option("payment")
    assert decl is not None and decl.default == "discarder" and decl.house and decl.help_en
