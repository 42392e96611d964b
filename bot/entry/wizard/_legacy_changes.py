"""What a tap changes in a draft, and whether the scoring core lets it: the chat's thin
calls into :mod:`bot.entry.allowed` and :mod:`bot.entry.checks` (over the stored JSON form of the
draft), the winner and how, events being added, counts stepped, flags toggled; a change that
makes the hand impossible is undone and refused (:class:`~bot.entry.wizard.actions.Refused`)."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

import scoring
from bot.entry import allowed, checks, edits
from bot.entry.draft import Draft
from bot.entry.keyboard import Code
from bot.entry.wizard.actions import Refused, WizardError, _d, _idx, _opts, _rs, _split, _w
from bot.i18n import Translator
from scoring.declarations import (
    ROBBED_KONG,
    EventDecl,
    FieldDecl,
    WinItemDecl,
    is_enabled,
)
from scoring.errors import RecordError
from scoring.record import HandRecord, Settlement
from scoring.ruleset import Options, Ruleset


def _item_ok(
    item: WinItemDecl,
    win: dict[str, Any],
    dealer: str,
    opts: Options,
    *,
    how: str | None = None,
    shape: str | None = None,
    flags: list[str] | None = None,
    data: dict[str, Any] | None = None,
) -> bool:
    """Whether a shape/flag may go with the win as chosen so far (:func:`allowed.item_ok`)."""
    assert data is not None
    return allowed.item_ok(_d(data), _w(win), item, how=how, shape=shape, flags=flags)


def valid_shapes(
    rs: Ruleset, opts: Options, data: dict[str, Any], win: dict[str, Any], how: str | None = None
) -> list[int]:
    return allowed.shapes(_d(data), _w(win), how)


def valid_flags(rs: Ruleset, opts: Options, data: dict[str, Any], win: dict[str, Any]) -> list[int]:
    """Flags that can be toggled now (selected ones stay listed so they can be turned off)."""
    return allowed.flags(_d(data), _w(win))


def _flag_compatible(
    rs: Ruleset, opts: Options, data: dict[str, Any], win: dict[str, Any], flag_id: str
) -> bool:
    """The flag's own constraints, and ``not_with`` in both directions."""
    return allowed.flag_ok(_d(data), _w(win), flag_id)


def fan_compatible(
    fans: list[dict[str, Any]],
    chosen: list[str],
    fan_id: str,
    data: dict[str, Any] | None = None,
    win: dict[str, Any] | None = None,
) -> bool:
    """A checklist fan that may be ticked beside ``chosen`` (:func:`allowed.fan_ok`)."""
    assert data is not None
    w = _w({**(win or {"winner": ""}), "fans": chosen})
    return allowed.fan_ok(_d(data), w, fan_id, chosen)


def checklist_total(data: dict[str, Any], win: dict[str, Any], fans: list[dict[str, Any]]) -> int:
    """The checklist's running total (:func:`allowed.fan_total`)."""
    return allowed.fan_total(_d(data), _w(win))


def prune_flags(rs: Ruleset, opts: Options, data: dict[str, Any], win: dict[str, Any]) -> None:
    """Drop chosen flags that are no longer possible (after the winner/how/shape changed)."""
    w = _w(win)
    allowed.prune_flags(_d(data), w)
    win["flags"] = w.flags


def win_modes(rs: Ruleset) -> list[str]:
    return allowed.value_modes(rs)


def uses_shape(rs: Ruleset) -> bool:
    return allowed.uses_shape(rs)


def enabled_counts(rs: Ruleset, opts: Options, result: str | None = None) -> list[int]:
    """The counts asked (:func:`bot.entry.checks.asked_counts`)."""
    return [
        i
        for i, c in enumerate(rs.counts)
        if is_enabled(c.enabled_by, opts)
        and (result is None or not c.results or result in c.results)
    ]


def enabled_events(rs: Ruleset, opts: Options, result: str) -> list[int]:
    return [
        i
        for i, e in enumerate(rs.events)
        if is_enabled(e.enabled_by, opts) and (not e.results or result in e.results)
    ]


def _multi_possible(rs: Ruleset, data: dict[str, Any]) -> bool:
    return allowed.multi_possible(_d(data))


def _go(data: dict[str, Any], step: str, new: str) -> str:
    data["trail"].append(step)
    data["page"] = 0
    if new == "preview":
        repair(data)
    return new


def _snapshot(data: dict[str, Any]) -> dict[str, Any]:
    copy: dict[str, Any] = json.loads(json.dumps(data))
    return copy


def problem(data: dict[str, Any]) -> RecordError | None:
    """What the scoring core says is wrong with the hand as entered (None if nothing)."""
    return checks.problem(_d(data))


def _keep_or_refuse(data: dict[str, Any], before: dict[str, Any], *, related: str = "") -> None:
    """After a change made by a tap: if it made the hand impossible (it was possible before,
    or the scoring core now objects to what the tap changed, ``related`` being that part's
    JSON path), undo it and raise :class:`Refused` naming why."""
    err = problem(data)
    if err is None:
        return
    was = problem(before)
    if was is None or (related and err.field.startswith(related)):
        data.clear()
        data.update(before)
        raise Refused(err)


def repair(data: dict[str, Any]) -> bool:
    """On the way to the preview, make the one change the rules force
    (:func:`bot.entry.allowed.repair`); ``data`` changed in place."""
    d = _d(data)
    if not allowed.repair(d):
        return False
    data.clear()
    data.update(d.to_json())
    return True


def _new_win(p: str) -> dict[str, Any]:
    return {
        "winner": p,
        "from": None,
        "robbed_kong": False,
        "shape": None,
        "flags": [],
        "fan": None,
        "fans": None,
        "tiles": None,
    }


def _set_winner(rs: Ruleset, data: dict[str, Any], n: int, p: str) -> None:
    """Win ``n`` is ``p``'s (:func:`bot.entry.edits.set_winner`, on the typed draft)."""
    d = _d(data)
    edits.set_winner(d, n, p)
    _store(data, d)


def _set_how(
    rs: Ruleset, opts: Options, data: dict[str, Any], n: int, h: str, src: str | None
) -> None:
    """Win ``n`` was won ``h`` from ``src`` (:func:`bot.entry.edits.set_how`)."""
    d = _d(data)
    edits.set_how(d, n, h, src)
    _store(data, d)


def _store(data: dict[str, Any], d: Draft) -> None:
    """The typed draft back into the stored form, in place (the steps hold ``data``)."""
    new = d.to_json()
    data.clear()
    data.update(new)


def _event_fits(rs: Ruleset, opts: Options, data: dict[str, Any], ev: dict[str, Any]) -> bool:
    decl = rs.event(str(ev.get("type")))
    return decl is not None and (not decl.results or data["result"] in decl.results)


def _ev_after_player(decl: EventDecl) -> str:
    if decl.source != "forbidden":
        return "evfrom"
    return _ev_after_from(decl)


def _ev_after_from(decl: EventDecl, *, grid: bool = False) -> str:
    if text_fields(decl):
        return "evtext.0"
    return _ev_after_texts(decl, grid=grid)


def _ev_after_texts(decl: EventDecl, *, grid: bool = False) -> str:
    """After the event's players: its number fields (unless they were on the players' grid,
    which shows them, or there are none), then it is added."""
    if not grid and any(f.kind == "int" for f in decl.fields):
        return "evfields"
    return "evadd"


def text_fields(decl: EventDecl) -> list[FieldDecl]:
    """An event's text fields: each holds the id of a player who is not seated (e.g. Yichun's
    压鸽子 backer), chosen from the chat's other players or typed as a new guest's name."""
    return [f for f in decl.fields if f.kind == "text"]


def _text_field(decl: EventDecl, n: int) -> FieldDecl:
    fields = text_fields(decl)
    return fields[_idx(str(n), len(fields))]


def text_choices(decl: EventDecl, data: dict[str, Any], n: int) -> list[str]:
    """The chat's players offered for text field ``n`` of the event being built: not seated,
    and not making the very same event twice."""
    fd = _text_field(decl, n)
    ev = data["ev"]
    taken = {
        str(e.get(fd.id))
        for e in data["events"]
        if e.get("type") == ev["type"] and e.get("player") == ev.get("player")
    }
    seated = set(data["players"])
    return [
        str(p) for p in data.get("bystanders", []) if str(p) not in seated and str(p) not in taken
    ]


def _set_text(data: dict[str, Any], step: str, decl: EventDecl, n: int, pid: str) -> str:
    fd = _text_field(decl, n)
    data["ev"][fd.id] = pid
    if n + 1 < len(text_fields(decl)):
        return _go(data, step, f"evtext.{n + 1}")
    new = _ev_after_texts(decl, grid=True)
    return _finish_event(data, step) if new == "evadd" else _go(data, step, new)


def set_text_value(data: dict[str, Any], step: str, pid: str, name: str) -> str:
    """A name typed on an ``evname.<n>`` step, already turned into a player id by the caller
    (a guest of the chat): remember the name, offer the player from now on, and go on.
    Returns the new step."""
    kind, n = _split(step)
    ev = data.get("ev")
    if kind != "evname" or not ev:
        raise WizardError("bad_arg")
    decl = _rs(data).event(ev["type"])
    assert decl is not None
    if pid in data["players"]:
        raise WizardError("seated")
    data["names"][pid] = name
    by = data.setdefault("bystanders", [])
    if pid not in by:
        by.append(pid)
    if pid not in text_choices(decl, data, n):
        raise WizardError("duplicate")
    # the name step leaves no trace: Back from what follows returns to the list of players
    if data["trail"] and data["trail"][-1] == f"evtext.{n}":
        data["trail"].pop()
    return _set_text(data, f"evtext.{n}", decl, n, pid)


def _finish_event(data: dict[str, Any], step: str) -> str:
    """Add the event being built and return to the preview (:func:`bot.entry.edits.
    finish_event`: refused with a sentence if it makes the hand impossible)."""
    d = _d(data)
    edits.finish_event(d)  # refused: data is left as it was
    _store(data, d)
    return "preview"


def _begin_event(data: dict[str, Any], decl: EventDecl) -> None:
    """Start adding an event (:func:`bot.entry.edits.begin_event`)."""
    d = _d(data)
    edits.begin_event(d, decl)
    _store(data, d)


def _ev_first(data: dict[str, Any], decl: EventDecl) -> str:
    """The first step of a new event: the players' grid (who, and from whom, in one tap, with
    its number fields above)."""
    return "evplayer"


def event_cells(data: dict[str, Any], decl: EventDecl) -> list[tuple[str, str | None]]:
    """``(player, from)`` pairs the event may have (:func:`allowed.event_cells`)."""
    return allowed.event_cells(_d(data), decl)


def _refuse_win(data: dict[str, Any], n: int, paths: tuple[str, ...]) -> None:
    """Refuse the tap that completes win ``n`` if the scoring core objects to the win itself
    (after the one forced change :func:`repair` would make), e.g. a fan total under the
    table's minimum, or a shape that cannot be won this way."""
    trial = _snapshot(data)
    repair(trial)
    err = problem(trial)
    if err is not None and any(
        err.field == p or err.field.startswith((p + ".", p + "[")) for p in paths
    ):
        raise Refused(err)


def _step_count(data: dict[str, Any], c: int, i: int, action: str) -> None:
    """➕/➖ on count ``c`` of player ``i`` (:func:`bot.entry.edits.step_count`)."""
    d = _d(data)
    try:
        edits.step_count(d, c, i, up=action == Code.PLUS)
    finally:
        _store(data, d)


def can_add(cdecl: Any, per: dict[str, int], p: str) -> bool:
    return allowed.can_add(cdecl, per, p)


def winner_choices(rs: Ruleset, data: dict[str, Any], n: int) -> list[str]:
    return allowed.winners(_d(data), n)


def how_choices(
    rs: Ruleset, opts: Options, data: dict[str, Any], n: int
) -> list[tuple[str, str | None]]:
    """``(how, source)`` pairs that leave at least one possible shape."""
    return _hows_for(rs, opts, data, n, data["wins"][n])


def grid_hows(
    rs: Ruleset, opts: Options, data: dict[str, Any], n: int, p: str
) -> list[tuple[str, str | None]]:
    """The cells of ``p``'s row on the winners' grid: self-drawn and each discarder, or (with
    the robbed-kong switch on) each player whose kong was robbed; only the ways the table
    plays (:func:`allowed.hows`)."""
    hows = allowed.hows(_d(data), n, p)
    if data.get("rk"):
        return [c for c in hows if c[0] == ROBBED_KONG]
    return [c for c in hows if c[0] != ROBBED_KONG]


def _hows_for(
    rs: Ruleset, opts: Options, data: dict[str, Any], n: int, win: dict[str, Any]
) -> list[tuple[str, str | None]]:
    return allowed.hows_for(_d(data), n, _w(win))


def shown_counts(data: dict[str, Any], base: Mapping[str, int] | None = None) -> list[int]:
    """The counts the preview asks: enabled and declared for the result, and able to change
    the money of this hand (a count nobody has that, given to any player, changes no net —
    精 in a draw or a false win — is not asked; one the scoring core would refuse is asked,
    since it may become possible). ``base``: the hand's nets when the caller has settled it
    already (the preview, settled once per render)."""
    rs, opts = _rs(data), _opts(data)
    idx = enabled_counts(rs, opts, data["result"])
    if not idx:
        return idx
    try:
        rec = build_record(data).to_json()
        if base is None:
            base = scoring.settle(rec).net
    except RecordError:
        return idx
    out = []
    for i in idx:
        c = rs.counts[i]
        others = [rs.counts[j] for j in idx]
        if any((data["counts"].get(c.id) or {}).values()) or _count_matters(rec, base, c, others):
            out.append(i)
    return out


def _count_matters(rec: dict[str, Any], base: Mapping[str, int], c: Any, others: list[Any]) -> bool:
    """Whether count ``c`` given to some player changes a net. A count the scoring core only
    accepts with others (a 精杠 needs the four 副精) is tried with those at their most."""
    if c.max <= c.min:
        return False
    for p in rec["players"]:
        trial = dict(rec)
        trial["counts"] = {**rec["counts"], c.id: {p: c.min + 1}}
        try:
            if scoring.settle(trial).net != base:
                return True
            continue
        except RecordError:
            pass
        full = {o.id: {p: min(o.max, o.total_max or o.max)} for o in others if o.id != c.id}
        try:
            without = scoring.settle({**rec, "counts": full}).net
            with_c = scoring.settle({**rec, "counts": {**full, c.id: {p: c.min + 1}}}).net
        except RecordError:
            return True
        if with_c != without:
            return True
    return False


def _toggle_flag(rs: Ruleset, opts: Options, data: dict[str, Any], n: int, i: int) -> None:
    """Tick or untick flag ``i`` on win ``n`` (:func:`bot.entry.edits.toggle_flag`)."""
    d = _d(data)
    try:
        edits.toggle_flag(d, n, i)
    finally:
        _store(data, d)


def build_record(data: dict[str, Any]) -> HandRecord:
    """The hand record (:func:`bot.entry.checks.to_record`)."""
    return checks.to_record(_d(data))


def preview(data: dict[str, Any]) -> tuple[HandRecord, Settlement]:
    """Build and settle the record; raises :class:`RecordError` for an impossible hand."""
    record = build_record(data)
    return record, scoring.settle(record)


_CJK = re.compile(r"[\u3400-\u9fff]")


def problem_text(err: RecordError, data: dict[str, Any], tr: Translator) -> str:
    """The sentence for ``err`` (:func:`bot.entry.checks.problem_text`)."""
    return checks.problem_text(err, _d(data), tr)
