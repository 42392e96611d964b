"""The Mini App's composer for a riichi hand in a real browser (Chromium via Playwright,
offline; issue #27 point 3: "the Mini App composer offers the same"): the calculator's riichi
page taps a ron of 3 han 30 fu with riichi on the han keypad, the fu the server offers and
the riichi row, and a draw's tenpai row. Numbers: spec shared/rules/riichi.md RI-01 (3,900)
and §2.5 (noten 3,000)."""

from __future__ import annotations

from tests.web.browser import browser, phone
from tests.web.conftest import init_data, make_world
from tests.web.test_miniapp_browser import wait_text


async def test_riichi_on_the_composer(tg, web_bot, web_port):
    w = await make_world(tg, web_bot, web_port, "Xingguo", chat_id=-1028)
    bob = w.users[1]
    async with browser() as b:
        init = init_data(tg.token, bob)
        page = await phone(b, w.base, init, {"user": {"id": bob.id, "first_name": "Bob"}})
        await page.goto(f"{w.base}/app/?calc=1")
        await page.wait_for_selector("[data-ruleset='riichi']")
        await page.click("[data-ruleset='riichi']")
        await page.wait_for_selector("[data-winner='S']")
        assert await page.query_selector("[data-input]") is None  # no mode: the han keypad
        await page.click("[data-winner='S']")
        await page.click("[data-from='W']")
        await page.click("[data-han='3']")
        await page.wait_for_selector("#fu-0 [data-fu='30']")
        fus = await page.eval_on_selector_all("#fu-0 [data-fu]", "es => es.map(e => e.dataset.fu)")
        assert fus == ["25", "30", "40", "50", "60", "70"]  # no 20 fu on a ron
        await page.click("#fu-0 [data-fu='30']")
        await page.wait_for_selector("[data-declare='riichi'] [data-declare-player='S']")
        await page.click("[data-declare='riichi'] [data-declare-player='S']")
        await wait_text(page, "#nets", "West -3")
        nets = await page.inner_text("#nets")
        assert "3900" in nets.replace(",", "").replace(" ", ""), nets  # RI-01
        assert await page.query_selector("[data-count-row='fu']") is None  # fu: the keypad's
        # a draw: South tenpai, 1,000 from each of the three others (§2.5), and still in riichi:
        # his stick stays on the table (§2.4): +3,000 − 1,000
        await page.click("[data-result='draw']")
        await page.wait_for_selector("[data-declare='tenpai'] [data-declare-player='S']")
        await page.click("[data-declare='tenpai'] [data-declare-player='S']")
        await wait_text(page, "#nets", "South +2")
        assert "2000" in (await page.inner_text("#nets")).replace(",", "")
        assert not page.errors, page.errors
