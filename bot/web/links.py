"""The ways into the Mini App from the chat: the table message's "📱 Open" URL button (a
direct link, the only kind a group allows) and the ``web_app`` buttons of private chats."""

from __future__ import annotations

from typing import Any

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, WebAppInfo

from bot.i18n import Translator
from bot.web.server import config_of, direct_link, page_url
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
