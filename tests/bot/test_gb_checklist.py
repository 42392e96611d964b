"""The Guobiao fan checklist over the real app (issue 12 point 2): "清一色 and 混一色 together were
confirmed (24 + 6 paid). Fans that exclude each other, or that one chosen fan implies (无字 under
清一色), are not offered once a conflicting fan is ticked; the running total on the checklist
equals the preview's total."

Seed 002: L191 "清一色 由一种花色的序数牌组成和各牌。不(计)无字", L227 "混一色 由一种花色序数牌及字牌组成",
L241 "不求人 … 自摸胡牌" (implies 自摸), L253 "门前清 … 和别人打出的牌" (a discard only).
"""

from __future__ import annotations

from typing import Any

import scoring
from tests.bot.conftest import Scene
from tests.bot.helpers import next_until, open_table, seat_and_start
from tests.bot.helpers import wizard as taps

NAMES = ("Alice", "Bob", "Carol", "Dave")


async def all_labels(s: Scene, user: Any, msg: dict[str, Any]) -> list[str]:
    """Every button label of a paged checklist (paging forward through the numbered pages),
    back on its first page afterwards."""
    seen: list[str] = []
    for _ in range(10):
        labels = s.labels(msg)
        seen += labels
        cur = next((t for t in labels if t.startswith("· ") and t.endswith(" ·")), None)
        if cur is None or str(int(cur.strip("· ")) + 1) not in labels:
            break
        await s.tap(user, msg, str(int(cur.strip("· ")) + 1))
    if "1" in s.labels(msg):
        await s.tap(user, msg, "1")
    return seen


async def tick(s: Scene, user: Any, msg: dict[str, Any], label: str) -> None:
    if label not in s.labels(msg) and "1" in s.labels(msg):
        await s.tap(user, msg, "1")  # from the first page (everyday fans first, #26.4)
    for _ in range(10):
        if label in s.labels(msg):
            ans = await s.tap(user, msg, label)
            assert not ans.get("show_alert"), ans
            return
        cur = next((t for t in s.labels(msg) if t.startswith("· ") and t.endswith(" ·")), None)
        assert cur is not None, f"{label!r} not offered"
        nxt = str(int(cur.strip("· ")) + 1)
        assert nxt in s.labels(msg), f"{label!r} not offered"
        await s.tap(user, msg, nxt)
    raise AssertionError(label)


def has(labels: list[str], name: str) -> bool:
    return any(t.split(" · ")[0].removeprefix("✅ ") == name for t in labels)


async def test_checklist_hides_contradicting_and_implied_fans_and_totals_as_paid(tg, bot):
    chat = tg.group(-100912)
    users = [tg.user(9120 + i, n) for i, n in enumerate(NAMES)]
    alice, _bob, carol, _dave = users
    s = Scene(tg, chat)
    table = await open_table(s, alice, "Guobiao")
    await seat_and_start(s, table, users)

    w = await s.tap_for_message(carol, table, "Record hand")
    await taps(s, carol, w, "Carol self-drawn", "Fan checklist")
    before = await all_labels(s, carol, w)
    assert has(before, "Half Flush") and has(before, "No Honours")
    assert not has(before, "Self-Drawn")  # the how carries 自摸: added, not offered (#23.4)
    assert not has(before, "Concealed Hand")  # 门前清 needs a discard; this win is self-drawn

    await tick(s, carol, w, "Full Flush · 24")
    after = await all_labels(s, carol, w)
    for gone in ("Half Flush", "No Honours", "All Honours", "One Voided Suit", "All Types",
                 "Dragon Pung", "Mixed Double Chow"):  # fmt: skip
        assert not has(after, gone), gone
    assert has(after, "Pure Straight") and has(after, "Seven Pairs")

    await tick(s, carol, w, "Pure Straight · 16")
    await tick(s, carol, w, "Fully Concealed Hand · 4")
    labels = await all_labels(s, carol, w)
    assert not has(labels, "Self-Drawn")  # implied by 不求人 (L241)
    assert not has(labels, "Seven Pairs")  # 清龙 is three chows
    assert "Tick the fans (44 points so far)" in s.text(w)

    await taps(s, carol, w, "Next ▶")
    await next_until(s, carol, w, "Confirm")
    preview = s.text(w)
    assert "Full Flush 24 · Pure Straight 16 · Fully Concealed Hand 4 = 44 fan" in preview
    record = {
        "ruleset": "guobiao", "players": list(NAMES), "dealer": "Alice", "result": "win",
        "wins": [{"winner": "Carol", "from": None, "robbed_kong": False, "flags": [],
                  "fans": ["full_flush", "pure_straight", "fully_concealed_hand"]}],
    }  # fmt: skip
    st = scoring.settle(record)
    shown = {ln.split(" · ")[0] for ln in preview.splitlines() if " → " in ln}  # " · win"
    assert shown == {f"{p.payer} → {p.payee}: {p.amount} points" for p in st.payments}
    assert all(p.amount == 8 + 44 for p in st.payments)
