"""A button label's width in display cells, and the budget of a 360-px Telegram keyboard row
(#26.1): a CJK character or an emoji is two cells, anything else one; a button alone in its
row may take 36 cells, two 17 each, three 11, four 8, five or more 6. The keyboard builders
fit their labels with :func:`fit` and the tests check every label with :func:`over`."""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from typing import Protocol, TypeVar

#: the cells a label may take, by the number of buttons in its row
BUDGET = {1: 36, 2: 17, 3: 11, 4: 8}
BUDGET_MANY = 6  # five or more in a row

_ZERO = {"Mn", "Me", "Cf"}  # combining marks, variation selectors, joiners
_SHAPES = {0x23EA, 0x23E9, 0x23F8, 0x2B05, 0x27A1}  # ⏪ ⏩ ⏸ ⬅ ➡ (◀ ▶ are text without VS16)


@lru_cache(maxsize=4096)
def _char(ch: str) -> int:
    o = ord(ch)
    if unicodedata.category(ch) in _ZERO or 0xFE00 <= o <= 0xFE0F:
        return 0
    if unicodedata.east_asian_width(ch) in ("W", "F"):
        return 2
    if 0x1F000 <= o <= 0x1FAFF or 0x2600 <= o <= 0x27BF or 0x2B00 <= o <= 0x2BFF or o in _SHAPES:
        return 2  # emoji and symbols drawn as emoji (✅ ✖ ➕ ➖ ⬅ ⭐)
    return 1


@lru_cache(maxsize=8192)  # a screen measures the same few hundred labels at every render
def width(text: str) -> int:
    """``text``'s width in display cells (a character drawn as an emoji, with U+FE0F after
    it, two: "▫️")."""
    return sum(2 if text[i + 1 : i + 2] == "\ufe0f" else _char(ch) for i, ch in enumerate(text))


def budget(per_row: int) -> int:
    """The cells a label may take in a row of ``per_row`` buttons."""
    return BUDGET.get(max(per_row, 1), BUDGET_MANY)


def fit(text: str, cells: int) -> str:
    """``text`` cut to ``cells`` display cells (an ellipsis marking the cut), or as it is."""
    if width(text) <= cells:
        return text
    out, used = [], 0
    for ch in text:
        w = _char(ch)
        if used + w > cells - 1:
            break
        out.append(ch)
        used += w
    return "".join(out).rstrip() + "…"


def per_row(labels: list[str], most: int = 4) -> int:
    """How many of ``labels`` fit side by side (at most ``most``, at least one)."""
    n = min(most, max(len(labels), 1))
    while n > 1 and any(width(t) > budget(n) for t in labels):
        n -= 1
    return n


def over(rows: list[list[str]]) -> list[tuple[str, int, int]]:
    """The labels of ``rows`` over their row's budget: ``(label, width, budget)``."""
    return [
        (t, width(t), budget(len(row))) for row in rows for t in row if width(t) > budget(len(row))
    ]


_PAREN = re.compile(r"\s*[（(][^（()）]*[）)]")


def bare(name: str) -> str:
    """``name`` without its parenthesised gloss ("By hands (4 a round)" → "By hands")."""
    return _PAREN.sub("", name).strip() or name


def shorten(name: str, cells: int) -> str:
    """A declaration's name in ``cells``: first without its parenthesised gloss ("No wild
    anywhere (德中德: …)" → "No wild anywhere"), then cut."""
    if width(name) <= cells:
        return name
    return fit(bare(name), cells)


def labelled(head: str, name: str, tail: str, cells: int) -> str:
    """``head + name + tail`` in ``cells``, only ``name`` shortened: a mark (✅, ✖) and a value
    (a player, a number) are never cut."""
    room = cells - width(head) - width(tail)
    return head + (shorten(name, room) if room > 1 else "") + tail


class _Labelled(Protocol):
    @property
    def label(self) -> str: ...


T = TypeVar("T", bound=_Labelled)


def pack(buttons: list[T], most: int = 4) -> list[list[T]]:
    """``buttons`` in order, as many to a row (at most ``most``) as their labels' widths allow."""
    rows: list[list[T]] = []
    for b in buttons:
        row = rows[-1] if rows else None
        if (
            row is not None
            and len(row) < most
            and all(width(x.label) <= budget(len(row) + 1) for x in [*row, b])
        ):
            row.append(b)
        else:
            rows.append([b])
    return rows


def short_names(names: list[str], cells: int) -> list[str]:
    """Players' names in at most ``cells`` each, as long as they can be and still told apart
    where possible ("Christopher" → "Christ", "阿明哥哥" → "阿明哥")."""
    out = [n if width(n) <= cells else fit(n, cells + 1)[:-1] for n in names]
    return [o or n[:1] for o, n in zip(out, names, strict=True)]


def strike(text: str) -> str:
    """``text`` struck through (a combining long stroke after each character: no extra cells),
    for an item shown in its place but not to be ticked now."""
    return "".join(ch + "\u0336" for ch in text)
