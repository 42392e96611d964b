"""Languages (Simplified Chinese by the users' Telegram language, /lang, Traditional) and the
private /calc, end to end."""

from __future__ import annotations

from tests.bot.conftest import Scene
from tests.bot.helpers import next_until, open_table, seat_and_start, wizard

ZH_NEXT = ("下一步 ▶", "预览 ▶", "没有，下一步 ▶")


async def test_a_chinese_night(tg, bot):
    chat = tg.group(-100900)
    names = ("老王", "小明", "小红", "阿强")
    users = [tg.user(400 + i, n, lang="zh-hans") for i, n in enumerate(names)]
    wang, ming = users[0], users[1]
    s = Scene(tg, chat)
    table = await open_table(s, wang, "兴国冲关麻将", stake="不算钱")
    assert "等待玩家入座" in s.text(table)
    await seat_and_start(s, table, users, join="入座", start="开始")
    assert "东 老王 🎲庄" in s.text(table)
    w = await s.tap_for_message(ming, table, "记一局", expect="谁胡了？")
    await wizard(s, ming, w, "小明 ← 小红", "大七对", "德国", "下一步 ▶")
    await next_until(s, ming, w, "确认", nxt=ZH_NEXT)
    preview = s.text(w)
    # the contract's example, in Chinese: dealer pays 2^(庄1+大七2+德国1)=16, as a fan list
    assert "老王 → 小明: 16" in preview and "小红 → 小明: 21" in preview
    assert "计算过程" in preview and "庄1 · 大七2 · 德国1 → ×16" in preview
    mark = tg.mark()
    await wizard(s, ming, w, "✅ 确认")
    line = await tg.next_message(chat, mark, contains="第 1 局：")
    assert "小明 +45" in line["text"]
    assert "第 1 晚 · 下一局：第 2 局 · 今晚已打 1 局 · 进行中" in s.text(table)


async def test_lang_switches_the_chat(tg, bot):
    chat = tg.group(-100901)
    alice = tg.user(501, "Alice", lang="en")
    s = Scene(tg, chat)
    msg = await s.say(alice, "/lang", expect="Language of this chat")
    await wizard(s, alice, msg, "简体中文")
    assert "语言已设为" in s.text(msg)
    reply = await s.say(alice, "/help", expect="麻将记分宝")
    assert "/newtable" in reply["text"]
    msg = await s.say(alice, "/lang", expect="本群语言")
    await wizard(s, alice, msg, "繁體中文")
    reply = await s.say(alice, "/table", expect="本群還沒有牌桌")
    assert reply


async def test_command_menus_per_language(tg, bot):
    zh = [k for k in tg.commands if k.endswith("|zh")]
    en = [k for k in tg.commands if k.endswith("|")]
    assert len(zh) == 2 and len(en) == 2
    groups_zh = next(v for k, v in tg.commands.items() if "group" in k and k.endswith("|zh"))
    assert any(c["command"] == "newtable" and c["description"] == "在本群开一桌" for c in groups_zh)
    private_en = next(v for k, v in tg.commands.items() if "private" in k and k.endswith("|"))
    assert {c["command"] for c in private_en} >= {"calc", "rules", "help"}


async def test_calc_in_private_records_nothing(tg, bot):
    carol = tg.user(601, "Carol", lang="en")
    chat = tg.private(carol)
    s = Scene(tg, chat)
    setup = await s.say(carol, "/calc", expect="Calculator")
    from tests.bot.helpers import pick_paged

    await pick_paged(s, carol, setup, "Xingguo")
    await wizard(s, carol, setup, "Next ▶")
    assert "Who won?" in s.text(setup)
    await wizard(s, carol, setup, "South ← West", "Big seven pairs", "No wild", "Next ▶")
    await next_until(s, carol, setup, "New calculation")
    text = s.text(setup)
    assert "East → South: 16" in text and "West → South: 21" in text and "North → South: 8" in text
    assert "Confirm" not in " ".join(s.labels(setup))
    await wizard(s, carol, setup, "New calculation")
    assert "Who won?" in s.text(setup)
    assert bot.ledger.current_table(chat.id) is None
    assert not any("Hand 1:" in (m.params.get("text") or "") for m in tg.sent)
    # /newtable in private points to groups
    reply = await s.say(carol, "/newtable", expect="group")
    assert "/calc" in reply["text"]


async def test_rules_and_help(tg, bot):
    chat = tg.group(-100902)
    bob = tg.user(701, "Bob")
    s = Scene(tg, chat)
    lst = await s.say(bob, "/rules", expect="Rulesets")
    assert "xingguo" in lst["text"]
    one = await s.say(bob, "/rules xingguo", expect="Xingguo")
    assert "Big seven pairs" in one["text"] and "2 fan" in one["text"]
    assert "Concealed kong" in one["text"]
    bad = await s.say(bob, "/rules nope", expect="Unknown ruleset")
    assert bad
    hl = await s.say(bob, "/help", expect="Example")
    assert "Record hand" in hl["text"]
