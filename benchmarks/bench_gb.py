"""Guobiao fan calculator speed: median microseconds per hand over ≥3,000 varied winning hands.

Hands of every shape (sets + pair with and without melds and kongs, 七对, 连七对, 十三幺, 全不靠 /
七星不靠, 组合龙 + set, 九莲宝灯), random context flags; each timed alone as
``calculate(parse_hand(tiles_object))`` — what ``gb-fans`` does per line. The first pass starts
with empty caches ("cold"); the following passes reuse the memo tables ("warm").
When PyMahjongGB (the test extra) is installed, the reference C++ calculator of
ChineseOfficialMahjongHelper is timed on the same hands and the ratio printed.

Run: ``.venv/bin/python benchmarks/bench_gb.py [N]``
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from typing import Any

from scoring.errors import RecordError
from scoring.gb.calculator import KNITTED, ORPHANS, calculate, clear_caches
from scoring.gb.hand import parse_hand
from scoring.gb.tiles import tiles_str

WINDS = "ESWN"


def _standard(rng: random.Random) -> dict[str, Any] | None:
    count = [0] * 34
    sets: list[tuple[str, int]] = []
    while len(sets) < 4:
        r = rng.random()
        if r < 0.55:
            t = rng.choice([s * 9 + k for s in range(3) for k in range(7)])
            if all(count[t + i] < 4 for i in range(3)):
                for i in range(3):
                    count[t + i] += 1
                sets.append(("chow", t))
        else:
            t = rng.randrange(34)
            size = 4 if r > 0.93 else 3
            if count[t] + size <= 4:
                count[t] += size
                sets.append(("kong" if size == 4 else "pung", t))
    pair = rng.randrange(34)
    if count[pair] + 2 > 4:
        return None
    count[pair] += 2
    melds: list[dict[str, Any]] = []
    concealed: list[int] = [pair, pair]
    n_exposed = rng.choice((0, 0, 1, 1, 2, 3, 4))
    for i, (kind, t) in enumerate(sets):
        tiles = [t, t + 1, t + 2] if kind == "chow" else [t] * (4 if kind == "kong" else 3)
        if kind == "kong":
            melds.append({"kind": "kong", "tiles": tiles_str(tiles), "concealed": i >= n_exposed})
        elif i < n_exposed:
            melds.append({"kind": kind, "tiles": tiles_str(tiles)})
        else:
            concealed += tiles
    return _finish(rng, melds, concealed)


def _finish(
    rng: random.Random, melds: list[dict[str, Any]], concealed: list[int]
) -> dict[str, Any]:
    win = rng.choice(concealed)
    concealed.remove(win)
    self_drawn = rng.random() < 0.4
    has_kong = any(m["kind"] == "kong" for m in melds)
    return {
        "melds": melds,
        "hand": tiles_str(concealed),
        "win_tile": tiles_str([win]),
        "self_drawn": self_drawn,
        "last_tile_of_kind": rng.random() < 0.05 and win not in concealed,
        "last_wall_tile": rng.random() < 0.05,
        "kong_related": self_drawn and has_kong and rng.random() < 0.2,
        "seat_wind": rng.choice(WINDS),
        "prevalent_wind": rng.choice(WINDS),
        "flowers": rng.randrange(9),
    }


def _special(rng: random.Random) -> dict[str, Any]:
    kind = rng.randrange(6)
    if kind == 0:  # 七对 (sometimes 连七对)
        if rng.random() < 0.2:
            s, start = rng.randrange(3), rng.randrange(3)
            tiles = [s * 9 + start + i for i in range(7) for _ in range(2)]
        else:
            kinds = rng.sample(range(34), 7)
            tiles = [t for t in kinds for _ in range(2)]
        return _finish(rng, [], tiles)
    if kind == 1:  # 十三幺
        return _finish(rng, [], [*ORPHANS, rng.choice(ORPHANS)])
    if kind == 2:  # 全不靠 / 七星不靠
        k = rng.choice(KNITTED)
        n_hon = rng.randint(5, 7)
        tiles = rng.sample(list(k), 14 - n_hon) + rng.sample(range(27, 34), n_hon)
        return _finish(rng, [], tiles)
    if kind == 3:  # 组合龙 + a set + a pair
        k = list(rng.choice(KNITTED))
        t = rng.choice([s * 9 + r for s in range(3) for r in range(7)])
        rest = [t, t + 1, t + 2] if rng.random() < 0.5 else [rng.randrange(34)] * 3
        pair = rng.randrange(34)
        tiles = k + rest + [pair, pair]
        if max(tiles.count(x) for x in tiles) > 4:
            return _special(rng)
        return _finish(rng, [], tiles)
    if kind == 4:  # 九莲宝灯
        s = rng.randrange(3) * 9
        base = [s] * 3 + [s + i for i in range(1, 8)] + [s + 8] * 3
        hand = _finish(rng, [], [*base, s + rng.randrange(9)])
        hand["hand"] = tiles_str(base)
        hand["win_tile"] = tiles_str([s + rng.randrange(9)])
        hand["last_tile_of_kind"] = False
        return hand
    return _standard(rng) or _special(rng)


def hands(n: int, seed: int = 2024) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    out: list[dict[str, Any]] = []
    while len(out) < n:
        h = _special(rng) if rng.random() < 0.25 else _standard(rng)
        if h is None:
            continue
        try:
            gb = parse_hand(h)
        except RecordError:
            continue
        if calculate(gb) is not None:
            out.append(h)
    return out


def _ref_tile(t: int) -> str:
    """Our tile index as the reference's code (W 万, B 筒 dots, T 条 bamboo, F winds, J1 中 J2 发
    J3 白)."""
    if t < 27:
        return "WBT"[t // 9] + str(t % 9 + 1)
    return f"F{t - 26}" if t < 31 else ("J3", "J2", "J1")[t - 31]


def reference_args(h: dict[str, Any]) -> dict[str, Any]:
    """The keyword arguments of PyMahjongGB's ``MahjongFanCalculator`` for one tiles object."""
    gb = parse_hand(h)
    packs = []
    for m in gb.melds:
        if m.kind == "chow":
            packs.append(("CHI", _ref_tile(m.tile + 1), 1))
        else:
            offer = 0 if m.concealed else 1
            packs.append(("PENG" if m.kind == "pung" else "GANG", _ref_tile(m.tile), offer))
    return {
        "pack": tuple(packs),
        "hand": tuple(_ref_tile(t) for t in gb.hand),
        "winTile": _ref_tile(gb.win_tile),
        "flowerCount": gb.flowers,
        "isSelfDrawn": gb.self_drawn,
        "is4thTile": gb.last_tile_of_kind,
        "isAboutKong": gb.kong_related,
        "isWallLast": gb.last_wall_tile,
        "seatWind": gb.seat_wind - 27,
        "prevalentWind": gb.prevalent_wind - 27,
    }


def time_reference(data: list[dict[str, Any]]) -> float | None:
    """Median µs per hand of the reference C++ calculator (PyMahjongGB, if installed) on the
    same hands, its arguments built beforehand (the call: binding + C++)."""
    try:
        from MahjongGB import MahjongFanCalculator
    except ImportError:
        return None
    args = [reference_args(h) for h in data]
    times = []
    for _ in range(4):
        for kw in args:
            t0 = time.perf_counter_ns()
            MahjongFanCalculator(**kw)
            times.append((time.perf_counter_ns() - t0) / 1000)
    return statistics.median(times)


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 3000
    data = hands(n)
    # reset the memo tables so the first pass is cold
    clear_caches()
    passes: list[list[float]] = []
    for _ in range(4):
        times = []
        for h in data:
            t0 = time.perf_counter_ns()
            calculate(parse_hand(h))
            times.append((time.perf_counter_ns() - t0) / 1000)
        passes.append(times)
    cold = statistics.median(passes[0])
    warm = statistics.median([t for p in passes[1:] for t in p])
    forms: dict[str, int] = {}
    for h in data:
        res = calculate(parse_hand(h))
        assert res is not None
        forms[res.form] = forms.get(res.form, 0) + 1
    print(f"hands: {len(data)}  forms: {dict(sorted(forms.items()))}")
    print(f"median µs per hand (parse + calculate): cold {cold:.1f}, warm {warm:.1f}")
    print(f"p90 cold: {sorted(passes[0])[int(0.9 * len(data))]:.1f} µs")
    ref = time_reference(data)
    if ref is None:
        print("PyMahjongGB is not installed (pip install -e .[test]): no reference timing")
    else:
        print(f"reference C++ calculator (PyMahjongGB) on the same hands: {ref:.1f} µs per hand")
        print(f"ratio to the reference: cold {cold / ref:.1f}×, warm {warm / ref:.1f}×")


if __name__ == "__main__":
    main()
