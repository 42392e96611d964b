"""A full night on Xingguo (兴国冲关), end to end over real HTTP: four users in a group open a
table, record seven hands (精 bonuses, a kong, a draw, an undo, a correction) and settle.

The oracle for the money is the scoring core itself, called directly on the hands as the test
means them (by name): the bot's /settle transfers must add up to the sum of those hands.
The first hand is the contract's worked example (shared/contracts/hand-record.md: "bob" wins a
no-wild big seven pairs on carol's discard with alice dealing → alice −16, bob +45,
carol −21, dave −8).
"""

from __future__ import annotations

import re
from collections import Counter

import pytest

import scoring
from tests.bot.conftest import Bot, Scene
from tests.bot.helpers import next_until, open_table, seat_and_start, tap_count, wizard

NAMES = ("Alice", "Bob", "Carol", "Dave")


def rec(
    dealer: str,
    wins: list[dict],
    counts: dict | None = None,
    events: list | None = None,
    result: str = "win",
) -> dict:
    full = []
    for w in wins:
        full.append(
            {
                "winner": w["winner"],
                "from": w.get("from"),
                "robbed_kong": False,
                "shape": w["shape"],
                "flags": w.get("flags", []),
            }
        )
    return {
        "ruleset": "xingguo",
        "options": {},
        "players": list(NAMES),
        "dealer": dealer,
        "result": result,
        "wins": full,
        "counts": counts or {},
        "events": events or [],
    }


# The hands as meant (player ids = names), in the order they stand at the end of the night.
H1 = rec(
    "Alice", [{"winner": "Bob", "from": "Carol", "shape": "big_seven_pairs", "flags": ["no_wild"]}]
)
H2 = rec(
    "Bob",
    [{"winner": "Bob", "from": None, "shape": "plain_win"}],
    counts={"primary_wild": {"Alice": 1}, "secondary_wild": {"Bob": 2}},
)
H3 = rec("Bob", [], result="draw")
H4 = rec(
    "Bob",
    [{"winner": "Dave", "from": None, "shape": "small_seven_pairs", "flags": ["wild_single_wait"]}],
    counts={"primary_wild": {"Dave": 2}},
    events=[{"type": "concealed_kong", "player": "Carol", "from": None}],
)
H6_CORRECTED = rec(
    "Carol", [{"winner": "Carol", "from": "Dave", "shape": "big_seven_pairs", "flags": ["no_wild"]}]
)
H7 = rec("Carol", [{"winner": "Alice", "from": None, "shape": "plain_win", "flags": ["no_wild"]}])


def expected_nets() -> Counter[str]:
    total: Counter[str] = Counter()
    for r in (H1, H2, H3, H4, H6_CORRECTED, H7):
        for p, v in scoring.settle(r).net.items():
            total[p] += v
    return total


def dealer_of(s: Scene, table: dict) -> str:
    line = next(ln for ln in s.text(table).splitlines() if "dealer" in ln)
    return next(n for n in NAMES if n in line)


@pytest.fixture
async def bot(tg, db_url):  # images on: /board, /settle, /explain send photos
    b = Bot(tg, db_url, images=True)
    await b.start()
    yield b
    await b.stop()


async def test_full_night_xingguo(tg, bot):
    chat = tg.group(-100500)
    users = [tg.user(100 + i, n) for i, n in enumerate(NAMES)]
    alice, bob, carol, dave = users
    s = Scene(tg, chat)

    table = await open_table(s, alice, "Xingguo", stake="¥1")
    assert "Stake: ¥1 per" in s.text(table)
    await seat_and_start(s, table, users)
    assert [
        ln.split()[1] for ln in s.text(table).splitlines() if ln[:2] in ("E ", "S ", "W ", "N ")
    ] == list(NAMES)
    assert dealer_of(s, table) == "Alice"

    # Hand 1 — the contract's example
    w = await s.tap_for_message(bob, table, "Record hand")
    await wizard(s, bob, w, "Bob ← Carol", "Big seven pairs", "No wild", "Next ▶")
    await next_until(s, bob, w, "Confirm")
    preview = s.text(w)
    assert (
        "Alice → Bob: 16" in preview and "Carol → Bob: 21" in preview and "Dave → Bob: 8" in preview
    )
    assert "Dealer 1 · Big seven pairs 2 · No-wild 1 → ×16" in preview
    mark = tg.mark()
    await wizard(s, bob, w, "Confirm")
    line = await tg.next_message(chat, mark, contains="Hand 1:")
    assert "Bob +45" in line["text"] and "Carol -21" in line["text"]
    assert "Confirm" not in s.labels(w) and "recorded" in s.text(w)
    assert dealer_of(s, table) == "Bob"

    # Hand 2 — dealer Bob self-draws a plain win; 精 held: Alice 1 正精, Bob 2 副精
    w = await s.tap_for_message(alice, table, "Record hand")
    await wizard(s, alice, w, "Bob self-drawn", "Plain win")
    await tap_count(s, alice, w, "Primary", "Alice", "➕")  # on the preview, the editor
    await tap_count(s, alice, w, "Secondary", "Bob", "➕", times=2)
    await next_until(s, alice, w, "Confirm")
    assert "wildcards" in s.text(w).lower()
    mark = tg.mark()
    await wizard(s, alice, w, "Confirm")
    await tg.next_message(chat, mark, contains="Hand 2:")
    assert dealer_of(s, table) == "Bob"

    # Hand 3 — a draw (the table's Draw button): nothing paid, the dealer stays
    w = await s.tap_for_message(carol, table, "Draw")
    await next_until(s, carol, w, "Confirm")
    assert "Nobody pays anything." in s.text(w)
    mark = tg.mark()
    await wizard(s, carol, w, "Confirm")
    await tg.next_message(chat, mark, contains="Hand 3:")
    assert dealer_of(s, table) == "Bob"

    # Hand 4 — Dave self-draws small seven pairs on a wild single wait (精吊), holds 2 正精;
    # Carol made a concealed kong
    w = await s.tap_for_message(dave, table, "Record hand")
    await wizard(s, dave, w, "Dave self-drawn", "Small seven pairs", "Wild single wait", "Next ▶")
    await tap_count(s, dave, w, "Primary", "Dave", "➕", times=2)
    await wizard(s, dave, w, "Concealed kong", "Carol")
    assert "Concealed kong: Carol" in s.text(w)
    await next_until(s, dave, w, "Confirm")
    mark = tg.mark()
    await wizard(s, dave, w, "Confirm")
    await tg.next_message(chat, mark, contains="Hand 4:")
    assert dealer_of(s, table) == "Carol"

    # Hand 5 — entered by mistake, then undone (Undo → confirmation → Yes)
    w = await s.tap_for_message(carol, table, "Record hand")
    await wizard(s, carol, w, "Alice ← Bob", "Thirteen rotten")
    await next_until(s, carol, w, "Confirm")
    mark = tg.mark()
    await wizard(s, carol, w, "Confirm")
    await tg.next_message(chat, mark, contains="Hand 5:")
    assert dealer_of(s, table) == "Dave"
    ask = await s.tap_for_message(carol, table, "Undo", expect="Void the last hand?")
    assert "Hand 5" in s.text(ask)
    ans = await s.tap(
        dave, ask, "Yes, void hand 5"
    )  # Dave neither recorded it nor created the table
    assert ans.get("show_alert")
    await wizard(s, carol, ask, "Yes, void hand 5")
    assert "Hand 5 voided." in s.text(ask)
    ans = await s.tap(carol, ask, "Yes") if s.labels(ask) else {"show_alert": True}
    assert ans.get("show_alert")  # the confirmation is gone; nothing to tap twice
    assert dealer_of(s, table) == "Carol"

    # Hand 6 — Carol (dealer) wins big seven pairs on Dave's discard, 1 副精 (later corrected)
    w = await s.tap_for_message(carol, table, "Record hand")
    await wizard(s, carol, w, "Carol ← Dave", "Big seven pairs", "Next ▶", "Next ▶")
    await tap_count(s, carol, w, "Secondary", "Carol", "➕")
    await next_until(s, carol, w, "Confirm")
    mark = tg.mark()
    await wizard(s, carol, w, "Confirm")
    await tg.next_message(chat, mark, contains="Hand 6:")
    assert dealer_of(s, table) == "Carol"

    # Hand 7 — Alice self-draws a no-wild plain win
    w = await s.tap_for_message(alice, table, "Record hand")
    await wizard(s, alice, w, "Alice self-drawn", "Plain win", "No wild")
    await next_until(s, alice, w, "Confirm")
    mark = tg.mark()
    await wizard(s, alice, w, "Confirm")
    await tg.next_message(chat, mark, contains="Hand 7:")
    assert dealer_of(s, table) == "Dave"

    # /edit 6: it was a no-wild hand and nobody held a 副精 — fixed on the preview (the editor)
    w = await s.say(carol, "/edit 6", expect="Correcting hand 6")
    assert "Confirm" in " ".join(s.labels(w))
    await tap_count(s, carol, w, "Secondary", "Carol", "➖")
    await wizard(s, carol, w, "No wild")
    preview = s.text(w)
    assert "Dave → Carol" in preview
    mark = tg.mark()
    await wizard(s, carol, w, "Confirm")
    await tg.next_message(chat, mark, contains="corrected" if False else ":")
    assert "corrected" in s.text(w)

    # /history: every hand, the voided one marked
    hist = await s.say(bob, "/history", expect="History")
    assert "❌ Hand 5:" in s.text(hist)  # undone: it keeps its number (issue 25.4)
    # the replaced hand 6 has no number of its own: "Hand 6, corrected HH:MM by Carol, was: …"
    assert re.search(r"✏️ Hand 6, corrected \d\d:\d\d by Carol, was: ", s.text(hist))
    assert "Hand 8" not in s.text(hist)

    # /explain 1 — the full derivation, and a hand card image
    mark = tg.mark()
    exp = await s.say(bob, "/explain 1", expect="Hand 1")
    assert "Discard 1 · Big seven pairs 2 · No-wild 1 → ×16, + 5 (No-wild) = 21" in s.text(exp)
    await tg.next_message(chat, mark, method="sendPhoto")

    # /board sends the scoreboard image with the standings
    board = await s.say(dave, "/board", method="sendPhoto")
    assert board["photo"]

    # /export sends the table as a CSV document
    doc = await s.say(alice, "/export", method="sendDocument")
    assert doc["document"]["file_name"].endswith(".csv")
    csv_bytes = tg.messages[(chat.id, doc["message_id"])]["bytes"]
    assert b"Alice" in csv_bytes

    # /settle: the fewest transfers equal the hand-by-hand sum (at ¥1 per point)
    ask = await s.say(alice, "/settle", expect="settle")
    mark = tg.mark()
    await wizard(s, alice, ask, "Settle")
    text = s.text(ask)
    assert "Night 1 is settled" in text
    balance: Counter[str] = Counter()
    transfers = re.findall(r"^(\w+) pays (\w+) ¥(\d+(?:\.\d+)?)$", text, flags=re.M)
    assert transfers
    for payer, payee, amount in transfers:
        cents = round(float(amount) * 100)
        balance[payer] -= cents
        balance[payee] += cents
    expected = expected_nets()
    assert {n: balance[n] for n in NAMES} == {n: expected[n] * 100 for n in NAMES}
    assert len(transfers) <= 3
    for n in NAMES:
        assert re.search(rf"^{n}: {re.escape(format(expected[n], '+d'))} ", text, flags=re.M), (
            n,
            text,
        )
    await tg.next_message(chat, mark, method="sendPhoto")  # the settlement image
    assert "Night 2" in s.text(table)
