"""How fast ``scoring.settle`` is: µs per hand for every registered ruleset, and mixed.

    .venv/bin/python benchmarks/bench_scoring.py [--hands 10000] [--seed 1] [--repeat 5]

For each ruleset, ``--hands`` random records are built from its declarations alone
(:func:`scoring.testing.random_records`, plain ``random.Random``; records the ruleset's own
checks reject are regenerated, so nearly every timed hand settles). "mixed" settles all
rulesets' records shuffled together.

The headline figure is COLD: before every timed pass every memo in ``scoring`` is emptied
(:func:`scoring.testing.clear_caches`: each ``functools`` cache and the rulesets' resolved
option sets), so no record has been settled in that cache state before — each hand costs what
it costs the first time a process sees it. A pass settles every record once and gives a mean
per hand; the table shows, over ``--repeat`` passes, the median and best wall-clock mean
(``perf_counter``) and the median CPU mean (``process_time``: not inflated by other processes
on a shared machine). The WARM table re-settles the same records with the caches kept, for
comparison only: it is not the figure the target is about. Target (cold): ≤ 20 µs per hand.

The second pair of tables times the contract's JSON dicts (what ``mahjong-tally calc --jsonl``
does after decoding): parsing included.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import scoring
from scoring.testing import clear_caches, random_records

TARGET_US = 20.0

#: one timed pass: (wall µs per item, CPU µs per item)
Pass = tuple[float, float]


def time_passes(
    items: Sequence[Any], fn: Callable[[Any], object], repeat: int, *, cold: bool
) -> list[Pass]:
    """µs per item for each of ``repeat`` passes over ``items``.

    ``cold``: every scoring cache is emptied before each pass (outside the timing). Warm: one
    untimed pass first, then the timed passes re-settle the same items with the caches kept.
    """
    if not cold:
        for item in items:
            fn(item)
    out = []
    for _ in range(repeat):
        if cold:
            clear_caches()
        c0 = time.process_time()
        t0 = time.perf_counter()
        for item in items:
            fn(item)
        t1 = time.perf_counter()
        c1 = time.process_time()
        n = len(items)
        out.append(((t1 - t0) * 1e6 / n, (c1 - c0) * 1e6 / n))
    return out


def table(rows: list[tuple[str, int, list[Pass]]], title: str, *, judged: bool) -> None:
    print(title)
    head = f"{'ruleset':<12} {'hands':>7} {'median µs':>10} {'best µs':>8} {'cpu µs':>8}"
    print(head + (f"  target ≤ {TARGET_US:g}" if judged else ""))
    print("-" * 64)
    for name, n, passes in rows:
        wall = [w for w, _ in passes]
        cpu = statistics.median(c for _, c in passes)
        med = statistics.median(wall)
        mark = ("  ok" if med <= TARGET_US else "  SLOW") if judged else ""
        if name == "mixed":
            print("-" * 64)
        print(f"{name:<12} {n:>7} {med:>10.2f} {min(wall):>8.2f} {cpu:>8.2f}{mark}")
    print()


def run(
    per: dict[str, list[Any]], mixed: list[Any], repeat: int, *, cold: bool
) -> list[tuple[str, int, list[Pass]]]:
    rows = [(rid, len(items), time_passes(items, _settle, repeat, cold=cold))
            for rid, items in per.items()]  # fmt: skip
    rows.append(("mixed", len(mixed), time_passes(mixed, _settle, repeat, cold=cold)))
    return rows


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=10_000, help="records per ruleset")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=5, help="timed passes")
    parser.add_argument("--no-warm", action="store_true", help="skip the warm tables")
    parser.add_argument("--no-json", action="store_true", help="skip the JSON-dict tables")
    args = parser.parse_args(argv)

    rulesets = scoring.all_rulesets()
    if not rulesets:
        print("no ruleset registered in scoring/rulesets")
        return 1
    print(f"Python {sys.version.split()[0]}, {args.hands} hands per ruleset, "
          f"{args.repeat} passes\n")  # fmt: skip
    t0 = time.perf_counter()
    per: dict[str, list[scoring.HandRecord]] = {
        rs.id: random_records(rs, args.hands, seed=args.seed) for rs in rulesets
    }
    unsettled = {rid: sum(1 for r in recs if not _settles(r)) for rid, recs in per.items()}
    print(f"generated {sum(len(v) for v in per.values())} records in "
          f"{time.perf_counter() - t0:.1f} s")  # fmt: skip
    for rid, bad in unsettled.items():
        if bad:
            print(f"  note: {bad} {rid} records are rejected by the ruleset (timed all the same)")
    print()

    mixed = [r for recs in per.values() for r in recs]
    random.Random(args.seed).shuffle(mixed)

    table(run(per, mixed, args.repeat, cold=True),
          "COLD — scoring.settle(HandRecord), caches emptied before each pass", judged=True)  # fmt: skip
    if not args.no_warm:
        table(run(per, mixed, args.repeat, cold=False),
              "warm (for comparison only) — same records re-settled, caches kept",
              judged=False)  # fmt: skip
    if not args.no_json:
        per_json = {rid: [r.to_json() for r in recs] for rid, recs in per.items()}
        mixed_json = [r.to_json() for r in mixed]
        table(run(per_json, mixed_json, args.repeat, cold=True),
              "COLD — scoring.settle(JSON dict), parsing included", judged=True)  # fmt: skip
    return 0


def _settles(record: scoring.HandRecord) -> bool:
    try:
        scoring.settle(record)
    except scoring.RecordError:
        return False
    return True


def _settle(record: Any) -> object:
    try:
        return scoring.settle(record)
    except scoring.RecordError as err:
        return err


if __name__ == "__main__":
    sys.exit(main())
