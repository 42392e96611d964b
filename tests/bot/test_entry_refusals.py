"""Every refusal at the step that causes it (issue 14 point 2), end to end over the fake Bot
API, in English and Simplified Chinese: the tap is answered with an alert naming why, with
the players' names, and the entry is unchanged."""

from __future__ import annotations

import pytest

from tests.bot.conftest import Scene
from tests.bot.helpers import open_table, seat_and_start, wizard

CASES = {
    "en": {
        "names": ("Alice", "Bob", "Carol", "Dave"),
        "xingguo": "Xingguo",
        "guobiao": "Guobiao",
        "stake": None,
        "join": "Join",
        "start": "Start",
        "rec": "Record hand",
        "plain": "Plain win",
        "no_wild": "No wild",
        "total": "Total fan",
        "next": "Next ▶",
        "why_discard": "Bob cannot win on Carol's discard here",
        "why_fan": "7 fan, under the table's minimum of 8",
    },
    "zh-hans": {
        "names": ("老王", "小明", "小红", "阿强"),
        "xingguo": "兴国冲关麻将",
        "guobiao": "国标麻将",
        "stake": "不算钱",
        "join": "入座",
        "start": "开始",
        "rec": "记一局",
        "plain": "平胡",
        "no_wild": "德国",
        "total": "总番数",
        "next": "下一步 ▶",
        "why_discard": "小明在这里不能胡小红放的炮：有精平胡不能抓点炮",
        "why_fan": "只有 7 番，不到本桌起胡的 8 番",
    },
}


async def table_of(tg, lang: str, ruleset: str, chat_id: int):
    c = CASES[lang]
    chat = tg.group(chat_id)
    users = [tg.user(abs(chat_id) * 10 + i, n, lang=lang) for i, n in enumerate(c["names"])]
    s = Scene(tg, chat)
    table = await open_table(s, users[0], c[ruleset], stake=c["stake"])
    await seat_and_start(s, table, users, join=c["join"], start=c["start"])
    return s, table, users


@pytest.mark.parametrize("lang", list(CASES))
async def test_turning_off_a_forced_flag_is_refused_on_the_preview(tg, bot, lang: str):
    c = CASES[lang]
    s, table, users = await table_of(tg, lang, "xingguo", -101000 - len(lang))
    bob, carol = c["names"][1], c["names"][2]
    w = await s.tap_for_message(users[1], table, c["rec"])
    await wizard(s, users[1], w, f"{bob} ← {carol}", c["plain"])
    # a plain win on a discard is 德国 at this table: set on the way to the preview
    flag = next(t for t in s.labels(w) if c["no_wild"] in t)
    assert flag.startswith("✅"), s.labels(w)
    before = (s.text(w), s.labels(w))
    ans = await s.tap(users[1], w, flag)
    assert ans.get("show_alert") and c["why_discard"] in ans["text"], ans
    for internal in ("wins[", "youjing", "option "):
        assert internal not in ans["text"], ans["text"]
    assert (s.text(w), s.labels(w)) == before


@pytest.mark.parametrize("lang", list(CASES))
async def test_a_keypad_total_under_the_minimum_is_refused_on_the_keypad(tg, bot, lang: str):
    c = CASES[lang]
    s, table, users = await table_of(tg, lang, "guobiao", -101010 - len(lang))
    bob = c["names"][1]
    w = await s.tap_for_message(users[1], table, c["rec"])
    self_drawn = next(t for t in s.labels(w) if t.startswith(bob) and "←" not in t)
    await wizard(s, users[1], w, self_drawn, c["total"], "7")
    ans = await s.tap(users[1], w, c["next"])
    assert ans.get("show_alert") and c["why_fan"] in ans["text"], ans
    assert bob in ans["text"]
    await wizard(s, users[1], w, "⌫", "8", c["next"])  # 8 fan: on to the preview
    assert any("✅" in t for t in s.labels(w))
