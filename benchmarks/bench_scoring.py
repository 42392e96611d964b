"""How fast ``scoring.settle`` is: µs per hand for every registered ruleset, and mixed.

    .venv/bin/python benchmarks/bench_scoring.py [--hands 10000] [--seed 1] [--repeat 5]

For each ruleset, ``--hands`` random records are built from its declarations alone
(:func:`scoring.testing.random_records`, plain ``random.Random``; records the ruleset's own
checks reject are regenerated, so nearly every timed hand settles). The first table times
``settle`` on :class:`~scoring.HandRecord` objects, the way the bot and the ledger call it;
the second on the contract's JSON dicts (what ``mahjong-tally calc --jsonl`` does after
decoding, parsing included). Each pass settles every record once and gives a mean per hand;
the tables show the median of ``--repeat`` passes (and the best). "mixed" settles all
rulesets' records shuffled together. Target: ≤ 20 µs per hand.
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
from scoring.testing import random_records

TARGET_US = 20.0


def time_passes(items: Sequence[Any], fn: Callable[[Any], object], repeat: int) -> list[float]:
    """Mean µs per item for each of ``repeat`` passes over ``items``."""
    fn(items[0])  # warm up
    out = []
    for _ in range(repeat):
        start = time.perf_counter()
        for item in items:
            fn(item)
        out.append((time.perf_counter() - start) * 1e6 / len(items))
    return out


def table(rows: list[tuple[str, int, list[float]]], title: str) -> None:
    print(title)
    print(f"{'ruleset':<12} {'hands':>7} {'median µs':>10} {'best µs':>8}  target ≤ {TARGET_US:g}")
    print("-" * 56)
    for name, n, passes in rows:
        med = statistics.median(passes)
        mark = "ok" if med <= TARGET_US else "SLOW"
        if name == "mixed":
            print("-" * 56)
        print(f"{name:<12} {n:>7} {med:>10.2f} {min(passes):>8.2f}  {mark}")
    print()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=10_000, help="records per ruleset")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=5, help="timed passes")
    args = parser.parse_args(argv)

    rulesets = scoring.all_rulesets()
    if not rulesets:
        print("no ruleset registered in scoring/rulesets")
        return 1
    print(f"Python {sys.version.split()[0]}, {args.hands} hands per ruleset, "
          f"median of {args.repeat} passes\n")  # fmt: skip
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

    rows = [(rid, len(recs), time_passes(recs, _settle, args.repeat)) for rid, recs in per.items()]
    rows.append(("mixed", len(mixed), time_passes(mixed, _settle, args.repeat)))
    table(rows, "scoring.settle(HandRecord)")

    json_rows = []
    for rid, recs in per.items():
        dicts = [r.to_json() for r in recs]
        json_rows.append((rid, len(dicts), time_passes(dicts, _settle, args.repeat)))
    mixed_json = [r.to_json() for r in mixed]
    json_rows.append(("mixed", len(mixed_json), time_passes(mixed_json, _settle, args.repeat)))
    table(json_rows, "scoring.settle(JSON dict) — parsing included")
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
