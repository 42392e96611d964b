"""The entry's keyboard vocabulary, below everything else of the wizard (no import of it): the
button codes (:class:`Code`, one ``StrEnum``: what a tap does, the ``action`` of a callback), a
button and a screen, the errors a tap raises, paging and HTML escaping. :mod:`bot.setup` and
:mod:`bot.texts` draw their screens with these too."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import StrEnum

from scoring.errors import RecordError

PAGE = 8  # buttons per page for long lists
#: a seed's line reference (L125), spec or seed id in an explanation: for the ruleset's reader
SOURCE_REF = re.compile(r"\s*[（(](?:L\d+|seed \d+|spec )[^）)]*[）)]")


class Code(StrEnum):
    """Every button's code (the callback's ``action``), by what a tap on it does."""

    BACK = "b"
    PAGE = "pg"  # a page of a list; also an inert label (a counter's value, a blank)
    CANCEL = "x"
    NEXT = "n"
    CONFIRM = "c"
    AGAIN = "again"  # /calc: a new calculation
    GRID = "wh"  # the winners' grid: who won and how, "<player>.<cell>"
    WINNER = "w"  # a winner by name (a second winner of one discard)
    RESULT = "r"  # a result that is not a win (draw, false win …)
    ROBBED = "rk"  # the grid shows robbed kongs, or not
    HOW = "h"
    MODE = "m"  # how the value is entered
    SHAPE = "s"
    NO_SHAPE = "s0"
    KEY = "k"  # a keypad digit
    KEY_BACK = "kb"
    FAN = "ft"  # a checklist fan
    PAD = "pad"  # open the tile pad
    PAD_TILE = "pt"
    PAD_PAIR = "p2"  # the last tile made a pair (bot.entry.pad)
    PAD_PUNG = "p3"
    PAD_KONG = "p4"
    PAD_HIDDEN_KONG = "pq"
    PAD_CHOW = "pw"
    PAD_EXPOSED = "pe"
    PAD_CONCEALED = "pk"
    PAD_CLOSE = "pc"
    PAD_DELETE = "pb"
    PAD_DONE = "pd"
    FLAG = "f"  # a flag on the flags screen
    TOGGLE = "tf"  # a flag on the preview, "<win>.<flag>"
    ANOTHER = "aw"  # another winner
    PLUS = "+"
    MINUS = "-"
    COUNT_PLUS = "cp"
    COUNT_MINUS = "cm"
    EVENT_ADD = "ea"
    EVENT_REMOVE = "er"
    EVENT_CELL = "eg"  # the event's players' grid
    PICK = "p"  # a player (an event's player, its from, a text field's bystander)
    NEW_NAME = "nm"  # someone else: a typed name
    EDIT = "ed"  # a preview line: jump to its step
    HAN = "hn"  # riichi: a han (or a limit hand) on the han keypad
    YAKUMAN = "yk"  # riichi: a yakuman of k times
    FU = "fu"  # riichi: the fu of a hand of 4 han or less
    DECLARE = "dc"  # riichi: a riichi / tenpai toggle, "<event>.<player>"


class WizardError(Exception):
    """A tap that is not allowed in the current state (shown as an alert)."""


class Refused(WizardError):
    """A tap that would make the hand impossible: refused at the step that causes it, and
    explained by :func:`bot.entry.checks.problem_text` (the scoring core's
    :class:`RecordError`, in the chat's language, with the players' names). The draft is left
    as it was before the tap."""

    def __init__(self, err: RecordError) -> None:
        super().__init__("refused")
        self.err = err


class TilesError(WizardError):
    """A tiles reply that cannot be used; ``why`` says what is wrong (the parser's message or
    the scoring core's, in English), shown inside the tiles step's ``tiles_error_text``."""

    def __init__(self, code: str, why: str) -> None:
        super().__init__(code)
        self.why = why


@dataclass(frozen=True, slots=True)
class Button:
    label: str
    action: str
    arg: str = ""


@dataclass(slots=True)
class Screen:
    text: str
    rows: list[list[Button]] = field(default_factory=list)


def esc(text: str) -> str:
    """HTML-escaped (Telegram's HTML parse mode)."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def paged(
    items: list[Button], page: int, per_row: int = 2, size: int = PAGE, numbered: bool = False
) -> list[list[Button]]:
    """``items`` in rows of ``per_row``, ``size`` to a page, with the page's navigation row
    (◀ n/m ▶, or every page's number where there are at most eight)."""
    pages = max(1, -(-len(items) // size))
    page = min(max(page, 0), pages - 1)
    chunk = items[page * size : (page + 1) * size]
    rows = [chunk[i : i + per_row] for i in range(0, len(chunk), per_row)]
    if numbered and 1 < pages <= 8:  # every page one tap away
        rows.append(
            [
                Button(f"· {i + 1} ·" if i == page else str(i + 1), Code.PAGE, str(i))
                for i in range(pages)
            ]
        )
    elif pages > 1:
        nav = []
        if page > 0:
            nav.append(Button("◀", Code.PAGE, str(page - 1)))
        nav.append(Button(f"{page + 1}/{pages}", Code.PAGE, str(page)))
        if page < pages - 1:
            nav.append(Button("▶", Code.PAGE, str(page + 1)))
        rows.append(nav)
    return rows


_paged = paged  # the name bot.setup imports
