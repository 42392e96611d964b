"""Hand numbers on the table message and /nights, end to end over real HTTP (Xingguo, ¥1 a
point): night 1 has two hands and a voided one, is settled, night 2 has one hand.

The table message names the number the next hand will get — its place in the night, the
number the result line, /history and /explain use (a voided hand keeps its own, each night
starts at 1: issue 25.4) — and the hands numbered tonight, always that number − 1. /nights N shows a night's nets and transfers again: for a
settled night exactly the settle message's text.
"""

from __future__ import annotations

import json
import re

from tests.bot.conftest import Scene
from tests.bot.helpers import next_until, open_table, seat_and_start, wizard

NAMES = ("Alice", "Bob", "Carol", "Dave")


def status_line(s: Scene, table: dict) -> str:
    return next(ln for ln in s.text(table).splitlines() if ln.startswith(("Night ", "第 ")))


async def record(s: Scene, user, table: dict, *taps: str, hand: int) -> None:
    """Record one hand through the table's Record hand button; the wizard and the result line
    must both call it ``hand``."""
    w = await s.tap_for_message(user, table, "Record hand", expect="Who won?")
    assert f"Hand {hand} · " in s.text(w), s.text(w)
    await wizard(s, user, w, *taps)
    await next_until(s, user, w, "Confirm")
    mark = s.tg.mark()
    await wizard(s, user, w, "Confirm")
    await s.tg.next_message(s.chat, mark, contains=f"Hand {hand}:")


async def test_hand_numbers_and_nights(tg, bot):
    chat = tg.group(-100560)
    users = [tg.user(560 + i, n) for i, n in enumerate(NAMES)]
    alice, bob, carol, dave = users
    eve = tg.user(570, "Eve")  # in the chat, not at the table
    s = Scene(tg, chat)

    table = await open_table(s, alice, "Xingguo", stake="¥1")
    await seat_and_start(s, table, users)
    assert status_line(s, table) == "Night 1 · next hand 1 · playing"

    # night 1: hand 1 (the contract's example), hand 2 entered by mistake and undone, hand 3
    await record(s, bob, table, "Bob ← Carol", "Big seven pairs", "No wild", "Next ▶", hand=1)
    assert status_line(s, table) == "Night 1 · next hand 2 · 1 hand tonight · playing"
    await record(s, carol, table, "Alice ← Bob", "Thirteen rotten", hand=2)
    ask = await s.tap_for_message(carol, table, "Undo", expect="Void the last hand?")
    await wizard(s, carol, ask, "Yes, void hand 2")
    assert "Hand 2 voided." in s.text(ask)
    # the voided hand keeps its number (a void frees nothing, issue 25.4): the next one is
    # hand 3, and "hands tonight" is always next − 1, the voided one said
    assert status_line(s, table) == "Night 1 · next hand 3 · 2 hands tonight (1 voided) · playing"
    await record(s, dave, table, "Dave self-drawn", "Plain win", hand=3)
    assert status_line(s, table) == "Night 1 · next hand 4 · 3 hands tonight (1 voided) · playing"

    ask = await s.say(alice, "/settle", expect="settle")
    await wizard(s, alice, ask, "Settle")
    settled = s.text(ask)
    assert "Night 1 is settled" in settled
    transfers = re.findall(r"^\w+ pays \w+ ¥[\d.]+$", settled, flags=re.M)
    assert transfers
    assert status_line(s, table) == "Night 2 · next hand 1 · playing"

    # night 2 starts at hand 1 (issue 25.4: a hand's number is its place in the night)
    await record(s, carol, table, "Carol self-drawn", "Plain win", hand=1)
    assert status_line(s, table) == "Night 2 · next hand 2 · 1 hand tonight · playing"
    exp = await s.say(bob, "/explain 1", expect="Hand 1")
    assert "night 2" in s.text(exp) and "Carol" in s.text(exp)

    # /nights 1: exactly what the settle message showed, for anyone in the chat
    again = await s.say(eve, "/nights 1", expect="Night 1")
    assert s.text(again) == settled
    assert re.findall(r"^\w+ pays \w+ ¥[\d.]+$", s.text(again), flags=re.M) == transfers

    # /nights 2: the night being played, its totals so far
    cur = await s.say(bob, "/nights 2", expect="Night 2")
    assert "Night 2 so far (not settled yet)" in s.text(cur)
    assert "settled" not in s.text(cur).replace("not settled yet", "")
    assert re.search(r"^Carol: \+\d+ ", s.text(cur), flags=re.M)

    # /nights: both nights, their hand counts and each player's net (night 1's = the settle's)
    listing = s.text(await s.say(eve, "/nights", expect="Nights"))
    lines = listing.splitlines()
    i1 = lines.index("Night 1 · 3 hands (1 voided) · settled")
    i2 = lines.index("Night 2 · 1 hand · tonight")
    night1_nets = dict(re.findall(r"^(\w+): ([+-]\d+) ", settled, flags=re.M))
    shown = dict(re.findall(r"(\w+) ([+-]\d+)", lines[i1 + 1]))
    assert shown == {n: v for n, v in night1_nets.items() if int(v)}
    assert "Carol +" in lines[i2 + 1]

    # wrong numbers get the usage, naming the nights there are
    for bad in ("/nights 0", "/nights 3", "/nights x"):
        msg = await s.say(bob, bad, expect="Usage")
        assert "1 to 2" in s.text(msg)


async def test_nights_in_the_menus_and_help(tg, bot):
    group = json.dumps({"type": "all_group_chats"}, sort_keys=True)
    en = {c["command"]: c["description"] for c in tg.commands[group + "|"]}
    zh = {c["command"]: c["description"] for c in tg.commands[group + "|zh"]}
    assert en["nights"] == "Past nights: totals and who pays whom"
    assert zh["nights"] == "各晚总分与转账"
    chat = tg.group(-100561)
    s = Scene(tg, chat)
    help_msg = await s.say(tg.user(580, "Alice"), "/help", expect="Other commands")
    assert "/nights" in s.text(help_msg)
    zh_help = await s.say(tg.user(581, "小明", lang="zh-hans"), "/help", expect="其他命令")
    assert "/nights" in s.text(zh_help)
