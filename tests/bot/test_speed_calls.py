"""Issue 23.5, fewer ledger round trips per tap: the ledger calls each button of a hand makes,
counted by a wrapper around each Ledger method (the real method still runs), through the real
Application and the fake Bot API server. Before this issue's work (commit aa0ea4c's parent,
benchmarks/bench_bot.py with BENCH_CALLS): Record hand made 5 calls (current_table, open_entry,
open_drafts, create_draft, set_draft_message), a wizard tap 2."""

from __future__ import annotations

import inspect
from typing import Any

from tests.bot.helpers import next_until, wizard
from tests.bot.test_robust import playing_table


def count_calls(ledger: Any) -> list[str]:
    """The names of the ledger's methods as they are called, from now on."""
    calls: list[str] = []

    def wrap(name: str, fn: Any) -> Any:
        def counted(*args: Any, **kwargs: Any) -> Any:
            calls.append(name)
            return fn(*args, **kwargs)

        counted.__self__ = ledger  # type: ignore[attr-defined]  # bot.context.db runs it inline
        return counted

    for name in dir(ledger):
        fn = getattr(ledger, name)
        if not name.startswith("_") and inspect.ismethod(fn):
            setattr(ledger, name, wrap(name, fn))
    return calls


async def test_record_hand_and_the_wizard_taps_read_and_write_once_each(tg, bot) -> None:
    s, table, (_alice, bob, _carol, _dave) = await playing_table(tg, -102311)
    calls = count_calls(bot.app.bot_data["ledger"])
    w = await s.tap_for_message(bob, table, "Record hand")
    # the table, then the entry: creating it is the check for an open one (EntryOpen)
    assert calls == ["current_table", "create_draft", "set_draft_message"], calls
    calls.clear()
    await wizard(s, bob, w, "Bob ← Carol")
    assert calls == ["get_draft", "update_draft"], calls  # one read, one conditional write
    calls.clear()
    await wizard(s, bob, w, "Big seven pairs")
    await next_until(s, bob, w, "Confirm")
    assert calls == ["get_draft", "update_draft"], calls


async def test_record_hand_on_an_open_entry_points_to_it_and_creates_nothing(tg, bot) -> None:
    s, table, (alice, bob, _carol, _dave) = await playing_table(tg, -102312)
    w = await s.tap_for_message(bob, table, "Record hand")
    led = bot.app.bot_data["ledger"]
    drafts = [d.id for d in led.open_drafts(s.chat.id) if d.data.get("kind") == "hand"]
    ans = await s.tap(alice, table, "Record hand")
    assert ans.get("show_alert") and "Bob is already entering this hand" in ans["text"], ans
    assert [d.id for d in led.open_drafts(s.chat.id) if d.data.get("kind") == "hand"] == drafts
    assert "already entering" in s.text(w), s.text(w)  # its message says whose it is


async def test_confirm_reads_the_table_once(tg, bot) -> None:
    """The Confirm: the draft, the hand recorded, the table read once (the redraw is handed
    the table with its new message rather than reading it again), the claim, the table
    message taken, the totals, the draft closed. Before: the redraw read the table again
    (get_table twice)."""
    s, table, (_alice, bob, _carol, _dave) = await playing_table(tg, -102313)
    w = await s.tap_for_message(bob, table, "Record hand")
    await wizard(s, bob, w, "Bob ← Carol", "Big seven pairs")
    await next_until(s, bob, w, "Confirm")
    calls = count_calls(bot.app.bot_data["ledger"])
    ans = await s.tap(bob, w, "✅ Confirm")
    assert not ans.get("show_alert"), ans
    assert calls == [
        "get_draft",
        "record_hand",
        "get_table",
        "update_draft",
        "set_table_message",
        "standings",
        "close_draft",
    ], calls
    assert "Hand 1 recorded" in s.text(w), s.text(w)  # the entry became the table message
    # drawn from the table as read after the hand: its count and the new totals
    assert "next hand 2 · 1 hand tonight" in s.text(w), s.text(w)
    assert "Bob 🎲dealer +20" in s.text(w), s.text(w)
