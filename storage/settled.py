"""Settle a hand once, with player references a display names later (issue 15 point 1).

Hand records use the ledger's player ids (``str(player.id)``), so the scoring core's
explanation steps read "17 pays 8". Rather than settle the hand again with display names each
time it is shown, the ledger settles it once, with every player id of the record replaced by a
*reference*: the id between two private-use characters (``\\ue000 17 \\ue001``), which no
ruleset, converter (Simplified → Traditional) or HTML escaping changes. The payments and nets
are mapped back to the real ids (the ledger rows, the standings); the explanation keeps the
references, and a display puts the current names in (:func:`name_refs`, used by
``bot/present.py``) in any language.

Which ids are replaced is found generically: the seats, the dealer, the wins' winner and
discarder, the counts' players, the events' ``player`` and ``from``, and every event field the
ruleset declares ``kind="text"`` (e.g. the Yichun side bet's backer, who may be unseated).
Pseudo-players such as the pot (``"pot"``) are not ids of the record and stay as they are.

The names of the ruleset's declared items (shapes, flags, fans, reasons …) are referenced too
(:mod:`scoring.refs`, on while settling for storage), so a stored hand reads the declared
Traditional names in zh_Hant and picks up a renamed declaration.

The stored settlement JSON is the contract's plus ``"format": FORMAT`` (4: player and name
references, and each step's Japanese line ``ja``; 3 had no ``ja``). A format-2 hand (player references, names as plain text) is shown as stored; a
hand stored before (format 1, no ``format``) has ids in its explanation, and a display settles
it again with names (the fallback, ``bot/present.py``). ``mahjong-tally db upgrade`` brings
format 1–3 hands to format 4 (:func:`upgrade_stored`: only where the record still settles
to the stored amounts); a format-3 hand is shown as stored, in English in a Japanese chat.
"""

from __future__ import annotations

import json
import re
from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select, update

import scoring
from scoring import refs
from scoring.errors import RecordError
from scoring.record import Event, HandRecord, Payment, Settlement, Step, Win
from storage.models import Hand

#: the settlement format the ledger stores: 2 = explanation steps carry player references,
#: 3 = and name references to the ruleset's declared items (:mod:`scoring.refs`), 4 = and
#: every step's Japanese line (issue 27.6)
FORMAT = 4
#: the first format whose explanation carries player references (shown without settling)
PLAYER_REFS = 2
OPEN, CLOSE = "\ue000", "\ue001"
REF = re.compile(f"{OPEN}([^{OPEN}{CLOSE}]*){CLOSE}")


def ref(player_id: str) -> str:
    """The reference to ``player_id`` inside an explanation step."""
    return f"{OPEN}{player_id}{CLOSE}"


def name_refs(text: str, names: Mapping[str, str]) -> str:
    """``text`` with each reference replaced by the player's name (the id if unnamed)."""
    if OPEN not in text:
        return text
    return REF.sub(lambda m: names.get(m.group(1), m.group(1)), text)


#: a player reference or a name reference (:mod:`scoring.refs`): both named in one pass
ANY_REF = re.compile(
    f"{OPEN}([^{OPEN}{CLOSE}]*){CLOSE}|{refs.OPEN}([^{refs.OPEN}{refs.CLOSE}]*){refs.CLOSE}"
)


def name_all(text: str, names: Mapping[str, str], lang: str) -> str:
    """``text`` (already in its language: zh, zh_Hant converted, or en) with each declared
    item's reference named in ``lang`` (:func:`scoring.refs.one`) and each player reference
    by the player's name (the id if unnamed), in one pass: neither name is converted."""
    if OPEN not in text and refs.OPEN not in text:
        return text

    def sub(m: re.Match[str]) -> str:
        pid = m.group(1)
        if pid is not None:
            return names.get(pid, pid)
        return refs.one(m.group(2), lang)

    return ANY_REF.sub(sub, text)


def strip_refs(text: str) -> str:
    """``text`` with each reference replaced by the bare id (what the core would have said)."""
    return name_refs(text, {})


@dataclass(frozen=True, slots=True)
class Settled:
    """A hand settled once: ``settlement`` with real ids in payments and net and references in
    its explanation, and the dealer of the next hand."""

    settlement: Settlement
    next_dealer: str


def record_ids(record: HandRecord) -> set[str]:
    """Every player id a record names (see the module docstring)."""
    rs = scoring.get(record.ruleset)
    ids = {*record.players, record.dealer}
    for w in record.wins:
        ids.add(w.winner)
        if w.discarder is not None:
            ids.add(w.discarder)
    for per in record.counts.values():
        ids.update(per)
    for ev in record.events:
        ids.add(ev.player)
        if ev.source is not None:
            ids.add(ev.source)
        texts = _text_fields(rs, ev.type)
        ids.update(str(v) for k, v in ev.data.items() if k in texts and isinstance(v, str))
    return ids


def _text_fields(rs: Any, event_type: str) -> set[str]:
    decl = rs.event(event_type)
    if decl is None:
        return set()
    return {f.id for f in decl.fields if f.kind == "text" and f.person}


def rename(record: HandRecord, mapping: Mapping[str, str]) -> HandRecord:
    """``record`` with its player ids renamed by ``mapping`` (ids not in it stay)."""
    rs = scoring.get(record.ruleset)

    def m(pid: str) -> str:
        return mapping.get(pid, pid)

    def event(ev: Event) -> Event:
        texts = _text_fields(rs, ev.type)
        data = {k: (m(v) if k in texts and isinstance(v, str) else v) for k, v in ev.data.items()}
        return Event(ev.type, m(ev.player), None if ev.source is None else m(ev.source), data)

    return HandRecord(
        ruleset=record.ruleset,
        players=tuple(m(p) for p in record.players),
        dealer=m(record.dealer),
        result=record.result,
        wins=tuple(
            Win(
                m(w.winner),
                None if w.discarder is None else m(w.discarder),
                w.robbed_kong,
                w.shape,
                w.flags,
                w.fan,
                w.fans,
                w.tiles,
            )
            for w in record.wins
        ),
        options=record.options,
        counts={cid: {m(p): n for p, n in per.items()} for cid, per in record.counts.items()},
        events=tuple(event(ev) for ev in record.events),
    )


def settle_once(record: HandRecord) -> Settled:
    """Validate and settle ``record`` once, with references in the explanation; the next
    dealer from the same validated record (the ruleset's ``next_dealer``, no second
    validation). Raises :class:`RecordError` as ``scoring.settle`` does, naming real ids."""
    ids = record_ids(record)
    if any(OPEN in p or CLOSE in p for p in ids):  # cannot be referenced: settle plainly
        return Settled(scoring.settle(record), scoring.next_dealer(record))
    # what the declarations refuse, refused in the record's own words without settling it
    # twice (a tap's trials are often refused: the winners' grid tries every way of winning)
    scoring.validate(record)
    to_ref = {p: ref(p) for p in ids}
    back = {r: p for p, r in to_ref.items()}
    marked = rename(record, to_ref)
    try:
        with refs.referencing(record.ruleset):
            st = scoring.settle(marked)
    except RecordError:
        # a ruleset's own refusal, in the record's own words (ids, not references); a ruleset
        # that read an id's spelling and settled the plain record would be stored plainly
        # (the property test tests/storage/test_settled.py checks that none does)
        return Settled(scoring.settle(record), scoring.next_dealer(record))
    rs = scoring.get(record.ruleset)
    dealer = rs.next_dealer(marked)
    return Settled(map_ids(st, back.get), back.get(dealer, dealer))


#: the answers of :func:`settle_memo`, by record (a tap asks about a few: its trial, the repair
#: on the way to the preview, the preview itself)
_MEMO: OrderedDict[str, Settled | RecordError] = OrderedDict()
MEMO_KEPT = 256


def settle_memo(record: HandRecord | Mapping[str, Any]) -> Settled:
    """:func:`settle_once`, its answer kept for the same record (the scoring core is pure): a
    hand being entered is asked about when a tap is checked (may it be chosen?) and again when
    its preview is drawn — one settle for both. ``record`` may be its JSON (read only when it
    was not asked before; a malformed one raises its RecordError too). Not for the ledger,
    which settles what it stores itself."""
    data = record if isinstance(record, Mapping) else record.to_json()
    key = json.dumps(data, sort_keys=True, default=str)
    hit = _MEMO.get(key)
    if hit is None:
        try:
            rec = record if isinstance(record, HandRecord) else HandRecord.from_json(data)
            hit = settle_once(rec)
        except RecordError as err:
            hit = err
        _MEMO[key] = hit
        if len(_MEMO) > MEMO_KEPT:
            _MEMO.popitem(last=False)
    else:
        _MEMO.move_to_end(key)
    if isinstance(hit, RecordError):
        raise RecordError(hit.field, hit.message)  # a new one each time: no traceback grows
    return hit


def map_ids(st: Settlement, get: Callable[[str], str | None]) -> Settlement:
    """``st`` with the ids of payments and net mapped by ``get`` (None = unchanged)."""

    def m(pid: str) -> str:
        return get(pid) or pid

    return Settlement(
        tuple(Payment(m(p.payer), m(p.payee), p.amount, p.reason) for p in st.payments),
        {m(k): v for k, v in st.net.items()},
        st.explanation,
    )


def stored_json(st: Settlement) -> dict[str, Any]:
    """The settlement JSON the ledger stores: the contract's, plus ``format``."""
    return {**st.to_json(), "format": FORMAT}


def format_of(data: Mapping[str, Any]) -> int:
    """The format of a stored settlement JSON (1 = before references)."""
    v = data.get("format", 1)
    return v if isinstance(v, int) else 1


def plain(st: Settlement) -> Settlement:
    """``st`` with its references replaced by the bare ids and the declared names (zh, en):
    the core's own words."""
    return Settlement(
        st.payments,
        st.net,
        tuple(
            Step(
                *refs.resolve_pair(strip_refs(s.zh), strip_refs(s.en)),
                refs.resolve(strip_refs(s.ja), "en"),  # ja names the items as the en does
            )
            for s in st.explanation
        ),
    )


@dataclass(frozen=True, slots=True)
class Upgrade:
    """What :func:`upgrade_stored` did: hands given references, hands left as they were
    (their record no longer settles, or settles to other amounts than stored)."""

    upgraded: int
    kept: int


def upgrade_stored(engine: Any, batch: int = 500) -> Upgrade:
    """Give the hands stored before format 4 (ids, plain names, or no Japanese) their
    referenced explanation with its Japanese lines, in place: the record is settled again and, only if it pays exactly the stored payments and
    nets, the stored explanation is replaced (amounts and ledger rows are never touched).
    Idempotent; hands it keeps are still shown by the display's fallback (``bot/present.py``).
    ``engine``: the ledger's SQLAlchemy engine (``Ledger.engine``)."""
    ht = Hand.__table__  # type: ignore[attr-defined]
    upgraded = kept = 0
    last = 0
    while True:
        with engine.begin() as conn:
            rows = conn.execute(
                select(ht.c.id, ht.c.record, ht.c.settlement)
                .where(ht.c.id > last, ~ht.c.settlement.contains(f'"format":{FORMAT}'))
                .order_by(ht.c.id)
                .limit(batch)
            ).all()
            if not rows:
                return Upgrade(upgraded, kept)
            for hid, rec_text, st_text in rows:
                last = hid
                st = json.loads(st_text)
                if format_of(st) >= FORMAT:
                    continue
                try:
                    new = settle_once(HandRecord.from_json(json.loads(rec_text))).settlement
                except RecordError:
                    kept += 1
                    continue
                old = Settlement.from_json(st)
                if new.payments != old.payments or dict(new.net) != dict(old.net):
                    kept += 1
                    continue
                text = json.dumps(stored_json(new), ensure_ascii=False, separators=(",", ":"))
                conn.execute(update(ht).where(ht.c.id == hid).values(settlement=text))
                upgraded += 1
