"""A line that leaves one thing out (issue 23 point 3): ``/hand`` asks only for that, with the
buttons, and takes the answer — a tap or a text reply to that message — into the same entry;
the line waits in the draft (the database), so a restart between the question and the answer
loses nothing. Over the fake Bot API server with the real Application.

Xingguo (jiangxi.py): a win needs its shape; Bob +45 for big seven pairs + no wild off Carol
(the contract's example, shared/contracts/hand-record.md). Hong Kong (hongkong.py): a win
needs its value (a faan total, the checklist or 爆棚)."""

from __future__ import annotations

from tests.bot.helpers import wizard
from tests.bot.test_phrase_bot import playing


async def reply(tg, s, user, msg, text: str) -> None:
    """Reply ``text`` to ``msg`` and wait until the bot has redrawn it."""
    mark = tg.mark()
    await tg.post(s.chat, user, text, reply_to=msg)
    await tg.next_message(s.chat, mark, method="editMessageText")


async def test_a_missing_shape_is_asked_and_a_tap_answers_it(tg, bot):
    s, _table, (_alice, bob, _carol, _dave) = await playing(tg, bot, -100881)
    q = await s.say(bob, "/hand Bob zimo no wild")
    assert "Hand shape?" in s.text(q), s.text(q)
    labels = s.labels(q)
    big = next(t for t in labels if t.startswith("Big seven pairs"))
    assert "Plain win" in labels, labels
    assert not any("Confirm" in t for t in labels)  # only what is missing is asked
    await wizard(s, bob, q, big)
    text = s.text(q)  # the same message, now the preview: the line's flag is kept
    assert "Big seven pairs" in text and "No wild" in text, text
    mark = tg.mark()
    await wizard(s, bob, q, next(t for t in s.labels(q) if "Confirm" in t))
    line = await tg.next_message(s.chat, mark, contains="Hand 1:")
    assert "Bob +" in line["text"]


async def test_a_reply_answers_the_question_into_the_same_entry(tg, bot):
    s, _table, (_alice, bob, _carol, _dave) = await playing(tg, bot, -100882)
    q = await s.say(bob, "/hand Bob ron Carol no wild")
    assert "Hand shape?" in s.text(q)
    await reply(tg, s, bob, q, "big 7 pairs")
    text = s.text(q)
    assert "Alice → Bob: 16" in text and "Carol → Bob: 21" in text and "Bob: +45" in text, text
    mark = tg.mark()
    await wizard(s, bob, q, next(t for t in s.labels(q) if "Confirm" in t))
    line = await tg.next_message(s.chat, mark, contains="Hand 1:")
    assert "Bob +45" in line["text"] and "Carol -21" in line["text"]


async def test_whose_discard_is_asked_and_a_name_answers_it(tg, bot):
    s, _table, (_alice, bob, _carol, _dave) = await playing(tg, bot, -100883)
    q = await s.say(bob, "/hand Bob ron big seven pairs no wild")
    assert "How did Bob win?" in s.text(q), s.text(q)
    assert "Carol discarded" in s.labels(q), s.labels(q)
    await reply(tg, s, bob, q, "Carol")
    assert "Bob: +45" in s.text(q), s.text(q)


async def test_a_wrong_answer_is_said_and_the_question_stays(tg, bot):
    s, _table, (_alice, bob, _carol, _dave) = await playing(tg, bot, -100884)
    q = await s.say(bob, "/hand Bob zimo")
    mark = tg.mark()
    await tg.post(s.chat, bob, "plian win", reply_to=q)
    err = await tg.next_message(s.chat, mark)
    assert "plian" in err["text"] and "Plain win" in err["text"], err["text"]
    assert "Hand shape?" in s.text(q)  # still asked
    mark = tg.mark()
    await tg.post(s.chat, bob, "hmm ok", reply_to=q)  # chat, not an answer: no word back
    await tg.post(s.chat, bob, "/board")
    after = await tg.next_message(s.chat, mark)
    assert "hmm" not in after["text"] and "Hand shape?" in s.text(q)
    await reply(tg, s, bob, q, "plain win")
    assert "Plain win" in s.text(q) and any("Confirm" in t for t in s.labels(q))


async def test_the_question_survives_a_restart_and_holds_the_one_entry(tg, bot):
    s, _table, (_alice, bob, carol, _dave) = await playing(tg, bot, -100885)
    q = await s.say(bob, "/hand Bob zimo")
    busy = await s.say(carol, "/hand Carol zimo plain win")
    assert "Bob is already entering a hand" in busy["text"]
    await bot.restart()  # a new process: the line and the question are in the database
    await reply(tg, s, bob, q, "small seven pairs")
    assert "Small seven pairs" in s.text(q) and any("Confirm" in t for t in s.labels(q))


async def test_hong_kong_a_missing_value_is_asked(tg, bot):
    names = ("老王", "小紅", "阿明", "老李")
    s, _table, (_wang, hong, _ming, _li) = await playing(
        tg, bot, -100886, "hongkong", names, "zh_Hant"
    )
    q = await s.say(hong, "/hand 小紅 食 阿明")
    assert not any("確認" in t for t in s.labels(q)), s.labels(q)
    await reply(tg, s, hong, q, "5番")
    text = s.text(q)
    assert "5" in text and any("確認" in t for t in s.labels(q)), text
    # a value under the minimum is refused naming it (三番起糊, hongkong.py min_faan 3)
    await wizard(s, hong, q, next(t for t in s.labels(q) if "取消" in t))
    err = await s.say(hong, "/hand 小紅 食 阿明 2番")
    assert "3" in err["text"] and "香港" in err["text"], err["text"]
    assert not tg.buttons(s.chat, err["message_id"])


async def test_whose_discard_answered_by_a_tap_keeps_the_line_s_shape(tg, bot):
    s, _table, (_alice, bob, _carol, _dave) = await playing(tg, bot, -100887)
    q = await s.say(bob, "/hand Bob ron big seven pairs no wild")
    await wizard(s, bob, q, "Carol discarded")
    text = s.text(q)
    assert "Bob: +45" in text, (text, s.labels(q))  # the preview: the shape is not asked again
    mark = tg.mark()
    await wizard(s, bob, q, next(t for t in s.labels(q) if "Confirm" in t))  # the same entry
    line = await tg.next_message(s.chat, mark, contains="Hand 1:")
    assert "Bob +45" in line["text"] and "Carol -21" in line["text"], line["text"]


async def test_hong_kong_a_missing_value_answered_by_a_tap(tg, bot):
    names = ("老王", "小紅", "阿明", "老李")
    s, _table, (_wang, hong, _ming, _li) = await playing(
        tg, bot, -100889, "hongkong", names, "zh_Hant"
    )
    q = await s.say(hong, "/hand 小紅 食 阿明")
    await wizard(s, hong, q, "總番數")
    await wizard(s, hong, q, "5")
    await wizard(s, hong, q, "下一步 ▶")
    text = s.text(q)  # the same message, now the preview: the line's discarder kept
    assert "阿明出銃 · 5 番" in text and any("確認" in t for t in s.labels(q)), text
    await wizard(s, hong, q, next(t for t in s.labels(q) if "確認" in t))
    text = s.text(q)  # the one entry recorded: the line's discarder and the tapped value
    assert "第 1 局已記錄" in text and "阿明出銃 · 5 番 — 小紅 +" in text, text
