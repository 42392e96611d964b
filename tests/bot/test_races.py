"""Races at the table (issue 24 point 1, issue 26 point 5), over the fake Bot API with the
real Application, its ledger calls in worker threads (SQLite with ``LEDGER_THREADS=yes``, and
PostgreSQL):

* "Simultaneous 📝 Record hand taps open several entries for one table … 2–6 open entries in
  10 of 10 races": 20 taps at once (the four players and 16 chat admins) make one entry and
  one message; every other tap is answered with a pointer to it (its author named).
* 🤝 Draw while an entry is open: the entry's message (not a new one) offers to make it a
  draw, and the tap on that offer turns the same entry into a draw that records a draw.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest

from tests.bot.conftest import Bot, Scene
from tests.bot.fake_telegram import FakeTelegram
from tests.bot.helpers import open_table, seat_and_start, wizard
from tests.bot.test_races_table import tap_win
from tests.storage.pgserver import fresh_pg_database

NAMES = ("Alice", "Bob", "Carol", "Dave")


@pytest.fixture(
    params=["sqlite-threads", pytest.param("postgres", marks=pytest.mark.postgres)],
)
async def bot(request: pytest.FixtureRequest, tg: FakeTelegram, db_url: str) -> AsyncIterator[Bot]:
    if request.param == "sqlite-threads":
        b = Bot(tg, db_url, LEDGER_THREADS=True)
        await b.start()
        assert b.ledger is not None and not b.ledger.call_inline
        yield b
        await b.stop()
        return
    with fresh_pg_database(request.getfixturevalue("pg_server")) as url:
        b = Bot(tg, url)
        await b.start()
        assert b.ledger is not None and not b.ledger.call_inline
        try:
            yield b
        finally:
            await b.stop()
            b.ledger.dispose()


def hand_drafts(bot: Bot, chat_id: int) -> list:
    assert bot.ledger is not None
    return [d for d in bot.ledger.open_drafts(chat_id) if d.data.get("kind") == "hand"]


async def started(tg: FakeTelegram, chat_id: int, base: int) -> tuple[Scene, list, dict]:
    chat = tg.group(chat_id)
    users = [tg.user(base + i, n) for i, n in enumerate(NAMES)]
    s = Scene(tg, chat)
    table = await open_table(s, users[0], "Xingguo")
    await seat_and_start(s, table, users)
    return s, users, table


async def test_twenty_record_hand_taps_at_once_make_one_entry(tg: FakeTelegram, bot: Bot):
    s, users, table = await started(tg, -100770, 770)
    admins = [tg.user(800 + i, f"Admin{i}") for i in range(16)]
    tg.admins.setdefault(s.chat.id, set()).update(a.id for a in admins)
    tappers = [*users * 4, *admins][:20]
    rec = tg.find_button(s.chat, table["message_id"], "Record hand")["callback_data"]
    mark = tg.mark()
    cqs = await asyncio.gather(
        *(tg.press_data(s.chat, u, table["message_id"], rec) for u in tappers)
    )
    answers = [await tg.answer_of(cq, timeout=30) for cq in cqs]
    drafts = hand_drafts(bot, s.chat.id)
    assert len(drafts) == 1, drafts
    entry = drafts[0]
    author = entry.data["names"].get(str(entry.author_id))  # an admin is not in the hand
    sent = [x for x in tg.sent_since(mark, None, s.chat.id) if x.method == "sendMessage"]
    assert len(sent) == 1, [x.params.get("text") for x in sent]  # one entry, one message
    assert sent[0].params["_result"]["message_id"] == entry.message_id
    pointed = [a for a in answers if a.get("show_alert")]
    assert len(pointed) == 19, answers  # the one that made it is answered quietly
    for a in pointed:
        assert author is None or author in a["text"], a
        assert "entering this hand" in a["text"] or "on its way" in a["text"], a


async def test_draw_while_an_entry_is_open_offers_to_make_it_a_draw(tg: FakeTelegram, bot: Bot):
    s, (_alice, bob, carol, _dave), table = await started(tg, -100771, 780)
    w = await s.tap_for_message(bob, table, "Record hand")
    await tap_win(s, bob, w, "Bob", "Carol")
    mark = tg.mark()
    ans = await s.tap(carol, table, "Draw")
    assert ans.get("show_alert") and "Bob" in ans["text"], ans
    assert not [x for x in tg.sent_since(mark, None, s.chat.id) if x.method == "sendMessage"]
    assert "Bob is already entering this hand" in s.text(w)
    assert any("Make it a draw" in t for t in s.labels(w)), s.labels(w)
    ans = await s.tap(carol, w, "Make it a draw")
    assert not ans.get("show_alert"), ans
    drafts = hand_drafts(bot, s.chat.id)
    assert len(drafts) == 1 and drafts[0].message_id == w["message_id"]
    assert drafts[0].data.get("first_result") == "draw"
    confirm = next(t for t in s.labels(w) if "Confirm" in t)
    mark = tg.mark()
    await wizard(s, carol, w, confirm)
    await tg.next_message(s.chat, mark, contains="Hand 1:")
    assert bot.ledger is not None
    hands = bot.ledger.history(bot.ledger.current_table(s.chat.id).id, page=0, page_size=5).items
    assert [h.record.result for h in hands] == ["draw"]
