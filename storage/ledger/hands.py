"""Hands: record a hand exactly once per idempotency key (its ledger rows and the night
totals with it), and read hands back (one, the last, a page of the history)."""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any

from sqlalchemy import Connection, bindparam, func, insert, select
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col

from scoring.errors import RecordError
from scoring.record import HandRecord, Settlement
from storage import settled as settled_store
from storage.errors import Conflict, NotFound, NotSeated
from storage.ledger import append, games
from storage.ledger._base import LedgerBase
from storage.ledger._util import (
    ALL_NIGHTS,
    HT,
    MAX_HAND_POINTS,
    MAX_PAGE_SIZE,
    NGT,
    POT,
    PT,
    ST,
    TT,
    _player_id,
    ledger_rows,
)
from storage.ledger.driver import DriverStatement
from storage.models import GameTable, Hand, LedgerRow, NightTotal, table_of
from storage.views import HandView, Page

# Core rows (/history, the bot's table message): a page of 10 hands 1.29 vs 1.89 / 2.15 vs 6.19
# with Hand entities in a Session, the confirmed-only listing 1.32 vs 1.94 / 2.41 vs 5.99
# (ms, SQLite / PostgreSQL; how: storage/ledger/__init__.py)
_TABLE_COUNTS = select(TT.c.last_seq, TT.c.hand_count).where(TT.c.id == bindparam("t"))
# a page of the history in the order people read it: newest night first, the night's hands
# from its last number down, a corrected hand's superseded versions right under it
_HISTORY_ALL = (
    select(HT)
    .where(HT.c.table_id == bindparam("t"))
    .order_by(HT.c.night.desc(), HT.c.number.desc(), HT.c.id.desc())
    .offset(bindparam("off"))
    .limit(bindparam("lim"))
)
_HISTORY_CONFIRMED = (
    select(HT)
    .where(HT.c.table_id == bindparam("t"), HT.c.status == "confirmed")
    .order_by(HT.c.night.desc(), HT.c.number.desc(), HT.c.id.desc())
    .offset(bindparam("off"))
    .limit(bindparam("lim"))
)
# hand N of a night: its current version (a correction is newer than what it replaced)
_BY_NUMBER = (
    select(HT)
    .where(
        HT.c.table_id == bindparam("t"),
        HT.c.night == bindparam("n"),
        HT.c.number == bindparam("num"),
    )
    .order_by(HT.c.id.desc())
    .limit(1)
)
_TABLE_NIGHT = select(TT.c.night, TT.c.last_number).where(TT.c.id == bindparam("t"))
# the last night with a numbered hand (a night just begun has none yet)
_LAST_PLAYED = select(func.max(NGT.c.number)).where(
    NGT.c.table_id == bindparam("t"), NGT.c.last_number > 0
)


# Core lookups of record_hand (each ORM query also flushes and builds entities)
_BY_KEY = select(HT.c.id).where(HT.c.idempotency_key == bindparam("k"))
#: a new hand's checks (every Confirm), on the driver's cursor (storage/ledger/driver.py)
_PLAYER = DriverStatement(select(PT.c.id).where(PT.c.id == bindparam("p")))
_PLAYER_ROW = DriverStatement(
    select(PT.c.name, PT.c.is_guest, PT.c.guest_chat_id).where(PT.c.id == bindparam("p"))
)
_SEATED = DriverStatement(
    select(ST.c.player_id, PT.c.name)
    .join(PT, PT.c.id == ST.c.player_id)
    .where(ST.c.table_id == bindparam("t"), ST.c.left_at.is_(None))
)


class HandsArea(LedgerBase):
    """Recording hands (exactly once per key) and reading them back."""

    def _by_key(self, s: Session, key: str) -> Hand | None:
        return s.scalars(select(Hand).where(col(Hand.idempotency_key) == key)).first()

    def _existing(self, s: Session, key: str, table_id: int) -> HandView | None:
        h = self._by_key(s, key)
        if h is None:
            return None
        return self._existing_view(s.connection(), h, table_id)

    def _check_players(
        self,
        conn: Connection,
        t: Any,
        record: HandRecord,
        settlement: Settlement,
        also_allowed: set[int] | None = None,
    ) -> dict[int, str]:
        """Check the record's players are seated (or ``also_allowed``) and the other ids of
        the settlement are known players; return the names of everyone involved."""
        assert t.id is not None
        names = {int(pid): str(name) for pid, name in _SEATED.all(conn, {"t": t.id})}
        seated = set(names)
        allowed = seated | (also_allowed or set())
        for i, pid in enumerate(record.players):
            n = _player_id(pid, f"players[{i}]")
            if n not in allowed:
                raise NotSeated(f"players[{i}]: player {pid} is not seated at table {t.id}")
        extra = {k for k in settlement.net if k not in record.players and k != POT}
        extra.update(p for p in record.players if int(p) not in seated)
        for pid in sorted(extra):
            n = _player_id(pid, f"net.{pid}")
            p = _PLAYER_ROW.first(conn, {"p": n})
            if p is None:
                raise NotFound(f"net.{pid}: player {pid} does not exist")
            if p.is_guest and p.guest_chat_id != t.chat_id:
                raise NotFound(f"net.{pid}: guest {pid} belongs to another chat")
            names[n] = p.name
        return names

    @staticmethod
    def _prepare(record: HandRecord) -> tuple[Settlement, int, int]:
        """Settle the record once, with player references in its explanation, and find the
        next dealer from the same validation (pure: before any lock is taken)."""
        once = settled_store.settle_once(record)
        settlement = once.settlement
        for pid, amount in settlement.net.items():
            if abs(amount) > MAX_HAND_POINTS:
                raise RecordError(
                    f"net.{pid}",
                    f"{amount} is more than the ledger stores for one hand "
                    f"(at most {MAX_HAND_POINTS:,} points per player)",
                )
        dealer_after = once.next_dealer
        return (
            settlement,
            _player_id(record.dealer, "dealer"),
            _player_id(dealer_after, "dealer"),
        )

    @staticmethod
    def _check_ruleset(t: GameTable, record: HandRecord) -> None:
        if record.ruleset != t.ruleset:
            raise RecordError(
                "ruleset", f"table {t.id} plays {t.ruleset!r}, not {record.ruleset!r}"
            )

    def _insert_hand(
        self,
        s: Session,
        t: GameTable,
        record: HandRecord,
        settlement: Settlement,
        dealer_before: int,
        dealer_after: int,
        *,
        recorded_by: int,
        key: str,
        draft_id: int | None,
        night: int | None = None,
        position: int | None = None,
        replaces: int | None = None,
        number: int | None = None,
    ) -> Hand:
        """A new hand of the table's current night (its next number), or — ``night``,
        ``position`` and ``number`` given — a correction taking the place of a hand (a new
        hand's Core path: :func:`storage.ledger.append.append_hand`)."""
        assert t.id is not None
        t.last_seq += 1
        seq = t.last_seq
        in_night = night if night is not None else t.night
        night_row = self._night(s, t.id, in_night)
        if number is None:  # the next number of the night: a void frees none
            number = (night_row.last_number if night_row is not None else t.last_number) + 1
            if night_row is not None:
                night_row.last_number = number
            if in_night == t.night:
                t.last_number = number
        h = Hand(
            **append.hand_values(
                t.id, record, settlement, dealer_before, dealer_after, seq, in_night,
                position=position if position is not None else seq, number=number,
                recorded_by=recorded_by, key=key, draft_id=draft_id, replaces=replaces,
            )
        )  # fmt: skip
        s.add(h)
        s.flush()
        assert h.id is not None
        rows = ledger_rows(h, record, settlement)
        self._insert_rows(s, rows)
        self._apply_totals(s, t.id, h.night, rows, +1)
        t.hand_count += 1
        if night_row is not None:
            night_row.hand_count += 1
        if t.status == "open":
            t.status = "playing"
        append.finish_draft(s, draft_id)
        s.flush()
        return h

    # Core executemany INSERT: record_hand 3.77 vs 4.05 ms per hand with s.add_all(rows) on SQLite
    # (7 % of the call, in every run); on PostgreSQL the two are within the noise (10.3 vs 7.7,
    # 11.4 vs 10.0, 6.8 vs 7.8 ms in three runs) - see storage/ledger/__init__.py
    @staticmethod
    def _insert_rows(s: Session | Connection, rows: Sequence[LedgerRow]) -> None:
        """The hand's ledger rows, in one executemany INSERT."""
        s.execute(insert(table_of(LedgerRow)), [r.model_dump(exclude={"id"}) for r in rows])

    def _apply_totals(
        self,
        s: Session | Connection,
        table_id: int,
        night: int,
        rows: Sequence[LedgerRow] | Sequence[Mapping[str, Any]],
        sign: int,
    ) -> None:
        """Add (``sign`` +1) or take away (-1) the rows (entities, or the values of their
        insert) from the night's totals and from the whole table's (kept as night 0): one
        upsert statement."""
        values = [r if isinstance(r, Mapping) else r.model_dump() for r in rows]
        params = [
            {
                "table_id": table_id,
                "night": n,
                "player_id": r["player_id"],
                "total": sign * r["amount"],
                "hands": sign,
                "wins": sign * r["won"],
                "self_draws": sign * r["self_drawn"],
                "deal_ins": sign * r["dealt_in"],
            }
            for r in values
            for n in (night, ALL_NIGHTS)
        ]
        if params:
            s.execute(self._upsert_totals, params)

    # INSERT … ON CONFLICT DO UPDATE (the SQLite and PostgreSQL dialects): record_hand 3.77 vs
    # 6.85 ms per hand on SQLite, 10.3 vs 19.9 on PostgreSQL, against an ORM get-or-create of the
    # 8 NightTotal rows (see storage/ledger/__init__.py)
    @functools.cached_property
    def _upsert_totals(self) -> Any:
        table = table_of(NightTotal)
        ins = sqlite_insert(table) if self._sqlite else pg_insert(table)
        add = ("total", "hands", "wins", "self_draws", "deal_ins")
        return ins.on_conflict_do_update(
            index_elements=["table_id", "night", "player_id"],
            set_={c: table.c[c] + ins.excluded[c] for c in add},
        )

    def record_hand(
        self,
        table_id: int,
        record: HandRecord,
        *,
        recorded_by: int,
        idempotency_key: str,
        draft_id: int | None = None,
        expect_hand_count: int | None = None,
        expect_dealer: int | None = None,
    ) -> HandView:
        """Settle and store one hand, exactly once per ``idempotency_key``.

        The same key again (even concurrently) returns the hand recorded first. Raises
        ``RecordError`` (bad record, or another ruleset than the table's), ``NotFound``,
        ``TableClosed``, ``NotSeated`` (a player of the record is not seated), ``Conflict``
        (the key was used on another table; or, for a new key, the table's confirmed hand
        count is not ``expect_hand_count`` or its dealer not ``expect_dealer`` — the state the
        hand was entered against, checked under the table lock). The table's dealer becomes
        the next dealer.
        """
        if not idempotency_key:
            raise Conflict("an idempotency key is required")
        record = games.fill_for(self, table_id, record)  # riichi: dealer, honba, sticks
        settlement, dealer_before, dealer_after = self._prepare(record)
        kw: dict[str, Any] = {
            "recorded_by": recorded_by,
            "key": idempotency_key,
            "draft_id": draft_id,
            "expect_hand_count": expect_hand_count,
            "expect_dealer": expect_dealer,
        }
        try:
            if record.ruleset != games.RIICHI:  # Core statements only (storage/ledger/append.py)
                with self._write_core() as conn:
                    return append.record_new(
                        self, conn, table_id, record, settlement, dealer_before, dealer_after, **kw
                    )
            with self._write() as s:  # a riichi night is re-derived from its ORM entities
                return self._record_rederived(
                    s, table_id, record, settlement, dealer_before, dealer_after, **kw
                )
        except IntegrityError:
            # the key was taken concurrently (e.g. by another table's transaction)
            with self._read() as s:
                found = self._existing(s, idempotency_key, table_id)
                if found is not None:
                    return found
            raise

    def _record_rederived(
        self,
        s: Session,
        table_id: int,
        record: HandRecord,
        settlement: Settlement,
        dealer_before: int,
        dealer_after: int,
        *,
        recorded_by: int,
        key: str,
        draft_id: int | None,
        expect_hand_count: int | None,
        expect_dealer: int | None,
    ) -> HandView:
        """:meth:`record_hand` of a riichi hand: the table as an entity, since the night is
        re-derived from its hands (:func:`storage.ledger.games.rederive`) in the same
        transaction."""
        t = self._table(s, table_id, lock=True)
        conn = s.connection()  # the lookups as Core statements in the same transaction
        if conn.execute(_BY_KEY, {"k": key}).first() is not None:
            found = self._existing(s, key, table_id)
            if found is not None:
                return found
        names = self._check_entry(
            conn, t, record, settlement, expect_hand_count, expect_dealer, recorded_by
        )
        t.last_seq += 1
        h, t.last_number = append.append_hand(
            self, conn, t, record, settlement, dealer_before, dealer_after,
            seq=t.last_seq, recorded_by=recorded_by, key=key, draft_id=draft_id,
        )  # fmt: skip
        t.hand_count += 1
        if t.status == "open":
            t.status = "playing"
        t.dealer_id = dealer_after  # a new hand is always the latest in play order
        s.flush()
        games.rederive(s, self, t, h.night, by=recorded_by, appended=True)
        return self._hand_view(h, names, record.to_json(), settled_store.stored_json(settlement))

    def _check_entry(
        self,
        conn: Connection,
        t: Any,
        record: HandRecord,
        settlement: Settlement,
        expect_hand_count: int | None,
        expect_dealer: int | None,
        recorded_by: int,
    ) -> dict[int, str]:
        """The checks of a new hand against its table (a row or an entity) as it is now, under
        its lock: open, the state the hand was entered against, the ruleset, who records and
        who plays. Returns the names of everyone in the hand."""
        self._check_open(t)
        if expect_hand_count is not None and t.hand_count != expect_hand_count:
            raise Conflict(
                f"table {t.id} has {t.hand_count} hands now, not {expect_hand_count}: "
                "another hand was recorded or voided meanwhile"
            )
        if expect_dealer is not None and t.dealer_id not in (None, expect_dealer):
            raise Conflict(
                f"the dealer of table {t.id} is now player {t.dealer_id}, not {expect_dealer}"
            )
        self._check_ruleset(t, record)
        if _PLAYER.first(conn, {"p": recorded_by}) is None:
            raise NotFound(f"player {recorded_by} does not exist")
        return self._check_players(conn, t, record, settlement)

    def _existing_view(self, conn: Connection, h: Any, table_id: int) -> HandView:
        """The hand recorded under a key already (its row ``h``), if it is this table's."""
        if h.table_id != table_id:
            key = h.idempotency_key
            raise Conflict(f"idempotency key {key!r} was used for a hand of table {h.table_id}")
        return self._hand_views(conn, [h])[0]

    def get_hand(self, table_id: int, seq: int) -> HandView:
        with self._read() as s:
            h = s.scalars(
                select(Hand).where(col(Hand.table_id) == table_id, col(Hand.seq) == seq)
            ).first()
            if h is None:
                self._table(s, table_id)
                raise NotFound(f"table {table_id} has no hand #{seq}")
            return self._hand_views(s, [h])[0]

    def get_hand_number(self, table_id: int, number: int, *, night: int | None = None) -> HandView:
        """Hand ``number`` of a night as people call it ("/edit 6"): its current version (a
        correction, if it was corrected). ``night`` None = the table's current night, or the
        last night played while the current one has no hand yet (just after Settle).
        ``NotFound`` if the night has no such hand."""
        with self._core() as conn:
            t = conn.execute(_TABLE_NIGHT, {"t": table_id}).first()
            if t is None:
                raise NotFound(f"table {table_id} does not exist")
            n = int(t.night) if night is None else night
            if night is None and not t.last_number:
                n = int(conn.execute(_LAST_PLAYED, {"t": table_id}).scalar() or n)
            row = conn.execute(_BY_NUMBER, {"t": table_id, "n": n, "num": number}).first()
            if row is None:
                raise NotFound(f"night {n} of table {table_id} has no hand {number}")
            return self._hand_views(conn, [row])[0]

    def get_hand_by_id(self, hand_id: int) -> HandView:
        with self._read() as s:
            h = s.get(Hand, hand_id)
            if h is None:
                raise NotFound(f"hand {hand_id} does not exist")
            return self._hand_views(s, [h])[0]

    def last_hand(self, table_id: int) -> HandView | None:
        """The last confirmed hand in play order (a correction of an earlier hand takes that
        hand's place, so it is not the last hand), or None."""
        with self._read() as s:
            self._table(s, table_id)
            h = s.scalars(
                select(Hand)
                .where(col(Hand.table_id) == table_id, col(Hand.status) == "confirmed")
                .order_by(col(Hand.night).desc(), col(Hand.position).desc(), col(Hand.seq).desc())
                .limit(1)
            ).first()
            return None if h is None else self._hand_views(s, [h])[0]

    def latest_hand(self, table_id: int) -> HandView | None:
        """The hand recorded last (the newest row: a correction counts, a voided hand too),
        or None. The table message shows it while it stands (bot.handlers.common)."""
        with self._read() as s:
            self._table(s, table_id)
            h = s.scalars(
                select(Hand)
                .where(col(Hand.table_id) == table_id)
                .order_by(col(Hand.id).desc())
                .limit(1)
            ).first()
            return None if h is None else self._hand_views(s, [h])[0]

    def history(
        self,
        table_id: int,
        *,
        page: int = 0,
        page_size: int = 10,
        include_voided: bool = True,
    ) -> Page[HandView]:
        """Hands newest first (page 0 = the latest), voided ones included and marked unless
        ``include_voided=False``. ``total`` counts the hands in the listing."""
        page = max(0, page)
        page_size = max(1, min(MAX_PAGE_SIZE, page_size))
        with self._core() as conn:
            t = conn.execute(_TABLE_COUNTS, {"t": table_id}).first()
            if t is None:
                raise NotFound(f"table {table_id} does not exist")
            params = {"t": table_id, "off": page * page_size, "lim": page_size}
            if include_voided:
                total = int(t.last_seq)  # every row: sequence numbers have no gaps
                hands = conn.execute(_HISTORY_ALL, params).all()
            else:
                total = int(t.hand_count)
                hands = conn.execute(_HISTORY_CONFIRMED, params).all()
            return Page(tuple(self._hand_views(conn, hands)), page, page_size, total)
