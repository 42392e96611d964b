"""The bot tests' fixtures (the built-in Bot API server ``tg``, ``db_url``, ``bot``)."""

from tests.bot.conftest import bot, db_url, tg  # noqa: F401 (fixtures)
