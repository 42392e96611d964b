"""Issue 18 end to end over the fake Bot API server (the real Application over HTTP): /fee and
/cap and the settle message that applies them, /season (current, new, earlier), /merge, /me in
the group and in private — in English and in Simplified Chinese.

Hands are recorded through the ledger the bot uses (real settled xingguo hands, as the wizard
would store them; the wizard itself has its own end-to-end tests); every command is typed in
the chat and its answer read from the fake server. The numbers are checked against the
ledger's own night totals and transfers."""

from __future__ import annotations

import re

from bot.render.money import format_money as signed_money
from scoring.transfers import format_money
from tests.bot.conftest import Scene
from tests.bot.helpers import open_table, seat_and_start, wizard
from tests.storage.helpers import random_hands

NAMES = ("Alice", "Bob", "Carol", "Dave")
ASCII_WORD = re.compile(r"[A-Za-z]{2,}")


def record(bot, table_id: int, ids: list[str], n: int, seed: int, key: str) -> None:
    by = int(ids[0])
    for i, rec in enumerate(random_hands(ids, n, seed=seed)):
        bot.ledger.record_hand(table_id, rec, recorded_by=by, idempotency_key=f"{key}-{i}")


def table_of(bot, chat_id: int):
    return bot.ledger.current_table(chat_id)


def chinese_only(text: str, allowed: set[str]) -> None:
    """No English word in a Chinese chat's answer, besides commands, names and the words the
    test allows (the names typed by the users, currency signs have no letters)."""
    body = re.sub(r"[/@]\w+", "", text)  # commands and @usernames
    words = set(ASCII_WORD.findall(body)) - allowed
    assert not words, (words, text)


async def test_fee_cap_season_merge_and_me_in_english(tg, bot):
    chat = tg.group(-100700, title="Friday club")
    users = [tg.user(700 + i, n) for i, n in enumerate(NAMES)]
    alice, bob, _carol, dave = users
    eve = tg.user(710, "Eve")
    s = Scene(tg, chat)
    table_msg = await open_table(s, alice, "Xingguo", stake="¥1")
    # Dave is not there tonight: the guest Erin plays in his place
    for u in users[:3]:
        assert not (await s.tap(u, table_msg, "Join")).get("show_alert")
    await s.tg.post(chat, alice, "/guest Erin")
    await tg.wait_for(lambda: len(table_of(bot, chat.id).seats) == 4)
    assert not (await s.tap(alice, table_msg, "Start")).get("show_alert")
    table = table_of(bot, chat.id)
    assert [x.name for x in table.seats] == ["Alice", "Bob", "Carol", "Erin"]
    ids = [str(x.player_id) for x in table.seats]

    # /fee and /cap: shown to anyone, changed by the table's creator (or an admin) only
    shown = await s.say(bob, "/fee", expect="No table fee")
    assert "Usage: /fee AMOUNT" in s.text(shown)
    refused = await s.say(bob, "/fee 40", expect="Only the table's creator")
    assert refused
    set_fee = await s.say(alice, "/fee 40", expect="Table fee")
    assert "Table fee: ¥40 per night, split equally (AA), to the house (Alice)." in s.text(set_fee)
    record(bot, table.id, ids, 10, seed=21, key="en1")
    plain = bot.ledger.night_transfers(table.id)
    worst = min(plain.net_money.values())
    cap_yuan = max(1, (-worst // 100) // 2)  # half the biggest loss, in whole yuan
    capped = await s.say(alice, f"/cap {cap_yuan}", expect="Loss cap")
    cap_text = format_money(cap_yuan * 100, "CNY")
    assert f"Loss cap: nobody pays more than {cap_text} a night." in s.text(capped)
    assert "Usage" in s.text(await s.say(alice, "/cap lots", expect="Usage"))

    ask = await s.say(alice, "/settle", expect="settle")
    await wizard(s, alice, ask, "Settle")
    settled = s.text(ask)
    assert "Night 1 is settled" in settled
    sv = bot.ledger.night_transfers(table.id, night=1)
    assert sv.adjust is not None
    names = {x.player_id: x.name for x in table.seats}
    assert f"Loss cap {cap_text}" in settled
    for pid, waived in sv.adjust.capped.items():
        line = f"{names[pid]} is capped: pays {cap_text}, {format_money(waived, 'CNY')} less"
        assert line in settled, settled
    assert "The winners give up the difference:" in settled
    assert "Table fee ¥40 to the house (Alice)" in settled
    assert "split equally (AA): " in settled and settled.count("¥10") >= 4
    # the transfers settle the capped nets plus the fee, exactly
    final = {names[p]: v for p, v in sv.adjust.final.items() if p}
    for n, v in final.items():
        assert f"{n}: {signed_money(v, 'CNY', sign=True)}" in settled
    paid: dict[str, int] = dict.fromkeys(final, 0)
    for payer, payee, amount in re.findall(r"^(\w+) pays (\w+) ¥([\d.,]+)$", settled, flags=re.M):
        cents = round(float(amount.replace(",", "")) * 100)
        paid[payer] -= cents
        paid[payee] += cents
    assert paid == final

    # night 2 (new season first: the night with no hand yet moves into it)
    no_right = await s.say(eve, "/season new Spring", expect="Only a chat admin")
    assert no_right
    begun = await s.say(alice, "/season new Spring", expect="begins")
    assert "Season 2 · Spring begins." in s.text(begun)
    record(bot, table.id, ids, 6, seed=22, key="en2")
    board = bot.ledger.season_board(chat.id)
    text = s.text(await s.say(bob, "/season", expect="Season 2"))
    assert text.startswith("Season 2 · Spring · current")
    assert "1 night · 6 hands" in text
    top = board.lines[0]
    assert f"1. {top.name} " in text
    assert "Earlier seasons: /season N (1 to 2)." in text
    old = s.text(await s.say(bob, "/season 1", expect="Season 1"))
    assert old.startswith("Season 1 · finished") and "1 night · 10 hands" in old
    for ln in bot.ledger.season_board(chat.id, 1).lines:  # the settled money, cap and fee in
        assert f"{ln.name} {signed_money(ln.money['CNY'], 'CNY', sign=True)}" in old
        assert ln.money["CNY"] == sv.adjust.final[ln.player_id]
    assert "There is no season 5" in s.text(await s.say(bob, "/season 5", expect="no season"))

    # /merge: only an admin; Erin the guest becomes Eve's account
    await s.say(eve, "/me", expect="Eve")  # Eve has written in the chat: the bot knows her
    assert await s.say(eve, "/merge Erin @eve", expect="Only a chat admin")
    tg.admins[chat.id] = {dave.id}
    merged = await s.say(dave, "/merge Erin @eve", expect="now counts")
    assert "The guest Erin now counts as @eve in seasons and /me." in s.text(merged)
    again = await s.say(dave, "/merge Erin @eve", expect="cannot be merged")
    assert again
    season1 = bot.ledger.season_board(chat.id, 1)
    assert "Erin" not in [ln.name for ln in season1.lines]
    assert sum(ln.points for ln in season1.lines) == sum(sv.net_points.values())
    eve_line = next(ln for ln in season1.lines if ln.name == "Eve")
    erin_id = next(x.player_id for x in table.seats if x.name == "Erin")
    assert eve_line.points == sv.net_points[erin_id]

    # /me in the group: Eve's nights are the guest's
    me = s.text(await s.say(eve, "/me", expect="Eve"))
    assert me.startswith("Eve · 2 nights")
    assert "Latest nights" in me and "night 1" in me and "night 2" in me
    # /me in private: every chat the player plays in
    p = Scene(tg, tg.private(alice))
    private = await p.say(alice, "/me", expect="Your chats")
    ptext = p.text(private)
    assert ptext.startswith("Alice · 2 nights") and "Friday club: 2 nights" in ptext
    assert "Seasons belong to a group" in p.text(await p.say(alice, "/season", expect="group"))


async def test_season_and_me_in_chinese(tg, bot):
    chat = tg.group(-100701, title="周五麻将")
    names = ("老王", "小明", "小红", "阿强")
    users = [tg.user(720 + i, n, lang="zh-hans") for i, n in enumerate(names)]
    wang, ming = users[0], users[1]
    s = Scene(tg, chat)
    allowed = {"AA"}
    table_msg = await open_table(s, wang, "兴国冲关麻将", stake="¥1")
    await seat_and_start(s, table_msg, users, join="入座", start="开始")
    table = table_of(bot, chat.id)
    ids = [str(x.player_id) for x in table.seats]
    fee = s.text(await s.say(wang, "/fee 20 赢家", expect="台费"))
    assert "台费：每晚 ¥20，由赢家按赢的多少出，交给东家（老王）。" in fee
    chinese_only(fee, allowed)
    cap = s.text(await s.say(wang, "/cap 30", expect="封顶"))
    assert "封顶：每人每晚最多付 ¥30。" in cap
    chinese_only(cap, allowed)
    chinese_only(s.text(await s.say(ming, "/fee 5", expect="只有开桌的人")), allowed)
    chinese_only(s.text(await s.say(ming, "/cap", expect="用法")), allowed)
    record(bot, table.id, ids, 12, seed=31, key="zh1")
    ask = await s.say(wang, "/settle", expect="结算")
    await wizard(s, wang, ask, "结算")
    settled = s.text(ask)
    sv = bot.ledger.night_transfers(table.id, night=1)
    assert sv.adjust is not None
    if sv.adjust.capped:
        assert "封顶 ¥30" in settled and "封顶：付 ¥30" in settled
    assert "台费 ¥20 交给东家（老王）" in settled and "实际结算" in settled
    chinese_only(settled, allowed)

    season = s.text(await s.say(ming, "/season", expect="赛季"))
    assert season.startswith("第1赛季 · 进行中")
    assert "1 晚 · 12 局" in season
    chinese_only(season, allowed)
    refused = s.text(await s.say(ming, "/season 新 春季", expect="只有群管理员"))
    chinese_only(refused, allowed)
    begun = s.text(await s.say(wang, "/season 新 春季", expect="开始了"))
    assert "第2赛季 · 春季开始了" in begun
    chinese_only(begun, allowed)
    old = s.text(await s.say(ming, "/season 1", expect="第1赛季"))
    assert old.startswith("第1赛季 · 已结束")
    chinese_only(old, allowed)
    chinese_only(s.text(await s.say(ming, "/season 9", expect="没有第9赛季")), allowed)
    chinese_only(s.text(await s.say(ming, "/season x", expect="用法")), allowed)

    me = s.text(await s.say(ming, "/me", expect="小明"))
    assert me.startswith("小明 · 1 晚") and "最近几晚" in me and "总计：" in me
    chinese_only(me, allowed)
    p = Scene(tg, tg.private(ming))
    private = p.text(await p.say(ming, "/me", expect="你玩过的群"))
    assert "周五麻将：1 晚" in private
    chinese_only(private, allowed)
    tg.admins[chat.id] = {wang.id}
    chinese_only(s.text(await s.say(wang, "/merge 没有这人 @nobody", expect="我还不认识")), allowed)
    chinese_only(s.text(await s.say(ming, "/merge 客人 @x", expect="只有群管理员")), allowed)
    help_zh = s.text(await s.say(ming, "/help", expect="其他命令"))
    assert "/season" in help_zh and "/me" in help_zh and "/fee" in help_zh


async def test_commands_in_the_menus(tg, bot):
    import json

    group = json.dumps({"type": "all_group_chats"}, sort_keys=True)
    private = json.dumps({"type": "all_private_chats"}, sort_keys=True)
    en = {c["command"]: c["description"] for c in tg.commands[group + "|"]}
    zh = {c["command"]: c["description"] for c in tg.commands[group + "|zh"]}
    for cmd in ("season", "me", "fee", "cap", "merge"):
        assert cmd in en and cmd in zh
    assert zh["season"].startswith("赛季排行榜")
    assert "me" in {c["command"] for c in tg.commands[private + "|"]}
    chat = tg.group(-100702)
    s = Scene(tg, chat)
    help_msg = s.text(await s.say(tg.user(730, "Alice"), "/help", expect="Other commands"))
    assert "/season" in help_msg and "/me" in help_msg and "/cap" in help_msg


async def test_the_cards_are_sent_as_photos(tg, db_url):
    """With images on: /season and /me post their cards, /settle the settlement image with
    the cap and fee section (a PNG the fake server accepts as a photo)."""
    from tests.bot.conftest import Bot

    b = Bot(tg, db_url, images=True)
    await b.start()
    try:
        chat = tg.group(-100703, title="Photo club")
        users = [tg.user(740 + i, n) for i, n in enumerate(NAMES)]
        s = Scene(tg, chat)
        table_msg = await open_table(s, users[0], "Xingguo", stake="¥1")
        await seat_and_start(s, table_msg, users)
        table = table_of(b, chat.id)
        record(b, table.id, [str(x.player_id) for x in table.seats], 5, seed=41, key="ph")
        await s.say(users[0], "/fee 10 winners Bob", expect="Table fee")
        ask = await s.say(users[0], "/settle", expect="settle")
        mark = tg.mark()
        await wizard(s, users[0], ask, "Settle")
        photo = await tg.next_message(chat, mark, method="sendPhoto")
        assert photo["photo"] and "Table fee ¥10 to Bob" in s.text(ask)
        for cmd in ("/season", "/me"):
            mark = tg.mark()
            await tg.post(chat, users[1], cmd)
            sent = await tg.next_message(chat, mark, method="sendPhoto")
            png = tg.messages[(chat.id, sent["message_id"])]["bytes"]
            assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) < 300_000
    finally:
        await b.stop()


async def test_merge_by_reply(tg, bot):
    """/merge GUEST as a reply to the account's message (an admin); the guest's night counts
    once, as the account's, in /season."""
    chat = tg.group(-100704, title="Reply club")
    users = [tg.user(750 + i, n) for i, n in enumerate(NAMES)]
    frank = tg.user(760, "Frank")
    s = Scene(tg, chat)
    table_msg = await open_table(s, users[0], "Xingguo", stake="¥1")
    for u in users[:3]:
        assert not (await s.tap(u, table_msg, "Join")).get("show_alert")
    await s.tg.post(chat, users[0], "/guest Frankie")
    await tg.wait_for(lambda: len(table_of(bot, chat.id).seats) == 4)
    assert not (await s.tap(users[0], table_msg, "Start")).get("show_alert")
    table = table_of(bot, chat.id)
    record(bot, table.id, [str(x.player_id) for x in table.seats], 4, seed=51, key="rp")
    before = {ln.name: ln.points for ln in bot.ledger.season_board(chat.id).lines}
    hello = await tg.post(chat, frank, "hi, I am Frankie")
    tg.admins[chat.id] = {users[3].id}
    mark = tg.mark()
    await tg.post(chat, users[3], "/merge Frankie", reply_to=hello)
    done = await tg.next_message(chat, mark, contains="now counts")
    assert "The guest Frankie now counts as Frank" in done["text"]
    text = s.text(await s.say(users[1], "/season", expect="Season 1"))
    after = {ln.name: ln.points for ln in bot.ledger.season_board(chat.id).lines}
    assert "Frankie" not in after and after["Frank"] == before["Frankie"]
    assert "Frankie" not in text and "Frank " in text
