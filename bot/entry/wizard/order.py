"""The order of the steps: what comes after a step given the choices so far (skipping a
step whose answer is forced or irrelevant), the trail an /edit pre-fill walks, and where a
step's target (:mod:`.targets`) leads (:func:`resolve`). On the typed draft; the steps
return targets and never import this module."""

from __future__ import annotations

from bot.entry import allowed, edits, riichi
from bot.entry.draft import Draft
from bot.entry.wizard.actions import _split
from bot.entry.wizard.changes import (
    WANTED,
    WIN_STEPS,
    enabled_events,
    refuse_win,
    value_mode,
    value_step,
)
from bot.entry.wizard.targets import AfterWins, At, Go, Resume, Stay, Target
from scoring.declarations import EventDecl
from scoring.ruleset import Options, Ruleset

__all__ = [
    "WANTED",
    "WIN_STEPS",
    "after_wins",
    "next_step",
    "next_win_first",
    "resolve",
    "result_event",
    "resume_preview",
    "value_mode",
    "walk",
    "win_answered",
    "win_step_after",
]


def after_wins(d: Draft) -> str:
    """After the wins: the preview, which is also the editor (flags, counts, events, another
    winner are buttons there), or, for a result that is an event (诈胡 …), that event's
    player first (:func:`result_event`)."""
    decl = result_event(d.rs, d.opts, d.result)
    if decl is not None and not any(e.get("type") == decl.id for e in d.events):
        edits.begin_event(d, decl)
        return "evplayer"  # the players' grid: who, and from whom, in one tap
    if next_win_first(d):  # 血战: the next win (or the draw) is the next question
        return f"winner.{len(d.wins)}"
    return "preview"


def next_win_first(d: Draft) -> bool:
    """Whether a hand of sequential wins (Sichuan 血战: it goes on until three have won or
    the wall is out) asks the next win right after one is entered, on the first pass only
    (not from the preview): a ➕ tap fewer a win (#26.7)."""
    return (
        d.rs.multi_win == "sequential"
        and d.result == "win"
        and bool(d.wins)
        and "preview" not in d.trail
        and allowed.multi_possible(d)
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


def win_step_after(d: Draft, n: int, after: str) -> str:
    """The step of win ``n`` after ``after`` (``how`` for the first), or what follows the
    wins."""
    return value_step(d, n, after) or after_wins(d)


def next_step(d: Draft, step: str) -> str:
    """The step after ``step`` given the choices made so far (skipping empty steps)."""
    kind, n = _split(step)
    if kind == "winner":
        if d.result != "win" and not d.wins:
            return after_wins(d)
        if n > 0 and d.rs.multi_win == "same_discard":
            return win_step_after(d, n, "how")
        return f"how.{n}"
    if kind in ("how", "mode", "shape"):
        return win_step_after(d, n, kind)
    if kind in ("fan", "fans", "tiles", "flags", "more"):
        return after_wins(d)
    return "preview"


def walk(d: Draft) -> list[str]:
    """The steps a user would pass through to reach the preview with ``d`` as chosen (the
    trail of an /edit pre-fill, so Back walks the same way)."""
    trail: list[str] = []
    for n in range(len(d.wins)):
        step = f"winner.{n}"
        for _ in range(20):
            if step == "preview" or not step.endswith(f".{n}"):
                break
            trail.append(step)
            step = win_step_after(d, n, "how") if step.startswith("winner") else next_step(d, step)
    if not d.wins:
        trail.append("winner.0")
    return trail


def win_answered(d: Draft, n: int) -> bool:
    """Whether win ``n`` needs nothing more asked: its shape is there where the table requires
    one (a new "how" drops a shape it does not allow), how its value is entered is known, and
    the value is there."""
    if n >= len(d.wins):
        return False
    rs, w = d.rs, d.wins[n]
    if allowed.uses_shape(rs) and rs.shape_required and not w.shape:
        return False
    if len(allowed.value_modes(rs)) > 1 and not w.mode:
        return False
    mode = value_mode(d, n)
    if mode == "fan" and riichi.keypad_win(d, w):  # han and its fu, or a yakuman
        return riichi.value_set(d, w)
    if mode == "fan" and w.fan is None:
        return False
    if mode == "fans" and not w.fans:
        return False
    return not (mode == "tiles" and not w.tiles)


def resume_preview(d: Draft, n: int) -> bool:
    """A line of win ``n`` changed from the preview (its ✏️, /edit, ✏️ Fix): straight back to
    the preview when nothing else of the win needs asking (:func:`win_answered`), so changing
    only the discarder does not ask the shape again (#26.3). True: the preview taken off the
    trail (Back goes where it went before); False: go on step by step."""
    if not d.trail or d.trail[-1] != "preview" or not win_answered(d, n):
        return False
    d.trail.pop()
    d.page = 0
    allowed.repair(d)
    return True


def go(d: Draft, frm: str, new: str) -> str:
    """To step ``new`` with ``frm`` on the trail (on the way to the preview, the one change
    the rules force is made: :func:`allowed.repair`)."""
    d.trail.append(frm)
    d.page = 0
    if new == "preview":
        allowed.repair(d)
    return new


def resolve(d: Draft, step: str, target: Target) -> str:
    """The step ``target`` (returned by ``step``'s class for a tap) leads to; ``d`` changed
    as the way there changes it (the trail, the page, the forced repair)."""
    if isinstance(target, Stay):
        return step
    if isinstance(target, At):
        return target.step
    if isinstance(target, Go):
        frm = target.frm or step
        if target.via is not None:
            frm = go(d, frm, target.via)
        return go(d, frm, target.step)
    if isinstance(target, AfterWins):
        return go(d, step, after_wins(d))
    if isinstance(target, Resume):
        if resume_preview(d, target.n):
            return "preview"
        if target.line and win_answered(d, target.n):
            return go(d, step, "preview")  # the line said the rest: asked only what it left out
        return resolve(d, step, target.then)
    new = next_step(d, target.after or step)
    kept = new != "preview" and d.trail[-1:] == ["preview"]  # came from the preview
    if target.refuse and (new == "preview" or kept):
        refuse_win(d, _split(step)[1], target.refuse)
    if target.resume is not None and kept and resume_preview(d, target.resume):
        return "preview"  # a new shape on the preview keeps the value entered
    return go(d, target.frm or step, new)
