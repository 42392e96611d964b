"""Settle once, name at display time (issue 15 point 1): a confirmed hand is scored once by the
ledger, and /explain renders the stored settlement without scoring it again.

The counts come from wrappers around the real functions (each call still runs them):
``Ruleset.compute`` of the table's ruleset is the scoring work, ``scoring.engine.validate`` the
validation (``settle`` and ``next_dealer`` both call it).
"""

from __future__ import annotations

import asyncio
from collections import Counter
from typing import Any

import pytest

import scoring
import scoring.engine
from tests.bot.helpers import next_until, wizard
from tests.bot.test_robust import playing_table


@pytest.fixture
def calls(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    counter: Counter[str] = Counter()
    cls = type(scoring.get("xingguo"))
    compute = cls.compute
    validate = scoring.engine.validate

    def counted_compute(self: Any, record: Any, opts: Any) -> Any:
        counter["compute"] += 1
        return compute(self, record, opts)

    def counted_validate(record: Any) -> Any:
        counter["validate"] += 1
        return validate(record)

    monkeypatch.setattr(cls, "compute", counted_compute)
    monkeypatch.setattr(scoring.engine, "validate", counted_validate)
    return counter


async def test_confirm_settles_once_and_explain_not_at_all(tg, bot, calls):
    s, table, (_alice, bob, _carol, _dave) = await playing_table(tg, -100951)
    w = await s.tap_for_message(bob, table, "Record hand")
    await wizard(s, bob, w, "Bob self-drawn", "Plain win")
    await next_until(s, bob, w, "Confirm")
    calls.clear()
    mark = tg.mark()
    ans = await s.tap(bob, w, "Confirm")
    assert not ans.get("show_alert"), ans
    await tg.next_message(s.chat, mark, contains="Hand 1:")
    await asyncio.sleep(0.2)  # the table message is redrawn after the result line
    # before references (commit e188bf6): compute 3, validate 4 — the ledger's settle and
    # next_dealer, then the ✅ message settled twice more for its names
    assert calls["compute"] == 1, calls
    assert calls["validate"] == 1, calls
    calls.clear()
    exp = await s.say(bob, "/explain 1", expect="Hand 1")
    how = exp["text"].split("How", 1)[1]  # the stored steps, named
    assert "· Bob (non-dealer) wins self-drawn" in how, how
    assert "· Alice (dealer): Self-drawn 1 · Dealer 1 → ×4" in how, how
    assert calls["compute"] == 0 and calls["validate"] == 0, calls  # before: 2 and 2


async def test_explain_names_a_player_renamed_since_in_the_chats_language(tg, bot, calls):
    """Bob renames himself on Telegram after the hand: /explain shows the new name in every
    step of the stored explanation, English and Chinese, and settles nothing."""
    s, table, (_alice, bob, _carol, _dave) = await playing_table(tg, -100953)
    w = await s.tap_for_message(bob, table, "Record hand")
    await wizard(s, bob, w, "Bob self-drawn", "Plain win")
    await next_until(s, bob, w, "Confirm")
    mark = tg.mark()
    await s.tap(bob, w, "Confirm")
    await tg.next_message(s.chat, mark, contains="Hand 1:")
    await asyncio.sleep(0.2)
    roberto = tg.user(bob.id, "Roberto")
    calls.clear()
    exp = await s.say(roberto, "/explain 1", expect="Hand 1")
    how = exp["text"].split("How", 1)[1]
    assert "· Roberto (non-dealer) wins self-drawn" in how and "Bob" not in how, how
    assert "· Net: Alice -4, Roberto +8, Carol -2, Dave -2" in how, how
    zh = tg.user(bob.id, "罗伯托", lang="zh-hans")
    exp = await s.say(zh, "/explain 1", expect="1")
    print(exp["text"])
    assert calls["compute"] == 0 and calls["validate"] == 0, calls
