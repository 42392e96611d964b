"""Validate a hand record against its ruleset's declarations, then settle it.

``settle(record)`` is the one entry point: it accepts a :class:`HandRecord` or the contract's
JSON object, and either returns a :class:`Settlement` or raises :class:`RecordError` naming
the bad field. Nothing else escapes: an unexpected internal failure is a bug, and the
property tests look for it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scoring import registry
from scoring.declarations import CountDecl, FieldDecl, is_enabled, item_problem
from scoring.errors import RecordError
from scoring.record import LEDGER_MAX, Event, HandRecord, Settlement, Step, Win
from scoring.ruleset import Options, Ruleset, how

NOTHING_PAID = Step("本局无人付款", "Nobody pays anything for this hand", "この局の支払いはなし")

#: the largest fan/番/台/花 total a win may give directly (keeps 2^fan formulas finite)
MAX_FAN = 999

#: the most events one hand may list: each carries money of its own, so their number must be
#: bounded for the amounts to be (LEDGER_MAX); a hand has 16 kongs at most plus a few others
MAX_EVENTS = 64


def _fail(path: str, message: str) -> None:
    raise RecordError(path, message)


def _check_win(rs: Ruleset, record: HandRecord, opts: Options, i: int, win: Win) -> None:
    # paths and messages are only formatted on failure: this runs for every hand
    players = record.players
    if win.winner not in players:
        _fail(f"wins[{i}].winner", f"unknown player {win.winner!r}")
    if win.discarder is not None:
        if win.discarder not in players:
            _fail(f"wins[{i}].from", f"unknown player {win.discarder!r}")
        if win.discarder == win.winner:
            _fail(f"wins[{i}].from", "the winner cannot also be the discarder")
    elif win.robbed_kong:
        _fail(f"wins[{i}].from", "a robbed kong needs the player who was making the kong")
    inputs = rs.win_inputs
    w_how = how(win)
    is_dealer = win.winner == record.dealer
    others = (win.shape, *win.flags)
    if win.shape is not None:
        if "shape" not in inputs or not rs.shapes:
            _fail(f"wins[{i}].shape", f"ruleset {rs.id} has no shapes; use null")
        shape = rs.shape(win.shape)
        if shape is None:
            _fail(f"wins[{i}].shape", f"unknown shape {win.shape!r} for ruleset {rs.id}")
        assert shape is not None
        why = item_problem(
            shape, how=w_how, winner_is_dealer=is_dealer, shape=win.shape, others=others, opts=opts
        )
        if why:
            _fail(f"wins[{i}].shape", f"shape {shape.id!r} {why}")
    elif (
        rs.shapes
        and rs.shape_required
        and "shape" in inputs
        and not (win.fan is not None or win.fans is not None or win.tiles is not None)
    ):
        _fail(f"wins[{i}].shape", "a shape is required")
    for j, flag_id in enumerate(win.flags):
        flag = rs.flag(flag_id)
        if flag is None:
            _fail(f"wins[{i}].flags[{j}]", f"unknown flag {flag_id!r} for ruleset {rs.id}")
        assert flag is not None
        why = item_problem(
            flag, how=w_how, winner_is_dealer=is_dealer, shape=win.shape, others=others, opts=opts
        )
        if why:
            _fail(f"wins[{i}].flags[{j}]", f"flag {flag.id!r} {why}")
    if win.fan is not None or win.fans is not None or win.tiles is not None:
        for key, value in (("fan", win.fan), ("fans", win.fans), ("tiles", win.tiles)):
            if value is not None and key not in inputs:
                _fail(f"wins[{i}].{key}", f"ruleset {rs.id} does not take {key!r}; use null")
        if win.fan is not None and not 0 <= win.fan <= MAX_FAN:
            _fail(f"wins[{i}].fan", f"must be between 0 and {MAX_FAN}")


def _check_wins(rs: Ruleset, record: HandRecord, opts: Options) -> None:
    wins = record.wins
    if not wins:
        if record.result == "win":
            _fail("wins", "a won hand needs at least one win")
        return
    if record.result not in rs.wins_allowed_in:
        _fail("wins", f"a hand with result {record.result!r} has no wins")
    if len(wins) > 1:
        if len({w.winner for w in wins}) != len(wins):
            _fail("wins", "a player wins only once per hand")
        if rs.multi_win == "none":
            _fail("wins", f"ruleset {rs.id} allows one winner per hand")
        if rs.multi_win == "same_discard":
            first = wins[0].discarder
            if first is None or any(w.discarder != first for w in wins):
                _fail("wins", "several winners must all win on the same discard")
            if any(w.robbed_kong != wins[0].robbed_kong for w in wins):
                _fail("wins", "several winners must all win the same way")
        if len(wins) >= len(record.players):
            _fail("wins", "at least one player must not win")
    for i, win in enumerate(wins):
        _check_win(rs, record, opts, i, win)


def _fail_count_entry(
    cid: str, decl: CountDecl, per: Mapping[str, int], players: tuple[str, ...]
) -> None:
    """Raise for the first bad entry of a count (a quick test over all of them failed)."""
    for p, n in per.items():
        if p not in players:
            _fail(f"counts.{cid}.{p}", f"unknown player {p!r}")
        if n < decl.min:
            _fail(f"counts.{cid}.{p}", f"must be at least {decl.min} (got {n})")
        if n > decl.max:
            _fail(f"counts.{cid}.{p}", f"must be at most {decl.max} (got {n})")


def _check_counts(rs: Ruleset, record: HandRecord, opts: Options) -> None:
    players = record.players
    seated = frozenset(players)
    for cid, per in record.counts.items():
        decl = rs.count(cid)
        if decl is None:
            _fail(f"counts.{cid}", f"unknown count for ruleset {rs.id}")
        assert decl is not None
        if decl.enabled_by is not None and not is_enabled(decl.enabled_by, opts):
            if any(per.values()):
                _fail(f"counts.{cid}", f"not played at this table (option {decl.enabled_by})")
        if decl.results and record.result not in decl.results and any(per.values()):
            who = next(p for p, n in per.items() if n)
            _fail(f"counts.{cid}.{who}", f"not counted in a {record.result!r} hand")
        if per and not (
            per.keys() <= seated and decl.min <= min(per.values()) and max(per.values()) <= decl.max
        ):
            _fail_count_entry(cid, decl, per, players)
        if decl.total_max is not None and sum(per.values()) > decl.total_max:
            _fail(f"counts.{cid}", f"the players' total must be at most {decl.total_max}")


def _check_events(rs: Ruleset, record: HandRecord, opts: Options) -> None:
    players = record.players
    for i, ev in enumerate(record.events):
        decl = rs.event(ev.type)
        if decl is None:
            _fail(f"events[{i}].type", f"unknown event {ev.type!r} for ruleset {rs.id}")
        assert decl is not None
        if (
            decl.enabled_by is not None
            and not decl.off_pays_nothing
            and not is_enabled(decl.enabled_by, opts)
        ):
            _fail(f"events[{i}].type", f"not played at this table (option {decl.enabled_by})")
        if decl.results and record.result not in decl.results:
            _fail(f"events[{i}].type", f"{ev.type!r} cannot happen in a {record.result!r} hand")
        if ev.player not in players:
            _fail(f"events[{i}].player", f"unknown player {ev.player!r}")
        if ev.source is None:
            if decl.source == "required":
                _fail(f"events[{i}].from", f"{ev.type!r} needs the player it came from")
        else:
            if decl.source == "forbidden":
                _fail(f"events[{i}].from", f"{ev.type!r} has no 'from' player")
            if ev.source not in players:
                _fail(f"events[{i}].from", f"unknown player {ev.source!r}")
            if ev.source == ev.player:
                _fail(f"events[{i}].from", "must be another player")
        if ev.data:
            _check_event_data(rs.event_fields(ev.type), ev, f"events[{i}]")


def _check_event_data(fields: Mapping[str, FieldDecl], ev: Event, path: str) -> None:
    for key, value in ev.data.items():
        fdecl = fields.get(key)
        if fdecl is None:
            _fail(f"{path}.{key}", f"unknown field for event {ev.type!r}")
        assert fdecl is not None
        if fdecl.kind == "text":
            if not isinstance(value, str) or not value:
                _fail(f"{path}.{key}", "must be a non-empty text id")
            continue
        if not isinstance(value, int) or isinstance(value, bool):
            _fail(f"{path}.{key}", "must be an integer")
        assert isinstance(value, int)
        if not fdecl.min <= value <= fdecl.max:
            _fail(f"{path}.{key}", f"must be between {fdecl.min} and {fdecl.max}")


def validate(record: HandRecord) -> tuple[Ruleset, Options]:
    """Check ``record`` against its ruleset; return the ruleset and the resolved options."""
    rs = registry.get(record.ruleset)
    opts = rs.resolve_options(record.options)
    n = len(record.players)
    if n not in rs.players:
        allowed = ", ".join(str(k) for k in rs.players)
        _fail("players", f"ruleset {rs.id} is played by {allowed} players, not {n}")
    if record.dealer not in record.players:
        _fail("dealer", f"unknown player {record.dealer!r}")
    if record.result not in rs.result_ids():
        allowed = ", ".join(r.value for r in rs.results)
        _fail("result", f"must be one of {allowed}")
    _check_wins(rs, record, opts)
    if record.counts:
        _check_counts(rs, record, opts)
    if record.events:
        if len(record.events) > MAX_EVENTS:
            _fail("events", f"at most {MAX_EVENTS} events per hand (got {len(record.events)})")
        _check_events(rs, record, opts)
    rs.check(record, opts)
    return rs, opts


def _check_bounds(rs: Ruleset, result: Settlement) -> None:
    """The last guard: a settlement beyond what the ledger holds is refused, not stored. The
    rulesets bound their options and counts so that no valid record gets here (the property
    test ``tests/scoring/test_bounds.py`` settles without this guard to prove it)."""
    for value in result.net.values():
        if value > LEDGER_MAX or value < -LEDGER_MAX:
            _fail_bounds(rs)
    for payment in result.payments:
        if payment.amount > LEDGER_MAX:
            _fail_bounds(rs)


def _fail_bounds(rs: Ruleset) -> None:
    _fail(
        "options",
        f"this hand's amounts pass the ledger's limit of {LEDGER_MAX:,} per player under "
        f"ruleset {rs.id}'s options: lower the base or the cap",
    )


def parse(record: HandRecord | Mapping[str, Any]) -> HandRecord:
    return record if isinstance(record, HandRecord) else HandRecord.from_json(dict(record))


def settle(record: HandRecord | Mapping[str, Any]) -> Settlement:
    """Validate and settle one hand. Raises only :class:`RecordError`."""
    rec = parse(record)
    rs, opts = validate(rec)
    result = rs.compute(rec, opts)
    _check_bounds(rs, result)
    if not result.explanation:
        # every settlement carries its derivation, even one where nothing is paid
        result = Settlement(result.payments, result.net, (NOTHING_PAID,))
    return result


def next_dealer(record: HandRecord | Mapping[str, Any]) -> str:
    """Who deals the next hand under the record's ruleset."""
    rec = parse(record)
    rs, _ = validate(rec)
    return rs.next_dealer(rec)
