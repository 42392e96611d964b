"""Issue #15, point 5: a bug is not swallowed. A ``KeyError`` or ``IndexError`` in a tap's
handler is not taken for forged data ("This button is not valid."): it reaches the error
handler (``bot.errors.on_error``), which logs it with its traceback and tells the user
politely — an alert on a tap, a message after a command, in the chat's language — and the
ledger is left as it was."""

from __future__ import annotations

import asyncio
import logging
import re

import pytest

from bot.entry import wizard
from tests.bot.conftest import Scene
from tests.bot.helpers import open_table, seat_and_start
from tests.bot.test_trust_forged import contents, ledger_rows

SORRY_EN = "Sorry, something went wrong"
SORRY_ZH = "抱歉，出了点问题"


def broken(exc: type[Exception]):
    def apply(*args: object, **kwargs: object) -> str:
        raise exc("a bug in the wizard")  # what a real slip (d["x"], xs[9]) raises

    return apply


async def night(tg, chat_id: int, lang: str, names: tuple[str, ...], ruleset: str, labels):
    chat = tg.group(chat_id)
    users = [tg.user(abs(chat_id) % 10000 * 10 + i, n, lang=lang) for i, n in enumerate(names)]
    s = Scene(tg, chat)
    join, start, record = labels
    table = await open_table(s, users[0], ruleset)
    await seat_and_start(s, table, users, join=join, start=start)
    w = await s.tap_for_message(users[1], table, record)
    return s, users, w


def bug_records(caplog: pytest.LogCaptureFixture, exc: type[Exception]) -> list[logging.LogRecord]:
    return [
        r
        for r in caplog.records
        if r.name == "bot.errors" and r.exc_info is not None and r.exc_info[0] is exc
    ]


@pytest.mark.parametrize("exc", [KeyError, IndexError])
@pytest.mark.parametrize("lang", ["en", "zh-hans"])
async def test_a_bug_in_a_tap_reaches_the_error_handler(
    tg, bot, db_url, caplog, monkeypatch, exc, lang
):
    if lang == "en":
        names, ruleset, labels = (
            ("Alice", "Bob", "Carol", "Dave"),
            "Xingguo",
            ("Join", "Start", "Record hand"),
        )
    else:
        names, ruleset, labels = (
            ("老王", "小明", "小红", "阿强"),
            "兴国冲关麻将",
            ("入座", "开始", "记一局"),
        )
    chat_id = -101500 - (2 if lang != "en" else 0) - (1 if exc is IndexError else 0)
    s, users, w = await night(tg, chat_id, lang, names, ruleset, labels)
    button = s.labels(w)[0]  # a real button of the entry (the first winner)
    assert not bug_records(caplog, exc)
    rows, shown = ledger_rows(db_url), contents(tg)
    monkeypatch.setattr(wizard, "apply", broken(exc))
    caplog.clear()
    ans = await s.tap(users[1], w, button)
    await asyncio.sleep(0.1)
    # (b) the user who tapped got the polite alert, in the chat's language
    assert ans.get("show_alert"), ans
    if lang == "en":
        assert ans["text"].startswith(SORRY_EN), ans
    else:
        assert ans["text"].startswith(SORRY_ZH), ans
        assert not re.search(r"[A-Za-z]", ans["text"].replace("/table", "")), ans
    assert "not valid" not in ans["text"] and "无效" not in ans["text"]
    # (a) the error handler was reached: the bug is logged with its traceback
    found = bug_records(caplog, exc)
    assert len(found) == 1, [r.getMessage() for r in caplog.records]
    assert found[0].levelno == logging.ERROR and "a bug in the wizard" in caplog.text
    assert "Traceback" in caplog.text and "on_draft_tap" in caplog.text
    # (c) nothing changed: no ledger row, no message
    assert ledger_rows(db_url) == rows
    assert contents(tg) == shown


async def test_a_bug_after_a_command_gets_a_message(tg, bot, db_url, caplog, monkeypatch):
    from bot import texts

    chat = tg.group(-101510)
    users = [tg.user(1015100 + i, n) for i, n in enumerate(("Alice", "Bob", "Carol", "Dave"))]
    s = Scene(tg, chat)
    table = await open_table(s, users[0], "Xingguo")
    await seat_and_start(s, table, users)

    def standings_text(*args: object, **kwargs: object) -> str:
        raise KeyError("a bug in the board")

    monkeypatch.setattr(texts, "standings_text", standings_text)
    rows = ledger_rows(db_url)
    caplog.clear()
    msg = await s.say(users[1], "/board", expect=SORRY_EN)
    assert msg["text"].startswith(SORRY_EN)
    await asyncio.sleep(0.1)
    assert len(bug_records(caplog, KeyError)) == 1
    assert ledger_rows(db_url) == rows
