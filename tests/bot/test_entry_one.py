"""One entry at a time (issue 14 point 5), end to end over the fake Bot API: a second Record
hand while an entry is open creates no second draft and no new message (issue 26 point 5:
"Record hand … while an entry is open points to that entry (editing in place, no new
message)"): the entry's message says whose it is, the tap's answer points to it, any seated
player goes on with it, or taps Start over. In English and Simplified Chinese."""

from __future__ import annotations

import pytest

from tests.bot.conftest import Scene
from tests.bot.helpers import open_table, seat_and_start, wizard
from tests.bot.test_races_table import tap_win

CASES = {
    "en": {
        "names": ("Alice", "Bob", "Carol", "Dave"),
        "rec": "Record hand",
        "join": "Join",
        "start": "Start",
        "whose": "Bob is already entering this hand",
        "over": "Start over",
        "who": "Who won?",
        "confirm": "Confirm",
        "line": "Hand 1:",
    },
    "zh-hans": {
        "names": ("老王", "小明", "小红", "阿强"),
        "rec": "记一局",
        "join": "入座",
        "start": "开始",
        "whose": "小明已经在记这一局",
        "over": "重新开始",
        "who": "谁胡了？",
        "confirm": "确认",
        "line": "第 1 局：",
    },
}


def open_hand_drafts(bot, chat_id: int) -> list:
    return [d for d in bot.ledger.open_drafts(chat_id) if d.data.get("kind") == "hand"]


@pytest.mark.parametrize("lang", list(CASES))
async def test_second_record_hand_continues_the_open_entry(tg, bot, lang: str):
    c = CASES[lang]
    chat = tg.group(-100980 - len(lang))
    users = [tg.user(980 + i + 10 * len(lang), n, lang=lang) for i, n in enumerate(c["names"])]
    alice, bob, carol, dave = users
    a, b, cc, d = c["names"]
    s = Scene(tg, chat)
    table = await open_table(
        s,
        alice,
        "Xingguo" if lang == "en" else "兴国冲关麻将",
        stake=None if lang == "en" else "不算钱",
    )
    await seat_and_start(s, table, users, join=c["join"], start=c["start"])
    w = await s.tap_for_message(bob, table, c["rec"])
    await tap_win(s, bob, w, b, cc)  # Bob (dealer Alice) on Carol's discard
    assert len(open_hand_drafts(bot, chat.id)) == 1
    # Carol taps Record hand too: the same entry, edited in place, saying whose it is
    mark = tg.mark()
    ans = await s.tap(carol, table, c["rec"])
    assert ans.get("show_alert") and b in ans["text"], ans  # pointed to Bob's entry
    assert not [x for x in tg.sent_since(mark, None, chat.id) if x.method == "sendMessage"]
    w2 = w
    assert c["whose"] in s.text(w2), s.text(w2)
    assert f"{b} — " in s.text(w2)  # what Bob chose is there
    drafts = open_hand_drafts(bot, chat.id)
    assert len(drafts) == 1 and drafts[0].message_id == w2["message_id"]
    # Carol goes on with it (a seated player): shape → preview → Confirm, one hand
    shape = next(t for t in s.labels(w2) if "(" in t or "七对" in t or "seven" in t.lower())
    await wizard(s, carol, w2, shape)
    mark = tg.mark()
    await wizard(s, carol, w2, next(t for t in s.labels(w2) if c["confirm"] in t))
    await tg.next_message(chat, mark, contains=c["line"])
    tid = bot.ledger.current_table(chat.id).id
    assert bot.ledger.standings(tid).hand_count == 1
    assert not open_hand_drafts(bot, chat.id)

    # Start over: Dave begins, Alice taps Record hand, then 🔄 Start over: a fresh entry
    w3 = await s.tap_for_message(dave, table, c["rec"])
    await tap_win(s, dave, w3, a, b)
    ans = await s.tap(alice, table, c["rec"])
    assert ans.get("show_alert") and d in ans["text"], ans
    w4 = w3
    assert any(c["over"] in t for t in s.labels(w4))
    mark = tg.mark()
    await wizard(s, alice, w4, next(t for t in s.labels(w4) if c["over"] in t))
    fresh = await tg.next_message(chat, mark)
    assert c["who"] in s.text(fresh) and f"{a} — " not in s.text(fresh)
    drafts = open_hand_drafts(bot, chat.id)
    assert len(drafts) == 1 and drafts[0].message_id == fresh["message_id"]
    assert not s.labels(w4)  # the started-over entry is closed
