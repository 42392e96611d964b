"""A Taiwan 16-tile 底 + 台 night end to end over the fake Bot API server: /newtable asks 底
and 台值 (台值 raised from 10 to 20 there), seven hands — a checklist self-draw by the dealer,
the dealer's streak 連莊 entered as the count (連1拉1 = 3 台), a draw, a non-dealer self-draw
paying the dealer's 1 + 2N, a discard in Traditional Chinese after /lang, a robbed kong and
八仙過海 — then /settle.

Rules: shared/rules/taiwan.md §2 (per payer 底 + 台 × 台值; the dealer's 1 + 2N 台 only on a
payment the dealer is part of; 自摸 all three pay, 放槍 and 搶槓 the discarder alone). The
oracle for the money is ``scoring.settle`` on the hands as the test means them.
"""

from __future__ import annotations

import re
from typing import Any

import scoring
from scoring.rulesets.taiwan import dealer_streak
from tests.bot import nights
from tests.bot.conftest import Scene
from tests.bot.fake_telegram import User
from tests.bot.helpers import tap_row
from tests.bot.nights import (
    confirm,
    dealer_of,
    group_of_four,
    keypad,
    open_table,
    pick,
    record_win,
    settle_is_the_sum,
    start_table,
    tap,
    tap_where,
    to_english,
    to_hant,
    to_preview,
    win_row,
)

OPTIONS = {"preset": "north", "tai": 20}


def rec(
    dealer: str, wins: list[dict[str, Any]], *, streak: int = 0, result: str = "win"
) -> dict[str, Any]:
    counts = {"lian_zhuang": {dealer: streak}} if streak else {}
    return nights.hand("taiwan", OPTIONS, dealer, wins, result=result, counts=counts)


# the hands as meant (dealer Alice; she keeps the deal on her win and on a draw)
H1 = rec("Alice", [{"winner": "Alice", "fans": ["men_qing_zi_mo", "san_yuan_pai"]}])
H2 = rec("Alice", [{"winner": "Bob", "from": "Carol", "fan": 2}], streak=1)
H3 = rec("Bob", [], result="draw")
H4 = rec("Bob", [{"winner": "Dave", "fan": 3}], streak=1)
H5 = rec("Carol", [{"winner": "Alice", "from": "Carol", "fan": 5}])
H6 = rec("Dave", [{"winner": "Bob", "from": "Alice", "robbed_kong": True, "fan": 2}])
H7 = rec("Alice", [{"winner": "Carol", "fan": 8, "flags": ["ba_xian_guo_hai"]}])
HANDS = (H1, H2, H3, H4, H5, H6, H7)
payments = nights.payments


def shown(preview: str) -> set[str]:
    return nights.shown(preview, ("dollars", "元"))


def test_the_streaks_entered_are_the_ledgers() -> None:
    """The 連莊 counts the night enters by hand are what the ledger's (dealer before, dealer
    after) pairs give (scoring.rulesets.taiwan.dealer_streak, for a future prefill)."""
    pairs = [(h["dealer"], scoring.next_dealer(h)) for h in HANDS]
    for i, h in enumerate(HANDS):
        assert h["counts"].get("lian_zhuang", {}).get(h["dealer"], 0) == dealer_streak(pairs[:i])


async def streak(s: Scene, user: User, w: dict, dealer: str, n: int) -> None:
    """The dealer's 連莊 count, prefilled from the ledger (bot/streak.py): the dealer's row
    already shows ``n``."""
    labels = s.labels(w)
    assert any("streak" in t for t in labels), labels
    # one row per player: "Alice · dealer's streak … 0" or, under a header, "Alice: 0"
    rows = [t for t in labels if t.startswith((f"{dealer} · ", f"{dealer}:"))] or [
        t
        for t in labels
        if re.fullmatch(rf"{dealer[:5]} \d+", t)  # a count's cell (#26.2)
    ]
    assert rows and rows[0].endswith(f" {n}"), (dealer, n, labels)


async def test_taiwan_night(tg, bot):
    s, users = group_of_four(tg, -100817, 817)
    alice, bob, carol, dave = users

    # /newtable: Taiwan, the northern preset, 底 30 and 台值 raised to 20, money ¥1 a dollar
    setup = await open_table(s, alice, "Taiwan", "Northern")
    assert "Base (底): 30 dollars" in s.labels(setup) and "Value of a 台: 10 dollars" in s.labels(
        setup
    )
    await tap_row(s, alice, setup, "Value of a 台", "➕", times=10)
    assert "Value of a 台: 20 dollars" in s.labels(setup)
    table = await start_table(s, setup, users, "Taiwan")
    assert dealer_of(s, table) == "Alice"

    # Hand 1 — dealer Alice (first hand, N = 0) self-draws 門清自摸 3 + 三元牌 1 = 4 台:
    # each pays 30 + (4 + 1) × 20 = 130
    w = await record_win(s, alice, table, "Alice", None)
    await tap(s, alice, w, "Tai checklist")
    await pick(s, alice, w, "Concealed self-draw")  # everyday items first (#26.4): paged
    await pick(s, alice, w, "Dragon pung")
    preview = await to_preview(s, alice, w)
    assert shown(preview) == payments(H1)
    assert "Bob pays base 30 + (4 + dealer 1) × 20 = 130" in preview
    assert "Alice +390" in await confirm(s, alice, w, 1)
    assert dealer_of(s, table) == "Alice"

    # Hand 2 — Alice deals again (連1): Bob wins 2 台 on Carol's discard; the dealer is not
    # part of the payment, so her 3 台 do not count: Carol pays 30 + 2 × 20 = 70
    w = await record_win(s, bob, table, "Bob", "Carol")
    await keypad(s, bob, w, 2)
    await to_preview(s, bob, w)
    await streak(s, bob, w, "Alice", 1)
    preview = await to_preview(s, bob, w)
    assert shown(preview) == payments(H2) == {"Carol → Bob: 70"}
    await confirm(s, bob, w, 2)
    assert dealer_of(s, table) == "Bob"

    # Hand 3 — a draw: nothing paid, Bob keeps the deal (T2 "莊家胡牌或是流局,稱為連莊")
    w = await s.tap_for_message(carol, table, "Draw")
    preview = await to_preview(s, carol, w)
    assert not shown(preview)
    await confirm(s, carol, w, 3)
    assert dealer_of(s, table) == "Bob"

    # Hand 4 — Bob deals, 連1 after the draw: Dave self-draws 3 台; Bob pays
    # 30 + (3 + 1 + 2×1) × 20 = 150, Alice and Carol 30 + 3 × 20 = 90
    w = await record_win(s, dave, table, "Dave", None)
    await keypad(s, dave, w, 3)
    await to_preview(s, dave, w)
    await streak(s, dave, w, "Bob", 1)
    preview = await to_preview(s, dave, w)
    assert shown(preview) == payments(H4)
    assert "dealer Bob, streak 1: dealer 台 1 + 2×1 = 3" in preview
    assert "Dave +330" in await confirm(s, dave, w, 4)
    assert dealer_of(s, table) == "Carol"

    # Hand 5 — in Traditional Chinese: Alice wins 5 台 on the dealer Carol's discard:
    # Carol pays 30 + (5 + 1) × 20 = 150
    table_zh = await to_hant(s, alice, "台灣十六張")
    assert "莊" in s.text(table_zh)
    rules = await s.say(alice, "/rules taiwan", expect="台灣十六張")
    assert "門清自摸" in rules["text"] or "底" in rules["text"]
    w = await s.tap_for_message(alice, table_zh, "記一局")
    await win_row(s, alice, w, "Alice", "Carol")
    await keypad(s, alice, w, 5, mode="總台數")
    preview = await to_preview(s, alice, w, confirm="確認")
    assert shown(preview) == payments(H5) == {"Carol → Alice: 150"}
    await confirm(s, alice, w, 5, label="確認", head="第 {n} 局")
    table = await to_english(s, alice, "Taiwan")
    assert dealer_of(s, table) == "Dave"

    # Hand 6 — Bob robs Alice's kong, 2 台: the konger pays as a discarder (T15), 30 + 40
    w = await s.tap_for_message(bob, table, "Record hand")
    await tap_where(s, bob, w, "🀫")
    await win_row(s, bob, w, "Bob", "Alice")
    await keypad(s, bob, w, 2)
    preview = await to_preview(s, bob, w)
    assert shown(preview) == payments(H6) == {"Alice → Bob: 70"}
    assert "robbing Alice's kong: Alice alone pays" in preview
    await confirm(s, bob, w, 6)
    assert dealer_of(s, table) == "Alice"

    # Hand 7 — Carol: 八仙過海 (eight flowers) entered with its 8 台, settled as a self-draw
    w = await record_win(s, carol, table, "Carol", None)
    await keypad(s, carol, w, 8)
    await to_preview(s, carol, w)
    await tap_where(s, carol, w, "All eight flowers")
    preview = await to_preview(s, carol, w)
    assert shown(preview) == payments(H7)
    assert "Alice pays base 30 + (8 + dealer 1) × 20 = 210" in preview
    await confirm(s, carol, w, 7)

    # /settle: the fewest transfers equal the hand-by-hand sum, in NT$ (the rules count in
    # dollars: one NT$ a dollar, issue 25.1)
    await settle_is_the_sum(s, alice, HANDS, "NT$", 100)
