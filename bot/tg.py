"""Telegram calls that tolerate the everyday errors: a message that is not modified, a message
a user deleted (the bot sends a fresh one instead), a keyboard on a message that is gone."""

from __future__ import annotations

import logging

from telegram import Bot, InlineKeyboardMarkup, Message, ReplyParameters
from telegram.constants import ParseMode
from telegram.error import BadRequest

log = logging.getLogger(__name__)


def not_modified(err: BadRequest) -> bool:
    return "message is not modified" in err.message.lower()


def gone(err: BadRequest) -> bool:
    text = err.message.lower()
    return (
        "message to edit not found" in text
        or "message can't be edited" in text
        or ("message to delete not found" in text)
    )


async def edit_or_send(
    bot: Bot,
    chat_id: int,
    message_id: int | None,
    text: str,
    markup: InlineKeyboardMarkup | None,
) -> Message | None:
    """Edit a message in place; if it is gone, send a new one. Returns the new message when one
    was sent (so the caller can remember its id), else None."""
    if message_id is not None:
        try:
            await bot.edit_message_text(
                text,
                chat_id=chat_id,
                message_id=message_id,
                reply_markup=markup,
                parse_mode=ParseMode.HTML,
            )
            return None
        except BadRequest as err:
            if not_modified(err):
                return None
            if not gone(err):
                raise
            log.info("message %s in chat %s is gone; sending a new one", message_id, chat_id)
    return await bot.send_message(chat_id, text, reply_markup=markup, parse_mode=ParseMode.HTML)


async def send(
    bot: Bot,
    chat_id: int,
    text: str,
    markup: InlineKeyboardMarkup | None = None,
    reply_to: int | None = None,
) -> Message:
    return await bot.send_message(
        chat_id,
        text,
        reply_markup=markup,
        parse_mode=ParseMode.HTML,
        reply_parameters=ReplyParameters(reply_to, allow_sending_without_reply=True)
        if reply_to
        else None,
    )


def esc(text: object) -> str:
    return str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
