"""A Guobiao (国标) table end to end over real HTTP: the three ways to enter a win.

Hand 1 by the keypad (a fan total), hand 2 by the checklist (toggle buttons grouped by points;
a fan a ticked one implies is no longer offered, so the running total is the preview's — issue
12 point 2), hand 3 by a text
reply with the tiles in the phone notation of ``mahjong-tally gb-fans`` (``[…]`` an exposed
meld). A typo reply gets the parser's message and a second reply works; a hand under the
8-fan minimum is refused with the fan count it reaches. Then /settle.

Rules: shared/rules/guobiao-mcr.md §2.1 (8-fan minimum, seed 001 L200 "国标规定必须够8番才能
够和牌"; flowers "不计在起和分内", seed 002 L288) and §2.3 (the official competition rule, the
spec's default: on a discard the discarder pays base 8 + F, each other player 8; self-drawn,
each of the three pays 8 + F). The oracle for the money is ``scoring.settle`` on the hands as
the test means them, written by name.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

import scoring
from bot.entry import wizard
from bot.i18n import Translator
from tests.bot.conftest import Scene
from tests.bot.helpers import next_until, open_table, pick_paged, seat_and_start, tap_count
from tests.bot.helpers import wizard as taps

NAMES = ("Alice", "Bob", "Carol", "Dave")


def rec(dealer: str, win: dict[str, Any], counts: dict | None = None) -> dict[str, Any]:
    return {
        "ruleset": "guobiao",
        "players": list(NAMES),
        "dealer": dealer,
        "result": "win",
        "wins": [{"robbed_kong": False, "flags": [], **win}],
        "counts": counts or {},
    }


# Hand 1 (dealer Alice): Bob wins on Dave's discard, the players' total 12 fan.
H1 = rec("Alice", {"winner": "Bob", "from": "Dave", "fan": 12})
# Hand 2 (dealer Bob): Carol self-draws; ticked 花龙 Mixed Straight 8, 不求人 Fully Concealed
# Hand 4, 箭刻 Dragon Pung 2; 自摸 Self-Drawn 1, which 不求人 implies (seed 002 L241: 不求人
# "4副牌及将中没有吃牌、碰牌(包括明杠)，自摸胡牌"; spec §3), is then not offered: F = 14.
H2 = rec(
    "Bob",
    {
        "winner": "Carol",
        "from": None,
        "fans": ["mixed_straight", "fully_concealed_hand", "dragon_pung"],
    },
)
# Hand 3 (dealer Carol, so Alice sits West): Alice wins on Bob's discard with an exposed pung
# of West (her seat wind), a pure straight in characters and a single wait on 5p; 2 flowers.
# The reply "[333z]123m456m789m5p 5p" means exactly this tiles object (contract notation).
H3_TILES = {
    "melds": [{"kind": "pung", "tiles": "333z", "concealed": False}],
    "hand": "123456789m5p",
    "win_tile": "5p",
    "self_drawn": False,
    "kong_related": False,
    "seat_wind": "W",
    "prevalent_wind": "E",
    "flowers": 2,
}
H3 = rec("Carol", {"winner": "Alice", "from": "Bob", "tiles": H3_TILES}, {"flowers": {"Alice": 2}})


async def reply(s: Scene, user, msg: dict, text: str) -> None:
    """Reply to the wizard message with ``text`` (a text reply finds the draft by its tag)."""
    target = s.tg.messages[(s.chat.id, msg["message_id"])]
    await s.tg.post(s.chat, user, text, reply_to=target)


async def reply_error(s: Scene, user, msg: dict, text: str, contains: str) -> str:
    """A reply the bot refuses: returns its answer; the wizard message stays as it was."""
    before = s.text(msg)
    mark = s.tg.mark()
    await reply(s, user, msg, text)
    answer = await s.tg.next_message(s.chat, mark, contains=contains)
    assert s.text(msg) == before
    return answer["text"]


async def confirm(s: Scene, user, msg: dict, n: int) -> str:
    mark = s.tg.mark()
    await taps(s, user, msg, "✅ Confirm")
    line = await s.tg.next_message(s.chat, mark, contains=f"Hand {n}:")
    return line["text"]


def payments(preview: str) -> set[str]:
    return {ln.split(" · ")[0] for ln in preview.splitlines() if " → " in ln}  # " · win"


def expected_payments(record: dict[str, Any]) -> set[str]:
    st = scoring.settle(record)
    return {f"{p.payer} → {p.payee}: {p.amount} points" for p in st.payments}


async def test_guobiao_keypad_checklist_and_tiles_then_settle(tg, bot):
    chat = tg.group(-100777)
    users = [tg.user(770 + i, n) for i, n in enumerate(NAMES)]
    alice, bob, carol, dave = users
    s = Scene(tg, chat)
    table = await open_table(s, alice, "Guobiao")
    await seat_and_start(s, table, users)

    # --- hand 1: the keypad ---------------------------------------------------------------
    w = await s.tap_for_message(bob, table, "Record hand")
    await taps(s, bob, w, "Bob ← Dave")
    assert {"Total fan", "Fan checklist", "Tiles"} <= set(s.labels(w))  # all three ways
    await taps(s, bob, w, "Total fan", "1", "2")
    assert "Total fan: 12" in s.text(w)
    await taps(s, bob, w, "Next ▶")
    await next_until(s, bob, w, "Confirm")
    preview = s.text(w)
    # the rule (spec §2.3): the discarder pays 8 + 12, the two others 8 each
    assert payments(preview) == {
        "Dave → Bob: 20 points",
        "Alice → Bob: 8 points",
        "Carol → Bob: 8 points",
    }
    assert payments(preview) == expected_payments(H1)
    assert "wins: declared 12 fan" in preview
    assert "Bob +36" in await confirm(s, bob, w, 1)

    # --- hand 2: the checklist, grouped by points (8 before 2 before 1) ---------------------
    w = await s.tap_for_message(carol, table, "Record hand")
    await taps(s, carol, w, "Carol self-drawn", "Fan checklist")
    # the how's 自摸 1 counts from the first screen (#23.4: carried, never an item)
    assert "Tick the fans (1 point so far)" in s.text(w)
    first = s.labels(w)[0]
    assert first.endswith("· 1"), first  # everyday fans first, limit hands last (#26.4)
    for label in (
        "Mixed Straight · 8",
        "Fully Concealed Hand · 4",
        "Dragon Pung · 2",
    ):
        ans = await pick_paged(s, carol, w, label)
        assert not ans.get("show_alert"), ans
    assert "Tick the fans (14 points so far)" in s.text(w)
    await taps(s, carol, w, "Next ▶")
    await next_until(s, carol, w, "Confirm")
    preview = s.text(w)
    # the preview names the fans with their points, and what was removed and why
    assert "Mixed Straight 8 · Fully Concealed Hand 4 · Dragon Pung 2 = 14 fan" in preview
    assert "Not counted" not in preview  # nothing ticked was implied by another
    assert payments(preview) == {f"{p} → Carol: 22 points" for p in ("Alice", "Bob", "Dave")}
    assert payments(preview) == expected_payments(H2)
    assert "Carol +66" in await confirm(s, carol, w, 2)

    # --- hand 3: the tiles, as a text reply -----------------------------------------------
    w = await s.tap_for_message(dave, table, "Record hand")
    await taps(s, dave, w, "Alice ← Bob", "Tiles")
    assert "Reply to this message with the hand, a space, then the winning tile" in s.text(w)
    assert "Next ▶" not in s.labels(w)  # nothing to go on with before a reply
    # a typo: the parser says which character, where; the wizard is unchanged
    err = await reply_error(
        s, dave, w, "[333z]123m456m78x9m5p 5p", contains="I could not read those tiles"
    )
    # the concealed part starts at character 7 of the hand; the x is its 11th character
    assert "unexpected character 'x' at position 11 (in '123m456m78x9m5p' at character 7)" in err
    assert "Reply to the message again" in err
    # a missing winning tile
    err = await reply_error(s, dave, w, "[333z]123m456m789m5p5p", contains="winning tile")
    assert "After the hand, put a space and the winning tile" in err
    # a winning hand under the 8-fan minimum: refused with the count it reaches (1 fan)
    err = await reply_error(s, dave, w, "[567p]234m789s1155s 5s", contains="not possible")
    assert "reaches 1 fan, below the 8-fan minimum" in err, err
    # the corrected reply; --win before the winning tile is allowed too
    before = s.text(w)
    await reply(s, dave, w, "[333z]123m456m789m5p --win 5p")
    await tg.wait_for(lambda: s.text(w) != before)
    assert "Alice — on Bob's discard · [333z]123456789m5p 5p" in s.text(w)
    # the reply read, the preview (the editor) shows the flowers' tab and cells (#26.2)
    assert any(t.startswith("Flower") for t in s.labels(w)), s.labels(w)
    await tap_count(s, dave, w, "Flower", "Alice", "➕", times=2)
    await next_until(s, dave, w, "Confirm")
    preview = s.text(w)
    # the fans found, by name with points; the seat wind is West (the dealer Carol is East)
    assert (
        "Alice wins (reading: [333z] 123m 456m 789m 55p): Pure Straight 16 · Seat Wind 2 · "
        "One Voided Suit 1 · Single Wait 1 = 20 fan + 2 flowers = 22"
    ) in preview, preview
    assert "Not counted: Pung of Terminals or Honours (implied by Seat Wind)" in preview
    assert payments(preview) == {
        "Bob → Alice: 30 points",
        "Carol → Alice: 8 points",
        "Dave → Alice: 8 points",
    }
    assert payments(preview) == expected_payments(H3)
    assert "Alice +46" in await confirm(s, dave, w, 3)

    # --- /settle: the transfers move exactly the hand-by-hand sum --------------------------
    expected: Counter[str] = Counter()
    for r in (H1, H2, H3):
        for p, v in scoring.settle(r).net.items():
            expected[p] += v
    ask = await s.say(alice, "/settle", expect="settle")
    await taps(s, alice, ask, "Settle")
    text = s.text(ask)
    transfers = re.findall(r"^(\w+) pays (\w+) (\d+)", text, flags=re.M)
    assert transfers, text
    balance: Counter[str] = Counter()
    for payer, payee, amount in transfers:
        balance[payer] -= int(amount)
        balance[payee] += int(amount)
    assert {n: balance[n] for n in NAMES} == {n: expected[n] for n in NAMES}, text


def test_tiles_reply_errors_in_the_chats_language_and_chinese_keyboards():
    """The frame is translated (the parser's own words stay as they are, escaped for HTML);
    full-width brackets/digits and 東 from a Chinese keyboard read like the ASCII forms."""
    players = ["1", "2", "3", "4"]
    step, data = wizard.new_state(
        ruleset="guobiao",
        options={},
        players=players,
        names=dict(zip(players, NAMES, strict=True)),
        dealer="1",
    )
    step = wizard.apply(step, data, "w", "0")  # Alice, the dealer
    step = wizard.apply(step, data, "h", "0")  # self-drawn
    step = wizard.apply(step, data, "m", "2")  # tiles
    assert step == "tiles.0"
    try:
        wizard.set_tiles(data, step, "[333z]123m45<6m789m5p 5p")
    except wizard.TilesError as err:
        zh = wizard.tiles_error_text(err, Translator("zh_Hans"))
        hant = wizard.tiles_error_text(err, Translator("zh_Hant"))
    else:
        raise AssertionError("a typo was accepted")
    assert zh.startswith("看不懂这些牌：") and "'&lt;'" in zh, zh
    assert hant.startswith("看不懂這些牌：")
    assert data["wins"][0]["tiles"] is None  # nothing was kept from the bad reply
    # 【】 and （） and full-width digits, 東 for 东: Alice (East) self-draws, pung of East
    wizard.set_tiles(data, step, "【東東東】123m456m789m５p　５p")
    tiles = data["wins"][0]["tiles"]
    assert tiles["melds"] == [{"kind": "pung", "tiles": "111z", "concealed": False}]
    assert (tiles["hand"], tiles["win_tile"], tiles["seat_wind"]) == ("123456789m5p", "5p", "E")
    assert tiles["self_drawn"] is True and "flowers" not in tiles
    record = wizard.build_record(data)
    assert record.wins[0].tiles is not None and record.wins[0].tiles["flowers"] == 0
    assert scoring.settle(record).net["1"] > 0
    # Back to "how" and a discard instead: the tiles follow (no stale self_drawn)
    step = wizard.apply(step, data, "b", "")
    step = wizard.apply(step, data, "b", "")
    assert step == "how.0"
    step = wizard.apply(step, data, "h", "1")  # Bob discarded
    assert data["wins"][0]["from"] == "2" and data["wins"][0]["tiles"]["self_drawn"] is False
    net = scoring.settle(wizard.build_record(data)).net
    assert net["2"] < net["3"] == net["4"] < 0 < net["1"]
