"""Storage fixtures: every ledger test runs on SQLite (a temp file) and on PostgreSQL (a
throwaway server on 127.0.0.1 started for the test session, see ``pgserver.py``).

If PostgreSQL cannot start, the PostgreSQL half fails when ``CI=true`` and is skipped (with
the reason) otherwise.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import pytest

from storage.service import Ledger
from storage.views import PlayerView, TableView
from tests.storage.pgserver import fresh_pg_database

ENGINES = ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)]


@pytest.fixture(autouse=True)
def _no_database_url(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DATABASE_URL", raising=False)


@pytest.fixture(params=ENGINES)
def db_url(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[str]:
    """An empty database: a fresh SQLite file, or a fresh database on the PostgreSQL server."""
    if request.param == "sqlite":
        path = tmp_path_factory.mktemp("db") / "ledger.sqlite3"
        yield f"sqlite:///{path}"
        return
    with fresh_pg_database(request.getfixturevalue("pg_server")) as url:
        yield url


@pytest.fixture
def ledger(db_url: str) -> Iterator[Ledger]:
    led = Ledger(db_url)
    led.upgrade()
    try:
        yield led
    finally:
        led.dispose()


@dataclass
class Game:
    ledger: Ledger
    chat_id: int
    players: list[PlayerView]
    table: TableView

    @property
    def ids(self) -> list[str]:
        return [str(p.id) for p in self.players]

    @property
    def pids(self) -> list[int]:
        return [p.id for p in self.players]


def make_game(
    ledger: Ledger, chat_id: int = -1001, *, stake_minor: int | None = 50, tg_base: int = 100
) -> Game:
    ledger.ensure_chat(chat_id, title="Mahjong night")
    names = ["alice", "bob", "carol", "dave"]
    players = [ledger.ensure_user(tg_base + i, n) for i, n in enumerate(names)]
    table = ledger.open_table(
        chat_id,
        creator_id=players[0].id,
        ruleset="xingguo",
        options={},
        stake_minor=stake_minor,
        currency="CNY" if stake_minor else None,
    )
    for p in players:
        ledger.join(table.id, p.id)
    table = ledger.start(table.id, dealer_id=players[0].id)
    return Game(ledger, chat_id, players, table)


@pytest.fixture
def game(ledger: Ledger) -> Game:
    """A started xingguo table with alice, bob, carol and dave seated (alice deals)."""
    return make_game(ledger)
