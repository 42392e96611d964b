"""The winners' grid within a 360-px keyboard (#26.1): who won and how in one tap, never a cut
name. Each possible winner gets one row whose first cell carries the winner and the others name
only what differs ("Alice self-drawn | ← Bob | ← Carol | ← Dave"); where that row does not
fit, the self-draw carrying the winner and under it the discards ("← Bob | ← Carol | ← Dave");
where the names are too long even for that, the two-tap way for that winner (the name, then how)."""

from __future__ import annotations

from typing import Any

from bot.entry import cells
from bot.entry.draft import Draft
from bot.entry.keyboard import Button, Code
from bot.entry.wizard.changes import grid_hows
from bot.i18n import Translator
from scoring.declarations import DISCARD, SELF_DRAWN
from scoring.ruleset import Options, Ruleset

#: rows the grid may take (the keyboard's 12 less the robbed-kong, results and nav rows)
GRID_ROWS = 9


def _cell(tr: Translator, h: str, who: str, other: str, first: bool) -> str:
    """A cell: the row's first names the winner ("Bob self-drawn", "Bob ← Alice"), the others
    only what differs ("← Carol", "← Carol 🀫")."""
    _ = tr.gettext
    if h == SELF_DRAWN:
        return _("{name} self-drawn").format(name=who)
    if h == DISCARD:
        return f"{who} ← {other}" if first else f"← {other}"
    if h.startswith(DISCARD + "+"):  # a win on other's exposed kong (杠爆全包)
        if first:
            return _("{name} ← {other} (kong)").format(name=who, other=other)
        return f"← {other} 🀫"
    if first:
        return _("{name} robs {other}'s kong").format(name=who, other=other)
    return f"← {other}"  # the prompt says "← whose kong"


def _row(tr: Translator, who: str, group: list[tuple[str, str, Button]]) -> list[Button] | None:
    row = [
        Button(_cell(tr, h, who, other, k == 0), b.action, b.arg)
        for k, (h, other, b) in enumerate(group)
    ]
    if len(row) > 4 or cells.over([[b.label for b in row]]):
        return None
    return row


def _rows_of(
    tr: Translator, who: str, ways: list[tuple[str, str, Button]]
) -> list[list[Button]] | None:
    """One winner's rows, or None (they do not fit): one row where it fits, else the self-draw
    carrying the winner and under it the discards ("← Bob | ← Carol | ← Dave")."""
    if not ways:
        return []
    one = _row(tr, who, ways)
    if one is not None:
        return [one]
    selfs = [w for w in ways if w[0] == SELF_DRAWN]
    rest = [w for w in ways if w[0] != SELF_DRAWN]
    if not selfs:  # the first way alone carries the winner ("Bob robs Carol's kong")
        selfs, rest = rest[:1], rest[1:]
    head = _row(tr, who, selfs)
    if head is None:
        return None
    tail = [  # a discarder's name past a whole row (64 characters) is the one ever cut
        Button(cells.fit(_cell(tr, h, who, other, False), 36), b.action, b.arg)
        for h, other, b in rest
    ]
    rows = [head, *cells.pack(tail, 4)] if tail else [head]
    return None if cells.over([[b.label for b in r] for r in rows]) else rows


def winner_grid(d: Draft, n: int, choices: list[str], tr: Translator) -> list[list[Button]]:
    """The winners' grid for win ``n``: one tap for who and how where its rows fit, else the
    winners' names (Code.WINNER: the way is asked next)."""
    rows: list[list[Button]] = []
    for p in choices:
        ways = [
            (h, d.name(src), Button("", Code.GRID, f"{d.players.index(p)}.{j}"))
            for j, (h, src) in enumerate(grid_hows(d, n, p))
        ]
        got = _rows_of(tr, d.name(p), ways)
        if got is None:  # this winner's name is too long for a row: by name, then how
            rows += names_grid(d, [p])
            continue
        rows += got
    if len(rows) > GRID_ROWS:
        return names_grid(d, choices)
    return rows


def names_grid(d: Draft, choices: list[str]) -> list[list[Button]]:
    """The winners by name (the two-tap way), as many to a row as fit."""
    btns = [Button(cells.fit(d.name(p), 36), Code.WINNER, str(d.players.index(p))) for p in choices]
    return cells.pack(btns, 2)


def full_labels(
    rs: Ruleset, opts: Options, data: dict[str, Any], n: int, tr: Translator
) -> dict[str, Button]:
    """The grid's cells by what they mean in full ("Bob ← Carol", "Bob self-drawn"), as a
    person reads a cell with its row's winner: for the tests that tap by meaning (``data``:
    the stored draft)."""
    d = Draft.from_json(data)
    out = {}
    for p in d.players:
        for j, (h, src) in enumerate(grid_hows(d, n, p)):
            label = _cell(tr, h, d.name(p), d.name(src), True)
            out[label] = Button(label, Code.GRID, f"{d.players.index(p)}.{j}")
    return out
