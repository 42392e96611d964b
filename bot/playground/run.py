"""``mahjong-tally playground``: the real bot, offline, with four phones in a web page.

One asyncio loop runs three things on loopback:

* the built-in Bot API server (:class:`bot.playground.botapi.FakeTelegram`, the tests' fake
  Telegram) with a made-up token, one group chat and four users (Alice, Bob, Carol, Dave;
  Alice owns the group), each with a private chat with the bot;
* the bot's own Application (:func:`bot.app.build_application`, unchanged) polling it;
* a web server (aiohttp) at ``http://127.0.0.1:PORT/``: the page (``static/``, plain HTML/JS)
  and its JSON API under ``/play/api/``, and, when the Mini App is on (the default), the Mini
  App's own server (:func:`bot.web.server.build_web_app`) on the same port, its pages opened
  with ``initData`` signed with the made-up token the way Telegram signs it.

The JSON API (all JSON; ``user`` is a user id, ``chat`` a chat id):

* ``GET /play/api/state`` — the users, the group, the bot, whether the Mini App is on;
* ``GET /play/api/messages?since=[&chat=]`` — every chat's messages (or one chat's) once the
  server's version is past ``since`` (a long poll of up to 25 s), with the new ``version``;
* ``POST /play/api/send`` ``{user, chat, text, reply_to?}`` — the user writes in the chat;
* ``POST /play/api/tap`` ``{user, chat, message, data}`` — the user taps an inline button; the
  answer is the bot's ``answerCallbackQuery`` (``text``, ``show_alert``, ``url``) or ``{}``;
* ``POST /play/api/name`` ``{user, name}`` — rename a user (as on Telegram: later messages);
* ``POST /play/api/lang`` ``{lang: en|zh|zh_Hant}`` — the users' Telegram language;
* ``GET /play/api/file/<file_id>`` — a photo or document the bot sent (getFile's bytes).

Only the page itself may use it (issue #24, point 6; :func:`guard`): every request must name
the playground's own ``Host`` (loopback names, or an IP address when it listens publicly: a
DNS name pointing here is refused, so DNS rebinding reaches nothing), a request that carries
an ``Origin`` must come from that host, and a POST must be ``application/json`` (a cross-site
form or ``text/plain`` POST is refused); bodies pass :mod:`bot.web.body` (size, depth before
parsing, numbers, types). Listening on a non-loopback address needs ``--public``; a ``--db``
that holds any chat but the playground's needs ``--foreign-db --yes-write-it``
(:mod:`bot.playground.guard`).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
import urllib.parse
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from aiohttp import web

from bot.playground.botapi import BOT_ID, BOT_USERNAME, Chat, FakeTelegram, User
from bot.playground.guard import PLAY_BODY, foreign_ledger, is_loopback, request_problem
from bot.web import body as bodies

log = logging.getLogger(__name__)

STATIC = Path(__file__).parent / "static"
FONTS = Path(__file__).parent.parent / "fonts"
#: the made-up token: the built-in server accepts it, Telegram never issued it
TOKEN = "4242424242:playground-offline-not-a-real-token"
NAMES = ("Alice", "Bob", "Carol", "Dave")
USER_IDS = (1001, 1002, 1003, 1004)
GROUP_ID = -1000000000042
#: the chats the playground writes: its group and the four private chats
OWN_CHATS = frozenset({GROUP_ID, *USER_IDS})
#: the Mini App's "public" URL in the playground: never fetched, mapped to /play/app/
MINIAPP_URL = "https://miniapp.playground.invalid"
MINIAPP_SHORT_NAME = "table"
LONG_POLL = 25.0
#: the users' Telegram language_code per page language (the bot reads it: bot.i18n.normalize)
LANG_CODES = {"en": "en", "zh": "zh", "zh_Hant": "zh-hant"}


def sign_init_data(
    user: User, token: str, *, start_param: str | None = None, now: float | None = None
) -> str:
    """The ``initData`` Telegram would hand the Mini App for ``user``: the fields, and ``hash``
    = hex HMAC-SHA256 of the sorted ``key=value`` lines with the key
    HMAC-SHA256("WebAppData", token) (Telegram's "Validating data received via the Mini App")."""
    import hashlib
    import hmac

    u: dict[str, Any] = {"id": user.id, "first_name": user.first_name}
    if user.username:
        u["username"] = user.username
    if user.language_code:
        u["language_code"] = user.language_code
    fields = {
        "query_id": f"PLAY{user.id}",
        "user": json.dumps(u, separators=(",", ":"), ensure_ascii=False),
        "auth_date": str(int(time.time() if now is None else now)),
    }
    if start_param:
        fields["start_param"] = start_param
    check = "\n".join(f"{k}={fields[k]}" for k in sorted(fields))
    secret = hmac.new(b"WebAppData", token.encode(), hashlib.sha256).digest()
    fields["hash"] = hmac.new(secret, check.encode(), hashlib.sha256).hexdigest()
    return urllib.parse.urlencode(fields)


@dataclass
class Playground:
    """The fake server, the users and chats; the bot and the web server once started."""

    db_url: str
    port: int = 8080
    host: str = "127.0.0.1"
    public: bool = False  # listening beyond loopback (--public): any IP address as Host
    miniapp: bool = True
    env: dict[str, Any] = field(default_factory=dict)  # extra Settings (tests)
    fake: FakeTelegram = field(init=False)
    users: list[User] = field(init=False)
    group: Chat = field(init=False)
    app: Any = None
    runner: web.AppRunner | None = None

    def __post_init__(self) -> None:
        self.fake = FakeTelegram(TOKEN)
        self.group = self.fake.group(GROUP_ID, "Mahjong night")
        self.users = [self.fake.user(uid, n) for uid, n in zip(USER_IDS, NAMES, strict=True)]
        for u in self.users:
            self.fake.private(u)
        self.fake.owners[GROUP_ID] = self.users[0].id

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}/"

    async def start(self) -> None:
        from bot.app import _post_init, build_application
        from bot.config import Settings
        from storage.service import Ledger

        await self.fake.start()
        opts: dict[str, Any] = {
            "TELEGRAM_BOT_TOKEN": TOKEN,
            "TELEGRAM_API_BASE_URL": self.fake.base,
            "DATABASE_URL": self.db_url,
            "BOT_MODE": "polling",
            "POLL_TIMEOUT": 10,
            "WEBAPP_URL": MINIAPP_URL if self.miniapp else None,
            "WEBAPP_SHORT_NAME": MINIAPP_SHORT_NAME,
            "WEBAPP_LISTEN": self.host,
            "WEBAPP_PORT": self.port,
            **self.env,
        }
        settings = Settings(**opts)
        ledger = Ledger(self.db_url)
        await asyncio.to_thread(ledger.upgrade)
        self.app = build_application(settings, ledger)
        web_app = self._web_app()
        self.runner = web.AppRunner(web_app, access_log=None)
        await self.runner.setup()
        site = web.TCPSite(self.runner, self.host, self.port)
        await site.start()
        if self.port == 0:
            server = getattr(site, "_server", None)
            if server is not None and server.sockets:
                self.port = int(server.sockets[0].getsockname()[1])
        # the Mini App is served by the page's server (above): bot.web.server.start skips it
        self.app.bot_data["webapp_runner"] = self.runner
        await self.app.initialize()
        await _post_init(self.app)
        await self.app.start()
        await self.app.updater.start_polling(timeout=10, poll_interval=0)

    async def stop(self) -> None:
        if self.app is not None:
            app, self.app = self.app, None
            app.bot_data.pop("webapp_runner", None)
            with contextlib.suppress(Exception):
                await app.updater.stop()
            with contextlib.suppress(Exception):
                await app.stop()
            with contextlib.suppress(Exception):
                await app.shutdown()
        if self.runner is not None:
            runner, self.runner = self.runner, None
            await runner.cleanup()
        await self.fake.stop()

    # ------------------------------------------------------------------------------ the page
    def _web_app(self) -> web.Application:
        from bot.web.server import build_web_app, config_of

        cfg = config_of(self.app.bot_data) if self.app is not None else None
        app = build_web_app(self.app, cfg) if cfg is not None else web.Application()
        app.middlewares.insert(0, self._guard)  # before the Mini App's own checks
        if cfg is None:
            from bot.web.server import quiet_parser_errors, set_server

            app.on_response_prepare.append(set_server)
            quiet_parser_errors()
        r = app.router
        r.add_get("/", self._index)
        r.add_get("/play/api/state", self._state)
        r.add_get("/play/api/messages", self._messages)
        r.add_post("/play/api/send", self._send)
        r.add_post("/play/api/tap", self._tap)
        r.add_post("/play/api/name", self._name)
        r.add_post("/play/api/lang", self._lang)
        r.add_get("/play/api/file/{file_id}", self._file)
        r.add_get("/play/app/{page:.*}", self._miniapp_page)
        r.add_get("/play/tg.js", self._tg_js)
        r.add_static("/play/static/", STATIC, follow_symlinks=False)
        r.add_static("/play/fonts/", FONTS, follow_symlinks=False)
        return app

    @web.middleware
    async def _guard(
        self, request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
    ) -> web.StreamResponse:
        """Only the page itself: its own Host, its own Origin, JSON POSTs (the module's doc)."""
        from bot.web.server import refused

        why = request_problem(request, self.port, self.public)
        if why is not None:
            refused(request, "a playground request to", why)
            return web.json_response({"error": "forbidden", "reason": why}, status=403)
        return await handler(request)

    async def _index(self, _r: web.Request) -> web.StreamResponse:
        from bot.web.server import page_csp

        page = (STATIC / "index.html").read_text(encoding="utf-8")
        csp = page_csp(page, script="", frames=("'none'",))
        return web.Response(
            text=page,
            content_type="text/html",
            headers={"Cache-Control": "no-store", "Content-Security-Policy": csp},
        )

    def _user(self, uid: Any) -> User:
        try:
            user = self.fake.users.get(int(uid))
        except (TypeError, ValueError):
            user = None
        if user is None or user.id not in USER_IDS:
            raise web.HTTPBadRequest(
                text='{"error":"no such user"}', content_type="application/json"
            )
        return user

    def _chat(self, cid: Any, user: User | None = None) -> Chat:
        try:
            chat = self.fake.chats.get(int(cid))
        except (TypeError, ValueError):
            chat = None
        if chat is None or (chat.type == "private" and user is not None and chat.id != user.id):
            raise web.HTTPBadRequest(
                text='{"error":"no such chat"}', content_type="application/json"
            )
        return chat

    async def _state(self, _r: web.Request) -> web.StreamResponse:
        return web.json_response(
            {
                "users": [{"id": u.id, "name": u.first_name} for u in self.users],
                "group": {"id": self.group.id, "title": self.group.title},
                "bot": {"id": BOT_ID, "username": BOT_USERNAME},
                "miniapp": self.miniapp,
                "miniapp_url": MINIAPP_URL,
                "version": self.fake.version,
                "commands": self._commands(),
            }
        )

    def _commands(self) -> dict[str, dict[str, list[dict[str, Any]]]]:
        """The bot's command menus (setMyCommands) by chat kind and language: {group: {en, zh}}."""
        out: dict[str, dict[str, list[dict[str, Any]]]] = {}
        for kind, scope in (("group", "all_group_chats"), ("private", "all_private_chats")):
            key = json.dumps({"type": scope}, sort_keys=True)
            out[kind] = {
                lang: self.fake.commands.get(f"{key}|{code}", [])
                for lang, code in (("en", ""), ("zh", "zh"))
            }
        return out

    def _view(self, msg: dict[str, Any]) -> dict[str, Any]:
        """A message as the page shows it."""
        sender = msg.get("from") or {}
        out: dict[str, Any] = {
            "id": msg["message_id"],
            "from": {
                "id": sender.get("id"),
                "name": sender.get("first_name", ""),
                "bot": bool(sender.get("is_bot")),
            },
            "date": msg.get("date"),
            "edited": "edit_date" in msg,
        }
        if sender.get("is_bot"):
            if "html" in msg and msg.get("html") is not None:
                out["html"] = msg["html"]
            if "text" in msg:
                out["text"] = msg["text"]
        else:
            out["text"] = msg.get("text", "")
            reply = msg.get("reply_to_message")
            if reply:
                out["reply_to"] = reply.get("message_id")
        if "caption" in msg:
            out["caption"] = msg["caption"]
        if msg.get("photo"):
            out["photo"] = "/play/api/file/" + msg["photo"][-1]["file_id"]
        if msg.get("document"):
            d = msg["document"]
            out["document"] = {
                "name": d.get("file_name", "file"),
                "size": d.get("file_size", 0),
                "url": "/play/api/file/" + d["file_id"],
            }
        markup = msg.get("reply_markup") or {}
        rows = []
        for row in markup.get("inline_keyboard", []):
            rows.append(
                [
                    {
                        k: v
                        for k, v in (
                            ("text", b.get("text")),
                            ("data", b.get("callback_data")),
                            ("url", b.get("url")),
                            ("web_app", (b.get("web_app") or {}).get("url")),
                        )
                        if v is not None
                    }
                    for b in row
                ]
            )
        if rows:
            out["buttons"] = rows
        return out

    def chat_messages(self, chat: Chat) -> list[dict[str, Any]]:
        fake = self.fake
        return [
            self._view(m)
            for (cid, mid), m in sorted(fake.messages.items())
            if cid == chat.id and (cid, mid) not in fake.deleted
        ]

    async def _messages(self, request: web.Request) -> web.StreamResponse:
        """One chat's messages (``chat=``), or every chat of the page (the group and the four
        private chats: one long poll for the whole page, under the browser's six connections)."""
        chats = (
            [self._chat(request.query["chat"])]
            if "chat" in request.query
            else [self.group, *(self.fake.chats[u.id] for u in self.users)]
        )
        try:
            since = int(request.query.get("since", -1))
            timeout = min(float(request.query.get("wait", LONG_POLL)), LONG_POLL)
        except ValueError:
            return web.json_response({"error": "bad since/wait"}, status=400)
        if self.fake.version <= since and timeout > 0:
            with contextlib.suppress(TimeoutError):
                await self.fake.wait_for(lambda: self.fake.version > since, timeout)
        return web.json_response(
            {
                "version": self.fake.version,
                "chats": {str(c.id): self.chat_messages(c) for c in chats},
            },
            headers={"Cache-Control": "no-store"},
        )

    async def _lang(self, request: web.Request) -> web.StreamResponse:
        """The phones' language (Telegram's language_code of the four users: the bot speaks it
        in a chat that has not chosen one with /lang)."""
        body = await self._body(request)
        lang = str(body.get("lang"))
        code = LANG_CODES.get(lang)
        if code is None:
            return web.json_response({"error": "en, zh or zh_Hant"}, status=400)
        for u in self.users:
            u.language_code = code
        return web.json_response({"lang": lang})

    async def _body(self, request: web.Request) -> dict[str, Any]:
        """The POST's JSON object through :mod:`bot.web.body`; a 400/413 with the reason."""
        from bot.web.server import read_body, refused

        try:
            body: dict[str, Any] = await read_body(request, PLAY_BODY)
        except bodies.BodyError as err:
            refused(request, "a playground body for", err.reason)
            text = json.dumps({"error": "bad_request", "reason": err.reason})
            if err.status == 413:
                raise web.HTTPRequestEntityTooLarge(
                    bodies.MAX_BODY,
                    bodies.MAX_BODY + 1,
                    text=text.replace("bad_request", "too_large"),
                    content_type="application/json",
                ) from None
            raise web.HTTPBadRequest(text=text, content_type="application/json") from None
        return body

    async def _send(self, request: web.Request) -> web.StreamResponse:
        body = await self._body(request)
        user = self._user(body.get("user"))
        chat = self._chat(body.get("chat", GROUP_ID), user)
        text = str(body.get("text") or "").strip()
        if not text:
            return web.json_response({"error": "empty"}, status=400)
        reply = None
        if isinstance(body.get("reply_to"), int):
            reply = self.fake.messages.get((chat.id, body["reply_to"]))
            if reply is not None:
                reply = {k: v for k, v in reply.items() if k not in ("bytes", "html")}
        msg = await self.fake.post(chat, user, text[:4096], reply_to=reply)
        return web.json_response({"message_id": msg["message_id"], "version": self.fake.version})

    async def _tap(self, request: web.Request) -> web.StreamResponse:
        body = await self._body(request)
        user = self._user(body.get("user"))
        chat = self._chat(body.get("chat", GROUP_ID), user)
        try:
            mid, data = int(body.get("message", 0)), str(body.get("data") or "")
        except (TypeError, ValueError):
            return web.json_response({"error": "bad message id"}, status=400)
        msg = self.fake.messages.get((chat.id, mid))
        buttons = [
            b for row in ((msg or {}).get("reply_markup") or {}).get("inline_keyboard", [])
            for b in row
        ]  # fmt: skip
        if not any(b.get("callback_data") == data for b in buttons):
            return web.json_response({"error": "no such button"}, status=400)
        cq = await self.fake.press_data(chat, user, mid, data)
        try:
            answer = await self.fake.answer_of(cq, timeout=15)
        except TimeoutError:  # the bot did not answer (Telegram's spinner stops by itself)
            return web.json_response({"answer": {}, "version": self.fake.version})
        keep = {k: answer[k] for k in ("text", "show_alert", "url") if answer.get(k)}
        return web.json_response({"answer": keep, "version": self.fake.version})

    async def _name(self, request: web.Request) -> web.StreamResponse:
        body = await self._body(request)
        user = self._user(body.get("user"))
        name = " ".join(str(body.get("name") or "").split())[:64]
        if not name:
            return web.json_response({"error": "empty"}, status=400)
        user.first_name = name
        user.username = "".join(c for c in name.lower() if c.isascii() and c.isalnum()) or None
        self.fake.chats[user.id].first_name = name
        return web.json_response({"id": user.id, "name": name})

    async def _file(self, request: web.Request) -> web.StreamResponse:
        found = self.fake.files.get(request.match_info["file_id"])
        if found is None:
            raise web.HTTPNotFound()
        path, data, mime = found
        headers = {"Cache-Control": "max-age=3600"}
        if not mime.startswith("image/"):
            name = urllib.parse.quote(path.rsplit("/", 1)[-1])
            headers["Content-Disposition"] = f"attachment; filename*=UTF-8''{name}"
        return web.Response(body=data, content_type=mime, headers=headers)

    # ---------------------------------------------------------------------------- Mini App
    async def _miniapp_page(self, request: web.Request) -> web.StreamResponse:
        """The Mini App's page with Telegram's script replaced by the playground's stub, which
        gives it the signed initData of ``?as=<user id>`` (and ``start=``, the startapp)."""
        from bot.web.server import STATIC as APP_STATIC
        from bot.web.server import page_csp

        if not self.miniapp:
            raise web.HTTPNotFound()
        q = dict(request.query)
        uid = q.pop("as", str(USER_IDS[0]))
        start = q.pop("start", "")
        stub = "/play/tg.js?" + urllib.parse.urlencode({"as": uid, "start": start})
        page = (APP_STATIC / "index.html").read_text(encoding="utf-8")
        page = page.replace("https://telegram.org/js/telegram-web-app.js", stub)
        # the Mini App's own policy, with the stub (this origin) for Telegram's script and
        # the playground's page as the one that frames it
        csp = page_csp(page, script="", frames=("'self'",))
        return web.Response(
            text=page,
            content_type="text/html",
            headers={"Cache-Control": "no-store", "Content-Security-Policy": csp},
        )

    async def _tg_js(self, request: web.Request) -> web.StreamResponse:
        user = self._user(request.query.get("as", USER_IDS[0]))
        start = request.query.get("start") or None
        init = sign_init_data(user, TOKEN, start_param=start)
        unsafe: dict[str, Any] = {
            "user": {"id": user.id, "first_name": user.first_name},
            "auth_date": int(time.time()),
        }
        if start:
            unsafe["start_param"] = start
        js = (
            "(function(){var p=window.parent!==window?window.parent:null;"
            "function up(m,a){if(p)p.postMessage({playground:m,arg:a},location.origin);}"
            f"window.Telegram={{WebApp:{{initData:{json.dumps(init)},"
            f"initDataUnsafe:{json.dumps(unsafe)},themeParams:{{}},colorScheme:'light',"
            "platform:'playground',version:'8.0',ready:function(){},expand:function(){},"
            "close:function(){up('close');},"
            "showAlert:function(t,cb){alert(t);if(cb)cb();},"
            "HapticFeedback:{notificationOccurred:function(){},impactOccurred:function(){}}}};})();"
        )
        return web.Response(
            text=js, content_type="application/javascript", headers={"Cache-Control": "no-store"}
        )


def default_db() -> str:
    """The playground's own SQLite file in the data dir (never the real ledger's file)."""
    from storage.db import data_dir

    path = data_dir() / "playground.sqlite3"
    path.parent.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{path.absolute()}"


def db_url_of(db: str | None) -> str:
    if not db:
        return default_db()
    if "://" in db:
        from storage.db import normalize_url

        return normalize_url(db)
    path = Path(db)
    path.parent.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{path.absolute()}"


async def serve(pg: Playground, ready: Any = None) -> None:
    try:
        await pg.start()
        if ready is not None:
            ready(pg)
        await asyncio.Event().wait()
    finally:
        await pg.stop()


def main(
    port: int = 8080,
    db: str | None = None,
    host: str = "127.0.0.1",
    *,
    public: bool = False,
    foreign_db: int = 0,
) -> int:
    """Run the playground until Ctrl-C (``mahjong-tally playground``). ``public``: the
    ``--public`` flag a non-loopback ``host`` needs; ``foreign_db``: how many of the two
    confirmations a ledger that is not the playground's has (``--foreign-db``,
    ``--yes-write-it``)."""
    import sys

    def fail(text: str) -> int:
        print(f"mahjong-tally playground: {text}", file=sys.stderr)
        return 2

    if not is_loopback(host):
        warning = (
            f"--host {host} is not loopback: anyone who can reach this machine can play as "
            "any of the four and write into the playground's ledger (there is no login)"
        )
        if not public:
            return fail(f"{warning}.\nAdd --public to mean it, or leave --host out.")
        print(f"mahjong-tally playground: warning: {warning}.", file=sys.stderr, flush=True)
    logging.basicConfig(
        level=logging.WARNING, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    logging.getLogger("httpx").setLevel(logging.WARNING)
    url = db_url_of(db)
    if db:
        try:
            why = foreign_ledger(url, OWN_CHATS)
        except Exception as err:  # a URL that cannot be opened: say so, one line
            return fail(f"cannot open --db {db}: {type(err).__name__}: {err}".splitlines()[0])
        if why is not None and foreign_db < 2:
            return fail(
                f"--db {db} is not the playground's own ledger ({why}); the playground "
                "would write its made-up players and hands into it.\n"
                "Leave --db out for the playground's own file, or add both --foreign-db "
                "and --yes-write-it to write into this one anyway."
            )
    pg = Playground(url, port=port, host=host, public=public)

    def ready(p: Playground) -> None:
        where = url.removeprefix("sqlite:///")
        print(
            f"Mahjong Tally playground: open {p.url}\n"
            f"  four phones (Alice, Bob, Carol, Dave) in one group chat with the real bot, offline\n"
            f"  (a built-in Bot API server on loopback; no Telegram, no token)\n"
            f"  ledger: {where}\n"
            "  Ctrl-C stops it. With TELEGRAM_BOT_TOKEN set, `make run` runs the real bot.",
            flush=True,
        )

    try:
        asyncio.run(serve(pg, ready))
    except KeyboardInterrupt:
        return 0
    except OSError as err:
        print(
            f"mahjong-tally playground: could not start: {err}\n"
            f"(is another program on port {port}? choose another: --port {port + 1})",
            file=sys.stderr,
        )
        return 1
    return 0
