"""The scoreboard image (/board): the night's totals by seat, the dealer, the running
totals as a chart with a legend (the chart and legend are the season card's too)."""

from __future__ import annotations

import math
from typing import Any

from PIL import Image, ImageDraw

from bot.render.draw import (
    BG,
    FELT,
    GOLD,
    INK,
    MARKERS,
    MUTED,
    RGB,
    RULE,
    SERIES,
    SUB_SIZE,
    WHITE,
    M,
    W,
    _serialized,
    dot_join,
    draw_value,
    encode,
    fit_parts,
    header,
    money_text,
    pill,
    section_title,
    tone,
)
from bot.render.labels import hands_label, is_zh, label, unit
from bot.render.money import signed
from bot.render.text import (
    draw_text,
    text_width,
)
from bot.render.views import (
    ScoreboardView,
)

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
