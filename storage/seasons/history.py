"""One player's history (/me): their nights over every chat or one, totals and records.

Guests merged into the player count as the player; a night's money is as settled (its fee and
cap applied, :func:`storage.seasons.fees._money_of_nights`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from sqlalchemy import String, TextClause, and_, func, or_, select, text, type_coerce

from storage.errors import NotFound
from storage.ledger._util import LT, NGT, NT, PT, TT  # the tables' Core handles
from storage.seasons._sql import CT, _chat_id
from storage.seasons.fees import _money_of_nights
from storage.seasons.views import ME_NIGHTS, MeChat, MeNight, PlayerHistory

if TYPE_CHECKING:
    from storage.service import Ledger


def player_history(led: Ledger, player_id: int, *, tg_chat_id: int | None = None) -> PlayerHistory:
    """The player's nights (every chat, or only ``tg_chat_id``), totals and records; guests
    merged into the player count as the player."""
    with led._core() as conn:
        me = conn.execute(select(PT.c.id, PT.c.name).where(PT.c.id == player_id)).first()
        if me is None:
            raise NotFound(f"player {player_id} does not exist")
        ids = [player_id] + [
            int(r[0]) for r in conn.execute(select(PT.c.id).where(PT.c.merged_into_id == player_id))
        ]
        conds: list[Any] = [NT.c.player_id.in_(ids), NT.c.night > 0]
        if tg_chat_id is not None:
            cid = _chat_id(conn, tg_chat_id)
            conds.append(TT.c.chat_id == (cid if cid is not None else -1))
        special = or_(NGT.c.fee_amount.is_not(None), NGT.c.loss_cap.is_not(None))
        rows = conn.execute(
            select(
                NT.c.table_id,  # 0
                NT.c.night,
                NT.c.total,
                NT.c.hands,
                NT.c.wins,
                NT.c.self_draws,  # 5
                NT.c.deal_ins,
                # as stored (ISO text on SQLite, sorts as time): parsed for the nights kept only
                type_coerce(NGT.c.started_at, String),
                TT.c.stake_minor,
                TT.c.currency,
                CT.c.tg_chat_id,  # 10
                CT.c.title,
                TT.c.name,
                TT.c.ruleset,
                special,
            )
            .join(TT, TT.c.id == NT.c.table_id)
            .join(CT, CT.c.id == TT.c.chat_id)
            .join(NGT, and_(NGT.c.table_id == NT.c.table_id, NGT.c.number == NT.c.night))
            .where(*conds)
        ).all()
        # nights with a fee or cap at a stake: their money needs everyone's points of the night
        money: dict[tuple[int, int], dict[int, int]] = {}
        special_keys = {(int(r[0]), int(r[1])) for r in rows if r[14] and r[8]}
        if special_keys:
            per_player: dict[tuple[int, int], dict[int, int]] = {}
            night_rows: dict[tuple[int, int], _NightRow] = {}
            keys = sorted(special_keys)
            for r in conn.execute(
                select(
                    NGT.c.table_id,
                    NGT.c.number,
                    NGT.c.fee_amount,
                    NGT.c.fee_split,
                    NGT.c.fee_payee_id,
                    NGT.c.loss_cap,
                    TT.c.stake_minor,
                    TT.c.currency,
                    TT.c.creator_id,
                )
                .join(TT, TT.c.id == NGT.c.table_id)
                .where(_pairs("night.table_id", "night.number", keys))
            ):
                key = (int(r[0]), int(r[1]))
                night_rows[key] = _NightRow(key[0], key[1], None, *r[2:8], int(r[8]))
            for tid, night, pid, total in conn.execute(
                select(NT.c.table_id, NT.c.night, NT.c.player_id, NT.c.total).where(
                    _pairs("night_total.table_id", "night_total.night", keys)
                )
            ):
                per_player.setdefault((int(tid), int(night)), {})[int(pid)] = int(total)
            money = _money_of_nights(conn, list(night_rows.values()), per_player)
        big_q = select(func.max(LT.c.amount)).where(
            LT.c.player_id.in_(ids), LT.c.confirmed.is_(True)
        )
        if tg_chat_id is not None:
            big_q = big_q.where(LT.c.table_id.in_({int(r[0]) for r in rows} or {-1}))
        biggest = int(conn.execute(big_q).scalar() or 0)
    # one entry per night (a merged guest and the account at the same night: one night)
    per_night: dict[tuple[int, int], list[Any]] = {}
    hands = wins = sds = dis = 0
    for r in rows:
        hands += r[3]
        wins += r[4]
        sds += r[5]
        dis += r[6]
        key = (r[0], r[1])
        got_n = per_night.get(key)
        if got_n is None:
            per_night[key] = [r, r[2], r[3], r[4]]
        else:
            got_n[1] += r[2]
            got_n[2] += r[3]
            got_n[3] += r[4]
    entries: list[Any] = []  # (started_at, table, night, points, money or None, hands, wins, row)
    for key, (r, pts, nh, nw) in per_night.items():
        if not nh and not pts:
            continue
        m: int | None = None
        if r[8]:
            got = money.get(key)
            m = sum(got.get(pid, 0) for pid in ids) if got is not None else pts * r[8]
        entries.append((r[7] or "", key[0], key[1], pts, m, nh, nw, r))
    entries.sort(key=lambda e: (e[0], e[1], e[2]))
    currencies = {(e[7][9] or "") for e in entries if e[4] is not None}
    currency = next(iter(currencies)) if len(currencies) == 1 else None
    use_money = currency is not None and all(e[4] is not None for e in entries)
    money_tot: dict[str, int] = {}
    points_by: dict[str, int] = {}  # ruleset → points: units are never added together
    chats: dict[int, list[Any]] = {}
    running: list[int] = []
    acc = 0
    best: Any = None
    worst: Any = None
    for e in entries:
        r = e[7]
        cur = (r[9] or "") if e[4] is not None else None
        if cur is not None:
            money_tot[cur] = money_tot.get(cur, 0) + e[4]
        points_by[str(r[13])] = points_by.get(str(r[13]), 0) + e[3]
        c = chats.get(r[10])
        if c is None:
            c = chats[r[10]] = [r[11], 0, 0, {}, {}]
        c[1] += 1
        c[2] += e[3]
        c[4][str(r[13])] = c[4].get(str(r[13]), 0) + e[3]
        if cur is not None:
            c[3][cur] = c[3].get(cur, 0) + e[4]
        v = (e[4] or 0) if use_money else e[3]
        acc += v
        running.append(acc)
        if best is None or v > best[0]:
            best = (v, e)
        if worst is None or v < worst[0]:
            worst = (v, e)

    def me_night(e: Any) -> MeNight:
        r = e[7]
        return MeNight(
            tg_chat_id=int(r[10]),
            chat_title=r[11],
            table_id=e[1],
            table_name=r[12],
            ruleset=str(r[13]),
            night=e[2],
            started_at=_when(r[7]),
            points=e[3],
            money_minor=e[4],
            currency=(r[9] or "") if e[4] is not None else None,
            hands=e[5],
            wins=e[6],
        )

    chat_views = sorted(
        (MeChat(int(k), v[0], v[1], v[2], v[3], v[4]) for k, v in chats.items()),
        key=lambda c: (-c.nights, c.tg_chat_id),
    )
    return PlayerHistory(
        player_id=player_id,
        name=str(me[1]),
        nights=tuple(me_night(e) for e in entries[-ME_NIGHTS:]),
        night_count=len(entries),
        chats=tuple(chat_views),
        points=sum(e[3] for e in entries),
        money=money_tot,
        hands=int(hands),
        wins=int(wins),
        self_draws=int(sds),
        deal_ins=int(dis),
        biggest_hand=max(0, biggest),
        best_night=me_night(best[1]) if best is not None and best[0] > 0 else None,
        worst_night=me_night(worst[1]) if worst is not None and worst[0] < 0 else None,
        currency=currency if use_money else None,
        running=tuple(running[-ME_NIGHTS:]),
        points_by=points_by,
    )


# Hand-built SQL text, measured on 2026-12-01 (2 CPUs shared; SQLite, the database that
# ``benchmarks/bench_ledger.py --seasons --sizes 100000`` fills; median of its /me calls, three
# runs each, alternated): the same condition as a Core expression, ``or_(*(and_(t == …,
# n.in_(…)) …))`` on NGT / NT, made /me private (5 groups, 1300 nights) 16.8-18.2 ms against
# 12.9-13.7 ms with this text, and /me in one weekly group 5.7-6.0 ms against 4.9-5.2 ms. Its
# shape changes with the keys (one OR term per table, one bound value per night), so
# SQLAlchemy's statement cache misses and each call builds and compiles it again (0.67 ms a
# statement for 124 keys, two statements per /me), plus the bound values' processing.
def _pairs(table_col: str, night_col: str, keys: Sequence[tuple[int, int]]) -> TextClause:
    """SQL text for (table, night) IN keys, one index range per table (SQLite scans the whole
    table for a row-value IN list); the keys are ints from the database (``int()`` again
    here), written inline."""
    by_table: dict[int, list[int]] = {}
    for t, n in keys:
        by_table.setdefault(int(t), []).append(int(n))
    return text(
        " OR ".join(
            f"({table_col} = {t} AND {night_col} IN ({', '.join(map(str, ns))}))"
            for t, ns in sorted(by_table.items())
        )
    )


def _when(value: Any) -> datetime | None:
    """A night's start as read raw: a datetime (PostgreSQL) or ISO text (SQLite), in UTC."""
    if value is None or value == "":
        return None
    dt = value if isinstance(value, datetime) else datetime.fromisoformat(str(value))
    return dt.replace(tzinfo=UTC) if dt.utcoffset() is None else dt.astimezone(UTC)


@dataclass(frozen=True, slots=True)
class _NightRow:
    table_id: int
    number: int
    started_at: datetime | None
    fee_amount: int | None
    fee_split: str | None
    fee_payee_id: int | None
    loss_cap: int | None
    stake_minor: int | None
    currency: str | None
    creator_id: int
