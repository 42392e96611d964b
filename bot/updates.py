"""Updates read without the tapped message's keyboard (the getUpdates request of the bot).

A button tap arrives with the whole message it was tapped on, keyboard included, and
python-telegram-bot turns every button into an object: 140 of the 240 µs it takes to read a
tap on a 20-button entry. The bot reads nothing of that keyboard but the buttons' callback
data, to check that the tap is one of its message's own buttons (:mod:`bot.guard`). So the
getUpdates request (:class:`LightUpdates`: PTB's documented
``parse_json_payload`` hook) replaces each tapped message's ``reply_markup`` by that list of
callback data, which PTB keeps in the message's ``api_kwargs`` under :data:`KEPT_BUTTONS`.

Webhook mode reads updates with PTB's own decoder, keyboard and all: :func:`tapped_buttons`
reads either form.
"""

from __future__ import annotations

from typing import Any

from telegram import Message
from telegram._utils.types import JSONDict
from telegram.request import BaseRequest, HTTPXRequest

#: the key under which a tapped message keeps its buttons' callback data (``api_kwargs``)
KEPT_BUTTONS = "tally_buttons"


def without_keyboards(data: JSONDict) -> JSONDict:
    """A getUpdates answer with each tapped message's keyboard replaced by its buttons'
    callback data (in place; anything else is left as Telegram sent it)."""
    result = data.get("result")
    if not isinstance(result, list):
        return data
    for update in result:
        query = update.get("callback_query") if isinstance(update, dict) else None
        message = query.get("message") if isinstance(query, dict) else None
        if not isinstance(message, dict):
            continue
        markup = message.get("reply_markup")
        rows = markup.get("inline_keyboard") if isinstance(markup, dict) else None
        if not isinstance(rows, list) or not all(isinstance(r, list) for r in rows):
            continue  # not a keyboard as the Bot API sends it: PTB reads (and judges) it
        del message["reply_markup"]
        message[KEPT_BUTTONS] = [
            b["callback_data"]
            for row in rows
            for b in row
            if isinstance(b, dict) and isinstance(b.get("callback_data"), str)
        ]
    return data


def tapped_buttons(message: Message) -> set[str]:
    """The callback data of the buttons of the message a tap came from: kept by the
    getUpdates request, or read from the keyboard PTB decoded (webhook mode)."""
    kept: Any = message.api_kwargs.get(KEPT_BUTTONS)
    if isinstance(kept, list):
        return {b for b in kept if isinstance(b, str)}
    markup = message.reply_markup
    if markup is None:
        return set()
    return {
        b.callback_data
        for row in markup.inline_keyboard
        for b in row
        if isinstance(b.callback_data, str)
    }


class LightUpdates:
    """The getUpdates request's JSON reader, tapped messages without their keyboards (mixed
    into a :class:`~telegram.request.BaseRequest`: :class:`HTTPXUpdates`,
    :class:`bot.request.AiohttpUpdates`)."""

    @staticmethod
    def parse_json_payload(payload: bytes) -> JSONDict:
        return without_keyboards(BaseRequest.parse_json_payload(payload))


class HTTPXUpdates(LightUpdates, HTTPXRequest):
    """The getUpdates request on httpx, tapped messages without their keyboards."""
