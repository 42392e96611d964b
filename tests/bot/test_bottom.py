"""Issue 14, point 6: the controls stay at the bottom. After Confirm the chat gains one message
per hand — the hand's entry message, which becomes the table message (the ✅ result line, the
table, the table's buttons) — and the older table message loses its keyboard. ``/table``
still reposts the table (and strips the old one). Telegram failing on purpose (the redraw,
the keyboard removal) and restarts mid-way still converge to that; the failures of the
redraw itself are in test_trust_converge.py."""

from __future__ import annotations

from typing import Any

from bot.guard import POSTING, RECORDED
from tests.bot.conftest import Bot, Scene
from tests.bot.fake_telegram import BOT_ID
from tests.bot.helpers import next_until, result_messages, wizard
from tests.bot.test_robust import playing_table


def bot_messages(s: Scene) -> list[int]:
    """The bot's messages in the chat (not deleted), oldest first."""
    return [
        mid
        for (cid, mid), m in sorted(s.tg.messages.items())
        if cid == s.chat.id
        and (cid, mid) not in s.tg.deleted
        and m.get("from", {}).get("id") == BOT_ID
    ]


def with_keyboard(s: Scene) -> list[int]:
    return [mid for mid in bot_messages(s) if s.tg.messages[(s.chat.id, mid)].get("reply_markup")]


def table_id(bot: Bot, s: Scene) -> int:
    t = bot.ledger.current_table(s.chat.id)
    assert t is not None
    return int(t.id)


async def record(
    s: Scene,
    user: Any,
    table: dict[str, Any],
    taps: tuple[str, ...] = ("Bob self-drawn", "Plain win"),
    *,
    rec: str = "Record hand",
    confirm: str = "Confirm",
    nxt: tuple[str, ...] = ("Next ▶", "Preview ▶", "No, next ▶"),
) -> dict[str, Any]:
    """Record hand → the taps → Confirm; returns the entry message."""
    w = await s.tap_for_message(user, table, rec)
    await wizard(s, user, w, *taps)
    await next_until(s, user, w, confirm, nxt)
    ans = await s.tap(user, w, confirm)
    assert not ans.get("show_alert"), ans
    return w


async def test_each_hand_adds_one_message_and_the_table_keyboard_is_always_the_newest(tg, bot):
    s, table, (_alice, bob, carol, dave) = await playing_table(tg, -101480)
    winners = [(bob, "Bob"), (carol, "Carol"), (dave, "Dave")]
    for n, (user, name) in enumerate(winners, start=1):
        before = bot_messages(s)
        w = await record(s, user, table, (f"{name} self-drawn", "Plain win"))
        after = bot_messages(s)
        assert len(after) == len(before) + 1, (before, after)  # the entry, nothing else
        assert after[-1] == w["message_id"] == table["message_id"]
        assert bot.ledger.get_table(table_id(bot, s)).message_id == w["message_id"]
        assert with_keyboard(s) == [w["message_id"]], with_keyboard(s)  # older ones: none
        assert "Record hand" in " ".join(s.labels(w)) and "Confirm" not in s.labels(w)
        text = s.text(w)
        assert text.startswith(f"✅ Hand {n} recorded\nHand {n}: {name} — self-drawn"), text
        assert f"next hand {n + 1}" in text and f"{n} hand" in text
        assert len(result_messages(s, n)) == 1
    # every earlier hand's message keeps its result line and the totals after it
    for n in (1, 2):
        (old,) = result_messages(s, n)
        assert f"next hand {n + 1}" in old
    # the money as before this change (test_review: "Bob +8, Carol -2, Dave -2, Alice -4"
    # for a plain self-drawn win, the dealer paying double; the deal passes to the winner)
    assert (
        "Hand 1: Bob — self-drawn · Plain win — Bob +8, Carol -2, Dave -2, Alice -4"
        in (result_messages(s, 1)[0])
    )
    totals = s.text(table).split("\n\n")[-1].splitlines()
    assert totals == ["E Alice -8", "S Bob +2", "W Carol +2", "N Dave 🎲dealer +4"], totals


async def test_table_reposts_and_strips_the_old_keyboard(tg, bot):
    s, table, (alice, bob, _carol, _dave) = await playing_table(tg, -101481)
    w = await record(s, bob, table)
    repost = await s.say(alice, "/table", expect="next hand 2")
    assert repost["message_id"] > w["message_id"]
    await tg.wait_for(lambda: with_keyboard(s) == [repost["message_id"]], timeout=10)
    assert bot.ledger.get_table(table_id(bot, s)).message_id == repost["message_id"]
    assert "✅ Hand 1 recorded" in s.text(repost)  # the latest hand, as at its Confirm
    # a forged tap from the old message changes nothing
    data = s.tg.find_button(s.chat, repost["message_id"], "Record hand")["callback_data"]
    ans = await tg.answer_of(await tg.press_data(s.chat, bob, w["message_id"], data))
    assert ans.get("show_alert") and "does not belong" in ans["text"], ans
    # the next hand's entry becomes the table message in its turn
    w2 = await record(s, bob, table)
    assert with_keyboard(s) == [w2["message_id"]]
    assert s.text(w2).startswith("✅ Hand 2 recorded")


async def test_an_undo_takes_the_hand_off_the_table_message(tg, bot):
    """The table message leads with the latest hand while it stands: voided, it goes."""
    s, table, (alice, bob, _carol, _dave) = await playing_table(tg, -101482)
    w = await record(s, bob, table)
    ask = await s.tap_for_message(alice, table, "Undo", expect="Void the last hand?")
    await wizard(s, alice, ask, "Yes, void hand 1")
    assert "Hand 1 voided." in s.text(ask)
    assert table["message_id"] == w["message_id"]
    await tg.wait_for(lambda: "✅" not in s.text(w), timeout=10)
    assert s.text(w).startswith("📋") and "Bob +0" in s.text(w), s.text(w)  # its title (bot.terms)


async def test_a_deleted_entry_is_replaced_by_one_new_table_message(tg, bot):
    s, table, (_alice, bob, _carol, _dave) = await playing_table(tg, -101483)
    old = table["message_id"]
    w = await s.tap_for_message(bob, table, "Record hand")
    await wizard(s, bob, w, "Bob self-drawn", "Plain win")
    await next_until(s, bob, w, "Confirm")
    data = s.tg.find_button(s.chat, w["message_id"], "Confirm")["callback_data"]
    tg.user_deletes(s.chat, w["message_id"])  # gone before Telegram delivers the tap
    before = bot_messages(s)
    ans = await tg.answer_of(await tg.press_data(s.chat, bob, w["message_id"], data))
    assert not ans.get("show_alert"), ans
    after = bot_messages(s)
    assert len(after) == len(before) + 1 and old in after
    assert with_keyboard(s) == [after[-1]] == [table["message_id"]]
    assert len(result_messages(s, 1)) == 1


async def test_the_chat_in_chinese(tg, bot):
    s, _table, (alice, bob, _carol, _dave) = await playing_table(tg, -101484)
    msg = await s.say(alice, "/lang", expect="Language of this chat")
    await wizard(s, alice, msg, "简体中文")
    zh = await s.say(alice, "/table", expect="📋")
    before = bot_messages(s)
    w = await record(
        s, bob, zh, ("Bob自摸", "平胡"), rec="记一局", confirm="确认", nxt=("下一步 ▶", "预览 ▶")
    )
    assert len(bot_messages(s)) == len(before) + 1
    assert with_keyboard(s) == [w["message_id"]]
    text = s.text(w)
    assert text.startswith("✅ 第 1 局已记录\n第 1 局：Bob"), text
    assert "记一局" in " ".join(s.labels(w))


async def restart_at(tg: Any, bot: Bot, chat_id: int, step: str) -> None:
    """The bot stopped right after the ledger recorded the hand and its draft reached
    ``step`` (``recorded``: nothing shown; ``posting``: the table message claimed, maybe
    moved in the ledger): the next start converges to the same chat as a plain Confirm."""
    from bot.callback import DraftCb, decode
    from bot.entry import wizard as wz

    s, table, (_alice, bob, _carol, _dave) = await playing_table(tg, chat_id)
    old = table["message_id"]
    w = await s.tap_for_message(bob, table, "Record hand")
    await wizard(s, bob, w, "Bob self-drawn", "Plain win")
    await next_until(s, bob, w, "Confirm")
    ref = decode(tg.find_button(s.chat, w["message_id"], "Confirm")["callback_data"])
    assert isinstance(ref, DraftCb)
    before = bot_messages(s)
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
    data = {**d.data, "hand_id": hand.id, "old_table_message": old}
    led.update_draft(d.id, version=d.version, step=step, data=data)
    if step == POSTING:
        led.set_table_message(d.table_id, w["message_id"])
    await bot.start()
    await tg.wait_for(lambda: with_keyboard(s) == [w["message_id"]], timeout=10)
    await tg.wait_for(lambda: led.get_draft(ref.draft_id).status == "done", timeout=10)
    assert s.text(w).startswith("✅ Hand 1 recorded") and len(result_messages(s, 1)) == 1
    assert bot_messages(s) == before  # nothing new: the entry became the table message
    await bot.restart()  # nothing left to do
    await tg.wait_for(lambda: True)
    assert bot_messages(s) == before and with_keyboard(s) == [w["message_id"]]


async def test_a_restart_after_the_hand_was_recorded_moves_the_table_message(tg, bot):
    await restart_at(tg, bot, -101485, RECORDED)


async def test_a_restart_after_the_table_message_was_claimed_moves_it(tg, bot):
    await restart_at(tg, bot, -101486, POSTING)
