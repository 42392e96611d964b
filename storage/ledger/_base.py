"""The plumbing every area of the ledger shares: the engine, the three kinds of
transaction, and the lookups of rows by id (see :mod:`storage.service` for the facade)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import datetime
from typing import Any, TypeVar

from sqlalchemy import Connection, Engine, delete, insert, select
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col

import scoring
from scoring.errors import RecordError
from storage.db import default_url, is_sqlite, make_engine, normalize_url, writer
from storage.errors import AlreadyDone, Conflict, NotFound, TableClosed
from storage.ledger._views import ViewBuilders
from storage.models import Chat, GameTable, Night, Player, Seat, UpdateKey, utcnow

T = TypeVar("T")
#: the key :meth:`LedgerBase.keyed` hands to the next write transaction of its call
_KEY: ContextVar[list[str] | None] = ContextVar("mt_update_key", default=None)


class LedgerBase(ViewBuilders):
    """Engine, transactions and lookups; the area classes (``storage.ledger.*``) build on it."""

    def __init__(self, url: str | None = None, *, engine: Engine | None = None) -> None:
        self.url = normalize_url(url or default_url())
        self.engine = engine if engine is not None else make_engine(self.url)
        self._writer = writer(self.engine)
        self._sqlite = is_sqlite(self.url)
        #: Whether an async caller may run this ledger's calls on its event loop thread rather
        #: than in a worker thread: true for SQLite, where a call is a fraction of a millisecond
        #: of CPU and never waits on a network, and the thread hop would cost more than the
        #: call; false for PostgreSQL (a round trip per statement). The bot's ``db()`` reads it.
        self.call_inline = self._sqlite

    def upgrade(self) -> None:
        """Migrate the database to the newest schema (Alembic ``upgrade head``)."""
        from storage.migrations import upgrade

        upgrade(self.url)

    def dispose(self) -> None:
        """Close the connection pool."""
        self.engine.dispose()

    # --- transactions ----------------------------------------------------------------------
    @contextmanager
    def _read(self) -> Iterator[Session]:
        with Session(self.engine, expire_on_commit=False) as s, s.begin():
            yield s

    @contextmanager
    def _core(self) -> Iterator[Connection]:
        """A read transaction on a plain connection (the hot read paths skip the ORM)."""
        with self.engine.connect() as conn, conn.begin():
            yield conn

    @contextmanager
    def _write(self) -> Iterator[Session]:
        with Session(self._writer, expire_on_commit=False) as s, s.begin():
            yield s
            pending = _KEY.get()
            if pending:  # the change of a keyed call (see keyed): its key in its transaction
                s.add(UpdateKey(key=pending.pop()))
                try:
                    s.flush()
                except IntegrityError:
                    raise AlreadyDone("this update was processed already") from None

    @contextmanager
    def _write_core(self) -> Iterator[Connection]:
        """A write transaction on a plain connection (the hot write paths skip the ORM), with
        the pending key of a keyed call like :meth:`_write`."""
        with self._writer.connect() as conn, conn.begin():
            yield conn
            pending = _KEY.get()
            if pending:
                try:
                    conn.execute(insert(UpdateKey).values(key=pending.pop(), created_at=utcnow()))
                except IntegrityError:
                    raise AlreadyDone("this update was processed already") from None

    # --- processed updates -------------------------------------------------------------------
    def keyed(self, key: str, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """Run the ledger call ``fn`` at most once per ``key`` (e.g. a Telegram update's id):
        its first write transaction records ``key`` as well, so a redelivered update, even one
        racing the first, changes nothing twice: ``AlreadyDone`` (nothing changed) instead."""
        if self.update_seen(key):
            raise AlreadyDone("this update was processed already")
        token = _KEY.set([key])
        try:
            return fn(*args, **kwargs)
        finally:
            _KEY.reset(token)

    def update_seen(self, key: str) -> bool:
        """Whether ``key`` is recorded (:meth:`keyed`, :meth:`mark_update`)."""
        with self._core() as conn:
            row = conn.execute(select(col(UpdateKey.key)).where(col(UpdateKey.key) == key)).first()
        return row is not None

    def mark_update(self, key: str) -> None:
        """Record ``key`` (an update handled to the end); recorded already is fine."""
        try:
            with self._write() as s:
                s.add(UpdateKey(key=key))
        except IntegrityError:
            pass

    def forget_updates(self, before: datetime) -> int:
        """Drop the keys recorded before ``before`` (Telegram redelivers for a day at most)."""
        with self._write() as s:
            res = s.exec(delete(UpdateKey).where(col(UpdateKey.created_at) < before))
            return int(res.rowcount)

    # --- lookups ---------------------------------------------------------------------------
    @staticmethod
    def _table(s: Session, table_id: int, *, lock: bool = False) -> GameTable:
        q = select(GameTable).where(col(GameTable.id) == table_id)
        if lock:
            q = q.with_for_update()
        t = s.scalars(q).first()
        if t is None:
            raise NotFound(f"table {table_id} does not exist")
        return t

    @staticmethod
    def _player(s: Session, player_id: int) -> Player:
        p = s.get(Player, player_id)
        if p is None:
            raise NotFound(f"player {player_id} does not exist")
        return p

    @staticmethod
    def _chat(s: Session, tg_chat_id: int) -> Chat | None:
        return s.scalars(select(Chat).where(col(Chat.tg_chat_id) == tg_chat_id)).first()

    @staticmethod
    def _seat_of(s: Session, table_id: int, player_id: int) -> Seat | None:
        return s.scalars(
            select(Seat).where(
                col(Seat.table_id) == table_id,
                col(Seat.player_id) == player_id,
                col(Seat.left_at).is_(None),
            )
        ).first()

    @staticmethod
    def _is_participant(s: Session, t: GameTable, player_id: int) -> bool:
        if t.creator_id == player_id:
            return True
        seat = s.scalars(
            select(col(Seat.id))
            .where(col(Seat.table_id) == t.id, col(Seat.player_id) == player_id)
            .limit(1)
        ).first()
        return seat is not None

    @staticmethod
    def _night(s: Session, table_id: int, number: int) -> Night | None:
        return s.get(Night, (table_id, number))

    @staticmethod
    def _check_open(t: GameTable) -> None:
        if t.status == "closed":
            raise TableClosed(f"table {t.id} is closed")

    @staticmethod
    def _max_seats(t: GameTable) -> int:
        try:
            return max(scoring.get(t.ruleset).players)
        except RecordError:
            return 4

    def _take_seat(self, s: Session, t: GameTable, player_id: int) -> Seat:
        assert t.id is not None
        taken = {seat.seat_index for seat, _ in self._seats(s, t.id)}
        n = self._max_seats(t)
        free = [i for i in range(n) if i not in taken]
        if not free:
            raise Conflict(f"table {t.id} is full ({n} seats)")
        seat = Seat(table_id=t.id, player_id=player_id, seat_index=free[0])
        s.add(seat)
        s.flush()
        return seat
