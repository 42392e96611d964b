"""Issue #15, point 5: button presses are routed by their data's kind (``bot/callback.py``
names the kinds; ``bot/app.py`` registers one CallbackQueryHandler per kind — per action for
a table's buttons — with that pattern, and a last one for data no route takes). Every press
is answered exactly once."""

from __future__ import annotations

import ast
import asyncio
from pathlib import Path

from telegram.ext import CallbackQueryHandler

from bot import callback
from bot.callback import DraftCb, TableCb
from bot.handlers import table as table_handlers
from tests.bot.test_robust import playing_table

DRAFT = DraftCb(12, 3, "w", "0").encode()
ROOT = Path(__file__).resolve().parents[2]
TABLE = TableCb(7, "rec").encode()
UNDO = TableCb(7, "undo").encode()
LANG = TableCb(0, "lang", "1").encode()
FORGED = [
    "",
    "garbage",
    "v2:d:1:1:w:0",
    "v1:x:1:rec",
    "v1:d:1:w",
    "v1:t:1",
    "v1:t:1:rec:" + "9" * 70,
]


def test_each_kind_of_data_matches_its_own_pattern() -> None:
    lang = callback.is_table_action("lang")
    assert [callback.is_draft(DRAFT), lang(DRAFT), callback.is_table(DRAFT)] == [True, False, False]
    assert [callback.is_draft(TABLE), lang(TABLE), callback.is_table(TABLE)] == [False, False, True]
    assert [callback.is_draft(LANG), lang(LANG), callback.is_table(LANG)] == [False, True, True]
    for data in [*FORGED, None, 5]:
        assert not (callback.is_draft(data) or lang(data) or callback.is_table(data)), data


def test_one_callback_handler_per_kind_then_the_fallback(bot) -> None:
    handlers = [h for h in bot.app.handlers[0] if isinstance(h, CallbackQueryHandler)]
    assert (
        len(handlers) == 2 + len(table_handlers.ROUTES) + 1
    )  # drafts, language, table actions, rest
    *routes, last = handlers
    assert all(callable(h.pattern) for h in routes) and last.pattern is None
    names = [h.callback.__name__ for h in handlers]
    assert names[:2] == ["on_draft_tap", "on_lang_tap"] and names[-1] == "on_unknown_tap"
    # each table action has its own route, to the handler of that action alone
    first = {
        d: next(h.callback.__name__ for h in routes if h.pattern(d))
        for d in (DRAFT, LANG, TABLE, UNDO)
    }
    assert first == {
        DRAFT: "on_draft_tap",
        LANG: "on_lang_tap",
        TABLE: "on_record",
        UNDO: "on_undo",
    }
    assert not any(h.pattern(TableCb(7, "nosuch").encode()) for h in routes)


def test_every_table_button_the_bot_draws_has_a_route() -> None:
    """The actions of ``texts.table_button(label, table_id, ACTION, …)`` anywhere in bot/ (read
    from the source, so a new button without a route fails here)."""
    actions: set[str] = set()
    for path in (ROOT / "bot").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and getattr(node.func, "attr", getattr(node.func, "id", "")) == "table_button"
                and len(node.args) >= 3
                and isinstance(node.args[2], ast.Constant)
            ):
                actions.add(node.args[2].value)
    assert {"rec", "draw", "undo", "settle", "join", "start", "hist", "lang"} <= actions
    assert actions <= set(table_handlers.ROUTES) | {"lang"}, actions - set(table_handlers.ROUTES)


def answers_to(tg, cq_id: str) -> int:
    return sum(
        1
        for s in tg.sent_since(0, "answerCallbackQuery")
        if str(s.params.get("callback_query_id")) == cq_id
    )


async def test_every_kind_of_press_is_answered_once_by_its_handler(tg, bot) -> None:
    s, table, (alice, bob, _carol, _dave) = await playing_table(tg, -101520)
    # a table button: Record hand opens the entry (the table route)
    mark = tg.mark()
    rec = tg.find_button(s.chat, table["message_id"], "Record hand")["callback_data"]
    cq = await tg.press_data(s.chat, bob, table["message_id"], rec)
    assert not (await tg.answer_of(cq)).get("show_alert")
    w = await tg.next_message(s.chat, mark, contains="Who won?")
    pressed = [cq]
    # a draft button: the entry moves on (the draft route)
    data = tg.find_button(s.chat, w["message_id"], "Bob self-drawn")["callback_data"]
    cq = await tg.press_data(s.chat, bob, w["message_id"], data)
    assert not (await tg.answer_of(cq)).get("show_alert")
    assert "Bob — self-drawn" in s.text(w)
    pressed.append(cq)
    # a language button (the lang route, before the table route)
    msg = await s.say(alice, "/lang", expect="Language of this chat")
    data = tg.find_button(s.chat, msg["message_id"], "简体中文")["callback_data"]
    cq = await tg.press_data(s.chat, alice, msg["message_id"], data)
    assert not (await tg.answer_of(cq)).get("show_alert")
    assert "语言已设为" in s.text(msg)
    pressed.append(cq)
    # data no route takes: the polite alert (in the chat's language now)
    for data in FORGED[1:4]:
        cq = await tg.press_data(s.chat, bob, msg["message_id"], data)
        ans = await tg.answer_of(cq)
        assert ans.get("show_alert") and ans["text"] == "这个按钮无效。", (data, ans)
        pressed.append(cq)
    await asyncio.sleep(0.2)
    assert [answers_to(tg, cq) for cq in pressed] == [1] * len(pressed)
