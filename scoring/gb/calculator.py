"""Find the fans of a Guobiao hand from its tiles.

Every reading of the hand is tried — the 3+3+3+3+2 decompositions (with 九莲宝灯 on top), 七对 /
连七对, 十三幺, 全不靠 / 七星不靠 (with 组合龙), and 组合龙 + one set + a pair — and the reading with
the highest total is kept (principle 4 就高不就低). In each reading the raw fans are collected,
then the 不计 table (:mod:`scoring.gb.exclusions`) removes the implied ones (principle 1
不重复). Principles 2 不拆移 and 3 不得相同 / 5 套算一次 are structural: a reading assigns each tile
to exactly one set; of the pair links between n chows at most n − 1 count (repeated kinds cut
first); a 3-set fan leaves the fourth set one combination.

Where the seeds leave a choice, the calculator reads the hand as the reference calculator
(ChineseOfficialMahjongHelper, checked by ``tests/scoring/test_gb_reference.py`` on 20,000 random
hands): a wait fan (边张 / 坎张 / 单钓将) only when the hand before the win completes with one kind
of tile, by shape; the winning tile at an end of a chow is 边张 before 坎张 before 单钓将; the
套算一次 cut; between readings of equal total, the reference's choice.

Speed: tile counts (34 kinds), per-suit decompositions memoized by the suit's count vector,
set-structure fans memoized by the (chows, pungs, pair) key, waits by the concealed tiles.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from scoring.gb.exclusions import EXTRA_ROWS, ROWS
from scoring.gb.fans import CHICKEN, EXTRA_BY_ID, FAN_BY_ID
from scoring.gb.hand import GbHand, Meld
from scoring.gb.tiles import (
    DRAGONS,
    GREEN,
    GREEN_TILES,
    REVERSIBLE,
    TERMINALS,
    TERMINALS_HONORS,
    WINDS,
    tiles_str,
)

Y = "pung_of_terminals_or_honors"
SuitDecomp = tuple[tuple[int, ...], tuple[int, ...], int]  # chow starts, pungs, pair (-1: none)

# ----------------------------------------------------------------------------------------
# results


@dataclass(frozen=True, slots=True)
class FanLine:
    id: str
    count: int
    points: int  # per occurrence

    @property
    def total(self) -> int:
        return self.points * self.count


@dataclass(frozen=True, slots=True)
class Excluded:
    id: str
    count: int
    by: str  # the fan that implies it


@dataclass(frozen=True, slots=True)
class GbResult:
    fans: tuple[FanLine, ...]  # counted fans (flowers not included), highest first
    excluded: tuple[Excluded, ...]
    total: int  # the hand's fans, without flowers
    flowers: int
    form: str
    decomposition: str

    @property
    def grand_total(self) -> int:
        return self.total + self.flowers


# ----------------------------------------------------------------------------------------
# exclusion table, compiled per option set

_PRIORITY: dict[str, tuple[int, int]] = {f.id: (-f.points, f.number) for f in FAN_BY_ID.values()}
for _e in EXTRA_BY_ID.values():
    _PRIORITY[_e.id] = (-200, 0)


def _compile(
    engine_adds: bool, extended: bool
) -> tuple[dict[str, tuple[str, ...]], dict[str, str]]:
    implied: dict[str, tuple[str, ...]] = {}
    scope: dict[str, str] = {}
    for row in (*ROWS, *EXTRA_ROWS):
        out = list(row.official)
        if engine_adds:
            out += [f for f in row.engine if f not in out]
        if extended:
            out += [f for f in row.extended if f not in out]
        implied[row.fan] = tuple(out)
        if row.yaojiu and (engine_adds or row.fan == "four_winds_great_fortune"):
            scope[row.fan] = row.yaojiu
    return implied, scope


_TABLES = {(a, b): _compile(a, b) for a in (True, False) for b in (True, False)}


def apply_exclusions(
    raw: dict[str, int],
    yaojiu: list[int],
    *,
    seat: int,
    prevalent: int,
    engine_adds: bool = True,
    extended: bool = False,
) -> tuple[dict[str, int], list[Excluded]]:
    """Remove the implied fans (highest fan first; an excluded fan excludes nothing).

    ``yaojiu`` are the tiles of the terminal/honour pungs (幺九刻 is counted per pung).
    """
    implied, scope = _TABLES[(engine_adds, extended)]
    removed: dict[str, str] = {}
    left = list(yaojiu)
    y_removed: list[tuple[int, str]] = []
    for f in sorted(raw, key=_PRIORITY.__getitem__):
        if f in removed:
            continue
        for g in implied.get(f, ()):
            if g in raw and g not in removed:
                removed[g] = f
        sc = scope.get(f)
        if sc and left:
            if sc == "all":
                drop = list(left)
            elif sc == "winds":
                drop = [t for t in left if t in WINDS]
            elif sc == "dragons":
                drop = [t for t in left if t in DRAGONS]
            elif sc == "prevalent":
                drop = [t for t in left if t == prevalent]
            elif sc == "seat":
                drop = [t for t in left if t == seat]
            else:  # "one"
                drop = left[:1]
            for t in drop:
                left.remove(t)
                y_removed.append((t, f))
    final = {f: n for f, n in raw.items() if f not in removed}
    excluded = [Excluded(g, raw[g], by) for g, by in removed.items()]
    if left:
        final[Y] = len(left)
    by_fan: dict[str, int] = {}
    for _, by in y_removed:
        by_fan[by] = by_fan.get(by, 0) + 1
    excluded += [Excluded(Y, n, by) for by, n in by_fan.items()]
    return final, excluded


def _points(fans: dict[str, int], extra_set: str) -> int:
    total = 0
    for f, n in fans.items():
        fan = FAN_BY_ID.get(f)
        if fan is not None:
            total += fan.points * n
        else:
            total += (EXTRA_BY_ID[f].points(extra_set) or 0) * n
    return total


# ----------------------------------------------------------------------------------------
# decomposition


def _gen_suit(c: list[int], i: int, need_pair: bool, chows: list[int], pungs: list[int],
              pair: int, out: set[SuitDecomp]) -> None:  # fmt: skip
    while i < 9 and c[i] == 0:
        i += 1
    if i == 9:
        if not need_pair:
            out.add((tuple(chows), tuple(pungs), pair))
        return
    n = c[i]
    if n >= 3:
        c[i] -= 3
        pungs.append(i)
        _gen_suit(c, i, need_pair, chows, pungs, pair, out)
        pungs.pop()
        c[i] += 3
    if need_pair and n >= 2:
        c[i] -= 2
        _gen_suit(c, i, False, chows, pungs, i, out)
        c[i] += 2
    if i < 7 and c[i + 1] and c[i + 2]:
        c[i] -= 1
        c[i + 1] -= 1
        c[i + 2] -= 1
        chows.append(i)
        _gen_suit(c, i, need_pair, chows, pungs, pair, out)
        chows.pop()
        c[i] += 1
        c[i + 1] += 1
        c[i + 2] += 1


_SUIT_CACHE: dict[tuple[int, ...], tuple[SuitDecomp, ...]] = {}


def _suit_decomps(key: tuple[int, ...]) -> tuple[SuitDecomp, ...]:
    """All ways to split one suit's 9 counts into chows, pungs and (if n ≡ 2 mod 3) a pair."""
    hit = _SUIT_CACHE.get(key)
    if hit is not None:
        return hit
    n = sum(key)
    out: set[SuitDecomp] = set()
    if n % 3 != 1:
        _gen_suit(list(key), 0, n % 3 == 2, [], [], -1, out)
    res = tuple(sorted(out))
    _SUIT_CACHE[key] = res
    return res


def _honor_decomp(c: list[int] | tuple[int, ...]) -> SuitDecomp | None:
    pungs: list[int] = []
    pair = -1
    for r in range(27, 34):
        n = c[r]
        if n == 3:
            pungs.append(r)
        elif n == 2:
            if pair >= 0:
                return None
            pair = r
        elif n:
            return None
    return (), tuple(pungs), pair


Decomp = tuple[tuple[int, ...], tuple[int, ...], int]  # concealed chows, pungs, pair (tiles)
_DECOMP_CACHE: dict[tuple[int, ...], tuple[Decomp, ...]] = {}


def decompositions(counts: tuple[int, ...]) -> tuple[Decomp, ...]:
    """Every split of the concealed tiles into sets and exactly one pair (tile indices)."""
    hit = _DECOMP_CACHE.get(counts)
    if hit is not None:
        return hit
    result: list[Decomp] = []
    hon = _honor_decomp(counts)
    pairs = 0 if hon is None else int(hon[2] >= 0)
    parts: list[tuple[SuitDecomp, ...]] = []
    ok = hon is not None
    for s in range(3):
        if not ok:
            break
        key = counts[s * 9 : s * 9 + 9]
        n = sum(key)
        if n % 3 == 1:
            ok = False
            break
        pairs += n % 3 == 2
        ds = _suit_decomps(key) if n else (((), (), -1),)
        if not ds:
            ok = False
        parts.append(ds)
    if ok and pairs == 1 and hon is not None:
        for a in parts[0]:
            for b in parts[1]:
                for c in parts[2]:
                    chows = tuple(x for x in a[0]) + tuple(x + 9 for x in b[0])
                    chows += tuple(x + 18 for x in c[0])
                    pungs = a[1] + tuple(x + 9 for x in b[1]) + tuple(x + 18 for x in c[1])
                    pungs += hon[1]
                    pair = hon[2]
                    for off, d in ((0, a), (9, b), (18, c)):
                        if d[2] >= 0:
                            pair = d[2] + off
                    result.append((chows, pungs, pair))
    res = tuple(result)
    if len(_DECOMP_CACHE) > 200_000:
        _DECOMP_CACHE.clear()
    _DECOMP_CACHE[counts] = res
    return res


_OK_CACHE: dict[tuple[int, ...], bool] = {}


def _suit_ok(key: tuple[int, ...]) -> bool:
    hit = _OK_CACHE.get(key)
    if hit is None:
        hit = bool(_suit_decomps(key)) if sum(key) else True
        _OK_CACHE[key] = hit
    return hit


def is_standard_complete(c: list[int]) -> bool:
    """Sets and exactly one pair (the concealed part of a hand)."""
    pairs = 0
    for s in range(3):
        key = tuple(c[s * 9 : s * 9 + 9])
        n = sum(key)
        r = n % 3
        if r == 1:
            return False
        pairs += r == 2
        if n and not _suit_ok(key):
            return False
    hon = _honor_decomp(c)
    if hon is None:
        return False
    pairs += hon[2] >= 0
    return pairs == 1


def _is_seven_pairs(c: list[int] | tuple[int, ...]) -> bool:
    return all(n % 2 == 0 for n in c)


def wait_count(
    concealed13: list[int],
    seven_pairs_ok: bool,
    limit: int = 2,
    held: tuple[int, ...] | None = None,
) -> int:
    """How many kinds complete these concealed tiles (as sets + a pair, or 七对 when
    ``seven_pairs_ok``), counting at most ``limit``.

    A wait is a shape (seed 002 L281 "手中有12345和3，56789和6不算边张", L283 "手中有45567和6不算坎张"):
    a kind counts even when the player holds its four copies, as in the reference calculator
    (ChineseOfficialMahjongHelper ``is_unique_waiting``). The seeds are silent on that case: with
    ``held`` (the player's tiles before the win, melds included; option ``exhausted_waits``) a
    kind of which the player holds four is no wait."""
    key = (tuple(concealed13), seven_pairs_ok, limit, held)
    hit = _WAIT_CACHE.get(key)
    if hit is not None:
        return hit
    cand: set[int] = set()
    for t, n in enumerate(concealed13):
        if not n:
            continue
        if t >= 27:
            cand.add(t)
            continue
        base = t - t % 9
        for d in (-2, -1, 0, 1, 2):
            u = t + d
            if base <= u < base + 9:
                cand.add(u)
    found = 0
    for t in sorted(cand):
        if held is not None and held[t] >= 4:
            continue
        concealed13[t] += 1
        ok = is_standard_complete(concealed13) or (
            seven_pairs_ok and sum(concealed13) == 14 and _is_seven_pairs(concealed13)
        )
        concealed13[t] -= 1
        if ok:
            found += 1
            if found >= limit:
                break
    if len(_WAIT_CACHE) > 200_000:
        _WAIT_CACHE.clear()
    _WAIT_CACHE[key] = found
    return found


_WAIT_CACHE: dict[tuple[tuple[int, ...], bool, int, tuple[int, ...] | None], int] = {}


def _wait_fan(chows_c: tuple[int, ...], pair: int, win: int) -> str | None:
    """The wait fan the winning tile's place in the concealed sets gives (when the wait is
    unique): an end of a chow 边张 before the middle 坎张 before the pair 单钓将 (seed 002 L281
    "1233和3 … 都为边张", L283 "4556和5也为坎张": the reference's order)."""
    wait = None
    for c in chows_c:
        if win == c or win == c + 2:
            return "edge_wait"
        if win == c + 1:
            wait = "closed_wait"
    if wait is None and pair == win:
        wait = "single_wait"
    return wait


# ----------------------------------------------------------------------------------------
# set-structure fans (memoized)


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

KNITTED: tuple[tuple[int, ...], ...] = tuple(
    tuple(sorted(s * 9 + r for s, start in zip(perm, (0, 1, 2), strict=True)
                 for r in (start, start + 3, start + 6)))
    for perm in ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))
)  # fmt: skip
ORPHANS = tuple(sorted(TERMINALS_HONORS))


@dataclass(slots=True)
class _Reading:
    raw: dict[str, int]
    yaojiu: list[int]
    form: str
    text: str
    sets: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())  # concealed chows, pungs
    pair: int = -1  # the pair of a set reading; its text is then completed when it is chosen

    def reading_text(self) -> str:
        if self.pair < 0:
            return self.text
        chows, pungs = self.sets
        parts = [self.text] if self.text else []
        parts += [_CHOW_TEXT[c] for c in chows]
        parts += [_PUNG_TEXT[p] for p in pungs]
        parts.append(_PAIR_TEXT[self.pair])
        return " ".join(parts)


_CHOW_TEXT = tuple(tiles_str([c, c + 1, c + 2]) if c < 27 and c % 9 < 7 else "" for c in range(34))
_PUNG_TEXT = tuple(tiles_str([t] * 3) for t in range(34))
_PAIR_TEXT = tuple(tiles_str([t] * 2) for t in range(34))
_MELD_TEXT: dict[Meld, str] = {}


def _meld_text(m: Meld) -> str:
    hit = _MELD_TEXT.get(m)
    if hit is None:
        hit = _MELD_TEXT[m] = m.notation()
    return hit


def _ref_key(r: _Reading) -> tuple[int, tuple[tuple[int, int, int], ...]]:
    """Where the reference meets this reading: the special forms first, then the 4 sets + pair
    readings in its depth-first order (the concealed sets sorted, 刻 before 顺 on one tile)."""
    if r.form != "standard":
        return 0, ()
    chows, pungs = r.sets
    R = REF_RANK
    eig = [(R[c], R[c + 1], R[c + 2]) for c in chows] + [(R[p], R[p], R[p]) for p in pungs]
    return 1, tuple(sorted(eig))


def _add(raw: dict[str, int], more: dict[str, int]) -> None:
    for f, n in more.items():
        raw[f] = raw.get(f, 0) + n


def calculate(
    gb: GbHand,
    *,
    engine_adds: bool = True,
    extended: bool = False,
    seven_pairs_strict: bool = False,
    extra_set: str = "off",
    exhausted_waits: bool = False,
) -> GbResult | None:
    """The best reading of a (physically valid) hand, or None if the tiles are not a win."""
    conc = [0] * 34
    for t in gb.hand:
        conc[t] += 1
    conc[gb.win_tile] += 1
    own = list(conc)
    for m in gb.melds:
        for t in m.tiles:
            own[t] += 1
    kinds = [t for t in range(34) if own[t]]
    win = gb.win_tile
    self_drawn = gb.self_drawn
    n_melds = len(gb.melds)
    exposed = gb.exposed

    # context fans (the same for every reading)
    ctx: dict[str, int] = {}
    if self_drawn:
        ctx["self_drawn"] = 1
    if gb.last_wall_tile:
        ctx["last_tile_draw" if self_drawn else "last_tile_claim"] = 1
    if gb.kong_related:
        ctx["out_with_replacement_tile" if self_drawn else "robbing_the_kong"] = 1
    if gb.last_tile_of_kind:
        ctx["last_tile"] = 1
    if not exposed:
        ctx["fully_concealed_hand" if self_drawn else "concealed_hand"] = 1
    mk = sum(1 for m in gb.melds if m.kind == "kong" and not m.concealed)
    ck = sum(1 for m in gb.melds if m.kind == "kong" and m.concealed)
    if mk:
        ctx["melded_kong"] = mk
    if ck:
        ctx["concealed_kong"] = ck
    if mk >= 2:
        ctx["two_melded_kongs"] = 1
    if ck >= 2:
        ctx["two_concealed_kongs"] = 1
    if mk + ck >= 3:
        ctx["three_kongs"] = 1
    if mk + ck == 4:
        ctx["four_kongs"] = 1
    kong_tiles = {m.tile for m in gb.melds if m.kind == "kong"}
    hogs = sum(1 for t in kinds if own[t] == 4 and t not in kong_tiles)
    traits = tile_trait_fans(kinds)

    readings: list[_Reading] = []
    conc_t = tuple(conc)
    hand13 = list(conc)
    hand13[win] -= 1
    unique_wait: list[bool] = []  # lazily computed

    held: tuple[int, ...] | None = None
    if exhausted_waits:
        before = list(own)
        before[win] -= 1
        held = tuple(before)

    def is_unique() -> bool:
        if not unique_wait:
            unique_wait.append(wait_count(hand13, n_melds == 0, held=held) == 1)
        return unique_wait[0]

    meld_chows = tuple(m.tile for m in gb.melds if m.kind == "chow")
    meld_pungs = tuple(m.tile for m in gb.melds if m.kind != "chow")
    meld_text = " ".join([_meld_text(m) for m in gb.melds]) if gb.melds else ""

    # --- 3+3+3+3+2 ---------------------------------------------------------------------
    nine_gates = False
    if n_melds == 0 and win < 27:
        s = win // 9 * 9
        nine_gates = hand13[s : s + 9] == [3, 1, 1, 1, 1, 1, 1, 1, 3] and sum(hand13) == 13
    for chows_c, pungs_c, pair in decompositions(conc_t):
        chows = tuple(sorted(meld_chows + chows_c))
        pungs = tuple(sorted(meld_pungs + pungs_c))
        sraw, yj = structure_fans(chows, pungs, pair)
        raw = dict(sraw)
        _add(raw, ctx)
        _add(raw, traits)
        if hogs:
            raw["tile_hog"] = hogs
        # concealed pungs: concealed kongs + pungs of the concealed part; a discard completing
        # a pung makes it exposed unless the winning tile can sit in a concealed chow
        n_conc = ck + len(pungs_c)
        if not self_drawn and win in pungs_c and not any(c <= win <= c + 2 for c in chows_c):
            n_conc -= 1
        if n_conc >= 2:
            raw["two_concealed_pungs"] = 1
        if n_conc >= 3:
            raw["three_concealed_pungs"] = 1
        if n_conc == 4:
            raw["four_concealed_pungs"] = 1
        if gb.prevalent_wind in pungs:
            raw["prevalent_wind"] = 1
        if gb.seat_wind in pungs:
            raw["seat_wind"] = 1
        if n_melds == 4 and not ck and not self_drawn:
            raw["melded_hand"] = 1
        wait = _wait_fan(chows_c, pair, win)
        if wait is not None and is_unique():
            raw[wait] = 1
        if nine_gates:
            raw["nine_gates"] = 1
        readings.append(_Reading(raw, list(yj), "standard", meld_text, (chows_c, pungs_c), pair))

    # --- special forms (concealed) -----------------------------------------------------------
    if n_melds == 0:
        if _is_seven_pairs(conc):
            raw = {"seven_pairs": 1}
            pairs = [t for t in range(34) for _ in range(conc[t] // 2)]
            if (
                pairs[0] < 27
                and pairs[-1] // 9 == pairs[0] // 9
                and all(pairs[i + 1] == pairs[i] + 1 for i in range(6))
            ):
                raw["seven_shifted_pairs"] = 1
            tr = traits
            if seven_pairs_strict:
                tr = {f: n for f, n in traits.items() if f not in _STRICT_7P}
            _add(raw, tr)
            _add(raw, ctx)
            if hogs:
                raw["tile_hog"] = hogs
            text = " ".join(tiles_str([t, t]) for t in pairs)
            readings.append(_Reading(raw, [], "seven_pairs", text))
        if len(kinds) == 13 and tuple(kinds) == ORPHANS:
            raw = {"thirteen_orphans": 1, "all_types": 1}
            _add(raw, ctx)
            readings.append(_Reading(raw, [], "thirteen_orphans", tiles_str(_flat(conc))))
        if len(kinds) == 14 and max(conc) == 1:
            suited = {t for t in kinds if t < 27}
            if any(suited <= set(k) for k in KNITTED):
                raw = {"lesser_honors_and_knitted_tiles": 1}
                if len(kinds) - len(suited) == 7:
                    raw["greater_honors_and_knitted_tiles"] = 1
                if len(suited) == 9:
                    raw["knitted_straight"] = 1
                if "all_types" in traits:
                    raw["all_types"] = 1
                _add(raw, ctx)
                readings.append(_Reading(raw, [], "knitted", tiles_str(kinds)))

    # --- 组合龙 + a set + a pair ----------------------------------------------------------------
    if n_melds <= 1:
        for k in KNITTED:
            if any(conc[t] == 0 for t in k):
                continue
            rest = list(conc)
            for t in k:
                rest[t] -= 1
            for chows_c, pungs_c, pair in decompositions(tuple(rest)):
                chows = meld_chows + chows_c
                pungs = meld_pungs + pungs_c
                raw = {"knitted_straight": 1}
                _add(raw, traits)
                _add(raw, ctx)
                if hogs:
                    raw["tile_hog"] = hogs
                if chows and pair < 27:
                    raw["all_chows"] = 1
                kyj = [p for p in pungs if p in TERMINALS_HONORS]
                if any(p in DRAGONS for p in pungs):
                    raw["dragon_pung"] = 1
                if gb.prevalent_wind in pungs:
                    raw["prevalent_wind"] = 1
                if gb.seat_wind in pungs:
                    raw["seat_wind"] = 1
                # the wait of the set + pair beside the 组合龙 (the winning tile may also be read
                # as completing them when the 组合龙 holds another copy: 就高不就低, as the
                # reference's KNITTED_STRAIGHT_BODY_WITH_ECS)
                if n_melds:
                    if win not in k or conc[win] == 3:
                        raw["single_wait"] = 1
                elif rest[win]:
                    rem = list(rest)
                    rem[win] -= 1
                    if wait_count(rem, False, held=held) == 1:
                        wait = _wait_fan(chows_c, pair, win)
                        if wait is not None:
                            raw[wait] = 1
                text = f"{tiles_str(list(k))} {meld_text}" if meld_text else tiles_str(list(k))
                readings.append(
                    _Reading(raw, kyj, "knitted_straight", text, (chows_c, pungs_c), pair)
                )

    if not readings:
        return None
    scored: list[tuple[int, _Reading, dict[str, int], list[Excluded]]] = []
    top = -1
    for r in readings:
        if extra_set != "set_a":
            r.raw.pop("four_winds_great_fortune", None)
        final, excluded = apply_exclusions(
            r.raw,
            r.yaojiu,
            seat=gb.seat_wind,
            prevalent=gb.prevalent_wind,
            engine_adds=engine_adds,
            extended=extended,
        )
        if not final:
            final = {CHICKEN: 1}
        total = _points(final, extra_set)
        top = max(top, total)
        scored.append((total, r, final, excluded))
    # 就高不就低 (principle 4); between readings of the same total (the seeds are silent), the
    # reference's choice: its first reading, but a later 4 sets + pair reading with 一色三同顺 or
    # 三同刻 ("2022.3.7 优先选择一色三同顺 … 2023.9.2 优先选择三同刻"), or any when 七对 ties
    ties = [x for x in scored if x[0] == top]
    if len(ties) > 1:
        ties.sort(key=lambda x: _ref_key(x[1]))
        seven = any(x[1].form == "seven_pairs" for x in ties)
        pick = ties[0]
        for x in ties[1:]:
            if x[1].form == "standard" and (
                seven or "pure_triple_chow" in x[2] or "triple_pung" in x[2]
            ):
                pick = x
    else:
        pick = ties[0]
    total, r, final, excluded = pick
    lines = tuple(
        FanLine(f, n, _unit(f, extra_set))
        for f, n in sorted(final.items(), key=lambda kv: _PRIORITY[kv[0]])
    )
    exc = tuple(sorted(excluded, key=lambda e: _PRIORITY[e.id]))
    return GbResult(lines, exc, total, gb.flowers, r.form, r.reading_text())


def clear_caches() -> None:
    """Empty every memo table (for a cold benchmark pass)."""
    for cache in (_SUIT_CACHE, _DECOMP_CACHE, _OK_CACHE, _STRUCT_CACHE, _WAIT_CACHE, _MELD_TEXT):
        cache.clear()


def _unit(f: str, extra_set: str) -> int:
    fan = FAN_BY_ID.get(f)
    return fan.points if fan is not None else EXTRA_BY_ID[f].points(extra_set) or 0


def _flat(c: list[int]) -> list[int]:
    return [t for t in range(34) for _ in range(c[t])]
