"""What the Docker image relies on, checked without Docker.

There is no Docker engine on the development machine, so this reproduces the ``Dockerfile``'s
build stage by hand and checks its result:

1. the build context: exactly the files the build stage ``COPY``s (read from the Dockerfile,
   filtered by ``.dockerignore``) go into a temporary directory; the stage's translation
   compile step (the ``python -c "…"`` of its ``RUN``) runs there, then
   ``pip wheel --no-deps --no-build-isolation --no-index`` builds the wheel offline with the
   venv's setuptools (``setuptools>=77`` is in the ``test`` extra for that);
2. the wheel: Alembic scripts, bundled fonts, compiled ``.mo`` catalogs for every language,
   the ``mahjong-tally`` console script, the licence file, ``Requires-Dist`` = the
   dependencies of ``pyproject.toml``;
3. the installed copy: the wheel is installed with ``pip install --no-deps --target`` into a
   private directory, and a subprocess (cwd = the temp dir, ``PYTHONPATH`` = that directory, so
   the installed copy is imported and not the repository) creates the ledger on a fresh SQLite
   file in ``MAHJONG_TALLY_DATA_DIR`` and migrates it, loads the zh_Hans catalog, renders a
   hand card and imports every module; the installed console script settles
   ``docs/examples/xingguo-hand.json`` and answers ``mahjong-tally bot`` (the image's ``CMD``)
   without a token; every third-party import in the installed sources belongs to a declared
   runtime dependency (or one of theirs), so the image, which installs only those, has it.
"""

from __future__ import annotations

import ast
import gettext
import importlib.metadata as md
import io
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import time
import tomllib
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from PIL import Image

import scoring

ROOT = Path(__file__).resolve().parents[1]
DOCKERFILE = ROOT / "Dockerfile"
LANGS = ("en", "zh_Hans", "zh_Hant")
OUR_PACKAGES = ("bot", "scoring", "storage")
EXAMPLE = ROOT / "docs" / "examples" / "xingguo-hand.json"
KNOWN_MSGID = "Add"  # a button label in bot/locales/zh_Hans/LC_MESSAGES/messages.po
TIMEOUT = 180
PIP = (sys.executable, "-m", "pip")


# --- reading the Dockerfile and .dockerignore -------------------------------------------------
def instructions(stage: int) -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) of build stage ``stage`` (0 = first FROM), continuations joined."""
    text = re.sub(r"\\\n", " ", DOCKERFILE.read_text(encoding="utf-8"))
    stages: list[list[tuple[str, str]]] = []
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        word, _, rest = line.partition(" ")
        if word.upper() == "FROM":
            stages.append([])
        if stages:
            stages[-1].append((word.upper(), rest.strip()))
    return stages[stage]


def env_of(stage: int) -> dict[str, str]:
    env: dict[str, str] = {}
    for word, args in instructions(stage):
        if word == "ENV":
            for token in shlex.split(args):
                key, _, value = token.partition("=")
                env[key] = value
    return env


def ignore_patterns() -> list[str]:
    lines = (ROOT / ".dockerignore").read_text(encoding="utf-8").splitlines()
    return [ln.strip() for ln in lines if ln.strip() and not ln.strip().startswith("#")]


def _pattern_regex(pattern: str) -> re.Pattern[str]:
    """Docker's pattern syntax: ``**`` any number of directories, ``*``/``?`` within one name."""
    out, i = "", 0
    pattern = pattern.strip("/")
    while i < len(pattern):
        if pattern.startswith("**/", i):
            out, i = out + "(?:.*/)?", i + 3
        elif pattern.startswith("**", i):
            out, i = out + ".*", i + 2
        elif pattern[i] == "*":
            out, i = out + "[^/]*", i + 1
        elif pattern[i] == "?":
            out, i = out + "[^/]", i + 1
        else:
            out, i = out + re.escape(pattern[i]), i + 1
    return re.compile(out + r"\Z")


def dockerignored(rel: str, patterns: list[str]) -> bool:
    """Whether the context path ``rel`` (or a directory above it) is excluded."""
    parts = rel.split("/")
    candidates = ["/".join(parts[: n + 1]) for n in range(len(parts))]
    excluded = False
    for pattern in patterns:
        negate = pattern.startswith("!")
        rx = _pattern_regex(pattern[1:] if negate else pattern)
        if any(rx.match(c) for c in candidates):
            excluded = not negate
    return excluded


def copy_context(dest_root: Path) -> list[str]:
    """Do the build stage's ``COPY`` instructions into ``dest_root`` (its WORKDIR); the sources."""
    patterns = ignore_patterns()
    sources: list[str] = []
    for word, args in instructions(0):
        if word != "COPY":
            continue
        tokens = [t for t in shlex.split(args) if not t.startswith("--")]
        *srcs, dest = tokens
        for src in srcs:
            sources.append(src)
            path = ROOT / src
            assert path.exists(), f"the Dockerfile COPYs {src}, which the repository lacks"
            assert not dockerignored(src, patterns), f".dockerignore excludes COPY source {src}"
            if path.is_dir():
                for f in sorted(path.rglob("*")):
                    rel = f.relative_to(ROOT).as_posix()
                    if f.is_file() and not dockerignored(rel, patterns):
                        target = dest_root / dest / f.relative_to(path)
                        target.parent.mkdir(parents=True, exist_ok=True)
                        shutil.copy2(f, target)
            else:
                target = dest_root / dest
                if dest.endswith("/") or len(srcs) > 1:
                    target = target / path.name
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(path, target)
    return sources


def compile_snippet() -> str:
    """The ``python -c "…"`` of the build stage's RUN (the translation compile step)."""
    for word, args in instructions(0):
        if word == "RUN":
            m = re.search(r'python -c "([^"]*)"', args)
            if m:
                return m.group(1)
    raise AssertionError("the build stage has no python -c step")


# --- building and installing, once per module --------------------------------------------------
@dataclass(frozen=True)
class Built:
    tmp: Path
    sources: list[str]
    wheel: Path
    site: Path


def pip_env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PIP_INDEX_URL")}
    env.update(PIP_NO_INDEX="1", PIP_DISABLE_PIP_VERSION_CHECK="1", PIP_NO_CACHE_DIR="1")
    return env


def run_checked(cmd: list[str], cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    proc = subprocess.run(
        cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=TIMEOUT, check=False
    )
    assert proc.returncode == 0, f"{cmd} failed ({proc.returncode}):\n{proc.stdout}\n{proc.stderr}"
    return proc


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Built:
    tmp = tmp_path_factory.mktemp("image")
    src = tmp / "src"
    src.mkdir()
    sources = copy_context(src)

    # --no-build-isolation uses the venv's setuptools; pyproject's license = "MIT" (an SPDX
    # expression) needs setuptools >= 77, which the test extra declares.
    requires = tomllib.loads((ROOT / "pyproject.toml").read_text())["build-system"]["requires"]
    for req in map(Requirement, requires):
        if canonicalize_name(req.name) == "setuptools":
            have = md.version("setuptools")
            assert req.specifier.contains(have), (
                f"the venv's setuptools {have} does not satisfy the build requirement {req}; "
                "reinstall the test extra (make venv) — this test builds offline"
            )

    env = pip_env()
    started = time.time()
    run_checked([sys.executable, "-c", compile_snippet()], cwd=src, env=env)
    for lang in LANGS:  # compiled in the context (not in the repository the venv points at)
        mo = src / "bot" / "locales" / lang / "LC_MESSAGES" / "messages.mo"
        assert mo.stat().st_mtime >= started - 1, mo
    wheels = tmp / "wheels"
    run_checked(
        [
            *PIP,
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "--no-index",
            "-w",
            str(wheels),
            str(src),
        ],
        cwd=tmp,
        env=env,
    )
    (wheel,) = wheels.glob("*.whl")
    site = tmp / "site"
    run_checked(
        [*PIP, "install", "--no-deps", "--no-index", "--target", str(site), str(wheel)],
        cwd=tmp,
        env=env,
    )
    return Built(tmp, sources, wheel, site)


def image_env(b: Built, **extra: str) -> dict[str, str]:
    """The environment of a process that sees the installed copy only (not the repository)."""
    drop = ("PYTHONPATH", "DATABASE_URL", "TELEGRAM_BOT_TOKEN", "MAHJONG_TALLY_DATA_DIR")
    env = {k: v for k, v in os.environ.items() if k not in drop}
    env.update(PYTHONPATH=str(b.site), PYTHONDONTWRITEBYTECODE="1", **extra)
    return env


# --- 0. the Dockerfile and its context -------------------------------------------------------
def test_build_stage_copies_what_the_wheel_needs(built: Built) -> None:
    # pyproject.toml names README.md (readme) and LICENSE (license-files); the packages it finds
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    needed = {"pyproject.toml", project["readme"], *project["license-files"], *OUR_PACKAGES}
    assert needed <= set(built.sources), needed - set(built.sources)


def test_dockerignore_keeps_secrets_and_clutter_out() -> None:
    patterns = ignore_patterns()
    for path in (
        ".env",
        ".git/config",
        ".venv/bin/python",
        "bot/__pycache__/cli.cpython-311.pyc",
        "scoring/rulesets/__pycache__/x.pyc",
        "data/mahjong-tally.sqlite3",
        "mahjong-tally.sqlite3",
        "build/lib/bot/cli.py",  # a stale setuptools build dir must not leak into the wheel
        "mahjong_tally.egg-info/PKG-INFO",
        "tests/test_cli.py",
    ):
        assert dockerignored(path, patterns), path
    for path in ("pyproject.toml", "README.md", "LICENSE", "bot/fonts/NotoSans-Regular.ttf"):
        assert not dockerignored(path, patterns), path


def test_image_database_url_is_the_default_for_its_data_dir() -> None:
    from storage.db import SQLITE_FILE

    env = env_of(1)
    assert env["DATABASE_URL"] == f"sqlite:///{env['MAHJONG_TALLY_DATA_DIR']}/{SQLITE_FILE}"
    cmd = next(json.loads(args) for word, args in instructions(1) if word == "CMD")
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert cmd[0] in project["scripts"]


# --- 1. the wheel -----------------------------------------------------------------------------
def test_wheel_contains_migrations_fonts_catalogs_and_entry_point(built: Built) -> None:
    with zipfile.ZipFile(built.wheel) as zf:
        names = set(zf.namelist())
        dist_info = next(n.split("/")[0] for n in names if n.endswith(".dist-info/METADATA"))
        entry_points = zf.read(f"{dist_info}/entry_points.txt").decode()
        metadata = zf.read(f"{dist_info}/METADATA").decode()

    ctx = built.tmp / "src"  # the build context
    for path in sorted((ctx / "storage" / "alembic").rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts:
            assert path.relative_to(ctx).as_posix() in names, path
    assert any(re.fullmatch(r"storage/alembic/versions/\d{4}_\w+\.py", n) for n in names)

    fonts = [p for p in (ctx / "bot" / "fonts").iterdir() if p.suffix in (".ttf", ".otf")]
    assert len(fonts) >= 2
    for path in [*fonts, ctx / "bot" / "fonts" / "coverage.json"]:
        assert path.relative_to(ctx).as_posix() in names, path

    for lang in LANGS:
        assert f"bot/locales/{lang}/LC_MESSAGES/messages.mo" in names, lang

    assert re.search(r"^\[console_scripts\]\s*^mahjong-tally = bot\.cli:main$", entry_points, re.M)
    assert f"{dist_info}/licenses/LICENSE" in names
    assert re.search(r"^License-Expression: MIT$", metadata, re.M)

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    declared = {str(Requirement(r)) for r in project["dependencies"]}
    shipped = {
        str(Requirement(line.split(":", 1)[1]))
        for line in metadata.splitlines()
        if line.startswith("Requires-Dist:") and "extra ==" not in line
    }
    assert shipped == declared


def test_wheel_catalogs_are_the_compiled_po_files(built: Built) -> None:
    with zipfile.ZipFile(built.wheel) as zf:
        for lang in LANGS:
            # the .po of the build context (what the compile step compiled)
            po_path = built.tmp / "src" / "bot" / "locales" / lang / "LC_MESSAGES" / "messages.po"
            with po_path.open("rb") as fh:
                catalog = read_po(fh)
            mo = gettext.GNUTranslations(
                io.BytesIO(zf.read(f"bot/locales/{lang}/LC_MESSAGES/messages.mo"))
            )
            translated = [m for m in catalog if m.id and isinstance(m.id, str) and m.string]
            assert translated or lang == "en", lang
            for m in translated:
                if not m.fuzzy:
                    assert mo.gettext(m.id) == m.string, (lang, m.id)


# --- 2. the installed copy, run for real -------------------------------------------------------
CHECKER = r"""
import importlib, json, pkgutil, sys
from pathlib import Path

out = {}

import bot, scoring, storage
out["files"] = {m.__name__: m.__file__ for m in (bot, scoring, storage)}

# the ledger, as bot.app.run_bot makes it: settings from the environment, then upgrade
from bot.config import load_settings
from storage.db import default_url
from storage.migrations import current, head
from storage.service import Ledger

settings = load_settings()
out["database_url_setting"] = settings.database_url
out["default_url"] = default_url()
ledger = Ledger(settings.database_url)
out["revision_before"] = current(ledger.url)
ledger.upgrade()
out["revision_after"], out["head"] = current(ledger.url), head()
ledger.ensure_chat(-100123, title="Friday", lang="zh_Hans")
out["chat_lang"] = ledger.get_chat(-100123).lang
ledger.dispose()

# translations
from bot import i18n
out["locales_dir"] = str(i18n.LOCALES)
msgid = sys.argv[1]
out["translator"] = i18n.Translator("zh_Hans").gettext(msgid)
mo = i18n.LOCALES / "zh_Hans" / "LC_MESSAGES" / "messages.mo"
with mo.open("rb") as fh:
    out["mo"] = __import__("gettext").GNUTranslations(fh).gettext(msgid)

# one image, drawn with the bundled fonts
from bot.render import render_hand_card
from bot.render.samples import ZH_NAMES, hand_card_view, sample_hands
from bot.render.text import FONT_DIR
out["font_dir"] = str(FONT_DIR)
png = render_hand_card(hand_card_view(ZH_NAMES, sample_hands(4, 3), 2, "zh"), "zh")
Path("card.png").write_bytes(png)

# every module of the installed packages imports (the Alembic scripts ran in upgrade above)
for pkg in (bot, scoring, storage):
    for info in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + "."):
        if not info.name.startswith("storage.alembic"):
            importlib.import_module(info.name)
out["module_files"] = sorted(
    m.__file__ for name, m in list(sys.modules.items())
    if name.split(".")[0] in ("bot", "scoring", "storage") and getattr(m, "__file__", None)
)
print(json.dumps(out))
"""


@pytest.fixture(scope="module")
def checked(built: Built) -> dict[str, Any]:
    data = built.tmp / "data"
    data.mkdir()
    (built.tmp / "check.py").write_text(CHECKER, encoding="utf-8")
    proc = run_checked(
        [sys.executable, "check.py", KNOWN_MSGID],
        cwd=built.tmp,
        env=image_env(built, MAHJONG_TALLY_DATA_DIR=str(data), TELEGRAM_BOT_TOKEN="123:abc"),
    )
    result: dict[str, Any] = json.loads(proc.stdout.splitlines()[-1])
    return result


def under(path: str, root: Path) -> bool:
    return Path(path).resolve().is_relative_to(root.resolve())


def test_the_installed_copy_is_imported_not_the_repository(
    built: Built, checked: dict[str, Any]
) -> None:
    for name in OUR_PACKAGES:
        assert under(checked["files"][name], built.site), checked["files"][name]
    assert checked["module_files"]
    for path in checked["module_files"]:
        assert under(path, built.site) and not under(path, ROOT), path


def test_ledger_on_a_fresh_sqlite_file_in_the_data_dir_migrates(
    built: Built, checked: dict[str, Any]
) -> None:
    db_file = built.tmp / "data" / "mahjong-tally.sqlite3"
    assert checked["database_url_setting"] is None  # no DATABASE_URL: the data dir decides
    assert checked["default_url"] == f"sqlite:///{db_file}"
    assert checked["revision_before"] is None
    assert checked["revision_after"] == checked["head"] is not None
    assert checked["chat_lang"] == "zh_Hans"
    assert db_file.is_file()


def test_zh_hans_catalog_is_installed_and_translates(built: Built, checked: dict[str, Any]) -> None:
    assert under(checked["locales_dir"], built.site)
    with (built.tmp / "src/bot/locales/zh_Hans/LC_MESSAGES/messages.po").open("rb") as fh:
        expected = read_po(fh)[KNOWN_MSGID].string
    assert expected and expected != KNOWN_MSGID
    assert checked["translator"] == expected
    assert checked["mo"] == expected


def test_hand_card_renders_with_the_bundled_fonts(built: Built, checked: dict[str, Any]) -> None:
    assert under(checked["font_dir"], built.site)
    png = (built.tmp / "card.png").read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    with Image.open(io.BytesIO(png)) as im:
        im.load()
        assert im.format == "PNG" and im.width == 1080 and im.height > 200


def runtime_closure() -> set[str]:
    """Canonical names of the runtime dependencies and theirs (as installed in the venv)."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    todo: list[tuple[Requirement, set[str]]] = [
        (r, set(r.extras)) for r in map(Requirement, project["dependencies"])
    ]
    seen: set[str] = set()
    seen_extras: dict[str, set[str]] = {}
    while todo:
        req, extras = todo.pop()
        name = canonicalize_name(req.name)
        if name in seen and extras <= seen_extras[name]:
            continue
        seen.add(name)
        seen_extras.setdefault(name, set()).update(extras)
        for text in md.distribution(name).requires or []:
            sub = Requirement(text)
            envs = [{"extra": e} for e in ("", *extras)]
            if sub.marker is None or any(sub.marker.evaluate(e) for e in envs):
                todo.append((sub, set(sub.extras)))
    return seen


def imported_top_levels(path: Path) -> set[str]:
    """Top-level names of the absolute imports in one source file."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(a.name.split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


def test_every_third_party_import_is_a_declared_dependency(built: Built) -> None:
    closure = runtime_closure()
    owners = md.packages_distributions()
    imported: set[str] = set()
    for path in built.site.rglob("*.py"):
        # bot/fonts/make_subset.py is a build-time script (fontTools), not run in the image
        if path.relative_to(built.site).parts[0] in OUR_PACKAGES and path.name != "make_subset.py":
            imported |= imported_top_levels(path)
    third_party = imported - set(sys.stdlib_module_names) - set(OUR_PACKAGES)
    missing = {}
    for module in sorted(third_party):
        dists = {canonicalize_name(d) for d in owners.get(module, [])}
        if not dists & closure:
            missing[module] = sorted(dists)
    assert not missing, f"imported but not installed in the image: {missing}"
    assert {"telegram", "sqlalchemy", "alembic", "PIL", "babel"} <= third_party


# --- 3. the console script (the image's CMD is "mahjong-tally bot") ----------------------------
def console_script(built: Built) -> Path:
    script = built.site / "bin" / "mahjong-tally"
    assert script.is_file()
    return script


def test_console_script_settles_the_example_hand(built: Built) -> None:
    hand = built.tmp / "xingguo-hand.json"
    shutil.copy(EXAMPLE, hand)
    proc = run_checked(
        [str(console_script(built)), "calc", hand.name, "--json"],
        cwd=built.tmp,
        env=image_env(built),
    )
    got = json.loads(proc.stdout)
    assert got["payments"]
    assert all(p["amount"] > 0 for p in got["payments"])
    assert sum(got["net"].values()) == 0
    # the installed copy agrees with the repository's scoring core
    record = scoring.HandRecord.from_json(json.loads(EXAMPLE.read_text(encoding="utf-8")))
    assert got == scoring.settle(record).to_json(ja=False)  # the contract: steps in zh, en

    text = run_checked(
        [str(console_script(built)), "calc", hand.name, "--lang", "zh"],
        cwd=built.tmp,
        env=image_env(built),
    ).stdout
    assert "付款：" in text and "→" in text


def test_console_script_bot_without_a_token_explains_and_exits_2(built: Built) -> None:
    data = built.tmp / "data-bot"
    proc = subprocess.run(
        [str(console_script(built)), "bot"],
        cwd=built.tmp,
        env=image_env(built, MAHJONG_TALLY_DATA_DIR=str(data)),
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        check=False,
    )
    assert proc.returncode == 2, proc.stderr
    assert "no bot token" in proc.stderr and "Traceback" not in proc.stderr
