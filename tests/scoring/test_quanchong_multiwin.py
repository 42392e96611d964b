"""Several winners on one discard under 全冲 (issue 24 point 7).

Spec ``shared/rules/quanchong-payment.md`` §4 Q4 (decided): "Several winners on one discard
(一炮多响): each winner is paid separately, as if alone, and a co-winner never pays another
winner. With 全冲 the discarder pays **each** winner 4 × that winner's share (the fixed "总计四倍"
of L103, whoever the two others are); without 全冲 the discarder pays 2 × share and each other
player who did not win on that tile 1 × share. The order in which the winners are entered never
changes a net."

Rulesets: ``points`` and ``sichuan`` with ``payment=quanchong`` (and ``split``).
"""

from __future__ import annotations

import itertools
from functools import partial
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import settle
from scoring.quanchong import pay_fan_win
from scoring.ruleset import Tally
from tests.scoring.builders import PLAYERS, record, win

points = partial(record, "points")
sichuan = partial(record, "sichuan")
NORMAL = {"mode": "normal", "base": 10}


def test_layer_quanchong_covers_the_co_winner() -> None:
    # Q4 "the discarder pays each winner 4 × that winner's share": b and d win on c's discard,
    # share 5; a is the only other payer, d the co-winner: c pays b 4 × 5 = 20, a pays nothing.
    t = Tally(PLAYERS)
    got = pay_fan_win(t, PLAYERS, "b", "c", 5, "quanchong", payers=["a", "b", "c"],
                      co_winners={"d"})  # fmt: skip
    assert got == 20 and t.net == {"a": 0, "b": 20, "c": -20, "d": 0}
    assert "4×5=20" in t.steps[0].zh and "4 × 5 = 20" in t.steps[0].en


def test_layer_split_co_winner_pays_nothing() -> None:
    # Q4 "without 全冲 the discarder pays 2 × share and each other player who did not win on that
    # tile 1 × share": c pays b 2 × 5 = 10, a pays 5, the co-winner d nothing.
    t = Tally(PLAYERS)
    got = pay_fan_win(t, PLAYERS, "b", "c", 5, "split", payers=["a", "b", "c"], co_winners={"d"})
    assert got == 15 and t.net == {"a": -5, "b": 15, "c": -10, "d": 0}


def test_points_two_winners_quanchong_four_shares_each() -> None:
    # Q4: d discards, b (2番 → 10 × 2^2 = 40) and c (七对子 2 + 混一色 2 = 4番 → 10 × 2^4 = 160)
    # both win. d pays b 4 × 40 = 160 and c 4 × 160 = 640; a and the co-winners pay nothing.
    wins = [_pwin("b", "d", fan=2), _pwin("c", "d", "qi_dui_zi", "hun_yi_se")]
    for order in (wins, wins[::-1]):
        s = settle(points(order, options={"payment": "quanchong"}))
        assert s.net == {"a": 0, "b": 160, "c": 640, "d": -800}
        assert s.paid("d", "b") == 160 and s.paid("d", "c") == 640
        assert s.paid("b", "c") == s.paid("c", "b") == 0


def test_sichuan_three_winners_quanchong_four_shares_each() -> None:
    # Q4 with three winners: a, b, c win on d's discard (平胡 1番 → 10 × 2^0 = 10 each, normal
    # mode). "4 × that winner's share" each: d pays 40 to each, 120 in all, in every order.
    wins = [win("a", "d", "ping_hu"), win("b", "d", "ping_hu"), win("c", "d", "ping_hu")]
    for perm in itertools.permutations(wins):
        s = settle(sichuan(list(perm), options={**NORMAL, "payment": "quanchong"}))
        assert s.net == {"a": 40, "b": 40, "c": 40, "d": -120}, perm


def _pwin(winner: str, frm: str, *fans: str, fan: int | None = None) -> dict[str, Any]:
    """A ``points`` win: its fans or its total 番 (scoring/rulesets/points.py)."""
    return {"winner": winner, "from": frm, "fans": list(fans) or None, "fan": fan}


def _one(ruleset: str, w: dict[str, Any], options: dict[str, Any]) -> dict[str, Any]:
    return record(ruleset, [w], options=options)


SICHUAN_SHAPES = ["ping_hu", "dui_dui_hu", "qing_yi_se", "qi_dui"]


@st.composite
def _one_discard(draw: st.DrawFn, ruleset: str) -> tuple[str, list[dict[str, Any]]]:
    """A discarder and 2–3 wins on its one discard (distinct winners)."""
    discarder = draw(st.sampled_from(PLAYERS))
    others = [p for p in PLAYERS if p != discarder]
    winners = draw(st.lists(st.sampled_from(others), min_size=2, max_size=3, unique=True))
    wins = []
    for w in winners:
        if ruleset == "points":
            wins.append(_pwin(w, discarder, fan=draw(st.integers(1, 8))))
        else:
            wins.append(win(w, discarder, draw(st.sampled_from(SICHUAN_SHAPES))))
    return discarder, wins


def _check_as_if_alone(ruleset: str, options: dict[str, Any], data: st.DataObject) -> None:
    discarder, wins = data.draw(_one_discard(ruleset))
    nets = set()
    for perm in itertools.permutations(wins):
        s = settle(record(ruleset, list(perm), options=options))
        nets.add(tuple(sorted(s.net.items())))
        winners = {w["winner"] for w in perm}
        for w in perm:
            alone = settle(_one(ruleset, w, options))
            # as if alone: the discarder pays the same; under 全冲 4 shares, so the
            # discarder's payment equals the whole of the lone win
            assert s.paid(discarder, w["winner"]) == alone.paid(discarder, w["winner"])
            if options["payment"] == "quanchong":
                assert s.paid(discarder, w["winner"]) == alone.net[w["winner"]]
            for co in winners - {w["winner"]}:
                assert s.paid(co, w["winner"]) == 0  # a co-winner never pays another winner
    assert len(nets) == 1  # "The order in which the winners are entered never changes a net"


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(["quanchong", "split"]), st.data())
def test_points_property_each_winner_as_if_alone(payment: str, data: st.DataObject) -> None:
    _check_as_if_alone("points", {"payment": payment}, data)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(["quanchong", "split"]), st.data())
def test_sichuan_property_each_winner_as_if_alone(payment: str, data: st.DataObject) -> None:
    _check_as_if_alone("sichuan", {**NORMAL, "payment": payment}, data)
