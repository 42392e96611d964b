"""Telegram calls that tolerate the everyday errors: a message that is not modified, a message
a user deleted (the bot sends a fresh one instead), a keyboard on a message that is gone."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from telegram import (
    Bot,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    LinkPreviewOptions,
    Message,
    ReplyParameters,
    TelegramObject,
)
from telegram.constants import ParseMode
from telegram.error import BadRequest

log = logging.getLogger(__name__)
NO_PREVIEW = LinkPreviewOptions(is_disabled=True)


#: every field of a button besides its text and callback data (url, style, icon …): a button
#: with any of them set is serialised by PTB
_OTHER_BUTTON_FIELDS = tuple(
    sorted(set(InlineKeyboardButton.__slots__) - {"text", "callback_data"})
)


class Keyboard(InlineKeyboardMarkup):
    """An inline keyboard that serialises itself directly. PTB's generic ``to_dict`` walks
    every attribute of every button by reflection, which cost a tenth of the bot's CPU; ours
    are plain callback buttons (any other kind falls back to PTB's way)."""

    __slots__ = ()

    def to_dict(self, recursive: bool = True) -> dict[str, Any]:
        rows = []
        for row in self.inline_keyboard:
            out = []
            for b in row:
                if (
                    not isinstance(b.callback_data, str)
                    or b.api_kwargs
                    or any(getattr(b, a) is not None for a in _OTHER_BUTTON_FIELDS)
                ):
                    return super().to_dict(recursive)
                out.append({"text": b.text, "callback_data": b.callback_data})
            rows.append(out)
        if not rows:
            return super().to_dict(recursive)
        return {"inline_keyboard": rows}


class CallbackKeyboard(InlineKeyboardMarkup):
    """A keyboard of plain callback buttons given as ``(text, callback_data)`` pairs: what an
    entry draws on every tap (about 20 buttons). It makes no PTB button objects to send
    itself (their construction was 5 % of the bot's CPU); :attr:`inline_keyboard` makes them
    when asked, so it reads like any other keyboard."""

    __slots__ = ("_pairs",)

    def __init__(self, rows: Sequence[Sequence[tuple[str, str]]]) -> None:
        TelegramObject.__init__(self, api_kwargs=None)
        self._pairs = tuple(tuple(row) for row in rows)
        self._id_attrs = (self._pairs,)
        self._freeze()

    @property  # PTB's is a plain attribute, set in its __init__
    def inline_keyboard(self) -> tuple[tuple[InlineKeyboardButton, ...], ...]:  # type: ignore[override]
        return tuple(
            tuple(InlineKeyboardButton(t, callback_data=d) for t, d in row) for row in self._pairs
        )

    def to_dict(self, recursive: bool = True) -> dict[str, Any]:
        return {
            "inline_keyboard": [
                [{"text": t, "callback_data": d} for t, d in row] for row in self._pairs
            ]
        }


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
            await edit_text(bot, chat_id, message_id, text, markup)
            return None
        except BadRequest as err:
            if not_modified(err):
                return None
            if not gone(err):
                raise
            log.info("message %s in chat %s is gone; sending a new one", message_id, chat_id)
    return await bot.send_message(chat_id, text, reply_markup=markup, parse_mode=ParseMode.HTML)


async def edit_text(
    bot: Bot, chat_id: int, message_id: int, text: str, markup: InlineKeyboardMarkup | None
) -> None:
    """``editMessageText`` (HTML, no link previews) through the bot's usual request path (rate
    limiter, retries, Telegram's errors raised as ``TelegramError``), but without turning the
    edited Message that Telegram sends back into PTB objects: nobody reads it, and decoding it
    (keyboard included) was a fifth of the bot's CPU per button press."""
    data: dict[str, Any] = {
        "chat_id": chat_id,
        "message_id": message_id,
        "text": text,
        "parse_mode": ParseMode.HTML,
        "link_preview_options": NO_PREVIEW,
        "reply_markup": markup,
    }
    await bot._post("editMessageText", data)


async def remove_keyboard(bot: Bot, chat_id: int, message_id: int) -> None:
    """``editMessageReplyMarkup`` without a markup (the keyboard removed), through the bot's
    usual request path, without decoding the Message Telegram sends back (as
    :func:`edit_text`)."""
    await bot._post("editMessageReplyMarkup", {"chat_id": chat_id, "message_id": message_id})


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
