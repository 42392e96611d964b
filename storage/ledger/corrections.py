"""Voids and corrections of hands, and the dealer they move (the table's, and the first
dealer of a settled night's next night while that night has no hand)."""

from __future__ import annotations

import json

from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col

from scoring.record import HandRecord
from storage.errors import AlreadyVoided, Conflict, Forbidden, NotFound
from storage.ledger import games
from storage.ledger.hands import HandsArea
from storage.models import GameTable, Hand, LedgerRow, Seat, utcnow
from storage.views import HandView


class CorrectionsArea(HandsArea):
    """Voids and corrections (built on :class:`HandsArea`: a correction records a hand)."""

    def _recompute_dealer(self, s: Session, t: GameTable) -> None:
        """The current dealer: after the last confirmed hand of the current night, else the
        night's starting dealer, else after the last confirmed hand of the table, else the
        starting dealer of the first night."""
        assert t.id is not None
        order = (col(Hand.position).desc(), col(Hand.seq).desc())
        base = select(col(Hand.dealer_after_id)).where(
            col(Hand.table_id) == t.id, col(Hand.status) == "confirmed"
        )
        d = s.scalars(base.where(col(Hand.night) == t.night).order_by(*order).limit(1)).first()
        if d is None:
            night = self._night(s, t.id, t.night)
            d = night.start_dealer_id if night is not None else None
        if d is None:
            d = s.scalars(base.order_by(col(Hand.night).desc(), *order).limit(1)).first()
        if d is None:
            first = self._night(s, t.id, 1)
            d = first.start_dealer_id if first is not None else None
        if d is not None:
            t.dealer_id = self._seated_dealer(s, t.id, d)

    def _seated_dealer(self, s: Session, table_id: int, dealer: int) -> int:
        """``dealer``, or — if they have left the table since — whoever holds their seat now,
        else the next seat still taken (as in :meth:`leave`)."""
        seats = [x for x, _ in self._seats(s, table_id)]
        if not seats or any(x.player_id == dealer for x in seats):
            return dealer
        last = s.scalars(
            select(Seat)
            .where(col(Seat.table_id) == table_id, col(Seat.player_id) == dealer)
            .order_by(col(Seat.id).desc())
            .limit(1)
        ).first()
        if last is None:
            return dealer
        after = [x for x in seats if x.seat_index >= last.seat_index] + seats
        return after[0].player_id

    def _void(self, s: Session, t: GameTable, h: Hand, by: int, reason: str) -> None:
        assert t.id is not None and h.id is not None
        h.status = "voided"
        h.voided_by = by
        h.voided_at = utcnow()
        h.void_reason = reason
        rows = s.scalars(select(LedgerRow).where(col(LedgerRow.hand_id) == h.id)).all()
        s.execute(update(LedgerRow).where(col(LedgerRow.hand_id) == h.id).values(confirmed=False))
        self._apply_totals(s, t.id, h.night, rows, -1)
        t.hand_count -= 1
        night_row = self._night(s, t.id, h.night)
        if night_row is not None:
            night_row.hand_count -= 1
        s.flush()

    def _hand_for_update(self, s: Session, hand_id: int) -> tuple[GameTable, Hand]:
        h0 = s.get(Hand, hand_id)
        if h0 is None:
            raise NotFound(f"hand {hand_id} does not exist")
        t = self._table(s, h0.table_id, lock=True)
        s.refresh(h0)  # re-read under the lock
        return t, h0

    @staticmethod
    def _last_confirmed_id(s: Session, table_id: int) -> int | None:
        """The id of the table's last confirmed hand in play order (as :meth:`last_hand`)."""
        return s.scalars(
            select(col(Hand.id))
            .where(col(Hand.table_id) == table_id, col(Hand.status) == "confirmed")
            .order_by(col(Hand.night).desc(), col(Hand.position).desc(), col(Hand.seq).desc())
            .limit(1)
        ).first()

    def _night_end_dealer(self, s: Session, t: GameTable, night: int) -> int | None:
        """Where night ``night`` hands the deal on: the dealer after its last confirmed hand
        in play order, else its starting dealer — as seated now (:meth:`_seated_dealer`)."""
        assert t.id is not None
        d = s.scalars(
            select(col(Hand.dealer_after_id))
            .where(
                col(Hand.table_id) == t.id,
                col(Hand.status) == "confirmed",
                col(Hand.night) == night,
            )
            .order_by(col(Hand.position).desc(), col(Hand.seq).desc())
            .limit(1)
        ).first()
        if d is None:
            row = self._night(s, t.id, night)
            d = row.start_dealer_id if row is not None else None
        return None if d is None else self._seated_dealer(s, t.id, d)

    def _follow_night_end(self, s: Session, t: GameTable, night: int, old_end: int | None) -> None:
        """A hand of night ``night``, settled already, was voided or corrected; ``old_end`` is
        where that night handed the deal on before. The next night began with that deal
        (``new_night`` takes the table's dealer at Settle). While the next night has no
        confirmed hand and its first dealer is still that derived one (not one chosen with
        :meth:`start`), it moves to where the night ends now — and so on through the nights
        after it that have no hand either. A night with hands keeps the first dealer it was
        played with: those hands' dealers are what happened at the table."""
        assert t.id is not None
        new_end = self._night_end_dealer(s, t, night)
        if old_end is None or new_end is None or new_end == old_end:
            return
        for number in range(night + 1, t.night + 1):
            row = self._night(s, t.id, number)
            if row is None or row.start_dealer_id is None:
                break
            played = s.scalars(
                select(col(Hand.id))
                .where(
                    col(Hand.table_id) == t.id,
                    col(Hand.status) == "confirmed",
                    col(Hand.night) == number,
                )
                .limit(1)
            ).first()
            if played is not None:
                break
            if self._seated_dealer(s, t.id, row.start_dealer_id) != old_end:
                break
            row.start_dealer_id = new_end
        s.flush()

    def void_hand(
        self,
        hand_id: int,
        *,
        by_player_id: int,
        reason: str,
        admin: bool = False,
        expect_last: bool = False,
    ) -> HandView:
        """Void a confirmed hand: it stays, with who/when/why; every total drops it.
        ``AlreadyVoided`` if it was voided before; ``Forbidden`` for someone who never sat at
        the table (nor created it) unless ``admin=True`` (a chat admin, checked by the caller).
        ``expect_last=True`` (an undo): ``Conflict`` unless the hand is still the table's
        last confirmed hand in play order, checked under the table lock — a hand recorded
        after the undo was asked makes it an older hand, which an undo does not void.
        A hand of a settled night moves the next night's first dealer along while that night
        has no hand (:meth:`_follow_night_end`)."""
        with self._write() as s:
            t, h = self._hand_for_update(s, hand_id)
            self._player(s, by_player_id)
            self._check_open(t)
            if h.status == "voided":
                raise AlreadyVoided(f"hand #{h.seq} of table {t.id} is already voided")
            if not admin and not self._is_participant(s, t, by_player_id):
                raise Forbidden(f"player {by_player_id} did not play at table {t.id}")
            assert t.id is not None
            if expect_last and self._last_confirmed_id(s, t.id) != h.id:
                raise Conflict(
                    f"hand #{h.seq} of table {t.id} is no longer its last hand: "
                    "a newer hand was recorded meanwhile"
                )
            settled = h.night < t.night
            old_end = self._night_end_dealer(s, t, h.night) if settled else None
            self._void(s, t, h, by_player_id, reason)
            games.void_with_end(s, self, t, h, by_player_id)  # riichi: the hand it ended
            if settled:
                self._follow_night_end(s, t, h.night, old_end)
            self._recompute_dealer(s, t)
            games.rederive(s, self, t, h.night, by=by_player_id)  # riichi: what follows
            return self._hand_views(s, [h])[0]

    def correct_hand(
        self,
        hand_id: int,
        record: HandRecord,
        *,
        by_player_id: int,
        idempotency_key: str,
        admin: bool = False,
    ) -> HandView:
        """Void the hand and record ``record`` in its place (one transaction). The new hand
        has ``replaces_hand_id`` = the old one, the old hand's sequence number (the voided
        old hand takes the next one), night and play position. The players may be those
        seated now or those of the old hand. Idempotent by ``idempotency_key``. ``admin`` as
        in :meth:`void_hand`. A hand of a settled night may be corrected (the night's totals
        and transfers change); the next night's first dealer follows while that night has no
        hand (:meth:`_follow_night_end`).
        """
        if not idempotency_key:
            raise Conflict("an idempotency key is required")
        with self._read() as s:
            h0 = s.get(Hand, hand_id)
            if h0 is None:
                raise NotFound(f"hand {hand_id} does not exist")
            found = self._existing(s, idempotency_key, h0.table_id)
            if found is not None:
                return found
            t = self._table(s, h0.table_id)
        self._check_ruleset(t, record)
        assert t.id is not None
        record = games.fill_for(self, t.id, record, instead_of=hand_id)  # riichi
        settlement, dealer_before, dealer_after = self._prepare(record)
        try:
            with self._write() as s:
                t, old = self._hand_for_update(s, hand_id)
                found = self._existing(s, idempotency_key, t.id or 0)
                if found is not None:
                    return found
                self._check_open(t)
                self._player(s, by_player_id)
                if old.status == "voided":
                    raise AlreadyVoided(f"hand #{old.seq} of table {t.id} is already voided")
                if not admin and not self._is_participant(s, t, by_player_id):
                    raise Forbidden(f"player {by_player_id} did not play at table {t.id}")
                old_players = {
                    int(p)
                    for p in json.loads(old.record)["players"]
                    if str(p).isascii() and str(p).isdigit()
                }
                self._check_players(s.connection(), t, record, settlement, old_players)
                settled = old.night < t.night
                old_end = self._night_end_dealer(s, t, old.night) if settled else None
                self._void(s, t, old, by_player_id, f"corrected by {idempotency_key}")
                h = self._insert_hand(
                    s,
                    t,
                    record,
                    settlement,
                    dealer_before,
                    dealer_after,
                    recorded_by=by_player_id,
                    key=idempotency_key,
                    draft_id=None,
                    night=old.night,
                    position=old.position,
                    replaces=old.id,
                    number=old.number,
                )
                # the correction keeps the hand's number (/history, /explain, images); the voided
                # first entry takes the new one (numbers stay 1..n), linked by replaces_hand_id
                first_seq, next_seq = old.seq, h.seq
                old.seq = -first_seq  # through a free number: (table_id, seq) is unique
                s.flush()
                h.seq = first_seq
                s.flush()
                old.seq = next_seq
                old.void_reason = f"corrected: hand #{first_seq} is the correction"
                s.flush()
                if settled:
                    self._follow_night_end(s, t, old.night, old_end)
                self._recompute_dealer(s, t)
                games.rederive(s, self, t, old.night, by=by_player_id)  # riichi
                views = self._hand_views(s, [h])
                return views[0]
        except IntegrityError:
            with self._read() as s:
                found = self._existing(s, idempotency_key, t.id or 0)
                if found is not None:
                    return found
            raise
