"""JSON bodies from outside, checked before and while they are parsed (issue #24, point 2).

Every web route (the Mini App's ``/app/api/``, the playground's ``/play/api/``) and the command
line (``calc``, ``gb-fans --jsonl``) read JSON through :func:`loads`:

* **size** first (:data:`MAX_BODY` bytes for a request; the caller's limit elsewhere);
* **depth** before parsing: a scan of the brackets outside strings (no recursion), so a body
  nested 5,000 deep is refused in a few microseconds instead of ending in a ``RecursionError``
  inside :func:`json.loads` (CPython's decoder recurses once per level);
* **numbers** while parsing: integers and decimals within ±:data:`MAX_NUMBER` (2^53 − 1, the
  integers every JSON reader keeps exactly, RFC 7493 I-JSON), no ``NaN``/``Infinity``;
* **types** after parsing, for the routes that declare a :class:`Shape` (the Mini App's
  :data:`MINIAPP`): a list where a string belongs never reaches a hash or a sentence.

A refusal is a :class:`BodyError`: its text is one line (the web routes answer 400/413 with it
as ``reason``, the command line exits 2 with it). Nothing in this module logs; the web side
logs a refusal through :class:`Throttle` (a warning at most once per client and minute).
"""

from __future__ import annotations

import json
import re
import time
from dataclasses import dataclass, field
from typing import Any

#: the largest request body (bytes) a web route reads
MAX_BODY = 16 * 1024
#: the deepest nesting of objects and lists (a hand record needs about 6)
MAX_DEPTH = 32
#: the largest magnitude of a number (2^53 - 1)
MAX_NUMBER = 2**53 - 1

_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")


class BodyError(ValueError):
    """A body refused before or while parsing; ``str()`` is one line, ``status`` the HTTP one."""

    def __init__(self, reason: str, status: int = 400) -> None:
        super().__init__(reason)
        self.reason, self.status = reason, status


def depth_of(text: str) -> int:
    """The deepest nesting of ``[``/``{`` outside strings (without recursion)."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    depth = deepest = 0
    for ch in brackets:
        if ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth -= 1
    return deepest


def _int(text: str) -> int:
    if len(text.lstrip("-")) > 16 or abs(value := int(text)) > MAX_NUMBER:
        raise BodyError(f"number {text[:20]}{'…' if len(text) > 20 else ''} is too large")
    return value


def _float(text: str) -> float:
    value = float(text)
    if not abs(value) <= MAX_NUMBER:  # also inf (1e400) and nan
        raise BodyError(f"number {text[:20]}{'…' if len(text) > 20 else ''} is too large")
    return value


def _constant(text: str) -> Any:
    raise BodyError(f"{text} is not a JSON number")


def loads(
    data: str | bytes, *, max_bytes: int = MAX_BODY, max_depth: int = MAX_DEPTH, where: str = ""
) -> Any:
    """Decode JSON within the limits; :class:`BodyError` (one line) otherwise."""
    at = f"{where}: " if where else ""
    if len(data) > max_bytes:
        raise BodyError(f"{at}too large (over {max_bytes} bytes)", status=413)
    if isinstance(data, bytes):
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            raise BodyError(f"{at}not UTF-8") from None
    else:
        text = data
    if (depth := depth_of(text)) > max_depth:
        raise BodyError(f"{at}nested too deep ({depth} levels, at most {max_depth})")
    try:
        return json.loads(text, parse_int=_int, parse_float=_float, parse_constant=_constant)
    except BodyError as err:
        raise BodyError(at + err.reason) from None
    except json.JSONDecodeError as err:
        raise BodyError(
            f"{at}not valid JSON (line {err.lineno} column {err.colno}: {err.msg})"
        ) from None
    except (ValueError, RecursionError) as err:  # e.g. a lone surrogate; depth is checked above
        raise BodyError(f"{at}not valid JSON ({type(err).__name__})") from None


# ------------------------------------------------------------------------------------ shapes
class Shape:
    """What a value must be; :meth:`problem` says what is wrong with one (or None)."""

    def problem(self, value: Any, path: str) -> str | None:
        raise NotImplementedError


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    return {dict: "an object", list: "a list", str: "a string", int: "a number"}.get(
        type(value), "a number"
    )


@dataclass(frozen=True)
class Scalar(Shape):
    """A string, an integer (never a boolean), a boolean, or null, as ``kinds`` allows."""

    kinds: tuple[str, ...]  # of "str", "int", "bool", "null"

    def problem(self, value: Any, path: str) -> str | None:
        ok = (
            (value is None and "null" in self.kinds)
            or (isinstance(value, bool) and "bool" in self.kinds)
            or (isinstance(value, str) and "str" in self.kinds)
            or (type(value) is int and "int" in self.kinds)
        )
        if ok:
            return None
        want = " or ".join(
            {"str": "a string", "int": "an integer", "bool": "a boolean", "null": "null"}[k]
            for k in self.kinds
        )
        return f"{path} must be {want}, not {_kind(value)}"


@dataclass(frozen=True)
class RowId(Shape):
    """A database row's id as the page sends it: an integer 1..2^31-1 (PostgreSQL's INTEGER;
    a larger one would fail in the database, not here), or null."""

    def problem(self, value: Any, path: str) -> str | None:
        if value is None:
            return None
        if type(value) is not int:
            return f"{path} must be an integer or null, not {_kind(value)}"
        if not 1 <= value <= 2**31 - 1:
            return f"{path} must be between 1 and {2**31 - 1}"
        return None


@dataclass(frozen=True)
class ListOf(Shape):
    item: Shape
    null: bool = True

    def problem(self, value: Any, path: str) -> str | None:
        if value is None and self.null:
            return None
        if not isinstance(value, list):
            return f"{path} must be a list, not {_kind(value)}"
        for i, v in enumerate(value):
            if (p := self.item.problem(v, f"{path}[{i}]")) is not None:
                return p
        return None


@dataclass(frozen=True)
class MapOf(Shape):
    """An object whose keys are free and whose values are each ``item``."""

    item: Shape
    null: bool = True

    def problem(self, value: Any, path: str) -> str | None:
        if value is None and self.null:
            return None
        if not isinstance(value, dict):
            return f"{path} must be an object, not {_kind(value)}"
        for k, v in value.items():
            if (p := self.item.problem(v, f"{path}.{k}")) is not None:
                return p
        return None


@dataclass(frozen=True)
class Obj(Shape):
    """An object whose named keys have shapes (other keys are left to the route)."""

    fields: dict[str, Shape] = field(default_factory=dict)
    null: bool = True

    def problem(self, value: Any, path: str) -> str | None:
        if value is None and self.null:
            return None
        if not isinstance(value, dict):
            return f"{path or 'the body'} must be an object, not {_kind(value)}"
        for key, shape in self.fields.items():
            if key in value:
                if (p := shape.problem(value[key], f"{path}.{key}" if path else key)) is not None:
                    return p
        return None


class Any_(Shape):
    def problem(self, value: Any, path: str) -> str | None:
        return None


def check(shape: Shape, value: Any) -> Any:
    """``value`` if it has ``shape``; :class:`BodyError` naming the first wrong field."""
    if (p := shape.problem(value, "")) is not None:
        raise BodyError(p)
    return value


ID = Scalar(("str", "null"))  # a player id as the page sends it (a string), or none
WIN = Obj(
    {
        "winner": ID,
        "from": ID,
        "robbed_kong": Scalar(("bool", "null")),
        "shape": ID,
        "flags": ListOf(Scalar(("str",))),
        "fan": Scalar(("int", "null")),
        "fans": ListOf(Scalar(("str",))),
        "tiles": MapOf(Any_()),
    },
    null=False,
)
FORM = Obj(
    {
        "result": ID,
        "wins": ListOf(WIN),
        "counts": MapOf(MapOf(Scalar(("int", "null")))),
        "events": ListOf(MapOf(Any_())),
    }
)
#: every Mini App API body: the table token, the entry, the ruleset (calculator), the form
MINIAPP = Obj({"t": ID, "entry": RowId(), "ruleset": ID, "form": FORM}, null=False)


# ----------------------------------------------------------------------------------- logging
class Throttle:
    """At most one warning per client and minute: ``first(client)`` is True for the first
    refusal of a client in each minute (log it as a warning; the rest at DEBUG)."""

    def __init__(self, seconds: float = 60.0, size: int = 4096) -> None:
        self.seconds, self.size = seconds, size
        self._until: dict[str, float] = {}

    def first(self, client: str | None, now: float | None = None) -> bool:
        now = time.monotonic() if now is None else now
        key = client or "?"
        if self._until.get(key, 0.0) > now:
            return False
        if len(self._until) >= self.size:
            self._until = {k: t for k, t in self._until.items() if t > now}
            if len(self._until) >= self.size:
                self._until.clear()
        self._until[key] = now + self.seconds
        return True
