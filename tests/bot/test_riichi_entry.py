"""Riichi hands entered on the buttons (issue #27 point 3), through the real PTB Application
and the fake Bot API server: a draw with tenpai and a riichi, a ron with riichi on 1 honba
and a stick on the table (the ledger fills both in), a tsumo mangan — each settling to the
numbers of spec shared/rules/riichi.md (§2.2 who pays, §2.3 honba 300, §2.4 the pot, §2.5
noten 3,000; §3 "3 han 30 fu 3,900", RI-16 "2000/4000 for tsumo")."""

from __future__ import annotations

from typing import Any

import pytest

from tests.bot.conftest import Scene
from tests.bot.helpers import wizard
from tests.bot.nights import group_of_four

WORDS = {
    "en": {"rec": "Record hand", "draw": "Exhaustive draw", "confirm": "✅ Confirm",
           "riichi": "— Riichi —", "tenpai": "— Tenpai —", "mangan": "Mangan", "fu": "30 fu",
           "han": "how many han", "self": "Dave self-drawn"},
    "ja": {"rec": "局を記録", "draw": "荒牌流局", "confirm": "✅ 確定", "riichi": "— 立直 —",
           "tenpai": "— 聴牌 —", "mangan": "満貫", "fu": "30符", "han": "何翻",
           "self": "Daveのツモ"},
}  # fmt: skip


def seed(bot: Any, s: Scene, users: list[Any], lang: str) -> tuple[int, list[str]]:
    led = bot.ledger
    led.ensure_chat(s.chat.id, title="Riichi club", lang=lang)
    led.set_chat_lang(s.chat.id, lang)
    players = [led.ensure_user(u.id, u.first_name) for u in users]
    t = led.open_table(s.chat.id, creator_id=players[0].id, ruleset="riichi", options={})
    for p in players:
        led.join(t.id, p.id)
    led.start(t.id, dealer_id=players[0].id)
    return t.id, [str(p.id) for p in players]


async def ron_cell(s: Scene, user: Any, msg: dict[str, Any], winner: str, src: str) -> None:
    """The winners' grid's "← src" cell of ``winner``'s rows (the row that starts with the
    winner's self-drawn cell, or the one under it)."""
    rows = s.tg.messages[(s.chat.id, msg["message_id"])]["reply_markup"]["inline_keyboard"]
    for i, row in enumerate(rows):
        if row[0]["text"].startswith(winner):
            for b in [*row, *(rows[i + 1] if i + 1 < len(rows) else [])]:
                if b["text"] == f"← {src}":
                    ans = await s.tg.press_data(s.chat, user, msg["message_id"], b["callback_data"])
                    assert not (await s.tg.answer_of(ans)).get("show_alert")
                    return
    raise AssertionError(f"no {winner} ← {src}: {s.labels(msg)}")


def last_net(bot: Any, tid: int, ids: list[str]) -> list[int]:
    hand = bot.ledger.last_hand(tid)
    assert hand is not None
    return [hand.settlement.net.get(p, 0) for p in ids]


@pytest.mark.parametrize("lang", ["en", "ja"])
async def test_riichi_hands_on_the_buttons(tg: Any, bot: Any, lang: str) -> None:
    w = WORDS[lang]
    s, users = group_of_four(tg, -100_2790 - len(lang), 27_900 + 10 * len(lang))
    alice, bob, carol, dave = users
    tid, ids = seed(bot, s, users, lang)
    table = await s.say(alice, "/table")

    # East 1, Alice deals: an exhaustive draw, Bob tenpai and in riichi (2 taps on the
    # preview): Bob gets 1,000 from each noten player (§2.5, 3,000 / 1 tenpai) and puts
    # his stick on the table (§2.4)
    msg = await s.tap_for_message(bob, table, w["rec"])
    await wizard(s, bob, msg, w["draw"])
    assert w["riichi"] in s.labels(msg) and w["tenpai"] in s.labels(msg), s.labels(msg)
    toggles = [x for x in s.labels(msg) if x.endswith("Bob")]
    assert len(toggles) == 2, s.labels(msg)  # Bob's riichi and Bob's tenpai
    for label in toggles:
        await wizard(s, bob, msg, label)
    await wizard(s, bob, msg, w["confirm"])
    assert last_net(bot, tid, ids) == [-1000, 2000, -1000, -1000]

    # East 2, 1 honba, Bob deals, one stick on the table: Carol rons Dave, 3 han 30 fu, in
    # riichi: 3,900 + 300 (one honba) from Dave, the pot (Bob's stick and her own) to her
    state = bot.ledger.riichi_state(tid)
    assert (state.hand, state.honba, state.sticks) == (2, 1, 1)
    msg = await s.tap_for_message(carol, table, w["rec"])
    await ron_cell(s, carol, msg, "Carol", "Dave")
    assert w["han"] in s.text(msg), s.text(msg)
    await wizard(s, carol, msg, "3", w["fu"])
    await wizard(s, carol, msg, next(x for x in s.labels(msg) if x.endswith("Carol")))
    assert "4200" in s.text(msg) or "4,200" in s.text(msg), s.text(msg)  # the preview knows
    await wizard(s, carol, msg, w["confirm"])
    assert last_net(bot, tid, ids) == [0, 0, 5200, -4200]

    # East 3, Carol deals, no honba: Dave tsumo mangan, 3 taps (RI-16: 2,000 / 4,000)
    msg = await s.tap_for_message(dave, table, w["rec"])
    await wizard(s, dave, msg, w["self"], w["mangan"], w["confirm"])
    assert last_net(bot, tid, ids) == [-2000, -2000, -4000, 8000]
    state = bot.ledger.riichi_state(tid)
    assert state.points == {
        int(ids[0]): 22000,
        int(ids[1]): 25000,
        int(ids[2]): 25200,
        int(ids[3]): 27800,
    }
