"""The table message knows its state, and corrections are one tap from the hand (issue 26
points 3 and 5; issue 24 point 4), over the fake Bot API with the real Application:

* 24.4 "/undo, then two quick taps on Yes: the second answer says 'Hand 1 is recorded.' after
  the hand was voided" — now it says the hand is already voided, and so does a later tap;
* 26.3 "Undo asks 'Void the last hand?' of anyone and refuses only after 'Yes, void'; a
  refused /edit says '…can void it'; the '✅ Hand N recorded' message has no way to fix it" —
  Undo and ✏️ Fix are refused at the first tap, naming who may; Fix opens the hand's
  preview-editor and its Confirm corrects the hand;
* 26.5 "Join stays after Start on a full table; Start before anyone sits says 'Only the
  players at this table can do that' instead of 'Tap Join first'".
"""

from __future__ import annotations

import asyncio

from tests.bot.conftest import Scene
from tests.bot.fake_telegram import FakeTelegram
from tests.bot.helpers import open_table, seat_and_start, wizard

NAMES = ("Alice", "Bob", "Carol", "Dave")


async def started(tg: FakeTelegram, chat_id: int, base: int) -> tuple[Scene, list, dict]:
    chat = tg.group(chat_id)
    users = [tg.user(base + i, n) for i, n in enumerate(NAMES)]
    s = Scene(tg, chat)
    table = await open_table(s, users[0], "Xingguo")
    await seat_and_start(s, table, users)
    return s, users, table


async def record_one(s: Scene, user, table) -> None:
    """Bob wins on Carol's discard, the first shape offered, Confirm: hand 1."""
    w = await s.tap_for_message(user, table, "Record hand")
    await tap_win(s, user, w, "Bob", "Carol")
    shape = next(t for t in s.labels(w) if "(" in t or "seven" in t.lower())
    await wizard(s, user, w, shape)
    mark = s.tg.mark()
    await wizard(s, user, w, next(t for t in s.labels(w) if "Confirm" in t))
    await s.tg.next_message(s.chat, mark, contains="Hand 1:")


async def test_two_quick_yes_after_undo_say_already_voided(tg, bot):
    s, (alice, bob, _carol, _dave), table = await started(tg, -100790, 790)
    await record_one(s, bob, table)
    ask = await s.say(bob, "/undo", expect="Void the last hand?")
    yes = tg.find_button(s.chat, ask["message_id"], "Yes, void")["callback_data"]
    cqs = await asyncio.gather(
        tg.press_data(s.chat, bob, ask["message_id"], yes),
        tg.press_data(s.chat, alice, ask["message_id"], yes),
    )
    answers = [await tg.answer_of(cq) for cq in cqs]
    texts = [a.get("text") or "" for a in answers]
    assert not any("is recorded" in t for t in texts), texts
    assert sum("Hand 1 is already voided." in t for t in texts) == 1, texts
    assert "Hand 1 voided." in s.text(ask)
    assert not s.labels(ask)  # the prompt is its outcome now: nothing more to tap
    tid = bot.ledger.current_table(s.chat.id).id
    assert bot.ledger.standings(tid).hand_count == 0


async def test_undo_and_fix_are_refused_at_the_first_tap(tg, bot):
    s, (_alice, bob, carol, _dave), table = await started(tg, -100791, 800)
    await record_one(s, bob, table)
    assert "✅ Hand 1 recorded" in s.text(table)
    assert "✏️ Fix" in s.labels(table)
    for label in ("Undo", "Fix"):
        mark = tg.mark()
        ans = await s.tap(carol, table, label)
        assert ans.get("show_alert"), ans
        # who may, by name: the recorder and the table's creator
        assert "Only Bob, who recorded hand 1, Alice, who opened the table" in ans["text"], ans
        assert ("void it" if label == "Undo" else "correct it") in ans["text"]
        assert not [x for x in tg.sent_since(mark, None, s.chat.id) if x.method == "sendMessage"]
    reply = await s.say(carol, "/edit 1")
    assert "can correct it" in reply["text"] and "Bob" in reply["text"], reply["text"]


async def test_fix_opens_the_preview_editor_and_corrects_the_hand(tg, bot):
    s, (_alice, bob, _carol, _dave), table = await started(tg, -100792, 810)
    await record_one(s, bob, table)
    editor = await s.tap_for_message(bob, table, "Fix")
    assert any("Confirm" in t for t in s.labels(editor)), s.labels(editor)
    mark = tg.mark()
    await wizard(s, bob, editor, next(t for t in s.labels(editor) if "Confirm" in t))
    await tg.next_message(s.chat, mark, contains="corrected")
    tid = bot.ledger.current_table(s.chat.id).id
    hands = bot.ledger.history(tid, page=0, page_size=5).items
    assert any(h.replaces_hand_id is not None and h.status == "confirmed" for h in hands)
    assert bot.ledger.standings(tid).hand_count == 1


async def test_join_only_while_a_seat_is_free_and_before_start(tg, bot):
    chat = tg.group(-100793)
    users = [tg.user(820 + i, n) for i, n in enumerate(NAMES)]
    s = Scene(tg, chat)
    table = await open_table(s, users[0], "Xingguo")
    ans = await s.tap(users[0], table, "Start")
    assert ans.get("show_alert") and ans["text"] == "Tap 🙋 Join first.", ans
    assert any("Join" in t for t in s.labels(table))
    for u in users:
        assert not (await s.tap(u, table, "Join")).get("show_alert")
    assert not any("Join" in t for t in s.labels(table)), s.labels(table)  # full
    assert not (await s.tap(users[0], table, "Start")).get("show_alert")
    assert any("Record hand" in t for t in s.labels(table))
    assert not any("Join" in t for t in s.labels(table)), s.labels(table)  # started


async def tap_win(s: Scene, user, msg, winner: str, discarder: str) -> None:
    """Tap "winner on discarder's discard" in the winners' grid, drawn either way (issue 26
    point 1): one cell "Bob ← Carol", or a row per winner whose cells read "← Carol"."""
    labels = s.labels(msg)
    if f"{winner} ← {discarder}" in labels:
        await wizard(s, user, msg, f"{winner} ← {discarder}")
        return
    markup = s.tg.messages[(s.chat.id, msg["message_id"])].get("reply_markup") or {}
    rows = markup.get("inline_keyboard", [])
    for i, row in enumerate(rows):
        if not row or row[0]["text"].startswith("←") or winner not in row[0]["text"]:
            continue
        block = [row]  # the winner's row, and the "← X" rows under it
        for more in rows[i + 1 :]:
            if not more or not more[0]["text"].startswith("←"):
                break
            block.append(more)
        cell = next(b for r in block for b in r if b["text"] == f"← {discarder}")
        cq = await s.tg.press_data(s.chat, user, msg["message_id"], cell["callback_data"])
        ans = await s.tg.answer_of(cq)
        assert not ans.get("show_alert"), ans
        return
    raise AssertionError(f"no cell for {winner} ← {discarder}: {labels}")
