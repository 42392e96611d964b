"""Steps shared by the end-to-end nights of one ruleset each (test_night_*.py, the checklist
and streak tests): the hands as the test means them, the table opened and started, the wizard
driven by its button labels only (a button is found by the parts of its label, so the steps
follow the wizard as it is restructured), the chat's language switched, and the oracle —
``scoring.settle`` on the hands as meant — against the preview, /explain and /settle.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import AsyncIterator, Iterable
from typing import Any

import pytest

import scoring
from tests.bot.conftest import Bot, LiveTable, Scene
from tests.bot.fake_telegram import User
from tests.bot.helpers import seat_and_start, tap_row, to_region

NAMES = ("Alice", "Bob", "Carol", "Dave")
Msg = dict[str, Any]


@pytest.fixture
async def image_bot(tg: Any, db_url: str) -> AsyncIterator[Bot]:
    """The bot with images on (/board, /settle, /explain send photos); a night uses it as its
    ``bot`` fixture with ``bot = nights.image_bot``."""
    b = Bot(tg, db_url, images=True)
    await b.start()
    yield b
    await b.stop()


# --- the hands as meant -------------------------------------------------------------------


def hand(
    ruleset: str,
    options: dict[str, Any],
    dealer: str,
    wins: list[dict[str, Any]],
    *,
    result: str = "win",
    events: list[dict[str, Any]] | None = None,
    counts: dict[str, dict[str, int]] | None = None,
) -> dict[str, Any]:
    """A hand record (contract JSON) at the four-player table ``NAMES``; a win or an event
    without "from" is self-drawn / from nobody."""
    return {
        "ruleset": ruleset,
        "options": options,
        "players": list(NAMES),
        "dealer": dealer,
        "result": result,
        "wins": [{"from": None, "robbed_kong": False, "flags": [], **w} for w in wins],
        "counts": counts or {},
        "events": [{"from": None, **e} for e in events or []],
    }


def payments(record: dict[str, Any]) -> set[str]:
    """The settlement's payments, one line each ("Carol → Bob: 256")."""
    return {f"{p.payer} → {p.payee}: {p.amount}" for p in scoring.settle(record).payments}


def shown(preview: str, units: tuple[str, ...]) -> set[str]:
    """The preview's payment lines, the unit word (one of ``units``) taken off (a "· " step
    line may read "6 faan → 32 units" too: not a payment)."""
    # after the unit, what the payment is for (" · win", #26.2)
    unit = re.compile(" (" + "|".join(map(re.escape, units)) + ")( · [^·]+)?$")
    lines = preview.splitlines()
    return {unit.sub("", ln) for ln in lines if " → " in ln and not ln.startswith("·")}


def _per_pair(lines: Iterable[tuple[str, str, int]]) -> set[str]:
    total: Counter[tuple[str, str]] = Counter()
    for payer, payee, amount in lines:
        total[(payer, payee)] += amount
    return {f"{a} → {b}: {n}" for (a, b), n in total.items()}


def payments_per_pair(record: dict[str, Any]) -> set[str]:
    """The settlement's payments, summed per payer and payee as the preview lists them."""
    return _per_pair((p.payer, p.payee, p.amount) for p in scoring.settle(record).payments)


def shown_per_pair(preview: str) -> set[str]:
    """The preview's payment lines, summed per payer and payee."""
    found = (re.match(r"^(\w+) → (\w+): (\d+)", ln) for ln in preview.splitlines())
    return _per_pair((m[1], m[2], int(m[3])) for m in found if m)


def check_preview(preview: str, record: dict[str, Any]) -> None:
    assert shown_per_pair(preview) == payments_per_pair(record), (
        preview,
        payments_per_pair(record),
    )


# --- the wizard, by its labels ------------------------------------------------------------


async def tap(s: Scene, user: User, msg: Msg, label: str) -> None:
    ans = await s.tap(user, msg, label)
    assert not ans.get("show_alert"), (label, ans, s.text(msg), s.labels(msg))


async def tap_where(s: Scene, user: User, msg: Msg, *parts: str) -> None:
    """Tap the one button whose label contains every part (the wizard's own labels)."""
    hits = [t for t in s.labels(msg) if all(p in t for p in parts)]
    assert len(hits) == 1, (parts, s.labels(msg))
    await tap(s, user, msg, hits[0])


async def pick(s: Scene, user: User, msg: Msg, label: str) -> None:
    """Tap ``label`` on a paged list, paging on (▶ or the next page number) until it shows,
    from the first page."""
    if "1" in s.labels(msg) and not any(label in t for t in s.labels(msg)):
        await tap(s, user, msg, "1")  # an exact "1" is the first page's number
    for page in range(2, 12):
        if any(label in t for t in s.labels(msg)):
            await tap_where(s, user, msg, label)
            return
        await tap(s, user, msg, "▶" if "▶" in s.labels(msg) else str(page))
    raise AssertionError(f"{label!r} never shown")


async def flag_on(s: Scene, user: User, w: Msg, label: str) -> None:
    """Tick a flag on the editor unless the wizard has already ticked it (✅)."""
    hits = [t for t in s.labels(w) if label in t]
    assert len(hits) == 1, (label, s.labels(w))
    if not hits[0].startswith("✅"):
        await tap(s, user, w, hits[0])


def row_for(labels: list[str], winner: str, frm: str | None) -> str:
    """The one button for "winner, self-drawn" / "winner ← frm" / "winner robs frm's kong",
    whatever the wording and language ("Bob ← Carol", "Bob搶Dave的槓", "Dave self-drawn").
    The winners' grid names the winner once, in its row's first cell: a cell "← Carol" after
    (or in the row under) "Bob self-drawn" is Bob's (#26.1)."""
    rows = [t for t in labels if t.startswith(winner)]
    if frm is None:
        rows = [t for t in rows if "self" in t or "自摸" in t]
    else:
        rows = [t for t in rows if frm in t[len(winner) :]]
    if len(rows) == 1:
        return rows[0]
    if frm is not None:
        start = next((i for i, t in enumerate(labels) if t.startswith(winner)), None)
        if start is not None:
            for t in labels[start + 1 :]:
                if not t.startswith("←"):
                    break
                if t.startswith("← " + frm):
                    return t
    raise AssertionError((winner, frm, labels))


async def win_row(s: Scene, user: User, w: Msg, winner: str, frm: str | None) -> None:
    """The winner and how: one row button, or the older two-step form (the winner, then
    "Carol discarded" / "Self-drawn")."""
    names = {winner, winner + " 🎲"}  # the two-tap way shows the winners by name
    if any(t.startswith(winner) and t not in names for t in s.labels(w)):
        label = row_for(s.labels(w), winner, frm)
        if label.startswith("←"):  # one of several "← Carol": the one in the winner's rows
            await tap_grid(s, user, w, winner, label)
        else:
            await tap(s, user, w, label)
        return
    await tap(s, user, w, winner)
    await tap(s, user, w, f"{frm} discarded" if frm else "Self-drawn")


async def tap_grid(s: Scene, user: User, w: Msg, winner: str, cell: str) -> None:
    """Tap ``cell`` ("← Carol") in the winners' grid rows of ``winner``."""
    btns = s.tg.buttons(s.chat, w["message_id"])
    start = next(i for i, b in enumerate(btns) if b["text"].startswith(winner))
    b = next(b for b in btns[start + 1 :] if b["text"] == cell)
    cq = await s.tg.press_data(s.chat, user, w["message_id"], b["callback_data"])
    ans = await s.tg.answer_of(cq)
    assert not ans.get("show_alert"), ans


async def record_win(
    s: Scene,
    user: User,
    table: Msg,
    winner: str,
    frm: str | None,
    label: str = "Record hand",
) -> Msg:
    """``user`` taps Record hand on the table message and enters who won and how (win_row);
    returns the wizard's message."""
    w = await s.tap_for_message(user, table, label)
    await win_row(s, user, w, winner, frm)
    return w


async def keypad(s: Scene, user: User, w: Msg, total: int, mode: str = "Total tai") -> None:
    """The total on the keypad (its mode button first where the step offers one), then ▶."""
    if mode in s.labels(w):
        await tap(s, user, w, mode)
    for digit in str(total):
        await tap(s, user, w, digit)
    await tap_where(s, user, w, "▶")


async def to_preview(s: Scene, user: User, w: Msg, confirm: str = "Confirm") -> str:
    """Next ▶ until the preview (its Confirm) shows; returns its text."""
    for _ in range(10):
        if any(confirm in t for t in s.labels(w)):
            return s.text(w)
        nxt = [t for t in s.labels(w) if t.endswith("▶") and "Back" not in t]
        assert nxt, s.labels(w)
        await tap(s, user, w, nxt[0])
    raise AssertionError(s.labels(w))


async def confirm(
    s: Scene, user: User, w: Msg, n: int, label: str = "Confirm", head: str = "Hand {n}:"
) -> str:
    """Confirm the hand; returns the result line the chat is sent for hand ``n``."""
    mark = s.tg.mark()
    await tap_where(s, user, w, label)
    line = await s.tg.next_message(s.chat, mark, contains=head.format(n=n))
    return str(line["text"])


async def add_event(
    s: Scene,
    user: User,
    w: Msg,
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
    grid = any(t.startswith(f"{player} ← ") for t in rows) or f"← {frm}" in s.labels(w)
    if frm and grid and not one_row:
        # the grid names the player once: "Dave ← Alice | ← Bob | ← Carol" (#26.1)
        await tap_grid(s, user, w, player, f"← {frm}")
    elif any("←" in t for t in rows) and len(one_row) == 1:
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


# --- the table ----------------------------------------------------------------------------


def group_of_four(tg: Any, chat_id: int, first_user_id: int) -> tuple[Scene, list[User]]:
    """The group ``chat_id`` and the players ``NAMES`` (user ids from ``first_user_id`` on)."""
    chat = tg.group(chat_id)
    users = [tg.user(first_user_id + i, n) for i, n in enumerate(NAMES)]
    return Scene(tg, chat), users


async def open_table(s: Scene, user: User, ruleset: str, variant: str | None = None) -> Msg:
    """/newtable, the ruleset (paged) and its variant if given; returns the setup message (on
    the options the table is asked once the variant is picked)."""
    setup = await s.say(user, "/newtable", expect=None)
    if not await to_region(s, user, setup, ruleset):  # the regions first (#26.6)
        await pick(s, user, setup, ruleset)
    if variant is not None:
        await tap_where(s, user, setup, variant)
    return setup


async def start_table(
    s: Scene, setup: Msg, users: list[User], *title: str, money: str = "¥1"
) -> Msg:
    """Next, the money, the table message (showing every part of ``title``), everyone seated
    and started by ``users[0]``; returns the table message. A table whose stake its rules fix
    (Hong Kong's 五一, Taiwan's dollars: issue 25.1) offers no "¥1": its one stake is tapped."""
    creator = users[0]
    await tap_where(s, creator, setup, "Next")
    mark = s.tg.mark()
    labels = s.labels(setup)
    await tap(s, creator, setup, money if money in labels else labels[1])
    table = LiveTable(s, await s.tg.next_message(s.chat, mark))  # wherever it is later
    for part in title:
        assert part in s.text(table), (part, s.text(table))
    await seat_and_start(s, table, users)
    return table


def dealer_of(s: Scene, table: Msg) -> str:
    line = next(ln for ln in s.text(table).splitlines() if "🎲" in ln)
    return next(n for n in NAMES if n in line)


async def to_hant(s: Scene, user: User, table_title: str) -> Msg:
    """/lang → 繁體中文, then /table; returns the table message (showing ``table_title``)."""
    lang = await s.say(user, "/lang", expect="Language of this chat")
    await tap(s, user, lang, "繁體中文")
    return await s.say(user, "/table", expect=table_title)


async def to_english(s: Scene, user: User, table_title: str) -> Msg:
    """/lang → English (from Traditional Chinese), then /table; returns the table message."""
    lang = await s.say(user, "/lang", expect="本群語言")
    await tap(s, user, lang, "English")
    return await s.say(user, "/table", expect=table_title)


async def explain_with_card(s: Scene, user: User, n: int) -> str:
    """/explain n: its text, and the hand card image sent after it (an image bot)."""
    mark = s.tg.mark()
    exp = await s.say(user, f"/explain {n}", expect=f"Hand {n}")
    await s.tg.next_message(s.chat, mark, method="sendPhoto")
    return s.text(exp)


async def settle_is_the_sum(
    s: Scene, user: User, hands: Iterable[dict[str, Any]], money: str = "¥", cents: int = 100
) -> None:
    """/settle: the fewest transfers (in the table's one currency, ``money`` its symbol, at
    ``cents`` minor units a unit: ¥1 by default) equal the hand-by-hand sum of
    ``scoring.settle`` over the hands as meant, which is zero."""
    expected: Counter[str] = Counter()
    for h in hands:
        for p, v in scoring.settle(h).net.items():
            expected[p] += v
    assert sum(expected.values()) == 0
    ask = await s.say(user, "/settle", expect="settle")
    await tap(s, user, ask, "Settle")
    text = s.text(ask)
    balance: Counter[str] = Counter()
    for payer, payee, amount in re.findall(
        rf"^(\w+) pays (\w+) {re.escape(money)}([\d,]+(?:\.\d+)?)$", text, flags=re.M
    ):
        balance[payer] -= round(float(amount.replace(",", "")) * 100)
        balance[payee] += round(float(amount.replace(",", "")) * 100)
    assert {n: balance[n] for n in NAMES} == {n: expected[n] * cents for n in NAMES}, text
