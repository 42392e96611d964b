"""Seasons of a chat and the season board.

A season is a span of time of a chat: the nights that *began* in it count, over every table of
the chat. A chat without season rows is in season 1 from the start. A night's money is its
points at the table's stake, adjusted by the night's fee and cap exactly as its settlement.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sqlalchemy import func, select, update

from storage.errors import NotFound
from storage.ledger._util import LT, NGT, NT, NT_ROW, TT  # the tables' Core handles
from storage.models import Chat, Season, utcnow
from storage.seasons._sql import CT, SNT, _chat_id
from storage.seasons.fees import _money_of_nights
from storage.seasons.players import _identities
from storage.seasons.views import TREND_NIGHTS, SeasonBoard, SeasonInfo, SeasonLine

if TYPE_CHECKING:
    from storage.service import Ledger


def _season_rows(conn: Any, chat_id: int) -> list[SeasonInfo]:
    rows = conn.execute(
        select(SNT.c.number, SNT.c.name, SNT.c.started_at, SNT.c.closed_at)
        .where(SNT.c.chat_id == chat_id)
        .order_by(SNT.c.number)
    ).all()
    if not rows:
        return [SeasonInfo(1, None, None, None)]
    return [SeasonInfo(int(r[0]), r[1], r[2], r[3]) for r in rows]


def seasons(led: Ledger, tg_chat_id: int) -> list[SeasonInfo]:
    with led._core() as conn:
        cid = _chat_id(conn, tg_chat_id)
        return [SeasonInfo(1, None, None, None)] if cid is None else _season_rows(conn, cid)


def new_season(led: Ledger, tg_chat_id: int, name: str | None, *, by_player_id: int) -> SeasonInfo:
    """Close the chat's current season now and open the next one, called ``name``."""
    name = (name or "").strip()[:255] or None
    led.ensure_chat(tg_chat_id)
    now = utcnow()
    with led._write() as s:
        chat = s.scalars(select(Chat).where(Chat.tg_chat_id == tg_chat_id)).first()  # type: ignore[arg-type]
        assert chat is not None and chat.id is not None
        rows = list(
            s.scalars(select(Season).where(Season.chat_id == chat.id).order_by(Season.number))  # type: ignore[arg-type]
        )
        if not rows:
            s.add(Season(chat_id=chat.id, number=1, started_at=None, closed_at=now))
            number = 2
        else:
            for r in rows:
                if r.closed_at is None:
                    r.closed_at = now
            number = rows[-1].number + 1
        season = Season(
            chat_id=chat.id, number=number, name=name, started_at=now, opened_by=by_player_id
        )
        s.add(season)
        # a night begun (at the last settle) but not played yet belongs to the new season
        s.execute(
            update(NGT)
            .where(
                NGT.c.table_id.in_(select(TT.c.id).where(TT.c.chat_id == chat.id)),
                NGT.c.hand_count == 0,
            )
            .values(started_at=now)
        )
        s.flush()
        return SeasonInfo(number, name, now, None)


def is_table_creator(led: Ledger, tg_chat_id: int, player_id: int) -> bool:
    """Whether the player opened a table in this chat (may start a new season)."""
    with led._core() as conn:
        r = conn.execute(
            select(TT.c.id)
            .join(CT, CT.c.id == TT.c.chat_id)
            .where(CT.c.tg_chat_id == tg_chat_id, TT.c.creator_id == player_id)
            .limit(1)
        ).first()
        return r is not None


def _season_range(season: SeasonInfo) -> list[Any]:
    conds: list[Any] = []
    if season.started_at is not None:
        conds.append(NGT.c.started_at >= season.started_at)
    if season.closed_at is not None:
        conds.append(NGT.c.started_at < season.closed_at)
    return conds


_NIGHT_COLS = (
    NGT.c.table_id,
    NGT.c.number,
    NGT.c.started_at,
    NGT.c.fee_amount,
    NGT.c.fee_split,
    NGT.c.fee_payee_id,
    NGT.c.loss_cap,
    TT.c.stake_minor,
    TT.c.currency,
    TT.c.creator_id,
)


def season_board(led: Ledger, tg_chat_id: int, number: int | None = None) -> SeasonBoard:
    """The leaderboard of season ``number`` of the chat (None = the current one)."""
    with led._core() as conn:
        cid = _chat_id(conn, tg_chat_id)
        all_seasons = [SeasonInfo(1, None, None, None)] if cid is None else _season_rows(conn, cid)
        if number is None:
            season = all_seasons[-1]
        else:
            found = [x for x in all_seasons if x.number == number]
            if not found:
                raise NotFound(f"this chat has no season {number}")
            season = found[0]
        if cid is None:
            return SeasonBoard(season, len(all_seasons), (), 0, 0, None, False, {}, 0)
        nights = conn.execute(
            select(*_NIGHT_COLS, NGT.c.hand_count, TT.c.ruleset)
            .join(TT, TT.c.id == NGT.c.table_id)
            .where(TT.c.chat_id == cid, NGT.c.hand_count > 0, *_season_range(season))
            .order_by(NGT.c.started_at, NGT.c.table_id, NGT.c.number)
        ).all()
        if not nights:
            return SeasonBoard(season, len(all_seasons), (), 0, 0, None, False, {}, 0)
        keys = {(int(n.table_id), int(n.number)) for n in nights}
        tids = sorted({k[0] for k in keys})
        lo = min(k[1] for k in keys)
        totals = conn.execute(
            select(NT.c.table_id, *NT_ROW).where(NT.c.table_id.in_(tids), NT.c.night >= max(lo, 1))
        ).all()
        totals = [r for r in totals if (int(r[0]), int(r[1])) in keys]
        biggest_rows = conn.execute(
            select(LT.c.table_id, LT.c.night, LT.c.player_id, func.max(LT.c.amount))
            .where(LT.c.table_id.in_(tids), LT.c.night >= max(lo, 1), LT.c.confirmed.is_(True))
            .group_by(LT.c.table_id, LT.c.night, LT.c.player_id)
        ).all()
        ids = {int(r[2]) for r in totals}
        target, names = _identities(conn, ids)
        per_player: dict[tuple[int, int], dict[int, int]] = {}
        for r in totals:
            per_player.setdefault((int(r[0]), int(r[1])), {})[int(r[2])] = int(r[3])
        money = _money_of_nights(conn, nights, per_player)
    currencies = {str(n.currency or "") for n in nights if n.stake_minor}
    currency = next(iter(currencies)) if len(currencies) == 1 else None
    agg: dict[int, list[int]] = {}  # points, nights, hands, wins, self_draws, deal_ins, biggest
    night_sets: dict[int, set[tuple[int, int]]] = {}
    ruleset_of = {(int(n.table_id), int(n.number)): str(n.ruleset) for n in nights}
    points_by: dict[int, dict[str, int]] = {}  # player → ruleset → points (never added up)
    for tid, night, pid, total, hands, wins, sd, di in totals:
        who = target.get(int(pid), int(pid))
        a = agg.setdefault(who, [0, 0, 0, 0, 0, 0, 0])
        a[0] += int(total)
        by = points_by.setdefault(who, {})
        rs = ruleset_of[(int(tid), int(night))]
        by[rs] = by.get(rs, 0) + int(total)
        a[2] += int(hands)
        a[3] += int(wins)
        a[4] += int(sd)
        a[5] += int(di)
        if int(hands) > 0:
            night_sets.setdefault(who, set()).add((int(tid), int(night)))
    for tid, night, pid, big in biggest_rows:
        if (int(tid), int(night)) in keys and int(pid) in target:
            a = agg[target[int(pid)]]
            a[6] = max(a[6], int(big or 0))
    money_of: dict[int, dict[str, int]] = {}
    for n in nights:
        key = (int(n.table_id), int(n.number))
        for pid, m in money.get(key, {}).items():
            who = target.get(pid, pid)
            cur = str(n.currency or "")
            d = money_of.setdefault(who, {})
            d[cur] = d.get(cur, 0) + m
    lines = [
        SeasonLine(
            player_id=pid,
            name=names.get(pid, str(pid)),
            points=a[0],
            money=money_of.get(pid, {}),
            nights=len(night_sets.get(pid, ())),
            hands=a[2],
            wins=a[3],
            self_draws=a[4],
            deal_ins=a[5],
            biggest_hand=a[6],
            points_by=points_by.get(pid, {}),
        )
        for pid, a in agg.items()
        if pid in names
    ]
    trend_money = currency is not None and all(n.stake_minor for n in nights)

    def score(line: SeasonLine) -> int:
        return line.money.get(currency or "", 0) if trend_money else line.points

    lines.sort(key=lambda x: (-score(x), x.name.casefold(), x.player_id))
    # running totals night by night (the latest TREND_NIGHTS nights shown)
    running = dict.fromkeys(agg, 0)
    series: dict[int, list[int]] = {pid: [] for pid in agg}
    for n in nights:
        key = (int(n.table_id), int(n.number))
        src = money.get(key, {}) if trend_money else per_player.get(key, {})
        for pid, v in src.items():
            who = target.get(pid, pid)
            running[who] = running.get(who, 0) + v
        for pid in series:
            series[pid].append(running[pid])
    shown = min(len(nights), TREND_NIGHTS)
    return SeasonBoard(
        season=season,
        seasons=len(all_seasons),
        lines=tuple(lines),
        nights=len(nights),
        hands=sum(int(n.hand_count) for n in nights),
        currency=currency,
        trend_money=trend_money,
        trend={pid: tuple(v[-shown:]) for pid, v in series.items() if pid in names},
        trend_nights=shown,
    )
