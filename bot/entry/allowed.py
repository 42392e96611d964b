"""What may be chosen now, for a hand as entered: the one answer every door asks.

The chat's buttons offer, the Mini App's ``valid_choices`` lists and the one-line ``/hand``
accepts exactly what these functions allow, so a door cannot offer what another refuses
(issue #23). Each answer is the scoring core's own rule: the declarations' constraints
(:func:`scoring.declarations.item_problem`: ``how``, ``winner_dealer``, ``shapes``,
``not_with`` — checked BOTH ways: the item's own list and the chosen shape's and flags'
lists), the ruleset's checklist rules (``fan_offerable`` / ``checklist_points``), and where a
rule is only in the ruleset's ``check``, the core itself (:mod:`bot.entry.checks`).

Indices are into the ruleset's declaration tuples (``rs.shapes``, ``rs.flags``,
``rs.counts``, ``rs.events``); a win is a :class:`~bot.entry.draft.WinDraft` of the draft.
"""

from __future__ import annotations

import json
import re
from typing import Any

from bot import checklist
from bot.entry import checks, riichi
from bot.entry.draft import VALUE_MODES, Draft, WinDraft
from scoring.declarations import (
    DISCARD,
    ROBBED_KONG,
    SELF_DRAWN,
    CountDecl,
    EventDecl,
    WinItemDecl,
    is_enabled,
    item_problem,
)
from scoring.engine import MAX_FAN
from scoring.errors import RecordError
from scoring.ruleset import Ruleset

#: the keypad's largest total (the scoring core's bound)
FAN_MAX = min(9999, MAX_FAN)

Cell = tuple[str, str | None]  # (how, from): a way of winning


# --------------------------------------------------------------------------------------
# what the ruleset takes
# --------------------------------------------------------------------------------------
def value_modes(rs: Ruleset) -> list[str]:
    """How a win's value may be entered here: ``fan`` (keypad), ``fans`` (checklist),
    ``tiles``, in that order."""
    return [m for m in VALUE_MODES if m in rs.win_inputs]


def uses_shape(rs: Ruleset) -> bool:
    """Whether a win names its shape."""
    return "shape" in rs.win_inputs and bool(rs.shapes)


def fan_list(rs: Ruleset) -> list[dict[str, Any]]:
    """The ruleset's checklist fans (``extra_json()["fans"]``)."""
    fans = rs.extra_json().get("fans") or []
    return [f for f in fans if isinstance(f, dict) and "id" in f]


# --------------------------------------------------------------------------------------
# shapes and flags
# --------------------------------------------------------------------------------------
def item_ok(
    d: Draft,
    w: WinDraft,
    item: WinItemDecl,
    *,
    how: str | None = None,
    shape: str | None = None,
    flags: list[str] | None = None,
) -> bool:
    """The item's own constraints for win ``w`` as chosen so far (``how``, ``shape`` and
    ``flags`` override the win's), and ``not_with`` both ways: the item's list, and the
    shape's and every chosen flag's lists."""
    rs, opts = d.rs, d.opts
    cur_shape = shape if shape is not None else w.shape
    chosen = [f for f in (flags if flags is not None else w.flags) if f != item.id]
    if (
        item_problem(
            item,
            how=how or w.how,
            winner_is_dealer=w.winner == d.dealer,
            shape=cur_shape,
            others=[*chosen, cur_shape],
            opts=opts,
        )
        is not None
    ):
        return False
    for other_id in [cur_shape, *chosen]:
        if other_id is None or other_id == item.id:
            continue
        other = rs.flag(other_id) or rs.shape(other_id)
        if other is not None and item.id in other.not_with and other.excludes(item.id, opts):
            return False
    return True


def shapes(d: Draft, w: WinDraft, how: str | None = None) -> list[int]:
    """The shapes win ``w`` may have (chosen before the flags: its flags are not asked)."""
    return [i for i, s in enumerate(d.rs.shapes) if item_ok(d, w, s, how=how, shape=s.id, flags=[])]


def flag_ok(d: Draft, w: WinDraft, flag_id: str) -> bool:
    """Whether flag ``flag_id`` may be ticked on win ``w`` now."""
    f = d.rs.flag(flag_id)
    return f is not None and item_ok(d, w, f)


def flags(d: Draft, w: WinDraft) -> list[int]:
    """The flags that can be toggled now (the ticked ones stay listed, to be unticked). A
    riichi win by han and fu has none: its flags are the tiles mode's (:mod:`.riichi`)."""
    hidden = riichi.hidden_flags(d, w)  # riichi: the tiles' flags, its riichi from the row
    return [
        i
        for i, f in enumerate(d.rs.flags)
        if f.id not in hidden and (f.id in w.flags or flag_ok(d, w, f.id))
    ]


def prune_flags(d: Draft, w: WinDraft) -> None:
    """Drop the ticked flags that are no longer possible (the winner, how or shape changed)."""
    kept: list[str] = []
    for fid in w.flags:
        trial = WinDraft(
            winner=w.winner,
            discarder=w.discarder,
            robbed_kong=w.robbed_kong,
            shape=w.shape,
            flags=list(kept),
        )
        if flag_ok(d, trial, fid):
            kept.append(fid)
    w.flags = kept


# --------------------------------------------------------------------------------------
# the checklist
# --------------------------------------------------------------------------------------
def fan_ok(d: Draft, w: WinDraft, fan_id: str, chosen: list[str] | None = None) -> bool:
    """A checklist fan that no ticked fan excludes (``not_with`` both ways) and that the
    ruleset still offers beside the ticked ones (``fan_offerable``: Guobiao's contradictions
    and 不计 table, given the options and the win's how)."""
    fans = fan_list(d.rs)
    picked = list(w.fans or []) if chosen is None else chosen
    by_id = {f["id"]: f for f in fans}
    mine = set(by_id.get(fan_id, {}).get("not_with") or ())
    for c in picked:
        if c == fan_id:
            continue
        if c in mine or fan_id in set(by_id.get(c, {}).get("not_with") or ()):
            return False
    offerable = getattr(d.rs, "fan_offerable", None)
    if offerable is not None:
        return bool(
            offerable(
                d.opts,
                picked,
                fan_id,
                self_drawn=w.discarder is None,
                robbed_kong=w.robbed_kong,
            )
        )
    return True


def fans(d: Draft, w: WinDraft) -> list[str]:
    """The checklist's fans that may be tapped now (ticked ones stay, to be unticked). A fan
    the win's "how" carries (:func:`bot.entry.checks.how_fans`, Hong Kong's 自摸) is not an
    item: the how adds it."""
    chosen = list(w.fans or [])
    carried = checks.carried_fan_ids(d)
    return [
        str(f["id"])
        for f in fan_list(d.rs)
        if f["id"] not in carried and (f["id"] in chosen or fan_ok(d, w, str(f["id"]), chosen))
    ]


def fan_total(d: Draft, w: WinDraft) -> int:
    """The checklist's running total: what the ruleset pays for the ticked fans and the one
    the "how" carries (``checklist_points``), else the sum of their points (each copy
    counted)."""
    chosen = [*(w.fans or []), *checks.how_fans(d, w, shown=True)]
    points = getattr(d.rs, "checklist_points", None)
    if points is not None:
        return int(
            points(d.opts, chosen, self_drawn=w.discarder is None, robbed_kong=w.robbed_kong)
        )
    return checklist.total(fan_list(d.rs), chosen)


def fan_bounds(d: Draft, n: int) -> tuple[int, int]:
    """The keypad totals the scoring core takes for win ``n``: ``(minimum, FAN_MAX)``."""
    return checks.fan_minimum(d, n) or 0, FAN_MAX


def fan_value_ok(d: Draft, n: int, value: int) -> bool:
    lo, hi = fan_bounds(d, n)
    return lo <= value <= hi


# --------------------------------------------------------------------------------------
# counts and events
# --------------------------------------------------------------------------------------
def counts(d: Draft, result: str | None = None) -> list[int]:
    """The counts asked in this hand (see :func:`bot.entry.checks.asked_counts`)."""
    return checks.asked_counts(d, result)


def can_add(cdecl: CountDecl, per: dict[str, int], p: str) -> bool:
    """Whether ``p``'s count may go one up (its ``max``, the count's ``total_max``)."""
    total = sum(per.values())
    return per.get(p, 0) < cdecl.max and (cdecl.total_max is None or total < cdecl.total_max)


def can_remove(cdecl: CountDecl, per: dict[str, int], p: str) -> bool:
    return per.get(p, 0) > cdecl.min


def events(d: Draft, result: str | None = None) -> list[int]:
    """The events that may be added: enabled, and declared for the hand's result."""
    rs, opts = d.rs, d.opts
    result = d.result if result is None else result
    return [
        i
        for i, e in enumerate(rs.events)
        if is_enabled(e.enabled_by, opts) and (not e.results or result in e.results)
    ]


def event_fits(d: Draft, ev: dict[str, Any]) -> bool:
    decl = d.rs.event(str(ev.get("type")))
    return decl is not None and (not decl.results or d.result in decl.results)


def text_fields(decl: EventDecl) -> list[Any]:
    """An event's text fields (each holds a player who is not seated)."""
    return [f for f in decl.fields if f.kind == "text"]


def event_cells(d: Draft, decl: EventDecl) -> list[Cell]:
    """``(player, from)`` pairs event ``decl`` may have in this hand: ``from`` as declared
    (none, optional or required; never the player), and only pairs that keep the hand
    possible (or, if it is not possible yet, that the core does not refuse at the event
    itself): e.g. 跟庄 is always the dealer's, and Nanning's 包牌 is never on a seven-pairs
    winner."""
    players = d.players
    cells: list[Cell] = []
    for p in players:
        if decl.source != "required":
            cells.append((p, None))
        if decl.source != "forbidden":
            cells.extend((p, q) for q in players if q != p)
    base = dict(d.ev or {"type": decl.id})
    at = f"events[{len(d.events)}]"
    was_possible = checks.problem(d) is None
    trial = d.copy()
    trial.ev = None
    ok = []
    for p, q in cells:
        ev = {**base, "type": decl.id, "player": p, "from": q}
        for f in text_fields(decl):  # a stand-in text id: only the players are tried here
            if ev.get(f.id) is None:
                ev[f.id] = "?"
        trial.events = [*d.events, {k: v for k, v in ev.items() if v is not None}]
        err = checks.problem(trial)
        if err is None or (not was_possible and not err.field.startswith(at)):
            ok.append((p, q))
        elif was_possible and count_forced(trial, err) is not None:
            ok.append((p, q))  # with the count it forces (Sichuan: a kong is a 根)
    return ok or cells


_COUNT_PATH = re.compile(r"counts\.(\w+)\.(.+)")


def count_forced(d: Draft, err: RecordError) -> Draft | None:
    """``d`` with the one count the scoring core says is too low (``err`` on
    ``counts.<id>.<player>``) raised to the least value that makes the hand possible — Sichuan:
    a kong is a 根 of its maker ("each is a 根, so 根 ≥ n", sichuan.py) — or None where no
    value in the count's range does (``d`` unchanged)."""
    m = _COUNT_PATH.fullmatch(err.field)
    decl = d.rs.count(m.group(1)) if m else None
    if m is None or decl is None or m.group(2) not in d.players:
        return None
    if not is_enabled(decl.enabled_by, d.opts) or (decl.results and d.result not in decl.results):
        return None
    p = m.group(2)
    trial = d.copy()
    per = trial.counts.setdefault(decl.id, {})
    while can_add(decl, per, p):
        per[p] = per.get(p, 0) + 1
        if checks.problem(trial) is None:
            return trial
    return None


def event_count_forced(d: Draft, err: RecordError) -> Draft | None:
    """:func:`count_forced` where an event forces the count (without the events the count
    would not be refused: Sichuan's kong and its 根), for a whole hand said at once (``/hand``,
    the Mini App's form) as the chat's ➕ kong does; never a count that is the win's own value
    (riichi's 符, which the line or the form must say)."""
    if not d.events:
        return None
    bare = d.copy()
    bare.events = []
    still = checks.problem(bare)
    if still is not None and still.field == err.field:
        return None
    return count_forced(d, err)


# --------------------------------------------------------------------------------------
# winners and how they won
# --------------------------------------------------------------------------------------
def new_win(p: str) -> WinDraft:
    return WinDraft(winner=p)


def winners(d: Draft, n: int) -> list[str]:
    """Who may be winner ``n``: not an earlier winner, nor the shared discard's discarder."""
    rs = d.rs
    earlier = {w.winner for w in d.wins[:n]}
    out = [p for p in d.players if p not in earlier]
    if n > 0 and rs.multi_win == "same_discard" and d.wins:
        out = [p for p in out if p != d.wins[0].discarder]
    return out


def multi_possible(d: Draft) -> bool:
    """Whether another winner may be added."""
    rs = d.rs
    if rs.multi_win == "none" or len(d.wins) >= len(d.players) - 1:
        return False
    if rs.multi_win == "same_discard":
        return bool(d.wins) and d.wins[0].discarder is not None
    return True


def hows_for(d: Draft, n: int, w: WinDraft) -> list[Cell]:
    """``(how, from)`` pairs of win ``n`` that leave at least one possible shape."""
    rs = d.rs
    gone = {x.winner for x in d.wins[:n]} if rs.multi_win == "sequential" else set()
    others = [p for p in d.players if p != w.winner and p not in gone]

    def possible(h: str) -> bool:
        if not uses_shape(rs) or not rs.shape_required:
            return True
        return bool(shapes(d, w, how=h))

    out: list[Cell] = []
    if possible(SELF_DRAWN):
        out.append((SELF_DRAWN, None))
    if possible(DISCARD):
        out.extend((DISCARD, p) for p in others)
    if possible(ROBBED_KONG):
        out.extend((ROBBED_KONG, p) for p in others)
    return out


def hows(d: Draft, n: int, p: str) -> list[Cell]:
    """The ways ``p`` can win as win ``n`` at this table: self-drawn, each discarder, each
    robbed kong — only those the table plays (a table that takes no wins on a discard,
    Guangdong 推倒胡 or Xiaoshan's option, gets none), so the refusal is where the tap is."""
    key, seat_of = _hows_key(d, n, p)
    got = _HOWS.get(key)
    if got is None:
        got = [(h, None if src is None else seat_of.get(src, src)) for h, src in _hows(d, n, p)]
        if len(_HOWS) > 2048:
            _HOWS.clear()
        _HOWS[key] = got
    return [(h, None if src is None else _seat_id(d, src)) for h, src in got]


#: the ways of winning by the table and hand so far, the players named by their seats: the
#: grid is drawn on every tap, and the first grid of every hand is the same at every table
#: with the same rules and the same dealer's seat (the scoring core reads no id's spelling:
#: the property test in tests/storage/test_settled.py checks it)
_HOWS: dict[str, list[Cell]] = {}
#: a seat's name in a key of :data:`_HOWS` (no player id starts with a NUL)
SEAT = "\x00seat"


def _hows_key(d: Draft, n: int, p: str) -> tuple[str, dict[str, str]]:
    """The key of :data:`_HOWS` and each player's seat name in it. A hand with events keeps
    the ids (an event's text field may name a backer who is not seated)."""
    seat_of = {} if d.events else {pid: f"{SEAT}{i}" for i, pid in enumerate(d.players)}

    def s(pid: str | None) -> str | None:
        return None if pid is None else seat_of.get(pid, pid)

    earlier = []
    for x in d.wins[:n]:
        win = x.record_json()
        win["winner"], win["from"] = s(win["winner"]), s(win["from"])
        earlier.append(win)
    counts = {c: {s(q): v for q, v in per.items()} for c, per in d.counts.items()}
    players = [s(q) for q in d.players]
    key = json.dumps(
        [d.ruleset, d.options, players, s(d.dealer), n, s(p), earlier, counts, d.events],
        sort_keys=True,
        default=str,
    )
    return key, seat_of


def _seat_id(d: Draft, name: str) -> str:
    """The player at the seat ``name`` names (a name that is no seat's: itself)."""
    return d.players[int(name[len(SEAT) :])] if name.startswith(SEAT) else name


def _hows(d: Draft, n: int, p: str) -> list[Cell]:
    w = d.wins[n] if len(d.wins) > n and d.wins[n].winner == p else new_win(p)
    out: list[Cell] = []
    for c in hows_for(d, n, w):
        if c[0] == SELF_DRAWN or how_possible(d, n, p, c):
            out.append(c)
        elif c[0] == DISCARD and (fid := forced_flag(d, n, p, c[1])) is not None:
            out.append((f"{DISCARD}+{fid}", c[1]))
    return out


def _trial(d: Draft) -> Draft:
    """A draft to try wins on: the table and the hand's counts and events, no entry state."""
    return Draft(
        ruleset=d.ruleset,
        players=d.players,
        names={},
        dealer=d.dealer,
        options=d.options,
        result="win",
        counts=d.counts,
        events=d.events,
    )


def cell_flag(how: str) -> tuple[str, str | None]:
    """A grid cell's how and the flag it carries: ``discard+kong_flower`` is a win on the
    replacement tile of ``from``'s exposed kong (see :func:`forced_flag`)."""
    h, _, fid = how.partition("+")
    return h, fid or None


def forced_flag(d: Draft, n: int, p: str, src: str | None) -> str | None:
    """The one flag that makes ``p``'s win on ``src``'s tile possible where a plain discard
    win is not (Guangdong 推倒胡 without discard wins: 杠上开花 on an exposed kong, 杠爆全包):
    the grid offers it as its own way of winning, the flag ticked, rather than a discard
    cell the table does not play."""
    rs = d.rs
    found: list[str] = []
    trial = _trial(d)
    for f in rs.flags:
        if f.how and DISCARD not in f.how:
            continue
        base = WinDraft(winner=p, discarder=src, flags=[f.id])
        if not flag_ok(d, base, f.id):
            continue
        shape_ids: list[str | None] = [None]
        if uses_shape(rs):
            shape_ids = []
            shape_ids += [rs.shapes[i].id for i in shapes(d, base, how=DISCARD)][:2]
        for shape in shape_ids:
            base.shape = shape
            trial.wins = [*d.wins[:n], base]
            if not checks.about_win(checks.problem(trial), n, "from", "robbed_kong", "flags"):
                found.append(f.id)
                break
    return found[0] if len(found) == 1 else None


def how_possible(d: Draft, n: int, p: str, cell: Cell) -> bool:
    """Whether ``p`` can win this way in this hand at all: some shape the scoring core
    accepts without a flag that changes what the "how" is (Guangdong's 杠上开花 turns a
    discard into a kong replacement: that is not a discard win)."""
    rs = d.rs
    h, src = cell
    base = WinDraft(winner=p, discarder=src, robbed_kong=h == ROBBED_KONG)
    options: list[str | None] = [None]
    if uses_shape(rs):
        ids: list[str | None] = []
        ids += [rs.shapes[i].id for i in shapes(d, base, how=h)][:3]
        options = [*ids, None] if not rs.shape_required else list(ids)
    trial = _trial(d)
    for shape in options[:3]:
        w = WinDraft(winner=p, discarder=src, robbed_kong=h == ROBBED_KONG, shape=shape)
        trial.wins = [*d.wins[:n], w]
        err = checks.problem(trial)
        if err is None or not checks.about_win(err, n, "from", "robbed_kong"):
            return True
    return False


# --------------------------------------------------------------------------------------
# the one change the rules force
# --------------------------------------------------------------------------------------
def repair(d: Draft) -> bool:
    """On the way to the preview, make the one change the rules force, if there is exactly
    one: a result the wins imply (Sichuan 血战: with fewer than three winners the hand ended
    in a draw), or the one flag that makes a win possible (Xingguo: a plain win on a discard
    is 德国 at a table where a plain win with 精 cannot be won on a discard). A value under
    the table's minimum is never "repaired" into a limit hand. Returns whether anything
    changed (``d`` is changed in place)."""
    err = checks.problem(d)
    if err is None:
        return False
    rs = d.rs
    fixes: list[Draft] = []
    if d.wins:
        for r in rs.results:
            if r.value != d.result and (r.value == "win" or r.value in rs.wins_allowed_in):
                trial = d.copy()
                trial.result = r.value
                if checks.problem(trial) is None:
                    fixes.append(trial)
    if not checks.is_value_error(err):
        for n, w in enumerate(d.wins):
            for i in flags(d, w):
                fid = rs.flags[i].id
                if fid in w.flags:
                    continue
                trial = d.copy()
                trial.wins[n].flags = [*w.flags, fid]
                if checks.problem(trial) is None:
                    fixes.append(trial)
    if len(fixes) != 1:
        return False
    fixed = fixes[0]
    for key in Draft.KEYS:
        setattr(d, key, getattr(fixed, key))
    return True


# --------------------------------------------------------------------------------------
# everything at once (the Mini App, the differential test)
# --------------------------------------------------------------------------------------
def hand_choices(d: Draft) -> dict[str, list[str]]:
    """The hand's rows of player toggles: riichi's ``riichi`` and, at a draw, ``tenpai``
    (:func:`bot.entry.riichi.hand_choices`); empty elsewhere."""
    return riichi.hand_choices(d)


def choices(d: Draft) -> list[dict[str, Any]]:
    """Per win, what may be chosen now: ``shapes`` and ``flags`` (ids), ``hows`` (the
    ``[how, from]`` cells the table plays for its winner), ``fan_min`` (the keypad's
    minimum), and where the ruleset takes a checklist its ``fans`` and ``fan_total``."""
    rs = d.rs
    has_fans = "fans" in rs.win_inputs
    out = []
    for n, w in enumerate(d.wins):
        choice: dict[str, Any] = {
            "shapes": [rs.shapes[i].id for i in shapes(d, w)],
            "flags": [rs.flags[i].id for i in flags(d, w)],
        }
        if w.winner in d.players:
            choice["hows"] = [[h, src] for h, src in hows(d, n, w.winner)]
        if "fan" in rs.win_inputs and w.winner in d.players:
            choice["fan_min"] = fan_bounds(d, n)[0]
        if has_fans:
            choice["fans"] = fans(d, w)
            choice["fan_total"] = fan_total(d, w)
        if riichi.keypad_win(d, w):  # the han keypad, the fu of that han (bot.entry.riichi)
            choice.update(riichi.win_choices(d, w))
        out.append(choice)
    return out
