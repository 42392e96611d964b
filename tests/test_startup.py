"""``mahjong-tally bot`` start-up failures, each run as the real CLI in a subprocess against
the tests' fake Bot API server (issue #24, point 5: "nine start-up failures that have nothing
to do with Telegram (`DATABASE_URL='not a url'`, PostgreSQL not reachable, an unknown driver, a
busy `WEBHOOK_PORT` or `WEBAPP_PORT`, `WEBAPP_PORT=70000`, a listen address that is not one)
end with 'Check TELEGRAM_API_BASE_URL … and the network.'"). Each now says what failed and
what to change, names the setting, and never blames Telegram or prints a traceback."""

from __future__ import annotations

import asyncio
import os
import socket
import sys
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from tests.bot.fake_telegram import FakeTelegram
from tests.web.conftest import free_port

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
async def api() -> AsyncIterator[FakeTelegram]:
    fake = FakeTelegram()
    await fake.start()
    yield fake
    await fake.stop()


@pytest.fixture
def busy_port() -> Iterator[int]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        yield int(s.getsockname()[1])


async def start_bot(api: FakeTelegram, tmp_path: Path, **env: str) -> tuple[int, str]:
    """Run ``mahjong-tally bot`` until it exits (at most 60 s): its status and stderr."""
    base = {k: v for k, v in os.environ.items() if not k.startswith(("TELEGRAM_", "WEBAPP_"))}
    for k in ("DATABASE_URL", "BOT_MODE", "WEBHOOK_URL", "WEBHOOK_PORT", "WEBHOOK_LISTEN"):
        base.pop(k, None)
    base.update(
        TELEGRAM_BOT_TOKEN=api.token,
        TELEGRAM_API_BASE_URL=api.base,
        MAHJONG_TALLY_DATA_DIR=str(tmp_path / "data"),
        PYTHONPATH=str(ROOT),
        **env,
    )
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot.cli",
        "bot",
        cwd=tmp_path,  # no .env here
        env=base,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    try:
        _, err = await asyncio.wait_for(proc.communicate(), timeout=60)
    except TimeoutError:
        proc.kill()
        await proc.wait()
        raise AssertionError(f"the bot did not stop: {env}") from None
    assert proc.returncode is not None
    return proc.returncode, err.decode()


def check(status: int, err: str, *, names: str, says: str, change: str) -> None:
    assert status in (1, 2), (status, err)
    assert "Traceback" not in err, err
    assert "TELEGRAM_API_BASE_URL" not in err and "the network" not in err, err
    lines = [ln for ln in err.splitlines() if ln.startswith("mahjong-tally")]
    assert lines, err
    assert names in lines[0] and says in lines[0], err
    assert change in err, err


async def test_database_url_not_a_url(api: FakeTelegram, tmp_path: Path) -> None:
    status, err = await start_bot(api, tmp_path, DATABASE_URL="not a url")
    check(
        status,
        err,
        names="DATABASE_URL ('not a url')",
        says="is not a database URL",
        change="Set DATABASE_URL to a database URL (e.g. sqlite:///",
    )


async def test_postgresql_not_reachable(api: FakeTelegram, tmp_path: Path) -> None:
    port = free_port()  # nothing listens there
    url = f"postgresql://tally:secret@127.0.0.1:{port}/tally"
    status, err = await start_bot(api, tmp_path, DATABASE_URL=url)
    check(
        status,
        err,
        names=f"127.0.0.1:{port}/tally",
        says="could not connect to the database",
        change="Start the database server, or fix its host, port",
    )
    assert "secret" not in err  # the password is not shown


@pytest.mark.parametrize("url", ["mysql+nosuchdriver://u@h/db", "oracle://u@h/db"])
async def test_unknown_driver(api: FakeTelegram, tmp_path: Path, url: str) -> None:
    status, err = await start_bot(api, tmp_path, DATABASE_URL=url)
    check(
        status,
        err,
        names=url.split("://")[0] + "://",
        says="database driver that is not installed",
        change="Use sqlite:///PATH or postgresql://",
    )


async def test_busy_webapp_port(api: FakeTelegram, tmp_path: Path, busy_port: int) -> None:
    status, err = await start_bot(
        api,
        tmp_path,
        WEBAPP_URL="https://tally.example.org",
        WEBAPP_LISTEN="127.0.0.1",
        WEBAPP_PORT=str(busy_port),
    )
    check(
        status,
        err,
        names=f"WEBAPP_PORT={busy_port}",
        says="another program already listens",
        change="choose a free port in WEBAPP_PORT",
    )


async def test_busy_webhook_port(api: FakeTelegram, tmp_path: Path, busy_port: int) -> None:
    status, err = await start_bot(
        api,
        tmp_path,
        BOT_MODE="webhook",
        WEBHOOK_URL="https://tally.example.org",
        WEBHOOK_LISTEN="127.0.0.1",
        WEBHOOK_PORT=str(busy_port),
    )
    check(
        status,
        err,
        names=f"WEBHOOK_PORT={busy_port}",
        says="another program already listens",
        change="choose a free port in WEBHOOK_PORT",
    )


@pytest.mark.parametrize("var", ["WEBAPP_PORT", "WEBHOOK_PORT"])
async def test_port_out_of_range(api: FakeTelegram, tmp_path: Path, var: str) -> None:
    status, err = await start_bot(
        api,
        tmp_path,
        BOT_MODE="webhook",
        WEBHOOK_URL="https://tally.example.org",
        WEBAPP_URL="https://tally.example.org",
        **{var: "70000"},
    )
    check(status, err, names=f"{var}=70000", says="bad configuration", change="65535")
    assert status == 2 and not (tmp_path / "data").exists()  # refused before the ledger


@pytest.mark.parametrize(
    ("var", "value"), [("WEBAPP_LISTEN", "not-an-address"), ("WEBHOOK_LISTEN", "999.1.1.1")]
)
async def test_listen_address_that_is_not_one(
    api: FakeTelegram, tmp_path: Path, var: str, value: str
) -> None:
    status, err = await start_bot(
        api,
        tmp_path,
        BOT_MODE="webhook",
        WEBHOOK_URL="https://tally.example.org",
        WEBAPP_URL="https://tally.example.org",
        WEBAPP_PORT=str(free_port()),
        **{var: value},
    )
    check(status, err, names=f"{var}={value}", says="not an address to listen on", change="0.0.0.0")


async def test_listen_address_not_of_this_machine(api: FakeTelegram, tmp_path: Path) -> None:
    # 192.0.2.1 (TEST-NET-1, RFC 5737) is an address, but of no machine here
    status, err = await start_bot(
        api,
        tmp_path,
        WEBAPP_URL="https://tally.example.org",
        WEBAPP_LISTEN="192.0.2.1",
        WEBAPP_PORT=str(free_port()),
    )
    check(
        status,
        err,
        names="WEBAPP_LISTEN=192.0.2.1",
        says="not an address of this machine",
        change="Set WEBAPP_LISTEN to one of its addresses",
    )


async def test_telegram_not_reachable_still_says_so(tmp_path: Path) -> None:
    # the one cause the old advice fitted: it stays, naming the URL it tried
    class Nowhere:
        token = "123456:TEST-token-abcdef"
        base = f"http://127.0.0.1:{free_port()}"

    status, err = await start_bot(Nowhere(), tmp_path)  # type: ignore[arg-type]
    assert status == 1 and "could not reach Telegram's Bot API at http://127.0.0.1:" in err
    assert "Check TELEGRAM_API_BASE_URL and the network" in err
    assert Nowhere.token not in err
