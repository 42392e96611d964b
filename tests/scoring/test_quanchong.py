"""The 全冲 payment layer (scoring/quanchong.py).

Spec: shared/rules/quanchong-payment.md. Seed 001_027ea77d1181f0d7.txt L101–106.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.quanchong import (
    PAYMENT_MODES,
    REASON_QUANCHONG,
    REASON_SELF_DRAWN,
    pay_fan_win,
    payment_option,
)
from scoring.ruleset import Tally

P4 = ["a", "b", "c", "d"]


def _tally() -> Tally:
    return Tally(P4)


def test_qc01_self_draw_90_taodou() -> None:
    # QC-01, seed 001 L106 verbatim: "比如每番3淘豆，胡牌番数5，那么胡牌者可以赢得5(番)*3(家)*3(淘豆)*2(倍)=90淘豆"
    # share = 5 番 × 3 淘豆 = 15; each of the three pays 2 × 15 = 30 (spec Q2); winner +90.
    fan, stake = 5, 3
    for mode in (
        "quanchong",
        "split",
    ):  # L104–105: the self-draw rule of the app, with or without 全冲
        t = _tally()
        total = pay_fan_win(t, P4, "a", None, fan * stake, mode)
        s = t.settlement()
        assert total == 90
        assert s.net == {"a": 90, "b": -30, "c": -30, "d": -30}
        assert {p.reason for p in s.payments} == {REASON_SELF_DRAWN}


def test_quanchong_discard_four_times() -> None:
    # seed 001 L103: "全冲即放枪者给胡牌者，除了自己的两倍，还要代其他两家各一倍，总计四倍"
    # spec §3 derived: F = 5, 3 淘豆 per fan, on a discard with 全冲: the discarder pays 5 × 3 × 4 = 60.
    t = _tally()
    total = pay_fan_win(t, P4, "a", "c", 5 * 3, "quanchong")
    s = t.settlement()
    assert total == 60
    assert s.net == {"a": 60, "b": 0, "c": -60, "d": 0}
    assert [p.reason for p in s.payments] == [REASON_QUANCHONG]
    assert "付4份（自己两份+代另2家各一份）4×15=60" in s.explanation[0].zh
    assert "pays 4 shares (2 + 1 for each of the other 2): 4 × 15 = 60" in s.explanation[0].en


def test_split_discard_spec_q1() -> None:
    # spec §3 derived / Q1: without 全冲 the discarder pays 30 and the other two 15 each (60 in all).
    t = _tally()
    total = pay_fan_win(t, P4, "a", "c", 15, "split")
    assert total == 60
    assert t.settlement().net == {"a": 60, "b": -15, "c": -30, "d": -15}


def test_discarder_mode() -> None:
    # the common model (rules README "discarder alone on a discard, all three on a self-draw")
    t = _tally()
    assert pay_fan_win(t, P4, "b", "d", 8, "discarder") == 8
    assert pay_fan_win(t, P4, "b", None, 8, "discarder") == 24
    assert t.settlement().net == {"a": -8, "b": 32, "c": -8, "d": -16}


def test_payers_subset_xuezhan() -> None:
    # 血战: a player who has already won ("a") takes no part; 全冲 then covers the one other payer.
    t = _tally()
    assert pay_fan_win(t, P4, "b", "c", 4, "quanchong", payers=["b", "c", "d"]) == 12  # (2+1)×4
    assert pay_fan_win(t, P4, "b", None, 4, "split", payers=["c", "d"]) == 16
    net = t.settlement().net
    assert net["a"] == 0 and net == {"a": 0, "b": 28, "c": -20, "d": -8}


def test_three_players_quanchong() -> None:
    t = Tally(["a", "b", "c"])
    assert pay_fan_win(t, ["a", "b", "c"], "a", "b", 10, "quanchong") == 30  # (2+1)×10


def test_labels_in_explanation() -> None:
    t = _tally()
    pay_fan_win(
        t, P4, "a", None, 2, "quanchong", label_zh="清一色 6番", label_en="Full flush 6 fan"
    )
    step = t.settlement().explanation[0]
    assert step.zh.startswith("清一色 6番：") and step.en.startswith("Full flush 6 fan: ")


def test_bad_arguments() -> None:
    with pytest.raises(ValueError):
        pay_fan_win(_tally(), P4, "a", "a", 1, "quanchong")
    with pytest.raises(ValueError):
        pay_fan_win(_tally(), P4, "a", "b", 1, "nonsense")
    with pytest.raises(ValueError):
        pay_fan_win(_tally(), P4, "a", "b", -1, "split")
    with pytest.raises(ValueError):
        pay_fan_win(_tally(), P4, "a", "b", 1, "split", payers=["c", "d"])


def test_payment_option_decl() -> None:
    opt = payment_option("quanchong")
    assert opt.id == "payment" and opt.default == "quanchong"
    assert [c.value for c in opt.choices] == list(PAYMENT_MODES)
    assert opt.check("split") is None and opt.check("other") is not None
    assert opt.help_zh and opt.help_en
    assert not opt.house  # a ruleset whose seed gives its payer model
    assert payment_option("discarder", house=True).house  # audit: a seed-silent payer model


def test_audit_three_players_quanchong() -> None:
    # seed 001 L103 "除了自己的两倍，还要代其他两家各一倍": with 3 players there is one other
    # payer, so the discarder pays (2+1) × 7 = 21; a self-draw: each of 2 pays 2 × 7 = 14.
    t = Tally(["a", "b", "c"])
    assert pay_fan_win(t, ["a", "b", "c"], "a", "b", 7, "quanchong") == 21
    assert pay_fan_win(t, ["a", "b", "c"], "c", None, 7, "quanchong") == 28
    assert t.settlement().net == {"a": 21 - 14, "b": -21 - 14, "c": 28}


@given(
    st.sampled_from(PAYMENT_MODES),
    st.integers(0, 10_000),
    st.sampled_from(P4),
    st.one_of(st.none(), st.sampled_from(P4)),
)
def test_property_zero_sum_and_totals(mode: str, share: int, winner: str, disc: str | None) -> None:
    if disc == winner:
        disc = None
    t = _tally()
    total = pay_fan_win(t, P4, winner, disc, share, mode)
    s = t.settlement()
    assert sum(s.net.values()) == 0
    assert s.net[winner] == total
    assert all(p.payee == winner and p.amount > 0 for p in s.payments)
    # 全冲 and split collect the same on a discard (4 shares); a self-draw collects 6 (spec Q3)
    if mode != "discarder":
        assert total == (6 if disc is None else 4) * share
