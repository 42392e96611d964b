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
    await wizard(s, bob, w, "Bob self-drawn", "Tiles", "🀄 Tile pad")
    assert "Tap the hand's tiles, the winning tile last" in s.text(w)
    mark = tg.mark()
    # [555z](7777p)123s999p2z 2z: 白 ×3 exposed, 7p ×4 concealed, 1s 2s 3s, 9p 9p 9p, 南, 南
    taps = ["白", "[×3]", "7p", "(×4)", "1s", "2s", "3s", "9p", "9p", "9p", "南"]
    await wizard(s, bob, w, *taps)
    assert "So far: [555z](7777p)123s999p 2z" in s.text(w), s.text(w)
    await wizard(s, bob, w, "南", "✔ Done")
    assert not tg.sent_since(mark, "sendMessage")  # the pad edits the entry, posts nothing
    assert "Bob — self-drawn · [555z](7777p)999p123s2z 2z" in s.text(w), s.text(w)
    assert any("Confirm" in t for t in s.labels(w))
    mark = tg.mark()
    await wizard(s, bob, w, "✅ Confirm")
    line = await tg.next_message(chat, mark, contains="Hand 1:")
    tid = bot.ledger.current_table(chat.id).id
    tiles = bot.ledger.get_hand(tid, 1).record.wins[0].tiles
    assert tiles is not None and tiles["win_tile"] == "2z" and "Bob +" in line["text"]


def test_pad_offers_only_taps_that_fit() -> None:
    """Issue 14 point 2 (a count out of range cannot be stepped to): a tile whose four copies
    are used, a close before a meld is whole, Done while a meld is open, ⌫ with nothing, and
    a pung/kong shortcut past four copies are not offered (blanks, or absent)."""
    from bot.entry import wizard
    from bot.i18n import Translator

    tr = Translator("en")
    _step, data = wizard.new_state(
        ruleset="guobiao", options={}, players=["1", "2", "3", "4"], dealer="1", names={}
    )
    data["wins"] = [{"winner": "2", "from": None, "flags": [], "tiles": None}]

    def labels(tokens: list[str]) -> list[str]:
        data["wins"][0]["pad"] = tokens
        _prompt, rows = wizard.STEPS["pad"].render(wizard.Ctx.of("pad.0", data), tr)
        return [b.label for row in rows for b in row if b.action != "pg"]

    assert "⌫" not in labels([])  # nothing to take back
    assert "1m" not in labels(["1m"] * 4)  # four of a kind is all there is
    assert "[×3]" not in labels(["1m"] * 3) and "[×4]" not in labels(["1m"] * 2)
    opened = labels(["[", "1m", "1m"])
    assert "]" not in opened and "✔ Done" not in opened  # two tiles are no meld
    assert "]" in labels(["[", "1m", "1m", "1m"])
    assert all(t not in labels(["[", "1m", "1m", "1m", "1m"]) for t in ("2m", "5z"))
