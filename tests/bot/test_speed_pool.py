"""Issue 23.5: under load, a Record hand waited more than python-telegram-bot's 1 s for a free
connection of the bot's HTTP pool and answered "Telegram did not confirm the new entry in time"
(benchmarks/bench_bot.py --tables 50 --hands 4 aborted on it) although nothing had been sent.
A wait for a connection sends nothing, so a new message waits for one as long as for its
answer (HTTP_SEND_TIMEOUT), any other call as long as HTTP_READ_TIMEOUT."""

from __future__ import annotations

import asyncio

from telegram._utils.defaultvalue import DEFAULT_NONE

from bot.limits import TallyLimiter
from tests.bot.conftest import Bot
from tests.bot.test_robust import playing_table


async def test_a_new_message_waits_for_a_connection_as_long_as_for_its_answer() -> None:
    seen: list[dict[str, object]] = []

    async def call(**kwargs: object) -> bool:
        seen.append(kwargs)
        return True

    limiter = TallyLimiter(overall_per_second=0, group_per_minute=0, send_timeout=20)
    timeouts = {"read_timeout": DEFAULT_NONE, "pool_timeout": DEFAULT_NONE}
    await limiter.process_request(call, (), dict(timeouts), "sendMessage", {"chat_id": -1}, None)
    await limiter.process_request(
        call, (), dict(timeouts), "editMessageText", {"chat_id": -1}, None
    )
    assert seen[0]["pool_timeout"] == 20 and seen[0]["read_timeout"] == 20
    assert seen[1]["pool_timeout"] is DEFAULT_NONE  # the client's own (HTTP_READ_TIMEOUT)


async def test_record_hand_while_the_only_connection_is_busy_posts_the_entry(tg, db_url) -> None:
    """One connection (HTTP_POOL_SIZE=1), held 2 s by table 1's slow entry message: table 2's
    Record hand waits for it and posts its entry; no "did not confirm"."""
    bot = Bot(tg, db_url, HTTP_POOL_SIZE=1, HTTP_READ_TIMEOUT=5, HTTP_SEND_TIMEOUT=5)
    await bot.start()
    try:
        s1, table1, users1 = await playing_table(tg, -102301)
        s2, table2, users2 = await playing_table(tg, -102302)
        mark = tg.mark()
        tg.late(1, 2.0, methods={"sendMessage"})

        async def second() -> dict:
            await asyncio.sleep(0.3)  # table 1's entry is on the wire by now
            return await s2.tap(users2[1], table2, "Record hand", timeout=20)

        ans1, ans2 = await asyncio.gather(
            s1.tap(users1[1], table1, "Record hand", timeout=20), second()
        )
        assert not ans1.get("show_alert"), ans1
        assert not ans2.get("show_alert"), ans2  # before: "Telegram did not confirm …"
        for s in (s1, s2):
            entries = [
                m
                for m in tg.sent_since(mark, "sendMessage")
                if str(m.params.get("chat_id")) == str(s.chat.id)
                and "Who won?" in str(m.params.get("text"))
            ]
            assert len(entries) == 1, entries
    finally:
        await bot.stop()
