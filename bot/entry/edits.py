"""What a tap changes in a hand being entered, on the typed draft: the winner and how, a flag
ticked, a count stepped. Each change keeps the hand possible or is undone and refused
(:class:`~bot.entry.keyboard.Refused`, naming why through :func:`bot.entry.checks.problem_text`).
No Telegram here: the chat's steps (:mod:`bot.entry.wizard`) call these with the draft they
read from the ledger's JSON and store what comes back."""

from __future__ import annotations

from typing import Any

from bot.entry import allowed, checks
from bot.entry.draft import Draft, WinDraft
from bot.entry.keyboard import Refused, WizardError
from scoring.declarations import ROBBED_KONG, SELF_DRAWN, EventDecl


def set_winner(d: Draft, n: int, p: str) -> None:
    """Win ``n`` is ``p``'s: kept as chosen if it already was (editing), else a new win (and
    the later ones dropped). A second winner of one discard shares the first one's discard."""
    d.result = "win"
    if len(d.wins) > n and d.wins[n].winner == p:
        return
    del d.wins[n:]
    w = WinDraft(winner=p)
    if n > 0 and d.rs.multi_win == "same_discard":
        w.discarder, w.robbed_kong = d.wins[0].discarder, d.wins[0].robbed_kong
    d.wins.append(w)


def set_how(d: Draft, n: int, how: str, src: str | None) -> None:
    """Win ``n`` was won ``how`` (from ``src``): its tiles follow, a shape or flag the new way
    does not allow is dropped, and the other winners of one discard follow the first."""
    w = d.wins[n]
    w.discarder = None if how == SELF_DRAWN else src
    w.robbed_kong = how == ROBBED_KONG
    t = w.tiles
    if t is not None and t.get("self_drawn") != (how == SELF_DRAWN):
        # tiles entered before Back changed the "how": they follow it (as set_tiles does)
        t["self_drawn"] = how == SELF_DRAWN
        t["kong_related"] = how == ROBBED_KONG
    elif t is not None and how != SELF_DRAWN:
        t["kong_related"] = how == ROBBED_KONG
    shape = d.rs.shape(w.shape) if w.shape else None
    if shape is not None and not allowed.item_ok(d, w, shape, flags=[]):
        w.shape = None
    allowed.prune_flags(d, w)
    if n == 0 and d.rs.multi_win == "same_discard":  # the other winners of this discard follow
        for other in d.wins[1:]:
            other.discarder, other.robbed_kong = w.discarder, w.robbed_kong
        d.wins[1:] = [x for x in d.wins[1:] if x.winner != w.discarder and w.discarder is not None]


def keep_or_refuse(d: Draft, before: Draft, *, related: str = "") -> None:
    """After a change made by a tap: if it made the hand impossible (it was possible before,
    or the scoring core now objects to what the tap changed, ``related`` being that part's
    JSON path), put ``before`` back and raise :class:`Refused` naming why."""
    err = checks.problem(d)
    if err is None:
        return
    if checks.problem(before) is None or (related and err.field.startswith(related)):
        for key in Draft.KEYS:
            setattr(d, key, getattr(before, key))
        d.extra = before.extra
        raise Refused(err)


def toggle_flag(d: Draft, n: int, i: int) -> None:
    """Tick or untick the ruleset's flag ``i`` on win ``n``: refused if it does not go with
    what is ticked (``not_with`` both ways), or if the hand then breaks."""
    w = d.wins[n]
    fid = d.rs.flags[i].id
    chosen = list(w.flags)
    if fid in chosen:
        chosen.remove(fid)
    elif allowed.flag_ok(d, w, fid):
        chosen.append(fid)
    else:
        raise WizardError("not_with")
    before = d.copy()
    w.flags = chosen
    keep_or_refuse(d, before, related=f"wins[{n}].flags")


def step_count(d: Draft, c: int, i: int, up: bool) -> None:
    """➕/➖ on count ``c`` of player ``i``: never out of its range (nor over its total), and
    refused if the hand would become impossible (e.g. a 精杠 without the four 副精)."""
    cdecl = d.rs.counts[c]
    p = d.players[i]
    before = d.copy()
    per = d.counts.setdefault(cdecl.id, {})
    cur = per.get(p, 0)
    if up:
        if not allowed.can_add(cdecl, per, p):
            raise WizardError("at_max")
        per[p] = cur + 1
    else:
        if not allowed.can_remove(cdecl, per, p):
            raise WizardError("at_min")
        per[p] = cur - 1
    keep_or_refuse(d, before, related=f"counts.{cdecl.id}")


def begin_event(d: Draft, decl: EventDecl) -> None:
    """Start adding an event of kind ``decl``: no player yet, its number fields at their
    defaults."""
    ev: dict[str, Any] = {"type": decl.id, "player": None, "from": None}
    for f in decl.fields:
        if f.kind == "int":
            ev[f.id] = f.default
    d.ev = ev


def finish_event(d: Draft) -> None:
    """Add the event being built and leave its sub-steps off the trail (Back from the preview
    goes where it went before). Refused (:class:`Refused`, the event dropped) if the scoring
    core objects to the event itself, or if it makes a possible hand impossible (Nanning's
    包牌 on a seven-pairs winner): said at the tap, not found later on the preview."""
    assert d.ev is not None
    before = d.copy()
    ev, d.ev = d.ev, None
    d.events.append({k: v for k, v in ev.items() if v is not None or k == "from"})
    keep_or_refuse(d, before, related=f"events[{len(d.events) - 1}]")
    while d.trail and d.trail[-1].startswith("ev") and d.trail[-1] != "events":
        d.trail.pop()
    if d.trail and d.trail[-1] in ("preview", "events"):
        d.trail.pop()
    d.page = 0
    allowed.repair(d)
