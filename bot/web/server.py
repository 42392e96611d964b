"""The Mini App's web server: an ``aiohttp.web`` application in the bot's own process.

``/app/`` serves the pages (plain HTML/JS/CSS from ``bot/web/static``, no build step) and
``/app/api/`` their JSON API (:mod:`bot.web.api`). Every request under ``/app/api/`` — whatever
its path, even one that does not exist — is checked first for a genuine, fresh Telegram
``initData`` (header ``X-Telegram-Init-Data``); anything else is answered 401 and nothing is
read or written. Request bodies are limited to :data:`MAX_BODY` bytes. The access log is off
(a page URL may carry a table token; initData travels in a header that is never logged).

It starts with the bot (:func:`start`, from ``post_init``) when ``WEBAPP_URL`` is set, on
``WEBAPP_LISTEN:WEBAPP_PORT``; in webhook mode it runs beside PTB's webhook server on its own
port (a reverse proxy maps the public ``WEBAPP_URL`` to it).
"""

from __future__ import annotations

import logging
import urllib.parse
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from aiohttp import web

from bot.web.auth import DEFAULT_MAX_AGE, AuthError, check_init_data, table_token

if TYPE_CHECKING:
    from bot.config import Settings

log = logging.getLogger(__name__)

STATIC = Path(__file__).parent / "static"
FONTS = Path(__file__).parent.parent / "fonts"
MAX_BODY = 16 * 1024
KEY = "webapp"  # bot_data: the WebConfig; "webapp_runner": the running server
INIT_HEADER = "X-Telegram-Init-Data"
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
PTB_APP: web.AppKey[Any] = web.AppKey("ptb", object)


@dataclass(frozen=True, slots=True)
class WebConfig:
    url: str  # public base, e.g. https://tally.example.org (pages at <url>/app/)
    short_name: str | None
    listen: str
    port: int
    max_age: int
    bot_token: str

    @property
    def app_url(self) -> str:
        return self.url.rstrip("/") + "/app/"


CONFIG: web.AppKey[WebConfig] = web.AppKey("cfg", WebConfig)


def configure(bot_data: dict[str, Any], settings: Settings) -> None:
    """Remember the Mini App's settings (nothing at all when WEBAPP_URL is unset)."""
    if not settings.webapp_url:
        return
    if not settings.webapp_url.startswith("https://"):
        raise SystemExit("WEBAPP_URL must be an https:// URL (Telegram opens only those)")
    if settings.bot_mode == "webhook" and settings.webapp_port == settings.webhook_port:
        raise SystemExit(
            "WEBAPP_PORT must differ from WEBHOOK_PORT: the Mini App's server runs beside "
            "the webhook's (route both from one public host with a reverse proxy)"
        )
    bot_data[KEY] = WebConfig(
        url=settings.webapp_url,
        short_name=settings.webapp_short_name or None,
        listen=settings.webapp_listen,
        port=settings.webapp_port,
        max_age=settings.webapp_auth_max_age or DEFAULT_MAX_AGE,
        bot_token=settings.telegram_bot_token.get_secret_value(),
    )


def config_of(bot_data: dict[str, Any]) -> WebConfig | None:
    cfg = bot_data.get(KEY)
    return cfg if isinstance(cfg, WebConfig) else None


def direct_link(bot_data: dict[str, Any], bot_username: str | None, table_id: int) -> str | None:
    """``https://t.me/<bot>/<short_name>?startapp=<table token>`` (the group's way in), or None
    when the Mini App or its short name is not configured."""
    cfg = config_of(bot_data)
    if cfg is None or not cfg.short_name or not bot_username:
        return None
    token = table_token(table_id, cfg.bot_token)
    return f"https://t.me/{bot_username}/{cfg.short_name}?startapp={token}"


def page_url(bot_data: dict[str, Any], page: str = "", table_id: int | None = None) -> str | None:
    """The URL of a page for a ``web_app`` button (private chats), or None."""
    cfg = config_of(bot_data)
    if cfg is None:
        return None
    query: dict[str, str] = {}
    if table_id is not None:
        query["t"] = table_token(table_id, cfg.bot_token)
    url = cfg.app_url + page
    if not query:
        return url
    return url + ("&" if "?" in url else "?") + urllib.parse.urlencode(query)


def build_web_app(ptb_app: Any, cfg: WebConfig) -> web.Application:
    from bot.web.api import add_routes

    @web.middleware
    async def check_auth(request: web.Request, handler: Handler) -> web.StreamResponse:
        if request.path.startswith("/app/api/") or request.path == "/app/api":
            try:
                user = check_init_data(
                    request.headers.get(INIT_HEADER), cfg.bot_token, max_age=cfg.max_age
                )
            except AuthError as err:
                log.info("refused a Mini App request to %s: %s", request.path, err)
                return web.json_response({"error": "unauthorized"}, status=401)
            if request.content_length is not None and request.content_length > MAX_BODY:
                return web.json_response({"error": "too_large"}, status=413)
            request["user"] = user
        response = await handler(request)
        response.headers.setdefault("Cache-Control", "no-store")
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        return response

    app = web.Application(middlewares=[check_auth], client_max_size=MAX_BODY)
    app[PTB_APP] = ptb_app
    app[CONFIG] = cfg

    async def index(_r: web.Request) -> web.StreamResponse:
        return web.FileResponse(STATIC / "index.html")

    async def compose(_r: web.Request) -> web.StreamResponse:
        return web.FileResponse(STATIC / "index.html")  # one page; the path picks the view

    app.router.add_get("/app/", index)
    app.router.add_get("/app/compose", compose)
    app.router.add_static("/app/static/", STATIC, follow_symlinks=False)
    # the bundled Noto fonts (OFL): the page's CJK and emoji fallback where the phone has none
    app.router.add_static("/app/fonts/", FONTS, follow_symlinks=False)
    add_routes(app)
    return app


async def start(ptb_app: Any) -> None:
    """Start the server if the Mini App is configured (idempotent)."""
    cfg = config_of(ptb_app.bot_data)
    if cfg is None or ptb_app.bot_data.get("webapp_runner") is not None:
        return
    runner = web.AppRunner(build_web_app(ptb_app, cfg), access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, cfg.listen, cfg.port, reuse_address=True)
    await site.start()
    ptb_app.bot_data["webapp_runner"] = runner
    log.info("Mini App server on %s:%s (public %s)", cfg.listen, cfg.port, cfg.app_url)


async def stop(ptb_app: Any) -> None:
    runner = ptb_app.bot_data.pop("webapp_runner", None)
    if runner is not None:
        await runner.cleanup()
