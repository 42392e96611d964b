"""The riichi game result image (issue 27.5): placement, raw points, uma, oka, the final score
and the money of each player of one game, PNG bytes.

Same look as the scoreboard (:mod:`bot.render.draw`): the felt header, one row per place with
the final score on the right in the gain/loss colour, the parts of the score under the name.
Every word arrives translated in the view (:func:`bot.riichi_view.game_result_view` builds it
with the chat's Translator); this module only lays it out, with the language's CJK face
(``writing(lang)`` by :func:`~bot.render.draw._serialized`: Japanese with Noto Sans JP).
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

from bot.render.draw import (
    BG,
    FELT,
    GOLD,
    INK,
    MUTED,
    RULE,
    WHITE,
    ZEBRA,
    M,
    W,
    _serialized,
    encode,
    header,
    pill,
    tone,
)
from bot.render.text import draw_text, text_width, wrap


@dataclass(frozen=True, slots=True)
class GameRow:
    """One player's line: the place as the language says it ("1st", "一位", "1位"), the
    name, the final score as shown ("+42.1") and its value (the colour), and the parts
    ("Points 32,100 · Uma +20.0 · Oka +20.0 · Money +4,210")."""

    place: str
    name: str
    final: str
    final_value: int
    parts: str


@dataclass(frozen=True, slots=True)
class GameResultView:
    title: str  # "Game result"
    sub: str  # "Friday club · Night 1 · Game 2"
    rows: tuple[GameRow, ...]
    note: str = ""  # how the final score adds up
    reason: str = ""  # why the game ended, under the header's subtitle


ROW_H = 150
NOTE_SIZE = 28


def _note_lines(note: str) -> list[str]:
    return wrap(note, NOTE_SIZE, W - 2 * M, max_lines=6) if note else []


@_serialized
def render_game_result(view: GameResultView, lang: str) -> bytes:
    rows = view.rows[:4]
    lines = _note_lines(view.note)
    head_h = 246 if view.reason else 196
    h = head_h + 16 + ROW_H * len(rows) + 24 + (44 * len(lines) + 24 if lines else 0)
    im = Image.new("RGB", (W, h), BG)
    y = header(im, view.title, view.sub, lang, extra=view.reason, height=head_h) + 16
    d = ImageDraw.Draw(im)
    for i, row in enumerate(rows):
        if i % 2:
            d.rectangle((0, y, W, y + ROW_H), fill=ZEBRA)
        _row(im, y, row, first=i == 0)
        if i < len(rows) - 1:
            d.line((M, y + ROW_H - 1, W - M, y + ROW_H - 1), fill=RULE, width=2)
        y += ROW_H
    y += 24
    for line in lines:
        draw_text(im, M, y + 32, line, NOTE_SIZE, MUTED, max_w=W - 2 * M)
        y += 44
    return encode(im)


def _row(im: Image.Image, y: int, row: GameRow, *, first: bool) -> None:
    size = 30
    bg, fg = (GOLD, INK) if first else (FELT, WHITE)
    pw = int(text_width(row.place, size, True)) + size
    pill(im, M, y + 62, row.place, size, bg, fg)
    x = M + max(pw, 120) + 24
    right_w = 300
    draw_text(im, x, y + 64, row.name, 48, INK, bold=True, max_w=W - M - right_w - x - 16)
    draw_text(im, x, y + 114, row.parts, 28, MUTED, max_w=W - M - x)
    draw_text(
        im, W - M, y + 68, row.final, 60, tone(row.final_value), bold=True, align="right",
        max_w=right_w,
    )  # fmt: skip
