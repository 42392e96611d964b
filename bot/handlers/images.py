"""Images (bot.render) for /board, /settle and /explain: built off the event loop; a failure
to draw never stops the text answer (it is logged and the photo is skipped)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Mapping
from typing import Any

import scoring
from bot import texts
from bot.context import Ctx, Who
from scoring.record import Settlement
from scoring.transfers import to_money
from storage.views import HandView, SettleView, StandingsView, TableView, TransferView

log = logging.getLogger(__name__)
WINDS = ("E", "S", "W", "N")


def _enabled(context: Ctx) -> bool:
    return bool(context.application.bot_data.get("images", True))


async def _draw(fn: Any, view: Any, lang: str) -> bytes | None:
    try:
        return await asyncio.to_thread(fn, view, lang)
    except Exception:
        log.exception("drawing %s failed", getattr(fn, "__name__", fn))
        return None


def _title(table: TableView, w: Who) -> tuple[str, str]:
    rs = scoring.get(table.ruleset)
    return table.name or w.tr.name(rs), w.tr.name(rs)


async def scoreboard(context: Ctx, w: Who, table: TableView, st: StandingsView) -> bytes | None:
    if not _enabled(context):
        return None
    from bot import render

    totals = {p.player_id: p for p in st.players}
    seats = []
    for s in sorted(table.seats, key=lambda s: s.seat_index):
        p = totals.get(s.player_id)
        seats.append(
            render.SeatLine(
                name=s.name,
                total=p.total if p else 0,
                wind=WINDS[s.seat_index] if s.seat_index < 4 else None,
                is_dealer=s.player_id == table.dealer_id,
                hands_won=p.wins if p else 0,
                self_draws=p.self_draws if p else 0,
                deal_ins=p.deal_ins if p else 0,
                money_minor=p.money_minor if p and table.stake_minor else None,
            )
        )
    names = {s.player_id: s.name for s in table.seats}
    trend = (
        tuple(
            render.TrendSeries(
                name=names.get(pid, str(pid)),
                running=tuple(pt.totals.get(pid, 0) for pt in st.trend),
            )
            for pid in names
        )
        if st.trend
        else ()
    )
    name, rs_name = _title(table, w)
    view = render.ScoreboardView(
        table_name=name,
        ruleset_name=rs_name,
        night=st.night,
        hand_count=st.hand_count,
        seats=tuple(seats),
        trend=trend,
        currency=table.currency,
        unit_zh=scoring.get(table.ruleset).unit_zh,
        unit_en=scoring.get(table.ruleset).unit_en,
        unit_zh_hant=scoring.get(table.ruleset).unit_zh_hant,
    )
    return await _draw(render.render_scoreboard, view, w.tr.lang)


def _transfer_points(t: TransferView, stake_minor: int | None) -> int:
    """A transfer's points: a staked table's transfers are in money, a whole number of points
    at the stake (every net is points × stake), so the points are the money over the stake."""
    if t.points is not None:
        return t.points
    if t.money_minor is None or not stake_minor:
        return 0
    return t.money_minor // stake_minor


async def settlement(
    context: Ctx, w: Who, table: TableView, sv: SettleView, st: StandingsView
) -> bytes | None:
    if not _enabled(context):
        return None
    from bot import render

    names = dict(sv.names)
    for s in table.seats:
        names.setdefault(s.player_id, s.name)
    nets = tuple(
        render.NetLine(
            name=names.get(pid, str(pid)),
            points=pts,
            money_minor=(sv.net_money or {}).get(pid) if sv.net_money else None,
        )
        for pid, pts in sorted(sv.net_points.items(), key=lambda kv: -kv[1])
    )
    transfers = tuple(
        render.TransferLine(
            payer=names.get(t.payer_id, str(t.payer_id)),
            payee=names.get(t.payee_id, str(t.payee_id)),
            points=_transfer_points(t, sv.stake_minor),
            money_minor=t.money_minor,
        )
        for t in sv.transfers
    )
    name, rs_name = _title(table, w)
    from bot.season_texts import adjust_notes  # the night's loss cap and table fee, if any

    notes_title, notes = adjust_notes(table, sv, w.tr, names)
    view = render.SettlementImageView(
        table_name=name,
        ruleset_name=rs_name,
        night=sv.night,
        hand_count=st.hand_count,
        nets=nets,
        transfers=transfers,
        currency=sv.currency,
        stake_minor=sv.stake_minor,
        unit_zh=scoring.get(table.ruleset).unit_zh,
        unit_en=scoring.get(table.ruleset).unit_en,
        unit_zh_hant=scoring.get(table.ruleset).unit_zh_hant,
        notes_title=notes_title,
        notes=notes,
    )
    return await _draw(render.render_settlement, view, w.tr.lang)


async def hand_card(
    context: Ctx,
    w: Who,
    table: TableView,
    hand: HandView,
    names: Mapping[str, str],
    shown: Settlement,
) -> bytes | None:
    if not _enabled(context):
        return None
    from bot import render
    from bot.render.tiles import tile_hands

    names = w.tr.parties(names)  # the pot by name
    payments = tuple(
        render.PaymentLine(
            payer=names.get(p.payer, p.payer),
            payee=names.get(p.payee, p.payee),
            amount=p.amount,
            reason=w.tr.reason(scoring.get(table.ruleset), p.reason),
        )
        for p in hand.settlement.payments
    )
    money = (
        to_money(dict(hand.settlement.net), table.stake_minor, order=list(hand.record.players))
        if table.stake_minor
        else {}
    )
    nets = tuple(
        render.NetLine(name=names.get(pid, pid), points=v, money_minor=money.get(pid))
        for pid, v in sorted(hand.settlement.net.items(), key=lambda kv: -kv[1])
    )
    name, rs_name = _title(table, w)
    view = render.HandCardView(
        table_name=name,
        ruleset_name=rs_name,
        seq=hand.seq,
        night=hand.night,
        headline=texts.headline(hand.record, names, w.tr),
        payments=payments,
        nets=nets,
        explanation=shown.explanation,
        tile_hands=tile_hands(hand.record, names, w.tr.lang),  # the tiles and their fans
        voided=hand.status == "voided",
        currency=table.currency if table.stake_minor else None,
        unit_zh=scoring.get(table.ruleset).unit_zh,
        unit_en=scoring.get(table.ruleset).unit_en,
        unit_zh_hant=scoring.get(table.ruleset).unit_zh_hant,
    )
    return await _draw(render.render_hand_card, view, w.tr.lang)
