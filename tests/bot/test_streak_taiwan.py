"""The dealer's streak 連莊 / 拉莊 from the ledger, end to end over the fake Bot API server
(issue 16, Taiwan: "the dealer's 1 + 2N 台 from the dealer streak the ledger already knows
(連莊 / 拉莊 shown on the table message)").

A Taiwan night (底 30, 台值 10): the dealer Alice wins twice, so the third hand's draft starts
with her streak 2 filled in and pays 1 + 2×2 台 on each of her payments; a hand that passed the
deal and was then voided does not count (the next draft says 3, not 0); the prefilled count
can still be changed on the preview; a draw keeps the deal (streak +1); after /settle the new
night starts at 0 although the same dealer deals.

Rules: shared/rules/taiwan.md §2 and T4 "連1拉1為3台,連2拉2為5台,連3拉3為7台"; T2
"莊家胡牌或是流局,稱為連莊". The oracle for the money is ``scoring.settle`` on the hands as
the test means them; the streak it is given is the ledger's, by
``scoring.rulesets.taiwan.dealer_streak``.
"""

from __future__ import annotations

import re
from typing import Any

import scoring
from tests.bot import nights
from tests.bot.conftest import Scene
from tests.bot.helpers import tap_count
from tests.bot.nights import (
    confirm,
    dealer_of,
    group_of_four,
    keypad,
    open_table,
    record_win,
    start_table,
    tap,
    to_english,
    to_hant,
    to_preview,
)
from tests.bot.test_night_taiwan import payments, shown


def rec(dealer: str, wins: list[dict[str, Any]], *, streak: int = 0) -> dict[str, Any]:
    counts = {"lian_zhuang": {dealer: streak}} if streak else {}
    result = "win" if wins else "draw"
    return nights.hand("taiwan", {"preset": "north"}, dealer, wins, result=result, counts=counts)


def dealer_line(s: Scene, table: dict) -> str:
    return next(ln for ln in s.text(table).splitlines() if "🎲" in ln)


def prefilled(s: Scene, w: dict, player: str) -> int | None:
    """The value on ``player``'s row under the streak count's header on the preview, or None
    if the preview does not ask the count."""
    labels = s.labels(w)
    if not any("streak" in t or "連莊" in t for t in labels):
        return None
    start = next(i for i, t in enumerate(labels) if "streak" in t or "連莊" in t)
    row = next(t for t in labels[start:] if re.fullmatch(rf"{player[:5]}:? \d+", t))  # #26.2
    return int(row.rsplit(" ", 1)[1])


async def test_the_dealer_streak_comes_from_the_ledger(tg, bot):
    s, users = group_of_four(tg, -100916, 916)
    alice, bob, carol, dave = users

    setup = await open_table(s, alice, "Taiwan", "Northern")
    table = await start_table(s, setup, users)
    assert dealer_of(s, table) == "Alice"
    assert "streak" not in dealer_line(s, table)  # nothing kept yet

    # Hand 1 — Alice's first hand as dealer (N = 0, nothing filled in): she self-draws 2 台
    w = await record_win(s, alice, table, "Alice", None)
    await keypad(s, alice, w, 2, mode="Total tai")
    preview = await to_preview(s, alice, w)
    assert prefilled(s, w, "Alice") in (None, 0)
    h1 = rec("Alice", [{"winner": "Alice", "fan": 2}])
    assert shown(preview) == payments(h1)
    await confirm(s, alice, w, 1)
    assert "dealer streak 1 (連1拉1)" in dealer_line(s, table)

    # Hand 2 — streak 1 filled in: Alice wins 1 台 on Bob's discard, Bob pays
    # 30 + (1 + 1 + 2×1) × 10 = 70
    w = await record_win(s, bob, table, "Alice", "Bob")
    await keypad(s, bob, w, 1, mode="Total tai")
    preview = await to_preview(s, bob, w)
    assert prefilled(s, w, "Alice") == 1
    h2 = rec("Alice", [{"winner": "Alice", "from": "Bob", "fan": 1}], streak=1)
    assert shown(preview) == payments(h2) == {"Bob → Alice: 70"}
    await confirm(s, bob, w, 2)
    assert "dealer streak 2 (連2拉2)" in dealer_line(s, table)

    # Hand 3 — the dealer won twice: her draft starts at streak 2, and each of her payments
    # carries 1 + 2×2 = 5 台 (T4 "連2拉2為5台"): self-drawn 1 台, each pays 30 + (1 + 5) × 10
    w = await record_win(s, alice, table, "Alice", None)
    await keypad(s, alice, w, 1, mode="Total tai")
    preview = await to_preview(s, alice, w)
    assert prefilled(s, w, "Alice") == 2
    h3 = rec("Alice", [{"winner": "Alice", "fan": 1}], streak=2)
    assert shown(preview) == payments(h3) == {f"{p} → Alice: 90" for p in ("Bob", "Carol", "Dave")}
    assert "dealer Alice, streak 2: dealer 台 1 + 2×2 = 5" in preview
    assert "Alice +270" in await confirm(s, alice, w, 3)
    assert "dealer streak 3 (連3拉3)" in dealer_line(s, table)

    # Hand 4 — Bob wins on Carol's discard: the deal passes to Bob, no streak shown …
    w = await record_win(s, bob, table, "Bob", "Carol")
    await keypad(s, bob, w, 1, mode="Total tai")
    await to_preview(s, bob, w)
    await confirm(s, bob, w, 4)
    assert dealer_of(s, table) == "Bob" and "streak" not in dealer_line(s, table)
    # … then it is voided: Alice deals again, and her streak is 3 again (a voided hand is
    # not in the ledger's confirmed hands)
    ask = await s.tap_for_message(bob, table, "Undo", expect="Void the last hand?")
    await tap(s, bob, ask, "✅ Yes, void hand 4")
    assert dealer_of(s, table) == "Alice"
    assert "dealer streak 3 (連3拉3)" in dealer_line(s, table)

    # the table message in Traditional Chinese: 連莊 3 / 拉莊 3
    table_zh = await to_hant(s, alice, "台灣十六張")
    assert "連莊 3 / 拉莊 3" in dealer_line(s, table_zh)
    table = await to_english(s, alice, "Taiwan")

    # Hand 5 — streak 3 filled in and still editable (➖ then ➕ on the preview): Dave wins
    # 2 台 on Alice's discard, Alice pays 30 + (2 + 1 + 2×3) × 10 = 120; the deal passes
    w = await record_win(s, dave, table, "Dave", "Alice")
    await keypad(s, dave, w, 2, mode="Total tai")
    preview = await to_preview(s, dave, w)
    assert prefilled(s, w, "Alice") == 3
    h5 = rec("Alice", [{"winner": "Dave", "from": "Alice", "fan": 2}], streak=3)
    assert shown(preview) == payments(h5) == {"Alice → Dave: 120"}
    await tap_count(s, dave, w, "streak", "Alice", "➖")
    assert prefilled(s, w, "Alice") == 2
    assert shown(s.text(w)) == payments({**h5, "counts": {"lian_zhuang": {"Alice": 2}}})
    await tap_count(s, dave, w, "streak", "Alice", "➕")
    assert prefilled(s, w, "Alice") == 3
    await confirm(s, dave, w, 5)  # the voided hand keeps number 4
    assert dealer_of(s, table) == "Bob" and "streak" not in dealer_line(s, table)

    # Hand 6 — a draw: Bob keeps the deal, streak 1 (T2 "莊家胡牌或是流局,稱為連莊")
    w = await s.tap_for_message(carol, table, "Draw")
    await to_preview(s, carol, w)
    await confirm(s, carol, w, 6)
    assert dealer_of(s, table) == "Bob"
    assert "dealer streak 1 (連1拉1)" in dealer_line(s, table)

    # /settle: night 2 starts at 0 though Bob deals on
    ask = await s.say(alice, "/settle", expect="settle")
    await tap(s, alice, ask, "Settle")
    assert "Night 2" in s.text(table)
    assert dealer_of(s, table) == "Bob" and "streak" not in dealer_line(s, table)
    w = await record_win(s, bob, table, "Bob", None)
    await keypad(s, bob, w, 1, mode="Total tai")
    preview = await to_preview(s, bob, w)
    assert prefilled(s, w, "Bob") in (None, 0)
    h7 = rec("Bob", [{"winner": "Bob", "fan": 1}])
    assert shown(preview) == payments(h7)
    await confirm(s, bob, w, 1)  # night 2 starts at hand 1 (issue 25.4)
    assert "dealer streak 1 (連1拉1)" in dealer_line(s, table)


def test_the_oracle_streaks_are_the_ledgers() -> None:
    """The streaks the test gives the oracle are what the (dealer before, dealer after) pairs
    of the confirmed hands give (hand 4 voided, a new night after hand 6)."""
    from scoring.rulesets.taiwan import dealer_streak

    night1 = [
        rec("Alice", [{"winner": "Alice", "fan": 2}]),
        rec("Alice", [{"winner": "Alice", "from": "Bob", "fan": 1}], streak=1),
        rec("Alice", [{"winner": "Alice", "fan": 1}], streak=2),
        rec("Alice", [{"winner": "Dave", "from": "Alice", "fan": 2}], streak=3),
        rec("Bob", []),
    ]
    pairs = [(h["dealer"], scoring.next_dealer(h)) for h in night1]
    for i, h in enumerate(night1):
        assert h["counts"].get("lian_zhuang", {}).get(h["dealer"], 0) == dealer_streak(pairs[:i])
    assert dealer_streak(pairs) == 1
