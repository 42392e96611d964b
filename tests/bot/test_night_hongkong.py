"""A Hong Kong 番 night end to end over the fake Bot API server: /newtable with the stake
name 五一 and the options the table is asked (三番起糊, 爆棚, 半辣上, 全銃), seven hands — a
faan total on the keypad, a checklist, a false win (詐糊), 包自摸, a robbed kong recorded in
Traditional Chinese after /lang, a draw and a limit hand (爆棚) — then /settle.

Rules: shared/rules/hongkong.md §2 (m(F) 半辣上; self-drawn 2m each; 全銃 the discarder 4m;
包自摸 6m; 搶槓 default bao_zimo 6m from the konger; 詐糊 default 2M to each). The oracle for
the money is ``scoring.settle`` on the hands as the test means them (players by name); the
wizard is driven by its button labels only.
"""

from __future__ import annotations

from typing import Any

from tests.bot import nights
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

OPTIONS = {"preset": "wu_yi"}
FAAN = "Total faan"


def rec(
    dealer: str,
    wins: list[dict[str, Any]],
    *,
    events: list[dict[str, Any]] | None = None,
    result: str = "win",
) -> dict[str, Any]:
    return nights.hand("hongkong", OPTIONS, dealer, wins, events=events, result=result)


# the hands as meant, in order (dealer: Alice, then the deal passes on a non-dealer win)
H1 = rec("Alice", [{"winner": "Bob", "from": "Carol", "fan": 8}])
H2 = rec("Bob", [{"winner": "Dave", "fans": ["dui_dui_hu", "hun_yi_se", "zi_mo"]}])
H3 = rec("Carol", [], events=[{"type": "false_win", "player": "Carol"}], result="false_win")
H4 = rec("Carol", [{"winner": "Alice", "fan": 4}], events=[{"type": "bao", "player": "Dave"}])
H5 = rec("Dave", [{"winner": "Bob", "from": "Dave", "robbed_kong": True, "fan": 3}])
H6 = rec("Alice", [], result="draw")
H7 = rec("Alice", [{"winner": "Carol", "from": "Alice", "fan": 5, "flags": ["limit"]}])
HANDS = (H1, H2, H3, H4, H5, H6, H7)
payments = nights.payments


def shown(preview: str) -> set[str]:
    return nights.shown(preview, ("units", "份"))


async def test_hong_kong_night(tg, bot):
    s, users = group_of_four(tg, -100816, 816)
    alice, bob, carol, dave = users

    # /newtable: the ruleset, the stake name (preset 五一), the options asked, the money
    setup = await open_table(s, alice, "Hong Kong")
    assert {"二五雞 two-five chicken", "一二蚊 one-two dollars"} <= set(s.labels(setup))
    await tap_where(s, alice, setup, "五一")
    opts = s.labels(setup)
    assert "Minimum faan: 3 faan" in opts and "Limit (faan): 13 faan" in opts
    assert any("半辣上" in t for t in opts) and any("全銃" in t for t in opts)
    table = await start_table(s, setup, users, "Hong Kong", "五一")
    assert dealer_of(s, table) == "Alice"

    # Hand 1 — Bob wins 8 faan on Carol's discard: 全銃, Carol pays 4 × m(8) = 4 × 64
    w = await record_win(s, bob, table, "Bob", "Carol")
    await keypad(s, bob, w, 8, FAAN)
    preview = await to_preview(s, bob, w)
    assert shown(preview) == payments(H1) == {"Carol → Bob: 256"}
    assert "8 faan → 64 units (half-spicy)" in preview and "4 shares: 4 × 64 = 256" in preview
    assert "Bob +256" in await confirm(s, bob, w, 1)
    assert dealer_of(s, table) == "Bob"

    # Hand 2 — Dave self-draws; checklist 對對糊 3 + 混一色 3 + 自摸 1 = 7 faan: 2 × m(7) each
    # (自摸 is the how: its 1 faan is added, never offered as an item, #23 point 4)
    w = await record_win(s, dave, table, "Dave", None)
    await tap(s, dave, w, "Faan checklist")
    assert not any("Self-drawn" in t for t in s.labels(w))
    for fan in ("All triplets · 3", "Mixed one suit · 3"):
        await pick(s, dave, w, fan)  # everyday items first (#26.4): paged
    preview = await to_preview(s, dave, w)
    assert shown(preview) == payments(H2)
    assert "All triplets 3 · Mixed one suit 3 · Self-drawn 1 = 7 faan" in preview
    assert "Dave +288" in await confirm(s, dave, w, 2)
    assert dealer_of(s, table) == "Carol"

    # Hand 3 — Carol declares a false win (詐糊): 2 × m(13) = 768 to each (H7)
    w = await s.tap_for_message(carol, table, "Record hand")
    await tap(s, carol, w, "False win")
    await tap_where(s, carol, w, "Carol")
    preview = await to_preview(s, carol, w)
    assert shown(preview) == payments(H3)
    assert "pays each other player 2 limit shares, 2 × 384 = 768" in preview
    assert "Carol -2304" in await confirm(s, carol, w, 3)
    assert dealer_of(s, table) == "Carol"

    # Hand 4 — Alice self-draws 4 faan, Dave liable (包自摸): Dave alone pays 6 × m(4) = 96
    w = await record_win(s, alice, table, "Alice", None)
    await keypad(s, alice, w, 4, FAAN)
    await to_preview(s, alice, w)
    await tap_where(s, alice, w, "Liability")
    await tap(s, alice, w, "Dave")
    preview = await to_preview(s, alice, w)
    assert shown(preview) == payments(H4) == {"Dave → Alice: 96"}
    assert "包自摸: Dave alone pays" in preview
    await confirm(s, alice, w, 4)
    assert dealer_of(s, table) == "Dave"

    # Hand 5 — in Traditional Chinese: Bob robs Dave's kong, 3 faan; Dave pays 6 × m(3) = 48
    table_zh = await to_hant(s, alice, "香港麻雀（番）")
    assert "東" in s.text(table_zh) and "莊" in s.text(table_zh)
    w = await s.tap_for_message(bob, table_zh, "記一局")
    await tap_where(s, bob, w, "🀫")
    await win_row(s, bob, w, "Bob", "Dave")
    await keypad(s, bob, w, 3, mode="總番數")
    preview = await to_preview(s, bob, w, confirm="確認")
    assert shown(preview) == payments(H5) == {"Dave → Bob: 48"}
    assert "开杠者Dave包三家" in preview or "開槓者Dave包三家" in preview
    await confirm(s, bob, w, 5, label="確認", head="第 {n} 局")
    table = await to_english(s, alice, "Hong Kong")
    assert dealer_of(s, table) == "Alice"

    # Hand 6 — a draw: nothing paid, the dealer stays
    w = await s.tap_for_message(carol, table, "Draw")
    preview = await to_preview(s, carol, w)
    assert not shown(preview)
    await confirm(s, carol, w, 6)
    assert dealer_of(s, table) == "Alice"

    # Hand 7 — Carol wins a limit hand (爆棚) on Alice's discard: the count (5) adds nothing,
    # Alice pays 4 × m(13) = 1536
    w = await record_win(s, carol, table, "Carol", "Alice")
    await keypad(s, carol, w, 5, FAAN)
    await to_preview(s, carol, w)
    await tap_where(s, carol, w, "Limit hand")
    preview = await to_preview(s, carol, w)
    assert shown(preview) == payments(H7) == {"Alice → Carol: 1536"}
    assert "limit hand = 13 faan, the count adds nothing" in preview
    await confirm(s, carol, w, 7)

    # /rules hongkong: the declarations as the bot shows them
    rules = await s.say(bob, "/rules hongkong", expect="Hong Kong")
    assert "Limit (faan)" in rules["text"] and "False win" in rules["text"]

    # /settle: the fewest transfers equal the hand-by-hand sum, at 五一's HK$0.50 a unit (the
    # preset is the table's stake, in Hong Kong dollars: issue 25.1)
    await settle_is_the_sum(s, alice, HANDS, "HK$", 50)
