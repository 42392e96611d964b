"""``bot.context.translator`` (the error handler's language): a database that cannot answer
gives the user's own language, with a warning in the log; a bug is not swallowed (issue #15,
point 5: "bugs are not swallowed")."""

from __future__ import annotations

import logging
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from sqlalchemy import text

from bot.context import translator
from storage.service import Ledger


def _update(chat_id: int = -100123, lang: str = "zh-hans") -> Any:
    user = SimpleNamespace(id=7, language_code=lang, full_name="Bob", username=None)
    chat = SimpleNamespace(id=chat_id, title="Table", full_name="Table", type="group")
    return SimpleNamespace(effective_user=user, effective_chat=chat)


def _context(ledger: Any) -> Any:
    return SimpleNamespace(application=SimpleNamespace(bot_data={"ledger": ledger}))


@pytest.mark.asyncio
async def test_a_database_that_cannot_answer_gives_the_users_language(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    ledger = Ledger(f"sqlite:///{tmp_path / 'books.db'}")
    try:
        ledger.upgrade()
        ledger.ensure_chat(-100123, title="Table", kind="group")
        ledger.set_chat_lang(-100123, "en")
        caplog.clear()
        with caplog.at_level(logging.WARNING, logger="bot.context"):
            tr = await translator(_update(), _context(ledger))
            assert tr.lang == "en" and not caplog.records  # the chat's language, not the user's
            with ledger.engine.begin() as conn:  # the books lose a table under the bot's feet
                conn.execute(text("DROP TABLE chat"))
            tr = await translator(_update(chat_id=-100456), _context(ledger))
        assert tr.lang == "zh_Hans"  # the user's Telegram language
        assert any("no chat language" in r.getMessage() for r in caplog.records)
    finally:
        ledger.dispose()


@pytest.mark.asyncio
async def test_a_bug_reaches_the_caller() -> None:
    class Broken:
        call_inline = True

        def ensure_chat(self, *args: Any, **kwargs: Any) -> Any:
            raise ZeroDivisionError("a bug, not the database")

    with pytest.raises(ZeroDivisionError):
        await translator(_update(), _context(Broken()))
