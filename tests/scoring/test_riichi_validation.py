"""Riichi: the validation errors of spec ``shared/rules/riichi.md`` §1.1 ("Validation (errors
that name the field)") and the option checks, each naming its field."""

from __future__ import annotations

from typing import Any

import pytest

from scoring import RecordError, settle
from tests.scoring.test_riichi_builders import P3, game_end, hand, win


def field_of(rec: dict[str, Any]) -> str:
    with pytest.raises(RecordError) as err:
        settle(rec)
    assert err.value.message
    return err.value.field


PAO = {"type": "pao", "player": "S", "from": "N"}

CASES: list[tuple[str, dict[str, Any], str]] = [
    # "fan < 1 without a yakuman count"
    ("fan_below_1", hand([win("S", "W", 0)], fu={"S": 30}), "wins[0].fan"),
    ("no_fan", hand([win("S", "W")]), "wins[0].fan"),
    ("fan_and_yakuman", hand([win("S", "W", 3)], yakuman={"S": 1}), "wins[0].fan"),
    # "fu missing, or not in {20, 25, 30, …, 140} for han ≤ 4"
    ("fu_missing", hand([win("S", "W", 3)]), "counts.fu.S"),
    ("fu_35", hand([win("S", "W", 3)], fu={"S": 35}), "counts.fu.S"),
    ("fu_150", hand([win("S", "W", 3)], fu={"S": 150}), "counts.fu.S"),
    # "25 fu with 1 han"
    ("fu_25_one_han", hand([win("S", "W", 1)], fu={"S": 25}), "counts.fu.S"),
    ("fu_20_ron", hand([win("S", "W", 2)], fu={"S": 20}), "counts.fu.S"),
    ("fu_of_a_loser", hand([win("S", "W", 5)], fu={"N": 30}), "counts.fu.N"),
    # "several tsumo entries, or a tsumo next to a ron; ron entries with different from"
    ("two_tsumo", hand([win("S", None, 5), win("N", None, 5)]), "wins"),
    ("tsumo_and_ron", hand([win("S", None, 5), win("N", "W", 5)]), "wins"),
    ("two_discarders", hand([win("S", "W", 5), win("N", "E", 5)]), "wins"),
    # "a winner equal to from"
    ("winner_is_from", hand([win("S", "S", 5)]), "wins[0].from"),
    # "pao whose player is the winner, or whose yaku is not in pao_yaku"
    ("pao_by_winner", hand([win("N")], yakuman={"N": 1}, events=[{**PAO, "player": "N"}]),
     "events[0].from"),
    ("pao_kongs_not_played", hand([win("N")], yakuman={"N": 1},
     events=[{**PAO, "yaku": "suukantsu"}]), "events[0].yaku"),
    ("pao_off", hand([win("N")], yakuman={"N": 1}, events=[PAO], preset="saikouisen"),
     "events[0].type"),
    ("pao_not_yakuman", hand([win("N", None, 5)], events=[PAO]), "events[0].from"),
    ("pao_no_winner", hand([win("W", None, 5)], events=[PAO]), "events[0].from"),
    # "tenpai or nagashi_mangan outside a draw"
    ("tenpai_in_a_win", hand([win("S", "W", 5)], events=[{"type": "tenpai", "player": "S"}]),
     "events[0].type"),
    ("nagashi_in_a_win", hand([win("S", "W", 5)],
     events=[{"type": "nagashi_mangan", "player": "S"}]), "events[0].type"),
    ("nagashi_off", hand(events=[{"type": "nagashi_mangan", "player": "S"}], preset="ema"),
     "events[0].type"),
    # "abortive_draw when abortive_draws is off"
    ("abortive_off", hand(result="abortive_draw", preset="ema"), "result"),
    ("abortive_kind", hand(result="abortive_draw",
     events=[{"type": "abortive_draw", "player": "E", "kind": "rain"}]), "events[0].kind"),
    # "more than 4 riichi" (each player at most once)
    ("riichi_twice", hand(riichi=("S", "W", "N", "E", "S")), "events[4].player"),
    # "chombo without exactly one chombo event"
    ("chombo_no_event", hand(result="chombo"), "events"),
    ("chombo_two", hand(result="chombo", events=[{"type": "chombo", "player": "S"},
     {"type": "chombo", "player": "W"}]), "events"),
    # "result: abortive_draw with any win"
    ("abortive_with_win", hand([win("S", "W", 5)], result="abortive_draw"), "wins"),
    # the table counts are keyed on the dealer (§1.1 counts.honba, counts.riichi_sticks)
    ("honba_not_on_dealer", {**hand([win("S", "W", 5)]), "counts": {"honba": {"S": 1}}},
     "counts.honba.S"),
    ("four_players_in_sanma", hand([win("S", "W", 5)], players=["E", "S", "W", "N"],
     preset="sanma"), "players"),
    ("three_players_in_friendly", hand([win("S", "W", 5)], players=P3), "players"),
]  # fmt: skip


@pytest.mark.parametrize(("name", "rec", "field"), CASES, ids=[c[0] for c in CASES])
def test_errors_name_the_field(name: str, rec: dict[str, Any], field: str) -> None:
    assert field_of(rec) == field, name


OPTION_CASES: list[tuple[dict[str, Any], str]] = [
    ({"start_points": 30000, "return_points": 25000}, "options.return_points"),
    ({"honba_value": 1000}, "options.honba_value"),  # 1,000 does not split among 3 payers
    ({"noten_total": 2000}, "options.noten_total"),  # not divisible by 12
    ({"uma": "sanma_20"}, "options.uma"),  # a three-player uma at four
    ({"uma": "custom", "uma_1": 10, "uma_2": 5}, "options.uma_1"),  # sums to 15
    ({"max_yakuman": 7}, "options.max_yakuman"),
    ({"preset": "nope"}, "options.preset"),
]


@pytest.mark.parametrize(("opts", "field"), OPTION_CASES)
def test_bad_options_name_the_field(opts: dict[str, Any], field: str) -> None:
    assert field_of(hand([win("S", "W", 5)], **opts)) == field


def test_sanma_options_split_honba_among_two() -> None:
    # §2.11: sanma honba 1,000 is fine for two payers; 300 too (DER-31), 1,500 not in
    # four-player… but fine in three (750 each)
    settle(hand([win("S", None, 5)], preset="sanma", honba=1))
    assert field_of(hand([win("S", None, 5)], preset="sanma", honba_value=301)) == (
        "options.honba_value"
    )


def test_game_end_checks() -> None:
    ok = {"E": 25000, "S": 25000, "W": 25000, "N": 25000}
    settle(game_end(ok))
    assert field_of(game_end({**ok, "N": 24000})) == "counts.points"
    # the pot counts: 24,000 + a stick = 25,000
    settle(game_end({**ok, "N": 24000}, sticks=1))
    rec = game_end(ok)
    del rec["counts"]["points"]["W"]
    assert field_of(rec) == "counts.points.W"
    assert field_of(game_end(ok, chombo={"E": 1})) == "counts.chombo"
    settle(game_end(ok, chombo={"E": 1}, preset="ema", start_points=25000))
