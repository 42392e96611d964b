"""A tap at a real table's pace, with the shipped rate limits (issue 13, point 9).

Four players enter hands the way a table does: a tap every 1–2 s (uniformly random), 15 taps
(``--taps``), over the fake Bot API server on loopback (tests/bot/fake_telegram.py) and the
real PTB Application with the settings a deployment gets by default
(``RATE_GROUP_PER_MINUTE=20``, ``RATE_OVERALL_PER_SECOND=30``). The latency of a tap is the
time from pressing the button to the bot's answerCallbackQuery.

Two runs: the shipped limiter (``bot.limits.TallyLimiter``: the group's 20 a minute apply to
new messages only, as the Bots FAQ states them) and, for comparison, PTB's ``AIORateLimiter``
with the same numbers (its group limit applies to every call naming the group, edits
included) — the set-up before issue 13.

    .venv/bin/python benchmarks/bench_trust.py [--taps 15] [--seed 13] [--only shipped]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from telegram.ext import AIORateLimiter

import bot.app as bot_app
from bot.limits import TallyLimiter
from tests.bot.conftest import Bot, Scene
from tests.bot.fake_telegram import FakeTelegram
from tests.bot.helpers import open_table, seat_and_start

NAMES = ("Alice", "Bob", "Carol", "Dave")
#: one hand, tap by tap (a Next the screen does not show is skipped)
HAND = ("Record hand", "Bob self-drawn", "Plain win", "Next ▶", "Preview ▶", "Confirm")  # fmt: skip


async def run(limiter: str, taps: int, seed: int) -> list[float]:
    rng = random.Random(seed)
    tg = FakeTelegram()
    await tg.start()
    with tempfile.TemporaryDirectory() as tmp:
        bot = Bot(
            tg,
            f"sqlite:///{Path(tmp) / 'pace.sqlite3'}",
            RATE_GROUP_PER_MINUTE=20,  # the shipped defaults (bot/config.py)
            RATE_OVERALL_PER_SECOND=30,
        )
        if limiter == "ptb":  # the pre-issue-13 limiter, same numbers

            def ptb(**kw: Any) -> AIORateLimiter:
                return AIORateLimiter(
                    overall_max_rate=kw["overall_per_second"], overall_time_period=1,
                    group_max_rate=kw["group_per_minute"], group_time_period=60,
                    max_retries=kw["max_retries"],
                )  # fmt: skip

            bot_app.TallyLimiter = ptb  # type: ignore[assignment]
        try:
            await bot.start()
        finally:
            bot_app.TallyLimiter = TallyLimiter  # type: ignore[misc]
        try:
            chat = tg.group(-4242)
            users = [tg.user(4200 + i, n) for i, n in enumerate(NAMES)]
            s = Scene(tg, chat)
            table = await open_table(s, users[0], "Xingguo")
            await seat_and_start(s, table, users)
            return await pace(s, table, users[1], taps, rng)
        finally:
            await bot.stop()
            await tg.stop()


async def pace(
    s: Scene, table: dict[str, Any], user: Any, taps: int, rng: random.Random
) -> list[float]:
    latencies: list[float] = []
    entry: dict[str, Any] | None = None
    step = 0
    while len(latencies) < taps:
        label = HAND[step % len(HAND)]
        step += 1
        target = table if label == "Record hand" else entry
        assert target is not None
        if label not in " ".join(s.labels(target)):
            continue  # e.g. a Next this ruleset's screen does not show
        mark = s.tg.mark()
        t0 = time.perf_counter()
        ans = await s.tap(user, target, label, timeout=60)
        latencies.append(time.perf_counter() - t0)
        assert not ans.get("show_alert"), ans
        if label == "Record hand":
            entry = await s.tg.next_message(s.chat, mark, contains="Hand ")
        await asyncio.sleep(rng.uniform(1.0, 2.0))
    return latencies


def report(name: str, lat: list[float]) -> None:
    ms = sorted(x * 1000 for x in lat)
    print(
        f"{name:<34} taps {len(ms):>3}  median {statistics.median(ms):7.1f} ms  "
        f"max {ms[-1]:7.1f} ms  over 1 s: {sum(1 for x in ms if x > 1000)}"
    )


async def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--taps", type=int, default=15)
    ap.add_argument("--seed", type=int, default=13)
    ap.add_argument("--only", choices=("shipped", "ptb"), default=None)
    args = ap.parse_args()
    print(f"a tap every 1-2 s, {args.taps} taps, RATE_GROUP_PER_MINUTE=20, RATE_OVERALL=30/s")
    if args.only in (None, "shipped"):
        report("shipped (bot.limits.TallyLimiter)", await run("shipped", args.taps, args.seed))
    if args.only in (None, "ptb"):
        report("before (PTB AIORateLimiter)", await run("ptb", args.taps, args.seed))


if __name__ == "__main__":
    asyncio.run(main())
