"""The Mini App's settings and its links: what the chat's buttons need (:mod:`bot.web.links`)
and what the server keeps on its application (:data:`PTB_APP`, :data:`CONFIG`), without the
server itself or its API (so that the handlers' buttons do not import the Mini App's API,
which imports the handlers: issue #15, point 5)."""

from __future__ import annotations

import urllib.parse
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from aiohttp import web

from bot.web.auth import DEFAULT_MAX_AGE, table_token

if TYPE_CHECKING:
    from bot.config import Settings

KEY = "webapp"  # bot_data: the WebConfig; "webapp_runner": the running server
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
