"""Undo voids the last hand only, end to end: a Yes tapped after a newer hand was recorded
(or after the hand was undone or corrected by someone else) voids nothing and says so, in
the chat's language; and a hand of a night already settled, undone or corrected, hands the
next night's first deal on from where the corrected night now ends."""

from __future__ import annotations

import pytest

from tests.bot.conftest import Scene
from tests.bot.helpers import next_until, wizard
from tests.bot.test_night import dealer_of
from tests.bot.test_robust import playing_table

NEWER_EN = (
    "A newer hand was recorded since; nothing was undone. "
    "Use /undo again, or /edit 1 to correct hand 1."
)


async def record(s: Scene, user, table, winner: str) -> None:
    """``user`` records a hand: ``winner`` self-draws a plain win."""
    w = await s.tap_for_message(user, table, "Record hand")
    await wizard(s, user, w, f"{winner} self-drawn", "Plain win")
    await next_until(s, user, w, "Confirm")
    mark = s.tg.mark()
    await wizard(s, user, w, "Confirm")
    await s.tg.next_message(s.chat, mark, contains="Hand ")


def table_id(s: Scene, bot) -> int:
    t = bot.ledger.current_table(s.chat.id)
    assert t is not None
    return int(t.id)


async def test_yes_after_a_newer_hand_was_recorded_voids_nothing(tg, bot):
    s, table, (alice, bob, carol, _dave) = await playing_table(tg, -100730)
    await record(s, bob, table, "Bob")
    ask = await s.tap_for_message(alice, table, "Undo", expect="Void the last hand?")
    assert "Hand 1" in s.text(ask)
    await record(s, carol, table, "Carol")  # hand 2, before anyone taps Yes
    tid = table_id(s, bot)
    before = bot.ledger.get_table(tid)
    assert dealer_of(s, table) == "Carol"
    ans = await s.tap(alice, ask, "Yes, void hand 1")
    assert ans.get("show_alert") and ans.get("text") == NEWER_EN, ans
    assert NEWER_EN in s.text(ask) and not s.labels(ask), s.text(ask)
    assert [bot.ledger.get_hand(tid, n).status for n in (1, 2)] == ["confirmed", "confirmed"]
    after = bot.ledger.get_table(tid)
    assert (after.hand_count, after.dealer_id) == (before.hand_count, before.dealer_id)
    assert dealer_of(s, table) == "Carol"
    # /undo again asks about the hand that is the last one now
    ask2 = await s.say(alice, "/undo", expect="Void the last hand?")
    assert "Hand 2" in s.text(ask2)
    await wizard(s, alice, ask2, "Yes, void hand 2")
    assert "Hand 2 voided." in s.text(ask2)
    assert bot.ledger.get_hand(tid, 1).status == "confirmed"
    assert dealer_of(s, table) == "Bob"


async def test_a_second_prompt_for_a_hand_undone_already_voids_nothing(tg, bot):
    s, table, (alice, bob, _carol, _dave) = await playing_table(tg, -100731)
    await record(s, bob, table, "Bob")
    await record(s, bob, table, "Bob")  # hand 2, the dealer Bob wins again
    first = await s.say(alice, "/undo", expect="Void the last hand?")
    second = await s.tap_for_message(bob, table, "Undo", expect="Void the last hand?")
    await wizard(s, alice, first, "Yes, void hand 2")
    ans = await s.tap(bob, second, "Yes, void hand 2")
    # issue 24 point 4: a second Yes on a hand an undo voided says it is voided already
    said = "Hand 2 is already voided."
    assert ans.get("show_alert") and ans.get("text") == said, ans
    assert "Hand 2 voided." in s.text(second) and not s.labels(second)
    tid = table_id(s, bot)
    assert bot.ledger.get_hand(tid, 1).status == "confirmed"  # not the hand before it
    assert bot.ledger.get_table(tid).hand_count == 1


async def test_yes_after_the_hand_was_corrected_voids_nothing(tg, bot):
    """/edit 1 replaced hand 1 (the correction keeps number 1; the voided first entry is 2)
    while the Undo prompt was open."""
    s, table, (alice, bob, _carol, _dave) = await playing_table(tg, -100732)
    await record(s, bob, table, "Bob")
    ask = await s.tap_for_message(alice, table, "Undo", expect="Void the last hand?")
    w = await s.say(bob, "/edit 1", expect="Correcting hand 1")
    mark = tg.mark()
    await wizard(s, bob, w, "Confirm")
    await tg.next_message(s.chat, mark, contains="Hand 1:")
    ans = await s.tap(alice, ask, "Yes, void hand 1")
    assert ans.get("show_alert") and "nothing was undone" in ans.get("text", ""), ans
    tid = table_id(s, bot)
    assert bot.ledger.get_hand(tid, 1).status == "confirmed"
    assert bot.ledger.get_hand(tid, 2).status == "voided"
    assert bot.ledger.get_table(tid).hand_count == 1


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        (
            "简体中文",
            "之后又记了新的一局，所以没有撤销任何一局。"
            "如需撤销请再用 /undo，或用 /edit 1 更正第 1 局。",
        ),
        (
            "繁體中文",
            "之後又記了新的一局，所以沒有撤銷任何一局。"
            "如需撤銷請再用 /undo，或用 /edit 1 更正第 1 局。",
        ),
    ],
)
async def test_the_refusal_in_chinese(tg, bot, lang, said):
    chat_id = -100733 if lang == "简体中文" else -100734
    s, table, (alice, bob, carol, _dave) = await playing_table(tg, chat_id)
    await record(s, bob, table, "Bob")
    ask = await s.tap_for_message(alice, table, "Undo", expect="Void the last hand?")
    await record(s, carol, table, "Carol")
    msg = await s.say(alice, "/lang", expect="Language of this chat")
    await wizard(s, alice, msg, lang)
    yes = tg.buttons(s.chat, ask["message_id"])[0]["callback_data"]
    ans = await tg.answer_of(await tg.press_data(s.chat, alice, ask["message_id"], yes))
    assert ans.get("show_alert") and ans.get("text") == said, ans
    assert said in s.text(ask)
    tid = table_id(s, bot)
    assert bot.ledger.get_hand(tid, 1).status == "confirmed"


# --- a night already settled ------------------------------------------------------------------
async def settle(s: Scene, user) -> None:
    ask = await s.say(user, "/settle", expect="settle")
    await wizard(s, user, ask, "Settle")
    assert "Night 1 is settled" in s.text(ask)


async def test_undo_after_settle_voids_the_settled_nights_hand_and_the_deal_follows(tg, bot):
    s, table, (alice, bob, _carol, _dave) = await playing_table(tg, -100735)
    await record(s, bob, table, "Bob")  # Alice dealt, Bob won: the deal passed to Bob
    await settle(s, alice)
    assert "Night 2" in s.text(table) and dealer_of(s, table) == "Bob"
    ask = await s.say(alice, "/undo", expect="Void the last hand?")
    assert "Hand 1" in s.text(ask)
    assert "night 1, which is already settled" in s.text(ask), s.text(ask)
    await wizard(s, alice, ask, "Yes, void hand 1")
    text = s.text(ask)
    assert "Hand 1 voided." in text and "/nights 1 shows its new totals" in text, text
    # night 2 begins where night 1 now ends: with Alice dealing, as before hand 1
    assert dealer_of(s, table) == "Alice"
    tid = table_id(s, bot)
    assert bot.ledger.get_table(tid).dealer_id == bot.ledger.get_table(tid).seats[0].player_id


async def test_edit_of_a_settled_nights_last_hand_moves_the_next_nights_first_deal(tg, bot):
    s, table, (alice, bob, _carol, _dave) = await playing_table(tg, -100736)
    await record(s, bob, table, "Bob")
    await settle(s, alice)
    assert dealer_of(s, table) == "Bob"
    # it was Alice (dealing) who self-drew: she keeps the deal, so night 2 starts with her
    w = await s.say(bob, "/edit 1", expect="Correcting hand 1")
    for _ in range(10):
        if "Who won?" in s.text(w):
            break
        await wizard(s, bob, w, "◀ Back")
    await wizard(s, bob, w, "Alice self-drawn", "Plain win")
    await next_until(s, bob, w, "Confirm")
    mark = tg.mark()
    await wizard(s, bob, w, "Confirm")
    await tg.next_message(s.chat, mark, contains="Hand 1:")  # the correction keeps its number
    text = s.text(w)
    assert "corrected" in text and "/nights 1 shows its new totals" in text, text
    assert dealer_of(s, table) == "Alice"
