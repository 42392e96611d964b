"""The Mini App under its Content-Security-Policy in a real browser (issue #24 point 6: "a CSP
that allows Telegram's script and nothing inline beyond a hash or nonce, `frame-ancestors` for
Telegram's web clients"): the scoreboard, the composer and the calculator boot and work with
no console line saying the policy refused something (the boot script passes by its hash, the
legend's colours are set through CSSOM), Telegram's web client may frame the page, another
site may not."""

from __future__ import annotations

from typing import Any

from tests.web.browser import ARGS, CHROMIUM, browser, need_chromium, stub_script
from tests.web.conftest import init_data, make_world
from tests.web.test_miniapp_browser import open_page, pid, unsafe, wait_text


def watch(page: Any) -> list[str]:
    refused: list[str] = []

    def on_console(m: Any) -> None:
        if "Content Security Policy" in m.text or "Refused to" in m.text:
            refused.append(m.text)

    page.on("console", on_console)
    return refused


async def test_pages_work_under_their_csp(tg, web_bot, web_port):
    w = await make_world(tg, web_bot, web_port, "Xingguo")
    alice, bob = w.users[0], w.users[1]
    async with browser() as b:
        comp = await open_page(b, w, bob, "/app/compose")
        refused = watch(comp)  # from the reload on: the page as a phone opens it
        await comp.reload()
        await comp.wait_for_selector("[data-winner]")
        await comp.click(f"[data-winner='{pid(w, 'Bob')}']")
        await comp.click(f"[data-from='{pid(w, 'Carol')}']")
        await comp.click("[data-shape='big_seven_pairs']")
        await comp.click("[data-flag='no_wild']")
        await wait_text(comp, "#nets", "Bob +45")  # rules/xingguo.md: Bob +45
        mark = tg.mark()
        await comp.click("#confirm")
        await tg.next_message(w.scene.chat, mark, contains="Hand 1")
        board = await open_page(b, w, alice, "/app/")
        refused += watch(board)
        await board.reload()
        await wait_text(board, "#hands", "Hand 1", timeout=5000)
        await board.wait_for_selector("svg.trend polyline")
        # the legend's colours (set as style by board.js): applied, not refused
        colours = await board.locator(".legend span").evaluate_all(
            "els => els.map(e => getComputedStyle(e).color)"
        )
        assert len(set(colours)) == 4, colours
        calc = await open_page(b, w, bob, "/app/?calc=1")
        refused += watch(calc)
        await calc.reload()
        await calc.wait_for_selector("[data-ruleset='guobiao']")
        await calc.click("[data-ruleset='guobiao']")
        await calc.wait_for_selector("#palette [data-tile='1m']")
        assert not refused, refused
        assert not comp.errors and not board.errors and not calc.errors


FRAME = '<!doctype html><iframe id="app" src="{src}" width="390" height="600"></iframe>'


async def test_only_telegram_web_may_frame_it(tg, web_bot, web_port):
    w = await make_world(tg, web_bot, web_port, "Xingguo")
    alice = w.users[0]
    script = stub_script(init_data(tg.token, alice, start_param=w.token), unsafe(w, alice), {})
    need_chromium()
    from playwright.async_api import async_playwright

    # the two "sites" are pages this test serves by route; Chromium's local-network checks
    # (a public site framing a loopback address) are off so that only the CSP decides
    args = [
        *ARGS,
        "--disable-features=LocalNetworkAccessChecks,BlockInsecurePrivateNetworkRequests",
    ]
    async with async_playwright() as p:
        b = await p.chromium.launch(executable_path=CHROMIUM, args=args)
        ctx = await b.new_context()

        async def route(r: Any) -> None:
            url = r.request.url
            if url.startswith("https://telegram.org/js/telegram-web-app.js"):
                await r.fulfill(status=200, content_type="application/javascript", body=script)
            elif url.startswith(w.base):
                await r.continue_()
            elif url.startswith(("https://web.telegram.org/", "https://evil.example/")):
                html = FRAME.format(src=f"{w.base}/app/")
                await r.fulfill(status=200, content_type="text/html", body=html)
            else:
                await r.abort()

        await ctx.route("**/*", route)
        results = {}
        for site in ("https://web.telegram.org/k/", "https://evil.example/"):
            page = await ctx.new_page()
            refused = watch(page)
            await page.goto(site)
            await page.wait_for_timeout(1500)
            frame = page.frame_locator("#app")
            seats = await frame.locator("#seats .seat").count()
            results[site] = (seats, [m for m in refused if "frame-ancestors" in m])
            await page.close()
        await b.close()
    seats, refused = results["https://web.telegram.org/k/"]
    assert seats == 4 and refused == [], results
    seats, refused = results["https://evil.example/"]
    assert seats == 0 and refused, results
