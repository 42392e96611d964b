"""What Traditional Chinese costs: the table's first load and µs per converted step.

    .venv/bin/python benchmarks/bench_hant.py [--hands 300] [--repeat 5]

* ``load``: in a fresh interpreter (``scoring`` already imported), importing
  :mod:`scoring.hant` and converting one text (the table module is imported and parsed on
  first use); median of ``--repeat`` runs, wall clock.
* ``step``: every explanation step of ``--hands`` random hands per registered ruleset
  (:func:`scoring.testing.random_records`) converted by :func:`scoring.hant.to_hant` with its
  memo emptied first (cold), and 5000 of them again with the memo kept (warm: a step shown
  twice); µs per step, median of ``--repeat`` passes, CPU time.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

from scoring import registry
from scoring.engine import settle
from scoring.errors import RecordError
from scoring.hant import to_hant
from scoring.testing import random_records

LOAD = (
    "import time, scoring; t = time.perf_counter(); from scoring.hant import to_hant; "
    "to_hant('庄家 2^(庄1+大七2+德国1)=16'); print(time.perf_counter() - t)"
)
ROOT = Path(__file__).resolve().parents[1]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--hands", type=int, default=300)
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    loads = [
        float(subprocess.run([sys.executable, "-c", LOAD], capture_output=True, text=True,
                             check=True, cwd=ROOT).stdout)
        for _ in range(args.repeat)
    ]  # fmt: skip
    print(f"load (first conversion in a fresh process): {statistics.median(loads) * 1000:.1f} ms")
    steps: list[str] = []
    for rs in registry.all_rulesets():
        for rec in random_records(rs, args.hands, seed=1):
            try:
                steps += [s.zh for s in settle(rec).explanation]
            except RecordError:
                continue
    chars = sum(len(s) for s in steps)
    warm = steps[:5000]  # fits the memo (8192 texts)
    for label, cold, texts in (("cold", True, steps), ("warm", False, warm)):
        times = []
        for _ in range(args.repeat):
            if cold:
                to_hant.cache_clear()
            t = time.process_time()
            for s in texts:
                to_hant(s)
            times.append((time.process_time() - t) / len(texts) * 1e6)
        print(
            f"step ({label}): {statistics.median(times):.2f} µs per step ({len(texts)} steps"
            + (f", {chars / len(steps):.0f} characters each on average)" if cold else ")")
        )


if __name__ == "__main__":
    main()
