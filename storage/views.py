"""Plain frozen dataclasses the ledger returns (never live ORM objects)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from scoring.record import HandRecord, Settlement

if TYPE_CHECKING:
    from storage.seasons import NightSettle

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class ChatView:
    id: int
    tg_chat_id: int
    title: str | None
    kind: str
    lang: str | None


@dataclass(frozen=True, slots=True)
class PlayerView:
    id: int
    name: str
    tg_user_id: int | None
    username: str | None
    lang: str | None
    is_guest: bool


@dataclass(frozen=True, slots=True)
class SeatView:
    player_id: int
    name: str
    seat_index: int
    is_guest: bool
    tg_user_id: int | None


@dataclass(frozen=True, slots=True)
class TableView:
    id: int
    chat_id: int  # the Telegram chat id
    ruleset: str
    options: Mapping[str, bool | int | str]
    stake_minor: int | None
    currency: str | None
    name: str | None
    status: str  # "open" / "playing" / "closed"
    creator_id: int
    night: int
    dealer_id: int | None
    hand_count: int  # confirmed hands on the table
    message_id: int | None
    seats: tuple[SeatView, ...]
    created_at: datetime | None = None
    closed_at: datetime | None = None
    next_seq: int = 1  # the sequence number the next recorded hand gets (last_seq + 1)
    #: the number the next hand of tonight gets (its place in the night: each night starts
    #: at 1, a void frees no number, a correction keeps its hand's); "N hands tonight" is
    #: ``next_number - 1``
    next_number: int = 1

    @property
    def player_ids(self) -> list[int]:
        return [s.player_id for s in self.seats]


@dataclass(frozen=True, slots=True)
class HandView:
    id: int
    table_id: int
    seq: int
    night: int
    record: HandRecord
    settlement: Settlement
    status: str  # "confirmed" / "voided"
    dealer_before: int
    dealer_after: int
    recorded_by: int
    recorded_at: datetime
    voided_by: int | None
    voided_at: datetime | None
    void_reason: str | None
    replaces_hand_id: int | None
    idempotency_key: str
    replaced_by_hand_id: int | None = None  # the correction that replaced this hand
    #: the hand's place in its night ("hand 6"): what people see. A superseded version (see
    #: ``superseded``) has no number of its own: it carries its correction's.
    number: int = 0
    names: Mapping[int, str] = field(default_factory=dict)  # player id → display name
    #: 2 = the explanation carries player references (storage.settled), 1 = ids (older hands)
    settlement_format: int = 1

    @property
    def superseded(self) -> bool:
        """A corrected hand's first version (shown as "hand N, corrected …, was: …")."""
        return self.replaced_by_hand_id is not None


@dataclass(frozen=True, slots=True)
class Page(Generic[T]):
    items: tuple[T, ...]
    page: int
    page_size: int
    total: int

    @property
    def pages(self) -> int:
        return max(1, -(-self.total // self.page_size)) if self.page_size else 1

    @property
    def has_next(self) -> bool:
        return (self.page + 1) * self.page_size < self.total

    @property
    def has_prev(self) -> bool:
        return self.page > 0


@dataclass(frozen=True, slots=True)
class PlayerTotal:
    player_id: int
    name: str
    total: int  # points (the ruleset's unit), confirmed hands only
    hands: int  # confirmed hands the player has a ledger row in
    wins: int
    self_draws: int
    deal_ins: int  # wins the player discarded into (including robbed kongs)
    seated: bool  # currently seated at the table
    money_minor: int | None = None  # total at the stake, minor units (None without a stake)


@dataclass(frozen=True, slots=True)
class TrendPoint:
    seq: int  # hand sequence number (the table's internal counter)
    totals: Mapping[int, int]  # player id → running total of the night after this hand
    number: int = 0  # the hand's number in the night, as people call it


@dataclass(frozen=True, slots=True)
class StandingsView:
    table_id: int
    night: int  # the night shown; 0 (ALL_NIGHTS) = the whole table
    players: tuple[PlayerTotal, ...]  # totals of that night, sorted by total, best first
    hand_count: int  # confirmed hands in scope
    dealer_id: int | None  # the table's current dealer
    current_night: int
    trend: tuple[TrendPoint, ...] = ()  # running totals per hand of the night (last 200)
    stake_minor: int | None = None
    currency: str | None = None
    table_players: tuple[PlayerTotal, ...] = ()  # the whole table's totals, best first
    table_hand_count: int = 0  # confirmed hands of the whole table
    names: Mapping[int, str] = field(default_factory=dict)  # player id → display name
    #: hands numbered in scope (the night's last number; every night's for the whole table):
    #: "N hands tonight", voided ones included (``voided`` of them)
    numbered: int = 0

    @property
    def voided(self) -> int:
        """Numbered hands of the scope that stand voided (not counted in the totals)."""
        return max(0, self.numbered - self.hand_count)


@dataclass(frozen=True, slots=True)
class TransferView:
    payer_id: int
    payee_id: int
    points: int | None  # set when the table has no stake (transfers in points)
    money_minor: int | None  # set when the table has a stake (transfers in money)


@dataclass(frozen=True, slots=True)
class SettleView:
    table_id: int
    night: int  # 0 (ALL_NIGHTS) = the whole table
    net_points: Mapping[int, int]  # player id → points
    net_money: Mapping[int, int] | None  # player id → minor units at the stake (None: no stake)
    transfers: tuple[TransferView, ...]  # fewest transfers (money if a stake, else points)
    names: Mapping[int, str] = field(default_factory=dict)
    stake_minor: int | None = None
    currency: str | None = None
    #: the night's table fee and loss cap as applied (None: neither); the transfers settle
    #: ``adjust.final``, not the plain nets
    adjust: NightSettle | None = None


@dataclass(frozen=True, slots=True)
class PlayerStatsView:
    player_id: int
    name: str
    hands: int
    wins: int
    self_draws: int
    deal_ins: int
    biggest_win: int  # largest positive net in one hand (points)
    net: int  # points over every table of the chat
    net_money: Mapping[str, int] = field(default_factory=dict)  # currency → minor units
    tables: int = 0


@dataclass(frozen=True, slots=True)
class DraftView:
    id: int
    version: int
    step: str
    data: dict[str, Any]
    author_id: int
    table_id: int | None
    tg_chat_id: int
    message_id: int | None
    status: str  # "open" / "done" / "cancelled" / "expired"
    expires_at: datetime


__all__ = [
    "ChatView",
    "DraftView",
    "HandView",
    "Page",
    "PlayerStatsView",
    "PlayerTotal",
    "PlayerView",
    "SeatView",
    "SettleView",
    "StandingsView",
    "TableView",
    "TransferView",
    "TrendPoint",
]
