"""The built-in Bot API server (bot/playground/botapi/) behaves like Telegram where the bot
and the playground depend on it: files the bot sent come back through getFile and the file
URL, byte for byte; a photo has no text to edit; a ``web_app`` button is refused outside a
private chat; a callback query is answered once, and only one Telegram sent; 64-byte callback
data; HTML limits counted after the entities (4,096 / 1,024)."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest
from telegram import Bot as PTBBot

from bot.playground.botapi import FakeTelegram
from tests.bot.conftest import Bot, Scene
from tests.bot.helpers import open_table, seat_and_start

PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 32


async def call(fake: FakeTelegram, method: str, **params: Any) -> tuple[int, dict[str, Any]]:
    data = {k: v if isinstance(v, str) else json.dumps(v) for k, v in params.items()}
    async with httpx.AsyncClient() as http:
        r = await http.post(f"{fake.base}/bot{fake.token}/{method}", data=data)
    return r.status_code, r.json()


async def send_photo(fake: FakeTelegram, chat_id: int, **params: Any) -> dict[str, Any]:
    data = {"chat_id": str(chat_id), **params}
    async with httpx.AsyncClient() as http:
        r = await http.post(
            f"{fake.base}/bot{fake.token}/sendPhoto",
            data=data,
            files={"photo": ("board.png", PNG, "image/png")},
        )
    out: dict[str, Any] = r.json()
    return out


async def test_get_file_gives_back_the_bytes_sent(tg: FakeTelegram) -> None:
    chat = tg.group(-5)
    sent = await send_photo(tg, chat.id)
    assert sent["ok"], sent
    fid = sent["result"]["photo"][-1]["file_id"]
    async with PTBBot(
        tg.token, base_url=f"{tg.base}/bot", base_file_url=f"{tg.base}/file/bot"
    ) as b:
        f = await b.get_file(fid)
        assert f.file_path and f.file_path.endswith(".png")
        assert bytes(await f.download_as_bytearray()) == PNG
    status, body = await call(tg, "getFile", file_id="nope")
    assert (status, body["description"]) == (400, "Bad Request: invalid file_id")
    async with httpx.AsyncClient() as http:  # another token reads no file
        r = await http.get(f"{tg.base}/file/bot1:other/{f.file_path}")
    assert r.status_code == 404


async def test_a_photo_has_no_text_to_edit(tg: FakeTelegram) -> None:
    chat = tg.group(-6)
    sent = await send_photo(tg, chat.id, caption="<b>Board</b>", parse_mode="HTML")
    mid = sent["result"]["message_id"]
    status, body = await call(tg, "editMessageText", chat_id=str(chat.id), message_id=str(mid),
                              text="x")  # fmt: skip
    assert status == 400 and body["description"] == (
        "Bad Request: there is no text in the message to edit"
    )


async def test_web_app_buttons_only_in_private_chats(tg: FakeTelegram) -> None:
    group, user = tg.group(-7), tg.user(70, "Ann")
    private = tg.private(user)
    markup = {"inline_keyboard": [[{"text": "Open", "web_app": {"url": "https://x.example/"}}]]}
    status, body = await call(tg, "sendMessage", chat_id=str(group.id), text="hi",
                              reply_markup=markup)  # fmt: skip
    assert (status, body["description"]) == (400, "Bad Request: BUTTON_TYPE_INVALID")
    status, body = await call(tg, "sendMessage", chat_id=str(private.id), text="hi",
                              reply_markup=markup)  # fmt: skip
    assert status == 200 and body["result"]["reply_markup"] == markup


@pytest.mark.parametrize(
    ("data", "ok"), [("x" * 64, True), ("é" * 32, True), ("x" * 65, False), ("é" * 33, False)]
)
async def test_callback_data_is_64_bytes(tg: FakeTelegram, data: str, ok: bool) -> None:
    chat = tg.group(-8)
    markup = {"inline_keyboard": [[{"text": "b", "callback_data": data}]]}
    status, body = await call(tg, "sendMessage", chat_id=str(chat.id), text="t",
                              reply_markup=markup)  # fmt: skip
    assert (status == 200) is ok, body
    if not ok:
        assert body["description"] == "Bad Request: BUTTON_DATA_INVALID"


async def test_html_limits_count_the_text_after_entities(tg: FakeTelegram) -> None:
    chat = tg.group(-9)
    long_html = "<b>" + "a" * 4096 + "</b>"  # 4,103 characters, 4,096 shown
    status, _ = await call(tg, "sendMessage", chat_id=str(chat.id), text=long_html,
                           parse_mode="HTML")  # fmt: skip
    assert status == 200
    status, body = await call(tg, "sendMessage", chat_id=str(chat.id), text="a" * 4097)
    assert (status, body["description"]) == (400, "Bad Request: message is too long")
    status, body = await call(tg, "sendMessage", chat_id=str(chat.id), text="<x>a</x>",
                              parse_mode="HTML")  # fmt: skip
    assert status == 400 and "can't parse entities" in body["description"]
    ok = await send_photo(tg, chat.id, caption="&amp;" * 1024, parse_mode="HTML")
    assert ok["ok"], ok
    bad = await send_photo(tg, chat.id, caption="a" * 1025)
    assert bad["description"] == "Bad Request: message caption is too long"


async def test_callback_answer_rules(tg: FakeTelegram) -> None:
    chat, user = tg.group(-10), tg.user(80, "Bo")
    status, body = await call(tg, "answerCallbackQuery", callback_query_id="999")
    assert status == 400 and "query ID is invalid" in body["description"]  # never sent
    cq = await tg.press_data(chat, user, 1, "x")
    status, _ = await call(tg, "answerCallbackQuery", callback_query_id=cq, text="a" * 201)
    assert status == 400  # alerts: 200 characters
    assert (await call(tg, "answerCallbackQuery", callback_query_id=cq, text="ok"))[0] == 200
    status, body = await call(tg, "answerCallbackQuery", callback_query_id=cq)
    assert status == 400 and "query ID is invalid" in body["description"]  # answered once


async def test_edits_return_the_message_and_not_modified(tg: FakeTelegram) -> None:
    chat = tg.group(-11)
    _, sent = await call(tg, "sendMessage", chat_id=str(chat.id), text="<i>one</i>",
                         parse_mode="HTML")  # fmt: skip
    mid = str(sent["result"]["message_id"])
    status, body = await call(tg, "editMessageText", chat_id=str(chat.id), message_id=mid,
                              text="two")  # fmt: skip
    assert status == 200 and body["result"]["text"] == "two" and "edit_date" in body["result"]
    status, body = await call(tg, "editMessageText", chat_id=str(chat.id), message_id=mid,
                              text="two")  # fmt: skip
    assert status == 400 and body["description"].startswith("Bad Request: message is not modified")


async def test_the_bots_board_image_and_csv_come_back_by_get_file(
    tg: FakeTelegram,
    db_url: str,
) -> None:
    """End to end: the real bot sends the /board photo and the /export CSV; both are read
    back through getFile and the file URL as a client (the playground's page) would."""
    b = Bot(tg, db_url, images=True)
    await b.start()
    try:
        chat = tg.group(-100600)
        users = [tg.user(600 + i, n) for i, n in enumerate(("Alice", "Bob", "Carol", "Dave"))]
        s = Scene(tg, chat)
        table = await open_table(s, users[0], "Xingguo", stake="¥1")
        await seat_and_start(s, table, users)
        photo = await s.say(users[1], "/board", method="sendPhoto")
        doc = await s.say(users[1], "/export", method="sendDocument")
        base = f"{tg.base}/file/bot{tg.token}/"
        async with httpx.AsyncClient() as http:
            for fid in (photo["photo"][-1]["file_id"], doc["document"]["file_id"]):
                _, info = await call(tg, "getFile", file_id=fid)
                r = await http.get(base + info["result"]["file_path"])
                assert r.status_code == 200 and len(r.content) == info["result"]["file_size"]
                if fid == photo["photo"][-1]["file_id"]:
                    assert r.content.startswith(b"\x89PNG") or r.content[:2] == b"\xff\xd8"
                else:
                    assert doc["document"]["file_name"].endswith(".csv")
                    assert r.headers["content-type"].startswith("text/csv")
                    assert r.content.decode("utf-8-sig").splitlines()[0].count(",") >= 3
    finally:
        await b.stop()
