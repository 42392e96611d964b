"""Every reading of a hand and the one kept (:func:`calculate`): the 4 sets + pair readings,
七对 / 连七对, 十三幺, 全不靠 / 七星不靠, 组合龙 + a set + a pair; the highest total, ties as the
reference calculator reads them."""

from __future__ import annotations

from dataclasses import dataclass

from scoring.gb.calculator.decompose import (
    _DECOMP_CACHE,
    _OK_CACHE,
    _SUIT_CACHE,
    _WAIT_CACHE,
    _is_seven_pairs,
    _wait_fan,
    decompositions,
    wait_count,
)
from scoring.gb.calculator.exclude import _PRIORITY, _points, _unit, apply_exclusions
from scoring.gb.calculator.results import Excluded, FanLine, GbResult
from scoring.gb.calculator.structure import (
    _STRICT_7P,
    _STRUCT_CACHE,
    REF_RANK,
    structure_fans,
    tile_trait_fans,
)
from scoring.gb.fans import CHICKEN
from scoring.gb.hand import GbHand, Meld
from scoring.gb.tiles import (
    DRAGONS,
    TERMINALS_HONORS,
    tiles_str,
)

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


def _flat(c: list[int]) -> list[int]:
    return [t for t in range(34) for _ in range(c[t])]
