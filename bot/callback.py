"""Compact, versioned callback data (at most 64 bytes), validated on the way in.

Two kinds of payload:

* ``v1:d:<draft_id>:<version>:<action>[:<arg>]`` — a step of a wizard stored as a draft;
  the version makes a stale keyboard (or a second tap on Confirm) harmless.
* ``v1:t:<table_id>:<action>[:<arg>]`` — a button of a table message.

Actions and arguments are short ASCII tokens; arguments are small integers (indexes into the
ruleset's declarations or the seat list) or short ids. Anything that does not parse is rejected
with :class:`BadCallback`, and the handler answers with an alert and changes nothing.

Data that parses must still belong to the message it came from (``bot.guard``): a table
button's table must be the one whose message it is, a draft button's draft the one shown in
that message, and the data one of the message's own buttons.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

VERSION = "v1"
MAX_BYTES = 64
_TOKEN = re.compile(r"^[A-Za-z0-9_.+\-]{1,24}$")
_INT = re.compile(r"^(0|[1-9][0-9]{0,11})$")


class BadCallback(ValueError):
    """Callback data that is malformed, of another version, or too long."""


class _WithArg:
    __slots__ = ()
    arg: str

    def int_arg(self, upper: int | None = None) -> int:
        """The argument as a small integer (below ``upper``), or :class:`BadCallback`."""
        return _int(self.arg, upper)


@dataclass(frozen=True, slots=True)
class DraftCb(_WithArg):
    draft_id: int
    version: int
    action: str
    arg: str = ""

    def encode(self) -> str:
        return _join("d", str(self.draft_id), str(self.version), self.action, self.arg)


@dataclass(frozen=True, slots=True)
class TableCb(_WithArg):
    table_id: int
    action: str
    arg: str = ""

    def encode(self) -> str:
        return _join("t", str(self.table_id), self.action, self.arg)


def _int(text: str, upper: int | None) -> int:
    if not _INT.match(text):
        raise BadCallback(f"not a number: {text!r}")
    n = int(text)
    if upper is not None and n >= upper:
        raise BadCallback(f"out of range: {n} >= {upper}")
    return n


@lru_cache(maxsize=4096)  # a keyboard encodes the same few tokens on every button
def _token(text: str) -> bool:
    return _TOKEN.match(text) is not None


def _join(kind: str, *parts: str) -> str:
    items = [VERSION, kind, *parts]
    if items[-1] == "":
        items.pop()
    for p in items[2:]:
        if not _token(p):
            raise ValueError(f"bad callback token {p!r}")
    data = ":".join(items)
    if len(data.encode()) > MAX_BYTES:
        raise ValueError(f"callback data over {MAX_BYTES} bytes: {data!r}")
    return data


def decode(data: str | None) -> DraftCb | TableCb:
    """Parse callback data or raise :class:`BadCallback`."""
    if not isinstance(data, str) or not data:
        raise BadCallback("empty")
    try:
        size = len(data.encode())
    except UnicodeEncodeError:  # a lone surrogate: no client sends that, so it is forged
        raise BadCallback("not encodable as UTF-8") from None
    if size > MAX_BYTES:
        raise BadCallback("too long")
    parts = data.split(":")
    if parts[0] != VERSION:
        raise BadCallback(f"unknown version {parts[0]!r}")
    if any(not _TOKEN.match(p) for p in parts[2:]):
        raise BadCallback("bad token")
    kind = parts[1] if len(parts) > 1 else ""
    if kind == "d" and len(parts) in (5, 6):
        return DraftCb(_int(parts[2], None), _int(parts[3], None), parts[4], _opt(parts, 5))
    if kind == "t" and len(parts) in (4, 5):
        return TableCb(_int(parts[2], None), parts[3], _opt(parts, 4))
    raise BadCallback(f"malformed callback data {data!r}")


def _opt(parts: list[str], i: int) -> str:
    return parts[i] if len(parts) > i else ""


def _parses(data: object) -> DraftCb | TableCb | None:
    if not isinstance(data, str):
        return None
    try:
        return decode(data)
    except BadCallback:
        return None


def is_draft(data: object) -> bool:
    """A draft button's data (``v1:d:…``): the pattern of its handler (``bot.app``)."""
    return isinstance(_parses(data), DraftCb)


def is_table_action(action: str) -> Callable[[object], bool]:
    """A pattern: a table button's data with this action (``v1:t:<id>:<action>…``)."""

    def matches(data: object) -> bool:
        cb = _parses(data)
        return isinstance(cb, TableCb) and cb.action == action

    return matches


def is_table(data: object) -> bool:
    """A table button's data (``v1:t:…``), any action."""
    return isinstance(_parses(data), TableCb)
