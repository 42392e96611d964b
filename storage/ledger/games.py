"""Riichi games carried by the ledger (issue 27.2, spec riichi.md §1.1, §2.9–§2.10).

Nothing lives in process memory: the game is re-derived from the night's confirmed hands in
play order with :mod:`scoring.riichi.game`, every time a hand is recorded, voided or corrected.

* Before a hand is settled, :func:`fill` gives it what the table never types: the dealer and
  the dealer-keyed counts ``honba`` and ``riichi_sticks`` (§1.1) of the game state it is
  played in.
* After every change, :func:`rederive` walks the night again: a hand whose dealer, honba or
  sticks changed (an earlier hand was voided or corrected) is re-filled and re-settled in
  place (its record, settlement, ledger rows and the night totals); when a hand ends a game
  (§2.9 end conditions) a ``game_end`` hand follows it at the same play position, and a stored
  game end that no longer ends a game — or no longer with the same points — is voided or
  re-settled. The hands after a game end start the next game (East 1, the night's first
  dealer as East again). The table's dealer becomes the derived one.
* Voiding a game end (an undo right after the game ended) voids the hand that ended it too:
  the game end is the engine's, the hand is the table's.

A game's seats are its first hand's ``players`` turned so that its East comes first; a hand
with other players (a substitution) starts a new game.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from sqlalchemy import Connection, bindparam, delete, select, update
from sqlmodel import Session, col

from scoring import registry
from scoring.record import HandRecord, Settlement
from scoring.riichi import game as riichi_game
from scoring.riichi.decls import GAME_END
from scoring.ruleset import Options
from storage import settled as settled_store
from storage.ledger._base import LedgerBase
from storage.ledger._util import HT, _dump, ledger_rows
from storage.models import GameTable, Hand, LedgerRow, utcnow

if TYPE_CHECKING:
    from storage.ledger.corrections import CorrectionsArea
    from storage.ledger.hands import HandsArea

RIICHI = "riichi"


@dataclass(frozen=True, slots=True)
class GameSpot:
    """The game a hand is played in: its number in the night and the state before it."""

    game: int
    state: riichi_game.GameState


def _opts(record: HandRecord) -> Options:
    return registry.get(RIICHI).resolve_options(record.options)


def east_first(players: tuple[str, ...], east: str) -> tuple[str, ...]:
    """The seats turned so that ``east`` deals first (seat order = turn order)."""
    if east not in players:
        return players
    i = players.index(east)
    return players[i:] + players[:i]


def fill(record: HandRecord, state: riichi_game.GameState) -> HandRecord:
    """``record`` with the dealer, ``counts.honba`` and ``counts.riichi_sticks`` of ``state``
    (keyed by the dealer, §1.1; a zero count is left out)."""
    counts = {k: dict(v) for k, v in record.counts.items() if k not in ("honba", "riichi_sticks")}
    if state.honba:
        counts["honba"] = {state.dealer: state.honba}
    if state.sticks:
        counts["riichi_sticks"] = {state.dealer: state.sticks}
    return replace(record, dealer=state.dealer, counts=counts)


#: a stored hand as the walk reads it: a Core row of the ``hand`` table (id, position, seq,
#: result, record, settlement, dealer_before_id); the ORM entity is loaded only to change it.
#: Core rows: the night's 50 hands read in about half the time of Hand entities.
HandRow = Any
_NIGHT_HANDS = (
    select(
        HT.c.id,
        HT.c.position,
        HT.c.seq,
        HT.c.result,
        HT.c.record,
        HT.c.settlement,
        HT.c.dealer_before_id,
    )
    .where(
        HT.c.table_id == bindparam("t"),
        HT.c.night == bindparam("n"),
        HT.c.status == "confirmed",
    )
    .order_by(HT.c.position, HT.c.seq)
)


def _rows(s: Session | Connection, table_id: int, night: int) -> list[HandRow]:
    """The night's confirmed hands in play order."""
    return list(s.execute(_NIGHT_HANDS, {"t": table_id, "n": night}).all())


def _tail(rows: list[HandRow]) -> list[HandRow]:
    """The hands after the last game end: all a hand appended at the end depends on (the
    games before it are over, each re-derived when it changed)."""
    last = max((i for i, h in enumerate(rows) if h.result == GAME_END), default=-1)
    return rows[last + 1 :]


def _east(s: Session, area: HandsArea, t: GameTable, night: int, rows: list[HandRow]) -> int:
    """The night's first dealer: East of each of its games."""
    assert t.id is not None
    row = area._night(s, t.id, night)
    if row is not None and row.start_dealer_id is not None:
        return row.start_dealer_id
    for h in rows:
        return int(h.dealer_before_id)
    return t.dealer_id or 0


@dataclass(slots=True)
class _Walk:
    """One pass over a night: each hand with the game spot it is played in."""

    east: str
    game: int = 0
    state: riichi_game.GameState | None = None
    options: Options | None = None

    def spot(self, record: HandRecord) -> GameSpot:
        st = self.state
        if st is None or st.over or set(st.players) != set(record.players):
            self.game += 1
            players = east_first(record.players, self.east)
            self.options = _opts(record)
            st = riichi_game.new_game(players, self.options)
            self.state = st
        return GameSpot(self.game, st)

    def play(self, record: HandRecord, net: Mapping[str, int]) -> riichi_game.GameState:
        assert self.state is not None
        settlement = Settlement((), dict(net), ())
        self.state = riichi_game.play(self.state, record, settlement, _opts(record))
        return self.state


def _record(h: HandRow) -> HandRecord:
    return HandRecord.from_json(json.loads(h.record))


def _net(h: HandRow) -> dict[str, int]:
    return {k: int(v) for k, v in json.loads(h.settlement)["net"].items()}


def replay(hands: list[HandRow], east: str) -> _Walk:
    """The night's hands (game ends skipped), each filled for its spot and played."""
    w = _Walk(east)
    for h in hands:
        rec = _record(h)
        if rec.result == GAME_END:
            continue
        filled = fill(rec, w.spot(rec).state)
        net = _net(h) if filled == rec else dict(settled_store.settle_once(filled).settlement.net)
        w.play(filled, net)
    return w


def next_spot(w: _Walk, record: HandRecord | None = None) -> GameSpot | None:
    """The spot of the next hand after a walk: a new game once the last one is over (None:
    no hand yet and no record to start one)."""
    if record is not None:
        return w.spot(record)
    st = w.state
    if st is None:
        return None
    if st.over:
        players = east_first(st.players, w.east)
        return GameSpot(w.game + 1, riichi_game.new_game(players, _opts_of(w)))
    return GameSpot(w.game, st)


def _opts_of(w: _Walk) -> Options:
    assert w.options is not None
    return w.options


def fill_for(
    area: HandsArea, table_id: int, record: HandRecord, *, instead_of: int | None = None
) -> HandRecord:
    """``record`` filled for where it is played: after the night's last hand, or —
    ``instead_of`` a hand id (a correction) — in that hand's place. Other rulesets: as is."""
    if record.ruleset != RIICHI:
        return record
    with area._read() as s:
        t = area._table(s, table_id)
        night = t.night
        old = s.get(Hand, instead_of) if instead_of is not None else None
        if old is not None:
            night = old.night
        rows = _rows(s, table_id, night)
        if old is None:
            rows = _tail(rows)
        else:
            rows = [
                h for h in rows if (h.position, h.seq) < (old.position, old.seq) and h.id != old.id
            ]
        east = str(_east(s, area, t, night, rows))
        spot = next_spot(replay(rows, east), record)
    assert spot is not None
    return fill(record, spot.state)


# -- keeping the stored night in step --------------------------------------------------------


def _resettle(s: Session, area: HandsArea, h: Hand, record: HandRecord) -> Settlement:
    """Store ``record`` as hand ``h`` now reads, settled again: its ledger rows and the night
    totals follow."""
    once = settled_store.settle_once(record)
    st = once.settlement
    old = s.scalars(select(LedgerRow).where(col(LedgerRow.hand_id) == h.id)).all()
    area._apply_totals(s, h.table_id, h.night, old, -1)
    s.execute(delete(LedgerRow).where(col(LedgerRow.hand_id) == h.id))
    rows = ledger_rows(h, record, st)
    area._insert_rows(s, rows)
    area._apply_totals(s, h.table_id, h.night, rows, +1)
    h.record = _dump(record.to_json())
    h.settlement = _dump(settled_store.stored_json(st))
    h.result = record.result
    h.dealer_before_id = int(record.dealer)
    h.dealer_after_id = int(once.next_dealer)
    s.flush()
    return st


def _entity(s: Session, row: HandRow) -> Hand:
    h = s.get(Hand, row.id)
    assert h is not None
    return h


def _void_end(s: Session, area: HandsArea, t: GameTable, h: Hand, by: int) -> None:
    """Void a stored game end that no longer ends its game (as ``CorrectionsArea._void``)."""
    assert t.id is not None
    h.status = "voided"
    h.voided_by = by
    h.voided_at = utcnow()
    h.void_reason = "the game no longer ends here"
    rows = s.scalars(select(LedgerRow).where(col(LedgerRow.hand_id) == h.id)).all()
    s.execute(update(LedgerRow).where(col(LedgerRow.hand_id) == h.id).values(confirmed=False))
    area._apply_totals(s, t.id, h.night, rows, -1)
    t.hand_count -= 1
    night_row = area._night(s, t.id, h.night)
    if night_row is not None:
        night_row.hand_count -= 1


def rederive(
    s: Session, area: HandsArea, t: GameTable, night: int, *, by: int, appended: bool = False
) -> None:
    """Bring night ``night`` of a riichi table in step with its hands (module docstring).
    ``appended``: the only change is a hand recorded at the end (only the current game is
    walked)."""
    assert t.id is not None
    if t.ruleset != RIICHI:
        return
    rows = _rows(s, t.id, night)
    east = str(_east(s, area, t, night, rows))
    if appended:
        rows = _tail(rows)
    ends = {h.position: h for h in rows if h.result == GAME_END}
    keep: set[int] = set()
    w = _Walk(east)
    for h in rows:
        if h.result == GAME_END:
            continue
        rec = _record(h)
        spot = w.spot(rec)
        filled = fill(rec, spot.state)
        if filled != rec:
            net = dict(_resettle(s, area, _entity(s, h), filled).net)
        else:
            net = _net(h)
        state = w.play(filled, net)
        if not state.over:
            continue
        end = riichi_game.game_end_record(state, filled.options, _opts(filled))
        stored = ends.get(h.position)
        if stored is None:
            once = settled_store.settle_once(end)
            new = area._insert_hand(
                s,
                t,
                end,
                once.settlement,
                int(end.dealer),
                int(once.next_dealer),
                recorded_by=by,
                key=f"game_end:{t.id}:{h.id}:{t.last_seq + 1}",
                draft_id=None,
                night=night,
                position=h.position,
            )
            assert new.id is not None
            keep.add(new.id)
        else:
            assert stored.id is not None
            keep.add(stored.id)
            if _record(stored) != end:
                _resettle(s, area, _entity(s, stored), end)
    for h in ends.values():
        if h.id not in keep:
            _void_end(s, area, t, _entity(s, h), by)
    if night == t.night and w.state is not None:
        if w.state.over:
            t.dealer_id = int(east_first(w.state.players, east)[0])
        else:
            t.dealer_id = int(w.state.dealer)
    s.flush()


def void_with_end(s: Session, area: CorrectionsArea, t: GameTable, h: Hand, by: int) -> None:
    """Voiding a game end voids the hand that ended the game too (the confirmed hand at its
    play position)."""
    if h.result != GAME_END:
        return
    for other in s.scalars(
        select(Hand).where(
            col(Hand.table_id) == h.table_id,
            col(Hand.night) == h.night,
            col(Hand.position) == h.position,
            col(Hand.status) == "confirmed",
            col(Hand.result) != GAME_END,
        )
    ).all():
        area._void(s, t, other, by, "undone with its game end")


def table_state(area: HandsArea, table_id: int) -> GameSpot | None:
    """The game spot of the table's next hand, None for another ruleset or before the first
    hand of the night."""
    with area._read() as s:
        t = area._table(s, table_id)
        if t.ruleset != RIICHI:
            return None
        rows = _rows(s, table_id, t.night)
        east = str(_east(s, area, t, t.night, rows))
        done = sum(1 for h in rows if h.result == GAME_END)  # the games over tonight
        spot = next_spot(replay(_tail(rows), east))
        if spot is None:  # the night's first hand, or a game just over: East 1 of the seats
            seats = [str(p.id) for _, p in area._seats(s, table_id)]
            if not seats:
                return None
            opts = registry.get(RIICHI).resolve_options(json.loads(t.options))
            spot = GameSpot(1, riichi_game.new_game(east_first(tuple(seats), east), opts))
        return replace(spot, game=spot.game + done)


@dataclass(frozen=True, slots=True)
class RiichiState:
    """Where a riichi table stands before its next hand: the game of the night (1, 2, …),
    the round wind (0 East … 3 North) and hand (東1局 …), honba, sticks in the pot, the
    dealer, and the running points of each player (ids, East first)."""

    game: int
    round_wind: int
    hand: int
    honba: int
    sticks: int
    dealer_id: int
    players: tuple[int, ...]
    points: Mapping[int, int]


@dataclass(frozen=True, slots=True)
class RiichiGame:
    """One game of a night: its number, its hands in play order (the game end not among
    them), its ``game_end`` hand and why it ended (a key of
    :data:`scoring.riichi.game.REASONS`), both None / "" while it goes on."""

    game: int
    hand_ids: tuple[int, ...]
    end_hand_id: int | None
    reason: str


def games_of(rows: list[HandRow], east: str) -> list[RiichiGame]:
    """The games of a night's confirmed hands (play order)."""
    ends = {h.position: h.id for h in rows if h.result == GAME_END}
    w = _Walk(east)
    games: dict[int, list[int]] = {}
    over: dict[int, tuple[int | None, str]] = {}
    for h in rows:
        if h.result == GAME_END:
            continue
        rec = _record(h)
        spot = w.spot(rec)
        filled = fill(rec, spot.state)
        net = _net(h) if filled == rec else dict(settled_store.settle_once(filled).settlement.net)
        state = w.play(filled, net)
        assert h.id is not None
        games.setdefault(spot.game, []).append(h.id)
        if state.over:
            over[spot.game] = (ends.get(h.position), state.reason)
    return [RiichiGame(g, tuple(ids), *over.get(g, (None, ""))) for g, ids in games.items()]


class GamesArea(LedgerBase):
    """Riichi games (issue 27.2): the state the next hand is played in."""

    def riichi_state(self, table_id: int) -> RiichiState | None:
        """The game state of the table's next hand (None: not a riichi table, or nobody
        seated); derived from the stored hands of the current night."""
        spot = table_state(self, table_id)  # type: ignore[arg-type]
        if spot is None:
            return None
        st = spot.state
        return RiichiState(
            game=spot.game,
            round_wind=st.round_wind,
            hand=st.hand,
            honba=st.honba,
            sticks=st.sticks,
            dealer_id=int(st.dealer),
            players=tuple(int(p) for p in st.players),
            points={int(p): v for p, v in st.points.items()},
        )

    def riichi_games(self, table_id: int, *, night: int | None = None) -> list[RiichiGame]:
        """The games of a night of a riichi table (None = the current night; [] for another
        ruleset), each with its hands, its game end and why it ended."""
        with self._read() as s:
            t = self._table(s, table_id)
            if t.ruleset != RIICHI:
                return []
            n = t.night if night is None else night
            rows = _rows(s, table_id, n)
            east = str(_east(s, self, t, n, rows))  # type: ignore[arg-type]
            return games_of(rows, east)
