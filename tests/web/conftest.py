"""Fixtures for the Mini App: the real bot (polling the fake Telegram server) with its web
server on a free loopback port, a started table set up through the chat, and signed initData
made the way Telegram makes it (bot/web/auth.py, the spec's algorithm)."""

from __future__ import annotations

import json
import re
import socket
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import aiohttp
import pytest

from bot.web.auth import sign_init_data
from tests.bot.conftest import Bot, Scene, bot, db_url, tg  # noqa: F401 (fixtures)
from tests.bot.fake_telegram import BOT_USERNAME, FakeTelegram, User


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def init_data(
    token: str,
    user: User | dict[str, Any],
    *,
    start_param: str | None = None,
    auth_date: int | None = None,
) -> str:
    u = user if isinstance(user, dict) else {"id": user.id, "first_name": user.first_name}
    fields = {
        "query_id": "AAHdF6IQAAAAAN0XohDhrOrc",
        "user": json.dumps(u, separators=(",", ":")),
        "auth_date": str(int(time.time()) if auth_date is None else auth_date),
    }
    if start_param:
        fields["start_param"] = start_param
    return sign_init_data(fields, token)


class WebBot(Bot):
    """The bot with the Mini App configured; its web server restarts with it."""

    async def stop(self) -> None:
        if self.app is not None:
            from bot.web import server

            await server.stop(self.app)
        await super().stop()


@dataclass
class World:
    tg: FakeTelegram
    bot: WebBot
    base: str  # http://127.0.0.1:PORT
    scene: Scene
    users: list[User]
    table_msg: dict[str, Any]
    table_id: int
    token: str  # the table token of the table message's Open button

    async def api(
        self,
        name: str,
        body: dict[str, Any] | None = None,
        *,
        user: User | None = None,
        init: str | None = None,
        raw: bytes | None = None,
    ) -> tuple[int, dict[str, Any]]:
        headers = {}
        if init is None and user is not None:
            init = init_data(self.tg.token, user, start_param=self.token)
        if init is not None:
            headers["X-Telegram-Init-Data"] = init
        data = raw if raw is not None else json.dumps({"t": self.token, **(body or {})}).encode()
        headers["Content-Type"] = "application/json"
        async with (
            aiohttp.ClientSession() as http,
            http.post(f"{self.base}/app/api/{name}", data=data, headers=headers) as r,
        ):
            try:
                out = await r.json(content_type=None)
            except ValueError:
                out = {}
            return r.status, out


@pytest.fixture
def web_port() -> int:
    return free_port()


@pytest.fixture
async def web_bot(tg: FakeTelegram, db_url: str, web_port: int) -> AsyncIterator[WebBot]:  # noqa: F811
    b = WebBot(
        tg,
        db_url,
        WEBAPP_URL="https://tally.example.org",
        WEBAPP_SHORT_NAME="table",
        WEBAPP_LISTEN="127.0.0.1",
        WEBAPP_PORT=web_port,
    )
    await b.start()
    yield b
    await b.stop()


async def make_world(
    fake: FakeTelegram, web: WebBot, port: int, ruleset: str, chat_id: int = -1001
) -> World:
    from urllib.parse import parse_qs, urlsplit

    from tests.bot.helpers import open_table, seat_and_start

    chat = fake.group(chat_id)
    base_uid = abs(chat_id) % 1000 * 10
    users = [
        fake.user(base_uid + i, n) for i, n in enumerate(("Alice", "Bob", "Carol", "Dave"), start=1)
    ]
    s = Scene(fake, chat)
    msg = await open_table(s, users[0], ruleset, stake="¥1" if ruleset != "Guobiao" else None)
    await seat_and_start(s, msg, users)
    await fake.wait_for(lambda: any(b.get("url") for b in fake.buttons(chat, msg["message_id"])))
    url = next(b["url"] for b in fake.buttons(chat, msg["message_id"]) if b.get("url"))
    assert url.startswith(f"https://t.me/{BOT_USERNAME}/table?startapp="), url
    token = parse_qs(urlsplit(url).query)["startapp"][0]
    assert len(token) <= 64 and re.fullmatch(r"[A-Za-z0-9_-]+", token), token
    assert web.ledger is not None
    table = web.ledger.current_table(chat.id)
    assert table is not None
    return World(fake, web, f"http://127.0.0.1:{port}", s, users, msg, table.id, token)
