"""The ledger service the bot calls (see ``docs/ledger-api.md``).

Synchronous: every method opens and commits its own transaction. The bot calls it through
``asyncio.to_thread`` so the event loop is never blocked. Return values are frozen dataclasses
from :mod:`storage.views`; errors are :class:`storage.errors.LedgerError` subclasses, and
:class:`scoring.RecordError` passes through for invalid hand records.
"""

from __future__ import annotations

from datetime import datetime

from scoring.record import HandRecord
from storage.views import (
    ChatView,
    DraftView,
    HandView,
    Page,
    PlayerStatsView,
    PlayerView,
    SeatView,
    SettleView,
    StandingsView,
    TableView,
)


class Ledger:
    def __init__(self, url: str | None = None) -> None:
        raise NotImplementedError

    def upgrade(self) -> None:
        raise NotImplementedError

    # chats and players
    def ensure_chat(
        self,
        tg_chat_id: int,
        *,
        title: str | None = None,
        kind: str = "group",
        lang: str | None = None,
    ) -> ChatView:
        raise NotImplementedError

    def set_chat_lang(self, tg_chat_id: int, lang: str) -> ChatView:
        raise NotImplementedError

    def ensure_user(
        self,
        tg_user_id: int,
        name: str,
        *,
        username: str | None = None,
        lang: str | None = None,
    ) -> PlayerView:
        raise NotImplementedError

    def add_guest(self, table_id: int, name: str, *, by_player_id: int) -> SeatView:
        raise NotImplementedError

    # tables
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
        raise NotImplementedError

    def current_table(self, tg_chat_id: int) -> TableView | None:
        raise NotImplementedError

    def get_table(self, table_id: int) -> TableView:
        raise NotImplementedError

    def set_table_message(self, table_id: int, message_id: int) -> None:
        raise NotImplementedError

    def join(self, table_id: int, player_id: int) -> SeatView:
        raise NotImplementedError

    def leave(self, table_id: int, player_id: int) -> None:
        raise NotImplementedError

    def substitute(self, table_id: int, out_player_id: int, in_player_id: int) -> SeatView:
        raise NotImplementedError

    def move_seat(self, table_id: int, player_id: int, seat_index: int) -> list[SeatView]:
        raise NotImplementedError

    def start(self, table_id: int, *, dealer_id: int | None = None) -> TableView:
        raise NotImplementedError

    def new_night(self, table_id: int) -> TableView:
        raise NotImplementedError

    def close_table(self, table_id: int, *, by_player_id: int) -> TableView:
        raise NotImplementedError

    # drafts
    def create_draft(
        self,
        *,
        tg_chat_id: int,
        author_id: int,
        table_id: int | None,
        data: dict,
        step: str,
        ttl_seconds: int = 86400,
    ) -> DraftView:
        raise NotImplementedError

    def get_draft(self, draft_id: int) -> DraftView:
        raise NotImplementedError

    def update_draft(
        self,
        draft_id: int,
        *,
        version: int,
        step: str,
        data: dict,
        message_id: int | None = None,
    ) -> DraftView:
        raise NotImplementedError

    def close_draft(self, draft_id: int, *, version: int, status: str) -> DraftView:
        raise NotImplementedError

    def expire_drafts(self, now: datetime | None = None) -> int:
        raise NotImplementedError

    # hands
    def record_hand(
        self,
        table_id: int,
        record: HandRecord,
        *,
        recorded_by: int,
        idempotency_key: str,
        draft_id: int | None = None,
    ) -> HandView:
        raise NotImplementedError

    def void_hand(self, hand_id: int, *, by_player_id: int, reason: str) -> HandView:
        raise NotImplementedError

    def correct_hand(
        self, hand_id: int, record: HandRecord, *, by_player_id: int, idempotency_key: str
    ) -> HandView:
        raise NotImplementedError

    def get_hand(self, table_id: int, seq: int) -> HandView:
        raise NotImplementedError

    def last_hand(self, table_id: int) -> HandView | None:
        raise NotImplementedError

    def history(self, table_id: int, *, page: int = 0, page_size: int = 10) -> Page[HandView]:
        raise NotImplementedError

    def standings(self, table_id: int, *, night: int | None = None) -> StandingsView:
        raise NotImplementedError

    def night_transfers(self, table_id: int, *, night: int | None = None) -> SettleView:
        raise NotImplementedError

    def export_csv(self, table_id: int) -> str:
        raise NotImplementedError

    def chat_stats(self, tg_chat_id: int) -> list[PlayerStatsView]:
        raise NotImplementedError
