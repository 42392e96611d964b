"""A Bot API server on loopback: the tests' fake Telegram and the playground's built-in one.

It speaks the real HTTP API (``/bot<token>/<method>``, form-encoded or multipart requests, the
``{"ok": …}`` envelope, Telegram's error texts) to the real python-telegram-bot Application,
pointed at it with ``base_url``. Test users post messages and press inline buttons; the bot's
requests are recorded, and the chats' messages are kept (and edited) like Telegram does.

Supported: getMe, getUpdates (long polling), deleteWebhook/setWebhook, sendMessage,
editMessageText, editMessageReplyMarkup, answerCallbackQuery, sendPhoto, sendDocument
(multipart), getFile and the file download (``/file/bot<token>/<file_path>``, the bytes the
bot sent), deleteMessage, getChatMember, setMyCommands/getMyCommands/deleteMyCommands,
sendChatAction, close/logOut. Errors: 400 "message is not modified", 400
BUTTON_DATA_INVALID for callback data over 64 bytes, 400 "can't parse entities" for bad
HTML, 400 "message to edit not found", 400 "message is too long" (4,096 characters after
entities; captions 1,024; alerts 200), 400 "there is no text in the message to edit" (a
photo), 400 BUTTON_TYPE_INVALID for a ``web_app`` button outside a private chat, 400 "query ID
is invalid" for a callback query never sent or answered twice, 400 "invalid file_id".
:attr:`FakeTelegram.version` counts every change (an update queued, a call applied): the
playground's page waits on it (:meth:`FakeTelegram.wait_for`).

Fault injection (each for the next ``count`` matching requests, ``methods`` None = any but
getUpdates): :meth:`FakeTelegram.rate_limit` (429 with ``retry_after``), :meth:`~FakeTelegram.fail`
(500/502, not applied), :meth:`~FakeTelegram.stall` (held, then dropped unanswered and unapplied:
a timeout), :meth:`~FakeTelegram.late` (applied, answered only after a delay: a timeout although
it happened), :attr:`~FakeTelegram.redirect_loop` (every call answered 302 to itself), and
:func:`raw_server` (a server that answers any connection with bytes that are not HTTP).
"""

from __future__ import annotations

import asyncio
import bisect
import html
import itertools
import json
import mimetypes
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import tornado.httpserver
import tornado.netutil
import tornado.web

BOT_ID = 777000
BOT_USERNAME = "tally_test_bot"
STRING_FIELDS = {
    "text",
    "caption",
    "callback_query_id",
    "parse_mode",
    "url",
    "secret_token",
    "language_code",
    "title",
    "action",
    "inline_message_id",
    "description",
}
ALLOWED_TAGS = {
    "b",
    "strong",
    "i",
    "em",
    "u",
    "ins",
    "s",
    "strike",
    "del",
    "code",
    "pre",
    "a",
    "tg-spoiler",
    "span",
    "blockquote",
    "tg-emoji",
}


_FAULT_TEXT = {
    400: "Bad Request: MESSAGE_TOO_LONG",
    500: "Internal Server Error",
    502: "Bad Gateway",
}


class ApiError(Exception):
    def __init__(self, code: int, description: str, parameters: dict[str, Any] | None = None):
        super().__init__(description)
        self.code, self.description, self.parameters = code, description, parameters


@dataclass
class User:
    id: int
    first_name: str
    language_code: str | None = "en"
    username: str | None = None

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"id": self.id, "is_bot": False, "first_name": self.first_name}
        if self.language_code:
            d["language_code"] = self.language_code
        if self.username:
            d["username"] = self.username
        return d


@dataclass
class Chat:
    id: int
    type: str
    title: str | None = None
    first_name: str | None = None

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"id": self.id, "type": self.type}
        if self.title:
            d["title"] = self.title
        if self.first_name:
            d["first_name"] = self.first_name
        return d


@dataclass
class Sent:
    """One request the bot made."""

    seq: int
    method: str
    params: dict[str, Any]
    files: dict[str, bytes] = field(default_factory=dict)
    at: float = field(default_factory=time.monotonic)


def strip_html(text: str) -> str:
    """Telegram's view of an HTML message: tags removed, entities decoded; raises on bad HTML."""
    stack: list[str] = []
    for m in re.finditer(r"<(/?)([a-zA-Z-]+)[^>]*>|<", text):
        if m.group(0) == "<":
            raise ApiError(400, "Bad Request: can't parse entities: unsupported start tag")
        closing, tag = m.group(1), m.group(2).lower()
        if tag not in ALLOWED_TAGS:
            raise ApiError(
                400, f'Bad Request: can\'t parse entities: unsupported start tag "{tag}"'
            )
        if closing:
            if not stack or stack.pop() != tag:
                raise ApiError(400, "Bad Request: can't parse entities: unmatched end tag")
        else:
            stack.append(tag)
    if stack:
        raise ApiError(400, "Bad Request: can't parse entities: unclosed start tag")
    if re.search(r"&(?!(lt|gt|amp|quot|#\d+|#x[0-9a-fA-F]+);)", text):
        raise ApiError(400, "Bad Request: can't parse entities: unsupported HTML entity")
    return html.unescape(re.sub(r"<[^>]+>", "", text))


def _image_type(data: bytes) -> str:
    return "image/png" if data.startswith(b"\x89PNG") else "image/jpeg"


class FakeTelegram:
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
                (r"/bot([^/]+)/([A-Za-z]+)", _Handler, {"fake": self}),
                (r"/file/bot([^/]+)/(.+)", _FileHandler, {"fake": self}),
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

    # ---------------------------------------------------------------------------- API methods
    async def call(self, method: str, params: dict[str, Any], files: dict[str, bytes]) -> Any:
        count, seconds, methods = self._stall
        if count > 0 and method != "getUpdates" and (methods is None or method in methods):
            self._stall = (count - 1, seconds, methods)
            self.stalled.append((method, params))
            await asyncio.sleep(seconds)
            raise Dropped
        count, code, methods = self._fail
        if count > 0 and method != "getUpdates" and (methods is None or method in methods):
            if self._fail_after > 0:
                self._fail_after -= 1
            else:
                self._fail = (count - 1, code, methods)
                raise ApiError(code, _FAULT_TEXT.get(code, f"Error {code}"))
        if (
            method not in ("getUpdates", "getMe")
            and self._fail_429 > 0
            and (self._fail_methods is None or method in self._fail_methods)
        ):
            self._fail_429 -= 1
            raise ApiError(
                429,
                f"Too Many Requests: retry after {self._retry_after}",
                {"retry_after": self._retry_after},
            )
        fn = getattr(self, f"m_{method}", None)
        if fn is None:
            raise ApiError(404, "Not Found")
        sent = None
        if method != "getUpdates":
            sent = Sent(next(self._seq), method, params, files)
            self.sent.append(sent)
            self._sent_seqs.append(sent.seq)
        result = await fn(params, files)
        if sent is not None:
            self.version += 1
            if isinstance(result, dict):
                sent.params["_result"] = result
            await self._notify()
        count, seconds, methods = self._late
        if count > 0 and method != "getUpdates" and (methods is None or method in methods):
            self._late = (count - 1, seconds, methods)
            self.late_applied.append((method, params))
            await asyncio.sleep(seconds)
        return result

    async def m_getMe(self, p: dict[str, Any], f: Any) -> dict[str, Any]:
        return {
            "id": BOT_ID,
            "is_bot": True,
            "first_name": "Tally",
            "username": BOT_USERNAME,
            "can_join_groups": True,
            "can_read_all_group_messages": False,
            "supports_inline_queries": False,
        }

    async def m_getUpdates(self, p: dict[str, Any], f: Any) -> list[dict[str, Any]]:
        self.polls += 1
        await self._notify()
        offset = int(p.get("offset") or 0)
        if offset:
            self.updates = [u for u in self.updates if u["update_id"] >= offset]
        timeout = float(p.get("timeout") or 0)
        limit = int(p.get("limit") or 100)
        if not self.updates and self._server is not None:
            self._new_updates.clear()
            try:
                await asyncio.wait_for(self._new_updates.wait(), timeout)
            except TimeoutError:
                pass
        return self.updates[:limit]

    async def m_deleteWebhook(self, p: dict[str, Any], f: Any) -> bool:
        self.webhook = None
        return True

    async def m_setWebhook(self, p: dict[str, Any], f: Any) -> bool:
        self.webhook = p
        return True

    async def m_sendChatAction(self, p: dict[str, Any], f: Any) -> bool:
        return True

    async def m_close(self, p: dict[str, Any], f: Any) -> bool:
        return True

    def _check_markup(self, markup: Any, chat: dict[str, Any] | None = None) -> None:
        if not markup:
            return
        for row in markup.get("inline_keyboard", []):
            for b in row:
                if b.get("web_app") is not None and chat is not None and chat["type"] != "private":
                    raise ApiError(400, "Bad Request: BUTTON_TYPE_INVALID")
                data = b.get("callback_data")
                if data is not None and not 1 <= len(data.encode()) <= 64:
                    raise ApiError(400, "Bad Request: BUTTON_DATA_INVALID")
                if not b.get("text"):
                    raise ApiError(
                        400, "Bad Request: text buttons are unallowed in the inline keyboard"
                    )

    def _chat(self, p: dict[str, Any]) -> dict[str, Any]:
        cid = int(p["chat_id"])
        chat = self.chats.get(cid)
        if chat is None:
            raise ApiError(400, "Bad Request: chat not found")
        return chat.to_dict()

    def _text(self, p: dict[str, Any], key: str = "text") -> str:
        text = str(p.get(key, ""))
        if p.get("parse_mode") == "HTML":
            text = strip_html(text)
        return text

    async def m_sendMessage(self, p: dict[str, Any], f: Any) -> dict[str, Any]:
        chat = self._chat(p)
        text = self._text(p)
        if not text.strip():
            raise ApiError(400, "Bad Request: message text is empty")
        if len(text) > 4096:
            raise ApiError(400, "Bad Request: message is too long")
        self._check_markup(p.get("reply_markup"), chat)
        msg: dict[str, Any] = {
            "message_id": self._next_msg_id(chat["id"]),
            "date": int(time.time()),
            "chat": chat,
            "from": await self.m_getMe({}, None),
            "text": text,
            "html": p.get("text"),
        }
        if p.get("reply_markup"):
            msg["reply_markup"] = p["reply_markup"]
        self.messages[(chat["id"], msg["message_id"])] = msg
        return msg

    def _existing(self, p: dict[str, Any]) -> dict[str, Any]:
        key = (int(p["chat_id"]), int(p["message_id"]))
        msg = self.messages.get(key)
        if msg is None or key in self.deleted:
            raise ApiError(400, "Bad Request: message to edit not found")
        return msg

    async def m_editMessageText(self, p: dict[str, Any], f: Any) -> dict[str, Any]:
        msg = self._existing(p)
        if "text" not in msg:
            raise ApiError(400, "Bad Request: there is no text in the message to edit")
        text = self._text(p)
        if len(text) > 4096:
            raise ApiError(400, "Bad Request: MESSAGE_TOO_LONG")
        markup = p.get("reply_markup")
        self._check_markup(markup, msg["chat"])
        if text == msg.get("text") and (markup or None) == (msg.get("reply_markup") or None):
            raise ApiError(
                400,
                "Bad Request: message is not modified: specified new message "
                "content and reply markup are exactly the same as a current content "
                "and reply markup of the message",
            )
        msg["text"], msg["html"] = text, p.get("text")
        if markup:
            msg["reply_markup"] = markup
        else:
            msg.pop("reply_markup", None)
        msg["edit_date"] = int(time.time())
        return msg

    async def m_editMessageReplyMarkup(self, p: dict[str, Any], f: Any) -> dict[str, Any]:
        msg = self._existing(p)
        markup = p.get("reply_markup")
        self._check_markup(markup, msg["chat"])
        if (markup or None) == (msg.get("reply_markup") or None):
            raise ApiError(
                400,
                "Bad Request: message is not modified: specified new message "
                "content and reply markup are exactly the same as a current content "
                "and reply markup of the message",
            )
        if markup:
            msg["reply_markup"] = markup
        else:
            msg.pop("reply_markup", None)
        return msg

    async def m_deleteMessage(self, p: dict[str, Any], f: Any) -> bool:
        key = (int(p["chat_id"]), int(p["message_id"]))
        if key not in self.messages or key in self.deleted:
            raise ApiError(400, "Bad Request: message to delete not found")
        self.deleted.add(key)
        return True

    def user_deletes(self, chat: Chat, message_id: int) -> None:
        """A user deletes a message in the chat (the bot is not told)."""
        self.deleted.add((chat.id, message_id))

    async def m_answerCallbackQuery(self, p: dict[str, Any], f: Any) -> bool:
        cq_id = str(p["callback_query_id"])
        if len(str(p.get("text") or "")) > 200:
            raise ApiError(400, "Bad Request: MESSAGE_TOO_LONG")
        if cq_id in self.answers or cq_id not in self.queries:
            raise ApiError(
                400,
                "Bad Request: query is too old and response timeout expired or query ID is invalid",
            )
        self.answers[cq_id] = p
        return True

    def _file(self, p: dict[str, Any], files: dict[str, bytes], key: str) -> bytes:
        value = p.get(key)
        if isinstance(value, str) and value.startswith("attach://"):
            return files[value[len("attach://") :]]
        if key in files:
            return files[key]
        raise ApiError(400, f"Bad Request: there is no {key} in the request")

    async def _send_file(
        self, p: dict[str, Any], files: dict[str, bytes], key: str
    ) -> dict[str, Any]:
        chat = self._chat(p)
        data = self._file(p, files, key)
        if not data:
            raise ApiError(400, "Bad Request: file must be non-empty")
        caption = self._text(p, "caption") if p.get("caption") else None
        if caption and len(caption) > 1024:
            raise ApiError(400, "Bad Request: message caption is too long")
        self._check_markup(p.get("reply_markup"), chat)
        mid = self._next_msg_id(chat["id"])
        fid = f"file-{chat['id']}-{mid}"
        msg: dict[str, Any] = {
            "message_id": mid,
            "date": int(time.time()),
            "chat": chat,
            "from": await self.m_getMe({}, None),
            "bytes": data,
        }
        if key == "photo":
            if not data.startswith(b"\x89PNG") and not data.startswith(b"\xff\xd8"):
                raise ApiError(400, "Bad Request: IMAGE_PROCESS_FAILED")
            msg["photo"] = [
                {
                    "file_id": fid,
                    "file_unique_id": fid,
                    "width": 1080,
                    "height": 720,
                    "file_size": len(data),
                }
            ]
            mime = _image_type(data)
            ext = "png" if mime == "image/png" else "jpg"
            self.files[fid] = (f"photos/{fid}.{ext}", data, mime)
        else:
            name = str(p.get("_filename") or "file")
            mime = mimetypes.guess_type(name)[0] or "application/octet-stream"
            msg["document"] = {
                "file_id": fid,
                "file_unique_id": fid,
                "file_size": len(data),
                "file_name": name,
                "mime_type": mime,
            }
            self.files[fid] = (f"documents/{fid}/{name}", data, mime)
        if caption:
            msg["caption"] = caption
        self.messages[(chat["id"], mid)] = msg
        out = {k: v for k, v in msg.items() if k != "bytes"}
        return out

    async def m_sendPhoto(self, p: dict[str, Any], files: dict[str, bytes]) -> dict[str, Any]:
        return await self._send_file(p, files, "photo")

    async def m_sendDocument(self, p: dict[str, Any], files: dict[str, bytes]) -> dict[str, Any]:
        return await self._send_file(p, files, "document")

    async def m_getFile(self, p: dict[str, Any], f: Any) -> dict[str, Any]:
        fid = str(p.get("file_id") or "")
        if fid not in self.files:
            raise ApiError(400, "Bad Request: invalid file_id")
        path, data, _mime = self.files[fid]
        return {"file_id": fid, "file_unique_id": fid, "file_size": len(data), "file_path": path}

    def file_at(self, path: str) -> tuple[bytes, str] | None:
        """The bytes and type of the file at ``path`` (a getFile ``file_path``), or None."""
        for p, data, mime in self.files.values():
            if p == path:
                return data, mime
        return None

    async def m_getChatMember(self, p: dict[str, Any], f: Any) -> dict[str, Any]:
        cid, uid = int(p["chat_id"]), int(p["user_id"])
        user = self.users.get(uid, User(uid, f"user{uid}"))
        if self.owners.get(cid) == uid:
            return {"status": "creator", "user": user.to_dict(), "is_anonymous": False}
        if uid in self.admins.get(cid, set()):
            rights = dict.fromkeys(
                [
                    "can_be_edited",
                    "is_anonymous",
                    "can_manage_chat",
                    "can_delete_messages",
                    "can_manage_video_chats",
                    "can_restrict_members",
                    "can_promote_members",
                    "can_change_info",
                    "can_invite_users",
                    "can_post_stories",
                    "can_edit_stories",
                    "can_delete_stories",
                ],
                False,
            )
            return {"status": "administrator", "user": user.to_dict(), **rights}
        return {"status": "member", "user": user.to_dict()}

    async def m_setMyCommands(self, p: dict[str, Any], f: Any) -> bool:
        key = (
            json.dumps(p.get("scope") or {"type": "default"}, sort_keys=True)
            + "|"
            + str(p.get("language_code") or "")
        )
        self.commands[key] = p["commands"]
        return True

    async def m_getMyCommands(self, p: dict[str, Any], f: Any) -> list[dict[str, Any]]:
        key = (
            json.dumps(p.get("scope") or {"type": "default"}, sort_keys=True)
            + "|"
            + str(p.get("language_code") or "")
        )
        return self.commands.get(key, [])

    async def m_deleteMyCommands(self, p: dict[str, Any], f: Any) -> bool:
        return True


def _decode(key: str, value: str) -> Any:
    if key in STRING_FIELDS:
        return value
    try:
        return json.loads(value)
    except ValueError:
        return value


async def raw_server(payload: bytes) -> tuple[int, Callable[[], Any]]:
    """A TCP server on loopback that answers every connection with ``payload`` (not HTTP)
    and closes it; returns its port and a function that stops it."""

    async def answer(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            await reader.read(1024)
            writer.write(payload)
            await writer.drain()
        finally:
            writer.close()

    server = await asyncio.start_server(answer, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    return port, server.close


class Dropped(Exception):
    """A request the server drops without answering (see ``FakeTelegram.stall``)."""


class _Handler(tornado.web.RequestHandler):
    def initialize(self, fake: FakeTelegram) -> None:
        self.fake = fake

    async def _handle(self, token: str, method: str) -> None:
        fake = self.fake
        if fake.redirect_loop:
            self.redirect(self.request.uri or "/", status=302)
            return
        if token != fake.token:
            self.set_status(401)
            self.finish({"ok": False, "error_code": 401, "description": "Unauthorized"})
            return
        params: dict[str, Any] = {}
        ctype = self.request.headers.get("Content-Type", "")
        if ctype.startswith("application/json") and self.request.body:
            params = json.loads(self.request.body)
        else:
            for key, values in self.request.arguments.items():
                params[key] = _decode(key, values[-1].decode())
        files: dict[str, bytes] = {}
        for key, infos in self.request.files.items():
            files[key] = infos[0]["body"]
            params.setdefault("_filename", infos[0].get("filename"))
        try:
            result = await fake.call(method, params, files)
        except Dropped:
            if self.request.connection is not None:
                self.request.connection.close()  # type: ignore[attr-defined]
            return
        except ApiError as err:
            fake.errors.append((method, err.code, err.description))
            self.set_status(err.code)
            body: dict[str, Any] = {
                "ok": False,
                "error_code": err.code,
                "description": err.description,
            }
            if err.parameters:
                body["parameters"] = err.parameters
            self.finish(body)
            return
        self.set_header("Content-Type", "application/json")
        self.finish(json.dumps({"ok": True, "result": result}))

    async def post(self, token: str, method: str) -> None:
        await self._handle(token, method)

    async def get(self, token: str, method: str) -> None:
        await self._handle(token, method)


class _FileHandler(tornado.web.RequestHandler):
    def initialize(self, fake: FakeTelegram) -> None:
        self.fake = fake

    async def get(self, token: str, path: str) -> None:
        found = self.fake.file_at(path) if token == self.fake.token else None
        if found is None:
            self.set_status(404)
            self.finish({"ok": False, "error_code": 404, "description": "Not Found"})
            return
        data, mime = found
        self.set_header("Content-Type", mime)
        self.finish(data)


import logging as _logging  # noqa: E402

# tornado logs every 4xx answer at WARNING: here they are the Bot API's everyday refusals the
# bot expects and handles ("message is not modified", a stale callback query), not news for
# the console (issue #24, point 8); its 5xx (a bug in this server) still show
_logging.getLogger("tornado.access").setLevel(_logging.ERROR)
