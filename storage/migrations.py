"""Schema migrations (Alembic), usable from an installed package and from any directory.

``upgrade()`` brings the database at ``url`` (default :func:`storage.db.default_url`) to the
newest revision; the bot calls it on start and ``mahjong-tally db upgrade`` by hand. The
Alembic configuration is built in code (no ``alembic.ini`` needed); the scripts live in
``storage/alembic``. To create a new revision during development::

    python -c "from storage.migrations import revision; revision('what changed')"
"""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory

from storage.db import default_url, make_engine, normalize_url

SCRIPT_LOCATION = Path(__file__).resolve().parent / "alembic"


def config(url: str | None = None) -> Config:
    """An Alembic :class:`Config` for ``url`` (the URL travels in ``attributes``, unescaped)."""
    cfg = Config()
    cfg.set_main_option("script_location", str(SCRIPT_LOCATION))
    cfg.attributes["url"] = normalize_url(url or default_url())
    return cfg


def upgrade(url: str | None = None, revision: str = "head") -> None:
    """Migrate the database at ``url`` to ``revision`` (default: the newest)."""
    command.upgrade(config(url), revision)


def downgrade(url: str | None, revision: str) -> None:
    command.downgrade(config(url), revision)


def head() -> str:
    """The newest revision id of the scripts."""
    rev = ScriptDirectory.from_config(config("sqlite://")).get_current_head()
    assert rev is not None
    return rev


def current(url: str | None = None) -> str | None:
    """The revision the database at ``url`` is at (None for an empty database)."""
    engine = make_engine(url, pool=False)
    try:
        with engine.connect() as conn:
            return MigrationContext.configure(conn).get_current_revision()
    finally:
        engine.dispose()


def revision(message: str, url: str | None = None) -> None:
    """Autogenerate a new revision against the database at ``url`` (developer tool)."""
    command.revision(config(url), message=message, autogenerate=True)
