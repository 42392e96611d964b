"""Drafts: a hand (or another entry) being entered on the keyboards, version-checked."""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import Connection, bindparam, insert, literal_column, select, update
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col

from storage.errors import Conflict, DraftExpired, EntryOpen, NotFound, StaleDraft
from storage.ledger._base import LedgerBase
from storage.ledger._util import DT, PT, TT, _aware, _dump
from storage.ledger.driver import DriverStatement
from storage.models import Draft, utcnow
from storage.views import DraftView

# Core, not the ORM (every wizard tap reads its draft): get_draft 0.12 vs 0.30 / 0.25 vs 0.53
# with s.get(Draft) in a Session (ms, SQLite / PostgreSQL; how: storage/ledger/__init__.py)
_DRAFT = DriverStatement(select(DT).where(DT.c.id == bindparam("id")))
# Core UPDATE … RETURNING (every wizard tap saves its draft): update_draft 0.15 vs 0.60 / 0.31 vs
# 1.01 through the ORM: lock, check, set, flush (ms, SQLite / PostgreSQL; how:
# storage/ledger/__init__.py)
#: a draft's write if it is still open, unexpired and at the version the caller read: the SET
#: columns are the keys of the parameters (besides the w_* ones)
_AT_VERSION = update(DT).where(
    DT.c.id == bindparam("w_id"),
    DT.c.version == bindparam("w_version"),
    DT.c.status == "open",
    DT.c.expires_at > bindparam("w_now"),
)
#: a wizard tap
_UPDATE_DRAFT = DriverStatement(
    _AT_VERSION.returning(
        DT.c.author_id, DT.c.table_id, DT.c.tg_chat_id, DT.c.message_id, DT.c.expires_at
    )
)


#: the Confirm's last write (a draft closed), every column returned
_CLOSE_DRAFT = DriverStatement(_AT_VERSION.returning(*DT.c))
#: the message that shows a draft (a Record hand's second write)
_DRAFT_MESSAGE = DriverStatement(update(DT).where(DT.c.id == bindparam("w_id")))
#: a Record hand's writes (create_draft), on the driver's cursor too
_PLAYER = DriverStatement(select(PT.c.id).where(PT.c.id == bindparam("id")))
_TABLE = select(TT.c.id).where(TT.c.id == bindparam("id"))
_TABLE_EXISTS = DriverStatement(_TABLE)
#: the table row locked (PostgreSQL: concurrent entries of one table queue here)
_TABLE_LOCK = DriverStatement(_TABLE.with_for_update())
#: the open draft holding a table's entry slot (at most one: ``uq_draft_open_entry``); the
#: status written into the SQL, as the table of a chat (storage/ledger/tables.py): 14 vs 4 µs
_HOLDER = DriverStatement(
    select(DT).where(DT.c.entry_table_id == bindparam("t"), DT.c.status == literal_column("'open'"))
)
_INSERT_DRAFT = DriverStatement(insert(DT).returning(DT.c.id))


class DraftsArea(LedgerBase):
    """Drafts: create, read, save (version-checked), close, expire."""

    def create_draft(
        self,
        *,
        tg_chat_id: int,
        author_id: int,
        table_id: int | None,
        data: dict[str, Any],
        step: str,
        ttl_seconds: int = 86400,
        entry: bool = False,
        done_steps: Sequence[str] = (),
    ) -> DraftView:
        """Create a draft. ``entry``: a new hand's entry at table ``table_id``, which has one
        at a time: if the table has an open entry already, ``EntryOpen`` carries it and
        nothing is created. The database keeps the rule (the partial unique index
        ``uq_draft_open_entry``; the table row is locked first, so concurrent entries queue
        instead of failing). An entry past its expiry, or at one of ``done_steps`` (its hand
        is recorded, its messages being shown), holds the slot no longer."""
        if entry and table_id is None:
            raise Conflict("an entry belongs to a table")
        for attempt in range(3):
            try:  # Core, not the ORM: a Record hand's one write (0.3 vs 1.1 ms, SQLite)
                with self._write_core() as conn:
                    if _PLAYER.first(conn, {"id": author_id}) is None:
                        raise NotFound(f"player {author_id} does not exist")
                    if table_id is not None:
                        q = _TABLE_LOCK if entry else _TABLE_EXISTS
                        if q.first(conn, {"id": table_id}) is None:
                            raise NotFound(f"table {table_id} does not exist")
                    if entry:
                        assert table_id is not None
                        held = self._entry_of(conn, table_id, done_steps)
                        if held is not None:
                            raise EntryOpen(f"table {table_id} has an open entry", held)
                    now = utcnow()
                    dumped = _dump(data)
                    expires = now + timedelta(seconds=ttl_seconds)
                    row = _INSERT_DRAFT.first(
                        conn,
                        {
                            "tg_chat_id": tg_chat_id,
                            "author_id": author_id,
                            "table_id": table_id,
                            "step": step,
                            "data": dumped,
                            "version": 1,
                            "status": "open",
                            "created_at": now,
                            "updated_at": now,
                            "expires_at": expires,
                            "entry_table_id": table_id if entry else None,
                        },
                    )
                    assert row is not None
                    return DraftView(
                        id=int(row[0]),
                        version=1,
                        step=step,
                        data=json.loads(dumped),
                        author_id=author_id,
                        table_id=table_id,
                        tg_chat_id=tg_chat_id,
                        message_id=None,
                        status="open",
                        expires_at=expires,
                    )
            except IntegrityError:  # another entry took the slot between the check and here
                if not entry or attempt == 2:
                    raise
        raise AssertionError("unreachable")

    def _entry_of(
        self, conn: Connection, table_id: int, done_steps: Sequence[str]
    ) -> DraftView | None:
        """The table's entry that holds its slot, after freeing the slot of an entry that
        expired or whose hand is recorded (``done_steps``). One read when the slot is free
        (the partial unique index allows one open holder)."""
        now = utcnow()
        d = _HOLDER.first(conn, {"t": table_id})
        if d is None:
            return None
        if self._expired(d, now):
            conn.execute(
                update(DT)
                .where(DT.c.id == d.id, DT.c.status == "open")
                .values(status="expired", version=DT.c.version + 1, updated_at=now)
            )
            return None
        if d.step in done_steps:
            conn.execute(update(DT).where(DT.c.id == d.id).values(entry_table_id=None))
            return None
        return self._draft_view(d)

    def open_entry(self, table_id: int, done_steps: Sequence[str] = ()) -> DraftView | None:
        """The table's open entry that holds its slot (see :meth:`create_draft`), if any."""
        with self._core() as conn:
            d = _HOLDER.first(conn, {"t": table_id})
        if d is None or self._expired(d, utcnow()) or d.step in done_steps:
            return None
        return self._draft_view(d)

    @staticmethod
    def _expired(d: Any, now: datetime) -> bool:
        exp = _aware(d.expires_at)
        assert exp is not None
        return d.status == "expired" or (d.status == "open" and exp <= now)

    def get_draft(self, draft_id: int) -> DraftView:
        """The draft; ``DraftExpired`` if it has expired, ``NotFound`` if there is none."""
        with self._core() as conn:
            d = _DRAFT.first(conn, {"id": draft_id})
        if d is None:
            raise NotFound(f"draft {draft_id} does not exist")
        if self._expired(d, utcnow()):
            raise DraftExpired(f"draft {draft_id} has expired")
        return self._draft_view(d)

    def open_drafts(self, tg_chat_id: int) -> list[DraftView]:
        """The chat's open, unexpired drafts (e.g. to restore keyboards after a restart)."""
        with self._core() as conn:
            ds = conn.execute(
                select(DT)
                .where(DT.c.tg_chat_id == tg_chat_id, DT.c.status == "open")
                .where(DT.c.expires_at > utcnow())
                .order_by(DT.c.id)
            ).all()
        return [self._draft_view(d) for d in ds]

    def set_draft_message(self, draft_id: int, message_id: int) -> None:
        """Remember the message that shows the draft's keyboard (its version is unchanged, so
        the keyboard just posted stays current); taps from other messages are refused."""
        with self._write_core() as conn:
            _DRAFT_MESSAGE.run(conn, {"w_id": draft_id, "message_id": message_id})

    def drafts_at_steps(self, steps: Sequence[str]) -> list[DraftView]:
        """The open drafts (of every chat) at one of ``steps``, e.g. hands recorded whose
        messages were not all shown yet when the bot stopped."""
        with self._read() as s:
            ds = s.scalars(
                select(Draft)
                .where(col(Draft.status) == "open", col(Draft.step).in_(list(steps)))
                .order_by(col(Draft.id))
            ).all()
            return [self._draft_view(d) for d in ds]

    def _draft_for_update(self, s: Session, draft_id: int, version: int) -> Draft:
        d = s.get(Draft, draft_id, with_for_update=True)
        if d is None:
            raise NotFound(f"draft {draft_id} does not exist")
        if self._expired(d, utcnow()):
            raise DraftExpired(f"draft {draft_id} has expired")
        if d.status != "open":
            raise DraftExpired(f"draft {draft_id} is {d.status}")
        if d.version != version:
            raise StaleDraft(
                f"draft {draft_id} is at version {d.version}, not {version} "
                "(someone else changed it)"
            )
        return d

    def update_draft(
        self,
        draft_id: int,
        *,
        version: int,
        step: str,
        data: dict[str, Any],
        message_id: int | None = None,
    ) -> DraftView:
        """Save the draft if it is still at ``version`` (else ``StaleDraft``); version + 1.

        The hot path (a wizard tap) is one conditional UPDATE … RETURNING; only when it
        matches no row is the draft read again to say why (gone, expired, closed, stale)."""
        now = utcnow()
        dumped = _dump(data)
        values: dict[str, Any] = {
            "version": version + 1,
            "step": step,
            "data": dumped,
            "updated_at": now,
        }
        if message_id is not None:
            values["message_id"] = message_id
        values.update(w_id=draft_id, w_version=version, w_now=now)
        with self._writer.connect() as conn, conn.begin():
            row = _UPDATE_DRAFT.first(conn, values)
        if row is None:
            with self._write() as s:
                self._draft_for_update(s, draft_id, version)  # raises the precise error
            raise StaleDraft(f"draft {draft_id} changed concurrently")
        expires = _aware(row[4])
        assert expires is not None
        return DraftView(
            id=draft_id,
            version=version + 1,
            step=step,
            data=json.loads(dumped),
            author_id=row[0],
            table_id=row[1],
            tg_chat_id=row[2],
            message_id=row[3],
            status="open",
            expires_at=expires,
        )

    def close_draft(self, draft_id: int, *, version: int, status: str) -> DraftView:
        """Close the draft as ``done`` or ``cancelled`` (version-checked)."""
        if status not in ("done", "cancelled"):
            raise Conflict(f"a draft is closed as 'done' or 'cancelled', not {status!r}")
        now = utcnow()
        with self._write_core() as conn:  # one UPDATE … RETURNING, as update_draft
            row = _CLOSE_DRAFT.first(
                conn,
                {
                    "version": version + 1,
                    "status": status,
                    "updated_at": now,
                    "w_id": draft_id,
                    "w_version": version,
                    "w_now": now,
                },
            )
        if row is None:
            with self._write() as s:
                self._draft_for_update(s, draft_id, version)  # raises the precise error
            raise StaleDraft(f"draft {draft_id} changed concurrently")
        return self._draft_view(row)

    def expire_drafts(self, now: datetime | None = None) -> int:
        """Mark open drafts past their expiry as ``expired``; return how many."""
        now = _aware(now) if now is not None else utcnow()
        with self._write() as s:
            res = s.exec(
                update(Draft)
                .where(col(Draft.status) == "open", col(Draft.expires_at) <= now)
                .values(status="expired", version=col(Draft.version) + 1, updated_at=utcnow())
            )
            return int(res.rowcount)
