"""Unfinished entries expire: at startup and then piggybacked on updates (no scheduler), open
drafts past their expiry are marked ``expired``; their buttons answer politely and change
nothing."""

from __future__ import annotations

import asyncio

from sqlmodel import Session

from bot.callback import decode
from storage.models import Draft
from tests.bot.conftest import Bot, Scene
from tests.bot.helpers import open_table, seat_and_start, wizard

NAMES = ("Alice", "Bob", "Carol", "Dave")


def status(bot: Bot, draft_id: int) -> tuple[str, int, str]:
    assert bot.ledger is not None
    with Session(bot.ledger.engine) as s:
        d = s.get(Draft, draft_id)
        assert d is not None
        return d.status, d.version, d.step


def draft_id_of(s: Scene, msg: dict) -> int:
    cb = decode(s.tg.buttons(s.chat, msg["message_id"])[0]["callback_data"])
    return cb.draft_id  # type: ignore[union-attr]


async def test_expired_entry_answers_politely_and_changes_nothing(tg, db_url):
    bot = Bot(tg, db_url, DRAFT_TTL_SECONDS=1, DRAFT_SWEEP_SECONDS=0)
    await bot.start()
    try:
        chat = tg.group(-100880)
        users = [tg.user(880 + i, n) for i, n in enumerate(NAMES)]
        s = Scene(tg, chat)
        table = await open_table(s, users[0], "Xingguo")
        await seat_and_start(s, table, users)
        w = await s.tap_for_message(users[1], table, "Record hand")
        await wizard(s, users[1], w, "Bob self-drawn")
        did = draft_id_of(s, w)
        assert status(bot, did)[0] == "open"
        before = (s.text(w), s.labels(w), status(bot, did))
        await asyncio.sleep(1.3)  # past its expiry
        # the next update sweeps (DRAFT_SWEEP_SECONDS=0: at every update, in the background)
        await s.say(users[2], "/help", expect="Mahjong Tally")
        await tg.wait_for(lambda: status(bot, did)[0] == "expired")
        swept = status(bot, did)
        assert swept[1] == before[2][1] + 1 and swept[2] == before[2][2]
        ans = await s.tap(users[1], w, "Plain win")
        assert ans.get("show_alert") and "expired" in ans["text"], ans
        assert "Sorry" in ans["text"]
        assert (s.text(w), s.labels(w)) == before[:2]
        assert status(bot, did) == swept
        assert bot.ledger.history(bot.ledger.current_table(chat.id).id).total == 0
        # the table itself still works: a fresh entry
        w2 = await s.tap_for_message(users[1], table, "Record hand")
        assert "Who won?" in s.text(w2)
    finally:
        await bot.stop()


async def test_startup_marks_old_drafts_expired(tg, db_url):
    bot = Bot(tg, db_url)  # default sweep interval: only the startup sweep runs here
    await bot.start()
    try:
        led = bot.ledger
        assert led is not None
        alice = led.ensure_user(870, "Alice")
        old = led.create_draft(
            tg_chat_id=-100870, author_id=alice.id, table_id=None, data={}, step="x", ttl_seconds=1
        )
        fresh = led.create_draft(
            tg_chat_id=-100870, author_id=alice.id, table_id=None, data={}, step="x"
        )
        await asyncio.sleep(1.2)
        assert status(bot, old.id)[0] == "open"  # nothing sweeps between startups
        await bot.restart()
        assert status(bot, old.id)[0] == "expired"
        assert status(bot, fresh.id)[0] == "open"
    finally:
        await bot.stop()
