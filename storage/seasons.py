"""Seasons, table fees and loss caps, guest merges and each player's history (issue 18).

The :class:`storage.service.Ledger` facade delegates here (``Ledger.set_fee``,
``Ledger.season_board``, ``Ledger.player_history`` …); these functions take the ledger and
use its transactions. Nothing here changes the per-hand ledger: fees and caps are applied to
a night's nets when it is settled (:func:`night_money`), so /undo and /edit keep working.

* **Fee and cap.** A table carries the fee and cap of its next nights; each night keeps its
  own copy (taken when the night begins; ``/fee`` and ``/cap`` also set tonight's). Amounts
  are money in minor units when the table has a stake, else points. The fee's payee is a
  player, or ``None`` = the house, paid to the table's creator (the host).
* **Seasons.** A season is a span of time of a chat: the nights that *began* in it count,
  over every table of the chat. A chat without season rows is in season 1 from the start.
* **Guests.** A guest counts under their name (several guest rows of one name in a chat are
  one person); a guest merged into a Telegram account (``player.merged_into_id``) counts as
  that account everywhere here. Per-table views (standings, history) keep the guest's name.
* **Money.** A night's money is its points at the table's stake (exact: to_money at one
  minor unit per point's rate), adjusted by the night's fee and cap exactly as its settlement.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from sqlalchemy import String, and_, func, or_, select, text, type_coerce, update

from scoring.fees import FEE_SPLITS, NightAdjust, adjust_night
from scoring.transfers import to_money
from storage.errors import Conflict, NotFound, TableClosed
from storage.ledger._util import LT, NGT, NT, PT, ST, TT  # the tables' Core handles
from storage.models import (
    Chat,
    GameTable,
    Player,
    Season,
    table_of,
    utcnow,
)

if TYPE_CHECKING:
    from storage.service import Ledger

CT = table_of(Chat)
SNT = table_of(Season)

#: the pseudo-party of money paid into or out of nothing (storage.service: player id 0)
POT_ID = 0
#: the trend chart shows at most this many nights (the latest)
TREND_NIGHTS = 60
#: /me lists at most this many nights (the latest; totals count them all)
ME_NIGHTS = 400


# --- views ----------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class FeeSettings:
    fee_amount: int | None  # minor units with a stake, else points; None = no fee
    fee_split: str | None  # "aa" / "winners"
    fee_payee_id: int | None  # None = the house (paid to the table's creator)
    loss_cap: int | None
    creator_id: int = 0


@dataclass(frozen=True, slots=True)
class NightSettle:
    """A night's fee and cap as settled: what scoring.fees did, with player ids."""

    final: Mapping[int, int]  # the nets settled (basis: money with a stake, else points)
    capped: Mapping[int, int]  # capped player → amount waived
    cap_shares: Mapping[int, int]  # winner → part of the shortfall given up
    fee_shares: Mapping[int, int]  # player → share of the fee paid
    fee_payee_id: int | None
    fee_total: int
    fee_split: str | None
    loss_cap: int | None
    house: bool  # the payee is the house (the table's creator)


@dataclass(frozen=True, slots=True)
class SeasonInfo:
    number: int
    name: str | None
    started_at: datetime | None
    closed_at: datetime | None

    @property
    def current(self) -> bool:
        return self.closed_at is None


@dataclass(frozen=True, slots=True)
class SeasonLine:
    player_id: int
    name: str
    points: int
    money: Mapping[str, int]  # currency → minor units (staked nights only)
    nights: int
    hands: int
    wins: int
    self_draws: int
    deal_ins: int
    biggest_hand: int  # largest single-hand gain (points), 0 if none


@dataclass(frozen=True, slots=True)
class SeasonBoard:
    season: SeasonInfo
    seasons: int  # how many seasons the chat has had
    lines: tuple[SeasonLine, ...]  # best first (by money in the one currency, else points)
    nights: int  # nights played in the season
    hands: int
    currency: str | None  # the one currency of the staked nights, None if none or several
    trend_money: bool  # the trend is in money (minor units of ``currency``), else points
    trend: Mapping[int, tuple[int, ...]]  # player → running total after each night shown
    trend_nights: int  # nights in the trend (the latest TREND_NIGHTS)


@dataclass(frozen=True, slots=True)
class MeNight:
    tg_chat_id: int
    chat_title: str | None
    table_id: int
    table_name: str | None
    ruleset: str
    night: int
    started_at: datetime | None
    points: int
    money_minor: int | None
    currency: str | None
    hands: int
    wins: int


@dataclass(frozen=True, slots=True)
class MeChat:
    tg_chat_id: int
    title: str | None
    nights: int
    points: int
    money: Mapping[str, int]


@dataclass(frozen=True, slots=True)
class PlayerHistory:
    player_id: int
    name: str
    nights: tuple[MeNight, ...]  # oldest first (the latest ME_NIGHTS)
    night_count: int
    chats: tuple[MeChat, ...]  # most nights first
    points: int
    money: Mapping[str, int]
    hands: int
    wins: int
    self_draws: int
    deal_ins: int
    biggest_hand: int
    best_night: MeNight | None
    worst_night: MeNight | None
    currency: str | None  # the one currency of the staked nights
    running: tuple[int, ...]  # running total after each night listed (money if currency)


# --- fee and cap ----------------------------------------------------------------------------
def fee_settings(led: Ledger, table_id: int) -> FeeSettings:
    with led._core() as conn:
        r = conn.execute(
            select(
                TT.c.fee_amount, TT.c.fee_split, TT.c.fee_payee_id, TT.c.loss_cap, TT.c.creator_id
            ).where(TT.c.id == table_id)
        ).first()
        if r is None:
            raise NotFound(f"table {table_id} does not exist")
        return FeeSettings(r[0], r[1], r[2], r[3], creator_id=int(r[4]))


def _set(led: Ledger, table_id: int, values: dict[str, Any]) -> FeeSettings:
    with led._write() as s:
        t = s.scalars(select(GameTable).where(GameTable.id == table_id).with_for_update()).first()  # type: ignore[arg-type]
        if t is None:
            raise NotFound(f"table {table_id} does not exist")
        if t.status == "closed":
            raise TableClosed(f"table {table_id} is closed")
        s.execute(update(TT).where(TT.c.id == table_id).values(**values))
        s.execute(
            update(NGT).where(NGT.c.table_id == table_id, NGT.c.number == t.night).values(**values)
        )
    return fee_settings(led, table_id)


def set_fee(
    led: Ledger,
    table_id: int,
    amount: int | None,
    *,
    split: str = "aa",
    payee_id: int | None = None,
) -> FeeSettings:
    """The table's fee for tonight and its next nights (``amount`` None or 0 = no fee)."""
    if amount is not None and (type(amount) is not int or amount < 0 or amount > 10**12):
        raise Conflict("the fee must be a whole number of minor units (or points) ≥ 0")
    if split not in FEE_SPLITS:
        raise Conflict(f"the fee is split {' or '.join(FEE_SPLITS)}")
    if not amount:
        return _set(led, table_id, {"fee_amount": None, "fee_split": None, "fee_payee_id": None})
    if payee_id is not None:
        with led._core() as conn:
            if conn.execute(select(PT.c.id).where(PT.c.id == payee_id)).first() is None:
                raise NotFound(f"player {payee_id} does not exist")
    return _set(led, table_id, {"fee_amount": amount, "fee_split": split, "fee_payee_id": payee_id})


def set_cap(led: Ledger, table_id: int, cap: int | None) -> FeeSettings:
    """The table's loss cap per player per night (None = no cap)."""
    if cap is not None and (type(cap) is not int or cap <= 0 or cap > 10**12):
        raise Conflict("the cap must be a positive whole number of minor units (or points)")
    return _set(led, table_id, {"loss_cap": cap})


def copy_to_night(s: Any, table_id: int, number: int) -> None:
    """A new night takes the table's fee and cap (called by ``Ledger.new_night``)."""
    t = s.execute(
        select(TT.c.fee_amount, TT.c.fee_split, TT.c.fee_payee_id, TT.c.loss_cap).where(
            TT.c.id == table_id
        )
    ).first()
    if t is not None and (t[0] is not None or t[3] is not None):
        s.execute(
            update(NGT)
            .where(NGT.c.table_id == table_id, NGT.c.number == number)
            .values(fee_amount=t[0], fee_split=t[1], fee_payee_id=t[2], loss_cap=t[3])
        )


def night_money(
    basis: Mapping[str, int],
    order: Sequence[str],
    *,
    fee_amount: int | None,
    fee_split: str | None,
    fee_payee_id: int | None,
    loss_cap: int | None,
    creator_id: int,
) -> NightAdjust | None:
    """A night's nets (``basis``: player id text → money or points, the pot as "0") after
    its fee and cap, or None when the night has neither."""
    if not fee_amount and loss_cap is None:
        return None
    people = [p for p in order if p != str(POT_ID)]
    payee = str(fee_payee_id if fee_payee_id is not None else creator_id)
    return adjust_night(
        basis,
        cap=loss_cap,
        fee=fee_amount or 0,
        fee_split=fee_split or "aa",
        fee_payee=payee if fee_amount else None,
        players=people,
        order=list(order),
    )


def settle_night(
    conn: Any, t: Any, night: int, basis: Mapping[str, int], order: Sequence[str]
) -> NightSettle | None:
    """The fee and cap of ``night`` of table ``t`` (a row with id, creator_id) applied to
    ``basis``; ``night`` 0 (the whole table) sums each night's adjustment."""
    nights = conn.execute(
        select(
            NGT.c.number, NGT.c.fee_amount, NGT.c.fee_split, NGT.c.fee_payee_id, NGT.c.loss_cap
        ).where(
            NGT.c.table_id == t.id,
            or_(NGT.c.fee_amount.is_not(None), NGT.c.loss_cap.is_not(None)),
            *(() if night == 0 else (NGT.c.number == night,)),
        )
    ).all()
    if not nights:
        return None
    creator = int(t.creator_id)
    if night != 0:
        n = nights[0]
        adj = night_money(
            basis,
            order,
            fee_amount=n.fee_amount,
            fee_split=n.fee_split,
            fee_payee_id=n.fee_payee_id,
            loss_cap=n.loss_cap,
            creator_id=creator,
        )
        if adj is None:
            return None
        return _night_settle(adj, n.fee_split, n.loss_cap, n.fee_payee_id is None)
    # the whole table: each adjusted night's change added to the table's nets
    stake = conn.execute(select(TT.c.stake_minor).where(TT.c.id == t.id)).scalar()
    final = {int(k): v for k, v in basis.items()}
    capped: dict[int, int] = {}
    cap_sh: dict[int, int] = {}
    fee_sh: dict[int, int] = {}
    fee_total = 0
    for n in nights:
        rows = conn.execute(
            select(NT.c.player_id, NT.c.total).where(NT.c.table_id == t.id, NT.c.night == n.number)
        ).all()
        pts = {str(int(r[0])): int(r[1]) for r in rows}
        if sum(pts.values()):
            pts[str(POT_ID)] = -sum(pts.values())
        b = pts if not stake else {k: v * int(stake) for k, v in pts.items()}
        adj = night_money(
            b,
            [p for p in order if p in b] + [p for p in b if p not in order],
            fee_amount=n.fee_amount,
            fee_split=n.fee_split,
            fee_payee_id=n.fee_payee_id,
            loss_cap=n.loss_cap,
            creator_id=creator,
        )
        if adj is None:
            continue
        for k, v in adj.net.items():
            final[int(k)] = final.get(int(k), 0) + v - b.get(k, 0)
        for src, dst in ((adj.capped, capped), (adj.cap_shares, cap_sh), (adj.fee_shares, fee_sh)):
            for k, v in src.items():
                dst[int(k)] = dst.get(int(k), 0) + v
        fee_total += adj.fee_total
    last = nights[-1]
    return NightSettle(
        final=final,
        capped=capped,
        cap_shares=cap_sh,
        fee_shares=fee_sh,
        fee_payee_id=None,
        fee_total=fee_total,
        fee_split=last.fee_split,
        loss_cap=last.loss_cap,
        house=last.fee_payee_id is None,
    )


def _night_settle(adj: NightAdjust, split: str | None, cap: int | None, house: bool) -> NightSettle:
    return NightSettle(
        final={int(k): v for k, v in adj.net.items()},
        capped={int(k): v for k, v in adj.capped.items()},
        cap_shares={int(k): v for k, v in adj.cap_shares.items()},
        fee_shares={int(k): v for k, v in adj.fee_shares.items()},
        fee_payee_id=None if adj.fee_payee is None else int(adj.fee_payee),
        fee_total=adj.fee_total,
        fee_split=split if adj.fee_total else None,
        loss_cap=cap,
        house=house,
    )


# --- players: guests by name, merges --------------------------------------------------------
def _identities(conn: Any, ids: set[int]) -> tuple[dict[int, int], dict[int, str]]:
    """Each player id → the id it counts as (a merge target; the first guest row of the same
    name in the same chat), and the names of those ids."""
    if not ids:
        return {}, {}
    rows = conn.execute(
        select(PT.c.id, PT.c.name, PT.c.is_guest, PT.c.guest_chat_id, PT.c.merged_into_id).where(
            PT.c.id.in_(ids)
        )
    ).all()
    target: dict[int, int] = {}
    by_name: dict[tuple[int, str], int] = {}
    names: dict[int, str] = {}
    merged: set[int] = set()
    for pid, name, guest, gchat, into in sorted(rows, key=lambda r: int(r[0])):
        pid = int(pid)
        if into is not None:
            target[pid] = int(into)
            merged.add(int(into))
        elif guest and gchat is not None:
            key = (int(gchat), str(name).strip().casefold())
            target[pid] = by_name.setdefault(key, pid)
            names.setdefault(target[pid], str(name))
        else:
            target[pid] = pid
            names[pid] = str(name)
    missing = merged - set(names)
    if missing:
        for pid, name in conn.execute(select(PT.c.id, PT.c.name).where(PT.c.id.in_(missing))):
            names[int(pid)] = str(name)
    return target, names


def merge_guest(
    led: Ledger, tg_chat_id: int, guest_name: str, into_player_id: int
) -> tuple[int, str]:
    """Merge the chat's guest(s) called ``guest_name`` (case-insensitive) into a Telegram
    account. Returns (guest rows merged, the guest's name). Per-table history keeps the guest;
    seasons and /me count the guest's nights as the account's."""
    name = guest_name.strip().casefold()
    with led._write() as s:
        chat = s.scalars(select(Chat).where(Chat.tg_chat_id == tg_chat_id)).first()  # type: ignore[arg-type]
        if chat is None:
            raise NotFound(f"chat {tg_chat_id} is not known")
        target = s.get(Player, into_player_id)
        if target is None:
            raise NotFound(f"player {into_player_id} does not exist")
        if target.is_guest or target.merged_into_id is not None:
            raise Conflict("a guest can only be merged into a Telegram account")
        guests = [
            g
            for g in s.scalars(
                select(Player).where(
                    Player.guest_chat_id == chat.id,  # type: ignore[arg-type]
                    Player.is_guest.is_(True),  # type: ignore[attr-defined]
                )
            )
            if g.name.strip().casefold() == name
        ]
        if not guests:
            raise NotFound(f"no guest {guest_name!r} in this chat")
        todo = [g for g in guests if g.merged_into_id is None]
        if not todo:
            raise Conflict(f"guest {guest_name!r} is merged already")
        for g in todo:
            g.merged_into_id = into_player_id
        s.flush()
        return len(todo), guests[0].name


def player_by_username(led: Ledger, username: str) -> int | None:
    u = username.lstrip("@").casefold()
    with led._core() as conn:
        r = conn.execute(
            select(PT.c.id).where(func.lower(PT.c.username) == u, PT.c.is_guest.is_(False)).limit(1)
        ).first()
        return None if r is None else int(r[0])


# --- seasons --------------------------------------------------------------------------------
def _chat_id(conn: Any, tg_chat_id: int) -> int | None:
    r = conn.execute(select(CT.c.id).where(CT.c.tg_chat_id == tg_chat_id)).first()
    return None if r is None else int(r[0])


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


def _money_of_nights(
    conn: Any, nights: Sequence[Any], per_player: Mapping[tuple[int, int], dict[int, int]]
) -> dict[tuple[int, int], dict[int, int]]:
    """Money per player of each staked night (table, number) → {player: minor units}, with
    the night's fee and cap as settled (``per_player``: the night's points per player)."""
    out: dict[tuple[int, int], dict[int, int]] = {}
    seat_order: dict[int, list[int]] = {}
    need = {
        int(n.table_id)
        for n in nights
        if n.stake_minor and (n.fee_amount or n.loss_cap is not None)
    }
    if need:
        for tid, pid in conn.execute(
            select(ST.c.table_id, ST.c.player_id)
            .where(ST.c.table_id.in_(need), ST.c.left_at.is_(None))
            .order_by(ST.c.table_id, ST.c.seat_index)
        ):
            seat_order.setdefault(int(tid), []).append(int(pid))
    for n in nights:
        if not n.stake_minor:
            continue
        key = (int(n.table_id), int(n.number))
        pts = per_player.get(key, {})
        stake = int(n.stake_minor)
        if not (n.fee_amount or n.loss_cap is not None):
            out[key] = {p: v * stake for p, v in pts.items()}
            continue
        seated = seat_order.get(key[0], [])
        out[key] = dict(
            _settled_money(
                tuple(sorted(pts.items())),
                tuple(seated),
                stake,
                n.fee_amount,
                n.fee_split,
                n.fee_payee_id,
                n.loss_cap,
                int(n.creator_id),
            )
        )
    return out


@functools.lru_cache(maxsize=1 << 16)
def _settled_money(
    pts: tuple[tuple[int, int], ...],
    seated: tuple[int, ...],
    stake: int,
    fee_amount: int | None,
    fee_split: str | None,
    fee_payee_id: int | None,
    loss_cap: int | None,
    creator_id: int,
) -> tuple[tuple[int, int], ...]:
    """A fee or cap night's money per player, as settled (a pure function of its arguments,
    so remembered: seasons and /me read the same nights again and again)."""
    points = dict(pts)
    order = [str(p) for p in [*seated, *sorted(set(points) - set(seated))]]
    b = {str(p): v for p, v in points.items()}
    if sum(b.values()):
        b[str(POT_ID)] = -sum(b.values())
        order.append(str(POT_ID))
    money = to_money(b, stake, order=order)
    adj = night_money(
        money,
        order,
        fee_amount=fee_amount,
        fee_split=fee_split,
        fee_payee_id=fee_payee_id,
        loss_cap=loss_cap,
        creator_id=creator_id,
    )
    final = adj.net if adj is not None else money
    return tuple((int(p), v) for p, v in final.items() if int(p) != POT_ID)


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
            select(*_NIGHT_COLS, NGT.c.hand_count)
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
            select(
                NT.c.table_id,
                NT.c.night,
                NT.c.player_id,
                NT.c.total,
                NT.c.hands,
                NT.c.wins,
                NT.c.self_draws,
                NT.c.deal_ins,
            ).where(NT.c.table_id.in_(tids), NT.c.night >= max(lo, 1))
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
    for tid, night, pid, total, hands, wins, sd, di in totals:
        who = target.get(int(pid), int(pid))
        a = agg.setdefault(who, [0, 0, 0, 0, 0, 0, 0])
        a[0] += int(total)
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


# --- one player's history -------------------------------------------------------------------
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
        c = chats.get(r[10])
        if c is None:
            c = chats[r[10]] = [r[11], 0, 0, {}]
        c[1] += 1
        c[2] += e[3]
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
        (MeChat(int(k), v[0], v[1], v[2], v[3]) for k, v in chats.items()),
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
    )


def _pairs(table_col: str, night_col: str, keys: Sequence[tuple[int, int]]) -> Any:
    """SQL text for (table, night) IN keys, one index range per table (SQLite scans the whole
    table for a row-value IN list); the keys are ints from the database, written inline."""
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


__all__ = [
    "FeeSettings",
    "MeChat",
    "MeNight",
    "NightSettle",
    "PlayerHistory",
    "SeasonBoard",
    "SeasonInfo",
    "SeasonLine",
]
