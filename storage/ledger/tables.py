"""Tables and seats: open, read, join, leave, substitute, move, start and close a table."""

from __future__ import annotations

from sqlalchemy import bindparam, literal_column, select, update
from sqlalchemy.exc import IntegrityError
from sqlmodel import col

import scoring
from storage.errors import Conflict, Forbidden, NotFound, NotSeated
from storage.ledger._util import CT, TT, _dump
from storage.ledger.driver import DriverStatement
from storage.ledger.players import PlayersArea
from storage.models import GameTable, Night, Seat, utcnow
from storage.views import SeatView, TableView

# Core rows, no ORM objects (every tap and message reads its table): get_table 0.17 vs 0.89 /
# 0.41 vs 1.52 with GameTable/Seat/Player entities in a Session, current_table 0.24 vs 1.14 /
# 0.44 vs 1.75 (ms, SQLite / PostgreSQL; how: storage/ledger/__init__.py)
_TABLE_FULL = select(TT, CT.c.tg_chat_id).join(CT, CT.c.id == TT.c.chat_id)
#: the table's message (every Confirm), one UPDATE on the driver's cursor
_TABLE_MESSAGE = DriverStatement(update(TT).where(TT.c.id == bindparam("w_id")))
_TABLE_BY_ID = DriverStatement(_TABLE_FULL.where(TT.c.id == bindparam("t")))
#: the chat's table that is not closed: at most one (``uq_game_table_open_chat``). The status
#: is written into the SQL, not bound: SQLite plans again, for every new value, a statement
#: whose bound value decides whether a partial index applies (30 vs 6 µs a lookup here)
_TABLE_OF_CHAT = DriverStatement(
    _TABLE_FULL.where(CT.c.tg_chat_id == bindparam("c"), TT.c.status != literal_column("'closed'"))
)


class TablesArea(PlayersArea):
    """Tables and seats (built on :class:`PlayersArea`: opening a table ensures its chat)."""

    def open_table(
        self,
        tg_chat_id: int,
        *,
        creator_id: int,
        ruleset: str,
        options: dict[str, bool | int | str],
        stake_minor: int | None = None,
        currency: str | None = None,
        name: str | None = None,
    ) -> TableView:
        """Open a table in the chat (created if new). The options are validated by the ruleset
        (``RecordError`` if bad) and stored resolved, as a snapshot. The creator is not seated
        automatically. ``Conflict`` if the chat already has a table that is not closed."""
        rs = scoring.get(ruleset)
        resolved = dict(rs.resolve_options(dict(options)))
        if stake_minor is not None and (
            not isinstance(stake_minor, int) or isinstance(stake_minor, bool) or stake_minor <= 0
        ):
            raise Conflict("the stake must be a positive whole number of minor units per point")
        self.ensure_chat(tg_chat_id)
        try:
            with self._write() as s:
                chat = self._chat(s, tg_chat_id)
                assert chat is not None and chat.id is not None
                self._player(s, creator_id)
                existing = s.scalars(
                    select(col(GameTable.id)).where(
                        col(GameTable.chat_id) == chat.id, col(GameTable.status) != "closed"
                    )
                ).first()
                if existing is not None:
                    raise Conflict(f"this chat already has an open table ({existing})")
                t = GameTable(
                    chat_id=chat.id,
                    ruleset=ruleset,
                    options=_dump(resolved),
                    stake_minor=stake_minor,
                    currency=(currency or None) and currency.upper(),
                    name=name,
                    creator_id=creator_id,
                )
                s.add(t)
                s.flush()
                assert t.id is not None
                s.add(Night(table_id=t.id, number=1))
                s.flush()
                return self._table_view(s, t)
        except IntegrityError:
            raise Conflict("this chat already has an open table") from None

    def current_table(self, tg_chat_id: int) -> TableView | None:
        """The chat's table that is not closed, or None."""
        with self._core() as conn:
            row = _TABLE_OF_CHAT.first(conn, {"c": tg_chat_id})
            return None if row is None else self._table_view_core(conn, row)

    def get_table(self, table_id: int) -> TableView:
        with self._core() as conn:
            row = _TABLE_BY_ID.first(conn, {"t": table_id})
            if row is None:
                raise NotFound(f"table {table_id} does not exist")
            return self._table_view_core(conn, row)

    def set_table_message(self, table_id: int, message_id: int) -> None:
        with self._write_core() as conn:  # one UPDATE (it locks the row as it writes)
            done = _TABLE_MESSAGE.run(conn, {"w_id": table_id, "message_id": message_id})
            if done != 1:
                raise NotFound(f"table {table_id} does not exist")

    def join(self, table_id: int, player_id: int) -> SeatView:
        """Seat the player at the first free seat (idempotent: an already seated player keeps
        the seat). ``Conflict`` if the table is full."""
        with self._write() as s:
            t = self._table(s, table_id, lock=True)
            self._check_open(t)
            p = self._player(s, player_id)
            seat = self._seat_of(s, table_id, player_id)
            if seat is None:
                seat = self._take_seat(s, t, player_id)
            return self._seat_view(seat, p)

    def leave(self, table_id: int, player_id: int) -> None:
        """The player leaves the table (``NotSeated`` if not seated). The seat's history stays;
        a leaving dealer passes the deal to the next seat still taken."""
        with self._write() as s:
            t = self._table(s, table_id, lock=True)
            self._check_open(t)
            seat = self._seat_of(s, table_id, player_id)
            if seat is None:
                raise NotSeated(f"player {player_id} is not seated at table {table_id}")
            seat.left_at = utcnow()
            s.flush()
            if t.dealer_id == player_id:  # the deal passes to the next seat still taken
                rest = [x for x, _ in self._seats(s, table_id)]
                after = [x for x in rest if x.seat_index > seat.seat_index] + rest
                t.dealer_id = after[0].player_id if after else None

    def substitute(self, table_id: int, out_player_id: int, in_player_id: int) -> SeatView:
        """``in_player`` takes ``out_player``'s seat (and the deal, if out was the dealer)."""
        with self._write() as s:
            t = self._table(s, table_id, lock=True)
            self._check_open(t)
            p_in = self._player(s, in_player_id)
            out = self._seat_of(s, table_id, out_player_id)
            if out is None:
                raise NotSeated(f"player {out_player_id} is not seated at table {table_id}")
            if self._seat_of(s, table_id, in_player_id) is not None:
                raise Conflict(f"player {in_player_id} is already seated at table {table_id}")
            out.left_at = utcnow()
            s.flush()
            seat = Seat(table_id=table_id, player_id=in_player_id, seat_index=out.seat_index)
            s.add(seat)
            if t.dealer_id == out_player_id:
                t.dealer_id = in_player_id
            s.flush()
            return self._seat_view(seat, p_in)

    def move_seat(self, table_id: int, player_id: int, seat_index: int) -> list[SeatView]:
        """Move the player to ``seat_index``, swapping with whoever sits there."""
        with self._write() as s:
            t = self._table(s, table_id, lock=True)
            self._check_open(t)
            if not 0 <= seat_index < self._max_seats(t):
                raise Conflict(f"seat {seat_index} does not exist at table {table_id}")
            mine = self._seat_of(s, table_id, player_id)
            if mine is None:
                raise NotSeated(f"player {player_id} is not seated at table {table_id}")
            other = next(
                (seat for seat, _ in self._seats(s, table_id) if seat.seat_index == seat_index),
                None,
            )
            if other is not None and other.id != mine.id:
                old = mine.seat_index
                mine.seat_index = -1 - old  # out of the way of the unique index
                s.flush()
                other.seat_index = old
                s.flush()
            mine.seat_index = seat_index
            s.flush()
            return [self._seat_view(seat, p) for seat, p in self._seats(s, table_id)]

    def start(self, table_id: int, *, dealer_id: int | None = None) -> TableView:
        """Start play: the dealer is ``dealer_id`` (seated) or the player in seat 0."""
        with self._write() as s:
            t = self._table(s, table_id, lock=True)
            self._check_open(t)
            seats = self._seats(s, table_id)
            if dealer_id is None:
                if t.dealer_id is not None and any(x.player_id == t.dealer_id for x, _ in seats):
                    dealer_id = t.dealer_id
                elif seats:
                    dealer_id = seats[0][0].player_id
                else:
                    raise NotSeated(f"nobody is seated at table {table_id}")
            elif not any(x.player_id == dealer_id for x, _ in seats):
                raise NotSeated(f"player {dealer_id} is not seated at table {table_id}")
            t.dealer_id = dealer_id
            t.status = "playing"
            night = self._night(s, table_id, t.night)
            if night is not None and night.hand_count == 0:
                night.start_dealer_id = dealer_id
            s.flush()
            return self._table_view(s, t)

    def close_table(self, table_id: int, *, by_player_id: int, admin: bool = False) -> TableView:
        """Close the table (idempotent). Only its creator, a player who sat there, or (with
        ``admin=True``, the caller having checked it) an admin of the chat may."""
        with self._write() as s:
            t = self._table(s, table_id, lock=True)
            self._player(s, by_player_id)
            if t.status == "closed":
                return self._table_view(s, t)
            if not admin and not self._is_participant(s, t, by_player_id):
                raise Forbidden(f"player {by_player_id} did not play at table {table_id}")
            t.status = "closed"
            t.closed_at = utcnow()
            t.closed_by = by_player_id
            s.flush()
            return self._table_view(s, t)
