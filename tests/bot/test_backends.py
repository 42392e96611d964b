"""The bot's scenarios where concurrency and the database matter, again on the two other ways
the ledger can run under the bot:

* ``sqlite-threads``: SQLite with ``LEDGER_THREADS=true``, so ledger calls run in worker
  threads and truly overlap (by default they run on the event loop, see ``bot.context.db``);
* ``postgres``: a fresh database on the test session's real PostgreSQL server (calls in worker
  threads, writers serialised by ``SELECT … FOR UPDATE``).

The test functions are the ones of the SQLite suite, collected here a second time: pytest
resolves their ``bot`` fixture in this module, so they run against the bots below (images
on, as the night's own module has them).
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from tests.bot.conftest import Bot
from tests.bot.fake_telegram import FakeTelegram
from tests.bot.test_night import test_full_night_xingguo
from tests.bot.test_review import (
    test_confirm_retried_after_the_hand_was_stored_records_it_once,
    test_two_entries_of_one_hand_confirmed_at_once_record_it_once,
    test_two_settle_confirmations_at_once_end_one_night,
)
from tests.bot.test_robust import (
    test_double_confirm_from_two_phones_records_one_hand,
    test_restart_mid_entry_then_finish,
)
from tests.storage.pgserver import fresh_pg_database

__all__ = [
    "test_confirm_retried_after_the_hand_was_stored_records_it_once",
    "test_double_confirm_from_two_phones_records_one_hand",
    "test_full_night_xingguo",
    "test_restart_mid_entry_then_finish",
    "test_two_entries_of_one_hand_confirmed_at_once_record_it_once",
    "test_two_settle_confirmations_at_once_end_one_night",
]


@pytest.fixture(
    params=["sqlite-threads", pytest.param("postgres", marks=pytest.mark.postgres)],
)
async def bot(request: pytest.FixtureRequest, tg: FakeTelegram, db_url: str) -> AsyncIterator[Bot]:
    if request.param == "sqlite-threads":
        b = Bot(tg, db_url, LEDGER_THREADS=True, images=True)
        await b.start()
        assert b.ledger is not None and not b.ledger.call_inline
        yield b
        await b.stop()
        return
    with fresh_pg_database(request.getfixturevalue("pg_server")) as url:
        b = Bot(tg, url, images=True)
        await b.start()
        assert b.ledger is not None and not b.ledger.call_inline
        try:
            yield b
        finally:
            await b.stop()
            b.ledger.dispose()
