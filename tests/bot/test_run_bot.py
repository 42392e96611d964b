"""``run_bot()`` as deployed: a separate process configured only by environment variables, in
polling and in webhook mode, against the fake Bot API; the token never reaches its output."""

from __future__ import annotations

import asyncio
import json
import os
import socket
import sys
import time

import httpx

from tests.bot.conftest import Scene


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def spawn(env: dict[str, str]) -> asyncio.subprocess.Process:
    full = {k: v for k, v in os.environ.items() if not k.startswith(("TELEGRAM_", "WEBHOOK_"))}
    full.update(env)
    return await asyncio.create_subprocess_exec(
        sys.executable,
        "-c",
        "from bot.app import run_bot; run_bot()",
        env=full,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
    )


async def stop(proc: asyncio.subprocess.Process) -> str:
    if proc.returncode is None:
        proc.terminate()
    out, _ = await asyncio.wait_for(proc.communicate(), 20)
    return out.decode(errors="replace")


async def test_polling_process(tg, tmp_path):
    proc = await spawn(
        {
            "TELEGRAM_BOT_TOKEN": tg.token,
            "TELEGRAM_API_BASE_URL": tg.base + "/",
            "DATABASE_URL": f"sqlite:///{tmp_path / 'p.sqlite3'}",
            "LOG_LEVEL": "DEBUG",
            "POLL_TIMEOUT": "1",
        }
    )
    try:
        await tg.wait_for(lambda: tg.polls > 0, timeout=30)
        chat = tg.group(-100950)
        user = tg.user(901, "Zoe")
        reply = await Scene(tg, chat).say(user, "/help", expect="Mahjong Tally", timeout=20)
        assert "/newtable" in reply["text"]
    finally:
        out = await stop(proc)
    assert "starting in polling mode" in out
    assert tg.token not in out


async def test_webhook_process(tg, tmp_path):
    port = free_port()
    secret = "s3cret-token_value"
    proc = await spawn(
        {
            "TELEGRAM_BOT_TOKEN": tg.token,
            "TELEGRAM_API_BASE_URL": tg.base,
            "DATABASE_URL": f"sqlite:///{tmp_path / 'w.sqlite3'}",
            "BOT_MODE": "webhook",
            "WEBHOOK_URL": f"http://127.0.0.1:{port}",
            "WEBHOOK_LISTEN": "127.0.0.1",
            "WEBHOOK_PORT": str(port),
            "WEBHOOK_SECRET_TOKEN": secret,
        }
    )
    try:
        await tg.wait_for(lambda: tg.webhook is not None, timeout=30)
        assert tg.webhook["url"] == f"http://127.0.0.1:{port}/telegram"
        assert tg.webhook["secret_token"] == secret
        chat = tg.group(-100951)
        user = tg.user(902, "Yan")
        update = {
            "update_id": 1,
            "message": {
                "message_id": 1,
                "date": int(time.time()),
                "chat": chat.to_dict(),
                "from": user.to_dict(),
                "text": "/help",
                "entities": [{"type": "bot_command", "offset": 0, "length": 5}],
            },
        }
        mark = tg.mark()
        async with httpx.AsyncClient() as client:
            for _ in range(50):  # the listener may take a moment to come up
                try:
                    bad = await client.post(
                        f"http://127.0.0.1:{port}/telegram",
                        content=json.dumps(update),
                        headers={
                            "Content-Type": "application/json",
                            "X-Telegram-Bot-Api-Secret-Token": "wrong",
                        },
                    )
                    break
                except httpx.ConnectError:
                    await asyncio.sleep(0.2)
            assert bad.status_code == 403  # a forged webhook call is refused
            ok = await client.post(
                f"http://127.0.0.1:{port}/telegram",
                content=json.dumps(update),
                headers={
                    "Content-Type": "application/json",
                    "X-Telegram-Bot-Api-Secret-Token": secret,
                },
            )
            assert ok.status_code == 200
        reply = await tg.next_message(chat, mark, timeout=20, contains="Mahjong Tally")
        assert reply
    finally:
        out = await stop(proc)
    assert tg.token not in out and secret not in out
