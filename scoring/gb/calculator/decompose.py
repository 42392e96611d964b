"""The concealed tiles split into sets and a pair (per suit, memoized by the suit's counts),
whether a hand is complete, and the wait fans (边张 / 坎张 / 单钓将) by the hand before the win."""

from __future__ import annotations

SuitDecomp = tuple[tuple[int, ...], tuple[int, ...], int]  # chow starts, pungs, pair (-1: none)


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
