"""Riichi games in the ledger (issue 27.2): what the re-derivation costs.

    .venv/bin/python benchmarks/bench_riichi_ledger.py            # SQLite in a temp folder
    .venv/bin/python benchmarks/bench_riichi_ledger.py --hands 80 --url postgresql+psycopg://…

A riichi table plays ``--hands`` hands into one night (tonpuusen, so games end and restart:
rons around the table, every fifth hand a draw with a riichi stick), each by ``record_hand``.
Printed (median ms of the calls): ``record_hand`` early in the night and at its end,
``riichi_state`` at the end, a ``void_hand`` of the first hand (every later hand is re-filled
and re-settled, the game ends move), and for comparison ``record_hand`` of a ``xingguo`` table
(no game to re-derive) on the same database.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from itertools import count
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from scoring.record import Event, HandRecord, Win  # noqa: E402
from storage.service import Ledger  # noqa: E402

OPTIONS: dict[str, bool | int | str] = {"length": "tonpuusen"}
KEYS = count(1)


def table(led: Ledger, chat: int, ruleset: str) -> tuple[int, list[str]]:
    led.ensure_chat(chat)
    ps = [led.ensure_user(-chat * 10 + i, n) for i, n in enumerate("ABCD")]
    opts = OPTIONS if ruleset == "riichi" else {}
    t = led.open_table(chat, creator_id=ps[0].id, ruleset=ruleset, options=opts)
    for p in ps:
        led.join(t.id, p.id)
    led.start(t.id, dealer_id=ps[0].id)
    return t.id, [str(p.id) for p in ps]


def hand(ids: list[str], i: int) -> HandRecord:
    if i % 5 == 4:
        ev = (Event("riichi", ids[1]), Event("tenpai", ids[0]))
        return HandRecord("riichi", tuple(ids), ids[0], "draw", options=dict(OPTIONS), events=ev)
    w, d = i % 4, (i + 3) % 4
    return HandRecord(
        "riichi", tuple(ids), ids[0], "win", (Win(ids[w], ids[d], fan=2),), dict(OPTIONS),
        {"fu": {ids[w]: 30}},
    )  # fmt: skip


def ms(fn: Callable[[], object]) -> float:
    t0 = time.perf_counter()
    fn()
    return (time.perf_counter() - t0) * 1000


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--hands", type=int, default=60)
    ap.add_argument("--url")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        led = Ledger(args.url or f"sqlite:///{Path(tmp) / 'riichi.sqlite3'}")
        led.upgrade()
        tid, ids = table(led, -1, "riichi")
        times = []
        first = None
        for i in range(args.hands):
            rec = hand(ids, i)

            def record(r: HandRecord = rec) -> None:
                nonlocal first
                v = led.record_hand(
                    tid, r, recorded_by=int(ids[0]), idempotency_key=f"k{next(KEYS)}"
                )
                first = first or v.id

            times.append(ms(record))
        games = led.riichi_games(tid)
        ends = sum(1 for g in games if g.end_hand_id)
        state = [ms(lambda: led.riichi_state(tid)) for _ in range(10)]
        assert first is not None
        void = ms(lambda: led.void_hand(first, by_player_id=int(ids[0]), reason="bench"))
        xid, xids = table(led, -2, "xingguo")
        xing = [
            ms(
                lambda: led.record_hand(
                    xid,
                    HandRecord("xingguo", tuple(xids), xids[0], "draw"),
                    recorded_by=int(xids[0]),
                    idempotency_key=f"x{next(KEYS)}",
                )
            )
            for _ in range(10)
        ]
        led.dispose()
    k = min(10, len(times))
    print(f"riichi night of {args.hands} hands, {ends} game ends ({len(games)} games)")
    print(f"record_hand, hands 1-{k}: median {statistics.median(times[:k]):.1f} ms")
    print(f"record_hand, last {k} hands: median {statistics.median(times[-k:]):.1f} ms")
    print(f"riichi_state at the end: median {statistics.median(state):.1f} ms")
    print(f"void_hand of hand 1 (everything after re-derived): {void:.1f} ms")
    print(f"xingguo record_hand (same database): median {statistics.median(xing):.1f} ms")


if __name__ == "__main__":
    main()
