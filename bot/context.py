"""Per-update context: the ledger (a service object in ``bot_data``), who is acting, in which
language, and whether they are a chat admin.

Only caches live in process memory (chat language and player ids, each with a short
lifetime; admin status is asked from Telegram every time); everything that matters is in the database, so a restart loses nothing.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from sqlalchemy.exc import SQLAlchemyError
from telegram import Update
from telegram.constants import ChatMemberStatus
from telegram.error import TelegramError
from telegram.ext import ContextTypes

from bot.i18n import Translator, normalize
from storage.errors import LedgerError
from storage.service import Ledger
from storage.views import PlayerView, TableView

log = logging.getLogger(__name__)
T = TypeVar("T")
Ctx = ContextTypes.DEFAULT_TYPE
CACHE_SECONDS = 60.0


def ledger(context: Ctx) -> Ledger:
    led: Ledger = context.application.bot_data["ledger"]
    return led


async def db(fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """Run a synchronous ledger call: ``fn`` is a Ledger method, or a function whose first
    argument is the Ledger. On a ledger with ``call_inline`` (SQLite) it runs right here on the
    event loop: each call is a fraction of a millisecond of CPU, and a hop to a worker thread
    and back (GIL hand-offs) costs more than the call itself. Otherwise (PostgreSQL, whose
    statements wait on the network) it runs in a worker thread."""
    owner = getattr(fn, "__self__", None)
    if owner is None and args:
        owner = args[0]
    if isinstance(owner, Ledger) and owner.call_inline:
        return fn(*args, **kwargs)
    return await asyncio.to_thread(fn, *args, **kwargs)


async def db_long(fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """Run a ledger call that reads a whole table or chat (export, lifetime stats, the chat's
    players) in a worker thread whatever the database, so that it never holds up other chats'
    buttons."""
    return await asyncio.to_thread(fn, *args, **kwargs)


def _cache(context: Ctx, name: str) -> dict[Any, tuple[float, Any]]:
    cache: dict[Any, tuple[float, Any]] = context.application.bot_data.setdefault(name, {})
    return cache


def _get(cache: dict[Any, tuple[float, Any]], key: Any) -> Any:
    hit = cache.get(key)
    if hit is not None and hit[0] > time.monotonic():
        return hit[1]
    return None


def _put(cache: dict[Any, tuple[float, Any]], key: Any, value: Any) -> None:
    if len(cache) > 10000:
        cache.clear()
    cache[key] = (time.monotonic() + CACHE_SECONDS, value)


@dataclass(slots=True)
class Who:
    """The acting user and the chat: player row, translator, chat id and kind."""

    player: PlayerView
    tr: Translator
    chat_id: int
    private: bool
    tg_user_id: int


async def chat_lang(context: Ctx, update: Update) -> str | None:
    chat = update.effective_chat
    assert chat is not None
    cache = _cache(context, "chat_lang")
    hit = cache.get(chat.id)
    if hit is not None and hit[0] > time.monotonic():
        lang: str | None = hit[1]
        return lang
    view = await db(
        ledger(context).ensure_chat,
        chat.id,
        title=chat.title or chat.full_name,
        kind=chat.type,
    )
    _put(cache, chat.id, view.lang)
    return view.lang


def forget_chat_lang(context: Ctx, chat_id: int) -> None:
    _cache(context, "chat_lang").pop(chat_id, None)


async def who(update: Update, context: Ctx) -> Who:
    user, chat = update.effective_user, update.effective_chat
    assert user is not None and chat is not None
    lang = await chat_lang(context, update)
    cache = _cache(context, "players")
    player = _get(cache, user.id)
    if player is None or player.name != user.full_name:
        player = await db(
            ledger(context).ensure_user,
            user.id,
            user.full_name,
            username=user.username,
            lang=user.language_code,
        )
        _put(cache, user.id, player)
    default = context.application.bot_data.get("default_lang", "en")
    tr = Translator(lang or normalize(user.language_code, default))
    return Who(player, tr, chat.id, chat.type == "private", user.id)


async def chat_language(context: Ctx, chat_id: int) -> str:
    """The language of a chat known by id only (no update at hand, e.g. at start-up)."""
    view = await db(ledger(context).get_chat, chat_id)
    lang = view.lang if view is not None else None
    return lang or str(context.application.bot_data.get("default_lang", "en"))


async def translator(update: Update, context: Ctx) -> Translator:
    """The language for an update without touching the player table (e.g. errors)."""
    user = update.effective_user
    default = context.application.bot_data.get("default_lang", "en")
    try:
        lang = await chat_lang(context, update) if update.effective_chat else None
    except (LedgerError, SQLAlchemyError) as err:  # the database is down: the user's language
        log.warning("no chat language from the ledger: %r", err)  # (a bug is not caught here)
        lang = None
    return Translator(lang or normalize(user.language_code if user else None, default))


async def is_admin(context: Ctx, chat_id: int, tg_user_id: int) -> bool:
    """Chat admin or owner, asked from Telegram (getChatMember) every time: no answer is
    cached, so a demotion counts at once (a void, a correction, a close) and a promotion too.
    The callers check the cheap things first (is the tap one of the message's own buttons, is
    the user seated) so a stranger's forged taps cost no call. An error asking counts as no."""
    if chat_id > 0:
        return False
    try:
        member = await context.bot.get_chat_member(chat_id, tg_user_id)
    except TelegramError:
        return False
    return member.status in (ChatMemberStatus.ADMINISTRATOR, ChatMemberStatus.OWNER)


async def seated_or_admin(context: Ctx, w: Who, table: TableView) -> bool:
    if w.player.id in table.player_ids:
        return True
    return await is_admin(context, w.chat_id, w.tg_user_id)
