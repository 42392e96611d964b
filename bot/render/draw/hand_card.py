"""The hand card image (/explain N): the headline, the tiles and their fans (a win entered
as tiles), the payments with their reasons, the nets (and money), the explanation."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageDraw

from bot.i18n import translator
from bot.render.draw import (
    BG,
    FELT,
    GOLD,
    INK,
    IVORY,
    MUTED,
    SUB_SIZE,
    WIN_TILE,
    ZEBRA,
    M,
    W,
    _serialized,
    dot_join,
    draw_amount,
    draw_value,
    encode,
    fit_parts,
    header,
    money_text,
    section_title,
)
from bot.render.labels import label, unit
from bot.render.money import signed
from bot.render.text import (
    SYMBOLS2,
    draw_text,
    font,
    text_width,
    wrap,
)
from bot.render.views import (
    HandCardView,
    TileHandView,
)

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


#: a tile to draw: its code point, and whether it is a red five (``0m``/``0p``/``0s``)
Tile = tuple[int, bool]
RED_FIVE: tuple[int, int, int] = (206, 32, 41)  # the red of a red five's marks


def parse_tiles(s: object) -> list[int] | None:
    """``"123m55z"`` → tile code points (U+1F000 block); None if it is not tile notation."""
    tiles = _parse(s)
    return None if tiles is None else [cp for cp, _ in tiles]


def _parse(s: object) -> list[Tile] | None:
    """``"123m0p55z"`` → the tiles to draw (a ``0`` is a red five); None if not the notation."""
    if not isinstance(s, str):
        return None
    out: list[Tile] = []
    digits: list[int] = []
    for ch in s.strip():
        if ch.isdigit() and ch.isascii():
            digits.append(int(ch))
        elif ch in "mps" and digits:
            out += [(_SUIT_BASE[ch] + (n or 5) - 1, n == 0) for n in digits]
            digits = []
        elif ch == "z" and digits and all(1 <= n <= 7 for n in digits):
            out += [(_HONOR[n], False) for n in digits]
            digits = []
        else:
            return None
    return out if not digits else None


def _tile_groups(tiles: Mapping[str, Any]) -> list[tuple[list[Tile], bool]] | None:
    """Groups to draw (tiles, is_win_tile_group): melds, then the hand, then the winning tile."""
    groups: list[tuple[list[Tile], bool]] = []
    melds = tiles.get("melds") or []
    if not isinstance(melds, list):
        return None
    for m in melds:
        if not isinstance(m, Mapping):
            return None
        t = _parse(m.get("tiles"))
        if t is None:
            return None
        if m.get("kind") == "kong" and m.get("concealed") and len(t) == 4:
            t = [(BACK, False), t[1], t[2], (BACK, False)]
        groups.append((t, False))
    hand = _parse(tiles.get("hand", ""))
    win = _parse(tiles.get("win_tile", ""))
    if hand is None or win is None:
        return None
    groups.append((sorted(hand, key=lambda c: (_ORDER.get(c[0], 99), c[1])), False))
    if win:
        groups.append((win, True))
    return groups


def _tiles_layout(groups: list[tuple[list[Tile], bool]]) -> tuple[int, int, int]:
    """Tile width, tile height, gap between groups, so that everything fits one row."""
    n = sum(len(g) for g, _ in groups)
    gaps = len(groups) - 1
    gap = 18
    tw = min(66, int((W - 2 * M - gap * gaps) / max(n, 1)) - 2)
    return tw, int(tw * 79 / 66), gap


def _draw_tile(
    im: Image.Image, x: int, y: int, tw: int, th: int, cp: int, win: bool, red: bool = False
) -> None:
    """One tile; a red five with its marks in red and a red dot in its corner."""
    d = ImageDraw.Draw(im)
    size = round(tw * 110 / 66)
    f = font(SYMBOLS2, size)
    bb = f.getbbox(chr(cp))
    r = max(4, tw // 7)
    d.rounded_rectangle((x + 1, y + 6, x + tw + 1, y + th + 7), radius=r, fill=FELT)
    body = (92, 140, 200) if cp == BACK else (WIN_TILE if win else IVORY)
    d.rounded_rectangle((x, y, x + tw, y + th), radius=r, fill=body)
    d.text((x - bb[0], y - bb[1]), chr(cp), font=f, fill=RED_FIVE if red else INK)
    if red:
        dot = max(3, tw // 9)
        cx, cy = x + tw - dot - 3, y + dot + 3
        d.ellipse((cx - dot, cy - dot, cx + dot, cy + dot), fill=RED_FIVE)


#: the indicator rows (riichi dora): label size, small tile width, gap after a label
_IND_SIZE, _IND_TW, _IND_GAP = 28, 40, 14
_IND_TH = int(_IND_TW * 79 / 66)
_IND_ROW = _IND_TH + 22


def _indicator_rows(th: TileHandView) -> list[list[tuple[str, list[Tile]]]]:
    """The indicator rows: every (label, tiles) on one row if it fits the card, else one
    row each (tiles that are not the notation are left out)."""
    items = [(lab, t) for lab, s in th.indicators if (t := _parse(s))]
    if not items:
        return []

    def width(item: tuple[str, list[Tile]]) -> float:
        return text_width(item[0], _IND_SIZE) + _IND_GAP + len(item[1]) * (_IND_TW + 2)

    one = sum(width(it) for it in items) + 40 * (len(items) - 1)
    return [items] if one <= W - 2 * M else [[it] for it in items]


def _tile_block_height(th: TileHandView) -> tuple[int, Any]:
    groups = _tile_groups(th.tiles)
    fans_h = 52 * len(th.fans) + (56 if th.fans else 0)
    ind_h = _IND_ROW * len(_indicator_rows(th))
    if groups is None:
        return 64 + 56 + ind_h + fans_h, None
    _, tile_h, _ = _tiles_layout(groups)
    return 64 + tile_h + 36 + ind_h + fans_h, groups


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
    groups: list[tuple[list[Tile], bool]] | None,
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
    if th.note:
        bits.append(th.note)
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
            for cp, red in tiles:
                _draw_tile(im, x, y, tw, tile_h, cp, win, red)
                x += tw + 2
            x += gap
        y += tile_h + 36
    for row in _indicator_rows(th):
        xi = M
        for lab, tiles_ in row:
            xi += int(draw_text(im, xi, y + _IND_TH // 2 + 10, lab, _IND_SIZE, MUTED)) + _IND_GAP
            for cp, red in tiles_:
                _draw_tile(im, xi, y, _IND_TW, _IND_TH, cp, False, red)
                xi += _IND_TW + 2
            xi += 40
        y += _IND_ROW
    if th.fans:
        values = th.values if len(th.values) == len(th.fans) else ()
        for i, fan in enumerate(th.fans):
            if i % 2 == 0:
                d.rectangle((M - 12, y, W - M + 12, y + 52), fill=ZEBRA)
            name = fan.name + (f" ×{fan.count}" if fan.count != 1 else "")
            value = values[i] if values else str(fan.points * fan.count)
            vw = int(text_width(value, 32, True))
            draw_text(im, M, y + 38, name, 32, INK, max_w=W - 2 * M - max(160, vw + 40))
            draw_text(im, W - M, y + 38, value, 32, INK, bold=True, align="right")
            y += 52
        total = th.total if th.total is not None else sum(f.points * f.count for f in th.fans)
        text = th.total_text or label("fan_total", lang, n=total)
        draw_text(im, W - M, y + 44, text, 36, INK, bold=True, align="right")
