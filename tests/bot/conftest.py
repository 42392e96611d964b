"""Fixtures: the fake Telegram server, a ledger on a temporary SQLite file, and the real PTB
Application polling the fake server over loopback HTTP.

The bot's HTTP client is the project default (``Settings.http_client``); ``HTTP_CLIENT=httpx
pytest tests/bot`` runs the same suite on PTB's own httpx client (the header names the one used).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.app import _post_init, build_application
from bot.callback import BadCallback, TableCb, decode
from bot.config import Settings
from storage.service import Ledger
from tests.bot.fake_telegram import BOT_ID, Chat, FakeTelegram, User


class Bot:
    """Starts/stops the real Application against the fake server (restartable)."""

    def __init__(self, tg: FakeTelegram, db_url: str, **settings: Any) -> None:
        self.tg, self.db_url, self.settings = tg, db_url, settings
        self.app: Any = None
        self.ledger: Ledger | None = None

    async def start(self) -> None:
        self.ledger = Ledger(self.db_url)
        await asyncio.to_thread(self.ledger.upgrade)
        opts: dict[str, Any] = {
            "TELEGRAM_BOT_TOKEN": self.tg.token,
            "TELEGRAM_API_BASE_URL": self.tg.base,
            "RATE_GROUP_PER_MINUTE": 0,
            "RATE_OVERALL_PER_SECOND": 0,
            "POLL_TIMEOUT": 1,
        }
        opts.update(self.settings)
        images = bool(opts.pop("images", False))
        settings = Settings(**opts)
        self.app = build_application(settings, self.ledger, images=images)
        await self.app.initialize()
        await _post_init(self.app)
        await self.app.start()
        await self.app.updater.start_polling(timeout=1, poll_interval=0)

    async def stop(self) -> None:
        if self.app is None:
            return
        await self.app.updater.stop()
        await self.app.stop()
        await self.app.shutdown()
        self.app = None

    async def restart(self) -> None:
        await self.stop()
        await self.start()


class LiveTable(dict[str, Any]):
    """A table's message wherever it is now (issue 14, point 6: after each Confirm the hand's
    entry message becomes the table message, and the older one loses its keyboard).
    ``table["message_id"]`` is the id of the newest bot message in the chat with this table's
    keyboard (the last one seen, once the table is closed and none has one); every other key
    reads that message as the fake server stores it."""

    def __init__(self, s: Scene, msg: dict[str, Any]) -> None:
        super().__init__(msg)
        self.scene = s
        self.first = self.last = int(msg["message_id"])
        self.table_id = s.table_of(self.first)

    def current(self) -> int:
        mid = self.scene.table_message_id(self.table_id, since=self.first)
        if mid is not None:
            self.last = mid
        return self.last

    def __getitem__(self, key: str) -> Any:
        mid = self.current()
        if key == "message_id":
            return mid
        return self.scene.tg.messages[(self.scene.chat.id, mid)][key]

    def get(self, key: str, default: Any = None) -> Any:
        try:
            return self[key]
        except KeyError:
            return default


class Scene:
    """A group chat with test users, and helpers to act as them."""

    def __init__(self, tg: FakeTelegram, chat: Chat) -> None:
        self.tg, self.chat = tg, chat

    def table_of(self, message_id: int) -> int | None:
        """The table whose buttons the message has (None if it has none)."""
        for b in self.tg.buttons(self.chat, message_id):
            try:
                cb = decode(b.get("callback_data"))
            except BadCallback:
                continue
            if isinstance(cb, TableCb) and cb.action != "hist":
                return cb.table_id
        return None

    def table_message_id(self, table_id: int | None = None, since: int = 0) -> int | None:
        """The newest bot message in the chat (from ``since`` on) with the table's keyboard."""
        found = None
        for (cid, mid), m in self.tg.messages.items():
            if cid != self.chat.id or mid < since or (cid, mid) in self.tg.deleted:
                continue
            if m.get("from", {}).get("id") != BOT_ID or not m.get("reply_markup"):
                continue
            t = self.table_of(mid)
            if t is not None and (table_id is None or t == table_id):
                found = mid if found is None else max(found, mid)
        return found

    def table_message(self, table_id: int | None = None) -> dict[str, Any]:
        """The message that has the table's keyboard now."""
        mid = self.table_message_id(table_id)
        assert mid is not None, "no message has a table keyboard"
        return dict(self.tg.messages[(self.chat.id, mid)])

    async def say(
        self,
        user: User,
        text: str,
        *,
        expect: str | None = None,
        method: str = "sendMessage",
        timeout: float = 10,
    ) -> dict[str, Any]:
        """Post ``text`` as ``user``; return the next message the bot sends to the chat (a
        table message, e.g. after /table, as a :class:`LiveTable`: wherever it is later)."""
        mark = self.tg.mark()
        await self.tg.post(self.chat, user, text)
        msg = await self.tg.next_message(self.chat, mark, timeout, contains=expect, method=method)
        if method == "sendMessage" and self.table_of(msg["message_id"]) is not None:
            return LiveTable(self, msg)
        return msg

    async def tap(
        self, user: User, message: dict[str, Any] | int, label: str, timeout: float = 10
    ) -> dict[str, Any]:
        mid = message if isinstance(message, int) else message["message_id"]
        return await self.tg.press(self.chat, user, mid, label, timeout)

    async def tap_for_message(
        self, user: User, message: dict[str, Any] | int, label: str, expect: str | None = None
    ) -> dict[str, Any]:
        """Tap, then return the next message the bot sends (e.g. a wizard)."""
        mark = self.tg.mark()
        answer = await self.tap(user, message, label)
        assert not answer.get("show_alert"), answer
        return await self.tg.next_message(self.chat, mark, contains=expect)

    def text(self, message: dict[str, Any] | int) -> str:
        mid = message if isinstance(message, int) else message["message_id"]
        return self.tg.text(self.chat, mid)

    def labels(self, message: dict[str, Any] | int) -> list[str]:
        mid = message if isinstance(message, int) else message["message_id"]
        return [b["text"] for b in self.tg.buttons(self.chat, mid)]


def pytest_report_header() -> str:
    return f"bot HTTP client: {Settings(TELEGRAM_BOT_TOKEN='1:x').http_client}"


@pytest.fixture
async def tg() -> AsyncIterator[FakeTelegram]:
    fake = FakeTelegram()
    await fake.start()
    yield fake
    await fake.stop()


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'tally.sqlite3'}"


@pytest.fixture
async def bot(tg: FakeTelegram, db_url: str) -> AsyncIterator[Bot]:
    b = Bot(tg, db_url)
    await b.start()
    yield b
    await b.stop()


@pytest.fixture(autouse=True)
def _quiet_logs(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO)
