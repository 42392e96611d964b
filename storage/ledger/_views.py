"""View builders: ORM objects and Core rows in, the frozen dataclasses of
:mod:`storage.views` out (callers never get live ORM objects)."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from sqlalchemy import Connection, bindparam, select
from sqlmodel import Session, col

from scoring.record import HandRecord, Settlement
from storage import settled as settled_store
from storage.ledger._util import HT, PT, ST, _aware
from storage.ledger.driver import DriverStatement
from storage.models import Chat, GameTable, Player, Seat
from storage.views import ChatView, DraftView, HandView, PlayerView, SeatView, TableView

# the seats of get_table and current_table (Core: see the figures in storage/ledger/tables.py)
_ACTIVE_SEATS = DriverStatement(
    select(ST.c.player_id, PT.c.name, ST.c.seat_index, PT.c.is_guest, PT.c.tg_user_id)
    .join(PT, PT.c.id == ST.c.player_id)
    .where(ST.c.table_id == bindparam("t"), ST.c.left_at.is_(None))
    .order_by(ST.c.seat_index)
)


class ViewBuilders:
    """Static builders shared by every area (a base class of :class:`LedgerBase`)."""

    @staticmethod
    def _seats(s: Session, table_id: int) -> list[tuple[Seat, Player]]:
        """The seated players of the table (seat, player), in seat order."""
        rows = s.execute(
            select(Seat, Player)
            .join(Player, col(Player.id) == col(Seat.player_id))
            .where(col(Seat.table_id) == table_id, col(Seat.left_at).is_(None))
            .order_by(col(Seat.seat_index))
        ).all()
        return [(r[0], r[1]) for r in rows]

    @staticmethod
    def _chat_view(c: Chat) -> ChatView:
        assert c.id is not None
        return ChatView(c.id, c.tg_chat_id, c.title, c.kind, c.lang)

    @staticmethod
    def _player_view(p: Player) -> PlayerView:
        assert p.id is not None
        return PlayerView(p.id, p.name, p.tg_user_id, p.username, p.lang, p.is_guest)

    @staticmethod
    def _seat_view(seat: Seat, p: Player) -> SeatView:
        return SeatView(seat.player_id, p.name, seat.seat_index, p.is_guest, p.tg_user_id)

    def _table_view(self, s: Session, t: GameTable) -> TableView:
        assert t.id is not None
        chat = s.get(Chat, t.chat_id)
        assert chat is not None
        seats = tuple(self._seat_view(seat, p) for seat, p in self._seats(s, t.id))
        return self._make_table_view(t, chat.tg_chat_id, seats)

    def _table_view_core(self, conn: Connection, row: Any) -> TableView:
        """The view of a ``_TABLE_FULL`` row (the read paths: no ORM objects built)."""
        seats = tuple(SeatView(*r) for r in _ACTIVE_SEATS.all(conn, {"t": row.id}))
        return self._make_table_view(row, row.tg_chat_id, seats)

    @staticmethod
    def _make_table_view(t: Any, tg_chat_id: int, seats: tuple[SeatView, ...]) -> TableView:
        """``t``: a GameTable, or a Core row with the same columns."""
        return TableView(
            id=t.id,
            chat_id=tg_chat_id,
            ruleset=t.ruleset,
            options=json.loads(t.options),
            stake_minor=t.stake_minor,
            currency=t.currency,
            name=t.name,
            status=t.status,
            creator_id=t.creator_id,
            night=t.night,
            dealer_id=t.dealer_id,
            hand_count=t.hand_count,
            message_id=t.message_id,
            seats=seats,
            created_at=_aware(t.created_at),
            closed_at=_aware(t.closed_at),
            next_seq=t.last_seq + 1,
            next_number=t.last_number + 1,
        )

    @staticmethod
    def _hand_view(
        h: Any,
        names: Mapping[int, str] | None = None,
        record: Any = None,
        settlement: Any = None,
        replaced_by: int | None = None,
    ) -> HandView:
        recorded_at = _aware(h.recorded_at)
        assert recorded_at is not None
        if settlement is None:
            settlement = json.loads(h.settlement)
        return HandView(
            id=h.id,
            table_id=h.table_id,
            seq=h.seq,
            night=h.night,
            record=HandRecord.from_json(record if record is not None else json.loads(h.record)),
            settlement=Settlement.from_json(settlement),
            status=h.status,
            dealer_before=h.dealer_before_id,
            dealer_after=h.dealer_after_id,
            recorded_by=h.recorded_by,
            recorded_at=recorded_at,
            voided_by=h.voided_by,
            voided_at=_aware(h.voided_at),
            void_reason=h.void_reason,
            replaces_hand_id=h.replaces_hand_id,
            idempotency_key=h.idempotency_key,
            replaced_by_hand_id=replaced_by,
            number=h.number,
            names=dict(names or {}),
            settlement_format=settled_store.format_of(settlement),
        )

    def _hand_views(self, s: Session | Connection, hands: Sequence[Any]) -> list[HandView]:
        """Views of hands (ORM ``Hand`` objects or Core rows of the ``hand`` table), with the
        names of everyone in them and the id of the hand that replaced each, if any."""
        parsed = [(h, json.loads(h.record), json.loads(h.settlement)) for h in hands]
        ids: set[int] = set()
        for h, _rec, st in parsed:
            ids.update(int(k) for k in st["net"] if k.isascii() and k.isdigit())
            ids.add(h.dealer_before_id)
        names = self._names(s, ids)
        replaced_by: dict[int, int] = {}
        hand_ids = [h.id for h in hands]
        if hand_ids:
            rows = s.execute(
                select(HT.c.replaces_hand_id, HT.c.id).where(HT.c.replaces_hand_id.in_(hand_ids))
            ).all()
            replaced_by = {int(a): int(b) for a, b in rows}
        return [self._hand_view(h, names, rec, st, replaced_by.get(h.id)) for h, rec, st in parsed]

    @staticmethod
    def _names(s: Session | Connection, ids: set[int]) -> dict[int, str]:
        if not ids:
            return {}
        rows = s.execute(select(PT.c.id, PT.c.name).where(PT.c.id.in_(ids))).all()
        return {int(r[0]): str(r[1]) for r in rows}

    @staticmethod
    def _draft_view(d: Any) -> DraftView:
        assert d.id is not None
        expires = _aware(d.expires_at)
        assert expires is not None
        return DraftView(
            id=d.id,
            version=d.version,
            step=d.step,
            data=json.loads(d.data),
            author_id=d.author_id,
            table_id=d.table_id,
            tg_chat_id=d.tg_chat_id,
            message_id=d.message_id,
            status=d.status,
            expires_at=expires,
        )
