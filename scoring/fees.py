"""A night's table fee and loss cap, applied to the night's nets at settlement (pure, integers).

The per-hand ledger is never touched: :func:`adjust_night` takes the night's nets (money in
minor units when the table has a stake, else points; positive = receives) and returns the nets
the night is settled with, plus who was capped and who paid what of the fee.

Loss cap (封顶)
    A player whose net is below ``−cap`` pays only ``cap``; the *shortfall* (what the capped
    players no longer pay) is given up by the night's winners in proportion to their winnings.
    The cap limits the mahjong loss; the table fee (below) comes on top of it.

Table fee (台板 / room / tea)
    A fixed ``amount`` paid to ``payee`` (a player, or the house's host), split

    * ``"aa"``: equally among the night's players (AA), the payee included;
    * ``"winners"``: among the night's winners (after the cap) in proportion to their winnings;
      a night nobody won is split AA.

Rounding: every split is an exact share rounded by the rule of :func:`scoring.transfers.to_money`
(nearest unit, halves away from zero; then the players whose rounding added the most give one
unit back, or those rounded down the most get one, ties by seat order then id), so the shares
sum exactly to what is split and nobody is off their exact share by one unit or more. The
adjusted nets sum to zero.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

FEE_SPLITS = ("aa", "winners")


@dataclass(frozen=True, slots=True)
class NightAdjust:
    """What :func:`adjust_night` did. Every amount is positive (minor units or points)."""

    net: dict[str, int]  # the nets the night is settled with (sum zero)
    capped: dict[str, int] = field(default_factory=dict)  # capped player → amount waived
    cap_shares: dict[str, int] = field(default_factory=dict)  # winner → part of the shortfall
    fee_shares: dict[str, int] = field(default_factory=dict)  # player → share of the fee
    fee_payee: str | None = None
    fee_total: int = 0

    @property
    def changed(self) -> bool:
        return bool(self.capped or self.fee_total)


def _rank(order: Sequence[str] | None) -> dict[str, int]:
    return {p: i for i, p in enumerate(order or ())}


def apportion(
    total: int, weights: Mapping[str, int], order: Sequence[str] | None = None
) -> dict[str, int]:
    """``total`` split in proportion to ``weights`` (positive ints), in whole units that sum to
    exactly ``total``: each exact share ``total × w / W`` rounded to the nearest unit (halves
    away from zero), then the sum corrected one unit at a time on the players whose rounding
    erred most in that direction (ties: earlier in ``order``, then id). Each share is less than
    one unit from its exact value."""
    if type(total) is not int or total < 0:
        raise ValueError(f"the amount to split must be a whole number ≥ 0, got {total!r}")
    ws = {p: w for p, w in weights.items() if w}
    if any(type(w) is not int or w < 0 for w in ws.values()):
        raise ValueError("weights must be positive integers")
    if not ws:
        if total:
            raise ValueError("nobody to split among")
        return {}
    big = sum(ws.values())
    share = {p: (2 * total * w + big) // (2 * big) for p, w in ws.items()}  # half up (≥ 0)
    k = sum(share.values()) - total
    if k:
        pos = _rank(order)
        step = 1 if k > 0 else -1

        def err(p: str) -> int:  # rounding error × big: positive = rounded up
            return share[p] * big - total * ws[p]

        for p in sorted(ws, key=lambda p: (-step * err(p), pos.get(p, len(pos)), p))[: abs(k)]:
            share[p] -= step
    return {p: v for p, v in share.items() if v}


def adjust_night(
    net: Mapping[str, int],
    *,
    cap: int | None = None,
    fee: int = 0,
    fee_split: str = "aa",
    fee_payee: str | None = None,
    players: Sequence[str] | None = None,
    order: Sequence[str] | None = None,
) -> NightAdjust:
    """The night's nets after the loss ``cap`` and the table ``fee`` (see the module docstring).

    ``players`` are the night's players (who share an AA fee and can be capped; default: every
    key of ``net``; others, like the pot, only take part in the proportional shares).
    ``fee_payee`` is required with a fee. Raises :class:`ValueError` on bad input.
    """
    bal = dict(net)
    for p, v in bal.items():
        if type(v) is not int:
            raise ValueError(f"net of {p!r} must be an integer, got {v!r}")
    if sum(bal.values()) != 0:
        raise ValueError("nets must sum to zero")
    people = list(players) if players is not None else list(bal)
    for p in people:
        bal.setdefault(p, 0)
    if cap is not None and (type(cap) is not int or cap < 0):
        raise ValueError(f"the cap must be a whole number ≥ 0, got {cap!r}")
    if type(fee) is not int or fee < 0:
        raise ValueError(f"the fee must be a whole number ≥ 0, got {fee!r}")
    if fee_split not in FEE_SPLITS:
        raise ValueError(f"fee split must be one of {FEE_SPLITS}, got {fee_split!r}")
    if fee and fee_payee is None:
        raise ValueError("a fee needs a payee")
    rank_order = list(order or ()) + [p for p in people if p not in (order or ())]

    capped: dict[str, int] = {}
    cap_shares: dict[str, int] = {}
    if cap is not None:
        for p in people:
            if bal[p] < -cap:
                capped[p] = -cap - bal[p]
                bal[p] = -cap
        shortfall = sum(capped.values())
        if shortfall:
            winners = {p: v for p, v in bal.items() if v > 0}
            cap_shares = apportion(shortfall, winners, rank_order)
            for p, v in cap_shares.items():
                bal[p] -= v

    fee_shares: dict[str, int] = {}
    if fee:
        assert fee_payee is not None
        winners = {p: bal[p] for p in people if bal[p] > 0}
        if fee_split == "winners" and winners:
            fee_shares = apportion(fee, winners, rank_order)
        else:
            fee_shares = apportion(fee, dict.fromkeys(people or [fee_payee], 1), rank_order)
        for p, v in fee_shares.items():
            bal[p] -= v
        bal[fee_payee] = bal.get(fee_payee, 0) + fee
    assert sum(bal.values()) == 0
    return NightAdjust(
        net=bal,
        capped=capped,
        cap_shares=cap_shares,
        fee_shares=fee_shares,
        fee_payee=fee_payee if fee else None,
        fee_total=fee,
    )
