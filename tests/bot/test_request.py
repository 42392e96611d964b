"""bot/request.py: AiohttpRequest on its own against the fake Telegram server over loopback HTTP
(a PTB ``Bot`` whose only HTTP layer is an AiohttpRequest, and ``do_request`` itself), plus the
wiring behind ``HTTP_CLIENT``."""

from __future__ import annotations

import asyncio
import io
import socket
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from PIL import Image
from telegram import Bot, InlineKeyboardButton, InlineKeyboardMarkup
from telegram.error import BadRequest, NetworkError, RetryAfter, TimedOut
from telegram.request import HTTPXRequest, RequestData
from telegram.request._requestparameter import RequestParameter

from bot.app import build_application
from bot.config import Settings
from bot.request import AiohttpRequest
from storage.service import Ledger
from tests.bot.fake_telegram import BOT_ID, FakeTelegram


@pytest.fixture
async def req() -> AsyncIterator[AiohttpRequest]:
    r = AiohttpRequest(connection_pool_size=4)
    await r.initialize()
    yield r
    await r.shutdown()


@pytest.fixture
async def tbot(tg: FakeTelegram) -> AsyncIterator[Bot]:
    """A plain PTB Bot whose requests all go through AiohttpRequest."""
    b = Bot(
        tg.token,
        base_url=f"{tg.base}/bot",
        request=AiohttpRequest(connection_pool_size=4),
        get_updates_request=AiohttpRequest(connection_pool_size=1),
    )
    async with b:
        yield b


def png() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (8, 8), (200, 30, 30)).save(out, format="PNG")
    return out.getvalue()


def free_port() -> int:
    """A loopback port nobody listens on (bound, then closed)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def test_json_call_and_form_parameters_round_trip(tg: FakeTelegram, tbot: Bot) -> None:
    me = await tbot.get_me()
    assert me.id == BOT_ID and me.username == "tally_test_bot"
    chat = tg.group(-4242)
    markup = InlineKeyboardMarkup([[InlineKeyboardButton("Join ✋", callback_data="j:1")]])
    msg = await tbot.send_message(
        chat.id, "<b>东风</b> &amp; co", parse_mode="HTML", reply_markup=markup
    )
    sent = tg.sent[-1]
    assert sent.method == "sendMessage"
    # numbers, nested JSON and non-ASCII text arrive as the server would decode them
    assert sent.params["chat_id"] == chat.id
    assert sent.params["text"] == "<b>东风</b> &amp; co"
    assert sent.params["reply_markup"] == {
        "inline_keyboard": [[{"text": "Join ✋", "callback_data": "j:1"}]]
    }
    # …and the server's JSON reply comes back decoded into a Message
    assert msg.text == "东风 & co" and msg.chat.id == chat.id
    assert msg.reply_markup == markup


async def test_multipart_upload_photo_and_document(tg: FakeTelegram, tbot: Bot) -> None:
    chat = tg.group(-4243)
    image = png()
    photo_msg = await tbot.send_photo(chat.id, image, caption="Standings ¥")
    sent = tg.sent[-1]
    assert sent.method == "sendPhoto"
    assert sent.files[next(iter(sent.files))] == image  # the bytes arrived unchanged
    assert sent.params["caption"] == "Standings ¥" and sent.params["chat_id"] == chat.id
    assert photo_msg.photo and photo_msg.caption == "Standings ¥"

    csv = b"hand,winner\n1,Bob\n"
    doc_msg = await tbot.send_document(chat.id, csv, filename="night.csv")
    sent = tg.sent[-1]
    assert sent.method == "sendDocument"
    assert list(sent.files.values()) == [csv]
    assert sent.params["_filename"] == "night.csv"
    assert doc_msg.document is not None and doc_msg.document.file_name == "night.csv"


async def test_429_with_retry_after_raises_retry_after(tg: FakeTelegram, tbot: Bot) -> None:
    chat = tg.group(-4244)
    tg.rate_limit(1, retry_after=7)
    with pytest.raises(RetryAfter) as err:
        await tbot.send_message(chat.id, "hi")
    assert err.value.retry_after == 7 or getattr(err.value.retry_after, "seconds", None) == 7
    assert tg.errors[-1][:2] == ("sendMessage", 429)
    await tbot.send_message(chat.id, "hi")  # the next one goes through


async def test_400_raises_bad_request_with_telegrams_text(tg: FakeTelegram, tbot: Bot) -> None:
    with pytest.raises(BadRequest, match=r"(?i)chat not found"):
        await tbot.send_message(-999_999, "nobody here")
    chat = tg.group(-4245)
    with pytest.raises(BadRequest, match=r"(?i)can't parse entities"):
        await tbot.send_message(chat.id, "<b>unclosed", parse_mode="HTML")


async def test_connection_refused_raises_network_error(req: AiohttpRequest) -> None:
    url = f"http://127.0.0.1:{free_port()}/bot123:abc/getMe"
    with pytest.raises(NetworkError) as err:
        await req.post(url)
    assert not isinstance(err.value, TimedOut)
    assert str(err.value).startswith("aiohttp.ClientConnectorError")


def long_poll(seconds: int) -> RequestData:
    """getUpdates parameters: the fake server holds the request up to ``seconds``."""
    return RequestData([RequestParameter("timeout", seconds, [])])


async def test_read_timeout_raises_timed_out(tg: FakeTelegram, req: AiohttpRequest) -> None:
    url = f"{tg.base}/bot{tg.token}/getUpdates"
    loop = asyncio.get_running_loop()
    t0 = loop.time()
    with pytest.raises(TimedOut):
        await req.post(url, long_poll(3), read_timeout=0.3)
    assert loop.time() - t0 < 2
    # the same call with time to spare is answered (an empty list of updates)
    assert await req.post(url, long_poll(0), read_timeout=2) == []


async def test_full_pool_raises_timed_out_without_sending(tg: FakeTelegram) -> None:
    url = f"{tg.base}/bot{tg.token}/getUpdates"
    async with AiohttpRequest(connection_pool_size=1, pool_timeout=0.2) as r:
        hold = asyncio.create_task(r.post(url, long_poll(2), read_timeout=5))
        await tg.wait_for(lambda: tg.polls >= 1)
        with pytest.raises(TimedOut, match="Pool timeout"):
            await r.post(f"{tg.base}/bot{tg.token}/getMe")
        assert not tg.sent  # getMe never reached the server
        hold.cancel()
        with pytest.raises(asyncio.CancelledError):
            await hold
        assert (await r.post(f"{tg.base}/bot{tg.token}/getMe"))["id"] == BOT_ID


async def test_shutdown_then_initialize_again(tg: FakeTelegram) -> None:
    r = AiohttpRequest()
    url = f"{tg.base}/bot{tg.token}/getMe"
    with pytest.raises(RuntimeError, match="not initialized"):
        await r.do_request(url, "POST")
    await r.initialize()
    assert (await r.post(url))["id"] == BOT_ID
    await r.shutdown()
    await r.shutdown()  # twice is harmless
    with pytest.raises(RuntimeError, match="not initialized"):
        await r.do_request(url, "POST")
    await r.initialize()
    status, body = await r.do_request(url, "POST")
    assert status == 200 and b'"ok": true' in body
    await r.shutdown()


@pytest.mark.parametrize("client", ["aiohttp", "httpx"])
def test_http_client_setting_picks_the_request_class(client: str, tmp_path: Path) -> None:
    settings = Settings(TELEGRAM_BOT_TOKEN="1:x", HTTP_CLIENT=client, POLL_TIMEOUT=7)
    ledger = Ledger(f"sqlite:///{tmp_path}/t.sqlite3")
    app = build_application(settings, ledger, images=False)
    expected = AiohttpRequest if client == "aiohttp" else HTTPXRequest
    general, polling = app.bot._request[1], app.bot._request[0]
    assert isinstance(general, expected) and isinstance(polling, expected)
    assert polling.read_timeout == 17  # POLL_TIMEOUT + 10 for the long poll
