"""Growth past one machine, for real: two bot processes in webhook mode (``run_bot()``, as
deployed, configured only by environment variables) share one PostgreSQL database behind a
"load balancer" — the fake Bot API server POSTs the updates to the two processes in turn.

Every button press of a hand entry lands on the other process than the one before it; the
entry finishes because the whole entry lives in the database. A Confirm pressed on two phones
at the same moment reaches both processes at once and records one hand. Both processes start
at the same time on an empty database (their migrations take turns under an advisory lock).
"""

from __future__ import annotations

import asyncio
import itertools
import os
import socket
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from storage.service import Ledger
from tests.bot.conftest import Scene
from tests.bot.fake_telegram import FakeTelegram
from tests.bot.helpers import next_until, open_table, result_messages, seat_and_start, wizard
from tests.storage.pgserver import fresh_pg_database

pytestmark = pytest.mark.postgres
NAMES = ("Alice", "Bob", "Carol", "Dave")
SECRET = "balancer-secret_42"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
async def two_processes(
    tg: FakeTelegram, tmp_path: Path, pg_server: object
) -> AsyncIterator[tuple[str, list[str]]]:
    """(database URL, webhook URLs) of two bot processes sharing a fresh PostgreSQL database."""
    with fresh_pg_database(pg_server) as url:  # type: ignore[arg-type]
        procs, urls, logs = [], [], []
        for i in range(2):
            port = free_port()
            env = {
                k: v for k, v in os.environ.items() if not k.startswith(("TELEGRAM_", "WEBHOOK_"))
            }
            env.update(
                TELEGRAM_BOT_TOKEN=tg.token,
                TELEGRAM_API_BASE_URL=tg.base,
                DATABASE_URL=url,
                BOT_MODE="webhook",
                WEBHOOK_URL=f"http://127.0.0.1:{port}",
                WEBHOOK_LISTEN="127.0.0.1",
                WEBHOOK_PORT=str(port),
                WEBHOOK_SECRET_TOKEN=SECRET,
                RATE_GROUP_PER_MINUTE="0",
                RATE_OVERALL_PER_SECOND="0",
            )
            log = (tmp_path / f"bot{i}.log").open("wb")
            logs.append(log)
            procs.append(
                await asyncio.create_subprocess_exec(
                    sys.executable,
                    "-c",
                    "from bot.app import run_bot; run_bot()",
                    env=env,
                    stdout=log,
                    stderr=asyncio.subprocess.STDOUT,
                )
            )
            urls.append(f"http://127.0.0.1:{port}/telegram")
        tg.balance(urls, SECRET)
        try:
            yield url, urls
        finally:
            for p in procs:
                if p.returncode is None:
                    p.terminate()
            for p in procs:
                await asyncio.wait_for(p.wait(), 20)
            for log in logs:
                log.close()
            out = "".join((tmp_path / f"bot{i}.log").read_text(errors="replace") for i in range(2))
            assert tg.token not in out and SECRET not in out
            assert "Traceback" not in out, out[-3000:]


async def test_two_webhook_processes_share_one_postgresql_night(tg, two_processes):
    url, targets = two_processes
    chat = tg.group(-100990)
    users = [tg.user(990 + i, n) for i, n in enumerate(NAMES)]
    alice, bob, carol, _dave = users
    s = Scene(tg, chat)
    table = await open_table(s, alice, "Xingguo")
    await seat_and_start(s, table, users)

    # hand 1: Bob wins on Carol's discard; every press goes to the other process
    w = await s.tap_for_message(bob, table, "Record hand")
    await wizard(s, bob, w, "Bob ← Carol", "Big seven pairs", "No wild")
    await next_until(s, bob, w, "Confirm")
    mark = tg.mark()
    await wizard(s, bob, w, "Confirm")
    line = await tg.next_message(chat, mark, contains="Hand 1:", timeout=20)
    assert "Bob +45" in line["text"] and "Carol -21" in line["text"]

    # hand 2: Confirm pressed by three phones at once reaches both processes: one hand
    w = await s.tap_for_message(carol, table, "Record hand")
    await wizard(s, carol, w, "Carol self-drawn", "Plain win")
    await next_until(s, carol, w, "Confirm")
    confirm = tg.find_button(chat, w["message_id"], "Confirm")["callback_data"]
    first = len(tg.delivered)
    mark = tg.mark()
    ids = await asyncio.gather(
        *(tg.press_data(chat, u, w["message_id"], confirm) for u in (carol, alice, bob))
    )
    answers = [await tg.answer_of(i, timeout=20) for i in ids]
    await tg.wait_for(lambda: len(tg.delivered) >= first + 3, timeout=20)
    reached = {t for t, _ in tg.delivered[first:]}
    assert reached == set(targets)  # the three presses were shared by both processes
    await asyncio.sleep(0.5)
    assert len(result_messages(s, 2)) == 1  # the entry, now the table message
    assert sum(1 for a in answers if a.get("show_alert")) == 2

    # the books, read straight from the shared database
    ledger = Ledger(url)
    try:
        tid = ledger.current_table(chat.id)
        assert tid is not None
        assert ledger.history(tid.id).total == 2
        standings = ledger.standings(tid.id)
        assert standings.hand_count == 2
        assert sum(p.total for p in standings.players) == 0
    finally:
        ledger.dispose()
    # the updates went to the two processes in turn: each press of the entries above was
    # served by the other process than the press before it
    order = [t for t, _ in sorted(tg.delivered, key=lambda d: d[1])]
    assert len(order) > 20 and set(order) == set(targets)
    assert all(a != b for a, b in itertools.pairwise(order))
