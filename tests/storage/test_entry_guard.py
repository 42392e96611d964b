"""Issue 24, point 1: one open entry per table, kept by the database.

"Simultaneous 📝 Record hand taps open several entries for one table when ledger calls run in
threads … 2–6 open entries in 10 of 10 races. The one-entry rule is check-then-create." Here
20 threads (5 connection pools) create the table's entry at the same moment, on SQLite and
PostgreSQL: exactly one is created, and each of the other 19 is given that one.
"""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta

import pytest
from sqlalchemy import text
from sqlalchemy.exc import IntegrityError

from storage.errors import EntryOpen
from storage.models import utcnow
from storage.service import Ledger
from storage.views import DraftView
from tests.storage.conftest import Game

DONE = ("recorded", "posting", "posted")  # bot.guard.CONVERGE_STEPS


def entry(led: Ledger, game: Game, author: int, **kw: object) -> DraftView:
    return led.create_draft(
        tg_chat_id=game.chat_id,
        author_id=author,
        table_id=game.table.id,
        data={"kind": "hand", "n": author},
        step="winners",
        entry=True,
        done_steps=DONE,
        **kw,  # type: ignore[arg-type]
    )


def test_twenty_concurrent_entries_make_one(game: Game, db_url: str) -> None:
    ledgers = [Ledger(db_url) for _ in range(5)]
    barrier = threading.Barrier(20)

    def attempt(i: int) -> tuple[str, int]:
        led = ledgers[i % 5]
        barrier.wait()
        try:
            return "created", entry(led, game, game.pids[i % 4]).id
        except EntryOpen as err:
            return "pointed", err.draft.id

    try:
        with ThreadPoolExecutor(20) as pool:
            results = list(pool.map(attempt, range(20)))
    finally:
        for led in ledgers:
            led.dispose()
    created = [d for how, d in results if how == "created"]
    assert len(created) == 1, results
    assert {d for _how, d in results} == set(created)  # every other one is pointed to it
    open_ = [d for d in game.ledger.open_drafts(game.chat_id) if d.table_id == game.table.id]
    assert [d.id for d in open_] == created


def test_the_index_refuses_a_second_open_entry(game: Game) -> None:
    """The rule is the database's: a second open row for the table is refused by the
    partial unique index even when the check in create_draft is bypassed."""
    first = entry(game.ledger, game, game.pids[0])
    with pytest.raises(IntegrityError), game.ledger.engine.begin() as conn:
        conn.execute(
            text(
                "INSERT INTO draft (tg_chat_id, author_id, table_id, step, data, version, "
                "status, created_at, updated_at, expires_at, entry_table_id) VALUES "
                "(:c, :a, :t, 'winners', '{}', 1, 'open', :now, :now, :exp, :t)"
            ),
            {
                "c": game.chat_id,
                "a": game.pids[1],
                "t": game.table.id,
                "now": utcnow(),
                "exp": utcnow() + timedelta(hours=1),
            },
        )
    assert game.ledger.open_entry(game.table.id, DONE) == first


def test_the_slot_frees_when_closed_recorded_or_expired(game: Game) -> None:
    led = game.ledger
    a = entry(led, game, game.pids[0])
    led.close_draft(a.id, version=a.version, status="cancelled")
    b = entry(led, game, game.pids[1])  # a cancelled entry holds nothing
    with pytest.raises(EntryOpen) as got:
        entry(led, game, game.pids[2])
    assert got.value.draft.id == b.id
    led.update_draft(b.id, version=b.version, step="posting", data={"kind": "hand"})
    assert led.open_entry(game.table.id, DONE) is None  # its hand is recorded
    c = entry(led, game, game.pids[2], ttl_seconds=-1)  # expired as soon as made
    d = entry(led, game, game.pids[3])
    assert d.id != c.id
    assert led.get_draft(b.id).status == "open"  # still showing its hand: left alone
    other = led.create_draft(  # /edit, /calc, confirmations: no slot
        tg_chat_id=game.chat_id,
        author_id=game.pids[0],
        table_id=game.table.id,
        data={"kind": "confirm"},
        step="confirm",
    )
    assert led.open_entry(game.table.id, DONE) == d and other.id != d.id


# --- issue 24 point 3: a redelivered update changes nothing twice ------------------------------
def test_a_keyed_change_happens_once_even_when_raced(game: Game, db_url: str) -> None:
    """'/season new S6, kill -9 within 40 ms, restart: Telegram redelivers the update and the
    season is created twice.' The update's key is written in the season's own transaction:
    20 deliveries of one update at once (5 pools) make one season; the rest are AlreadyDone."""
    from storage.errors import AlreadyDone

    ledgers = [Ledger(db_url) for _ in range(5)]
    barrier = threading.Barrier(20)

    def attempt(i: int) -> str:
        led = ledgers[i % 5]
        barrier.wait()
        try:
            led.keyed("c:4242", led.new_season, game.chat_id, "S6", by_player_id=game.pids[0])
        except AlreadyDone:
            return "replayed"
        return "done"

    try:
        with ThreadPoolExecutor(20) as pool:
            results = list(pool.map(attempt, range(20)))
    finally:
        for led in ledgers:
            led.dispose()
    assert results.count("done") == 1, results
    assert [s.name for s in game.ledger.seasons(game.chat_id)][-1] == "S6"
    assert len(game.ledger.seasons(game.chat_id)) == 2  # season 1, then S6 once


def test_a_failed_keyed_change_leaves_no_key(game: Game) -> None:
    """A change that is refused records nothing: the same update may be tried again."""
    from storage.errors import AlreadyDone, NotFound

    led = game.ledger
    for _ in range(2):
        with pytest.raises(NotFound):
            led.keyed("c:7", led.merge_guest, game.chat_id, "nobody", game.pids[0])
    assert not led.update_seen("c:7")
    led.mark_update("u:7")
    led.mark_update("u:7")  # twice is fine
    assert led.update_seen("u:7")
    assert led.forget_updates(utcnow() + timedelta(seconds=1)) == 1
    assert not led.update_seen("u:7")
    with pytest.raises(AlreadyDone):
        led.keyed("c:8", led.new_season, game.chat_id, "A", by_player_id=game.pids[0])
        led.keyed("c:8", led.new_season, game.chat_id, "B", by_player_id=game.pids[0])
    assert [s.name for s in led.seasons(game.chat_id)][-1] == "A"
