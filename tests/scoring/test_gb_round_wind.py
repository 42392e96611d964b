"""Guobiao's default prevalent wind 圈风: option ``round_wind`` and
:func:`scoring.rulesets.guobiao.prevalent_wind_for`.

Why four hands make a round: the ruleset's own dealer rule, "每局轮庄（国标不连庄）" / "The deal
passes every hand (no repeat dealer in MCR)" (``Guobiao.dealer_rule``: dealer wins, another
wins and a draw all move the deal to the next seat), so with four players the deal is back
with the first dealer after four hands and the next round (圈) starts: East hands 1–4, South
5–8, West 9–12, North 13–16, East again. Why it matters: spec shared/rules/guobiao-mcr.md §3
row 60, 圈风刻 Prevalent Wind 2 番, "pung of the round wind" (seed 002 L249 "圈风刻 与圈风相同
的风刻"). The seeds say nothing about how the rounds advance, so the option is a house value.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import pytest

from scoring import registry
from scoring.engine import next_dealer, settle
from scoring.rulesets.guobiao import Guobiao, prevalent_wind_for
from tests.scoring.builders import record

P = ["alice", "bob", "carol", "dave"]
gb = partial(record, "guobiao", players=P)


@pytest.mark.parametrize(
    ("hands_before", "wind"),
    [(n, "E") for n in range(4)]
    + [(n, "S") for n in range(4, 8)]
    + [(n, "W") for n in range(8, 12)]
    + [(n, "N") for n in range(12, 16)]
    + [(16, "E"), (19, "E"), (20, "S"), (31, "N"), (32, "E"), (101, "S"), (111, "N")],
)
def test_by_hands_four_hands_a_round(hands_before: int, wind: str) -> None:
    assert prevalent_wind_for(hands_before) == wind
    assert prevalent_wind_for(hands_before, "by_hands") == wind


@pytest.mark.parametrize("hands_before", [0, 3, 4, 7, 8, 12, 15, 16, 57])
def test_option_east_is_always_east(hands_before: int) -> None:
    assert prevalent_wind_for(hands_before, "east") == "E"


def test_bad_input_is_refused() -> None:
    with pytest.raises(ValueError, match="negative"):
        prevalent_wind_for(-1)
    with pytest.raises(ValueError, match="unknown round_wind"):
        prevalent_wind_for(4, "south")


def test_the_option_is_declared_as_a_house_choice_defaulting_to_by_hands() -> None:
    decl = Guobiao.option("round_wind")
    assert decl is not None
    assert decl.kind == "choice" and decl.default == "by_hands"
    assert [c.value for c in decl.choices] == ["by_hands", "east"]
    assert decl.house  # the seeds are silent on round progression
    assert decl.important  # offered when a table is opened (bot/setup.py)
    assert decl.zh and decl.en and decl.help_zh and decl.help_en
    assert all(c.zh and c.en for c in decl.choices)
    # every value the option takes is one the derivation knows
    for c in decl.choices:
        assert prevalent_wind_for(4, c.value) in "ESWN"
    assert registry.get("guobiao").resolve_options({})["round_wind"] == "by_hands"


def test_the_dealer_rule_makes_four_hands_a_round() -> None:
    # "每局轮庄（国标不连庄）": whoever wins, or a draw, the deal moves on one seat
    rule = Guobiao.dealer_rule
    assert (rule.dealer_wins, rule.other_wins, rule.draw) == ("next", "next", "next")
    assert "不连庄" in rule.zh and "no repeat dealer" in rule.en
    dealer = "alice"
    for _ in range(4):  # four draws in a row: back to the first dealer, the next round
        dealer = next_dealer(gb([], dealer=dealer, result="draw"))
    assert dealer == "alice"
    dealer_win = gb([{"winner": "alice", "from": "bob", "fan": 8}], dealer="alice")
    assert next_dealer(dealer_win) == "bob"


def _south_pung(prevalent: str, **opts: Any) -> dict[str, Any]:
    # bob (South, alice deals) wins on carol's discard: 123m 456p 789s 11z + a pung of 2z
    tiles = {"hand": "123m456p789s1122z", "win_tile": "2z", "seat_wind": "W",
             "prevalent_wind": prevalent}  # fmt: skip
    return gb([{"winner": "bob", "from": "carol", "tiles": tiles}], dealer="carol", options=opts)


@pytest.mark.parametrize("value", ["by_hands", "east"])
def test_the_option_does_not_change_a_recorded_hand(value: str) -> None:
    # the option only picks the wind a tiles entry gets by default; a record names its own
    # prevalent wind, and scores the same under either value: 圈风刻 2 (spec §3 row 60) only
    # when the pung of South is the round's wind
    south = settle(_south_pung("S", round_wind=value))
    east = settle(_south_pung("E", round_wind=value))
    assert south.net == settle(_south_pung("S")).net
    assert east.net == settle(_south_pung("E")).net
    # in the South round the pung is 圈风刻 2 instead of 幺九刻 1 (row 60: 不计 幺九刻 of that
    # pung): F one more, so the discarder's 8 + F is one more and bob wins one more
    assert south.net["bob"] - east.net["bob"] == 1
    assert south.net["carol"] - east.net["carol"] == -1
    assert any("圈风刻" in step.zh for step in south.explanation)
    assert not any("圈风刻" in step.zh for step in east.explanation)


def test_a_bad_option_value_is_refused() -> None:
    with pytest.raises(Exception, match="round_wind"):
        settle(_south_pung("S", round_wind="south"))
