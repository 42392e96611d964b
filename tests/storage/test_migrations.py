"""Alembic: an empty database migrates to head, and the migrated schema equals the models."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import inspect

from storage import db, migrations, models


def test_empty_database_migrates_to_head_and_matches_models(db_url: str) -> None:
    assert migrations.current(db_url) is None
    migrations.upgrade(db_url)
    assert migrations.current(db_url) == migrations.head()
    engine = db.make_engine(db_url)
    try:
        with engine.connect() as conn:
            ctx = MigrationContext.configure(
                conn, opts={"compare_type": True, "compare_server_default": True}
            )
            diff = compare_metadata(ctx, models.metadata)
            assert diff == [], f"models and migrations disagree: {diff}"
            insp = inspect(conn)
            tables = set(insp.get_table_names()) - {"alembic_version"}
            assert tables == set(models.metadata.tables)
            for name, table in models.metadata.tables.items():
                cols = {c["name"] for c in insp.get_columns(name)}
                assert cols == {c.name for c in table.columns}, name
                idx = {i["name"] for i in insp.get_indexes(name)}
                want = {i.name for i in table.indexes}
                assert want <= idx, (name, want - idx)
    finally:
        engine.dispose()


def test_upgrade_is_idempotent_and_downgrade_works(db_url: str) -> None:
    migrations.upgrade(db_url)
    migrations.upgrade(db_url)  # nothing to do the second time
    assert migrations.current(db_url) == migrations.head()
    migrations.downgrade(db_url, "base")
    assert migrations.current(db_url) is None
    migrations.upgrade(db_url)
    assert migrations.current(db_url) == migrations.head()


def test_sqlite_pragmas(tmp_path: Path) -> None:
    engine = db.make_engine(f"sqlite:///{tmp_path / 'x.sqlite3'}")
    try:
        with engine.connect() as conn:
            assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
            assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
            assert conn.exec_driver_sql("PRAGMA busy_timeout").scalar() == db.BUSY_TIMEOUT_MS
    finally:
        engine.dispose()


def test_default_url_from_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.setenv("MAHJONG_TALLY_DATA_DIR", str(tmp_path / "elsewhere"))
    assert db.default_url() == f"sqlite:///{tmp_path / 'elsewhere' / db.SQLITE_FILE}"
    monkeypatch.delenv("MAHJONG_TALLY_DATA_DIR")
    monkeypatch.chdir(tmp_path)
    assert db.default_url() == f"sqlite:///{tmp_path / 'data' / db.SQLITE_FILE}"
    monkeypatch.setenv("DATABASE_URL", "postgres://u:p@h:5/d")
    assert db.default_url() == "postgresql+psycopg://u:p@h:5/d"


def test_upgrade_from_any_directory_with_default_url(tmp_path: Path) -> None:
    """The migrations ship inside the package: upgrade() works from an unrelated cwd and
    creates the data folder from MAHJONG_TALLY_DATA_DIR."""
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    env["MAHJONG_TALLY_DATA_DIR"] = str(tmp_path / "data dir")
    root = Path(__file__).resolve().parents[2]
    env["PYTHONPATH"] = str(root)
    code = (
        "from storage import migrations; migrations.upgrade(); "
        "print(migrations.current() == migrations.head())"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "True"
    assert (tmp_path / "data dir" / db.SQLITE_FILE).exists()
