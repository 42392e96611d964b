"""Riichi rules of spec ``shared/rules/riichi.md`` §2 beyond the §4 table: the game end's
rounding, split ties and penalties (§2.9), triple ron (§2.6), head bump and renchan (RC-20),
pao with a double yakuman (RC-10), the renchan and abortive options, sanma chombo (§2.11).
Each number is worked out in the comment from the spec's formula."""

from __future__ import annotations

from scoring import settle
from tests.scoring.test_riichi_builders import after, finals, game_end, hand, nets, win

# --- §2.9 the game end ---------------------------------------------------------------------


def test_tenhou_rounds_to_1000_and_first_absorbs_the_difference() -> None:
    # §2.9 "if O.final_rounding != 'none': x = round_to_1000(x) # first place absorbs the
    # rounding difference (R11)"; RC-7 half_up, "a −x.5 rounds toward +∞". S 30,500 → +1,000,
    # W 14,400 → −16,000, N 9,500 → −20,500 → −20,000; E 15,600 − 600 = 15,000
    rec = game_end({"E": 45600, "S": 30500, "W": 14400, "N": 9500}, preset="tenhou")
    assert finals(rec) == {"E": 55000, "S": 11000, "W": -26000, "N": -40000}
    reasons = {p.reason for p in settle(rec).payments}
    assert "rounding" in reasons


def test_half_down_rounds_halves_toward_minus_infinity() -> None:
    # R11 "If the division result produces a digit of 0.5, then the number is rounded down":
    # S 30,500 → 0; N 9,500 → −20,500 → −21,000; W −15,600 → −16,000; E absorbs +1,400
    rec = game_end({"E": 45600, "S": 30500, "W": 14400, "N": 9500}, final_rounding="half_down")
    assert finals(rec) == {"E": 57000, "S": 10000, "W": -26000, "N": -41000}


def test_three_way_tie_remainder_to_the_seat_nearest_the_first_dealer() -> None:
    # R9 "3名が同点だった場合の端数は起家に近い方が大きいポイントを取得する": M.League rank points
    # +50/+10/−10 shared: 50,000 / 3 = 16,666 → 16,600 each, the 200 left to E
    rec = game_end({"E": 30000, "S": 30000, "W": 30000, "N": 10000}, preset="mleague")
    assert finals(rec) == {"E": 16800, "S": 16600, "W": 16600, "N": -50000}


def test_leftover_sticks_to_first_or_lost() -> None:
    # §2.4 "End of game: option leftover_sticks: to_first … or lost"; 2 sticks on the table
    pts = {"E": 40000, "S": 30000, "W": 28000, "N": 0}  # 98,000 + 2,000 = 4 × 25,000
    to_first = game_end(pts, sticks=2)
    assert finals(to_first)["E"] == 10000 + 20000 + 20000 + 2000
    assert settle(to_first).paid("pot", "E") == 2000
    lost = game_end(pts, sticks=2, leftover_sticks="lost")
    assert finals(lost)["E"] == 50000
    assert sum(finals(lost).values()) == -2000


def test_chombo_penalty_after_uma_to_nobody() -> None:
    # §2.8 "final_penalty: at game end X loses O.chombo_penalty per chombo after uma (R2
    # '20,000 points deduction after uma')"; EMA: S second 30,000 → 0 + 5,000 − 20,000
    rec = game_end({"E": 40000, "S": 30000, "W": 29000, "N": 21000}, preset="ema",
                   chombo={"S": 1})  # fmt: skip
    f = finals(rec)
    assert f["S"] == 5000 - 20000
    assert settle(rec).paid("S", "pot") == 20000
    assert sum(f.values()) == -20000


def test_a_chombo_under_final_penalty_pays_nothing_in_the_hand() -> None:
    s = settle(hand(result="chombo", events=[{"type": "chombo", "player": "S"}], preset="wrc"))
    assert not s.payments and "20,000" in s.explanation[0].en


def test_jpml_sinking_uma() -> None:
    # §2.9 jpml_sinking (R21 jpmlA.php): 3 below the start → +12/−1/−3/−8
    rec = game_end({"E": 60000, "S": 22000, "W": 20000, "N": 18000}, preset="jpml_a")
    assert finals(rec) == {"E": 30000 + 12000, "S": -8000 - 1000, "W": -10000 - 3000,
                           "N": -12000 - 8000}  # fmt: skip


# --- §2.6 several winners --------------------------------------------------------------------


def test_triple_ron_is_abortive_by_default() -> None:
    # §2.6 "if mode == 'abortive': settle as result 'abortive_draw', kind sanchahou" (R10, R14)
    rec = hand([win("S", "E", 2), win("W", "E", 3), win("N", "E", 1)], honba=1, riichi=("W",),
               fu={"S": 30, "W": 30, "N": 30})  # fmt: skip
    s = settle(rec)
    assert nets(s) == {"E": 0, "S": 0, "W": -1000, "N": 0}
    assert after(rec) == ("E", 2, 1)


def test_triple_ron_allowed_in_ema_each_gets_honba() -> None:
    # EMA "Double and triple Ron is allowed, the discarder has to pay each winner separately"
    # (R4); honba_multi each: 3 × 300
    rec = hand([win("S", "E", 5), win("W", "E", 5), win("N", "E", 5)], honba=1, preset="ema")
    assert nets(settle(rec)) == {"E": -3 * 8300, "S": 8300, "W": 8300, "N": 8300}


def test_a_head_bumped_dealer_does_not_keep_the_deal() -> None:
    # RC-20 "only the kept winner counts; a head-bumped dealer does not keep the deal"
    rec = hand([win("S", "W", 2), win("E", "W", 2)], fu={"S": 30, "E": 30}, preset="wrc")
    # turn order after the discarder W: N, E, S — the dealer E is nearer and keeps the deal
    assert nets(settle(rec)) == {"E": 2900, "S": 0, "W": -2900, "N": 0}
    assert after(rec) == ("E", 1, 0)
    rec = hand([win("S", "N", 2), win("E", "N", 2)], dealer="S", fu={"S": 30, "E": 30},
               preset="wrc")  # fmt: skip
    # after the discarder N: E, S — E is nearer, the dealer S is bumped and the deal passes
    assert nets(settle(rec)) == {"E": 2000, "S": 0, "W": 0, "N": -2000}
    assert after(rec) == ("W", 0, 0)


def test_own_stick_back_is_only_for_a_kept_winner() -> None:
    # §2.6 "A riichi stick of a winner removed by head bump is a stick of a non-winner: it
    # goes to the kept winner."
    rec = hand([win("S", "E", 1), win("N", "E", 1)], fu={"S": 30, "N": 30}, riichi=("N",),
               sticks_multi="own_back_nearest", multiple_ron="head_bump")  # fmt: skip
    assert nets(settle(rec)) == {"E": -1000, "S": 2000, "W": 0, "N": -1000}


# --- §2.7 pao with more than the liable yakuman -------------------------------------------


def test_pao_tsumo_with_a_double_yakuman_covers_one() -> None:
    # RC-10 derived default: "liability covers one yakuman (b = 8000); the rest is settled
    # normally (tsumo: split by all three)": L pays 32,000; the second yakuman 16,000 / 8,000
    rec = hand([win("N")], yakuman={"N": 2}, events=[{"type": "pao", "player": "S", "from": "N"}])
    assert nets(settle(rec)) == {"E": -16000, "S": -32000 - 8000, "W": -8000, "N": 64000}


def test_pao_ron_by_the_liable_player_is_an_ordinary_ron() -> None:
    # §2.7 "ron by F == L: an ordinary ron (L pays V + honba)"
    rec = hand([win("W", "S")], honba=2, yakuman={"W": 1},
               events=[{"type": "pao", "player": "S", "from": "W"}])  # fmt: skip
    assert nets(settle(rec)) == {"E": 0, "S": -32600, "W": 32600, "N": 0}


# --- renchan and abortive options, sanma ---------------------------------------------------


def test_renchan_agari_passes_the_deal_at_a_tenpai_draw() -> None:
    # §2.5 "or never (renchan: agari: R24 Sendai '親はアガリ連荘')"
    rec = hand(events=[{"type": "tenpai", "player": "E"}], renchan="agari")
    assert after(rec) == ("S", 1, 0)
    assert after(hand(events=[{"type": "tenpai", "player": "E"}])) == ("E", 1, 0)


def test_abortive_draw_passes_the_deal_without_abortive_renchan() -> None:
    # RC-13 "the deal passes in one parlour (R24 majantenho '親権も流れます')"; honba + 1
    rec = hand(result="abortive_draw", honba=1, abortive_renchan=False, riichi=("S",))
    assert after(rec) == ("S", 2, 1)


def test_sanma_chombo_and_nagashi() -> None:
    # §2.11 "Chombo mangan_payment: a non-dealer pays 4,000 to the dealer and 2,000 to the
    # other player"; nagashi as a mangan tsumo with tsumo loss: 4,000 + 2,000
    ev = [{"type": "chombo", "player": "S"}]
    assert nets(settle(hand(result="chombo", events=ev, preset="sanma"))) == {
        "E": 4000,
        "S": -6000,
        "W": 2000,
    }
    ev = [{"type": "nagashi_mangan", "player": "W"}]
    assert nets(settle(hand(events=ev, preset="sanma"))) == {"E": -4000, "S": -2000, "W": 6000}


def test_sanma_split_non_dealer_tsumo() -> None:
    # §2.11 split (北家折半): "non-dealer mangan 5,000/3,000" (R23 junction2024 "満貫ツモが
    # 5000-3000"); each payer's total rounded up to 100: 1 han 30 fu b = 240 → 600 / 400
    rec = hand([win("S", None, 5)], preset="sanma", sanma_tsumo="split")
    assert nets(settle(rec)) == {"E": -5000, "S": 8000, "W": -3000}
    rec = hand([win("S", None, 1)], fu={"S": 30}, preset="sanma", sanma_tsumo="split")
    assert nets(settle(rec)) == {"E": -600, "S": 1000, "W": -400}
