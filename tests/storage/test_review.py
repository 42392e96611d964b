"""Ledger correctness found in review: the dealer after a void when the seats changed, the
state a hand was entered against checked under the table lock, one night per /settle, and the
chat admins the bot lets void, correct and close."""

from __future__ import annotations

import csv
import io

import pytest

import scoring
from scoring.record import HandRecord
from storage.errors import Conflict, Forbidden
from storage.service import ALL_NIGHTS, Ledger
from tests.storage.conftest import Game, make_game
from tests.storage.helpers import contract_example, draw_hand


def test_void_after_a_substitution_gives_the_deal_to_whoever_took_the_seat(game: Game) -> None:
    led, t, ids = game.ledger, game.table, game.ids
    # hand 1: bob wins on carol's discard, alice dealing → the deal passes (to bob)
    h1 = led.record_hand(t.id, contract_example(ids), recorded_by=game.pids[0], idempotency_key="a")
    out = h1.dealer_after
    assert out != game.pids[0]
    erin = led.ensure_user(999, "erin")
    led.substitute(t.id, out, erin.id)  # the dealer goes home; erin takes the seat (and deal)
    assert led.get_table(t.id).dealer_id == erin.id
    seated = [str(s.player_id) for s in led.get_table(t.id).seats]
    h2 = led.record_hand(
        t.id, draw_hand(seated, dealer=str(erin.id)), recorded_by=erin.id, idempotency_key="b"
    )
    led.void_hand(h2.id, by_player_id=erin.id, reason="entered by mistake")
    # the deal is back where it was after hand 1: in that seat, which erin holds now
    dealer = led.get_table(t.id).dealer_id
    assert dealer == erin.id, (dealer, out)
    # and the next hand can be recorded with the table's dealer
    h3 = led.record_hand(
        t.id, draw_hand(seated, dealer=str(dealer)), recorded_by=erin.id, idempotency_key="c"
    )
    assert h3.dealer_before == erin.id
    assert led.check_integrity() == []


def test_void_after_the_dealer_left_keeps_the_deal_at_the_table(game: Game) -> None:
    led, t, ids = game.ledger, game.table, game.ids
    h1 = led.record_hand(t.id, contract_example(ids), recorded_by=game.pids[0], idempotency_key="a")
    out = h1.dealer_after
    led.leave(t.id, out)  # the dealer leaves; the deal passes to the next seat
    nxt = led.get_table(t.id).dealer_id
    assert nxt is not None and nxt != out
    led.add_guest(t.id, "Grandpa Wu", by_player_id=nxt)  # someone sits down in the empty seat
    seated = [str(s.player_id) for s in led.get_table(t.id).seats]
    h2 = led.record_hand(
        t.id, draw_hand(seated, dealer=str(nxt)), recorded_by=nxt, idempotency_key="b"
    )
    led.void_hand(h2.id, by_player_id=nxt, reason="x")
    dealer = led.get_table(t.id).dealer_id
    assert dealer is not None and str(dealer) in seated, (dealer, out, seated)


def test_record_hand_checks_what_the_entry_was_made_against(game: Game) -> None:
    """Two phones entering the same hand, or a void between the check and the write: the
    expected hand count and dealer are checked under the table lock, after the idempotency
    key (so a retried Confirm of a hand that was stored still finds it)."""
    led, t, ids, pids = game.ledger, game.table, game.ids, game.pids
    rec = contract_example(ids)
    h1 = led.record_hand(
        t.id,
        rec,
        recorded_by=pids[1],
        idempotency_key="first",
        expect_hand_count=0,
        expect_dealer=pids[0],
    )
    before = (led.get_table(t.id), led.standings(t.id, night=ALL_NIGHTS))
    with pytest.raises(Conflict):  # the second phone's entry of the same hand
        led.record_hand(
            t.id,
            rec,
            recorded_by=pids[2],
            idempotency_key="second",
            expect_hand_count=0,
            expect_dealer=pids[0],
        )
    with pytest.raises(Conflict):  # the right count, but the deal moved since
        led.record_hand(
            t.id,
            draw_hand(ids),
            recorded_by=pids[2],
            idempotency_key="third",
            expect_hand_count=1,
            expect_dealer=pids[0],
        )
    assert (led.get_table(t.id), led.standings(t.id, night=ALL_NIGHTS)) == before
    # the first key again (a retried Confirm) returns the stored hand, stale expectations or not
    again = led.record_hand(
        t.id,
        rec,
        recorded_by=pids[1],
        idempotency_key="first",
        expect_hand_count=0,
        expect_dealer=pids[0],
    )
    assert again == h1
    assert led.get_table(t.id).hand_count == 1


def test_new_night_once_per_settled_night(game: Game) -> None:
    led, t = game.ledger, game.table
    assert led.new_night(t.id, expect_night=1).night == 2
    with pytest.raises(Conflict):  # a second Settle of night 1
        led.new_night(t.id, expect_night=1)
    assert led.get_table(t.id).night == 2


def test_a_chat_admin_who_never_sat_may_void_correct_and_close(ledger: Ledger) -> None:
    g = make_game(ledger)
    led, t = g.ledger, g.table
    admin = led.ensure_user(777, "admin")
    h1 = led.record_hand(t.id, contract_example(g.ids), recorded_by=g.pids[0], idempotency_key="a")
    h2 = led.record_hand(t.id, draw_hand(g.ids), recorded_by=g.pids[0], idempotency_key="b")
    with pytest.raises(Forbidden):
        led.void_hand(h2.id, by_player_id=admin.id, reason="x")
    assert led.void_hand(h2.id, by_player_id=admin.id, reason="x", admin=True).status == "voided"
    fixed = led.correct_hand(
        h1.id, draw_hand(g.ids), by_player_id=admin.id, idempotency_key="fix", admin=True
    )
    assert fixed.replaces_hand_id == h1.id
    with pytest.raises(Forbidden):
        led.close_table(t.id, by_player_id=admin.id)
    assert led.close_table(t.id, by_player_id=admin.id, admin=True).status == "closed"
    assert led.check_integrity() == []


def test_last_hand_is_the_last_in_play_order_not_the_last_correction(game: Game) -> None:
    """/undo asks "Void the last hand?" about ``last_hand``: after /edit of an earlier hand it
    must still be the last hand played — voiding the correction instead would drop the
    corrected hand from the totals altogether (the original stays voided)."""
    led, t, ids, pids = game.ledger, game.table, game.ids, game.pids
    h1 = led.record_hand(t.id, draw_hand(ids), recorded_by=pids[0], idempotency_key="a")
    h2 = led.record_hand(t.id, draw_hand(ids), recorded_by=pids[0], idempotency_key="b")
    fixed = led.correct_hand(
        h1.id, contract_example(ids), by_player_id=pids[1], idempotency_key="fix"
    )
    last = led.last_hand(t.id)
    assert last is not None and last.id == h2.id, (last and last.seq, fixed.seq)
    led.void_hand(h2.id, by_player_id=pids[0], reason="undo")
    last = led.last_hand(t.id)
    assert last is not None and last.id == fixed.id  # the corrected first hand


def test_a_hand_too_big_to_store_is_a_record_error_that_changes_nothing(ledger: Ledger) -> None:
    """点数制 with a 60-fan win: 10 × 2^60 points per payer does not fit the ledger. Since issue
    12 point 4 the scoring core refuses it before computing any amount (scoring.LEDGER_MAX =
    10^12 per player): a cap of 99 fan cannot even open a table, and with no cap the win itself
    is a bad record — refused politely, nothing stored, the database driver never sees it."""
    led = ledger
    users = [led.ensure_user(500 + i, n) for i, n in enumerate("abcd")]
    with pytest.raises(scoring.RecordError) as err:
        led.open_table(
            -77, creator_id=users[0].id, ruleset="points", options={"cap_fan": 99}, stake_minor=1
        )
    assert err.value.field == "options.cap_fan"
    assert led.current_table(-77) is None
    t = led.open_table(
        -77, creator_id=users[0].id, ruleset="points", options={"cap_fan": 0}, stake_minor=1
    )
    for u in users:
        led.join(t.id, u.id)
    led.start(t.id, dealer_id=users[0].id)
    ids = [str(u.id) for u in users]
    rec = HandRecord.from_json(
        {
            "ruleset": "points",
            "options": {"cap_fan": 0},
            "players": ids,
            "dealer": ids[0],
            "result": "win",
            "wins": [{"winner": ids[1], "from": ids[2], "fan": 60}],
        }
    )
    with pytest.raises(scoring.RecordError):
        scoring.settle(rec)  # the core refuses it, no amount computed
    before = (led.get_table(t.id), led.standings(t.id, night=ALL_NIGHTS))
    with pytest.raises(scoring.RecordError):
        led.record_hand(t.id, rec, recorded_by=users[0].id, idempotency_key="big")
    assert (led.get_table(t.id), led.standings(t.id, night=ALL_NIGHTS)) == before
    assert led.history(t.id).total == 0


def test_csv_export_makes_formula_like_names_inert(game: Game) -> None:
    """A guest named like a spreadsheet formula is exported as text, not as a formula."""
    led, t, pids = game.ledger, game.table, game.pids
    led.leave(t.id, pids[3])
    led.add_guest(t.id, '=HYPERLINK("http://x")', by_player_id=pids[0])
    seated = [str(s.player_id) for s in led.get_table(t.id).seats]
    h = led.record_hand(
        t.id, draw_hand(seated, dealer=seated[0]), recorded_by=pids[0], idempotency_key="csv"
    )
    led.void_hand(h.id, by_player_id=pids[0], reason="-1 typo")
    rows = list(csv.DictReader(io.StringIO(led.export_csv(t.id))))
    names = {r["player"] for r in rows if r["line"] == "net"}
    assert '\'=HYPERLINK("http://x")' in names
    assert not any(n.startswith(("=", "+", "-", "@")) for n in names)
    assert {r["void_reason"] for r in rows} == {"'-1 typo"}
