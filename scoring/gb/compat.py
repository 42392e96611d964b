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


@dataclass(slots=True)
class _Acc:
    forms: set[str]
    suits: set[int]
    honors: set[bool]
    winds: set[bool]
    dragons: set[bool]
    ranks: set[int]
    needs_ranks: set[int]
    yaojiu: set[bool]
    concealed: set[bool]
    self_drawn: set[bool]
    pair: set[str]
    chows: int = 0
    pungs: int = 0
    suited: int = 0
    wind: int = 0
    dragon: int = 0
    max_chows: int = 4
    max_pungs: int = 4
    max_dragon: int = 3
    links: int = 0
    kongs: int = 0
    yaojiu_pungs: int = 0


def why_not(fans: Iterable[tuple[str, int]], self_drawn: bool | None = None) -> str | None:
    """None when one winning hand can have all these fans (id, count); else a short reason."""
    acc = _Acc(set(ALL_FORMS), {0, 1, 2, 3}, set(ANY), set(ANY), set(ANY), set(ALL_RANKS),
               set(), set(ANY), set(ANY), set(ANY), {"suited", "wind", "dragon"})  # fmt: skip
    if self_drawn is not None:
        acc.self_drawn = {self_drawn}
    groups: dict[str, str] = {}
    for f, n in fans:
        need = NEEDS.get(f)
        if need is None:
            continue
        if need.group is not None:
            if need.group in groups and groups[need.group] != f:
                return f"{groups[need.group]} and {f} are each a combination of those sets"
            groups[need.group] = f
        acc.forms &= need.forms
        acc.suits &= need.suits
        acc.honors &= need.honors
        acc.winds &= need.winds
        acc.dragons &= need.dragons
        acc.ranks &= need.ranks
        acc.needs_ranks |= need.needs_ranks
        acc.yaojiu &= need.yaojiu
        acc.concealed &= need.concealed
        acc.self_drawn &= need.self_drawn
        acc.pair &= need.pair
        acc.chows = max(acc.chows, need.chows)
        acc.pungs = max(acc.pungs, need.pungs)
        acc.suited = max(acc.suited, need.suited_pungs * (2 if f == "double_pung" and n > 1 else 1))
        acc.wind = max(acc.wind, need.wind_pungs)
        acc.dragon = max(acc.dragon, need.dragon_pungs * (n if f == "dragon_pung" else 1))
        acc.max_chows = min(acc.max_chows, need.max_chows)
        acc.max_pungs = min(acc.max_pungs, need.max_pungs)
        acc.max_dragon = min(acc.max_dragon, need.max_dragon_pungs)
        if f in CHOW_LINKS:
            acc.links += n
        if f in ("melded_kong", "concealed_kong"):
            acc.kongs += n
        if f == "pung_of_terminals_or_honors":
            acc.yaojiu_pungs = n
    return _check(acc, groups)


def _check(a: _Acc, groups: dict[str, str]) -> str | None:
    if not a.self_drawn:
        return "one needs a self-drawn win, the other a win on a discard"
    if not a.concealed:
        return "one needs a concealed hand, the other an exposed set"
    if not a.honors or not a.winds or not a.dragons:
        return "one needs honours that the other excludes"
    if not a.suits:
        return "they need different numbers of suits"
    if not a.yaojiu:
        return "one needs a terminal or an honour, the other has none"
    # honours: a hand with no honour has no wind and no dragon, and some suited tiles
    if a.honors == {False}:
        a.winds &= {False}
        a.dragons &= {False}
        a.suits.discard(0)
    if a.winds == {False} and a.dragons == {False}:
        a.honors &= {False}
        a.suits.discard(0)
        if not a.honors:
            return "one needs honours that the other excludes"
    if not a.suits:
        return "they need different numbers of suits"
    if a.suits == {0} and a.needs_ranks:
        return "one has no suited tile, the other needs some"
    ranks = a.ranks
    if not ranks and 0 not in a.suits:
        return "their ranges of numbers do not meet"
    if a.needs_ranks - ranks:
        return "one needs numbers the other excludes"
    if a.yaojiu == {True} and a.honors == {False} and not ranks & {1, 9}:
        return "one needs a terminal or an honour, the other has none"
    if a.yaojiu == {False} and (a.honors == {True} or a.needs_ranks & {1, 9}):
        return "one needs a terminal or an honour, the other has none"
    if (a.wind and a.winds == {False}) or (a.dragon and a.dragons == {False}):
        return "one needs honour pungs the other excludes"
    if a.dragon > a.max_dragon:
        return "there are not enough dragon tiles"
    chows = max(a.chows, a.links + 1 if a.links else 0, 4 if "chow3" in groups and a.links else 0)
    if "chow4" in groups and a.links:
        chows = 5  # a 4-chow fan already combines all four chows (the links are implied)
    pungs = max(a.pungs, a.suited + a.wind + a.dragon, a.kongs, a.yaojiu_pungs)
    if a.pair == set() and a.forms & SET_FORMS:
        a.forms -= SET_FORMS
    if "chow4" in groups and "chow3" in groups:
        return "a 4-chow fan already combines every chow"
    if "pung4" in groups and "pung3" in groups:
        return "a 4-pung fan already combines every pung"
    needs_sets = chows or pungs
    forms = set(a.forms)
    if needs_sets:
        forms &= SET_FORMS
    ok = False
    for form in forms:
        if form == STD:
            ok = chows <= a.max_chows and pungs <= a.max_pungs and chows + pungs <= 4
        elif form == KS:
            ok = (
                chows <= min(1, a.max_chows)
                and pungs <= min(1, a.max_pungs)
                and chows + pungs <= 1
                and 3 in a.suits
            )
        else:
            ok = True
        if ok:
            break
    if not ok:
        return "no hand has room for the sets they need" if forms else "their hand forms differ"
    return None
