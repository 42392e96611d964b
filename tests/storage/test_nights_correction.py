"""Hands of a settled night corrected or voided afterwards, and the undo that voids only the
last hand.

A night's first dealer is where the previous night ended (``new_night`` at Settle takes the
table's dealer then). While the next night has no confirmed hand yet, that start is still
only derived: correcting or voiding the settled night's last hand must move it along, so the
table's dealer (the one the next hand is entered with) is the one the corrected night hands
on. Once the next night has hands, its first dealer is what was played and stays.

Dealer moves of Xingguo used here: the contract's example (alice deals, bob wins on carol's
discard) passes the deal to bob; a draw leaves it with the dealer.
"""

from __future__ import annotations

import pytest

from storage.errors import AlreadyVoided, Conflict
from tests.storage.conftest import Game
from tests.storage.helpers import contract_example, draw_hand


def night_one_won_by_bob(game: Game) -> int:
    """Night 1: one hand, bob wins on alice's deal (the deal passes to bob); then Settle.
    Returns the hand's id."""
    led, t, ids, pids = game.ledger, game.table, game.ids, game.pids
    h = led.record_hand(t.id, contract_example(ids), recorded_by=pids[1], idempotency_key="n1h1")
    assert h.dealer_before == pids[0] and h.dealer_after == pids[1]
    nt = led.new_night(t.id, expect_night=1)
    assert nt.night == 2 and nt.dealer_id == pids[1]
    return h.id


def test_correcting_the_last_hand_of_a_settled_night_moves_the_next_nights_first_dealer(
    game: Game,
) -> None:
    led, t, ids, pids = game.ledger, game.table, game.ids, game.pids
    h1 = night_one_won_by_bob(game)
    # it was a draw after all: alice keeps the deal, so night 2 starts with alice dealing
    fixed = led.correct_hand(h1, draw_hand(ids), by_player_id=pids[0], idempotency_key="fix")
    assert fixed.night == 1 and fixed.dealer_after == pids[0]
    assert led.get_table(t.id).dealer_id == pids[0]
    assert led.standings(t.id).dealer_id == pids[0]
    # and the first hand of night 2 is entered (and accepted) with alice dealing
    h2 = led.record_hand(
        t.id,
        draw_hand(ids, dealer=ids[0]),
        recorded_by=pids[0],
        idempotency_key="n2h1",
        expect_dealer=pids[0],
    )
    assert h2.night == 2 and h2.dealer_before == pids[0]
    assert led.check_integrity() == []


def test_voiding_the_last_hand_of_a_settled_night_gives_the_next_night_its_dealer_back(
    game: Game,
) -> None:
    led, t, pids = game.ledger, game.table, game.pids
    h1 = night_one_won_by_bob(game)
    led.void_hand(h1, by_player_id=pids[0], reason="entered by mistake", expect_last=True)
    # as if the hand had never been entered: night 1 ended (and night 2 starts) with alice
    assert led.get_table(t.id).dealer_id == pids[0]
    assert led.check_integrity() == []


def test_empty_settled_nights_in_between_follow_too(game: Game) -> None:
    led, t, ids, pids = game.ledger, game.table, game.ids, game.pids
    h1 = night_one_won_by_bob(game)
    assert led.new_night(t.id, expect_night=2).night == 3  # night 2 settled without a hand
    led.correct_hand(h1, draw_hand(ids), by_player_id=pids[0], idempotency_key="fix")
    assert led.get_table(t.id).dealer_id == pids[0]
    assert led.check_integrity() == []


def test_a_next_night_already_played_keeps_its_first_dealer(game: Game) -> None:
    """Bob dealt the first hand of night 2: correcting night 1 afterwards does not rewrite
    that, nor the dealer night 2 has reached."""
    led, t, ids, pids = game.ledger, game.table, game.ids, game.pids
    h1 = night_one_won_by_bob(game)
    h2 = led.record_hand(
        t.id, draw_hand(ids, dealer=ids[1]), recorded_by=pids[1], idempotency_key="n2h1"
    )
    assert h2.night == 2 and h2.dealer_before == pids[1]
    led.correct_hand(h1, draw_hand(ids), by_player_id=pids[0], idempotency_key="fix")
    assert led.get_table(t.id).dealer_id == pids[1]
    assert led.get_hand(t.id, h2.seq).dealer_before == pids[1]
    # voiding night 2's only hand: night 2 began with bob dealing, and still does
    led.void_hand(h2.id, by_player_id=pids[1], reason="undo", expect_last=True)
    assert led.get_table(t.id).dealer_id == pids[1]
    assert led.check_integrity() == []


def test_a_first_dealer_chosen_for_the_next_night_stays(game: Game) -> None:
    """``start(dealer_id=…)`` before the first hand of night 2 chose its dealer: not derived
    from night 1, so a correction of night 1 leaves it alone."""
    led, t, ids, pids = game.ledger, game.table, game.ids, game.pids
    h1 = night_one_won_by_bob(game)
    assert led.start(t.id, dealer_id=pids[3]).dealer_id == pids[3]
    led.correct_hand(h1, draw_hand(ids), by_player_id=pids[0], idempotency_key="fix")
    assert led.get_table(t.id).dealer_id == pids[3]


def test_correcting_an_earlier_hand_of_a_settled_night_changes_no_dealer(game: Game) -> None:
    """Only where a night ends matters to the next night: hand 1 of two, corrected so that
    its own dealer move changes, leaves night 2 starting where hand 2 ended."""
    led, t, ids, pids = game.ledger, game.table, game.ids, game.pids
    h1 = led.record_hand(t.id, contract_example(ids), recorded_by=pids[1], idempotency_key="a")
    h2 = led.record_hand(
        t.id, draw_hand(ids, dealer=ids[1]), recorded_by=pids[1], idempotency_key="b"
    )
    assert h2.dealer_after == pids[1]
    led.new_night(t.id, expect_night=1)
    led.correct_hand(h1.id, draw_hand(ids), by_player_id=pids[0], idempotency_key="fix")
    assert led.get_table(t.id).dealer_id == pids[1]
    assert led.check_integrity() == []


# --- undo: the last hand only ---------------------------------------------------------------
def test_void_as_undo_refuses_a_hand_that_is_no_longer_the_last(game: Game) -> None:
    """The Undo prompt asked about hand 1; hand 2 was recorded before Yes. Voiding hand 1
    as an undo (``expect_last``) is refused under the table lock and changes nothing."""
    led, t, ids, pids = game.ledger, game.table, game.ids, game.pids
    h1 = led.record_hand(t.id, contract_example(ids), recorded_by=pids[1], idempotency_key="a")
    h2 = led.record_hand(
        t.id, draw_hand(ids, dealer=ids[1]), recorded_by=pids[1], idempotency_key="b"
    )
    before = (led.get_table(t.id), led.standings(t.id))
    with pytest.raises(Conflict):
        led.void_hand(h1.id, by_player_id=pids[0], reason="undo", expect_last=True)
    assert (led.get_table(t.id), led.standings(t.id)) == before
    assert led.get_hand(t.id, h1.seq).status == "confirmed"
    # the last hand is voided as an undo; a hand voided already is AlreadyVoided
    assert led.void_hand(h2.id, by_player_id=pids[0], reason="undo", expect_last=True).seq == 2
    with pytest.raises(AlreadyVoided):
        led.void_hand(h2.id, by_player_id=pids[0], reason="undo", expect_last=True)
    # hand 1 is the last hand again
    led.void_hand(h1.id, by_player_id=pids[0], reason="undo", expect_last=True)
    assert led.get_table(t.id).hand_count == 0
    assert led.check_integrity() == []


def test_void_without_expect_last_and_corrections_still_reach_older_hands(game: Game) -> None:
    """A plain ``void_hand`` (an admin's deliberate void) and ``correct_hand`` (/edit N)
    act on any confirmed hand, as before."""
    led, t, ids, pids = game.ledger, game.table, game.ids, game.pids
    h1 = led.record_hand(t.id, draw_hand(ids), recorded_by=pids[0], idempotency_key="a")
    h2 = led.record_hand(t.id, draw_hand(ids), recorded_by=pids[0], idempotency_key="b")
    h3 = led.record_hand(t.id, draw_hand(ids), recorded_by=pids[0], idempotency_key="c")
    fixed = led.correct_hand(
        h1.id, contract_example(ids), by_player_id=pids[1], idempotency_key="fix"
    )
    assert fixed.replaces_hand_id == h1.id
    assert led.void_hand(h2.id, by_player_id=pids[0], reason="typo").status == "voided"
    last = led.last_hand(t.id)
    assert last is not None and last.id == h3.id
    assert led.check_integrity() == []


def test_undo_after_a_correction_of_the_last_hand_voids_the_correction(game: Game) -> None:
    """/edit of the last hand puts the correction in its place: it is the last hand now,
    and Undo (``expect_last``) of it is allowed; the replaced original is not."""
    led, t, ids, pids = game.ledger, game.table, game.ids, game.pids
    h1 = led.record_hand(t.id, draw_hand(ids), recorded_by=pids[0], idempotency_key="a")
    fixed = led.correct_hand(
        h1.id, contract_example(ids), by_player_id=pids[1], idempotency_key="fix"
    )
    with pytest.raises(AlreadyVoided):
        led.void_hand(h1.id, by_player_id=pids[0], reason="undo", expect_last=True)
    led.void_hand(fixed.id, by_player_id=pids[0], reason="undo", expect_last=True)
    assert led.get_table(t.id).hand_count == 0
    assert led.get_table(t.id).dealer_id == pids[0]
