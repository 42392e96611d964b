"""Table fee and loss cap at settlement (scoring/fees.py; issue 18 points 3 and 4).

Property tests: the adjusted nets sum to zero in minor units, a capped player pays exactly the
cap, the shortfall and the fee are split within one unit of their exact proportional shares,
and the fewest transfers of the adjusted nets are still minimal (checked against a brute force).
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.fees import adjust_night, apportion
from scoring.transfers import apply_transfers, fewest_transfers, to_money

PLAYERS = ["a", "b", "c", "d", "e", "f"]


@st.composite
def nets(draw: st.DrawFn, lo: int = 2, hi: int = 6) -> dict[str, int]:
    n = draw(st.integers(lo, hi))
    vals = draw(st.lists(st.integers(-5000, 5000), min_size=n - 1, max_size=n - 1))
    vals.append(-sum(vals))
    return dict(zip(PLAYERS[:n], vals, strict=True))


def brute_min_transfers(net: dict[str, int]) -> int:
    """n − g by trying every partition into zero-sum groups (small n only)."""
    vals = [v for v in net.values() if v]
    n = len(vals)
    best = {0: 0}
    full = (1 << n) - 1
    sums = {m: sum(vals[i] for i in range(n) if m >> i & 1) for m in range(full + 1)}

    def g(mask: int) -> int:
        if mask in best:
            return best[mask]
        low = mask & -mask
        out = -(10**9)
        sub = mask
        while sub:
            if sub & low and sums[sub] == 0:
                out = max(out, 1 + g(mask ^ sub))
            sub = (sub - 1) & mask
        best[mask] = out
        return out

    return n - g(full) if n else 0


def test_the_worked_example() -> None:
    # cap ¥200: Dave lost ¥300, pays ¥200; the ¥100 waived comes off Alice (+¥300) and Bob
    # (+¥100) in proportion 3:1 → Alice gives up ¥75, Bob ¥25. Fee ¥40 AA to the house (Alice).
    net = {"alice": 30000, "bob": 10000, "carol": -10000, "dave": -30000}
    adj = adjust_night(net, cap=20000, fee=4000, fee_split="aa", fee_payee="alice")
    assert adj.capped == {"dave": 10000}
    assert adj.cap_shares == {"alice": 7500, "bob": 2500}
    assert adj.fee_shares == {p: 1000 for p in net}
    assert adj.net == {
        "alice": 22500 - 1000 + 4000,
        "bob": 7500 - 1000,
        "carol": -11000,
        "dave": -21000,
    }
    assert sum(adj.net.values()) == 0


def test_fee_from_winners_in_proportion() -> None:
    net = {"a": 200, "b": 100, "c": -300}
    adj = adjust_night(net, fee=31, fee_split="winners", fee_payee="c")
    # exact 20.67 and 10.33 → 21 and 10
    assert adj.fee_shares == {"a": 21, "b": 10}
    assert adj.net == {"a": 179, "b": 90, "c": -269}


def test_no_winner_fee_falls_back_to_aa_and_remainder_goes_by_seat() -> None:
    adj = adjust_night({"a": 0, "b": 0, "c": 0}, fee=100, fee_split="winners", fee_payee="a")
    # exact 33⅓ each, rounded 33 + 33 + 33 = 99: the one unit short goes to the first seat
    assert adj.fee_shares == {"a": 34, "b": 33, "c": 33}
    assert adj.net == {"a": 66, "b": -33, "c": -33}


def test_bad_input() -> None:
    with pytest.raises(ValueError):
        adjust_night({"a": 1, "b": 0})
    with pytest.raises(ValueError):
        adjust_night({"a": 1, "b": -1}, fee=5)  # no payee
    with pytest.raises(ValueError):
        adjust_night({"a": 1, "b": -1}, cap=-1)
    with pytest.raises(ValueError):
        adjust_night({"a": 1, "b": -1}, fee=1, fee_split="half", fee_payee="a")


@given(
    st.integers(0, 10**7),
    st.dictionaries(st.sampled_from(PLAYERS), st.integers(1, 10**5), min_size=1),
)
def test_apportion_is_exact_and_within_one_unit(total: int, weights: dict[str, int]) -> None:
    shares = apportion(total, weights, PLAYERS)
    assert sum(shares.values()) == total
    big = sum(weights.values())
    for p, w in weights.items():
        assert abs(shares.get(p, 0) - Fraction(total * w, big)) < 1


@settings(max_examples=300)
@given(
    nets(),
    st.one_of(st.none(), st.integers(0, 6000)),
    st.integers(0, 3000),
    st.sampled_from(["aa", "winners"]),
    st.integers(0, 5),
    st.sampled_from([1, 50, 100]),
)
def test_adjusted_nets_sum_to_zero_caps_hold_and_transfers_stay_minimal(
    pts: dict[str, int], cap: int | None, fee: int, split: str, payee_i: int, stake: int
) -> None:
    money = to_money(pts, stake, order=list(pts))  # the night's money at the stake
    payee = list(pts)[payee_i % len(pts)]
    adj = adjust_night(money, cap=cap, fee=fee, fee_split=split, fee_payee=payee, order=list(pts))
    assert sum(adj.net.values()) == 0
    # the cap: every capped player pays exactly the cap before the fee, nobody more
    for p, v in money.items():
        game = adj.net[p] + adj.fee_shares.get(p, 0) - (fee if p == payee else 0)
        if cap is not None:
            assert game >= -cap
            assert (p in adj.capped) == (v < -cap)
            if p in adj.capped:
                assert game == -cap and adj.capped[p] == -cap - v
        else:
            assert game == v
    # the shortfall comes off the winners, within one unit of their proportional share
    shortfall = sum(adj.capped.values())
    assert sum(adj.cap_shares.values()) == shortfall
    winners = {p: v for p, v in money.items() if v > 0}
    for p in adj.cap_shares:
        assert p in winners
    if shortfall:
        for p, w in winners.items():
            exact = Fraction(shortfall * w, sum(winners.values()))
            assert abs(adj.cap_shares.get(p, 0) - exact) < 1
            assert adj.cap_shares.get(p, 0) <= w  # a winner never ends below zero by the cap
    assert sum(adj.fee_shares.values()) == fee
    if fee and split == "aa":
        assert max(adj.fee_shares.values()) - min(adj.fee_shares.get(p, 0) for p in pts) <= 1
    # fewest transfers of the adjusted nets settle them and are minimal
    tr = fewest_transfers(adj.net, list(pts))
    assert all(v == 0 for v in apply_transfers(adj.net, tr).values())
    assert len(tr) == brute_min_transfers(adj.net)


def test_brute_force_agrees_on_a_known_case() -> None:
    # docs/transfers-and-money.md: −5, −3, +5, +6, −3 → 3 transfers
    net = {"alice": -5, "bob": -3, "carol": 5, "dave": 6, "erin": -3}
    assert brute_min_transfers(net) == 3 == len(fewest_transfers(net))
