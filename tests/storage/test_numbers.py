"""Hand numbers that never drift (issue 25, point 4: "A hand's number is its place in the
night: a correction keeps N and its superseded version has no number of its own; a void frees
nothing and shifts nothing; … each night starts at hand 1").

The scenarios are the issue's own "today" list: "After `/edit 6` the corrected hand keeps 6
but the superseded version shows as '❌ Hand 7' … and the next hand is 8; after a void the
table says 'next hand 4 · 2 hands tonight'; … a second night starts at hand 10."
"""

from __future__ import annotations

from sqlalchemy import text

from storage import db, migrations
from storage.service import Ledger
from tests.storage.conftest import Game
from tests.storage.helpers import contract_example, draw_hand, random_hands


def record(game: Game, rec, key: str):  # type: ignore[no-untyped-def]
    return game.ledger.record_hand(
        game.table.id, rec, recorded_by=game.pids[0], idempotency_key=key
    )


def numbers(game: Game, night: int) -> list[tuple[int, bool, str]]:
    """(number, superseded, status) of a night's hands as /history lists them."""
    page = game.ledger.history(game.table.id, page_size=100)
    return [(h.number, h.superseded, h.status) for h in page.items if h.night == night]


def test_edit_6_keeps_6_and_the_next_hand_is_7(game: Game) -> None:
    L, tid = game.ledger, game.table.id
    hands = [record(game, r, f"k{i}") for i, r in enumerate(random_hands(game.ids, 6, seed=3))]
    assert [h.number for h in hands] == [1, 2, 3, 4, 5, 6]
    fixed = L.correct_hand(
        hands[5].id, contract_example(game.ids), by_player_id=game.pids[1], idempotency_key="fix6"
    )
    assert fixed.number == 6 and fixed.replaces_hand_id == hands[5].id
    old = L.get_hand_by_id(hands[5].id)
    # the superseded version carries its correction's number, never one of its own (not 7)
    assert old.number == 6 and old.superseded and old.replaced_by_hand_id == fixed.id
    assert L.get_table(tid).next_number == 7
    assert L.get_hand_number(tid, 6).id == fixed.id  # /edit 6, /explain 6: the correction
    nxt = record(game, draw_hand(game.ids), "k7")
    assert nxt.number == 7
    assert numbers(game, 1)[:3] == [
        (7, False, "confirmed"),
        (6, False, "confirmed"),
        (6, True, "voided"),
    ]
    assert L.check_integrity() == []


def test_a_void_frees_nothing_and_shifts_nothing(game: Game) -> None:
    L, tid = game.ledger, game.table.id
    hands = [record(game, r, f"v{i}") for i, r in enumerate(random_hands(game.ids, 3, seed=5))]
    L.void_hand(hands[1].id, by_player_id=game.pids[0], reason="undo")
    t = L.get_table(tid)
    st = L.standings(tid)
    # "next hand 4 · 3 hands tonight (1 voided)": hands tonight is always next − 1
    assert t.next_number == 4 and st.numbered == 3 and st.voided == 1 and st.hand_count == 2
    assert L.get_hand_number(tid, 3).id == hands[2].id  # hand 3 stays hand 3
    assert L.get_hand_number(tid, 2).status == "voided"  # hand 2 keeps its number, voided
    assert record(game, draw_hand(game.ids), "v3").number == 4  # 2 is not handed out again
    L.void_hand(L.last_hand(tid).id, by_player_id=game.pids[0], reason="undo")  # type: ignore[union-attr]
    assert L.get_table(tid).next_number == 5  # an undo frees nothing either
    assert L.check_integrity() == []


def test_each_night_starts_at_hand_1(game: Game) -> None:
    L, tid = game.ledger, game.table.id
    for i, r in enumerate(random_hands(game.ids, 9, seed=7)):
        record(game, r, f"n1-{i}")
    L.new_night(tid)
    t = L.get_table(tid)
    assert t.next_number == 1 and L.standings(tid).numbered == 0
    first = record(game, draw_hand(game.ids), "n2-0")
    assert (first.night, first.number) == (2, 1)
    assert L.get_hand_number(tid, 1).id == first.id
    assert L.get_hand_number(tid, 9, night=1).night == 1
    # a settled night's hand corrected: it keeps its number there, tonight's count is untouched
    nine = L.get_hand_number(tid, 9, night=1)
    fixed = L.correct_hand(
        nine.id, contract_example(game.ids), by_player_id=game.pids[0], idempotency_key="fix9"
    )
    assert (fixed.night, fixed.number) == (1, 9)
    assert L.get_table(tid).next_number == 2
    assert L.standings(tid, night=1).numbered == 9
    assert L.check_integrity() == []


def test_just_after_settle_hand_n_is_the_last_nights(game: Game) -> None:
    """/edit 1 right after Settle (tonight has no hand yet) finds the night just settled."""
    L, tid = game.ledger, game.table.id
    h = record(game, draw_hand(game.ids), "s0")
    L.new_night(tid)
    assert L.get_hand_number(tid, 1).id == h.id
    record(game, draw_hand(game.ids), "s1")
    assert L.get_hand_number(tid, 1).night == 2


def test_the_migration_numbers_existing_ledgers(db_url: str) -> None:
    """Revision 0004 on a ledger written before it: every night's hands numbered by play order
    from 1, a correction sharing its hand's number, the counters set; a staked table without a
    currency gets CNY. (SQLite and PostgreSQL, as tests/storage/test_migrations.py.)"""
    from tests.storage.conftest import make_game

    L = Ledger(db_url)
    L.upgrade()
    try:
        game = make_game(L)
        hands = [record(game, r, f"m{i}") for i, r in enumerate(random_hands(game.ids, 5, seed=11))]
        L.void_hand(hands[1].id, by_player_id=game.pids[0], reason="undo")
        L.correct_hand(
            hands[3].id, contract_example(game.ids), by_player_id=game.pids[0], idempotency_key="c"
        )
        L.new_night(game.table.id)
        record(game, draw_hand(game.ids), "m5")
        record(game, draw_hand(game.ids), "m6")
        want = {h.id: (h.night, h.number) for h in L.history(game.table.id, page_size=100).items}
        assert sorted(want.values()) == [
            (1, 1),
            (1, 2),
            (1, 3),
            (1, 4),
            (1, 4),
            (1, 5),
            (2, 1),
            (2, 2),
        ]
    finally:
        L.dispose()
    migrations.downgrade(db_url, "0003_entry_guard")
    engine = db.make_engine(db_url)
    try:
        with engine.begin() as conn:  # a stake with no currency, as some old tables have
            conn.execute(text("UPDATE game_table SET currency = NULL"))
    finally:
        engine.dispose()
    migrations.upgrade(db_url)
    L = Ledger(db_url)
    try:
        got = {h.id: (h.night, h.number) for h in L.history(game.table.id, page_size=100).items}
        assert got == want
        t = L.get_table(game.table.id)
        assert t.next_number == 3 and t.currency == "CNY"
        assert L.standings(game.table.id, night=1).numbered == 5
        assert L.check_integrity() == []
        assert record(Game(L, game.chat_id, game.players, t), draw_hand(game.ids), "m7").number == 3
    finally:
        L.dispose()
