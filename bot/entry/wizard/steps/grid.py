"""The winners' grid within a 360-px keyboard (#26.1): who won and how in one tap, never a cut
name. Each possible winner gets one row whose first cell carries the winner and the others name
only what differs ("Alice: 自摸 | ← Bob | ← Carol | ← Dave"); where that row does not fit, two
rows (the self-draw alone, then the discards, the first again carrying the winner); where the
names are too long even for that, the two-tap way (the winner's name, then how)."""

from __future__ import annotations

from typing import Any

from bot.describe import name as _name
from bot.entry import cells
from bot.entry.keyboard import Button, Code
from bot.entry.wizard.changes import grid_hows
from bot.i18n import Translator
from scoring.declarations import DISCARD, SELF_DRAWN
from scoring.ruleset import Options, Ruleset

#: rows the grid may take (the keyboard's 12 less the robbed-kong, results and nav rows)
GRID_ROWS = 9


def _cell(tr: Translator, h: str, other: str) -> str:
    """What a cell says besides the winner: "self-drawn", "← Bob", "← Bob (kong)", "robs Bob"."""
    _ = tr.gettext
    if h == SELF_DRAWN:
        return _("self-drawn")
    if h == DISCARD:
        return f"← {other}"
    if h.startswith(DISCARD + "+"):  # a win on other's exposed kong (杠爆全包)
        return _("← {other} (kong)").format(other=other)
    return _("robs {other}").format(other=other)


def _first(name: str, what: str) -> str:
    return f"{name}: {what}" if not what.startswith("←") else f"{name} {what}"


def _rows_of(name: str, cells_: list[tuple[str, Button]]) -> list[list[Button]] | None:
    """One winner's rows (one, else two), or None when they do not fit."""
    if not cells_:
        return []
    one = [
        Button(_first(name, t) if k == 0 else t, b.action, b.arg)
        for k, (t, b) in enumerate(cells_)
    ]
    if len(one) <= 4 and not cells.over([[b.label for b in one]]):
        return [one]
    selfs = [(t, b) for t, b in cells_ if not t.startswith("←")]
    discards = [(t, b) for t, b in cells_ if t.startswith("←")]
    rows = []
    for group in (selfs, discards):
        if not group:
            continue
        row = [
            Button(_first(name, t) if k == 0 else t, b.action, b.arg)
            for k, (t, b) in enumerate(group)
        ]
        if len(row) > 4 or cells.over([[b.label for b in row]]):
            return None
        rows.append(row)
    return rows


def winner_grid(
    rs: Ruleset, opts: Options, data: dict[str, Any], n: int, choices: list[str], tr: Translator
) -> list[list[Button]]:
    """The winners' grid for win ``n``: one tap for who and how where its rows fit, else the
    winners' names (Code.WINNER: the way is asked next)."""
    players = data["players"]
    rows: list[list[Button]] = []
    for p in choices:
        name = _name(data, p)
        cells_ = [
            (_cell(tr, h, _name(data, src)), Button("", Code.GRID, f"{players.index(p)}.{j}"))
            for j, (h, src) in enumerate(grid_hows(rs, opts, data, n, p))
        ]
        got = _rows_of(name, cells_)
        if got is None:
            return names_grid(data, choices)
        rows += got
    if len(rows) > GRID_ROWS:
        return names_grid(data, choices)
    return rows


def names_grid(data: dict[str, Any], choices: list[str]) -> list[list[Button]]:
    """The winners by name (the two-tap way), as many to a row as fit."""
    players = data["players"]
    btns = [Button(_name(data, p), Code.WINNER, str(players.index(p))) for p in choices]
    return cells.pack(btns, 2)
