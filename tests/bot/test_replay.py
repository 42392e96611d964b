"""kill -9 at every step (issue 24 point 3): "/season new S6, kill -9 within 40 ms, restart:
Telegram redelivers the update and the season is created twice. kill -9 during a Mini App
Confirm at step posting: the ✅ Hand N recorded table message is posted twice, both with
buttons (3 of 20)." Undo's Yes is killed at each step as well (point 4's hand).

The bot runs as its own process (``mahjong-tally bot``) against the fake Bot API server in
this process. A step is one call the bot makes to Telegram while it handles the update (a
membership check, the reply, an edit, the tap's answer); every step is a crash point, twice:
the process is killed with SIGKILL when the call arrives (Telegram never sees it) and right
after the server applied it (the bot never hears the answer). The ledger's own transactions
lie between those calls, so every commit point is covered too. Then the bot starts again and,
as Telegram does for an update it never saw confirmed, the update is delivered again. After
that, the ledger holds each change once, and the chat shows its outcome (with the ✅ table
message at most once).
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import sys
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from sqlalchemy import text

from storage.service import Ledger
from tests.bot.fake_telegram import BOT_ID, Chat, Dropped, FakeTelegram, User
from tests.storage.helpers import contract_example
from tests.web.conftest import init_data

pytestmark = pytest.mark.slow
ROOT = Path(__file__).resolve().parents[2]
#: calls that are no step of handling an update (polling, start-up)
NOT_STEPS = {"getUpdates", "getMe", "deleteWebhook", "setMyCommands", "deleteMyCommands"}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Crashing(FakeTelegram):
    """The fake server, able to kill the bot's process at its ``step``-th call (``after``:
    once the call is applied, before the bot hears the answer)."""

    def __init__(self) -> None:
        super().__init__()
        self.proc: asyncio.subprocess.Process | None = None
        self.counting = False
        self.step: int | None = None  # None while counting: count, never kill
        self.after = False
        self.steps = 0  # calls counted since armed
        self.killed = False

    def arm(self, step: int | None, after: bool = False, *, counting: bool = True) -> None:
        self.step, self.after, self.steps, self.killed = step, after, 0, False
        self.counting = counting

    async def call(self, method: str, params: dict[str, Any], files: dict[str, bytes]) -> Any:
        if not self.counting or self.killed or method in NOT_STEPS:
            return await super().call(method, params, files)
        self.steps += 1
        if self.step is None or self.steps != self.step:
            return await super().call(method, params, files)
        if self.after:
            await super().call(method, params, files)
        self.killed = True
        assert self.proc is not None
        os.kill(self.proc.pid, signal.SIGKILL)
        raise Dropped


@dataclass
class Run:
    tg: Crashing
    db_url: str
    web_port: int | None = None
    logs: list[bytes] = field(default_factory=list)

    def env(self) -> dict[str, str]:
        env = {
            k: v
            for k, v in os.environ.items()
            if not k.startswith(("TELEGRAM_", "WEBHOOK_", "WEBAPP_", "DATABASE_"))
        }
        env.update(
            TELEGRAM_BOT_TOKEN=self.tg.token,
            TELEGRAM_API_BASE_URL=self.tg.base,
            DATABASE_URL=self.db_url,
            POLL_TIMEOUT="1",
            RATE_GROUP_PER_MINUTE="0",
            RATE_OVERALL_PER_SECOND="0",
            LOG_LEVEL="WARNING",
            PYTHONPATH=str(ROOT) + os.pathsep + env.get("PYTHONPATH", ""),
        )
        if self.web_port is not None:
            env.update(
                WEBAPP_URL="https://tally.example.org",
                WEBAPP_SHORT_NAME="table",
                WEBAPP_LISTEN="127.0.0.1",
                WEBAPP_PORT=str(self.web_port),
            )
        return env

    async def start(self) -> None:
        polls = self.tg.polls
        self.tg.proc = await asyncio.create_subprocess_exec(
            sys.executable,
            "-c",
            "import sys; from bot.cli import main; sys.exit(main(['bot']))",
            cwd=ROOT,
            env=self.env(),
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.STDOUT,
        )
        await self.tg.wait_for(lambda: self.tg.polls > polls, timeout=60)
        if self.web_port is not None:
            await self.wait_web()

    async def wait_web(self) -> None:
        for _ in range(300):
            try:
                _r, w = await asyncio.open_connection("127.0.0.1", self.web_port)
                w.close()
                return
            except OSError:
                await asyncio.sleep(0.05)
        raise AssertionError("the Mini App's server never listened")

    async def stop(self) -> None:
        proc = self.tg.proc
        if proc is None:
            return
        if proc.returncode is None:
            proc.kill()
        out, _err = await proc.communicate()
        self.logs.append(out or b"")
        self.tg.proc = None

    async def died(self) -> None:
        proc = self.tg.proc
        assert proc is not None
        await asyncio.wait_for(proc.wait(), 30)
        await self.stop()


# ---------------------------------------------------------------------------------------
# the world: a started xingguo table, set up in the ledger directly (no process needed)
# ---------------------------------------------------------------------------------------
CHAT = -100500
NAMES = ("Alice", "Bob", "Carol", "Dave")


@dataclass
class World:
    tg: Crashing
    chat: Chat
    users: list[User]
    ledger: Ledger
    table_id: int
    pids: list[int]


def make_world(tg: Crashing, db_url: str, *, hand: bool = False) -> World:
    chat = tg.group(CHAT)
    users = [tg.user(500 + i, n) for i, n in enumerate(NAMES)]
    tg.admins[chat.id] = {users[0].id}
    led = Ledger(db_url)
    led.upgrade()
    led.ensure_chat(chat.id, title=chat.title)
    players = [led.ensure_user(u.id, u.first_name, username=u.username) for u in users]
    t = led.open_table(
        chat.id, creator_id=players[0].id, ruleset="xingguo", options={}, stake_minor=None
    )
    for p in players:
        led.join(t.id, p.id)
    led.start(t.id, dealer_id=players[0].id)
    if hand:
        rec = contract_example([str(p.id) for p in players])
        led.record_hand(t.id, rec, recorded_by=players[0].id, idempotency_key="setup-1")
    return World(tg, chat, users, led, t.id, [p.id for p in players])


def queued(tg: FakeTelegram) -> dict[str, Any]:
    """The update just queued (as Telegram keeps it until the bot confirms it)."""
    return json.loads(json.dumps(tg.updates[-1]))


def redeliver(tg: FakeTelegram, update: dict[str, Any]) -> None:
    """Deliver ``update`` again as Telegram keeps it: as it was made (a tap's message as it
    was then, not as the bot edited it since: the fake server holds the live message)."""
    tg.updates = [u for u in tg.updates if u["update_id"] != update["update_id"]]
    tg.updates.append(json.loads(json.dumps(update)))
    tg.updates.sort(key=lambda u: u["update_id"])
    tg._new_updates.set()


def bot_texts(tg: FakeTelegram, chat: Chat) -> list[str]:
    return [
        m.get("text") or ""
        for (cid, _mid), m in sorted(tg.messages.items())
        if cid == chat.id and m.get("from", {}).get("id") == BOT_ID
    ]


# ---------------------------------------------------------------------------------------
# one scenario, killed at each of its steps
# ---------------------------------------------------------------------------------------
@dataclass
class Scenario:
    """``prepare`` sets the world up (the bot running, nothing armed); ``act`` sends the
    update (returns it, or None for a Mini App request) ; ``settled`` is true once the bot
    has finished with it; ``check`` asserts the outcome after the crash and the replay."""

    name: str
    act: Callable[[World, Run], Awaitable[dict[str, Any] | None]]
    settled: Callable[[World], bool]
    check: Callable[[World], None]
    hand: bool = False
    web: bool = False
    prepare: Callable[[World, Run], Awaitable[None]] | None = None
    again: Callable[[World, Run], Awaitable[None]] | None = None  # after a restart, not a replay


async def run_case(tmp: Path, sc: Scenario, step: int | None, after: bool) -> int:
    """Run the scenario, killed at ``step`` (None: not at all); returns the steps counted."""
    tg = Crashing()
    await tg.start()
    run = Run(tg, f"sqlite:///{tmp / f'{sc.name}-{step}-{after}.sqlite3'}")
    if sc.web:
        run.web_port = free_port()
    w = make_world(tg, run.db_url, hand=sc.hand)
    try:
        await run.start()
        if sc.prepare is not None:
            await sc.prepare(w, run)
        tg.arm(step, after)
        update = await sc.act(w, run)
        await poll_until(lambda: tg.killed or sc.settled(w))
        await asyncio.sleep(0.3)  # the rest of the handling, in an uninterrupted run
        counted = tg.steps
        if tg.killed:
            await run.died()
            tg.arm(None, counting=False)
            if update is not None:  # waiting for the bot's next poll, as Telegram keeps it
                redeliver(tg, update)
            await run.start()
            if update is None and sc.again is not None:
                await sc.again(w, run)
        await poll_until(lambda: sc.settled(w))
        await asyncio.sleep(0.3)  # anything else the bot would still send
        sc.check(w)
        return counted
    finally:
        await run.stop()
        w.ledger.dispose()
        await tg.stop()


async def poll_until(pred: Callable[[], bool], timeout: float = 60) -> None:
    """Wait for ``pred`` (it may read the ledger, which the fake server does not watch)."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not pred():
        if loop.time() > end:
            raise AssertionError("the bot did not finish in time")
        await asyncio.sleep(0.05)


def handled(w: World, update_id: int) -> bool:
    return w.ledger.update_seen(f"u:{update_id}")


def last_update_id(w: World) -> int:
    return max(u["update_id"] for u in w.tg.updates) if w.tg.updates else 0


# --- /season new S6 ----------------------------------------------------------------------
SEEN: dict[str, int] = {}


async def season_new(w: World, run: Run) -> dict[str, Any]:
    await w.tg.post(w.chat, w.users[0], "/season new S6")
    u = queued(w.tg)
    SEEN["season"] = u["update_id"]
    return u


def season_check(w: World) -> None:
    seasons = w.ledger.seasons(w.chat.id)
    assert [s.name for s in seasons][1:] == ["S6"], seasons  # season 1, then S6 once
    replies = [t for t in bot_texts(w.tg, w.chat) if "begins" in t]
    assert 1 <= len(replies) <= 2, replies  # said (twice only if killed right after saying)


# --- /merge Uncle @bob ---------------------------------------------------------------------
async def merge_prepare(w: World, run: Run) -> None:
    """A guest of the chat who sat at an earlier table (this one is full)."""
    from sqlmodel import Session, select

    from storage.models import Chat as ChatRow
    from storage.models import Player

    with Session(w.ledger.engine) as s, s.begin():
        chat = s.exec(select(ChatRow).where(ChatRow.tg_chat_id == w.chat.id)).one()
        s.add(Player(name="Uncle", is_guest=True, guest_chat_id=chat.id))


async def merge(w: World, run: Run) -> dict[str, Any]:
    await w.tg.post(w.chat, w.users[0], "/merge Uncle @bob")
    u = queued(w.tg)
    SEEN["merge"] = u["update_id"]
    return u


def merge_check(w: World) -> None:
    with w.ledger.engine.connect() as c:
        merged = c.execute(
            text("SELECT COUNT(*) FROM player WHERE name = 'Uncle' AND merged_into_id = :b"),
            {"b": w.pids[1]},
        ).scalar()
    assert merged == 1
    texts = bot_texts(w.tg, w.chat)
    assert any("now counts as @bob" in t for t in texts), texts
    assert not any("cannot be merged" in t for t in texts), texts


# --- /fee 40, /cap 200 ---------------------------------------------------------------------
def command(key: str, line: str) -> Callable[[World, Run], Awaitable[dict[str, Any]]]:
    async def act(w: World, run: Run) -> dict[str, Any]:
        await w.tg.post(w.chat, w.users[0], line)
        u = queued(w.tg)
        SEEN[key] = u["update_id"]
        return u

    return act


def fee_check(w: World) -> None:
    fs = w.ledger.fee_settings(w.table_id)
    assert fs.fee_amount == 40 and fs.fee_split == "aa", fs
    assert any("40" in t for t in bot_texts(w.tg, w.chat))


def cap_check(w: World) -> None:
    fs = w.ledger.fee_settings(w.table_id)
    assert fs.loss_cap == 200, fs
    assert any("200" in t for t in bot_texts(w.tg, w.chat))


# --- Settle (the Yes of /settle) -----------------------------------------------------------
async def settle_prepare(w: World, run: Run) -> None:
    mark = w.tg.mark()
    await w.tg.post(w.chat, w.users[0], "/settle")
    msg = await w.tg.next_message(w.chat, mark, contains="settle up")
    SEEN["settle_prompt"] = msg["message_id"]


async def settle_yes(w: World, run: Run) -> dict[str, Any]:
    mid = SEEN["settle_prompt"]
    data = w.tg.find_button(w.chat, mid, "Settle")["callback_data"]
    shown = json.loads(json.dumps(w.tg.messages[(w.chat.id, mid)]))  # as tapped
    await w.tg.press_data(w.chat, w.users[0], mid, data)
    u = queued(w.tg)
    u["callback_query"]["message"] = shown
    return u


def settle_done(w: World) -> bool:
    """The night ended, the prompt shows it, and the prompt is closed (last of all)."""
    prompt = w.tg.messages.get((w.chat.id, SEEN["settle_prompt"]), {})
    if w.ledger.get_table(w.table_id).night != 2 or "settle up" in (prompt.get("text") or ""):
        return False
    return not [d for d in w.ledger.open_drafts(w.chat.id) if d.data.get("what") == "settle"]


def settle_check(w: World) -> None:
    t = w.ledger.get_table(w.table_id)
    assert t.night == 2, t  # one night ended, not two
    prompt = w.tg.messages[(w.chat.id, SEEN["settle_prompt"])]
    assert "settle up" not in prompt["text"] and not prompt.get("reply_markup"), prompt
    open_ = [d for d in w.ledger.open_drafts(w.chat.id) if d.data.get("what") == "settle"]
    assert not open_, open_


# --- Undo (the Yes of /undo) ---------------------------------------------------------------
async def undo_prepare(w: World, run: Run) -> None:
    mark = w.tg.mark()
    await w.tg.post(w.chat, w.users[0], "/undo")
    msg = await w.tg.next_message(w.chat, mark, contains="Void the last hand?")
    SEEN["undo_prompt"] = msg["message_id"]


async def undo_yes(w: World, run: Run) -> dict[str, Any]:
    mid = SEEN["undo_prompt"]
    data = w.tg.find_button(w.chat, mid, "Yes, void")["callback_data"]
    shown = json.loads(json.dumps(w.tg.messages[(w.chat.id, mid)]))  # as tapped
    await w.tg.press_data(w.chat, w.users[0], mid, data)
    u = queued(w.tg)
    u["callback_query"]["message"] = shown
    return u


def undo_done(w: World) -> bool:
    prompt = w.tg.messages.get((w.chat.id, SEEN["undo_prompt"]), {})
    if "voided" not in (prompt.get("text") or ""):
        return False
    return not [d for d in w.ledger.open_drafts(w.chat.id) if d.data.get("what") == "undo"]


def undo_check(w: World) -> None:
    hands = w.ledger.history(w.table_id, page=0, page_size=10).items
    assert [h.status for h in hands] == ["voided"], hands  # voided once, nothing else
    assert w.ledger.get_table(w.table_id).hand_count == 0
    prompt = w.tg.messages[(w.chat.id, SEEN["undo_prompt"])]
    assert "Hand 1 voided." in prompt["text"] and not prompt.get("reply_markup"), prompt


# --- a Mini App Confirm --------------------------------------------------------------------
XINGGUO_WIN = {
    "result": "win",
    "wins": [{"winner": None, "from": None, "shape": "big_seven_pairs", "flags": ["no_wild"]}],
    "counts": {},
    "events": [],
}


async def web_api(w: World, run: Run, name: str, body: dict[str, Any]) -> tuple[int, Any]:
    token = SEEN_T["token"]
    headers = {
        "X-Telegram-Init-Data": init_data(w.tg.token, w.users[1], start_param=token),
        "Content-Type": "application/json",
    }
    try:
        async with (
            aiohttp.ClientSession() as http,
            http.post(
                f"http://127.0.0.1:{run.web_port}/app/api/{name}",
                data=json.dumps({"t": token, **body}),
                headers=headers,
            ) as r,
        ):
            return r.status, await r.json(content_type=None)
    except (aiohttp.ClientError, ValueError):
        return 0, {}  # killed meanwhile


SEEN_T: dict[str, Any] = {}


async def web_prepare(w: World, run: Run) -> None:
    mark = w.tg.mark()
    await w.tg.post(w.chat, w.users[0], "/table")
    msg = await w.tg.next_message(w.chat, mark)
    await w.tg.wait_for(lambda: any(b.get("url") for b in w.tg.buttons(w.chat, msg["message_id"])))
    url = next(b["url"] for b in w.tg.buttons(w.chat, msg["message_id"]) if b.get("url"))
    SEEN_T["token"] = url.split("startapp=")[1]
    st, out = await web_api(w, run, "compose", {})
    assert st == 200, out
    SEEN_T["entry"] = out["entry"]


def web_form(w: World) -> dict[str, Any]:
    f = json.loads(json.dumps(XINGGUO_WIN))
    f["wins"][0]["winner"], f["wins"][0]["from"] = str(w.pids[1]), str(w.pids[2])
    return f


async def web_confirm(w: World, run: Run) -> None:
    SEEN_T["task"] = asyncio.get_running_loop().create_task(
        web_api(w, run, "confirm", {"entry": SEEN_T["entry"], "form": web_form(w)})
    )


async def web_again(w: World, run: Run) -> None:
    """After the restart the Mini App's Confirm is tapped again (its first answer was lost)."""
    await web_api(w, run, "confirm", {"entry": SEEN_T["entry"], "form": web_form(w)})


def web_done(w: World) -> bool:
    if w.ledger.get_table(w.table_id).hand_count != 1:
        return False
    return not [d for d in w.ledger.drafts_at_steps(("recorded", "posting", "posted"))]


def web_check(w: World) -> None:
    assert w.ledger.get_table(w.table_id).hand_count == 1
    shown = [
        m
        for (cid, _mid), m in w.tg.messages.items()
        if cid == w.chat.id and "✅ Hand 1 recorded" in (m.get("text") or "")
    ]
    assert len(shown) == 1, [m.get("text") for m in shown]  # at most once, here once
    with_buttons = [
        m
        for (cid, _mid), m in w.tg.messages.items()
        if cid == w.chat.id
        and m.get("from", {}).get("id") == BOT_ID
        and "Record hand" in json.dumps(m.get("reply_markup") or {}, ensure_ascii=False)
    ]
    assert len(with_buttons) == 1, [m.get("text") for m in with_buttons]


SCENARIOS = [
    Scenario(
        "season",
        season_new,
        lambda w: handled(w, SEEN["season"]),
        season_check,
    ),
    Scenario(
        "merge",
        merge,
        lambda w: handled(w, SEEN["merge"]),
        merge_check,
        prepare=merge_prepare,
    ),
    Scenario("fee", command("fee", "/fee 40"), lambda w: handled(w, SEEN["fee"]), fee_check),
    Scenario("cap", command("cap", "/cap 200"), lambda w: handled(w, SEEN["cap"]), cap_check),
    Scenario("settle", settle_yes, settle_done, settle_check, hand=True, prepare=settle_prepare),
    Scenario("undo", undo_yes, undo_done, undo_check, hand=True, prepare=undo_prepare),
    Scenario(
        "miniapp",
        web_confirm,
        web_done,
        web_check,
        web=True,
        prepare=web_prepare,
        again=web_again,
    ),
]


@pytest.mark.parametrize("sc", SCENARIOS, ids=[s.name for s in SCENARIOS])
async def test_kill_at_every_step_changes_once(tmp_path: Path, sc: Scenario) -> None:
    steps = await run_case(tmp_path, sc, None, False)  # the steps of an uninterrupted run
    assert steps >= 1, sc.name
    for step in range(1, steps + 1):
        for after in (False, True):
            try:
                await run_case(tmp_path, sc, step, after)
            except AssertionError as err:
                raise AssertionError(f"{sc.name}: killed at step {step} (after={after})") from err
