"""Random valid hand records for any ruleset, built from its declarations alone.

Used by the property tests (wrapped in a hypothesis strategy) and by the benchmark. Plain
``random.Random`` only: no hypothesis at run time. "Valid" means valid against the
declarations (what :func:`scoring.engine.validate` checks before the ruleset's own
``check``); a ruleset's own checks may still reject a record, with :class:`RecordError`.

Also defines the settlement invariants every ruleset must keep (:func:`settlement_problems`).
"""

from __future__ import annotations

import json
import random
import re
import sys
from collections.abc import Sequence
from typing import Any

from scoring.declarations import (
    DISCARD,
    ROBBED_KONG,
    SELF_DRAWN,
    OptionDecl,
    WinItemDecl,
    is_enabled,
    item_problem,
)
from scoring.errors import RecordError
from scoring.record import LEDGER_MAX, Event, HandRecord, OptionValue, Settlement, Win
from scoring.ruleset import Options, Ruleset
from scoring.ruleset import how as how_of

NAMES = ("alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi")
GUESTS = ("guest_ann", "guest_ben", "guest_cy")

#: The pseudo-party for money paid into or out of nothing (a kitty, a fine to nobody). A
#: ruleset that pays into or out of nothing pays to / from ``POT`` (with a reason id saying
#: why, and an explanation step); ``net`` then has a ``POT`` entry, so it still sums to zero
#: over all its keys, and the players' own nets sum to ``-net[POT]``.
POT = "pot"

_ID = re.compile(r"^[a-z][a-z0-9_]*$")


def _option_value(rng: random.Random, decl: OptionDecl, extreme: bool = False) -> OptionValue:
    if decl.kind == "bool":
        return rng.random() < 0.5
    if decl.kind == "choice":
        return rng.choice(decl.choices).value
    default = int(decl.default)
    lo = decl.min if decl.min is not None else default - 5
    hi = decl.max if decl.max is not None else default + 20
    if extreme and rng.random() < 0.8:
        return rng.choice((lo, hi, hi, hi))
    if hi - lo > 1000 and rng.random() < 0.7:
        hi = lo + 20  # mostly small values for huge ranges, sometimes the extremes
    return rng.randint(lo, hi) if rng.random() < 0.85 else rng.choice((lo, hi))


def random_options(
    rng: random.Random, rs: Ruleset, *, extreme: bool = False
) -> dict[str, OptionValue]:
    """A preset (sometimes) and a few overrides, each within its declaration (``extreme``:
    more overrides, integers mostly at their declared bounds)."""
    given: dict[str, OptionValue] = {}
    if rs.presets and rng.random() < 0.6:
        given["preset"] = rng.choice(rs.presets).id
    for decl in rs.options:
        if rng.random() < (0.7 if extreme else 0.3):
            given[decl.id] = _option_value(rng, decl, extreme)
    return given


def _enabled(enabled_by: str | None, opts: Options) -> bool:
    return is_enabled(enabled_by, opts)


def _item_ok(
    item: WinItemDecl,
    w_how: str,
    is_dealer: bool,
    shape: str | None,
    chosen: Sequence[WinItemDecl],
    opts: Options,
) -> bool:
    others = [c.id for c in chosen] + ([shape] if shape else [])
    if item_problem(
        item, how=w_how, winner_is_dealer=is_dealer, shape=shape, others=others, opts=opts
    ):
        return False
    # and the other way round: an item already chosen that excludes this one
    return not any(c.excludes(item.id, opts) for c in chosen)


def _fan_ids(rs: Ruleset) -> list[str]:
    fans = rs.extra_json().get("fans")
    if not isinstance(fans, list):
        return []
    return [f["id"] for f in fans if isinstance(f, dict) and isinstance(f.get("id"), str)]


def _random_win(
    rng: random.Random,
    rs: Ruleset,
    opts: Options,
    dealer: str,
    winner: str,
    w_how: str,
    discarder: str | None,
    extreme: bool = False,
) -> Win:
    is_dealer = winner == dealer
    inputs = rs.win_inputs
    shape: WinItemDecl | None = None
    use_shape = "shape" in inputs and bool(rs.shapes)
    fan: int | None = None
    fans: tuple[str, ...] | None = None
    alternatives: list[str] = []
    if "fan" in inputs:
        alternatives.append("fan")
    fan_ids = _fan_ids(rs) if "fans" in inputs else []
    if fan_ids:
        alternatives.append("fans")
    if use_shape:
        shapes = [s for s in rs.shapes if _item_ok(s, w_how, is_dealer, None, [], opts)]
        if shapes and (not alternatives or rng.random() < 0.7):
            if rs.shape_required or rng.random() < 0.8:
                shape = rng.choice(shapes)
            alternatives = []
        elif not shapes and rs.shape_required and not alternatives:
            shape = None  # no shape fits: the record will be rejected, which is allowed
    if alternatives:
        pick = rng.choice(alternatives)
        if pick == "fan":
            fan = rng.choice((rng.randint(0, 12), rng.randint(8, 40), rng.randint(0, 200)))
            if extreme and rng.random() < 0.7:
                from scoring.engine import MAX_FAN  # lazy: the engine imports the registry

                fan = rng.choice((MAX_FAN, MAX_FAN, rng.randint(13, 64)))
        else:
            fans = tuple(rng.sample(fan_ids, rng.randint(1, min(4, len(fan_ids)))))
    chosen: list[WinItemDecl] = [shape] if shape else []
    flags: list[str] = []
    pool = list(rs.flags)
    rng.shuffle(pool)
    p_flag = rng.choice((0.6, 0.9, 1.0) if extreme else (0.1, 0.3, 0.6))
    for flag in pool:
        if rng.random() < p_flag and _item_ok(
            flag, w_how, is_dealer, shape.id if shape else None, chosen, opts
        ):
            chosen.append(flag)
            flags.append(flag.id)
    return Win(
        winner=winner,
        discarder=discarder,
        robbed_kong=w_how == ROBBED_KONG,
        shape=shape.id if shape else None,
        flags=tuple(flags),
        fan=fan,
        fans=fans,
    )


def _random_wins(
    rng: random.Random,
    rs: Ruleset,
    opts: Options,
    players: Sequence[str],
    dealer: str,
    extreme: bool = False,
) -> tuple[Win, ...]:
    n = len(players)
    if rs.multi_win == "none" or n < 3:
        count = 1
    elif rs.multi_win == "sequential":
        # 血战: a won hand usually goes on until all but one have won
        count = rng.choice((1, 2, n - 1, n - 1, n - 1))
    else:
        count = rng.choice((1, 1, 1, 2, 2, n - 1))
    winners = rng.sample(list(players), count)
    wins: list[Win] = []
    hows = (SELF_DRAWN, DISCARD, DISCARD, ROBBED_KONG)
    if rs.multi_win == "same_discard" and count > 1:
        w_how = rng.choice((DISCARD, DISCARD, ROBBED_KONG))
        shooter = rng.choice([p for p in players if p not in winners])
        for w in winners:
            wins.append(_random_win(rng, rs, opts, dealer, w, w_how, shooter, extreme))
        return tuple(wins)
    done: list[str] = []
    for w in winners:
        w_how = rng.choice(hows)
        discarder: str | None = None
        if w_how != SELF_DRAWN:
            # 血战: a player who already won has left the hand and discards no more
            candidates = [p for p in players if p != w and p not in done]
            discarder = rng.choice(candidates)
            prev = wins[-1] if wins else None
            if (
                prev is not None
                and prev.discarder in candidates
                and w_how == how_of(prev)
                and rng.random() < 0.4
            ):
                discarder = prev.discarder  # 血战: often several winners on one discard
        wins.append(_random_win(rng, rs, opts, dealer, w, w_how, discarder, extreme))
        done.append(w)
    return tuple(wins)


def _random_counts(
    rng: random.Random,
    rs: Ruleset,
    opts: Options,
    players: Sequence[str],
    result: str,
    extreme: bool = False,
    winners: Sequence[str] = (),
) -> dict[str, dict[str, int]]:
    counts: dict[str, dict[str, int]] = {}
    # many counts are the winners' only (根, flowers, 花): often count only for the winners
    counted = list(players)
    if winners and rng.random() < 0.4:
        counted = [p for p in players if p in winners]
    for decl in rs.counts:
        if not _enabled(decl.enabled_by, opts) or rng.random() < 0.35:
            continue
        row: dict[str, int] = {}
        budget = decl.total_max
        for p in rng.sample(counted, len(counted)):
            if rng.random() < 0.5:
                continue  # left out = 0 (allowed when min <= 0)
            hi = decl.max
            if budget is not None:
                hi = min(hi, budget)
            lo = decl.min
            if hi < lo:
                break
            v = rng.randint(lo, hi) if rng.random() < 0.8 else rng.choice((lo, hi))
            if extreme and rng.random() < 0.7:
                v = hi
            elif rng.random() < 0.6:
                v = max(lo, min(v, lo + 1))  # small counts are the common case
            row[p] = v
            if budget is not None:
                budget -= v
        # a player left out counts 0: fill in when 0 is below the declared minimum
        if decl.min > 0:
            for p in players:
                row.setdefault(p, decl.min)
            if decl.total_max is not None and sum(row.values()) > decl.total_max:
                continue
        if decl.results and result not in decl.results:
            continue  # drawn all the same, so the random sequence does not depend on it
        counts[decl.id] = row
    return counts


def _random_events(
    rng: random.Random,
    rs: Ruleset,
    opts: Options,
    players: Sequence[str],
    result: str,
    extreme: bool = False,
) -> tuple[Event, ...]:
    decls = [
        e
        for e in rs.events
        if _enabled(e.enabled_by, opts) and (not e.results or result in e.results)
    ]
    if not decls:
        return ()
    events: list[Event] = []
    for _ in range(rng.choice((2, 4, 8) if extreme else (0, 0, 0, 1, 1, 2, 3))):
        decl = rng.choice(decls)
        player = rng.choice(players)
        source: str | None = None
        if decl.source == "required" or (decl.source == "optional" and rng.random() < 0.5):
            source = rng.choice([p for p in players if p != player])
        data: dict[str, OptionValue] = {}
        for f in decl.fields:
            if rng.random() < 0.15:
                continue  # omitted field: the ruleset's default applies
            if f.kind == "text":
                data[f.id] = rng.choice((*GUESTS, *players))
            elif extreme and rng.random() < 0.7:
                data[f.id] = f.max
            elif rng.random() < 0.5:
                data[f.id] = min(max(f.default, f.min), f.max)
            else:
                data[f.id] = rng.randint(f.min, f.max) if rng.random() < 0.8 else f.max
        events.append(Event(decl.id, player, source, data))
    return tuple(events)


def random_record(rs: Ruleset, rng: random.Random, *, extreme: bool = False) -> HandRecord:
    """A random record for ``rs`` that satisfies its declarations.

    ``extreme``: integers mostly at their declared maximum (options, counts, event fields, a
    fan given directly), many flags and events: the records that make the largest amounts.
    """
    n = rng.choice(rs.players)
    players = tuple(rng.sample(NAMES, n)) if n <= len(NAMES) else tuple(f"p{i}" for i in range(n))
    dealer = rng.choice(players)
    # an option set the ruleset refuses as a whole (``check_options``) is drawn again
    for _ in range(20):
        given = random_options(rng, rs, extreme=extreme)
        try:
            opts = rs.resolve_options(given)
            break
        except RecordError:
            continue
    else:
        given = {}
        opts = rs.resolve_options(given)
    result_ids = [r.value for r in rs.results]
    weights = [4 if r == "win" else 1 for r in result_ids]
    result = rng.choices(result_ids, weights)[0]
    wins: tuple[Win, ...] = ()
    if result == "win" or (result in rs.wins_allowed_in and rng.random() < 0.5):
        wins = _random_wins(rng, rs, opts, players, dealer, extreme)
    return HandRecord(
        ruleset=rs.id,
        players=players,
        dealer=dealer,
        result=result,
        wins=wins,
        options=given,
        counts=_random_counts(rng, rs, opts, players, result, extreme, [w.winner for w in wins]),
        events=_random_events(rng, rs, opts, players, result, extreme),
    )


def random_settling_record(
    rs: Ruleset, rng: random.Random, tries: int = 500, *, extreme: bool = False
) -> HandRecord:
    """A random record that ``rs`` also accepts (its own ``check`` included): up to ``tries``
    attempts, then the last attempt whatever it is."""
    from scoring.engine import settle  # the engine imports the registry; keep this lazy

    record = random_record(rs, rng, extreme=extreme)
    for _ in range(tries - 1):
        try:
            settle(record)
            return record
        except RecordError:
            record = random_record(rs, rng, extreme=extreme)
    return record


def random_records(
    rs: Ruleset, count: int, seed: int = 0, *, settling: bool = True
) -> list[HandRecord]:
    """``count`` random records for ``rs`` from ``random.Random(seed)``."""
    rng = random.Random(seed)
    make = random_settling_record if settling else random_record
    return [make(rs, rng) for _ in range(count)]


def clear_caches() -> None:
    """Empty every memo in :mod:`scoring`: each ``functools`` cache at module or class level in
    a loaded ``scoring`` module, and every ruleset class's resolved option sets. The benchmark
    calls this before each cold pass, so no record has been settled in that cache state."""
    for name, module in list(sys.modules.items()):
        if module is None or not (name == "scoring" or name.startswith("scoring.")):
            continue
        for value in list(vars(module).values()):
            _clear(value)
            if isinstance(value, type) and value.__module__ == name:
                for attr in list(vars(value).values()):
                    _clear(getattr(attr, "__func__", attr))
    todo: list[type[Ruleset]] = [Ruleset]
    while todo:
        cls = todo.pop()
        todo.extend(cls.__subclasses__())
        if "_resolved" in vars(cls):
            cls._resolved.clear()


def _clear(value: object) -> None:
    clear = getattr(value, "cache_clear", None)
    if callable(clear):
        clear()


# --- invariants ----------------------------------------------------------------------------


def settlement_problems(record: HandRecord, s: Settlement) -> list[str]:
    """What is wrong with a settlement by the contract's general rules (empty = nothing).

    * every amount and net value is an ``int`` of at most :data:`LEDGER_MAX` (in absolute
      value); every payment is positive, between two
      different parties, with an ASCII snake_case reason id;
    * ``net`` lists every seated player and equals the sum of the payments, party by party;
    * ``net`` sums to zero over its keys; a party that is not seated is a guest named in an
      event's text field, or :data:`POT` (money into or out of nothing: the players' nets then
      do not sum to zero, and the ``POT`` payments' reason ids say why);
    * the explanation has at least one step when anything is paid, and every step has
      Chinese and English text;
    * the settlement survives a JSON round trip.
    """
    problems: list[str] = []
    seated = set(record.players)
    guests = {v for e in record.events for v in e.data.values() if isinstance(v, str)}
    sums: dict[str, int] = {}
    for i, p in enumerate(s.payments):
        if type(p.amount) is not int:
            problems.append(f"payments[{i}].amount is not an int: {p.amount!r}")
            continue
        if p.amount <= 0:
            problems.append(f"payments[{i}].amount is not positive: {p.amount}")
        if p.payer == p.payee:
            problems.append(f"payments[{i}] pays {p.payer!r} to themselves")
        if not _ID.match(p.reason):
            problems.append(f"payments[{i}].reason is not a snake_case id: {p.reason!r}")
        sums[p.payer] = sums.get(p.payer, 0) - p.amount
        sums[p.payee] = sums.get(p.payee, 0) + p.amount
    for i, p in enumerate(s.payments):
        if type(p.amount) is int and p.amount > LEDGER_MAX:
            problems.append(f"payments[{i}].amount {p.amount} is above the ledger's {LEDGER_MAX}")
    for party, value in s.net.items():
        if type(value) is not int:
            problems.append(f"net[{party!r}] is not an int: {value!r}")
        elif abs(value) > LEDGER_MAX:
            problems.append(f"net[{party!r}] = {value} is beyond the ledger's ±{LEDGER_MAX}")
    missing = seated - set(s.net)
    if missing:
        problems.append(f"net leaves out seated players {sorted(missing)}")
    outsiders = set(s.net) - seated - guests - {POT}
    if outsiders:
        problems.append(f"net has unknown parties {sorted(outsiders)}")
    for party in set(s.net) | set(sums):
        if s.net.get(party, 0) != sums.get(party, 0):
            problems.append(
                f"net[{party!r}] = {s.net.get(party, 0)} but payments give {sums.get(party, 0)}"
            )
    total = sum(v for v in s.net.values() if type(v) is int)
    if total != 0:
        problems.append(f"net sums to {total}, not 0")
    if not s.explanation and s.payments:
        problems.append("the explanation is empty")
    for i, step in enumerate(s.explanation):
        if not (isinstance(step.zh, str) and step.zh.strip()):
            problems.append(f"explanation[{i}].zh is empty")
        if not (isinstance(step.en, str) and step.en.strip()):
            problems.append(f"explanation[{i}].en is empty")
    if not problems and Settlement.from_json(_json_round(s.to_json())) != s:
        problems.append("the settlement does not survive a JSON round trip")
    return problems


def _json_round(data: dict[str, Any]) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(json.dumps(data, ensure_ascii=False))
    return loaded
