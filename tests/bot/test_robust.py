"""The rules of the road, end to end: double Confirm, strangers, forged and stale callback data,
a restart mid-entry, a 429 storm, a network timeout mid-entry, Telegram's 400s, the token kept
out of the logs."""

from __future__ import annotations

import asyncio
import logging

from bot.callback import DraftCb
from tests.bot.conftest import Bot, Scene
from tests.bot.helpers import next_until, open_table, result_messages, seat_and_start, wizard

NAMES = ("Alice", "Bob", "Carol", "Dave")


async def playing_table(tg, chat_id: int = -100700):
    chat = tg.group(chat_id)
    users = [tg.user(200 + i + abs(chat_id) % 1000 * 10, n) for i, n in enumerate(NAMES)]
    s = Scene(tg, chat)
    table = await open_table(s, users[0], "Xingguo")
    await seat_and_start(s, table, users)
    return s, table, users


def draft_ref(s: Scene, msg: dict) -> DraftCb:
    from bot.callback import decode

    data = s.tg.buttons(s.chat, msg["message_id"])[0]["callback_data"]
    cb = decode(data)
    assert isinstance(cb, DraftCb)
    return cb


async def test_double_confirm_from_two_phones_records_one_hand(tg, bot):
    s, table, (alice, bob, carol, _dave) = await playing_table(tg)
    w = await s.tap_for_message(bob, table, "Record hand")
    await wizard(s, bob, w, "Bob self-drawn", "Plain win")
    await next_until(s, bob, w, "Confirm")
    confirm = tg.find_button(s.chat, w["message_id"], "Confirm")["callback_data"]
    ids = await asyncio.gather(
        tg.press_data(s.chat, bob, w["message_id"], confirm),
        tg.press_data(s.chat, alice, w["message_id"], confirm),
        tg.press_data(s.chat, carol, w["message_id"], confirm),
    )
    answers = [await tg.answer_of(i) for i in ids]
    await asyncio.sleep(0.3)
    assert len(result_messages(s, 1)) == 1  # the entry, now the table message
    assert sum(1 for a in answers if a.get("show_alert")) == 2  # the others: "Already recorded."
    hist = bot.ledger.history(bot.ledger.current_table(s.chat.id).id)
    assert hist.total == 1
    assert "Hand 2" not in s.text(table) and "hand 2" in s.text(table)


async def test_a_stranger_cannot_record_or_touch_a_draft(tg, bot):
    s, table, (_alice, bob, _carol, _dave) = await playing_table(tg, -100701)
    eve = tg.user(999, "Eve")
    before = s.text(table)
    mark = tg.mark()
    ans = await s.tap(eve, table, "Record hand")
    assert ans.get("show_alert") and "Only the players" in ans["text"]
    assert not tg.sent_since(mark, "sendMessage")
    w = await s.tap_for_message(bob, table, "Record hand")
    snapshot = (s.text(w), s.labels(w))
    ans = await s.tap(eve, w, "Bob self-drawn")
    assert ans.get("show_alert")
    assert (s.text(w), s.labels(w)) == snapshot and s.text(table) == before
    # a chat admin may, though
    tg.admins[s.chat.id] = {eve.id}
    ans = await s.tap(eve, w, "Bob self-drawn")
    assert not ans.get("show_alert")
    assert "Bob — self-drawn" in s.text(w)


async def test_forged_and_stale_callbacks_get_an_alert_and_change_nothing(tg, bot):
    s, table, (_alice, bob, _carol, _dave) = await playing_table(tg, -100702)
    w = await s.tap_for_message(bob, table, "Record hand")
    ref = draft_ref(s, w)
    snapshot = (s.text(w), s.labels(w))
    forged = [
        "garbage",
        "v2:d:1:1:w:0",
        f"v1:d:{ref.draft_id}:{ref.version}:w:9",  # seat 9 does not exist
        f"v1:d:{ref.draft_id}:{ref.version}:zz",  # unknown action
        f"v1:d:{ref.draft_id}:{ref.version}:c",  # confirm before the preview
        f"v1:d:{ref.draft_id + 1000}:1:w:0",  # no such draft
        f"v1:d:{ref.draft_id}:{ref.version}:w:0:extra:parts",
        "v1:t:99999:rec",  # another table
        "v1:d:" + "9" * 70,  # too long
    ]
    for data in forged:
        cq = await tg.press_data(s.chat, bob, w["message_id"], data)
        ans = await tg.answer_of(cq)
        assert ans.get("show_alert"), data
    assert (s.text(w), s.labels(w)) == snapshot
    # a stale keyboard: tap once, then replay the old version
    old = tg.find_button(s.chat, w["message_id"], "Alice self-drawn")["callback_data"]
    await wizard(s, bob, w, "Bob self-drawn")
    cq = await tg.press_data(s.chat, bob, w["message_id"], old)
    ans = await tg.answer_of(cq)
    assert ans.get("show_alert") and "out of date" in ans["text"]
    assert "Bob — self-drawn" in s.text(w)
    # the draft of one chat pressed from another chat
    other = tg.group(-100799)
    tg.messages[(other.id, w["message_id"])] = dict(
        tg.messages[(s.chat.id, w["message_id"])], chat=other.to_dict()
    )
    data = tg.buttons(s.chat, w["message_id"])[0]["callback_data"]
    cq = await tg.press_data(other, bob, w["message_id"], data)
    assert (await tg.answer_of(cq)).get("show_alert")


async def test_restart_mid_entry_then_finish(tg, bot):
    s, table, (_alice, _bob, carol, _dave) = await playing_table(tg, -100703)
    w = await s.tap_for_message(carol, table, "Record hand")
    await wizard(s, carol, w, "Carol ← Alice", "Big seven pairs")
    await bot.restart()  # a new process: nothing kept in memory
    await wizard(s, carol, w, "No wild", "Next ▶")
    await next_until(s, carol, w, "Confirm")
    mark = tg.mark()
    await wizard(s, carol, w, "Confirm")
    line = await tg.next_message(s.chat, mark, contains="Hand 1:")
    assert "Carol +" in line["text"]


async def test_429_storm_every_reply_arrives(tg, bot):
    s, table, (_alice, bob, _carol, _dave) = await playing_table(tg, -100704)
    tg.rate_limit(count=8, retry_after=1)
    w = await s.tap_for_message(bob, table, "Record hand")
    await wizard(s, bob, w, "Dave self-drawn", "Plain win")
    await next_until(s, bob, w, "Confirm")
    mark = tg.mark()
    await wizard(s, bob, w, "Confirm")
    await tg.next_message(s.chat, mark, contains="Hand 1:", timeout=30)
    assert sum(1 for e in tg.errors if e[1] == 429) == 8
    assert "Dave" in s.text(table) and "+0" not in s.text(table).split("Dave")[1].splitlines()[0]


async def test_network_timeout_mid_entry_then_tap_again(tg, db_url):
    """An edit that never reaches Telegram (the call times out): the tap is answered "Telegram
    is slow", the entry has moved on in the database while the message still shows the old
    step; the next tap on that old keyboard redraws the current step, and the hand is entered
    to the end and recorded once."""
    bot = Bot(tg, db_url, HTTP_READ_TIMEOUT=1)
    await bot.start()
    try:
        s, table, (_alice, bob, _carol, _dave) = await playing_table(tg, -100709)
        w = await s.tap_for_message(bob, table, "Record hand")
        before = (s.text(w), s.labels(w))
        tg.stall(count=1, seconds=2.5, methods={"editMessageText"})
        ans = await s.tap(bob, w, "Bob self-drawn")
        assert ans.get("show_alert") and "Telegram is slow" in ans["text"]
        assert [m for m, _ in tg.stalled] == ["editMessageText"]
        assert (s.text(w), s.labels(w)) == before  # the message never changed
        # the old keyboard: redrawn to the step the entry is at, nothing else changes
        ans = await s.tap(bob, w, "Bob ← Carol")
        assert ans.get("show_alert") and "now shows the current step" in ans["text"]
        assert "Bob — self-drawn" in s.text(w)
        await wizard(s, bob, w, "Plain win")
        await next_until(s, bob, w, "Confirm")
        mark = tg.mark()
        await wizard(s, bob, w, "Confirm")
        line = await tg.next_message(s.chat, mark, contains="Hand 1:")
        assert "Bob +" in line["text"]
        assert bot.ledger is not None
        assert bot.ledger.history(bot.ledger.current_table(s.chat.id).id).total == 1
    finally:
        await bot.stop()


async def test_deleted_table_message_is_sent_again(tg, bot):
    s, table, (alice, bob, _carol, _dave) = await playing_table(tg, -100705)
    w = await s.tap_for_message(bob, table, "Record hand")
    await wizard(s, bob, w, "Bob self-drawn", "Plain win")
    await next_until(s, bob, w, "Confirm")
    old = table["message_id"]
    tg.user_deletes(s.chat, old)
    mark = tg.mark()
    await wizard(s, bob, w, "Confirm")
    fresh = await tg.next_message(s.chat, mark, contains="Night 1 · next hand 2")
    assert fresh["message_id"] != old and fresh["message_id"] == table["message_id"]
    assert any("message to edit not found" in e[2] for e in tg.errors)
    # the new table message works
    w2 = await s.tap_for_message(alice, fresh, "Record hand")
    assert "Who won?" in s.text(w2)


async def test_not_modified_is_harmless(tg, bot):
    s, _table, (alice, _bob, _carol, _dave) = await playing_table(tg, -100706)
    await tg.post(s.chat, alice, "/join")  # already seated: same text → 400 not modified
    await tg.wait_for(lambda: any("message is not modified" in e[2] for e in tg.errors))
    assert any("message is not modified" in e[2] for e in tg.errors)


async def test_token_never_logged(tg, bot, caplog):
    from bot.errors import install_redaction

    install_redaction(tg.token)
    caplog.set_level(logging.DEBUG)
    s, _table, users = await playing_table(tg, -100707)
    await s.say(users[0], "/help", expect="Mahjong Tally")
    text = "\n".join(r.getMessage() for r in caplog.records)
    assert tg.token not in text


async def test_guest_and_seat_commands(tg, bot):
    chat = tg.group(-100708)
    alice, bob, carol = (tg.user(300 + i, n) for i, n in enumerate(("Alice", "Bob", "Carol")))
    s = Scene(tg, chat)
    table = await open_table(s, alice, "Xingguo")
    for u in (alice, bob, carol):
        await s.tap(u, table, "Join")
    ans = await s.tap(alice, table, "Start")
    assert ans.get("show_alert") and "4 players" in ans["text"]
    mark = tg.mark()
    await tg.post(chat, bob, "/guest Grandma")
    await tg.wait_for(lambda: "Grandma" in s.text(table))
    await tg.post(chat, bob, "/seat 1")
    await tg.wait_for(lambda: s.text(table).splitlines()[3].startswith("E Bob"))
    assert tg.mark() > mark
    await wizard(s, alice, table, "Start")
    # anyone seated records for the guest
    w = await s.tap_for_message(carol, table, "Record hand")
    await wizard(s, carol, w, "Grandma self-drawn", "Plain win")
    await next_until(s, carol, w, "Confirm")
    mark = tg.mark()
    await wizard(s, carol, w, "Confirm")
    line = await tg.next_message(s.chat, mark, contains="Hand 1:")
    assert "Grandma +" in line["text"]


async def test_numbers_that_are_not_ascii_digits_get_the_usage_not_an_error(tg, bot):
    """'²' and '٣' are digits to str.isdigit() but not to int(): each command that takes a
    number answers with its usage line, and nothing changes."""
    s, table, (alice, bob, _carol, _dave) = await playing_table(tg, -100711)
    before = (s.text(table), s.labels(table))
    for cmd, usage in (
        ("/explain ²", "Usage: /explain"),
        ("/edit ٣", "Usage: /edit"),
        ("/seat ²", "Usage: /seat"),
        ("/nights ²", "Usage: /nights"),
    ):
        reply = await s.say(bob, cmd)
        assert usage in reply["text"], (cmd, reply["text"])
    mark = tg.mark()
    await s.say(alice, "/history ²", expect="History")
    assert not [m for m in tg.sent_since(mark) if "went wrong" in m.params.get("text", "")]
    assert (s.text(table), s.labels(table)) == before
