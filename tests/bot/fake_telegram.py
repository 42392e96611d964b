"""The fake Telegram Bot API server of the tests: the playground's built-in server
(:mod:`bot.playground.botapi`), one server for both. Re-exported here so the tests import it
as before."""

from bot.playground.botapi import *  # noqa: F403
from bot.playground.botapi import (  # noqa: F401 (the names the tests import)
    BOT_ID,
    BOT_USERNAME,
    ApiError,
    Chat,
    Dropped,
    FakeTelegram,
    Sent,
    User,
    raw_server,
    strip_html,
)
