"""Median milliseconds per image, for each kind, at 4 players and 200 hands.

    .venv/bin/python benchmarks/bench_render.py [--repeat N]

Target: scoreboard ≤ 50 ms. Fonts are loaded (and glyph caches warmed) by one render before
timing, as in the running bot.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.render import render_hand_card, render_scoreboard, render_settlement
from bot.render.samples import (
    EN_NAMES,
    ZH_NAMES,
    guobiao_card_view,
    hand_card_view,
    sample_hands,
    scoreboard_view,
    settlement_view,
)


def bench(fn: Callable[[], bytes], repeat: int) -> tuple[float, float, int]:
    """Median wall-clock and CPU milliseconds (CPU time is steadier on a shared machine)."""
    data = fn()  # warm up
    wall, cpu = [], []
    for _ in range(repeat):
        t, c = time.perf_counter(), time.process_time()
        fn()
        wall.append((time.perf_counter() - t) * 1000)
        cpu.append((time.process_time() - c) * 1000)
    return statistics.median(wall), statistics.median(cpu), len(data)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=30)
    args = ap.parse_args()
    hands = sample_hands(4, 200)
    print(f"{'image (4 players, 200 hands)':<32}{'wall ms':>9}{'cpu ms':>9}{'bytes':>9}")
    for lang, names in (("en", EN_NAMES), ("zh", ZH_NAMES)):
        sb = scoreboard_view(names, hands, lang)
        st = settlement_view(names, hands, lang)
        hc = hand_card_view(names, hands, 200, lang)
        gb = guobiao_card_view(names, lang)
        kinds: dict[str, Callable[[], bytes]] = {
            "scoreboard": lambda v=sb, lg=lang: render_scoreboard(v, lg),
            "settlement": lambda v=st, lg=lang: render_settlement(v, lg),
            "hand card": lambda v=hc, lg=lang: render_hand_card(v, lg),
            "hand card (guobiao tiles)": lambda v=gb, lg=lang: render_hand_card(v, lg),
        }
        for kind, fn in kinds.items():
            ms, cpu, size = bench(fn, args.repeat)
            print(f"{kind + ' ' + lang:<32}{ms:>9.1f}{cpu:>9.1f}{size:>9}")


if __name__ == "__main__":
    main()
