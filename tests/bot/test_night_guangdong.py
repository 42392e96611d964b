"""A Guangdong 推倒胡 night end to end over the fake Bot API server: /newtable (variant
"Standard"; the options asked: base, plain-win value, discard wins, 抢杠全包, ghosts, horses —
here 6 horses), six hands — a no-ghost self-draw with horses hit and a concealed kong, a drawn
hand with 跟庄 (paid) and a kong (void), a robbed kong paid for all, a 杠爆全包 win recorded in
Traditional Chinese after /lang, seven pairs with an added kong, an all-pungs dealer win with 跟庄
— then /settle.

Rules: shared/rules/guangdong-tuidaohu.md §2 (P = H + horses × base·hu; 抢杠 / 杠爆 3P from the
liable player; kongs 3 / 1 each / 2 each; 跟庄 the dealer pays each 1; a draw voids the kongs).
The oracle for the money is ``scoring.settle`` on the hands as the test means them (players by
name); the wizard is driven by its button labels only (tests/bot/nights.py).
"""

from __future__ import annotations

from typing import Any

import scoring
from tests.bot import nights
from tests.bot.conftest import Scene
from tests.bot.fake_telegram import User
from tests.bot.helpers import tap_count, tap_row
from tests.bot.nights import (
    add_event,
    check_preview,
    confirm,
    dealer_of,
    explain_with_card,
    flag_on,
    group_of_four,
    open_table,
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

OPTIONS: dict[str, Any] = {"preset": "standard", "horses": 6}
bot = nights.image_bot  # /board, /settle, /explain send photos


def rec(
    dealer: str,
    wins: list[dict[str, Any]],
    *,
    horses: dict[str, int] | None = None,
    events: list[dict[str, Any]] | None = None,
    result: str = "win",
) -> dict[str, Any]:
    counts = {"horses_hit": horses} if horses else {}
    return nights.hand(
        "guangdong", OPTIONS, dealer, wins, result=result, events=events, counts=counts
    )


# the hands as meant, in order (the winner deals next; a draw keeps the dealer)
H1 = rec(
    "Alice",
    [{"winner": "Bob", "shape": "ping_hu", "flags": ["no_ghost"]}],
    horses={"Bob": 2},
    events=[{"type": "concealed_kong", "player": "Carol"}],
)
H2 = rec(
    "Bob",
    [],
    events=[
        {"type": "follow_dealer", "player": "Bob"},
        {"type": "exposed_kong", "player": "Dave", "from": "Alice"},
    ],
    result="draw",
)
H3 = rec(
    "Bob",
    [{"winner": "Carol", "from": "Dave", "robbed_kong": True, "shape": "ping_hu"}],
    horses={"Carol": 1},
)
H4 = rec(
    "Carol",
    [{"winner": "Dave", "from": "Alice", "shape": "ping_hu", "flags": ["kong_flower"]}],
    events=[{"type": "exposed_kong", "player": "Dave", "from": "Alice"}],
)
H5 = rec(
    "Dave",
    [{"winner": "Alice", "shape": "seven_pairs"}],
    events=[{"type": "added_kong", "player": "Bob"}],
)
H6 = rec(
    "Alice",
    [{"winner": "Alice", "shape": "pong_pong_hu", "flags": ["no_ghost"]}],
    horses={"Alice": 1},
    events=[{"type": "follow_dealer", "player": "Alice"}],
)
HANDS = (H1, H2, H3, H4, H5, H6)


async def horses(s: Scene, user: User, w: dict[str, Any], player: str, n: int) -> None:
    await tap_count(s, user, w, "Horses", player, "➕", times=n)


async def test_guangdong_night(tg: Any, bot: Any) -> None:
    s, users = group_of_four(tg, -100661, 661)
    alice, bob, carol, dave = users

    # /newtable: the ruleset, the variant, the options asked; 6 horses instead of 4
    setup = await open_table(s, alice, "Guangdong", "Standard")
    opts = s.labels(setup)
    assert "Plain-win value: 2 points" in opts and "Horses: 4 horses" in opts  # units (#26.4)
    assert "▫️ Wins on a discard" in opts and "✅ Robbed player pays for all" in opts
    await tap_row(s, alice, setup, "Horses:", "➕", times=2)
    assert "Horses: 6 horses" in s.labels(setup)
    table = await start_table(s, setup, users, "Guangdong")
    assert dealer_of(s, table) == "Alice"

    # Hand 1 — Bob self-draws without a ghost, 2 horses: P = 2·2 + 2·2 = 8 from each;
    # Carol's concealed kong: 2 from each
    w = await record_win(s, bob, table, "Bob", None)
    await tap(s, bob, w, "Plain win")
    await flag_on(s, bob, w, "No ghost")
    await horses(s, bob, w, "Bob", 2)
    await add_event(s, bob, w, "Concealed kong", "Carol")
    preview = await to_preview(s, bob, w)
    check_preview(preview, H1)
    assert "hand value base 1 × win value 2 × plain win ×1 × no ghost ×2 = 4" in preview
    assert "2 horses hit × plain value 1×2: 2 × 2 = 4; each payer owes 8" in preview
    line = await confirm(s, bob, w, 1)
    assert "Bob +22" in line and "Carol +0" not in line
    assert dealer_of(s, table) == "Bob"

    # Hand 2 — a draw: 跟庄 is paid (the dealer Bob pays each 1), Dave's kong is void
    w = await s.tap_for_message(carol, table, "Draw")
    await to_preview(s, carol, w)
    await add_event(s, carol, w, "跟庄", "Bob")
    await add_event(s, carol, w, "Exposed kong", "Dave", "Alice")
    preview = await to_preview(s, carol, w)
    check_preview(preview, H2)
    assert "Draw: the kong money is void" in preview
    await confirm(s, carol, w, 2)
    assert dealer_of(s, table) == "Bob"

    # Hand 3 — Carol robs Dave's added kong, 1 horse: 抢杠全包, Dave pays 3 × (2 + 2) = 12
    w = await s.tap_for_message(carol, table, "Record hand")
    await tap_where(s, carol, w, "Robbed a kong")
    await win_row(s, carol, w, "Carol", "Dave")
    await tap(s, carol, w, "Plain win")
    await horses(s, carol, w, "Carol", 1)
    preview = await to_preview(s, carol, w)
    check_preview(preview, H3)
    assert "robbed kong, pays for all: Dave pays 3 × 4 = 12" in preview
    await confirm(s, carol, w, 3)
    assert dealer_of(s, table) == "Carol"

    # Hand 4 — in Traditional Chinese: Alice fed Dave an exposed kong (3) and Dave wins on its
    # replacement tile: 杠爆全包, Alice pays 3 × 2 = 6 more
    table_zh = await to_hant(s, alice, "廣東推倒胡")
    w = await record_win(s, dave, table_zh, "Dave", "Alice", label="記一局")
    await tap(s, dave, w, "平胡")
    await flag_on(s, dave, w, "槓上開花")
    await add_event(s, dave, w, "明槓", "Dave", "Alice")
    preview = await to_preview(s, dave, w, confirm="確認")
    check_preview(preview, H4)
    assert payments_total(H4, "Alice", "Dave") == 9
    await confirm(s, dave, w, 4, label="確認", head="第 {n} 局")
    table = await to_english(s, alice, "Guangdong")
    assert dealer_of(s, table) == "Dave"

    # Hand 5 — Alice self-draws seven pairs (×1 at this table), Bob made an added kong
    w = await record_win(s, alice, table, "Alice", None)
    await tap(s, alice, w, "Seven pairs")
    await add_event(s, alice, w, "Added kong", "Bob")
    preview = await to_preview(s, alice, w)
    check_preview(preview, H5)
    await confirm(s, alice, w, 5)
    assert dealer_of(s, table) == "Alice"

    # Hand 6 — the dealer Alice self-draws all pungs without a ghost, 1 horse: P = 4 + 2 = 6
    # from each; 跟庄 happened at the start: she pays each 1
    w = await record_win(s, alice, table, "Alice", None)
    await tap(s, alice, w, "All pungs")
    await flag_on(s, alice, w, "No ghost")
    await horses(s, alice, w, "Alice", 1)
    await add_event(s, alice, w, "跟庄", "Alice")
    preview = await to_preview(s, alice, w)
    check_preview(preview, H6)
    assert "Alice +15" in await confirm(s, alice, w, 6)
    assert dealer_of(s, table) == "Alice"

    # /explain 3 — the robbed kong's derivation, and its hand card image
    exp = await explain_with_card(s, bob, 3)
    assert "1 horse hit × plain value 1×2: 1 × 2 = 2; each payer owes 4" in exp

    # /settle: the fewest transfers equal the hand-by-hand sum, at ¥1 a unit
    await settle_is_the_sum(s, alice, HANDS)


def payments_total(record: dict[str, Any], payer: str, payee: str) -> int:
    return scoring.settle(record).paid(payer, payee)
