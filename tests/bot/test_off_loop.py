"""Ledger calls that read a whole chat run in a worker thread, even on SQLite.

On SQLite the bot runs ledger calls on the event loop (``bot.context.db``: each one is a
fraction of a millisecond). The exceptions are the calls whose cost grows with the chat's
whole history — ``bot.context.db_long``'s rule: "a ledger call that reads a whole table or
chat … in a worker thread whatever the database, so that it never holds up other chats'
buttons". Here each such call is observed (the Ledger method, wrapped on the class, notes the
thread it ran in) while the real bot serves the command that makes it:

* ``/stats`` → ``chat_stats`` (every ledger row of the chat);
* ``/export`` → ``export_csv`` (every hand of the table);
* Record hand on a Yichun table (its 压鸽子 side bet names a backer among the chat's players)
  → ``chat_players``, whose query unions every ledger row of every table of the chat (49 ms
  for ``chat_stats`` and 9.5 ms for ``chat_players`` on a chat of 14,500 hands, growing with
  the chat; ``benchmarks/bench_ledger.py``'s fill at 100,000 hands).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pytest

from storage.service import Ledger
from tests.bot.conftest import Scene
from tests.bot.helpers import open_table, seat_and_start

NAMES = ("Alice", "Bob", "Carol", "Dave")


def watch(monkeypatch: pytest.MonkeyPatch, name: str) -> list[int]:
    """Wrap ``Ledger.<name>`` (on the class, so the bot's bound method and its dispatch in
    ``bot.context`` are unchanged); returns the list of thread idents it ran in."""
    threads: list[int] = []
    original: Callable[..., Any] = getattr(Ledger, name)

    def wrapped(self: Ledger, *args: Any, **kwargs: Any) -> Any:
        threads.append(threading.get_ident())
        return original(self, *args, **kwargs)

    monkeypatch.setattr(Ledger, name, wrapped)
    return threads


async def test_whole_chat_reads_leave_the_event_loop(tg, bot, monkeypatch):
    assert bot.ledger.call_inline  # SQLite: the other calls do run on the loop
    loop_thread = threading.get_ident()  # the bot runs on the test's event loop
    seen = {name: watch(monkeypatch, name) for name in ("chat_players", "chat_stats", "export_csv")}
    inline = watch(monkeypatch, "current_table")  # a control: an ordinary call stays on the loop

    chat = tg.group(-100760)
    users = [tg.user(760 + i, n) for i, n in enumerate(NAMES)]
    alice = users[0]
    s = Scene(tg, chat)
    table = await open_table(s, alice, "Yichun")
    await seat_and_start(s, table, users)
    w = await s.tap_for_message(alice, table, "Record hand")
    assert "Who won?" in s.text(w)
    await s.say(alice, "/stats", expect="Lifetime stats")
    await s.say(alice, "/export", method="sendDocument")

    assert inline and set(inline) == {loop_thread}
    for name, threads in seen.items():
        assert threads, f"{name} was not called"
        assert loop_thread not in threads, f"{name} ran on the event loop"
