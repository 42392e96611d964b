"""One figure per amount in the Mini App (issue 25.1: "Where a preset is itself a stake (Hong
Kong 二五雞 / 五一 / 一二蚊), it is the table's stake: one figure per amount, everywhere (chat,
preview, hand card, board, settlement, Mini App …)"): the preview's nets and the board's hands
carry their money at the table's stake and currency, in the chat's number format, and no
step restates it (Hong Kong's "以五一計（每份$0.50）：…" is left out: bot.present).

Numbers: shared/rules/hongkong.md HK-07 (五一, $0.50 a unit, half / half: B wins 8 faan on
C's discard: A −64, B +256, C −128, D −64 units = $ −32, +128, −64, −32)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.web.auth import table_token
from tests.bot.conftest import Scene
from tests.web.conftest import WebBot, World


async def hk_world(fake: Any, web: WebBot, port: int, chat_id: int, lang: str) -> World:
    chat = fake.group(chat_id)
    users = [fake.user(7100 + i, n) for i, n in enumerate(("Alice", "Bob", "Carol", "Dave"), 1)]
    led = web.ledger
    assert led is not None

    def seed() -> int:
        led.ensure_chat(chat.id, title="HK club")
        led.set_chat_lang(chat.id, lang)
        players = [led.ensure_user(u.id, u.first_name) for u in users]
        t = led.open_table(chat.id, creator_id=players[0].id, ruleset="hongkong",
                           options={"stake": "wu_yi", "responsibility": "half"}, stake_minor=50, currency="HKD")  # fmt: skip
        for p in players:
            led.join(t.id, p.id)
        led.start(t.id, dealer_id=players[0].id)
        return t.id

    tid = await asyncio.to_thread(seed)
    assert web.app is not None
    web.app.bot_data.get("chat_lang", {}).clear()
    token = table_token(tid, fake.token)
    return World(fake, web, f"http://127.0.0.1:{port}", Scene(fake, chat), users, {}, tid, token)


@pytest.mark.parametrize("lang", ["en", "zh_Hant"])
async def test_hong_kong_money_once(tg: Any, web_bot: WebBot, web_port: int, lang: str) -> None:
    w = await hk_world(tg, web_bot, web_port, -1095 - (lang == "en"), lang)
    assert w.bot.ledger is not None
    ids = {s.name: str(s.player_id) for s in w.bot.ledger.get_table(w.table_id).seats}
    bob = w.users[1]
    st, d = await w.api("compose", user=bob)
    assert st == 200, d
    # HK-07: Bob 8 faan on Carol's discard
    form = {"result": "win", "wins": [{"winner": ids["Bob"], "from": ids["Carol"], "fan": 8, "flags": []}],
            "counts": {}, "events": []}  # fmt: skip
    st, p = await w.api("preview", {"entry": d["entry"], "form": form}, user=bob)
    assert st == 200 and "settlement" in p, p
    nets = {n["name"]: (n["amount"], n.get("money")) for n in p["settlement"]["net"]}
    assert nets == {
        "Alice": (-64, "−HK$32"), "Bob": (256, "+HK$128"),
        "Carol": (-128, "−HK$64"), "Dave": (-64, "−HK$32"),
    }, nets  # fmt: skip
    steps = " ".join(p["settlement"]["steps"])
    assert "$" not in steps and "五一" not in steps, steps  # no second figure in the steps
    st, r = await w.api("confirm", {"entry": d["entry"], "form": form}, user=bob)
    assert st == 200 and r.get("recorded"), r
    st, b = await w.api("board", user=bob)
    assert st == 200, b
    (hand,) = b["hands"]
    assert hand["money"] == {"Alice": "−HK$32", "Bob": "+HK$128",
                             "Carol": "−HK$64", "Dave": "−HK$32"}  # fmt: skip
    assert "$" not in " ".join(hand["steps"]), hand["steps"]
