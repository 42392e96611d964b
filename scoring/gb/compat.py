"""Which Guobiao fans can be counted together in one hand (for the checklist, ``wins[].fans``).

Issue 12 point 2: "清一色 and 混一色 together were confirmed (24 + 6 paid)". Two fans can stand
together when their definitions (seed 002 L139–288, spec §3) can hold in one winning hand. Each
fan is described by what its definition needs of the hand — its form (4 sets + a pair, 组合龙 +
a set + a pair, 七对, 十三幺, 全不靠), how many suits and whether honours, winds and dragons
appear, which ranks are allowed or needed, whether a terminal or an honour must appear, how many
chows and pungs (of suited tiles, winds, dragons) it takes, what the pair can be, concealed or
not, self-drawn or not — and a list of fans is contradictory when no hand can meet all those
needs at once (e.g. 清一色 "由一种花色的序数牌组成" has no honours, 混一色 needs some; 三风刻 takes 3
wind pungs and 双箭刻 2 dragon pungs: 5 sets). Only what a definition makes certain is used, so a
list a real hand produces is never refused (tested against the calculator on random hands).

Fans implied by another (the 不计 table, :mod:`scoring.gb.exclusions`) are a different matter:
the contract lets the engine remove them ("the ruleset applies its exclusions").
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

STD, KS, SP, TO, HK = (
    "std",
    "ks",
    "7p",
    "13",
    "hk",
)  # 4 sets+pair, 组合龙+set+pair, 七对, 十三幺, 全不靠
ALL_FORMS = frozenset({STD, KS, SP, TO, HK})
SET_FORMS = frozenset({STD, KS})
ANY = frozenset({True, False})
ALL_RANKS = frozenset(range(1, 10))


@dataclass(frozen=True, slots=True)
class Need:
    forms: frozenset[str] = ALL_FORMS
    suits: frozenset[int] = frozenset({0, 1, 2, 3})  # how many of the 3 suits appear
    honors: frozenset[bool] = ANY
    winds: frozenset[bool] = ANY
    dragons: frozenset[bool] = ANY
    ranks: frozenset[int] = ALL_RANKS  # suited ranks allowed
    needs_ranks: frozenset[int] = frozenset()
    yaojiu: frozenset[bool] = ANY  # a terminal or an honour appears
    concealed: frozenset[bool] = ANY  # no chow, pung or exposed kong
    self_drawn: frozenset[bool] = ANY
    pair: frozenset[str] = frozenset({"suited", "wind", "dragon"})  # in a set form
    chows: int = 0  # at least
    pungs: int = 0  # pungs and kongs, at least
    suited_pungs: int = 0
    wind_pungs: int = 0
    dragon_pungs: int = 0
    max_chows: int = 4
    max_pungs: int = 4
    max_dragon_pungs: int = 3
    group: str | None = None  # at most one fan of a group (one 3-chow fan, …)
    notes: tuple[str, ...] = field(default=())


def _n(**kw: object) -> Need:
    return Need(**kw)  # type: ignore[arg-type]


F = frozenset
NO_HONORS = {"honors": F({False}), "winds": F({False}), "dragons": F({False})}
HONORS = {"honors": F({True})}
CONC = F({True})
EXPO = F({False})

#: chows / pungs a fan takes; each kind of combination of 3 or 4 sets at most once
NEEDS: dict[str, Need] = {
    # 88
    "big_four_winds": _n(forms=F({STD}), wind_pungs=4, max_chows=0, **HONORS, winds=F({True})),
    "big_three_dragons": _n(forms=F({STD}), dragon_pungs=3, **HONORS, dragons=F({True})),
    "all_green": _n(suits=F({1}), winds=F({False}), ranks=F({2, 3, 4, 6, 8}), max_dragon_pungs=1,
                    yaojiu=F({False, True})),
    "nine_gates": _n(forms=F({STD}), suits=F({1}), **NO_HONORS, concealed=CONC,
                     needs_ranks=F({1, 2, 3, 4, 5, 6, 7, 8, 9}), yaojiu=F({True})),
    "four_kongs": _n(forms=F({STD}), pungs=4, max_chows=0),
    "seven_shifted_pairs": _n(forms=F({SP}), suits=F({1}), **NO_HONORS, concealed=CONC),
    "thirteen_orphans": _n(forms=F({TO}), suits=F({3}), **HONORS, winds=F({True}),
                           dragons=F({True}), ranks=F({1, 9}), yaojiu=F({True}), concealed=CONC),
    # 64
    "all_terminals": _n(forms=F({STD, SP}), **NO_HONORS, ranks=F({1, 9}), yaojiu=F({True}),
                        max_chows=0),
    "little_four_winds": _n(forms=F({STD}), wind_pungs=3, pair=F({"wind"}), **HONORS,
                            winds=F({True})),
    "little_three_dragons": _n(forms=F({STD}), dragon_pungs=2, pair=F({"dragon"}), **HONORS,
                               dragons=F({True})),
    "all_honors": _n(forms=F({STD, SP}), suits=F({0}), **HONORS, max_chows=0, yaojiu=F({True})),
    "four_concealed_pungs": _n(forms=F({STD}), pungs=4, max_chows=0, concealed=CONC),
    "pure_terminal_chows": _n(forms=F({STD}), chows=4, suits=F({1}), **NO_HONORS,
                              needs_ranks=F({1, 5, 9}), pair=F({"suited"}), group="chow4"),
    # 48
    "quadruple_chow": _n(forms=F({STD}), chows=4, group="chow4"),
    "four_pure_shifted_pungs": _n(forms=F({STD}), suited_pungs=4, group="pung4"),
    # 32
    "four_pure_shifted_chows": _n(forms=F({STD}), chows=4, group="chow4"),
    "three_kongs": _n(forms=F({STD}), pungs=3),
    "all_terminals_and_honors": _n(forms=F({STD, SP}), **HONORS, ranks=F({1, 9}),
                                   suits=F({1, 2, 3}), yaojiu=F({True}), max_chows=0),
    # 24
    "seven_pairs": _n(forms=F({SP}), concealed=CONC),
    "greater_honors_and_knitted_tiles": _n(forms=F({HK}), suits=F({3}), **HONORS,
                                           winds=F({True}), dragons=F({True}), concealed=CONC),
    "all_even_pungs": _n(forms=F({STD}), **NO_HONORS, ranks=F({2, 4, 6, 8}), max_chows=0,
                         pungs=4, pair=F({"suited"}), yaojiu=F({False})),
    "full_flush": _n(suits=F({1}), **NO_HONORS),
    "pure_triple_chow": _n(forms=F({STD}), chows=3, group="chow3"),
    "pure_shifted_pungs": _n(forms=F({STD}), suited_pungs=3, group="pung3"),
    "upper_tiles": _n(**NO_HONORS, ranks=F({7, 8, 9}), forms=F({STD, SP})),
    "middle_tiles": _n(**NO_HONORS, ranks=F({4, 5, 6}), forms=F({STD, SP}), yaojiu=F({False})),
    "lower_tiles": _n(**NO_HONORS, ranks=F({1, 2, 3}), forms=F({STD, SP})),
    # 16
    "pure_straight": _n(forms=F({STD}), chows=3, needs_ranks=ALL_RANKS, group="chow3",
                        yaojiu=F({True})),
    "three_suited_terminal_chows": _n(forms=F({STD}), chows=4, suits=F({3}), **NO_HONORS,
                                      needs_ranks=F({1, 5, 9}), pair=F({"suited"}),
                                      group="chow4", yaojiu=F({True})),
    "pure_shifted_chows": _n(forms=F({STD}), chows=3, group="chow3"),
    "all_fives": _n(forms=F({STD}), **NO_HONORS, ranks=F({3, 4, 5, 6, 7}), needs_ranks=F({5}),
                    pair=F({"suited"}), yaojiu=F({False})),
    "triple_pung": _n(forms=F({STD}), suited_pungs=3, suits=F({3}), group="pung3"),
    "three_concealed_pungs": _n(forms=F({STD}), pungs=3),
    # 12
    "lesser_honors_and_knitted_tiles": _n(forms=F({HK}), suits=F({3}), **HONORS, concealed=CONC,
                                          yaojiu=F({True})),
    "knitted_straight": _n(forms=F({KS, HK}), suits=F({3}), needs_ranks=ALL_RANKS,
                           yaojiu=F({True})),
    "upper_four": _n(**NO_HONORS, ranks=F({6, 7, 8, 9}), forms=F({STD, SP})),
    "lower_four": _n(**NO_HONORS, ranks=F({1, 2, 3, 4}), forms=F({STD, SP})),
    "big_three_winds": _n(forms=F({STD}), wind_pungs=3, **HONORS, winds=F({True}),
                          group="honor3"),
    # 8
    "mixed_straight": _n(forms=F({STD}), chows=3, suits=F({3}), needs_ranks=ALL_RANKS,
                         group="chow3", yaojiu=F({True})),
    "reversible_tiles": _n(suits=F({1, 2}), winds=F({False}), ranks=F({1, 2, 3, 4, 5, 6, 8, 9}),
                           max_dragon_pungs=1),
    "mixed_triple_chow": _n(forms=F({STD}), chows=3, suits=F({3}), group="chow3"),
    "mixed_shifted_pungs": _n(forms=F({STD}), suited_pungs=3, suits=F({3}), group="pung3"),
    "chicken_hand": _n(),  # alone (checked apart)
    "last_tile_draw": _n(self_drawn=F({True})),
    "last_tile_claim": _n(self_drawn=F({False})),
    "out_with_replacement_tile": _n(self_drawn=F({True}), pungs=1, forms=SET_FORMS),
    "robbing_the_kong": _n(self_drawn=F({False})),
    # 6
    "all_pungs": _n(forms=F({STD}), pungs=4, max_chows=0),
    "half_flush": _n(suits=F({1}), **HONORS),
    "mixed_shifted_chows": _n(forms=F({STD}), chows=3, suits=F({3}), group="chow3"),
    "all_types": _n(suits=F({3}), **HONORS, winds=F({True}), dragons=F({True})),
    "melded_hand": _n(forms=F({STD}), concealed=EXPO, self_drawn=F({False})),
    "two_concealed_kongs": _n(forms=F({STD}), pungs=2),
    "two_dragon_pungs": _n(forms=F({STD}), dragon_pungs=2, **HONORS, dragons=F({True})),
    # 4
    "outside_hand": _n(forms=F({STD}), yaojiu=F({True})),
    "fully_concealed_hand": _n(concealed=CONC, self_drawn=F({True})),
    "two_melded_kongs": _n(forms=F({STD}), pungs=2, concealed=EXPO),
    "last_tile": _n(),
    # 2
    "dragon_pung": _n(forms=SET_FORMS, dragon_pungs=1, **HONORS, dragons=F({True})),
    "prevalent_wind": _n(forms=SET_FORMS, wind_pungs=1, **HONORS, winds=F({True})),
    "seat_wind": _n(forms=SET_FORMS, wind_pungs=1, **HONORS, winds=F({True})),
    "concealed_hand": _n(concealed=CONC, self_drawn=F({False})),
    "all_chows": _n(forms=SET_FORMS, max_pungs=0, chows=1, **NO_HONORS, pair=F({"suited"})),
    "tile_hog": _n(forms=F({STD, KS, SP})),
    "double_pung": _n(forms=F({STD}), suited_pungs=2, suits=F({2, 3})),
    "two_concealed_pungs": _n(forms=F({STD}), pungs=2),
    "concealed_kong": _n(forms=SET_FORMS, pungs=1),
    "all_simples": _n(**NO_HONORS, ranks=F(range(2, 9)), yaojiu=F({False})),
    # 1
    "pure_double_chow": _n(forms=F({STD}), chows=2),
    "mixed_double_chow": _n(forms=F({STD}), chows=2, suits=F({2, 3})),
    "short_straight": _n(forms=F({STD}), chows=2),
    "two_terminal_chows": _n(forms=F({STD}), chows=2, needs_ranks=F({1, 9}), yaojiu=F({True})),
    "pung_of_terminals_or_honors": _n(forms=SET_FORMS, pungs=1, yaojiu=F({True})),
    "melded_kong": _n(forms=SET_FORMS, pungs=1, concealed=EXPO),
    "one_voided_suit": _n(suits=F({2})),
    "no_honors": _n(**NO_HONORS),
    "edge_wait": _n(forms=SET_FORMS, chows=1),
    "closed_wait": _n(forms=SET_FORMS, chows=1),
    "single_wait": _n(forms=SET_FORMS),
    "self_drawn": _n(self_drawn=F({True})),
    "flower_tiles": _n(),
}  # fmt: skip

#: chow / pung links counted per occurrence (套算一次: n chows give at most n − 1 links)
CHOW_LINKS = ("pure_double_chow", "mixed_double_chow", "short_straight", "two_terminal_chows")


# --- compiled to bit masks (the checklist asks this for every fan of a screen) -------------
_FORM_BIT = {STD: 1, KS: 2, SP: 4, TO: 8, HK: 16}
_PAIR_BIT = {"suited": 1, "wind": 2, "dragon": 4}
_SET_FORMS = 1 | 2
_NO, _YES = 1, 2  # bits of a bool dimension: False allowed, True allowed
_TERM = 1 | 1 << 8  # ranks 1 and 9


def _bools(x: frozenset[bool]) -> int:
    return (_NO if False in x else 0) | (_YES if True in x else 0)


def _bits(xs: Iterable[int], shift: int = 0) -> int:
    out = 0
    for x in xs:
        out |= 1 << (x - shift)
    return out


def _compile(n: Need) -> tuple[int, ...]:
    return (
        _bits(_FORM_BIT[f].bit_length() - 1 for f in n.forms),
        _bits(n.suits),
        _bools(n.honors),
        _bools(n.winds),
        _bools(n.dragons),
        _bits(n.ranks, 1),
        _bits(n.needs_ranks, 1),
        _bools(n.yaojiu),
        _bools(n.concealed),
        _bools(n.self_drawn),
        _bits(_PAIR_BIT[p].bit_length() - 1 for p in n.pair),
        n.chows, n.pungs, n.suited_pungs, n.wind_pungs, n.dragon_pungs,
        n.max_chows, n.max_pungs, n.max_dragon_pungs,
    )  # fmt: skip


_COMPILED: dict[str, tuple[int, ...]] = {f: _compile(n) for f, n in NEEDS.items()}
_GROUP: dict[str, str] = {f: n.group for f, n in NEEDS.items() if n.group is not None}


def why_not(fans: Iterable[tuple[str, int]], self_drawn: bool | None = None) -> str | None:
    """None when one winning hand can have all these fans (id, count); else a short reason."""
    forms, suits, honors, winds, dragons, ranks, needs_ranks = 31, 15, 3, 3, 3, 511, 0
    yaojiu, conc, self_ = 3, 3, 3
    if self_drawn is not None:
        self_ = _YES if self_drawn else _NO
    pair = 7
    chows = pungs = suited = wind = dragon = links = kongs = yaojiu_pungs = 0
    max_chows = max_pungs = 4
    max_dragon = 3
    groups: dict[str, str] = {}
    for f, n in fans:
        c = _COMPILED.get(f)
        if c is None:
            continue
        g = _GROUP.get(f)
        if g is not None:
            if g in groups and groups[g] != f:
                return f"{groups[g]} and {f} are each a combination of those sets"
            groups[g] = f
        forms &= c[0]
        suits &= c[1]
        honors &= c[2]
        winds &= c[3]
        dragons &= c[4]
        ranks &= c[5]
        needs_ranks |= c[6]
        yaojiu &= c[7]
        conc &= c[8]
        self_ &= c[9]
        pair &= c[10]
        chows = max(chows, c[11])
        pungs = max(pungs, c[12])
        suited = max(suited, c[13] * (2 if f == "double_pung" and n > 1 else 1))
        wind = max(wind, c[14])
        dragon = max(dragon, c[15] * (n if f == "dragon_pung" else 1))
        max_chows = min(max_chows, c[16])
        max_pungs = min(max_pungs, c[17])
        max_dragon = min(max_dragon, c[18])
        if f in CHOW_LINKS:
            links += n
        elif f == "melded_kong" or f == "concealed_kong":
            kongs += n
        elif f == "pung_of_terminals_or_honors":
            yaojiu_pungs = n
    if not self_:
        return "one needs a self-drawn win, the other a win on a discard"
    if not conc:
        return "one needs a concealed hand, the other an exposed set"
    if not honors or not winds or not dragons:
        return "one needs honours that the other excludes"
    if not suits:
        return "they need different numbers of suits"
    if not yaojiu:
        return "one needs a terminal or an honour, the other has none"
    # honours: a hand with no honour has no wind and no dragon, and some suited tiles
    if honors == _NO:
        winds &= _NO
        dragons &= _NO
        suits &= ~1
    if winds == _NO and dragons == _NO:
        honors &= _NO
        suits &= ~1
        if not honors:
            return "one needs honours that the other excludes"
    if not suits:
        return "they need different numbers of suits"
    if suits == 1 and needs_ranks:
        return "one has no suited tile, the other needs some"
    if not ranks and not suits & 1:
        return "their ranges of numbers do not meet"
    if needs_ranks & ~ranks:
        return "one needs numbers the other excludes"
    if yaojiu == _YES and honors == _NO and not ranks & _TERM:
        return "one needs a terminal or an honour, the other has none"
    if yaojiu == _NO and (honors == _YES or needs_ranks & _TERM):
        return "one needs a terminal or an honour, the other has none"
    if (wind and winds == _NO) or (dragon and dragons == _NO):
        return "one needs honour pungs the other excludes"
    if dragon > max_dragon:
        return "there are not enough dragon tiles"
    if "chow4" in groups and "chow3" in groups:
        return "a 4-chow fan already combines every chow"
    if "pung4" in groups and "pung3" in groups:
        return "a 4-pung fan already combines every pung"
    chows = max(chows, links + 1 if links else 0, 4 if "chow3" in groups and links else 0)
    if "chow4" in groups and links:
        chows = 5  # a 4-chow fan already combines all four chows (the links are implied)
    pungs = max(pungs, suited + wind + dragon, kongs, yaojiu_pungs)
    if not pair:
        forms &= ~_SET_FORMS
    if chows or pungs:
        forms &= _SET_FORMS
    std = bool(forms & 1) and chows <= max_chows and pungs <= max_pungs and chows + pungs <= 4
    ks = (
        bool(forms & 2)
        and chows <= min(1, max_chows)
        and pungs <= min(1, max_pungs)
        and chows + pungs <= 1
        and bool(suits & 8)
    )
    if std or ks or forms & (4 | 8 | 16):
        return None
    return "no hand has room for the sets they need" if forms else "their hand forms differ"
