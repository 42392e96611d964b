"""The Makefile's two commands (issue #24 point 8: "`make run` installs the test extras (a
491 MB environment, and a C++ compiler to build the reference calculator) just to open the
playground"): what ``make -n`` would run from a fresh clone (no venv yet). ``make run``
installs the package alone, quietly; ``make test`` adds the test extras and Debian's chromium,
and .ci/run is exactly ``make test``."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def dry_run(target: str, tmp_path: Path) -> list[str]:
    if shutil.which("make") is None:
        pytest.skip("no make")
    shutil.copy(ROOT / "Makefile", tmp_path / "Makefile")
    (tmp_path / "pyproject.toml").write_text("", encoding="utf-8")
    # as from a shell: not as a sub-make of `make test` (.ci/run), whose MAKEFLAGS/MAKELEVEL
    # would add "make[1]: Entering directory …" lines naming pytest's temporary folder
    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MAKELEVEL", "MFLAGS")}
    res = subprocess.run(
        ["make", "-n", target, "VENV=fresh-venv"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert res.returncode == 0, res.stderr
    return [
        line for line in res.stdout.splitlines() if line.strip() and not line.startswith("make[")
    ]


def installs(lines: list[str]) -> list[str]:
    return [line for line in lines if re.search(r"\bpip\b.*\binstall\b", line)]


def test_make_run_installs_only_what_running_needs(tmp_path: Path) -> None:
    lines = dry_run("run", tmp_path)
    pip = installs(lines)
    assert pip, lines
    assert all("--quiet" in line for line in pip), pip
    assert not any("[test]" in line or "PyMahjongGB" in line for line in pip), pip
    assert any(re.search(r"install -e \.( |$)", line) for line in pip), pip
    assert not any("chromium" in line or "pytest" in line for line in lines), lines


def test_make_test_adds_the_test_extras_and_chromium(tmp_path: Path) -> None:
    lines = dry_run("test", tmp_path)
    pip = installs(lines)
    assert any("'.[test]'" in line for line in pip), pip
    assert any("apt-get install" in line and "chromium" in line for line in lines), lines
    assert any("pytest" in line for line in lines) and any("ruff check" in line for line in lines)
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert [ln for ln in ci.splitlines() if ln and not ln.startswith(("#", "set ", "cd "))] == [
        "make test"
    ]


def test_the_reference_calculator_is_a_test_extra_only() -> None:
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    runtime = " ".join(project["dependencies"]).lower()
    test = " ".join(project["optional-dependencies"]["test"]).lower()
    for name in ("pymahjonggb", "pytest", "playwright", "hypothesis", "mypy", "ruff"):
        assert name not in runtime and name in test, name
