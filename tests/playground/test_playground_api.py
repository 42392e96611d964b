"""The playground's JSON API (bot/playground/run.py), in process and over HTTP: messages and
taps reach the real bot as the user's updates, a refusal comes back as the bot's alert, edits
replace the message in place, renames show in later messages, the private chats are each the
user's own, files are served from what the bot sent (the CSV); and its initData passes the Mini App's
own check (bot/web/auth.py) while a tampered one does not. The page's catalogs agree."""

from __future__ import annotations

import json
import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from bot.playground.run import GROUP_ID, TOKEN, USER_IDS, Playground, sign_init_data
from bot.web.auth import AuthError, check_init_data
from tests.web.conftest import free_port

STATIC = Path(__file__).resolve().parents[2] / "bot" / "playground" / "static"
ALICE, BOB, CAROL, DAVE = USER_IDS


@pytest.fixture
async def pg(tmp_path: Path) -> AsyncIterator[Playground]:
    p = Playground(
        f"sqlite:///{tmp_path / 'p.sqlite3'}", port=free_port(), env={"RATE_GROUP_PER_MINUTE": 0}
    )
    await p.start()
    yield p
    await p.stop()


class Client:
    def __init__(self, pg: Playground, http: aiohttp.ClientSession) -> None:
        self.pg, self.http, self.version = pg, http, -1

    async def post(self, name: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        async with self.http.post(f"{self.pg.url}play/api/{name}", json=body) as r:
            return r.status, await r.json(content_type=None)

    async def chat(self, chat: int = GROUP_ID, wait: float = 0) -> list[dict[str, Any]]:
        q = f"since={self.version}&wait={wait}&chat={chat}"
        async with self.http.get(f"{self.pg.url}play/api/messages?{q}") as r:
            out = await r.json()
        self.version = out["version"]
        msgs: list[dict[str, Any]] = out["chats"][str(chat)]
        return msgs

    async def until(self, pred: Any, chat: int = GROUP_ID) -> list[dict[str, Any]]:
        for _ in range(100):
            msgs = await self.chat(chat, wait=2)
            if pred(msgs):
                return msgs
        raise AssertionError("never")

    async def tap(self, user: int, label: str, chat: int = GROUP_ID) -> dict[str, Any]:
        """Tap the newest button whose label contains ``label`` (paging with ▶)."""
        for _ in range(5):
            msgs = await self.chat(chat)
            for m in reversed(msgs):
                for row in m.get("buttons", []):
                    for b in row:
                        if label in b["text"] and "data" in b:
                            status, out = await self.post(
                                "tap",
                                {
                                    "user": user,
                                    "chat": chat,
                                    "message": m["id"],
                                    "data": b["data"],
                                },
                            )
                            assert status == 200, out
                            answer: dict[str, Any] = out["answer"]
                            return answer
            pager = [
                (m, b)
                for m in msgs
                for row in m.get("buttons", [])
                for b in row
                if b["text"] == "▶"
            ]
            assert pager, (label, msgs[-1])
            m, b = pager[-1]
            await self.post(
                "tap", {"user": user, "chat": chat, "message": m["id"], "data": b["data"]}
            )
        raise AssertionError(label)


def texts(msgs: list[dict[str, Any]]) -> list[str]:
    return [m.get("text") or m.get("caption") or "" for m in msgs]


async def test_the_bot_answers_taps_alerts_and_edits_in_place(pg: Playground) -> None:
    async with aiohttp.ClientSession() as http:
        c = Client(pg, http)
        status, _ = await c.post("send", {"user": ALICE, "chat": GROUP_ID, "text": "/newtable"})
        assert status == 200
        await c.until(lambda ms: any("Which rules" in t for t in texts(ms)))
        await c.tap(ALICE, "Jiangxi ▸")  # /newtable shows the regions first (#26.6)
        assert await c.tap(ALICE, "Xingguo") == {}
        labels = [b["text"] for m in await c.chat() for r in m.get("buttons", []) for b in r]
        if any("Next" in t for t in labels):
            await c.tap(ALICE, "Next")
        await c.tap(ALICE, "¥1")
        msgs = await c.until(lambda ms: any("Stake: ¥1 per" in t for t in texts(ms)))
        table = next(m for m in msgs if "Stake: ¥1 per" in (m.get("text") or ""))
        assert table["from"]["bot"] and "<b>" in table["html"]
        await c.tap(ALICE, "Join")
        # the bot's refusal comes back as its alert (answerCallbackQuery show_alert)
        answer = await c.tap(ALICE, "Start")
        assert answer.get("show_alert") is True and re.search(
            r"\d players are needed", answer["text"]
        )
        # a rename shows in what the user does next; the table message is edited in place
        status, out = await c.post("name", {"user": BOB, "name": "  Bobby   B "})
        assert (status, out["name"]) == (200, "Bobby B")
        await c.tap(BOB, "Join")
        msgs = await c.until(
            lambda ms: "Bobby B" in next(m for m in ms if m["id"] == table["id"]).get("text", "")
        )
        assert [m["id"] for m in msgs].count(table["id"]) == 1
        edited = next(m for m in msgs if m["id"] == table["id"])
        assert edited["edited"] and "Alice" in edited["text"]
        # a button that is not on the message is refused before the bot sees it
        status, out = await c.post(
            "tap", {"user": ALICE, "chat": GROUP_ID, "message": table["id"], "data": "v1:forged"}
        )
        assert status == 400 and out["error"] == "no such button"
        # a file the bot sent (the /export CSV of the table) is served with its name
        await c.post("send", {"user": ALICE, "chat": GROUP_ID, "text": "/export"})
        msgs = await c.until(lambda ms: any("document" in m for m in ms))
        doc = next(m["document"] for m in msgs if "document" in m)
        async with http.get(pg.url.rstrip("/") + doc["url"]) as r:
            assert r.status == 200 and r.content_type == "text/csv"
            assert doc["name"] in r.headers["Content-Disposition"]
            assert len(await r.read()) == doc["size"]


async def test_private_chats_and_files(pg: Playground) -> None:
    async with aiohttp.ClientSession() as http:
        c = Client(pg, http)
        status, _ = await c.post("send", {"user": BOB, "chat": BOB, "text": "/help"})
        assert status == 200
        msgs = await c.until(lambda ms: any(m["from"]["bot"] for m in ms), chat=BOB)
        assert msgs[0]["from"]["id"] == BOB and msgs[1]["from"]["bot"]
        assert await c.chat(CAROL) == []  # Carol's private chat: nothing of Bob's
        status, _ = await c.post("send", {"user": CAROL, "chat": BOB, "text": "/help"})
        assert status == 400  # nobody writes in another user's private chat
        status, _ = await c.post("send", {"user": 42, "chat": GROUP_ID, "text": "hi"})
        assert status == 400  # not one of the four
        async with http.get(f"{pg.url}play/api/file/nope") as r:
            assert r.status == 404


def test_the_playground_signs_init_data_as_telegram_does() -> None:
    """bot/web/auth.py's check (the spec's algorithm) accepts it; any change breaks it."""
    from bot.playground.botapi import User

    user = User(1003, "Carol", "zh", username="carol")
    raw = sign_init_data(user, TOKEN, start_param="abc_DEF")
    who = check_init_data(raw, TOKEN)
    assert (who.id, who.name, who.start_param, who.language_code) == (
        1003,
        "Carol",
        "abc_DEF",
        "zh",
    )
    with pytest.raises(AuthError):
        check_init_data(raw, "4242424242:another-token")
    tampered = raw.replace("Carol", "Carla")
    with pytest.raises(AuthError):
        check_init_data(tampered, TOKEN)
    with pytest.raises(AuthError):  # an old one: Telegram's auth_date ages out
        check_init_data(sign_init_data(user, TOKEN, now=1_000_000), TOKEN, max_age=3600)


def test_the_page_catalogs_cover_every_string() -> None:
    en = json.loads((STATIC / "i18n" / "en.json").read_text(encoding="utf-8"))
    zh = json.loads((STATIC / "i18n" / "zh.json").read_text(encoding="utf-8"))
    assert en.keys() == zh.keys()
    used = set(
        re.findall(r"\bt\(\"([a-z_]+)\"\)", (STATIC / "play.js").read_text(encoding="utf-8"))
    )
    assert used and used <= en.keys(), used - en.keys()
    assert all(zh[k] and zh[k] != en[k] for k in en if k not in ("ok",)), "untranslated"
    assert all(re.search(r"[\u4e00-\u9fff]", zh[k]) for k in zh)
    # 繁體 (issue #26): every string, in Traditional characters only (scoring/hant.py's
    # OpenCC table: no character that exists only in Simplified)
    from scoring.hant import simplified_only

    hant = json.loads((STATIC / "i18n" / "zh_Hant.json").read_text(encoding="utf-8"))
    assert hant.keys() == en.keys()
    assert all(simplified_only(v) == [] for v in hant.values()), hant
    assert all(hant[k] != zh[k] for k in ("title", "subtitle", "close", "send")), hant
