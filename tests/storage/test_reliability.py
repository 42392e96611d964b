"""Reliability on both engines: concurrent writers (threads and processes), one idempotency
key attempted 100 times at once, and a writer killed with SIGKILL mid-stream."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from sqlalchemy import text

import scoring
from storage.service import ALL_NIGHTS, Ledger
from tests.storage.conftest import Game
from tests.storage.helpers import random_hands
from tests.storage.workers import mixed

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.slow


def _env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    return env


def _worker(*args: object) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "tests.storage.workers", *map(str, args)],
        cwd=ROOT,
        env=_env(),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def _all_hands(led: Ledger, table_id: int) -> list:
    out = []
    page = 0
    while True:
        p = led.history(table_id, page=page, page_size=100)
        out.extend(p.items)
        if not p.has_next:
            return out
        page += 1


def test_eight_writers_threads_and_processes(game: Game, db_url: str) -> None:
    led, t, ids = game.ledger, game.table, game.ids
    count = 12
    start_at = time.time() + 3.0  # the processes need a moment to start
    procs = {
        w: _worker("mixed", db_url, t.id, ",".join(ids), f"p{w}", w, count, start_at)
        for w in range(4)
    }
    voided: dict[int, list[int]] = {}

    def thread_writer(w: int) -> None:
        while time.time() < start_at:
            time.sleep(0.001)
        voided[w] = mixed(led, t.id, ids, f"t{w}", 100 + w, count)

    threads = [threading.Thread(target=thread_writer, args=(w,)) for w in range(4)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    for w, p in procs.items():
        out, err = p.communicate(timeout=300)
        assert p.returncode == 0, err
        voided[10 + w] = json.loads(out.strip().splitlines()[-1])

    hands = _all_hands(led, t.id)
    # sequence numbers: 1..n, no gaps, no duplicates
    assert sorted(h.seq for h in hands) == list(range(1, 8 * count + 1))
    keys = Counter(h.idempotency_key for h in hands)
    assert len(keys) == 8 * count and set(keys.values()) == {1}
    # totals equal the sum of the confirmed hands, recomputed from the writers' own records
    expected = dict.fromkeys(game.pids, 0)
    confirmed = 0
    for w in range(4):
        for prefix, seed, vkey in ((f"t{w}", 100 + w, w), (f"p{w}", w, 10 + w)):
            recs = random_hands(ids, count, seed=seed)
            for i, rec in enumerate(recs):
                status = next(h.status for h in hands if h.idempotency_key == f"{prefix}-{i}")
                assert status == ("voided" if i in voided[vkey] else "confirmed")
                if i in voided[vkey]:
                    continue
                confirmed += 1
                for k, v in scoring.settle(rec).net.items():
                    expected[int(k)] += v
    st = led.standings(t.id, night=ALL_NIGHTS)
    assert {p.player_id: p.total for p in st.players} == expected
    assert st.hand_count == confirmed == led.get_table(t.id).hand_count
    assert led.check_integrity() == []


def test_hundred_concurrent_attempts_one_key(game: Game, db_url: str) -> None:
    t, ids = game.table, game.ids
    rec = random_hands(ids, 1, seed=42)[0]
    ledgers = [Ledger(db_url) for _ in range(5)]  # five connection pools
    barrier = threading.Barrier(100)

    def attempt(i: int) -> int:
        led = ledgers[i % 5]
        barrier.wait()
        return led.record_hand(t.id, rec, recorded_by=game.pids[i % 4], idempotency_key="once").id

    try:
        with ThreadPoolExecutor(100) as pool:
            results = list(pool.map(attempt, range(100)))
    finally:
        for led in ledgers:
            led.dispose()
    assert len(set(results)) == 1
    hands = _all_hands(game.ledger, t.id)
    assert [h.seq for h in hands] == [1] and hands[0].id == results[0]
    assert game.ledger.get_table(t.id).hand_count == 1
    assert game.ledger.check_integrity() == []


@pytest.mark.parametrize("kills", [(3, 11, 24)])
def test_sigkill_mid_stream_loses_nothing_acknowledged(
    game: Game, db_url: str, kills: tuple[int, ...]
) -> None:
    led, t, ids = game.ledger, game.table, game.ids
    rng = random.Random(1)
    acked: dict[str, int] = {}
    for round_no, after in enumerate(kills):
        prefix = f"s{round_no}"
        p = _worker("stream", db_url, t.id, ",".join(ids), prefix, round_no)
        assert p.stdout is not None
        n = 0
        while n < after:
            line = p.stdout.readline()
            assert line, p.stderr.read() if p.stderr else "worker died"
            _, i, seq = line.split()
            acked[f"{prefix}-{i}"] = int(seq)
            n += 1
        time.sleep(rng.random() * 0.02)  # land somewhere inside the next recording
        p.send_signal(signal.SIGKILL)
        p.wait(timeout=30)
        for line in p.stdout.read().splitlines():  # acknowledged before the kill landed
            _, i, seq = line.split()
            acked[f"{prefix}-{i}"] = int(seq)
        p.stdout.close()
        if p.stderr:
            p.stderr.close()

        hands = {h.idempotency_key: h for h in _all_hands(led, t.id)}
        for key, seq in acked.items():
            assert key in hands and hands[key].seq == seq, key
        # the one in flight is either fully there or fully absent
        extra = set(hands) - set(acked)
        assert len(extra) <= 1
        for key in extra:
            acked[key] = hands[key].seq
        assert sorted(h.seq for h in hands.values()) == list(range(1, len(hands) + 1))
        assert led.check_integrity() == []
        if db_url.startswith("sqlite"):
            with led.engine.connect() as conn:
                assert conn.execute(text("PRAGMA integrity_check")).scalar() == "ok"
                assert conn.execute(text("PRAGMA foreign_key_check")).all() == []
    st = led.standings(t.id, night=ALL_NIGHTS)
    assert st.hand_count == len(acked)
