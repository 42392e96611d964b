"""Alembic environment of the ledger (used through :mod:`storage.migrations`).

Runs with the ledger's own engine settings (SQLite pragmas; writer transactions), serializes
concurrent upgrades (SQLite: ``BEGIN IMMEDIATE``; PostgreSQL: a transaction-level advisory
lock), and migrates in one transaction.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy.engine import Connection

from storage import models
from storage.db import default_url, make_engine, writer

config = context.config
target_metadata = models.metadata
ADVISORY_LOCK_ID = 0x6D6A_7461  # "mjta"


def _url() -> str:
    url = config.attributes.get("url") or config.get_main_option("sqlalchemy.url")
    return str(url or default_url())


def _run(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        render_as_batch=connection.dialect.name == "sqlite",
        compare_type=True,
        transaction_per_migration=False,
    )
    with context.begin_transaction():
        if connection.dialect.name == "postgresql":
            connection.exec_driver_sql(f"SELECT pg_advisory_xact_lock({ADVISORY_LOCK_ID})")
        context.run_migrations()


def run_migrations_offline() -> None:
    context.configure(
        url=_url(), target_metadata=target_metadata, literal_binds=True, compare_type=True
    )
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    connection = config.attributes.get("connection")
    if connection is not None:
        _run(connection)
        return
    engine = make_engine(_url(), pool=False)
    try:
        with writer(engine).connect() as conn:
            _run(conn)
    finally:
        engine.dispose()


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()
