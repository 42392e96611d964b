"""Review of the Guobiao tiles-reply words (commits 2dabae0, e400d7f): what the summary shows
of a win's tiles (``bot.describe.tiles_notation`` via ``describe_win``, also the /edit pre-fill)
must read back, replied as it stands, as the same tiles — the same fans, hence the same money.

The notation has no form for a seat wind other than the one of the winner's seat (the dealer
sits East) nor for flowers inside the tiles object; a tiles JSON reply may give both (contract
shared/contracts/hand-record.md "Guobiao tiles": ``seat_wind`` 门风, ``flowers`` 0–8), so
such tiles are shown as their JSON ("the JSON if it has no such form", ``tiles_notation``).

Fan values quoted (shared/rules/guobiao-mcr.md §3): row 61 门风刻 Seat Wind 2 — seed
002_eb57fc9b56582777.txt L251 "门风刻 与本门风相同的风刻"; row 73 幺九刻 1, not counted with
门风刻 for that pung (spec §3 "engine adds" column of row 61); row 81 花牌 1 each — seed 002
L289 "花牌 即春夏秋冬，梅兰竹菊，每花计一分".
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import scoring
from bot import describe
from bot.entry import wizard
from bot.i18n import Translator
from scoring.errors import RecordError
from scoring.gb.calculator import calculate
from scoring.gb.hand import GbHand, parse_hand
from tests.scoring.test_gb_properties import winning_hands

NAMES = ("Alice", "Bob", "Carol", "Dave")
PLAYERS = ["1", "2", "3", "4"]
SELF, DISCARD, ROBBED = "self", "discard", "robbed"
# bot/entry/wizard/ how_choices: self-drawn, each other player's discard, each other's kong
HOW_ARG = {SELF: "0", DISCARD: "1", ROBBED: "4"}


def at_tiles(
    how: str, *, winner: int = 0, dealer: str = "1", min_fan: int = 8
) -> tuple[str, dict[str, Any]]:
    step, data = wizard.new_state(
        ruleset="guobiao",
        options={"min_fan": min_fan},
        players=PLAYERS,
        names=dict(zip(PLAYERS, NAMES, strict=True)),
        dealer=dealer,
    )
    step = wizard.apply(step, data, "w", str(winner))
    step = wizard.apply(step, data, "h", HOW_ARG[how])
    step = wizard.apply(step, data, "m", "2")  # tiles
    assert step == "tiles.0"
    return step, data


def shown(data: dict[str, Any]) -> str:
    """The tiles as the wizard's summary shows them (``Bob — on …'s discard · TILES``)."""
    text = describe.describe_win(wizard._rs(data), data, data["wins"][0], Translator("en"))
    return text.split(" · ", 1)[1]


def as_scored(data: dict[str, Any]) -> GbHand:
    """Win 0's tiles as the scoring core reads them from the record."""
    record = wizard.build_record(data)
    tiles = record.wins[0].tiles
    assert isinstance(tiles, dict)
    return parse_hand(tiles)


def fans(gb: GbHand) -> dict[str, int]:
    res = calculate(gb)
    assert res is not None
    return {f.id: f.points * f.count for f in res.fans}


# [333z][123m][456m][789m]5p + 5p on a discard: 清龙 16 + 全求人 6 + 缺一门 1, and the pung of
# West is 门风刻 2 for a player sitting West, else 幺九刻 1.
WEST_PUNG = {
    "melds": [
        {"kind": "pung", "tiles": "333z"},
        {"kind": "chow", "tiles": "123m"},
        {"kind": "chow", "tiles": "456m"},
        {"kind": "chow", "tiles": "789m"},
    ],
    "hand": "5p",
    "win_tile": "5p",
}


def test_a_seat_wind_given_in_json_survives_the_summary_reply():
    # Alice deals, so she sits East; the tiles JSON says West (门风刻 2, spec §3 row 61)
    step, data = at_tiles(DISCARD)
    wizard.set_tiles(data, step, json.dumps({**WEST_PUNG, "seat_wind": "W"}))
    before = as_scored(data)
    assert fans(before)["seat_wind"] == 2
    text = shown(data)
    step2, data2 = at_tiles(DISCARD)
    wizard.set_tiles(data2, step2, text)
    assert as_scored(data2) == before, text
    # the prompt names the seat wind the tiles use, not the seat's
    prompt = wizard.render(step, data, Translator("en")).text
    assert "Seat wind: West" in prompt, prompt


def test_flowers_given_in_json_survive_the_summary_reply():
    # 花牌 1 each (spec §3 row 81): two flowers inside the tiles JSON, no flower count yet
    step, data = at_tiles(DISCARD)
    wizard.set_tiles(data, step, json.dumps({**WEST_PUNG, "flowers": 2}))
    before = as_scored(data)
    assert before.flowers == 2
    text = shown(data)
    step2, data2 = at_tiles(DISCARD)
    wizard.set_tiles(data2, step2, text)
    assert as_scored(data2) == before, text


def test_the_edit_prefill_keeps_a_json_seat_wind():
    # /edit: from_record → the summary line is what a player copies back
    step, data = at_tiles(DISCARD)
    wizard.set_tiles(data, step, json.dumps({**WEST_PUNG, "seat_wind": "W"}))
    record = wizard.build_record(data)
    settled = scoring.settle(record)
    again = wizard.from_record(record, dict(zip(PLAYERS, NAMES, strict=True)))
    step2, data2 = at_tiles(DISCARD)
    wizard.set_tiles(data2, step2, shown(again))
    assert scoring.settle(wizard.build_record(data2)).payments == settled.payments


@st.composite
def entries(draw: st.DrawFn) -> tuple[str, int, str, dict[str, Any]]:
    """A random winning tiles object that the scoring core accepts, with how it was won, the
    winner and the dealer (so the seat the wizard derives varies) and any seat/prevalent wind
    and context flags the core allows."""
    obj = dict(draw(winning_hands()))
    how = draw(st.sampled_from((SELF, DISCARD, ROBBED)))
    obj["self_drawn"] = how == SELF
    obj["kong_related"] = how == ROBBED or (how == SELF and draw(st.booleans()))
    obj["last_wall_tile"] = how != ROBBED and draw(st.booleans())
    obj["last_tile_of_kind"] = obj["last_tile_of_kind"] or draw(st.booleans())
    if draw(st.booleans()):
        obj["flowers"] = draw(st.integers(0, 8))
    winner = draw(st.integers(0, 3))
    dealer = draw(st.sampled_from(PLAYERS))
    try:
        parse_hand(obj)
    except RecordError:
        assume(False)
    return how, winner, dealer, obj


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(entries())
def test_whatever_the_summary_shows_replies_as_the_same_tiles(
    entry: tuple[str, int, str, dict[str, Any]],
) -> None:
    how, winner, dealer, obj = entry
    step, data = at_tiles(how, winner=winner, dealer=dealer, min_fan=0)
    wizard.set_tiles(data, step, json.dumps(obj))
    before = as_scored(data)
    text = shown(data)
    step2, data2 = at_tiles(how, winner=winner, dealer=dealer, min_fan=0)
    wizard.set_tiles(data2, step2, text)
    assert as_scored(data2) == before, text


@pytest.mark.parametrize("how", [SELF, DISCARD, ROBBED])
def test_words_replied_give_the_tiles_the_summary_shows(how: str):
    # the reverse direction for the text form: words → tiles → shown → the same tiles
    hand = "[123m][456m](7777s)78m55p 9m"
    words = {SELF: "妙手 杠开 绝张 圈北", DISCARD: "海底 绝张 圈西", ROBBED: "绝张 圈南"}[how]
    step, data = at_tiles(how, winner=2)
    wizard.set_tiles(data, step, f"{hand} {words}")
    text = shown(data)
    step2, data2 = at_tiles(how, winner=2)
    wizard.set_tiles(data2, step2, text)
    assert as_scored(data2) == as_scored(data), text


def test_gb_fans_reads_the_traditional_east_as_the_tile_it_is(capsys: pytest.CaptureFixture[str]):
    # the bot's reply folds 東 to 东 (wizard._TILES_FOLD); gb-fans, which reads the same reply
    # (HAND WINTILE WORDS), took a lone 東 for an unknown word. 123m456p789s + 东东 + 南南南,
    # on 东: the same hand either way.
    from bot.cli import main

    outs = []
    for hand in ("123m456p789s东东南南南 东 圈南", "123m456p789s東東南南南 東 圈南"):
        status = main(["gb-fans", hand, "--json"])
        out, err = capsys.readouterr()
        assert status == 0, err
        outs.append(out)
    assert outs[0] == outs[1]
