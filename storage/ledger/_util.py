"""Constants, Core table handles and small helpers shared by the ledger's modules."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

from scoring.record import HandRecord, Settlement
from storage.errors import NotSeated
from storage.models import (
    Chat,
    Draft,
    GameTable,
    Hand,
    LedgerRow,
    Night,
    NightTotal,
    Player,
    Seat,
    table_of,
)

#: ``night=ALL_NIGHTS`` in standings and transfers: the whole table (its totals are night 0)
ALL_NIGHTS = 0
#: the pseudo-party of money paid into or out of nothing (``scoring.testing.POT``): it gets no
#: ledger row; in :meth:`Ledger.night_transfers` it appears as player id 0.
POT = "pot"
TREND_HANDS = 200  # the trend chart shows at most this many hands of the night
MAX_PAGE_SIZE = 100
#: the largest amount (points) one hand may move for one party: the ledger's columns are
#: 64-bit, and running totals and money at the stake must stay well inside them
MAX_HAND_POINTS = 10**12

# Core handles of the tables (the hot paths build statements on them, skipping the ORM)
HT = table_of(Hand)
PT = table_of(Player)
TT = table_of(GameTable)
ST = table_of(Seat)
NT = table_of(NightTotal)
#: a night total as the standings and the season boards read it (night 0: the whole table)
NT_ROW = (
    NT.c.night,
    NT.c.player_id,
    NT.c.total,
    NT.c.hands,
    NT.c.wins,
    NT.c.self_draws,
    NT.c.deal_ins,
)
NGT = table_of(Night)
LT = table_of(LedgerRow)
DT = table_of(Draft)
CT = table_of(Chat)


def _aware(dt: datetime | None) -> datetime | None:
    if dt is None:
        return None
    return dt.replace(tzinfo=UTC) if dt.utcoffset() is None else dt.astimezone(UTC)


def _dump(obj: Any) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"), sort_keys=False)


def _player_id(pid: str, path: str) -> int:
    """A record's player id (``str(player.id)``) as an int, or NotSeated."""
    if not (pid.isascii() and pid.isdigit()):
        raise NotSeated(f"{path}: {pid!r} is not a player of the ledger (ids are numbers)")
    return int(pid)


def ledger_rows(h: Hand, record: HandRecord, settlement: Settlement) -> list[LedgerRow]:
    """The per-player rows of confirmed hand ``h``: every seated player of the record and every
    id in net (the pot is no player); recording and re-deriving a riichi night write them."""
    assert h.id is not None
    return [
        LedgerRow(**v) for v in ledger_row_values(h.id, h.table_id, h.night, record, settlement)
    ]


def ledger_row_values(
    hand_id: int, table_id: int, night: int, record: HandRecord, settlement: Settlement
) -> list[dict[str, Any]]:
    """:func:`ledger_rows` as the values of their INSERT (a new hand's Core path)."""
    wins: dict[str, int] = {}
    selfd: dict[str, int] = {}
    dealt: dict[str, int] = {}
    for w in record.wins:
        wins[w.winner] = 1
        if w.discarder is None:
            selfd[w.winner] = 1
        else:
            dealt[w.discarder] = dealt.get(w.discarder, 0) + 1
    ids = list(record.players)
    ids += [k for k in settlement.net if k not in record.players and k != POT]
    return [
        {
            "hand_id": hand_id,
            "table_id": table_id,
            "night": night,
            "player_id": int(pid),
            "amount": int(settlement.net.get(pid, 0)),
            "confirmed": True,
            "won": wins.get(pid, 0),
            "self_drawn": selfd.get(pid, 0),
            "dealt_in": dealt.get(pid, 0),
        }
        for pid in ids
    ]
