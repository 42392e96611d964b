"""The ledger's tables (SQLModel). Alembic migrations in ``storage/alembic`` mirror them.

* ``chat`` — a Telegram group or private chat and its language.
* ``player`` — a Telegram user, or a guest (a name only, belonging to one chat).
* ``game_table`` — a table: chat, ruleset, options snapshot, stake (minor units per point,
  currency), status ``open``/``playing``/``closed``, creator, current night and dealer, and
  ``last_seq`` (the sequence counter, advanced under the table-row lock).
* ``night`` — each evening of a table (its number, start time, starting dealer, hand count,
  the last hand number handed out in it).
* ``seat`` — who sits where, with joined/left times (substitutions keep history).
* ``hand`` — one recorded hand: sequence number, record and settlement JSON, dealer before and
  after, status ``confirmed``/``voided`` with who/when/why, a link to the hand it corrects,
  and a unique idempotency key. ``position`` orders hands in play order: a correction takes
  the position (and night) of the hand it replaces. ``number`` is the hand's place in its
  night (what people call it: "hand 6"); ``seq`` is the table's internal counter.
* ``ledger_row`` — one row per player per hand (the settlement's ``net``), with the hand's
  status copied (``confirmed``) so totals are a single indexed aggregate.
* ``night_total`` — running totals per table, night and player (night 0 = the whole table),
  kept in the same transaction as the hands: standings read a handful of rows at any number
  of hands.
* ``draft`` — a hand being entered on the keyboards, with a version for optimistic concurrency.

Timestamps are UTC (``timestamptz`` on PostgreSQL, UTC text on SQLite).
"""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import (
    BigInteger,
    Index,
    PrimaryKeyConstraint,
    Table,
    Text,
    UniqueConstraint,
    inspect,
    text,
)
from sqlmodel import Field, SQLModel

SQLModel.metadata.naming_convention = {
    "ix": "ix_%(table_name)s_%(column_0_N_name)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}

metadata = SQLModel.metadata


def utcnow() -> datetime:
    """Now, timezone-aware UTC (SQLite stores it as UTC text; PostgreSQL as timestamptz)."""
    return datetime.now(UTC)


def table_of(model: type[SQLModel]) -> Table:
    """The Core :class:`Table` of a table model (typed: SQLModel declares no ``__table__``)."""
    table = inspect(model).local_table
    assert isinstance(table, Table), model
    return table


class Chat(SQLModel, table=True):
    __tablename__ = "chat"

    id: int | None = Field(default=None, primary_key=True)
    tg_chat_id: int = Field(sa_type=BigInteger, unique=True)
    title: str | None = Field(default=None, max_length=255)
    kind: str = Field(default="group", max_length=20)
    lang: str | None = Field(default=None, max_length=16)
    created_at: datetime = Field(default_factory=utcnow)


class Player(SQLModel, table=True):
    __tablename__ = "player"

    id: int | None = Field(default=None, primary_key=True)
    tg_user_id: int | None = Field(default=None, sa_type=BigInteger, unique=True)
    name: str = Field(max_length=255)
    username: str | None = Field(default=None, max_length=255)
    lang: str | None = Field(default=None, max_length=16)
    is_guest: bool = False
    guest_chat_id: int | None = Field(default=None, foreign_key="chat.id", index=True)
    created_at: datetime = Field(default_factory=utcnow)
    # a guest merged into a Telegram account: seasons and /me count it as that player
    merged_into_id: int | None = Field(default=None, foreign_key="player.id", index=True)


class GameTable(SQLModel, table=True):
    __tablename__ = "game_table"
    __table_args__ = (
        # at most one table per chat that is not closed
        Index(
            "uq_game_table_open_chat",
            "chat_id",
            unique=True,
            sqlite_where=text("status <> 'closed'"),
            postgresql_where=text("status <> 'closed'"),
        ),
    )

    id: int | None = Field(default=None, primary_key=True)
    chat_id: int = Field(foreign_key="chat.id", index=True)
    ruleset: str = Field(max_length=64)
    options: str = Field(sa_type=Text, default="{}")  # JSON: the resolved options snapshot
    stake_minor: int | None = Field(default=None, sa_type=BigInteger)
    currency: str | None = Field(default=None, max_length=8)
    name: str | None = Field(default=None, max_length=255)
    status: str = Field(default="open", max_length=10)
    creator_id: int = Field(foreign_key="player.id")
    night: int = 1
    dealer_id: int | None = Field(default=None, foreign_key="player.id")
    hand_count: int = 0  # confirmed hands
    last_seq: int = 0  # the last sequence number handed out (voided hands keep theirs)
    # the last hand number handed out in the current night (a hand's number is its place in
    # the night: each night starts at 1, a void frees none, a correction keeps its hand's)
    last_number: int = Field(default=0, sa_column_kwargs={"server_default": text("0")})
    message_id: int | None = Field(default=None, sa_type=BigInteger)
    created_at: datetime = Field(default_factory=utcnow)
    closed_at: datetime | None = None
    closed_by: int | None = Field(default=None, foreign_key="player.id")
    # the table fee and loss cap of its next nights (storage/seasons/; money in minor units
    # with a stake, else points): fee_split "aa"/"winners", fee_payee_id None = the creator
    fee_amount: int | None = Field(default=None, sa_type=BigInteger)
    fee_split: str | None = Field(default=None, max_length=10)
    fee_payee_id: int | None = Field(default=None, foreign_key="player.id")
    loss_cap: int | None = Field(default=None, sa_type=BigInteger)


class Night(SQLModel, table=True):
    __tablename__ = "night"
    __table_args__ = (PrimaryKeyConstraint("table_id", "number"),)

    table_id: int = Field(foreign_key="game_table.id")
    number: int
    started_at: datetime = Field(default_factory=utcnow)
    start_dealer_id: int | None = Field(default=None, foreign_key="player.id")
    hand_count: int = 0  # confirmed hands of this night
    # the night's last hand number (its hands, voided ones too)
    last_number: int = Field(default=0, sa_column_kwargs={"server_default": text("0")})
    # the night's own fee and cap (copied from the table when the night begins)
    fee_amount: int | None = Field(default=None, sa_type=BigInteger)
    fee_split: str | None = Field(default=None, max_length=10)
    fee_payee_id: int | None = Field(default=None, foreign_key="player.id")
    loss_cap: int | None = Field(default=None, sa_type=BigInteger)


class Seat(SQLModel, table=True):
    __tablename__ = "seat"
    __table_args__ = (
        Index(
            "uq_seat_active_index",
            "table_id",
            "seat_index",
            unique=True,
            sqlite_where=text("left_at IS NULL"),
            postgresql_where=text("left_at IS NULL"),
        ),
        Index(
            "uq_seat_active_player",
            "table_id",
            "player_id",
            unique=True,
            sqlite_where=text("left_at IS NULL"),
            postgresql_where=text("left_at IS NULL"),
        ),
        Index("ix_seat_player_id", "player_id"),
    )

    id: int | None = Field(default=None, primary_key=True)
    table_id: int = Field(foreign_key="game_table.id")
    player_id: int = Field(foreign_key="player.id")
    seat_index: int
    joined_at: datetime = Field(default_factory=utcnow)
    left_at: datetime | None = None


class Draft(SQLModel, table=True):
    __tablename__ = "draft"
    __table_args__ = (
        Index("ix_draft_status_expires_at", "status", "expires_at"),
        # one open entry per table (storage/ledger/drafts.py: create_draft(entry=True))
        Index(
            "uq_draft_open_entry",
            "entry_table_id",
            unique=True,
            sqlite_where=text("status = 'open' AND entry_table_id IS NOT NULL"),
            postgresql_where=text("status = 'open' AND entry_table_id IS NOT NULL"),
        ),
    )

    id: int | None = Field(default=None, primary_key=True)
    tg_chat_id: int = Field(sa_type=BigInteger, index=True)
    author_id: int = Field(foreign_key="player.id")
    table_id: int | None = Field(default=None, foreign_key="game_table.id")
    message_id: int | None = Field(default=None, sa_type=BigInteger)
    step: str = Field(max_length=64)
    data: str = Field(sa_type=Text, default="{}")  # JSON
    version: int = 1
    status: str = Field(default="open", max_length=10)
    created_at: datetime = Field(default_factory=utcnow)
    updated_at: datetime = Field(default_factory=utcnow)
    expires_at: datetime
    # a new hand's entry at this table holds its one slot while open (None: any other draft,
    # or an entry whose hand is recorded)
    entry_table_id: int | None = Field(default=None)


class Hand(SQLModel, table=True):
    __tablename__ = "hand"
    __table_args__ = (
        UniqueConstraint("table_id", "seq"),
        Index("ix_hand_table_night_position", "table_id", "night", "position"),
        Index("ix_hand_table_night_number", "table_id", "night", "number"),
        Index("ix_hand_table_result", "table_id", "result"),  # riichi game ends (/season)
    )

    id: int | None = Field(default=None, primary_key=True)
    table_id: int = Field(foreign_key="game_table.id")
    seq: int
    night: int
    position: int  # play order (a correction takes the position of the hand it replaces)
    # the hand's place in its night, 1, 2, … (a correction keeps it: the superseded version
    # carries its correction's number and has none of its own; a voided hand keeps its own)
    number: int = Field(default=0, sa_column_kwargs={"server_default": text("0")})
    record: str = Field(sa_type=Text)  # the hand record JSON
    settlement: str = Field(sa_type=Text)  # the settlement JSON
    result: str = Field(max_length=20)
    dealer_before_id: int = Field(foreign_key="player.id")
    dealer_after_id: int = Field(foreign_key="player.id")
    status: str = Field(default="confirmed", max_length=10)
    recorded_by: int = Field(foreign_key="player.id")
    recorded_at: datetime = Field(default_factory=utcnow)
    voided_by: int | None = Field(default=None, foreign_key="player.id")
    voided_at: datetime | None = None
    void_reason: str | None = Field(default=None, sa_type=Text)
    replaces_hand_id: int | None = Field(default=None, foreign_key="hand.id", index=True)
    idempotency_key: str = Field(max_length=200, unique=True)
    draft_id: int | None = Field(default=None, foreign_key="draft.id")


class LedgerRow(SQLModel, table=True):
    __tablename__ = "ledger_row"
    __table_args__ = (
        UniqueConstraint("hand_id", "player_id"),
        Index("ix_ledger_row_player_confirmed", "player_id", "confirmed"),
        Index("ix_ledger_row_table_night", "table_id", "night"),
        Index("ix_ledger_row_player_confirmed_amount", "player_id", "confirmed", "amount"),
    )

    id: int | None = Field(default=None, primary_key=True)
    hand_id: int = Field(foreign_key="hand.id")
    table_id: int = Field(foreign_key="game_table.id")
    night: int
    player_id: int = Field(foreign_key="player.id")
    amount: int = Field(sa_type=BigInteger)  # the player's net of the hand, in points
    confirmed: bool = True
    won: int = 0  # 1 if the player won the hand
    self_drawn: int = 0  # 1 if the player's win was self-drawn
    dealt_in: int = 0  # number of wins the player discarded into (incl. robbed kongs)


class NightTotal(SQLModel, table=True):
    __tablename__ = "night_total"
    __table_args__ = (
        PrimaryKeyConstraint("table_id", "night", "player_id"),
        Index("ix_night_total_player_table_night", "player_id", "table_id", "night"),
    )

    table_id: int = Field(foreign_key="game_table.id")
    night: int
    player_id: int = Field(foreign_key="player.id")
    total: int = Field(default=0, sa_type=BigInteger)
    hands: int = 0
    wins: int = 0
    self_draws: int = 0
    deal_ins: int = 0


class Season(SQLModel, table=True):
    """A season of a chat (storage/seasons/): nights that began in [started_at, closed_at)
    count in it. A chat without rows is in its season 1, from the beginning."""

    __tablename__ = "season"
    __table_args__ = (UniqueConstraint("chat_id", "number"),)

    id: int | None = Field(default=None, primary_key=True)
    chat_id: int = Field(foreign_key="chat.id")
    number: int
    name: str | None = Field(default=None, max_length=255)
    started_at: datetime | None = None  # None = from the beginning
    closed_at: datetime | None = None
    opened_by: int | None = Field(default=None, foreign_key="player.id")


class UpdateKey(SQLModel, table=True):
    """A Telegram update (or a state change of one) already processed: a redelivered update
    changes nothing twice (bot/app.py; the key is written in the change's own transaction)."""

    __tablename__ = "update_key"

    key: str = Field(primary_key=True, max_length=64)
    created_at: datetime = Field(default_factory=utcnow, index=True)


ALL_MODELS = (
    Chat,
    Player,
    GameTable,
    Night,
    Seat,
    Draft,
    Hand,
    LedgerRow,
    NightTotal,
    Season,
    UpdateKey,
)
