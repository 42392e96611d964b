"""The Guobiao tile pad (issue 14 point 8) end to end over the fake Bot API: the tiles of a
hand tapped instead of typed — the same tiles as the reply, one edit of the entry's message
per tap and no new message in the group until the hand is recorded."""

from __future__ import annotations

from tests.bot.conftest import Scene
from tests.bot.helpers import open_table, seat_and_start, wizard

NAMES = ("Alice", "Bob", "Carol", "Dave")


async def test_tile_pad_enters_the_tiles_in_the_group(tg, bot):
    chat = tg.group(-100990)
    users = [tg.user(990 + i, n) for i, n in enumerate(NAMES)]
    alice, bob, _carol, _dave = users
    s = Scene(tg, chat)
    table = await open_table(s, alice, "Guobiao")
    await seat_and_start(s, table, users)
    w = await s.tap_for_message(bob, table, "Record hand")
    await wizard(s, bob, w, "Bob self-drawn", "Tiles", "🔢 Tile pad")
    assert "Tap a tile, then the set it is in" in s.text(w)
    mark = tg.mark()
    # [555z](7777p)123s999p2z 2z: 白 exposed pung, 7p concealed kong, 123s, 999p, then the
    # winning 南 and its pair, which makes the 14 tiles and ends the pad (#26.7)
    taps = ["白", "[白白白]", "7p", "(7777p)", "1s", "123s", "9p", "999p", "南"]
    await wizard(s, bob, w, *taps)
    assert "So far: [555z](7777p)123s999p 2z" in s.text(w), s.text(w)
    await wizard(s, bob, w, "南南✔")
    assert not tg.sent_since(mark, "sendMessage")  # the pad edits the entry, posts nothing
    assert "Bob — self-drawn · [555z](7777p)999p123s2z 2z" in s.text(w), s.text(w)
    assert any("Confirm" in t for t in s.labels(w))
    mark = tg.mark()
    await wizard(s, bob, w, "✅ Confirm")
    line = await tg.next_message(chat, mark, contains="Hand 1:")
    tid = bot.ledger.current_table(chat.id).id
    tiles = bot.ledger.get_hand(tid, 1).record.wins[0].tiles
    assert tiles is not None and tiles["win_tile"] == "2z" and "Bob +" in line["text"]
