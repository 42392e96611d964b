"""新加坡麻将 Singapore (scoring/rulesets/singapore.py).

Spec: shared/rules/singapore.md. Each golden test quotes its worked example (§4, SG-01 … SG-16)
and the source id the spec gives for it (S1 … S11 rule pages, C1 … C5 code bases). Players
E S W N, E deals, base 1, options at their defaults unless the example says otherwise.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import get, settle
from scoring.record import Settlement
from tests.scoring.builders import record as record_of
from tests.scoring.builders import refused_field as refused
from tests.scoring.ruleset_checks import (
    assert_traditional_names,
    mahjong_tally,
    settle_checked,
    win_json,
)

P = ["E", "S", "W", "N"]


def win(
    winner: str,
    frm: str | None = None,
    *,
    fans: list[str] | None = None,
    fan: int | None = None,
    flags: list[str] | None = None,
    robbed: bool = False,
) -> dict[str, Any]:
    return win_json(winner, frm, flags=flags or (), fan=fan, fans=fans, robbed=robbed)


def rec(
    wins: list[dict[str, Any]],
    events: list[dict[str, Any]] | None = None,
    result: str | None = None,
    dealer: str = "E",
    **options: Any,
) -> dict[str, Any]:
    return record_of(
        "singapore", wins, players=P, dealer=dealer, result=result, options=options, events=events
    )


def nets(s: Settlement) -> tuple[int, ...]:
    return tuple(s.net[p] for p in P)


# --- §4 worked examples ---------------------------------------------------------------------


def test_sg01_all_pay_three_tai() -> None:
    # SG-01, [S1] "a value of S$1 for a one-point winning hand. A two-point winning hand thus has
    # a value of S$2, a three-point hand with a value of $4"; [S2] "pays twice the chips
    # compared to other losing players". all_pay; S wins 3 tai on W's discard.
    s = settle(rec([win("S", "W", fan=3)], payment="all_pay"))
    assert s.paid("W", "S") == 8 and s.paid("E", "S") == 4 and s.paid("N", "S") == 4
    assert nets(s) == (-4, 16, -8, -4)
    assert "3台 → 每份 1×4 = 4，双份 8"  # S = 1 × 2^(3−1), Z = 2S in s.explanation[1].zh


def test_sg02_self_draw_all_pay_double() -> None:
    # SG-02, [S2] "the losing players paying double the chips, as if they are all Shooters"
    s = settle(rec([win("N", None, fan=2)]))
    assert nets(s) == (-4, -4, -4, 12)


def test_sg03_shooter_one_tai() -> None:
    # SG-03, [C1] x = np.array([0,4,8,16,32,...]); shooter: factor[player_lose-1] = -1
    s = settle(rec([win("E", "N", fan=1)], payment="shooter"))
    assert s.payments[0].payer == "N" and s.payments[0].amount == 4
    assert nets(s) == (4, 0, 0, -4)


def test_sg04_shooter_four_tai() -> None:
    # SG-04, [C2] (winningSystem.fourTai.base * 2 + winningSystem.fourTai.zimo); table oneTwo
    # fourTai base 8, zimo 16 → 8·2 + 16 = 32
    s = settle(rec([win("W", "S", fan=4)]))
    assert nets(s) == (0, -32, 32, 0)
    assert "16+2×8 = 32" in s.explanation[-1].zh


def test_sg05_capped_at_five() -> None:
    # SG-05, [S2] "Limit (mostly five points 五台 Wǔ Tái)"; [S1] "up to a limit of $16 for a
    # five-point winning hand": 2 + 2 + 1 + 1 + 1 = 7 → 5
    fans = ["half_flush", "pong_pong_hu", "dragon_pung", "dragon_pung", "seat_wind_pung"]
    s = settle(rec([win("S", None, fans=fans)]))
    assert nets(s) == (-32, 96, -32, -32)
    assert "= 7台，封顶5台" in s.explanation[0].zh and "capped at 5" in s.explanation[0].en


def test_sg06_ping_hu_no_bonus_tiles() -> None:
    # SG-06, [S1b] "unless no flower tiles have been collected, when it scores four points"
    s = settle(rec([win("W", None, fans=["ping_hu"])]))
    assert nets(s) == (-16, -16, 48, -16)


def test_sg07_ping_hu_with_bonus_tiles() -> None:
    # SG-07, [S10] "Points: 1 fan with non-seat flower"; all_pay, N wins on E's discard
    s = settle(rec([win("N", "E", fans=["ping_hu_bonus"])], payment="all_pay"))
    assert s.paid("E", "N") == 2 and s.paid("S", "N") == 1 and s.paid("W", "N") == 1
    assert nets(s) == (-2, -1, -1, 4)


def test_sg08_kongs_paid_in_a_drawn_hand() -> None:
    # SG-08, [C1] kang: factor[p_lose-1] = -3 (discard kong), [-2,-2,-2,-2] (concealed)
    events: list[dict[str, Any]] = [
        {"type": "concealed_kong", "player": "S", "from": None},
        {"type": "exposed_kong", "player": "N", "from": "W"},
    ]
    s = settle(rec([], events, result="draw", payment="shooter"))
    assert nets(s) == (-2, 6, -5, 1)
    assert s.paid("W", "N") == 3


def test_sg09_hidden_seat_flower_pair_then_win() -> None:
    # SG-09, [S4] "The bonus money is doubled if he gets both season and flower tiles at the
    # beginning of the game"; the spec's §1 record (shooter, W on E's discard)
    s = settle(
        rec(
            [win("W", "E", fans=["pong_pong_hu", "seat_flower", "seat_flower"])],
            [{"type": "seat_flower_pair", "player": "W", "from": None, "hidden": 1}],
        )
    )
    assert nets(s) == (-34, -2, 38, -2)
    assert s.paid("E", "W") == 34


def test_sg10_flower_set_complete() -> None:
    # SG-10, [S4] "he will receive double bonus money from each of the 3 other players and also
    # gain one extra tai"
    s = settle(
        rec(
            [win("E", None, fans=["pong_pong_hu", "seat_flower", "flower_set"])],
            [{"type": "flower_set_complete", "player": "E", "from": None}],
        )
    )
    assert nets(s) == (54, -18, -18, -18)


def test_sg11_robbed_kong_all_pay_and_rob_pays_all() -> None:
    # SG-11, [C3] if (playerManager.winningCombos.Contains("Robbing the Kong")) { discardPlayer
    # = gameManager.kongPlayer; payment.HandPayout(...)
    w = win("N", "S", fans=["half_flush", "robbing_kong"], robbed=True)
    s = settle(rec([w], payment="all_pay"))
    assert s.paid("S", "N") == 8 and s.paid("E", "N") == 4 and s.paid("W", "N") == 4
    assert nets(s) == (-4, -8, -4, 16)
    s = settle(rec([w], payment="all_pay", rob_pays_all=True))
    assert nets(s) == (0, -16, 0, 16)


def test_sg12_fresh_tile_discarder_pays_all() -> None:
    # SG-12, [S6] "make the discarder loser pay for the other losers as a form of penalty for
    # taking risks in discarding dangerous tiles"
    s = settle(rec([win("E", "W", fan=3, flags=["fresh_tile"])], payment="all_pay"))
    assert nets(s) == (16, 0, -16, 0)


def test_sg13_three_six_table() -> None:
    # SG-13, [C2] threeSix: threeTai base 3, zimo 5; shooter pays base * 2 + zimo = 11
    s = settle(rec([win("S", "N", fan=3)], progression="table", payment="shooter"))
    assert nets(s) == (0, 11, 0, -11)
    s2 = settle(rec([win("S", "N", fan=3)], preset="three_six"))
    assert s2.net == s.net


def test_sg14_bao_on_a_self_draw() -> None:
    # SG-14, [S1a] "Dragon Tile Set Scenario (包三元)"; [C3] playerManager.Points -= minPoint *
    # (int)Math.Pow(2, fan - 1) * 2 * 3 → 2^4·2·3 = 96 (bao: player = winner, from = liable)
    s = settle(
        rec(
            [win("S", None, fans=["big_three_dragons"])],
            [{"type": "bao", "player": "S", "from": "E"}],
        )
    )
    assert nets(s) == (-96, 96, 0, 0)
    assert [(p.payer, p.amount, p.reason) for p in s.payments] == [("E", 96, "bao")]


def test_sg15_special_hand_bonus() -> None:
    # SG-15, [S9] "cap the maximum points at 5 points (台) , with the exception of 6 points (台)
    # for special hands"
    s = settle(rec([win("N", None, fans=["thirteen_wonders"])], special_hand_bonus=1))
    assert nets(s) == (-64, -64, -64, 192)


def test_sg16_animals_pairs_set_and_win() -> None:
    # SG-16, [S7] "a set of all four counts as five tai"; [C3] pair payouts fire per pair, then
    # the group payout; 1 + 4 + 1 = 6 → 5, shooter
    fans = ["ping_hu_bonus", "animal", "animal", "animal", "animal", "animal_set"]
    events = [
        {"type": "animal_pair", "player": "E", "from": None},
        {"type": "animal_pair", "player": "E", "from": None},
        {"type": "animal_set_complete", "player": "E", "from": None},
    ]
    s = settle(rec([win("E", "S", fans=fans)], events))
    assert nets(s) == (76, -68, -4, -4)
    assert s.paid("S", "E") == 64 + 4


# --- bad input (SG-E1 … SG-E4) ---------------------------------------------------------------


def test_sg_e1_ping_hu_with_an_animal() -> None:
    # SG-E1: ping_hu has no bonus tiles ([S1b] "unless no flower tiles have been collected")
    assert refused(rec([win("S", None, fans=["ping_hu", "animal"])])).startswith("wins[0].fans")


def test_sg_e2_below_min_tai() -> None:
    # SG-E2: fan 1 with min_tai 2 ([S9] "1 tai to win" is the default minimum)
    assert refused(rec([win("S", "E", fan=1)], min_tai=2)) == "wins[0].fan"
    settle(rec([win("S", "E", fan=2)], min_tai=2))


def test_sg_e3_robbing_kong_needs_robbed_kong() -> None:
    # SG-E3: robbing_kong ⇔ robbed_kong (§3.3)
    assert refused(rec([win("S", "E", fans=["robbing_kong", "half_flush"])])) == "wins[0].fans"
    assert refused(rec([win("S", "E", fans=["half_flush"], robbed=True)])) == "wins[0].fans"


def test_sg_e4_seven_pairs_needs_its_option() -> None:
    # SG-E4: seven_pairs with seven_pairs_tai unset (SG13: value not sourced)
    assert refused(rec([win("S", None, fans=["seven_pairs"])])) == "wins[0].fans[0]"
    s = settle(rec([win("S", None, fans=["seven_pairs"])], seven_pairs_tai=3))
    assert s.net["S"] == 3 * 8


@pytest.mark.parametrize(
    "fans, frm",
    [
        (["dragon_pung"] * 3, None),  # 3 dragon pungs = 大三元, a limit id (§3.1 "up to 2")
        (["mixed_terminals"], None),  # ⇒ pong_pong_hu
        (["small_three_dragons", "dragon_pung"], None),  # ⇒ exactly 2 dragon pungs
        (["animal_set", "animal", "animal"], None),  # ⇒ 4 animals
        (["flower_set"], None),  # ≤ the number of seat_flower
        (["half_flush", "full_flush"], None),
        (["small_four_winds", "half_flush"], None),
        (["pure_green", "half_flush"], None),
        (["pong_pong_hu", "ping_hu_bonus"], None),
        (["last_tile", "kong_replacement"], None),  # not after a replacement draw
        (["kong_replacement"], "E"),  # self-drawn only
        (["concealed_self_drawn", "half_flush"], "E"),
        (["heavenly_hand"], None),  # S is not the dealer
        (["robbing_the_eighth"], None),  # needs 'from' = the drawer of the 8th flower
        (["no_such_item"], None),
    ],
)
def test_exclusions_and_requirements(fans: list[str], frm: str | None) -> None:
    # §3.3 "Exclusions (error when violated)"
    assert refused(rec([win("S", frm, fans=fans)])).startswith("wins[0].fans")


def test_fan_and_fans_not_both_nor_neither() -> None:
    # §1: "Giving both is an error"
    both = win("S", None, fans=["half_flush"], fan=2)
    assert refused(rec([both])) == "wins[0].fan"
    assert refused(rec([win("S", None)])) == "wins[0].fans"


def test_bao_needs_a_winner() -> None:
    bad = rec([win("S", None, fan=2)], [{"type": "bao", "player": "W", "from": "E"}])
    assert refused(bad) == "events[0].player"
    draw = rec([], [{"type": "bao", "player": "W", "from": "E"}], result="draw")
    assert refused(draw) == "events[0].type"


# --- options ----------------------------------------------------------------------------------


def test_limit_hand_ignores_other_items_and_skips_the_cap() -> None:
    # §2.1: a limit id makes the other ids irrelevant; it scores max_tai (+ special_hand_bonus)
    s = settle(rec([win("S", None, fans=["big_four_winds", "half_flush"])], max_tai=7))
    assert s.net["S"] == 3 * 2 * 2**6


def test_kong_discard_modes() -> None:
    # §2.4, SG4: follow_payment → all_three in all-pay tables ([C1], [C2] 1 each); C4 ½ shooter
    ev = [{"type": "exposed_kong", "player": "N", "from": "W"}]
    assert nets(settle(rec([], ev, payment="all_pay"))) == (-1, -1, -1, 3)
    assert nets(settle(rec([], ev, kong_discard="feeder_double"))) == (-1, -1, -2, 4)
    assert nets(settle(rec([], ev, kong_discard="all_three"))) == (-1, -1, -1, 3)
    # a fresh-tile kong: only the discarder pays ([C3] "Only the player that discarded the Fresh
    # Tile pays"), whatever the mode
    fresh = [{"type": "exposed_kong", "player": "N", "from": "W", "fresh_tile": 1}]
    assert nets(settle(rec([], fresh, payment="all_pay"))) == (0, 0, -3, 3)


def test_instant_scale_c3_and_single_payer_bite() -> None:
    # SG10: instant_scale 2 (= C3); SG5: a bite paid by one player (k, hidden 2k)
    ev: list[dict[str, Any]] = [
        {"type": "added_kong", "player": "S", "from": None},
        {"type": "animal_pair", "player": "W", "from": "N", "hidden": 1},
    ]
    s = settle(rec([], ev, result="draw", instant_scale=2))
    assert nets(s) == (-2, 6, -2 + 4, -2 - 4)


@pytest.mark.parametrize(
    ("event", "option", "zh", "en"),
    [
        ({"type": "animal_pair", "player": "S", "hidden": 0}, "bonus_payouts", "咬", "bite"),
        ({"type": "seat_flower_pair", "player": "S", "hidden": 1}, "bonus_payouts", "正花一对",
         "own flower pair"),
        ({"type": "flower_set_complete", "player": "S"}, "bonus_payouts", "齐花",
         "complete flower set"),
        ({"type": "animal_set_complete", "player": "S"}, "bonus_payouts", "齐四动物",
         "all animals"),
        ({"type": "concealed_kong", "player": "S"}, "kong_payouts", "暗杠", "concealed kong"),
        ({"type": "exposed_kong", "player": "S", "from": "W"}, "kong_payouts", "明杠",
         "kong on a discard"),
    ],
)  # fmt: skip
def test_payouts_switched_off_accept_the_event_and_pay_nothing(
    event: dict[str, Any], option: str, zh: str, en: str
) -> None:
    # issue 24 point 7; spec §2 formula: "if e.type in ("animal_pair", "seat_flower_pair") and
    # O.bonus_payouts:   # 咬 bite" (and "… and O.kong_payouts" for kongs): an event recorded at
    # a table with SG9's instant payouts off is accepted and pays nothing, and a step says so.
    s = settle(rec([win("S", "W", fan=1)], [event], **{option: False}))
    assert s.paid("W", "S") == settle(rec([win("S", "W", fan=1)], **{option: False})).net["S"]
    assert sum(p.amount for p in s.payments if p.reason == event["type"]) == 0
    steps = [(st.zh, st.en) for st in s.explanation]
    assert any(z.startswith(f"S {zh}：本桌未开“") and z.endswith("”，不付") for z, _ in steps)
    assert any(e.startswith(f"S {en}: “") and e.endswith("” is off at this table, nothing is paid")
               for _, e in steps)  # fmt: skip
    # at a draw as well: nothing moves at all
    assert nets(settle(rec([], [event], result="draw", **{option: False}))) == (0, 0, 0, 0)


def test_limit_all_pay_double_and_thirteen_double_and_dealer_double() -> None:
    w = win("S", "W", fans=["thirteen_wonders"])
    # SG11: a special hand on a discard, all-pay table: all pay the double share 32
    s = settle(rec([w], payment="all_pay", limit_all_pay_double=True))
    assert nets(s) == (-32, 96, -32, -32)
    # SG15: C5 "everyone pays double, tsumo or not": the shooter pays 2 × (32 + 2·16)
    s = settle(rec([w], thirteen_wonders_double=True))
    assert nets(s) == (0, 128, -128, 0)
    # SG14 (derived): every hand payment to or from the dealer × 2; the dealer E pays 2 × 8
    s = settle(rec([win("S", "E", fan=3)], payment="all_pay", dealer_double=True))
    assert nets(s) == (-16, 24, -4, -4)


def test_doubling_from_zero() -> None:
    # SG2: [S1b] "one unit of score given to a zero-point hand": S(t) = base · 2^t
    s = settle(rec([win("S", None, fan=0)], min_tai=0, progression="doubling_from_zero"))
    assert nets(s) == (-2, 6, -2, -2)
    # a 0-tai hand with the plain doubling is refused (2^(0−1) is not a whole share)
    assert refused(rec([win("S", None, fan=0)], min_tai=0)) == "wins[0].fan"


# --- properties -------------------------------------------------------------------------------

PAYMENTS = st.sampled_from(["shooter", "all_pay"])
SEATS = st.sampled_from(P)


def _check(record: dict[str, Any]) -> Settlement:
    return settle_checked(record)  # §2.4 "net sums to zero"


@settings(max_examples=150, deadline=None)
@given(
    st.integers(1, 12),
    st.integers(5, 10),
    PAYMENTS,
    SEATS,
    st.one_of(st.none(), SEATS),
    st.integers(1, 50),
)
def test_monotone_in_tai_and_capped(
    tai: int, cap: int, payment: str, winner: str, frm: str | None, base: int
) -> None:
    """More tai never pays less; above max_tai nothing changes; every payment is the winner's."""
    if frm == winner:
        frm = None
    opts: dict[str, Any] = {"payment": payment, "max_tai": cap, "base": base}
    s1 = _check(rec([win(winner, frm, fan=tai)], **opts))
    s2 = _check(rec([win(winner, frm, fan=tai + 1)], **opts))
    assert s2.net[winner] >= s1.net[winner] > 0
    if tai >= cap:
        assert s2.net == s1.net
    # capped: the winner never gets more than the limit hand's self-draw, 3 · 2 · base · 2^(cap−1)
    assert s1.net[winner] <= 3 * 2 * base * 2 ** (cap - 1)
    assert all(p.payee == winner for p in s1.payments)


@settings(max_examples=150, deadline=None)
@given(st.integers(1, 5), SEATS, SEATS, st.booleans(), st.booleans())
def test_shooter_liability(tai: int, winner: str, frm: str, fresh: bool, robbed: bool) -> None:
    """Shooter tables and fresh tiles: the discarder alone pays Z + 2S, the same total an
    all-pay table collects from all three; all-pay: the discarder pays exactly double."""
    if frm == winner:
        return
    flags = ["fresh_tile"] if fresh and not robbed else []
    fans = ["robbing_kong"] if robbed else None
    w = win(winner, frm, fan=None if robbed else tai, fans=fans, flags=flags, robbed=robbed)
    shooter = _check(rec([w], payment="shooter"))
    allpay = _check(rec([w], payment="all_pay"))
    assert shooter.net[winner] == allpay.net[winner]
    assert [p.payer for p in shooter.payments] == [frm]
    if fresh and not robbed:
        assert [p.payer for p in allpay.payments] == [frm]
    else:
        others = [p for p in P if p not in (winner, frm)]
        assert allpay.paid(frm, winner) == 2 * allpay.paid(others[0], winner)
        assert allpay.paid(others[0], winner) == allpay.paid(others[1], winner)


@settings(max_examples=100, deadline=None)
@given(
    st.lists(
        st.sampled_from(
            [
                "exposed_kong",
                "added_kong",
                "concealed_kong",
                "animal_pair",
                "seat_flower_pair",
                "flower_set_complete",
                "animal_set_complete",
            ]
        ),
        max_size=6,
    ),
    st.lists(SEATS, min_size=6, max_size=6),
    st.lists(SEATS, min_size=6, max_size=6),
    PAYMENTS,
    st.booleans(),
)
def test_instant_payouts_in_a_draw_sum_to_zero_and_go_to_the_player(
    kinds: list[str], who: list[str], src: list[str], payment: str, hidden: bool
) -> None:
    """Events pay in a drawn hand too (§1 "The events still pay"), always to their player."""
    events: list[dict[str, Any]] = []
    for kind, p, q in zip(kinds, who, src, strict=False):
        ev: dict[str, Any] = {"type": kind, "player": p, "from": None}
        if kind == "exposed_kong":
            ev["from"] = q if q != p else next(x for x in P if x != p)
        if kind in ("animal_pair", "seat_flower_pair"):
            ev["hidden"] = int(hidden)
        events.append(ev)
    s = _check(rec([], events, result="draw", payment=payment))
    assert all(any(e["player"] == pm.payee for e in events) for pm in s.payments)


def test_every_declaration_has_a_traditional_name() -> None:
    """Issue 16: these players read Traditional Chinese first; every declared name carries its
    own zh_hant (not left to a character conversion), the tai items included."""
    rs = get("singapore")
    assert rs.zh_hant and rs.unit_zh_hant
    decls: list[Any] = [*rs.options, *rs.presets, *rs.flags, *rs.events]
    decls += [c for o in rs.options for c in o.choices]
    decls += [f for e in rs.events for f in e.fields]
    # and none of them keeps a Simplified-only character (发, 杠, 庄, 无 …; scoring.hant)
    assert_traditional_names(rs, decls)
    fans = rs.extra_json()["fans"]
    assert all(f["name_zh_hant"] for f in fans)
    assert {f["id"] for f in fans if "槓" in f["name_zh_hant"]} >= {"kong_replacement"}


def test_cli_rules_and_calc() -> None:
    """`mahjong-tally rules singapore [--json]` and `calc` of the spec's §1 record (with the
    bite's ``hidden`` as 1: event fields are integers here; the spec writes ``true``)."""
    data = json.loads(mahjong_tally("rules", "singapore", "--json"))
    assert data == json.loads(json.dumps(get("singapore").to_json()))
    assert {f["id"] for f in data["fans"]} >= {"ping_hu", "thirteen_wonders"}
    text = mahjong_tally("rules", "singapore")
    assert text.startswith("singapore: 新加坡麻将（台） / Singapore (tai)")
    record = rec(
        [win("W", "E", fans=["pong_pong_hu", "seat_flower", "seat_flower"])],
        [{"type": "seat_flower_pair", "player": "W", "from": None, "hidden": 1}],
        payment="shooter",
        max_tai=5,
    )
    calc = mahjong_tally("calc", "-", "--json", stdin=json.dumps(record))
    assert json.loads(calc)["net"] == {"E": -34, "S": -2, "W": 38, "N": -2}


@settings(max_examples=100, deadline=None)
@given(st.integers(1, 6), SEATS, st.one_of(st.none(), SEATS), SEATS, PAYMENTS)
def test_dealer_double_doubles_exactly_the_dealers_hand_payments(
    tai: int, winner: str, frm: str | None, dealer: str, payment: str
) -> None:
    """SG14 (derived): with dealer_double every hand payment to or from the dealer is ×2, the
    others unchanged; instant payouts are not doubled."""
    if frm == winner:
        frm = None
    events = [{"type": "concealed_kong", "player": dealer, "from": None}]
    plain = _check(rec([win(winner, frm, fan=tai)], events, dealer=dealer, payment=payment))
    double = _check(
        rec([win(winner, frm, fan=tai)], events, dealer=dealer, payment=payment, dealer_double=True)
    )
    for a, b in zip(plain.payments, double.payments, strict=True):
        touches = dealer in (a.payer, a.payee) and a.reason not in ("concealed_kong",)
        assert b.amount == (2 * a.amount if touches else a.amount), (a, b)
