"""bot.tg.Keyboard serialises itself without PTB's reflection; what it sends must be exactly what
PTB's own ``InlineKeyboardMarkup.to_dict`` would have sent, for the callback buttons the bot
builds (any text, any callback data up to Telegram's 64 bytes, any shape of rows), and a
keyboard with any other kind of button must fall back to PTB's way."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st
from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from bot.callback import DraftCb, TableCb
from bot.entry.wizard import Button, Screen
from bot.texts import draft_markup, table_button
from bot.tg import CallbackKeyboard, Keyboard

texts = st.text(min_size=1, max_size=40)
data = st.text(max_size=64).filter(lambda s: len(s.encode()) <= 64)
buttons = st.builds(lambda t, d: InlineKeyboardButton(t, callback_data=d), texts, data)
rows = st.lists(st.lists(buttons, max_size=8), min_size=1, max_size=8)


@given(rows)
def test_same_dict_as_ptb_for_callback_buttons(rs: list[list[InlineKeyboardButton]]) -> None:
    ours, ptb = Keyboard(rs).to_dict(), InlineKeyboardMarkup(rs).to_dict()
    assert ours == ptb
    assert json.dumps(ours, sort_keys=True) == json.dumps(ptb, sort_keys=True)


pairs = st.lists(st.lists(st.tuples(texts, data), max_size=8), min_size=1, max_size=8)


@given(pairs)
def test_a_callback_keyboard_is_ptbs_keyboard_of_the_same_buttons(
    rs: list[list[tuple[str, str]]],
) -> None:
    """Sent and read as the PTB keyboard of the same buttons (no PTB button made to send)."""
    ptb = InlineKeyboardMarkup(
        [[InlineKeyboardButton(t, callback_data=d) for t, d in r] for r in rs]
    )
    ours = CallbackKeyboard(rs)
    assert ours.to_dict() == ptb.to_dict()
    assert json.dumps(ours.to_dict(), sort_keys=True) == ptb.to_json()
    assert ours.inline_keyboard == ptb.inline_keyboard
    assert Keyboard([*ours.inline_keyboard, []]).to_dict() == ptb.to_dict() | {
        "inline_keyboard": [*ptb.to_dict()["inline_keyboard"], []]
    }
    assert ours == CallbackKeyboard([list(r) for r in rs]) and ours != CallbackKeyboard(
        [[("x", "y")], *rs]
    )


def test_the_bots_own_markups() -> None:
    screen = Screen("Who won?", [[Button("Alice", "w", "0"), Button("Bob", "w", "1")], []])
    markup = draft_markup(screen, 12, 3)
    assert isinstance(markup, CallbackKeyboard)
    want = [
        [
            {"text": "Alice", "callback_data": DraftCb(12, 3, "w", "0").encode()},
            {"text": "Bob", "callback_data": DraftCb(12, 3, "w", "1").encode()},
        ]
    ]
    assert markup.to_dict() == {"inline_keyboard": want}
    assert markup.to_dict() == InlineKeyboardMarkup(markup.inline_keyboard).to_dict()
    b = table_button("📝 Record hand", 7, "rec")
    assert b.callback_data == TableCb(7, "rec", "").encode()
    assert Keyboard([[b]]).to_dict() == InlineKeyboardMarkup([[b]]).to_dict()


def test_other_buttons_fall_back_to_ptb() -> None:
    url = InlineKeyboardButton("Docs", url="https://example.org/")
    cb = InlineKeyboardButton("Go", callback_data="g")
    rs = [[cb], [url]]
    assert Keyboard(rs).to_dict() == InlineKeyboardMarkup(rs).to_dict()
    assert Keyboard(rs).to_dict()["inline_keyboard"][1] == [
        {"text": "Docs", "url": "https://example.org/"}
    ]


def test_callback_buttons_with_other_fields_and_empty_keyboards_fall_back_to_ptb() -> None:
    styled = InlineKeyboardButton("Go", callback_data="g", style="primary")
    icon = InlineKeyboardButton("Go", callback_data="g", icon_custom_emoji_id="5368324170671202286")
    for b in (styled, icon):
        assert Keyboard([[b]]).to_dict() == InlineKeyboardMarkup([[b]]).to_dict()
        assert set(Keyboard([[b]]).to_dict()["inline_keyboard"][0][0]) > {"text", "callback_data"}
    assert Keyboard([]).to_dict() == InlineKeyboardMarkup([]).to_dict()
