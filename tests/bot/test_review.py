"""Exactly-once and permissions, found in review: a Confirm retried after the first one stored
the hand but did not finish, two entries of one hand confirmed at once, two Settle
confirmations at once, and a chat admin who never sat at the table."""

from __future__ import annotations

import asyncio

from bot.callback import DraftCb, decode
from bot.entry import wizard as wz
from tests.bot.helpers import next_until, wizard
from tests.bot.test_robust import playing_table


def confirm_ref(s, msg) -> DraftCb:
    cb = decode(s.tg.find_button(s.chat, msg["message_id"], "Confirm")["callback_data"])
    assert isinstance(cb, DraftCb)
    return cb


async def test_confirm_retried_after_the_hand_was_stored_records_it_once(tg, bot):
    """The first Confirm stored the hand, then died before closing the entry (a crash, a
    database hiccup answered with "please try again"): Confirm again must find that hand,
    not tell the players to enter it again (which would count it twice)."""
    s, table, (_alice, bob, _carol, _dave) = await playing_table(tg, -100720)
    w = await s.tap_for_message(bob, table, "Record hand")
    await wizard(s, bob, w, "Bob self-drawn", "Plain win")
    await next_until(s, bob, w, "Confirm")
    ref = confirm_ref(s, w)
    led = bot.ledger
    d = led.get_draft(ref.draft_id)
    assert d.version == ref.version and d.table_id is not None
    # what the first tap did before it was interrupted: the hand, under the tap's key
    first = led.record_hand(
        d.table_id,
        wz.build_record(d.data),
        recorded_by=d.author_id,
        idempotency_key=f"draft:{d.id}:v{d.version}",
    )
    mark = tg.mark()
    ans = await s.tap(bob, w, "Confirm")
    assert not ans.get("show_alert"), ans
    await tg.next_message(s.chat, mark, contains="Hand 1:")
    assert "recorded" in s.text(w)
    assert led.history(d.table_id).total == 1
    assert led.last_hand(d.table_id) == first


async def test_two_entries_of_one_hand_confirmed_at_once_record_it_once(tg, bot):
    s, table, (_alice, bob, carol, _dave) = await playing_table(tg, -100721)
    led = bot.ledger
    tid = led.current_table(s.chat.id).id
    for round_ in range(2):  # the race is narrow: run it twice
        # both start the same hand on their phones: the second Record hand points to the
        # first entry, in place (one entry at a time), so both Confirm the same draft at once
        w2 = await s.tap_for_message(bob, table, "Record hand")
        ans = await s.tap(carol, table, "Record hand")
        assert ans.get("show_alert") and "Bob" in ans["text"], ans
        hand_drafts = [d for d in led.open_drafts(s.chat.id) if d.data.get("kind") == "hand"]
        assert len(hand_drafts) == 1 and hand_drafts[0].message_id == w2["message_id"]
        await wizard(s, carol, w2, "Bob self-drawn", "Plain win")
        await next_until(s, carol, w2, "Confirm")
        data = tg.find_button(s.chat, w2["message_id"], "Confirm")["callback_data"]
        confirms = [(u, w2["message_id"], data) for u in (bob, carol)]
        mark = tg.mark()
        ids = await asyncio.gather(*(tg.press_data(s.chat, u, m, d) for u, m, d in confirms))
        answers = [await tg.answer_of(i) for i in ids]
        await asyncio.sleep(0.2)
        assert led.get_table(tid).hand_count == 1, (round_, answers)
        assert sum(1 for a in answers if a.get("show_alert")) == 1, answers
        sent = [m for m in tg.sent_since(mark, "sendMessage") if ": Bob" in m.params["text"]]
        assert len(sent) <= 1
        last = led.last_hand(tid)
        assert last is not None
        led.void_hand(last.id, by_player_id=last.recorded_by, reason="test round over")


async def test_two_settle_confirmations_at_once_end_one_night(tg, bot):
    s, _table, (alice, bob, _carol, _dave) = await playing_table(tg, -100722)
    asks = [await s.say(u, "/settle", expect="settle") for u in (alice, bob)]
    datas = [tg.find_button(s.chat, a["message_id"], "Settle")["callback_data"] for a in asks]
    ids = await asyncio.gather(
        *(
            tg.press_data(s.chat, u, a["message_id"], d)
            for u, a, d in zip((alice, bob), asks, datas, strict=True)
        )
    )
    answers = [await tg.answer_of(i) for i in ids]
    await asyncio.sleep(0.3)
    tid = bot.ledger.current_table(s.chat.id).id
    assert bot.ledger.get_table(tid).night == 2, answers
    assert sum(1 for a in answers if a.get("show_alert")) == 1


async def test_a_chat_admin_who_never_sat_can_undo_and_close(tg, bot):
    s, table, (_alice, bob, _carol, _dave) = await playing_table(tg, -100723)
    w = await s.tap_for_message(bob, table, "Record hand")
    await wizard(s, bob, w, "Bob self-drawn", "Plain win")
    await next_until(s, bob, w, "Confirm")
    mark = tg.mark()
    await wizard(s, bob, w, "Confirm")
    await tg.next_message(s.chat, mark, contains="Hand 1:")
    eve = tg.user(990, "Eve")
    tg.admins[s.chat.id] = {eve.id}
    ask = await s.tap_for_message(eve, table, "Undo", expect="Void the last hand?")
    await wizard(s, eve, ask, "Yes, void hand 1")
    assert "Hand 1 voided." in s.text(ask), s.text(ask)
    tid = bot.ledger.current_table(s.chat.id).id
    assert bot.ledger.get_hand(tid, 1).status == "voided"
    reply = await s.say(eve, "/close")
    assert "The table is closed." in reply["text"], reply["text"]
    assert bot.ledger.get_table(tid).status == "closed"


async def test_undo_after_an_edit_offers_the_last_hand_played(tg, bot):
    s, table, (alice, bob, carol, _dave) = await playing_table(tg, -100724)
    for who_, winner in ((bob, "Bob"), (carol, "Carol")):
        w = await s.tap_for_message(who_, table, "Record hand")
        await wizard(s, who_, w, f"{winner} self-drawn", "Plain win")
        await next_until(s, who_, w, "Confirm")
        mark = tg.mark()
        await wizard(s, who_, w, "Confirm")
        await tg.next_message(s.chat, mark, contains="Hand ")
    w = await s.say(alice, "/edit 1", expect="Correcting hand 1")
    mark = tg.mark()
    await wizard(s, alice, w, "Confirm")
    await tg.next_message(s.chat, mark, contains="Hand 1:")  # the correction keeps number 1
    ask = await s.tap_for_message(alice, table, "Undo", expect="Void the last hand?")
    assert "Hand 2" in s.text(ask), s.text(ask)
    await wizard(s, alice, ask, "Yes, void hand 2")
    tid = bot.ledger.current_table(s.chat.id).id
    assert bot.ledger.get_hand(tid, 2).status == "voided"
    assert bot.ledger.get_hand(tid, 1).status == "confirmed"  # hand 1 as corrected stays
    assert bot.ledger.get_hand(tid, 3).status == "voided"  # its first entry, linked
