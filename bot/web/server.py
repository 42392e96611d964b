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
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from aiohttp import web

from bot.web.api import add_routes
from bot.web.auth import AuthError, check_init_data
from bot.web.config import CONFIG, PTB_APP, WebConfig
from bot.web.config import config_of as config_of  # also bot/playground/run.py's
from bot.web.config import configure as configure  # bot/app.py's, at start

log = logging.getLogger(__name__)

STATIC = Path(__file__).parent / "static"
FONTS = Path(__file__).parent.parent / "fonts"
MAX_BODY = 16 * 1024
INIT_HEADER = "X-Telegram-Init-Data"
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def build_web_app(ptb_app: Any, cfg: WebConfig) -> web.Application:
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
