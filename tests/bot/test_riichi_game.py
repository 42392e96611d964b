"""A short riichi game through the real PTB Application and the fake Bot API server (issue 27,
points 2 and 5): the table message and /board show the round, honba and sticks; when the
game ends /board sends the game result image; /season ranks the riichi players by total
score with their placement counts.

The hands are written into the ledger directly (riichi entry on the keyboards is a later
issue point): what is under test is what the bot shows for them, in English and Japanese.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from scoring.record import Event, HandRecord, Win
from tests.bot.conftest import Scene
from tests.bot.nights import group_of_four, image_bot

bot = image_bot  # /board sends photos

OPTIONS: dict[str, bool | int | str] = {"length": "tonpuusen", "rate": 100}

WORDS = {
    "en": {
        "e2": "East 2",
        "e4": "East 4",
        "honba": "honba 1",
        "sticks": "riichi sticks 1",
        "result": "Game result",
        "first": "1st",
        "ranks": "Riichi ranks",
        "games": "1 games",
    },
    "ja": {
        "e2": "東2局",
        "e4": "東4局",
        "honba": "1本場",
        "sticks": "供託1本",
        "result": "終局結果",
        "first": "1位",
        "ranks": "リーチ順位表",
        "games": "1半荘",
    },
}


def seed(bot: Any, s: Scene, users: list[Any], lang: str) -> tuple[int, list[str]]:
    led = bot.ledger
    led.ensure_chat(s.chat.id, title="Riichi club", lang=lang)
    led.set_chat_lang(s.chat.id, lang)
    players = [led.ensure_user(u.id, u.first_name) for u in users]
    t = led.open_table(s.chat.id, creator_id=players[0].id, ruleset="riichi", options=OPTIONS)
    for p in players:
        led.join(t.id, p.id)
    led.start(t.id, dealer_id=players[0].id)
    return t.id, [str(p.id) for p in players]


def ron(ids: list[str], w: int, d: int, han: int, riichi: tuple[int, ...] = ()) -> HandRecord:
    return HandRecord(
        ruleset="riichi",
        players=tuple(ids),
        dealer=ids[0],  # the ledger fills in the real dealer, honba and sticks
        result="win",
        wins=(Win(ids[w], ids[d], fan=han),),
        options=dict(OPTIONS),
        counts={"fu": {ids[w]: 30}},
        events=tuple(Event("riichi", ids[i]) for i in riichi),
    )


def draw(ids: list[str], tenpai: tuple[int, ...], riichi: tuple[int, ...]) -> HandRecord:
    ev = tuple(Event("riichi", ids[i]) for i in riichi)
    ev += tuple(Event("tenpai", ids[i]) for i in tenpai)
    return HandRecord("riichi", tuple(ids), ids[0], "draw", options=dict(OPTIONS), events=ev)


async def photos_after(s: Scene, user: Any, text: str, n: int) -> list[Any]:
    mark = s.tg.mark()
    await s.tg.post(s.chat, user, text)
    await s.tg.next_message(s.chat, mark, method="sendPhoto", timeout=20)
    for _ in range(200):
        sent = s.tg.sent_since(mark, "sendPhoto", s.chat.id)
        if len(sent) >= n:
            return sent
        await asyncio.sleep(0.1)
    raise AssertionError(f"fewer than {n} photos after {text}")


@pytest.mark.parametrize("lang", ["en", "ja"])
async def test_a_riichi_game_to_its_end(tg: Any, bot: Any, lang: str) -> None:
    chat_id = -100_2700 - len(lang)
    s, users = group_of_four(tg, chat_id, 27_000 + 10 * len(lang))
    alice = users[0]
    w = WORDS[lang]
    tid, ids = seed(bot, s, users, lang)
    rec = bot.ledger.record_hand
    # E1: B rons A; E2: C and B tenpai at a draw, D declared riichi (E2, 1 honba, 1 stick)
    rec(tid, ron(ids, 1, 0, 3), recorded_by=int(ids[0]), idempotency_key="r1")
    rec(tid, draw(ids, (2, 1), (3,)), recorded_by=int(ids[0]), idempotency_key="r2")
    table = await s.say(alice, "/table")
    text = s.text(table)
    assert w["e2"] in text and w["honba"] in text and w["sticks"] in text, text
    # the running points, East first: B took 3 han 30 fu (3,900) from A in E1; at the draw
    # B and C (tenpai) took 1,500 each from A and D (noten), D put a stick on the table
    assert "Alice 19,600" in text and "Bob 30,400" in text, text
    assert "Carol 26,500" in text and "Dave 22,500" in text, text
    # /board: the round in the caption and in the image's header
    (board,) = await photos_after(s, alice, "/board", 1)
    caption = board.params.get("caption", "")
    assert w["e2"] in caption and w["honba"] in caption, caption
    (png,) = board.files.values()
    assert png.startswith(b"\x89PNG")
    # E2 1 honba: C rons D (takes the honba and the stick); E3 D rons C; E4 A rons B: over
    rec(tid, ron(ids, 2, 3, 2), recorded_by=int(ids[0]), idempotency_key="r3")
    rec(tid, ron(ids, 3, 2, 1), recorded_by=int(ids[0]), idempotency_key="r4")
    state = bot.ledger.riichi_state(tid)
    assert (state.round_wind, state.hand) == (0, 4)
    table = await s.say(alice, "/table")
    assert w["e4"] in s.text(table), s.text(table)
    rec(tid, ron(ids, 0, 1, 1), recorded_by=int(ids[0]), idempotency_key="r5")
    last = bot.ledger.last_hand(tid)
    assert last is not None and last.record.result == "game_end"
    # /board after the game: the board, then the game result image
    sent = await photos_after(s, alice, "/board", 2)
    result = sent[1]
    caption = result.params.get("caption", "")
    assert w["result"] in caption and w["first"] in caption, caption
    (png,) = result.files.values()
    assert png.startswith(b"\x89PNG") and len(png) > 10_000
    # the final scores in the caption are the game end's nets plus the hands' (§2.9)
    finals = {p: 0 for p in ids}
    for h in bot.ledger.history(tid, page_size=50, include_voided=False).items:
        for p in ids:
            finals[p] += h.settlement.net.get(p, 0)
    top = max(ids, key=lambda p: finals[p])
    v = finals[top]  # a multiple of 100 here: "+38.8" (÷ 1,000, one decimal)
    shown = f"{'+' if v >= 0 else '-'}{abs(v) // 1000}.{abs(v) % 1000 // 100}"
    assert shown in caption, (shown, caption)
    # /season: the riichi ranks, first the best total score, 1 game each
    season = await s.say(alice, "/season", expect=w["ranks"])
    stext = s.text(season)
    assert w["ranks"] in stext and w["games"] in stext, stext
    names = {ids[i]: u.first_name for i, u in enumerate(users)}
    rank_lines = [x for x in stext.splitlines() if x[:2] in ("1.", "2.", "3.", "4.")]
    assert rank_lines and names[top] in rank_lines[0], stext
