"""Changing one line of a hand on its preview-editor (/edit N, ✏️ Fix, or a line's ✏️ before
Confirm) returns straight to the preview when nothing else of the win needs asking (issue
#26, point 3: "/edit re-asks the shape after changing only the discarder")."""

from __future__ import annotations

from typing import Any

import scoring
from bot.entry import wizard
from bot.i18n import Translator
from tests.grid_read import read_grid

P = ["11", "12", "13", "14"]
NAMES = dict(zip(P, ["Alice", "Bob", "Carol", "Dave"], strict=True))
EN = Translator("en")


def recorded(ruleset: str, win: dict[str, Any]) -> scoring.HandRecord:
    rec = {
        "ruleset": ruleset,
        "options": {},
        "players": P,
        "dealer": P[0],
        "result": "win",
        "wins": [{"robbed_kong": False, "flags": [], **win}],
        "counts": {},
        "events": [],
    }
    record = scoring.HandRecord.from_json(rec)
    scoring.settle(record)  # a hand the ledger could hold
    return record


def tap(step: str, data: dict[str, Any], label: str) -> str:
    rows = wizard.render(step, data, EN).rows
    hits = [b for row in rows for b in row if b.label == label] or read_grid(step, data, label)
    assert len(hits) == 1, (label, [b.label for row in rows for b in row])
    return wizard.apply(step, data, hits[0].action, hits[0].arg)


def test_edit_only_the_discarder_goes_back_to_the_preview_keeping_the_shape() -> None:
    # Nanning: the shape is the value (七小对 12 on a discard, nanning.py SHAPE_VALUE)
    data = wizard.from_record(
        recorded("nanning", {"winner": P[0], "from": P[1], "shape": "qi_xiao_dui"}), NAMES
    )
    step = tap("preview", data, "✏️ Alice ← Bob")
    assert step == "winner.0"
    step = tap(step, data, "Alice ← Carol")
    assert step == "preview"
    assert data["wins"][0]["from"] == P[2] and data["wins"][0]["shape"] == "qi_xiao_dui"
    assert wizard.problem(data) is None
    # Back from the preview walks the pre-fill's trail, as before the change
    assert wizard.apply(step, data, "b", "") == "shape.0"


def test_edit_the_discarder_of_a_fan_total_keeps_the_total() -> None:
    # Hong Kong: 5 faan on a discard (hongkong.py option min_faan 3)
    data = wizard.from_record(recorded("hongkong", {"winner": P[1], "from": P[2], "fan": 5}), NAMES)
    step = tap("preview", data, "✏️ Bob ← Carol")
    step = tap(step, data, "Bob ← Dave")
    assert step == "preview" and data["wins"][0]["fan"] == 5 and data["wins"][0]["from"] == P[3]


def test_another_winner_is_asked_for_the_rest_of_the_win() -> None:
    data = wizard.from_record(
        recorded("nanning", {"winner": P[0], "from": P[1], "shape": "qi_xiao_dui"}), NAMES
    )
    step = tap("preview", data, "✏️ Alice ← Bob")
    step = tap(step, data, "Carol ← Bob")  # a different winner: a new win, its shape asked
    assert step == "shape.0" and data["wins"][0]["shape"] is None


def test_a_new_shape_keeps_the_value_entered() -> None:
    # Changing the shape from the preview's ✏️ value line comes back to the preview; the
    # preview's lines stay as they were
    data = wizard.from_record(
        recorded("nanning", {"winner": P[0], "from": P[1], "shape": "qi_xiao_dui"}), NAMES
    )
    step = tap("preview", data, "✏️ seven pairs")
    step = tap(step, data, "all pungs")
    assert step == "preview" and data["wins"][0]["shape"] == "peng_peng_hu"
