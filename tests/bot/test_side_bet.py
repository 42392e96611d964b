"""Yichun 压鸽子 end to end: an event's text field (the backer, a chat player who is not seated).

Source: shared/seeds yichun L49 as encoded in scoring/rulesets/yichun.py — a backer "wins or
loses exactly what the seat does". The wizard offers the chat's players who are not seated
(here Eve, who opened the table without sitting down) and "Someone else", answered by a text
reply that creates a guest of the chat (Grandpa). The oracle for the money is the scoring core
on the same hands written by name; /settle must move exactly those nets, backers included.
"""

from __future__ import annotations

import re
from collections import Counter

import scoring
from tests.bot.conftest import Scene
from tests.bot.helpers import next_until, open_table, seat_and_start, wizard

NAMES = ("Alice", "Bob", "Carol", "Dave")


def rec(dealer: str, winner: str, discarder: str | None, events: list[dict]) -> dict:
    return {
        "ruleset": "yichun",
        "players": list(NAMES),
        "dealer": dealer,
        "result": "win",
        "wins": [{"winner": winner, "from": discarder, "shape": "ping_hu", "flags": []}],
        "events": events,
    }


async def reply_name(s: Scene, user, msg: dict, name: str) -> None:
    """Reply to the wizard message with a name; wait until the wizard moves on."""
    before = s.text(msg)
    target = s.tg.messages[(s.chat.id, msg["message_id"])]
    await s.tg.post(s.chat, user, name, reply_to=target)
    await s.tg.wait_for(lambda: s.text(msg) != before)


async def test_side_bet_backers_win_and_lose_with_their_seat_and_settle(tg, bot):
    chat = tg.group(-100990)
    users = [tg.user(900 + i, n) for i, n in enumerate(NAMES)]
    alice, bob, carol, _dave = users
    eve = tg.user(990, "Eve")
    s = Scene(tg, chat)
    table = await open_table(s, eve, "Yichun", stake="¥1")  # Eve opens it, never sits
    await seat_and_start(s, table, users)

    # Hand 1: Bob wins a basic hand on Carol's discard; Grandpa (typed) backs Bob,
    # Eve (offered: a chat player who is not seated) backs Carol
    w = await s.tap_for_message(alice, table, "Record hand")
    await wizard(s, alice, w, "Bob ← Carol", "basic hand")
    await next_until(s, alice, w, "side bet")
    await wizard(s, alice, w, "➕ side bet", "Bob")
    assert "who is the backer?" in s.text(w)
    labels = s.labels(w)
    assert "Eve" in labels and not set(NAMES) & set(labels)  # seated players are not backers
    await wizard(s, alice, w, "Someone else")
    assert "reply to this message" in s.text(w)
    await reply_name(s, alice, w, "Grandpa")
    assert "side bet: Bob · backer Grandpa" in s.text(w)
    await wizard(s, alice, w, "➕ side bet", "Carol", "Eve")
    assert "side bet: Carol · backer Eve" in s.text(w)
    await next_until(s, alice, w, "Confirm")
    h1 = scoring.settle(
        rec(
            "Alice",
            "Bob",
            "Carol",
            [
                {"type": "side_bet", "player": "Bob", "backer": "Grandpa"},
                {"type": "side_bet", "player": "Carol", "backer": "Eve"},
            ],
        )
    ).net
    # (Bob also collects from Eve, Carol's backer: payments between seats are mirrored)
    assert h1["Grandpa"] > 0 and h1["Eve"] < 0 and sum(h1.values()) == 0
    preview = s.text(w)
    assert f"Grandpa: {h1['Grandpa']:+d}" in preview and f"Eve: {h1['Eve']:+d}" in preview
    mark = tg.mark()
    await wizard(s, alice, w, "Confirm")
    line = await tg.next_message(chat, mark, contains="Hand 1:")
    assert f"Grandpa {h1['Grandpa']:+d}" in line["text"] and f"Eve {h1['Eve']:+d}" in line["text"]

    # Hand 2 (Bob deals now): Grandpa is a chat player (a guest) and is offered; he backs
    # Dave, who pays Alice's self-drawn win
    assert "Bob 🎲dealer" in s.text(table)
    w = await s.tap_for_message(bob, table, "Record hand")
    await wizard(s, bob, w, "Alice self-drawn", "basic hand")
    await next_until(s, bob, w, "side bet")
    await wizard(s, bob, w, "➕ side bet", "Dave")
    assert {"Eve", "Grandpa"} <= set(s.labels(w))
    await wizard(s, bob, w, "Grandpa")
    await next_until(s, bob, w, "Confirm")
    mark = tg.mark()
    await wizard(s, bob, w, "Confirm")
    await tg.next_message(chat, mark, contains="Hand 2:")
    h2 = scoring.settle(
        rec("Bob", "Alice", None, [{"type": "side_bet", "player": "Dave", "backer": "Grandpa"}])
    ).net
    assert h2["Grandpa"] == h2["Dave"] < 0

    # the guest was created once, for the chat, and never seated
    t = bot.ledger.current_table(chat.id)
    assert "Grandpa" not in [seat.name for seat in t.seats]
    assert [p.name for p in bot.ledger.chat_players(chat.id)].count("Grandpa") == 1

    # /settle: the transfers move exactly the hand-by-hand nets, backers included
    expected: Counter[str] = Counter()
    for net in (h1, h2):
        for k, v in net.items():
            expected[k] += v
    ask = await s.say(carol, "/settle", expect="settle")
    await wizard(s, carol, ask, "Settle")
    text = s.text(ask)
    transfers = re.findall(r"^(\w+) pays (\w+) ¥(\d+(?:\.\d+)?)$", text, flags=re.M)
    balance: Counter[str] = Counter()
    for payer, payee, amount in transfers:
        cents = round(float(amount) * 100)
        balance[payer] -= cents
        balance[payee] += cents
    everyone = [*NAMES, "Eve", "Grandpa"]
    assert {n: balance[n] for n in everyone} == {n: expected[n] * 100 for n in everyone}
    assert expected["Eve"] and any("Eve" in (a, b) for a, b, _ in transfers)


async def test_side_bet_in_calc_takes_a_typed_name(tg, bot):
    alice = tg.user(995, "Alice")
    chat = tg.private(alice)
    s = Scene(tg, chat)
    setup = await s.say(alice, "/calc")
    from tests.bot.helpers import pick_paged

    await pick_paged(s, alice, setup, "Yichun")
    labels = s.labels(setup)
    nxt = next((t for t in labels if "Next" in t), None)
    if nxt:
        await wizard(s, alice, setup, nxt)
    w = setup
    await wizard(s, alice, w, "South self-drawn", "basic hand")
    await next_until(s, alice, w, "side bet")
    await wizard(s, alice, w, "➕ side bet", "South", "Someone else")
    await reply_name(s, alice, w, "Uncle")
    await next_until(s, alice, w, "New calculation")
    net = scoring.settle(
        {
            "ruleset": "yichun",
            "players": ["e", "s", "w", "n"],
            "dealer": "e",
            "result": "win",
            "wins": [{"winner": "s", "from": None, "shape": "ping_hu", "flags": []}],
            "events": [{"type": "side_bet", "player": "s", "backer": "x1"}],
        }
    ).net
    assert f"Uncle: {net['x1']:+d}" in s.text(w) and net["x1"] == net["s"] > 0
    assert bot.ledger.chat_players(chat.id) == []  # /calc creates no guest
