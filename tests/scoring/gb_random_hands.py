"""A deterministic generator of random legal Guobiao winning hands (contract tiles objects).

Every form (4 sets + a pair with 0–4 melds, kongs exposed and concealed, 七对 / 连七对, 十三幺,
全不靠 / 七星不靠, 组合龙 + a set + a pair with 0–1 meld, 一色 / 三色双龙会, 九莲宝灯), tile themes
that make the rarer fans appear, chows and pungs biased towards the combination fans, and every
context flag within what is physically possible (the project's ``check_hand`` rules). Used by
``test_gb_reference.py`` (against the reference calculator) and ``test_gb_checklist_conflicts.py``.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from scoring.gb.calculator import KNITTED, ORPHANS
from scoring.gb.hand import GbHand, parse_hand
from scoring.gb.tiles import parse_tiles, tiles_str

SEED = 20261201
WINDS = "ESWN"


CHOW_STARTS = [s * 9 + r for s in range(3) for r in range(7)]


def _theme(rng: random.Random) -> Any:
    """A predicate on tiles that makes the rarer whole-hand fans appear."""
    s = rng.randrange(3)
    s2 = (s + rng.randrange(1, 3)) % 3
    themes = [
        (50, lambda t: True),
        (8, lambda t: t // 9 == s),  # 清一色
        (8, lambda t: t // 9 == s or t >= 27),  # 混一色
        (6, lambda t: t // 9 in (s, s2) or t >= 27),  # 缺一门
        (3, lambda t: t >= 27 or t % 9 in (0, 8)),  # 混幺九 / 清幺九 / 字一色
        (4, lambda t: t < 27 and t % 9 not in (0, 8)),  # 断幺
        (2, lambda t: t < 27 and 3 <= t % 9 <= 5),  # 全中 / 全带五
        (2, lambda t: t < 27 and t % 9 >= 5),  # 大于五 / 全大
        (2, lambda t: t < 27 and t % 9 <= 3),  # 小于五 / 全小
        (2, lambda t: t < 27 and t % 9 % 2 == 1),  # 全双刻
        (2, lambda t: t in (19, 20, 21, 23, 25, 32)),  # 绿一色
        (2, lambda t: t in (9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, 31)),  # 推不倒
        (3, lambda t: (t < 27 and t % 9 in (0, 1, 2, 6, 7, 8)) or t >= 27),  # 全带幺
        (3, lambda t: t >= 27 or t // 9 == s or t % 9 in (3, 4, 5)),
    ]
    total = sum(w for w, _ in themes)
    x = rng.randrange(total)
    for w, pred in themes:
        if x < w:
            return pred
        x -= w
    raise AssertionError


def _related_chow(rng: random.Random, prev: list[int]) -> int:
    c = rng.choice(prev)
    s, r = divmod(c, 9)
    k = rng.randrange(7)
    if k == 0:
        return c  # 一般高 / 同顺
    if k == 1:
        return (s + rng.randrange(1, 3)) % 3 * 9 + r  # 喜相逢 / 三同顺
    if k == 2:
        return s * 9 + min(6, max(0, r + rng.choice((-3, 3))))  # 连六 / 清龙
    if k == 3:
        return s * 9 + (6 if r == 0 else 0)  # 老少副
    if k == 4:
        return s * 9 + min(6, max(0, r + rng.choice((-2, -1, 1, 2))))  # 步高
    if k == 5:
        return (s + rng.randrange(1, 3)) % 3 * 9 + min(6, max(0, r + rng.choice((-3, 3, 1, -1))))
    return rng.choice(CHOW_STARTS)


def _related_pung(rng: random.Random, prev: list[int]) -> int:
    p = rng.choice(prev)
    if p >= 27:
        return rng.randrange(27, 34)
    s, r = divmod(p, 9)
    k = rng.randrange(4)
    if k == 0:
        return (s + rng.randrange(1, 3)) % 3 * 9 + r  # 同刻
    if k == 1:
        return s * 9 + min(8, max(0, r + rng.choice((-1, 1))))  # 节高
    if k == 2:
        return (s + rng.randrange(1, 3)) % 3 * 9 + min(8, max(0, r + rng.choice((-1, 1))))
    return rng.randrange(34)


def _sets(rng: random.Random, n: int, ok: Any, count: list[int]) -> list[tuple[str, int]] | None:
    p_chow = rng.choice((0.0, 0.3, 0.55, 0.55, 0.8, 1.0))
    p_kong = rng.choice((0.0, 0.1, 0.1, 0.3))
    sets: list[tuple[str, int]] = []
    for _ in range(200):
        if len(sets) == n:
            return sets
        chows = [t for k, t in sets if k == "chow"]
        pungs = [t for k, t in sets if k != "chow"]
        if rng.random() < p_chow:
            t = (
                _related_chow(rng, chows)
                if chows and rng.random() < 0.6
                else rng.choice(CHOW_STARTS)
            )
            tiles = [t, t + 1, t + 2]
            if all(ok(x) and count[x] < 4 for x in tiles):
                for x in tiles:
                    count[x] += 1
                sets.append(("chow", t))
        else:
            t = _related_pung(rng, pungs) if pungs and rng.random() < 0.6 else rng.randrange(34)
            size = 4 if rng.random() < p_kong else 3
            if ok(t) and count[t] + size <= 4:
                count[t] += size
                sets.append(("kong" if size == 4 else "pung", t))
    return None


def _pair(rng: random.Random, ok: Any, count: list[int]) -> int | None:
    cands = [t for t in range(34) if ok(t) and count[t] <= 2]
    if not cands:
        return None
    t = rng.choice(cands)
    count[t] += 2
    return t


def _set_tiles(kind: str, t: int) -> list[int]:
    return [t, t + 1, t + 2] if kind == "chow" else [t] * (4 if kind == "kong" else 3)


def _melds_and_hand(
    rng: random.Random, sets: list[tuple[str, int]], concealed: list[int], p_exposed: float
) -> tuple[list[dict[str, Any]], list[int]]:
    melds: list[dict[str, Any]] = []
    for kind, t in sets:
        tiles = _set_tiles(kind, t)
        if kind == "kong":
            melds.append(
                {"kind": "kong", "tiles": tiles_str(tiles), "concealed": rng.random() > p_exposed}
            )
        elif rng.random() < p_exposed:
            melds.append({"kind": kind, "tiles": tiles_str(tiles)})
        else:
            concealed += tiles
    return melds, concealed


def _standard(rng: random.Random) -> tuple[list[dict[str, Any]], list[int]] | None:
    ok = _theme(rng)
    count = [0] * 34
    sets = _sets(rng, 4, ok, count)
    if sets is None:
        return None
    pair = _pair(rng, ok, count)
    if pair is None:
        return None
    p_exposed = rng.choice((0.0, 0.0, 0.25, 0.5, 0.75, 1.0))
    return _melds_and_hand(rng, sets, [pair, pair], p_exposed)


def _seven_pairs(rng: random.Random) -> tuple[list[dict[str, Any]], list[int]] | None:
    if rng.random() < 0.15:  # 连七对
        s, start = rng.randrange(3), rng.randrange(3)
        return [], [s * 9 + start + i for i in range(7) for _ in range(2)]
    ok = _theme(rng)
    cands = [t for t in range(34) if ok(t)]
    if len(cands) < 7:
        return None
    kinds = rng.sample(cands, 7)
    if rng.random() < 0.1:  # four of a kind as two pairs
        kinds[1] = kinds[0]
    return [], [t for t in kinds for _ in range(2)]


def _knitted_tiles(rng: random.Random) -> tuple[list[dict[str, Any]], list[int]]:
    k = rng.choice(KNITTED)
    n_hon = rng.choice((5, 6, 7, 7))
    return [], rng.sample(list(k), 14 - n_hon) + rng.sample(range(27, 34), n_hon)


def _knitted_straight(rng: random.Random) -> tuple[list[dict[str, Any]], list[int]] | None:
    count = [0] * 34
    tiles = list(rng.choice(KNITTED))
    for t in tiles:
        count[t] += 1
    ok = _theme(rng) if rng.random() < 0.3 else (lambda t: True)
    sets = _sets(rng, 1, ok, count)
    pair = _pair(rng, lambda t: True, count)
    if sets is None or pair is None:
        return None
    return _melds_and_hand(rng, sets, [*tiles, pair, pair], rng.choice((0.0, 0.5)))


def _terminal_chows(rng: random.Random) -> tuple[list[dict[str, Any]], list[int]]:
    """一色双龙会 / 三色双龙会 (123 + 789 twice, 55 in the same or the third suit)."""
    a, b = rng.sample(range(3), 2)
    if rng.random() < 0.5:
        b = a
    c = a if a == b else 3 - a - b
    sets = [("chow", a * 9), ("chow", a * 9 + 6), ("chow", b * 9), ("chow", b * 9 + 6)]
    return _melds_and_hand(rng, sets, [c * 9 + 4] * 2, rng.choice((0.0, 0.5)))


def _nine_gates(rng: random.Random) -> tuple[list[dict[str, Any]], list[int]]:
    s = rng.randrange(3) * 9
    return [], [s, s, s, *range(s + 1, s + 8), s + 8, s + 8, s + 8, s + rng.randrange(9)]


def random_hand(rng: random.Random) -> dict[str, Any] | None:
    """One random tiles object (the contract's ``wins[].tiles``), or None when a draw failed."""
    x = rng.random()
    if x < 0.72:
        got = _standard(rng)
    elif x < 0.82:
        got = _seven_pairs(rng)
    elif x < 0.85:
        got = [], [*ORPHANS, rng.choice(ORPHANS)]
    elif x < 0.90:
        got = _knitted_tiles(rng)
    elif x < 0.97:
        got = _knitted_straight(rng)
    elif x < 0.98:
        got = _terminal_chows(rng)
    else:
        got = _nine_gates(rng)
    if got is None:
        return None
    melds, concealed = got
    if max(Counter(concealed).values()) > 4:
        return None
    win = rng.choice(concealed)
    concealed.remove(win)
    in_hand = concealed.count(win)
    meld_tiles = [t for m in melds for t in _meld_tiles(m)]
    in_melds = meld_tiles.count(win)
    self_drawn = rng.random() < 0.4
    last_wall = rng.random() < 0.1
    kong_related = False
    if self_drawn:
        kong_related = any(m["kind"] == "kong" for m in melds) and rng.random() < 0.3
    elif not in_hand and not in_melds and not last_wall:
        kong_related = rng.random() < 0.2
    last_of_kind = in_melds == 3 or (not in_hand and rng.random() < 0.25)
    return {
        "melds": melds,
        "hand": tiles_str(concealed),
        "win_tile": tiles_str([win]),
        "self_drawn": self_drawn,
        "last_tile_of_kind": last_of_kind,
        "last_wall_tile": last_wall,
        "kong_related": kong_related,
        "seat_wind": rng.choice(WINDS),
        "prevalent_wind": rng.choice(WINDS),
        "flowers": rng.choice((0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8)),
    }


def _meld_tiles(m: dict[str, Any]) -> list[int]:
    return parse_tiles(m["tiles"])


def hands(n: int, seed: int = SEED) -> list[GbHand]:
    """``n`` valid winning hands (by our calculator; the reference must agree they are wins)."""
    rng = random.Random(seed)
    out: list[GbHand] = []
    while len(out) < n:
        obj = random_hand(rng)
        if obj is None:
            continue
        gb = parse_hand(obj)  # every generated object is physically valid (raises otherwise)
        out.append(gb)
    return out
