"""If the throwaway PostgreSQL server cannot start, CI fails; a local run skips loudly."""

from __future__ import annotations

import pytest

from tests.storage.pgserver import pg_or_fail


@pytest.mark.parametrize("ci", ["true", "1"])
def test_pg_missing_fails_on_ci(monkeypatch: pytest.MonkeyPatch, ci: str) -> None:
    monkeypatch.setenv("CI", ci)
    with pytest.raises(pytest.fail.Exception, match="could not start: boom"):
        pg_or_fail("boom")


def test_pg_missing_skips_locally(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match="could not start: boom"):
        pg_or_fail("boom")
