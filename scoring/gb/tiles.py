"""Guobiao tiles: 34 kinds as indices, the contract notation (``123m456p77z``) and helpers.

Index layout: 0–8 万 characters (``m``), 9–17 筒 dots (``p``), 18–26 条 bamboo (``s``),
27–33 honours ``1z``–``7z`` = 东 E, 南 S, 西 W, 北 N, 白 White, 发 Green, 中 Red (contract:
"1z–7z = East 东, South 南, West 西, North 北, White 白, Green 发, Red 中").
"""

from __future__ import annotations

SUITS = "mpsz"
N_KINDS = 34
EAST, SOUTH, WEST, NORTH, WHITE, GREEN, RED = range(27, 34)
WINDS = (EAST, SOUTH, WEST, NORTH)
DRAGONS = (WHITE, GREEN, RED)
HONORS = tuple(range(27, 34))
WIND_LETTERS = {"E": EAST, "S": SOUTH, "W": WEST, "N": NORTH}
WIND_ZH = {EAST: "东", SOUTH: "南", WEST: "西", NORTH: "北"}

#: Chinese names of the honours and suits, for explanations
HONOR_ZH = ("东", "南", "西", "北", "白", "发", "中")
SUIT_ZH = ("万", "筒", "条")
HONOR_EN = ("East", "South", "West", "North", "White", "Green", "Red")

#: 1/9 of the three suits
TERMINALS = frozenset({0, 8, 9, 17, 18, 26})
TERMINALS_HONORS = TERMINALS | frozenset(HONORS)
#: 推不倒: "1234589饼、245689条、白板" (seed 002)
REVERSIBLE = frozenset({9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, WHITE})
#: 绿一色: "由23468条及发字中的任何牌组成" (seed 002)
GREEN_TILES = frozenset({19, 20, 21, 23, 25, GREEN})


def suit(t: int) -> int:
    """0 m, 1 p, 2 s, 3 honours."""
    return t // 9 if t < 27 else 3


def rank(t: int) -> int:
    """1–9 for suited tiles, 1–7 for honours (as in ``1z``–``7z``)."""
    return t % 9 + 1 if t < 27 else t - 26


def tile_str(t: int) -> str:
    return f"{rank(t)}{SUITS[suit(t)]}"


def tiles_str(tiles: list[int] | tuple[int, ...]) -> str:
    """Compact contract notation, grouped by suit in order: ``[0,1,2,27]`` → ``123m1z``."""
    out = []
    for s in range(4):
        ranks = "".join(str(rank(t)) for t in sorted(tiles) if suit(t) == s)
        if ranks:
            out.append(ranks + SUITS[s])
    return "".join(out)


class TileSyntaxError(ValueError):
    """A tile string does not follow the notation; the message says where and why."""


def parse_tiles(text: str) -> list[int]:
    """Parse the contract notation (digits then a suit letter, e.g. ``123m456p77z``).

    Raises :class:`TileSyntaxError` naming the position of the problem.
    """
    out: list[int] = []
    pending: list[tuple[int, int]] = []  # (digit, position)
    for pos, ch in enumerate(text):
        if "0" <= ch <= "9":  # ASCII only: str.isdigit() also takes '²', '٣', '፩'
            pending.append((int(ch), pos))
            continue
        low = ch.lower()
        if low in SUITS:
            if not pending:
                raise TileSyntaxError(f"suit letter {ch!r} at position {pos + 1} has no digits")
            s = SUITS.index(low)
            for d, dpos in pending:
                if d == 0 or (s == 3 and d > 7):
                    limit = "1–7" if s == 3 else "1–9"
                    raise TileSyntaxError(
                        f"no tile {d}{low} (position {dpos + 1}): {SUITS[s]} tiles are {limit}"
                    )
                out.append(s * 9 + d - 1)
            pending = []
            continue
        raise TileSyntaxError(f"unexpected character {ch!r} at position {pos + 1}")
    if pending:
        digits = "".join(str(d) for d, _ in pending)
        raise TileSyntaxError(f"digits {digits!r} at the end have no suit letter (m, p, s or z)")
    return out
