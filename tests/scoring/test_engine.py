"""Generic validation of records against a ruleset's declarations (scoring/engine.py).

Uses the throwaway ruleset of ``toy_ruleset.py``, registered for this module only.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from scoring import RecordError, all_rulesets, get, next_dealer, settle, validate
from scoring.record import HandRecord
from tests.scoring.toy_ruleset import TOY_ID, registered

Data = dict[str, Any]


@pytest.fixture(autouse=True, scope="module")
def toy() -> Iterator[None]:
    with registered():
        yield


def base() -> Data:
    return {
        "ruleset": TOY_ID,
        "options": {},
        "players": ["alice", "bob", "carol", "dave"],
        "dealer": "alice",
        "result": "win",
        "wins": [{"winner": "bob", "from": "carol", "shape": "plain", "flags": []}],
        "counts": {},
        "events": [],
    }


def test_toy_is_registered_and_removed_again() -> None:
    assert get(TOY_ID).id == TOY_ID
    assert TOY_ID in [rs.id for rs in all_rulesets()]


def test_a_valid_record_settles() -> None:
    s = settle(base())
    # bob wins a plain hand (base 1) on carol's discard: carol pays 2, alice and dave 1 each
    assert dict(s.net) == {"alice": -1, "bob": 4, "carol": -2, "dave": -1}
    rs, opts = validate(HandRecord.from_json(base()))
    assert rs.id == TOY_ID and opts["base"] == 1 and opts["mode"] == "plain"


def test_options_defaults_preset_and_overrides() -> None:
    record = base()
    record["options"] = {"preset": "big", "base": 3}
    _, opts = validate(HandRecord.from_json(record))
    assert opts["preset"] == "big" and opts["mode"] == "double" and opts["base"] == 3
    # base 3 doubled by the preset's mode: carol 12, the others 6
    assert settle(record).net["bob"] == 24


def edit(fn: Callable[[Data], None]) -> Data:
    data = base()
    fn(data)
    return copy.deepcopy(data)


def win(**kw: Any) -> Callable[[Data], None]:
    def f(d: Data) -> None:
        d["wins"][0].update(kw)

    return f


def set_(key: str, value: Any) -> Callable[[Data], None]:
    def f(d: Data) -> None:
        d[key] = value

    return f


CASES: list[tuple[str, Callable[[Data], None], str, str]] = [
    # (test id, change, field named, words in the message)
    ("unknown ruleset", set_("ruleset", "nowhere"), "ruleset", "unknown ruleset"),
    ("too few players", set_("players", ["alice", "bob"]), "players", "3, 4 players"),
    ("unknown dealer", set_("dealer", "zed"), "dealer", "unknown player"),
    ("unknown result", set_("result", "abandoned"), "result", "must be one of"),
    ("unknown winner", win(winner="zed"), "wins[0].winner", "unknown player"),
    ("unknown discarder", win(**{"from": "zed"}), "wins[0].from", "unknown player"),
    ("winner is discarder", win(**{"from": "bob"}), "wins[0].from", "cannot also be"),
    ("robbed kong needs from", win(**{"from": None, "robbed_kong": True}), "wins[0].from", "kong"),
    ("won hand without wins", set_("wins", []), "wins", "at least one win"),
    (
        "draw with wins",
        set_("result", "draw"),
        "wins",
        "has no wins",
    ),
    ("unknown shape", win(shape="thirteen"), "wins[0].shape", "unknown shape"),
    ("missing shape", win(shape=None), "wins[0].shape", "required"),
    ("unknown flag", win(flags=["golden"]), "wins[0].flags[0]", "unknown flag"),
    (
        "self-drawn flag on a discard",
        win(flags=["last_tile"]),
        "wins[0].flags[0]",
        "only possible self-drawn, not on a discard",
    ),
    (
        "discard-only flag when self-drawn",
        win(**{"from": None, "flags": ["pure", "on_discard"]}),
        "wins[0].flags[1]",
        "only possible on a discard, not self-drawn",
    ),
    (
        "discard-only flag when robbing a kong",
        win(robbed_kong=True, flags=["on_discard"]),
        "wins[0].flags[0]",
        "not robbing a kong",
    ),
    (
        "dealer-only shape",
        win(**{"from": None, "shape": "heaven"}),
        "wins[0].shape",
        "only possible for the dealer",
    ),
    (
        "non-dealer flag on the dealer",
        lambda d: d["wins"][0].update(winner="alice", flags=["not_dealer"]),
        "wins[0].flags[0]",
        "not possible for the dealer",
    ),
    (
        "flag needs a shape",
        win(flags=["pairs_bonus"]),
        "wins[0].flags[0]",
        "needs shape seven_pairs",
    ),
    (
        "flag not with the shape",
        win(shape="seven_pairs", flags=["pairs_bonus", "pure"]),
        "wins[0].flags[1]",
        "cannot be combined with 'seven_pairs'",
    ),
    (
        "flag disabled by option",
        win(flags=["extra"]),
        "wins[0].flags[0]",
        "option extras",
    ),
    ("fan not taken", win(fan=8), "wins[0].fan", "does not take 'fan'"),
    ("fans not taken", win(fans=["x"]), "wins[0].fans", "does not take 'fans'"),
    ("tiles not taken", win(tiles={"hand": "1m"}), "wins[0].tiles", "does not take 'tiles'"),
    (
        "same winner twice",
        lambda d: d["wins"].append({"winner": "bob", "from": "carol", "shape": "plain"}),
        "wins",
        "only once",
    ),
    (
        "two winners on different discards",
        lambda d: d["wins"].append({"winner": "dave", "from": "alice", "shape": "plain"}),
        "wins",
        "same discard",
    ),
    (
        "everybody wins",
        lambda d: d["wins"].extend(
            [{"winner": p, "from": "carol", "shape": "plain"} for p in ("alice", "dave", "carol")]
        ),
        "wins",
        "",
    ),
    ("unknown count", set_("counts", {"gold": {"bob": 1}}), "counts.gold", "unknown count"),
    (
        "count for unknown player",
        set_("counts", {"wild": {"zed": 1}}),
        "counts.wild.zed",
        "unknown player",
    ),
    ("negative count", set_("counts", {"wild": {"bob": -1}}), "counts.wild.bob", "at least 0"),
    ("count over max", set_("counts", {"wild": {"bob": 4}}), "counts.wild.bob", "at most 3"),
    (
        "counts over total_max",
        set_("counts", {"wild": {"bob": 3, "dave": 2}}),
        "counts.wild",
        "total must be at most 4",
    ),
    (
        "count disabled by option",
        set_("counts", {"flowers": {"bob": 1}}),
        "counts.flowers",
        "option extras",
    ),
    ("option out of range", set_("options", {"base": 0}), "options.base", "at least 1"),
    ("option over range", set_("options", {"base": 101}), "options.base", "at most 100"),
    ("option wrong type", set_("options", {"base": "1"}), "options.base", "integer"),
    ("option bool as int", set_("options", {"base": True}), "options.base", "integer"),
    ("bool option", set_("options", {"extras": 1}), "options.extras", "true or false"),
    ("choice option", set_("options", {"mode": "triple"}), "options.mode", "plain, double"),
    ("unknown option", set_("options", {"speed": 1}), "options.speed", "unknown option"),
    ("unknown preset", set_("options", {"preset": "tiny"}), "options.preset", "unknown preset"),
    (
        "unknown event",
        set_("events", [{"type": "meteor", "player": "bob"}]),
        "events[0].type",
        "unknown event",
    ),
    (
        "event for unknown player",
        set_("events", [{"type": "kong", "player": "zed"}]),
        "events[0].player",
        "unknown player",
    ),
    (
        "event from forbidden",
        set_("events", [{"type": "kong", "player": "bob", "from": "carol"}]),
        "events[0].from",
        "has no 'from'",
    ),
    (
        "event from required",
        set_("events", [{"type": "follow", "player": "alice"}]),
        "events[0].from",
        "needs the player",
    ),
    (
        "event from unknown player",
        set_("events", [{"type": "follow", "player": "alice", "from": "zed"}]),
        "events[0].from",
        "unknown player",
    ),
    (
        "event from oneself",
        set_("events", [{"type": "follow", "player": "alice", "from": "alice"}]),
        "events[0].from",
        "another player",
    ),
    (
        "event in the wrong result",
        set_("events", [{"type": "false_win", "player": "dave"}]),
        "events[0].type",
        "cannot happen in a 'win' hand",
    ),
    (
        "event disabled by option",
        set_("events", [{"type": "fine", "player": "dave"}]),
        "events[0].type",
        "option extras",
    ),
    (
        "unknown event field",
        set_("events", [{"type": "kong", "player": "bob", "size": 2}]),
        "events[0].size",
        "unknown field",
    ),
    (
        "int field out of range",
        set_("events", [{"type": "follow", "player": "alice", "from": "bob", "rounds": 6}]),
        "events[0].rounds",
        "between 1 and 5",
    ),
    (
        "int field below range",
        set_("events", [{"type": "follow", "player": "alice", "from": "bob", "rounds": 0}]),
        "events[0].rounds",
        "between 1 and 5",
    ),
    (
        "int field given text",
        set_("events", [{"type": "follow", "player": "alice", "from": "bob", "rounds": "2"}]),
        "events[0].rounds",
        "must be an integer",
    ),
    (
        "int field given a bool",
        set_("events", [{"type": "follow", "player": "alice", "from": "bob", "rounds": True}]),
        "events[0].rounds",
        "must be an integer",
    ),
    (
        "text field given a number",
        set_("events", [{"type": "bet", "player": "bob", "backer": 3}]),
        "events[0].backer",
        "text id",
    ),
    (
        "text field empty",
        set_("events", [{"type": "bet", "player": "bob", "backer": ""}]),
        "events[0].backer",
        "text id",
    ),
]


@pytest.mark.parametrize(
    ("change", "field", "words"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_invalid_records_name_their_field(
    change: Callable[[Data], None], field: str, words: str
) -> None:
    data = edit(change)
    with pytest.raises(RecordError) as info:
        settle(data)
    assert info.value.field == field, str(info.value)
    assert words in info.value.message
    # the same through a HandRecord, and through validate / next_dealer
    with pytest.raises(RecordError):
        record = HandRecord.from_json(data)
        validate(record)
    with pytest.raises(RecordError):
        next_dealer(data)


VALID: list[tuple[str, Callable[[Data], None]]] = [
    ("self-drawn flag self-drawn", win(**{"from": None, "flags": ["last_tile"]})),
    ("discard flag on a discard", win(flags=["on_discard", "not_dealer"])),
    ("flag with its shape", win(shape="seven_pairs", flags=["pairs_bonus"])),
    (
        "dealer shape",
        lambda d: d["wins"][0].update({"winner": "alice", "from": None, "shape": "heaven"}),
    ),
    ("enabled flag", lambda d: (win(flags=["extra"])(d), d.update(options={"extras": True}))),
    ("counts within limits", set_("counts", {"wild": {"bob": 3, "dave": 1}, "flowers": {}})),
    ("zero counts when disabled", set_("counts", {"flowers": {"bob": 0}})),
    (
        "two winners on one discard",
        lambda d: d["wins"].append({"winner": "dave", "from": "carol", "shape": "plain"}),
    ),
    (
        "draw with its event",
        lambda d: d.update(
            result="draw", wins=[], events=[{"type": "false_win", "player": "dave"}]
        ),
    ),
    (
        "event fields",
        set_(
            "events",
            [
                {"type": "follow", "player": "alice", "from": "bob", "rounds": 5},
                {"type": "follow", "player": "alice", "from": "bob"},
                {"type": "bet", "player": "bob", "backer": "guest_ann"},
            ],
        ),
    ),
]


@pytest.mark.parametrize("change", [v[1] for v in VALID], ids=[v[0] for v in VALID])
def test_valid_variants_settle(change: Callable[[Data], None]) -> None:
    s = settle(edit(change))
    assert sum(s.net.values()) == 0


def test_guest_in_a_text_field_appears_in_net() -> None:
    data = base()
    data["events"] = [{"type": "bet", "player": "bob", "backer": "guest_ann"}]
    s = settle(data)
    assert s.net["guest_ann"] == -3 and s.net["bob"] == 4 + 3


def test_next_dealer_default_rule() -> None:
    # DealerRule(): dealer stays on a dealer win or a draw, else the next seat deals
    assert next_dealer(base()) == "bob"
    d = base()
    d["wins"][0].update(winner="alice", **{"from": "carol"})
    assert next_dealer(d) == "alice"
    assert next_dealer(edit(lambda x: x.update(result="draw", wins=[]))) == "alice"
    d = base()
    d["dealer"] = "dave"
    assert next_dealer(d) == "alice"
