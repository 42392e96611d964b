"""The Mini App's scoreboard as JSON (the ``board`` and ``version`` calls of
:mod:`bot.web.api`): no HTTP and no ledger here, the API reads the ledger and hands its views
in."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import scoring
from bot import present
from bot.i18n import Translator
from storage.views import HandView, SeatView, SettleView, StandingsView, TableView

WINDS = "ESWN"


def seated(table: TableView) -> list[SeatView]:
    return sorted(table.seats, key=lambda s: s.seat_index)


def shown_winds(table: TableView) -> dict[str, str]:
    """The winds the table message shows: by seat (East = the first seat)."""
    return {str(s.player_id): WINDS[s.seat_index % 4] for s in table.seats}


def table_version(table: TableView) -> str:
    seats = ",".join(f"{s.player_id}:{s.seat_index}" for s in table.seats)
    return (
        f"{table.next_seq}.{table.hand_count}.{table.night}.{table.dealer_id}."
        f"{table.status}.{seats}"
    )


def hand_json(hand: HandView, table: TableView, tr: Translator) -> dict[str, Any]:
    names = tr.parties(present.names_of(table, hand.names))
    steps = tr.steps(present.shown(hand, names).explanation)  # stored, named: no settle
    u = present.unit(hand.record.ruleset, tr)
    return {
        "seq": hand.seq,
        "number": hand.number,  # its place in the night, as /history calls it
        "superseded": hand.superseded,  # a corrected hand's first version: no number of its own
        "night": hand.night,
        "status": hand.status,
        "headline": present.headline(hand.record, names, tr),
        "dealer": names.get(hand.record.dealer, hand.record.dealer),
        "net": {names.get(k, k): v for k, v in hand.settlement.net.items()},
        "money": {  # at the table's stake, the display's one figure ({} without a stake)
            names.get(k, k): present.money(v, table.currency, sign=True, lang=tr.lang)
            for k, v in present.hand_money(hand, table).items()
        },
        "payments": [
            {
                "from": names.get(p.payer, p.payer),
                "to": names.get(p.payee, p.payee),
                "amount": p.amount,
                "for": present.reason(hand.record.ruleset, p.reason, tr),  # win, wildcards …
            }
            for p in hand.settlement.payments
        ],
        "unit": u,
        "steps": steps,
    }


def table_json(
    t: TableView, st: StandingsView | None, tr: Translator, streak: int
) -> dict[str, Any]:
    """The board's table part: its hand numbers are the table message's (issue 25.4)."""
    rs = scoring.get(t.ruleset)
    return {
        "name": t.name or tr.name(rs),
        "ruleset": tr.name(rs),
        "status": t.status,
        "night": t.night,
        "hand_count": st.hand_count if st else 0,
        "next_seq": t.next_seq,
        "next_hand": t.next_number,  # tonight's next hand number, as the table message
        "hands_tonight": t.next_number - 1,
        "voided_tonight": st.voided if st else 0,
        "unit": present.unit(t.ruleset, tr),
        "per_unit": present.per_unit_explained(t.ruleset, tr),  # the stake's: "per zi (points)"
        "stake": present.money(t.stake_minor, t.currency) if t.stake_minor else None,
        "dealer": str(t.dealer_id) if t.dealer_id is not None else None,
        "streak": streak,
    }


def board_json(
    t: TableView,
    st: StandingsView | None,
    history: Sequence[HandView],
    nights_shown: Sequence[SettleView],
    tr: Translator,
    *,
    can_write: bool,
) -> dict[str, Any]:
    """The scoreboard (``board``): seats, winds, dealer and streak, totals (points and money),
    the ``history`` hands with their explanations, the night's trend and ``nights_shown``
    (the ledger's night transfers, oldest first)."""
    dealer = str(t.dealer_id) if t.dealer_id is not None else None
    winds = shown_winds(t)
    wind_names = dict(zip(WINDS, tr.winds(), strict=True))
    totals = {p.player_id: p for p in st.players} if st else {}
    hands = [hand_json(h, t, tr) for h in history]
    streak = 0
    for h in history:
        if h.status != "confirmed" or h.night != t.night:
            continue
        if t.dealer_id is not None and h.dealer_before == t.dealer_id:
            streak += 1
        else:
            break
    seats = []
    for s in seated(t):
        pt = totals.get(s.player_id)
        seats.append(
            {
                "id": str(s.player_id),
                "name": s.name,
                "wind": winds.get(str(s.player_id), ""),
                "wind_name": wind_names.get(winds.get(str(s.player_id), ""), ""),
                "dealer": str(s.player_id) == dealer,
                "total": pt.total if pt else 0,
                "money": present.money(pt.money_minor, t.currency, sign=True)
                if pt and pt.money_minor is not None
                else None,
                "wins": pt.wins if pt else 0,
            }
        )
    trend = []
    if st is not None:
        for tp in st.trend:
            trend.append({"seq": tp.seq, "totals": {str(k): v for k, v in tp.totals.items()}})
    nights = []
    for sv in nights_shown:
        n = sv.night
        names = present.night_names(t, sv, tr)  # the pot (id 0) by name, never "0"
        nights.append(
            {
                "night": n,
                "current": n == t.night,
                "net": [
                    {
                        "name": names.get(pid, str(pid)),
                        "points": pts,
                        "money": present.money(sv.net_money[pid], t.currency, sign=True)
                        if sv.net_money is not None and pid in sv.net_money
                        else None,
                    }
                    for pid, pts in sorted(sv.net_points.items(), key=lambda kv: -kv[1])
                ],
                "transfers": [
                    {
                        "from": names.get(x.payer_id, str(x.payer_id)),
                        "to": names.get(x.payee_id, str(x.payee_id)),
                        "amount": present.money(x.money_minor, t.currency)
                        if x.money_minor is not None
                        else f"{x.points} {present.unit(t.ruleset, tr)}",
                    }
                    for x in sv.transfers
                ],
            }
        )
    return {
        "version": table_version(t),
        "lang": tr.lang,
        "table": table_json(t, st, tr, streak),
        "seats": seats,
        "hands": hands,
        "trend": trend,
        "nights": nights,
        "can_write": can_write,
    }
