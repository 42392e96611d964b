"""A Bot API server on loopback: the tests' fake Telegram and the playground's built-in one.

It speaks the real HTTP API (``/bot<token>/<method>``, form-encoded or multipart requests, the
``{"ok": …}`` envelope, Telegram's error texts) to the real python-telegram-bot Application,
pointed at it with ``base_url``. Test users post messages and press inline buttons; the bot's
requests are recorded, and the chats' messages are kept (and edited) like Telegram does.

Supported: getMe, getUpdates (long polling), deleteWebhook/setWebhook, sendMessage,
editMessageText, editMessageReplyMarkup, answerCallbackQuery, sendPhoto, sendDocument
(multipart), getFile and the file download (``/file/bot<token>/<file_path>``, the bytes the
bot sent), deleteMessage, getChatMember, setMyCommands/getMyCommands/deleteMyCommands,
sendChatAction, close/logOut. Errors: 400 "message is not modified", 400
BUTTON_DATA_INVALID for callback data over 64 bytes, 400 "can't parse entities" for bad
HTML, 400 "message to edit not found", 400 "message is too long" (4,096 characters after
entities; captions 1,024; alerts 200), 400 "there is no text in the message to edit" (a
photo), 400 BUTTON_TYPE_INVALID for a ``web_app`` button outside a private chat, 400 "query ID
is invalid" for a callback query never sent or answered twice, 400 "invalid file_id".
:attr:`FakeTelegram.version` counts every change (an update queued, a call applied): the
playground's page waits on it (:meth:`FakeTelegram.wait_for`).

Fault injection (each for the next ``count`` matching requests, ``methods`` None = any but
getUpdates): :meth:`FakeTelegram.rate_limit` (429 with ``retry_after``), :meth:`~FakeTelegram.fail`
(500/502, not applied), :meth:`~FakeTelegram.stall` (held, then dropped unanswered and unapplied:
a timeout), :meth:`~FakeTelegram.late` (applied, answered only after a delay: a timeout although
it happened), :attr:`~FakeTelegram.redirect_loop` (every call answered 302 to itself), and
:func:`raw_server` (a server that answers any connection with bytes that are not HTTP).

The package, by job (every name callers use is importable from :mod:`bot.playground.botapi`):

* ``model`` — the vocabulary: the bot's id and username, :class:`ApiError` (Telegram's error
  texts), :class:`Dropped`, a :class:`User`, a :class:`Chat`, one request the bot made
  (:class:`Sent`), and the HTML Telegram accepts (:func:`strip_html`);
* ``core`` — the server's state and the tests' side (:class:`~core.Server`): chats, messages
  and requests kept, the faults set, users posting and pressing buttons, waiting for answers;
* ``methods`` — :class:`FakeTelegram`, the Bot API methods (``m_sendMessage`` …) answered as
  Telegram does, each through :meth:`FakeTelegram.call` (where the faults strike);
* ``handlers`` — HTTP: the request handlers (form, multipart or JSON bodies, the ``{"ok": …}``
  envelope), the file download, and :func:`raw_server` (bytes that are not HTTP).
"""

from __future__ import annotations

from bot.playground.botapi.core import Server
from bot.playground.botapi.handlers import raw_server
from bot.playground.botapi.methods import FakeTelegram
from bot.playground.botapi.model import (
    ALLOWED_TAGS,
    BOT_ID,
    BOT_USERNAME,
    STRING_FIELDS,
    ApiError,
    Chat,
    Dropped,
    Sent,
    User,
    strip_html,
)

__all__ = [
    "ALLOWED_TAGS",
    "BOT_ID",
    "BOT_USERNAME",
    "STRING_FIELDS",
    "ApiError",
    "Chat",
    "Dropped",
    "FakeTelegram",
    "Sent",
    "Server",
    "User",
    "raw_server",
    "strip_html",
]
