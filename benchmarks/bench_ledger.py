"""Ledger benchmark: record rate, standings and history-page latency at 100k and 1M hands.

    .venv/bin/python benchmarks/bench_ledger.py                 # 100,000 and 1,000,000 hands
    .venv/bin/python benchmarks/bench_ledger.py --sizes 100000  # one size
    .venv/bin/python benchmarks/bench_ledger.py --url postgresql+psycopg://…  # another engine

Each size gets a fresh database (a SQLite file in a temporary folder unless ``--url``),
migrated with Alembic, then filled in bulk: 400 players in chats of 20, ``N/10`` hands on one
big table and the rest on tables of 500 hands (10 nights of 50), about 2 % voided; records and
settlements are real ``xingguo`` hands settled by the scoring package; the per-player ledger
rows and totals are exactly what the service would have written (checked by
``Ledger.check_integrity`` on the 100k database). Then, through the public ``Ledger`` API:

* record rate — ``record_hand`` calls per second on the big table (each its own committed
  transaction: ``BEGIN IMMEDIATE`` … ``COMMIT`` on SQLite, WAL, ``synchronous=NORMAL``);
* ``standings`` — latency on random tables and on the big table (median / p95);
* ``history`` — latency of one page of 10 hands at random pages, random tables and the big one.

Targets at 1M hands on SQLite: standings ≤ 5 ms, history page ≤ 5 ms.

Seasons and players (issue 18), ``--seasons``::

    .venv/bin/python benchmarks/bench_ledger.py --seasons --sizes 1000000
    .venv/bin/python benchmarks/bench_ledger.py --seasons --sizes 100000 --url postgresql+psycopg://…

``N`` hands over ``N / 20`` chats (50,000 at 1M) and 5 years: ``N / 20,000`` weekly groups
(50 at 1M) play 52 nights a year of 20 hands at one table a year (5,200 hands each, 5 yearly
seasons, a loss cap and a table fee on a tenth of their nights), one "regular" plays in five
of them; every other chat is a one-night table of about 15 hands at a random time in the 5
years. Bulk-filled with executemany (night totals by one INSERT … SELECT). Then, through the
public ``Ledger`` API: ``season_board`` (a weekly group's current season, a weekly group's
whole 5 years as one season, a random small chat) and ``player_history`` (/me: the regular in
private over his 5 groups, a weekly player in his group, a random player). Targets on SQLite:
season leaderboard ≤ 20 ms, /me ≤ 20 ms.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import scoring
from scoring.record import HandRecord
from scoring.testing import NAMES, random_record
from storage.service import Ledger

PLAYERS = 400
CHAT_SIZE = 20
TABLE_HANDS = 500
NIGHT_HANDS = 50
VOID_RATE = 0.02
TEMPLATES = 64
CHUNK = 20_000


def templates(
    rng: random.Random,
) -> list[tuple[HandRecord, str, str, list[tuple[int, int, int, int, int]], int]]:
    """Settled xingguo hands among placeholder players P0..P3: (record, record JSON,
    settlement JSON, ledger rows (seat, amount, won, self_drawn, dealt_in), next dealer seat)."""
    rs = scoring.get("xingguo")
    out = []
    seats = [f"P{i}" for i in range(4)]
    while len(out) < TEMPLATES:
        rec = random_record(rs, rng)
        if len(rec.players) != 4:
            continue
        text = json.dumps(rec.to_json())
        for i, name in enumerate(rec.players):
            text = text.replace(f'"{name}"', f'"P{i}"')
        assert not any(f'"{n}"' in text for n in NAMES)
        data = json.loads(text)
        data["players"] = seats
        try:
            hand = HandRecord.from_json(data)
            st = scoring.settle(hand)
            nxt = scoring.next_dealer(hand)
        except scoring.RecordError:
            continue
        wins = {w.winner for w in hand.wins}
        selfd = {w.winner for w in hand.wins if w.discarder is None}
        dealt: dict[str, int] = {}
        for w in hand.wins:
            if w.discarder is not None:
                dealt[w.discarder] = dealt.get(w.discarder, 0) + 1
        rows = [
            (i, st.net.get(p, 0), int(p in wins), int(p in selfd), dealt.get(p, 0))
            for i, p in enumerate(seats)
        ]
        out.append(
            (
                hand,
                json.dumps(hand.to_json(), ensure_ascii=False, separators=(",", ":")),
                json.dumps(st.to_json(), ensure_ascii=False, separators=(",", ":")),
                rows,
                seats.index(nxt),
            )
        )
    return out


def render(text: str, ids: list[int]) -> str:
    for i, pid in enumerate(ids):
        text = text.replace(f'"P{i}"', f'"{pid}"')
    return text


class Loader:
    """Bulk inserts through the raw DB-API connection (executemany)."""

    def __init__(self, led: Ledger) -> None:
        self.led = led
        self.sqlite = led.engine.dialect.name == "sqlite"
        self.raw = led.engine.raw_connection()
        self.cur = self.raw.cursor()
        if self.sqlite:
            self.cur.execute("PRAGMA synchronous = OFF")
            self.cur.execute("BEGIN")

    def ts(self, dt: datetime) -> Any:
        return dt.strftime("%Y-%m-%d %H:%M:%S.%f") if self.sqlite else dt

    def many(self, table: str, cols: list[str], rows: list[tuple[Any, ...]]) -> None:
        mark = "?" if self.sqlite else "%s"
        sql = f"INSERT INTO {table} ({', '.join(cols)}) VALUES ({', '.join([mark] * len(cols))})"
        for i in range(0, len(rows), CHUNK):
            self.cur.executemany(sql, rows[i : i + CHUNK])

    def sql(self, sql: str) -> None:
        self.cur.execute(sql)

    def commit(self) -> None:
        if self.sqlite:
            self.cur.execute("COMMIT")
            self.cur.execute("PRAGMA synchronous = NORMAL")
        else:
            self.raw.commit()
        self.raw.close()


def bulk_fill(led: Ledger, n_hands: int, seed: int = 1) -> dict[str, Any]:
    rng = random.Random(seed)
    tpl = templates(rng)
    ld = Loader(led)
    now = datetime.now(UTC) - timedelta(days=400)
    big_hands = n_hands // 10
    sizes = [big_hands]
    rest = n_hands - big_hands
    while rest > 0:
        sizes.append(min(TABLE_HANDS, rest))
        rest -= sizes[-1]
    n_chats = max(1, PLAYERS // CHAT_SIZE)
    ld.many(
        "chat",
        ["id", "tg_chat_id", "title", "kind", "created_at"],
        [(c + 1, -(10**12) - c, f"chat {c}", "group", ld.ts(now)) for c in range(n_chats)],
    )
    ld.many(
        "player",
        ["id", "tg_user_id", "name", "is_guest", "created_at"],
        [(p + 1, 10**9 + p, f"player{p}", False, ld.ts(now)) for p in range(PLAYERS)],
    )
    tables, seats, nights = [], [], []
    hands: list[tuple[Any, ...]] = []
    lrows: list[tuple[Any, ...]] = []
    hand_id = lr_id = seat_id = 0
    big_table = 1
    for t_no, size in enumerate(sizes):
        tid = t_no + 1
        chat = t_no % n_chats
        pool = list(range(chat * CHAT_SIZE + 1, chat * CHAT_SIZE + CHAT_SIZE + 1))
        ids = rng.sample(pool, 4)
        is_big = tid == big_table
        # every chat keeps at most one table that is not closed: the big one
        status = "playing" if is_big else "closed"
        dealer = 0
        confirmed = 0
        night_counts: dict[int, int] = {}
        rendered = {k: (render(t[1], ids), render(t[2], ids)) for k, t in enumerate(tpl)}
        for seq in range(1, size + 1):
            k = rng.randrange(len(tpl))
            hand, _rec, _st, rows, nxt = tpl[k]
            night = (seq - 1) // NIGHT_HANDS + 1
            hand_id += 1
            voided = rng.random() < VOID_RATE
            at = now + timedelta(minutes=seq * 3)
            r_json, s_json = rendered[k]
            d_seat = int(hand.dealer[1:])
            hands.append(
                (
                    hand_id, tid, seq, night, seq, r_json, s_json, hand.result,
                    ids[d_seat], ids[nxt], "voided" if voided else "confirmed", ids[0], ld.ts(at),
                    ids[1] if voided else None, ld.ts(at) if voided else None,
                    "bench" if voided else None, f"bench-{hand_id}",
                )
            )  # fmt: skip
            for seat, amount, won, selfd, dealt in rows:
                lr_id += 1
                lrows.append(
                    (lr_id, hand_id, tid, night, ids[seat], amount, not voided, won, selfd, dealt)
                )
            if not voided:
                confirmed += 1
                night_counts[night] = night_counts.get(night, 0) + 1
                dealer = nxt
        last_night = (size - 1) // NIGHT_HANDS + 1
        tables.append(
            (
                tid, chat + 1, "xingguo", "{}", 50, "CNY", f"table {tid}", status, ids[0],
                last_night, ids[dealer], confirmed, size, ld.ts(now),
            )
        )  # fmt: skip
        for i, pid in enumerate(ids):
            seat_id += 1
            seats.append((seat_id, tid, pid, i, ld.ts(now)))
        for night in range(1, last_night + 1):
            nights.append((tid, night, ld.ts(now), ids[0], night_counts.get(night, 0)))
        if len(hands) >= 100_000:
            flush(ld, tables, seats, nights, hands, lrows)
    flush(ld, tables, seats, nights, hands, lrows)
    for night_expr, group in (
        ("night", "table_id, night, player_id"),
        ("0", "table_id, player_id"),
    ):
        ld.sql(
            "INSERT INTO night_total (table_id, night, player_id, total, hands, wins, "
            f"self_draws, deal_ins) SELECT table_id, {night_expr}, player_id, SUM(amount), "
            "COUNT(*), SUM(won), SUM(self_drawn), SUM(dealt_in) FROM ledger_row "
            f"WHERE confirmed GROUP BY {group}"
        )
    if not ld.sqlite:
        for table in ("chat", "player", "game_table", "seat", "hand", "ledger_row"):
            ld.sql(
                f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), (SELECT MAX(id) FROM {table}))"
            )
    ld.commit()
    return {"tables": len(sizes), "big_table": big_table, "big_hands": big_hands}


#: the columns the fills write for each hand and its ledger rows (the normal and --seasons sets)
HAND_COLUMNS = [
    "id", "table_id", "seq", "night", "position", "record", "settlement", "result",
    "dealer_before_id", "dealer_after_id", "status", "recorded_by", "recorded_at",
    "voided_by", "voided_at", "void_reason", "idempotency_key",
]  # fmt: skip
LEDGER_ROW_COLUMNS = [
    "id", "hand_id", "table_id", "night", "player_id", "amount", "confirmed", "won",
    "self_drawn", "dealt_in",
]  # fmt: skip


def flush(ld: Loader, tables: list, seats: list, nights: list, hands: list, lrows: list) -> None:
    ld.many(
        "game_table",
        ["id", "chat_id", "ruleset", "options", "stake_minor", "currency", "name", "status",
         "creator_id", "night", "dealer_id", "hand_count", "last_seq", "created_at"],
        tables,
    )  # fmt: skip
    ld.many("seat", ["id", "table_id", "player_id", "seat_index", "joined_at"], seats)
    ld.many("night", ["table_id", "number", "started_at", "start_dealer_id", "hand_count"], nights)
    ld.many("hand", HAND_COLUMNS, hands)
    ld.many("ledger_row", LEDGER_ROW_COLUMNS, lrows)
    for lst in (tables, seats, nights, hands, lrows):
        lst.clear()


def timed(fn: Callable[[], object], n: int) -> tuple[float, float, float]:
    """(median, p95) wall-clock latency and median CPU time of this thread, in milliseconds,
    over ``n`` calls (after 5 warm-up calls). On a busy machine the CPU time is the steadier
    figure: the database file is in the page cache, so a call waits for little but the CPU."""
    for _ in range(5):
        fn()
    wall, cpu = [], []
    for _ in range(n):
        c0 = time.thread_time()
        t0 = time.perf_counter()
        fn()
        wall.append((time.perf_counter() - t0) * 1000)
        cpu.append((time.thread_time() - c0) * 1000)
    wall.sort()
    return statistics.median(wall), wall[int(len(wall) * 0.95) - 1], statistics.median(cpu)


def record_rate(led: Ledger, table_id: int, n: int) -> float:
    t = led.get_table(table_id)
    ids = [str(s.player_id) for s in t.seats]
    rng = random.Random(5)
    recs = []
    for tpl in templates(rng)[:16]:
        recs.append(HandRecord.from_json(json.loads(render(tpl[1], [int(i) for i in ids]))))
    by = int(ids[0])
    stamp = time.time_ns()
    t0 = time.perf_counter()
    for i in range(n):
        led.record_hand(
            table_id, recs[i % len(recs)], recorded_by=by, idempotency_key=f"rate-{stamp}-{i}"
        )
    return n / (time.perf_counter() - t0)


def load_note() -> str:
    try:
        one, five, _ = (float(x) for x in Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return ""
    import os

    return f"load average {one:.1f} / {five:.1f} on {os.cpu_count()} CPUs"


def run(n: int, url: str | None, workdir: Path, samples: int) -> dict[str, Any]:
    if url is None:
        db = workdir / f"bench-{n}.sqlite3"
        for suffix in ("", "-wal", "-shm"):
            Path(str(db) + suffix).unlink(missing_ok=True)
        url = f"sqlite:///{db}"
    led = Ledger(url)
    led.upgrade()
    t0 = time.perf_counter()
    info = bulk_fill(led, n)
    fill_s = time.perf_counter() - t0
    rng = random.Random(9)
    n_tables = info["tables"]
    big = info["big_table"]
    result: dict[str, Any] = {"hands": n, "tables": n_tables, "fill_s": round(fill_s, 1)}
    if url.startswith("sqlite"):
        result["file_mb"] = round(Path(url.removeprefix("sqlite:///")).stat().st_size / 2**20)
    if n <= 100_000:
        problems = led.check_integrity()
        assert not problems, problems[:5]
        result["integrity"] = "ok"

    result["standings_ms"] = timed(lambda: led.standings(rng.randrange(2, n_tables + 1)), samples)
    result["standings_big_ms"] = timed(lambda: led.standings(big), samples)

    def page_small() -> None:
        led.history(rng.randrange(2, n_tables + 1), page=rng.randrange(50), page_size=10)

    big_pages = info["big_hands"] // 10

    result["history_ms"] = timed(page_small, samples)
    result["history_big_ms"] = timed(
        lambda: led.history(big, page=rng.randrange(big_pages), page_size=10), samples
    )
    result["history_big_first_ms"] = timed(lambda: led.history(big, page=0), samples)
    result["transfers_ms"] = timed(
        lambda: led.night_transfers(rng.randrange(2, n_tables + 1)), samples
    )
    result["record_per_s"] = round(record_rate(led, big, 300), 1)
    led.dispose()
    return result


def main() -> None:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--sizes", default="100000,1000000")
    ap.add_argument("--url", default=None, help="database URL (default: a temporary SQLite file)")
    ap.add_argument("--dir", default=None, help="folder for the SQLite files (default: a temp dir)")
    ap.add_argument("--keep", action="store_true", help="keep the SQLite files")
    ap.add_argument("--samples", type=int, default=300)
    ap.add_argument("--seasons", action="store_true", help="the season and player queries")
    args = ap.parse_args()
    if args.seasons:
        seasons_main(args)
        return
    workdir = Path(args.dir) if args.dir else Path(tempfile.mkdtemp(prefix="bench-ledger-"))
    workdir.mkdir(parents=True, exist_ok=True)
    print(f"engine: {'SQLite (WAL) in ' + str(workdir) if args.url is None else args.url}")
    try:
        for n in [int(x) for x in args.sizes.split(",")]:
            r = run(n, args.url, workdir, args.samples)
            print(f"\n== {n:,} hands in the database ({r['tables']} tables) == {load_note()}")
            print(
                f"  bulk fill                {r['fill_s']:>8} s"
                + (f", file {r['file_mb']} MB" if "file_mb" in r else "")
            )
            if "integrity" in r:
                print(f"  check_integrity          {r['integrity']:>8}")
            for key, label in (
                ("standings_ms", "standings (random table)"),
                ("standings_big_ms", f"standings (table of {n // 10:,})"),
                ("history_ms", "history page (random)"),
                ("history_big_ms", "history page (big, any page)"),
                ("history_big_first_ms", "history page (big, newest)"),
                ("transfers_ms", "night_transfers"),
            ):
                med, p95, cpu = r[key]
                print(f"  {label:<30} median {med:6.2f} ms   p95 {p95:6.2f} ms   cpu {cpu:6.2f} ms")
            print(
                f"  record_hand              {r['record_per_s']:>8} hands/s (one transaction each)"
            )
    finally:
        if args.dir is None and not args.keep:
            shutil.rmtree(workdir, ignore_errors=True)


# --- seasons and players (issue 18) ----------------------------------------------------------
WEEKLY_HANDS = 5_200  # a weekly group: 5 years × 52 nights × 20 hands
WEEKLY_NIGHT_HANDS = 20
YEARS = 5
SMALL_CHAT_HANDS = 15


def seasons_fill(led: Ledger, n_hands: int, seed: int = 3) -> dict[str, Any]:
    """The data set of ``--seasons`` (see the module docstring); returns what to query."""
    rng = random.Random(seed)
    tpl = templates(rng)
    ld = Loader(led)
    start = datetime.now(UTC) - timedelta(days=365 * YEARS)
    n_weekly = max(1, n_hands // 20_000)
    n_chats = max(n_weekly + 1, n_hands // 20)
    small_hands = n_hands - n_weekly * WEEKLY_HANDS
    n_small = n_chats - n_weekly
    ld.many(
        "chat",
        ["id", "tg_chat_id", "title", "kind", "created_at"],
        [(c + 1, -(10**12) - c, f"chat {c}", "group", ld.ts(start)) for c in range(n_chats)],
    )
    # players: a weekly group has 5 of its own (+ the regular in the first five groups); a
    # small chat 4 of its own
    players: list[tuple[Any, ...]] = []
    pools: list[list[int]] = []
    pid = 0

    def new_player() -> int:
        nonlocal pid
        pid += 1
        players.append((pid, 10**9 + pid, f"player{pid}", False, ld.ts(start)))
        return pid

    regular = new_player()
    for c in range(n_chats):
        pool = [new_player() for _ in range(5 if c < n_weekly else 4)]
        if c < min(5, n_weekly):
            pool.append(regular)
        pools.append(pool)
    ld.many("player", ["id", "tg_user_id", "name", "is_guest", "created_at"], players)
    players.clear()
    tables: list[tuple[Any, ...]] = []
    seats: list[tuple[Any, ...]] = []
    nights: list[tuple[Any, ...]] = []
    hands: list[tuple[Any, ...]] = []
    lrows: list[tuple[Any, ...]] = []
    seasons_rows: list[tuple[Any, ...]] = []
    ids_state = {"hand": 0, "lr": 0, "seat": 0, "table": 0}
    rendered_cache: dict[tuple[int, ...], dict[int, tuple[str, str]]] = {}

    def table(chat: int, ids: list[int], night_starts: list[datetime], per_night: list[int],
              fee_nights: set[int]) -> None:  # fmt: skip
        ids_state["table"] += 1
        tid = ids_state["table"]
        key = tuple(ids)
        rendered = rendered_cache.get(key)
        if rendered is None:
            rendered = {k: (render(t[1], ids), render(t[2], ids)) for k, t in enumerate(tpl)}
            if len(rendered_cache) < 64:
                rendered_cache[key] = rendered
        seq = 0
        confirmed = 0
        dealer = 0
        for night, (at, count) in enumerate(zip(night_starts, per_night, strict=True), 1):
            n_conf = 0
            for _ in range(count):
                seq += 1
                k = rng.randrange(len(tpl))
                hand, _r, _s, rows, nxt = tpl[k]
                ids_state["hand"] += 1
                hid = ids_state["hand"]
                voided = rng.random() < VOID_RATE
                r_json, s_json = rendered[k]
                when = ld.ts(at + timedelta(minutes=3 * seq))
                hands.append(
                    (
                        hid, tid, seq, night, seq, r_json, s_json, hand.result,
                        ids[int(hand.dealer[1:])], ids[nxt], "voided" if voided else "confirmed",
                        ids[0], when, ids[1] if voided else None, when if voided else None,
                        "bench" if voided else None, f"bench-{hid}",
                    )
                )  # fmt: skip
                for seat, amount, won, selfd, dealt in rows:
                    ids_state["lr"] += 1
                    lrows.append(
                        (ids_state["lr"], hid, tid, night, ids[seat], amount, not voided, won,
                         selfd, dealt)
                    )  # fmt: skip
                if not voided:
                    n_conf += 1
                    dealer = nxt
            confirmed += n_conf
            fee = night in fee_nights
            nights.append(
                (tid, night, ld.ts(at), ids[0], n_conf, 2000 if fee else None,
                 "aa" if fee else None, None, 20000 if fee else None)
            )  # fmt: skip
        tables.append(
            (tid, chat + 1, "xingguo", "{}", 50, "CNY", f"table {tid}", "closed", ids[0],
             len(night_starts), ids[dealer], confirmed, seq, ld.ts(night_starts[0]))
        )  # fmt: skip
        for i, p in enumerate(ids):
            ids_state["seat"] += 1
            seats.append((ids_state["seat"], tid, p, i, ld.ts(night_starts[0])))
        if len(hands) >= 100_000:
            seasons_flush(ld, tables, seats, nights, hands, lrows)

    weekly_tables = []
    for c in range(n_weekly):
        for year in range(YEARS):
            first = start + timedelta(days=365 * year + c % 7)
            starts = [first + timedelta(days=7 * w, hours=19) for w in range(52)]
            others = [p for p in pools[c] if p != regular]
            ids = (
                [regular, *rng.sample(others, 3)] if regular in pools[c] else rng.sample(others, 4)
            )
            table(c, ids, starts, [WEEKLY_NIGHT_HANDS] * 52, set(rng.sample(range(1, 53), 5)))
            weekly_tables.append(ids_state["table"])
            seasons_rows.append(
                (c + 1, year + 1, f"{2021 + year}", None if year == 0 else ld.ts(first),
                 None if year == YEARS - 1 else ld.ts(first + timedelta(days=365)))
            )  # fmt: skip
    base, extra = divmod(small_hands, max(1, n_small))
    for j in range(n_small):
        c = n_weekly + j
        at = start + timedelta(seconds=rng.randrange(365 * YEARS * 86400))
        table(c, pools[c], [at], [base + (1 if j < extra else 0)], set())
    seasons_flush(ld, tables, seats, nights, hands, lrows)
    ld.many("season", ["chat_id", "number", "name", "started_at", "closed_at"], seasons_rows)
    for night_expr, group in (
        ("night", "table_id, night, player_id"),
        ("0", "table_id, player_id"),
    ):
        ld.sql(
            "INSERT INTO night_total (table_id, night, player_id, total, hands, wins, "
            f"self_draws, deal_ins) SELECT table_id, {night_expr}, player_id, SUM(amount), "
            "COUNT(*), SUM(won), SUM(self_drawn), SUM(dealt_in) FROM ledger_row "
            f"WHERE confirmed GROUP BY {group}"
        )
    if not ld.sqlite:
        for t in ("chat", "player", "game_table", "seat", "hand", "ledger_row", "season"):
            ld.sql(f"SELECT setval(pg_get_serial_sequence('{t}', 'id'), (SELECT MAX(id) FROM {t}))")
        ld.sql("ANALYZE")
    else:
        ld.sql("ANALYZE")
    ld.commit()
    return {
        "chats": n_chats,
        "weekly": n_weekly,
        "regular": regular,
        "weekly_player": pools[min(n_weekly - 1, 5)][0] if n_weekly > 5 else pools[0][0],
        "weekly_chat_of_player": min(n_weekly - 1, 5) if n_weekly > 5 else 0,
        "players": pid,
        "pools": pools,
    }


def seasons_flush(ld: Loader, tables: list, seats: list, nights: list, hands: list,
                  lrows: list) -> None:  # fmt: skip
    ld.many(
        "game_table",
        ["id", "chat_id", "ruleset", "options", "stake_minor", "currency", "name", "status",
         "creator_id", "night", "dealer_id", "hand_count", "last_seq", "created_at"],
        tables,
    )  # fmt: skip
    ld.many("seat", ["id", "table_id", "player_id", "seat_index", "joined_at"], seats)
    ld.many(
        "night",
        ["table_id", "number", "started_at", "start_dealer_id", "hand_count", "fee_amount",
         "fee_split", "fee_payee_id", "loss_cap"],
        nights,
    )  # fmt: skip
    ld.many("hand", HAND_COLUMNS, hands)
    ld.many("ledger_row", LEDGER_ROW_COLUMNS, lrows)
    for lst in (tables, seats, nights, hands, lrows):
        lst.clear()


def seasons_run(n: int, url: str | None, workdir: Path, samples: int) -> dict[str, Any]:
    if url is None:
        db = workdir / f"bench-seasons-{n}.sqlite3"
        for suffix in ("", "-wal", "-shm"):
            Path(str(db) + suffix).unlink(missing_ok=True)
        url = f"sqlite:///{db}"
    led = Ledger(url)
    led.upgrade()
    t0 = time.perf_counter()
    info = seasons_fill(led, n)
    out: dict[str, Any] = {
        "hands": n,
        "chats": info["chats"],
        "fill_s": round(time.perf_counter() - t0, 1),
    }
    if url.startswith("sqlite"):
        out["file_mb"] = round(Path(url.removeprefix("sqlite:///")).stat().st_size / 2**20)
    rng = random.Random(11)
    weekly, chats = info["weekly"], info["chats"]

    def tg(c: int) -> int:
        return -(10**12) - c

    # a weekly group's current season (52 nights, 1,040 hands)
    out["season_weekly_ms"] = timed(lambda: led.season_board(tg(rng.randrange(weekly))), samples)
    # a weekly group's first season (season 1, from the beginning: the first year)
    out["season_weekly_first_ms"] = timed(
        lambda: led.season_board(tg(rng.randrange(weekly)), 1), samples
    )
    # a small chat (no season rows: season 1 is everything)
    out["season_small_ms"] = timed(
        lambda: led.season_board(tg(rng.randrange(weekly, chats))), samples
    )
    regular = info["regular"]
    out["me_regular_private_ms"] = timed(lambda: led.player_history(regular), samples)
    out["me_regular_group_ms"] = timed(
        lambda: led.player_history(regular, tg_chat_id=tg(0)), samples
    )
    pools = info["pools"]
    out["me_small_ms"] = timed(
        lambda: led.player_history(rng.choice(pools[rng.randrange(weekly, chats)])), samples
    )
    b = led.season_board(tg(0))
    h = led.player_history(regular)
    out["check"] = (
        f"weekly season: {b.nights} nights, {b.hands} hands, {len(b.lines)} players; "
        f"regular: {h.night_count} nights in {len(h.chats)} chats"
    )
    led.dispose()
    return out


def seasons_main(args: Any) -> None:
    workdir = Path(args.dir) if args.dir else Path(tempfile.mkdtemp(prefix="bench-seasons-"))
    workdir.mkdir(parents=True, exist_ok=True)
    print(f"engine: {'SQLite (WAL) in ' + str(workdir) if args.url is None else args.url}")
    sizes = [int(x) for x in args.sizes.split(",")]
    try:
        for n in sizes:
            r = seasons_run(n, args.url, workdir, args.samples)
            print(f"\n== {n:,} hands over {r['chats']:,} chats, {YEARS} years == {load_note()}")
            print(
                f"  bulk fill                {r['fill_s']:>8} s"
                + (f", file {r['file_mb']} MB" if "file_mb" in r else "")
            )
            print(f"  {r['check']}")
            for key, label in (
                ("season_weekly_ms", "/season (weekly group, this season)"),
                ("season_weekly_first_ms", "/season 1 (weekly group, first year)"),
                ("season_small_ms", "/season (a small chat)"),
                ("me_regular_private_ms", "/me private (5 groups, 5 years)"),
                ("me_regular_group_ms", "/me in one weekly group"),
                ("me_small_ms", "/me (a random small-chat player)"),
            ):
                med, p95, cpu = r[key]
                print(f"  {label:<38} median {med:6.2f} ms   p95 {p95:6.2f} ms   cpu {cpu:6.2f} ms")
    finally:
        if args.dir is None and not args.keep:
            shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    main()
