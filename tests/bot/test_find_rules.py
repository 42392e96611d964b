"""Finding your ruleset (#26.6), through the real bot over the fake Bot API server: /newtable
shows the regions (a Jiangxi player need not know Nanchang, Xingguo, Taihe and Yichun are four
rulesets), a region of one ruleset picks it in one tap, a reply naming a city picks its rules;
/help shows today's flow with the winners' grid; a group the bot is added to is greeted with
the three steps to a first hand."""

from __future__ import annotations

from typing import Any

import scoring
from bot import regions
from bot.playground.botapi import BOT_ID
from tests.bot.conftest import Scene
from tests.bot.fake_telegram import FakeTelegram


def test_every_ruleset_is_in_exactly_one_region() -> None:
    placed = [rid for r in regions.REGIONS for rid in r.rulesets]
    assert sorted(placed) == sorted(rs.id for rs in scoring.all_rulesets())
    assert [r.en for r in regions.REGIONS][:3] == [
        "Jiangxi",
        "Sichuan",
        "Hunan",
    ]  # the order


def test_search_by_a_typed_name() -> None:
    every = [rs.id for rs in scoring.all_rulesets()]
    assert regions.search("南昌", every) == ["nanchang"]
    assert regions.search("hong kong", every) == ["hongkong"]
    assert regions.search("血战", every) == ["sichuan"]
    assert set(regions.search("Jiangxi", every)) == {"nanchang", "xingguo", "taihe", "yichun"}
    assert regions.search("", every) == [] and regions.search("zzz", every) == []


async def test_regions_then_the_rules_and_a_typed_city(tg: FakeTelegram, bot: Any) -> None:
    chat = tg.group(-100926)
    alice = tg.user(9261, "Alice")
    s = Scene(tg, chat)
    setup = await s.say(alice, "/newtable", expect="Which rules")
    labels = s.labels(setup)
    assert "Jiangxi ▸" in labels and "Hong Kong" in labels and "Japan" in labels
    assert not any("Nanchang" in t for t in labels)  # the cities are one tap down
    assert "reply with a city" in s.text(setup)
    ans = await s.tap(alice, setup, "Jiangxi ▸")
    assert not ans.get("show_alert"), ans
    assert {"Xingguo", "Nanchang", "Taihe", "Yichun"} <= {t.split()[0] for t in s.labels(setup)}
    await s.tap(alice, setup, "◀ Back")
    assert "Jiangxi ▸" in s.labels(setup)
    # a reply naming a city picks its rules: the next step is shown in place
    before = s.text(setup)
    await tg.post(chat, alice, "南昌", reply_to=setup)
    await tg.wait_for(lambda: s.text(setup) != before)
    assert "Rules: Nanchang" in s.text(setup), s.text(setup)


async def test_help_shows_the_grid_and_the_group_is_greeted(tg: FakeTelegram, bot: Any) -> None:
    chat = tg.group(-100927)
    alice = tg.user(9271, "Alice")
    s = Scene(tg, chat)
    helped = await s.say(alice, "/help", expect="Mahjong Tally")
    assert "Bob self-drawn" in helped["text"] and "← Alice | ← Carol | ← Dave" in helped["text"]
    assert "Next …" not in helped["text"]  # the older flow is gone
    mark = tg.mark()
    bot_user = {"id": BOT_ID, "is_bot": True, "first_name": "Tally"}
    member = {
        "chat": chat.to_dict(),
        "from": alice.to_dict(),
        "date": 0,
        "old_chat_member": {"user": bot_user, "status": "left"},
        "new_chat_member": {"user": bot_user, "status": "member"},
    }
    await tg._push({"my_chat_member": member})
    hello = await tg.next_message(chat, mark, contains="/newtable")
    assert "Join" in hello["text"] and "Record hand" in hello["text"]
