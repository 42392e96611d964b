"""Issue 13, points 3–4 and the randomized check: forged or stale callback data — from
players and non-players, across two chats, onto every kind of message the bot posts — gets
an alert and changes nothing: no message's content, no ledger row. Callback data with a lone
surrogate is forged data like any other: one warning line, no traceback."""

from __future__ import annotations

import asyncio
import logging
import random
import sqlite3
from typing import Any

import pytest

from bot.callback import decode
from tests.bot.fake_telegram import BOT_ID, FakeTelegram
from tests.bot.helpers import next_until, wizard
from tests.bot.test_robust import playing_table
from tests.bot.test_trust_auth import record

#: at least this many forged or stale callbacks (issue 13, Checks: ≥ 5,000)
FORGED = 5200


async def test_a_lone_surrogate_in_callback_data_is_forged_data(tg, bot, caplog):
    s, table, (_alice, bob, _carol, _dave) = await playing_table(tg, -101310)
    w = await s.tap_for_message(bob, table, "Record hand")
    before = (s.text(w), s.labels(w), s.text(table))
    caplog.clear()
    caplog.set_level(logging.INFO)
    cq = await tg.press_data(s.chat, bob, w["message_id"], "v1:d:6:6:x\ud800x")
    ans = await tg.answer_of(cq)
    assert ans.get("show_alert") and ans["text"] == "This button is not valid.", ans
    assert (s.text(w), s.labels(w), s.text(table)) == before
    await asyncio.sleep(0.1)
    ours = [r for r in caplog.records if r.name.startswith("bot")]
    assert [r.levelno for r in ours] == [logging.WARNING], [r.getMessage() for r in ours]
    assert ours[0].exc_info is None and "Traceback" not in caplog.text
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


# ---------------------------------------------------------------------------------------
# the randomized check
# ---------------------------------------------------------------------------------------
def ledger_rows(db_url: str) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table of the ledger (SQLite), sorted (not ``update_key``: which
    Telegram updates were handled, bot/handlers/common.py, is no ledger row)."""
    con = sqlite3.connect(db_url.removeprefix("sqlite:///"))
    try:
        names = [
            r[0]
            for r in con.execute("select name from sqlite_master where type='table'")
            if not r[0].startswith(("sqlite_", "alembic", "update_key"))
        ]
        return {n: sorted(con.execute(f'select * from "{n}"').fetchall(), key=repr) for n in names}
    finally:
        con.close()


def contents(tg: FakeTelegram) -> dict[tuple[int, int], tuple[str, Any]]:
    """What every bot message shows: text (or caption) and keyboard."""
    return {
        key: (m.get("text") or m.get("caption") or "", m.get("reply_markup"))
        for key, m in tg.messages.items()
        if m.get("from", {}).get("id") == BOT_ID
    }


def seen_data(tg: FakeTelegram) -> set[str]:
    """Every callback data the bot ever put on a keyboard (old versions included)."""
    out: set[str] = set()
    for sent in tg.sent:
        markup = sent.params.get("reply_markup")
        if isinstance(markup, dict):
            for row in markup.get("inline_keyboard", []):
                out.update(b["callback_data"] for b in row if "callback_data" in b)
    return out


def mutate(rng: random.Random, data: str) -> str:
    """A forged variant of real callback data: another table/draft id, version or argument."""
    try:
        decode(data)
    except ValueError:
        return data
    parts = data.split(":")
    i = rng.randrange(2, len(parts))
    p = parts[i]
    if p.isdigit():
        parts[i] = str(max(0, int(p) + rng.choice((-2, -1, 1, 2, 7, 100))))
    else:
        parts[i] = rng.choice(("c", "y", "x", "hist", "join", "rec", "undo", "w", "back", "zz"))
    if rng.random() < 0.2:
        parts.append(str(rng.randrange(20)))
    return ":".join(parts)


async def scene(tg: FakeTelegram, bot: Any, chat_id: int) -> dict[str, Any]:
    """A table with hands, an entry mid-wizard, an entry at its preview, an undo prompt, a
    settle prompt, two history pages and a language prompt."""
    s, table, users = await playing_table(tg, chat_id)
    alice, bob, carol, _dave = users
    await record(s, bob, table, "Bob")
    t = bot.ledger.current_table(s.chat.id)
    first = bot.ledger.get_hand(t.id, 1)
    for n in range(10):  # more hands, straight into the ledger: a second history page
        bot.ledger.record_hand(
            t.id, first.record, recorded_by=first.recorded_by, idempotency_key=f"x{chat_id}:{n}"
        )
    mid = await s.tap_for_message(carol, table, "Record hand")
    await wizard(s, carol, mid, "Carol self-drawn")
    # a second entry at its preview: an /edit (a second Record hand would continue ``mid``)
    pre = await s.say(bob, "/edit 1", expect="Correcting hand 1")
    await next_until(s, bob, pre, "Confirm")
    undo = await s.say(alice, "/undo", expect="Void the last hand?")
    settle = await s.say(bob, "/settle", expect="settle")
    hist = await s.say(alice, "/history", expect="History")
    await s.tap(alice, hist, "▶")  # page 2: a ◀ (and old ▶ data in the pool)
    lang = await s.say(alice, "/lang", expect="Language")
    return {
        "scene": s,
        "players": users,
        "messages": [table, mid, pre, undo, settle, hist, lang],
    }


@pytest.mark.slow
async def test_thousands_of_forged_and_stale_callbacks_change_nothing(tg, bot, db_url, caplog):
    """≥ 5,000 callbacks, each one forged (mutated ids/versions/arguments, garbage, lone
    surrogates) or stale (an old version, or a real button of another message or chat), from
    seated players and from strangers: every one is answered with an alert, no bot message
    changes content and no ledger row changes."""
    caplog.set_level(logging.ERROR)  # 5,000 warning lines are expected; keep them out
    rng = random.Random(13)
    a = await scene(tg, bot, -101320)
    b = await scene(tg, bot, -101321)
    strangers = [tg.user(1330 + i, f"Stranger{i}") for i in range(3)]
    for u in strangers:  # known to the bot first (their player rows exist before the check)
        await a["scene"].say(u, "/help", expect="Mahjong Tally")
        await b["scene"].say(u, "/help", expect="Mahjong Tally")
    await asyncio.sleep(0.2)
    pool = sorted(seen_data(tg))
    targets = [(x["scene"], m) for x in (a, b) for m in x["messages"]]
    users = [*a["players"], *b["players"], *strangers]
    before_msgs, before_rows = contents(tg), ledger_rows(db_url)

    sent: list[tuple[str, str]] = []  # (callback query id, data)
    kinds = {"stale": 0, "mutated": 0, "garbage": 0}
    while len(sent) < FORGED:
        batch = []
        for _ in range(100):
            s, msg = rng.choice(targets)
            own = {btn["callback_data"] for btn in tg.buttons(s.chat, msg["message_id"])}
            r = rng.random()
            if r < 0.45:
                data, kind = rng.choice(pool), "stale"
            elif r < 0.9:
                data, kind = mutate(rng, rng.choice(pool)), "mutated"
            else:
                data = rng.choice(
                    ("", "v1", "v1:d", "v1:t:x:join", "v1:d:1:1:x\ud800x", "\udcff", "v0:t:1:j")
                )
                kind = "garbage"
            if data in own:
                continue  # a real tap on its own message is not forged: skip it
            kinds[kind] += 1
            user = rng.choice(users)
            batch.append(tg.press_data(s.chat, user, msg["message_id"], data))
        ids = await asyncio.gather(*batch)
        sent.extend(zip(ids, ["?"] * len(ids), strict=True))
        await tg.wait_for(lambda ids=ids: all(i in tg.answers for i in ids), timeout=60)
    answers = [tg.answers[i] for i, _ in sent]
    not_alerts = [x for x in answers if not x.get("show_alert")]
    assert len(sent) >= FORGED and not not_alerts, not_alerts[:5]
    assert contents(tg) == before_msgs
    assert ledger_rows(db_url) == before_rows
    assert min(kinds.values()) > 100, kinds
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], caplog.text[:2000]
    # the figures for the README (pytest -s shows them)
    changed = sum(1 for k, v in contents(tg).items() if before_msgs.get(k) != v)
    print(
        f"\nforged/stale callbacks sent: {len(sent)} {kinds}; alerts: {len(answers)}; "
        f"messages changed: {changed}; ledger rows changed: 0"
    )
