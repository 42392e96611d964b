"""Guobiao: the prevalent wind 圈风 a tiles reply gets without a wind word follows the night's
rounds (table option ``round_wind``, default ``by_hands``; ``east`` keeps East).

Sources: the ruleset's dealer rule "每局轮庄（国标不连庄）" / "The deal passes every hand (no
repeat dealer in MCR)" (scoring/rulesets/guobiao.py ``dealer_rule``), so four hands make a
round: the night's hands 1–4 are the East round, 5–8 South, 9–12 West, 13–16 North. Spec
shared/rules/guobiao-mcr.md §3 row 60: 圈风刻 Prevalent Wind, 2 番, "pung of the round wind",
不计 幺九刻 of that pung (seed 002 L249 "圈风刻 与圈风相同的风刻"). Row 61, 门风刻 Seat Wind 2,
"pung of the seat wind". The default is computed in bot/handlers/table.py ``start_hand`` from
the night's CONFIRMED hands (a voided hand does not count); /calc and /edit keep East unless
a word says otherwise, and the summary (the /edit pre-fill) writes the wind whenever it is not
the draft's default, so replying with it gives the same tiles.

The money oracle is ``scoring.settle`` on the record written by hand (settlement spec §2.3:
the discarder pays 8 + F, each other player 8).
"""

from __future__ import annotations

import itertools
import re
from typing import Any

import pytest

import scoring
from bot import describe
from bot.entry import wizard
from bot.i18n import Translator
from tests.bot.conftest import LiveTable, Scene
from tests.bot.fake_telegram import User
from tests.bot.helpers import next_until, pick_paged, seat_and_start
from tests.bot.helpers import wizard as taps

NAMES = ("Alice", "Bob", "Carol", "Dave")
PLAYERS = ["1", "2", "3", "4"]
# an exposed pung of South (2z), a pure straight in characters, a single wait on 5p
SOUTH_HAND = "[222z][123m][456m][789m]5p 5p"
SOUTH_TILES_SHOWN = "[222z][123m][456m][789m]5p 5p"
WIND_WORD = {"E": "圈东", "S": "圈南", "W": "圈西", "N": "圈北"}


# --- the wizard: the draft's default, the words, the summary --------------------------------


def at_tiles(default: str | None, night_hand: int | None = None) -> tuple[str, dict[str, Any]]:
    """A Guobiao wizard at the tiles step: Bob (South: Alice deals) wins on Carol's discard;
    ``default`` as start_hand puts it in the draft (None: no key, as /calc and /edit)."""
    step, data = wizard.new_state(
        ruleset="guobiao",
        options={},
        players=PLAYERS,
        names=dict(zip(PLAYERS, NAMES, strict=True)),
        dealer="1",
    )
    if default is not None:
        data["prevalent_wind"] = default
    if night_hand is not None:
        data["night_hand"] = night_hand
    step = wizard.apply(step, data, "w", "1")  # Bob
    step = wizard.apply(step, data, "h", "2")  # on Carol's discard
    step = wizard.apply(step, data, "m", "2")  # tiles
    assert step == "tiles.0"
    return step, data


def test_a_reply_without_a_wind_word_gets_the_drafts_default():
    for default in "ESWN":
        step, data = at_tiles(default, 1)
        wizard.set_tiles(data, step, SOUTH_HAND)
        assert data["wins"][0]["tiles"]["prevalent_wind"] == default
        # the tiles JSON too
        step, data = at_tiles(default, 1)
        wizard.set_tiles(data, step, '{"hand": "123m456p789s1122z", "win_tile": "2z"}')
        assert data["wins"][0]["tiles"]["prevalent_wind"] == default
    # no default in the draft (/calc, /edit): East, as before
    step, data = at_tiles(None)
    wizard.set_tiles(data, step, SOUTH_HAND)
    assert data["wins"][0]["tiles"]["prevalent_wind"] == "E"


@pytest.mark.parametrize(("default", "typed"), list(itertools.product("ESWN", "ESWN")))
def test_a_typed_wind_word_wins_and_the_summary_replies_as_the_same_tiles(default, typed):
    step, data = at_tiles(default, 9)
    wizard.set_tiles(data, step, f"{SOUTH_HAND} 海底 {WIND_WORD[typed]}")
    tiles = data["wins"][0]["tiles"]
    assert tiles["prevalent_wind"] == typed and tiles["last_wall_tile"] is True
    # the summary (also the /edit pre-fill) names the wind when it is not the default …
    rs = scoring.get("guobiao")
    summary = describe.describe_win(rs, data, data["wins"][0], Translator("en"))
    shown = summary.split(" · ", 1)[1]
    expected = f"{SOUTH_TILES_SHOWN} 海底" + ("" if typed == default else f" {WIND_WORD[typed]}")
    assert shown == expected
    # … so replying with it in a draft with the same default gives the same tiles
    step2, again = at_tiles(default, 9)
    wizard.set_tiles(again, step2, shown)
    assert again["wins"][0]["tiles"] == tiles
    # and in a draft whose default is another wind (an /edit draft: East) the words differ,
    # the tiles do not
    for other in "ESWN":
        text = describe.tiles_notation(tiles, "S", other)
        step3, elsewhere = at_tiles(other, 9)
        wizard.set_tiles(elsewhere, step3, text)
        assert elsewhere["wins"][0]["tiles"] == tiles, (other, text)


def test_the_prompt_shows_the_default_and_where_it_comes_from():
    step, data = at_tiles("S", 5)
    en = wizard.render(step, data, Translator("en")).text
    assert (
        "Seat wind: South · prevalent wind: South (South unless a word says otherwise: "
        "hand 5 of the night, four hands to a round)"
    ) in en, en
    assert "圈南 or round:S" in en
    zh = wizard.render(step, data, Translator("zh_Hans")).text
    assert "门风：南 · 圈风：南（未写圈风时按南：本场第5局，每圈四局）" in zh, zh
    hant = wizard.render(step, data, Translator("zh_Hant")).text
    assert "門風：南 · 圈風：南（未寫圈風時按南：本場第5局，每圈四局）" in hant, hant
    # a typed word shows in the prompt; the default stays named
    wizard.set_tiles(data, step, SOUTH_HAND + " 圈北")
    en = wizard.render(step, data, Translator("en")).text
    assert "prevalent wind: North (South unless a word says otherwise: hand 5" in en, en
    # no rounds (option east, /calc, /edit): the East wording as before
    step, data = at_tiles("E")
    en = wizard.render(step, data, Translator("en")).text
    assert "prevalent wind: East (East unless a word says otherwise)" in en, en
    assert "of the night" not in en


# --- end to end over the fake Telegram server -----------------------------------------------


def rec(dealer: str, winner: str, discarder: str, seat: str, prevalent: str) -> dict[str, Any]:
    tiles = {
        "melds": [
            {"kind": "pung", "tiles": "222z"},
            {"kind": "chow", "tiles": "123m"},
            {"kind": "chow", "tiles": "456m"},
            {"kind": "chow", "tiles": "789m"},
        ],
        "hand": "5p",
        "win_tile": "5p",
        "seat_wind": seat,
        "prevalent_wind": prevalent,
    }
    return {
        "ruleset": "guobiao",
        "players": list(NAMES),
        "dealer": dealer,
        "result": "win",
        "wins": [{"winner": winner, "from": discarder, "tiles": tiles}],
    }


def payments(preview: str) -> set[str]:
    return {ln.split(" · ")[0] for ln in preview.splitlines() if " → " in ln}  # " · win"


def expected_payments(record: dict[str, Any]) -> set[str]:
    st = scoring.settle(record)
    return {f"{p.payer} → {p.payee}: {p.amount} points" for p in st.payments}


async def open_guobiao(s: Scene, creator: User, *, east: bool = False) -> dict[str, Any]:
    """/newtable → Guobiao → options (``east``: tap the round wind option to Always East) →
    Next → no stake; returns the table message."""
    setup = await s.say(creator, "/newtable", expect=None)
    await pick_paged(s, creator, setup, "Guobiao")
    # the value's gloss "(4 a round)" goes where the label passes a phone's row (#26.4)
    assert "Default prevalent wind: By hands 🔄" in s.labels(setup)
    if east:
        await taps(s, creator, setup, "Default prevalent wind: By hands 🔄")
        assert any(t.endswith(": Always East 🔄") for t in s.labels(setup))  # #26.4
    await taps(s, creator, setup, "Next ▶")
    mark = s.tg.mark()
    await s.tap(creator, setup, s.labels(setup)[0])  # no money
    return LiveTable(s, await s.tg.next_message(s.chat, mark))


async def draw(s: Scene, user: User, table: dict[str, Any], n: int) -> None:
    """A draw (the table's Draw button), confirmed as hand ``n``: the deal passes on."""
    w = await s.tap_for_message(user, table, "Draw")
    await next_until(s, user, w, "Confirm")
    mark = s.tg.mark()
    await taps(s, user, w, "✅ Confirm")
    await s.tg.next_message(s.chat, mark, contains=f"Hand {n}:")


async def tiles_step(s: Scene, user: User, table: dict[str, Any], *how: str) -> dict[str, Any]:
    w = await s.tap_for_message(user, table, "Record hand")
    await taps(s, user, w, *how, "Tiles")
    assert "Reply to this message with the hand" in s.text(w)
    return w


async def reply_tiles(s: Scene, user: User, w: dict[str, Any], text: str) -> None:
    before = s.text(w)
    await s.tg.post(s.chat, user, text, reply_to=s.tg.messages[(s.chat.id, w["message_id"])])
    await s.tg.wait_for(lambda: s.text(w) != before)


async def confirm(s: Scene, user: User, w: dict[str, Any], head: str) -> str:
    mark = s.tg.mark()
    await taps(s, user, w, "✅ Confirm")
    return str((await s.tg.next_message(s.chat, mark, contains=head))["text"])


async def test_fifth_confirmed_hand_is_south_round_a_voided_one_does_not_count(tg, bot):
    chat = tg.group(-100791)
    users = [tg.user(790 + i, n) for i, n in enumerate(NAMES)]
    alice, bob, carol, dave = users
    s = Scene(tg, chat)
    table = await open_guobiao(s, alice)
    await seat_and_start(s, table, users)

    # hands 1–3: draws (Alice, Bob, Carol deal); hand 4 (Dave deals): a draw, then voided
    for n in (1, 2, 3):
        await draw(s, alice, table, n)
    await draw(s, alice, table, 4)
    ask = await s.tap_for_message(alice, table, "Undo", expect="Void the last hand?")
    await taps(s, alice, ask, "Yes, void hand 4")
    assert "Hand 4 voided." in s.text(ask)

    # the night's 4th confirmed hand (seq 5), Dave deals again: still the East round. Bob sits
    # West (Dave E, Alice S, Bob W, Carol N): the pung of South is neither wind → 幺九刻 only
    w = await tiles_step(s, bob, table, "Bob ← Carol")
    assert (
        "Seat wind: West · prevalent wind: East (East unless a word says otherwise: "
        "hand 4 of the night, four hands to a round)"
    ) in s.text(w), s.text(w)
    await reply_tiles(s, bob, w, SOUTH_HAND)
    assert f"Bob — on Carol's discard · {SOUTH_TILES_SHOWN}" in s.text(w)
    await next_until(s, bob, w, "Confirm")
    preview = s.text(w)
    assert "Prevalent Wind" not in preview and "Seat Wind" not in preview, preview
    assert payments(preview) == expected_payments(rec("Dave", "Bob", "Carol", "W", "E"))
    await confirm(s, bob, w, "Hand 5:")

    # the night's 5th confirmed hand (seq 6), Alice deals: the South round without typing
    # 圈南. Carol sits West (Alice E, Bob S, Carol W, Dave N): 圈风刻 2, not 门风刻
    w = await tiles_step(s, carol, table, "Carol ← Dave")
    assert (
        "Seat wind: West · prevalent wind: South (South unless a word says otherwise: "
        "hand 5 of the night, four hands to a round)"
    ) in s.text(w), s.text(w)
    await reply_tiles(s, carol, w, SOUTH_HAND)
    # the wind is the default, so the summary needs no word for it
    assert f"Carol — on Dave's discard · {SOUTH_TILES_SHOWN}\n" in s.text(w) + "\n"
    await next_until(s, carol, w, "Confirm")
    preview = s.text(w)
    assert "Prevalent Wind 2" in preview and "Seat Wind" not in preview, preview
    south = rec("Alice", "Carol", "Dave", "W", "S")
    assert payments(preview) == expected_payments(south)
    # one more than in the East round: 圈风刻 2 replaces 幺九刻 1 (row 60, 不计 幺九刻)
    east = rec("Alice", "Carol", "Dave", "W", "E")
    assert scoring.settle(south).net["Carol"] == scoring.settle(east).net["Carol"] + 1
    await confirm(s, carol, w, "Hand 6:")

    # /edit 6: an /edit draft's default is East, so the pre-fill writes 圈南; replying with it
    # keeps the hand's own wind
    w = await s.say(carol, "/edit 6", expect="Correcting hand 6")
    shown = f"{SOUTH_TILES_SHOWN} 圈南"
    assert f"Carol — on Dave's discard · {shown}" in s.text(w), s.text(w)
    for _ in range(10):
        if "Reply to this message with the hand" in s.text(w):
            break
        await taps(s, carol, w, "◀ Back")
    assert "prevalent wind: South (East unless a word says otherwise)" in s.text(w)
    m = re.search(r"· (\[222z\].*)$", s.text(w), flags=re.M)
    assert m is not None and m.group(1) == shown
    await reply_tiles(s, carol, w, SOUTH_HAND)  # without the word: East, as the prompt says
    assert "Prevalent Wind" not in s.text(w) and shown not in s.text(w)  # on the preview
    await reply_tiles(s, carol, w, m.group(1))  # a reply to the preview corrects the tiles
    assert f"Carol — on Dave's discard · {shown}" in s.text(w)
    await next_until(s, carol, w, "Confirm")
    assert "Prevalent Wind 2" in s.text(w)
    assert payments(s.text(w)) == expected_payments(south)
    await taps(s, carol, w, "✅ Confirm")
    await tg.wait_for(lambda: "corrected" in s.text(w))  # as hand 7 (void + new)

    # the corrected hand counts once: the next entry is the night's 6th hand, South round
    w = await tiles_step(s, dave, table, "Dave ← Alice")
    assert "prevalent wind: South (South unless a word says otherwise: hand 6 of the night" in (
        s.text(w)
    ), s.text(w)


async def test_option_east_keeps_east_in_the_south_round(tg, bot):
    chat = tg.group(-100792)
    users = [tg.user(795 + i, n) for i, n in enumerate(NAMES)]
    alice, carol = users[0], users[2]
    s = Scene(tg, chat)
    table = await open_guobiao(s, alice, east=True)
    await seat_and_start(s, table, users)
    for n in (1, 2, 3, 4):
        await draw(s, alice, table, n)
    # the night's 5th hand, Alice deals, Carol sits West: East unless a word says otherwise
    w = await tiles_step(s, carol, table, "Carol ← Dave")
    assert "Seat wind: West · prevalent wind: East (East unless a word says otherwise)" in (
        s.text(w)
    ), s.text(w)
    assert "of the night" not in s.text(w)
    await reply_tiles(s, carol, w, SOUTH_HAND)
    await next_until(s, carol, w, "Confirm")
    preview = s.text(w)
    assert "Prevalent Wind" not in preview, preview
    assert payments(preview) == expected_payments(rec("Alice", "Carol", "Dave", "W", "E"))
    # 圈南 still works
    await taps(s, carol, w, "◀ Back")
    for _ in range(10):
        if "Reply to this message with the hand" in s.text(w):
            break
        await taps(s, carol, w, "◀ Back")
    await reply_tiles(s, carol, w, SOUTH_HAND + " 圈南")
    await next_until(s, carol, w, "Confirm")
    assert "Prevalent Wind 2" in s.text(w)
    assert payments(s.text(w)) == expected_payments(rec("Alice", "Carol", "Dave", "W", "S"))


async def test_a_new_night_starts_in_the_east_round(tg, bot):
    # the count is the night's, not the table's: after /settle the next hand is the new
    # night's 1st (its hands 1–4 are the East round)
    chat = tg.group(-100793)
    users = [tg.user(800 + i, n) for i, n in enumerate(NAMES)]
    alice, bob = users[0], users[1]
    s = Scene(tg, chat)
    table = await open_guobiao(s, alice)
    await seat_and_start(s, table, users)
    for n in (1, 2, 3, 4, 5):
        await draw(s, alice, table, n)
    w = await tiles_step(s, bob, table, "Bob self-drawn")
    assert "prevalent wind: South (South unless a word says otherwise: hand 6 of the night" in (
        s.text(w)
    ), s.text(w)
    await taps(s, bob, w, "✖ Cancel")
    ask = await s.say(alice, "/settle", expect="settle")
    await taps(s, alice, ask, "Settle")
    assert "Night 1 is settled" in s.text(ask)
    w = await tiles_step(s, bob, table, "Bob self-drawn")
    assert "prevalent wind: East (East unless a word says otherwise: hand 1 of the night" in (
        s.text(w)
    ), s.text(w)
