"""The Mini App in a real browser (Chromium via Playwright, offline): the composer for a
Xingguo and a Guobiao hand tapped through and confirmed, the ledger, the table message in the
fake Bot API server, and a second phone's scoreboard updating by itself; screenshots."""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

from tests.bot.helpers import result_messages, wizard
from tests.web.browser import DARK, browser, phone, screenshot
from tests.web.conftest import World, init_data, make_world


def unsafe(w: World, user: Any) -> dict[str, Any]:
    return {"user": {"id": user.id, "first_name": user.first_name}, "start_param": w.token}


async def open_page(b: Any, w: World, user: Any, path: str, theme: Any = None) -> Any:
    init = init_data(w.tg.token, user, start_param=w.token)
    kw = {"theme": theme} if theme else {}
    page = await phone(b, w.base, init, unsafe(w, user), **kw)
    await page.goto(f"{w.base}{path}")
    return page


def pid(w: World, name: str) -> str:
    assert w.bot.ledger is not None
    t = w.bot.ledger.get_table(w.table_id)
    return str(next(s.player_id for s in t.seats if s.name == name))


async def wait_text(page: Any, selector: str, text: str, timeout: float = 5000) -> None:
    await page.wait_for_function(
        "([s, t]) => { const e = document.querySelector(s); return e && e.textContent.includes(t); }",
        arg=[selector, text],
        timeout=timeout,
    )


async def test_xingguo_composer_records_and_board_follows(tg, web_bot, web_port):
    w = await make_world(tg, web_bot, web_port, "Xingguo")
    alice, bob = w.users[0], w.users[1]
    async with browser() as b:
        board = await open_page(b, w, alice, "/app/")
        await board.wait_for_selector("#seats .seat")
        assert "Alice" in await board.inner_text("#seats")
        comp = await open_page(b, w, bob, "/app/compose")
        await comp.wait_for_selector("[data-winner]")
        await comp.click(f"[data-winner='{pid(w, 'Bob')}']")
        await comp.click(f"[data-from='{pid(w, 'Carol')}']")
        await comp.click("[data-shape='big_seven_pairs']")
        await comp.click("[data-flag='no_wild']")
        # rules/xingguo.md: no-wild big seven pairs on a non-dealer's discard, Bob +45
        await wait_text(comp, "#nets", "Bob +45")
        assert await comp.is_enabled("#confirm")
        await screenshot(comp, "miniapp_compose_en.png")
        mark = tg.mark()
        t0 = time.monotonic()
        await comp.click("#confirm")
        line = await tg.next_message(w.scene.chat, mark, contains="Hand 1")
        assert "Bob +45" in line["text"]
        # the scoreboard on the other phone shows it by itself (polling), within 2 s
        await wait_text(board, "#hands", "Hand 1", timeout=2500)
        assert time.monotonic() - t0 < 3.0
        assert "+45" in await board.inner_text("#seats")
        await board.wait_for_selector("svg.trend polyline")
        # a hand recorded from the chat's buttons shows up by itself too, within 2 s
        wiz = await w.scene.tap_for_message(w.users[2], w.table_msg, "Record hand")
        await wizard(w.scene, w.users[2], wiz, "Carol ← Dave", "Small seven pairs")
        mark = tg.mark()
        await wizard(w.scene, w.users[2], wiz, "Confirm")
        await tg.next_message(w.scene.chat, mark, contains="Hand 2")
        await wait_text(board, "#hands", "Hand 2", timeout=2500)
        await board.wait_for_function(
            "document.querySelectorAll('svg.trend polyline')[0].points.length === 3"
        )
        await screenshot(board, "miniapp_board_en.png")
        assert not comp.errors and not board.errors, (comp.errors, board.errors)
    assert w.bot.ledger is not None
    hand = w.bot.ledger.last_hand(w.table_id)
    assert hand is not None and hand.seq == 2
    hand = w.bot.ledger.get_hand(w.table_id, 1)
    assert hand.record.wins[0].shape == "big_seven_pairs"
    assert hand.record.wins[0].flags == ("no_wild",)
    assert hand.idempotency_key.startswith("web:")
    table_text = w.scene.text(w.table_msg)
    assert "2 hands tonight" in table_text
    # exactly one result line
    assert len(result_messages(w.scene, 1)) == 1


async def test_guobiao_tile_picker_in_chinese(tg, web_bot, web_port):
    w = await make_world(tg, web_bot, web_port, "Guobiao", chat_id=-1002)
    assert w.bot.ledger is not None
    await asyncio.to_thread(w.bot.ledger.set_chat_lang, w.scene.chat.id, "zh_Hans")
    web_bot.app.bot_data.get("chat_lang", {}).clear()
    bob = w.users[1]
    async with browser() as b:
        comp = await open_page(b, w, bob, "/app/compose", theme=DARK)
        await comp.wait_for_selector("[data-winner]")
        assert "胡牌者" in await comp.inner_text("#view-compose")
        await comp.click(f"[data-winner='{pid(w, 'Bob')}']")
        await comp.click(f"[data-from='{pid(w, 'Carol')}']")
        # an exposed pung of South claimed from across, then 123m 456p 789s 1z, win on 1z:
        # scoring/gb/notation.py's example family (花龙 + 幺九刻 + 单钓将 …)
        await comp.click("[data-mode='pung']")
        await comp.click("[data-claimed='across']")
        await comp.click("#palette [data-tile='2z']")
        await comp.click("[data-mode='hand']")
        for tile in ("1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "1z"):
            await comp.click(f"#palette [data-tile='{tile}']")
        assert await comp.is_disabled("#palette [data-tile='3z']")  # 13 tiles: nothing more
        await comp.click("[data-mode='win']")
        await comp.click("#palette [data-tile='1z']")
        await wait_text(comp, "#preview", "花龙")
        steps = await comp.inner_text("#preview")
        assert "单钓将" in steps
        await screenshot(comp, "miniapp_compose_zh.png")
        mark = tg.mark()
        await comp.click("#confirm")
        line = await tg.next_message(w.scene.chat, mark, contains="第 1 局")
        assert "Bob" in line["text"]
        await wait_text(comp, "#status", "第 1 局已记录")
        await wait_text(comp, "#hands", "第1局", timeout=3000)
        await screenshot(comp, "miniapp_board_zh.png")
        assert not comp.errors, comp.errors
    hand = w.bot.ledger.last_hand(w.table_id)
    assert hand is not None
    tiles = hand.record.wins[0].tiles
    assert tiles is not None and tiles["win_tile"] == "1z"
    assert tiles["hand"] == "123m456p789s1z"
    assert json.loads(json.dumps(tiles["melds"]))[0] == {
        "kind": "pung", "tiles": "222z", "concealed": False, "claimed_from": "across"
    }  # fmt: skip


async def test_calculator_page(tg, web_bot, web_port):
    w = await make_world(tg, web_bot, web_port, "Xingguo")
    bob = w.users[1]
    async with browser() as b:
        init = init_data(tg.token, bob)
        page = await phone(b, w.base, init, {"user": {"id": bob.id, "first_name": "Bob"}})
        await page.goto(f"{w.base}/app/?calc=1")
        await page.wait_for_selector("[data-ruleset='guobiao']")
        assert await page.is_hidden("nav")
        await page.click("[data-winner='S']")
        await page.click("[data-from='W']")
        await page.click("[data-shape='big_seven_pairs']")
        await page.click("[data-flag='no_wild']")
        await wait_text(page, "#nets", "South +45")
        assert await page.query_selector("#confirm") is None  # a calculator records nothing
        await page.click("[data-ruleset='guobiao']")
        await page.wait_for_selector("#palette [data-tile='1m']")
        assert not page.errors, page.errors
    assert w.bot.ledger is not None and w.bot.ledger.get_table(w.table_id).hand_count == 0


async def test_a_sichuan_kong_brings_its_gen_on_the_page(tg, web_bot, web_port):
    """The composer takes the count a kong forces (compose.preview_json ``forced_counts``):
    a concealed kong by the winner raises their 根 to 1 on the page, as the chat's ➕ kong
    does (scoring/rulesets/sichuan.py: "each is a 根, so 根 ≥ n"), and the preview pays it."""
    w = await make_world(tg, web_bot, web_port, "Sichuan", chat_id=-1004)
    bob = w.users[1]
    b_id = pid(w, "Bob")
    async with browser() as b:
        comp = await open_page(b, w, bob, "/app/compose")
        await comp.wait_for_selector("[data-winner]")
        await comp.click("[data-result='draw']")  # one win: the wall ran out (血战)
        await comp.click(f"[data-winner='{b_id}']")
        await comp.click("[data-from='self']")
        await comp.click("[data-shape='ping_hu']")
        await comp.click("[data-add-event='an_gang']")
        await comp.click("[data-event='0'] .chips >> nth=0 >> text=Bob")
        await comp.wait_for_selector(f"[data-count='gen'][data-player='{b_id}'][data-n='1']")
        await comp.wait_for_selector("#nets")
        assert "Bob +" in await comp.inner_text("#nets")
        assert await comp.is_enabled("#confirm")
        assert not comp.errors, comp.errors
