"""The ways into the Mini App from the chat: the table message's "📱 Open" URL button (a
direct link, the only kind a group allows) and the ``web_app`` buttons of private chats."""

from __future__ import annotations

from typing import Any

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, WebAppInfo

import scoring
from bot.context import db_long
from bot.i18n import Translator
from bot.tg import esc, send
from bot.web.config import config_of, direct_link, page_url
from storage.service import Ledger
from storage.views import TableView


def with_open_button(
    context: Any, table: TableView, markup: InlineKeyboardMarkup | None, tr: Translator
) -> InlineKeyboardMarkup | None:
    """``markup`` with a last row "📱 Open" linking to the table in the Mini App, when
    WEBAPP_URL and WEBAPP_SHORT_NAME are set and the table is not closed; else ``markup``."""
    bot_data = context.application.bot_data
    if config_of(bot_data) is None or table.status == "closed" or markup is None:
        return markup
    link = direct_link(bot_data, context.bot.username, table.id)
    if link is None:
        return markup
    rows = [list(r) for r in markup.inline_keyboard]
    rows.append([InlineKeyboardButton("📱 " + tr.gettext("Open"), url=link)])
    return InlineKeyboardMarkup(rows)


def web_app_markup(
    context: Any, label: str, page: str = "", table_id: int | None = None
) -> InlineKeyboardMarkup | None:
    """One ``web_app`` button (private chats only) opening ``page`` of the Mini App."""
    url = page_url(context.application.bot_data, page, table_id)
    if url is None:
        return None
    return InlineKeyboardMarkup([[InlineKeyboardButton(label, web_app=WebAppInfo(url=url))]])


def player_tables(ledger: Ledger, player_id: int) -> list[TableView]:
    """The tables (not closed) where ``player_id`` is seated now, newest first (a read on the
    ledger's engine through the public models; candidate for ``Ledger.player_tables``)."""
    from sqlmodel import col, select

    from storage.models import GameTable, Seat

    q = (
        select(col(GameTable.id))
        .join(Seat, col(Seat.table_id) == col(GameTable.id))
        .where(
            col(Seat.player_id) == player_id,
            col(Seat.left_at).is_(None),
            col(GameTable.status) != "closed",
        )
        .order_by(col(GameTable.id).desc())
        .limit(8)
    )
    with ledger.engine.connect() as conn:
        ids = [int(r[0]) for r in conn.execute(q) if r[0] is not None]
    return [ledger.get_table(i) for i in ids]


async def private_tables_markup(context: Any, player_id: int, tr: Translator) -> Any:
    """``web_app`` buttons to the scoreboards of the player's tables (a private /table), or
    None (no Mini App, or no table)."""
    bot_data = context.application.bot_data
    if config_of(bot_data) is None:
        return None
    tables = await db_long(player_tables, bot_data["ledger"], player_id)
    rows = []
    for t in tables:
        url = page_url(bot_data, "", t.id)
        assert url is not None
        label = "📱 " + (t.name or tr.name(scoring.get(t.ruleset)))
        rows.append([InlineKeyboardButton(label, web_app=WebAppInfo(url=url))])
    return InlineKeyboardMarkup(rows) if rows else None


async def offer_calculator(context: Any, chat_id: int, tr: Translator) -> None:
    """After a private /calc: the same calculator as a Mini App (if configured)."""
    markup = web_app_markup(context, "📱 " + tr.gettext("Open the calculator"), "?calc=1")
    if markup is not None:
        text = tr.gettext("Or the whole hand on one screen:")
        await send(context.bot, chat_id, esc(text), markup)


async def offer_tables(context: Any, chat_id: int, player_id: int, tr: Translator) -> bool:
    """A private /table: the scoreboards of the player's tables as ``web_app`` buttons. False
    (nothing sent) when the Mini App is not configured."""
    if config_of(context.application.bot_data) is None:
        return False
    markup = await private_tables_markup(context, player_id, tr)
    if markup is None:
        text = tr.gettext("You are not seated at any table. Open one in a group with /newtable.")
    else:
        text = tr.gettext("Your tables:")
    await send(context.bot, chat_id, esc(text), markup)
    return True
