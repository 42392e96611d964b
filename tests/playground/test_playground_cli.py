"""``mahjong-tally playground`` as a subprocess, with no token anywhere (no environment
variable, no .env): it starts, says what opened, serves the page and its API, the real bot
answers a command in the group, and Ctrl-C stops it cleanly with the ledger file written."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from tests.web.conftest import free_port

ROOT = Path(__file__).resolve().parents[2]


def _get(url: str, data: dict[str, object] | None = None) -> tuple[int, bytes]:
    body = json.dumps(data).encode() if data is not None else None
    req = urllib.request.Request(url, data=body, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as r:
        return r.status, r.read()


def test_playground_starts_without_a_token_and_serves_the_page(tmp_path: Path) -> None:
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TELEGRAM_", "WEBAPP_"))}
    env.pop("DATABASE_URL", None)
    env["MAHJONG_TALLY_DATA_DIR"] = str(tmp_path / "data")
    env["PYTHONPATH"] = str(ROOT)
    cmd = [sys.executable, "-m", "bot.cli", "playground", "--port", str(port)]
    script = Path(sys.executable).parent / "mahjong-tally"
    if script.exists():
        cmd = [str(script), "playground", "--port", str(port)]
    proc = subprocess.Popen(
        cmd, cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        assert proc.stdout is not None
        first = proc.stdout.readline()  # printed once the bot and the page are up
        assert first.strip() == f"Mahjong Tally playground: open http://127.0.0.1:{port}/", (
            first,
            proc.stderr.read() if proc.poll() is not None and proc.stderr else "",
        )
        rest = [proc.stdout.readline() for _ in range(4)]
        assert "Alice, Bob, Carol, Dave" in rest[0] and "offline" in rest[0]
        assert rest[2].strip() == f"ledger: {tmp_path / 'data' / 'playground.sqlite3'}"
        status, page = _get(f"http://127.0.0.1:{port}/")
        assert status == 200 and b"/play/static/play.js" in page
        _, state = _get(f"http://127.0.0.1:{port}/play/api/state")
        users = json.loads(state)["users"]
        assert [u["name"] for u in users] == ["Alice", "Bob", "Carol", "Dave"]
        _get(f"http://127.0.0.1:{port}/play/api/send", {"user": users[0]["id"], "text": "/help"})
        deadline = time.monotonic() + 20
        texts: list[str] = []
        while time.monotonic() < deadline and not texts:
            _, out = _get(f"http://127.0.0.1:{port}/play/api/messages?since=-1&wait=0")
            group = next(iter(json.loads(out)["chats"].values()))
            texts = [m.get("text", "") for m in group if m["from"]["bot"]]
            time.sleep(0.2)
        assert texts and "/newtable" in texts[0], texts  # the bot's own /help
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            _, err = proc.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            raise
    assert proc.returncode == 0, err
    assert "Traceback" not in err, err
    assert (tmp_path / "data" / "playground.sqlite3").stat().st_size > 0
