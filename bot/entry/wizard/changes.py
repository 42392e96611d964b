"""What a tap changes in a draft, and whether the scoring core lets it, on the typed
:class:`~bot.entry.draft.Draft`: the chat's thin calls into :mod:`bot.entry.allowed`,
:mod:`bot.entry.checks` and :mod:`bot.entry.edits`, the ways of a win and its value steps, an
event being added (its players, its text fields), the counts the preview asks; a change that
makes the hand impossible is undone and refused (:class:`~bot.entry.wizard.actions.Refused`).
The order of the steps is :mod:`.order`'s; a change here returns a target
(:mod:`.targets`) where it leads somewhere."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Mapping

import scoring
from bot.entry import allowed, checks, edits, riichi
from bot.entry.draft import Draft
from bot.entry.wizard.actions import Refused, WizardError, _idx, _split
from bot.entry.wizard.targets import At, Go
from scoring.declarations import ROBBED_KONG, CountDecl, EventDecl, FieldDecl, is_enabled
from scoring.errors import RecordError
from scoring.record import HandRecord
from scoring.ruleset import Options, Ruleset

_CJK = re.compile(r"[\u3400-\u9fff]")


def enabled_counts(rs: Ruleset, opts: Options, result: str | None = None) -> list[int]:
    """The counts enabled at this table (for ``result``: declared for it)."""
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


def refuse_win(d: Draft, n: int, paths: tuple[str, ...]) -> None:
    """Refuse the tap that completes win ``n`` if the scoring core objects to the win itself
    (after the one forced change :func:`allowed.repair` would make), e.g. a fan total under
    the table's minimum, or a shape that cannot be won this way."""
    trial = d.copy()
    allowed.repair(trial)
    err = checks.problem(trial)
    if err is not None and any(
        err.field == p or err.field.startswith((p + ".", p + "[")) for p in paths
    ):
        raise Refused(err)


def grid_hows(d: Draft, n: int, p: str) -> list[tuple[str, str | None]]:
    """The cells of ``p``'s row on the winners' grid: self-drawn and each discarder, or (with
    the robbed-kong switch on) each player whose kong was robbed; only the ways the table
    plays (:func:`allowed.hows`)."""
    hows = allowed.hows(d, n, p)
    if d.rk:
        return [c for c in hows if c[0] == ROBBED_KONG]
    return [c for c in hows if c[0] != ROBBED_KONG]


# --------------------------------------------------------------------------------------
# a win's steps after who won and how
# --------------------------------------------------------------------------------------
#: A win's steps after who won and how, in order: each is asked where :data:`WANTED` says;
#: ``value`` is the step of the win's mode (fan, fans or tiles).
WIN_STEPS = ("mode", "shape", "value")

#: Whether a win step is asked at this table: how the value is entered where there is more
#: than one way; the shape where there are shapes.
WANTED: dict[str, Callable[[Ruleset], bool]] = {
    "mode": lambda rs: len(allowed.value_modes(rs)) > 1 and not riichi.applies(rs),  # han pad
    "shape": lambda rs: allowed.uses_shape(rs),
}


def value_mode(d: Draft, n: int) -> str | None:
    """How win ``n``'s value is entered: as chosen, or the ruleset's only way."""
    modes = allowed.value_modes(d.rs)
    one = len(modes) == 1 or riichi.applies(d.rs)  # riichi: the han keypad first
    mode = d.wins[n].mode or (modes[0] if one else None)
    return str(mode) if mode is not None else None


def value_step(d: Draft, n: int, after: str = "how") -> str | None:
    """The step of win ``n`` after ``after`` (a :data:`WIN_STEPS` kind, or ``how``), or None
    when the win asks nothing more; the value's step fixes the win's mode."""
    start = WIN_STEPS.index(after) + 1 if after in WIN_STEPS else 0
    for kind in WIN_STEPS[start:]:
        if kind == "value":
            mode = value_mode(d, n)
            if mode is not None:
                d.wins[n].mode = mode
                return f"{riichi.value_step(d.rs, mode)}.{n}"
        elif WANTED[kind](d.rs):
            return f"{kind}.{n}"
    return None


def asks_value(d: Draft, n: int) -> bool:
    """Whether win ``n`` has a step after its how (the preview's ✏️ value): as
    :func:`value_step`, without fixing the mode."""
    for kind in WIN_STEPS:
        if kind == "value":
            return value_mode(d, n) is not None
        if WANTED[kind](d.rs):
            return True
    return False


# --------------------------------------------------------------------------------------
# an event being added
# --------------------------------------------------------------------------------------
def text_fields(decl: EventDecl) -> list[FieldDecl]:
    """An event's text fields: each holds the id of a player who is not seated (e.g. Yichun's
    压鸽子 backer), chosen from the chat's other players or typed as a new guest's name."""
    return [f for f in decl.fields if f.kind == "text"]


def text_field(decl: EventDecl, n: int) -> FieldDecl:
    fields = text_fields(decl)
    return fields[_idx(str(n), len(fields))]


def ev_after_player(decl: EventDecl) -> str:
    if decl.source != "forbidden":
        return "evfrom"
    return ev_after_from(decl)


def ev_after_from(decl: EventDecl, *, grid: bool = False) -> str:
    if text_fields(decl):
        return "evtext.0"
    return ev_after_texts(decl, grid=grid)


def ev_after_texts(decl: EventDecl, *, grid: bool = False) -> str:
    """After the event's players: its number fields (unless they were on the players' grid,
    which shows them, or there are none), then it is added (``evadd``)."""
    if not grid and any(f.kind == "int" for f in decl.fields):
        return "evfields"
    return "evadd"


def event_decl(d: Draft) -> EventDecl:
    """The declaration of the event being added (a tap on its steps without one is refused)."""
    if not d.ev:
        raise WizardError("bad_arg")
    decl = d.rs.event(str(d.ev["type"]))
    assert decl is not None
    return decl


def finish_event(d: Draft) -> At:
    """Add the event being built and return to the preview (:func:`bot.entry.edits.
    finish_event`: refused with a sentence if it makes the hand impossible), a count it
    forces raised with it (:func:`count_follows`)."""
    try:
        edits.finish_event(d)
    except Refused as err:
        if not count_follows(d, err.err):
            raise
    return At("preview")


def count_follows(d: Draft, err: RecordError) -> bool:
    """An event refused only because a player's count is too low for it is added with that
    count raised to the least value the scoring core accepts (:func:`allowed.count_forced`:
    the one change the rules force; the count stays editable on the preview). False, ``d`` as
    it was, where no value in the count's range does."""
    assert d.ev is not None
    trial = d.copy()
    trial.events.append({k: v for k, v in d.ev.items() if v is not None or k == "from"})
    trial.ev = None
    fixed = allowed.count_forced(trial, err)
    if fixed is None:
        return False
    d.counts = fixed.counts
    edits.finish_event(d)
    return True


def ev_go(d: Draft, new: str) -> Go | At:
    """To the event's next sub-step ``new``, or (``evadd``) the event added."""
    return finish_event(d) if new == "evadd" else Go(new)


def text_choices(decl: EventDecl, d: Draft, n: int) -> list[str]:
    """The chat's players offered for text field ``n`` of the event being built: not seated,
    and not making the very same event twice."""
    fd = text_field(decl, n)
    ev = d.ev or {}
    taken = {
        str(e.get(fd.id))
        for e in d.events
        if e.get("type") == ev.get("type") and e.get("player") == ev.get("player")
    }
    seated = set(d.players)
    return [str(p) for p in d.bystanders or [] if str(p) not in seated and str(p) not in taken]


def set_text(d: Draft, decl: EventDecl, n: int, pid: str, frm: str | None = None) -> Go | At:
    """Text field ``n`` of the event being added is ``pid``; on to the next field, its
    numbers, or the event added (``frm``: the step put on the trail)."""
    assert d.ev is not None
    d.ev[text_field(decl, n).id] = pid
    if n + 1 < len(text_fields(decl)):
        return Go(f"evtext.{n + 1}", frm=frm)
    new = ev_after_texts(decl, grid=True)
    return finish_event(d) if new == "evadd" else Go(new, frm=frm)


def set_text_value(d: Draft, step: str, pid: str, name: str) -> Go | At:
    """A name typed on an ``evname.<n>`` step, already turned into a player id by the caller
    (a guest of the chat): remember the name, offer the player from now on, and go on."""
    kind, n = _split(step)
    if kind != "evname" or not d.ev:
        raise WizardError("bad_arg")
    decl = event_decl(d)
    if pid in d.players:
        raise WizardError("seated")
    d.names[pid] = name
    if d.bystanders is None:
        d.bystanders = []
    if pid not in d.bystanders:
        d.bystanders.append(pid)
    if pid not in text_choices(decl, d, n):
        raise WizardError("duplicate")
    # the name step leaves no trace: Back from what follows returns to the list of players
    if d.trail and d.trail[-1] == f"evtext.{n}":
        d.trail.pop()
    return set_text(d, decl, n, pid, frm=f"evtext.{n}")


# --------------------------------------------------------------------------------------
# the counts the preview asks
# --------------------------------------------------------------------------------------
def each_possible(d: Draft, c: int, *, up: bool, base: Mapping[str, int] | None) -> bool:
    """Whether count ``c`` may go one up (``up``) or down for every player at once — each
    within its range and the count's total — and the hand stays possible (a "+1 each" that
    would be refused is not offered). One up only where every player's count is money
    (``base``: the hand's nets when the caller settled it already; one more for any player
    changes them): 精 held by anyone, not a winner's flowers or 根."""
    trial = d.copy()
    try:
        _each(trial, c, up)
    except WizardError:
        return False
    if not up:
        return True
    settled = _settled(d, base)
    if settled is None or _trial_net(trial) is None:
        return False
    rec, base = settled
    cid = d.rs.counts[c].id
    for p in d.players:
        per = dict(rec.counts.get(cid) or {})
        per[p] = per.get(p, 0) + 1
        if _net(_with_counts(rec, {**rec.counts, cid: per})) in (None, base):
            return False
    return True


def step_each(d: Draft, c: int, *, up: bool) -> None:
    """Count ``c`` one up (or down) for every player at once: 精 held by all four is one tap,
    not four (#26.7); refused as one tap if the hand would become impossible."""
    before = d.copy()
    _each(d, c, up)
    edits.keep_or_refuse(d, before, related=f"counts.{d.rs.counts[c].id}")


def _each(d: Draft, c: int, up: bool) -> None:
    decl = d.rs.counts[c]
    per = d.counts.setdefault(decl.id, {})
    n = len(d.players)
    if up and decl.total_max is not None and sum(per.values()) + n > decl.total_max:
        raise WizardError("at_max")
    for p in d.players:
        v = per.get(p, 0)
        if up and v >= decl.max:
            raise WizardError("at_max")
        if not up and v <= decl.min:
            raise WizardError("at_min")
        per[p] = v + 1 if up else v - 1


def shown_counts(d: Draft, base: Mapping[str, int] | None = None) -> list[int]:
    """The counts the preview asks: enabled and declared for the result, and able to change
    the money of this hand (a count nobody has that, given to any player, changes no net —
    精 in a draw or a false win — is not asked; one the scoring core would refuse is asked,
    since it may become possible). ``base``: the hand's nets when the caller has settled it
    already (the preview, settled once per render)."""
    rs, opts = d.rs, d.opts
    idx = enabled_counts(rs, opts, d.result)
    if not idx:
        return idx
    settled = _settled(d, base)
    if settled is None:
        return idx
    rec, base = settled
    out = []
    for i in idx:
        c = rs.counts[i]
        others = [rs.counts[j] for j in idx]
        if any((d.counts.get(c.id) or {}).values()) or _count_matters(rec, base, c, others):
            out.append(i)
    return out


def _settled(
    d: Draft, base: Mapping[str, int] | None
) -> tuple[HandRecord, Mapping[str, int]] | None:
    """The hand's record and its nets (``base`` where the caller settled it already), or None
    where the scoring core refuses the hand. Its trials (a count more for a player) are made
    from this record, not read from JSON again: a preview tries 5–10 of them."""
    try:
        rec = checks.to_record(d)
        return rec, base if base is not None else scoring.settle(rec).net
    except RecordError:
        return None


def _with_counts(rec: HandRecord, counts: Mapping[str, Mapping[str, int]]) -> HandRecord:
    """``rec`` with other counts (a trial: the scoring core validates them as any record's)."""
    return dataclasses.replace(rec, counts={cid: dict(per) for cid, per in counts.items()})


def _trial_net(d: Draft) -> Mapping[str, int] | None:
    """The nets of draft ``d`` (a trial), or None where the scoring core refuses it."""
    try:
        return _net(checks.to_record(d))
    except RecordError:
        return None


def _net(rec: HandRecord) -> Mapping[str, int] | None:
    """The trial's nets, or None where the scoring core refuses it."""
    try:
        return scoring.settle(rec).net
    except RecordError:
        return None


def _count_matters(
    rec: HandRecord, base: Mapping[str, int], c: CountDecl, others: list[CountDecl]
) -> bool:
    """Whether count ``c`` given to some player changes a net. A count the scoring core only
    accepts with others (a 精杠 needs the four 副精) is tried with those at their most."""
    if c.max <= c.min:
        return False
    for p in rec.players:
        net = _net(_with_counts(rec, {**rec.counts, c.id: {p: c.min + 1}}))
        if net is not None:
            if net != base:
                return True
            continue
        full = {o.id: {p: min(o.max, o.total_max or o.max)} for o in others if o.id != c.id}
        without = _net(_with_counts(rec, full))
        with_c = _net(_with_counts(rec, {**full, c.id: {p: c.min + 1}}))
        if without is None or with_c is None:
            return True
        if with_c != without:
            return True
    return False
