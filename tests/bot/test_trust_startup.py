"""Issue 13, point 7: the bot token is never printed. ``mahjong-tally bot`` is run as a
subprocess against each bad start-up — a malformed ``TELEGRAM_API_BASE_URL``, a server that
redirects every call to itself, a server that answers getMe with bytes that are not HTTP —
with both HTTP clients and DEBUG logging, and the token (whole, percent-encoded, or its secret
half) is nowhere in its output; it exits with a short explanation instead of a traceback.
Also: ``warnings`` and uncaught exceptions in a process with the redaction installed."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import urllib.parse

import pytest

from bot.errors import secrets_of
from tests.bot.fake_telegram import FakeTelegram, raw_server

TOKEN = "123456:TEST-token-abcdef"


def leaked(out: str, token: str = TOKEN) -> list[str]:
    return [f for f in (*secrets_of(token), urllib.parse.quote(token)) if f in out]


async def run_cli(env: dict[str, str], timeout: float = 60) -> tuple[int, str]:
    full = {k: v for k, v in os.environ.items() if not k.startswith(("TELEGRAM_", "WEBHOOK_"))}
    full.update(env)
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-c",
        "import sys; from bot.cli import main; sys.exit(main(['bot']))",
        env=full,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
    )
    try:
        out, _ = await asyncio.wait_for(proc.communicate(), timeout)
    except TimeoutError:
        proc.kill()
        out, _ = await proc.communicate()
        raise AssertionError("the bot did not give up: " + out.decode(errors="replace")) from None
    assert proc.returncode is not None
    return proc.returncode, out.decode(errors="replace")


def last_line(out: str) -> str:
    return [ln for ln in out.splitlines() if ln.strip()][-1]


def base_env(tmp_path, url: str, client: str) -> dict[str, str]:
    return {
        "TELEGRAM_BOT_TOKEN": TOKEN,
        "TELEGRAM_API_BASE_URL": url,
        "DATABASE_URL": f"sqlite:///{tmp_path / 'start.sqlite3'}",
        "LOG_LEVEL": "DEBUG",
        "HTTP_CLIENT": client,
        "POLL_TIMEOUT": "1",
    }


@pytest.mark.parametrize("client", ["aiohttp", "httpx"])
@pytest.mark.parametrize(
    "url",
    [
        "htp//127.0.0.1:9",  # no scheme
        "http://[::1",  # an unclosed IPv6 host
        "http://127.0.0.1:99999",  # a port out of range
        f"http://127.0.0.1:9/bot{TOKEN}",  # the token pasted into the URL
        "ftp://127.0.0.1:9",
    ],
)
async def test_malformed_base_url(tmp_path, url, client):
    code, out = await run_cli(base_env(tmp_path, url, client))
    assert code != 0, out
    assert not leaked(out), out
    assert last_line(out).startswith("mahjong-tally:") or "TELEGRAM_API_BASE_URL" in out, out
    assert "TELEGRAM_API_BASE_URL" in out, out


@pytest.mark.parametrize("client", ["aiohttp", "httpx"])
async def test_a_redirect_loop(tmp_path, client):
    tg = FakeTelegram(TOKEN)
    await tg.start()
    tg.redirect_loop = True
    try:
        code, out = await run_cli(base_env(tmp_path, tg.base, client))
    finally:
        await tg.stop()
    assert code == 1, out
    assert not leaked(out), out
    assert "could not start" in out and "Traceback" not in out.split("could not start")[-1]
    assert "TELEGRAM_API_BASE_URL" in last_line(out), out


@pytest.mark.parametrize("client", ["aiohttp", "httpx"])
@pytest.mark.parametrize("payload", [b"SSH-2.0-OpenSSH_9.6\r\n", b"\x00\xff garbage \x00" * 50])
async def test_an_answer_that_is_not_http(tmp_path, client, payload):
    port, close = await raw_server(payload)
    try:
        code, out = await run_cli(base_env(tmp_path, f"http://127.0.0.1:{port}", client))
    finally:
        close()
    assert code == 1, out
    assert not leaked(out), out
    assert "could not start" in out


def test_warnings_and_uncaught_exceptions_are_redacted():
    """In a process with the redaction installed, a warning and an uncaught exception that
    name the token print it redacted."""
    code = (
        "import warnings, threading\n"
        "from bot.errors import install_redaction\n"
        f"install_redaction({TOKEN!r})\n"
        f"warnings.warn('calling https://api.telegram.org/bot{TOKEN}/getMe')\n"
        "def boom():\n"
        f"    raise RuntimeError('thread {urllib.parse.quote(TOKEN, safe='')}')\n"
        "t = threading.Thread(target=boom)\n"
        "t.start(); t.join()\n"
        f"raise RuntimeError('GET /bot{TOKEN}/getMe failed')\n"
    )
    res = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False
    )
    out = res.stdout + res.stderr
    assert res.returncode == 1
    assert not leaked(out), out
    assert out.count("<token>") >= 3, out
