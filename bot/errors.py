"""The error handler, and a logging filter that keeps the bot token out of every log line."""

from __future__ import annotations

import logging
from typing import Any

from telegram import Update
from telegram.error import BadRequest, Forbidden, NetworkError, RetryAfter, TimedOut

from bot.context import Ctx, translator
from storage.errors import LedgerError

log = logging.getLogger("bot.errors")


class RedactToken(logging.Filter):
    """Replace the token (and ``bot<token>`` URLs) in log records."""

    def __init__(self, token: str) -> None:
        super().__init__()
        self.token = token

    def filter(self, record: logging.LogRecord) -> bool:
        if not self.token:
            return True
        msg = record.getMessage()
        if self.token in msg:
            record.msg = msg.replace(self.token, "<token>")
            record.args = None
        if record.exc_info and record.exc_info[1] is not None:
            text = str(record.exc_info[1])
            if self.token in text:
                record.exc_text = (
                    logging.Formatter()
                    .formatException(record.exc_info)
                    .replace(self.token, "<token>")
                )
        return True


def install_redaction(token: str) -> None:
    """Attach the filter to every handler of the root logger (and future ones via root)."""
    flt = RedactToken(token)
    root = logging.getLogger()
    for h in root.handlers:
        h.addFilter(flt)
    root.addFilter(flt)
    for name in ("httpx", "telegram", "telegram.ext", "bot", "storage"):
        logging.getLogger(name).addFilter(flt)
    logging.getLogger("httpx").setLevel(logging.WARNING)


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


async def on_error(update: object, context: Ctx) -> None:
    err = context.error
    info = describe(update)
    if isinstance(err, (TimedOut, NetworkError)) and not isinstance(err, BadRequest):
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
    if isinstance(err, (TimedOut, NetworkError, RetryAfter)):
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
    except Exception as exc:
        log.info("could not tell the user about the error: %s", exc)
