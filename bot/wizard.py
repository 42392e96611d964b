"""The hand-entry wizard: a generic state machine over a ruleset's declarations.

Nothing here knows any particular ruleset. The state is a plain JSON dict (stored in a ledger
draft) plus a step name; :func:`render` turns them into a :class:`Screen` (text and buttons
with short action codes), :func:`apply` turns a tap into the next state. Only valid choices
are offered (a flag's ``how``/``not_with``/``shapes``/``winner_dealer``/``enabled_by``, a
count's ``max``/``total_max``, an event's ``source``/``results``/``fields``), and
:func:`build_record` produces the :class:`~scoring.HandRecord` that ``scoring.settle`` checks
for the preview.

Steps are named ``<kind>`` or ``<kind>.<n>`` (``n`` = the win or count index), so the trail
of visited steps is enough to go Back.
"""

from __future__ import annotations

import json
import unicodedata
from dataclasses import dataclass, field
from typing import Any

import scoring
from bot.i18n import Translator
from scoring.declarations import (
    DISCARD,
    ROBBED_KONG,
    SELF_DRAWN,
    EventDecl,
    FieldDecl,
    WinItemDecl,
    is_enabled,
    item_problem,
)
from scoring.errors import RecordError
from scoring.gb.notation import (
    NotationError,
    WordError,
    apply_words,
    parse_phone,
    split_words,
    words_text,
)
from scoring.record import HandRecord, Settlement
from scoring.ruleset import Options, Ruleset

FAN_MAX = 9999
PAGE = 8  # buttons per page for long lists
# The contract's tiles field ``flowers`` and a ruleset count of the same id (Guobiao's 花牌) are
# one number: a tiles reply leaves it out and build_record takes it from the count.
FLOWERS = "flowers"
TILES_EXAMPLE = "[555z](7777p)123s999p2z 2z"


class WizardError(Exception):
    """A tap that is not allowed in the current state (shown as an alert)."""


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


def _how(win: dict[str, Any]) -> str:
    if win.get("robbed_kong"):
        return ROBBED_KONG
    return SELF_DRAWN if win.get("from") is None else DISCARD


def _item_ok(
    item: WinItemDecl,
    win: dict[str, Any],
    dealer: str,
    opts: Options,
    *,
    how: str | None = None,
    shape: str | None = None,
    flags: list[str] | None = None,
) -> bool:
    """Whether a shape/flag may go with the win as chosen so far (the engine's own rule)."""
    cur_shape = shape if shape is not None else win.get("shape")
    chosen = [f for f in (flags if flags is not None else win.get("flags") or []) if f != item.id]
    return (
        item_problem(
            item,
            how=how or _how(win),
            winner_is_dealer=win["winner"] == dealer,
            shape=cur_shape,
            others=[*chosen, cur_shape],
            opts=opts,
        )
        is None
    )


def valid_shapes(
    rs: Ruleset, opts: Options, data: dict[str, Any], win: dict[str, Any], how: str | None = None
) -> list[int]:
    out = []
    for i, s in enumerate(rs.shapes):
        if _item_ok(s, win, data["dealer"], opts, how=how, shape=s.id, flags=[]):
            out.append(i)
    return out


def valid_flags(rs: Ruleset, opts: Options, data: dict[str, Any], win: dict[str, Any]) -> list[int]:
    """Flags that can be toggled now (selected ones stay listed so they can be turned off)."""
    chosen = list(win.get("flags") or [])
    return [
        i
        for i, f in enumerate(rs.flags)
        if f.id in chosen or _flag_compatible(rs, opts, data, win, f.id)
    ]


def _flag_compatible(
    rs: Ruleset, opts: Options, data: dict[str, Any], win: dict[str, Any], flag_id: str
) -> bool:
    """The flag's own constraints, and ``not_with`` in both directions (the chosen shape's
    and the chosen flags' declarations may exclude it too)."""
    f = rs.flag(flag_id)
    if f is None or not _item_ok(f, win, data["dealer"], opts):
        return False
    shape = rs.shape(win["shape"]) if win.get("shape") else None
    if shape is not None and flag_id in shape.not_with:
        return False
    for c in win.get("flags") or []:
        other = rs.flag(c)
        if c != flag_id and other is not None and flag_id in other.not_with:
            return False
    return True


def fan_compatible(fans: list[dict[str, Any]], chosen: list[str], fan_id: str) -> bool:
    """A checklist fan that no chosen fan excludes (``not_with`` both ways, where given)."""
    by_id = {f["id"]: f for f in fans}
    mine = set(by_id.get(fan_id, {}).get("not_with") or ())
    for c in chosen:
        if c == fan_id:
            continue
        if c in mine or fan_id in set(by_id.get(c, {}).get("not_with") or ()):
            return False
    return True


def prune_flags(rs: Ruleset, opts: Options, data: dict[str, Any], win: dict[str, Any]) -> None:
    """Drop chosen flags that are no longer possible (after the winner/how/shape changed)."""
    kept: list[str] = []
    for fid in win.get("flags") or []:
        trial = dict(win, flags=kept)
        if _flag_compatible(rs, opts, data, trial, fid):
            kept.append(fid)
    win["flags"] = kept


def win_modes(rs: Ruleset) -> list[str]:
    return [m for m in ("fan", "fans", "tiles") if m in rs.win_inputs]


def uses_shape(rs: Ruleset) -> bool:
    return "shape" in rs.win_inputs and bool(rs.shapes)


def enabled_counts(rs: Ruleset, opts: Options, result: str | None = None) -> list[int]:
    """The counts asked: enabled by the options, and (given the hand's result) declared for
    it (a count's ``results``, e.g. Sichuan's 查大叫 inputs only in a draw)."""
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


def fan_list(rs: Ruleset) -> list[dict[str, Any]]:
    fans = rs.extra_json().get("fans") or []
    return [f for f in fans if isinstance(f, dict) and "id" in f]


# --------------------------------------------------------------------------------------
# step order
# --------------------------------------------------------------------------------------
def _multi_possible(rs: Ruleset, data: dict[str, Any]) -> bool:
    wins = data["wins"]
    if rs.multi_win == "none" or len(wins) >= len(data["players"]) - 1:
        return False
    if rs.multi_win == "same_discard":
        return bool(wins) and wins[0].get("from") is not None
    return True


def _after_wins(rs: Ruleset, opts: Options, data: dict[str, Any]) -> str:
    counts = enabled_counts(rs, opts, data["result"])
    if counts:
        return f"count.{counts[0]}"
    return _after_counts(rs, opts, data)


def _after_counts(rs: Ruleset, opts: Options, data: dict[str, Any]) -> str:
    if enabled_events(rs, opts, data["result"]):
        return "events"
    return "preview"


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
    if kind in ("fan", "fans", "tiles"):
        return _to_flags(rs, opts, data, n)
    if kind == "flags":
        return _to_more(rs, opts, data, n)
    if kind == "more":
        return _after_wins(rs, opts, data)
    if kind == "count":
        counts = enabled_counts(rs, opts, data["result"])
        later = [c for c in counts if c > n]
        return f"count.{later[0]}" if later else _after_counts(rs, opts, data)
    if kind in ("events", "evplayer", "evfrom", "evtext", "evname", "evfields"):
        return "preview"
    return "preview"


def _after_how(rs: Ruleset, opts: Options, data: dict[str, Any], n: int) -> str:
    if len(win_modes(rs)) > 1:
        return f"mode.{n}"
    return _after_mode(rs, opts, data, n)


def _after_mode(rs: Ruleset, opts: Options, data: dict[str, Any], n: int) -> str:
    if uses_shape(rs):
        return f"shape.{n}"
    return _after_shape(rs, opts, data, n)


def _after_shape(rs: Ruleset, opts: Options, data: dict[str, Any], n: int) -> str:
    win = data["wins"][n]
    modes = win_modes(rs)
    mode = win.get("mode") or (modes[0] if len(modes) == 1 else None)
    if mode is not None:
        win["mode"] = mode
        return f"{mode}.{n}"
    return _to_flags(rs, opts, data, n)


def _to_flags(rs: Ruleset, opts: Options, data: dict[str, Any], n: int) -> str:
    win = data["wins"][n]
    prune_flags(rs, opts, data, win)
    if valid_flags(rs, opts, data, win):
        return f"flags.{n}"
    return _to_more(rs, opts, data, n)


def _to_more(rs: Ruleset, opts: Options, data: dict[str, Any], n: int) -> str:
    if _multi_possible(rs, data) or len(data["wins"]) > n + 1:
        return f"more.{n}"
    return _after_wins(rs, opts, data)


def walk(data: dict[str, Any]) -> list[str]:
    """The steps a user would pass through to reach the preview with ``data`` as chosen."""
    trail: list[str] = []
    step = "winner.0"
    for _ in range(200):
        if step == "preview":
            break
        trail.append(step)
        kind, n = _split(step)
        if kind == "more" and len(data["wins"]) > n + 1:
            step = f"winner.{n + 1}"
            continue
        step = next_step(data, step)
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
    return new


def apply(step: str, data: dict[str, Any], action: str, arg: str) -> str:
    """Apply one tap; returns the new step (``data`` is modified in place).

    ``done``/``cancel``/``confirm`` are handled by the caller; this handles navigation.
    Raises :class:`WizardError` for a tap the current screen does not offer.
    """
    rs, opts = _rs(data), _opts(data)
    kind, n = _split(step)
    players = data["players"]
    wins: list[dict[str, Any]] = data["wins"]
    if action == "b":
        if not data["trail"]:
            raise WizardError("no_back")
        data["page"] = 0
        prev: str = data["trail"].pop()
        if prev == "winner.0" and not wins:
            data["result"] = "win"
        return prev
    if action == "pg":
        data["page"] = _idx(arg, 1000)
        return step
    if kind == "winner":
        if action == "w":
            p = players[_idx(arg, len(players))]
            if p not in winner_choices(rs, data, n):
                raise WizardError("bad_arg")
            data["result"] = "win"
            if len(wins) > n and wins[n]["winner"] == p:
                pass  # keep what was chosen (editing)
            else:
                del wins[n:]
                wins.append(
                    {
                        "winner": p,
                        "from": None,
                        "robbed_kong": False,
                        "shape": None,
                        "flags": [],
                        "fan": None,
                        "fans": None,
                        "tiles": None,
                    }
                )
                if n > 0 and rs.multi_win == "same_discard":
                    wins[n]["from"] = wins[0]["from"]
                    wins[n]["robbed_kong"] = wins[0]["robbed_kong"]
            return _go(data, step, next_step(data, step))
        if action == "r" and n == 0:
            results = [r.value for r in rs.results if r.value != "win"]
            data["result"] = results[_idx(arg, len(results))]
            del wins[:]
            return _go(data, step, next_step(data, step))
        if action == "r" and n > 0:
            results = [
                r.value for r in rs.results if r.value != "win" and r.value in rs.wins_allowed_in
            ]
            data["result"] = results[_idx(arg, len(results))]
            del wins[n:]
            return _go(data, step, _after_wins(rs, opts, data))
        raise WizardError("bad_arg")
    if kind == "how":
        win = wins[n]
        options = how_choices(rs, opts, data, n)
        if action != "h":
            raise WizardError("bad_arg")
        h, src = options[_idx(arg, len(options))]
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
            and (s := rs.shape(win["shape"]))
            and not _item_ok(s, win, data["dealer"], opts, flags=[])
        ):
            win["shape"] = None
        return _go(data, step, next_step(data, step))
    if kind == "mode":
        modes = win_modes(rs)
        if action != "m":
            raise WizardError("bad_arg")
        wins[n]["mode"] = modes[_idx(arg, len(modes))]
        for m in ("fan", "fans", "tiles"):
            if m != wins[n]["mode"]:
                wins[n][m] = None
        return _go(data, step, next_step(data, step))
    if kind == "shape":
        win = wins[n]
        choices = valid_shapes(rs, opts, data, win)
        if action == "s":
            i = _idx(arg, len(rs.shapes))
            if i not in choices:
                raise WizardError("bad_arg")
            win["shape"] = rs.shapes[i].id
        elif action == "s0" and not rs.shape_required:
            win["shape"] = None
        else:
            raise WizardError("bad_arg")
        return _go(data, step, next_step(data, step))
    if kind == "fan":
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
            return _go(data, step, next_step(data, step))
        raise WizardError("bad_arg")
    if kind == "fans":
        win = wins[n]
        fans = fan_list(rs)
        if action == "ft":
            fid = fans[_idx(arg, len(fans))]["id"]
            chosen = list(win.get("fans") or [])
            if fid in chosen:
                chosen.remove(fid)
            elif fan_compatible(fans, chosen, fid):
                chosen.append(fid)
            else:
                raise WizardError("not_with")
            win["fans"] = chosen
            return step
        if action == "n":
            if not win.get("fans"):
                raise WizardError("need_fans")
            return _go(data, step, next_step(data, step))
        raise WizardError("bad_arg")
    if kind == "tiles":
        if action == "n":
            if not wins[n].get("tiles"):
                raise WizardError("need_tiles")
            return _go(data, step, next_step(data, step))
        raise WizardError("bad_arg")
    if kind == "flags":
        win = wins[n]
        if action == "f":
            i = _idx(arg, len(rs.flags))
            fid = rs.flags[i].id
            chosen = list(win.get("flags") or [])
            if fid in chosen:
                chosen.remove(fid)
            elif _flag_compatible(rs, opts, data, win, fid):
                chosen.append(fid)
            else:
                raise WizardError("not_with")
            win["flags"] = chosen
            return step
        if action == "n":
            return _go(data, step, next_step(data, step))
        raise WizardError("bad_arg")
    if kind == "more":
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
    if kind == "count":
        cdecl = rs.counts[n]
        per: dict[str, int] = data["counts"].setdefault(cdecl.id, {})
        if action in ("+", "-"):
            p = players[_idx(arg, len(players))]
            cur = per.get(p, 0)
            if action == "+":
                total = sum(per.values())
                if cur >= cdecl.max or (cdecl.total_max is not None and total >= cdecl.total_max):
                    raise WizardError("at_max")
                per[p] = cur + 1
            else:
                if cur <= cdecl.min:
                    raise WizardError("at_min")
                per[p] = cur - 1
            return step
        if action == "n":
            return _go(data, step, next_step(data, step))
        raise WizardError("bad_arg")
    if kind == "events":
        evs = enabled_events(rs, opts, data["result"])
        if action == "ea":
            i = _idx(arg, len(rs.events))
            if i not in evs:
                raise WizardError("bad_arg")
            edecl = rs.events[i]
            data["ev"] = {"type": edecl.id, "player": None, "from": None}
            for f in edecl.fields:
                if f.kind == "int":
                    data["ev"][f.id] = f.default
            return _go(data, step, "evplayer")
        if action == "er":
            i = _idx(arg, len(data["events"]))
            del data["events"][i]
            return step
        if action == "n":
            return _go(data, step, "preview")
        raise WizardError("bad_arg")
    if kind in ("evplayer", "evfrom", "evtext", "evname", "evfields"):
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
        if kind == "evfields" and action in ("+", "-"):
            ints = [f for f in decl.fields if f.kind == "int"]
            fd = ints[_idx(arg, len(ints))]
            v = int(ev.get(fd.id, fd.default))
            v = v + 1 if action == "+" else v - 1
            if not fd.min <= v <= fd.max:
                raise WizardError("at_max" if action == "+" else "at_min")
            ev[fd.id] = v
            return step
        if kind == "evfields" and action == "n":
            return _finish_event(data, step)
        raise WizardError("bad_arg")
    raise WizardError("bad_arg")


def _ev_after_player(decl: EventDecl) -> str:
    if decl.source != "forbidden":
        return "evfrom"
    return _ev_after_from(decl)


def _ev_after_from(decl: EventDecl) -> str:
    if text_fields(decl):
        return "evtext.0"
    return _ev_after_texts(decl)


def _ev_after_texts(decl: EventDecl) -> str:
    if any(f.kind == "int" for f in decl.fields):
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
    new = _ev_after_texts(decl)
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
    """Add the event being built and return to the events list (its sub-steps leave the
    trail, so Back from the list goes where it went before)."""
    ev = data.pop("ev")
    data["events"].append({k: v for k, v in ev.items() if v is not None or k == "from"})
    while data["trail"] and data["trail"][-1] != "events":
        data["trail"].pop()
    if data["trail"]:
        data["trail"].pop()
    data["page"] = 0
    return "events"


# --------------------------------------------------------------------------------------
# choices
# --------------------------------------------------------------------------------------
def winner_choices(rs: Ruleset, data: dict[str, Any], n: int) -> list[str]:
    earlier = {w["winner"] for w in data["wins"][:n]}
    out = [p for p in data["players"] if p not in earlier]
    if n > 0 and rs.multi_win == "same_discard":
        out = [p for p in out if p != data["wins"][0].get("from")]
    return out


def how_choices(
    rs: Ruleset, opts: Options, data: dict[str, Any], n: int
) -> list[tuple[str, str | None]]:
    """``(how, source)`` pairs that leave at least one possible shape."""
    win = data["wins"][n]
    gone = {w["winner"] for w in data["wins"][:n]} if rs.multi_win == "sequential" else set()
    others = [p for p in data["players"] if p != win["winner"] and p not in gone]
    out: list[tuple[str, str | None]] = []

    def possible(h: str) -> bool:
        if not uses_shape(rs) or not rs.shape_required:
            return True
        return bool(valid_shapes(rs, opts, data, win, how=h))

    if possible(SELF_DRAWN):
        out.append((SELF_DRAWN, None))
    if possible(DISCARD):
        out.extend((DISCARD, p) for p in others)
    if possible(ROBBED_KONG):
        out.extend((ROBBED_KONG, p) for p in others)
    return out


# --------------------------------------------------------------------------------------
# the hand record
# --------------------------------------------------------------------------------------
def build_record(data: dict[str, Any]) -> HandRecord:
    rs, opts = _rs(data), _opts(data)
    asked = {rs.counts[i].id for i in enabled_counts(rs, opts, data["result"])}
    # a count entered before the result changed (Back) and no longer asked is left out
    counts = {
        cid: {p: n for p, n in per.items() if n}
        for cid, per in data["counts"].items()
        if cid in asked
    }
    counts = {cid: per for cid, per in counts.items() if per}
    wins = []
    for w in data["wins"]:
        out = {
            k: w.get(k)
            for k in ("winner", "from", "robbed_kong", "shape", "flags", "fan", "fans", "tiles")
        }
        t = out["tiles"]
        if isinstance(t, dict) and FLOWERS not in t and FLOWERS in asked:
            out["tiles"] = {**t, FLOWERS: counts.get(FLOWERS, {}).get(w["winner"], 0)}
        wins.append(out)
    return HandRecord.from_json(
        {
            "ruleset": data["ruleset"],
            "options": data.get("options") or {},
            "players": data["players"],
            "dealer": data["dealer"],
            "result": data["result"],
            "wins": wins,
            "counts": counts,
            "events": data["events"],
        }
    )


def preview(data: dict[str, Any]) -> tuple[HandRecord, Settlement]:
    """Build and settle the record; raises :class:`RecordError` for an impossible hand."""
    record = build_record(data)
    return record, scoring.settle(record)


# full-width brackets and letters from a Chinese keyboard, and 東 (traditional), read as typed
_TILES_FOLD = str.maketrans({"【": "[", "】": "]", "東": "东"})
#: The prevalent wind 圈风 a tiles reply gets unless a word (圈南, round:S …) says otherwise,
#: when the draft names none: /calc, /edit, a ruleset without rounds. A new hand at a Guobiao
#: table carries its own in ``data["prevalent_wind"]`` (bot/handlers/table.py ``start_hand``,
#: from the night's confirmed hands: :func:`scoring.rulesets.guobiao.prevalent_wind_for`,
#: option ``round_wind``), and ``data["night_hand"]`` (the hand's number in the night) when
#: it follows the rounds. The tiles prompt shows it for the players to check.
PREVALENT_DEFAULT = "E"


def _prevalent(data: dict[str, Any]) -> str:
    """The prevalent wind a tiles reply without a wind word gets in this draft."""
    wind = data.get("prevalent_wind")
    return wind if isinstance(wind, str) and wind in ("E", "S", "W", "N") else PREVALENT_DEFAULT


def _seat_wind(data: dict[str, Any], win: dict[str, Any]) -> str:
    """The winner's seat wind 门风: the dealer sits East, the others follow in seat order."""
    players, dealer = data["players"], data["dealer"]
    offset = (players.index(win["winner"]) - players.index(dealer)) % len(players)
    return "ESWN"[offset % 4]


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
            why=_esc(err.why)
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


def tiles_notation(
    tiles: dict[str, Any], seat: str | None = None, prevalent: str = PREVALENT_DEFAULT
) -> str:
    """A tiles object written back in the reply's notation, with the words for what the tiles
    cannot show (绝张, 妙手/海底, 杠开, 圈南 …), so that replying with it (/edit) gives the
    same tiles again; the JSON if it has no such form: a concealed chow/pung or, with ``seat``
    (the winner's seat wind, :func:`_seat_wind`) given, flowers inside the tiles (a reply takes
    them from the flower count) or another seat wind (a reply takes the seat's). The prevalent
    wind is written (圈东 too) when it is not ``prevalent``, the one a reply without a wind
    word gets (:func:`_prevalent`)."""
    try:
        if seat is not None and (FLOWERS in tiles or tiles.get("seat_wind", seat) != seat):
            raise ValueError("no notation for these flowers or this seat wind")
        out = ""
        for m in tiles.get("melds") or []:
            if m.get("concealed") and m.get("kind") != "kong":
                raise ValueError("a concealed chow/pung has no bracket form")
            out += ("({})" if m.get("concealed") else "[{}]").format(m["tiles"])
        words = words_text(tiles, prevalent_default=prevalent)
        return f"{out}{tiles['hand']} {tiles['win_tile']}" + (f" {words}" if words else "")
    except (AttributeError, KeyError, TypeError, ValueError):
        return json.dumps(tiles, ensure_ascii=False)


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
def _name(data: dict[str, Any], p: str | None) -> str:
    if p is None:
        return "—"
    return str(data["names"].get(p, p))


def describe_win(rs: Ruleset, data: dict[str, Any], w: dict[str, Any], tr: Translator) -> str:
    _ = tr.gettext
    who = _name(data, w["winner"])
    h = _how(w)
    if h == SELF_DRAWN:
        how_txt = _("self-drawn")
    elif h == DISCARD:
        how_txt = _("on {name}'s discard").format(name=_name(data, w["from"]))
    else:
        how_txt = _("robbing {name}'s kong").format(name=_name(data, w["from"]))
    parts = [f"{who} — {how_txt}"]
    if w.get("shape") and (s := rs.shape(w["shape"])):
        parts.append(tr.name(s))
    if w.get("fan") is not None:
        parts.append(_("{n} fan").format(n=w["fan"]))
    if w.get("fans"):
        names = {f["id"]: tr.entry(f) for f in fan_list(rs)}
        parts.append(", ".join(str(names.get(f, f)) for f in w["fans"]))
    if isinstance(w.get("tiles"), dict):
        # the wizard's summary (also the /edit pre-fill) must reply as the same tiles; a
        # record's headline (bot.texts, no seats in ``data``) only shows them
        seat = _seat_wind(data, w) if "players" in data else None
        parts.append(tr.chinese(tiles_notation(w["tiles"], seat, _prevalent(data))))
    for fid in w.get("flags") or []:
        f = rs.flag(fid)
        parts.append(tr.name(f) if f else fid)
    return " · ".join(parts)


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


def _paged(items: list[Button], page: int, per_row: int = 2) -> list[list[Button]]:
    pages = max(1, -(-len(items) // PAGE))
    page = min(max(page, 0), pages - 1)
    chunk = items[page * PAGE : (page + 1) * PAGE]
    rows = [chunk[i : i + per_row] for i in range(0, len(chunk), per_row)]
    if pages > 1:
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


def render(
    step: str,
    data: dict[str, Any],
    tr: Translator,
    *,
    error: str | None = None,
    settlement: Settlement | None = None,
) -> Screen:
    _ = tr.gettext
    rs, opts = _rs(data), _opts(data)
    kind, n = _split(step)
    players = data["players"]
    top = summary(data, tr)
    rows: list[list[Button]] = []
    next_lbl = _("Next") + " ▶"

    def pname(p: str) -> str:
        mark = " 🀄" if p == data["dealer"] else ""
        return _name(data, p) + mark

    if kind == "winner":
        prompt = _("Who won?") if n == 0 else _("Who else won?")
        choices = winner_choices(rs, data, n)
        rows = [
            [Button(pname(p), "w", str(players.index(p))) for p in choices[i : i + 2]]
            for i in range(0, len(choices), 2)
        ]
        if n == 0:
            others = [r for r in rs.results if r.value != "win"]
            if others:
                rows.append([Button(tr.name(r), "r", str(i)) for i, r in enumerate(others)])
        rows.append(_nav(data, tr))
    elif kind == "how":
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
    elif kind == "mode":
        prompt = _("How will you enter the hand's value?")
        labels = {"fan": _("Total fan"), "fans": _("Fan checklist"), "tiles": _("Tiles")}
        rows = [[Button(labels[m], "m", str(i)) for i, m in enumerate(win_modes(rs))]]
        rows.append(_nav(data, tr))
    elif kind == "shape":
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
    elif kind == "fan":
        win = data["wins"][n]
        cur = win.get("fan")
        prompt = _("Total fan: {n}").format(n="▁" if cur is None else cur)
        room = [d for d in range(10) if (cur or 0) * 10 + d <= FAN_MAX]  # digits that still fit
        rows = [
            [Button(str(d), "k", str(d)) for d in r if d in room]
            for r in ((1, 2, 3), (4, 5, 6), (7, 8, 9))
        ]
        rows = [r for r in rows if r]
        rows.append([Button("⌫", "kb")] + ([Button("0", "k", "0")] if 0 in room else []))
        rows.append(_nav(data, tr, next_label=next_lbl if cur is not None else None))
    elif kind == "fans":
        win = data["wins"][n]
        chosen = set(win.get("fans") or [])
        fans = fan_list(rs)
        total = sum(int(f.get("points", 0)) for f in fans if f["id"] in chosen)
        prompt = _("Tick the fans ({n} points so far):").format(n=total)
        btns = []
        picked = list(win.get("fans") or [])
        # grouped by points (biggest first); a fan a chosen one excludes is not offered
        for k in sorted(range(len(fans)), key=lambda j: (-int(fans[j].get("points", 0)), j)):
            fan = fans[k]
            if fan["id"] not in chosen and not fan_compatible(fans, picked, fan["id"]):
                continue
            name = tr.entry(fan)
            mark = "✅ " if fan["id"] in chosen else ""
            btns.append(Button(f"{mark}{name} · {fan.get('points', '')}", "ft", str(k)))
        rows = _paged(btns, data.get("page", 0))
        rows.append(_nav(data, tr, next_label=next_lbl if chosen else None))
    elif kind == "tiles":
        win = data["wins"][n]
        prompt = _(
            "Reply to this message with the hand, a space, then the winning tile, e.g. "
            "{example}\n[…] is an exposed chow, pung or kong, (…) a concealed kong, the rest "
            "are the concealed tiles: digits with m (characters), p (dots), s (bamboo); "
            "honours 1z–7z or 东南西北白发中. The tiles JSON works too."
        ).format(example=TILES_EXAMPLE)
        prompt += "\n" + tiles_words_help(data, win, tr)
        # the tiles read so far show in the summary above (describe_win)
        rows = [_nav(data, tr, next_label=next_lbl if win.get("tiles") else None)]
    elif kind == "flags":
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
    elif kind == "more":
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
    elif kind == "count":
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
    elif kind == "events":
        prompt = _("Anything else that pays (kongs, penalties…)? Add it, or Next.")
        for i, ev in enumerate(data["events"]):
            rows.append([Button("✖ " + describe_event(rs, data, ev, tr), "er", str(i))])
        btns = [
            Button("➕ " + tr.name(rs.events[i]), "ea", str(i))
            for i in enabled_events(rs, opts, data["result"])
        ]
        rows += _paged(btns, data.get("page", 0))
        rows.append(_nav(data, tr, next_label=_("Preview") + " ▶"))
    elif kind in ("evplayer", "evfrom", "evtext", "evname", "evfields"):
        ev = data["ev"]
        decl = rs.event(ev["type"])
        assert decl is not None
        if kind == "evplayer":
            prompt = _("{event}: who?").format(event=_esc(tr.name(decl)))
            rows = [
                [Button(pname(p), "p", str(i)) for i, p in enumerate(players)][j : j + 2]
                for j in range(0, len(players), 2)
            ]
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
    elif kind == "preview":
        prompt = ""
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
    else:
        raise WizardError("bad_step")
    text = top + ("\n\n" + prompt if prompt else "")
    return Screen(text, rows)


def format_settlement(st: Settlement, data: dict[str, Any], tr: Translator) -> str:
    _ = tr.gettext
    rs = _rs(data)
    unit = tr.attr(rs, "unit")
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
        for s in st.explanation:
            lines.append("· " + _esc(tr.step(s)))
    return "\n".join(lines)


def record_error_text(err: RecordError, tr: Translator) -> str:
    _ = tr.gettext
    return _("This hand is not possible: {why}. Go back and change it.").format(why=str(err))
