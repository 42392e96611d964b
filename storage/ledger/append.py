"""A new hand at the end of its night in Core statements only: every Confirm of a hand.

:meth:`storage.ledger.hands.HandsArea.record_hand` writes a new hand here unless its night
is re-derived from its hands (riichi: :mod:`storage.ledger.games` works on ORM entities).
The statements are those of the ORM path, in the same transaction and order, and every check
is the same function (``HandsArea._check_entry``): the table row locked (PostgreSQL ``FOR
UPDATE``; SQLite has one writer), the key looked up, the hand, its ledger rows and the night
totals inserted, the night and the table updated. What it saves is the unit of work: no
``GameTable``/``LedgerRow``/``Hand`` entities built, flushed and expired, and statements
built once, not per hand: record_hand 2.15 → 0.93 ms of CPU on a small SQLite file (a loop
of get_table + record_hand, warm; 2026-12-02).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sqlalchemy import Connection, bindparam, insert, select, update
from sqlmodel import Session

from scoring.record import HandRecord, Settlement
from storage import settled as settled_store
from storage.errors import NotFound
from storage.ledger._util import DT, HT, LT, NGT, TT, _dump, ledger_row_values
from storage.ledger.driver import DriverStatement
from storage.models import utcnow
from storage.views import HandView

if TYPE_CHECKING:
    from storage.ledger.hands import HandsArea

#: the table row, locked until the hand is written (concurrent Confirms of a table queue here)
#: — these run on the driver's cursor (storage/ledger/driver.py): 0.3 ms less a Confirm
TABLE_LOCKED = DriverStatement(select(TT).where(TT.c.id == bindparam("t")).with_for_update())
BY_KEY_ROW = DriverStatement(select(HT).where(HT.c.idempotency_key == bindparam("k")))
NIGHT_LAST = DriverStatement(
    select(NGT.c.last_number).where(
        NGT.c.table_id == bindparam("t"), NGT.c.number == bindparam("n")
    )
)
INSERT_HAND = DriverStatement(insert(HT).returning(HT.c.id))
INSERT_ROWS = DriverStatement(insert(LT))
NIGHT_AFTER = DriverStatement(
    update(NGT)
    .where(NGT.c.table_id == bindparam("w_t"), NGT.c.number == bindparam("w_n"))
    .values(last_number=bindparam("last_number"), hand_count=NGT.c.hand_count + 1)
)
TABLE_AFTER = DriverStatement(
    update(TT)
    .where(TT.c.id == bindparam("w_t"))
    .values(
        last_seq=bindparam("last_seq"),
        last_number=bindparam("last_number"),
        hand_count=TT.c.hand_count + 1,
        status=bindparam("status"),
        dealer_id=bindparam("dealer_id"),
    )
)
DRAFT_DONE = (
    update(DT)
    .where(DT.c.id == bindparam("w_id"), DT.c.status == "open")
    .values(status="done", version=DT.c.version + 1, updated_at=bindparam("now"))
)


def record_new(
    area: HandsArea,
    conn: Connection,
    table_id: int,
    record: HandRecord,
    settlement: Settlement,
    dealer_before: int,
    dealer_after: int,
    *,
    recorded_by: int,
    key: str,
    draft_id: int | None,
    expect_hand_count: int | None,
    expect_dealer: int | None,
) -> HandView:
    """Record a new hand of table ``table_id``'s current night on ``conn`` (in its
    transaction), or return the hand recorded under ``key`` already. Raises as
    :meth:`~storage.ledger.hands.HandsArea.record_hand` does."""
    t = TABLE_LOCKED.first(conn, {"t": table_id})
    if t is None:
        raise NotFound(f"table {table_id} does not exist")
    found = BY_KEY_ROW.first(conn, {"k": key})
    if found is not None:
        return area._existing_view(conn, found, table_id)
    names = area._check_entry(
        conn, t, record, settlement, expect_hand_count, expect_dealer, recorded_by
    )
    h, number = append_hand(
        area, conn, t, record, settlement, dealer_before, dealer_after,
        seq=t.last_seq + 1, recorded_by=recorded_by, key=key, draft_id=draft_id,
    )  # fmt: skip
    after: dict[str, Any] = {
        "w_t": table_id,
        "last_seq": h.seq,
        "last_number": number,
        "status": "playing" if t.status == "open" else t.status,
        "dealer_id": dealer_after,  # a new hand is always the latest in play order
    }
    TABLE_AFTER.run(conn, after)
    return area._hand_view(h, names, record.to_json(), settled_store.stored_json(settlement))


def append_hand(
    area: HandsArea,
    conn: Connection,
    t: Any,
    record: HandRecord,
    settlement: Settlement,
    dealer_before: int,
    dealer_after: int,
    *,
    seq: int,
    recorded_by: int,
    key: str,
    draft_id: int | None,
) -> tuple[HandValues, int]:
    """Write a new hand at the end of table ``t``'s current night (a table row or entity):
    the hand, its ledger rows, the night's and the table's totals, the night's last number,
    the entry done. The table row itself is the caller's to update (its next ``number``
    is returned with the hand's values)."""
    in_night = t.night
    last = NIGHT_LAST.first(conn, {"t": t.id, "n": in_night})
    number = (int(last[0]) if last is not None else t.last_number) + 1
    values = hand_values(
        t.id, record, settlement, dealer_before, dealer_after, seq, in_night,
        position=seq, number=number, recorded_by=recorded_by, key=key, draft_id=draft_id,
    )  # fmt: skip
    hand_id = int(INSERT_HAND.first(conn, values)[0])
    rows = ledger_row_values(hand_id, t.id, in_night, record, settlement)
    INSERT_ROWS.many(conn, rows)
    area._apply_totals(conn, t.id, in_night, rows, +1)
    if last is not None:
        NIGHT_AFTER.run(conn, {"w_t": t.id, "w_n": in_night, "last_number": number})
    finish_draft(conn, draft_id)
    return HandValues({**values, "id": hand_id}), number


def finish_draft(ex: Session | Connection, draft_id: int | None) -> None:
    """The entry the hand came from is done (still open only: a second Confirm finds it so)."""
    if draft_id is not None:
        ex.execute(DRAFT_DONE, {"w_id": draft_id, "now": utcnow()})


def hand_values(
    table_id: int,
    record: HandRecord,
    settlement: Settlement,
    dealer_before: int,
    dealer_after: int,
    seq: int,
    night: int,
    *,
    position: int,
    number: int,
    recorded_by: int,
    key: str,
    draft_id: int | None,
    replaces: int | None = None,
) -> dict[str, Any]:
    """A hand's row (every column but ``id``) as every insert writes it: the record and its
    stored settlement (``HandsArea._insert_hand`` makes a correction's entity of it)."""
    return {
        "table_id": table_id,
        "seq": seq,
        "night": night,
        "position": position,
        "number": number,
        "record": _dump(record.to_json()),
        "settlement": _dump(settled_store.stored_json(settlement)),
        "result": record.result,
        "dealer_before_id": dealer_before,
        "dealer_after_id": dealer_after,
        "status": "confirmed",
        "recorded_by": recorded_by,
        "recorded_at": utcnow(),
        "voided_by": None,
        "voided_at": None,
        "void_reason": None,
        "replaces_hand_id": replaces,
        "idempotency_key": key,
        "draft_id": draft_id,
    }


class HandValues:
    """A hand written by Core, read as a row's attributes (what ``_hand_view`` reads)."""

    __slots__ = ("_v",)

    def __init__(self, values: dict[str, Any]) -> None:
        self._v = values

    def __getattr__(self, name: str) -> Any:
        try:
            return self._v[name]
        except KeyError:
            raise AttributeError(name) from None
