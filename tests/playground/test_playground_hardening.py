"""The playground hardened (issue #24, points 2 and 6), over real HTTP and as the real CLI:

* "a `text/plain` POST from any Origin is accepted (a cross-site request: any web page open in
  the same browser can play as any of the four)" → only ``application/json`` from its own
  ``Origin``;
* "any `Host` header is served (DNS rebinding)" → only its own host;
* "`/play/api/send` has the same 500" (a body nested 5,000 deep) → 400 with a reason;
* "`--host 0.0.0.0` prints no warning" → refused without ``--public``, a warning with it;
* "`--db` accepts any ledger" → refused unless ``--foreign-db --yes-write-it``;
* and the pages' ``Server`` header names no version, their CSP allows nothing inline."""

from __future__ import annotations

import json
import logging
import os
import signal
import subprocess
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import pytest

from bot.playground.guard import foreign_ledger, host_problem
from bot.playground.run import GROUP_ID, OWN_CHATS, USER_IDS, Playground
from tests.web.conftest import free_port

ROOT = Path(__file__).resolve().parents[2]
ALICE = USER_IDS[0]


@pytest.fixture
async def pg(tmp_path: Path) -> AsyncIterator[Playground]:
    p = Playground(
        f"sqlite:///{tmp_path / 'p.sqlite3'}", port=free_port(), env={"RATE_GROUP_PER_MINUTE": 0}
    )
    await p.start()
    yield p
    await p.stop()


async def post(
    http: aiohttp.ClientSession,
    pg: Playground,
    path: str,
    data: bytes,
    headers: dict[str, str] | None = None,
) -> tuple[int, dict[str, object]]:
    h = {"Content-Type": "application/json", **(headers or {})}
    async with http.post(f"{pg.url}play/api/{path}", data=data, headers=h) as r:
        try:
            out = await r.json(content_type=None)
        except ValueError:
            out = {"text": await r.text()}
        return r.status, out


async def group_size(http: aiohttp.ClientSession, pg: Playground) -> int:
    async with http.get(f"{pg.url}play/api/messages?since=-1&wait=0&chat={GROUP_ID}") as r:
        return len((await r.json())["chats"][str(GROUP_ID)])


async def test_only_its_own_host_origin_and_json(pg: Playground, caplog) -> None:
    caplog.set_level(logging.DEBUG)
    send = json.dumps({"user": ALICE, "chat": GROUP_ID, "text": "/help"}).encode()
    port = pg.port
    async with aiohttp.ClientSession() as http:
        before = await group_size(http, pg)
        refused = {
            "text/plain from another site": {
                "Content-Type": "text/plain",
                "Origin": "https://evil.example",
            },
            "text/plain, no Origin": {"Content-Type": "text/plain"},
            "a form": {"Content-Type": "application/x-www-form-urlencoded"},
            "JSON from another Origin": {"Origin": "https://evil.example"},
            "JSON from a null Origin": {"Origin": "null"},
            "DNS rebinding": {"Host": f"rebind.evil.example:{port}"},
            "another port": {"Host": f"127.0.0.1:{port + 1}"},
            "an outside IP while on loopback": {"Host": f"192.0.2.7:{port}"},
        }
        for name, headers in refused.items():
            st, out = await post(http, pg, "send", send, headers)
            assert st == 403, (name, st, out)
            assert isinstance(out.get("reason"), str) and "\n" not in out["reason"], out
        for name, headers in {
            "the page's own": {"Origin": f"http://127.0.0.1:{port}"},
            "localhost": {"Host": f"localhost:{port}", "Origin": f"http://localhost:{port}"},
            "no Origin (curl)": {},
        }.items():
            st, out = await post(http, pg, "send", send, headers)
            assert st == 200, (name, st, out)
        # the page and the Mini App's pages: the same Host rule
        async with http.get(pg.url, headers={"Host": f"rebind.evil.example:{port}"}) as r:
            assert r.status == 403
        async with http.get(f"{pg.url}play/tg.js", headers={"Host": f"x.example:{port}"}) as r:
            assert r.status == 403  # the stub hands out signed initData: never to a rebinder
        assert await group_size(http, pg) >= before + 3
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


async def test_bad_bodies_at_the_playground_api(pg: Playground, caplog) -> None:
    caplog.set_level(logging.DEBUG)
    deep = b'{"user": 1001, "text": ' + b"[" * 5000 + b"]" * 5000 + b"}"
    cases = {
        "nested 5,000 deep": ("send", deep, 400, "nested too deep"),
        "user = 10^30": ("send", b'{"user": 1' + b"0" * 30 + b', "text": "x"}', 400, "too large"),
        "text as a list": ("send", b'{"user": 1001, "text": ["/help"]}', 400, "text must be"),
        "message as an object": (
            "tap",
            b'{"user": 1001, "message": {}, "data": "x"}',
            400,
            "message must be",
        ),
        "name as a number": ("name", b'{"user": 1001, "name": 5}', 400, "name must be"),
        "lang as a list": ("lang", b'{"lang": ["en"]}', 400, "lang must be"),
        "a list for a body": ("send", b"[1001]", 400, "must be an object"),
        "not JSON": ("send", b"{", 400, "not valid JSON"),
        "over 16 KB": ("send", b'{"text": "' + b"x" * 20000 + b'"}', 413, "too large"),
    }
    async with aiohttp.ClientSession() as http:
        before = await group_size(http, pg)
        for name, (path, raw, status, says) in cases.items():
            st, out = await post(http, pg, path, raw)
            assert st == status, (name, st, out)
            reason = out.get("reason")
            assert isinstance(reason, str) and says in reason and "\n" not in reason, (name, out)
        assert await group_size(http, pg) == before
        # the page's own languages, 繁體 included (issue #26)
        for lang in ("zh_Hant", "zh", "en"):
            st, out = await post(http, pg, "lang", json.dumps({"lang": lang}).encode())
            assert (st, out) == (200, {"lang": lang})
        assert pg.users[0].language_code == "en"
        st, _ = await post(http, pg, "lang", b'{"lang": "fr"}')
        assert st == 400
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info]


async def test_headers_of_the_pages(pg: Playground) -> None:
    async with aiohttp.ClientSession() as http:
        for path in ("", "play/static/play.js", "play/app/?as=1001", "nothing", "play/api/state"):
            async with http.get(pg.url + path) as r:
                server = r.headers.get("Server", "")
                assert "aiohttp" not in server.lower() and "python" not in server.lower(), path
                assert not any(ch.isdigit() for ch in server), (path, server)
                if path in ("", "play/app/?as=1001"):
                    csp = r.headers["Content-Security-Policy"]
                    assert "'unsafe-inline'" not in csp and "'unsafe-eval'" not in csp
                    rules = dict(part.strip().split(" ", 1) for part in csp.split(";"))
                    # the Mini App is framed by the playground's page only; the page by none
                    want = "'self'" if path else "'none'"
                    assert rules["frame-ancestors"] == want, csp


def test_host_rule() -> None:
    assert host_problem("127.0.0.1:8080", 8080, public=False) is None
    assert host_problem("localhost:8080", 8080, public=False) is None
    assert host_problem("[::1]:8080", 8080, public=False) is None
    assert host_problem("192.168.1.5:8080", 8080, public=False) is not None
    assert host_problem("192.168.1.5:8080", 8080, public=True) is None
    assert host_problem("tally.example:8080", 8080, public=True) is not None  # a DNS name
    assert host_problem("127.0.0.1", 8080, public=False) is not None  # port 80 implied
    assert host_problem(None, 8080, public=False) is not None


async def test_own_and_foreign_ledgers(tmp_path: Path) -> None:
    assert foreign_ledger(f"sqlite:///{tmp_path / 'new.sqlite3'}", OWN_CHATS) is None
    assert not (tmp_path / "new.sqlite3").exists()  # asking creates nothing
    # a ledger the playground used: its own chats only
    own = f"sqlite:///{tmp_path / 'own.sqlite3'}"
    p = Playground(own, port=free_port(), env={"RATE_GROUP_PER_MINUTE": 0})
    await p.start()
    async with aiohttp.ClientSession() as http:
        await post(http, p, "send", json.dumps({"user": ALICE, "text": "/help"}).encode())
    await p.stop()
    assert foreign_ledger(own, OWN_CHATS) is None
    real = real_ledger(tmp_path)
    assert "not the playground's" in (foreign_ledger(real, OWN_CHATS) or "")
    other = tmp_path / "other.sqlite3"
    import sqlite3

    with sqlite3.connect(other) as conn:
        conn.execute("CREATE TABLE notes (x TEXT)")
    assert foreign_ledger(f"sqlite:///{other}", OWN_CHATS) == "it is not a Mahjong Tally ledger"
    # the bot's own file, even before it holds a chat: its default name in the data dir
    data = tmp_path / "data"
    monkey = pytest.MonkeyPatch()
    monkey.setenv("MAHJONG_TALLY_DATA_DIR", str(data))
    monkey.delenv("DATABASE_URL", raising=False)
    try:
        bots = f"sqlite:///{data.absolute() / 'mahjong-tally.sqlite3'}"
        assert "the bot's own ledger" in (foreign_ledger(bots, OWN_CHATS) or "")
        monkey.setenv("DATABASE_URL", own)
        assert "the bot's own ledger" in (foreign_ledger(own, OWN_CHATS) or "")
    finally:
        monkey.undo()


def real_ledger(tmp_path: Path) -> str:
    from storage.service import Ledger

    url = f"sqlite:///{tmp_path / 'real.sqlite3'}"
    led = Ledger(url)
    led.upgrade()
    led.ensure_chat(-100123456, title="Friday night")
    return url


def cli(args: list[str], tmp_path: Path) -> subprocess.Popen[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TELEGRAM_", "WEBAPP_"))}
    env.pop("DATABASE_URL", None)
    env["MAHJONG_TALLY_DATA_DIR"] = str(tmp_path / "data")
    env["PYTHONPATH"] = str(ROOT)
    return subprocess.Popen(
        [sys.executable, "-m", "bot.cli", "playground", *args],
        cwd=tmp_path,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def refused(args: list[str], tmp_path: Path) -> str:
    proc = cli(args, tmp_path)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 2, (args, out, err)
    assert out == "" and "Traceback" not in err, err
    return err


def starts(args: list[str], tmp_path: Path) -> str:
    proc = cli(args, tmp_path)
    try:
        assert proc.stdout is not None
        first = proc.stdout.readline()
        assert first.startswith("Mahjong Tally playground: open http://"), (
            first,
            proc.stderr.read() if proc.poll() is not None and proc.stderr else "",
        )
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            _, err = proc.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            raise
    assert proc.returncode == 0 and "Traceback" not in err, err
    return err


def test_cli_public_host_needs_public(tmp_path: Path) -> None:
    port = str(free_port())
    err = refused(["--host", "0.0.0.0", "--port", port], tmp_path)
    assert "not loopback" in err and "--public" in err
    err = starts(["--host", "0.0.0.0", "--public", "--port", port], tmp_path)
    assert "warning: --host 0.0.0.0 is not loopback" in err
    err = starts(["--host", "127.0.0.1", "--port", port], tmp_path)
    assert "warning" not in err


def test_cli_foreign_db_needs_asking_twice(tmp_path: Path) -> None:
    real = real_ledger(tmp_path)
    path = real.removeprefix("sqlite:///")
    size = Path(path).stat().st_size
    port = str(free_port())
    for extra in ([], ["--foreign-db"], ["--yes-write-it"]):
        err = refused(["--db", path, "--port", port, *extra], tmp_path)
        assert "not the playground's own ledger" in err
        assert "--foreign-db" in err and "--yes-write-it" in err
    assert Path(path).stat().st_size == size
    refused(["--db", real, "--port", port], tmp_path)  # the URL form too
    starts(["--db", path, "--port", port, "--foreign-db", "--yes-write-it"], tmp_path)
    # the playground's own file (made by a run without --db's second thoughts) needs nothing
    own = tmp_path / "mine.sqlite3"
    starts(["--db", str(own), "--port", port], tmp_path)
    starts(["--db", str(own), "--port", port], tmp_path)


async def test_quiet_console_in_normal_play(pg: Playground, caplog) -> None:
    """Issue #24 point 8: "`WARNING … 400 POST …/editMessageText` lines in normal play". A
    second Join by a seated player edits the table message to what it already shows: the Bot
    API's 400 "message is not modified" is expected, handled, and not a warning."""
    from tests.playground.test_playground_api import Client, texts

    caplog.set_level(logging.DEBUG)
    async with aiohttp.ClientSession() as http:
        c = Client(pg, http)
        await c.post("send", {"user": ALICE, "chat": GROUP_ID, "text": "/newtable"})
        await c.until(lambda ms: any("Which rules" in t for t in texts(ms)))
        await c.tap(ALICE, "Jiangxi ▸")  # /newtable shows the regions first (#26.6)
        await c.tap(ALICE, "Xingguo")
        labels = [b["text"] for m in await c.chat() for r in m.get("buttons", []) for b in r]
        if any("Next" in t for t in labels):
            await c.tap(ALICE, "Next")
        await c.tap(ALICE, "¥1")
        await c.until(lambda ms: any("Stake: ¥1 per" in t for t in texts(ms)))
        await c.tap(ALICE, "Join")
        await c.tap(ALICE, "Join")  # the same text again: 400 "message is not modified"
    assert any("message is not modified" in e[2] for e in pg.fake.errors), pg.fake.errors
    loud = [
        f"{r.levelname} {r.name}: {r.getMessage()}"
        for r in caplog.records
        if r.levelno >= logging.WARNING
    ]
    assert loud == [], loud


async def test_expected_refusals_are_debug(caplog) -> None:
    from types import SimpleNamespace

    from telegram.error import BadRequest

    from bot.errors import on_error

    caplog.set_level(logging.DEBUG)
    for text in (
        "Message is not modified: specified new message content and reply markup are exactly "
        "the same as a current content and reply markup of the message",
        "Query is too old and response timeout expired or query id is invalid",
    ):
        await on_error(None, SimpleNamespace(error=BadRequest(text)))  # type: ignore[arg-type]
    assert [r.levelno for r in caplog.records if r.name == "bot.errors"] == [logging.DEBUG] * 2
    await on_error(None, SimpleNamespace(error=BadRequest("Can't parse entities")))  # type: ignore[arg-type]
    assert caplog.records[-1].levelno == logging.ERROR  # a real refusal still is an error
