"""The ledger service the bot calls (see ``docs/ledger-api.md``).

Synchronous: every method opens and commits its own transaction (a failed call rolls back and
changes nothing). The bot calls it through ``bot.context.db``: in a worker thread, or on
SQLite (``Ledger.call_inline``) right on the event loop, whole-chat reads excepted
(``db_long``); one :class:`Ledger` may be shared by threads. Return values are frozen
dataclasses from :mod:`storage.views`; errors are :class:`storage.errors.LedgerError`
subclasses, and :class:`scoring.RecordError` passes through for invalid hand records.

Concurrency:

* Writers on SQLite start with ``BEGIN IMMEDIATE`` (one writer at a time, the others wait up to
  the busy timeout); on PostgreSQL every write to a table first locks the table's row
  (``SELECT … FOR UPDATE``), so sequence numbers are handed out without gaps or duplicates.
* ``record_hand`` is exactly-once per idempotency key: the key is unique in the database; a
  repeated key (even concurrently) returns the hand recorded first.

Semantics worth knowing:

* ``night=None`` in :meth:`Ledger.standings` and :meth:`Ledger.night_transfers` means the
  table's current night; ``night=ALL_NIGHTS`` (0) means the whole table.
* Voided hands stay (with who/when/why); every total leaves them out. A correction voids the
  old hand and records a new one linked by ``replaces_hand_id``; it takes the old hand's night
  and play position, so it counts in the same night.
* A closed table is frozen: recording, voiding and correcting raise :class:`TableClosed`.
"""

from __future__ import annotations

import csv
import functools
import io
import json
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from typing import Any, Protocol

from sqlalchemy import Connection, Engine, and_, bindparam, case, func, insert, select, update
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col

import scoring
from scoring.errors import RecordError
from scoring.record import HandRecord, Settlement
from storage import seasons as season_store
from storage import settled as settled_store
from storage.db import default_url, is_sqlite, make_engine, normalize_url, writer
from storage.errors import (
    AlreadyVoided,
    Conflict,
    DraftExpired,
    Forbidden,
    NotFound,
    NotSeated,
    StaleDraft,
    TableClosed,
)
from storage.models import (
    Chat,
    Draft,
    GameTable,
    Hand,
    LedgerRow,
    Night,
    NightTotal,
    Player,
    Seat,
    table_of,
    utcnow,
)
from storage.views import (
    ChatView,
    DraftView,
    HandView,
    Page,
    PlayerStatsView,
    PlayerTotal,
    PlayerView,
    SeatView,
    SettleView,
    StandingsView,
    TableView,
    TransferView,
    TrendPoint,
)

ALL_NIGHTS = 0
#: the pseudo-party of money paid into or out of nothing (``scoring.testing.POT``): it gets no
#: ledger row; in :meth:`Ledger.night_transfers` it appears as player id 0.
POT = "pot"
TREND_HANDS = 200  # the trend chart shows at most this many hands of the night
DRAFT_STATUSES = ("open", "done", "cancelled", "expired")
MAX_PAGE_SIZE = 100
#: the largest amount (points) one hand may move for one party: the ledger's columns are
#: 64-bit, and running totals and money at the stake must stay well inside them
MAX_HAND_POINTS = 10**12


# --- prepared statements of the hot read paths (Core, built once) ---------------------------
HT = table_of(Hand)
PT = table_of(Player)
TT = table_of(GameTable)
ST = table_of(Seat)
NT = table_of(NightTotal)
NGT = table_of(Night)
LT = table_of(LedgerRow)
DT = table_of(Draft)
CT = table_of(Chat)

_DRAFT = select(DT).where(DT.c.id == bindparam("id"))
#: a wizard tap: the SET columns are the keys of the parameters (besides the w_* ones)
_UPDATE_DRAFT = (
    update(DT)
    .where(
        DT.c.id == bindparam("w_id"),
        DT.c.version == bindparam("w_version"),
        DT.c.status == "open",
        DT.c.expires_at > bindparam("w_now"),
    )
    .returning(DT.c.author_id, DT.c.table_id, DT.c.tg_chat_id, DT.c.message_id, DT.c.expires_at)
)
_TABLE_FULL = select(TT, CT.c.tg_chat_id).join(CT, CT.c.id == TT.c.chat_id)
_TABLE_BY_ID = _TABLE_FULL.where(TT.c.id == bindparam("t"))
_TABLE_OF_CHAT = (
    _TABLE_FULL.where(CT.c.tg_chat_id == bindparam("c"), TT.c.status != "closed")
    .order_by(TT.c.id)
    .limit(1)
)
_ACTIVE_SEATS = (
    select(ST.c.player_id, PT.c.name, ST.c.seat_index, PT.c.is_guest, PT.c.tg_user_id)
    .join(PT, PT.c.id == ST.c.player_id)
    .where(ST.c.table_id == bindparam("t"), ST.c.left_at.is_(None))
    .order_by(ST.c.seat_index)
)

_TABLE_ROW = select(
    TT.c.id,
    TT.c.night,
    TT.c.hand_count,
    TT.c.last_seq,
    TT.c.dealer_id,
    TT.c.stake_minor,
    TT.c.currency,
).where(TT.c.id == bindparam("t"))
_TABLE_COUNTS = select(TT.c.last_seq, TT.c.hand_count).where(TT.c.id == bindparam("t"))
_HISTORY_RANGE = (
    select(HT)
    .where(HT.c.table_id == bindparam("t"), HT.c.seq > bindparam("lo"), HT.c.seq <= bindparam("hi"))
    .order_by(HT.c.seq.desc())
)
_HISTORY_CONFIRMED = (
    select(HT)
    .where(HT.c.table_id == bindparam("t"), HT.c.status == "confirmed")
    .order_by(HT.c.seq.desc())
    .offset(bindparam("off"))
    .limit(bindparam("lim"))
)
_SEATED_NAMES = (
    select(ST.c.player_id, PT.c.name)
    .join(PT, PT.c.id == ST.c.player_id)
    .where(ST.c.table_id == bindparam("t"), ST.c.left_at.is_(None))
    .order_by(ST.c.seat_index)
)
_TOTALS_TWO = select(
    NT.c.night,
    NT.c.player_id,
    NT.c.total,
    NT.c.hands,
    NT.c.wins,
    NT.c.self_draws,
    NT.c.deal_ins,
).where(NT.c.table_id == bindparam("t"), NT.c.night.in_([0, bindparam("n")]))
_NIGHT_COUNT = select(NGT.c.hand_count).where(
    NGT.c.table_id == bindparam("t"), NGT.c.number == bindparam("n")
)
_TREND_IDS = (
    select(HT.c.id)
    .where(
        HT.c.table_id == bindparam("t"), HT.c.night == bindparam("n"), HT.c.status == "confirmed"
    )
    .order_by(HT.c.position.desc(), HT.c.seq.desc())
    .limit(bindparam("lim"))
)
_TREND = (
    select(HT.c.position, HT.c.seq, LT.c.player_id, LT.c.amount)
    .join(LT, LT.c.hand_id == HT.c.id)
    .where(HT.c.id.in_(_TREND_IDS))
)


def _aware(dt: datetime | None) -> datetime | None:
    if dt is None:
        return None
    return dt.replace(tzinfo=UTC) if dt.utcoffset() is None else dt.astimezone(UTC)


def _dump(obj: Any) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"), sort_keys=False)


def _player_id(pid: str, path: str) -> int:
    """A record's player id (``str(player.id)``) as an int, or NotSeated."""
    if not (pid.isascii() and pid.isdigit()):
        raise NotSeated(f"{path}: {pid!r} is not a player of the ledger (ids are numbers)")
    return int(pid)


class _TableNight(Protocol):
    """A table's id and current night: a ``GameTable`` or a Core row of ``game_table``."""

    @property
    def id(self) -> int | None: ...

    @property
    def night(self) -> int: ...


def _csv_text(text: str) -> str:
    """A user-typed text cell (a name, a void reason) made inert for spreadsheets: one that
    starts like a formula (=, +, -, @, tab, CR) gets a leading apostrophe (CSV injection)."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


class Ledger:
    """The money the group trusts. See the module docstring for the rules."""

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
    def _seats(s: Session, table_id: int) -> list[tuple[Seat, Player]]:
        rows = s.execute(
            select(Seat, Player)
            .join(Player, col(Player.id) == col(Seat.player_id))
            .where(col(Seat.table_id) == table_id, col(Seat.left_at).is_(None))
            .order_by(col(Seat.seat_index))
        ).all()
        return [(r[0], r[1]) for r in rows]

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

    # --- view builders ---------------------------------------------------------------------
    @staticmethod
    def _chat_view(c: Chat) -> ChatView:
        assert c.id is not None
        return ChatView(c.id, c.tg_chat_id, c.title, c.kind, c.lang)

    @staticmethod
    def _player_view(p: Player) -> PlayerView:
        assert p.id is not None
        return PlayerView(p.id, p.name, p.tg_user_id, p.username, p.lang, p.is_guest)

    @staticmethod
    def _seat_view(seat: Seat, p: Player) -> SeatView:
        return SeatView(seat.player_id, p.name, seat.seat_index, p.is_guest, p.tg_user_id)

    def _table_view(self, s: Session, t: GameTable) -> TableView:
        assert t.id is not None
        chat = s.get(Chat, t.chat_id)
        assert chat is not None
        seats = tuple(self._seat_view(seat, p) for seat, p in self._seats(s, t.id))
        return self._make_table_view(t, chat.tg_chat_id, seats)

    def _table_view_core(self, conn: Connection, row: Any) -> TableView:
        """The view of a ``_TABLE_FULL`` row (the read paths: no ORM objects built)."""
        seats = tuple(SeatView(*r) for r in conn.execute(_ACTIVE_SEATS, {"t": row.id}))
        return self._make_table_view(row, row.tg_chat_id, seats)

    @staticmethod
    def _make_table_view(t: Any, tg_chat_id: int, seats: tuple[SeatView, ...]) -> TableView:
        """``t``: a GameTable, or a Core row with the same columns."""
        return TableView(
            id=t.id,
            chat_id=tg_chat_id,
            ruleset=t.ruleset,
            options=json.loads(t.options),
            stake_minor=t.stake_minor,
            currency=t.currency,
            name=t.name,
            status=t.status,
            creator_id=t.creator_id,
            night=t.night,
            dealer_id=t.dealer_id,
            hand_count=t.hand_count,
            message_id=t.message_id,
            seats=seats,
            created_at=_aware(t.created_at),
            closed_at=_aware(t.closed_at),
            next_seq=t.last_seq + 1,
        )

    @staticmethod
    def _hand_view(
        h: Any,
        names: Mapping[int, str] | None = None,
        record: Any = None,
        settlement: Any = None,
        replaced_by: int | None = None,
    ) -> HandView:
        recorded_at = _aware(h.recorded_at)
        assert recorded_at is not None
        if settlement is None:
            settlement = json.loads(h.settlement)
        return HandView(
            id=h.id,
            table_id=h.table_id,
            seq=h.seq,
            night=h.night,
            record=HandRecord.from_json(record if record is not None else json.loads(h.record)),
            settlement=Settlement.from_json(settlement),
            status=h.status,
            dealer_before=h.dealer_before_id,
            dealer_after=h.dealer_after_id,
            recorded_by=h.recorded_by,
            recorded_at=recorded_at,
            voided_by=h.voided_by,
            voided_at=_aware(h.voided_at),
            void_reason=h.void_reason,
            replaces_hand_id=h.replaces_hand_id,
            idempotency_key=h.idempotency_key,
            replaced_by_hand_id=replaced_by,
            names=dict(names or {}),
            settlement_format=settled_store.format_of(settlement),
        )

    def _hand_views(self, s: Session | Connection, hands: Sequence[Any]) -> list[HandView]:
        """Views of hands (ORM ``Hand`` objects or Core rows of the ``hand`` table), with the
        names of everyone in them and the id of the hand that replaced each, if any."""
        parsed = [(h, json.loads(h.record), json.loads(h.settlement)) for h in hands]
        ids: set[int] = set()
        for h, _rec, st in parsed:
            ids.update(int(k) for k in st["net"] if k.isascii() and k.isdigit())
            ids.add(h.dealer_before_id)
        names = self._names(s, ids)
        replaced_by: dict[int, int] = {}
        hand_ids = [h.id for h in hands]
        if hand_ids:
            rows = s.execute(
                select(HT.c.replaces_hand_id, HT.c.id).where(HT.c.replaces_hand_id.in_(hand_ids))
            ).all()
            replaced_by = {int(a): int(b) for a, b in rows}
        return [self._hand_view(h, names, rec, st, replaced_by.get(h.id)) for h, rec, st in parsed]

    @staticmethod
    def _names(s: Session | Connection, ids: set[int]) -> dict[int, str]:
        if not ids:
            return {}
        rows = s.execute(select(PT.c.id, PT.c.name).where(PT.c.id.in_(ids))).all()
        return {int(r[0]): str(r[1]) for r in rows}

    @staticmethod
    def _draft_view(d: Any) -> DraftView:
        assert d.id is not None
        expires = _aware(d.expires_at)
        assert expires is not None
        return DraftView(
            id=d.id,
            version=d.version,
            step=d.step,
            data=json.loads(d.data),
            author_id=d.author_id,
            table_id=d.table_id,
            tg_chat_id=d.tg_chat_id,
            message_id=d.message_id,
            status=d.status,
            expires_at=expires,
        )

    # --- chats and players -----------------------------------------------------------------
    def ensure_chat(
        self,
        tg_chat_id: int,
        *,
        title: str | None = None,
        kind: str = "group",
        lang: str | None = None,
    ) -> ChatView:
        """The chat with this Telegram id, created if new; title/kind/lang updated if given."""
        for attempt in range(3):
            try:
                with self._write() as s:
                    c = self._chat(s, tg_chat_id)
                    if c is None:
                        c = Chat(tg_chat_id=tg_chat_id, title=title, kind=kind, lang=lang)
                        s.add(c)
                    else:
                        if title is not None:
                            c.title = title
                        c.kind = kind or c.kind
                        if lang is not None:
                            c.lang = lang
                    s.flush()
                    return self._chat_view(c)
            except IntegrityError:  # a concurrent ensure_chat created it first
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    def get_chat(self, tg_chat_id: int) -> ChatView | None:
        with self._read() as s:
            c = self._chat(s, tg_chat_id)
            return None if c is None else self._chat_view(c)

    def set_chat_lang(self, tg_chat_id: int, lang: str) -> ChatView:
        """Set the chat's language (the chat is created if new)."""
        self.ensure_chat(tg_chat_id)
        with self._write() as s:
            c = self._chat(s, tg_chat_id)
            assert c is not None
            c.lang = lang
            s.flush()
            return self._chat_view(c)

    def ensure_user(
        self,
        tg_user_id: int,
        name: str,
        *,
        username: str | None = None,
        lang: str | None = None,
    ) -> PlayerView:
        """The player of this Telegram user, created if new; name/username/lang refreshed."""
        name = (name or "").strip() or (username or str(tg_user_id))
        for attempt in range(3):
            try:
                with self._write() as s:
                    p = s.scalars(
                        select(Player).where(col(Player.tg_user_id) == tg_user_id)
                    ).first()
                    if p is None:
                        p = Player(tg_user_id=tg_user_id, name=name, username=username, lang=lang)
                        s.add(p)
                    else:
                        p.name = name
                        if username is not None:
                            p.username = username
                        if lang is not None:
                            p.lang = lang
                    s.flush()
                    return self._player_view(p)
            except IntegrityError:
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    def get_player(self, player_id: int) -> PlayerView:
        with self._read() as s:
            return self._player_view(self._player(s, player_id))

    def add_guest(self, table_id: int, name: str, *, by_player_id: int) -> SeatView:
        """Create a guest (a name only, for someone without Telegram) and seat them."""
        name = name.strip()
        if not name:
            raise Conflict("a guest needs a name")
        with self._write() as s:
            t = self._table(s, table_id, lock=True)
            self._check_open(t)
            self._player(s, by_player_id)
            g = Player(name=name[:255], is_guest=True, guest_chat_id=t.chat_id)
            s.add(g)
            s.flush()
            assert g.id is not None
            seat = self._take_seat(s, t, g.id)
            return self._seat_view(seat, g)

    def chat_players(self, tg_chat_id: int) -> list[PlayerView]:
        """The chat's known players: whoever opened or sat at one of its tables, its guests,
        and anyone with ledger rows on its tables (side-bet backers). Sorted by name."""
        with self._read() as s:
            chat = self._chat(s, tg_chat_id)
            if chat is None:
                return []
            tables = select(col(GameTable.id)).where(col(GameTable.chat_id) == chat.id)
            ids = (
                select(col(GameTable.creator_id).label("pid"))
                .where(col(GameTable.chat_id) == chat.id)
                .union(
                    select(col(Seat.player_id)).where(col(Seat.table_id).in_(tables)),
                    select(col(LedgerRow.player_id)).where(col(LedgerRow.table_id).in_(tables)),
                    select(col(Player.id)).where(col(Player.guest_chat_id) == chat.id),
                )
                .subquery()
            )
            ps = s.scalars(select(Player).where(col(Player.id).in_(select(ids.c.pid)))).all()
            return sorted(
                (self._player_view(p) for p in ps), key=lambda v: (v.name.casefold(), v.id)
            )

    def ensure_guest(self, tg_chat_id: int, name: str) -> PlayerView:
        """A guest of the chat who is not seated (e.g. a side-bet backer): the chat's guest of
        that name (case-insensitive) if there is one, else a new one."""
        name = name.strip()[:255]
        if not name:
            raise Conflict("a guest needs a name")
        with self._write() as s:
            chat = self._chat(s, tg_chat_id)
            if chat is None:
                raise NotFound(f"chat {tg_chat_id} is not known")
            for g in s.scalars(
                select(Player).where(
                    col(Player.guest_chat_id) == chat.id, col(Player.is_guest).is_(True)
                )
            ):
                if g.name.casefold() == name.casefold():
                    return self._player_view(g)
            g = Player(name=name, is_guest=True, guest_chat_id=chat.id)
            s.add(g)
            s.flush()
            return self._player_view(g)

    # --- tables ----------------------------------------------------------------------------
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

    def open_table(
        self,
        tg_chat_id: int,
        *,
        creator_id: int,
        ruleset: str,
        options: dict[str, bool | int | str],
        stake_minor: int | None = None,
        currency: str | None = None,
        name: str | None = None,
    ) -> TableView:
        """Open a table in the chat (created if new). The options are validated by the ruleset
        (``RecordError`` if bad) and stored resolved, as a snapshot. The creator is not seated
        automatically. ``Conflict`` if the chat already has a table that is not closed."""
        rs = scoring.get(ruleset)
        resolved = dict(rs.resolve_options(dict(options)))
        if stake_minor is not None and (
            not isinstance(stake_minor, int) or isinstance(stake_minor, bool) or stake_minor <= 0
        ):
            raise Conflict("the stake must be a positive whole number of minor units per point")
        self.ensure_chat(tg_chat_id)
        try:
            with self._write() as s:
                chat = self._chat(s, tg_chat_id)
                assert chat is not None and chat.id is not None
                self._player(s, creator_id)
                existing = s.scalars(
                    select(col(GameTable.id)).where(
                        col(GameTable.chat_id) == chat.id, col(GameTable.status) != "closed"
                    )
                ).first()
                if existing is not None:
                    raise Conflict(f"this chat already has an open table ({existing})")
                t = GameTable(
                    chat_id=chat.id,
                    ruleset=ruleset,
                    options=_dump(resolved),
                    stake_minor=stake_minor,
                    currency=(currency or None) and currency.upper(),
                    name=name,
                    creator_id=creator_id,
                )
                s.add(t)
                s.flush()
                assert t.id is not None
                s.add(Night(table_id=t.id, number=1))
                s.flush()
                return self._table_view(s, t)
        except IntegrityError:
            raise Conflict("this chat already has an open table") from None

    def current_table(self, tg_chat_id: int) -> TableView | None:
        """The chat's table that is not closed, or None."""
        with self._core() as conn:
            row = conn.execute(_TABLE_OF_CHAT, {"c": tg_chat_id}).first()
            return None if row is None else self._table_view_core(conn, row)

    def get_table(self, table_id: int) -> TableView:
        with self._core() as conn:
            row = conn.execute(_TABLE_BY_ID, {"t": table_id}).first()
            if row is None:
                raise NotFound(f"table {table_id} does not exist")
            return self._table_view_core(conn, row)

    def tables(self, tg_chat_id: int) -> list[TableView]:
        """Every table of the chat, newest first."""
        with self._read() as s:
            chat = self._chat(s, tg_chat_id)
            if chat is None:
                return []
            ts = s.scalars(
                select(GameTable)
                .where(col(GameTable.chat_id) == chat.id)
                .order_by(col(GameTable.id).desc())
            ).all()
            return [self._table_view(s, t) for t in ts]

    def set_table_message(self, table_id: int, message_id: int) -> None:
        with self._write() as s:
            t = self._table(s, table_id, lock=True)
            t.message_id = message_id

    def join(self, table_id: int, player_id: int) -> SeatView:
        """Seat the player at the first free seat (idempotent: an already seated player keeps
        the seat). ``Conflict`` if the table is full."""
        with self._write() as s:
            t = self._table(s, table_id, lock=True)
            self._check_open(t)
            p = self._player(s, player_id)
            seat = self._seat_of(s, table_id, player_id)
            if seat is None:
                seat = self._take_seat(s, t, player_id)
            return self._seat_view(seat, p)

    def leave(self, table_id: int, player_id: int) -> None:
        """The player leaves the table (``NotSeated`` if not seated). The seat's history stays;
        a leaving dealer passes the deal to the next seat still taken."""
        with self._write() as s:
            t = self._table(s, table_id, lock=True)
            self._check_open(t)
            seat = self._seat_of(s, table_id, player_id)
            if seat is None:
                raise NotSeated(f"player {player_id} is not seated at table {table_id}")
            seat.left_at = utcnow()
            s.flush()
            if t.dealer_id == player_id:  # the deal passes to the next seat still taken
                rest = [x for x, _ in self._seats(s, table_id)]
                after = [x for x in rest if x.seat_index > seat.seat_index] + rest
                t.dealer_id = after[0].player_id if after else None

    def substitute(self, table_id: int, out_player_id: int, in_player_id: int) -> SeatView:
        """``in_player`` takes ``out_player``'s seat (and the deal, if out was the dealer)."""
        with self._write() as s:
            t = self._table(s, table_id, lock=True)
            self._check_open(t)
            p_in = self._player(s, in_player_id)
            out = self._seat_of(s, table_id, out_player_id)
            if out is None:
                raise NotSeated(f"player {out_player_id} is not seated at table {table_id}")
            if self._seat_of(s, table_id, in_player_id) is not None:
                raise Conflict(f"player {in_player_id} is already seated at table {table_id}")
            out.left_at = utcnow()
            s.flush()
            seat = Seat(table_id=table_id, player_id=in_player_id, seat_index=out.seat_index)
            s.add(seat)
            if t.dealer_id == out_player_id:
                t.dealer_id = in_player_id
            s.flush()
            return self._seat_view(seat, p_in)

    def move_seat(self, table_id: int, player_id: int, seat_index: int) -> list[SeatView]:
        """Move the player to ``seat_index``, swapping with whoever sits there."""
        with self._write() as s:
            t = self._table(s, table_id, lock=True)
            self._check_open(t)
            if not 0 <= seat_index < self._max_seats(t):
                raise Conflict(f"seat {seat_index} does not exist at table {table_id}")
            mine = self._seat_of(s, table_id, player_id)
            if mine is None:
                raise NotSeated(f"player {player_id} is not seated at table {table_id}")
            other = next(
                (seat for seat, _ in self._seats(s, table_id) if seat.seat_index == seat_index),
                None,
            )
            if other is not None and other.id != mine.id:
                old = mine.seat_index
                mine.seat_index = -1 - old  # out of the way of the unique index
                s.flush()
                other.seat_index = old
                s.flush()
            mine.seat_index = seat_index
            s.flush()
            return [self._seat_view(seat, p) for seat, p in self._seats(s, table_id)]

    def start(self, table_id: int, *, dealer_id: int | None = None) -> TableView:
        """Start play: the dealer is ``dealer_id`` (seated) or the player in seat 0."""
        with self._write() as s:
            t = self._table(s, table_id, lock=True)
            self._check_open(t)
            seats = self._seats(s, table_id)
            if dealer_id is None:
                if t.dealer_id is not None and any(x.player_id == t.dealer_id for x, _ in seats):
                    dealer_id = t.dealer_id
                elif seats:
                    dealer_id = seats[0][0].player_id
                else:
                    raise NotSeated(f"nobody is seated at table {table_id}")
            elif not any(x.player_id == dealer_id for x, _ in seats):
                raise NotSeated(f"player {dealer_id} is not seated at table {table_id}")
            t.dealer_id = dealer_id
            t.status = "playing"
            night = self._night(s, table_id, t.night)
            if night is not None and night.hand_count == 0:
                night.start_dealer_id = dealer_id
            s.flush()
            return self._table_view(s, t)

    def new_night(self, table_id: int, *, expect_night: int | None = None) -> TableView:
        """Begin the next evening of the table; totals per night start from zero.
        ``Conflict`` if the table's night is no longer ``expect_night`` (settled already)."""
        with self._write() as s:
            t = self._table(s, table_id, lock=True)
            self._check_open(t)
            if expect_night is not None and t.night != expect_night:
                raise Conflict(f"night {expect_night} of table {table_id} is over already")
            t.night += 1
            s.add(Night(table_id=table_id, number=t.night, start_dealer_id=t.dealer_id))
            s.flush()
            season_store.copy_to_night(s, table_id, t.night)  # tonight's fee and cap
            return self._table_view(s, t)

    def close_table(self, table_id: int, *, by_player_id: int, admin: bool = False) -> TableView:
        """Close the table (idempotent). Only its creator, a player who sat there, or (with
        ``admin=True``, the caller having checked it) an admin of the chat may."""
        with self._write() as s:
            t = self._table(s, table_id, lock=True)
            self._player(s, by_player_id)
            if t.status == "closed":
                return self._table_view(s, t)
            if not admin and not self._is_participant(s, t, by_player_id):
                raise Forbidden(f"player {by_player_id} did not play at table {table_id}")
            t.status = "closed"
            t.closed_at = utcnow()
            t.closed_by = by_player_id
            s.flush()
            return self._table_view(s, t)

    # --- drafts ----------------------------------------------------------------------------
    def create_draft(
        self,
        *,
        tg_chat_id: int,
        author_id: int,
        table_id: int | None,
        data: dict[str, Any],
        step: str,
        ttl_seconds: int = 86400,
    ) -> DraftView:
        with self._write() as s:
            self._player(s, author_id)
            if table_id is not None:
                self._table(s, table_id)
            now = utcnow()
            d = Draft(
                tg_chat_id=tg_chat_id,
                author_id=author_id,
                table_id=table_id,
                step=step,
                data=_dump(data),
                created_at=now,
                updated_at=now,
                expires_at=now + timedelta(seconds=ttl_seconds),
            )
            s.add(d)
            s.flush()
            return self._draft_view(d)

    @staticmethod
    def _expired(d: Any, now: datetime) -> bool:
        exp = _aware(d.expires_at)
        assert exp is not None
        return d.status == "expired" or (d.status == "open" and exp <= now)

    def get_draft(self, draft_id: int) -> DraftView:
        """The draft; ``DraftExpired`` if it has expired, ``NotFound`` if there is none."""
        with self._core() as conn:
            d = conn.execute(_DRAFT, {"id": draft_id}).first()
        if d is None:
            raise NotFound(f"draft {draft_id} does not exist")
        if self._expired(d, utcnow()):
            raise DraftExpired(f"draft {draft_id} has expired")
        return self._draft_view(d)

    def open_drafts(self, tg_chat_id: int) -> list[DraftView]:
        """The chat's open, unexpired drafts (e.g. to restore keyboards after a restart)."""
        with self._read() as s:
            ds = s.scalars(
                select(Draft)
                .where(
                    col(Draft.tg_chat_id) == tg_chat_id,
                    col(Draft.status) == "open",
                    col(Draft.expires_at) > utcnow(),
                )
                .order_by(col(Draft.id))
            ).all()
            return [self._draft_view(d) for d in ds]

    def set_draft_message(self, draft_id: int, message_id: int) -> None:
        """Remember the message that shows the draft's keyboard (its version is unchanged, so
        the keyboard just posted stays current); taps from other messages are refused."""
        with self._write() as s:
            s.exec(update(Draft).where(col(Draft.id) == draft_id).values(message_id=message_id))

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
            row = conn.execute(_UPDATE_DRAFT, values).first()
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
        with self._write() as s:
            self._draft_for_update(s, draft_id, version)
            res = s.exec(
                update(Draft)
                .where(col(Draft.id) == draft_id, col(Draft.version) == version)
                .values(version=version + 1, status=status, updated_at=utcnow())
            )
            if res.rowcount != 1:
                raise StaleDraft(f"draft {draft_id} changed concurrently")
            d = s.get(Draft, draft_id)
            assert d is not None
            s.refresh(d)
            return self._draft_view(d)

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

    # --- hands -----------------------------------------------------------------------------
    def _by_key(self, s: Session, key: str) -> Hand | None:
        return s.scalars(select(Hand).where(col(Hand.idempotency_key) == key)).first()

    def _existing(self, s: Session, key: str, table_id: int) -> HandView | None:
        h = self._by_key(s, key)
        if h is None:
            return None
        if h.table_id != table_id:
            raise Conflict(f"idempotency key {key!r} was used for a hand of table {h.table_id}")
        return self._hand_views(s, [h])[0]

    def _check_players(
        self,
        s: Session,
        t: GameTable,
        record: HandRecord,
        settlement: Settlement,
        also_allowed: set[int] | None = None,
    ) -> dict[int, str]:
        """Check the record's players are seated (or ``also_allowed``) and the other ids of
        the settlement are known players; return the names of everyone involved."""
        assert t.id is not None
        names = {p.id: p.name for _, p in self._seats(s, t.id) if p.id is not None}
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
            p = s.get(Player, n)
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
    ) -> Hand:
        assert t.id is not None
        t.last_seq += 1
        seq = t.last_seq
        h = Hand(
            table_id=t.id,
            seq=seq,
            night=night if night is not None else t.night,
            position=position if position is not None else seq,
            record=_dump(record.to_json()),
            settlement=_dump(settled_store.stored_json(settlement)),
            result=record.result,
            dealer_before_id=dealer_before,
            dealer_after_id=dealer_after,
            recorded_by=recorded_by,
            idempotency_key=key,
            draft_id=draft_id,
            replaces_hand_id=replaces,
        )
        s.add(h)
        s.flush()
        assert h.id is not None
        # per-player rows: every seated player of the record and every id in net
        wins: dict[str, int] = {}
        selfd: dict[str, int] = {}
        dealt: dict[str, int] = {}
        for w in record.wins:
            wins[w.winner] = 1
            if w.discarder is None:
                selfd[w.winner] = 1
            else:
                dealt[w.discarder] = dealt.get(w.discarder, 0) + 1
        ids = list(record.players)
        ids += [k for k in settlement.net if k not in record.players and k != POT]
        rows = []
        for pid in ids:
            rows.append(
                LedgerRow(
                    hand_id=h.id,
                    table_id=t.id,
                    night=h.night,
                    player_id=int(pid),
                    amount=int(settlement.net.get(pid, 0)),
                    confirmed=True,
                    won=wins.get(pid, 0),
                    self_drawn=selfd.get(pid, 0),
                    dealt_in=dealt.get(pid, 0),
                )
            )
        s.execute(
            insert(table_of(LedgerRow)),
            [r.model_dump(exclude={"id"}) for r in rows],
        )
        self._apply_totals(s, t.id, h.night, rows, +1)
        t.hand_count += 1
        night_row = self._night(s, t.id, h.night)
        if night_row is not None:
            night_row.hand_count += 1
        if t.status == "open":
            t.status = "playing"
        if draft_id is not None:
            s.execute(
                update(Draft)
                .where(col(Draft.id) == draft_id, col(Draft.status) == "open")
                .values(status="done", version=col(Draft.version) + 1, updated_at=utcnow())
            )
        s.flush()
        return h

    def _apply_totals(
        self, s: Session, table_id: int, night: int, rows: Sequence[LedgerRow], sign: int
    ) -> None:
        """Add (``sign`` +1) or take away (-1) the rows from the night's totals and from the
        whole table's (kept as night 0): one upsert statement."""
        params = [
            {
                "table_id": table_id,
                "night": n,
                "player_id": r.player_id,
                "total": sign * r.amount,
                "hands": sign,
                "wins": sign * r.won,
                "self_draws": sign * r.self_drawn,
                "deal_ins": sign * r.dealt_in,
            }
            for r in rows
            for n in (night, ALL_NIGHTS)
        ]
        if params:
            s.execute(self._upsert_totals, params)

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
        settlement, dealer_before, dealer_after = self._prepare(record)
        try:
            with self._write() as s:
                t = self._table(s, table_id, lock=True)
                found = self._existing(s, idempotency_key, table_id)
                if found is not None:
                    return found
                self._check_open(t)
                if expect_hand_count is not None and t.hand_count != expect_hand_count:
                    raise Conflict(
                        f"table {t.id} has {t.hand_count} hands now, not {expect_hand_count}: "
                        "another hand was recorded or voided meanwhile"
                    )
                if expect_dealer is not None and t.dealer_id not in (None, expect_dealer):
                    raise Conflict(
                        f"the dealer of table {t.id} is now player {t.dealer_id}, "
                        f"not {expect_dealer}"
                    )
                self._check_ruleset(t, record)
                self._player(s, recorded_by)
                names = self._check_players(s, t, record, settlement)
                h = self._insert_hand(
                    s,
                    t,
                    record,
                    settlement,
                    dealer_before,
                    dealer_after,
                    recorded_by=recorded_by,
                    key=idempotency_key,
                    draft_id=draft_id,
                )
                t.dealer_id = dealer_after  # a new hand is always the latest in play order
                return self._hand_view(
                    h, names, record.to_json(), settled_store.stored_json(settlement)
                )
        except IntegrityError:
            # the key was taken concurrently (e.g. by another table's transaction)
            with self._read() as s:
                found = self._existing(s, idempotency_key, table_id)
                if found is not None:
                    return found
            raise

    def _recompute_dealer(self, s: Session, t: GameTable) -> None:
        """The current dealer: after the last confirmed hand of the current night, else the
        night's starting dealer, else after the last confirmed hand of the table, else the
        starting dealer of the first night."""
        assert t.id is not None
        order = (col(Hand.position).desc(), col(Hand.seq).desc())
        base = select(col(Hand.dealer_after_id)).where(
            col(Hand.table_id) == t.id, col(Hand.status) == "confirmed"
        )
        d = s.scalars(base.where(col(Hand.night) == t.night).order_by(*order).limit(1)).first()
        if d is None:
            night = self._night(s, t.id, t.night)
            d = night.start_dealer_id if night is not None else None
        if d is None:
            d = s.scalars(base.order_by(col(Hand.night).desc(), *order).limit(1)).first()
        if d is None:
            first = self._night(s, t.id, 1)
            d = first.start_dealer_id if first is not None else None
        if d is not None:
            t.dealer_id = self._seated_dealer(s, t.id, d)

    def _seated_dealer(self, s: Session, table_id: int, dealer: int) -> int:
        """``dealer``, or — if they have left the table since — whoever holds their seat now,
        else the next seat still taken (as in :meth:`leave`)."""
        seats = [x for x, _ in self._seats(s, table_id)]
        if not seats or any(x.player_id == dealer for x in seats):
            return dealer
        last = s.scalars(
            select(Seat)
            .where(col(Seat.table_id) == table_id, col(Seat.player_id) == dealer)
            .order_by(col(Seat.id).desc())
            .limit(1)
        ).first()
        if last is None:
            return dealer
        after = [x for x in seats if x.seat_index >= last.seat_index] + seats
        return after[0].player_id

    def _void(self, s: Session, t: GameTable, h: Hand, by: int, reason: str) -> None:
        assert t.id is not None and h.id is not None
        h.status = "voided"
        h.voided_by = by
        h.voided_at = utcnow()
        h.void_reason = reason
        rows = s.scalars(select(LedgerRow).where(col(LedgerRow.hand_id) == h.id)).all()
        s.execute(update(LedgerRow).where(col(LedgerRow.hand_id) == h.id).values(confirmed=False))
        self._apply_totals(s, t.id, h.night, rows, -1)
        t.hand_count -= 1
        night_row = self._night(s, t.id, h.night)
        if night_row is not None:
            night_row.hand_count -= 1
        s.flush()

    def _hand_for_update(self, s: Session, hand_id: int) -> tuple[GameTable, Hand]:
        h0 = s.get(Hand, hand_id)
        if h0 is None:
            raise NotFound(f"hand {hand_id} does not exist")
        t = self._table(s, h0.table_id, lock=True)
        s.refresh(h0)  # re-read under the lock
        return t, h0

    @staticmethod
    def _last_confirmed_id(s: Session, table_id: int) -> int | None:
        """The id of the table's last confirmed hand in play order (as :meth:`last_hand`)."""
        return s.scalars(
            select(col(Hand.id))
            .where(col(Hand.table_id) == table_id, col(Hand.status) == "confirmed")
            .order_by(col(Hand.night).desc(), col(Hand.position).desc(), col(Hand.seq).desc())
            .limit(1)
        ).first()

    def _night_end_dealer(self, s: Session, t: GameTable, night: int) -> int | None:
        """Where night ``night`` hands the deal on: the dealer after its last confirmed hand
        in play order, else its starting dealer — as seated now (:meth:`_seated_dealer`)."""
        assert t.id is not None
        d = s.scalars(
            select(col(Hand.dealer_after_id))
            .where(
                col(Hand.table_id) == t.id,
                col(Hand.status) == "confirmed",
                col(Hand.night) == night,
            )
            .order_by(col(Hand.position).desc(), col(Hand.seq).desc())
            .limit(1)
        ).first()
        if d is None:
            row = self._night(s, t.id, night)
            d = row.start_dealer_id if row is not None else None
        return None if d is None else self._seated_dealer(s, t.id, d)

    def _follow_night_end(self, s: Session, t: GameTable, night: int, old_end: int | None) -> None:
        """A hand of night ``night``, settled already, was voided or corrected; ``old_end`` is
        where that night handed the deal on before. The next night began with that deal
        (``new_night`` takes the table's dealer at Settle). While the next night has no
        confirmed hand and its first dealer is still that derived one (not one chosen with
        :meth:`start`), it moves to where the night ends now — and so on through the nights
        after it that have no hand either. A night with hands keeps the first dealer it was
        played with: those hands' dealers are what happened at the table."""
        assert t.id is not None
        new_end = self._night_end_dealer(s, t, night)
        if old_end is None or new_end is None or new_end == old_end:
            return
        for number in range(night + 1, t.night + 1):
            row = self._night(s, t.id, number)
            if row is None or row.start_dealer_id is None:
                break
            played = s.scalars(
                select(col(Hand.id))
                .where(
                    col(Hand.table_id) == t.id,
                    col(Hand.status) == "confirmed",
                    col(Hand.night) == number,
                )
                .limit(1)
            ).first()
            if played is not None:
                break
            if self._seated_dealer(s, t.id, row.start_dealer_id) != old_end:
                break
            row.start_dealer_id = new_end
        s.flush()

    def void_hand(
        self,
        hand_id: int,
        *,
        by_player_id: int,
        reason: str,
        admin: bool = False,
        expect_last: bool = False,
    ) -> HandView:
        """Void a confirmed hand: it stays, with who/when/why; every total drops it.
        ``AlreadyVoided`` if it was voided before; ``Forbidden`` for someone who never sat at
        the table (nor created it) unless ``admin=True`` (a chat admin, checked by the caller).
        ``expect_last=True`` (an undo): ``Conflict`` unless the hand is still the table's
        last confirmed hand in play order, checked under the table lock — a hand recorded
        after the undo was asked makes it an older hand, which an undo does not void.
        A hand of a settled night moves the next night's first dealer along while that night
        has no hand (:meth:`_follow_night_end`)."""
        with self._write() as s:
            t, h = self._hand_for_update(s, hand_id)
            self._player(s, by_player_id)
            self._check_open(t)
            if h.status == "voided":
                raise AlreadyVoided(f"hand #{h.seq} of table {t.id} is already voided")
            if not admin and not self._is_participant(s, t, by_player_id):
                raise Forbidden(f"player {by_player_id} did not play at table {t.id}")
            assert t.id is not None
            if expect_last and self._last_confirmed_id(s, t.id) != h.id:
                raise Conflict(
                    f"hand #{h.seq} of table {t.id} is no longer its last hand: "
                    "a newer hand was recorded meanwhile"
                )
            settled = h.night < t.night
            old_end = self._night_end_dealer(s, t, h.night) if settled else None
            self._void(s, t, h, by_player_id, reason)
            if settled:
                self._follow_night_end(s, t, h.night, old_end)
            self._recompute_dealer(s, t)
            return self._hand_views(s, [h])[0]

    def correct_hand(
        self,
        hand_id: int,
        record: HandRecord,
        *,
        by_player_id: int,
        idempotency_key: str,
        admin: bool = False,
    ) -> HandView:
        """Void the hand and record ``record`` in its place (one transaction). The new hand
        has ``replaces_hand_id`` = the old one, the old hand's sequence number (the voided
        old hand takes the next one), night and play position. The players may be those seated now or those of the old
        hand. Idempotent by ``idempotency_key``. ``admin`` as in :meth:`void_hand`. A hand of a
        settled night may be corrected (the night's totals and transfers change); the next
        night's first dealer follows while that night has no hand (:meth:`_follow_night_end`).
        """
        if not idempotency_key:
            raise Conflict("an idempotency key is required")
        with self._read() as s:
            h0 = s.get(Hand, hand_id)
            if h0 is None:
                raise NotFound(f"hand {hand_id} does not exist")
            found = self._existing(s, idempotency_key, h0.table_id)
            if found is not None:
                return found
            t = self._table(s, h0.table_id)
        self._check_ruleset(t, record)
        settlement, dealer_before, dealer_after = self._prepare(record)
        try:
            with self._write() as s:
                t, old = self._hand_for_update(s, hand_id)
                found = self._existing(s, idempotency_key, t.id or 0)
                if found is not None:
                    return found
                self._check_open(t)
                self._player(s, by_player_id)
                if old.status == "voided":
                    raise AlreadyVoided(f"hand #{old.seq} of table {t.id} is already voided")
                if not admin and not self._is_participant(s, t, by_player_id):
                    raise Forbidden(f"player {by_player_id} did not play at table {t.id}")
                old_players = {
                    int(p)
                    for p in json.loads(old.record)["players"]
                    if str(p).isascii() and str(p).isdigit()
                }
                self._check_players(s, t, record, settlement, old_players)
                settled = old.night < t.night
                old_end = self._night_end_dealer(s, t, old.night) if settled else None
                self._void(s, t, old, by_player_id, f"corrected by {idempotency_key}")
                h = self._insert_hand(
                    s,
                    t,
                    record,
                    settlement,
                    dealer_before,
                    dealer_after,
                    recorded_by=by_player_id,
                    key=idempotency_key,
                    draft_id=None,
                    night=old.night,
                    position=old.position,
                    replaces=old.id,
                )
                # the correction keeps the hand's number (/history, /explain, images); the voided
                # first entry takes the new one (numbers stay 1..n), linked by replaces_hand_id
                first_seq, next_seq = old.seq, h.seq
                old.seq = -first_seq  # through a free number: (table_id, seq) is unique
                s.flush()
                h.seq = first_seq
                s.flush()
                old.seq = next_seq
                old.void_reason = f"corrected: hand #{first_seq} is the correction"
                s.flush()
                if settled:
                    self._follow_night_end(s, t, old.night, old_end)
                self._recompute_dealer(s, t)
                views = self._hand_views(s, [h])
                return views[0]
        except IntegrityError:
            with self._read() as s:
                found = self._existing(s, idempotency_key, t.id or 0)
                if found is not None:
                    return found
            raise

    def get_hand(self, table_id: int, seq: int) -> HandView:
        with self._read() as s:
            h = s.scalars(
                select(Hand).where(col(Hand.table_id) == table_id, col(Hand.seq) == seq)
            ).first()
            if h is None:
                self._table(s, table_id)
                raise NotFound(f"table {table_id} has no hand #{seq}")
            return self._hand_views(s, [h])[0]

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
            if include_voided:
                # sequence numbers have no gaps: a page is a range of them
                total = int(t.last_seq)
                hi = total - page * page_size
                params = {"t": table_id, "lo": hi - page_size, "hi": hi}
                hands = conn.execute(_HISTORY_RANGE, params).all()
            else:
                total = int(t.hand_count)
                params = {"t": table_id, "off": page * page_size, "lim": page_size}
                hands = conn.execute(_HISTORY_CONFIRMED, params).all()
            return Page(tuple(self._hand_views(conn, hands)), page, page_size, total)

    # --- totals ----------------------------------------------------------------------------
    @staticmethod
    def _scope(t: _TableNight, night: int | None) -> int:
        if night is None:
            return t.night
        if night < 0 or night > t.night:
            raise NotFound(f"table {t.id} has no night {night}")
        return night

    @staticmethod
    def _totals(s: Session, table_id: int, night: int) -> list[tuple[int, int, int, int, int, int]]:
        """(player, total, hands, wins, self_draws, deal_ins) of a night, or all (0)."""
        cols = (
            col(NightTotal.player_id),
            col(NightTotal.total),
            col(NightTotal.hands),
            col(NightTotal.wins),
            col(NightTotal.self_draws),
            col(NightTotal.deal_ins),
        )
        q = select(*cols).where(
            col(NightTotal.table_id) == table_id, col(NightTotal.night) == night
        )
        return [
            (int(r[0]), int(r[1]), int(r[2]), int(r[3]), int(r[4]), int(r[5]))
            for r in s.execute(q).all()
            if int(r[2]) > 0 or int(r[1]) != 0
        ]

    @staticmethod
    def _player_totals(
        t: Any,
        totals: Mapping[int, tuple[int, int, int, int, int, int]],
        seated: set[int],
        names: Mapping[int, str],
    ) -> tuple[PlayerTotal, ...]:
        out = []
        for pid in set(totals) | seated:
            r = totals.get(pid, (pid, 0, 0, 0, 0, 0))
            out.append(
                PlayerTotal(
                    player_id=pid,
                    name=names.get(pid, str(pid)),
                    total=r[1],
                    hands=r[2],
                    wins=r[3],
                    self_draws=r[4],
                    deal_ins=r[5],
                    seated=pid in seated,
                    money_minor=None if t.stake_minor is None else r[1] * t.stake_minor,
                )
            )
        out.sort(key=lambda p: (-p.total, p.name, p.player_id))
        return tuple(out)

    def standings(
        self, table_id: int, *, night: int | None = None, trend_hands: int = TREND_HANDS
    ) -> StandingsView:
        """Totals per player for a night (``None`` = the current night, ``ALL_NIGHTS`` = the
        whole table) and for the whole table, the running totals of the night's last
        ``trend_hands`` confirmed hands (the trend chart), the dealer and hand counts."""
        with self._core() as conn:
            t = conn.execute(_TABLE_ROW, {"t": table_id}).first()
            if t is None:
                raise NotFound(f"table {table_id} does not exist")
            scope = self._scope(t, night)
            trend_night = t.night if scope == ALL_NIGHTS else scope
            names: dict[int, str] = {}
            seated: set[int] = set()
            for pid, name in conn.execute(_SEATED_NAMES, {"t": table_id}):
                names[int(pid)] = str(name)
                seated.add(int(pid))
            whole: dict[int, tuple[int, int, int, int, int, int]] = {}
            nightly: dict[int, tuple[int, int, int, int, int, int]] = {}
            for r in conn.execute(_TOTALS_TWO, {"t": table_id, "n": trend_night}):
                row = (int(r[1]), int(r[2]), int(r[3]), int(r[4]), int(r[5]), int(r[6]))
                if row[2] == 0 and row[1] == 0:
                    continue
                (whole if r[0] == ALL_NIGHTS else nightly)[row[0]] = row
            names.update(self._names(conn, (set(whole) | set(nightly)) - set(names)))
            table_players = self._player_totals(t, whole, seated, names)
            if scope == ALL_NIGHTS:
                players = table_players
                hand_count = int(t.hand_count)
            else:
                players = self._player_totals(t, nightly, seated, names)
                hc = conn.execute(_NIGHT_COUNT, {"t": table_id, "n": scope}).scalar()
                hand_count = int(hc or 0)
            running = {pid: r[1] for pid, r in nightly.items()}
            trend = self._trend(conn, table_id, trend_night, trend_hands, running)
            return StandingsView(
                table_id=table_id,
                night=scope,
                players=players,
                hand_count=hand_count,
                dealer_id=t.dealer_id,
                current_night=t.night,
                trend=trend,
                stake_minor=t.stake_minor,
                currency=t.currency,
                table_players=table_players,
                table_hand_count=int(t.hand_count),
                names=names,
            )

    @staticmethod
    def _trend(
        conn: Connection | Session, table_id: int, night: int, limit: int, running: dict[int, int]
    ) -> tuple[TrendPoint, ...]:
        """Running totals after each of the night's last ``limit`` confirmed hands; ``running``
        = the night's totals now (consumed)."""
        if limit <= 0:
            return ()
        rows = conn.execute(_TREND, {"t": table_id, "n": night, "lim": limit}).all()
        if not rows:
            return ()
        # rows: (position, seq, player, amount), newest hand first
        for _pos, _seq, pid, amount in rows:  # back to the totals before the first hand shown
            running[int(pid)] = running.get(int(pid), 0) - int(amount)
        per_hand: dict[tuple[int, int], list[tuple[int, int]]] = {}
        for pos, seq, pid, amount in rows:
            per_hand.setdefault((int(pos), int(seq)), []).append((int(pid), int(amount)))
        out = []
        for key in sorted(per_hand):
            for pid, amount in per_hand[key]:
                running[pid] = running.get(pid, 0) + amount
            out.append(TrendPoint(key[1], dict(running)))
        return tuple(out)

    def night_transfers(self, table_id: int, *, night: int | None = None) -> SettleView:
        """Net per player for the night (``None`` = current, ``ALL_NIGHTS`` = whole table), in
        points and (with a stake) money, and the fewest transfers that settle it — in money
        when the table has a stake, else in points."""
        from scoring.transfers import fewest_transfers, to_money

        with self._read() as s:
            t = self._table(s, table_id)
            scope = self._scope(t, night)
            seats = self._seats(s, table_id)
            order_ids = [seat.player_id for seat, _ in seats]
            net = {r[0]: r[1] for r in self._totals(s, table_id, scope)}
            others = sorted(set(net) - set(order_ids))
            order = [str(p) for p in order_ids + others]
            names = self._names(s, set(net) | set(order_ids))
            points = {str(k): v for k, v in net.items()}
            if sum(points.values()) != 0:  # money paid into or out of nothing
                points["0"] = -sum(points.values())
                order.append("0")
            money: dict[str, int] | None = None
            if t.stake_minor is not None:
                money = {k: int(v) for k, v in to_money(points, t.stake_minor).items()}
            basis = money if money is not None else points
            # the night's table fee and loss cap (storage/seasons.py), applied to the nets
            adjust = season_store.settle_night(s, t, scope, basis, order)
            if adjust is not None:
                basis = {str(k): v for k, v in adjust.final.items()}
                order += [k for k in basis if k not in order]
            transfers = fewest_transfers(basis, order)
            tv = tuple(
                TransferView(
                    payer_id=int(tr.payer),
                    payee_id=int(tr.payee),
                    points=None if money is not None else int(tr.amount),
                    money_minor=int(tr.amount) if money is not None else None,
                )
                for tr in transfers
            )
            return SettleView(
                table_id=table_id,
                night=scope,
                net_points=dict(net),
                net_money=None if money is None else {int(k): v for k, v in money.items()},
                transfers=tv,
                names=names,
                stake_minor=t.stake_minor,
                currency=t.currency,
                adjust=adjust,
            )

    def export_csv(self, table_id: int) -> str:
        """Every hand of the table (voids marked): one ``net`` line per player per hand and
        one ``payment`` line per itemized payment, in recording order."""
        out = io.StringIO()
        w = csv.writer(out, lineterminator="\n")
        w.writerow(
            [
                "table_id",
                "seq",
                "night",
                "hand_id",
                "status",
                "recorded_at",
                "recorded_by",
                "dealer",
                "result",
                "line",
                "player_id",
                "player",
                "from_id",
                "from",
                "to_id",
                "to",
                "amount",
                "reason",
                "money_minor",
                "currency",
                "voided_at",
                "voided_by",
                "void_reason",
                "replaces_hand_id",
            ]
        )
        with self._read() as s:
            t = self._table(s, table_id)
            players = s.execute(
                select(col(Player.id), col(Player.name)).where(
                    col(Player.id).in_(
                        select(col(LedgerRow.player_id)).where(col(LedgerRow.table_id) == table_id)
                    )
                    | col(Player.id).in_(
                        select(col(Seat.player_id)).where(col(Seat.table_id) == table_id)
                    )
                )
            ).all()
            names = {str(r[0]): str(r[1]) for r in players}
            stake = t.stake_minor

            def nm(pid: str | int | None) -> str:
                return "" if pid is None else _csv_text(names.get(str(pid), str(pid)))

            hands = s.scalars(
                select(Hand).where(col(Hand.table_id) == table_id).order_by(col(Hand.seq))
            )
            for h in hands:
                st = json.loads(h.settlement)
                head = [
                    table_id,
                    h.seq,
                    h.night,
                    h.id,
                    h.status,
                    (_aware(h.recorded_at) or h.recorded_at).isoformat(),
                    nm(h.recorded_by),
                    nm(h.dealer_before_id),
                    h.result,
                ]
                tail = [
                    "" if h.voided_at is None else (_aware(h.voided_at) or h.voided_at).isoformat(),
                    nm(h.voided_by),
                    _csv_text(h.void_reason or ""),
                    h.replaces_hand_id or "",
                ]
                cur = [t.currency or "", *tail]
                for pid, amount in st["net"].items():
                    money = "" if stake is None else amount * stake
                    w.writerow(
                        [*head, "net", pid, nm(pid), "", "", "", "", amount, "", money, *cur]
                    )
                for p in st["payments"]:
                    money = "" if stake is None else p["amount"] * stake
                    a, b, amt, why = p["from"], p["to"], p["amount"], p["reason"]
                    w.writerow(
                        [*head, "payment", "", "", a, nm(a), b, nm(b), amt, why, money, *cur]
                    )
        return out.getvalue()

    def chat_stats(self, tg_chat_id: int) -> list[PlayerStatsView]:
        """Lifetime figures per player over every table of the chat (confirmed hands only):
        hands, wins, self-draws, deal-ins, biggest single-hand gain, net points and net money
        per currency. Sorted by net, best first."""
        with self._read() as s:
            chat = self._chat(s, tg_chat_id)
            if chat is None:
                return []
            lr = LedgerRow
            in_chat = and_(col(lr.table_id) == col(GameTable.id), col(GameTable.chat_id) == chat.id)
            rows = s.execute(
                select(
                    col(lr.player_id),
                    func.count(),
                    func.sum(col(lr.won)),
                    func.sum(col(lr.self_drawn)),
                    func.sum(col(lr.dealt_in)),
                    func.max(col(lr.amount)),
                    func.sum(col(lr.amount)),
                    func.count(func.distinct(col(lr.table_id))),
                )
                .join(GameTable, in_chat)
                .where(col(lr.confirmed).is_(True))
                .group_by(col(lr.player_id))
            ).all()
            money_rows = s.execute(
                select(
                    col(lr.player_id),
                    col(GameTable.currency),
                    func.sum(col(lr.amount) * col(GameTable.stake_minor)),
                )
                .join(GameTable, in_chat)
                .where(col(lr.confirmed).is_(True), col(GameTable.stake_minor).is_not(None))
                .group_by(col(lr.player_id), col(GameTable.currency))
            ).all()
            money: dict[int, dict[str, int]] = {}
            for pid, cur, amount in money_rows:
                money.setdefault(int(pid), {})[cur or ""] = int(amount)
            names = self._names(s, {int(r[0]) for r in rows})
            out = [
                PlayerStatsView(
                    player_id=int(r[0]),
                    name=names.get(int(r[0]), str(r[0])),
                    hands=int(r[1]),
                    wins=int(r[2] or 0),
                    self_draws=int(r[3] or 0),
                    deal_ins=int(r[4] or 0),
                    biggest_win=max(0, int(r[5] or 0)),
                    net=int(r[6] or 0),
                    net_money=money.get(int(r[0]), {}),
                    tables=int(r[7]),
                )
                for r in rows
            ]
            out.sort(key=lambda p: (-p.net, p.name, p.player_id))
            return out

    # --- seasons, fees and caps, player history (storage/season_store.py) ----------------------
    def fee_settings(self, table_id: int) -> season_store.FeeSettings:
        return season_store.fee_settings(self, table_id)

    def set_fee(
        self, table_id: int, amount: int | None, *, split: str = "aa", payee_id: int | None = None
    ) -> season_store.FeeSettings:
        return season_store.set_fee(self, table_id, amount, split=split, payee_id=payee_id)

    def set_cap(self, table_id: int, cap: int | None) -> season_store.FeeSettings:
        return season_store.set_cap(self, table_id, cap)

    def seasons(self, tg_chat_id: int) -> list[season_store.SeasonInfo]:
        return season_store.seasons(self, tg_chat_id)

    def new_season(
        self, tg_chat_id: int, name: str | None, *, by_player_id: int
    ) -> season_store.SeasonInfo:
        return season_store.new_season(self, tg_chat_id, name, by_player_id=by_player_id)

    def season_board(self, tg_chat_id: int, number: int | None = None) -> season_store.SeasonBoard:
        return season_store.season_board(self, tg_chat_id, number)

    def player_history(
        self, player_id: int, *, tg_chat_id: int | None = None
    ) -> season_store.PlayerHistory:
        return season_store.player_history(self, player_id, tg_chat_id=tg_chat_id)

    def merge_guest(self, tg_chat_id: int, guest_name: str, into_player_id: int) -> tuple[int, str]:
        return season_store.merge_guest(self, tg_chat_id, guest_name, into_player_id)

    def player_by_username(self, username: str) -> int | None:
        return season_store.player_by_username(self, username)

    def is_table_creator(self, tg_chat_id: int, player_id: int) -> bool:
        return season_store.is_table_creator(self, tg_chat_id, player_id)

    # --- maintenance -----------------------------------------------------------------------
    def check_integrity(self) -> list[str]:
        """Consistency checks of the ledger (used by tests and ``db check``); returns problems.

        * every table's ``last_seq`` equals its number of hands and sequence numbers 1..n;
        * ``hand_count`` equals its confirmed hands;
        * ``night_total`` equals the sum of confirmed ledger rows;
        * every confirmed hand's ledger rows sum to its settlement's net.
        """
        problems: list[str] = []
        with self._read() as s:
            for tid, last_seq, hand_count in s.execute(
                select(col(GameTable.id), col(GameTable.last_seq), col(GameTable.hand_count))
            ).all():
                n, lo, hi, conf = s.execute(
                    select(
                        func.count(),
                        func.min(col(Hand.seq)),
                        func.max(col(Hand.seq)),
                        func.sum(case((col(Hand.status) == "confirmed", 1), else_=0)),
                    ).where(col(Hand.table_id) == tid)
                ).one()
                if n != last_seq or (n and (lo != 1 or hi != n)):
                    problems.append(f"table {tid}: {n} hands, seq {lo}..{hi}, last_seq {last_seq}")
                if int(conf or 0) != hand_count:
                    problems.append(f"table {tid}: hand_count {hand_count} != {conf} confirmed")
            sums = {
                (int(a), int(b), int(c)): int(d)
                for a, b, c, d in s.execute(
                    select(
                        col(LedgerRow.table_id),
                        col(LedgerRow.night),
                        col(LedgerRow.player_id),
                        func.sum(col(LedgerRow.amount)),
                    )
                    .where(col(LedgerRow.confirmed).is_(True))
                    .group_by(
                        col(LedgerRow.table_id), col(LedgerRow.night), col(LedgerRow.player_id)
                    )
                ).all()
            }
            totals = {
                (int(a), int(b), int(c)): int(d)
                for a, b, c, d in s.execute(
                    select(
                        col(NightTotal.table_id),
                        col(NightTotal.night),
                        col(NightTotal.player_id),
                        col(NightTotal.total),
                    )
                ).all()
            }
            for (tid, _night, pid), v in list(sums.items()):
                sums[(tid, ALL_NIGHTS, pid)] = sums.get((tid, ALL_NIGHTS, pid), 0) + v
            for k in set(sums) | set(totals):
                if sums.get(k, 0) != totals.get(k, 0):
                    problems.append(f"night_total {k}: {totals.get(k, 0)} != rows {sums.get(k, 0)}")
            bad = s.execute(
                select(col(Hand.id))
                .join(LedgerRow, col(LedgerRow.hand_id) == col(Hand.id))
                .where(col(LedgerRow.confirmed) != (col(Hand.status) == "confirmed"))
                .limit(5)
            ).all()
            for (hid,) in bad:
                problems.append(f"hand {hid}: ledger rows disagree with its status")
        return problems
