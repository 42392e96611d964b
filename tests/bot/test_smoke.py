"""One night's first hand through the real bot: /newtable, four Joins, Start, Record hand, the
wizard, Confirm. The figures are the contract's example (shared/contracts/hand-record.md:
Bob wins a no-wild Big seven pairs on Carol's discard, Alice deals — "net": {"alice": -16,
"bob": 45, "carol": -21, "dave": -8})."""

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
    assert "Stake: ¥1 per zi" in s.text(table) and "waiting for players" in s.text(table)
    assert any("Join" in label for label in s.labels(table))
    await seat_and_start(s, table, [alice, bob, carol, dave])
    assert "E Alice 🎲dealer +0" in s.text(table) and "N Dave +0" in s.text(table)
    w = await s.tap_for_message(bob, table, "Record hand")
    await wizard(s, bob, w, "Bob ← Carol", "Big seven pairs", "No wild")
    preview = s.text(w)
    assert "Alice → Bob: 16 zi" in preview and "Carol → Bob: 21 zi" in preview
    assert "Dave → Bob: 8 zi" in preview and "Bob: +45" in preview
    mark = tg.mark()
    await wizard(s, bob, w, "Confirm")
    line = await tg.next_message(chat, mark, contains="Hand 1")
    assert "Bob +45, Dave -8, Alice -16, Carol -21" in line["text"]
    assert "next hand 2 · 1 hand tonight" in s.text(table)
    assert "S Bob 🎲dealer +45" in s.text(table)  # the deal has moved on to Bob
    assert bot.ledger.history(bot.ledger.current_table(chat.id).id).total == 1
