"""Layout and drawing of the images: the look they share (here) and one module per image.

Each renderer first works out the height from the content, then draws top to bottom on a
1080 px wide canvas, and encodes a palette PNG (see :func:`encode`). Sizes are chosen for a
phone held upright: body text 32-36 px, names 44-50 px, totals 56-64 px.

* here — the palette, the series colours, the felt header, section titles, amounts and values
  with their unit, pills, the PNG encoding, one image drawn at a time (:func:`_serialized`);
  the season card and the game result (bot.render.season, .game) draw with these too;
* ``scoreboard`` — /board (and the chart and legend the season card reuses);
* ``settlement`` — /settle;
* ``hand_card`` — /explain N, with its tiles.

Every name callers use is importable from :mod:`bot.render.draw` itself.
"""

from __future__ import annotations

import functools
import io
import threading
from collections.abc import Callable
from typing import TypeVar

from PIL import Image, ImageDraw

from bot.render.money import format_money, signed
from bot.render.text import (
    ELLIPSIS,
    Run,
    draw_runs,
    draw_text,
    fit,
    text_width,
    width,
    writing,
)

RGB = tuple[int, int, int]

W = 1080
M = 48  # side margin
BG: RGB = (248, 246, 240)
FELT: RGB = (20, 84, 60)
FELT_SUB: RGB = (200, 226, 212)
INK: RGB = (24, 24, 24)
MUTED: RGB = (92, 96, 102)
RULE: RGB = (220, 215, 204)
ZEBRA: RGB = (239, 235, 226)
WHITE: RGB = (255, 255, 255)
GOLD: RGB = (240, 180, 40)
GAIN: RGB = (0, 90, 181)  # blue / vermilion: told apart with any colour vision, and the
LOSS: RGB = (204, 51, 17)  # sign (▲ + / ▼ −) carries the meaning without colour too
IVORY: RGB = (253, 250, 240)
WIN_TILE: RGB = (255, 232, 160)
# Okabe-Ito colours for the trend lines, each with its own marker shape
SERIES: tuple[RGB, ...] = (
    (0, 114, 178),
    (213, 94, 0),
    (0, 158, 115),
    (204, 121, 167),
    (230, 159, 0),
    (86, 180, 233),
    (90, 90, 90),
    (240, 228, 66),
)
MARKERS = ("circle", "square", "triangle", "diamond")
MAX_BYTES = 300_000


# --------------------------------------------------------------------------- helpers

_LOCK = threading.Lock()
_V = TypeVar("_V")


def _serialized(fn: Callable[[_V, str], bytes]) -> Callable[[_V, str], bytes]:
    """One image at a time per process: FreeType faces and the caches are shared, and the bot
    renders from worker threads (``asyncio.to_thread``)."""

    @functools.wraps(fn)
    def wrapper(view: _V, lang: str) -> bytes:
        with _LOCK, writing(lang):  # the language's fonts (Traditional: TC, Japanese: JP)
            return fn(view, lang)

    return wrapper


def tone(n: int) -> RGB:
    return GAIN if n > 0 else LOSS if n < 0 else MUTED


def _with_unit(
    body: str, size: int, max_w: float, unit_text: str
) -> tuple[list[Run], list[Run], int, float]:
    """Runs of a bold number and of its unit (half size, after a small gap), cut to ``max_w``
    together: the number first, the unit in what is left (left out if only "…" would fit).
    Returns (number runs, unit runs, unit size, gap before the unit)."""
    runs = fit(body, size, max_w, True)
    us = max(12, round(size * 0.55))
    ugap = round(size * 0.18)
    urun: list[Run] = []
    if unit_text:
        room = max_w - width(runs, size) - ugap
        urun = fit(unit_text, us, room, True) if room > 0 else []
        if len(urun) == 1 and urun[0][1] == ELLIPSIS:
            urun = []
    return runs, urun, us, ugap if urun else 0


def draw_amount(
    im: Image.Image,
    x: float,
    baseline: float,
    body: str,
    size: int,
    fill: RGB,
    *,
    unit_text: str = "",
    unit_fill: RGB | None = None,
    max_w: float = 1e9,
) -> float:
    """A bold number right-aligned at ``x``, followed by its unit in smaller type. Returns
    the width drawn."""
    runs, urun, us, ugap = _with_unit(body, size, max_w, unit_text)
    uw = width(urun, us)
    w = width(runs, size) + ugap + uw
    draw_runs(im, x - w, baseline, runs, size, fill)
    if urun:
        draw_runs(im, x - uw, baseline, urun, us, unit_fill or fill)
    return w


def draw_value(
    im: Image.Image,
    x: float,
    baseline: float,
    n: int,
    size: int,
    *,
    text: str | None = None,
    align: str = "right",
    max_w: float | None = None,
    unit_text: str = "",
) -> float:
    """A signed amount in the gain/loss colour, after a ▲ / ▼ drawn as a triangle (so the
    direction reads without colour); ``text`` replaces the plain signed number; ``unit_text``
    follows it in smaller type (cut or left out first when space is short). Returns width."""
    c = tone(n)
    body = text if text is not None else signed(n)
    tri = 0 if n == 0 else round(size * 0.5)
    gap = round(size * 0.22) if tri else 0
    room = (max_w - tri - gap) if max_w is not None else 1e9
    runs, urun, us, ugap = _with_unit(body, size, room, unit_text)
    bw = width(runs, size)
    w = bw + ugap + width(urun, us) + tri + gap
    left = x - w if align == "right" else x - w / 2 if align == "center" else x
    if tri:
        cy = baseline - size * 0.36
        h = tri * 0.9
        if n > 0:
            pts = [(left + tri / 2, cy - h / 2), (left + tri, cy + h / 2), (left, cy + h / 2)]
        else:
            pts = [(left, cy - h / 2), (left + tri, cy - h / 2), (left + tri / 2, cy + h / 2)]
        ImageDraw.Draw(im).polygon(pts, fill=c)
    draw_runs(im, left + tri + gap, baseline, runs, size, c)
    if urun:
        draw_runs(im, left + tri + gap + bw + ugap, baseline, urun, us, c)
    return w


def encode(im: Image.Image) -> bytes:
    """Deterministic PNG: a 256-colour palette (no dithering), fixed zlib level, no metadata.

    The palette is chosen on a half-size copy (a quarter of the pixels, and its averaging keeps
    the anti-aliased edge colours), then the full image is mapped onto it: about 3x faster than
    quantizing the full image, and no worse.
    """
    palette = im.reduce(2).quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    pal = im.quantize(palette=palette, dither=Image.Dither.NONE)
    buf = io.BytesIO()
    pal.save(buf, "PNG", compress_level=3)
    return buf.getvalue()


SUB_SIZE = 34  # the header's subtitle
EXTRA_SIZE = 30  # its second line


def header(
    im: Image.Image, title: str, sub: str, lang: str, *, extra: str = "", height: int = 196
) -> int:
    d = ImageDraw.Draw(im)
    d.rectangle((0, 0, W, height), fill=FELT)
    d.rectangle((0, height - 8, W, height), fill=GOLD)
    draw_text(im, M, 86, title, 60, WHITE, bold=True, max_w=W - 2 * M)
    draw_text(im, M, 146, sub, SUB_SIZE, FELT_SUB, max_w=W - 2 * M)
    if extra:
        draw_text(im, M, 146 + 48, extra, EXTRA_SIZE, FELT_SUB, max_w=W - 2 * M)
    return height


def section_title(im: Image.Image, y: int, text: str) -> int:
    draw_text(im, M, y + 46, text, 38, INK, bold=True, max_w=W - 2 * M)
    ImageDraw.Draw(im).rectangle((M, y + 62, M + 64, y + 67), fill=GOLD)
    return y + 84


SEP = "  ·  "


def dot_join(*parts: str) -> str:
    return SEP.join(p for p in parts if p)


def _cut(text: str, size: int, max_w: float) -> str:
    """``text`` cut with an ellipsis to ``max_w``, without a dangling "/" or "(" before it."""
    cut = "".join(t for _, t in fit(text, size, max_w))
    if cut.endswith(ELLIPSIS) and cut != text:
        cut = cut[: -len(ELLIPSIS)].rstrip(" /(-,:;·–—") + ELLIPSIS
    return cut


def fit_parts(parts: list[tuple[str, bool]], size: int, max_w: float) -> str:
    """``parts`` joined by " · " in at most ``max_w``: the parts marked True (names: table,
    ruleset) are shortened with an ellipsis first, the longest first, down to a common width,
    so that the others (night, hand count, stake) stay whole. When even that cannot fit, the
    caller's ``max_w`` cuts the end."""
    parts = [(t, s) for t, s in parts if t]
    text = SEP.join(t for t, _ in parts)
    if text_width(text, size) <= max_w:
        return text
    sep_w = text_width(SEP, size) * (len(parts) - 1)
    fixed = sum(text_width(t, size) for t, s in parts if not s)
    widths = sorted(text_width(t, size) for t, s in parts if s)
    room = max_w - sep_w - fixed
    if not widths or room < 3 * size * len(widths):
        return text  # no sensible way to keep the fixed parts: cut at the end
    # the largest cap such that the shrinkable parts, each at most cap wide, fill the room
    cap, rest = room / len(widths), room
    for i, w in enumerate(widths):
        share = rest / (len(widths) - i)
        if w <= share:
            rest -= w
        else:
            cap = share
            break
    else:
        return text
    while cap > size:  # text widths do not add up exactly (kerning): tighten until it fits
        out = SEP.join(_cut(t, size, cap) if s else t for t, s in parts)
        if text_width(out, size) <= max_w:
            return out
        cap -= size / 4
    return text


def pill(im: Image.Image, x: int, baseline: int, text: str, size: int, bg: RGB, fg: RGB) -> int:
    """A rounded tag; returns its width."""
    w = int(text_width(text, size, True)) + size
    d = ImageDraw.Draw(im)
    top = baseline - int(size * 0.98)
    d.rounded_rectangle((x, top, x + w, top + int(size * 1.32)), radius=size // 2, fill=bg)
    draw_text(im, x + size // 2, baseline, text, size, fg, bold=True)
    return w


def money_text(minor: int | None, currency: str | None, *, sign: bool = True) -> str:
    if minor is None:
        return ""
    return format_money(minor, currency, sign=sign)


# --- the three renderers, one module each (they draw with the look above; a test records the
# strings handed to the drawing code by patching ``draw_text`` / ``draw_value`` where each
# renderer calls them: bot.render.draw.scoreboard, .settlement, .hand_card)
from bot.render.draw.hand_card import parse_tiles, render_hand_card  # noqa: E402
from bot.render.draw.scoreboard import _chart, _legend, render_scoreboard  # noqa: E402
from bot.render.draw.settlement import render_settlement  # noqa: E402

__all__ = [
    "_chart",
    "_legend",
    "parse_tiles",
    "render_hand_card",
    "render_scoreboard",
    "render_settlement",
]
