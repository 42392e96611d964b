"""Layout and drawing of the three images.

Each renderer first works out the height from the content, then draws top to bottom on a
1080 px wide canvas, and encodes a palette PNG (see :func:`encode`). Sizes are chosen for a
phone held upright: body text 32-36 px, names 44-50 px, totals 56-64 px.
"""

from __future__ import annotations

import functools
import io
import math
import threading
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from PIL import Image, ImageDraw

from bot.i18n import translator
from bot.render.labels import hands_label, is_zh, label, unit
from bot.render.money import format_money, signed
from bot.render.text import (
    ELLIPSIS,
    SYMBOLS2,
    Run,
    draw_runs,
    draw_text,
    fit,
    font,
    text_width,
    width,
    wrap,
    writing,
)
from bot.render.views import (
    HandCardView,
    NetLine,
    ScoreboardView,
    SettlementImageView,
    TileHandView,
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


# --------------------------------------------------------------------------- scoreboard

ROW_H = 150


@_serialized
def render_scoreboard(view: ScoreboardView, lang: str) -> bytes:
    chart_h = 520
    n_series = len(view.trend)
    legend_rows = math.ceil(n_series / 2)
    h = 196 + 16 + ROW_H * len(view.seats) + 24
    h += 84 + chart_h + 20 + 56 * legend_rows + 24
    h += 24
    im = Image.new("RGB", (W, h), BG)
    sub = fit_parts(
        [
            (view.ruleset_name, True),
            (label("night", lang, n=view.night), False),
            (hands_label(view.hand_count, lang), False),
        ],
        SUB_SIZE,
        W - 2 * M,
    )
    y = header(im, view.table_name, sub, lang) + 16
    u = unit(view.unit_zh, view.unit_en, lang, zh_hant=view.unit_zh_hant)
    for i, seat in enumerate(view.seats):
        last = i == len(view.seats) - 1
        _seat_row(im, y, seat, view.currency, lang, u, last=last, ruleset=view.ruleset)
        y += ROW_H
    y += 24
    y = section_title(im, y, label("trend", lang))
    _chart(im, y, chart_h, view, lang)
    y += chart_h + 20
    _legend(im, y, view)
    return encode(im)


def _seat_row(
    im: Image.Image,
    y: int,
    seat: Any,
    currency: str | None,
    lang: str,
    u: str,
    last: bool,
    ruleset: str = "",
) -> None:
    d = ImageDraw.Draw(im)
    cx, cy, r = M + 44, y + ROW_H // 2, 44
    wind = seat.wind if seat.wind in ("E", "S", "W", "N") else None
    if seat.is_dealer:
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=GOLD)
        d.ellipse((cx - r + 5, cy - r + 5, cx + r - 5, cy + r - 5), outline=INK, width=3)
        fg = INK
    else:
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=FELT)
        fg = WHITE
    badge = (
        label(f"wind_{wind}", lang)
        if wind
        else (label("dealer", lang) if seat.is_dealer and is_zh(lang) else "")
    )
    if badge:
        draw_text(im, cx, cy + 16, badge, 44, fg, bold=True, align="center")
    x = M + 112
    right_w = 330
    draw_text(im, x, y + 64, seat.name, 48, INK, bold=True, max_w=W - M - right_w - x - 16)
    sx = x
    if seat.is_dealer:
        tag = label("dealer", lang)
        pw = int(text_width(tag, 22, True)) + 22
        pill(im, cx - pw // 2, cy + r + 8, tag, 22, INK, GOLD)
    stats = dot_join(
        label("won", lang, ruleset, n=seat.hands_won),
        label("self_draws", lang, ruleset, n=seat.self_draws),
        label("deal_ins", lang, ruleset, n=seat.deal_ins),
    )
    draw_text(im, sx, y + 112, stats, 30, MUTED, max_w=W - M - right_w - sx - 16)
    c = tone(seat.total)
    money = money_text(seat.money_minor, currency)
    draw_value(im, W - M, y + (76 if money else 94), seat.total, 60, max_w=right_w, unit_text=u)
    if money:
        draw_text(im, W - M, y + 120, money, 32, c, bold=True, align="right", max_w=right_w)
    if not last:
        d.line((M, y + ROW_H - 1, W - M, y + ROW_H - 1), fill=RULE, width=2)


def _nice_step(span: float, target: int) -> int:
    raw = max(span / target, 1.0)
    mag = 10 ** math.floor(math.log10(raw))
    for m in (1, 2, 5, 10):
        if raw <= m * mag:
            return int(m * mag)
    return int(10 * mag)


def _marker(d: ImageDraw.ImageDraw, kind: str, x: float, y: float, r: float, fill: RGB) -> None:
    if kind == "circle":
        d.ellipse((x - r, y - r, x + r, y + r), fill=fill, outline=WHITE, width=max(1, int(r / 4)))
    elif kind == "square":
        r *= 0.9
        d.rectangle(
            (x - r, y - r, x + r, y + r), fill=fill, outline=WHITE, width=max(1, int(r / 4))
        )
    elif kind == "triangle":
        r *= 1.15
        pts = [(x, y - r), (x + r, y + r * 0.8), (x - r, y + r * 0.8)]
        d.polygon(pts, fill=fill, outline=WHITE, width=max(1, int(r / 4)))
    else:
        r *= 1.15
        pts = [(x, y - r), (x + r, y), (x, y + r), (x - r, y)]
        d.polygon(pts, fill=fill, outline=WHITE, width=max(1, int(r / 4)))


def _chart(im: Image.Image, top: int, height: int, view: ScoreboardView, lang: str) -> None:
    d = ImageDraw.Draw(im)
    box = (M - 12, top, W - M + 12, top + height)
    d.rounded_rectangle(box, radius=18, fill=WHITE, outline=RULE, width=2)
    n = max((len(s.running) for s in view.trend), default=0)
    if n == 0:
        draw_text(
            im, W // 2, top + height // 2 + 14, label("no_hands", lang), 40, MUTED, align="center"
        )
        return
    values = [0] + [v for s in view.trend for v in s.running]
    lo, hi = min(values), max(values)
    if lo == hi:
        lo, hi = lo - 1, hi + 1
    step = _nice_step(hi - lo, 5)
    lo_t = math.floor(lo / step) * step
    hi_t = math.ceil(hi / step) * step
    # plot area, in image coordinates
    left, right = M + 110, W - M - 24
    ptop, pbot = top + 30, top + height - 62

    def py(v: float) -> float:
        return pbot - (v - lo_t) / (hi_t - lo_t) * (pbot - ptop)

    def px(i: float) -> float:
        return left + i / max(n, 1) * (right - left)

    # grid and axis labels at 1x
    v = lo_t
    while v <= hi_t:
        yy = round(py(v))
        d.line((left, yy, right, yy), fill=INK if v == 0 else RULE, width=3 if v == 0 else 2)
        draw_text(im, left - 14, yy + 11, signed(v) if v else "0", 28, MUTED, align="right")
        v += step
    xstep = _nice_step(n, 6)
    xs = list(range(0, n + 1, xstep))
    if xs[-1] != n and n - xs[-1] >= xstep * 0.5:
        xs.append(n)
    elif xs[-1] != n:
        xs[-1] = n
    for i in xs:
        xx = round(px(i))
        d.line((xx, pbot, xx, pbot + 8), fill=MUTED, width=2)
        draw_text(im, xx, pbot + 42, str(i), 28, MUTED, align="center")
    # lines: drawn at 2x and scaled down, for smooth edges
    s = 2
    pad = 16
    x0, y0 = left - pad, ptop - pad
    layer = im.crop((x0, y0, right + pad, pbot + pad)).resize(
        ((right + pad - x0) * s, (pbot + pad - y0) * s), Image.Resampling.NEAREST
    )
    ld = ImageDraw.Draw(layer)
    lw = 4 if n > 60 else 5
    for k, series in enumerate(view.trend):
        pts = [((px(i) - x0) * s, (py(v) - y0) * s) for i, v in enumerate((0, *series.running))]
        colour = SERIES[k % len(SERIES)]
        if len(pts) > 1:
            ld.line(pts, fill=colour, width=lw * s, joint="curve")
        _marker(ld, MARKERS[k % len(MARKERS)], pts[-1][0], pts[-1][1], 9 * s, colour)
    im.paste(layer.reduce(s), (x0, y0))


def _legend(im: Image.Image, top: int, view: ScoreboardView) -> None:
    d = ImageDraw.Draw(im)
    col_w = (W - 2 * M) // 2
    for k, series in enumerate(view.trend):
        x = M + (k % 2) * col_w
        y = top + (k // 2) * 56
        colour = SERIES[k % len(SERIES)]
        d.line((x, y + 26, x + 56, y + 26), fill=colour, width=6)
        _marker(d, MARKERS[k % len(MARKERS)], x + 28, y + 26, 11, colour)
        last = series.running[-1] if series.running else 0
        w = draw_text(im, x + 70, y + 38, series.name, 34, INK, max_w=col_w - 70 - 150)
        draw_text(im, x + 70 + w + 14, y + 38, signed(last), 34, tone(last), bold=True)


# --------------------------------------------------------------------------- settlement


@_serialized
def render_settlement(view: SettlementImageView, lang: str) -> bytes:
    u = unit(view.unit_zh, view.unit_en, lang, zh_hant=view.unit_zh_hant)
    stake = ""
    if view.stake_minor is not None:
        m = format_money(view.stake_minor, view.currency)
        stake = label(
            "stake",
            lang,
            m=m,
            u=unit(
                view.unit_zh,
                view.unit_en,
                lang,
                per=True,
                zh_hant=view.unit_zh_hant,
                gloss=view.unit_gloss_en,
            ),
        )
    head_h = 244
    net_h = 84 + sum(_net_row_h(line) for line in view.nets)
    n_tr = len(view.transfers)
    tr_h = 84 + (108 * n_tr if n_tr else 96)
    notes_h = 84 + 52 * len(view.notes) + 28 if view.notes else 0
    h = head_h + 16 + net_h + 28 + notes_h + tr_h + 40
    im = Image.new("RGB", (W, h), BG)
    extra = fit_parts(
        [
            (view.ruleset_name, True),
            (label("night", lang, n=view.night), False),
            (hands_label(view.hand_count, lang), False),
            (stake, False),
        ],
        EXTRA_SIZE,
        W - 2 * M,
    )
    y = header(im, label("settlement", lang), view.table_name, lang, extra=extra, height=head_h)
    y += 16
    d = ImageDraw.Draw(im)
    # after a fee or cap the big figure is what each pays or receives, its parts under it
    after = any(line.final is not None for line in view.nets)
    y = section_title(im, y, label("after_fee" if after else "net", lang))
    for i, line in enumerate(view.nets):
        _net_row(im, y, line, view.currency, lang, u, zebra=i % 2 == 0)
        y += _net_row_h(line)
    y += 28
    if view.notes:  # the loss cap and table fee
        y = section_title(im, y, view.notes_title)
        for note in view.notes:
            draw_text(im, M, y + 40, note, 32, INK, max_w=W - 2 * M)
            y += 52
        y += 28
    y = section_title(im, y, label("transfers", lang))
    if not view.transfers:
        draw_text(im, M, y + 60, label("no_transfers", lang), 40, MUTED)
        return encode(im)
    # grouped by payer, in order of first appearance: each payer finds all their lines together
    order: dict[str, int] = {}
    for t in view.transfers:
        order.setdefault(t.payer, len(order))
    rows = sorted(view.transfers, key=lambda t: order[t.payer])
    prev = None
    group = -1
    name_w = 330
    for t in rows:
        if t.payer != prev:
            group += 1
        if group % 2 == 0:
            d.rounded_rectangle((M - 12, y + 6, W - M + 12, y + 102), radius=14, fill=ZEBRA)
        if t.payer != prev:
            draw_text(im, M, y + 70, t.payer, 44, INK, bold=True, max_w=name_w)
        prev = t.payer
        draw_text(im, M + name_w + 18, y + 70, "→", 44, MUTED)
        draw_text(im, M + name_w + 80, y + 70, t.payee, 44, INK, max_w=name_w - 30)
        if t.money_minor is not None:
            draw_text(
                im,
                W - M,
                y + 62,
                format_money(t.money_minor, view.currency),
                50,
                LOSS,
                bold=True,
                align="right",
                max_w=W - 2 * M - 2 * name_w - 90,
            )
            if not view.notes:  # after a loss cap or a fee a transfer is no whole points
                draw_text(
                    im,
                    W - M,
                    y + 96,
                    label("points", lang, n=t.points, u=u),
                    26,
                    MUTED,
                    align="right",
                    max_w=W - 2 * M - 2 * name_w - 90,
                )
        else:
            draw_amount(
                im,
                W - M,
                y + 72,
                str(t.points),
                50,
                LOSS,
                unit_text=u,
                max_w=W - 2 * M - 2 * name_w - 90,
            )
        y += 108
    return encode(im)


def _net_row_h(line: NetLine) -> int:
    """A net row's height: its parts (after a fee or cap) take a line under the name."""
    return 140 if line.parts else 96


def _net_row(
    im: Image.Image, y: int, line: NetLine, currency: str | None, lang: str, u: str, zebra: bool
) -> None:
    if line.final is not None:
        _final_row(im, y, line, currency, lang, u, zebra)
        return
    d = ImageDraw.Draw(im)
    if zebra:
        d.rounded_rectangle((M - 12, y + 4, W - M + 12, y + 92), radius=14, fill=ZEBRA)
    c = tone(line.points)
    nw = draw_text(im, M, y + 64, line.name, 44, INK, bold=True, max_w=430)
    pts = label("points", lang, n=signed(line.points), u=u)
    if line.money_minor is not None:
        # right-aligned in a fixed column; a long unit may use the room a short name leaves
        room = W - M - 300 - (M + nw + 32)
        draw_text(im, W - M - 300, y + 64, pts, 34, c, align="right", max_w=room)
        draw_value(
            im,
            W - M,
            y + 66,
            line.money_minor,
            48,
            max_w=300,
            text=money_text(line.money_minor, currency),
        )
    else:
        draw_value(im, W - M, y + 66, line.points, 48, max_w=480, unit_text=u)


def _final_row(
    im: Image.Image, y: int, line: NetLine, currency: str | None, lang: str, u: str, zebra: bool
) -> None:
    """After a table fee or loss cap: the name (the house marked), the one big figure each
    pays or receives, and under it the labelled parts it is made of."""
    assert line.final is not None
    d = ImageDraw.Draw(im)
    h = _net_row_h(line)
    if zebra:
        d.rounded_rectangle((M - 12, y + 4, W - M + 12, y + h - 4), radius=14, fill=ZEBRA)
    nw = draw_text(im, M, y + 64, line.name, 44, INK, bold=True, max_w=430)
    if line.house:
        draw_text(im, M + nw + 16, y + 62, label("house", lang), 30, MUTED, max_w=200)

    def amount(v: int) -> str:
        if currency is not None:
            return money_text(v, currency)
        return label("points", lang, n=signed(v), u=u)

    if currency is not None:
        draw_value(im, W - M, y + 66, line.final, 48, max_w=360, text=amount(line.final))
    else:
        draw_value(im, W - M, y + 66, line.final, 48, max_w=480, unit_text=u)
    parts = " · ".join(f"{p.label} {amount(p.amount)}" for p in line.parts)
    draw_text(im, M, y + 118, parts, 30, MUTED, max_w=W - 2 * M)


# --------------------------------------------------------------------------- hand card

_SUIT_BASE = {"m": 0x1F007, "s": 0x1F010, "p": 0x1F019}
_HONOR = {1: 0x1F000, 2: 0x1F001, 3: 0x1F002, 4: 0x1F003, 5: 0x1F006, 6: 0x1F005, 7: 0x1F004}
BACK = 0x1F02B
# display order of a concealed hand: characters, dots, bamboo, winds E S W N, dragons 白 發 中
_ORDER = {
    cp: i
    for i, cp in enumerate(
        [
            *range(0x1F007, 0x1F010),
            *range(0x1F019, 0x1F022),
            *range(0x1F010, 0x1F019),
            *(_HONOR[k] for k in range(1, 8)),
        ]
    )
}


def parse_tiles(s: object) -> list[int] | None:
    """``"123m55z"`` → tile code points (U+1F000 block); None if it is not tile notation."""
    if not isinstance(s, str):
        return None
    out: list[int] = []
    digits: list[int] = []
    for ch in s.strip():
        if ch.isdigit() and ch.isascii():
            digits.append(int(ch))
        elif ch in "mps" and digits:
            out += [_SUIT_BASE[ch] + (n or 5) - 1 for n in digits]
            digits = []
        elif ch == "z" and digits and all(1 <= n <= 7 for n in digits):
            out += [_HONOR[n] for n in digits]
            digits = []
        else:
            return None
    return out if not digits else None


def _tile_groups(tiles: Mapping[str, Any]) -> list[tuple[list[int], bool]] | None:
    """Groups to draw (tiles, is_win_tile_group): melds, then the hand, then the winning tile."""
    groups: list[tuple[list[int], bool]] = []
    melds = tiles.get("melds") or []
    if not isinstance(melds, list):
        return None
    for m in melds:
        if not isinstance(m, Mapping):
            return None
        t = parse_tiles(m.get("tiles"))
        if t is None:
            return None
        if m.get("kind") == "kong" and m.get("concealed") and len(t) == 4:
            t = [BACK, t[1], t[2], BACK]
        groups.append((t, False))
    hand = parse_tiles(tiles.get("hand", ""))
    win = parse_tiles(tiles.get("win_tile", ""))
    if hand is None or win is None:
        return None
    groups.append((sorted(hand, key=lambda c: _ORDER.get(c, 99)), False))
    if win:
        groups.append((win, True))
    return groups


def _tiles_layout(groups: list[tuple[list[int], bool]]) -> tuple[int, int, int]:
    """Tile width, tile height, gap between groups, so that everything fits one row."""
    n = sum(len(g) for g, _ in groups)
    gaps = len(groups) - 1
    gap = 18
    tw = min(66, int((W - 2 * M - gap * gaps) / max(n, 1)) - 2)
    return tw, int(tw * 79 / 66), gap


def _draw_tile(im: Image.Image, x: int, y: int, tw: int, th: int, cp: int, win: bool) -> None:
    d = ImageDraw.Draw(im)
    size = round(tw * 110 / 66)
    f = font(SYMBOLS2, size)
    bb = f.getbbox(chr(cp))
    r = max(4, tw // 7)
    d.rounded_rectangle((x + 1, y + 6, x + tw + 1, y + th + 7), radius=r, fill=FELT)
    body = (92, 140, 200) if cp == BACK else (WIN_TILE if win else IVORY)
    d.rounded_rectangle((x, y, x + tw, y + th), radius=r, fill=body)
    d.text((x - bb[0], y - bb[1]), chr(cp), font=f, fill=INK)


def _tile_block_height(th: TileHandView) -> tuple[int, Any]:
    groups = _tile_groups(th.tiles)
    fans_h = 52 * len(th.fans) + (56 if th.fans else 0)
    if groups is None:
        return 64 + 56 + fans_h, None
    _, tile_h, _ = _tiles_layout(groups)
    return 64 + tile_h + 36 + fans_h, groups


@_serialized
def render_hand_card(view: HandCardView, lang: str) -> bytes:
    headline = wrap(view.headline, 44, W - 2 * M, bold=True, max_lines=3)
    steps = translator(lang).steps(view.explanation)
    exp_lines: list[str] = []
    for st in steps:
        exp_lines += wrap(st, 32, W - 2 * M - 36, max_lines=8)
    exp_cap = 40
    hidden = max(0, len(exp_lines) - exp_cap)
    exp_lines = exp_lines[:exp_cap]
    pay_cap = 24
    pays = view.payments[:pay_cap]
    blocks = [_tile_block_height(t) for t in view.tile_hands]
    h = 196 + 24 + 58 * len(headline) + 12
    h += sum(b[0] + 24 for b in blocks)
    h += 84 + (86 * len(pays) if pays else 60) + (44 if len(view.payments) > pay_cap else 0)
    h += 16 + 62 * math.ceil(len(view.nets) / 2) + 16
    if exp_lines:
        h += 84 + 46 * len(exp_lines) + (46 if hidden else 0) + 12
    h += 32
    im = Image.new("RGB", (W, h), BG)
    d = ImageDraw.Draw(im)
    sub = fit_parts(
        [
            (view.table_name, True),
            (view.ruleset_name, True),
            (label("night", lang, n=view.night), False),
        ],
        SUB_SIZE,
        W - 2 * M,
    )
    u = unit(view.unit_zh, view.unit_en, lang, zh_hant=view.unit_zh_hant)
    y = header(im, label("hand_no", lang, n=view.seq), sub, lang)
    if view.voided:
        # a corrected hand's first version has no number of its own: "hand 6 · corrected"
        tag = label("corrected" if view.corrected else "voided", lang)
        tw_ = int(text_width(tag, 40, True)) + 40
        d.rounded_rectangle(
            (W - M - tw_, 40, W - M, 100), radius=12, outline=(255, 120, 90), width=5
        )
        draw_text(im, W - M - tw_ / 2, 86, tag, 40, (255, 150, 120), bold=True, align="center")
    y += 24
    for line in headline:
        draw_text(im, M, y + 46, line, 44, INK, bold=True, max_w=W - 2 * M)
        y += 58
    y += 12
    for th, (bh, groups) in zip(view.tile_hands, blocks, strict=True):
        _tile_block(im, y, th, groups, lang)
        y += bh + 24
    y = section_title(im, y, label("payments", lang))
    if not pays:
        draw_text(im, M, y + 44, label("no_payments", lang), 34, MUTED)
        y += 60
    for i, p in enumerate(pays):
        if i % 2 == 0:
            d.rounded_rectangle((M - 12, y + 2, W - M + 12, y + 82), radius=12, fill=ZEBRA)
        w = draw_text(im, M, y + 46, p.payer, 38, INK, bold=True, max_w=300)
        draw_text(im, M + w + 14, y + 46, "→", 38, MUTED)
        draw_text(im, M + w + 66, y + 46, p.payee, 38, INK, bold=True, max_w=300)
        if p.reason:
            draw_text(im, M, y + 76, p.reason, 26, MUTED, max_w=W - 2 * M - 200)
        draw_amount(
            im, W - M, y + 56, str(p.amount), 48, INK, unit_text=u, unit_fill=MUTED, max_w=260
        )
        y += 86
    if len(view.payments) > pay_cap:
        draw_text(im, M, y + 32, label("more", lang, n=len(view.payments) - pay_cap), 28, MUTED)
        y += 44
    y += 16
    col_w = (W - 2 * M) // 2
    for i, nl in enumerate(view.nets):
        x = M + (i % 2) * col_w
        yy = y + (i // 2) * 62
        txt = signed(nl.points)
        if nl.money_minor is not None:
            txt += f" ({money_text(nl.money_minor, view.currency)})"
        vw = draw_value(im, x + col_w - 24, yy + 44, nl.points, 36, text=txt, max_w=col_w * 0.6)
        draw_text(im, x, yy + 44, nl.name, 36, INK, max_w=col_w - vw - 48)
    y += 62 * math.ceil(len(view.nets) / 2) + 16
    if exp_lines:
        y = section_title(im, y, label("explanation", lang))
        d.rectangle((M, y + 6, M + 6, y + 46 * len(exp_lines) + 8), fill=GOLD)
        for line in exp_lines:
            draw_text(im, M + 30, y + 38, line, 32, INK, max_w=W - 2 * M - 36)
            y += 46
        if hidden:
            draw_text(im, M + 30, y + 38, label("more", lang, n=hidden), 28, MUTED)
    return encode(im)


def _tile_block(
    im: Image.Image,
    y: int,
    th: TileHandView,
    groups: list[tuple[list[int], bool]] | None,
    lang: str,
) -> None:
    d = ImageDraw.Draw(im)
    bits = []
    t = th.tiles
    if t.get("self_drawn") is True:
        bits.append(label("self_drawn", lang))
    fl = t.get("flowers")
    if isinstance(fl, int) and not isinstance(fl, bool) and fl > 0:
        bits.append(label("flowers", lang, n=fl))
    w = draw_text(im, M, y + 44, th.winner, 40, INK, bold=True, max_w=560)
    if bits:
        draw_text(im, M + w + 20, y + 44, dot_join(*bits), 30, MUTED, max_w=W - 2 * M - w - 20)
    y += 64
    if groups is None:
        raw = " ".join(str(x) for x in (t.get("hand"), t.get("win_tile")) if isinstance(x, str))
        draw_text(im, M, y + 40, raw or "?", 34, MUTED, max_w=W - 2 * M)
        y += 56
    else:
        tw, tile_h, gap = _tiles_layout(groups)
        x = M
        for tiles, win in groups:
            if win:
                x += gap
            for cp in tiles:
                _draw_tile(im, x, y, tw, tile_h, cp, win)
                x += tw + 2
            x += gap
        y += tile_h + 36
    if th.fans:
        for i, fan in enumerate(th.fans):
            if i % 2 == 0:
                d.rectangle((M - 12, y, W - M + 12, y + 52), fill=ZEBRA)
            name = fan.name + (f" ×{fan.count}" if fan.count != 1 else "")
            draw_text(im, M, y + 38, name, 32, INK, max_w=W - 2 * M - 160)
            draw_text(
                im, W - M, y + 38, str(fan.points * fan.count), 32, INK, bold=True, align="right"
            )
            y += 52
        total = th.total if th.total is not None else sum(f.points * f.count for f in th.fans)
        draw_text(
            im, W - M, y + 44, label("fan_total", lang, n=total), 36, INK, bold=True, align="right"
        )


__all__ = ["encode", "render_hand_card", "render_scoreboard", "render_settlement"]
