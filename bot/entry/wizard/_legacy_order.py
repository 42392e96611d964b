"""The order of the steps: what comes after a step given the choices so far (skipping a
step whose answer is forced or irrelevant), and the trail an /edit pre-fill walks."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.entry import riichi
from bot.entry.wizard.actions import _opts, _rs, _split
from bot.entry.wizard._legacy_changes import (
    _begin_event,
    _ev_first,
    _multi_possible,
    enabled_events,
    repair,
    uses_shape,
    win_modes,
)
from scoring.declarations import (
    EventDecl,
)
from scoring.ruleset import Options, Ruleset


def _after_wins(rs: Ruleset, opts: Options, data: dict[str, Any]) -> str:
    """After the wins: the preview, which is also the editor (flags, counts, events, another
    winner are buttons there), or, for a result that is an event (诈胡 …), that event's
    player first (:func:`result_event`)."""
    decl = result_event(rs, opts, data["result"])
    if decl is not None and not any(e.get("type") == decl.id for e in data["events"]):
        _begin_event(data, decl)
        return _ev_first(data, decl)
    if next_win_first(rs, data):  # 血战: the next win (or the draw) is the next question
        return f"winner.{len(data['wins'])}"
    return "preview"


def next_win_first(rs: Ruleset, data: dict[str, Any]) -> bool:
    """Whether a hand of sequential wins (Sichuan 血战: it goes on until three have won or
    the wall is out) asks the next win right after one is entered, on the first pass only
    (not from the preview): a ➕ tap fewer a win (#26.7)."""
    wins = data["wins"]
    return (
        rs.multi_win == "sequential"
        and data["result"] == "win"
        and bool(wins)
        and bool(wins[-1].get("set", True))
        and "preview" not in data["trail"]
        and _multi_possible(rs, data)
    )


def result_event(rs: Ruleset, opts: Options, result: str) -> EventDecl | None:
    """The event a non-win result *is* (Jiangxi's 诈胡: result ``false_win`` with its one
    ``false_win`` event): an enabled event declared for this result only, with its own id."""
    if result in ("win", "draw"):
        return None
    for i in enabled_events(rs, opts, result):
        e = rs.events[i]
        if e.results == frozenset({result}) and e.id == result:
            return e
    return None


def next_step(data: dict[str, Any], step: str) -> str:
    """The step after ``step`` given the choices made so far (skipping empty steps)."""
    rs, opts = _rs(data), _opts(data)
    kind, n = _split(step)
    wins = data["wins"]
    if kind == "winner":
        if data["result"] != "win" and not wins:
            return _after_wins(rs, opts, data)
        if n > 0 and rs.multi_win == "same_discard":
            return _after_how(rs, opts, data, n)
        return f"how.{n}"
    if kind == "how":
        return _after_how(rs, opts, data, n)
    if kind == "mode":
        return _after_mode(rs, opts, data, n)
    if kind == "shape":
        return _after_shape(rs, opts, data, n)
    if kind in ("fan", "fans", "tiles", "flags", "more"):
        return _after_wins(rs, opts, data)
    return "preview"


#: A win's steps after who won and how, in order: each is asked if its class wants it
#: (:meth:`Step.wanted`); ``value`` is the step of the win's mode (fan, fans or tiles).
WIN_STEPS = ("mode", "shape", "value")

#: Whether a win step is asked at this table (the step classes' ``wanted`` say the same):
#: how the value is entered where there is more than one way; the shape where there are shapes.
WANTED: dict[str, Callable[[Ruleset], bool]] = {
    "mode": lambda rs: len(win_modes(rs)) > 1 and not riichi.applies(rs),  # riichi: han pad
    "shape": lambda rs: uses_shape(rs),
}


def _win_step_after(data: dict[str, Any], n: int, after: str) -> str:
    """The step of win ``n`` after ``after`` (``how`` for the first), or what follows the
    wins."""
    start = WIN_STEPS.index(after) + 1 if after in WIN_STEPS else 0
    for kind in WIN_STEPS[start:]:
        if kind == "value":
            mode = value_mode(data, n)
            if mode is not None:
                data["wins"][n]["mode"] = mode
                return f"{riichi.value_step(_rs(data), mode)}.{n}"
        elif WANTED[kind](_rs(data)):
            return f"{kind}.{n}"
    return _after_wins(_rs(data), _opts(data), data)


def value_mode(data: dict[str, Any], n: int) -> str | None:
    """How win ``n``'s value is entered: as chosen, or the ruleset's only way."""
    modes = win_modes(_rs(data))
    one = len(modes) == 1 or riichi.applies(_rs(data))  # riichi: the han keypad first
    mode = data["wins"][n].get("mode") or (modes[0] if one else None)
    return str(mode) if mode is not None else None


def _after_how(rs: Ruleset, opts: Options, data: dict[str, Any], n: int) -> str:
    return _win_step_after(data, n, "how")


def _after_mode(rs: Ruleset, opts: Options, data: dict[str, Any], n: int) -> str:
    return _win_step_after(data, n, "mode")


def _after_shape(rs: Ruleset, opts: Options, data: dict[str, Any], n: int) -> str:
    return _win_step_after(data, n, "shape")


def walk(data: dict[str, Any]) -> list[str]:
    """The steps a user would pass through to reach the preview with ``data`` as chosen (the
    trail of an /edit pre-fill, so Back walks the same way)."""
    rs, opts = _rs(data), _opts(data)
    trail: list[str] = []
    for n in range(len(data["wins"])):
        step = f"winner.{n}"
        for _ in range(20):
            if step == "preview" or not step.endswith(f".{n}"):
                break
            trail.append(step)
            step = (
                _after_how(rs, opts, data, n)
                if step.startswith("winner")
                else next_step(data, step)
            )
    if not data["wins"]:
        trail.append("winner.0")
    return trail


def resume_preview(data: dict[str, Any], n: int) -> str | None:
    """A line of win ``n`` changed from the preview (its ✏️, /edit, ✏️ Fix): straight back to
    the preview when nothing else of the win needs asking — its shape still stands (a new
    "how" drops a shape it does not allow) and its value is still there — so changing only
    the discarder does not ask the shape again (#26.3). Returns ``"preview"`` (the preview
    taken off the trail, so Back goes where it went before), or None to go on step by step."""
    trail = data["trail"]
    if not trail or trail[-1] != "preview" or n >= len(data["wins"]):
        return None
    rs, w = _rs(data), data["wins"][n]
    if uses_shape(rs) and rs.shape_required and not w.get("shape"):
        return None
    if len(win_modes(rs)) > 1 and not w.get("mode"):
        return None
    mode = value_mode(data, n)
    if mode == "fan" and w.get("fan") is None:
        return None
    if mode in ("fans", "tiles") and not w.get(mode):
        return None
    trail.pop()
    data["page"] = 0
    repair(data)
    return "preview"
