"""Ledger correctness found in review: the dealer after a void when the seats changed, the
state a hand was entered against checked under the table lock, one night per /settle, and the
chat admins the bot lets void, correct and close."""

from __future__ import annotations

from tests.storage.conftest import Game
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
