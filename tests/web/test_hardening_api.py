"""Bad bodies and headers at the Mini App's API over real HTTP (issue #24, point 2): each is
answered 4xx with a one-line reason, never a 500 or a traceback, and nothing unauthenticated
is logged at ERROR (a warning at most once per client and minute). Also point 6: the page's
Content-Security-Policy and a ``Server`` header without a version.

The cases are the issue's own: "a body nested 5,000 deep", "`entry` = 10^30 (OverflowError at
SQLite)", "`result` given as a list (TypeError: unhashable)", "An 8 KB `X-Telegram-Init-Data`
header logs an ERROR traceback per request", "`winner` as a list or `flags` as `[{}]` logs 'no
sentence for RecordError' at ERROR"."""

from __future__ import annotations

import json
import logging
from typing import Any

import aiohttp
import pytest

from bot.web import body as bodies
from bot.web.server import inline_hashes
from tests.web.conftest import World, make_world
from tests.web.test_miniapp_api import form_for


def hands(w: World) -> int:
    assert w.bot.ledger is not None
    return w.bot.ledger.get_table(w.table_id).hand_count


def errors(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [
        f"{r.name}: {r.getMessage()}"
        for r in caplog.records
        if r.levelno >= logging.ERROR or r.exc_info
    ]


def one_line(out: dict[str, Any]) -> str:
    reason = out.get("reason", "")
    assert isinstance(reason, str) and reason and "\n" not in reason, out
    assert "Traceback" not in reason and len(reason) < 200, out
    return reason


async def test_bad_bodies_get_a_4xx_and_a_reason(tg, web_bot, web_port, caplog):
    caplog.set_level(logging.DEBUG)
    w = await make_world(tg, web_bot, web_port, "Xingguo")
    bob = w.users[1]
    st, entry = await w.api("compose", user=bob)
    assert st == 200
    form = form_for(w)
    deep = b'{"t": "' + w.token.encode() + b'", "form": ' + b"[" * 5000 + b"]" * 5000 + b"}"
    cases: dict[str, tuple[str, bytes, int, str]] = {
        "nested 5,000 deep": ("preview", deep, 400, "nested too deep"),
        "entry = 10^30": (
            "confirm",
            json.dumps({"t": w.token, "entry": 10**30, "form": form}).encode(),
            400,
            "too large",
        ),
        "entry = 10^30 at preview": (
            "preview",
            json.dumps({"t": w.token, "entry": 10**30, "form": form}).encode(),
            400,
            "too large",
        ),
        "result as a list": (
            "preview",
            json.dumps({"t": w.token, "form": {**form, "result": ["win"]}}).encode(),
            400,
            "form.result must be a string or null, not a list",
        ),
        "winner as a list": (
            "preview",
            json.dumps(
                {"t": w.token, "form": {**form, "wins": [{**form["wins"][0], "winner": [1]}]}}
            ).encode(),
            400,
            "form.wins[0].winner must be a string or null",
        ),
        "flags as [{}]": (
            "confirm",
            json.dumps(
                {
                    "t": w.token,
                    "entry": entry["entry"],
                    "form": {**form, "wins": [{**form["wins"][0], "flags": [{}]}]},
                }
            ).encode(),
            400,
            "form.wins[0].flags[0] must be a string, not an object",
        ),
        "entry = 2^40 (over PostgreSQL's INTEGER)": (
            "confirm",
            json.dumps({"t": w.token, "entry": 2**40, "form": form}).encode(),
            400,
            "entry must be between 1 and 2147483647",
        ),
        "entry = true": (
            "confirm",
            json.dumps({"t": w.token, "entry": True, "form": form}).encode(),
            400,
            "entry must be an integer or null, not a boolean",
        ),
        "NaN": ("preview", b'{"t": "' + w.token.encode() + b'", "entry": NaN}', 400, "NaN"),
        "1e400": ("preview", b'{"t": "x", "entry": 1e400}', 400, "too large"),
        "5,000 digits": ("preview", b'{"entry": ' + b"9" * 5000 + b"}", 400, "too large"),
        "a list for a body": ("board", b"[]", 400, "must be an object"),
        "not UTF-8": ("board", b'{"t": "\xff"}', 400, "not UTF-8"),
        "not JSON": ("board", b'{"t": ', 400, "not valid JSON"),
        "over 16 KB": ("preview", b'{"t": "' + b"x" * 20000 + b'"}', 413, "too large"),
        "token as a number": ("board", b'{"t": 5}', 400, "t must be a string or null"),
    }
    for name, (path, raw, status, says) in cases.items():
        st, out = await w.api(path, raw=raw, user=bob)
        assert st == status, (name, st, out)
        assert says in one_line(out), (name, out)
    assert hands(w) == 0
    assert errors(caplog) == []
    # the page's own form still previews and confirms
    st, out = await w.api("preview", {"entry": entry["entry"], "form": form}, user=bob)
    assert st == 200 and "settlement" in out, out
    st, out = await w.api("confirm", {"entry": entry["entry"], "form": form}, user=bob)
    assert st == 200 and out["recorded"], out
    assert hands(w) == 1


async def test_unauthenticated_is_never_an_error_and_warned_once(tg, web_bot, web_port, caplog):
    caplog.set_level(logging.DEBUG)
    w = await make_world(tg, web_bot, web_port, "Xingguo")
    caplog.clear()
    url = f"{w.base}/app/api/board"
    statuses = []
    # from a client address of its own (all of 127/8 is loopback): the once-a-minute warning
    # of another test's refusals does not count here
    connector = aiohttp.TCPConnector(local_addr=("127.0.0.77", 0))
    async with aiohttp.ClientSession(connector=connector) as http:
        for size in (8 * 1024, 8 * 1024, 8 * 1024, 20 * 1024, 20 * 1024, 100):
            headers = {"X-Telegram-Init-Data": "a" * size, "Content-Type": "application/json"}
            async with http.post(url, data=b"[" * 5000, headers=headers) as r:
                statuses.append(r.status)
                assert "Traceback" not in await r.text()
    # an 8 KB header reaches the auth check (401); a 20 KB one is refused by the parser (400)
    assert statuses == [401, 401, 401, 400, 400, 401]
    assert errors(caplog) == []
    warnings = [r for r in caplog.records if r.levelno == logging.WARNING]
    # one for the refused initData, one for the unparseable request, per client and minute
    assert len(warnings) == 2, [r.getMessage() for r in warnings]
    assert all("\n" not in r.getMessage() for r in warnings)


def test_throttle_once_per_client_and_minute() -> None:
    t = bodies.Throttle()
    assert t.first("1.2.3.4", now=0) and not t.first("1.2.3.4", now=59)
    assert t.first("5.6.7.8", now=59) and t.first("1.2.3.4", now=60.5)


def test_depth_scan_ignores_brackets_in_strings() -> None:
    assert bodies.depth_of('{"a": "[[[[", "b": [1, {"c": "\\"]]]"}]}') == 3
    assert bodies.loads('{"a": "' + "[" * 100 + '"}') == {"a": "[" * 100}
    with pytest.raises(bodies.BodyError, match="nested too deep"):
        bodies.loads("[" * 33 + "]" * 33)
    assert bodies.loads("[" * 32 + "]" * 32) is not None
    assert bodies.loads(str(2**53 - 1)) == 2**53 - 1
    with pytest.raises(bodies.BodyError, match="too large"):
        bodies.loads(str(2**53))


async def test_page_headers(tg, web_bot, web_port):
    await make_world(tg, web_bot, web_port, "Xingguo")
    base = f"http://127.0.0.1:{web_port}"
    async with aiohttp.ClientSession() as http:
        async with http.get(f"{base}/app/") as r:
            page = await r.text()
            csp = r.headers["Content-Security-Policy"]
            server = r.headers.get("Server", "")
        for path in ("/app/static/common.js", "/app/nothing", "/app/api/board"):
            async with http.get(base + path) as r2:
                assert "aiohttp" not in r2.headers.get("Server", "").lower(), path
                assert not any(ch.isdigit() for ch in r2.headers.get("Server", "")), path
    assert "aiohttp" not in server.lower() and "python" not in server.lower(), server
    # aiohttp's own answer to a request it cannot parse (below the application) as well
    import asyncio

    reader, writer = await asyncio.open_connection("127.0.0.1", web_port)
    writer.write(b"GARBAGE / HTTP/1.1\r\nHost: x\r\n\r\n")
    await writer.drain()
    raw = (await reader.read(1000)).decode(errors="replace")
    writer.close()
    assert raw.startswith("HTTP/1.") and " 400 " in raw.splitlines()[0], raw
    assert "aiohttp" not in raw.lower() and "python/" not in raw.lower(), raw
    rules = dict(part.strip().split(" ", 1) for part in csp.split(";"))
    script = rules["script-src"].split()
    assert "https://telegram.org/js/telegram-web-app.js" in script
    assert "'unsafe-inline'" not in csp and "'unsafe-eval'" not in csp
    # the page's one inline script (Tally.boot()) is allowed by its hash, and only it
    assert set(script) - {"'self'", "https://telegram.org/js/telegram-web-app.js"} == set(
        inline_hashes(page)
    )
    assert len(inline_hashes(page)) == 1
    assert rules["frame-ancestors"].split()[0] == "https://web.telegram.org"
    assert rules["object-src"] == "'none'" and rules["default-src"] == "'self'"


async def test_well_typed_nonsense_is_never_a_500_or_an_error_log(tg, web_bot, web_port, caplog):
    """Random forms of the right types (ids that name nobody, unknown shapes and flags, counts
    beyond their range, odd events): each preview and confirm answers 200 or 4xx, and nothing is
    logged at ERROR ("no sentence for RecordError" was, for a list where an id belongs)."""
    import random

    caplog.set_level(logging.INFO)
    w = await make_world(tg, web_bot, web_port, "Xingguo")
    bob = w.users[1]
    st, entry = await w.api("compose", user=bob)
    assert st == 200
    good = form_for(w)
    ids = [good["wins"][0]["winner"], good["wins"][0]["from"], "999", "", "x", None]
    words = ["big_seven_pairs", "no_wild", "plain", "nope", "", "self_drawn", "kong"]
    rng = random.Random(24)
    statuses: dict[int, int] = {}
    for i in range(80):
        win = {
            "winner": rng.choice(ids),
            "from": rng.choice(ids),
            "robbed_kong": rng.choice([True, False, None]),
            "shape": rng.choice([*words, None]),
            "flags": rng.sample(words, rng.randint(0, 3)),
        }
        if rng.random() < 0.3:
            win["fan"] = rng.randint(-5, 2**31)
        form = {
            "result": rng.choice(["win", "draw", "nope", "", None]),
            "wins": [win] * rng.randint(0, 3),
            "counts": {rng.choice(words): {rng.choice([*ids[:3], "z"]): rng.randint(-3, 99)}},
            "events": [{"type": rng.choice(words), "player": rng.choice(ids)}] * rng.randint(0, 2),
        }
        path = "confirm" if i % 8 == 7 else "preview"
        st, out = await w.api(path, {"entry": entry["entry"], "form": form}, user=bob)
        assert st < 500, (form, st, out)
        statuses[st] = statuses.get(st, 0) + 1
        if path == "confirm" and st == 200:  # a valid hand got recorded: a fresh entry
            st, entry = await w.api("compose", user=bob)
            assert st == 200
    assert errors(caplog) == [], errors(caplog)[:3]
    assert statuses.get(200, 0) > 10, statuses  # most previews answer, with a problem or not
