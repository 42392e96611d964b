"""A riichi table's Mini App preview counts and shows the honba and riichi sticks on the
table (issue #27: "the Mini App's preview of a riichi hand shows no honba and no riichi
sticks"), as the chat's Record hand does (bot/riichi_entry.py): the entry carries the
ledger's counters, the preview's payments include them, the page says them in the chat's
words (the table message's: bot/riichi_view.py round_label).

Numbers: shared/rules/riichi.md RI-01 (3 han 30 fu ron = 3,900), §2.3 ("ron: discarder pays W
h * honba_value", 300 per counter), §2.4 (a win takes the pot's sticks, 1,000 each), §2.5 (an
exhaustive draw: sticks stay; the dealer tenpai keeps the deal, honba + 1)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from bot.i18n import translator
from bot.web.auth import table_token
from tests.bot.conftest import Scene
from tests.web.browser import browser
from tests.web.conftest import WebBot, World
from tests.web.test_miniapp_browser import open_page, wait_text
from tests.web.test_miniapp_phone import set_lang
from tests.web.test_miniapp_words import seen

STATIC = Path(__file__).parents[2] / "bot/web/static/i18n"


async def riichi_world(fake: Any, web: WebBot, port: int, chat_id: int) -> World:
    chat = fake.group(chat_id)
    users = [fake.user(7000 + i, n) for i, n in enumerate(("Alice", "Bob", "Carol", "Dave"), 1)]
    led = web.ledger
    assert led is not None

    def seed() -> int:
        led.ensure_chat(chat.id, title="Riichi club")
        players = [led.ensure_user(u.id, u.first_name) for u in users]
        t = led.open_table(chat.id, creator_id=players[0].id, ruleset="riichi", options={})
        for p in players:
            led.join(t.id, p.id)
        led.start(t.id, dealer_id=players[0].id)
        return t.id

    tid = await asyncio.to_thread(seed)
    token = table_token(tid, fake.token)
    return World(fake, web, f"http://127.0.0.1:{port}", Scene(fake, chat), users, {}, tid, token)


def seats(w: World) -> dict[str, str]:
    assert w.bot.ledger is not None
    t = w.bot.ledger.get_table(w.table_id)
    return {s.name: str(s.player_id) for s in t.seats}


async def test_honba_and_sticks_in_the_preview(tg: Any, web_bot: WebBot, web_port: int) -> None:
    w = await riichi_world(tg, web_bot, web_port, -1091)
    ids = seats(w)
    alice, bob = w.users[0], w.users[1]
    # hand 1: an exhaustive draw, Alice (East, dealer) in riichi and tenpai: her stick stays on
    # the table, she keeps the deal, honba 1 (§2.5)
    st, d = await w.api("compose", user=alice)
    assert st == 200, d
    assert d["table_counts"] == {}  # the game's first hand: nothing on the table
    forged = {"result": "draw", "wins": [], "counts": {"honba": {ids["Alice"]: 4}}, "events": []}
    st, p = await w.api("preview", {"entry": d["entry"], "form": forged}, user=alice)
    assert st == 200 and p["table_counts"] == {}, p
    draw = {"result": "draw", "wins": [], "counts": {}, "events": [
        {"type": "riichi", "player": ids["Alice"]}, {"type": "tenpai", "player": ids["Alice"]}]}  # fmt: skip
    st, r = await w.api("confirm", {"entry": d["entry"], "form": draw}, user=alice)
    assert st == 200 and r.get("recorded"), r
    assert w.bot.ledger is not None
    state = w.bot.ledger.riichi_state(w.table_id)
    assert state is not None and (state.honba, state.sticks) == (1, 1), state
    # hand 2: the entry carries them; Bob's ron on Carol, 3 han 30 fu: 3,900 (RI-01) + 300
    # (1 honba, §2.3) from Carol, + 1,000 (the stick, §2.4) from the pot
    st, d = await w.api("compose", user=bob)
    assert st == 200 and d["table_counts"] == {"honba": 1, "riichi_sticks": 1}, d
    ron: dict[str, Any] = {"result": "win", "wins": [{"winner": ids["Bob"], "from": ids["Carol"], "fan": 3, "flags": []}],
           "counts": {"fu": {ids["Bob"]: 30}}, "events": []}  # fmt: skip
    st, p = await w.api("preview", {"entry": d["entry"], "form": ron}, user=bob)
    assert st == 200 and "settlement" in p, p
    assert p["table_counts"] == {"honba": 1, "riichi_sticks": 1}
    net = {n["name"]: n["amount"] for n in p["settlement"]["net"]}
    assert (net["Bob"], net["Carol"]) == (3900 + 300 + 1000, -(3900 + 300)), net
    # the page's own counts cannot change them (the ledger's, as when it is recorded)
    forged = {**ron, "counts": {**ron["counts"], "honba": {ids["Alice"]: 5}}}
    st, p2 = await w.api("preview", {"entry": d["entry"], "form": forged}, user=bob)
    assert p2["settlement"]["net"] == p["settlement"]["net"], p2
    # recorded, the ledger settles it to the same figures the preview showed
    st, r = await w.api("confirm", {"entry": d["entry"], "form": ron}, user=bob)
    assert st == 200 and r.get("recorded"), r
    hand = w.bot.ledger.last_hand(w.table_id)
    assert hand is not None
    assert (hand.settlement.net[ids["Bob"]], hand.settlement.net[ids["Carol"]]) == (5200, -4200)


@pytest.mark.parametrize("lang", ["en", "zh_Hans", "zh_Hant", "ja"])
def test_the_pages_words_are_the_table_messages(lang: str) -> None:
    """One name per term: the page's 本場 / 供託 are the catalog's (bot/riichi_view.py)."""
    tr = translator(lang)
    strings = json.loads((STATIC / f"{lang}.json").read_text("utf-8"))
    assert strings["honba_n"] == tr.gettext("honba {n}")
    assert strings["sticks_n"] == tr.gettext("riichi sticks {n}")


async def test_the_page_shows_them(tg: Any, web_bot: WebBot, web_port: int) -> None:
    w = await riichi_world(tg, web_bot, web_port, -1092)
    ids = seats(w)
    alice = w.users[0]
    st, d = await w.api("compose", user=alice)
    draw = {"result": "draw", "wins": [], "counts": {}, "events": [
        {"type": "riichi", "player": ids["Alice"]}, {"type": "tenpai", "player": ids["Alice"]}]}  # fmt: skip
    st, r = await w.api("confirm", {"entry": d["entry"], "form": draw}, user=alice)
    assert st == 200 and r.get("recorded"), r
    await set_lang(w, "ja")
    async with browser() as b:
        page = await open_page(b, w, w.users[1], "/app/compose")
        await page.wait_for_selector("[data-winner]")
        await page.click(f"[data-winner='{ids['Bob']}']")
        await page.click(f"[data-from='{ids['Carol']}']")
        await page.click("[data-han='3']")
        await page.click("#fu-0 [data-fu='30']")
        await wait_text(page, "#table-counts", "1本場 · 供託1本")
        await wait_text(page, "#nets", "Bob +5")
        nets = (await page.inner_text("#nets")).replace(",", "")
        assert "Bob +5200" in nets and "Carol -4200" in nets, nets
        assert await seen(page) == []  # and every word in Japanese (test_miniapp_words)
        board = await open_page(b, w, w.users[0], "/app/")
        await board.wait_for_selector("#hands details")
        await board.evaluate("document.querySelectorAll('details').forEach((d) => d.open = true)")
        # the nights too: a transfer to the pot names it 供託, never by its id "0"
        assert await seen(board) == []
        assert not page.errors and not board.errors, (page.errors, board.errors)
