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

The package, by job (every name callers use is importable from :mod:`scoring.gb.calculator`):

* ``results`` — :class:`GbResult`, its :class:`FanLine` and :class:`Excluded` lines;
* ``exclude`` — the 不计 table compiled per option set, :func:`apply_exclusions` (principle 1
  and the 幺九刻 scope), a fan's points;
* ``decompose`` — :func:`decompositions` (sets and a pair, per suit, memoized),
  :func:`is_standard_complete`, :func:`wait_count` and the wait fans;
* ``structure`` — :func:`structure_fans` (the sets' combinations, 套算一次),
  :func:`tile_trait_fans` (the kinds of tiles held), the reference's tile order;
* ``reading`` — :func:`calculate`: every reading of a hand, the one kept; :func:`clear_caches`.
"""

from __future__ import annotations

from scoring.gb.calculator.decompose import decompositions, is_standard_complete, wait_count
from scoring.gb.calculator.exclude import Y, _points, apply_exclusions
from scoring.gb.calculator.reading import KNITTED, ORPHANS, calculate, clear_caches
from scoring.gb.calculator.results import Excluded, FanLine, GbResult
from scoring.gb.calculator.structure import REF_ORDER, REF_RANK, structure_fans, tile_trait_fans

__all__ = [
    "KNITTED",
    "ORPHANS",
    "REF_ORDER",
    "REF_RANK",
    "Excluded",
    "FanLine",
    "GbResult",
    "Y",
    "_points",
    "apply_exclusions",
    "calculate",
    "clear_caches",
    "decompositions",
    "is_standard_complete",
    "structure_fans",
    "tile_trait_fans",
    "wait_count",
]
