"""The error handler, and a logging filter that keeps the bot token out of every log line."""

from __future__ import annotations

import logging
import sys
import threading
import traceback
import urllib.parse
import warnings
from typing import Any

from telegram import Update
from telegram.error import (
    BadRequest,
    Forbidden,
    NetworkError,
    RetryAfter,
    TelegramError,
    TimedOut,
)

from bot.context import Ctx, translator
from storage.errors import LedgerError

log = logging.getLogger("bot.errors")


def secrets_of(token: str) -> list[str]:
    """The forms the token may take in a text: as is, percent-encoded (``:`` → ``%3A``), and
    its secret half alone (after the bot id), longest first."""
    if not token:
        return []
    forms = {token, urllib.parse.quote(token, safe=""), urllib.parse.quote(token)}
    _bot_id, sep, secret = token.partition(":")
    if sep and len(secret) >= 8:
        forms.add(secret)
    return sorted((f for f in forms if f), key=len, reverse=True)


def redact(text: str, token: str) -> str:
    for form in secrets_of(token):
        text = text.replace(form, "<token>")
    return text


class RedactToken(logging.Filter):
    """Replace the token (any of its forms, see :func:`secrets_of`) in log records: the
    message, the formatted traceback (chained exceptions included) and the stack."""

    def __init__(self, token: str) -> None:
        super().__init__()
        self.token = token

    def filter(self, record: logging.LogRecord) -> bool:
        if not self.token:
            return True
        try:
            msg = record.getMessage()
        except Exception:  # a bad format string: leave it to the handler to report
            return True
        clean = redact(msg, self.token)
        if clean != msg:
            record.msg, record.args = clean, None
        if record.exc_info and record.exc_info[1] is not None:
            record.exc_text = redact(
                logging.Formatter().formatException(record.exc_info), self.token
            )
        elif record.exc_text:
            record.exc_text = redact(record.exc_text, self.token)
        if record.stack_info:
            record.stack_info = redact(record.stack_info, self.token)
        return True


def install_redaction(token: str) -> None:
    """Keep the token out of every output path: a filter on the root logger's handlers (and
    the loggers that may see it), uncaught exceptions (``sys.excepthook``, threads) and
    ``warnings``."""
    flt = RedactToken(token)
    root = logging.getLogger()
    for h in root.handlers:
        h.addFilter(flt)
    root.addFilter(flt)
    for name in ("httpx", "telegram", "telegram.ext", "bot", "storage", "asyncio", "aiohttp"):
        logging.getLogger(name).addFilter(flt)
    logging.getLogger("httpx").setLevel(logging.WARNING)
    if not token:
        return

    def excepthook(kind: type[BaseException], value: BaseException, tb: Any) -> None:
        text = "".join(traceback.format_exception(kind, value, tb))
        sys.stderr.write(redact(text, token))

    def thread_hook(args: threading.ExceptHookArgs) -> None:
        if args.exc_type is SystemExit:
            return
        excepthook(args.exc_type, args.exc_value or args.exc_type(), args.exc_traceback)

    show = warnings.showwarning

    def showwarning(
        message: Warning | str,
        category: type[Warning],
        filename: str,
        lineno: int,
        file: Any = None,
        line: str | None = None,
    ) -> None:
        text = warnings.formatwarning(message, category, filename, lineno, line)
        if any(form in text for form in secrets_of(token)):
            (file or sys.stderr).write(redact(text, token))
            return
        show(message, category, filename, lineno, file, line)

    sys.excepthook = excepthook
    threading.excepthook = thread_hook
    warnings.showwarning = showwarning


def describe(update: object) -> dict[str, Any]:
    if not isinstance(update, Update):
        return {"update": repr(update)[:200]}
    info: dict[str, Any] = {"update_id": update.update_id}
    if update.effective_chat:
        info["chat"] = update.effective_chat.id
    if update.effective_user:
        info["user"] = update.effective_user.id
    if update.callback_query:
        info["callback"] = update.callback_query.data
    elif update.effective_message and update.effective_message.text:
        info["text"] = update.effective_message.text[:80]
    return info


#: Telegram's 400s that are everyday answers, not bugs: an edit to what the message already
#: shows (two taps at once), a callback query answered too late (a tap from before a restart)
EXPECTED_400 = ("message is not modified", "query is too old", "query id is invalid")


def expected_refusal(err: BadRequest) -> bool:
    text = err.message.lower()
    return any(e in text for e in EXPECTED_400)


async def on_error(update: object, context: Ctx) -> None:
    err = context.error
    info = describe(update)
    if isinstance(err, BadRequest) and expected_refusal(err):  # nothing to fix, nothing to say
        log.debug("Telegram's expected refusal while handling %s: %s", info, err.message)
        return
    if isinstance(err, BadRequest):  # Telegram refused a call: a bug of ours, not the weather
        log.error("Telegram refused a call while handling %s: %s", info, err.message, exc_info=err)
    elif isinstance(err, (TimedOut, NetworkError)):
        log.warning("network trouble while handling %s: %s", info, err)
    elif isinstance(err, RetryAfter):
        log.warning("still rate limited after retries while handling %s: %s", info, err)
    elif isinstance(err, Forbidden):
        log.info("not allowed to write (%s): %s", info, err)
        return
    else:
        log.error("error while handling %s", info, exc_info=err)
    if not isinstance(update, Update):
        return
    tr = await translator(update, context)
    _ = tr.gettext
    if isinstance(err, BadRequest):  # the same call would fail again: no "tap again"
        text = _(
            "Telegram refused this message, so tapping again will not help. /table shows the "
            "current state."
        )
    elif isinstance(err, (TimedOut, NetworkError, RetryAfter)):
        text = _("Telegram is slow right now; please tap again in a moment.")
    elif isinstance(err, LedgerError):
        text = _("That did not work: {why}").format(why=str(err))
    else:
        text = _(
            "Sorry, something went wrong. Please try again; if it keeps happening, /table "
            "shows the current state."
        )
    try:
        if update.callback_query is not None:
            await update.callback_query.answer(text[:200], show_alert=True)
        elif update.effective_chat is not None:
            await context.bot.send_message(update.effective_chat.id, text)
    except TelegramError as exc:  # e.g. the handler had answered the tap already
        log.info("could not tell the user about the error: %s", exc)
