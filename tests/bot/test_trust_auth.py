"""Issue 13, points 1–3, end to end over the fake Bot API: a correction (/edit N) needs the
right of /undo, checked again at Confirm; admin status is asked at the moment of the
destructive tap (a demotion between the prompt and Yes counts); taps that do not belong to
their message, or come from someone not allowed, change nothing; /undo and /settle from a
non-player post no prompt."""

from __future__ import annotations

from typing import Any

from tests.bot.conftest import Scene
from tests.bot.fake_telegram import BOT_ID
from tests.bot.helpers import next_until, wizard
from tests.bot.test_robust import playing_table

VOID_RIGHT = "Only whoever recorded the hand, the table's creator or a chat admin can void it."
PLAYERS_ONLY = "Only the players at this table (or a chat admin) can do that."
NOT_HERE = "This button does not belong to this message; nothing was changed."
# issue 26 point 3: a refused Undo or /edit names who may
BOB_MAY_VOID = (
    "Only Bob, who recorded hand 1, Alice, who opened the table, or a chat admin can void it."
)
CAROL_MAY_CORRECT = (
    "Only Carol, who recorded hand 1, Alice, who opened the table, or a chat admin can correct it."
)


async def record(s: Scene, user: Any, table: dict[str, Any], winner: str) -> None:
    w = await s.tap_for_message(user, table, "Record hand")
    await wizard(s, user, w, f"{winner} self-drawn", "Plain win")
    await next_until(s, user, w, "Confirm")
    mark = s.tg.mark()
    await wizard(s, user, w, "Confirm")
    await s.tg.next_message(s.chat, mark, contains="Hand ")


def snapshot(s: Scene) -> dict[int, tuple[str, Any]]:
    """Every message of the chat: its text and keyboard."""
    return {
        mid: (m.get("text") or m.get("caption") or "", m.get("reply_markup"))
        for (cid, mid), m in s.tg.messages.items()
        if cid == s.chat.id
    }


def hands(bot: Any, s: Scene) -> list[tuple[int, str]]:
    t = bot.ledger.current_table(s.chat.id)
    return sorted((h.seq, h.status) for h in bot.ledger.history(t.id, page_size=100).items)


async def test_edit_of_someone_elses_hand_needs_the_right_to_void_it(tg, bot):
    """Point 1: Bob (seated; not the recorder, not the creator, not an admin) may not
    correct Carol's hand — neither by /edit nor by confirming an /edit someone else began."""
    s, table, (alice, bob, carol, _dave) = await playing_table(tg, -101300)
    await record(s, carol, table, "Carol")
    before = hands(bot, s)
    reply = await s.say(bob, "/edit 1")
    assert reply["text"] == CAROL_MAY_CORRECT, reply["text"]
    assert not any("Correcting hand 1" in t for t in tg.chat_texts(s.chat))
    # Carol (the recorder) may: she opens the correction; Bob, seated, taps the wizard along
    # but his Confirm is refused (checked at Confirm, not only at the start)
    w = await s.say(carol, "/edit 1", expect="Correcting hand 1")
    shown = s.text(w)
    ans = await s.tap(bob, w, "Confirm")
    assert ans.get("show_alert") and ans["text"] == VOID_RIGHT, ans
    assert hands(bot, s) == before and s.text(w) == shown
    # the table's creator may
    mark = tg.mark()
    ans = await s.tap(alice, w, "Confirm")
    assert not ans.get("show_alert"), ans
    await tg.next_message(s.chat, mark, contains="Hand 1:")  # the correction keeps number 1
    assert hands(bot, s) == [(1, "confirmed"), (2, "voided")]


async def test_an_admin_demoted_before_confirming_a_correction_cannot(tg, bot):
    """Points 1–2: Eve, a chat admin who never sat, begins /edit 1; she is demoted; her
    Confirm voids nothing."""
    s, table, (_alice, bob, _carol, _dave) = await playing_table(tg, -101301)
    await record(s, bob, table, "Bob")
    eve = tg.user(1301, "Eve")
    tg.admins[s.chat.id] = {eve.id}
    w = await s.say(eve, "/edit 1", expect="Correcting hand 1")
    tg.demote(s.chat, eve)
    before = hands(bot, s)
    ans = await s.tap(eve, w, "Confirm")
    assert ans.get("show_alert"), ans
    assert hands(bot, s) == before == [(1, "confirmed")]


async def test_undo_by_an_admin_demoted_between_the_prompt_and_yes_voids_nothing(tg, bot):
    """Point 2: no cached "is admin": Dave (seated, not the recorder) is an admin when he asks
    to undo Bob's hand, a member 0 s later when he taps Yes; and a second admin who stays an
    admin still can."""
    s, table, (_alice, bob, _carol, dave) = await playing_table(tg, -101302)
    await record(s, bob, table, "Bob")
    tg.admins[s.chat.id] = {dave.id}
    ask = await s.tap_for_message(dave, table, "Undo", expect="Void the last hand?")
    tg.demote(s.chat, dave)
    ans = await s.tap(dave, ask, "Yes, void hand 1")
    assert ans.get("show_alert") and ans["text"] == BOB_MAY_VOID, ans
    assert hands(bot, s) == [(1, "confirmed")]
    tg.admins[s.chat.id] = {dave.id}  # promoted again: recognised at once
    ans = await s.tap(dave, ask, "Yes, void hand 1")
    assert not ans.get("show_alert"), ans
    assert hands(bot, s) == [(1, "voided")]


async def test_undo_and_settle_from_a_non_player_post_no_prompt(tg, bot):
    s, table, (_alice, bob, _carol, _dave) = await playing_table(tg, -101303)
    await record(s, bob, table, "Bob")
    eve = tg.user(1303, "Eve")
    before = snapshot(s)
    said = {"/undo": BOB_MAY_VOID, "/settle": PLAYERS_ONLY}  # Undo names who may void it
    for cmd in ("/undo", "/settle"):
        reply = await s.say(eve, cmd)
        assert reply["text"] == said[cmd], (cmd, reply["text"])
    for label in ("Undo", "Settle"):
        ans = await s.tap(eve, table, label)
        assert ans.get("show_alert") and ans["text"] == said[f"/{label.lower()}"], ans
    texts = tg.chat_texts(s.chat)
    assert not any("Void the last hand?" in t or "settle up?" in t for t in texts[-4:])
    after = snapshot(s)
    assert {k: v for k, v in after.items() if k in before} == before
    new = [m for (cid, mid), m in tg.messages.items() if cid == s.chat.id and mid not in before]
    assert all(m["text"] in said.values() for m in new if m["from"]["id"] == BOT_ID), new


async def test_a_non_player_cannot_cancel_an_undo_prompt(tg, bot):
    s, table, (alice, bob, _carol, _dave) = await playing_table(tg, -101304)
    await record(s, bob, table, "Bob")
    ask = await s.tap_for_message(alice, table, "Undo", expect="Void the last hand?")
    eve = tg.user(1304, "Eve")
    shown = s.text(ask)
    ans = await s.tap(eve, ask, "Cancel")
    assert ans.get("show_alert") and ans["text"] == PLAYERS_ONLY, ans
    assert s.text(ask) == shown and s.labels(ask)


async def test_forged_history_tap_on_the_table_message_or_a_preview_changes_nothing(tg, bot):
    """Point 3: ``v1:t:<table>:hist:0`` sent onto the table message or an entry's preview,
    by a non-player and by a seated player: an alert, both messages unchanged."""
    s, table, (_alice, bob, _carol, _dave) = await playing_table(tg, -101305)
    await record(s, bob, table, "Bob")
    w = await s.tap_for_message(bob, table, "Record hand")
    await wizard(s, bob, w, "Bob self-drawn", "Plain win")
    await next_until(s, bob, w, "Confirm")
    tid = bot.ledger.current_table(s.chat.id).id
    eve = tg.user(1305, "Eve")
    before = snapshot(s)
    rows_before = hands(bot, s)
    forged = {  # table buttons that are not on the message they are sent from
        table["message_id"]: (f"v1:t:{tid}:hist:0", f"v1:t:{tid}:hist:1", f"v1:t:{tid}:seats"),
        w["message_id"]: (f"v1:t:{tid}:hist:0", f"v1:t:{tid}:join", f"v1:t:{tid}:undo"),
    }
    for user in (eve, bob):
        for target in (table, w):
            for data in forged[target["message_id"]]:
                cq = await tg.press_data(s.chat, user, target["message_id"], data)
                ans = await tg.answer_of(cq)
                assert (ans.get("show_alert") and "nothing was changed" in ans["text"]) or (
                    "before Start" in ans["text"]
                ), (user, data, ans)
    assert snapshot(s) == before
    assert hands(bot, s) == rows_before


async def test_an_old_draft_button_sent_onto_other_messages_changes_nothing(tg, bot):
    """Point 3: a seated player's button of entry A (an old version, and the current one)
    pressed on the table message and on entry B: refused, nothing changes."""
    s, table, (_alice, bob, _carol, _dave) = await playing_table(tg, -101306)
    first = await s.tap_for_message(bob, table, "Record hand")  # hand 1, for entry B (/edit)
    await wizard(s, bob, first, "Bob self-drawn", "Plain win", "✅ Confirm")
    a = await s.tap_for_message(bob, table, "Record hand")
    old = tg.find_button(s.chat, a["message_id"], "Bob self-drawn")["callback_data"]
    await wizard(s, bob, a, "Bob self-drawn")
    current = tg.find_button(s.chat, a["message_id"], "Plain win")["callback_data"]
    # entry B: an /edit (a second Record hand would continue entry A, one entry at a time)
    b = await s.say(bob, "/edit 1", expect="Correcting hand 1")
    before = snapshot(s)
    for target in (table, b):
        for data in (old, current):
            cq = await tg.press_data(s.chat, bob, target["message_id"], data)
            ans = await tg.answer_of(cq)
            assert ans.get("show_alert") and ans["text"] == NOT_HERE, (data, ans)
    assert snapshot(s) == before
    # entry A's own current button still works on its own message
    ans = await s.tap(bob, a, "Plain win")
    assert not ans.get("show_alert"), ans


async def test_a_forged_language_tap_on_the_table_message_changes_nothing(tg, bot):
    s, table, (alice, _bob, _carol, _dave) = await playing_table(tg, -101307)
    before = snapshot(s)
    cq = await tg.press_data(s.chat, alice, table["message_id"], "v1:t:0:lang:1")
    ans = await tg.answer_of(cq)
    assert ans.get("show_alert") and ans["text"] == NOT_HERE, ans
    assert snapshot(s) == before
    assert bot.ledger.get_chat(s.chat.id).lang in (None, "en")
