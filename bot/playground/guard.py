"""Who may use the playground (issue #24, point 6): its own page only, and its own ledger.

* :func:`request_problem`: a request must name the playground's own ``Host`` (a loopback name
  or address with its port; with ``--public`` also any IP address, never a DNS name, so DNS
  rebinding reaches nothing), an ``Origin`` it carries must be that host's, and a POST must be
  ``application/json`` (a cross-site form or ``text/plain`` POST needs no CORS preflight, so
  it would reach the API from any page open in the same browser).
* :data:`PLAY_BODY`: what the page's POST bodies hold (:mod:`bot.web.body` checks them).
* :func:`foreign_ledger`: why a ``--db`` is not the playground's own ledger.
"""

from __future__ import annotations

import ipaddress
import urllib.parse
from pathlib import Path

from aiohttp import web

from bot.web import body as bodies

LOOPBACK_NAMES = ("localhost", "127.0.0.1", "::1")
#: what the page's POSTs hold (anything else is refused before the bot sees it)
_ID = bodies.Scalar(("int", "str"))
PLAY_BODY = bodies.Obj(
    {
        "user": _ID,
        "chat": _ID,
        "message": _ID,
        "text": bodies.Scalar(("str", "null")),
        "reply_to": bodies.Scalar(("int", "null")),
        "data": bodies.Scalar(("str", "null")),
        "name": bodies.Scalar(("str", "null")),
        "lang": bodies.Scalar(("str", "null")),
    },
    null=False,
)


def is_loopback(host: str) -> bool:
    if host.strip("[]").lower() in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def _ip_literal(host: str) -> bool:
    try:
        ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        return False
    return True


def host_problem(header: str | None, port: int, public: bool) -> str | None:
    """Why a ``Host`` header is not the playground's own (None when it is): a loopback name or
    address with the right port; with ``public`` also any IP address (never a DNS name)."""
    if not header:
        return "no Host header"
    parts = urllib.parse.urlsplit("//" + header)
    try:
        got = parts.port
    except ValueError:
        return "a bad port in Host"
    name = (parts.hostname or "").lower()
    if got != port:
        return f"Host {header!r} names another port"
    if name in LOOPBACK_NAMES or is_loopback(name):
        return None
    if public and _ip_literal(name):
        return None
    return f"Host {header!r} is not this playground"


def request_problem(request: web.Request, port: int, public: bool) -> str | None:
    """Why ``request`` is not the playground page's own (None when it is)."""
    why = host_problem(request.headers.get("Host"), port, public)
    origin = request.headers.get("Origin")
    if why is None and origin is not None and origin != f"http://{request.host}":
        why = f"Origin {origin[:80]!r} is not this page"
    if why is None and request.method == "POST" and request.content_type != "application/json":
        why = f"a POST must be application/json, not {request.content_type[:60]!r}"
    return why


def foreign_ledger(url: str, own_chats: frozenset[int]) -> str | None:
    """Why the ledger at ``url`` is not the playground's own (None when it is): it is its own
    when it does not exist yet, holds no tables, or holds only the playground's chats (its
    group and the four private chats), and is not the bot's own (``DATABASE_URL``, else the
    data dir's ``mahjong-tally.sqlite3``). Nothing is created or changed by asking."""
    import sqlalchemy as sa

    from storage.db import default_url, normalize_url

    real = normalize_url(default_url())
    if real.startswith("sqlite:///") and not real.startswith("sqlite:////"):  # a relative path
        real = f"sqlite:///{Path(real.removeprefix('sqlite:///')).absolute()}"
    if normalize_url(url) == real:
        return "it is the bot's own ledger (DATABASE_URL, or the data dir's default file)"
    if url.startswith("sqlite:///"):
        path = Path(url.removeprefix("sqlite:///"))
        if not path.exists() or path.stat().st_size == 0:
            return None
    engine = sa.create_engine(url)
    try:
        with engine.connect() as conn:
            tables = set(sa.inspect(conn).get_table_names())
            if not tables:
                return None
            if "chat" not in tables:
                return "it is not a Mahjong Tally ledger"
            ids = {int(r[0]) for r in conn.execute(sa.text("SELECT tg_chat_id FROM chat"))}
    finally:
        engine.dispose()
    others = ids - own_chats
    if others:
        return f"it holds {len(others)} chat(s) that are not the playground's"
    return None
