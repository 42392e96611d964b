"""Seat order by buttons before Start (the issue: "seat order = tap order, reorderable"):
🔀 Seats → ↑/↓ per player on the table message. Allowed to the seated players, the table's
creator and chat admins; a keyboard drawn before someone else moved changes nothing."""

from __future__ import annotations

from tests.bot.conftest import Scene
from tests.bot.helpers import button_in_row, open_table, tap_row, wizard

NAMES = ("Alice", "Bob", "Carol", "Dave")


def order(s: Scene, table: dict) -> list[str]:
    return [
        ln.split()[1] for ln in s.text(table).splitlines() if ln[:2] in ("E ", "S ", "W ", "N ")
    ]


async def test_move_seats_with_buttons_before_start(tg, bot):
    chat = tg.group(-100850)
    users = [tg.user(850 + i, n) for i, n in enumerate(NAMES)]
    alice, bob, carol, dave = users
    eve = tg.user(858, "Eve")  # opens the table, does not sit
    mallory = tg.user(859, "Mallory")  # neither seated nor creator nor admin
    s = Scene(tg, chat)
    table = await open_table(s, eve, "Xingguo")
    for u in users:
        await wizard(s, u, table, "Join")
    assert order(s, table) == list(NAMES)

    await wizard(s, dave, table, "Seats")
    assert "↑" in s.labels(table) and "✔ Done" in s.labels(table)
    assert "swap a player" in s.text(table)
    # Dave moves up one seat: Carol and Dave swap
    await tap_row(s, dave, table, "Dave", "↑")
    assert order(s, table) == ["Alice", "Bob", "Dave", "Carol"]
    # the creator (not seated) may arrange too: Bob goes up to East
    stale = button_in_row(s, table, "Alice", "↓")["callback_data"]
    await tap_row(s, eve, table, "Bob", "↑")
    assert order(s, table) == ["Bob", "Alice", "Dave", "Carol"]
    # a stranger may not
    before = (s.text(table), s.labels(table))
    b = button_in_row(s, table, "Carol", "↑")
    ans = await tg.answer_of(
        await tg.press_data(chat, mallory, table["message_id"], b["callback_data"])
    )
    assert ans.get("show_alert") and "Only the players" in ans["text"]
    assert (s.text(table), s.labels(table)) == before
    # Alice's ↓ drawn when she sat East: she is South now, so it changes nothing
    ans = await tg.answer_of(await tg.press_data(chat, carol, table["message_id"], stale))
    assert ans.get("show_alert") and "changed" in ans["text"]
    assert order(s, table) == ["Bob", "Alice", "Dave", "Carol"]
    # the top seat has no ↑ and the last seat no ↓
    assert [b["text"] for b in _row(s, table, "Bob")][1:] == ["↓"]
    assert [b["text"] for b in _row(s, table, "Carol")][1:] == ["↑"]

    await wizard(s, alice, table, "✔ Done")
    assert "↑" not in s.labels(table) and "Start" in " ".join(s.labels(table))
    await wizard(s, alice, table, "Start")
    assert "Bob 🎲dealer" in s.text(table)  # East deals
    assert order(s, table) == ["Bob", "Alice", "Dave", "Carol"]
    # after Start, an old seat keyboard does nothing
    ans = await tg.answer_of(await tg.press_data(chat, bob, table["message_id"], stale))
    assert ans.get("show_alert") and "before Start" in ans["text"]
    assert order(s, table) == ["Bob", "Alice", "Dave", "Carol"]
    ledger = bot.ledger
    t = ledger.current_table(chat.id)
    assert [x.name for x in sorted(t.seats, key=lambda x: x.seat_index)] == order(s, table)


def _row(s: Scene, msg: dict, contains: str) -> list[dict]:
    markup = s.tg.messages[(s.chat.id, msg["message_id"])]["reply_markup"]
    return next(r for r in markup["inline_keyboard"] if contains in r[0]["text"])
