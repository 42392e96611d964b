"""Property (issue 27.2): "/undo and /edit of a hand re-derive everything after it (round,
honba, sticks, game end)". For random riichi nights, voiding or correcting hand k leaves the
ledger exactly as if the night had been played without hand k (or with its correction) from
the start: the same hands with the same dealer, honba, sticks and settlements, the same game
ends, the same night totals and the same state for the next hand. On SQLite (the PostgreSQL
half of the ledger is the same code; tests/storage/test_riichi_games.py runs on both)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from itertools import count
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from scoring.record import Event, HandRecord, Win
from storage.ledger.games import _rows
from storage.service import Ledger
from tests.storage.test_riichi_games import OPTIONS

KEYS = count(1)
CHATS = count(-30_000, -1)

# a hand as typed: ("ron", winner, discarder, han, riichi players) or ("draw", tenpai, riichi)
Typed = tuple[object, ...]

seat = st.integers(0, 3)
players4 = st.frozensets(seat, max_size=4).map(lambda s: tuple(sorted(s)))
ron = st.builds(
    lambda w, off, han, riichi: ("ron", w, (w + off) % 4, han, riichi),
    seat, st.integers(1, 3), st.integers(1, 13), players4,
)  # fmt: skip
draw = st.tuples(st.just("draw"), players4, players4)
typed_hand = st.one_of(ron, draw)


def record(ids: list[str], h: Typed) -> HandRecord:
    if h[0] == "ron":
        _k, w, d, han, riichi = h
        assert isinstance(w, int) and isinstance(d, int) and isinstance(han, int)
        assert isinstance(riichi, tuple)
        return HandRecord(
            "riichi", tuple(ids), ids[0], "win", (Win(ids[w], ids[d], fan=han),),
            dict(OPTIONS), {"fu": {ids[w]: 30}} if han <= 4 else {},
            tuple(Event("riichi", ids[i]) for i in riichi),
        )  # fmt: skip
    _k, tenpai, riichi = h
    assert isinstance(tenpai, tuple) and isinstance(riichi, tuple)
    ev = tuple(Event("riichi", ids[i]) for i in riichi)
    ev += tuple(Event("tenpai", ids[i]) for i in tenpai)
    return HandRecord("riichi", tuple(ids), ids[0], "draw", options=dict(OPTIONS), events=ev)


@pytest.fixture(scope="module")
def ledger(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Ledger]:
    path: Path = tmp_path_factory.mktemp("rederive") / "ledger.sqlite3"
    led = Ledger(f"sqlite:///{path}")
    led.upgrade()
    yield led
    led.dispose()


def table(led: Ledger) -> tuple[int, list[str]]:
    chat = next(CHATS)
    led.ensure_chat(chat)
    ps = [led.ensure_user(-chat * 10 + i, n) for i, n in enumerate("ABCD")]
    t = led.open_table(chat, creator_id=ps[0].id, ruleset="riichi", options=OPTIONS)
    for p in ps:
        led.join(t.id, p.id)
    led.start(t.id, dealer_id=ps[0].id)
    return t.id, [str(p.id) for p in ps]


def play(led: Ledger, tid: int, ids: list[str], hands: list[Typed]) -> list[int]:
    """Record the hands the table can play (a bust may end the night's games early: every
    hand is still recorded, in the next game); the ids of the hands recorded."""
    out = []
    for h in hands:
        v = led.record_hand(
            tid, record(ids, h), recorded_by=int(ids[0]), idempotency_key=f"p{next(KEYS)}"
        )
        out.append(v.id)
    return out


def night(led: Ledger, tid: int, ids: list[str]) -> tuple[object, ...]:
    """The night as the ledger holds it, by seat (not by player id)."""
    seat = {p: i for i, p in enumerate(ids)}
    with led._read() as s:  # the confirmed hands in play order (position, seq)
        stored = [(json.loads(h.record), json.loads(h.settlement)) for h in _rows(s, tid, 1)]
    rows = []
    for rec_json, st_json in stored:
        r = HandRecord.from_json(rec_json)
        rows.append(
            (
                r.result,
                seat[r.dealer],
                r.count("honba", r.dealer),
                r.count("riichi_sticks", r.dealer),
                tuple(sorted((seat.get(k, -1), v) for k, v in st_json["net"].items())),
                tuple(sorted((seat[k], v) for k, v in r.counts.get("points", {}).items())),
            )
        )
    s = led.riichi_state(tid)
    assert s is not None
    state = (s.game, s.round_wind, s.hand, s.honba, s.sticks, seat[str(s.dealer_id)])
    totals = led.night_transfers(tid).net_points
    by_seat = tuple(sorted((seat[str(k)], v) for k, v in totals.items() if k))
    return tuple(rows), state, by_seat, seat[str(led.get_table(tid).dealer_id)]


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(hands=st.lists(typed_hand, min_size=2, max_size=7), data=st.data())
def test_void_is_as_if_never_played(
    ledger: Ledger, hands: list[Typed], data: st.DataObject
) -> None:
    k = data.draw(st.integers(0, len(hands) - 1))
    tid, ids = table(ledger)
    recorded = play(ledger, tid, ids, hands)
    ledger.void_hand(recorded[k], by_player_id=int(ids[0]), reason="property")
    fresh_tid, fresh_ids = table(ledger)
    play(ledger, fresh_tid, fresh_ids, hands[:k] + hands[k + 1 :])
    now = night(ledger, tid, ids)
    assert now == night(ledger, fresh_tid, fresh_ids)
    event(f"game ends after the void: {sum(1 for r in now[0] if r[0] == 'game_end')}")
    assert not ledger.check_integrity()


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(hands=st.lists(typed_hand, min_size=2, max_size=7), fix=typed_hand, data=st.data())
def test_a_correction_is_as_if_played_so(
    ledger: Ledger, hands: list[Typed], fix: Typed, data: st.DataObject
) -> None:
    k = data.draw(st.integers(0, len(hands) - 1))
    tid, ids = table(ledger)
    recorded = play(ledger, tid, ids, hands)
    ledger.correct_hand(
        recorded[k], record(ids, fix), by_player_id=int(ids[0]), idempotency_key=f"c{next(KEYS)}"
    )
    fresh_tid, fresh_ids = table(ledger)
    play(ledger, fresh_tid, fresh_ids, [*hands[:k], fix, *hands[k + 1 :]])
    assert night(ledger, tid, ids) == night(ledger, fresh_tid, fresh_ids)
