"""Find the fans of a Guobiao hand from its tiles.

Every reading of the hand is tried — the 3+3+3+3+2 decompositions (with 九莲宝灯 on top), 七对 /
连七对, 十三幺, 全不靠 / 七星不靠 (with 组合龙), and 组合龙 + one set + a pair — and the reading with
the highest total is kept (principle 4 就高不就低). In each reading the raw fans are collected,
then the 不计 table (:mod:`scoring.gb.exclusions`) removes the implied ones (principle 1
不重复). Principles 2 不拆移 and 3 不得相同 / 5 套算一次 are structural: a reading assigns each tile
to exactly one set; combination fans between chows form a forest (each newly combined chow joins
once) with no two of one kind on one chow; a 3-set fan leaves the fourth set one combination.

Speed: tile counts (34 kinds), per-suit decompositions memoized by the suit's count vector,
set-structure fans memoized by the (chows, pungs, pair) key.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from scoring.gb.exclusions import EXTRA_ROWS, ROWS
from scoring.gb.fans import CHICKEN, EXTRA_BY_ID, FAN_BY_ID
from scoring.gb.hand import GbHand
from scoring.gb.tiles import (
    DRAGONS,
    GREEN,
    GREEN_TILES,
    REVERSIBLE,
    TERMINALS,
    TERMINALS_HONORS,
    WINDS,
    tile_str,
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


def wait_count(concealed13: list[int], own: list[int], seven_pairs_ok: bool, limit: int = 2) -> int:
    """How many kinds complete these concealed tiles (a 5th copy does not count), up to limit."""
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
        if own[t] >= 4:
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
    return found


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


def _forest_pairs(chows: tuple[int, ...]) -> dict[str, int]:
    """套算一次 + 不得相同: the most pair fans whose edges form a forest with no chow in two
    fans of one kind."""
    edges = []
    for i, j in combinations(range(len(chows)), 2):
        f = _pair_fan(chows[i], chows[j])
        if f is not None:
            edges.append((i, j, f))
    best: tuple[tuple[int, int, str], ...] = ()
    for k in range(min(len(edges), len(chows) - 1), 0, -1):
        for sub in combinations(edges, k):
            parent = list(range(len(chows)))

            def find(u: int, parent: list[int] = parent) -> int:
                while parent[u] != u:
                    u = parent[u]
                return u

            seen: set[tuple[int, str]] = set()
            good = True
            for i, j, f in sub:
                if (i, f) in seen or (j, f) in seen:
                    good = False
                    break
                seen.add((i, f))
                seen.add((j, f))
                ri, rj = find(i), find(j)
                if ri == rj:
                    good = False
                    break
                parent[ri] = rj
            if good:
                best = sub
                break
        if best:
            break
    out: dict[str, int] = {}
    for _, _, f in best:
        out[f] = out.get(f, 0) + 1
    return out


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
    return _forest_pairs(chows)


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

    def is_unique() -> bool:
        if not unique_wait:
            unique_wait.append(wait_count(hand13, own, n_melds == 0) == 1)
        return unique_wait[0]

    meld_chows = tuple(m.tile for m in gb.melds if m.kind == "chow")
    meld_pungs = tuple(m.tile for m in gb.melds if m.kind != "chow")
    meld_text = " ".join(m.notation() for m in gb.melds)

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
        wait = None
        if any((c % 9 == 0 and win == c + 2) or (c % 9 == 6 and win == c) for c in chows_c):
            wait = "edge_wait"
        elif any(win == c + 1 for c in chows_c):
            wait = "closed_wait"
        elif pair == win:
            wait = "single_wait"
        if wait is not None and is_unique():
            raw[wait] = 1
        if nine_gates:
            raw["nine_gates"] = 1
        parts = [meld_text] if meld_text else []
        parts += [tiles_str([c, c + 1, c + 2]) for c in chows_c]
        parts += [tiles_str([p] * 3) for p in pungs_c]
        parts.append(tiles_str([pair, pair]))
        readings.append(_Reading(raw, list(yj), "standard", " ".join(parts)))

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
                if win not in k:
                    if n_melds:
                        raw["single_wait"] = 1
                    else:
                        rem = list(rest)
                        rem[win] -= 1
                        if wait_count(rem, own, False) == 1:
                            if any((c % 9 == 0 and win == c + 2) or (c % 9 == 6 and win == c)
                                   for c in chows_c):  # fmt: skip
                                raw["edge_wait"] = 1
                            elif any(win == c + 1 for c in chows_c):
                                raw["closed_wait"] = 1
                            elif pair == win:
                                raw["single_wait"] = 1
                parts = [tiles_str(list(k))]
                if meld_text:
                    parts.append(meld_text)
                parts += [tiles_str([c, c + 1, c + 2]) for c in chows_c]
                parts += [tiles_str([p] * 3) for p in pungs_c]
                parts.append(tiles_str([pair, pair]))
                readings.append(_Reading(raw, kyj, "knitted_straight", " ".join(parts)))

    if not readings:
        return None
    best: GbResult | None = None
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
        if best is None or total > best.total:
            lines = tuple(
                FanLine(f, n, _unit(f, extra_set))
                for f, n in sorted(final.items(), key=lambda kv: _PRIORITY[kv[0]])
            )
            exc = tuple(sorted(excluded, key=lambda e: _PRIORITY[e.id]))
            best = GbResult(lines, exc, total, gb.flowers, r.form, r.text)
    return best


def _unit(f: str, extra_set: str) -> int:
    fan = FAN_BY_ID.get(f)
    return fan.points if fan is not None else EXTRA_BY_ID[f].points(extra_set) or 0


def _flat(c: list[int]) -> list[int]:
    return [t for t in range(34) for _ in range(c[t])]


def win_tile_name(gb: GbHand) -> str:
    return tile_str(gb.win_tile)
