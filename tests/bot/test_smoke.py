from __future__ import annotations

from tests.bot.conftest import Scene
from tests.bot.helpers import open_table, seat_and_start, wizard


async def test_open_table_and_record_one_hand(tg, bot):
    chat = tg.group(-1001)
    alice, bob, carol, dave = (
        tg.user(i, n) for i, n in ((11, "Alice"), (12, "Bob"), (13, "Carol"), (14, "Dave"))
    )
    s = Scene(tg, chat)
    table = await open_table(s, alice, "Xingguo", stake="¥1")
    print(s.text(table), s.labels(table))
    await seat_and_start(s, table, [alice, bob, carol, dave])
    print(s.text(table), s.labels(table))
    w = await s.tap_for_message(bob, table, "Record hand")
    await wizard(
        s,
        bob,
        w,
        "Bob ← Carol",
        "Big seven pairs",
        "No wild",
    )
    print(s.text(w))
    mark = tg.mark()
    await wizard(s, bob, w, "Confirm")
    line = await tg.next_message(chat, mark, contains="Hand 1")
    print(line["text"])
    print(s.text(table))
    print(s.text(w))
