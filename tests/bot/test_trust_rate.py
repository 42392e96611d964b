"""Issue 13, point 9: each of Telegram's limits applies to what it is meant for, with the
shipped defaults (RATE_GROUP_PER_MINUTE=20, RATE_OVERALL_PER_SECOND=30). The group's 20 a
minute (Bots FAQ: "not able to send more than 20 messages per minute to the same group") count
new messages only — edits and callback answers do not use them up; callback answers are never
held back; a 429 in one chat pauses that chat only. (Latency at a table's pace is measured by
benchmarks/bench_trust.py, not here.)"""

from __future__ import annotations

from bot.limits import TallyLimiter
from tests.bot.conftest import Bot, Scene
from tests.bot.helpers import next_until, open_table, seat_and_start, wizard

NAMES = ("Alice", "Bob", "Carol", "Dave")
SHIPPED = {"RATE_GROUP_PER_MINUTE": 20, "RATE_OVERALL_PER_SECOND": 30}


async def table_in(tg, chat_id: int, base: int):
    chat = tg.group(chat_id)
    users = [tg.user(base + i, n) for i, n in enumerate(NAMES)]
    s = Scene(tg, chat)
    table = await open_table(s, users[0], "Xingguo")
    await seat_and_start(s, table, users)
    return s, table, users


async def test_edits_and_answers_do_not_use_up_the_groups_message_limit(tg, db_url):
    bot = Bot(tg, db_url, **SHIPPED)
    await bot.start()
    try:
        limiter = bot.app.bot.rate_limiter
        assert isinstance(limiter, TallyLimiter)
        s, table, (_alice, bob, _carol, _dave) = await table_in(tg, -101380, 13800)
        for _hand in range(6):  # six hands in a row, 40-odd calls
            w = await s.tap_for_message(bob, table, "Record hand")
            await wizard(s, bob, w, "Bob self-drawn", "Plain win")
            await next_until(s, bob, w, "Confirm")
            mark = tg.mark()
            await wizard(s, bob, w, "Confirm")
            await tg.next_message(s.chat, mark, contains="Hand ")
        counts = limiter.counts
        sends = sum(n for (m, lim), n in counts.items() if m == "sendMessage")
        edits = sum(n for (m, lim), n in counts.items() if m == "editMessageText")
        answers = sum(n for (m, lim), n in counts.items() if m == "answerCallbackQuery")
        assert edits + answers > 40, counts
        assert counts.get(("editMessageText", "overall")) == edits  # never the group's
        assert counts.get(("answerCallbackQuery", "none")) == answers  # never held back
        assert counts.get(("sendMessage", "group")) == sends
        # the chat's bucket holds the new messages only: 20 + calls, fewer than 20 sends
        assert sends < 20 < edits + answers
        bucket = limiter._groups[s.chat.id]
        assert bucket.has_capacity(20 - sends - 1)
    finally:
        await bot.stop()


async def test_a_429_in_one_chat_does_not_hold_up_another_chat(tg, db_url):
    bot = Bot(tg, db_url, **SHIPPED)
    await bot.start()
    try:
        a, table_a, users_a = await table_in(tg, -101381, 13810)
        b, table_b, users_b = await table_in(tg, -101382, 13820)
        wa = await a.tap_for_message(users_a[1], table_a, "Record hand")
        wb = await b.tap_for_message(users_b[1], table_b, "Record hand")
        tg.rate_limit(count=1, retry_after=2, methods={"editMessageText"})
        errors = len(tg.errors)
        before = a.text(wa)
        btn = tg.find_button(a.chat, wa["message_id"], "Bob self-drawn")["callback_data"]
        slow = await tg.press_data(a.chat, users_a[1], wa["message_id"], btn)
        await tg.wait_for(lambda: len(tg.errors) > errors)  # chat A got its 429
        btn = tg.find_button(b.chat, wb["message_id"], "Bob self-drawn")["callback_data"]
        fast = await tg.press_data(b.chat, users_b[1], wb["message_id"], btn)
        await tg.answer_of(fast)
        assert slow not in tg.answers  # chat B was answered while chat A still waited
        assert not (await tg.answer_of(slow)).get("show_alert")  # retried after retry_after
        assert a.text(wa) != before  # and the edit went through in the end
    finally:
        await bot.stop()
