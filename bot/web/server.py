"""The Mini App's web server: an ``aiohttp.web`` application in the bot's own process.

``/app/`` serves the pages (plain HTML/JS/CSS from ``bot/web/static``, no build step) and
``/app/api/`` their JSON API (:mod:`bot.web.api`). Every request under ``/app/api/`` — whatever
its path, even one that does not exist — is checked first for a genuine, fresh Telegram
``initData`` (header ``X-Telegram-Init-Data``); anything else is answered 401 and nothing is
read or written. Then its body passes :mod:`bot.web.body` (size, depth before parsing, numbers,
the fields' types) or is answered 400/413 with a one-line ``reason``; the API gets the parsed
body as ``request[BODY]`` (:data:`bot.web.auth.BODY`). The access log is off (a page URL may carry a table token;
initData travels in a header that is never logged). Refusals of unauthenticated requests are
logged as a warning at most once per client and minute (:class:`bot.web.body.Throttle`), the
rest at DEBUG, also aiohttp's own for a request it cannot parse (an 8 KB header).

The page is served with a Content-Security-Policy (:func:`page_csp`: Telegram's script, the
page's own files, the inline boot script by its hash, framed only by Telegram's web clients),
and no response names the server's software version.

It starts with the bot (:func:`start`, from ``post_init``) when ``WEBAPP_URL`` is set, on
``WEBAPP_LISTEN:WEBAPP_PORT``; in webhook mode it runs beside PTB's webhook server on its own
port (a reverse proxy maps the public ``WEBAPP_URL`` to it).
"""

from __future__ import annotations

import base64
import hashlib
import logging
import re
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from aiohttp import web

from bot.web import body as bodies
from bot.web.api import add_routes
from bot.web.auth import BODY, USER, AuthError, check_init_data
from bot.web.config import CONFIG, PTB_APP, WebConfig
from bot.web.config import config_of as config_of  # also bot/playground/run.py's
from bot.web.config import configure as configure  # bot/app.py's, at start

log = logging.getLogger(__name__)

STATIC = Path(__file__).parent / "static"
FONTS = Path(__file__).parent.parent / "fonts"
MAX_BODY = bodies.MAX_BODY
INIT_HEADER = "X-Telegram-Init-Data"
#: what the ``Server`` header says (aiohttp's default names its version and Python's)
SERVER = "MahjongTally"
TELEGRAM_JS = "https://telegram.org/js/telegram-web-app.js"
#: Telegram's web clients, the only pages that may frame the Mini App (the apps open it in
#: their own web view, which frame-ancestors does not concern)
TELEGRAM_FRAMES = (
    "https://web.telegram.org",
    "https://webk.telegram.org",
    "https://webz.telegram.org",
)
#: headers larger than aiohttp's 8 KB default reach the auth check (and are refused there)
#: instead of failing in aiohttp's parser
MAX_HEADER = 16 * 1024
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
_INLINE = re.compile(r"<script>(.*?)</script>", re.DOTALL)
_THROTTLE = bodies.Throttle()


def inline_hashes(html: str) -> list[str]:
    """The CSP source of every inline ``<script>`` of a page: ``'sha256-…'``."""
    return [
        "'sha256-" + base64.b64encode(hashlib.sha256(s.encode()).digest()).decode() + "'"
        for s in _INLINE.findall(html)
    ]


def page_csp(
    html: str, *, script: str = TELEGRAM_JS, frames: tuple[str, ...] = TELEGRAM_FRAMES
) -> str:
    """The page's Content-Security-Policy: its own files, ``script`` (Telegram's), the inline
    scripts by their hashes, nothing else inline; framed only by ``frames``."""
    scripts = " ".join(x for x in ("'self'", script, *inline_hashes(html)) if x)
    return "; ".join(
        (
            "default-src 'self'",
            f"script-src {scripts}",
            "style-src 'self'",
            "img-src 'self' data: blob:",
            "font-src 'self'",
            "connect-src 'self'",
            "object-src 'none'",
            "base-uri 'none'",
            "form-action 'none'",
            "frame-ancestors " + " ".join(frames),
        )
    )


def refused(request: web.Request, what: str, why: str) -> None:
    """Log a refused request: a warning once per client and minute, else DEBUG."""
    level = logging.WARNING if _THROTTLE.first(request.remote) else logging.DEBUG
    log.log(level, "refused %s %s from %s: %s", what, request.path, request.remote, why)


async def read_body(request: web.Request, shape: bodies.Shape | None) -> Any:
    """The request's JSON body through :mod:`bot.web.body`; :class:`BodyError` otherwise."""
    if request.content_length is not None and request.content_length > MAX_BODY:
        raise bodies.BodyError(f"too large (over {MAX_BODY} bytes)", status=413)
    try:
        raw = await request.read()
    except web.HTTPRequestEntityTooLarge:
        raise bodies.BodyError(f"too large (over {MAX_BODY} bytes)", status=413) from None
    data = bodies.loads(raw)
    return data if shape is None else bodies.check(shape, data)


def body_refusal(err: bodies.BodyError) -> web.Response:
    code = "too_large" if err.status == 413 else "bad_request"
    return web.json_response({"error": code, "reason": err.reason}, status=err.status)


async def set_server(_request: web.Request, response: web.StreamResponse) -> None:
    response.headers["Server"] = SERVER


class ParserNoise(logging.Filter):
    """aiohttp's "Error handling request" for a request it could not parse (a header over the
    limit, garbage on the port): a throttled warning without a traceback, not an ERROR."""

    def filter(self, record: logging.LogRecord) -> bool:
        from aiohttp.http_exceptions import HttpProcessingError

        exc = record.exc_info[1] if record.exc_info else None
        if not isinstance(exc, HttpProcessingError):
            return True
        client = str(record.args[0]) if isinstance(record.args, tuple) and record.args else None
        first = _THROTTLE.first(f"parser:{client}")
        record.levelno, record.levelname = (
            (logging.WARNING, "WARNING") if first else (logging.DEBUG, "DEBUG")
        )
        record.msg = "refused a malformed request from %s: %s"
        record.args = (client, f"{type(exc).__name__}: {' '.join(str(exc).split())[:200]}")
        record.exc_info = record.exc_text = None
        return first or logging.getLogger("aiohttp.server").isEnabledFor(logging.DEBUG)


def quiet_parser_errors() -> None:
    """The :class:`ParserNoise` filter, and no version in the ``Server`` header of the answers
    aiohttp makes itself, below any application (a 400 for a request it cannot parse): they
    take the default of ``aiohttp.web_response`` (the answers of the application get
    :data:`SERVER` from :func:`set_server`)."""
    from aiohttp import web_response

    server_log = logging.getLogger("aiohttp.server")
    if not any(isinstance(f, ParserNoise) for f in server_log.filters):
        server_log.addFilter(ParserNoise())
    web_response.SERVER_SOFTWARE = SERVER  # type: ignore[attr-defined]


def build_web_app(ptb_app: Any, cfg: WebConfig) -> web.Application:
    page = (STATIC / "index.html").read_text(encoding="utf-8")
    csp = page_csp(page)

    @web.middleware
    async def check_auth(request: web.Request, handler: Handler) -> web.StreamResponse:
        if request.path.startswith("/app/api/") or request.path == "/app/api":
            try:
                user = check_init_data(
                    request.headers.get(INIT_HEADER), cfg.bot_token, max_age=cfg.max_age
                )
            except AuthError as err:
                refused(request, "a Mini App request to", str(err))
                return web.json_response({"error": "unauthorized"}, status=401)
            try:
                if request.method in ("POST", "PUT", "PATCH"):
                    request[BODY] = await read_body(request, bodies.MINIAPP)
            except bodies.BodyError as err:
                refused(request, "a Mini App body for", err.reason)
                return body_refusal(err)
            request[USER] = user
        response = await handler(request)
        response.headers.setdefault("Cache-Control", "no-store")
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        return response

    app = web.Application(
        middlewares=[check_auth],
        client_max_size=MAX_BODY,
        handler_args={"max_field_size": MAX_HEADER, "max_line_size": MAX_HEADER},
    )
    app.on_response_prepare.append(set_server)
    quiet_parser_errors()
    app[PTB_APP] = ptb_app
    app[CONFIG] = cfg

    async def index(_r: web.Request) -> web.StreamResponse:
        return web.FileResponse(STATIC / "index.html", headers={"Content-Security-Policy": csp})

    app.router.add_get("/app/", index)
    app.router.add_get("/app/compose", index)  # one page; the path picks the view
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
    try:
        await site.start()
    except (OSError, OverflowError) as err:  # named for the start-up's advice (bot/startup.py)
        from bot.startup import ListenError

        await runner.cleanup()
        raise ListenError(err, ("WEBAPP_LISTEN", "WEBAPP_PORT"), cfg.listen, cfg.port) from err
    except BaseException:
        await runner.cleanup()
        raise
    ptb_app.bot_data["webapp_runner"] = runner
    log.info("Mini App server on %s:%s (public %s)", cfg.listen, cfg.port, cfg.app_url)


async def stop(ptb_app: Any) -> None:
    runner = ptb_app.bot_data.pop("webapp_runner", None)
    if runner is not None:
        await runner.cleanup()
