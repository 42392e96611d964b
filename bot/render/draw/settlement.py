"""The night settlement image (/settle): each player's net (after the fee and cap, with its
parts, when one was set), the fee and cap notes, the fewest transfers."""

from __future__ import annotations

from PIL import Image, ImageDraw

from bot.render.draw import (
    BG,
    EXTRA_SIZE,
    INK,
    LOSS,
    MUTED,
    ZEBRA,
    M,
    W,
    _serialized,
    draw_amount,
    draw_value,
    encode,
    fit_parts,
    header,
    money_text,
    section_title,
    tone,
)
from bot.render.labels import hands_label, label, unit
from bot.render.money import format_money, signed
from bot.render.text import (
    draw_text,
)
from bot.render.views import (
    NetLine,
    SettlementImageView,
)

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
