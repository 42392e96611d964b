"""The hand record and settlement JSON of shared/contracts/hand-record.md (scoring/record.py)."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from scoring.errors import RecordError
from scoring.record import Event, HandRecord, Payment, Settlement, Step, Win

# Verbatim from shared/contracts/hand-record.md, "## Hand record".
CONTRACT_RECORD = json.loads(
    """
{
  "ruleset": "xingguo",
  "options": {"base": 1},
  "players": ["alice", "bob", "carol", "dave"],
  "dealer": "alice",
  "result": "win",
  "wins": [
    {
      "winner": "bob",
      "from": "carol",
      "robbed_kong": false,
      "shape": "big_seven_pairs",
      "flags": ["no_wild"],
      "fan": null,
      "fans": null,
      "tiles": null
    }
  ],
  "counts": {"primary_wild": {"alice": 1, "bob": 0, "carol": 0, "dave": 2}},
  "events": [{"type": "concealed_kong", "player": "dave", "from": null}]
}
"""
)

# Verbatim from shared/contracts/hand-record.md, "## Settlement" (the "…" is in the contract).
CONTRACT_SETTLEMENT = json.loads(
    """
{
  "payments": [
    {"from": "carol", "to": "bob", "amount": 21, "reason": "discarder_share"},
    {"from": "alice", "to": "bob", "amount": 16, "reason": "dealer_share"},
    {"from": "dave",  "to": "bob", "amount": 8,  "reason": "other_share"}
  ],
  "net": {"alice": -16, "bob": 45, "carol": -21, "dave": -8},
  "explanation": [
    {"zh": "闲家点闲家德国大七对：庄家 2^(庄1+大七2+德国1)=16 …", "en": "Non-dealer wins a no-wild Big Seven Pairs on a non-dealer's discard: dealer pays 2^(dealer 1 + big seven pairs 2 + no-wild 1) = 16 …"}
  ]
}
"""
)


def test_contract_record_round_trips_exactly() -> None:
    record = HandRecord.from_json(copy.deepcopy(CONTRACT_RECORD))
    assert record.to_json() == CONTRACT_RECORD
    assert json.loads(json.dumps(record.to_json())) == CONTRACT_RECORD


def test_contract_record_fields() -> None:
    record = HandRecord.from_json(CONTRACT_RECORD)
    assert record.players == ("alice", "bob", "carol", "dave")
    assert record.wins == (
        Win("bob", "carol", False, "big_seven_pairs", ("no_wild",), None, None, None),
    )
    assert not record.wins[0].self_drawn and record.wins[0].has("no_wild")
    assert record.count("primary_wild", "dave") == 2
    assert record.count("primary_wild", "erin") == 0
    assert record.count("secondary_wild", "dave") == 0
    assert record.events == (Event("concealed_kong", "dave", None, {}),)


def test_contract_settlement_round_trips_exactly() -> None:
    settlement = Settlement.from_json(CONTRACT_SETTLEMENT)
    assert settlement.to_json() == CONTRACT_SETTLEMENT
    assert settlement.payments[0] == Payment("carol", "bob", 21, "discarder_share")
    assert settlement.paid("alice", "bob") == 16
    assert settlement.explanation[0].text("zh").startswith("闲家点闲家")
    assert settlement.explanation[0].text("en").startswith("Non-dealer")
    assert Step("中", "en").text("zh-Hans") == "中"


def test_defaults_and_extra_event_fields() -> None:
    minimal = {
        "ruleset": "x",
        "players": ["a", "b"],
        "dealer": "a",
        "result": "win",  # required (issue 12 point 4)
        "wins": [{"winner": "a", "from": None}],  # "from" required; null = self-drawn
        "events": [{"type": "follow", "player": "a", "from": "b", "rounds": 2, "who": "g"}],
        "id": "hand-7",  # the command line's batch id is accepted and not kept
    }
    record = HandRecord.from_json(minimal)
    assert record.options == {} and record.counts == {}
    assert record.wins[0] == Win("a")
    assert record.wins[0].self_drawn
    ev = record.events[0]
    assert ev.source == "b" and ev.int("rounds") == 2 and ev.get("who") == "g"
    assert ev.to_json() == {"type": "follow", "player": "a", "from": "b", "rounds": 2, "who": "g"}
    again = HandRecord.from_json(record.to_json())
    assert again == record


def _with(path: str, value: Any) -> dict[str, Any]:
    """The contract record with one value replaced (``DELETE`` removes the key)."""
    data = copy.deepcopy(CONTRACT_RECORD)
    *parents, last = path.split("/")
    node: Any = data
    for key in parents:
        node = node[int(key)] if isinstance(node, list) else node[key]
    if isinstance(node, list):
        node[int(last)] = value
    elif value is DELETE:
        del node[last]
    else:
        node[last] = value
    return data


class _Delete:
    """Marks a key to delete; a fixed repr keeps the test ids the same from run to run."""

    def __repr__(self) -> str:
        return "DELETE"


DELETE = _Delete()

# (what to change, new value, the field the error must name)
STRUCTURAL_ERRORS = [
    ("color", "red", "color"),
    ("ruleset", DELETE, "ruleset"),
    ("ruleset", "", "ruleset"),
    ("ruleset", 7, "ruleset"),
    ("options", ["base"], "options"),
    ("options/base", [1], "options.base"),
    ("options/base", None, "options.base"),
    ("players", "alice bob", "players"),
    ("players", DELETE, "players"),
    ("players/1", 5, "players[1]"),
    ("players/2", "", "players[2]"),
    ("players/3", "alice", "players"),
    ("dealer", DELETE, "dealer"),
    ("dealer", ["alice"], "dealer"),
    ("result", 1, "result"),
    # issue 12 point 4 (strict records): a missing result is not a win, a missing "from" is
    # not a self-draw (contract: "`wins[].from` … `null` = self-drawn")
    ("result", DELETE, "result"),
    ("wins/0/from", DELETE, "wins[0].from"),
    ("wins", {"winner": "bob"}, "wins"),
    ("wins/0", "bob", "wins[0]"),
    ("wins/0/winner", DELETE, "wins[0].winner"),
    ("wins/0/winner", 2, "wins[0].winner"),
    ("wins/0/from", 3, "wins[0].from"),
    ("wins/0/from", "", "wins[0].from"),
    ("wins/0/robbed_kong", "no", "wins[0].robbed_kong"),
    ("wins/0/robbed_kong", 0, "wins[0].robbed_kong"),
    ("wins/0/shape", 1, "wins[0].shape"),
    ("wins/0/flags", "no_wild", "wins[0].flags"),
    ("wins/0/flags", ["no_wild", 4], "wins[0].flags[1]"),
    ("wins/0/flags", ["no_wild", "no_wild"], "wins[0].flags"),
    ("wins/0/fan", "8", "wins[0].fan"),
    ("wins/0/fan", True, "wins[0].fan"),
    ("wins/0/fan", 8.5, "wins[0].fan"),
    ("wins/0/fans", "pure", "wins[0].fans"),
    ("wins/0/fans", ["pure", None], "wins[0].fans[1]"),
    ("wins/0/tiles", "111p", "wins[0].tiles"),
    ("wins/0/bonus", 1, "wins[0].bonus"),
    ("counts", [1], "counts"),
    ("counts/primary_wild", 3, "counts.primary_wild"),
    ("counts/primary_wild/dave", "2", "counts.primary_wild.dave"),
    ("counts/primary_wild/dave", True, "counts.primary_wild.dave"),
    ("counts/primary_wild/dave", 2.0, "counts.primary_wild.dave"),
    ("events", {"type": "kong"}, "events"),
    ("events/0", "kong", "events[0]"),
    ("events/0/type", DELETE, "events[0].type"),
    ("events/0/player", None, "events[0].player"),
    ("events/0/from", 1, "events[0].from"),
    ("events/0/rounds", [1], "events[0].rounds"),
    ("events/0/rounds", None, "events[0].rounds"),
]


@pytest.mark.parametrize(
    ("path", "value", "field"),
    STRUCTURAL_ERRORS,
    ids=[f"{p}={v!r}" for p, v, _ in STRUCTURAL_ERRORS],
)
def test_structural_errors_name_their_field(path: str, value: Any, field: str) -> None:
    with pytest.raises(RecordError) as info:
        HandRecord.from_json(_with(path, value))
    assert info.value.field == field
    assert str(info.value).startswith(f"{field}: ")
    assert info.value.message


@pytest.mark.parametrize("data", [None, [], "record", 3])
def test_not_an_object(data: Any) -> None:
    with pytest.raises(RecordError) as info:
        HandRecord.from_json(data)
    assert info.value.field == "record"


def test_explicit_null_from_is_a_self_draw() -> None:
    record = HandRecord.from_json(_with("wins/0/from", None))
    assert record.wins[0].self_drawn
    missing = _with("wins/0/from", DELETE)
    with pytest.raises(RecordError) as info:
        HandRecord.from_json(missing)
    assert "null" in info.value.message  # the message says how to write a self-draw


def test_record_error_is_a_value_error() -> None:
    err = RecordError("wins[0].from", "unknown player 'zed'")
    assert isinstance(err, ValueError)
    assert str(err) == "wins[0].from: unknown player 'zed'"
