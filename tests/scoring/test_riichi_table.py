"""Riichi: the full score table of spec ``shared/rules/riichi.md`` §3 as golden data.

``tests/scoring/data/riichi_score_table.csv`` is the 44 rows of §3 transcribed with the spec's
line numbers ("Basic points b = fu × 2^(2+han), capped at 2,000; every payment rounded up to
100 … All 44 cells below equal mahjong 2.1.0 ScoresCalculator.calculate_scores"). Each cell is
checked three ways: the points functions, a settled hand record (where such a hand can be
recorded: 20 fu is a pinfu tsumo only, 25 fu at least 2 han), and the library itself.
"""

from __future__ import annotations

import csv
from pathlib import Path

import pytest
from mahjong.constants import EAST, SOUTH
from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
from mahjong.hand_calculating.scores import ScoresCalculator

from scoring import settle
from scoring.riichi.points import basic_points, ron_value, tsumo_shares
from tests.scoring.test_riichi_builders import P4, hand, win

DATA = Path(__file__).parent / "data" / "riichi_score_table.csv"


def _rows() -> list[dict[str, int]]:
    with DATA.open(encoding="utf-8") as f:
        lines = [line for line in f if not line.startswith("#")]
    return [{k: int(v) for k, v in row.items()} for row in csv.DictReader(lines)]


ROWS = _rows()
IDS = [f"L{r['line']}-{r['han']}han{r['fu']}fu" for r in ROWS]


def test_the_table_has_44_cells_of_1_to_4_han() -> None:
    assert len(ROWS) == 44
    assert {(r["han"], r["fu"]) for r in ROWS} == {
        (h, f) for h in range(1, 5) for f in (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110)
    }


@pytest.mark.parametrize("row", ROWS, ids=IDS)
def test_points_functions(row: dict[str, int]) -> None:
    han, fu = row["han"], row["fu"]
    b = basic_points(han, fu, 0).basic
    assert b == row["basic"]
    assert ron_value(b, False) == row["nondealer_ron"]
    assert ron_value(b, True) == row["dealer_ron"]
    shares = {s.payer: s.amount for s in tsumo_shares(b, "S", "E", tuple(P4))}
    assert shares == {
        "E": row["nondealer_tsumo_dealer"],
        "W": row["nondealer_tsumo_nondealer"],
        "N": row["nondealer_tsumo_nondealer"],
    }
    dealer = {s.payer: s.amount for s in tsumo_shares(b, "E", "E", tuple(P4))}
    assert dealer == dict.fromkeys("SWN", row["dealer_tsumo_all"])


@pytest.mark.parametrize("row", ROWS, ids=IDS)
def test_settled_hands(row: dict[str, int]) -> None:
    han, fu = row["han"], row["fu"]
    tsumo_ok = not (han == 1 and fu in (20, 25))
    ron_ok = tsumo_ok and fu != 20
    if ron_ok:
        s = settle(hand([win("S", "W", han)], fu={"S": fu}))
        assert s.paid("W", "S") == row["nondealer_ron"]
        s = settle(hand([win("E", "W", han)], fu={"E": fu}))
        assert s.paid("W", "E") == row["dealer_ron"]
    if tsumo_ok:
        s = settle(hand([win("S", None, han)], fu={"S": fu}))
        assert (s.paid("E", "S"), s.paid("W", "S"), s.paid("N", "S")) == (
            row["nondealer_tsumo_dealer"],
            row["nondealer_tsumo_nondealer"],
            row["nondealer_tsumo_nondealer"],
        )
        s = settle(hand([win("E", None, han)], fu={"E": fu}))
        assert [s.paid(p, "E") for p in "SWN"] == [row["dealer_tsumo_all"]] * 3
    if not ron_ok:  # the record refuses the impossible hand, naming the fu
        from scoring import RecordError

        with pytest.raises(RecordError) as err:
            settle(hand([win("S", "W", han)], fu={"S": fu}))
        assert err.value.field == "counts.fu.S"


@pytest.mark.parametrize("row", ROWS, ids=IDS)
def test_the_library_agrees(row: dict[str, int]) -> None:
    han, fu = row["han"], row["fu"]

    def cost(tsumo: bool, wind: int) -> tuple[int, int]:
        config = HandConfig(is_tsumo=tsumo, player_wind=wind, options=OptionalRules())
        c = ScoresCalculator.calculate_scores(han=han, fu=fu, config=config)
        return c["main"], c["additional"]

    assert cost(False, SOUTH)[0] == row["nondealer_ron"]
    assert cost(False, EAST)[0] == row["dealer_ron"]
    assert cost(True, SOUTH) == (row["nondealer_tsumo_dealer"], row["nondealer_tsumo_nondealer"])
    assert cost(True, EAST) == (row["dealer_tsumo_all"], row["dealer_tsumo_all"])


@pytest.mark.parametrize(
    ("han", "ron", "dealer_ron", "tsumo"),
    [(5, 8000, 12000, (2000, 4000)), (6, 12000, 18000, (3000, 6000)),
     (7, 12000, 18000, (3000, 6000)), (8, 16000, 24000, (4000, 8000)),
     (10, 16000, 24000, (4000, 8000)), (11, 24000, 36000, (6000, 12000)),
     (12, 24000, 36000, (6000, 12000)), (13, 32000, 48000, (8000, 16000))],
)  # fmt: skip
def test_limits_from_5_han(han: int, ron: int, dealer_ron: int, tsumo: tuple[int, int]) -> None:
    # §3: "From 5 han: mangan 8,000 / 12,000 (tsumo 2,000–4,000 / 4,000 all), haneman 12,000 /
    # 18,000 …, baiman 16,000 / 24,000 …, sanbaiman 24,000 / 36,000 …, yakuman 32,000 / 48,000"
    assert settle(hand([win("S", "W", han)])).paid("W", "S") == ron
    assert settle(hand([win("E", "W", han)])).paid("W", "E") == dealer_ron
    s = settle(hand([win("S", None, han)]))
    assert (s.paid("W", "S"), s.paid("E", "S")) == tsumo
    assert [settle(hand([win("E", None, han)])).paid(p, "E") for p in "SWN"] == [tsumo[1]] * 3


@pytest.mark.parametrize("k", [1, 2, 3, 6])
def test_k_fold_yakuman(k: int) -> None:
    # §3: "k-fold yakuman k × those" (friendly: max_yakuman 6)
    assert settle(hand([win("S", "W")], yakuman={"S": k})).paid("W", "S") == 32000 * k
    assert settle(hand([win("E", "W")], yakuman={"E": k})).paid("W", "E") == 48000 * k


def test_kiriage_cells() -> None:
    # §3: "With kiriage: all the cells 4 han 30 fu and 3 han 60 fu become mangan."
    for han, fu in ((4, 30), (3, 60)):
        assert basic_points(han, fu, 0, kiriage="all").basic == 2000
        assert basic_points(han, fu, 0, kiriage="none").basic == 1920
        assert basic_points(han, fu, 0, kiriage="dealer", winner_is_dealer=False).basic == 1920
        assert basic_points(han, fu, 0, kiriage="dealer", winner_is_dealer=True).basic == 2000
