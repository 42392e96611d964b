"""The whole hand in one line, end to end over the fake Bot API server (issue 14 point 4):
``/hand TEXT`` and a text reply to the table message give the same preview as the buttons
(Confirm records the hand with the right net; its lines stay editable), a line that is not a
hand is answered with what is wrong, an entry already open is named, and a restart between
/hand and Confirm loses nothing."""

from __future__ import annotations

import asyncio
import re

from tests.bot.conftest import Scene
from tests.bot.helpers import wizard

NAMES = ("Alice", "Bob", "Carol", "Dave")
INTERNAL = re.compile(r"wins\[|counts\.|events\[|\(option [a-z_]+\)|[a-z]+_[a-z]+|\b\d{3,}\b")


async def playing(
    tg, bot, chat_id: int, ruleset: str = "xingguo", names=NAMES, lang: str = "en", **options
):
    """A started table, set up through the ledger (the /newtable keyboard has its own tests),
    and its message posted by /table; returns the scene, the table message and the users."""
    chat = tg.group(chat_id)
    tg_lang = "zh-hans" if lang == "zh_Hans" else "en"
    users = [tg.user(abs(chat_id) % 10000 * 10 + i, n, lang=tg_lang) for i, n in enumerate(names)]
    s = Scene(tg, chat)
    L = bot.ledger

    def setup() -> None:
        L.ensure_chat(chat.id, title=chat.title, lang=lang)
        players = [L.ensure_user(u.id, u.first_name, lang=lang) for u in users]
        t = L.open_table(chat.id, creator_id=players[0].id, ruleset=ruleset, options=options)
        for p in players:
            L.join(t.id, p.id)
        L.start(t.id)

    await asyncio.to_thread(setup)
    table = await s.say(users[0], "/table")
    record = {"en": "Record hand", "zh_Hans": "记一局", "zh_Hant": "記一局"}[lang]
    assert any(record in t for t in s.labels(table)), s.labels(table)
    return s, table, users


async def test_hand_command_then_confirm_records_the_contract_example(tg, bot):
    # the contract's example (shared/contracts/hand-record.md; test_lang_calc's buttons): Bob
    # wins a big seven pairs with no wild on Carol's discard, Alice deals: Alice pays 16,
    # Carol 21 (the discarder), Dave 8: Bob +45
    s, _table, (_alice, bob, _carol, _dave) = await playing(tg, bot, -100801)
    preview = await s.say(bob, "/hand Bob ron Carol big seven pairs no wild")
    text = s.text(preview)
    assert "Big seven pairs" in text and "No wild" in text
    assert "Alice → Bob: 16" in text and "Carol → Bob: 21" in text and "Bob: +45" in text
    labels = s.labels(preview)
    assert any("Confirm" in t for t in labels)
    assert len(labels) > 2  # the preview's lines are buttons too (the same preview as the wizard)
    mark = tg.mark()
    await wizard(s, bob, preview, next(t for t in labels if "Confirm" in t))
    line = await tg.next_message(s.chat, mark, contains="Hand 1:")
    assert "Bob +45" in line["text"] and "Carol -21" in line["text"]
    # the recorded entry is closed: the next hand in one line opens its own preview
    nxt = await s.say(bob, "/hand Bob zimo plain win")
    assert any("Confirm" in t for t in s.labels(nxt)), s.text(nxt)


async def test_reply_to_the_table_message_in_chinese(tg, bot):
    names = ("老王", "小红", "阿明", "老李")
    s, table, (_wang, hong, _ming, _li) = await playing(
        tg, bot, -100802, "xingguo", names, "zh_Hans"
    )
    # a reply that names nothing of a hand is chat: no answer
    mark = tg.mark()
    await tg.post(s.chat, hong, "哈哈 nice", reply_to=table)
    await tg.post(s.chat, hong, "/board")
    after = await tg.next_message(s.chat, mark)
    assert "哈哈" not in after["text"] and "nice" not in after["text"]
    # a reply that is a hand with a mistake: what is wrong, as a reply
    mark = tg.mark()
    await tg.post(s.chat, hong, "小红 胡 阿明 平湖", reply_to=table)
    err = await tg.next_message(s.chat, mark)
    assert "平湖" in err["text"] and "平胡" in err["text"], err["text"]
    assert not tg.buttons(s.chat, err["message_id"])
    mark = tg.mark()
    await tg.post(s.chat, hong, "小红 胡 阿明 大七对 德国", reply_to=table)
    preview = await tg.next_message(s.chat, mark)
    text = s.text(preview)
    assert "大七对" in text and "德国" in text and "阿明" in text
    assert not INTERNAL.search(text.split("计算过程")[0])
    mark = tg.mark()
    await wizard(s, hong, preview, next(t for t in s.labels(preview) if "确认" in t))
    line = await tg.next_message(s.chat, mark, contains="第 1 局：")
    # the same hand as test_lang_calc's buttons: 老王 → 小红 16, 阿明 → 小红 21 …
    assert "小红 +45" in line["text"]


async def test_a_line_that_is_not_a_hand_is_answered_and_nothing_opens(tg, bot):
    s, _table, (_alice, bob, _carol, _dave) = await playing(tg, bot, -100803)
    err = await s.say(bob, "/hand Bob ron Carol big sevn pairs")
    assert "sevn" in err["text"] and "Big seven pairs" in err["text"]
    assert not tg.buttons(s.chat, err["message_id"])
    assert not INTERNAL.search(err["text"])
    err = await s.say(bob, "/hand Bob zimo plian win")
    assert "plian" in err["text"] and "Plain win" in err["text"], err["text"]
    err = await s.say(bob, "/hand Bob ron Carol plain win wild single wait")
    assert "self-drawn" in err["text"] and "Bob" in err["text"]
    # nothing was opened: a good line still makes the one entry
    ok = await s.say(bob, "/hand Bob zimo plain win")
    assert any("Confirm" in t for t in s.labels(ok))


async def test_errors_in_chinese_have_no_internals(tg, bot):
    names = ("老王", "小红", "阿明", "老李")
    s, _table, (_wang, hong, _ming, _li) = await playing(
        tg, bot, -100804, "xingguo", names, "zh_Hans"
    )
    for line, want in (
        ("/hand 老王 自摸 七对", "小七对"),  # ambiguous: 小七对 or 大七对
        ("/hand 老 自摸 平胡", "老王"),  # 老 is 老王 and 老李
        ("/hand 小红 胡 阿明 大七对 精吊", "精吊"),  # 精吊 only self-drawn
    ):
        err = await s.say(hong, line)
        assert want in err["text"], (line, err["text"])
        assert not INTERNAL.search(err["text"]), err["text"]
        assert not re.search(r"[A-Za-z]{4,}", err["text"]), err["text"]  # no English inside


async def test_one_entry_at_a_time(tg, bot):
    s, _table, (_alice, bob, carol, _dave) = await playing(tg, bot, -100805)
    first = await s.say(bob, "/hand Bob zimo plain win")
    busy = await s.say(carol, "/hand Carol zimo plain win")
    assert "Bob is already entering a hand" in busy["text"]
    assert not tg.buttons(s.chat, busy["message_id"])
    await wizard(s, bob, first, next(t for t in s.labels(first) if "Cancel" in t))
    again = await s.say(carol, "/hand Carol zimo plain win")
    assert "Carol" in s.text(again) and any("Confirm" in t for t in s.labels(again))


async def test_restart_between_hand_and_confirm(tg, bot):
    s, _table, (_alice, _bob, carol, _dave) = await playing(tg, bot, -100806)
    preview = await s.say(carol, "/hand Carol 自摸 七星十三烂 德国")
    before = s.text(preview)
    await bot.restart()  # a new process: the entry is in the database only
    mark = tg.mark()
    await wizard(s, carol, preview, next(t for t in s.labels(preview) if "Confirm" in t))
    line = await tg.next_message(s.chat, mark, contains="Hand 1:")
    assert "Carol +" in line["text"]
    assert "Seven-star thirteen rotten" in before


async def test_hand_needs_a_started_table(tg, bot):
    chat = tg.group(-100807)
    alice = tg.user(80701, "Alice")
    s = Scene(tg, chat)
    err = await s.say(alice, "/hand Alice zimo plain win")
    assert "/newtable" in err["text"]

    def open_only() -> None:
        p = bot.ledger.ensure_user(alice.id, "Alice")
        bot.ledger.open_table(chat.id, creator_id=p.id, ruleset="xingguo", options={})

    await asyncio.to_thread(open_only)
    err = await s.say(alice, "/hand Alice zimo plain win")
    assert "Start the table first" in err["text"]


async def test_traditional_chinese_chat_and_a_private_chat(tg, bot):
    names = ("老王", "小紅", "阿明", "老李")
    s, _table, (_wang, hong, _ming, _li) = await playing(
        tg, bot, -100808, "xingguo", names, "zh_Hant"
    )
    err = await s.say(hong, "/hand 小紅 胡 阿明 七對")
    assert "七對" in err["text"] and not re.search(r"[A-Za-z]{4,}", err["text"])
    preview = await s.say(hong, "/hand 小紅 胡 阿明 大七對 德國")
    assert any("確認" in t for t in s.labels(preview)), s.labels(preview)
    assert "小紅" in s.text(preview)
    # in a private chat there is no table: a pointer to the group
    alice = tg.user(80899, "Alice")
    private = Scene(tg, tg.private(alice))
    answer = await private.say(alice, "/hand Alice zimo plain win")
    assert "/newtable" in answer["text"]
