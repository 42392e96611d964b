"""Who is asking: Telegram's signed ``initData`` and the table tokens of the direct links.

* ``initData`` (Telegram, "Validating data received via the Mini App"): the secret key is
  ``HMAC-SHA256(key="WebAppData", msg=bot_token)``; the data-check-string is every received
  field but ``hash``, as ``key=value`` lines sorted by key and joined by ``\\n``; the data is
  genuine when ``hex(HMAC-SHA256(key=secret, msg=data_check_string))`` equals ``hash``. It is
  also refused when ``auth_date`` is older than the allowed age (or in the future), when a
  field repeats, or when it has no user. Another bot's data fails the hash (other token).
* A **table token** (the ``startapp`` parameter of the direct link, or ``t`` in a ``web_app``
  button's URL): ``<table id in base36>_<first 16 bytes of HMAC-SHA256(key, "table:<id>")
  in base64url>`` with a key derived from the bot token, 26–33 characters of ``A-Za-z0-9_-``
  (Telegram allows 64). It names one table and cannot be made for another without the token.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import re
import time
import urllib.parse
from dataclasses import dataclass
from typing import Any

from aiohttp import web

#: how old an initData may be (seconds) unless WEBAPP_AUTH_MAX_AGE says otherwise
DEFAULT_MAX_AGE = 24 * 3600
#: clock skew tolerated for an auth_date in the future
SKEW = 300
MAX_INIT_DATA = 4096
_TOKEN = re.compile(r"^([0-9a-z]{1,12})_([A-Za-z0-9_-]{22})$")


class AuthError(Exception):
    """The initData is missing, forged, tampered with, expired or not of this bot."""


@dataclass(frozen=True, slots=True)
class WebUser:
    """The Telegram user the signed initData names."""

    id: int
    name: str
    username: str | None
    language_code: str | None
    start_param: str | None
    auth_date: int


#: what the server's middleware leaves on a request for the handlers (typed keys, so aiohttp
#: checks them: a plain string key warns, NotAppKeyWarning)
USER: web.RequestKey[WebUser] = web.RequestKey("user", WebUser)
BODY: web.RequestKey[Any] = web.RequestKey("body", object)


def secret_key(bot_token: str) -> bytes:
    return hmac.new(b"WebAppData", bot_token.encode(), hashlib.sha256).digest()


def data_check_string(fields: dict[str, str]) -> str:
    return "\n".join(f"{k}={fields[k]}" for k in sorted(fields) if k != "hash")


def sign_init_data(fields: dict[str, str], bot_token: str) -> str:
    """The initData query string Telegram would send for ``fields`` (tests, the stub page)."""
    digest = hmac.new(secret_key(bot_token), data_check_string(fields).encode(), hashlib.sha256)
    return urllib.parse.urlencode({**fields, "hash": digest.hexdigest()})


def check_init_data(
    raw: str | None, bot_token: str, *, max_age: int = DEFAULT_MAX_AGE, now: float | None = None
) -> WebUser:
    """The user of a genuine, fresh initData; :class:`AuthError` otherwise."""
    if not raw:
        raise AuthError("missing")
    if len(raw) > MAX_INIT_DATA:
        raise AuthError("too long")
    try:
        pairs = urllib.parse.parse_qsl(raw, keep_blank_values=True, strict_parsing=True)
    except ValueError:
        raise AuthError("malformed") from None
    fields: dict[str, str] = {}
    for k, v in pairs:
        if k in fields:
            raise AuthError("repeated field")
        fields[k] = v
    given = fields.get("hash", "")
    if not re.fullmatch(r"[0-9a-f]{64}", given):
        raise AuthError("no hash")
    want = hmac.new(secret_key(bot_token), data_check_string(fields).encode(), hashlib.sha256)
    if not hmac.compare_digest(want.hexdigest(), given):
        raise AuthError("bad hash")
    try:
        auth_date = int(fields.get("auth_date", ""))
    except ValueError:
        raise AuthError("no auth_date") from None
    now = time.time() if now is None else now
    if auth_date > now + SKEW or now - auth_date > max_age:
        raise AuthError("expired")
    try:
        user: Any = json.loads(fields.get("user", ""))
        uid = int(user["id"])
    except (ValueError, KeyError, TypeError):
        raise AuthError("no user") from None
    if not isinstance(user, dict) or user.get("is_bot"):
        raise AuthError("no user")
    first = str(user.get("first_name") or "")
    last = str(user.get("last_name") or "")
    name = (first + " " + last).strip() or str(user.get("username") or uid)
    return WebUser(
        id=uid,
        name=name[:64],
        username=(str(user["username"])[:64] if user.get("username") else None),
        language_code=(str(user["language_code"])[:16] if user.get("language_code") else None),
        start_param=fields.get("start_param") or None,
        auth_date=auth_date,
    )


def _token_key(bot_token: str) -> bytes:
    return hmac.new(b"MahjongTallyTableToken", bot_token.encode(), hashlib.sha256).digest()


def _mac(table_id: int, bot_token: str) -> str:
    digest = hmac.new(_token_key(bot_token), f"table:{table_id}".encode(), hashlib.sha256)
    return base64.urlsafe_b64encode(digest.digest()[:16]).rstrip(b"=").decode()


def _b36(n: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    out = ""
    while True:
        n, r = divmod(n, 36)
        out = digits[r] + out
        if n == 0:
            return out


def table_token(table_id: int, bot_token: str) -> str:
    return f"{_b36(table_id)}_{_mac(table_id, bot_token)}"


def table_of_token(token: str | None, bot_token: str) -> int | None:
    """The table id a genuine token names, or None."""
    if not token:
        return None
    m = _TOKEN.match(token)
    if m is None:
        return None
    table_id = int(m.group(1), 36)
    if not hmac.compare_digest(_mac(table_id, bot_token), m.group(2)):
        return None
    return table_id
