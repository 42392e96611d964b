"""Errors of the ledger: every one is a :class:`LedgerError` with a clear message.

Invalid hand records raise :class:`scoring.RecordError` (passed through unchanged).
A failed operation changes nothing (its transaction is rolled back).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from storage.views import DraftView


class LedgerError(Exception):
    """Base class of every ledger error; ``str(err)`` is a message fit for the user."""


class NotFound(LedgerError):
    """No such chat, player, table, hand or draft."""


class NotSeated(LedgerError):
    """The player is not seated at the table (or a hand names a player who is not)."""


class AlreadyVoided(LedgerError):
    """The hand has been voided already."""


class TableClosed(LedgerError):
    """The table is closed; nothing more can be recorded on it."""


class StaleDraft(LedgerError):
    """Optimistic concurrency: the draft's version is not the one the caller had."""


class DraftExpired(LedgerError):
    """The draft has expired (or was closed)."""


class Conflict(LedgerError):
    """The operation conflicts with the current state (e.g. an idempotency key reused for a
    different table, a seat taken, a chat that already has an open table)."""


class Forbidden(LedgerError):
    """The player may not do this."""


class EntryOpen(Conflict):
    """The table has an open entry for its next hand already (one per table, kept by the
    database): ``draft`` is that entry."""

    def __init__(self, message: str, draft: DraftView) -> None:
        super().__init__(message)
        self.draft = draft


class AlreadyDone(Conflict):
    """This Telegram update (or this state change of it) was processed already: a
    redelivered update changes nothing twice."""


__all__ = [
    "AlreadyDone",
    "AlreadyVoided",
    "Conflict",
    "DraftExpired",
    "EntryOpen",
    "Forbidden",
    "LedgerError",
    "NotFound",
    "NotSeated",
    "StaleDraft",
    "TableClosed",
]
