"""Configuration from the environment or a ``.env`` file (pydantic-settings).

The variable names are part of the deployment contract: ``TELEGRAM_BOT_TOKEN``,
``DATABASE_URL``, ``TELEGRAM_API_BASE_URL``, ``BOT_MODE`` (``polling``/``webhook``),
``WEBHOOK_URL``, ``WEBHOOK_LISTEN``, ``WEBHOOK_PORT``, ``WEBHOOK_PATH``,
``WEBHOOK_SECRET_TOKEN``, ``LOG_LEVEL``, ``HTTP_CLIENT`` (``httpx``/``aiohttp``),
``HTTP_READ_TIMEOUT``, ``HTTP_SEND_TIMEOUT``, ``RATE_GROUP_PER_MINUTE``,
``RATE_OVERALL_PER_SECOND``, ``RATE_MAX_RETRIES`` (see bot/limits.py). A malformed
``TELEGRAM_API_BASE_URL`` (no http(s) scheme, no host, a bad port) is refused here, before
any request could print a URL with the token in it.
"""

from __future__ import annotations

import ipaddress
import socket
import urllib.parse
from typing import Any, Literal

from pydantic import Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

TELEGRAM_API = "https://api.telegram.org"


class Settings(BaseSettings):
    model_config = SettingsConfigDict(
        env_file=".env", env_file_encoding="utf-8", extra="ignore", populate_by_name=True
    )

    telegram_bot_token: SecretStr = Field(validation_alias="TELEGRAM_BOT_TOKEN")
    database_url: str | None = Field(default=None, validation_alias="DATABASE_URL")
    telegram_api_base_url: str = Field(
        default=TELEGRAM_API, validation_alias="TELEGRAM_API_BASE_URL"
    )
    bot_mode: Literal["polling", "webhook"] = Field(default="polling", validation_alias="BOT_MODE")
    webhook_url: str | None = Field(default=None, validation_alias="WEBHOOK_URL")
    webhook_listen: str = Field(default="0.0.0.0", validation_alias="WEBHOOK_LISTEN")
    webhook_port: int = Field(default=8443, ge=1, le=65535, validation_alias="WEBHOOK_PORT")
    webhook_path: str = Field(default="telegram", validation_alias="WEBHOOK_PATH")
    webhook_secret_token: SecretStr | None = Field(
        default=None, validation_alias="WEBHOOK_SECRET_TOKEN"
    )
    log_level: str = Field(default="INFO", validation_alias="LOG_LEVEL")
    # Telegram's flood limits (bot/limits.py; 0 = off): new messages to one group per minute
    # (Bots FAQ: 20), every call but callback answers per second (FAQ: 30); edits and
    # callback answers are not held to the group's message limit
    rate_overall_per_second: float = Field(default=30, validation_alias="RATE_OVERALL_PER_SECOND")
    rate_group_per_minute: float = Field(default=20, validation_alias="RATE_GROUP_PER_MINUTE")
    rate_max_retries: int = Field(default=10, validation_alias="RATE_MAX_RETRIES")
    concurrent_updates: int = Field(default=64, validation_alias="CONCURRENT_UPDATES")
    # the HTTP client under python-telegram-bot: aiohttp (bot/request.py; ~2x the updates
    # per second of httpx in benchmarks/bench_bot.py) or PTB's own httpx
    http_client: Literal["aiohttp", "httpx"] = Field(
        default="aiohttp", validation_alias="HTTP_CLIENT"
    )
    # httpcore's pool scans every connection per request: a few are faster than many
    http_pool_size: int = Field(default=8, validation_alias="HTTP_POOL_SIZE")
    # seconds to wait for Telegram's answer to a call (getUpdates waits POLL_TIMEOUT + 10)
    http_read_timeout: float = Field(default=5.0, gt=0, validation_alias="HTTP_READ_TIMEOUT")
    # seconds to wait for Telegram's answer to a NEW message (an entry, a result line): it
    # cannot be sent again safely (it may be posted already), so a late answer is awaited
    http_send_timeout: float = Field(default=20.0, gt=0, validation_alias="HTTP_SEND_TIMEOUT")
    # ledger calls in worker threads: unset = automatic (PostgreSQL yes; SQLite no, its calls
    # are quicker than the hop to a thread and back)
    ledger_threads: bool | None = Field(default=None, validation_alias="LEDGER_THREADS")
    poll_timeout: int = Field(default=30, validation_alias="POLL_TIMEOUT")
    default_lang: str = Field(default="en", validation_alias="DEFAULT_LANG")
    # an unfinished entry (wizard, confirmation) expires after this long; open drafts past
    # their expiry are marked expired at startup and then at most every DRAFT_SWEEP_SECONDS
    # (checked when an update arrives: no scheduler needed)
    draft_ttl_seconds: int = Field(default=86400, ge=1, validation_alias="DRAFT_TTL_SECONDS")
    draft_sweep_seconds: float = Field(default=600, ge=0, validation_alias="DRAFT_SWEEP_SECONDS")
    # the Mini App (bot/web): WEBAPP_URL is the public https base Telegram opens (the server
    # serves /app/ and /app/api/ on WEBAPP_LISTEN:WEBAPP_PORT); unset = no Mini App at all.
    # WEBAPP_SHORT_NAME is the app's short name at @BotFather (/newapp), for the group link
    webapp_url: str | None = Field(default=None, validation_alias="WEBAPP_URL")
    webapp_short_name: str | None = Field(default=None, validation_alias="WEBAPP_SHORT_NAME")
    webapp_listen: str = Field(default="0.0.0.0", validation_alias="WEBAPP_LISTEN")
    webapp_port: int = Field(default=8080, ge=0, le=65535, validation_alias="WEBAPP_PORT")
    webapp_auth_max_age: int = Field(default=86400, ge=1, validation_alias="WEBAPP_AUTH_MAX_AGE")

    @field_validator("webhook_listen", "webapp_listen")
    @classmethod
    def _listen_address(cls, v: str) -> str:
        """An IP address, or a name this machine resolves (``localhost``): anything else
        would fail only once the server binds, after the database was migrated."""
        v = v.strip()
        try:
            ipaddress.ip_address(v.strip("[]"))
            return v.strip("[]")
        except ValueError:
            pass
        try:
            socket.getaddrinfo(v, None, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
        except (OSError, UnicodeError):
            raise ValueError(
                "is not an address to listen on (an IP address: 0.0.0.0 = all, "
                "127.0.0.1 = this machine only)"
            ) from None
        return v

    @field_validator("telegram_api_base_url")
    @classmethod
    def _strip_slash(cls, v: str) -> str:
        parts = urllib.parse.urlsplit(v.strip())
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise ValueError("must be an http:// or https:// URL with a host")
        try:
            parts.port  # noqa: B018 (raises on a bad port)
        except ValueError:
            raise ValueError("has a bad port") from None
        v = v.strip().rstrip("/")
        if v.endswith("/bot"):
            v = v[: -len("/bot")]
        return v

    @property
    def api_base(self) -> str:
        """``<root>/bot`` (PTB appends the token)."""
        return f"{self.telegram_api_base_url}/bot"

    @property
    def file_base(self) -> str:
        return f"{self.telegram_api_base_url}/file/bot"


def load_settings(**overrides: Any) -> Settings:
    return Settings(**overrides)
