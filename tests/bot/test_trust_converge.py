"""Issue 13, point 8, end to end with Telegram failing on purpose: once the ledger has a hand,
a re-tap, the next update or a restart shows the truth — the entry becomes the table message
(the ✅ result line once, the new totals, the table's buttons; issue 14, point 6), the old
table message loses its keyboard — and the tap's answer says the hand is recorded, never "tap
again" as if nothing happened. A late answer on Record hand leaves one entry message."""

from __future__ import annotations

import asyncio
from typing import Any

from bot.callback import DraftCb, decode
from bot.entry import wizard as wz
from bot.guard import RECORDED
from tests.bot.conftest import Bot, Scene
from tests.bot.helpers import next_until, result_messages, wizard
from tests.bot.test_robust import playing_table

UNFINISHED = "Hand 1 is recorded. Telegram did not let me show all of it yet"


async def at_preview(s: Scene, user: Any, table: dict[str, Any]) -> dict[str, Any]:
    w = await s.tap_for_message(user, table, "Record hand")
    await wizard(s, user, w, "Bob self-drawn", "Plain win")
    await next_until(s, user, w, "Confirm")
    return w


def result_lines(s: Scene, n: int = 1) -> list[str]:
    return result_messages(s, n)


def keyboards(s: Scene) -> list[int]:
    """The bot's messages in the chat that have a table keyboard."""
    return [
        mid
        for (cid, mid), m in sorted(s.tg.messages.items())
        if cid == s.chat.id and m.get("reply_markup") and s.table_of(mid) is not None
    ]


def table_id(bot: Bot, s: Scene) -> int:
    t = bot.ledger.current_table(s.chat.id)
    assert t is not None
    return int(t.id)


def converged(bot: Bot, s: Scene, w: dict[str, Any], table: dict[str, Any]) -> None:
    assert "✅ Hand 1 recorded" in s.text(w), s.text(w)
    assert len(result_lines(s)) == 1, result_lines(s)
    assert "next hand 2" in s.text(table), s.text(table)
    assert bot.ledger.history(table_id(bot, s)).total == 1
    # the entry is the table message, the only one with the table's buttons
    assert (
        table["message_id"] == w["message_id"] == bot.ledger.get_table(table_id(bot, s)).message_id
    )
    assert keyboards(s) == [w["message_id"]], keyboards(s)


async def test_500s_on_the_first_edit_after_confirm_then_a_retap_converges(tg, bot):
    s, table, (_alice, bob, _carol, _dave) = await playing_table(tg, -101360)
    w = await at_preview(s, bob, table)
    ref = decode(tg.find_button(s.chat, w["message_id"], "Confirm")["callback_data"])
    assert isinstance(ref, DraftCb)
    old = table["message_id"]
    tg.fail(4, code=500, methods={"editMessageText"})  # every attempt at drawing the entry
    ans = await s.tap(bob, w, "Confirm", timeout=20)
    assert ans.get("show_alert") and ans["text"].startswith(UNFINISHED), ans
    assert "slow" not in ans["text"]
    assert bot.ledger.history(table_id(bot, s)).total == 1  # the hand is recorded
    assert "Confirm" in " ".join(s.labels(w))  # the entry still shows the preview
    assert not result_lines(s)
    assert keyboards(s) == [old]  # the old table message keeps its buttons meanwhile
    ans = await s.tap(bob, w, "Confirm")  # the re-tap shows the truth
    assert ans.get("text") == "Hand 1 is recorded.", ans
    converged(bot, s, w, table)
    assert bot.ledger.get_draft(ref.draft_id).status == "done"
    ans = await tg.answer_of(
        await tg.press_data(s.chat, bob, w["message_id"], f"v1:d:{ref.draft_id}:{ref.version}:c")
    )
    assert ans.get("show_alert")  # the Confirm is gone from the message: not its button
    converged(bot, s, w, table)


async def test_500s_on_removing_the_old_keyboard_then_the_next_update_removes_it(tg, bot):
    """The entry became the table message; Telegram failed every attempt at removing the old
    table message's keyboard: the hand is shown (no "tap again"), and the chat's next update
    removes it, once the draft is closed nothing more happens."""
    s, table, (alice, bob, _carol, _dave) = await playing_table(tg, -101361)
    old = table["message_id"]
    w = await at_preview(s, bob, table)
    tg.fail(4, code=502, methods={"editMessageReplyMarkup"})
    ans = await s.tap(bob, w, "Confirm", timeout=20)
    assert not ans.get("show_alert"), ans
    assert "✅ Hand 1 recorded" in s.text(w) and len(result_lines(s)) == 1
    assert keyboards(s) == [old, w["message_id"]]
    ref = draft_of(tg, s, bot)
    assert bot.ledger.get_draft(ref).status == "open"  # left for later
    await s.say(alice, "/help", expect="Mahjong Tally")
    await tg.wait_for(lambda: keyboards(s) == [w["message_id"]], timeout=10)
    converged(bot, s, w, table)
    await tg.wait_for(lambda: bot.ledger.get_draft(ref).status == "done", timeout=10)


async def test_a_refused_keyboard_removal_is_ignored(tg, bot):
    """Telegram refuses to touch the old table message (too old, or gone): nothing to do."""
    s, table, (_alice, bob, _carol, _dave) = await playing_table(tg, -101371)
    w = await at_preview(s, bob, table)
    tg.fail(1, code=400, methods={"editMessageReplyMarkup"})
    ans = await s.tap(bob, w, "Confirm", timeout=20)
    assert not ans.get("show_alert"), ans
    assert "✅ Hand 1 recorded" in s.text(w) and len(result_lines(s)) == 1
    assert bot.ledger.get_draft(draft_of(tg, s, bot)).status == "done"


async def test_500s_on_drawing_the_entry_then_a_restart_converges(tg, bot):
    s, table, (_alice, bob, _carol, _dave) = await playing_table(tg, -101367)
    w = await at_preview(s, bob, table)
    tg.fail(4, code=500, methods={"editMessageText"})
    ans = await s.tap(bob, w, "Confirm", timeout=20)
    assert ans.get("show_alert") and ans["text"].startswith(UNFINISHED), ans
    await bot.restart()
    await tg.wait_for(lambda: len(result_lines(s)) == 1, timeout=10)
    await tg.wait_for(lambda: len(keyboards(s)) == 1, timeout=10)
    converged(bot, s, w, table)


def draft_of(tg: Any, s: Scene, bot: Bot) -> int:
    """The hand entry draft of the chat (the only one in these tests)."""
    drafts = [
        d
        for d in bot.ledger.drafts_at_steps(("recorded", "posting", "posted", "preview"))
        if d.tg_chat_id == s.chat.id
    ]
    if drafts:
        return int(drafts[0].id)
    hand = bot.ledger.last_hand(table_id(bot, s))
    assert hand is not None
    return int(hand.idempotency_key.split(":")[1])


async def test_a_late_answer_to_the_first_edit_after_confirm_is_not_an_error(tg, db_url):
    bot = Bot(tg, db_url, HTTP_READ_TIMEOUT=1)
    await bot.start()
    try:
        s, table, (_alice, bob, _carol, _dave) = await playing_table(tg, -101362)
        w = await at_preview(s, bob, table)
        tg.late(1, 2.0, methods={"editMessageText"})
        ans = await s.tap(bob, w, "Confirm", timeout=20)
        assert not ans.get("show_alert"), ans
        assert tg.late_applied and tg.late_applied[0][0] == "editMessageText"
        converged(bot, s, w, table)
    finally:
        await bot.stop()


async def test_a_restart_after_the_hand_was_recorded_converges(tg, bot):
    """The bot stopped right after the ledger recorded the hand (the draft at ``recorded``):
    at the next start the entry shows ✅, the result line is posted once, the table redrawn."""
    s, table, (_alice, bob, _carol, _dave) = await playing_table(tg, -101363)
    w = await at_preview(s, bob, table)
    ref = decode(tg.find_button(s.chat, w["message_id"], "Confirm")["callback_data"])
    assert isinstance(ref, DraftCb)
    await bot.stop()
    led = bot.ledger
    d = led.get_draft(ref.draft_id)
    assert d.table_id is not None
    hand = led.record_hand(
        d.table_id,
        wz.build_record(d.data),
        recorded_by=d.author_id,
        idempotency_key=f"draft:{d.id}:v{d.version}",
    )
    led.update_draft(d.id, version=d.version, step=RECORDED, data={**d.data, "hand_id": hand.id})
    await bot.start()
    await tg.wait_for(lambda: "✅ Hand 1 recorded" in s.text(w), timeout=10)
    await tg.wait_for(lambda: "next hand 2" in s.text(table), timeout=10)
    converged(bot, s, w, table)
    assert bot.ledger.get_draft(ref.draft_id).status == "done"
    await bot.restart()  # nothing left to do: nothing posted twice
    await asyncio.sleep(0.3)
    converged(bot, s, w, table)


async def test_a_table_message_refresh_that_fails_is_redone_at_the_next_update(tg, bot):
    s, table, (alice, bob, _carol, _dave) = await playing_table(tg, -101364)
    old = table["message_id"]
    w = await at_preview(s, bob, table)
    before = s.text(old)
    tg.fail(4, code=500, methods={"editMessageText"})  # the entry is not drawn
    ans = await s.tap(bob, w, "Confirm", timeout=20)
    assert ans.get("show_alert") and ans["text"].startswith(UNFINISHED), ans
    assert s.text(old) == before and keyboards(s) == [old]
    await s.say(alice, "/help", expect="Mahjong Tally")  # the chat's next update
    await tg.wait_for(lambda: "next hand 2" in s.text(w), timeout=10)
    await tg.wait_for(lambda: keyboards(s) == [w["message_id"]], timeout=10)
    assert s.text(old) == before  # the old message as it was, without its buttons
    converged(bot, s, w, table)


async def test_a_late_answer_on_record_hand_leaves_one_entry(tg, db_url):
    bot = Bot(tg, db_url, HTTP_READ_TIMEOUT=1)
    await bot.start()
    try:
        s, table, (_alice, bob, _carol, _dave) = await playing_table(tg, -101365)
        mark = tg.mark()
        tg.late(1, 2.0, methods={"sendMessage"})
        data = tg.find_button(s.chat, table["message_id"], "Record hand")["callback_data"]
        first = await tg.press_data(s.chat, bob, table["message_id"], data)
        await asyncio.sleep(0.5)
        second = await tg.press_data(s.chat, bob, table["message_id"], data)  # impatient
        ans2 = await tg.answer_of(second)
        assert ans2.get("show_alert") and "on its way" in ans2["text"], ans2
        ans1 = await tg.answer_of(first, timeout=20)
        assert not ans1.get("show_alert"), ans1
        entries = [
            m
            for m in tg.sent_since(mark, "sendMessage")
            if "Bob self-drawn" in str(m.params.get("reply_markup"))
        ]
        assert len(entries) == 1
        w = entries[0].params["_result"]
        ans = await s.tap(bob, w, "Bob self-drawn")
        assert not ans.get("show_alert"), ans
    finally:
        await bot.stop()


async def test_a_very_late_answer_on_record_hand_says_so(tg, db_url):
    """Later than the bot waits for a new message (HTTP_SEND_TIMEOUT): the tap says the entry
    may still show up, and the one that does works."""
    bot = Bot(tg, db_url, HTTP_READ_TIMEOUT=1, HTTP_SEND_TIMEOUT=1)
    await bot.start()
    try:
        s, table, (_alice, bob, _carol, _dave) = await playing_table(tg, -101366)
        mark = tg.mark()
        tg.late(1, 2.5, methods={"sendMessage"})
        ans = await s.tap(bob, table, "Record hand", timeout=20)
        assert ans.get("show_alert") and "did not confirm the new entry" in ans["text"], ans
        entries = [
            m
            for m in tg.sent_since(mark, "sendMessage")
            if "Bob self-drawn" in str(m.params.get("reply_markup"))
        ]
        assert len(entries) == 1
        w = entries[0].params["_result"]
        ans = await s.tap(bob, w, "Bob self-drawn")
        assert not ans.get("show_alert"), ans
    finally:
        await bot.stop()


async def undo_with_the_table_message_failing(tg, bot, chat_id: int):
    """Bob records a hand; Alice undoes it while every redraw of the table message fails: the
    prompt says the hand is voided, the table message still shows it."""
    s, table, (alice, bob, _carol, _dave) = await playing_table(tg, chat_id)
    w = await at_preview(s, bob, table)
    mark = tg.mark()
    await wizard(s, bob, w, "Confirm")
    await tg.next_message(s.chat, mark, contains="Hand 1:")
    ask = await s.tap_for_message(alice, table, "Undo", expect="Void the last hand?")
    with_hand = s.text(table)
    tg.fail(4, code=500, methods={"editMessageText"}, after=1)  # the prompt's edit goes through
    ans = await s.tap(alice, ask, "Yes, void hand 1", timeout=20)
    assert ans.get("show_alert") and ans["text"] == "Hand 1 voided.", ans
    assert "Hand 1 voided." in s.text(ask) and s.text(table) == with_hand
    t = bot.ledger.current_table(s.chat.id)
    assert [d.table_id for d in bot.ledger.drafts_at_steps(("stale_table",))] == [t.id]
    return s, table, alice, with_hand


async def test_a_table_message_left_behind_is_redrawn_at_the_next_start(tg, bot):
    s, table, _alice, with_hand = await undo_with_the_table_message_failing(tg, bot, -101368)
    await bot.restart()
    await tg.wait_for(lambda: s.text(table) != with_hand, timeout=10)
    assert not bot.ledger.drafts_at_steps(("stale_table",))  # the marker is closed
    assert "Bob +0" in s.text(table) and "Bob +0" not in with_hand, s.text(table)


async def test_a_table_message_left_behind_is_redrawn_at_the_next_update(tg, bot):
    s, table, alice, with_hand = await undo_with_the_table_message_failing(tg, bot, -101369)
    await s.say(alice, "/help", expect="Mahjong Tally")
    await tg.wait_for(lambda: s.text(table) != with_hand, timeout=10)
    await tg.wait_for(lambda: not bot.ledger.drafts_at_steps(("stale_table",)), timeout=10)


async def test_a_hundred_confirms_at_once_record_one_hand_and_one_result_line(tg, bot):
    """The Confirm that records the hand claims the entry (step ``recorded``) before it shows
    anything: 100 simultaneous taps from the four players — one hand, one ✅, one result line,
    and every other tap told it is recorded already."""
    s, table, users = await playing_table(tg, -101370)
    w = await at_preview(s, users[1], table)
    data = tg.find_button(s.chat, w["message_id"], "Confirm")["callback_data"]
    ids = await asyncio.gather(
        *(tg.press_data(s.chat, users[i % 4], w["message_id"], data) for i in range(100))
    )
    answers = [await tg.answer_of(i, timeout=30) for i in ids]
    await asyncio.sleep(0.3)
    converged(bot, s, w, table)
    assert sum(1 for a in answers if not a.get("show_alert")) == 1, answers[:3]
    assert all("recorded" in a.get("text", "") for a in answers if a.get("show_alert"))
