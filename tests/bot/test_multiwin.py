"""Several winners end to end: Sichuan 血战到底 (wins one after another) and Nanning
(一炮多响, several winners on one discard), then /stats."""

from __future__ import annotations

import scoring
from tests.bot.conftest import Scene
from tests.bot.helpers import next_until, open_table, seat_and_start, wizard

NAMES = ("Alice", "Bob", "Carol", "Dave")


async def test_sichuan_sequential_wins_and_stats(tg, bot):
    chat = tg.group(-100960)
    users = [tg.user(800 + i, n) for i, n in enumerate(NAMES)]
    alice, _bob, _carol, dave = users
    s = Scene(tg, chat)
    table = await open_table(s, alice, "Sichuan")
    await seat_and_start(s, table, users)
    w = await s.tap_for_message(dave, table, "Record hand")
    # Bob self-draws first; then Carol wins on Alice's discard (Bob, out of the hand, is no
    # longer offered as a winner or a discarder)
    await wizard(s, dave, w, "Bob self-drawn", "Basic hand", "Another winner")
    assert not any(t.startswith("Bob") or "← Bob" in t for t in s.labels(w))
    await wizard(s, dave, w, "Carol ← Alice", "Basic hand", "Preview ▶")  # no third (#26.7)
    # 血战: with two winners the wall ran out — the one result the rules leave: a draw
    assert "Result: Draw" in s.text(w)
    assert "Confirm" in " ".join(s.labels(w))
    expected = scoring.settle(
        {
            "ruleset": "sichuan",
            "players": list(NAMES),
            "dealer": "Alice",
            "result": "draw",
            "wins": [
                {"winner": "Bob", "from": None, "shape": "ping_hu"},
                {"winner": "Carol", "from": "Alice", "shape": "ping_hu"},
            ],
        }
    ).net
    mark = tg.mark()
    await wizard(s, dave, w, "Confirm")
    line = await tg.next_message(chat, mark, contains="Hand 1:")
    for name in NAMES:
        if expected[name]:
            assert f"{name} {expected[name]:+d}" in line["text"], (name, line["text"])
    stats = await s.say(alice, "/stats", expect="Lifetime stats")
    assert f"Bob: {expected['Bob']:+d} over 1 hand ·" in stats["text"]  # ngettext: "1 hand"


async def test_nanning_two_winners_on_one_discard(tg, bot):
    chat = tg.group(-100961)
    users = [tg.user(810 + i, n) for i, n in enumerate(NAMES)]
    alice, _bob, _carol, _dave = users
    s = Scene(tg, chat)
    table = await open_table(s, alice, "Nanning")
    await seat_and_start(s, table, users)
    w = await s.tap_for_message(alice, table, "Record hand")
    await wizard(s, alice, w, "Bob ← Dave")
    shape = next(t for t in s.labels(w) if t not in ("◀ Back", "✖ Cancel"))
    await wizard(s, alice, w, shape)
    await next_until(s, alice, w, "Another winner")
    await wizard(s, alice, w, "Another winner")
    assert not any(t.startswith(("Bob", "Dave")) for t in s.labels(w))  # not the discarder
    await wizard(s, alice, w, "Carol", shape)  # the discard is shared: no "how" step
    await next_until(s, alice, w, "Confirm")
    assert "Carol — on Dave's discard" in s.text(w)
    mark = tg.mark()
    await wizard(s, alice, w, "Confirm")
    line = await tg.next_message(chat, mark, contains="Hand 1:")
    assert "Bob +" in line["text"] and "Carol +" in line["text"] and "Dave -" in line["text"]
