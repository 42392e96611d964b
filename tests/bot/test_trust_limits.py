"""Issue 13, points 5–6, end to end: every text the bot sends is within Telegram's limits
(4,096 characters after entities, 1,024 for captions, 200 for alerts, 64-byte callback data)
— a 10,000-character unknown word in a tiles reply is quoted by a short prefix, /history with
long names is paged by length; a Telegram refusal (400) gets its own message, not "Telegram
is slow… tap again"; numbers too big for the database and JSON nested too deeply get the
usage line or the syntax error, never "something went wrong"."""

from __future__ import annotations

import logging
import re

from hypothesis import given
from hypothesis import strategies as st

from bot.limits import chunks, fit_html, visible_len
from tests.bot.conftest import Scene
from tests.bot.fake_telegram import FakeTelegram
from tests.bot.helpers import open_table, seat_and_start, wizard
from tests.bot.test_robust import playing_table
from tests.bot.test_trust_auth import record

SOUTH_HAND = "[222z][123m][456m][789m]5p 5p"  # tests/bot/test_tiles_words.py


def within_limits(tg: FakeTelegram) -> None:
    """Every request the bot made was within Telegram's limits (the fake refuses the others,
    so a refusal would show in ``tg.errors`` too)."""
    for s in tg.sent:
        p = s.params
        if s.method in ("sendMessage", "editMessageText"):
            assert visible_len(str(p.get("text", ""))) <= 4096, s.method
        if p.get("caption"):
            assert len(str(p["caption"])) <= 1024
        if s.method == "answerCallbackQuery":
            assert len(str(p.get("text") or "")) <= 200
        markup = p.get("reply_markup")
        if isinstance(markup, dict):
            for row in markup.get("inline_keyboard", []):
                for b in row:
                    assert len(b.get("callback_data", "").encode()) <= 64
    too_long = [e for e in tg.errors if "too long" in e[2].lower() or "TOO_LONG" in e[2]]
    assert not too_long, too_long


def test_fit_html_keeps_tags_balanced_and_counts_like_telegram():
    text = "<b>" + "a" * 5000 + "</b> &amp; 🀄" * 3
    cut = fit_html(text, 4096)
    assert visible_len(cut) <= 4096 and cut.endswith("…</b>"), cut[-20:]
    assert fit_html("<i>x</i>", 4096) == "<i>x</i>"
    # an emoji outside the BMP counts 2 (UTF-16), an entity 1
    assert visible_len("🀄&amp;") == 3
    cut = fit_html("🀄" * 3000, 4096)
    assert visible_len(cut) <= 4096 and "\ud83c" not in cut


def test_chunks_split_a_long_list_at_line_boundaries():
    lines = [f"<b>{i}</b> " + "名字" * 30 + f" +{i}" for i in range(200)]
    parts = chunks("\n".join(lines))
    assert len(parts) > 1 and all(visible_len(p) <= 4096 for p in parts)
    assert "\n".join(parts).split("\n") == lines  # nothing lost, nothing cut
    assert chunks("short") == ["short"]
    (one,) = chunks("<i>" + "x" * 5000 + "</i>")
    assert visible_len(one) <= 4096 and one.endswith("…</i>")


async def test_a_10000_character_unknown_word_is_quoted_by_a_prefix(tg, bot):
    chat = tg.group(-101340)
    users = [tg.user(1340 + i, n) for i, n in enumerate(("Alice", "Bob", "Carol", "Dave"))]
    alice, bob = users[:2]
    s = Scene(tg, chat)
    table = await open_table(s, alice, "Guobiao")
    await seat_and_start(s, table, users)
    w = await s.tap_for_message(bob, table, "Record hand")
    await wizard(s, bob, w, "Bob ← Dave", "Tiles")
    before = s.text(w)
    word = "x" * 10000
    mark = tg.mark()
    await tg.post(
        chat, bob, f"{SOUTH_HAND} {word}", reply_to=tg.messages[(chat.id, w["message_id"])]
    )
    answer = await tg.next_message(chat, mark, contains="I do not know the word")
    assert len(answer["text"]) < 600 and "x" * 30 in answer["text"], answer["text"]
    assert s.text(w) == before
    # JSON nested too deeply to read (2,000 characters): the syntax error, not "went wrong"
    mark = tg.mark()
    deep = '{"a":' + "[" * 997 + "]" * 997 + "}"
    await tg.post(chat, bob, deep, reply_to=tg.messages[(chat.id, w["message_id"])])
    answer = await tg.next_message(chat, mark, contains="I could not read those tiles")
    assert "nested too deeply" in answer["text"], answer["text"]
    assert s.text(w) == before
    within_limits(tg)


async def test_history_with_long_names_is_paged_by_length(tg, bot):
    chat = tg.group(-101341)
    long = ["A" * 64 + " " + "a" * 63, "B" * 64 + " " + "b" * 63, "C" * 64 + " " + "c" * 63]
    users = [tg.user(1350 + i, n) for i, n in enumerate([*long, "Dave"])]
    s = Scene(tg, chat)
    table = await open_table(s, users[0], "Xingguo")
    await seat_and_start(s, table, users)
    await record(s, users[3], table, "Dave")
    t = bot.ledger.current_table(chat.id)
    first = bot.ledger.get_hand(t.id, 1)
    for n in range(11):
        bot.ledger.record_hand(
            t.id, first.record, recorded_by=first.recorded_by, idempotency_key=f"long:{n}"
        )
    hist = await s.say(users[3], "/history", expect="History")
    seen: set[int] = set()
    for _ in range(20):  # page forward to the end: every hand shown once, each page fits
        text = s.text(hist)
        assert len(text) <= 4096
        seen.update(int(x) for x in re.findall(r"^(?:❌ )?Hand (\d+):", text, flags=re.M))
        if "▶" not in s.labels(hist):
            break
        ans = await s.tap(users[3], hist, "▶")
        assert not ans.get("show_alert"), ans
    assert seen == set(range(1, 13)), sorted(seen)
    within_limits(tg)


async def test_a_telegram_refusal_is_not_reported_as_slowness(tg, bot):
    s, table, (_alice, bob, _carol, _dave) = await playing_table(tg, -101342)
    w = await s.tap_for_message(bob, table, "Record hand")
    tg.fail(1, code=400, methods={"editMessageText"})
    ans = await s.tap(bob, w, "Bob self-drawn")
    assert ans.get("show_alert"), ans
    assert "refused" in ans["text"] and "slow" not in ans["text"], ans["text"]


async def test_numbers_too_big_for_the_database_get_the_usage(tg, bot, caplog):
    s, table, (alice, bob, _carol, _dave) = await playing_table(tg, -101343)
    await record(s, bob, table, "Bob")
    big = "99999999999999999999"
    for cmd, usage in ((f"/edit {big}", "Usage: /edit"), (f"/explain {big}", "Usage: /explain")):
        reply = await s.say(bob, cmd)
        assert usage in reply["text"], (cmd, reply["text"])
    reply = await s.say(alice, f"/history {big}", expect="History")
    assert "Hand 1:" in reply["text"]
    for cmd in (f"/seat {big}", f"/nights {big}"):
        reply = await s.say(bob, cmd)
        assert "Usage" in reply["text"], (cmd, reply["text"])
    texts = [m for m in tg.chat_texts(s.chat) if "went wrong" in m]
    assert not texts
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


@given(st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=300))
def test_units_are_utf16_code_units_and_bound_the_visible_length(text: str) -> None:
    """units() counts as Telegram counts (an astral character is two), and a text within
    the limit by units is within it once its tags and entities are parsed (fit_request's
    quick check)."""
    from bot.limits import units, visible_len

    assert units(text) == len(text) + sum(1 for c in text if ord(c) > 0xFFFF)
    assert visible_len(text, is_html=True) <= units(text)
    assert visible_len(text, is_html=False) == units(text)
