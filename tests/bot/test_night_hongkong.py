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

import re
from collections import Counter
from typing import Any

import scoring
from tests.bot.conftest import LiveTable, Scene
from tests.bot.fake_telegram import User
from tests.bot.helpers import seat_and_start

NAMES = ("Alice", "Bob", "Carol", "Dave")
OPTIONS = {"preset": "wu_yi"}


def rec(
    dealer: str, wins: list[dict[str, Any]], *, events: list | None = None, result: str = "win"
) -> dict:
    return {
        "ruleset": "hongkong",
        "options": OPTIONS,
        "players": list(NAMES),
        "dealer": dealer,
        "result": result,
        "wins": [{"from": None, "robbed_kong": False, "flags": [], **w} for w in wins],
        "events": events or [],
    }


# the hands as meant, in order (dealer: Alice, then the deal passes on a non-dealer win)
H1 = rec("Alice", [{"winner": "Bob", "from": "Carol", "fan": 8}])
H2 = rec("Bob", [{"winner": "Dave", "fans": ["dui_dui_hu", "hun_yi_se", "zi_mo"]}])
H3 = rec("Carol", [], events=[{"type": "false_win", "player": "Carol"}], result="false_win")
H4 = rec("Carol", [{"winner": "Alice", "fan": 4}], events=[{"type": "bao", "player": "Dave"}])
H5 = rec("Dave", [{"winner": "Bob", "from": "Dave", "robbed_kong": True, "fan": 3}])
H6 = rec("Alice", [], result="draw")
H7 = rec("Alice", [{"winner": "Carol", "from": "Alice", "fan": 5, "flags": ["limit"]}])
HANDS = (H1, H2, H3, H4, H5, H6, H7)


def payments(record: dict) -> set[str]:
    return {f"{p.payer} → {p.payee}: {p.amount}" for p in scoring.settle(record).payments}


def shown(preview: str) -> set[str]:
    return {re.sub(r" (units|份)$", "", ln) for ln in preview.splitlines() if " → " in ln}


async def tap(s: Scene, user: User, msg: dict, label: str) -> None:
    ans = await s.tap(user, msg, label)
    assert not ans.get("show_alert"), (label, ans, s.text(msg), s.labels(msg))


async def tap_where(s: Scene, user: User, msg: dict, *parts: str) -> None:
    """Tap the one button whose label contains every part (the wizard's own labels)."""
    hits = [t for t in s.labels(msg) if all(p in t for p in parts)]
    assert len(hits) == 1, (parts, s.labels(msg))
    await tap(s, user, msg, hits[0])


async def pick(s: Scene, user: User, msg: dict, label: str) -> None:
    """Tap ``label`` on a paged list, paging on (▶ or the next page number) until it shows."""
    for page in range(2, 12):
        if any(label in t for t in s.labels(msg)):
            await tap_where(s, user, msg, label)
            return
        await tap(s, user, msg, "▶" if "▶" in s.labels(msg) else str(page))
    raise AssertionError(f"{label!r} never shown")


def row_for(labels: list[str], winner: str, frm: str | None) -> str:
    """The one button for "winner, self-drawn" / "winner ← frm" / "winner robs frm's kong",
    whatever the wording and language ("Bob ← Carol", "Bob搶Dave的槓", "Dave self-drawn")."""
    rows = [t for t in labels if t.startswith(winner)]
    if frm is None:
        rows = [t for t in rows if "self" in t or "自摸" in t]
    else:
        rows = [t for t in rows if frm in t[len(winner) :]]
    assert len(rows) == 1, (winner, frm, labels)
    return rows[0]


async def win_row(s: Scene, user: User, w: dict, winner: str, frm: str | None) -> None:
    """The winner and how: one row button, or the older two-step form (the winner, then
    "Carol discarded" / "Self-drawn")."""
    if any(t.startswith(winner) and ("←" in t or "self" in t or "自摸" in t) for t in s.labels(w)):
        await tap(s, user, w, row_for(s.labels(w), winner, frm))
        return
    await tap(s, user, w, winner)
    await tap(s, user, w, f"{frm} discarded" if frm else "Self-drawn")


async def keypad(s: Scene, user: User, w: dict, total: int, mode: str = "Total faan") -> None:
    if mode in s.labels(w):
        await tap(s, user, w, mode)
    for digit in str(total):
        await tap(s, user, w, digit)
    await tap_where(s, user, w, "▶")


async def to_preview(s: Scene, user: User, w: dict, confirm: str = "Confirm") -> str:
    for _ in range(10):
        if any(confirm in t for t in s.labels(w)):
            return s.text(w)
        nxt = [t for t in s.labels(w) if t.endswith("▶") and "Back" not in t]
        assert nxt, s.labels(w)
        await tap(s, user, w, nxt[0])
    raise AssertionError(s.labels(w))


async def confirm(
    s: Scene, user: User, w: dict, n: int, label: str = "Confirm", head: str = "Hand {n}:"
) -> str:
    mark = s.tg.mark()
    await tap_where(s, user, w, label)
    line = await s.tg.next_message(s.chat, mark, contains=head.format(n=n))
    return str(line["text"])


def dealer_of(s: Scene, table: dict) -> str:
    line = next(ln for ln in s.text(table).splitlines() if "🎲" in ln)
    return next(n for n in NAMES if n in line)


async def test_hong_kong_night(tg, bot):
    chat = tg.group(-100816)
    users = [tg.user(816 + i, n) for i, n in enumerate(NAMES)]
    alice, bob, carol, dave = users
    s = Scene(tg, chat)

    # /newtable: the ruleset, the stake name (preset 五一), the options asked, the money
    setup = await s.say(alice, "/newtable", expect=None)
    await pick(s, alice, setup, "Hong Kong")
    assert {"二五雞 two-five chicken", "一二蚊 one-two dollars"} <= set(s.labels(setup))
    await tap_where(s, alice, setup, "五一")
    opts = s.labels(setup)
    assert "Minimum faan: 3" in opts and "Limit (faan): 13" in opts
    assert any("半辣上" in t for t in opts) and any("全銃" in t for t in opts)
    await tap_where(s, alice, setup, "Next")
    mark = tg.mark()
    await tap(s, alice, setup, "¥1")
    table = LiveTable(s, await tg.next_message(chat, mark))
    assert "Hong Kong" in s.text(table) and "五一" in s.text(table)
    await seat_and_start(s, table, users)
    assert dealer_of(s, table) == "Alice"

    # Hand 1 — Bob wins 8 faan on Carol's discard: 全銃, Carol pays 4 × m(8) = 4 × 64
    w = await s.tap_for_message(bob, table, "Record hand")
    await win_row(s, bob, w, "Bob", "Carol")
    await keypad(s, bob, w, 8)
    preview = await to_preview(s, bob, w)
    assert shown(preview) == payments(H1) == {"Carol → Bob: 256"}
    assert "half-spicy m(8) = 16×2^2 = 64" in preview and "4m = 4 × 64 = 256" in preview
    assert "Bob +256" in await confirm(s, bob, w, 1)
    assert dealer_of(s, table) == "Bob"

    # Hand 2 — Dave self-draws; checklist 對對糊 3 + 混一色 3 + 自摸 1 = 7 faan: 2 × m(7) each
    w = await s.tap_for_message(dave, table, "Record hand")
    await win_row(s, dave, w, "Dave", None)
    await tap(s, dave, w, "Faan checklist")
    for fan in ("All triplets · 3", "Mixed one suit · 3", "Self-drawn · 1"):
        await tap(s, dave, w, fan)
    preview = await to_preview(s, dave, w)
    assert shown(preview) == payments(H2)
    assert "All triplets 3 + Mixed one suit 3 + Self-drawn 1 = 7 faan" in preview
    assert "Dave +288" in await confirm(s, dave, w, 2)
    assert dealer_of(s, table) == "Carol"

    # Hand 3 — Carol declares a false win (詐糊): 2 × m(13) = 768 to each (H7)
    w = await s.tap_for_message(carol, table, "Record hand")
    await tap(s, carol, w, "False win")
    await tap_where(s, carol, w, "Carol")
    preview = await to_preview(s, carol, w)
    assert shown(preview) == payments(H3)
    assert "pays each other player 2M = 2 × 384 = 768" in preview
    assert "Carol -2304" in await confirm(s, carol, w, 3)
    assert dealer_of(s, table) == "Carol"

    # Hand 4 — Alice self-draws 4 faan, Dave liable (包自摸): Dave alone pays 6 × m(4) = 96
    w = await s.tap_for_message(alice, table, "Record hand")
    await win_row(s, alice, w, "Alice", None)
    await keypad(s, alice, w, 4)
    await to_preview(s, alice, w)
    await tap_where(s, alice, w, "Liability")
    await tap(s, alice, w, "Dave")
    preview = await to_preview(s, alice, w)
    assert shown(preview) == payments(H4) == {"Dave → Alice: 96"}
    assert "包自摸: Dave alone pays" in preview
    await confirm(s, alice, w, 4)
    assert dealer_of(s, table) == "Dave"

    # Hand 5 — in Traditional Chinese: Bob robs Dave's kong, 3 faan; Dave pays 6 × m(3) = 48
    lang = await s.say(alice, "/lang", expect="Language of this chat")
    await tap(s, alice, lang, "繁體中文")
    table_zh = await s.say(alice, "/table", expect="香港麻雀（番）")
    assert "東" in s.text(table_zh) and "莊" in s.text(table_zh)
    w = await s.tap_for_message(bob, table_zh, "記一局")
    await tap_where(s, bob, w, "🀫")
    await tap(s, bob, w, row_for(s.labels(w), "Bob", "Dave"))
    await keypad(s, bob, w, 3, mode="總番數")
    preview = await to_preview(s, bob, w, confirm="確認")
    assert shown(preview) == payments(H5) == {"Dave → Bob: 48"}
    assert "开杠者Dave包三家" in preview or "開槓者Dave包三家" in preview
    await confirm(s, bob, w, 5, label="確認", head="第 {n} 局")
    lang = await s.say(alice, "/lang", expect="本群語言")
    await tap(s, alice, lang, "English")
    table = await s.say(alice, "/table", expect="Hong Kong")
    assert dealer_of(s, table) == "Alice"

    # Hand 6 — a draw: nothing paid, the dealer stays
    w = await s.tap_for_message(carol, table, "Draw")
    preview = await to_preview(s, carol, w)
    assert not shown(preview)
    await confirm(s, carol, w, 6)
    assert dealer_of(s, table) == "Alice"

    # Hand 7 — Carol wins a limit hand (爆棚) on Alice's discard: the count (5) adds nothing,
    # Alice pays 4 × m(13) = 1536
    w = await s.tap_for_message(carol, table, "Record hand")
    await win_row(s, carol, w, "Carol", "Alice")
    await keypad(s, carol, w, 5)
    await to_preview(s, carol, w)
    await tap_where(s, carol, w, "Limit hand")
    preview = await to_preview(s, carol, w)
    assert shown(preview) == payments(H7) == {"Alice → Carol: 1536"}
    assert "limit hand = 13 faan, the count adds nothing" in preview
    await confirm(s, carol, w, 7)

    # /rules hongkong: the declarations as the bot shows them
    rules = await s.say(bob, "/rules hongkong", expect="Hong Kong")
    assert "Limit (faan)" in rules["text"] and "False win" in rules["text"]

    # /settle: the fewest transfers equal the hand-by-hand sum, at ¥1 a unit
    expected: Counter[str] = Counter()
    for h in HANDS:
        for p, v in scoring.settle(h).net.items():
            expected[p] += v
    ask = await s.say(alice, "/settle", expect="settle")
    await tap(s, alice, ask, "Settle")
    text = s.text(ask)
    balance: Counter[str] = Counter()
    for payer, payee, amount in re.findall(
        r"^(\w+) pays (\w+) ¥(\d+(?:\.\d+)?)$", text, flags=re.M
    ):
        balance[payer] -= round(float(amount))
        balance[payee] += round(float(amount))
    assert {n: balance[n] for n in NAMES} == {n: expected[n] for n in NAMES}, text
    assert sum(expected.values()) == 0
