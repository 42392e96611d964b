"""The ledger service the bot calls (see ``docs/ledger-api.md``): the :class:`Ledger` facade.

``Ledger`` is one class made of one base class per area, each a small module of
:mod:`storage.ledger`: ``players`` (chats and players), ``tables`` (tables and seats),
``drafts``, ``hands`` (recording and reading hands), ``corrections`` (voids and corrections,
and the dealer they move), ``nights`` (nights, standings, transfers) and ``exports`` (CSV,
chat statistics, integrity checks); ``_base`` holds the engine, the transactions and the
lookups they share. Seasons, fees and caps and player history live in :mod:`storage.seasons`,
which the methods at the end of this class call.

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

from storage import seasons as season_store
from storage.ledger._util import ALL_NIGHTS, MAX_HAND_POINTS, MAX_PAGE_SIZE, POT, TREND_HANDS
from storage.ledger.corrections import CorrectionsArea
from storage.ledger.drafts import DraftsArea
from storage.ledger.exports import ExportsArea
from storage.ledger.games import GamesArea
from storage.ledger.nights import NightsArea
from storage.ledger.tables import TablesArea
from storage.seasons.riichi import RiichiSeason, riichi_season


class Ledger(TablesArea, DraftsArea, CorrectionsArea, NightsArea, ExportsArea, GamesArea):
    """The money the group trusts. See the module docstring for the rules."""

    # --- seasons, fees and caps, player history (storage/seasons/) -----------------------
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

    def riichi_season(self, tg_chat_id: int, number: int | None = None) -> RiichiSeason:
        return riichi_season(self, tg_chat_id, number)

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


__all__ = ["ALL_NIGHTS", "MAX_HAND_POINTS", "MAX_PAGE_SIZE", "POT", "TREND_HANDS", "Ledger"]
