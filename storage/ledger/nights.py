"""Nights and standings: begin the next night, the totals and trend of a night or of the
whole table, and the transfers that settle a night (with its fee and loss cap)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from sqlalchemy import Connection, bindparam, func, select
from sqlmodel import Session, col

from storage import seasons as season_store
from storage.errors import Conflict, NotFound
from storage.ledger._base import LedgerBase
from storage.ledger._util import ALL_NIGHTS, HT, LT, NGT, NT, NT_ROW, PT, ST, TREND_HANDS, TT
from storage.ledger.driver import DriverStatement
from storage.models import Night, NightTotal
from storage.views import (
    PlayerTotal,
    SettleView,
    StandingsView,
    TableView,
    TransferView,
    TrendPoint,
)

# Core rows (the standings after every hand): standings 0.85 vs 2.34 / 1.55 vs 7.42 on a random
# table with GameTable/Seat/NightTotal/Night entities in a Session, 2.23 vs 3.70 / 2.97 vs 7.99
# on the big table (10,300 hands, a trend of 200) (ms, SQLite / PostgreSQL; how:
# storage/ledger/__init__.py)
#: run on the driver's cursor (storage/ledger/driver.py): five statements after every hand
_TABLE_ROW = DriverStatement(
    select(
        TT.c.id,
        TT.c.night,
        TT.c.hand_count,
        TT.c.last_seq,
        TT.c.dealer_id,
        TT.c.stake_minor,
        TT.c.currency,
    ).where(TT.c.id == bindparam("t"))
)
_SEATED_NAMES = DriverStatement(
    select(ST.c.player_id, PT.c.name)
    .join(PT, PT.c.id == ST.c.player_id)
    .where(ST.c.table_id == bindparam("t"), ST.c.left_at.is_(None))
    .order_by(ST.c.seat_index)
)
_TOTALS_TWO = DriverStatement(
    select(*NT_ROW).where(NT.c.table_id == bindparam("t"), NT.c.night.in_([0, bindparam("n")]))
)
_NIGHT_COUNT = DriverStatement(
    select(NGT.c.hand_count, NGT.c.last_number).where(
        NGT.c.table_id == bindparam("t"), NGT.c.number == bindparam("n")
    )
)
_NIGHTS_NUMBERED = DriverStatement(
    select(func.sum(NGT.c.last_number)).where(NGT.c.table_id == bindparam("t"))
)
_TREND_IDS = (
    select(HT.c.id)
    .where(
        HT.c.table_id == bindparam("t"), HT.c.night == bindparam("n"), HT.c.status == "confirmed"
    )
    .order_by(HT.c.position.desc(), HT.c.seq.desc())
    .limit(bindparam("lim"))
)
_TREND = (
    select(HT.c.position, HT.c.seq, HT.c.number, LT.c.player_id, LT.c.amount)
    .join(LT, LT.c.hand_id == HT.c.id)
    .where(HT.c.id.in_(_TREND_IDS))
)


class _TableNight(Protocol):
    """A table's id and current night: a ``GameTable`` or a Core row of ``game_table``."""

    @property
    def id(self) -> int | None: ...

    @property
    def night(self) -> int: ...


class NightsArea(LedgerBase):
    """Nights, standings and the transfers that settle a night."""

    def new_night(self, table_id: int, *, expect_night: int | None = None) -> TableView:
        """Begin the next evening of the table; totals per night start from zero.
        ``Conflict`` if the table's night is no longer ``expect_night`` (settled already)."""
        with self._write() as s:
            t = self._table(s, table_id, lock=True)
            self._check_open(t)
            if expect_night is not None and t.night != expect_night:
                raise Conflict(f"night {expect_night} of table {table_id} is over already")
            t.night += 1
            t.last_number = 0  # each night starts at hand 1
            s.add(Night(table_id=table_id, number=t.night, start_dealer_id=t.dealer_id))
            s.flush()
            season_store.copy_to_night(s, table_id, t.night)  # tonight's fee and cap
            return self._table_view(s, t)

    @staticmethod
    def _scope(t: _TableNight, night: int | None) -> int:
        if night is None:
            return t.night
        if night < 0 or night > t.night:
            raise NotFound(f"table {t.id} has no night {night}")
        return night

    @staticmethod
    def _totals(s: Session, table_id: int, night: int) -> list[tuple[int, int, int, int, int, int]]:
        """(player, total, hands, wins, self_draws, deal_ins) of a night, or all (0)."""
        cols = (
            col(NightTotal.player_id),
            col(NightTotal.total),
            col(NightTotal.hands),
            col(NightTotal.wins),
            col(NightTotal.self_draws),
            col(NightTotal.deal_ins),
        )
        q = select(*cols).where(
            col(NightTotal.table_id) == table_id, col(NightTotal.night) == night
        )
        return [
            (int(r[0]), int(r[1]), int(r[2]), int(r[3]), int(r[4]), int(r[5]))
            for r in s.execute(q).all()
            if int(r[2]) > 0 or int(r[1]) != 0
        ]

    @staticmethod
    def _player_totals(
        t: Any,
        totals: Mapping[int, tuple[int, int, int, int, int, int]],
        seated: set[int],
        names: Mapping[int, str],
    ) -> tuple[PlayerTotal, ...]:
        out = []
        for pid in set(totals) | seated:
            r = totals.get(pid, (pid, 0, 0, 0, 0, 0))
            out.append(
                PlayerTotal(
                    player_id=pid,
                    name=names.get(pid, str(pid)),
                    total=r[1],
                    hands=r[2],
                    wins=r[3],
                    self_draws=r[4],
                    deal_ins=r[5],
                    seated=pid in seated,
                    money_minor=None if t.stake_minor is None else r[1] * t.stake_minor,
                )
            )
        out.sort(key=lambda p: (-p.total, p.name, p.player_id))
        return tuple(out)

    def standings(
        self, table_id: int, *, night: int | None = None, trend_hands: int = TREND_HANDS
    ) -> StandingsView:
        """Totals per player for a night (``None`` = the current night, ``ALL_NIGHTS`` = the
        whole table) and for the whole table, the running totals of the night's last
        ``trend_hands`` confirmed hands (the trend chart), the dealer and hand counts."""
        with self._core() as conn:
            t = _TABLE_ROW.first(conn, {"t": table_id})
            if t is None:
                raise NotFound(f"table {table_id} does not exist")
            scope = self._scope(t, night)
            trend_night = t.night if scope == ALL_NIGHTS else scope
            names: dict[int, str] = {}
            seated: set[int] = set()
            for pid, name in _SEATED_NAMES.all(conn, {"t": table_id}):
                names[int(pid)] = str(name)
                seated.add(int(pid))
            whole: dict[int, tuple[int, int, int, int, int, int]] = {}
            nightly: dict[int, tuple[int, int, int, int, int, int]] = {}
            for r in _TOTALS_TWO.all(conn, {"t": table_id, "n": trend_night}):
                row = (int(r[1]), int(r[2]), int(r[3]), int(r[4]), int(r[5]), int(r[6]))
                if row[2] == 0 and row[1] == 0:
                    continue
                (whole if r[0] == ALL_NIGHTS else nightly)[row[0]] = row
            names.update(self._names(conn, (set(whole) | set(nightly)) - set(names)))
            table_players = self._player_totals(t, whole, seated, names)
            if scope == ALL_NIGHTS:
                players = table_players
                hand_count = int(t.hand_count)
                numbered = int(_NIGHTS_NUMBERED.first(conn, {"t": table_id})[0] or 0)
            else:
                players = self._player_totals(t, nightly, seated, names)
                counts = _NIGHT_COUNT.first(conn, {"t": table_id, "n": scope})
                hand_count = int(counts[0]) if counts else 0
                numbered = int(counts[1]) if counts else 0
            running = {pid: r[1] for pid, r in nightly.items()}
            trend = self._trend(conn, table_id, trend_night, trend_hands, running)
            return StandingsView(
                table_id=table_id,
                night=scope,
                players=players,
                hand_count=hand_count,
                dealer_id=t.dealer_id,
                current_night=t.night,
                trend=trend,
                stake_minor=t.stake_minor,
                currency=t.currency,
                table_players=table_players,
                table_hand_count=int(t.hand_count),
                names=names,
                numbered=numbered,
            )

    @staticmethod
    def _trend(
        conn: Connection | Session, table_id: int, night: int, limit: int, running: dict[int, int]
    ) -> tuple[TrendPoint, ...]:
        """Running totals after each of the night's last ``limit`` confirmed hands; ``running``
        = the night's totals now (consumed)."""
        if limit <= 0:
            return ()
        rows = conn.execute(_TREND, {"t": table_id, "n": night, "lim": limit}).all()
        if not rows:
            return ()
        # rows: (position, seq, number, player, amount), newest hand first
        for _pos, _seq, _num, pid, amount in rows:  # back to the totals before the first hand shown
            running[int(pid)] = running.get(int(pid), 0) - int(amount)
        per_hand: dict[tuple[int, int, int], list[tuple[int, int]]] = {}
        for pos, seq, num, pid, amount in rows:
            key = (int(pos), int(seq), int(num))
            per_hand.setdefault(key, []).append((int(pid), int(amount)))
        out = []
        for key in sorted(per_hand):
            for pid, amount in per_hand[key]:
                running[pid] = running.get(pid, 0) + amount
            out.append(TrendPoint(key[1], dict(running), number=key[2]))
        return tuple(out)

    def night_transfers(self, table_id: int, *, night: int | None = None) -> SettleView:
        """Net per player for the night (``None`` = current, ``ALL_NIGHTS`` = whole table), in
        points and (with a stake) money, and the fewest transfers that settle it — in money
        when the table has a stake, else in points."""
        from scoring.transfers import fewest_transfers, to_money

        with self._read() as s:
            t = self._table(s, table_id)
            scope = self._scope(t, night)
            seats = self._seats(s, table_id)
            order_ids = [seat.player_id for seat, _ in seats]
            net = {r[0]: r[1] for r in self._totals(s, table_id, scope)}
            others = sorted(set(net) - set(order_ids))
            order = [str(p) for p in order_ids + others]
            names = self._names(s, set(net) | set(order_ids))
            points = {str(k): v for k, v in net.items()}
            if sum(points.values()) != 0:  # money paid into or out of nothing
                points["0"] = -sum(points.values())
                order.append("0")
            money: dict[str, int] | None = None
            if t.stake_minor is not None:
                money = {k: int(v) for k, v in to_money(points, t.stake_minor).items()}
            basis = money if money is not None else points
            # the night's table fee and loss cap (storage/seasons/), applied to the nets
            adjust = season_store.settle_night(s, t, scope, basis, order)
            if adjust is not None:
                basis = {str(k): v for k, v in adjust.final.items()}
                order += [k for k in basis if k not in order]
            transfers = fewest_transfers(basis, order)
            tv = tuple(
                TransferView(
                    payer_id=int(tr.payer),
                    payee_id=int(tr.payee),
                    points=None if money is not None else int(tr.amount),
                    money_minor=int(tr.amount) if money is not None else None,
                )
                for tr in transfers
            )
            return SettleView(
                table_id=table_id,
                night=scope,
                net_points=dict(net),
                net_money=None if money is None else {int(k): v for k, v in money.items()},
                transfers=tv,
                names=names,
                stake_minor=t.stake_minor,
                currency=t.currency,
                adjust=adjust,
            )
