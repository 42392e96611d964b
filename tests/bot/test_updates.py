"""bot.updates: the getUpdates request reads a tap without its message's keyboard (issue 23
point 5, the bot's CPU per press: 140 of the 240 µs of reading a tap on a 20-button entry),
keeping only the buttons' callback data, which the guard checks a tap against."""

from __future__ import annotations

import copy
import json

import pytest
from telegram import Bot, InlineKeyboardButton, InlineKeyboardMarkup, Message, Update

from bot.guard import message_buttons
from bot.request import AiohttpUpdates
from bot.updates import KEPT_BUTTONS, HTTPXUpdates, tapped_buttons, without_keyboards
from tests.bot.test_trust_auth import NOT_HERE

KEYBOARD = {
    "inline_keyboard": [
        [{"text": "Bob", "callback_data": "v1:d:6:2:w:1"}, {"text": "Docs", "url": "https://x"}],
        [{"text": "Confirm", "callback_data": "v1:d:6:2:c:"}],
    ]
}


def tap(message: dict | None = None) -> dict:
    msg = {"message_id": 5, "date": 1, "chat": {"id": -3, "type": "group"}, "text": "Who won?"}
    if message is not None:
        msg.update(message)
    return {
        "update_id": 9,
        "callback_query": {
            "id": "1",
            "from": {"id": 7, "is_bot": False, "first_name": "Bob"},
            "message": msg,
            "chat_instance": "1",
            "data": "v1:d:6:2:w:1",
        },
    }


def test_a_tapped_message_keeps_its_buttons_data_not_its_keyboard():
    data = without_keyboards({"ok": True, "result": [tap({"reply_markup": KEYBOARD})]})
    msg = data["result"][0]["callback_query"]["message"]
    assert "reply_markup" not in msg
    assert msg[KEPT_BUTTONS] == ["v1:d:6:2:w:1", "v1:d:6:2:c:"]
    update = Update.de_json(data["result"][0], Bot("1:x"))
    assert update.callback_query is not None
    message = update.callback_query.message
    assert isinstance(message, Message) and message.reply_markup is None
    assert message.text == "Who won?" and message.chat.id == -3
    assert tapped_buttons(message) == message_buttons(message) == {"v1:d:6:2:w:1", "v1:d:6:2:c:"}


def test_ptbs_own_decoding_reads_the_same_buttons():
    """Webhook mode: PTB decodes the keyboard; the guard reads the same callback data."""
    full = Update.de_json(tap({"reply_markup": KEYBOARD}), Bot("1:x"))
    light = Update.de_json(
        without_keyboards({"result": [tap({"reply_markup": KEYBOARD})]})["result"][0], Bot("1:x")
    )
    assert full.callback_query and light.callback_query
    assert isinstance(full.callback_query.message, Message)
    assert isinstance(light.callback_query.message, Message)
    assert full.callback_query.message.reply_markup == InlineKeyboardMarkup(
        [
            [
                InlineKeyboardButton("Bob", callback_data="v1:d:6:2:w:1"),
                InlineKeyboardButton("Docs", url="https://x"),
            ],
            [InlineKeyboardButton("Confirm", callback_data="v1:d:6:2:c:")],
        ]
    )
    assert tapped_buttons(full.callback_query.message) == tapped_buttons(
        light.callback_query.message
    )
    plain = full.callback_query.message
    assert message_buttons(Message(1, plain.date, plain.chat)) == set()


@pytest.mark.parametrize(
    "update",
    [
        tap(),  # a message without a keyboard
        tap({"reply_markup": {"inline_keyboard": "not rows"}}),
        tap({"reply_markup": "not a keyboard"}),
        {"update_id": 1, "message": {"message_id": 1, "date": 1, "chat": {"id": 1}}},
        {"update_id": 2, "callback_query": {"id": "1", "message": "odd"}},
        "not an update",
    ],
)
def test_anything_else_is_left_as_telegram_sent_it(update):
    data = {"ok": True, "result": [copy.deepcopy(update)]}
    assert without_keyboards(data) == {"ok": True, "result": [update]}
    assert without_keyboards({"ok": True, "result": True}) == {"ok": True, "result": True}


@pytest.mark.parametrize("request_class", [AiohttpUpdates, HTTPXUpdates])
def test_the_getupdates_requests_read_json_so(request_class):
    body = json.dumps({"ok": True, "result": [tap({"reply_markup": KEYBOARD})]}).encode()
    parsed = request_class.parse_json_payload(body)
    assert parsed["result"][0]["callback_query"]["message"][KEPT_BUTTONS] == [
        "v1:d:6:2:w:1",
        "v1:d:6:2:c:",
    ]


async def test_the_bot_reads_taps_without_keyboards_and_still_refuses_foreign_ones(tg, bot):
    """The real Application polls through :class:`bot.updates.LightUpdates`; a tap carrying
    the data of a button of another message is still refused, and a tap of the message's
    own button works."""
    from tests.bot.test_robust import playing_table

    getting_updates = bot.app.bot._request[0]  # PTB's (get_updates, other) request pair
    assert isinstance(getting_updates, AiohttpUpdates | HTTPXUpdates), getting_updates
    s, table, (_alice, bob, _carol, _dave) = await playing_table(tg, -101777)
    w = await s.tap_for_message(bob, table, "Record hand")
    own = tg.find_button(s.chat, w["message_id"], "Bob ← Carol")["callback_data"]
    cq = await tg.press_data(s.chat, bob, table["message_id"], own)  # not the table's button
    ans = await tg.answer_of(cq)
    assert ans.get("show_alert") and ans["text"] == NOT_HERE, ans
    cq = await tg.press_data(s.chat, bob, w["message_id"], own)
    assert not (await tg.answer_of(cq)).get("show_alert")
