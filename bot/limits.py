"""Telegram's limits: how much the bot may send (the rate limiter) and how long a text may be
(every text is cut to fit on its way out, as a last resort).

**Rates.** What Telegram documents (Bots FAQ, "My bot is hitting limits, how do I avoid
this?", https://core.telegram.org/bots/faq#my-bot-is-hitting-limits-how-do-i-avoid-this) is
about *sending messages*: in one chat "avoid sending more than one message per second" (short
bursts are allowed), "your bot will not be able to send more than 20 messages per minute to the
same group", and bulk notifications are held to "30 messages per second or so". Nothing is
documented for edits or for answering callback queries; Telegram answers a call that is too
fast with 429 and ``retry_after``. PTB's ``AIORateLimiter`` (docs: "the rate limiting is applied
by combining two levels of throttling … group_id is determined by checking if there is a
chat_id parameter"; "a RetryAfter exception will halt *all* requests for retry_after + 0.1
seconds") applies the group limit to *every* call that names a group — so each button press's
edit spent the group's 20 messages a minute, and a table entering a hand waited 3 s a tap —
and a 429 in one chat stopped every chat, callback answers included.

:class:`TallyLimiter` applies each limit to what it is for:

* new messages (``send*``, ``copy``/``forward``) to a group: at most ``group_per_minute`` a
  minute per group (a burst of that many, then evenly spaced), and ``overall_per_second`` for
  the whole bot;
* edits and deletions: only the overall rate (no documented per-group limit; a 429 tells);
* ``answerCallbackQuery``: never held back (it stops the user's spinner, and Telegram wants it
  within seconds);
* a 429 pauses that chat only (for ``retry_after``, then the call is retried, at most
  ``max_retries`` times); a call without a chat is retried alone.

New messages also get a longer read timeout (``send_timeout``): a new message cannot be
retried safely (Telegram may have posted it), so the bot waits longer for its answer than for
an edit's; and as long for a free connection of its pool (a wait that sends nothing: under
load PTB's 1 s pool timeout turned a busy moment into "Telegram did not confirm").

**Lengths.** Message texts are at most 4,096 characters after entity parsing, captions 1,024,
callback-query alerts 200 (Bot API: sendMessage ``text`` "1-4096 characters after entities
parsing", ``caption`` "0-1024 characters", answerCallbackQuery ``text`` "0-200 characters").
The bot builds its texts within these (history pages by length, short quotes of user input);
:func:`fit_html` is the safety net that cuts any text still too long at a character boundary,
closing the open HTML tags, and logs that it had to.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import logging
import re
import time
from collections.abc import Callable, Coroutine
from typing import Any

from aiolimiter import AsyncLimiter
from telegram._utils.defaultvalue import DefaultValue
from telegram.error import RetryAfter
from telegram.ext import BaseRateLimiter

log = logging.getLogger(__name__)

TEXT_LIMIT = 4096
CAPTION_LIMIT = 1024
ALERT_LIMIT = 200
ELLIPSIS = "…"

#: methods that post a new message (the FAQ's limits are about these)
SEND_METHODS = frozenset(
    {
        "sendMessage",
        "sendPhoto",
        "sendDocument",
        "sendMediaGroup",
        "sendAnimation",
        "sendAudio",
        "sendVideo",
        "sendVoice",
        "sendVideoNote",
        "sendSticker",
        "sendLocation",
        "sendVenue",
        "sendContact",
        "sendPoll",
        "sendDice",
        "copyMessage",
        "copyMessages",
        "forwardMessage",
        "forwardMessages",
    }
)
#: methods never held back by the bot's own limiter
UNTHROTTLED = frozenset({"answerCallbackQuery", "getMe", "getChatMember"})
_TEXT_FIELDS = {
    "sendMessage": ("text", TEXT_LIMIT),
    "editMessageText": ("text", TEXT_LIMIT),
    "answerCallbackQuery": ("text", ALERT_LIMIT),
}
_CAPTIONED = {
    "sendPhoto",
    "sendDocument",
    "sendAnimation",
    "sendAudio",
    "sendVideo",
    "sendVoice",
    "editMessageCaption",
    "copyMessage",
}

_TOKEN = re.compile(r"<(/?)([a-zA-Z][a-zA-Z0-9-]*)([^>]*)>|&(#\d+|#x[0-9a-fA-F]+|[a-zA-Z]+);")


# ---------------------------------------------------------------------------------------
# lengths
# ---------------------------------------------------------------------------------------
def units(text: str) -> int:
    """Length as Telegram counts it: UTF-16 code units (an emoji outside the BMP is 2)."""
    return len(text.encode("utf-16-le", "surrogatepass")) // 2


def visible_len(text: str, *, is_html: bool = True) -> int:
    """The length of a message text after entity parsing (tags removed, entities decoded)."""
    if not is_html:
        return units(text)
    return units(html.unescape(re.sub(r"<[^>]*>", "", text)))


def fit_plain(text: str, limit: int) -> str:
    if units(text) <= limit:
        return text
    out, n = [], 0
    for c in text:
        w = 2 if ord(c) > 0xFFFF else 1
        if n + w > limit - 1:
            break
        out.append(c)
        n += w
    return "".join(out) + ELLIPSIS


def fit_html(text: str, limit: int) -> str:
    """``text`` (Telegram HTML) cut to at most ``limit`` visible characters: whole characters
    and entities only, the tags still open closed, ``…`` where it was cut."""
    if visible_len(text) <= limit:
        return text
    out: list[str] = []
    open_tags: list[str] = []
    n = 0
    pos = 0
    budget = limit - 1  # room for the ellipsis

    def add_chars(chunk: str) -> bool:
        nonlocal n
        for c in chunk:
            w = 2 if ord(c) > 0xFFFF else 1
            if n + w > budget:
                return False
            out.append(c)
            n += w
        return True

    for m in _TOKEN.finditer(text):
        if not add_chars(text[pos : m.start()]):
            break
        pos = m.end()
        if m.group(4) is not None:  # an entity: one visible character
            if n + 1 > budget:
                break
            out.append(m.group(0))
            n += 1
            continue
        closing, tag = m.group(1), m.group(2).lower()
        if closing:
            if open_tags and open_tags[-1] == tag:
                open_tags.pop()
            out.append(m.group(0))
        else:
            open_tags.append(tag)
            out.append(m.group(0))
    else:
        add_chars(text[pos:])
    out.append(ELLIPSIS)
    out.extend(f"</{t}>" for t in reversed(open_tags))
    return "".join(out)


def chunks(text: str, limit: int = TEXT_LIMIT) -> list[str]:
    """``text`` (Telegram HTML, tags closed within each line) in pieces of whole lines, each
    within ``limit`` visible characters, for a list that may outgrow one message (lifetime
    stats of a big chat, many nights with long names). A single line over the limit is cut
    by :func:`fit_html`."""
    out: list[str] = []
    cur: list[str] = []
    size = 0
    for line in text.split("\n"):
        n = visible_len(line)
        if n > limit:
            line, n = fit_html(line, limit), limit
        if cur and size + 1 + n > limit:
            out.append("\n".join(cur))
            cur, size = [], 0
        size += n + (1 if cur else 0)
        cur.append(line)
    if cur:
        out.append("\n".join(cur))
    return [c for c in out if c.strip()] or [text[:1]]


def fit_request(endpoint: str, data: dict[str, Any]) -> None:
    """Cut an outgoing request's text or caption to Telegram's limit (in place)."""
    field_limit = _TEXT_FIELDS.get(endpoint)
    if field_limit is None and endpoint in _CAPTIONED:
        field_limit = ("caption", CAPTION_LIMIT)
    if field_limit is None:
        return
    key, limit = field_limit
    value = data.get(key)
    if not isinstance(value, str):
        return
    is_html = str(data.get("parse_mode") or "").upper() == "HTML"
    if units(value) <= limit:  # tags and entities only shorten it: within the limit as sent
        return
    if visible_len(value, is_html=is_html) <= limit:
        return
    data[key] = fit_html(value, limit) if is_html else fit_plain(value, limit)
    log.warning(
        "%s: %s of %d characters cut to Telegram's %d",
        endpoint,
        key,
        visible_len(value, is_html=is_html),
        limit,
    )


# ---------------------------------------------------------------------------------------
# rates
# ---------------------------------------------------------------------------------------
class TallyLimiter(BaseRateLimiter[int]):
    """Telegram's rate limits, each applied to what it is for (see the module docstring)."""

    def __init__(
        self,
        *,
        overall_per_second: float = 30,
        group_per_minute: float = 20,
        max_retries: int = 10,
        send_timeout: float | None = None,
    ) -> None:
        self._overall = AsyncLimiter(overall_per_second, 1) if overall_per_second else None
        self._group_rate = group_per_minute
        self._groups: dict[int | str, AsyncLimiter] = {}
        self._paused: dict[int | str, float] = {}  # chat → monotonic time its 429 ends
        self._max_retries = max_retries
        self._send_timeout = send_timeout
        #: how many calls of each kind went through which limit (for tests and benchmarks)
        self.counts: dict[tuple[str, str], int] = {}

    async def initialize(self) -> None:
        pass

    async def shutdown(self) -> None:
        pass

    def _group(self, chat: int | str) -> AsyncLimiter:
        lim = self._groups.get(chat)
        if lim is None:
            if len(self._groups) > 1024:  # forget the idle ones
                for key, old in list(self._groups.items()):
                    if old.has_capacity(old.max_rate):
                        del self._groups[key]
            lim = self._groups[chat] = AsyncLimiter(self._group_rate, 60)
        return lim

    def _count(self, endpoint: str, limit: str) -> None:
        key = (endpoint, limit)
        self.counts[key] = self.counts.get(key, 0) + 1

    async def process_request(
        self,
        callback: Callable[..., Coroutine[Any, Any, bool | dict[str, Any] | list[dict[str, Any]]]],
        args: Any,
        kwargs: dict[str, Any],
        endpoint: str,
        data: dict[str, Any],
        rate_limit_args: int | None,
    ) -> bool | dict[str, Any] | list[dict[str, Any]]:
        fit_request(endpoint, data)
        chat: int | str | None = data.get("chat_id")
        with contextlib.suppress(TypeError, ValueError):
            chat = int(chat)  # type: ignore[arg-type]
        group = (isinstance(chat, int) and chat < 0) or isinstance(chat, str)
        sending = endpoint in SEND_METHODS
        if sending and self._send_timeout is not None:
            read = kwargs.get("read_timeout")
            if isinstance(read, DefaultValue) or read is None or read < self._send_timeout:
                kwargs = {**kwargs, "read_timeout": self._send_timeout}
            pool = kwargs.get("pool_timeout")
            if isinstance(pool, DefaultValue) or pool is None or pool < self._send_timeout:
                # waiting for a free connection sends nothing: a busy moment is no failure
                kwargs = {**kwargs, "pool_timeout": self._send_timeout}
        retries = rate_limit_args if rate_limit_args is not None else self._max_retries
        for attempt in range(retries + 1):
            if chat is not None:
                wait = self._paused.get(chat, 0.0) - time.monotonic()
                if wait > 0:
                    await asyncio.sleep(wait)
            try:
                if endpoint in UNTHROTTLED or chat is None:
                    self._count(endpoint, "none")
                    return await callback(*args, **kwargs)
                if sending and group and self._group_rate:
                    self._count(endpoint, "group")
                    async with self._group(chat):
                        if self._overall is not None:
                            async with self._overall:
                                return await callback(*args, **kwargs)
                        return await callback(*args, **kwargs)
                self._count(endpoint, "overall")
                if self._overall is not None:
                    async with self._overall:
                        return await callback(*args, **kwargs)
                return await callback(*args, **kwargs)
            except RetryAfter as exc:
                if attempt == retries:
                    log.warning("%s: still rate limited after %d retries", endpoint, retries)
                    raise
                pause = exc._retry_after.total_seconds() + 0.1
                log.info("%s: rate limited; retrying in %.1f s", endpoint, pause)
                if chat is not None:
                    now = time.monotonic()
                    if len(self._paused) > 1024:  # forget the pauses that are over
                        self._paused = {k: v for k, v in self._paused.items() if v > now}
                    self._paused[chat] = max(self._paused.get(chat, 0.0), now + pause)
                else:
                    await asyncio.sleep(pause)
        raise AssertionError("unreachable")
