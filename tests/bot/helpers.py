"""Scenario steps shared by the end-to-end tests."""

from __future__ import annotations

from typing import Any

import scoring
from tests.bot.conftest import LiveTable, Scene
from tests.bot.fake_telegram import User


def result_messages(s: Scene, n: int) -> list[str]:
    """The bot's messages in the chat that show hand ``n``'s result line under its ✅ (the
    hand's entry, which became a table message at Confirm): exactly one once it is shown."""
    out = []
    for text in s.tg.chat_texts(s.chat):
        lines = text.splitlines()
        if len(lines) > 1 and lines[0].startswith(f"✅ Hand {n} "):
            if any(ln.startswith(f"Hand {n}:") for ln in lines[1:3]):
                out.append(text)
    return out


async def to_region(s: Scene, user: User, msg: dict[str, Any], label: str) -> bool:
    """On /newtable's regions (#26.6), tap the region of the ruleset named ``label`` (in any
    language) unless ``label`` is already shown; True when that tap picked the ruleset (a
    region of one)."""
    from bot import regions
    from bot.i18n import LANGS, Translator

    labels = s.labels(msg)
    if any(label in t for t in labels):
        return False
    for rs in scoring.all_rulesets():
        if not any(label in Translator(lang).name(rs) for lang in LANGS):
            continue
        reg = regions.region_of(rs.id)
        for lang in LANGS:
            nm = regions.name(reg, Translator(lang))
            hit = [t for t in labels if t in (nm, nm + " ▸")]
            if hit:
                ans = await s.tap(user, msg, hit[0])
                assert not ans.get("show_alert"), ans
                return not any(label in t for t in s.labels(msg))
    return False


async def pick_paged(s: Scene, user: User, msg: dict[str, Any], label: str) -> dict[str, Any]:
    """Tap ``label`` on a paged keyboard, paging forward with ▶ until it shows (from the first
    page of a numbered list; on /newtable, through the ruleset's region)."""
    if await to_region(s, user, msg, label):
        return {}  # the region's one ruleset, picked with it
    if "1" in s.labels(msg) and not any(label in t for t in s.labels(msg)):
        await s.tap(user, msg, "1")  # an exact "1" is the first page's number
    for _ in range(20):
        labels = s.labels(msg)
        if any(label in t for t in labels):
            return await s.tap(user, msg, label)
        cur = next((t for t in labels if t.startswith("· ") and t.endswith(" ·")), None)
        if cur is not None and str(int(cur.strip("· ")) + 1) in labels:  # numbered pages
            await s.tap(user, msg, str(int(cur.strip("· ")) + 1))
            continue
        await s.tap(user, msg, "▶")
    raise AssertionError(f"{label!r} never shown")


async def open_table(
    s: Scene,
    creator: User,
    ruleset: str,
    *,
    stake: str | None = None,
    setup_text: str = "/newtable",
    lang_hint: str = "New table",
) -> dict[str, Any]:
    """/newtable → ruleset → (options: Next) → stake; returns the table message (wherever
    it is later: :class:`~tests.bot.conftest.LiveTable`)."""
    setup = await s.say(creator, setup_text, expect=None)
    await pick_paged(s, creator, setup, ruleset)
    labels = s.labels(setup)
    if any("Next" in t or "下一步" in t for t in labels):
        next_label = next(t for t in labels if "Next" in t or "下一步" in t)
        await s.tap(creator, setup, next_label)
    mark = s.tg.mark()
    await s.tap(creator, setup, stake or s.labels(setup)[0])
    return LiveTable(s, await s.tg.next_message(s.chat, mark))


async def seat_and_start(
    s: Scene, table_msg: dict[str, Any], users: list[User], join: str = "Join", start: str = "Start"
) -> None:
    for u in users:
        ans = await s.tap(u, table_msg, join)
        assert not ans.get("show_alert"), ans
    ans = await s.tap(users[0], table_msg, start)
    assert not ans.get("show_alert"), ans


NEXT_LABELS = ("Next ▶", "Preview ▶", "No, next ▶", "下一步 ▶", "预览 ▶", "Another winner")
# "Another winner" is passed over where the next win is asked by itself (血战, #26.7)


async def wizard(s: Scene, user: User, msg: dict[str, Any], *labels: str) -> None:
    """Tap a sequence of buttons on the wizard message (each must not alert). A Next the
    screen does not show is passed over: the wizard goes to the preview (the editor, where
    flags and counts are) by itself once the win is entered."""
    for label in labels:
        if label in NEXT_LABELS and not any(label in t for t in s.labels(msg)):
            continue
        ans = await s.tap(user, msg, label)
        assert not ans.get("show_alert"), (label, ans, s.text(msg), s.labels(msg))


def button_in_row(s: Scene, msg: dict[str, Any], row_contains: str, label: str) -> dict[str, Any]:
    """The button ``label`` in the keyboard row that has a button containing ``row_contains``."""
    markup = s.tg.messages[(s.chat.id, msg["message_id"])].get("reply_markup") or {}
    rows = markup.get("inline_keyboard", [])
    for i, row in enumerate(rows):
        if any(row_contains in b["text"] for b in row):
            under = rows[i + 1] if i + 1 < len(rows) else []  # a value's ➖ ➕ under it
            for b in [*row, *under]:
                if b["text"] == label:
                    return b
    raise AssertionError(f"no {label!r} in the row of {row_contains!r}: {s.labels(msg)}")


async def tap_row(
    s: Scene, user: User, msg: dict[str, Any], row_contains: str, label: str, times: int = 1
) -> None:
    for _ in range(times):
        b = button_in_row(s, msg, row_contains, label)
        cq = await s.tg.press_data(s.chat, user, msg["message_id"], b["callback_data"])
        ans = await s.tg.answer_of(cq)
        assert not ans.get("show_alert"), ans


async def next_until(
    s: Scene,
    user: User,
    msg: dict[str, Any],
    stop: str,
    nxt: tuple[str, ...] = ("Next ▶", "Preview ▶", "No, next ▶"),
) -> None:
    """Tap Next/Preview until a button containing ``stop`` is shown."""
    for _ in range(15):
        labels = s.labels(msg)
        if any(stop in t for t in labels):
            return
        label = next((t for t in labels if t in nxt), None)
        assert label is not None, (stop, labels, s.text(msg))
        ans = await s.tap(user, msg, label)
        assert not ans.get("show_alert"), ans
    raise AssertionError(f"{stop!r} never shown")


async def tap_count(
    s: Scene, user: User, msg: dict[str, Any], count: str, player: str, label: str, times: int = 1
) -> None:
    """On the preview (the editor), count ``player`` up (``label`` ➕) or down (➖) on the
    count whose name contains ``count``: its tab (◀ ▶ to it where the tabs are many), the
    ➖ mode as ``label`` asks, then ``player``'s cell (#26.2)."""

    def rows() -> list[list[dict[str, Any]]]:
        markup = s.tg.messages[(s.chat.id, msg["message_id"])].get("reply_markup") or {}
        return list(markup.get("inline_keyboard", []))

    async def press(b: dict[str, Any]) -> None:
        cq = await s.tg.press_data(s.chat, user, msg["message_id"], b["callback_data"])
        ans = await s.tg.answer_of(cq)
        assert not ans.get("show_alert"), ans

    def button(pred: Any) -> dict[str, Any] | None:
        return next((b for r in rows() for b in r if pred(b["text"])), None)

    for _ in range(20):  # to the count's tab
        tab = button(lambda t: count in t)
        assert tab is not None or button(lambda t: t == "▶"), (count, rows())
        if tab is not None:
            if tab["text"].startswith("▸ ") or not button(lambda t: t.startswith("▸ ")):
                break
            await press(tab)
        else:
            nxt = button(lambda t: t == "▶")
            assert nxt is not None
            await press(nxt)
    mode = button(lambda t: t in ("➕", "➖"))
    assert mode is not None, rows()
    if mode["text"] == label:  # the mode button offers the other mode: switch to it
        await press(mode)
    short = player[:5]

    def is_cell(t: str) -> bool:
        return t.startswith(short + " ") and t[len(short) + 1 :].isdigit()

    for _ in range(times):
        rs_ = rows()  # where each count has its row of cells, the one under its name
        at = next(i for i, r in enumerate(rs_) if any(count in b["text"] for b in r))
        under = [b for b in (rs_[at + 1] if at + 1 < len(rs_) else []) if is_cell(b["text"])]
        cell = under[0] if under else button(is_cell)
        assert cell is not None, (player, rows())
        await press(cell)
    mode = button(lambda t: t in ("➕", "➖"))
    if mode is not None and mode["text"] == "➕":  # back to counting up
        await press(mode)
