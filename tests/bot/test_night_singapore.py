"""A Singapore night end to end over the fake Bot API server: /newtable (preset "Telegram bots",
shooter pays; the options asked: base, who pays, minimum and limit tai), six hands — a tai total
on the keypad with a concealed kong, a drawn hand whose instant payouts still pay (a kong on a
discard, a hidden bite), a checklist self-draw, a win with a one-payer bite recorded in
Traditional Chinese after /lang, a self-draw under 包 liability, a fresh-tile win with a hidden
seat-flower pair — then /settle.

Rules: shared/rules/singapore.md §2 (S(t) = 2^(t−1), Z = 2S; shooter pays Z + 2S; self-draw Z
each; 包 3Z; §2.4 kong 3k / 2k each, bite k / 2k hidden). The oracle for the money is
``scoring.settle`` on the hands as the test means them (players by name); the wizard is driven
by its button labels only (the helpers below find a button by the parts of its label, so they
follow the wizard as it is restructured).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import AsyncIterator
from typing import Any

import pytest

import scoring
from tests.bot.conftest import Bot, LiveTable, Scene
from tests.bot.fake_telegram import User
from tests.bot.helpers import seat_and_start, tap_row

NAMES = ("Alice", "Bob", "Carol", "Dave")
OPTIONS = {"preset": "bots"}


def rec(
    dealer: str,
    wins: list[dict[str, Any]],
    *,
    events: list[dict[str, Any]] | None = None,
    result: str = "win",
) -> dict[str, Any]:
    return {
        "ruleset": "singapore",
        "options": OPTIONS,
        "players": list(NAMES),
        "dealer": dealer,
        "result": result,
        "wins": [{"from": None, "robbed_kong": False, "flags": [], **w} for w in wins],
        "events": [{"from": None, **e} for e in events or []],
    }


# the hands as meant, in order (the dealer keeps the deal on a win or a draw, else it passes on)
H1 = rec(
    "Alice",
    [{"winner": "Bob", "from": "Carol", "fan": 4}],
    events=[{"type": "concealed_kong", "player": "Dave"}],
)
H2 = rec(
    "Bob",
    [],
    events=[
        {"type": "exposed_kong", "player": "Alice", "from": "Bob"},
        {"type": "animal_pair", "player": "Carol", "hidden": 1},
    ],
    result="draw",
)
H3 = rec("Bob", [{"winner": "Carol", "fans": ["pong_pong_hu", "half_flush"]}])
H4 = rec(
    "Carol",
    [{"winner": "Dave", "from": "Alice", "fan": 3}],
    events=[{"type": "animal_pair", "player": "Dave", "from": "Bob"}],
)
H5 = rec(
    "Dave",
    [{"winner": "Alice", "fan": 2}],
    events=[{"type": "bao", "player": "Alice", "from": "Bob"}],
)
H6 = rec(
    "Alice",
    [{"winner": "Bob", "from": "Dave", "fan": 1, "flags": ["fresh_tile"]}],
    events=[{"type": "seat_flower_pair", "player": "Bob", "hidden": 1}],
)
HANDS = (H1, H2, H3, H4, H5, H6)


def payments(record: dict[str, Any]) -> set[str]:
    """The settlement's payments, summed per payer and payee as the preview lists them."""
    total: Counter[tuple[str, str]] = Counter()
    for p in scoring.settle(record).payments:
        total[(p.payer, p.payee)] += p.amount
    return {f"{a} → {b}: {n}" for (a, b), n in total.items()}


def shown(preview: str) -> set[str]:
    total: Counter[tuple[str, str]] = Counter()
    for ln in preview.splitlines():
        m = re.match(r"^(\w+) → (\w+): (\d+)", ln)
        if m:
            total[(m[1], m[2])] += int(m[3])
    return {f"{a} → {b}: {n}" for (a, b), n in total.items()}


async def tap(s: Scene, user: User, msg: dict[str, Any], label: str) -> None:
    ans = await s.tap(user, msg, label)
    assert not ans.get("show_alert"), (label, ans, s.text(msg), s.labels(msg))


async def tap_where(s: Scene, user: User, msg: dict[str, Any], *parts: str) -> None:
    """Tap the one button whose label contains every part (the wizard's own labels)."""
    hits = [t for t in s.labels(msg) if all(p in t for p in parts)]
    assert len(hits) == 1, (parts, s.labels(msg))
    await tap(s, user, msg, hits[0])


async def pick(s: Scene, user: User, msg: dict[str, Any], label: str) -> None:
    """Tap ``label`` on a paged list, paging on (▶ or the next page number) until it shows."""
    for page in range(2, 12):
        if any(label in t for t in s.labels(msg)):
            await tap_where(s, user, msg, label)
            return
        await tap(s, user, msg, "▶" if "▶" in s.labels(msg) else str(page))
    raise AssertionError(f"{label!r} never shown")


async def win_row(s: Scene, user: User, w: dict[str, Any], winner: str, frm: str | None) -> None:
    """The winner and how: one row button ("Bob ← Carol", "Dave self-drawn"), or the older
    two-step form (the winner, then "Carol discarded" / "Self-drawn")."""
    rows = [
        t
        for t in s.labels(w)
        if t.split()[0] == winner and ("←" in t or "self" in t or "自摸" in t)
    ]
    if rows:
        want = [
            t for t in rows if (t.endswith(f"← {frm}") if frm else ("self" in t or "自摸" in t))
        ]
        assert len(want) == 1, (winner, frm, rows)
        await tap(s, user, w, want[0])
        return
    await tap(s, user, w, winner)
    await tap(s, user, w, f"{frm} discarded" if frm else "Self-drawn")


async def keypad(
    s: Scene, user: User, w: dict[str, Any], total: int, mode: str = "Total tai"
) -> None:
    if mode in s.labels(w):
        await tap(s, user, w, mode)
    for digit in str(total):
        await tap(s, user, w, digit)
    await tap_where(s, user, w, "▶")


async def to_preview(s: Scene, user: User, w: dict[str, Any], confirm: str = "Confirm") -> str:
    for _ in range(10):
        if any(confirm in t for t in s.labels(w)):
            return s.text(w)
        nxt = [t for t in s.labels(w) if t.endswith("▶") and "Back" not in t]
        assert nxt, s.labels(w)
        await tap(s, user, w, nxt[0])
    raise AssertionError(s.labels(w))


async def confirm(
    s: Scene, user: User, w: dict[str, Any], n: int, label: str = "Confirm", head: str = "Hand {n}:"
) -> str:
    mark = s.tg.mark()
    await tap_where(s, user, w, label)
    line = await s.tg.next_message(s.chat, mark, contains=head.format(n=n))
    return str(line["text"])


async def add_event(
    s: Scene,
    user: User,
    w: dict[str, Any],
    label: str,
    player: str,
    frm: str | None = None,
    *,
    field: str | None = None,
    value: int = 0,
) -> None:
    """On the preview (the editor): ➕ the event, then its int field raised to ``value``, its
    player and its 'from' — as one row ("Alice ← Bob", or "Alice" for none) with the fields on
    the same screen, or in the older steps (player, from, fields, ✔ Add)."""
    await tap_where(s, user, w, "➕", label)

    def has_field() -> bool:
        return field is not None and any(field in t and ":" in t for t in s.labels(w))

    async def set_field() -> None:
        if field is not None and value:
            await tap_row(s, user, w, field, "➕", times=value)

    if has_field():
        await set_field()
    rows = [t for t in s.labels(w) if t.split() and t.split()[0] == player]
    one_row = [t for t in rows if (t.endswith(f"← {frm}") if frm else "←" not in t)]
    if any("←" in t for t in rows) and len(one_row) == 1:
        await tap(s, user, w, one_row[0])
    else:  # the older form: the player, then who it came from, then the fields
        await tap(s, user, w, one_row[0] if one_row else player)
        if frm is not None:
            await tap_where(s, user, w, frm)
        elif any(t in ("Nobody", "無人", "无人") for t in s.labels(w)):
            await tap(s, user, w, next(t for t in s.labels(w) if t in ("Nobody", "無人", "无人")))
        if has_field():
            await set_field()
            await tap_where(s, user, w, "✔")


def dealer_of(s: Scene, table: dict[str, Any]) -> str:
    line = next(ln for ln in s.text(table).splitlines() if "🎲" in ln)
    return next(n for n in NAMES if n in line)


def check_preview(preview: str, record: dict[str, Any]) -> None:
    assert shown(preview) == payments(record), (preview, payments(record))


@pytest.fixture
async def bot(
    tg: Any, db_url: str
) -> AsyncIterator[Bot]:  # images on: /board, /settle, /explain send photos
    b = Bot(tg, db_url, images=True)
    await b.start()
    yield b
    await b.stop()


async def test_singapore_night(tg: Any, bot: Any) -> None:
    chat = tg.group(-100651)
    users = [tg.user(651 + i, n) for i, n in enumerate(NAMES)]
    alice, bob, carol, dave = users
    s = Scene(tg, chat)

    # /newtable: the ruleset, its variant, the options asked (base, who pays, min, limit)
    setup = await s.say(alice, "/newtable", expect=None)
    await pick(s, alice, setup, "Singapore")
    await tap_where(s, alice, setup, "Telegram bots")
    opts = s.labels(setup)
    assert "Minimum tai: 1" in opts and "Limit (tai): 5" in opts
    assert any("Shooter pays all" in t for t in opts)
    await tap_where(s, alice, setup, "Next")
    mark = tg.mark()
    await tap(s, alice, setup, "¥1")
    table = LiveTable(s, await tg.next_message(chat, mark))
    assert "Singapore" in s.text(table)
    await seat_and_start(s, table, users)
    assert dealer_of(s, table) == "Alice"

    # Hand 1 — Bob wins 4 tai on Carol's discard (shooter: Carol pays Z + 2S = 16 + 16);
    # Dave made a concealed kong (2 from each, §2.4)
    w = await s.tap_for_message(bob, table, "Record hand")
    await win_row(s, bob, w, "Bob", "Carol")
    await keypad(s, bob, w, 4)
    await to_preview(s, bob, w)
    await add_event(s, bob, w, "Concealed kong", "Dave")
    preview = await to_preview(s, bob, w)
    check_preview(preview, H1)
    assert "Carol pays Z + 2·S = 16 + 2 × 8 = 32" in preview
    line = await confirm(s, bob, w, 1)
    assert "Bob +30" in line and "Dave +6" in line and "Carol -34" in line
    assert dealer_of(s, table) == "Bob"

    # Hand 2 — a draw: no hand money, but Alice's kong on Bob's discard (3) and Carol's hidden
    # bite (2 from each) are paid (§1 "The events still pay")
    w = await s.tap_for_message(carol, table, "Draw")
    await to_preview(s, carol, w)
    await add_event(s, carol, w, "Kong on a discard", "Alice", "Bob", field="fresh", value=0)
    await add_event(s, carol, w, "Bite", "Carol", field="hidden", value=1)
    preview = await to_preview(s, carol, w)
    check_preview(preview, H2)
    await confirm(s, carol, w, 2)
    assert dealer_of(s, table) == "Bob"

    # Hand 3 — Carol self-draws; checklist: all pungs 2 + half flush 2 = 4 tai, Z = 16 each
    w = await s.tap_for_message(carol, table, "Record hand")
    await win_row(s, carol, w, "Carol", None)
    await tap(s, carol, w, "Tai checklist")
    for fan in ("All pungs · 2", "Half flush · 2"):
        await pick(s, carol, w, fan)
    preview = await to_preview(s, carol, w)
    check_preview(preview, H3)
    assert "All pungs 2 + Half flush 2 = 4 tai" in preview
    assert "Carol +48" in await confirm(s, carol, w, 3)
    assert dealer_of(s, table) == "Carol"

    # Hand 4 — in Traditional Chinese: Dave wins 3 tai on Alice's discard (Alice pays 8 + 8);
    # Dave's bite is paid by Bob alone (SG5: one payer, k = 1)
    lang = await s.say(alice, "/lang", expect="Language of this chat")
    await tap(s, alice, lang, "繁體中文")
    table_zh = await s.say(alice, "/table", expect="新加坡麻將")
    w = await s.tap_for_message(dave, table_zh, "記一局")
    await win_row(s, dave, w, "Dave", "Alice")
    await keypad(s, dave, w, 3, mode="總台數")
    await to_preview(s, dave, w, confirm="確認")
    await add_event(s, dave, w, "咬（貓鼠或雞蜈蚣）", "Dave", "Bob", field="暗", value=0)
    preview = await to_preview(s, dave, w, confirm="確認")
    check_preview(preview, H4)
    assert "放炮者全付" in preview
    await confirm(s, dave, w, 4, label="確認", head="第 {n} 局")
    lang = await s.say(alice, "/lang", expect="本群語言")
    await tap(s, alice, lang, "English")
    table = await s.say(alice, "/table", expect="Singapore")
    assert dealer_of(s, table) == "Dave"

    # Hand 5 — Alice self-draws 2 tai; Bob is liable (包): he alone pays 3 × Z(2) = 12
    w = await s.tap_for_message(alice, table, "Record hand")
    await win_row(s, alice, w, "Alice", None)
    await keypad(s, alice, w, 2)
    await to_preview(s, alice, w)
    await add_event(s, alice, w, "Bao", "Alice", "Bob")
    preview = await to_preview(s, alice, w)
    check_preview(preview, H5)
    assert payments(H5) == {"Bob → Alice: 12"}
    assert "bao: Bob alone pays the three double shares 3 × 4 = 12" in preview
    await confirm(s, alice, w, 5)
    assert dealer_of(s, table) == "Alice"

    # Hand 6 — Bob wins 1 tai on Dave's fresh tile (Dave pays 2 + 2); Bob held his own flower
    # and season from the deal (hidden pair: 2 from each)
    w = await s.tap_for_message(bob, table, "Record hand")
    await win_row(s, bob, w, "Bob", "Dave")
    await keypad(s, bob, w, 1)
    await to_preview(s, bob, w)
    await tap_where(s, bob, w, "Fresh tile")
    await add_event(s, bob, w, "Own flower and season", "Bob", field="hidden", value=1)
    preview = await to_preview(s, bob, w)
    check_preview(preview, H6)
    await confirm(s, bob, w, 6)
    assert dealer_of(s, table) == "Bob"

    # /explain 2 — the drawn hand's instant payouts, step by step, and its hand card image
    mark = tg.mark()
    exp = await s.say(dave, "/explain 2", expect="Hand 2")
    assert "Alice kong on a discard: the feeder Bob pays 3k = 3" in s.text(exp)
    assert "Carol bite (hidden): each of the three pays 2k = 2" in s.text(exp)
    await tg.next_message(chat, mark, method="sendPhoto")

    # /settle: the fewest transfers equal the hand-by-hand sum, at ¥1 a unit
    expected: Counter[str] = Counter()
    for h in HANDS:
        for p, v in scoring.settle(h).net.items():
            expected[p] += v
    assert sum(expected.values()) == 0
    ask = await s.say(alice, "/settle", expect="settle")
    await tap(s, alice, ask, "Settle")
    text = s.text(ask)
    balance: Counter[str] = Counter()
    for payer, payee, amount in re.findall(
        r"^(\w+) pays (\w+) ¥(\d+(?:\.\d+)?)$", text, flags=re.M
    ):
        balance[payer] -= round(float(amount))
        balance[payee] += round(float(amount))
    assert {n: balance[n] for n in NAMES} == {n: expected[n] for n in NAMES}, text
