"""The playground in a real browser (Playwright, Debian's chromium; tests/web/browser.py): a
short Xingguo night played by clicking the four phones — a table opened, four joins, Start,
two hands, the board, Settle — with the bot's own texts checked in the panes, the images
loaded (naturalWidth > 0), the CSV downloadable, a private chat, an alert shown as a dialog,
the Mini App opened in a pane with signed initData. Saves docs/images/playground.png (only
when missing or UPDATE_SCREENSHOTS=1)."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.playground.run import Playground
from tests.web.browser import ARGS, CHROMIUM, need_chromium, screenshot
from tests.web.conftest import free_port

TIMEOUT = 20_000


@pytest.fixture
async def playground(tmp_path: Path) -> AsyncIterator[Playground]:
    # the group's flood limit off: the test taps faster than people do
    pg = Playground(
        f"sqlite:///{tmp_path / 'play.sqlite3'}",
        port=free_port(),
        env={"RATE_GROUP_PER_MINUTE": 0},
    )
    await pg.start()
    yield pg
    await pg.stop()


def btn_text(label: str, exact: bool) -> Any:
    return re.compile(f"^{re.escape(label)}$") if exact else label


class Phones:
    def __init__(self, page: Any) -> None:
        self.page = page

    def phone(self, i: int) -> Any:
        return self.page.locator(f'.phone[data-idx="{i}"]')

    def chat(self, i: int) -> Any:
        return self.phone(i).locator(".list:visible")

    async def say(self, i: int, text: str) -> None:
        box = self.phone(i).locator("input.text")
        await box.fill(text)
        await box.press("Enter")

    async def tap(self, i: int, label: str, *, exact: bool = True) -> None:
        """Tap the newest button ``label`` in phone ``i``'s open chat (paging with ▶)."""
        buttons = self.chat(i).locator(".kb button")
        try:  # a keyboard the bot is still sending or editing
            await buttons.filter(has_text=label).last.wait_for(timeout=5000)
        except Exception:
            pass  # perhaps on another page of the keyboard
        for _ in range(6):
            # the exact label, else a label that contains it (as tests/bot's find_button)
            btn = buttons.filter(has_text=btn_text(label, True))
            exact_hit = exact and bool(await btn.count())
            if not exact_hit:
                btn = buttons.filter(has_text=label)
            if await btn.count():
                # in the newest message that has one (the wizard, the table)
                pattern = btn_text(label, exact_hit)
                inner = self.page.locator(".kb button").filter(has_text=pattern)
                item = self.chat(i).locator(".item").filter(has=inner).last
                await item.locator(".kb button").filter(has_text=pattern).first.click()
                await self.page.wait_for_timeout(150)  # the tap's request; the edit follows
                await self.idle(i)
                return
            pager = self.chat(i).locator(".kb button").filter(has_text=re.compile("^▶$"))
            if not await pager.count():
                break
            await pager.last.click()
            await self.page.wait_for_timeout(300)
        raise AssertionError(f"no button {label!r} in phone {i}: {await self.labels(i)}")

    async def tap_grid(self, i: int, winner_cell: str, cell: str) -> None:
        """Tap ``cell`` ("← Carol") in the winners' grid rows of the row ``winner_cell``
        ("Bob self-drawn") starts: that row, or the one under it (#26.1)."""
        row = self.chat(i).locator(".kb .row").filter(has_text=winner_cell).last
        for r in (row, row.locator("xpath=following-sibling::div[1]")):
            btn = r.locator("button").filter(has_text=btn_text(cell, True))
            if await btn.count():
                await btn.first.click()
                await self.page.wait_for_timeout(150)
                await self.idle(i)
                return
        raise AssertionError(f"no {cell!r} under {winner_cell!r} in phone {i}")

    async def tap_link(self, i: int, label: str) -> None:
        """Tap the newest link button (url or web_app) whose label contains ``label``."""
        link = self.chat(i).locator(".kb button.link").filter(has_text=label).last
        await link.wait_for(timeout=TIMEOUT)
        await link.click()

    async def idle(self, i: int) -> None:
        """Wait until no button of the phone is waiting for the bot's answer."""
        await self.page.wait_for_function(
            "i => !document.querySelector(`.phone[data-idx='${i}'] .kb button:disabled`)",
            arg=i,
            timeout=TIMEOUT,
        )

    async def labels(self, i: int) -> list[str]:
        out: list[str] = await self.chat(i).locator(".kb button").all_inner_texts()
        return out

    async def has(self, i: int, text: str) -> None:
        await self.chat(i).locator(".msg").filter(has_text=text).last.wait_for(timeout=TIMEOUT)

    async def last_text(self, i: int, contains: str) -> str:
        msg = self.chat(i).locator(".msg").filter(has_text=contains).last
        await msg.wait_for(timeout=TIMEOUT)
        text: str = await msg.inner_text()
        return text


async def test_a_short_xingguo_night_by_clicking_the_phones(playground: Playground) -> None:
    need_chromium()
    from playwright.async_api import async_playwright

    async with async_playwright() as p:
        b = await p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            ctx = await b.new_context(viewport={"width": 1560, "height": 940})

            async def offline(route: Any) -> None:  # nothing leaves the machine
                if route.request.url.startswith(playground.url.rstrip("/")):
                    await route.continue_()
                else:
                    await route.abort()

            await ctx.route("**/*", offline)
            page = await ctx.new_page()
            errors: list[str] = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.on("console", lambda m: csp_violation(m, errors))
            await page.goto(playground.url)
            await page.locator('.phone[data-idx="3"]').wait_for()
            try:
                await play_night(Phones(page), playground, page)
            except Exception:
                await page.screenshot(path="/tmp/pgshots/fail.png")
                raise
            assert not errors, errors  # no script error, nothing the pages' CSP refused
        finally:
            await b.close()


def csp_violation(message: Any, errors: list[str]) -> None:
    """A console line of the page or its Mini App frame saying the CSP refused something
    (issue #24 point 6: the pages must still work under their Content-Security-Policy)."""
    if "Content Security Policy" in message.text or "Refused to" in message.text:
        errors.append(message.text)


async def test_a_tap_shows_it_waits_and_the_page_speaks_traditional(
    playground: Playground,
) -> None:
    """Issue #26: "The playground's page gets a 繁體 option and a waiting state on taps"."""
    need_chromium()
    import asyncio

    from playwright.async_api import async_playwright

    from scoring.hant import simplified_only

    async with async_playwright() as p:
        b = await p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            ctx = await b.new_context(viewport={"width": 1560, "height": 940})
            page = await ctx.new_page()
            errors: list[str] = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.on("console", lambda m: csp_violation(m, errors))
            await page.goto(playground.url)
            await page.locator('.phone[data-idx="3"]').wait_for()
            ph = Phones(page)
            await ph.say(0, "/newtable")
            await ph.has(0, "Which rules")

            # the bot's answer held back 1.5 s: meanwhile the keyboard waits visibly
            release = asyncio.Event()

            async def slow(route: Any) -> None:
                await release.wait()
                await route.continue_()

            await page.route("**/play/api/tap", slow)
            kb = ph.chat(0).locator(".kb").last  # the wizard's keyboard: which rules
            keys = kb.locator("button")
            await keys.first.click()
            await kb.locator("button.waiting").wait_for(timeout=TIMEOUT)
            assert await kb.get_attribute("aria-busy") == "true"
            states = await keys.evaluate_all("bs => bs.map(b => b.disabled)")
            assert states and all(states), states  # no second tap while it waits
            spinner = await kb.locator("button.waiting").evaluate(
                "b => getComputedStyle(b, '::before').animationName"
            )
            assert spinner == "spin", spinner
            release.set()
            await ph.idle(0)
            assert await page.locator(".kb button.waiting").count() == 0
            await page.unroute("**/play/api/tap")

            # 繁體: the page's labels, then the bot's answer to a user whose Telegram is zh-hant
            await page.locator("#lang-zh_Hant").click()
            await page.locator("#title").filter(has_text="麻將記帳").wait_for(timeout=TIMEOUT)
            assert await page.evaluate("document.documentElement.lang") == "zh-Hant"
            assert await ph.phone(1).locator(".send").inner_text() == "傳送"
            assert "on" in (await page.locator("#lang-zh_Hant").get_attribute("class") or "")
            await ph.phone(2).locator(".tab-private").click()
            await ph.say(2, "/help")
            reply = ph.chat(2).locator(".msg.bot").last
            await reply.wait_for(timeout=TIMEOUT)
            text = await reply.inner_text()
            assert re.search(r"[\u4e00-\u9fff]", text) and simplified_only(text) == [], text
            # kept across a reload
            await page.reload()
            await page.locator("#title").filter(has_text="麻將記帳").wait_for(timeout=TIMEOUT)
            assert not errors, errors
        finally:
            await b.close()


async def play_night(ph: Phones, pg: Playground, page: Any) -> None:
    alice, bob, carol, dave = range(4)
    # the names are editable: Dave becomes Dan (the bot seats him by his new name)
    name = ph.phone(dave).locator("input.name")
    await name.fill("Dan")
    await name.press("Enter")
    await page.wait_for_function(
        "() => document.querySelector('.phone[data-idx=\"3\"]').dataset.user === 'Dan'"
    )

    await ph.say(alice, "/newtable")
    await ph.has(alice, "Which rules")
    await ph.tap(alice, "Jiangxi", exact=False)  # the regions first (#26.6)
    await ph.tap(alice, "Xingguo", exact=False)
    if any("Next" in t for t in await ph.labels(alice)):
        await ph.tap(alice, next(t for t in await ph.labels(alice) if "Next" in t))
    await ph.tap(alice, "¥1")
    await ph.has(alice, "Stake: ¥1 per")
    await ph.tap(alice, "Join")
    # the bot's alert (answerCallbackQuery show_alert) as a dialog: Start with one player
    await ph.tap(alice, "Start")
    dialog = ph.phone(alice).locator(".dialog")
    await dialog.wait_for(timeout=TIMEOUT)
    assert re.search(r"\d players are needed", await dialog.inner_text())
    await dialog.locator(".ok").click()
    assert await dialog.is_hidden()
    for i in (bob, carol, dave):
        await ph.tap(i, "Join")
    await ph.tap(alice, "Start")
    table = await ph.last_text(carol, "Stake: ¥1 per")
    assert all(n in table for n in ("Alice", "Bob", "Carol", "Dan")), table

    # hand 1: Bob wins on Carol's discard, big seven pairs, no wild
    await ph.tap(bob, "Record hand")
    await ph.tap_grid(bob, "Bob self-drawn", "← Carol")  # Bob ← Carol
    for label in ("Big seven pairs", "No wild"):
        await ph.tap(bob, label)
    if "Next ▶" in await ph.labels(bob):
        await ph.tap(bob, "Next ▶")
    await ph.tap(bob, "Confirm")
    await ph.has(dave, "Hand 1")
    # hand 2: Alice self-drawn, plain win, no wild, entered by Alice
    await ph.tap(alice, "Record hand")
    for label in ("Alice self-drawn", "Plain win", "No wild"):
        await ph.tap(alice, label)
    if "Next ▶" in await ph.labels(alice):
        await ph.tap(alice, "Next ▶")
    await ph.tap(alice, "Confirm")
    await ph.has(carol, "Hand 2")
    # the table message was edited in place: one table message, now after two hands
    table_now = await ph.last_text(bob, "Stake: ¥1 per")
    assert table_now != table

    # the Mini App: the table's Open button opens it in Carol's phone, signed as Carol
    # (initData made with the playground's token; bot/web/auth.py checks it)
    await ph.tap_link(carol, "Open")
    frame = page.frame_locator('.phone[data-idx="2"] .miniapp iframe')
    await frame.locator("#seats .seat").first.wait_for(timeout=TIMEOUT)
    seats = await frame.locator("#seats").inner_text()
    assert all(n in seats for n in ("Alice", "Bob", "Carol", "Dan")), seats
    await frame.locator("#hands").filter(has_text="Hand 2").wait_for(timeout=TIMEOUT)
    await ph.phone(carol).locator(".mclose").click()
    assert await ph.phone(carol).locator(".miniapp").is_hidden()

    # the board: a photo every phone loads
    await ph.say(dave, "/board")
    for i in range(4):
        img = ph.chat(i).locator(".msg img").last
        await img.wait_for(timeout=TIMEOUT)
        await page.wait_for_function(
            "el => el.complete && el.naturalWidth > 0",
            arg=await img.element_handle(),
            timeout=TIMEOUT,
        )

    # the picture for the README: the board in three phones, the Mini App in Carol's
    await ph.tap_link(carol, "Open")
    await frame.locator("#hands").filter(has_text="Hand 2").wait_for(timeout=TIMEOUT)
    await page.wait_for_timeout(500)
    await screenshot(page, "playground.png")
    await ph.phone(carol).locator(".mclose").click()

    # /export: a CSV document that downloads with the hands
    await ph.say(bob, "/export")
    link = ph.chat(bob).locator("a.doc").last
    await link.wait_for(timeout=TIMEOUT)
    href = await link.get_attribute("href")
    assert href
    r = await page.request.get(pg.url.rstrip("/") + href)
    assert r.ok and "text/csv" in r.headers["content-type"]
    csv = (await r.body()).decode("utf-8-sig")
    assert "Alice" in csv and "Dan" in csv

    # a private chat: Bob's /calc there (its keyboard tapped in the private chat)
    await ph.phone(bob).locator(".tab-private").click()
    await ph.say(bob, "/calc")
    await ph.has(bob, "Calculator")
    await ph.tap(bob, "Jiangxi", exact=False)  # the regions first (#26.6)
    await ph.tap(bob, "Xingguo", exact=False)
    calc = await ph.last_text(bob, "Calculator")
    assert "Which rules" not in calc, calc  # edited to the next step
    assert await ph.chat(alice).locator(".msg").filter(has_text="Calculator").count() == 0
    # its web_app button opens the Mini App's calculator in Bob's phone (signed as Bob: the
    # calculator's API call passes the Mini App's initData check)
    await ph.tap_link(bob, "Open the calculator")
    calc_app = page.frame_locator('.phone[data-idx="1"] .miniapp iframe')
    await calc_app.locator("#rulesets").wait_for(timeout=TIMEOUT)
    await ph.phone(bob).locator(".mclose").click()
    await ph.phone(bob).locator(".tab-group").click()

    # settle the night: the transfers and the settlement image
    await ph.say(alice, "/settle")
    await ph.has(alice, "settle")
    await ph.tap(alice, "Settle")
    settled = await ph.last_text(carol, "Night 1 is settled")
    assert re.search(r"^\w+ pays \w+ ¥\d", settled, flags=re.M), settled
    imgs = ph.chat(carol).locator(".msg img")
    await page.wait_for_function(
        "n => document.querySelectorAll(\".phone[data-idx='2'] .list-group .msg img\").length >= n",
        arg=2,
        timeout=TIMEOUT,
    )
    widths = await imgs.evaluate_all("els => els.map(e => e.naturalWidth)")
    assert len(widths) >= 2 and all(w > 0 for w in widths), widths

    # the page in Chinese: its own labels from the zh catalog; the bot then answers in zh
    await page.locator("#lang-zh").click()
    await page.locator("#title").filter(has_text="麻将记账").wait_for(timeout=TIMEOUT)
    assert await ph.phone(bob).locator(".send").inner_text() == "发送"
    await ph.phone(carol).locator(".tab-private").click()
    await ph.say(carol, "/help")
    reply = ph.chat(carol).locator(".msg.bot").last
    await reply.wait_for(timeout=TIMEOUT)
    assert re.search(r"[\u4e00-\u9fff]", await reply.inner_text())
    await ph.phone(carol).locator(".tab-group").click()
    await page.locator("#lang-en").click()
    await page.locator("#title").filter(has_text="playground").wait_for(timeout=TIMEOUT)
