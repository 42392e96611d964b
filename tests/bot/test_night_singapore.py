"""A Singapore night end to end over the fake Bot API server: /newtable (preset "Shooter pays",
shooter pays; the options asked: base, who pays, minimum and limit tai), six hands — a tai total
on the keypad with a concealed kong, a drawn hand whose instant payouts still pay (a kong on a
discard, a hidden bite), a checklist self-draw, a win with a one-payer bite recorded in
Traditional Chinese after /lang, a self-draw under 包 liability, a fresh-tile win with a hidden
seat-flower pair — then /settle.

Rules: shared/rules/singapore.md §2 (S(t) = 2^(t−1), Z = 2S; shooter pays Z + 2S; self-draw Z
each; 包 3Z; §2.4 kong 3k / 2k each, bite k / 2k hidden). The oracle for the money is
``scoring.settle`` on the hands as the test means them (players by name); the wizard is driven
by its button labels only (the helpers below find a button by the parts of its label, so they
follow the wizard as it is restructured).
"""

from __future__ import annotations

from typing import Any

from tests.bot import nights
from tests.bot.nights import (
    add_event,
    check_preview,
    confirm,
    dealer_of,
    explain_with_card,
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
)

OPTIONS = {"preset": "bots"}
bot = nights.image_bot  # /board, /settle, /explain send photos


def rec(
    dealer: str,
    wins: list[dict[str, Any]],
    *,
    events: list[dict[str, Any]] | None = None,
    result: str = "win",
) -> dict[str, Any]:
    return nights.hand("singapore", OPTIONS, dealer, wins, events=events, result=result)


# the hands as meant, in order (the dealer keeps the deal on a win or a draw, else it passes on)
H1 = rec(
    "Alice",
    [{"winner": "Bob", "from": "Carol", "fan": 4}],
    events=[{"type": "concealed_kong", "player": "Dave"}],
)
H2 = rec(
    "Bob",
    [],
    events=[
        {"type": "exposed_kong", "player": "Alice", "from": "Bob"},
        {"type": "animal_pair", "player": "Carol", "hidden": 1},
    ],
    result="draw",
)
H3 = rec("Bob", [{"winner": "Carol", "fans": ["pong_pong_hu", "half_flush"]}])
H4 = rec(
    "Carol",
    [{"winner": "Dave", "from": "Alice", "fan": 3}],
    events=[{"type": "animal_pair", "player": "Dave", "from": "Bob"}],
)
H5 = rec(
    "Dave",
    [{"winner": "Alice", "fan": 2}],
    events=[{"type": "bao", "player": "Alice", "from": "Bob"}],
)
H6 = rec(
    "Alice",
    [{"winner": "Bob", "from": "Dave", "fan": 1, "flags": ["fresh_tile"]}],
    events=[{"type": "seat_flower_pair", "player": "Bob", "hidden": 1}],
)
HANDS = (H1, H2, H3, H4, H5, H6)


payments = nights.payments_per_pair
shown = nights.shown_per_pair


async def test_singapore_night(tg: Any, bot: Any) -> None:
    s, users = group_of_four(tg, -100651, 651)
    alice, bob, carol, dave = users

    # /newtable: the ruleset, its variant, the options asked (base, who pays, min, limit)
    setup = await open_table(s, alice, "Singapore", "Shooter pays")
    opts = s.labels(setup)
    assert "Minimum tai: 1 tai" in opts and "Limit (tai): 5 tai" in opts
    assert any("Shooter pays all" in t for t in opts)
    table = await start_table(s, setup, users, "Singapore", money="S$1")
    assert dealer_of(s, table) == "Alice"

    # Hand 1 — Bob wins 4 tai on Carol's discard (shooter: Carol pays Z + 2S = 16 + 16);
    # Dave made a concealed kong (2 from each, §2.4)
    w = await record_win(s, bob, table, "Bob", "Carol")
    await keypad(s, bob, w, 4)
    await to_preview(s, bob, w)
    await add_event(s, bob, w, "Concealed kong", "Dave")
    preview = await to_preview(s, bob, w)
    check_preview(preview, H1)
    assert "Carol pays a double share and two shares, 16 + 2 × 8 = 32" in preview
    line = await confirm(s, bob, w, 1)
    assert "Bob +30" in line and "Dave +6" in line and "Carol -34" in line
    assert dealer_of(s, table) == "Bob"

    # Hand 2 — a draw: no hand money, but Alice's kong on Bob's discard (3) and Carol's hidden
    # bite (2 from each) are paid (§1 "The events still pay")
    w = await s.tap_for_message(carol, table, "Draw")
    await to_preview(s, carol, w)
    await add_event(s, carol, w, "Kong on a discard", "Alice", "Bob", field="fresh", value=0)
    await add_event(s, carol, w, "Bite", "Carol", field="hidden", value=1)
    preview = await to_preview(s, carol, w)
    check_preview(preview, H2)
    await confirm(s, carol, w, 2)
    assert dealer_of(s, table) == "Bob"

    # Hand 3 — Carol self-draws; checklist: all pungs 2 + half flush 2 = 4 tai, Z = 16 each
    w = await record_win(s, carol, table, "Carol", None)
    await tap(s, carol, w, "Tai checklist")
    for fan in ("All pungs · 2", "Half flush · 2"):
        await pick(s, carol, w, fan)
    preview = await to_preview(s, carol, w)
    check_preview(preview, H3)
    assert "All pungs 2 · Half flush 2 = 4 tai" in preview
    assert "Carol +48" in await confirm(s, carol, w, 3)
    assert dealer_of(s, table) == "Carol"

    # Hand 4 — in Traditional Chinese: Dave wins 3 tai on Alice's discard (Alice pays 8 + 8);
    # Dave's bite is paid by Bob alone (SG5: one payer, k = 1)
    table_zh = await to_hant(s, alice, "新加坡麻將")
    w = await record_win(s, dave, table_zh, "Dave", "Alice", label="記一局")
    await keypad(s, dave, w, 3, mode="總台數")
    await to_preview(s, dave, w, confirm="確認")
    await add_event(s, dave, w, "咬（貓鼠或雞蜈蚣）", "Dave", "Bob", field="暗", value=0)
    preview = await to_preview(s, dave, w, confirm="確認")
    check_preview(preview, H4)
    assert "放炮者全付" in preview
    await confirm(s, dave, w, 4, label="確認", head="第 {n} 局")
    table = await to_english(s, alice, "Singapore")
    assert dealer_of(s, table) == "Dave"

    # Hand 5 — Alice self-draws 2 tai; Bob is liable (包): he alone pays 3 × Z(2) = 12
    w = await record_win(s, alice, table, "Alice", None)
    await keypad(s, alice, w, 2)
    await to_preview(s, alice, w)
    await add_event(s, alice, w, "Bao", "Alice", "Bob")
    preview = await to_preview(s, alice, w)
    check_preview(preview, H5)
    assert payments(H5) == {"Bob → Alice: 12"}
    assert "bao: Bob alone pays the three double shares, 3 × 4 = 12" in preview
    await confirm(s, alice, w, 5)
    assert dealer_of(s, table) == "Alice"

    # Hand 6 — Bob wins 1 tai on Dave's fresh tile (Dave pays 2 + 2); Bob held his own flower
    # and season from the deal (hidden pair: 2 from each)
    w = await record_win(s, bob, table, "Bob", "Dave")
    await keypad(s, bob, w, 1)
    await to_preview(s, bob, w)
    await tap_where(s, bob, w, "Fresh tile")
    await add_event(s, bob, w, "Own flower and season", "Bob", field="hidden", value=1)
    preview = await to_preview(s, bob, w)
    check_preview(preview, H6)
    await confirm(s, bob, w, 6)
    assert dealer_of(s, table) == "Bob"

    # /explain 2 — the drawn hand's instant payouts, step by step, and its hand card image
    exp = await explain_with_card(s, dave, 2)
    assert "Alice kong on a discard: the feeder Bob pays 3 units = 3" in exp
    assert "Carol bite (hidden): each of the three pays 2 units = 2" in exp

    # /settle: the fewest transfers equal the hand-by-hand sum, at ¥1 a unit
    await settle_is_the_sum(s, alice, HANDS, "S$", 100)  # S$1 a unit (issue 25.1: S$)
