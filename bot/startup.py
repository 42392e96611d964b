"""What a failed start-up of ``mahjong-tally bot`` says: what failed and what to change, per
cause (issue #24, point 5: every failure used to end with "Check TELEGRAM_API_BASE_URL … and
the network", also a bad ``DATABASE_URL`` or a busy port).

:func:`advice` walks the error and its causes through :data:`CAUSES`, a table of small
classes, one per cause; the first that recognises the error names it. Settings that are wrong
on their face (a port over 65535, a listen address that is not one) are refused earlier, by
:mod:`bot.config`, and reported by :func:`config_problems`.
"""

from __future__ import annotations

import errno
import socket
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bot.config import Settings

DB_EXAMPLES = (
    "e.g. sqlite:////data/mahjong-tally.sqlite3 or postgresql://USER:PASSWORD@HOST:5432/DBNAME, "
    "or leave it unset for the SQLite file in the data directory"
)


@dataclass(frozen=True, slots=True)
class Advice:
    what: str  # what failed, one line
    change: str  # what to change, one line

    def text(self) -> str:
        return f"mahjong-tally: the bot could not start: {self.what}\n{self.change}"


class ListenError(OSError):
    """A server of the bot could not listen: ``variables`` names the settings to change."""

    def __init__(self, err: BaseException, variables: tuple[str, str], host: str, port: int):
        super().__init__(getattr(err, "errno", None), str(err))
        self.variables, self.host, self.port, self.original = variables, host, port, err


def _chain(err: BaseException) -> Iterator[BaseException]:
    seen: set[int] = set()
    e: BaseException | None = err
    while e is not None and id(e) not in seen:
        seen.add(id(e))
        yield e
        e = e.__cause__ or e.__context__


def _first_line(err: BaseException) -> str:
    text = str(err).strip().splitlines()
    return f"{type(err).__name__}: {text[0] if text else ''}".rstrip(": ")


def _db_where(settings: Settings) -> str:
    """The database URL without its password."""
    url = settings.database_url or ""
    try:
        from sqlalchemy.engine import make_url

        return make_url(url).render_as_string(hide_password=True)
    except Exception:
        return repr(url)


class Cause:
    """One cause of a failed start: :meth:`match` returns the advice when it is this one."""

    def match(self, err: BaseException, settings: Settings) -> Advice | None:
        raise NotImplementedError


class BadDatabaseUrl(Cause):
    def match(self, err: BaseException, settings: Settings) -> Advice | None:
        from sqlalchemy.exc import ArgumentError

        if not isinstance(err, ArgumentError):
            return None
        return Advice(
            f"DATABASE_URL ({settings.database_url!r}) is not a database URL",
            f"Set DATABASE_URL to a database URL ({DB_EXAMPLES}).",
        )


class UnknownDriver(Cause):
    def match(self, err: BaseException, settings: Settings) -> Advice | None:
        from sqlalchemy.exc import NoSuchModuleError

        if not isinstance(err, NoSuchModuleError | ModuleNotFoundError):
            return None
        if not settings.database_url:
            return None
        scheme = settings.database_url.split("://", 1)[0]
        return Advice(
            f"DATABASE_URL names a database driver that is not installed ({scheme}://; "
            f"{_first_line(err)})",
            "Use sqlite:///PATH or postgresql://… (the drivers that come with Mahjong Tally).",
        )


class DatabaseUnreachable(Cause):
    def match(self, err: BaseException, settings: Settings) -> Advice | None:
        from sqlalchemy.exc import OperationalError

        if not isinstance(err, OperationalError):
            return None
        why = _first_line(err.orig) if err.orig is not None else _first_line(err)
        if (settings.database_url or "sqlite").startswith("sqlite"):
            return Advice(
                f"could not open the SQLite ledger {_db_where(settings)} ({why})",
                "Check that the file's directory exists and is writable (DATABASE_URL, or "
                "MAHJONG_TALLY_DATA_DIR for the default file).",
            )
        return Advice(
            f"could not connect to the database {_db_where(settings)} ({why})",
            "Start the database server, or fix its host, port, user, password or database "
            "name in DATABASE_URL.",
        )


class LedgerFileUnwritable(Cause):
    """The SQLite file's directory cannot be made (a path under a read-only place)."""

    def match(self, err: BaseException, settings: Settings) -> Advice | None:
        if isinstance(err, ListenError) or not isinstance(err, OSError) or not err.filename:
            return None
        return Advice(
            f"could not create the ledger's directory {err.filename} ({_first_line(err)})",
            "Point DATABASE_URL (or MAHJONG_TALLY_DATA_DIR for the default file) at a "
            "writable place.",
        )


class CannotListen(Cause):
    """A port that is busy, out of range or not ours to take; an address not of this machine."""

    def match(self, err: BaseException, settings: Settings) -> Advice | None:
        if isinstance(err, ListenError):
            (host_var, port_var), host, port = err.variables, err.host, err.port
            err = err.original
        elif isinstance(err, OSError | OverflowError) and settings.bot_mode == "webhook":
            # PTB's webhook server (the Mini App's server raises ListenError)
            host_var, port_var = "WEBHOOK_LISTEN", "WEBHOOK_PORT"
            host, port = settings.webhook_listen, settings.webhook_port
        else:
            return None
        code = getattr(err, "errno", None)
        if code == errno.EADDRINUSE:
            return Advice(
                f"{port_var}={port}: another program already listens on {host}:{port}",
                f"Stop that program or choose a free port in {port_var}.",
            )
        if code == errno.EACCES:
            return Advice(
                f"{port_var}={port}: this user may not listen on port {port}",
                f"Choose a port above 1023 in {port_var}.",
            )
        if code == errno.EADDRNOTAVAIL:
            return Advice(
                f"{host_var}={host}: not an address of this machine",
                f"Set {host_var} to one of its addresses (0.0.0.0 = all, 127.0.0.1 = local).",
            )
        if isinstance(err, socket.gaierror):
            return Advice(
                f"{host_var}={host}: not an address to listen on",
                f"Set {host_var} to an IP address (0.0.0.0 = all, 127.0.0.1 = local).",
            )
        if isinstance(err, OverflowError):
            return Advice(
                f"{port_var}={port}: not a port number",
                f"Set {port_var} to a port between 1 and 65535.",
            )
        return Advice(
            f"could not listen on {host}:{port} ({_first_line(err)})",
            f"Check {host_var} and {port_var}.",
        )


class TelegramUnreachable(Cause):
    def match(self, err: BaseException, settings: Settings) -> Advice | None:
        from telegram.error import NetworkError

        if not isinstance(err, NetworkError):
            return None
        return Advice(
            f"could not reach Telegram's Bot API at {settings.telegram_api_base_url} "
            f"({_first_line(err)})",
            "Check TELEGRAM_API_BASE_URL and the network (a proxy: https_proxy).",
        )


#: every known cause, asked in order for each error of the chain
CAUSES: tuple[Cause, ...] = (
    UnknownDriver(),  # before BadDatabaseUrl: NoSuchModuleError is an ArgumentError
    BadDatabaseUrl(),
    DatabaseUnreachable(),
    LedgerFileUnwritable(),
    CannotListen(),
    TelegramUnreachable(),
)


def advice(err: BaseException, settings: Settings) -> Advice:
    """What failed and what to change, for a start-up that raised ``err``."""
    for e in _chain(err):
        for cause in CAUSES:
            if (found := cause.match(e, settings)) is not None:
                return found
    return Advice(
        _first_line(err),
        "Run it again with LOG_LEVEL=DEBUG for the details.",
    )


def config_problems(err: Any) -> list[str]:
    """One line per setting a pydantic ``ValidationError`` refused: ``NAME=value: why``."""
    lines = []
    for e in err.errors():
        loc = e.get("loc") or ("?",)
        name = str(loc[0]).upper()
        value = e.get("input")
        shown = "" if isinstance(value, dict) or value is None else f"={value}"
        msg = str(e.get("msg", "")).removeprefix("Value error, ")
        lines.append(f"{name}{shown}: {msg}")
    return lines
