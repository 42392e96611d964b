"""Fans of a reading's set structure (the chows' and pungs' combinations, memoized by the
(chows, pungs, pair) key, with the 套算一次 cut) and of the kinds of tiles it holds, and the
reference calculator's tile order."""

from __future__ import annotations

from itertools import combinations

from scoring.gb.calculator.exclude import _points
from scoring.gb.tiles import (
    DRAGONS,
    GREEN,
    GREEN_TILES,
    REVERSIBLE,
    TERMINALS,
    TERMINALS_HONORS,
    WINDS,
)


def _pair_fan(a: int, b: int) -> str | None:
    """The combination fan of two chows (lowest tiles ``a``, ``b``)."""
    if a // 9 == b // 9:
        if a == b:
            return "pure_double_chow"
        if abs(a - b) == 3:
            return "short_straight"
        if {a % 9, b % 9} == {0, 6}:
            return "two_terminal_chows"
        return None
    if a % 9 == b % 9:
        return "mixed_double_chow"
    return None


def _three_chow_fan(a: int, b: int, c: int) -> str | None:
    x, y, z = sorted((a, b, c))
    sx, sy, sz = x // 9, y // 9, z // 9
    if sx == sy == sz:
        if x == y == z:
            return "pure_triple_chow"
        if y - x == 3 and z - y == 3 and x % 9 == 0:
            return "pure_straight"
        if (y - x == 1 and z - y == 1) or (y - x == 2 and z - y == 2):
            return "pure_shifted_chows"
        return None
    if len({sx, sy, sz}) == 3:
        r = sorted((x % 9, y % 9, z % 9))
        if r[0] == r[1] == r[2]:
            return "mixed_triple_chow"
        if r == [0, 3, 6]:
            return "mixed_straight"
        if r[1] - r[0] == 1 and r[2] - r[1] == 1:
            return "mixed_shifted_chows"
    return None


#: the order of the tiles in the reference calculator (万, 条, 筒, 东南西北, 中发白): its readings,
#: chows and sets are enumerated in this order, which decides between readings of equal total
REF_ORDER: tuple[int, ...] = (
    *range(0, 9),
    *range(18, 27),
    *range(9, 18),
    27,
    28,
    29,
    30,
    33,
    32,
    31,
)
REF_RANK: tuple[int, ...] = tuple(REF_ORDER.index(t) for t in range(34))
_PAIR_KINDS = ("pure_double_chow", "mixed_double_chow", "short_straight", "two_terminal_chows")


def _pair_fans(chows: tuple[int, ...]) -> dict[str, int]:
    """套算一次 + 不得相同 for chows with no 3-chow fan (spec §2.2 principles 3 and 5; not in the
    seeds): of the pair links, at most n − 1 count (n − 1 − the chows linked to none), cutting
    repeated kinds first, from 老少副 back to 一般高 — the reference's ``exclusionary_rule``
    ("234s223344567p，只能计为：一般高、喜相逢、连六")."""
    n = len(chows)
    links = {(i, j): _pair_fan(chows[i], chows[j]) for i, j in combinations(range(n), 2)}
    table = dict.fromkeys(_PAIR_KINDS, 0)
    for f in links.values():
        if f is not None:
            table[f] += 1
    cnt = sum(table.values())
    if n == 3:
        cap = 2
    else:
        linked = {k for (i, j), f in links.items() if f is not None for k in (i, j)}
        cap = len(linked) - 1
    limit = 1
    while cnt > cap and limit >= 0:
        for f in reversed(_PAIR_KINDS):
            while table[f] > limit and cnt > cap:
                table[f] -= 1
                cnt -= 1
            if cnt <= cap:
                break
        limit -= 1
    return {f: k for f, k in table.items() if k}


def _chow_fans(chows: tuple[int, ...], pair: int) -> dict[str, int]:
    n = len(chows)
    if n < 2:
        return {}
    if n == 4:
        if pair < 27 and pair % 9 == 4:
            ps = pair // 9
            starts = sorted(chows)
            if all(c // 9 == ps for c in starts) and [c % 9 for c in starts] == [0, 0, 6, 6]:
                return {"pure_terminal_chows": 1}
            other = sorted(c for c in starts)
            suits = {c // 9 for c in other}
            if ps not in suits and len(suits) == 2 and sorted(c % 9 for c in other) == [0, 0, 6, 6]:
                if all(sorted(c % 9 for c in other if c // 9 == s) == [0, 6] for s in suits):
                    return {"three_suited_terminal_chows": 1}
        a, b, c, d = sorted(chows)
        if a // 9 == d // 9:
            if a == b == c == d:
                return {"quadruple_chow": 1}
            if (b - a == c - b == d - c) and b - a in (1, 2):
                return {"four_pure_shifted_chows": 1}
    if n >= 3:
        # the first trio (in the reference's tile order) with the highest 3-chow fan, and the
        # fourth chow's one link (一般高, 喜相逢, 连六, 老少副 in this order of preference)
        chows = tuple(sorted(chows, key=REF_RANK.__getitem__))
        best: dict[str, int] = {}
        best_pts = 0
        for trio in combinations(range(n), 3):
            f3 = _three_chow_fan(*(chows[i] for i in trio))
            if f3 is None:
                continue
            got = {f3: 1}
            rest = [i for i in range(n) if i not in trio]
            if rest:
                extra = [_pair_fan(chows[rest[0]], chows[i]) for i in trio]
                for pick in ("pure_double_chow", "mixed_double_chow", "short_straight",
                             "two_terminal_chows"):  # fmt: skip
                    if pick in extra:
                        got[pick] = 1
                        break
            pts = _points(got, "off")
            if pts > best_pts:
                best, best_pts = got, pts
        if best:
            return best
    return _pair_fans(chows)


def _pung_combo_fans(pungs: tuple[int, ...]) -> dict[str, int]:
    """Fans of the suited pungs among themselves."""
    n = len(pungs)
    if n < 2:
        return {}
    if n == 4:
        a, b, c, d = pungs
        if a // 9 == d // 9 and b == a + 1 and c == a + 2 and d == a + 3:
            return {"four_pure_shifted_pungs": 1}
    best: dict[str, int] = {}
    best_pts = 0
    if n >= 3:
        for trio in combinations(range(n), 3):
            x, y, z = (pungs[i] for i in trio)
            f3 = None
            if x // 9 == z // 9 and y == x + 1 and z == x + 2:
                f3 = "pure_shifted_pungs"
            elif len({x // 9, y // 9, z // 9}) == 3:
                r = sorted((x % 9, y % 9, z % 9))
                if r[0] == r[2]:
                    f3 = "triple_pung"
                elif r[1] == r[0] + 1 and r[2] == r[1] + 1:
                    f3 = "mixed_shifted_pungs"
            if f3 is None:
                continue
            got = {f3: 1}
            rest = [i for i in range(n) if i not in trio]
            if rest and any(pungs[rest[0]] % 9 == pungs[i] % 9 for i in trio):
                got["double_pung"] = 1
            pts = _points(got, "off")
            if pts > best_pts:
                best, best_pts = got, pts
    if best:
        return best
    k = sum(1 for i, j in combinations(range(n), 2) if pungs[i] % 9 == pungs[j] % 9)
    return {"double_pung": k} if k else {}


_STRUCT_CACHE: dict[tuple[tuple[int, ...], tuple[int, ...], int], tuple[dict[str, int], tuple[int, ...]]] = {}  # fmt: skip


def structure_fans(
    chows: tuple[int, ...], pungs: tuple[int, ...], pair: int
) -> tuple[dict[str, int], tuple[int, ...]]:
    """Raw fans that depend only on the sets (sorted chow starts, sorted pung tiles, pair);
    and the terminal/honour pung tiles (for 幺九刻)."""
    key = (chows, pungs, pair)
    hit = _STRUCT_CACHE.get(key)
    if hit is not None:
        return hit
    raw: dict[str, int] = dict(_chow_fans(chows, pair))
    suited = tuple(p for p in pungs if p < 27)
    for f, n in _pung_combo_fans(suited).items():
        raw[f] = raw.get(f, 0) + n
    winds = [p for p in pungs if p in WINDS]
    dragons = [p for p in pungs if p in DRAGONS]
    if len(winds) == 4:
        raw["big_four_winds"] = 1
        raw["big_three_winds"] = 1
        if pair == GREEN:
            raw["four_winds_great_fortune"] = 1
    elif len(winds) == 3:
        raw["big_three_winds"] = 1
        if pair in WINDS:
            raw["little_four_winds"] = 1
    if len(dragons) >= 2:
        raw["two_dragon_pungs"] = 1
        if len(dragons) == 3:
            raw["big_three_dragons"] = 1
        elif pair in DRAGONS:
            raw["little_three_dragons"] = 1
    if dragons:
        raw["dragon_pung"] = len(dragons)
    if len(pungs) == 4:
        raw["all_pungs"] = 1
    if len(chows) == 4 and pair < 27:
        raw["all_chows"] = 1
    if (
        all(c % 9 in (0, 6) for c in chows)
        and all(p in TERMINALS_HONORS for p in pungs)
        and (pair in TERMINALS_HONORS)
    ):
        raw["outside_hand"] = 1
    if (
        pair < 27
        and pair % 9 == 4
        and all(c % 9 in (2, 3, 4) for c in chows)
        and all(p < 27 and p % 9 == 4 for p in pungs)
    ):
        raw["all_fives"] = 1
    if (
        not chows
        and pair < 27
        and pair % 9 % 2 == 1
        and all(p < 27 and p % 9 % 2 == 1 for p in pungs)
    ):
        raw["all_even_pungs"] = 1
    yaojiu = tuple(p for p in pungs if p in TERMINALS_HONORS)
    res = (raw, yaojiu)
    _STRUCT_CACHE[key] = res
    return res


# ----------------------------------------------------------------------------------------
# whole-hand fans


def tile_trait_fans(kinds: list[int]) -> dict[str, int]:
    """Fans that depend only on which kinds of tiles the hand holds."""
    raw: dict[str, int] = {}
    suits = {t // 9 for t in kinds if t < 27}
    honors = [t for t in kinds if t >= 27]
    if not honors:
        raw["no_honors"] = 1
    if len(suits) == 2:
        raw["one_voided_suit"] = 1  # spec G13: exactly one suit missing
    if len(suits) == 1:
        raw["half_flush" if honors else "full_flush"] = 1
    if len(suits) == 3 and any(t in WINDS for t in honors) and any(t in DRAGONS for t in honors):
        raw["all_types"] = 1
    if all(t not in TERMINALS_HONORS for t in kinds):
        raw["all_simples"] = 1
    if all(t in REVERSIBLE for t in kinds):
        raw["reversible_tiles"] = 1
    if all(t in GREEN_TILES for t in kinds):
        raw["all_green"] = 1
    if len(honors) == len(kinds):
        raw["all_honors"] = 1
    elif all(t in TERMINALS for t in kinds):
        raw["all_terminals"] = 1
    elif honors and all(t in TERMINALS_HONORS for t in kinds):
        raw["all_terminals_and_honors"] = 1
    if not honors:
        ranks = {t % 9 + 1 for t in kinds}
        if ranks <= {7, 8, 9}:
            raw["upper_tiles"] = 1
        if ranks <= {4, 5, 6}:
            raw["middle_tiles"] = 1
        if ranks <= {1, 2, 3}:
            raw["lower_tiles"] = 1
        if ranks <= {6, 7, 8, 9}:
            raw["upper_four"] = 1
        if ranks <= {1, 2, 3, 4}:
            raw["lower_four"] = 1
    return raw


_STRICT_7P = frozenset({
    "all_green", "all_honors", "all_terminals", "all_terminals_and_honors", "upper_tiles",
    "middle_tiles", "lower_tiles", "upper_four", "lower_four",
})  # fmt: skip
