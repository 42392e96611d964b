"""Fewest transfers and money rounding (scoring/transfers.py)."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.transfers import (
    EXACT_LIMIT,
    Transfer,
    apply_transfers,
    fewest_transfers,
    format_money,
    greedy_transfers,
    minor_exponent,
    to_money,
)

NAMES = [f"p{i:02d}" for i in range(40)]


@st.composite
def balances(draw: st.DrawFn, max_players: int = 9, max_abs: int = 60) -> dict[str, int]:
    """Balances summing to zero, with some zeros and many small equal values (ties)."""
    n = draw(st.integers(2, max_players))
    players = draw(st.permutations(NAMES))[:n]
    values = draw(
        st.lists(
            st.one_of(st.integers(-max_abs, max_abs), st.sampled_from([-2, -1, 0, 1, 2])),
            min_size=n - 1,
            max_size=n - 1,
        )
    )
    values.append(-sum(values))
    return dict(zip(players, values, strict=True))


def brute_force_min(net: dict[str, int]) -> int:
    """Fewest transfers by exhaustive search over partitions into zero-sum groups."""
    items = [v for v in net.values() if v]

    def best(rest: tuple[int, ...]) -> int:  # most zero-sum groups
        if not rest:
            return 0
        first, others = rest[0], rest[1:]
        top = -1
        for k in range(len(others) + 1):
            for combo in itertools.combinations(range(len(others)), k):
                if first + sum(others[i] for i in combo) == 0:
                    left = tuple(o for i, o in enumerate(others) if i not in combo)
                    top = max(top, 1 + best(left))
        return top

    return len(items) - best(tuple(items))


def settles(net: dict[str, int], transfers: list[Transfer]) -> bool:
    return all(v == 0 for v in apply_transfers(net, transfers).values())


# --- hand examples ---------------------------------------------------------------------------


def test_pairs_match_exactly_before_bigger_groups() -> None:
    # greedy would make alice (−5) pay dave (+6) first and need 4 transfers; the exact solver
    # sees {alice −5, carol +5} and {bob −3, erin −3, dave +6}: 1 + 2 = 3 transfers
    net = {"alice": -5, "bob": -3, "carol": 5, "dave": 6, "erin": -3}
    order = ["alice", "bob", "carol", "dave", "erin"]
    assert len(greedy_transfers(net, order)) == 4
    assert fewest_transfers(net, order) == [
        Transfer("alice", "carol", 5),
        Transfer("bob", "dave", 3),
        Transfer("erin", "dave", 3),
    ]


def test_ties_follow_seat_order_then_id() -> None:
    net = {"a": -1, "b": -1, "c": 1, "d": 1}
    assert fewest_transfers(net, ["a", "b", "c", "d"]) == [
        Transfer("a", "c", 1),
        Transfer("b", "d", 1),
    ]
    assert fewest_transfers(net, ["d", "c", "b", "a"]) == [
        Transfer("b", "d", 1),
        Transfer("a", "c", 1),
    ]
    # without an order: by id; a guest (not seated) comes after the seated players
    assert fewest_transfers(net) == [Transfer("a", "c", 1), Transfer("b", "d", 1)]
    assert fewest_transfers(net, ["b", "c", "d"])[0] == Transfer("b", "c", 1)


def test_zero_and_empty_balances() -> None:
    assert fewest_transfers({}) == []
    assert fewest_transfers({"a": 0, "b": 0}) == []
    assert fewest_transfers({"a": 7, "b": -7, "c": 0}) == [Transfer("b", "a", 7)]


def test_contract_example_net() -> None:
    # shared/contracts/hand-record.md settlement example: net alice −16, bob 45, carol −21, dave −8
    net = {"alice": -16, "bob": 45, "carol": -21, "dave": -8}
    assert fewest_transfers(net, list(net)) == [
        Transfer("carol", "bob", 21),
        Transfer("alice", "bob", 16),
        Transfer("dave", "bob", 8),
    ]


@pytest.mark.parametrize(
    "net",
    [{"a": 1, "b": 1}, {"a": 1, "b": -2}, {"a": 3}],
    ids=["sum+2", "sum-1", "single"],
)
def test_unbalanced_is_an_error(net: dict[str, int]) -> None:
    with pytest.raises(ValueError, match="sum to zero"):
        fewest_transfers(net)
    with pytest.raises(ValueError, match="sum to zero"):
        to_money(net, 100)


def test_non_integer_balance_is_an_error() -> None:
    with pytest.raises(ValueError, match="integer"):
        fewest_transfers({"a": 1.5, "b": -1.5})  # type: ignore[dict-item]


def test_many_players_use_greedy_then_exact() -> None:
    # 20 players: 10 debtors of −k and 10 creditors of +k pair off exactly (10 transfers);
    # greedy alone also finds them here, but must never beat the hybrid
    net = {f"d{k:02d}": -k for k in range(1, 11)} | {f"c{k:02d}": k for k in range(1, 11)}
    assert len(net) > EXACT_LIMIT
    result = fewest_transfers(net)
    assert settles(net, result)
    assert len(result) == 10
    assert len(result) <= len(greedy_transfers(net))


# --- properties ------------------------------------------------------------------------------


@given(balances())
def test_settles_exactly_and_is_minimal(net: dict[str, int]) -> None:
    result = fewest_transfers(net)
    assert settles(net, result)
    assert all(type(t.amount) is int and t.amount > 0 for t in result)
    assert all(t.payer != t.payee for t in result)
    assert all(net[t.payer] < 0 < net[t.payee] for t in result)  # nobody pays through others
    assert len(result) == brute_force_min(net)
    assert len(result) <= len(greedy_transfers(net))


@given(balances(max_players=9), st.randoms(use_true_random=False))
def test_paying_the_first_transfer_leaves_the_rest(net: dict[str, int], rnd: random.Random) -> None:
    order = list(net)
    rnd.shuffle(order)
    result = fewest_transfers(net, order)
    while result:
        net = apply_transfers(net, result[:1])
        rest = fewest_transfers(net, order)
        assert rest == result[1:]
        result = rest


@settings(max_examples=15, deadline=None)
@given(balances(max_players=24, max_abs=30))
def test_large_tables_keep_the_properties(net: dict[str, int]) -> None:
    result = fewest_transfers(net)
    assert settles(net, result)
    assert len(result) <= len(greedy_transfers(net))
    if result:
        assert fewest_transfers(apply_transfers(net, result[:1])) == result[1:]


@given(balances(max_players=7), st.permutations(range(7)))
def test_deterministic_whatever_the_dict_order(net: dict[str, int], perm: list[int]) -> None:
    keys = list(net)
    shuffled = {keys[i]: net[keys[i]] for i in perm if i < len(keys)}
    order = sorted(net)
    assert fewest_transfers(shuffled, order) == fewest_transfers(net, order)


# --- money -----------------------------------------------------------------------------------


def test_to_money_hand_examples() -> None:
    # ¥0.50 per point (50 fen): exact, nothing to round
    assert to_money({"a": 45, "b": -16, "c": -21, "d": -8}, 50) == {
        "a": 2250,
        "b": -800,
        "c": -1050,
        "d": -400,
    }
    # ¥0.50 per point rounded to whole yuan: 22.5 → 23, −8 → −8, −10.5 → −11, −4 → −4 sums to 0
    assert to_money({"a": 45, "b": -16, "c": -21, "d": -8}, 50, round_to_minor=100) == {
        "a": 2300,
        "b": -800,
        "c": -1100,
        "d": -400,
    }
    # three players +1 each, one −3, at ¥0.50 rounded to yuan: 0.5, 0.5, 0.5 → 1, 1, 1 and
    # −1.5 → −2 sum to +1 yuan; the three rounded up by the same 0.5 tie, so the first seat
    # (a) gives the yuan back
    assert to_money({"a": 1, "b": 1, "c": 1, "d": -3}, 50, round_to_minor=100) == {
        "a": 0,
        "b": 100,
        "c": 100,
        "d": -200,
    }
    # the same with another seat order: c gives it back
    assert to_money(
        {"a": 1, "b": 1, "c": 1, "d": -3}, 50, round_to_minor=100, order=["c", "a", "b", "d"]
    ) == {"a": 100, "b": 100, "c": 0, "d": -200}
    # one fen per 3 points: 1/3, 1/3, −2/3 → 0, 0, −1; the residue −1 goes to the player
    # rounded down the most: all three by 1/3, tie → first seat a
    assert to_money({"a": 1, "b": 1, "c": -2}, 1, per_points=3) == {"a": 1, "b": 0, "c": -1}
    # largest remainder beats seat order: exact 0.2, 0.4, −0.6 → 0, 0, −1 (residue −1 fen);
    # a was rounded down by 0.2, b and c by 0.4 each: b (before c by id) gets the fen, not a
    assert to_money({"a": 1, "b": 2, "c": -3}, 1, per_points=5) == {"a": 0, "b": 1, "c": -1}
    assert to_money({"a": 5, "b": -5}, 0) == {"a": 0, "b": 0}
    assert to_money({"a": 0, "b": 0}, 30) == {"a": 0, "b": 0}


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"rate_minor": -1}, "rate_minor"),
        ({"rate_minor": 10, "per_points": 0}, "per_points"),
        ({"rate_minor": 10, "round_to_minor": 0}, "round_to_minor"),
        ({"rate_minor": 1.5}, "rate_minor"),
    ],
)
def test_to_money_bad_parameters(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        to_money({"a": 1, "b": -1}, **kwargs)  # type: ignore[arg-type]


@given(
    balances(max_players=8, max_abs=500),
    st.integers(0, 1000),
    st.integers(1, 12),
    st.sampled_from([1, 5, 10, 50, 100, 1000]),
)
def test_to_money_balances_and_stays_within_one_unit(
    net: dict[str, int], rate: int, per: int, unit: int
) -> None:
    money = to_money(net, rate, per, unit)
    assert set(money) == set(net)
    assert sum(money.values()) == 0
    for p, amount in money.items():
        assert type(amount) is int and amount % unit == 0
        exact = Fraction(net[p] * rate, per)
        assert abs(amount - exact) < unit
    # only the players step 2 touched may be more than half a unit off, and only |k| of them
    far = [p for p in money if abs(money[p] - Fraction(net[p] * rate, per)) > Fraction(unit, 2)]
    assert len(far) <= len(net) // 2


@pytest.mark.parametrize(
    ("minor", "currency", "text"),
    [
        (3500, "CNY", "¥35"),
        (50, "CNY", "¥0.50"),
        (5, "CNY", "¥0.05"),
        (-320, "cny", "-¥3.20"),
        (123456789, "CNY", "¥1,234,567.89"),
        (0, "USD", "$0"),
        (1999, "EUR", "€19.99"),
        (2000, "HKD", "HK$20"),
        (1500, "JPY", "¥1,500"),
        (1250, "XYZ", "12.50 XYZ"),
    ],
)
def test_format_money(minor: int, currency: str, text: str) -> None:
    assert format_money(minor, currency) == text


def test_minor_exponents() -> None:
    assert [minor_exponent(c) for c in ("CNY", "USD", "TWD", "JPY", "KRW", "???")] == [
        2,
        2,
        2,
        0,
        0,
        2,
    ]
