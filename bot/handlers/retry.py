"""Telegram calls retried after Telegram's own failures (a 5xx, the network), and the table
messages such a failure left behind the ledger (redrawn at the chat's next update, or the next
start-up). Used by the table's drawing (:mod:`bot.handlers.common`) and by the convergence
of a recorded hand (:mod:`bot.guard`); imports neither."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import TypeVar

from telegram.error import BadRequest, NetworkError, RetryAfter, TelegramError, TimedOut

from bot.context import Ctx, db, ledger
from bot.tg import remove_keyboard
from storage.errors import LedgerError
from storage.views import TableView

log = logging.getLogger(__name__)
T = TypeVar("T")

#: waits between attempts of a Telegram call that failed on Telegram's side (5xx, network)
BACKOFF = (0.3, 1.0, 2.5)


# ---------------------------------------------------------------------------------------
# Telegram calls retried after Telegram's own failures
# ---------------------------------------------------------------------------------------
def transient(err: BaseException) -> bool:
    """A failure on Telegram's side or the network's (a 5xx, a reset): worth another try.
    A refusal (400 BadRequest, 403) is not: the same call fails the same way."""
    return isinstance(err, NetworkError) and not isinstance(err, BadRequest)


async def retrying(
    call: Callable[[], Awaitable[T]], *, what: str, retry_timeouts: bool = True
) -> T:
    """Run a Telegram call, again after a transient failure (with backoff). A timeout is
    retried only if ``retry_timeouts`` (an edit may be repeated; a new message may not: it
    may have been posted already, so a timeout is raised at once)."""
    for i, pause in enumerate((*BACKOFF, None)):
        try:
            return await call()
        except RetryAfter:
            raise  # the rate limiter has waited and retried already
        except TelegramError as err:
            if pause is None or not transient(err):
                raise
            if isinstance(err, TimedOut) and not retry_timeouts:
                raise
            log.info("%s failed (%s); attempt %d again in %.1f s", what, err, i + 2, pause)
            await asyncio.sleep(pause)
    raise AssertionError("unreachable")


# ---------------------------------------------------------------------------------------
# stale table messages (a refresh that failed is tried again on the chat's next update)
# ---------------------------------------------------------------------------------------
#: the step of a marker draft: "this table's message is behind the ledger" (kept in the
#: ledger so that a restart redraws it too; never shown, no message, no buttons)
STALE_STEP = "stale_table"


def mark_stale(context: Ctx, chat_id: int, table_id: int) -> bool:
    """Remember that the table's message is behind the ledger (redrawn at the chat's next
    update); True if the ledger does not know yet (see :func:`persist_stale`)."""
    bot_data = context.application.bot_data
    bot_data.setdefault("stale_tables", {})[chat_id] = table_id
    marked: set[int] = bot_data.setdefault("stale_marked", set())
    new = table_id not in marked
    marked.add(table_id)
    return new


def was_stale(context: Ctx, table_id: int) -> bool:
    """After a redraw that worked: was the table marked stale (then its marker is cleared)?"""
    marked: set[int] = context.application.bot_data.get("stale_marked", set())
    if table_id in marked:
        marked.discard(table_id)
        return True
    return False


async def persist_stale(context: Ctx, table: TableView) -> None:
    """The same in the ledger (a marker draft), for the next start-up."""
    try:
        await db(
            ledger(context).create_draft,
            tg_chat_id=table.chat_id,
            author_id=table.creator_id,
            table_id=table.id,
            data={"kind": STALE_STEP},
            step=STALE_STEP,
            ttl_seconds=86400,
        )
    except LedgerError as err:
        log.warning("could not remember that table %s is behind: %s", table.id, err)


async def clear_stale(context: Ctx, table_id: int) -> None:
    """The table's message is up to date again: close its marker drafts."""
    L = ledger(context)
    for d in await db(L.drafts_at_steps, (STALE_STEP,)):
        if d.table_id == table_id:
            try:
                await db(L.close_draft, d.id, version=d.version, status="done")
            except LedgerError:
                pass


def stale_table(context: Ctx, chat_id: int) -> int | None:
    stale: dict[int, int] = context.application.bot_data.get("stale_tables", {})
    return stale.pop(chat_id, None)


async def strip_keyboard(context: Ctx, chat_id: int, message_id: int) -> bool:
    """Remove a message's inline keyboard; a refusal (gone, too old, no keyboard) is fine."""
    try:
        await retrying(
            lambda: remove_keyboard(context.bot, chat_id, message_id),
            what=f"removing the keyboard of message {message_id}",
        )
    except BadRequest as err:
        log.info("keyboard of message %s not removed: %s", message_id, err.message)
    except TelegramError as err:
        log.warning("could not remove the keyboard of message %s: %s", message_id, err)
        return False
    return True
