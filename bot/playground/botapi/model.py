"""The fake Bot API's vocabulary: the bot's identity, Telegram's error texts, a user, a chat,
one recorded request, and the HTML Telegram accepts."""

from __future__ import annotations

import html
import re
import time
from dataclasses import dataclass, field
from typing import Any

BOT_ID = 777000
BOT_USERNAME = "tally_test_bot"
STRING_FIELDS = {
    "text",
    "caption",
    "callback_query_id",
    "parse_mode",
    "url",
    "secret_token",
    "language_code",
    "title",
    "action",
    "inline_message_id",
    "description",
}
ALLOWED_TAGS = {
    "b",
    "strong",
    "i",
    "em",
    "u",
    "ins",
    "s",
    "strike",
    "del",
    "code",
    "pre",
    "a",
    "tg-spoiler",
    "span",
    "blockquote",
    "tg-emoji",
}


_FAULT_TEXT = {
    400: "Bad Request: MESSAGE_TOO_LONG",
    500: "Internal Server Error",
    502: "Bad Gateway",
}


class ApiError(Exception):
    def __init__(self, code: int, description: str, parameters: dict[str, Any] | None = None):
        super().__init__(description)
        self.code, self.description, self.parameters = code, description, parameters


@dataclass
class User:
    id: int
    first_name: str
    language_code: str | None = "en"
    username: str | None = None

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"id": self.id, "is_bot": False, "first_name": self.first_name}
        if self.language_code:
            d["language_code"] = self.language_code
        if self.username:
            d["username"] = self.username
        return d


@dataclass
class Chat:
    id: int
    type: str
    title: str | None = None
    first_name: str | None = None

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"id": self.id, "type": self.type}
        if self.title:
            d["title"] = self.title
        if self.first_name:
            d["first_name"] = self.first_name
        return d


@dataclass
class Sent:
    """One request the bot made."""

    seq: int
    method: str
    params: dict[str, Any]
    files: dict[str, bytes] = field(default_factory=dict)
    at: float = field(default_factory=time.monotonic)


def strip_html(text: str) -> str:
    """Telegram's view of an HTML message: tags removed, entities decoded; raises on bad HTML."""
    stack: list[str] = []
    for m in re.finditer(r"<(/?)([a-zA-Z-]+)[^>]*>|<", text):
        if m.group(0) == "<":
            raise ApiError(400, "Bad Request: can't parse entities: unsupported start tag")
        closing, tag = m.group(1), m.group(2).lower()
        if tag not in ALLOWED_TAGS:
            raise ApiError(
                400, f'Bad Request: can\'t parse entities: unsupported start tag "{tag}"'
            )
        if closing:
            if not stack or stack.pop() != tag:
                raise ApiError(400, "Bad Request: can't parse entities: unmatched end tag")
        else:
            stack.append(tag)
    if stack:
        raise ApiError(400, "Bad Request: can't parse entities: unclosed start tag")
    if re.search(r"&(?!(lt|gt|amp|quot|#\d+|#x[0-9a-fA-F]+);)", text):
        raise ApiError(400, "Bad Request: can't parse entities: unsupported HTML entity")
    return html.unescape(re.sub(r"<[^>]+>", "", text))


def _image_type(data: bytes) -> str:
    return "image/png" if data.startswith(b"\x89PNG") else "image/jpeg"


class Dropped(Exception):
    """A request the server drops without answering (see ``FakeTelegram.stall``)."""
