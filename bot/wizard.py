"""The hand-entry wizard: a generic machine over a ruleset's declarations.

Nothing here knows any particular ruleset. A draft (:class:`Draft`, a dataclass with a JSON
round trip; :func:`load` also reads what earlier versions stored) is the hand as entered so
far plus a step name ``<kind>`` or ``<kind>.<n>`` (``n`` = the win or count index); the trail
of visited steps is enough to go Back. Each step kind is a small class in :data:`STEPS`
(what it asks: ``render``; what a tap does: ``apply``; whether it is asked: ``wanted``), and
:func:`render` / :func:`apply` dispatch to them.

The path asks only what can change the money of this hand: who won and how in one tap (the
winners' grid, only the ways the table plays), the shape or value, then the preview — which
is also the editor (each line jumps to its step and comes back; flags toggle there; the
counts that can change a net are ➖ n ➕ rows of every player; events ➕/✖; ➕ another winner
where possible). A result that is an event (诈胡) asks its player at once. On the way to the
preview the one change the rules force is made (:func:`repair`). A tap that would make the
hand impossible is refused at its step (:class:`Refused`), and :func:`problem_text` is the
one place a :class:`RecordError` becomes a sentence (names, the chat's language, no paths or
ids). :func:`build_record` produces the :class:`~scoring.HandRecord` that ``scoring.settle``
checks; :func:`from_record` pre-fills a draft from a recorded hand (/edit, the one-line
/hand).
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import scoring
from bot import checklist, fan_words, present
from bot.describe import (
    FLOWERS,
    describe_win,
    fan_list,
)
from bot.describe import how as _how
from bot.describe import name as _name
from bot.describe import prevalent as _prevalent
from bot.describe import seat_wind as _seat_wind
from bot.entry import allowed, checks
from bot.entry.draft import Draft, WinDraft, load
from bot.i18n import Translator
from scoring.declarations import (
    DISCARD,
    ROBBED_KONG,
    SELF_DRAWN,
    EventDecl,
    FieldDecl,
    WinItemDecl,
    is_enabled,
)
from scoring.errors import RecordError
from scoring.gb.notation import (
    NotationError,
    WordError,
    apply_words,
    parse_phone,
    split_words,
)
from scoring.record import HandRecord, Settlement
from scoring.ruleset import Options, Ruleset

FAN_MAX = 9999
PAGE = 8  # buttons per page for long lists
FANS_PAGE = 27  # a checklist page (3 a row)
TILES_EXAMPLE = "[555z](7777p)123s999p2z 2z"


class WizardError(Exception):
    """A tap that is not allowed in the current state (shown as an alert)."""


class Refused(WizardError):
    """A tap that would make the hand impossible: refused at the step that causes it, and
    explained by :func:`problem_text` (the scoring core's :class:`RecordError`, in the chat's
    language, with the players' names). The draft is left as it was before the tap."""

    def __init__(self, err: RecordError) -> None:
        super().__init__("refused")
        self.err = err


class TilesError(WizardError):
    """A tiles reply that cannot be used; ``why`` says what is wrong (the parser's message or
    the scoring core's, in English), shown inside :func:`tiles_error_text`'s frame."""

    def __init__(self, code: str, why: str) -> None:
        super().__init__(code)
        self.why = why


@dataclass(frozen=True, slots=True)
class Button:
    label: str
    action: str
    arg: str = ""


@dataclass(slots=True)
class Screen:
    text: str
    rows: list[list[Button]] = field(default_factory=list)


# --------------------------------------------------------------------------------------
# state
# --------------------------------------------------------------------------------------
__all__ = ["Draft", "WinDraft", "load"]


def _d(data: dict[str, Any]) -> Draft:
    return Draft.from_json(data)


def _w(win: dict[str, Any]) -> WinDraft:
    return WinDraft.from_json(win)


def new_state(
    *,
    ruleset: str,
    options: dict[str, Any],
    players: list[str],
    names: dict[str, str],
    dealer: str,
    mode: str = "record",
    result: str | None = None,
    hand_no: int | None = None,
) -> tuple[str, dict[str, Any]]:
    """A fresh wizard: returns ``(step, data)``."""
    data: dict[str, Any] = {
        "mode": mode,
        "ruleset": ruleset,
        "options": dict(options),
        "players": list(players),
        "names": dict(names),
        "dealer": dealer,
        "result": "win",
        "wins": [],
        "counts": {},
        "events": [],
        "trail": [],
        "page": 0,
        "hand_no": hand_no,
    }
    step = "winner.0"
    if result is not None and result != "win":
        data["result"] = result
        step = _after_wins(_rs(data), _opts(data), data)
    return step, data


def from_record(record: HandRecord, names: dict[str, str], **extra: Any) -> dict[str, Any]:
    """Wizard data pre-filled from a recorded hand (for /edit)."""
    data: dict[str, Any] = {
        "mode": "record",
        "ruleset": record.ruleset,
        "options": dict(record.options),
        "players": list(record.players),
        "names": dict(names),
        "dealer": record.dealer,
        "result": record.result,
        "wins": [_win_from(w.to_json()) for w in record.wins],
        "counts": {k: dict(v) for k, v in record.counts.items()},
        "events": [e.to_json() for e in record.events],
        "trail": [],
        "page": 0,
    }
    for w in data["wins"]:
        # a tiles object's flowers equal to the flower count were filled in by build_record:
        # leave them to the count again, so changing the count on /edit changes both
        t = w.get("tiles")
        if isinstance(t, dict) and t.get(FLOWERS, 0) == record.count(FLOWERS, w["winner"]):
            w["tiles"] = {k: v for k, v in t.items() if k != FLOWERS}
    data.update(extra)
    data["trail"] = walk(data)
    return data


def _win_from(w: dict[str, Any]) -> dict[str, Any]:
    out = {
        "winner": w["winner"],
        "from": w.get("from"),
        "robbed_kong": bool(w.get("robbed_kong")),
        "shape": w.get("shape"),
        "flags": list(w.get("flags") or []),
        "fan": w.get("fan"),
        "fans": w.get("fans"),
        "tiles": w.get("tiles"),
        "set": True,
    }
    for mode in ("fan", "fans", "tiles"):
        if w.get(mode) is not None:
            out["mode"] = mode
    return out


def _rs(data: dict[str, Any]) -> Ruleset:
    return scoring.get(data["ruleset"])


def _opts(data: dict[str, Any]) -> Options:
    return _rs(data).resolve_options(data.get("options") or {})


def _split(step: str) -> tuple[str, int]:
    kind, _, n = step.partition(".")
    return kind, int(n) if n else 0


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


# --------------------------------------------------------------------------------------
# step order
# --------------------------------------------------------------------------------------
def _multi_possible(rs: Ruleset, data: dict[str, Any]) -> bool:
    return allowed.multi_possible(_d(data))


def _after_wins(rs: Ruleset, opts: Options, data: dict[str, Any]) -> str:
    """After the wins: the preview, which is also the editor (flags, counts, events, another
    winner are buttons there), or, for a result that is an event (诈胡 …), that event's
    player first (:func:`result_event`)."""
    decl = result_event(rs, opts, data["result"])
    if decl is not None and not any(e.get("type") == decl.id for e in data["events"]):
        _begin_event(data, decl)
        return _ev_first(data, decl)
    return "preview"


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


def _win_step_after(data: dict[str, Any], n: int, after: str) -> str:
    """The step of win ``n`` after ``after`` (``how`` for the first), or what follows the
    wins."""
    start = WIN_STEPS.index(after) + 1 if after in WIN_STEPS else 0
    for kind in WIN_STEPS[start:]:
        if kind == "value":
            mode = value_mode(data, n)
            if mode is not None:
                data["wins"][n]["mode"] = mode
                return f"{mode}.{n}"
        elif STEPS[kind].wanted(Ctx.of(f"{kind}.{n}", data)):
            return f"{kind}.{n}"
    return _after_wins(_rs(data), _opts(data), data)


def value_mode(data: dict[str, Any], n: int) -> str | None:
    """How win ``n``'s value is entered: as chosen, or the ruleset's only way."""
    modes = win_modes(_rs(data))
    mode = data["wins"][n].get("mode") or (modes[0] if len(modes) == 1 else None)
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


# --------------------------------------------------------------------------------------
# applying a tap
# --------------------------------------------------------------------------------------
def _idx(arg: str, upper: int) -> int:
    if not (arg.isascii() and arg.isdigit()) or int(arg) >= upper:
        raise WizardError("bad_arg")
    return int(arg)


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
    """Win ``n`` is ``p``'s: kept as chosen if it already was (editing), else a new win (and
    the later ones dropped). A second winner of one discard shares the first one's discard."""
    wins = data["wins"]
    data["result"] = "win"
    if len(wins) > n and wins[n]["winner"] == p:
        return
    del wins[n:]
    wins.append(_new_win(p))
    if n > 0 and rs.multi_win == "same_discard":
        wins[n]["from"] = wins[0]["from"]
        wins[n]["robbed_kong"] = wins[0]["robbed_kong"]


def _set_how(
    rs: Ruleset, opts: Options, data: dict[str, Any], n: int, h: str, src: str | None
) -> None:
    win = data["wins"][n]
    win["from"] = None if h == SELF_DRAWN else src
    win["robbed_kong"] = h == ROBBED_KONG
    t = win.get("tiles")
    if isinstance(t, dict) and t.get("self_drawn") != (h == SELF_DRAWN):
        # tiles entered before Back changed the "how": they follow it (as set_tiles does)
        t["self_drawn"] = h == SELF_DRAWN
        t["kong_related"] = h == ROBBED_KONG
    elif isinstance(t, dict) and h != SELF_DRAWN:
        t["kong_related"] = h == ROBBED_KONG
    if (
        win.get("shape")
        and (shape := rs.shape(win["shape"]))
        and not _item_ok(shape, win, data["dealer"], opts, flags=[], data=data)
    ):
        win["shape"] = None
    prune_flags(rs, opts, data, win)
    if n == 0 and rs.multi_win == "same_discard":  # the other winners of this discard follow
        for other in data["wins"][1:]:
            other["from"], other["robbed_kong"] = win["from"], win["robbed_kong"]
        data["wins"][1:] = [
            w for w in data["wins"][1:] if w["winner"] != win["from"] and win["from"] is not None
        ]


def _event_fits(rs: Ruleset, opts: Options, data: dict[str, Any], ev: dict[str, Any]) -> bool:
    decl = rs.event(str(ev.get("type")))
    return decl is not None and (not decl.results or data["result"] in decl.results)


def apply(step: str, data: dict[str, Any], action: str, arg: str) -> str:
    """Apply one tap; returns the new step (``data`` is modified in place).

    ``done``/``cancel``/``confirm`` are handled by the caller; Back and paging here, the rest
    by the step's class (:data:`STEPS`). Raises :class:`WizardError` for a tap the current
    screen does not offer.
    """
    c = Ctx.of(step, data)
    if action == "b":
        if not data["trail"]:
            raise WizardError("no_back")
        data["page"] = 0
        prev: str = data["trail"].pop()
        if prev == "winner.0" and not data["wins"]:
            data["result"] = "win"
        return prev
    if action == "pg":
        data["page"] = _idx(arg, 1000)
        return step
    kind_step = STEPS.get(c.kind)
    if kind_step is None:
        raise WizardError("bad_arg")
    return kind_step.apply(c, action, arg)


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
    """Add the event being built and return to the preview (its sub-steps leave the trail, so
    Back from the preview goes where it went before). An event that would make the hand
    impossible is refused (:class:`Refused`) and the event is dropped."""
    before = _snapshot(data)
    ev = data.pop("ev")
    data["events"].append({k: v for k, v in ev.items() if v is not None or k == "from"})
    at = f"events[{len(data['events']) - 1}]"
    err = problem(data)
    if err is not None and err.field.startswith(at):
        data.clear()
        data.update(before)
        raise Refused(err)
    while data["trail"] and data["trail"][-1].startswith("ev") and data["trail"][-1] != "events":
        data["trail"].pop()
    if data["trail"] and data["trail"][-1] in ("preview", "events"):
        data["trail"].pop()
    data["page"] = 0
    repair(data)
    return "preview"


def _begin_event(data: dict[str, Any], decl: EventDecl) -> None:
    data["ev"] = {"type": decl.id, "player": None, "from": None}
    for f in decl.fields:
        if f.kind == "int":
            data["ev"][f.id] = f.default


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
    """➕/➖ on count ``c`` of player ``i``: never out of its range (nor over its total), and
    refused if the hand would become impossible (e.g. a 精杠 without the four 副精)."""
    rs = _rs(data)
    cdecl = rs.counts[c]
    p = data["players"][i]
    before = _snapshot(data)
    per: dict[str, int] = data["counts"].setdefault(cdecl.id, {})
    cur = per.get(p, 0)
    if action == "+":
        if not can_add(cdecl, per, p):
            raise WizardError("at_max")
        per[p] = cur + 1
    else:
        if cur <= cdecl.min:
            raise WizardError("at_min")
        per[p] = cur - 1
    _keep_or_refuse(data, before, related=f"counts.{cdecl.id}")


def can_add(cdecl: Any, per: dict[str, int], p: str) -> bool:
    return allowed.can_add(cdecl, per, p)


# --------------------------------------------------------------------------------------
# choices
# --------------------------------------------------------------------------------------
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


def shown_counts(data: dict[str, Any]) -> list[int]:
    """The counts the preview asks: enabled and declared for the result, and able to change
    the money of this hand (a count nobody has that, given to any player, changes no net —
    精 in a draw or a false win — is not asked; one the scoring core would refuse is asked,
    since it may become possible)."""
    rs, opts = _rs(data), _opts(data)
    idx = enabled_counts(rs, opts, data["result"])
    try:
        rec = build_record(data).to_json()
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
    """Tick or untick the ruleset's flag ``i`` on win ``n`` (the flags step, the preview's
    toggles): refused if it does not go with what is ticked, or if the hand then breaks."""
    win = data["wins"][n]
    fid = rs.flags[i].id
    chosen = list(win.get("flags") or [])
    if fid in chosen:
        chosen.remove(fid)
    elif _flag_compatible(rs, opts, data, win, fid):
        chosen.append(fid)
    else:
        raise WizardError("not_with")
    before = _snapshot(data)
    win["flags"] = chosen
    _keep_or_refuse(data, before, related=f"wins[{n}].flags")


def _apply_preview(step: str, data: dict[str, Any], action: str, arg: str) -> str:
    """A tap on the preview, which is also the editor."""
    rs, opts = _rs(data), _opts(data)
    wins = data["wins"]
    if action == "ed":
        what, num = arg[:1], arg[1:]
        if what == "w":
            n = _idx(num, len(wins))
            data["rk"] = bool(wins[n].get("robbed_kong"))
            return _go(data, step, f"winner.{n}")
        if what == "v":
            n = _idx(num, len(wins))
            target = _after_how(rs, opts, data, n)
            if target == "preview":
                raise WizardError("bad_arg")
            return _go(data, step, target)
        if what == "c":
            i = _idx(num, len(rs.counts))
            if i not in enabled_counts(rs, opts, data["result"]):
                raise WizardError("bad_arg")
            return _go(data, step, f"count.{i}")
        if what == "r" and not num:
            return _go(data, step, "winner.0")
        raise WizardError("bad_arg")
    if action == "tf":
        n_txt, _dot, i_txt = arg.partition(".")
        _toggle_flag(rs, opts, data, _idx(n_txt, len(wins)), _idx(i_txt, len(rs.flags)))
        return step
    if action in ("cp", "cm"):
        c_txt, _dot, i_txt = arg.partition(".")
        c = _idx(c_txt, len(rs.counts))
        if c not in enabled_counts(rs, opts, data["result"]):
            raise WizardError("bad_arg")
        _step_count(data, c, _idx(i_txt, len(data["players"])), "+" if action == "cp" else "-")
        return step
    if action == "ea":
        i = _idx(arg, len(rs.events))
        if i not in enabled_events(rs, opts, data["result"]):
            raise WizardError("bad_arg")
        _begin_event(data, rs.events[i])
        return _go(data, step, _ev_first(data, rs.events[i]))
    if action == "er":
        i = _idx(arg, len(data["events"]))
        before = _snapshot(data)
        del data["events"][i]
        _keep_or_refuse(data, before)
        return step
    if action == "aw":
        if not _multi_possible(rs, data):
            raise WizardError("bad_arg")
        return _go(data, step, f"winner.{len(wins)}")
    raise WizardError("bad_arg")


# --------------------------------------------------------------------------------------
# the hand record
# --------------------------------------------------------------------------------------
def build_record(data: dict[str, Any]) -> HandRecord:
    """The hand record (:func:`bot.entry.checks.to_record`)."""
    return checks.to_record(_d(data))


def preview(data: dict[str, Any]) -> tuple[HandRecord, Settlement]:
    """Build and settle the record; raises :class:`RecordError` for an impossible hand."""
    record = build_record(data)
    return record, scoring.settle(record)


# full-width brackets and letters from a Chinese keyboard, and 東 (traditional), read as typed
_TILES_FOLD = str.maketrans({"【": "[", "】": "]", "東": "东"})


def set_tiles(data: dict[str, Any], step: str, text: str) -> None:
    """A text reply on a ``tiles`` step: ``HAND WINTILE [WORD …]`` or the contract's tiles JSON.

    ``HAND`` is the phone notation of ``mahjong-tally gb-fans`` (:func:`scoring.gb.notation.
    parse_phone`): ``[…]`` an exposed chow/pung/kong, ``(…)`` a concealed kong, the rest the
    concealed tiles (honours 1z–7z or 东南西北白发中); ``WINTILE`` is the last tile (``--win``
    before it is allowed), e.g. ``[555z](7777p)123s999p2z 2z``. The words after it
    (:func:`scoring.gb.notation.read_word`) say what the tiles cannot: 绝张 / lasttile
    (和绝张), 妙手 / 海底 / lastwall (妙手回春 self-drawn, 海底捞月 on a discard), 杠开 /
    kongdraw (杠上开花, self-drawn), 圈南 / round:S (the prevalent wind). The seat wind comes
    from the winner's seat (the dealer sits East), the prevalent wind is the draft's
    (:func:`_prevalent`) unless a word says otherwise, self-drawn and robbing a kong from
    the win's "how"; the flowers from the flower count (see :data:`FLOWERS`). A reply the
    parser cannot read, a word that is unknown or does not fit the "how", or a hand the scoring
    core refuses (not a winning hand, under the minimum), raises :class:`TilesError` and leaves
    the win as it was, so the user can simply reply again."""
    kind, n = _split(step)
    if kind != "tiles":
        raise WizardError("bad_arg")
    win = data["wins"][n]
    seat = _seat_wind(data, win)
    text = text.strip()
    if text.startswith("{"):
        try:
            tiles = json.loads(text)
        except ValueError as exc:
            raise TilesError("bad_tiles", f"not JSON: {exc}") from exc
        if not isinstance(tiles, dict):
            raise TilesError("bad_tiles", "the tiles JSON must be an object {…}")
        tiles.setdefault("seat_wind", seat)
        tiles.setdefault("prevalent_wind", _prevalent(data))
        tiles.setdefault("self_drawn", win.get("from") is None)
        tiles.setdefault("kong_related", bool(win.get("robbed_kong")))
    else:
        folded = unicodedata.normalize("NFKC", text).translate(_TILES_FOLD).strip()
        self_drawn, robbed = win.get("from") is None, bool(win.get("robbed_kong"))
        try:
            hand, last, words = split_words(folded)
            said = apply_words(words, self_drawn=self_drawn, robbed_kong=robbed)
            tiles = parse_phone(
                hand,
                last,
                self_drawn=self_drawn,
                seat=seat,
                prevalent=said.get("prevalent", _prevalent(data)),
                last_tile=said.get("last_tile", False),
                last_wall=said.get("last_wall", False),
                kong=robbed or said.get("kong", False),
            )
        except WordError as exc:  # unknown, or does not fit the "how": named in the answer
            raise TilesError("word_" + exc.code, exc.word) from exc
        except NotationError as exc:
            why = str(exc)
            code = "win_tile" if why.startswith("--win") else "bad_tiles"
            raise TilesError(code, folded if code == "win_tile" else why) from exc
        del tiles[FLOWERS]  # from the flower count (build_record)
    before = win.get("tiles")
    win["tiles"] = tiles
    if not valid_flags(_rs(data), _opts(data), data, win):  # no flag to come can change it
        problem = _win_problem(data, n)
        if problem is not None:
            win["tiles"] = before
            raise TilesError("bad_hand", problem)


def tiles_reply_step(step: str, data: dict[str, Any]) -> str | None:
    """The tiles step a text reply to the entry's message answers: the tiles step itself, or,
    on the preview, the last win entered by its tiles (replying again corrects them there)."""
    if step.startswith("tiles."):
        return step
    if step != "preview" or data.get("kind") not in (None, "hand"):
        return None
    for past in reversed(data.get("trail") or []):
        kind, n = _split(past)
        if kind == "tiles" and n < len(data["wins"]) and data["wins"][n].get("mode") == "tiles":
            return str(past)
    return None


def after_tiles(data: dict[str, Any], step: str) -> str:
    """The step after a tiles reply that was read (:func:`set_tiles`): the wizard goes on by
    itself, as if Next had been tapped."""
    return _go(data, step, next_step(data, step))


def _win_problem(data: dict[str, Any], n: int) -> str | None:
    """What the scoring core says is wrong with win ``n`` as entered so far (None if nothing
    is, or only something else is: that shows in the preview)."""
    try:
        scoring.settle(build_record(data))
    except RecordError as err:
        at = f"wins[{n}]"
        if err.field == at or err.field.startswith((at + ".", at + "[")):
            return err.message
    return None


def tiles_error_text(err: TilesError, tr: Translator) -> str:
    """The reply to a tiles reply that cannot be used (HTML)."""
    _ = tr.gettext
    if str(err) == "win_tile":
        return _(
            "After the hand, put a space and the winning tile: one tile like 5m or 中. "
            "Reply to the message again, e.g. {example}"
        ).format(example=TILES_EXAMPLE)
    if str(err) == "bad_hand":
        return _("This hand is not possible: {why}. Check the tiles and reply again.").format(
            why=_esc(_tiles_reason(err.why, tr))
        )
    word = _esc(err.why)
    if str(err) == "word_unknown":
        return _(
            "I do not know the word {word}. After the winning tile you can add 绝张 (or "
            "lasttile), 妙手 or 海底 (or lastwall), 杠开 (or kongdraw) and 圈南 (or round:S). "
            "Reply to the message again."
        ).format(word=word)
    if str(err) == "word_self_drawn":
        return _(
            "{word} is only possible on a self-drawn win, and this win is not self-drawn. "
            "Reply again without it, or go Back and change how the hand was won."
        ).format(word=word)
    if str(err) == "word_discard":
        return _(
            "{word} (海底捞月) is a win on the last discard, and this win is self-drawn: for "
            "the last tile of the wall drawn yourself write 妙手 (妙手回春). Reply to the "
            "message again."
        ).format(word=word)
    if str(err) == "word_robbed_kong":
        return _("{word} is not possible when robbing a kong. Reply again without it.").format(
            word=word
        )
    if str(err) == "word_two_winds":
        return _("Two different prevalent winds: {word}. Write one and reply again.").format(
            word=word
        )
    return _(
        "I could not read those tiles: {why}. Reply to the message again: the hand, a space, "
        "then the winning tile, e.g. {example}"
    ).format(why=_esc(err.why), example=TILES_EXAMPLE)


def _tiles_reason(why: str, tr: Translator) -> str:
    """The scoring core's reason (English) for tiles it refuses, as a Chinese chat reads it:
    the fan total under the minimum in words, else the Chinese name it starts with."""
    if not tr.zh:
        return why
    m = re.search(r"reaches (\d+) fan, below the (\d+)-fan minimum", why)
    if m:
        return tr.gettext("it reaches {n} fan, under the table's minimum of {m}").format(
            n=m.group(1), m=m.group(2)
        )
    head = re.split(r"[\s(:（：]", why.strip(), maxsplit=1)[0]
    if _CJK.search(head) and not re.search(r"[A-Za-z]", head):
        return tr.chinese(head) + tr.gettext(" does not fit these tiles")
    return tr.gettext("the tiles do not make a winning hand as entered")


def tiles_words_help(data: dict[str, Any], win: dict[str, Any], tr: Translator) -> str:
    """The tiles prompt's lines on the words: those that fit this win's "how", and the seat and
    prevalent winds (those of the tiles so far, else the winner's seat and the draft's
    :func:`_prevalent`, what a reply without a wind word gets; at a table that follows the
    rounds, also the hand's number in the night it comes from), so the players can check
    them."""
    _ = tr.gettext
    names = {"E": _("East"), "S": _("South"), "W": _("West"), "N": _("North")}
    items = [_("绝张 or lasttile (和绝张, the last tile of its kind)")]
    if win.get("robbed_kong"):
        items = []  # 抢杠和 不计 和绝张; no last wall tile, no replacement tile
    elif win.get("from") is None:
        items += [
            _("妙手 or lastwall (妙手回春, the last tile of the wall)"),
            _("杠开 or kongdraw (杠上开花, the replacement tile of a kong)"),
        ]
    else:
        items.append(_("海底 or lastwall (海底捞月, the last discard)"))
    items.append(_("圈南 or round:S, etc. (the prevalent wind)"))
    sep = "；" if tr.zh else "; "
    t = win.get("tiles")
    prevalent = t.get("prevalent_wind") if isinstance(t, dict) else None
    seat = t.get("seat_wind") if isinstance(t, dict) else None  # a tiles JSON may say another
    default = _prevalent(data)
    seat_name = names.get(str(seat), names[_seat_wind(data, win)])
    wind_name = names.get(str(prevalent), names[default])
    night_hand = data.get("night_hand")
    if isinstance(night_hand, int) and not isinstance(night_hand, bool):
        winds = _(
            "Seat wind: {seat} · prevalent wind: {wind} ({default} unless a word says "
            "otherwise: hand {n} of the night, four hands to a round)"
        ).format(seat=seat_name, wind=wind_name, default=names[default], n=night_hand)
    else:
        winds = _(
            "Seat wind: {seat} · prevalent wind: {wind} (East unless a word says otherwise)"
        ).format(seat=seat_name, wind=wind_name)
    lines = [
        _("Words after the winning tile, if they apply: {words}.").format(words=sep.join(items)),
        winds,
    ]
    return "\n".join(_esc(x) for x in lines)


# --------------------------------------------------------------------------------------
# rendering
# --------------------------------------------------------------------------------------


def _seat_name(data: dict[str, Any], p: str) -> str:
    """A player's name on a grid button, 🀄 marking the dealer."""
    return _name(data, p) + (" 🀄" if p == data["dealer"] else "")


def describe_event(rs: Ruleset, data: dict[str, Any], ev: dict[str, Any], tr: Translator) -> str:
    decl = rs.event(ev["type"])
    label = tr.name(decl) if decl else ev["type"]
    txt = f"{label}: {_name(data, ev.get('player'))}"
    if ev.get("from"):
        txt += f" ← {_name(data, ev['from'])}"
    if decl:
        for f in decl.fields:
            if f.id in ev and ev[f.id] is not None:
                val = _name(data, str(ev[f.id])) if f.kind == "text" else ev[f.id]
                txt += f" · {tr.name(f)} {val}"
    return txt


def summary(data: dict[str, Any], tr: Translator) -> str:
    """The hand as chosen so far (the top of every wizard screen)."""
    _ = tr.gettext
    rs = _rs(data)
    lines = []
    head = tr.name(rs)
    if data.get("mode") == "calc":
        head = _("Calculator") + " · " + head
    elif data.get("edit_seq"):
        head = _("Correcting hand {n}").format(n=data["edit_seq"]) + " · " + head
    elif data.get("hand_no"):
        head = _("Hand {n}").format(n=data["hand_no"]) + " · " + head
    lines.append(f"<b>{_esc(head)}</b>")
    lines.append(_("Dealer: {name}").format(name=_esc(_name(data, data["dealer"]))))
    if data["result"] != "win":
        r = next((r for r in rs.results if r.value == data["result"]), None)
        lines.append(_("Result: {result}").format(result=tr.name(r) if r else data["result"]))
    for w in data["wins"]:
        if w.get("winner"):
            lines.append("🀄 " + _esc(describe_win(rs, data, w, tr)))
    for cid, per in data["counts"].items():
        decl = rs.count(cid)
        nz = [f"{_name(data, p)} {v}" for p, v in per.items() if v]
        if decl and nz:
            lines.append(f"{_esc(tr.name(decl))}: {_esc(', '.join(nz))}")
    for ev in data["events"]:
        lines.append("• " + _esc(describe_event(rs, data, ev, tr)))
    return "\n".join(lines)


def _esc(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _paged(
    items: list[Button], page: int, per_row: int = 2, size: int = PAGE, numbered: bool = False
) -> list[list[Button]]:
    pages = max(1, -(-len(items) // size))
    page = min(max(page, 0), pages - 1)
    chunk = items[page * size : (page + 1) * size]
    rows = [chunk[i : i + per_row] for i in range(0, len(chunk), per_row)]
    if numbered and 1 < pages <= 8:  # every page one tap away
        rows.append(
            [
                Button(f"· {i + 1} ·" if i == page else str(i + 1), "pg", str(i))
                for i in range(pages)
            ]
        )
    elif pages > 1:
        nav = []
        if page > 0:
            nav.append(Button("◀", "pg", str(page - 1)))
        nav.append(Button(f"{page + 1}/{pages}", "pg", str(page)))
        if page < pages - 1:
            nav.append(Button("▶", "pg", str(page + 1)))
        rows.append(nav)
    return rows


def _nav(data: dict[str, Any], tr: Translator, *, next_label: str | None = None) -> list[Button]:
    _ = tr.gettext
    row = []
    if data["trail"]:
        row.append(Button("◀ " + _("Back"), "b"))
    row.append(Button("✖ " + _("Cancel"), "x"))
    if next_label:
        row.append(Button(next_label, "n"))
    return row


# --------------------------------------------------------------------------------------
# the steps: one small class per step kind (what it asks, what a tap does)
# --------------------------------------------------------------------------------------
@dataclass(slots=True)
class Ctx:
    """One step of one draft, as a step class sees it."""

    step: str
    data: dict[str, Any]
    rs: Ruleset
    opts: Options
    kind: str
    n: int
    error: str | None = None
    settlement: Settlement | None = None

    @classmethod
    def of(cls, step: str, data: dict[str, Any], **kw: Any) -> Ctx:
        kind, n = _split(step)
        return cls(step, data, _rs(data), _opts(data), kind, n, **kw)


class Step:
    """A kind of step. ``render`` returns the prompt (under the hand's summary) and the
    buttons; ``apply`` turns a tap into the next step (``data`` changed in place) or raises
    :class:`WizardError`; ``wanted`` says whether the step is asked at all for this draft (a
    step whose answer is forced or irrelevant is skipped: see :func:`next_step`)."""

    kinds: tuple[str, ...] = ()

    def wanted(self, c: Ctx) -> bool:
        return True

    def apply(self, c: Ctx, action: str, arg: str) -> str:
        raise WizardError("bad_arg")

    def render(self, c: Ctx, tr: Translator) -> tuple[str, list[list[Button]]]:
        raise WizardError("bad_step")


class WinnerStep(Step):
    """Who won and how: the winners' grid (or, for a second winner of one discard, the names);
    the other results."""

    kinds = ("winner",)

    def apply(self, c: Ctx, action: str, arg: str) -> str:
        step, data, rs, opts, n = c.step, c.data, c.rs, c.opts, c.n
        players = c.data["players"]
        wins: list[dict[str, Any]] = c.data["wins"]
        if action == "rk":
            data["rk"] = not data.get("rk")
            return step
        if action == "wh":
            i_txt, _dot, j_txt = arg.partition(".")
            p = players[_idx(i_txt, len(players))]
            if p not in winner_choices(rs, data, n):
                raise WizardError("bad_arg")
            choices = grid_hows(rs, opts, data, n, p)
            cell, src = choices[_idx(j_txt, len(choices))]
            h, with_flag = allowed.cell_flag(cell)
            _set_winner(rs, data, n, p)
            _set_how(rs, opts, data, n, h, src)
            if with_flag is not None and with_flag not in data["wins"][n]["flags"]:
                data["wins"][n]["flags"].append(with_flag)
            data.pop("rk", None)
            return _go(data, step, _after_how(rs, opts, data, n))
        if action == "w":
            p = players[_idx(arg, len(players))]
            if p not in winner_choices(rs, data, n):
                raise WizardError("bad_arg")
            _set_winner(rs, data, n, p)
            return _go(data, step, next_step(data, step))
        if action == "r" and n == 0:
            results = [r.value for r in rs.results if r.value != "win"]
            data["result"] = results[_idx(arg, len(results))]
            del wins[:]
            data["events"] = [e for e in data["events"] if _event_fits(rs, opts, data, e)]
            return _go(data, step, next_step(data, step))
        if action == "r" and n > 0:
            results = [
                r.value for r in rs.results if r.value != "win" and r.value in rs.wins_allowed_in
            ]
            data["result"] = results[_idx(arg, len(results))]
            del wins[n:]
            return _go(data, step, _after_wins(rs, opts, data))
        raise WizardError("bad_arg")

    def render(self, c: Ctx, tr: Translator) -> tuple[str, list[list[Button]]]:
        data, rs, opts, n = c.data, c.rs, c.opts, c.n
        players = c.data["players"]
        _ = tr.gettext
        rows: list[list[Button]] = []
        prompt = ""

        pname = partial(_seat_name, data)

        choices = winner_choices(rs, data, n)
        if n > 0 and rs.multi_win == "same_discard":
            prompt = _("Who else won on this discard?")
            rows = [
                [Button(pname(p), "w", str(players.index(p))) for p in choices[i : i + 2]]
                for i in range(0, len(choices), 2)
            ]
        else:
            prompt = _("Who won? Tap the winner's row: self-drawn, or ← who discarded.")
            if data.get("rk"):
                prompt = _("Who won by robbing a kong? Tap the winner's row: ← whose kong.")
            rows = _winner_grid(rs, opts, data, n, choices, tr)
            robbable = any(
                c[0] == ROBBED_KONG
                for p in choices
                for c in _hows_for(rs, opts, data, n, _new_win(p))
            )
            if robbable:
                label = _("Not a robbed kong") if data.get("rk") else _("Robbed a kong…")
                rows.append([Button("🀫 " + label, "rk")])
        others = [r for r in rs.results if r.value != "win"]
        if n > 0:
            others = [r for r in others if r.value in rs.wins_allowed_in]
        if others:
            rows.append([Button(tr.name(r), "r", str(i)) for i, r in enumerate(others)])
        rows.append(_nav(data, tr))
        return prompt, rows


class HowStep(Step):
    """How the winner won (the two-step way, and drafts from before the grid)."""

    kinds = ("how",)

    def apply(self, c: Ctx, action: str, arg: str) -> str:
        step, data, rs, opts, n = c.step, c.data, c.rs, c.opts, c.n
        options = how_choices(rs, opts, data, n)
        if action != "h":
            raise WizardError("bad_arg")
        h, src = options[_idx(arg, len(options))]
        _set_how(rs, opts, data, n, h, src)
        return _go(data, step, next_step(data, step))
        raise WizardError("bad_arg")

    def render(self, c: Ctx, tr: Translator) -> tuple[str, list[list[Button]]]:
        data, rs, opts, n = c.data, c.rs, c.opts, c.n
        _ = tr.gettext
        rows: list[list[Button]] = []
        prompt = ""
        win = data["wins"][n]
        prompt = _("How did {name} win?").format(name=_esc(_name(data, win["winner"])))
        btns = []
        for i, (h, src) in enumerate(how_choices(rs, opts, data, n)):
            if h == SELF_DRAWN:
                label = _("Self-drawn")
            elif h == DISCARD:
                label = _("{name} discarded").format(name=_name(data, src))
            else:
                label = _("Robbed {name}'s kong").format(name=_name(data, src))
            btns.append(Button(label, "h", str(i)))
        rows = [[btns[0]]] if btns and btns[0].label == _("Self-drawn") else []
        rest = btns[len(rows) :]
        rows += [rest[i : i + 3] for i in range(0, len(rest), 3)]
        rows.append(_nav(data, tr))
        return prompt, rows


class ModeStep(Step):
    """How the hand's value is entered: total fan, checklist or tiles (asked only where a
    ruleset takes more than one)."""

    kinds = ("mode",)

    def wanted(self, c: Ctx) -> bool:
        return len(win_modes(c.rs)) > 1

    def apply(self, c: Ctx, action: str, arg: str) -> str:
        step, data, rs, n = c.step, c.data, c.rs, c.n
        wins: list[dict[str, Any]] = c.data["wins"]
        modes = win_modes(rs)
        if action != "m":
            raise WizardError("bad_arg")
        wins[n]["mode"] = modes[_idx(arg, len(modes))]
        for m in ("fan", "fans", "tiles"):
            if m != wins[n]["mode"]:
                wins[n][m] = None
        return _go(data, step, next_step(data, step))
        raise WizardError("bad_arg")

    def render(self, c: Ctx, tr: Translator) -> tuple[str, list[list[Button]]]:
        data, rs = c.data, c.rs
        _ = tr.gettext
        rows: list[list[Button]] = []
        prompt = ""
        prompt = _("How will you enter the hand's value?")
        labels = {
            "fan": fan_words.total_label(rs, tr),  # 台 / tai, 番 / faan: the ruleset's word
            "fans": fan_words.checklist_label(rs, tr),
            "tiles": _("Tiles"),
        }
        rows = [[Button(labels[m], "m", str(i)) for i, m in enumerate(win_modes(rs))]]
        rows.append(_nav(data, tr))
        return prompt, rows


class ShapeStep(Step):
    """The hand's shape (asked where the ruleset has shapes); refused if the win cannot be so."""

    kinds = ("shape",)

    def wanted(self, c: Ctx) -> bool:
        return uses_shape(c.rs)

    def apply(self, c: Ctx, action: str, arg: str) -> str:
        step, data, rs, opts, n = c.step, c.data, c.rs, c.opts, c.n
        wins: list[dict[str, Any]] = c.data["wins"]
        win = wins[n]
        shapes = valid_shapes(rs, opts, data, win)
        if action == "s":
            i = _idx(arg, len(rs.shapes))
            if i not in shapes:
                raise WizardError("bad_arg")
            win["shape"] = rs.shapes[i].id
        elif action == "s0" and not rs.shape_required:
            win["shape"] = None
        else:
            raise WizardError("bad_arg")
        new = next_step(data, step)
        if new == "preview":
            _refuse_win(data, n, (f"wins[{n}].shape", f"wins[{n}].from", f"wins[{n}].flags"))
        return _go(data, step, new)
        raise WizardError("bad_arg")

    def render(self, c: Ctx, tr: Translator) -> tuple[str, list[list[Button]]]:
        data, rs, opts, n = c.data, c.rs, c.opts, c.n
        _ = tr.gettext
        rows: list[list[Button]] = []
        prompt = ""
        win = data["wins"][n]
        prompt = _("Hand shape?")
        btns = [
            Button(
                ("✅ " if win.get("shape") == rs.shapes[i].id else "") + tr.name(rs.shapes[i]),
                "s",
                str(i),
            )
            for i in valid_shapes(rs, opts, data, win)
        ]
        rows = _paged(btns, data.get("page", 0))
        if not rs.shape_required:
            rows.append([Button(_("No special shape"), "s0")])
        rows.append(_nav(data, tr))
        return prompt, rows


class FanStep(Step):
    """The fan keypad; a total under the table's minimum is refused on it."""

    kinds = ("fan",)

    def apply(self, c: Ctx, action: str, arg: str) -> str:
        step, data, n = c.step, c.data, c.n
        wins: list[dict[str, Any]] = c.data["wins"]
        win = wins[n]
        cur = win.get("fan")
        if action == "k":
            d = _idx(arg, 10)
            val = (cur or 0) * 10 + d
            if val > FAN_MAX:
                raise WizardError("too_big")
            win["fan"] = val
            return step
        if action == "kb":
            win["fan"] = None if cur is None or cur < 10 else cur // 10
            return step
        if action == "n":
            if cur is None:
                raise WizardError("need_fan")
            _refuse_win(data, n, (f"wins[{n}]",))  # e.g. under the table's minimum: here
            return _go(data, step, next_step(data, step))
        raise WizardError("bad_arg")

    def render(self, c: Ctx, tr: Translator) -> tuple[str, list[list[Button]]]:
        data, n = c.data, c.n
        _ = tr.gettext
        rows: list[list[Button]] = []
        next_lbl = _("Next") + " ▶"
        prompt = ""
        win = data["wins"][n]
        cur = win.get("fan")
        prompt = fan_words.total_prompt(c.rs, tr, "▁" if cur is None else cur)
        room = [d for d in range(10) if (cur or 0) * 10 + d <= FAN_MAX]  # digits that still fit
        rows = [
            [Button(str(d), "k", str(d)) for d in r if d in room]
            for r in ((1, 2, 3), (4, 5, 6), (7, 8, 9))
        ]
        rows = [r for r in rows if r]
        rows.append([Button("⌫", "kb")] + ([Button("0", "k", "0")] if 0 in room else []))
        rows.append(_nav(data, tr, next_label=next_lbl if cur is not None else None))
        return prompt, rows


class FansStep(Step):
    """The fan checklist, by points, with the fans a ticked one excludes left out."""

    kinds = ("fans",)

    def apply(self, c: Ctx, action: str, arg: str) -> str:
        step, data, rs, n = c.step, c.data, c.rs, c.n
        wins: list[dict[str, Any]] = c.data["wins"]
        win = wins[n]
        fans = fan_list(rs)
        if action == "ft":
            fid = fans[_idx(arg, len(fans))]["id"]
            chosen = list(win.get("fans") or [])
            # a fan with max_count > 1 is tapped again for each copy (bot/checklist.py)
            offered = allowed.fans(_d(data), _w(win))  # the one answer of every door
            new = checklist.tap(fans, chosen, fid, lambda: fid in offered)
            if new is None:
                raise WizardError("not_with")
            win["fans"] = new
            return step
        if action == "n":
            if not win.get("fans"):
                raise WizardError("need_fans")
            _refuse_win(data, n, (f"wins[{n}]",))
            return _go(data, step, next_step(data, step))
        raise WizardError("bad_arg")

    def render(self, c: Ctx, tr: Translator) -> tuple[str, list[list[Button]]]:
        data, rs, n = c.data, c.rs, c.n
        _ = tr.gettext
        rows: list[list[Button]] = []
        next_lbl = _("Next") + " ▶"
        prompt = ""
        win = data["wins"][n]
        chosen = set(win.get("fans") or [])
        fans = fan_list(rs)
        total = checklist_total(data, win, fans)
        prompt = fan_words.tick_prompt(rs, tr, total) + checklist.hint(fans, tr)
        btns = []
        picked = list(win.get("fans") or [])
        offered = set(allowed.fans(_d(data), _w(win)))  # a how's fan (自摸) is not an item
        # grouped by points (biggest first); a fan a chosen one excludes is not offered
        for k in sorted(range(len(fans)), key=lambda j: (-int(fans[j].get("points", 0)), j)):
            fan = fans[k]
            if fan["id"] not in offered:
                continue
            name = tr.entry(fan)
            mark = checklist.mark(picked, fan["id"])  # ✅, or ✅×2 for a second copy
            btns.append(Button(f"{mark}{name} · {fan.get('points', '')}", "ft", str(k)))
        rows = _paged(btns, data.get("page", 0), per_row=3, size=FANS_PAGE, numbered=True)
        rows.append(_nav(data, tr, next_label=next_lbl if chosen else None))
        return prompt, rows


class TilesStep(Step):
    """The tiles, as a text reply (see :func:`set_tiles`)."""

    kinds = ("tiles",)

    def apply(self, c: Ctx, action: str, arg: str) -> str:
        step, data, n = c.step, c.data, c.n
        wins: list[dict[str, Any]] = c.data["wins"]
        if action == "n":
            if not wins[n].get("tiles"):
                raise WizardError("need_tiles")
            return _go(data, step, next_step(data, step))
        if action == "pad":
            wins[n].setdefault("pad", [])
            return _go(data, step, f"pad.{n}")
        raise WizardError("bad_arg")

    def render(self, c: Ctx, tr: Translator) -> tuple[str, list[list[Button]]]:
        data, n = c.data, c.n
        _ = tr.gettext
        rows: list[list[Button]] = []
        next_lbl = _("Next") + " ▶"
        prompt = ""
        win = data["wins"][n]
        prompt = _(
            "Reply to this message with the hand, a space, then the winning tile, e.g. "
            "{example}\n[…] is an exposed chow, pung or kong, (…) a concealed kong, the rest "
            "are the concealed tiles: digits with m (characters), p (dots), s (bamboo); "
            "honours 1z–7z or 东南西北白发中. The tiles JSON works too."
        ).format(example=TILES_EXAMPLE)
        prompt += "\n" + tiles_words_help(data, win, tr)
        # the tiles read so far show in the summary above (describe_win)
        rows = [[Button("🀄 " + _("Tile pad"), "pad")]]
        rows.append(_nav(data, tr, next_label=next_lbl if win.get("tiles") else None))
        return prompt, rows


#: The tile pad's 34 tiles, in the notation's tokens (1m–9m, 1p–9p, 1s–9s, 1z–7z).
PAD_TILES = [f"{d}{suit}" for suit in "mps" for d in range(1, 10)] + [f"{d}z" for d in range(1, 8)]
_HONOURS = "东南西北白发中"


def pad_text(tokens: list[str]) -> tuple[str, str | None]:
    """The tile pad's taps as the reply's notation: ``(hand, winning tile)`` — the winning
    tile is the last tile tapped outside a meld; runs of one suit are written once
    (``123m``)."""
    out, run, suit = "", "", ""
    last: str | None = None
    body = list(tokens)
    for i in range(len(body) - 1, -1, -1):
        if body[i] in PAD_TILES and not _in_group(body, i):
            last = body.pop(i)
            break

    def flush() -> str:
        return f"{run}{suit}" if run else ""

    for t in body:
        if t in ("[", "(", "]", ")"):
            out += flush()
            run, suit = "", ""
            out += t
            continue
        if t[1] != suit:
            out += flush()
            run, suit = "", t[1]
        run += t[0]
    out += flush()
    return out, last


def _chow_of(tile: str) -> list[str] | None:
    """The chow a suit tile starts (5m: 5m 6m 7m), or None (an honour, 8 or 9)."""
    if tile[1] == "z" or int(tile[0]) > 7:
        return None
    return [f"{int(tile[0]) + k}{tile[1]}" for k in range(3)]


def _in_group(tokens: list[str], i: int) -> bool:
    depth = 0
    for t in tokens[:i]:
        if t in ("[", "("):
            depth += 1
        elif t in ("]", ")"):
            depth -= 1
    return depth > 0


class PadStep(Step):
    """The tile pad (where a ruleset takes tiles): the 34 tiles, [ an exposed meld, ( a
    concealed kong, ⌫, the notation so far; Done reads it as a tiles reply would
    (:func:`set_tiles`). One tap is one edit of the entry's message, in the group."""

    kinds = ("pad",)

    def apply(self, c: Ctx, action: str, arg: str) -> str:
        step, data, n = c.step, c.data, c.n
        win = data["wins"][n]
        tokens: list[str] = list(win.get("pad") or [])
        open_group = _in_group(tokens, len(tokens))
        if action == "pt":
            tile = PAD_TILES[_idx(arg, len(PAD_TILES))]
            if tokens.count(tile) >= 4:
                raise WizardError("at_max")  # four of a kind is all there is
            if (
                open_group
                and len(tokens) - max(i for i, t in enumerate(tokens) if t in ("[", "(")) > 4
            ):
                raise WizardError("at_max")
            tokens.append(tile)
        elif action in ("p3", "p4", "pq"):  # the last tile, made a pung or kong
            if open_group or not tokens or tokens[-1] not in PAD_TILES:
                raise WizardError("bad_arg")
            tile, size = tokens[-1], 3 if action == "p3" else 4
            if tokens.count(tile) + size - 1 > 4:
                raise WizardError("at_max")
            opener, closer = ("(", ")") if action == "pq" else ("[", "]")
            tokens[-1:] = [opener, *[tile] * size, closer]
        elif action == "pw":  # an exposed chow from the last tile up
            if open_group or not tokens or _chow_of(tokens[-1]) is None:
                raise WizardError("bad_arg")
            chow = _chow_of(tokens[-1]) or []
            if any(tokens.count(t) + 1 > 4 for t in chow[1:]):
                raise WizardError("at_max")
            tokens[-1:] = ["[", *chow, "]"]
        elif action in ("pe", "pk"):
            if open_group:
                raise WizardError("bad_arg")
            tokens.append("[" if action == "pe" else "(")
        elif action == "pc":
            if not open_group:
                raise WizardError("bad_arg")
            start = max(i for i, t in enumerate(tokens) if t in ("[", "("))
            size = len(tokens) - start - 1
            if size < 3 or (tokens[start] == "(" and size != 4):
                raise WizardError("pad_meld")
            tokens.append("]" if tokens[start] == "[" else ")")
        elif action == "pb":
            if not tokens:
                raise WizardError("at_min")
            tokens.pop()
        elif action == "pd":
            hand, last = pad_text(tokens)
            if open_group or last is None or not hand:
                raise WizardError("pad_meld" if open_group else "need_tiles")
            set_tiles(data, f"tiles.{n}", f"{hand} {last}")
            data["wins"][n].pop("pad", None)
            if data["trail"] and data["trail"][-1] == f"tiles.{n}":
                data["trail"].pop()  # Back from the preview goes to the tiles step
            return _go(data, f"tiles.{n}", next_step(data, f"tiles.{n}"))
        else:
            raise WizardError("bad_arg")
        win["pad"] = tokens
        return step

    def render(self, c: Ctx, tr: Translator) -> tuple[str, list[list[Button]]]:
        data, n = c.data, c.n
        _ = tr.gettext
        win = data["wins"][n]
        tokens: list[str] = list(win.get("pad") or [])
        hand, last = pad_text(tokens)
        so_far = (hand + (f" {last}" if last else "")) or "▁"
        prompt = _(
            "Tap the hand's tiles, the winning tile last. [ starts an exposed chow, pung or "
            "kong, ( a concealed kong; ] or ) closes it; [123m], [×3], [×4] and (×4) make "
            "the last tile an exposed chow, pung or kong. Then Done."
        )
        prompt += "\n" + _("So far: {tiles}").format(tiles=_esc(so_far))
        group = _in_group(tokens, len(tokens))
        full_meld = group and (
            len(tokens) - max(i for i, t in enumerate(tokens) if t in ("[", "(")) > 4
        )

        def tile(i: int, label: str) -> Button:
            # a tile that cannot be added (its four copies used, or the open meld full) is
            # not offered: a blank, like a stepper at its end
            if full_meld or tokens.count(PAD_TILES[i]) >= 4:
                return Button(" ", "pg", "0")
            return Button(label, "pt", str(i))

        rows: list[list[Button]] = []
        for suit in range(3):
            tiles = list(range(suit * 9, suit * 9 + 9))
            rows.append([tile(i, PAD_TILES[i]) for i in tiles[:5]])
            rows.append([tile(i, PAD_TILES[i]) for i in tiles[5:]])
        rows.append([tile(27 + k, _HONOURS[k]) for k in range(7)])
        ctrl = []
        if group:  # only a close that makes a meld, and no Done before it
            start = max(i for i, t in enumerate(tokens) if t in ("[", "("))
            size = len(tokens) - start - 1
            if size == 4 or (size == 3 and tokens[start] == "["):
                ctrl.append(Button("]" if tokens[start] == "[" else ")", "pc"))
        else:
            ctrl += [Button("[ " + _("exposed"), "pe"), Button("( " + _("concealed kong"), "pk")]
            if tokens and tokens[-1] in PAD_TILES:  # the last tile as a meld, one tap
                chow = _chow_of(tokens[-1])
                if chow is not None and all(tokens.count(t) < 4 for t in chow[1:]):
                    ctrl.append(Button("[" + "".join(t[0] for t in chow) + chow[0][1] + "]", "pw"))
                have = tokens.count(tokens[-1])  # copies of the last tile so far
                if have + 2 <= 4:
                    ctrl.append(Button("[×3]", "p3"))
                if have + 3 <= 4:
                    ctrl += [Button("[×4]", "p4"), Button("(×4)", "pq")]
        if tokens:
            ctrl.append(Button("⌫", "pb"))
        if not group:
            ctrl.append(Button("✔ " + _("Done"), "pd"))
        rows.append(ctrl)
        rows.append(_nav(data, tr))
        return prompt, rows


class FlagsStep(Step):
    """Flags on their own screen (drafts from before the editor; the preview toggles them now)."""

    kinds = ("flags",)

    def apply(self, c: Ctx, action: str, arg: str) -> str:
        step, data, rs, opts, n = c.step, c.data, c.rs, c.opts, c.n
        if action == "f":
            _toggle_flag(rs, opts, data, n, _idx(arg, len(rs.flags)))
            return step
        if action == "n":
            return _go(data, step, next_step(data, step))
        raise WizardError("bad_arg")

    def render(self, c: Ctx, tr: Translator) -> tuple[str, list[list[Button]]]:
        data, rs, opts, n = c.data, c.rs, c.opts, c.n
        _ = tr.gettext
        rows: list[list[Button]] = []
        next_lbl = _("Next") + " ▶"
        prompt = ""
        win = data["wins"][n]
        flags_on = win.get("flags") or []
        prompt = _("Anything special? Tap to toggle, then Next.")
        btns = [
            Button(
                ("✅ " if rs.flags[i].id in flags_on else "▫️ ") + tr.name(rs.flags[i]), "f", str(i)
            )
            for i in valid_flags(rs, opts, data, win)
        ]
        rows = _paged(btns, data.get("page", 0))
        rows.append(_nav(data, tr, next_label=next_lbl))
        return prompt, rows


class MoreStep(Step):
    """ "Did anyone else win?" (drafts from before the editor; the preview offers ➕ another
    winner)."""

    kinds = ("more",)

    def apply(self, c: Ctx, action: str, arg: str) -> str:
        step, data, rs, opts, n = c.step, c.data, c.rs, c.opts, c.n
        wins: list[dict[str, Any]] = c.data["wins"]
        if action == "aw":
            if not _multi_possible(rs, data) and len(wins) <= n + 1:
                raise WizardError("bad_arg")
            return _go(data, step, f"winner.{n + 1}")
        if action == "n":
            del wins[n + 1 :]
            return _go(data, step, next_step(data, step))
        if action == "r":
            results = [
                r.value for r in rs.results if r.value != "win" and r.value in rs.wins_allowed_in
            ]
            data["result"] = results[_idx(arg, len(results))]
            del wins[n + 1 :]
            return _go(data, step, _after_wins(rs, opts, data))
        raise WizardError("bad_arg")

    def render(self, c: Ctx, tr: Translator) -> tuple[str, list[list[Button]]]:
        data, rs, n = c.data, c.rs, c.n
        _ = tr.gettext
        rows: list[list[Button]] = []
        prompt = ""
        prompt = _("Did anyone else win this hand?")
        btns = []
        if _multi_possible(rs, data) or len(data["wins"]) > n + 1:
            btns.append(Button("➕ " + _("Another winner"), "aw"))
        rows = [btns] if btns else []
        if n >= 0:
            extra = [r for r in rs.results if r.value != "win" and r.value in rs.wins_allowed_in]
            if extra:
                rows.append([Button(tr.name(r), "r", str(i)) for i, r in enumerate(extra)])
        rows.append(_nav(data, tr, next_label=_("No, next") + " ▶"))
        return prompt, rows


class CountStep(Step):
    """One count for every player (from the preview when its ➖ n ➕ rows do not fit)."""

    kinds = ("count",)

    def apply(self, c: Ctx, action: str, arg: str) -> str:
        step, data, n = c.step, c.data, c.n
        players = c.data["players"]
        if action in ("+", "-"):
            _step_count(data, n, _idx(arg, len(players)), action)
            return step
        if action == "n":
            return _go(data, step, next_step(data, step))
        raise WizardError("bad_arg")

    def render(self, c: Ctx, tr: Translator) -> tuple[str, list[list[Button]]]:
        data, rs, n = c.data, c.rs, c.n
        players = c.data["players"]
        _ = tr.gettext
        rows: list[list[Button]] = []
        next_lbl = _("Next") + " ▶"
        prompt = ""
        cdecl = rs.counts[n]
        per = data["counts"].get(cdecl.id, {})
        total = sum(per.values())
        prompt = _("{what} for each player:").format(what=_esc(tr.name(cdecl)))
        if cdecl.total_max is not None:
            prompt += " " + _("(at most {n} in all)").format(n=cdecl.total_max)
        for i, p in enumerate(players):
            v = per.get(p, 0)
            row = [Button(f"{_name(data, p)}: {v}", "pg", "0")]
            row.append(Button("➖", "-", str(i)) if v > cdecl.min else Button(" ", "pg", "0"))
            can_add = v < cdecl.max and (cdecl.total_max is None or total < cdecl.total_max)
            row.append(Button("➕", "+", str(i)) if can_add else Button(" ", "pg", "0"))
            rows.append(row)
        rows.append(_nav(data, tr, next_label=next_lbl))
        return prompt, rows


class EventsStep(Step):
    """The events list (drafts from before the editor; the preview adds and removes them)."""

    kinds = ("events",)

    def apply(self, c: Ctx, action: str, arg: str) -> str:
        step, data, rs, opts = c.step, c.data, c.rs, c.opts
        evs = enabled_events(rs, opts, data["result"])
        if action == "ea":
            i = _idx(arg, len(rs.events))
            if i not in evs:
                raise WizardError("bad_arg")
            _begin_event(data, rs.events[i])
            return _go(data, step, _ev_first(data, rs.events[i]))
        if action == "er":
            i = _idx(arg, len(data["events"]))
            del data["events"][i]
            return step
        if action == "n":
            return _go(data, step, "preview")
        raise WizardError("bad_arg")

    def render(self, c: Ctx, tr: Translator) -> tuple[str, list[list[Button]]]:
        data, rs, opts = c.data, c.rs, c.opts
        _ = tr.gettext
        rows: list[list[Button]] = []
        prompt = ""
        prompt = _("Anything else that pays (kongs, penalties…)? Add it, or Next.")
        for i, ev in enumerate(data["events"]):
            rows.append([Button("✖ " + describe_event(rs, data, ev, tr), "er", str(i))])
        btns = [
            Button("➕ " + tr.name(rs.events[i]), "ea", str(i))
            for i in enabled_events(rs, opts, data["result"])
        ]
        rows += _paged(btns, data.get("page", 0))
        rows.append(_nav(data, tr, next_label=_("Preview") + " ▶"))
        return prompt, rows


class EventStep(Step):
    """An event being added: its players' grid (who, and from whom) with its number fields,
    then its text fields (a bystander, or a typed name)."""

    kinds = ("evplayer", "evfrom", "evtext", "evname", "evfields")

    def apply(self, c: Ctx, action: str, arg: str) -> str:
        step, data, rs, kind, n = c.step, c.data, c.rs, c.kind, c.n
        players = c.data["players"]
        ev = data.get("ev")
        if not ev:
            raise WizardError("bad_arg")
        decl = rs.event(ev["type"])
        assert decl is not None
        if kind == "evtext" and action == "p":
            offered = text_choices(decl, data, n)
            pid = str(data.get("bystanders", [])[_idx(arg, len(data.get("bystanders", [])))])
            if pid not in offered:
                raise WizardError("bad_arg")
            return _set_text(data, step, decl, n, pid)
        if kind == "evtext" and action == "nm":
            _text_field(decl, n)
            return _go(data, step, f"evname.{n}")
        if kind == "evplayer" and action == "eg":
            cells = event_cells(data, decl)
            ev["player"], ev["from"] = cells[_idx(arg, len(cells))]
            new = _ev_after_from(decl, grid=True)
            return _finish_event(data, step) if new == "evadd" else _go(data, step, new)
        if kind in ("evplayer", "evfields") and action in ("+", "-"):
            ints = [f for f in decl.fields if f.kind == "int"]
            fd = ints[_idx(arg, len(ints))]
            v = int(ev.get(fd.id, fd.default))
            v = v + 1 if action == "+" else v - 1
            if not fd.min <= v <= fd.max:
                raise WizardError("at_max" if action == "+" else "at_min")
            ev[fd.id] = v
            return step
        if kind == "evplayer" and action == "p":
            ev["player"] = players[_idx(arg, len(players))]
            if ev.get("from") == ev["player"]:
                ev["from"] = None
            new = _ev_after_player(decl)
            return _finish_event(data, step) if new == "evadd" else _go(data, step, new)
        if kind == "evfrom" and action == "p":
            if arg == "-" and decl.source == "optional":
                ev["from"] = None
            else:
                src = players[_idx(arg, len(players))]
                if src == ev["player"]:
                    raise WizardError("bad_arg")
                ev["from"] = src
            new = _ev_after_from(decl)
            return _finish_event(data, step) if new == "evadd" else _go(data, step, new)
        if kind == "evfields" and action == "n":
            return _finish_event(data, step)
        raise WizardError("bad_arg")

    def render(self, c: Ctx, tr: Translator) -> tuple[str, list[list[Button]]]:
        data, rs, kind, n = c.data, c.rs, c.kind, c.n
        players = c.data["players"]
        _ = tr.gettext
        rows: list[list[Button]] = []
        prompt = ""

        pname = partial(_seat_name, data)

        ev = data["ev"]
        decl = rs.event(ev["type"])
        assert decl is not None
        if kind == "evplayer":
            if decl.source == "forbidden":
                prompt = _("{event}: who?").format(event=_esc(tr.name(decl)))
            else:
                src_label = tr.pick(decl.source_zh, decl.source_en) or _("from whom?")
                prompt = _("{event}: who, and ← {source}").format(
                    event=_esc(tr.name(decl)), source=_esc(src_label)
                )
            ints = [f for f in decl.fields if f.kind == "int"]
            for i, f in enumerate(ints):
                v = int(ev.get(f.id, f.default))
                rows.append(
                    [
                        Button("➖", "-", str(i)) if v > f.min else Button(" ", "pg", "0"),
                        Button(f"{tr.name(f)}: {v}", "pg", "0"),
                        Button("➕", "+", str(i)) if v < f.max else Button(" ", "pg", "0"),
                    ]
                )
            rows += _event_grid(data, decl, pname)
        elif kind == "evfrom":
            src_label = tr.pick(decl.source_zh, decl.source_en) or _("from whom?")
            prompt = f"{_esc(tr.name(decl))} · {_esc(_name(data, ev['player']))}: {_esc(src_label)}"
            btns = [
                Button(pname(p), "p", str(i)) for i, p in enumerate(players) if p != ev["player"]
            ]
            rows = [btns[j : j + 3] for j in range(0, len(btns), 3)]
            if decl.source == "optional":
                rows.append([Button(_("Nobody"), "p", "-")])
        elif kind == "evtext":
            fd = _text_field(decl, n)
            prompt = f"{_esc(tr.name(decl))} · {_esc(_name(data, ev['player']))}: " + _(
                "who is the {field}?"
            ).format(field=_esc(tr.name(fd)))
            by = [str(p) for p in data.get("bystanders", [])]
            btns = [
                Button(_name(data, p), "p", str(by.index(p))) for p in text_choices(decl, data, n)
            ]
            rows = _paged(btns, data.get("page", 0))
            rows.append([Button("✏️ " + _("Someone else"), "nm")])
        elif kind == "evname":
            fd = _text_field(decl, n)
            prompt = f"{_esc(tr.name(decl))} · {_esc(_name(data, ev['player']))}: " + _(
                "reply to this message with the {field}'s name."
            ).format(field=_esc(tr.name(fd)))
        else:
            prompt = f"{_esc(tr.name(decl))} · {_esc(_name(data, ev['player']))}"
            ints = [f for f in decl.fields if f.kind == "int"]
            for i, f in enumerate(ints):
                v = int(ev.get(f.id, f.default))
                rows.append(
                    [
                        Button(f"{tr.name(f)}: {v}", "pg", "0"),
                        Button("➖", "-", str(i)) if v > f.min else Button(" ", "pg", "0"),
                        Button("➕", "+", str(i)) if v < f.max else Button(" ", "pg", "0"),
                    ]
                )
            rows.append([Button("✔ " + _("Add"), "n")])
        rows.append(_nav(data, tr))
        return prompt, rows


class PreviewStep(Step):
    """The preview, which is also the editor (:func:`editor_rows`, :func:`_apply_preview`)."""

    kinds = ("preview",)

    def apply(self, c: Ctx, action: str, arg: str) -> str:
        step, data = c.step, c.data
        return _apply_preview(step, data, action, arg)
        raise WizardError("bad_arg")

    def render(self, c: Ctx, tr: Translator) -> tuple[str, list[list[Button]]]:
        data = c.data
        error = c.error
        settlement = c.settlement
        _ = tr.gettext
        rows: list[list[Button]] = []
        prompt = ""
        prompt = ""
        rows = editor_rows(data, tr)
        if error is None and settlement is None:
            err = problem(data)
            if err is not None:
                error = problem_text(err, data, tr)
            else:  # as the bot shows it: the explanation with the players' names
                settlement = present.preview(build_record(data), data["names"])
        if error:
            prompt = "⚠️ " + _esc(error)
            rows.append(_nav(data, tr))
        else:
            assert settlement is not None
            prompt = format_settlement(settlement, data, tr)
            if data.get("mode") == "calc":
                rows.append(
                    [
                        Button("◀ " + _("Back"), "b"),
                        Button(_("New calculation"), "again"),
                        Button("✖ " + _("Close"), "x"),
                    ]
                )
            else:
                rows.append([Button("✅ " + _("Confirm"), "c")])
                rows.append(_nav(data, tr))
        return prompt, rows


#: The step classes by step kind (``<kind>`` or ``<kind>.<n>``).
STEPS: dict[str, Step] = {
    k: s
    for s in (
        WinnerStep(),
        HowStep(),
        ModeStep(),
        ShapeStep(),
        FanStep(),
        FansStep(),
        TilesStep(),
        FlagsStep(),
        MoreStep(),
        CountStep(),
        EventsStep(),
        EventStep(),
        PreviewStep(),
        PadStep(),
    )
    for k in s.kinds
}


def render(
    step: str,
    data: dict[str, Any],
    tr: Translator,
    *,
    error: str | None = None,
    settlement: Settlement | None = None,
) -> Screen:
    """The screen of ``step``: the hand's summary, then what the step's class asks."""
    c = Ctx.of(step, data, error=error, settlement=settlement)
    kind_step = STEPS.get(c.kind)
    if kind_step is None:
        raise WizardError("bad_step")
    prompt, rows = kind_step.render(c, tr)
    text = summary(data, tr) + ("\n\n" + prompt if prompt else "")
    return Screen(text, rows)


def _winner_grid(
    rs: Ruleset, opts: Options, data: dict[str, Any], n: int, choices: list[str], tr: Translator
) -> list[list[Button]]:
    """One row per possible winner: "Bob self-drawn", "Bob ← Alice", … (one tap for who won
    and how)."""
    _ = tr.gettext
    players = data["players"]
    rows = []
    for p in choices:
        row = []
        name = _name(data, p)  # the summary above names the dealer
        for j, (h, src) in enumerate(grid_hows(rs, opts, data, n, p)):
            if h == SELF_DRAWN:
                label = _("{name} self-drawn").format(name=name)
            elif h == DISCARD:
                label = f"{name} ← {_name(data, src)}"
            elif h.startswith(DISCARD + "+"):  # a win on src's exposed kong (杠爆全包)
                label = _("{name} ← {other} (kong)").format(name=name, other=_name(data, src))
            else:
                label = _("{name} robs {other}'s kong").format(name=name, other=_name(data, src))
            row.append(Button(label, "wh", f"{players.index(p)}.{j}"))
        for i in range(0, len(row), 4):
            rows.append(row[i : i + 4])
    return rows


def _event_grid(data: dict[str, Any], decl: EventDecl, pname: Any) -> list[list[Button]]:
    """The players' grid of an event: "Carol", or "Carol ← Dave" where it has a ``from``."""
    rows: list[list[Button]] = []
    cur: list[Button] = []
    last = None
    for j, (p, q) in enumerate(event_cells(data, decl)):
        if p != last and cur:
            rows.append(cur)
            cur = []
        last = p
        label = pname(p) if q is None else f"{_name(data, p)} ← {_name(data, q)}"
        cur.append(Button(label, "eg", str(j)))
        if len(cur) == 4:
            rows.append(cur)
            cur = []
    if cur:
        rows.append(cur)
    return rows


#: The preview shows the counts' ➖ n ➕ rows when they fit in this many buttons (Telegram
#: allows 100 in a keyboard); beyond, one button per count opens its own screen.
COUNT_BUTTONS = 48


def editor_rows(data: dict[str, Any], tr: Translator) -> list[list[Button]]:
    """The preview's editing buttons: each win's line (winner and how; shape or value) jumps to
    its step and comes back; each win's possible flags toggle; the counts that can change the
    money (➖ n ➕ per player); the events (✖ removes, ➕ adds); ➕ another winner."""
    _ = tr.gettext
    rs, opts = _rs(data), _opts(data)
    if data.get("mode") == "calc" and not data["players"]:
        return []
    players = data["players"]
    rows: list[list[Button]] = []
    wins = data["wins"]
    if data["result"] != "win" and not wins:
        r = next((r for r in rs.results if r.value == data["result"]), None)
        rows.append([Button("✏️ " + (tr.name(r) if r else data["result"]), "ed", "r")])
    for n, w in enumerate(wins):
        who = _name(data, w["winner"])
        h = _how(w)
        if h == SELF_DRAWN:
            how_txt = _("{name} self-drawn").format(name=who)
        elif h == DISCARD:
            how_txt = f"{who} ← {_name(data, w['from'])}"
        else:
            how_txt = _("{name} robs {other}'s kong").format(name=who, other=_name(data, w["from"]))
        row = [Button("✏️ " + how_txt, "ed", f"w{n}")]
        if _after_how(rs, opts, data, n) != "preview":
            value = _win_value(rs, data, w, tr) or _("No special shape")
            row.append(Button("✏️ " + value, "ed", f"v{n}"))
        rows.append(row)
        flags = []
        for i in valid_flags(rs, opts, data, w):
            mark = "✅ " if rs.flags[i].id in (w.get("flags") or []) else "▫️ "
            label = mark + tr.name(rs.flags[i]) + (f" · {who}" if len(wins) > 1 else "")
            flags.append(Button(label, "tf", f"{n}.{i}"))
        rows += [flags[i : i + 3] for i in range(0, len(flags), 3)]
    shown = shown_counts(data)
    if len(shown) * len(players) * 3 <= COUNT_BUTTONS:
        for c in shown:
            cdecl = rs.counts[c]
            per = data["counts"].get(cdecl.id, {})
            rows.append([Button(f"— {tr.name(cdecl)} —", "pg", "0")])
            for i, p in enumerate(players):
                v = per.get(p, 0)
                rows.append(
                    [
                        Button("➖", "cm", f"{c}.{i}") if v > cdecl.min else Button(" ", "pg", "0"),
                        Button(f"{_name(data, p)}: {v}", "pg", "0"),
                        Button("➕", "cp", f"{c}.{i}")
                        if can_add(cdecl, per, p)
                        else Button(" ", "pg", "0"),
                    ]
                )
    else:
        btns = []
        for c in shown:
            cdecl = rs.counts[c]
            per = data["counts"].get(cdecl.id, {})
            nz = ", ".join(f"{_name(data, p)} {v}" for p, v in per.items() if v)
            btns.append(Button("✏️ " + tr.name(cdecl) + (f": {nz}" if nz else ""), "ed", f"c{c}"))
        rows += [btns[i : i + 2] for i in range(0, len(btns), 2)]
    for i, ev in enumerate(data["events"]):
        rows.append([Button("✖ " + describe_event(rs, data, ev, tr), "er", str(i))])
    adds = [
        Button("➕ " + tr.name(rs.events[i]), "ea", str(i))
        for i in enabled_events(rs, opts, data["result"])
    ]
    rows += [adds[i : i + 3] for i in range(0, len(adds), 3)]
    if wins and _multi_possible(rs, data):
        rows.append([Button("➕ " + _("Another winner"), "aw")])
    return rows


def _win_value(rs: Ruleset, data: dict[str, Any], w: dict[str, Any], tr: Translator) -> str:
    _ = tr.gettext
    if w.get("shape") and (s := rs.shape(w["shape"])):
        return tr.name(s)
    if w.get("fan") is not None:
        return fan_words.amount(rs, tr, w["fan"])
    if w.get("fans"):
        return _("{n} fans ticked").format(n=len(w["fans"]))
    if isinstance(w.get("tiles"), dict):
        return _("Tiles")
    return ""


_SOURCE_REF = re.compile(r"\s*[（(](?:L\d+|seed \d+|spec )[^）)]*[）)]")


def format_settlement(st: Settlement, data: dict[str, Any], tr: Translator) -> str:
    _ = tr.gettext
    data = {**data, "names": present.display_names(data["names"], tr)}
    rs = _rs(data)
    unit = present.unit(rs.id, tr)
    lines = ["<b>" + _("Payments") + "</b>"]
    if not st.payments:
        lines.append(_("Nobody pays anything."))
    for p in st.payments:
        lines.append(
            f"{_esc(_name(data, p.payer))} → {_esc(_name(data, p.payee))}: {p.amount} {_esc(unit)}"
        )
    lines.append("<b>" + _("Net") + "</b>")
    for pid in data["players"]:
        v = st.net.get(pid, 0)
        lines.append(f"{_esc(_name(data, pid))}: {v:+d}")
    for pid, v in st.net.items():
        if pid not in data["players"]:
            lines.append(f"{_esc(_name(data, pid))}: {v:+d}")
    if st.explanation:
        lines.append("<b>" + _("How") + "</b>")
        for s in st.explanation:  # a seed's line reference (L125) is for the ruleset's reader
            lines.append("· " + _esc(_SOURCE_REF.sub("", tr.step(s))))
    return "\n".join(lines)


_CJK = re.compile(r"[\u3400-\u9fff]")


def problem_text(err: RecordError, data: dict[str, Any], tr: Translator) -> str:
    """The sentence for ``err`` (:func:`bot.entry.checks.problem_text`)."""
    return checks.problem_text(err, _d(data), tr)
