"""Riichi: every worked example of spec ``shared/rules/riichi.md`` §4 as a golden test.

Each test names the example's id (RI-01 … RI-30 from the sources R1–R24, DER-01 … DER-35
derived by the spec) and quotes the source text or the spec's row. Players are E S W N in seat
order; nets are the players' (the pot apart); "next" is the table after the hand.
"""

from __future__ import annotations

from typing import Any

import pytest

from scoring import settle
from tests.scoring.test_riichi_builders import after, finals, game_end, hand, nets, win


def paid(rec: dict[str, Any], payer: str, payee: str) -> int:
    return settle(rec).paid(payer, payee)


# --- 4.1 from the sources ------------------------------------------------------------------


def test_ri_01_non_dealer_ron_3_han_30_fu() -> None:
    # RI-01, R20 scores.py docstring: "han=3, fu=30 → result["main"] 3900"
    assert paid(hand([win("S", "W", 3)], fu={"S": 30}), "W", "S") == 3900


def test_ri_02_dealer_tsumo_mangan_honba_2_sticks_3() -> None:
    # RI-02, R20 scores.py docstring: dealer tsumo mangan, tsumi_number=2, kyoutaku_number=3 →
    # main 4000, additional 4000, total 15600
    rec = hand([win("E", None, 5)], honba=2, sticks=3)
    s = settle(rec)
    assert [s.paid(p, "E") for p in "SWN"] == [4200, 4200, 4200]
    assert s.net["E"] == 15600


def test_ri_03_non_dealer_ron_1_han_40_fu() -> None:
    # RI-03, R20 hand_response.py docstring: "1 han, 40 fu … result.cost["main"] 1300"
    assert paid(hand([win("S", "W", 1)], fu={"S": 40}), "W", "S") == 1300


@pytest.mark.parametrize(
    ("han", "fu", "main", "opts"),
    [(1, 110, 3600, {}), (2, 30, 2000, {}), (4, 30, 7700, {}), (4, 40, 8000, {}),
     (13, 0, 32000, {"kazoe": "no_limit"}), (26, 0, 64000, {"kazoe": "no_limit"})],
)  # fmt: skip
def test_ri_04_non_dealer_ron(han: int, fu: int, main: int, opts: dict[str, Any]) -> None:
    # RI-04, R20 tests_scores_calculation.py ron: (1, 110, 3600), (2, 30, 2000), (4, 30, 7700),
    # (4, 40, 8000), (13, 0, 32000), (26, 0, 64000) — the last two with KAZOE_NO_LIMIT
    rec = hand([win("S", "W", han)], fu={"S": fu} if fu else None, **opts)
    assert paid(rec, "W", "S") == main


@pytest.mark.parametrize(
    ("han", "fu", "main"),
    [(1, 30, 1500), (2, 30, 2900), (3, 30, 5800), (4, 30, 11600), (5, 0, 12000)],
)
def test_ri_05_dealer_ron(han: int, fu: int, main: int) -> None:
    # RI-05, R20 same, ron by dealer: (1, 30, 1500), (2, 30, 2900), (3, 30, 5800),
    # (4, 30, 11600), (5, 0, 12000)
    rec = hand([win("E", "S", han)], fu={"E": fu} if fu else None)
    assert paid(rec, "S", "E") == main


@pytest.mark.parametrize(
    ("han", "fu", "dealer_pays", "other_pays"),
    [(1, 30, 500, 300), (3, 60, 3900, 2000), (4, 30, 3900, 2000), (13, 0, 16000, 8000)],
)
def test_ri_06_non_dealer_tsumo(han: int, fu: int, dealer_pays: int, other_pays: int) -> None:
    # RI-06, R20 same, tsumo: (1, 30, 500, 300), (3, 60, 3900, 2000), (4, 30, 3900, 2000),
    # (13, 0, 16000, 8000) (main = the dealer's share)
    s = settle(hand([win("S", None, han)], fu={"S": fu} if fu else None))
    assert (s.paid("E", "S"), s.paid("W", "S"), s.paid("N", "S")) == (
        dealer_pays,
        other_pays,
        other_pays,
    )


@pytest.mark.parametrize(("han", "fu", "each"), [(4, 30, 3900), (6, 0, 6000)])
def test_ri_07_dealer_tsumo(han: int, fu: int, each: int) -> None:
    # RI-07, R20 same, tsumo by dealer: (4, 30, 3900, 3900), (6, 0, 6000, 6000)
    s = settle(hand([win("E", None, han)], fu={"E": fu} if fu else None))
    assert [s.paid(p, "E") for p in "SWN"] == [each] * 3


def test_ri_08_dealer_tsumo_with_bonus() -> None:
    # RI-08, R20 test_calculate_scores_with_bonus: dealer tsumo 3/30, tsumi 2, kyoutaku 3:
    # main 2000, bonus 200, kyoutaku_bonus 3000, total 9600
    s = settle(hand([win("E", None, 3)], fu={"E": 30}, honba=2, sticks=3))
    assert s.net["E"] == 9600
    assert s.paid("S", "E") == 2200


def test_ri_09_non_dealer_tsumo_with_bonus() -> None:
    # RI-09, R20 same: WEST tsumo 4/30, tsumi 4, kyoutaku 1: main 3900, additional 2000,
    # bonus 400, total 10100
    s = settle(hand([win("W", None, 4)], fu={"W": 30}, honba=4, sticks=1))
    assert (s.paid("E", "W"), s.paid("S", "W"), s.paid("N", "W")) == (4300, 2400, 2400)
    assert s.net["W"] == 10100


def test_ri_10_ron_with_five_honba() -> None:
    # RI-10, R20 same: WEST ron 6 han, tsumi 5: 12000 + 1500 = 13500; EAST ron 5 han, tsumi 5:
    # 12000 + 1500
    assert settle(hand([win("W", "S", 6)], honba=5)).net["W"] == 13500
    assert settle(hand([win("E", "S", 5)], honba=5)).net["E"] == 13500


def test_ri_11_kiriage_mangan() -> None:
    # RI-11, R20 test_kiriage_mangan: (None, 4, 30, 8000), (EAST, 3, 60, 12000)
    assert paid(hand([win("S", "W", 4)], fu={"S": 30}, kiriage="all"), "W", "S") == 8000
    assert paid(hand([win("E", "W", 3)], fu={"E": 60}, kiriage="all"), "W", "E") == 12000


def test_ri_12_three_player_bonus_with_honba_200() -> None:
    # RI-12, R20 test_calculate_scores_with_bonus_three_player: dealer tsumo 3/30, tsumi 2,
    # kyoutaku 3 → total 7400; WEST tsumo 4/30, tsumi 4, kyoutaku 1 → 7700; WEST ron 6 han,
    # tsumi 5 → 12000 + 1000 (spec: only with honba_value 200, RC-15)
    o = {"preset": "sanma", "honba_value": 200}
    assert settle(hand([win("E", None, 3)], fu={"E": 30}, honba=2, sticks=3, **o)).net["E"] == 7400
    rec = hand([win("W", None, 4)], fu={"W": 30}, honba=4, sticks=1, **o)
    assert settle(rec).net["W"] == 7700
    assert settle(hand([win("W", "S", 6)], honba=5, **o)).net["W"] == 13000


def test_ri_13_non_dealer_mangan_tsumo_two_honba() -> None:
    # RI-13, R12 Honba: "A non-dealer mangan tsumo with 2 honba is worth 8,600 in total - it
    # costs 2,200 for non-dealers and 4,200 for the dealer."
    s = settle(hand([win("S", None, 5)], honba=2))
    assert (s.net["S"], s.paid("E", "S"), s.paid("W", "S"), s.paid("N", "S")) == (
        8600,
        4200,
        2200,
        2200,
    )


def test_ri_14_dealer_mangan_tsumo_two_honba() -> None:
    # RI-14, R12 Honba: "A dealer mangan tsumo with 2 honba is worth 12,600 in total - it costs
    # 4,200 for each non-dealer."
    s = settle(hand([win("E", None, 5)], honba=2))
    assert s.net["E"] == 12600 and [s.paid(p, "E") for p in "SWN"] == [4200] * 3


def test_ri_15_one_han_thirty_fu_ron_and_tsumo() -> None:
    # RI-15, R13 Payment multipliers: "a ron would score 1000, and tsumo scores 300+300+500 = 1100"
    assert settle(hand([win("S", "W", 1)], fu={"S": 30})).net["S"] == 1000
    assert settle(hand([win("S", None, 1)], fu={"S": 30})).net["S"] == 1100


def test_ri_16_non_dealer_mangan() -> None:
    # RI-16, R6 errata: "Non-East score for 5 han is 2000/4000 for tsumo, and 8000 for ron."
    s = settle(hand([win("S", None, 5)]))
    assert (s.paid("W", "S"), s.paid("E", "S")) == (2000, 4000)
    assert paid(hand([win("S", "W", 5)]), "W", "S") == 8000


def test_ri_17_wrc_session_score() -> None:
    # RI-17, R6 precisions: "a table score of 40,000 points and is the best ranked … his session
    # score will be 25" ((40,000 − 30,000)/1,000 + 15 = 25)
    rec = game_end({"E": 40000, "S": 30000, "W": 25000, "N": 25000}, preset="wrc")
    assert finals(rec)["E"] == 25000


def test_ri_18_mleague_rank_points() -> None:
    # RI-18, R9 順位点 例: "35,800点の2位→ +5.8p+10.0p(順位点)=+15.8p" /
    # "41,600点の1位→+11.6p+50.0p(順位点)=+61.6p"
    rec = game_end({"E": 41600, "S": 35800, "W": 12600, "N": 10000}, preset="mleague")
    f = finals(rec)
    assert (f["E"], f["S"]) == (61600, 15800)


def test_ri_19_all_on_25000() -> None:
    # RI-19, R11 Shortcut table: "25000 … 35 … +10 / … 5 … -20 / … -15 … -40 / … -25 … -50"
    rec = game_end({"E": 25000, "S": 25000, "W": 25000, "N": 25000})
    assert finals(rec) == {"E": 35000, "S": 5000, "W": -15000, "N": -25000}


def test_ri_20_sanma_tsumo_loss() -> None:
    # RI-20, R17 riichi_advanced sanma.md: "a non-dealer mangan is paid 4000 from the dealer and
    # 2000 from the non-dealer, for a total of 6000"
    s = settle(hand([win("S", None, 5)], preset="sanma"))
    assert (s.paid("E", "S"), s.paid("W", "S"), s.net["S"]) == (4000, 2000, 6000)


def test_ri_21_noten_payments() -> None:
    # RI-21, R15 Point exchanges: "1-player in tenpai: All players in noten pays 1000 …
    # 2-players … 1500 … 3-players … 1000 points to each"
    def draw(*ready: str) -> dict[str, int]:
        return nets(settle(hand(events=[{"type": "tenpai", "player": p} for p in ready])))

    assert draw("E") == {"E": 3000, "S": -1000, "W": -1000, "N": -1000}
    assert draw("E", "S") == {"E": 1500, "S": 1500, "W": -1500, "N": -1500}
    assert draw("E", "S", "W") == {"E": 1000, "S": 1000, "W": 1000, "N": -3000}


def test_ri_22_chombo_mangan_payment() -> None:
    # RI-22, R3 3.4.6 Chombo: "4000 to East, 2000 to other players. If the offending player is
    # East, 4000 is payed to each"
    def chombo(x: str) -> dict[str, int]:
        ev = [{"type": "chombo", "player": x}]
        return nets(settle(hand(events=ev, result="chombo")))

    assert chombo("S") == {"E": 4000, "S": -8000, "W": 2000, "N": 2000}
    assert chombo("E") == {"E": -12000, "S": 4000, "W": 4000, "N": 4000}


def test_ri_23_pantheon_chombo_and_nagashi() -> None:
    # RI-23, R21 PointsCalc::chombo, ::nagashi: dealer -= 12000 / others += 4000; non-dealer
    # -= 8000, dealer += 4000, others += 2000; nagashi dealer += 12000, non-dealer += 8000
    ev = [{"type": "chombo", "player": "E"}]
    assert settle(hand(events=ev, result="chombo")).net["E"] == -12000
    assert settle(hand(events=[{"type": "nagashi_mangan", "player": "E"}])).net["E"] == 12000
    assert settle(hand(events=[{"type": "nagashi_mangan", "player": "W"}])).net["W"] == 8000


def test_ri_24_saikouisen_kiriage_for_the_dealer_only() -> None:
    # RI-24, R18 west-one-cup アガリ点: "30符6飜の子は7,700、親の11,600は切り上げ満貫。(場の2飜を
    # 入れて)" — their 6 han include 2 場ゾロ: 4 han 30 fu here (RC-19)
    o = {"preset": "saikouisen"}
    assert paid(hand([win("S", "W", 4)], fu={"S": 30}, **o), "W", "S") == 7700
    assert paid(hand([win("E", "W", 4)], fu={"E": 30}, **o), "W", "E") == 12000


def test_ri_25_saikouisen_sanbaiman_and_single_yakuman() -> None:
    # RI-25, R18 west-one-cup: "13飜から三倍満。(場の2飜を入れて)"; "役満は四倍満(役満は重複しない)"
    o = {"preset": "saikouisen"}
    assert paid(hand([win("S", "W", 11)], **o), "W", "S") == 24000
    assert paid(hand([win("S", "W")], yakuman={"S": 2}, **o), "W", "S") == 32000  # 4 × mangan


def test_ri_26_sanma_oka() -> None:
    # RI-26, R23 Echoes 三麻 (4): "35.000点持ちの40.000点返し。終了時、トップ者にはオカの15.000点が
    # 加点される"
    rec = game_end({"E": 50000, "S": 35000, "W": 20000}, preset="sanma", uma="none")
    assert finals(rec) == {"E": 10000 + 15000, "S": -5000, "W": -20000}


def test_ri_27_oka_as_an_ante_equals_oka_to_first() -> None:
    # RI-27, R21 tenhounet.php setOka(20000): Pantheon 40,000 − 25,000 + 15,000 = 30,000;
    # 20,000 − 25,000 − 5,000 = −10,000; §2.9 40,000 − 30,000 + 20,000 = 30,000 (uma aside)
    rec = game_end({"E": 40000, "S": 20000, "W": 20000, "N": 20000}, uma="none")
    f = finals(rec)
    assert (f["E"], f["S"]) == (30000, -10000)


def test_ri_28_counters() -> None:
    # RI-28, R1 3.4.10 Counters: "Each counter … increases the value of a winning hand by 300
    # points … each opponent pays 100 points for each counter"
    assert paid(hand([win("S", "W", 1)], fu={"S": 30}, honba=2), "W", "S") == 1000 + 600
    s = settle(hand([win("S", None, 5)], honba=2))
    assert (s.paid("W", "S"), s.paid("N", "S")) == (2200, 2200)


def test_ri_29_double_ron_repeats_and_deposits_to_the_closest() -> None:
    # RI-29, R10 rules list: "Double rons allowed. Repeats and deposits go to the next closest
    # player." — numbers of DER-23
    rec = hand([win("S", "E", 1), win("N", "E", 2)], fu={"S": 30, "N": 30}, honba=2, sticks=1,
               riichi=("S", "N", "W"))  # fmt: skip
    assert nets(settle(rec)) == {"E": -3600, "S": 4600, "W": -1000, "N": 1000}


def test_ri_30_liability_shared_counters_by_the_discarder() -> None:
    # RI-30, R3 3.3.9 Liability: "he shares the payment equally with the player who fed … but
    # only the discarder pays for any counters" — numbers of DER-32
    rec = hand([win("W", "N")], dealer="S", honba=1, yakuman={"W": 1}, preset="mleague",
               events=[{"type": "pao", "player": "E", "from": "W"}])  # fmt: skip
    assert nets(settle(rec)) == {"E": -16000, "S": 0, "W": 32300, "N": -16300}


# --- 4.2 derived (spec rows quoted: preset + options | situation | nets | table after) ------

PAO = "pao"


def _pao(liable: str, winner: str) -> dict[str, Any]:
    return {"type": PAO, "player": liable, "from": winner}


def _ev(kind: str, *who: str) -> list[dict[str, Any]]:
    return [{"type": kind, "player": p} for p in who]


DERIVED: list[tuple[str, dict[str, Any], dict[str, int], tuple[str, int, int]]] = [
    # DER-01 friendly | dealer E; N ron from S, 1 han 40 fu | E +0, S -1300, W +0, N +1300 | S 0 0
    ("DER-01", hand([win("N", "S", 1)], fu={"N": 40}), {"E": 0, "S": -1300, "W": 0, "N": 1300}, ("S", 0, 0)),
    # DER-02 friendly + kiriage=all | S tsumo, 4 han 30 fu | E -4000, S +8000, W -2000, N -2000
    ("DER-02", hand([win("S", None, 4)], fu={"S": 30}, kiriage="all"), {"E": -4000, "S": 8000, "W": -2000, "N": -2000}, ("S", 0, 0)),
    # DER-03 friendly | S tsumo, 4 han 30 fu | E -3900, S +7900, W -2000, N -2000
    ("DER-03", hand([win("S", None, 4)], fu={"S": 30}), {"E": -3900, "S": 7900, "W": -2000, "N": -2000}, ("S", 0, 0)),
    # DER-04 friendly + kiriage=dealer | E ron from S, 4 han 30 fu | E +12000, S -12000 | E 1 0
    ("DER-04", hand([win("E", "S", 4)], fu={"E": 30}, kiriage="dealer"), {"E": 12000, "S": -12000, "W": 0, "N": 0}, ("E", 1, 0)),
    # DER-05 friendly + kiriage=dealer | S ron from W, 4 han 30 fu | S +7700, W -7700
    ("DER-05", hand([win("S", "W", 4)], fu={"S": 30}, kiriage="dealer"), {"E": 0, "S": 7700, "W": -7700, "N": 0}, ("S", 0, 0)),
    # DER-06 friendly | W ron from N, 7 han | W +12000, N -12000
    ("DER-06", hand([win("W", "N", 7)]), {"E": 0, "S": 0, "W": 12000, "N": -12000}, ("S", 0, 0)),
    # DER-07 friendly | E ron from S, 10 han | E +24000, S -24000 | E 1 0
    ("DER-07", hand([win("E", "S", 10)]), {"E": 24000, "S": -24000, "W": 0, "N": 0}, ("E", 1, 0)),
    # DER-08 friendly | dealer S; W tsumo, 11 han | E -6000, S -12000, W +24000, N -6000 | W 0 0
    ("DER-08", hand([win("W", None, 11)], dealer="S"), {"E": -6000, "S": -12000, "W": 24000, "N": -6000}, ("W", 0, 0)),
    # DER-09 wrc | W ron from N, 14 han | W +24000, N -24000
    ("DER-09", hand([win("W", "N", 14)], preset="wrc"), {"E": 0, "S": 0, "W": 24000, "N": -24000}, ("S", 0, 0)),
    # DER-10 tenhou | W ron from N, 14 han | W +32000, N -32000
    ("DER-10", hand([win("W", "N", 14)], preset="tenhou"), {"E": 0, "S": 0, "W": 32000, "N": -32000}, ("S", 0, 0)),
    # DER-11 tenhou | N ron from S, yakuman ×3 | S -96000, N +96000
    ("DER-11", hand([win("N", "S")], yakuman={"N": 3}, preset="tenhou"), {"E": 0, "S": -96000, "W": 0, "N": 96000}, ("S", 0, 0)),
    # DER-12 ema | N ron from S, yakuman ×3 | ema max_yakuman 1: S -32000, N +32000
    ("DER-12", hand([win("N", "S")], yakuman={"N": 3}, preset="ema"), {"E": 0, "S": -32000, "W": 0, "N": 32000}, ("S", 0, 0)),
    # DER-13 friendly | dealer W, honba 4; E ron from N, 2 han 30 fu | E +3200, N -3200 | N 0 0
    ("DER-13", hand([win("E", "N", 2)], dealer="W", honba=4, fu={"E": 30}), {"E": 3200, "S": 0, "W": 0, "N": -3200}, ("N", 0, 0)),
    # DER-14 friendly | dealer W, honba 1, sticks 3; W tsumo 1 han 30 fu; riichi W |
    # E -600, S -600, W +4800, N -600 | W 2 0
    ("DER-14", hand([win("W", None, 1)], dealer="W", honba=1, sticks=3, fu={"W": 30}, riichi=("W",)), {"E": -600, "S": -600, "W": 4800, "N": -600}, ("W", 2, 0)),
    # DER-15 friendly + honba_value=1500 | dealer E, honba 2; E tsumo 2 han 30 fu |
    # E +6000, others -2000 | E 3 0
    ("DER-15", hand([win("E", None, 2)], honba=2, fu={"E": 30}, honba_value=1500), {"E": 6000, "S": -2000, "W": -2000, "N": -2000}, ("E", 3, 0)),
    # DER-16 friendly | dealer E, honba 2, sticks 1; draw: tenpai E, N | E +1500, S -1500,
    # W -1500, N +1500 | E 3 1
    ("DER-16", hand(honba=2, sticks=1, events=_ev("tenpai", "E", "N")), {"E": 1500, "S": -1500, "W": -1500, "N": 1500}, ("E", 3, 1)),
    # DER-17 friendly | dealer S, honba 1, sticks 1; draw: riichi W | W -1000 | W 2 2
    ("DER-17", hand(dealer="S", honba=1, sticks=1, riichi=("W",)), {"E": 0, "S": 0, "W": -1000, "N": 0}, ("W", 2, 2)),
    # DER-18 tenhou | draw: nagashi mangan E | E +12000, others -4000 | S 1 0
    ("DER-18", hand(preset="tenhou", events=_ev("nagashi_mangan", "E")), {"E": 12000, "S": -4000, "W": -4000, "N": -4000}, ("S", 1, 0)),
    # DER-19 tenhou + nagashi_honba=True | honba 2; nagashi mangan S | E -4200, S +8600,
    # W -2200, N -2200 | S 3 0
    ("DER-19", hand(preset="tenhou", honba=2, nagashi_honba=True, events=_ev("nagashi_mangan", "S")), {"E": -4200, "S": 8600, "W": -2200, "N": -2200}, ("S", 3, 0)),
    # DER-20 tenhou | nagashi mangan S and N | E -8000, S +6000, W -4000, N +6000 | S 1 0
    ("DER-20", hand(preset="tenhou", events=_ev("nagashi_mangan", "S", "N")), {"E": -8000, "S": 6000, "W": -4000, "N": 6000}, ("S", 1, 0)),
    # DER-21 tenhou | dealer N, honba 1, sticks 2; abortive kyuushu_kyuuhai | nothing | N 2 2
    ("DER-21", hand(preset="tenhou", dealer="N", honba=1, sticks=2, result="abortive_draw", events=[{"type": "abortive_draw", "player": "N", "kind": "kyuushu_kyuuhai"}]), {"E": 0, "S": 0, "W": 0, "N": 0}, ("N", 2, 2)),
    # DER-22 ema | honba 2, sticks 1; S ron from E 1/30; N ron from E 2/30; riichi S N W |
    # E -4200, S +3600, W -1000, N +2600 | S 0 0
    ("DER-22", hand([win("S", "E", 1), win("N", "E", 2)], preset="ema", honba=2, sticks=1, fu={"S": 30, "N": 30}, riichi=("S", "N", "W")), {"E": -4200, "S": 3600, "W": -1000, "N": 2600}, ("S", 0, 0)),
    # DER-23 friendly | same hand | E -3600, S +4600, W -1000, N +1000 | S 0 0
    ("DER-23", hand([win("S", "E", 1), win("N", "E", 2)], honba=2, sticks=1, fu={"S": 30, "N": 30}, riichi=("S", "N", "W")), {"E": -3600, "S": 4600, "W": -1000, "N": 1000}, ("S", 0, 0)),
    # DER-24 friendly + multiple_ron=head_bump | S ron 1/30, N ron 2/30 from E; riichi N |
    # E -1000, S +2000, N -1000 | S 0 0
    ("DER-24", hand([win("S", "E", 1), win("N", "E", 2)], fu={"S": 30, "N": 30}, riichi=("N",), multiple_ron="head_bump"), {"E": -1000, "S": 2000, "W": 0, "N": -1000}, ("S", 0, 0)),
    # DER-25 friendly | honba 3, sticks 1; N tsumo yakuman ×1, pao S | S -32900, N +33900 | S 0 0
    ("DER-25", hand([win("N")], honba=3, sticks=1, yakuman={"N": 1}, events=[_pao("S", "N")]), {"E": 0, "S": -32900, "W": 0, "N": 33900}, ("S", 0, 0)),
    # DER-26 friendly | dealer N; W ron from E, yakuman ×1, pao S | E -16000, S -16000,
    # W +32000 | E 0 0
    ("DER-26", hand([win("W", "E")], dealer="N", yakuman={"W": 1}, events=[_pao("S", "W")]), {"E": -16000, "S": -16000, "W": 32000, "N": 0}, ("E", 0, 0)),
    # DER-27 friendly | chombo N | E +4000, S +2000, W +2000, N -8000 | E 0 0
    ("DER-27", hand(result="chombo", events=_ev("chombo", "N")), {"E": 4000, "S": 2000, "W": 2000, "N": -8000}, ("E", 0, 0)),
    # DER-28 sanma | dealer S; S tsumo 5 han | E -4000, S +8000, W -4000 | S 1 0
    ("DER-28", hand([win("S", None, 5)], preset="sanma", dealer="S"), {"E": -4000, "S": 8000, "W": -4000}, ("S", 1, 0)),
    # DER-29 sanma + sanma_tsumo=split | dealer S; S tsumo 5 han | E -6000, S +12000, W -6000
    ("DER-29", hand([win("S", None, 5)], preset="sanma", dealer="S", sanma_tsumo="split"), {"E": -6000, "S": 12000, "W": -6000}, ("S", 1, 0)),
    # DER-30 sanma | draw: tenpai E | E +2000, S -1000, W -1000 | E 1 0
    ("DER-30", hand(preset="sanma", events=_ev("tenpai", "E")), {"E": 2000, "S": -1000, "W": -1000}, ("E", 1, 0)),
    # DER-31 sanma + honba_value=300 | honba 2; W tsumo 2 han 30 fu | E -1300, S -800, W +2100
    ("DER-31", hand([win("W", None, 2)], preset="sanma", honba=2, fu={"W": 30}, honba_value=300), {"E": -1300, "S": -800, "W": 2100}, ("S", 0, 0)),
    # DER-32 mleague | dealer S, honba 1; W ron from N, yakuman ×1, pao E | E -16000, W +32300,
    # N -16300 | W 0 0
    ("DER-32", hand([win("W", "N")], preset="mleague", dealer="S", honba=1, yakuman={"W": 1}, events=[_pao("E", "W")]), {"E": -16000, "S": 0, "W": 32300, "N": -16300}, ("W", 0, 0)),
]  # fmt: skip


@pytest.mark.parametrize(("rid", "rec", "want", "nxt"), DERIVED, ids=[d[0] for d in DERIVED])
def test_derived_hands(
    rid: str, rec: dict[str, Any], want: dict[str, int], nxt: tuple[str, int, int]
) -> None:
    assert nets(settle(rec), list(want)) == want, rid
    assert after(rec) == nxt, rid


def test_der_33_game_end_ties_by_seat() -> None:
    # DER-33 friendly | game end: E 31,000, S 31,000, W 19,000, N 19,000 (ties twice), seat
    # order | "E first by seat: 1,000 + 20,000 + 20,000; S 1,000 + 10,000; W −11,000 − 10,000;
    # N −11,000 − 20,000" | E +41000, S +11000, W −21000, N −31000
    rec = game_end({"E": 31000, "S": 31000, "W": 19000, "N": 19000})
    assert finals(rec) == {"E": 41000, "S": 11000, "W": -21000, "N": -31000}


def test_der_34_game_end_ties_split() -> None:
    # DER-34 ema (tie_break split) | E 31,000, S 31,000, W 29,000, N 29,000 | "E,S share
    # (15 + 5)/2 = 10,000: 1,000 + 10,000; W,N share (−5 − 15)/2 = −10,000" |
    # E +11000, S +11000, W −11000, N −11000
    rec = game_end({"E": 31000, "S": 31000, "W": 29000, "N": 29000}, preset="ema")
    assert finals(rec) == {"E": 11000, "S": 11000, "W": -11000, "N": -11000}


def test_der_35_game_end_uma_5_10_and_money() -> None:
    # DER-35 friendly + uma=5_10, rate=50 | E 45,000, S 30,000, W 15,000, N 10,000 | "E 15,000
    # + 20,000 + 10,000 = 45,000 → money +2,250; S 0 + 5,000 → +250; W −15,000 − 5,000 →
    # −1,000; N −20,000 − 10,000 → −1,500" | E +45000, S +5000, W −20000, N −30000
    rec = game_end({"E": 45000, "S": 30000, "W": 15000, "N": 10000}, uma="5_10", rate=50)
    assert finals(rec) == {"E": 45000, "S": 5000, "W": -20000, "N": -30000}
    text = " ".join(s.en for s in settle(rec).explanation)
    for money in ("money +2,250", "money +250", "money -1,000", "money -1,500"):
        assert money in text


def test_section_1_2_record_example() -> None:
    # spec §1.2: "E pays W 2,600 (2 han 40 fu) + 900 (3 honba); the pot (2 + 2 sticks) goes to
    # W. Net E −4,500, W +6,500 (sum +2,000 = the two sticks that were already on the table)."
    rec = hand([win("W", "E", 2)], dealer="S", honba=3, sticks=2, fu={"W": 40},
               riichi=("W", "E"))  # fmt: skip
    s = settle(rec)
    assert nets(s, ["E", "W"]) == {"E": -4500, "W": 6500}
    assert s.net["pot"] == -2000
    assert [(p.payer, p.payee, p.amount, p.reason) for p in s.payments if p.payer == "E"] == [
        ("E", "pot", 1000, "riichi_deposit"),
        ("E", "W", 2600, "ron"),
        ("E", "W", 900, "honba"),
    ]


def test_the_explanation_redoes_the_arithmetic() -> None:
    # RI-01 with 2 honba: "b = 960; 4b = 3,840 → 3,900" (§4.1) and "h = 2: ron +600" (RI-28)
    s = settle(hand([win("S", "W", 3)], fu={"S": 30}, honba=2))
    en = "\n".join(step.en for step in s.explanation)
    zh = "\n".join(step.zh for step in s.explanation)
    assert "3 han 30 fu: basic points 30 fu × 32 = 960" in en
    assert "non-dealer ron 4 × 960 = 3,840, rounded up to 3,900" in en
    assert "honba 2 × 300 = 600" in en
    assert "3番30符：基本点30符×32=960" in zh and "2本场×300=600" in zh
    assert "Next hand: dealer S, honba 0, the pot: 0 sticks" in en


def test_rules_json_names_every_text_value() -> None:
    # §1.1: abortive kinds kyuushu_kyuuhai 九種九牌 … sanchahou 三家和; pao yaku daisangen,
    # daisuushii, suukantsu — each with zh and en names for the bot
    from scoring.rulesets.riichi import Riichi

    extra = Riichi.extra_json()
    kinds = {k["id"] for k in extra["abortive_kinds"]}
    assert kinds == {"kyuushu_kyuuhai", "suufon_renda", "suucha_riichi", "suukaikan", "sanchahou"}
    assert {y["id"] for y in extra["pao_yaku"]} == {"daisangen", "daisuushii", "suukantsu"}
    for item in extra["abortive_kinds"] + extra["pao_yaku"]:
        assert item["name_zh"] and item["name_en"] and item["name_zh"] != item["name_en"]
