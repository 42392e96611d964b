"""The typed draft reads what the ledger stores (issue #23 point 1: "it must still serialize to
the same JSON the ledger stores"): a draft written by the current wizard round-trips exactly,
one stored by an earlier version (keys missing, the /edit pre-fill's ``set``, steps that no
longer come up) reads and resumes, and a key another module wrote is kept as it was."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.entry import wizard
from bot.entry.draft import Draft, WinDraft
from bot.i18n import Translator

P = ["11", "12", "13", "14"]
NAMES = dict(zip(P, ["Alice", "Bob", "Carol", "Dave"], strict=True))

#: a hand draft as an earlier version stored it (the first wizard, commit 4b9dc7a: no kind, no
#: hand_no, a win without mode; fb65fcf's bystanders; the /edit pre-fill's "set")
EARLIER: dict[str, Any] = {
    "mode": "record",
    "ruleset": "xingguo",
    "options": {},
    "players": P,
    "names": NAMES,
    "dealer": P[0],
    "result": "win",
    "wins": [
        {
            "winner": P[1],
            "from": P[2],
            "robbed_kong": False,
            "shape": "da_qi_dui",
            "flags": ["de_guo"],
            "fan": None,
            "fans": None,
            "tiles": None,
            "set": True,
        }
    ],
    "counts": {"zheng_jing": {P[1]: 2}},
    "events": [],
    "trail": ["winner.0", "shape.0", "flags.0", "more.0", "count.0"],
    "page": 0,
    "bystanders": ["99"],
    "shared": True,
    "table_message": 7,  # another module's key
}


def test_an_earlier_draft_reads_and_resumes() -> None:
    d = Draft.from_json(EARLIER)
    assert d.kind == "hand" and d.hand_no is None and d.wins[0].mode is None
    assert d.wins[0].flags == ["de_guo"] and d.counts == {"zheng_jing": {P[1]: 2}}
    assert d.shared and d.bystanders == ["99"] and d.extra == {"table_message": 7}
    data = wizard.load(EARLIER)
    assert data["table_message"] == 7 and "set" not in data["wins"][0]
    # the step it was on still renders and its record is the record it was
    screen = wizard.render("count.0", data, Translator("en"))
    assert "Bob" in screen.text
    assert wizard.build_record(data).to_json()["wins"][0]["shape"] == "da_qi_dui"


def test_a_current_draft_round_trips_to_the_same_json() -> None:
    step, data = wizard.new_state(
        ruleset="hongkong", options={}, players=P, names=NAMES, dealer=P[0], hand_no=3
    )
    for action, arg in (("wh", "1.2"), ("m", "0"), ("k", "5"), ("n", "")):
        step = wizard.apply(step, data, action, arg)
    assert step == "preview"
    stored = json.loads(json.dumps(data))  # as the ledger's JSON column gives it back
    assert Draft.from_json(stored).to_json() == stored
    assert wizard.load(stored) == stored


ids = st.sampled_from(P)
wins = st.builds(
    lambda winner, frm, shape, flags, fan, mode: WinDraft(
        winner=winner, discarder=frm, shape=shape, flags=flags, fan=fan, mode=mode
    ),
    ids,
    st.none() | ids,
    st.none() | st.sampled_from(["ping_hu", "da_qi_dui"]),
    st.lists(st.sampled_from(["de_guo", "jing_diao"]), unique=True, max_size=2),
    st.none() | st.integers(0, 99),
    st.none() | st.sampled_from(["fan", "fans", "tiles"]),
)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(wins, max_size=3),
    st.dictionaries(
        st.sampled_from(["zheng_jing", "fu_jing"]), st.dictionaries(ids, st.integers(0, 4))
    ),
    st.lists(st.sampled_from(["winner.0", "shape.0", "preview"]), max_size=4),
    st.none() | st.integers(1, 40),
    st.none() | st.sampled_from(["E", "S", "W", "N"]),
    st.booleans(),
)
def test_any_draft_round_trips(
    ws: list[WinDraft],
    counts: dict[str, dict[str, int]],
    trail: list[str],
    hand_no: int | None,
    wind: str | None,
    rk: bool,
) -> None:
    d = Draft(
        ruleset="xingguo",
        players=P,
        names=NAMES,
        dealer=P[0],
        wins=ws,
        counts=counts,
        trail=trail,
        hand_no=hand_no,
        prevalent_wind=wind,
        rk=rk,
    )
    stored = json.loads(json.dumps(d.to_json()))
    again = Draft.from_json(stored)
    assert again == d and again.to_json() == stored
