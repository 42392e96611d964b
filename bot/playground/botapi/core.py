"""The fake Bot API server's state and the tests' side of it (see :mod:`bot.playground.botapi`)."""

from __future__ import annotations

import asyncio
import bisect
import itertools
import json
import time
from collections.abc import Callable
from typing import Any

import tornado.httpserver
import tornado.netutil
import tornado.web

from bot.playground.botapi import handlers
from bot.playground.botapi.model import (
    BOT_ID,
    Chat,
    Sent,
    User,
)


class Server:
    """The fake's state (chats, messages, the bot's requests, the faults set), its HTTP server
    on loopback, and the tests' side: users post and press buttons, the tests wait for the
    bot's answers. :class:`~bot.playground.botapi.methods.FakeTelegram` adds the Bot API
    methods."""

    def __init__(self, token: str = "123456:TEST-token-abcdef") -> None:
        self.token = token
        self.port = 0
        self._server: tornado.httpserver.HTTPServer | None = None
        self.updates: list[dict[str, Any]] = []
        self._update_ids = itertools.count(1)
        self._msg_ids: dict[int, itertools.count[int]] = {}
        self._cq_ids = itertools.count(1)
        self._seq = itertools.count(1)
        # waiters: (predicate, future) checked after every change (no wake-ups until true)
        self._waiters: list[tuple[Callable[[], Any], asyncio.Future[Any]]] = []
        self._new_updates = asyncio.Event()
        self.messages: dict[tuple[int, int], dict[str, Any]] = {}
        self.deleted: set[tuple[int, int]] = set()
        self.sent: list[Sent] = []
        self._sent_seqs: list[int] = []
        self.answers: dict[str, dict[str, Any]] = {}
        self.queries: set[str] = set()  # callback query ids sent to the bot
        self.files: dict[str, tuple[str, bytes, str]] = {}  # file_id: (file_path, bytes, mime)
        self.version = 0  # +1 for every update queued and every call applied
        self.admins: dict[int, set[int]] = {}
        self.owners: dict[int, int] = {}
        self.commands: dict[str, list[dict[str, Any]]] = {}
        self.users: dict[int, User] = {}
        self.chats: dict[int, Chat] = {}
        self.errors: list[tuple[str, int, str]] = []  # (method, code, description) returned
        self._fail_429 = 0
        self._retry_after = 1
        self._fail_methods: set[str] | None = None
        self._stall: tuple[int, float, set[str] | None] = (0, 0.0, None)
        self.stalled: list[tuple[str, dict[str, Any]]] = []  # requests held and then dropped
        self._fail: tuple[int, int, set[str] | None] = (0, 500, None)
        self._fail_after = 0
        self._late: tuple[int, float, set[str] | None] = (0, 0.0, None)
        self.late_applied: list[tuple[str, dict[str, Any]]] = []  # applied, answered late
        self.redirect_loop = False
        self.polls = 0
        self.webhook: dict[str, Any] | None = None
        # updates POSTed round-robin to these webhook URLs (a load balancer in front of several
        # bot processes) instead of being queued for getUpdates; see ``balance``
        self._targets: list[str] = []
        self._target_secret: str | None = None
        self._next_target = itertools.count()
        self._deliveries: set[asyncio.Task[None]] = set()
        self.delivered: list[tuple[str, int]] = []  # (target URL, update_id)

    # ---------------------------------------------------------------------------- server
    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    async def start(self) -> None:
        app = tornado.web.Application(
            [
                (r"/bot([^/]+)/([A-Za-z]+)", handlers.Handler, {"fake": self}),
                (r"/file/bot([^/]+)/(.+)", handlers.FileHandler, {"fake": self}),
            ]
        )
        sockets = tornado.netutil.bind_sockets(0, "127.0.0.1")
        self.port = sockets[0].getsockname()[1]
        self._server = tornado.httpserver.HTTPServer(app)
        self._server.add_sockets(sockets)

    async def stop(self) -> None:
        if self._server is not None:
            server, self._server = self._server, None
            server.stop()
            self._new_updates.set()
            await asyncio.sleep(0.05)
            await server.close_all_connections()

    async def _notify(self) -> None:
        if not self._waiters:
            return
        keep = []
        for pred, fut in self._waiters:
            if fut.done():
                continue
            value = pred()
            if value:
                fut.set_result(value)
            else:
                keep.append((pred, fut))
        self._waiters = keep

    # ---------------------------------------------------------------------------- test API
    def rate_limit(self, count: int, retry_after: int = 1, methods: set[str] | None = None) -> None:
        """Answer the next ``count`` matching requests with 429 Too Many Requests."""
        self._fail_429, self._retry_after, self._fail_methods = count, retry_after, methods

    def stall(self, count: int, seconds: float, methods: set[str] | None = None) -> None:
        """Hold the next ``count`` matching requests for ``seconds`` and then drop them
        unanswered and unapplied: the client times out, as when the network fails mid-call."""
        self._stall = (count, seconds, methods)

    def fail(
        self, count: int, code: int = 500, methods: set[str] | None = None, after: int = 0
    ) -> None:
        """Answer ``count`` matching requests with ``code`` (a 5xx: Telegram's own trouble;
        a 400: a refusal), without applying them, after letting ``after`` of them through."""
        self._fail = (count, code, methods)
        self._fail_after = after

    def late(self, count: int, seconds: float, methods: set[str] | None = None) -> None:
        """Apply the next ``count`` matching requests at once but answer only after
        ``seconds``: a client with a shorter timeout gives up although the call happened."""
        self._late = (count, seconds, methods)

    def demote(self, chat: Chat, user: User) -> None:
        self.admins.get(chat.id, set()).discard(user.id)
        if self.owners.get(chat.id) == user.id:
            del self.owners[chat.id]

    def group(self, chat_id: int, title: str = "Mahjong night") -> Chat:
        chat = Chat(chat_id, "supergroup", title=title)
        self.chats[chat_id] = chat
        return chat

    def private(self, user: User) -> Chat:
        chat = Chat(user.id, "private", first_name=user.first_name)
        self.chats[user.id] = chat
        return chat

    def user(self, uid: int, name: str, lang: str | None = "en") -> User:
        u = User(uid, name, lang, username=name.lower())
        self.users[uid] = u
        return u

    def _next_msg_id(self, chat_id: int) -> int:
        return next(self._msg_ids.setdefault(chat_id, itertools.count(1)))

    async def _push(self, update: dict[str, Any]) -> None:
        update["update_id"] = next(self._update_ids)
        self.version += 1
        if self._targets:
            target = self._targets[next(self._next_target) % len(self._targets)]
            task = asyncio.create_task(self._deliver(target, update))
            self._deliveries.add(task)
            task.add_done_callback(self._deliveries.discard)
            return
        self.updates.append(update)
        self._new_updates.set()
        await self._notify()

    def balance(self, urls: list[str], secret: str | None = None) -> None:
        """Deliver every new update by webhook, to ``urls`` in turn (as a load balancer in
        front of several bot processes would), with Telegram's secret-token header."""
        self._targets, self._target_secret = list(urls), secret

    async def _deliver(self, url: str, update: dict[str, Any]) -> None:
        """POST one update as Telegram does; retried while the listener is not up yet."""
        import httpx

        headers = {"Content-Type": "application/json"}
        if self._target_secret:
            headers["X-Telegram-Bot-Api-Secret-Token"] = self._target_secret
        async with httpx.AsyncClient(timeout=30) as client:
            for _ in range(100):
                try:
                    res = await client.post(url, content=json.dumps(update), headers=headers)
                except httpx.TransportError:
                    await asyncio.sleep(0.1)
                    continue
                if res.status_code == 200:
                    self.delivered.append((url, update["update_id"]))
                    return
                raise AssertionError(f"webhook {url} answered {res.status_code}")
        raise AssertionError(f"webhook {url} never answered")

    async def post(
        self, chat: Chat, user: User, text: str, reply_to: dict[str, Any] | None = None
    ) -> dict[str, Any]:
        """``user`` writes ``text`` in ``chat`` (a command if it starts with ``/``)."""
        msg: dict[str, Any] = {
            "message_id": self._next_msg_id(chat.id),
            "date": int(time.time()),
            "chat": chat.to_dict(),
            "from": user.to_dict(),
            "text": text,
        }
        if text.startswith("/"):
            cmd = text.split()[0]
            msg["entities"] = [{"type": "bot_command", "offset": 0, "length": len(cmd)}]
        if reply_to is not None:
            msg["reply_to_message"] = reply_to
        self.messages[(chat.id, msg["message_id"])] = msg
        await self._push({"message": msg})
        return msg

    async def press_data(self, chat: Chat, user: User, message_id: int, data: str) -> str:
        """Press a button with this exact callback data (also forged data); returns the query id."""
        msg = self.messages.get((chat.id, message_id))
        if msg is None:
            msg = {"message_id": message_id, "date": 0, "chat": chat.to_dict()}
        cq_id = str(next(self._cq_ids))
        self.queries.add(cq_id)
        await self._push(
            {
                "callback_query": {
                    "id": cq_id,
                    "from": user.to_dict(),
                    "message": msg,
                    "chat_instance": str(chat.id),
                    "data": data,
                }
            }
        )
        return cq_id

    def buttons(self, chat: Chat, message_id: int) -> list[dict[str, Any]]:
        msg = self.messages[(chat.id, message_id)]
        markup = msg.get("reply_markup") or {}
        return [b for row in markup.get("inline_keyboard", []) for b in row]

    def find_button(self, chat: Chat, message_id: int, label: str) -> dict[str, Any]:
        btns = self.buttons(chat, message_id)
        exact = [b for b in btns if b["text"] == label]
        if exact:
            return exact[0]
        partial = [b for b in btns if label in b["text"]]
        if not partial:
            raise AssertionError(
                f"no button {label!r} in message {message_id}: {[b['text'] for b in btns]}\n"
                + self.messages[(chat.id, message_id)].get("text", "")
            )
        return partial[0]

    async def press(
        self, chat: Chat, user: User, message_id: int, label: str, timeout: float = 10
    ) -> dict[str, Any]:
        """Press the button whose text is (or contains) ``label``; wait for the answer."""
        button = self.find_button(chat, message_id, label)
        cq_id = await self.press_data(chat, user, message_id, button["callback_data"])
        return await self.answer_of(cq_id, timeout)

    async def answer_of(self, cq_id: str, timeout: float = 10) -> dict[str, Any]:
        await self.wait_for(lambda: cq_id in self.answers, timeout)
        return self.answers[cq_id]

    async def wait_for(self, pred: Callable[[], Any], timeout: float = 10) -> Any:
        value = pred()
        if value:
            return value
        fut: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._waiters.append((pred, fut))
        try:
            return await asyncio.wait_for(fut, timeout)
        except TimeoutError:
            raise TimeoutError("condition not met in time") from None

    def mark(self) -> int:
        """The sequence number of the last bot request (to wait for later ones)."""
        return self.sent[-1].seq if self.sent else 0

    def sent_since(
        self, mark: int, method: str | None = None, chat_id: int | None = None
    ) -> list[Sent]:
        start = bisect.bisect_right(self._sent_seqs, mark)
        return [
            s
            for s in self.sent[start:]
            if (method is None or s.method == method)
            and (chat_id is None or s.params.get("chat_id") == chat_id)
        ]

    async def next_message(
        self,
        chat: Chat,
        mark: int,
        timeout: float = 10,
        contains: str | None = None,
        method: str = "sendMessage",
    ) -> dict[str, Any]:
        """Wait for a message the bot sends to ``chat`` after ``mark``; returns the stored message."""

        def find() -> dict[str, Any] | None:
            for s in self.sent_since(mark, method, chat.id):
                m: dict[str, Any] | None = s.params.get("_result")
                if m and (
                    contains is None or contains in (m.get("text") or m.get("caption") or "")
                ):
                    return m
            return None

        found: dict[str, Any] = await self.wait_for(find, timeout)
        return found

    def text(self, chat: Chat, message_id: int) -> str:
        return str(self.messages[(chat.id, message_id)].get("text", ""))

    def chat_texts(self, chat: Chat) -> list[str]:
        return [
            m.get("text") or m.get("caption") or ""
            for (cid, _), m in sorted(self.messages.items())
            if cid == chat.id and m.get("from", {}).get("id") == BOT_ID
        ]
