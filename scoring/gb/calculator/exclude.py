"""The 不计 table (:mod:`scoring.gb.exclusions`) compiled per option set and applied to a
reading's raw fans (principle 1 不重复, the 幺九刻 scope), and a fan's points."""

from __future__ import annotations

from scoring.gb.calculator.results import Excluded
from scoring.gb.exclusions import EXTRA_ROWS, ROWS
from scoring.gb.fans import EXTRA_BY_ID, FAN_BY_ID
from scoring.gb.tiles import (
    DRAGONS,
    WINDS,
)

Y = "pung_of_terminals_or_honors"

_PRIORITY: dict[str, tuple[int, int]] = {f.id: (-f.points, f.number) for f in FAN_BY_ID.values()}
for _e in EXTRA_BY_ID.values():
    _PRIORITY[_e.id] = (-200, 0)


def _compile(
    engine_adds: bool, extended: bool
) -> tuple[dict[str, tuple[str, ...]], dict[str, str]]:
    implied: dict[str, tuple[str, ...]] = {}
    scope: dict[str, str] = {}
    for row in (*ROWS, *EXTRA_ROWS):
        out = list(row.official)
        if engine_adds:
            out += [f for f in row.engine if f not in out]
        if extended:
            out += [f for f in row.extended if f not in out]
        implied[row.fan] = tuple(out)
        if row.yaojiu and (engine_adds or row.fan == "four_winds_great_fortune"):
            scope[row.fan] = row.yaojiu
    return implied, scope


_TABLES = {(a, b): _compile(a, b) for a in (True, False) for b in (True, False)}


def apply_exclusions(
    raw: dict[str, int],
    yaojiu: list[int],
    *,
    seat: int,
    prevalent: int,
    engine_adds: bool = True,
    extended: bool = False,
) -> tuple[dict[str, int], list[Excluded]]:
    """Remove the implied fans (highest fan first; an excluded fan excludes nothing).

    ``yaojiu`` are the tiles of the terminal/honour pungs (幺九刻 is counted per pung).
    """
    implied, scope = _TABLES[(engine_adds, extended)]
    removed: dict[str, str] = {}
    left = list(yaojiu)
    y_removed: list[tuple[int, str]] = []
    for f in sorted(raw, key=_PRIORITY.__getitem__):
        if f in removed:
            continue
        for g in implied.get(f, ()):
            if g in raw and g not in removed:
                removed[g] = f
        sc = scope.get(f)
        if sc and left:
            if sc == "all":
                drop = list(left)
            elif sc == "winds":
                drop = [t for t in left if t in WINDS]
            elif sc == "dragons":
                drop = [t for t in left if t in DRAGONS]
            elif sc == "prevalent":
                drop = [t for t in left if t == prevalent]
            elif sc == "seat":
                drop = [t for t in left if t == seat]
            else:  # "one"
                drop = left[:1]
            for t in drop:
                left.remove(t)
                y_removed.append((t, f))
    final = {f: n for f, n in raw.items() if f not in removed}
    excluded = [Excluded(g, raw[g], by) for g, by in removed.items()]
    if left:
        final[Y] = len(left)
    by_fan: dict[str, int] = {}
    for _, by in y_removed:
        by_fan[by] = by_fan.get(by, 0) + 1
    excluded += [Excluded(Y, n, by) for by, n in by_fan.items()]
    return final, excluded


def _points(fans: dict[str, int], extra_set: str) -> int:
    total = 0
    for f, n in fans.items():
        fan = FAN_BY_ID.get(f)
        if fan is not None:
            total += fan.points * n
        else:
            total += (EXTRA_BY_ID[f].points(extra_set) or 0) * n
    return total


def _unit(f: str, extra_set: str) -> int:
    fan = FAN_BY_ID.get(f)
    return fan.points if fan is not None else EXTRA_BY_ID[f].points(extra_set) or 0
