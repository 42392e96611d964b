"""Shared helpers for the scoring tests: hand records and wins in the contract's JSON shape
(shared/contracts/hand-record.md), the invariants every settlement keeps, and the hypothesis
pieces the per-ruleset property tests have in common.

A test module binds the ruleset once, keeping its own defaults::

    rec = partial(record, "suzhou")
    win = win_builder("ping_hu")
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

import pytest
from hypothesis import reject
from hypothesis import strategies as st

from scoring import RecordError, settle
from scoring.record import Settlement

PLAYERS = ["a", "b", "c", "d"]


def record(
    ruleset: str,
    wins: list[dict[str, Any]],
    *,
    players: Sequence[str] | None = None,
    dealer: str = "a",
    result: str | None = "win",
    options: dict[str, Any] | None = None,
    counts: dict[str, dict[str, int]] | None = None,
    events: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """A hand record (JSON object) for ``ruleset``; ``players`` default to a, b, c, d.

    ``result=None`` means "win" when there are wins, else "draw"."""
    if result is None:
        result = "win" if wins else "draw"
    return {
        "ruleset": ruleset,
        "options": options or {},
        "players": list(players or PLAYERS),
        "dealer": dealer,
        "result": result,
        "wins": wins,
        "counts": counts or {},
        "events": events or [],
    }


def win(
    winner: str,
    frm: str | None = None,
    shape: str | None = None,
    *flags: str,
    robbed: bool = False,
) -> dict[str, Any]:
    """One entry of ``wins``: ``frm`` is the discarder (JSON ``from``), None when self-drawn."""
    return {
        "winner": winner,
        "from": frm,
        "shape": shape,
        "flags": list(flags),
        "robbed_kong": robbed,
    }


class WinBuilder(Protocol):
    def __call__(
        self,
        winner: str,
        frm: str | None = None,
        shape: str | None = ...,
        *flags: str,
        robbed: bool = False,
    ) -> dict[str, Any]: ...


def win_builder(plain: str | None) -> WinBuilder:
    """:func:`win` whose shape, when not given, is the ruleset's plain shape ``plain``."""

    def build(
        winner: str,
        frm: str | None = None,
        shape: str | None = plain,
        *flags: str,
        robbed: bool = False,
    ) -> dict[str, Any]:
        return win(winner, frm, shape, *flags, robbed=robbed)

    return build


def assert_balanced(s: Settlement, players: Sequence[str] = ()) -> None:
    """The net sums to zero and every party's net is what they received minus what they paid;
    each of ``players`` has a net entry."""
    assert sum(s.net.values()) == 0
    for p in players:
        assert p in s.net, p
    parties = set(s.net) | {x.payer for x in s.payments} | {x.payee for x in s.payments}
    for p in parties:
        received = sum(x.amount for x in s.payments if x.payee == p)
        paid = sum(x.amount for x in s.payments if x.payer == p)
        assert s.net.get(p, 0) == received - paid, p


def refused_field(r: dict[str, Any]) -> str:
    """The field named by the :class:`RecordError` that ``settle`` refuses ``r`` with (the test
    fails if ``r`` settles)."""
    with pytest.raises(RecordError) as err:
        settle(r)
    return err.value.field


def settle_or_reject(r: dict[str, Any]) -> Settlement:
    """Settle a generated record; hypothesis discards the example when the record is invalid."""
    try:
        return settle(r)
    except RecordError:
        reject()


def settle_generated(r: dict[str, Any]) -> Settlement:
    """:func:`settle_or_reject`, then the invariants of every settlement: balanced
    (:func:`assert_balanced`) and every payment a positive amount."""
    s = settle_or_reject(r)
    assert_balanced(s)
    assert all(x.amount > 0 for x in s.payments)
    return s


@st.composite
def winners_and_discarder(
    draw: st.DrawFn, players: Sequence[str] = tuple(PLAYERS)
) -> tuple[list[str], str | None]:
    """0–3 distinct winners and who fed them: a lone winner may self-draw (None); otherwise
    every winner won on the discard of one player who did not win."""
    n_win = draw(st.integers(0, 3))
    if not n_win:
        return [], None
    winners = draw(st.permutations(players))[:n_win]
    rest = [p for p in players if p not in winners]
    frm = None if n_win == 1 and draw(st.booleans()) else draw(st.sampled_from(rest))
    return list(winners), frm
