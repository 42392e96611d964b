"""The night's fewest transfers, and turning points into money (pure, integers only).

Fewest transfers
================

After a night the ledger knows every player's net (positive = receives). :func:`fewest_transfers`
turns those balances into a short list of "A pays B n" transfers.

* **Minimal.** With *n* non-zero balances, the fewest possible transfers is *n − g*, where *g* is
  the largest number of groups the players can be split into so that every group sums to zero (a
  group of *k* players needs *k − 1* transfers, and no fewer). Up to :data:`EXACT_LIMIT` (16)
  non-zero balances *g* is found exactly by dynamic programming over subsets (bitmasks); above
  that, transfers are made greedily (largest debtor pays largest creditor) until 16 balances are
  left, and the rest is exact. The result is never longer than the plain greedy list
  (:func:`greedy_transfers`).
* **Deterministic.** Ties are broken by seat order (``order``), then by player id; players not in
  ``order`` (guests) come after the seated ones.
* **Paying one transfer does not reshuffle the rest.** The list is defined one transfer at a
  time: the first transfer is chosen from the balances alone, and the rest of the list is what the
  same function gives for the balances after that transfer is paid. So if the table pays the first
  transfer and recomputes, it gets exactly the remaining list — always, with no exception, at any
  number of players. (Paying a transfer *other* than the first, or paying part of one, may of course
  give a different list.)
* **How the first transfer is chosen.** Among the zero-sum groups that belong to some maximum
  split (a group with no smaller zero-sum part, whose complement can still be split into *g − 1*
  groups), take in each group the greedy move: its largest debtor pays its largest creditor the
  smaller of the two amounts. Of these candidate moves the largest amount goes first; ties by the
  payer's, then the payee's seat order. Every candidate leaves a state that needs exactly one
  transfer fewer, so the whole list is minimal.

Money
=====

:func:`to_money` converts points to minor currency units (fen, cents…): exact value
``points × rate_minor / per_points``, rounded to a multiple of ``round_to_minor`` so that the
books still balance. :func:`format_money` prints an amount ("¥35", "¥0.50").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

#: Largest number of non-zero balances solved exactly (2^16 subsets).
EXACT_LIMIT = 16


@dataclass(frozen=True, slots=True)
class Transfer:
    """``payer`` pays ``amount`` (a positive int) to ``payee``."""

    payer: str
    payee: str
    amount: int

    def to_json(self) -> dict[str, str | int]:
        return {"from": self.payer, "to": self.payee, "amount": self.amount}


def _check_net(net: Mapping[str, int]) -> dict[str, int]:
    out: dict[str, int] = {}
    for player, value in net.items():
        if type(value) is not int:
            raise ValueError(f"balance of {player!r} must be an integer, got {value!r}")
        if value:
            out[player] = value
    total = sum(out.values())
    if total != 0:
        raise ValueError(f"balances must sum to zero, they sum to {total}")
    return out


def _ranker(order: Sequence[str] | None) -> dict[str, int]:
    return {p: i for i, p in enumerate(order or ())}


class _Rank:
    """Sort key of a player: seat position (guests after everyone seated), then id."""

    __slots__ = ("pos",)

    def __init__(self, order: Sequence[str] | None) -> None:
        self.pos = _ranker(order)

    def __call__(self, player: str) -> tuple[int, str]:
        return (self.pos.get(player, len(self.pos)), player)


def _greedy_move(bal: Mapping[str, int], members: Sequence[str], rank: _Rank) -> Transfer:
    """Largest debtor of ``members`` pays their largest creditor (ties by rank)."""
    payer = min((p for p in members if bal[p] < 0), key=lambda p: (bal[p], rank(p)))
    payee = min((p for p in members if bal[p] > 0), key=lambda p: (-bal[p], rank(p)))
    return Transfer(payer, payee, min(-bal[payer], bal[payee]))


def _move_key(t: Transfer, rank: _Rank) -> tuple[int, tuple[int, str], tuple[int, str]]:
    return (-t.amount, rank(t.payer), rank(t.payee))


def _exact_move(bal: Mapping[str, int], rank: _Rank) -> Transfer:
    """The first transfer of a minimal plan, chosen as described in the module docstring."""
    players = sorted(bal, key=rank)
    values = [bal[p] for p in players]
    n = len(players)
    full = (1 << n) - 1
    sums = [0] * (1 << n)
    for mask in range(1, full + 1):
        low = mask & -mask
        sums[mask] = sums[mask ^ low] + values[low.bit_length() - 1]
    # groups[mask] = most zero-sum groups the players of ``mask`` split into (whole groups only
    # count when the mask sums to zero, so groups[full] is the g of the docstring).
    groups = [0] * (1 << n)
    bits = [1 << i for i in range(n)]
    for mask in range(1, full + 1):
        best = 0
        for b in bits:
            if mask & b:
                g = groups[mask ^ b]
                if g > best:
                    best = g
        groups[mask] = best + 1 if sums[mask] == 0 else best
    target = groups[full] - 1
    best_move: Transfer | None = None
    for mask in range(1, full + 1):
        if sums[mask] != 0 or groups[mask] != 1 or groups[full ^ mask] != target:
            continue
        members = [players[i] for i in range(n) if mask & bits[i]]
        move = _greedy_move(bal, members, rank)
        if best_move is None or _move_key(move, rank) < _move_key(best_move, rank):
            best_move = move
    assert best_move is not None
    return best_move


def _pay(bal: dict[str, int], t: Transfer) -> None:
    for player, delta in ((t.payer, t.amount), (t.payee, -t.amount)):
        value = bal[player] + delta
        if value:
            bal[player] = value
        else:
            del bal[player]


def fewest_transfers(net: Mapping[str, int], order: Sequence[str] | None = None) -> list[Transfer]:
    """The fewest transfers that settle ``net`` (player → balance, positive = receives).

    ``order`` is the seat order used to break ties (players not in it come after, by id).
    Raises :class:`ValueError` if a balance is not an int or the balances do not sum to zero.
    See the module docstring for the exact rule; in short: minimal (exact up to 16 non-zero
    balances), deterministic, and paying the first transfer then recomputing gives the rest.
    """
    bal = _check_net(net)
    rank = _Rank(order)
    out: list[Transfer] = []
    while bal:
        if len(bal) > EXACT_LIMIT:
            move = _greedy_move(bal, list(bal), rank)
        else:
            move = _exact_move(bal, rank)
        out.append(move)
        _pay(bal, move)
    return out


def greedy_transfers(net: Mapping[str, int], order: Sequence[str] | None = None) -> list[Transfer]:
    """Plain greedy settlement: the largest debtor pays the largest creditor, repeatedly.

    At most *n − 1* transfers for *n* non-zero balances, not always the fewest; the baseline
    :func:`fewest_transfers` is never longer than.
    """
    bal = _check_net(net)
    rank = _Rank(order)
    out: list[Transfer] = []
    while bal:
        move = _greedy_move(bal, list(bal), rank)
        out.append(move)
        _pay(bal, move)
    return out


def apply_transfers(net: Mapping[str, int], transfers: Sequence[Transfer]) -> dict[str, int]:
    """The balances left after paying ``transfers`` (zeros kept)."""
    bal = dict(net)
    for t in transfers:
        bal[t.payer] = bal.get(t.payer, 0) + t.amount
        bal[t.payee] = bal.get(t.payee, 0) - t.amount
    return bal


# --- money ---------------------------------------------------------------------------------


def _round_half_away(num: int, den: int) -> int:
    """num / den rounded to the nearest integer, halves away from zero (den > 0)."""
    q = (2 * abs(num) + den) // (2 * den)
    return q if num >= 0 else -q


def to_money(
    net: Mapping[str, int],
    rate_minor: int,
    per_points: int = 1,
    round_to_minor: int = 1,
    order: Sequence[str] | None = None,
) -> dict[str, int]:
    """Convert points to money in minor currency units, keeping the books balanced.

    Each player's exact amount is ``points × rate_minor / per_points`` minor units (e.g. fen:
    ``rate_minor=50, per_points=1`` = ¥0.50 per point; ``rate_minor=1, per_points=2`` = one fen
    per two points). It is rounded to a multiple of ``u = round_to_minor`` (``100`` = whole
    yuan) by this rule:

    1. round each player's exact amount to the nearest multiple of ``u``, halves away from zero;
    2. the rounded amounts now sum to ``k × u`` for some integer ``k`` (often 0). If ``k > 0``,
       take ``u`` off the ``k`` players whose rounding added the most (largest rounded − exact);
       if ``k < 0``, add ``u`` to the ``|k|`` players whose rounding took the most. Ties go to
       the player earlier in ``order`` (seat order; others after, by id).

    The result sums to exactly 0, every amount is a multiple of ``u``, and every amount is
    less than one ``u`` away from the exact value (at most half a ``u`` for players untouched
    by step 2). Raises :class:`ValueError` if ``net`` does not sum to zero or a parameter is
    not a positive integer (``rate_minor`` may be 0).
    """
    bal = {p: v for p, v in net.items()}
    _check_net(bal)
    for name, value, low in (
        ("rate_minor", rate_minor, 0),
        ("per_points", per_points, 1),
        ("round_to_minor", round_to_minor, 1),
    ):
        if type(value) is not int or value < low:
            raise ValueError(f"{name} must be an integer ≥ {low}, got {value!r}")
    u = round_to_minor
    den = per_points * u  # exact amount in units of u = points × rate_minor / den
    units = {p: _round_half_away(v * rate_minor, den) for p, v in bal.items()}
    k = sum(units.values())
    if k:
        rank = _Rank(order)
        step = 1 if k > 0 else -1

        # rounding error of p, in units of 1/den of u: positive = rounded up
        def err(p: str) -> int:
            return units[p] * den - bal[p] * rate_minor

        by_error = sorted(bal, key=lambda p: (-step * err(p), rank(p)))
        for p in by_error[: abs(k)]:
            units[p] -= step
    return {p: q * u for p, q in units.items()}


#: ISO 4217 code → (symbol, minor-unit exponent). Symbols as used in the currency's home.
CURRENCIES: dict[str, tuple[str, int]] = {
    "CNY": ("¥", 2),
    "RMB": ("¥", 2),
    "HKD": ("HK$", 2),
    "MOP": ("MOP$", 2),
    "TWD": ("NT$", 2),
    "USD": ("$", 2),
    "EUR": ("€", 2),
    "GBP": ("£", 2),
    "SGD": ("S$", 2),
    "MYR": ("RM", 2),
    "AUD": ("A$", 2),
    "CAD": ("CA$", 2),
    "NZD": ("NZ$", 2),
    "CHF": ("CHF ", 2),
    "THB": ("฿", 2),
    "PHP": ("₱", 2),
    "JPY": ("¥", 0),
    "KRW": ("₩", 0),
    "VND": ("₫", 0),
}


def minor_exponent(currency: str) -> int:
    """Digits after the decimal point of ``currency`` (2 if unknown)."""
    return CURRENCIES.get(currency.upper(), ("", 2))[1]


def format_money(minor: int, currency: str) -> str:
    """``minor`` units of ``currency`` as text: ``format_money(3500, "CNY") == "¥35"``.

    Whole amounts print without decimals, others with all minor digits (``"¥0.50"``);
    thousands are grouped with commas; negatives get a leading minus (``"-¥3.20"``). An
    unknown code prints as ``"12.50 XYZ"`` (exponent 2).
    """
    if type(minor) is not int:
        raise ValueError(f"money is an integer number of minor units, got {minor!r}")
    code = currency.upper()
    symbol, exp = CURRENCIES.get(code, ("", 2))
    whole, frac = divmod(abs(minor), 10**exp) if exp else (abs(minor), 0)
    text = f"{whole:,}"
    if frac:
        text += f".{frac:0{exp}d}"
    sign = "-" if minor < 0 else ""
    if symbol:
        return f"{sign}{symbol}{text}"
    return f"{sign}{text} {code}"
