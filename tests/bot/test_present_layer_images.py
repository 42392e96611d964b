"""Every image kind, for a random night of every registered ruleset, in all three languages,
built by the presentation layer (issue 15 point 2 check: "A test renders every image kind for
a random night in all three languages and fails on any ASCII snake_case id, JSON path or
database id in the drawn text … and on Simplified-only characters in zh_Hant").

The night is *recorded* into a real ledger (a SQLite file, the ledger's public API): the random
hands of :func:`scoring.testing.random_records`, a table with a stake, a table fee and a loss
cap, the night settled, then the chat's season and the players' histories. The player ids of
that ledger are 9001 … (the first row is moved to 9000 before any other exists), so a database
id that leaks into an image is seen. The images are drawn by the bot's own handler functions
(``bot.handlers.images``: /board, /settle, /explain N for every hand, /season, /me in the
group and in private), whose views must come from :mod:`bot.present` (checked by counting
the calls); the strings handed to the drawing code are checked by ``tests/test_hant_night.py``'s
``problems`` (snake_case ids, JSON paths, ids 900x, record ids, the pot's id, Simplified-only
characters in zh_Hant, characters outside the bundled CJK font).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from sqlalchemy import text

import bot.render.draw as draw_mod
from bot import present
from bot.handlers import images
from bot.i18n import LANGS, Translator
from bot.render import text as render_text
from bot.render.samples import _renamed
from scoring import registry
from scoring.errors import RecordError
from scoring.testing import GUESTS, random_records
from storage.errors import LedgerError
from storage.seasons import PlayerHistory, SeasonBoard
from storage.service import Ledger
from storage.views import HandView, SettleView, StandingsView, TableView
from tests.test_hant_night import DISPLAY, GUEST_DISPLAY, Recorder, problems

HANDS = 8
SEED = 15
CHAT = -100_777
USER0 = 777_000
GROUP = "Mahjong night"
RULESETS = [rs.id for rs in registry.all_rulesets()]


@dataclass(frozen=True)
class Night:
    table: TableView  # before /settle
    standings: StandingsView
    hands: tuple[HandView, ...]
    settled: tuple[TableView, SettleView, StandingsView]
    board: SeasonBoard
    me_group: PlayerHistory
    me_private: PlayerHistory


@cache
def ledger_file(root: str) -> Ledger:
    ledger = Ledger(f"sqlite:///{Path(root) / 'present.sqlite3'}")
    ledger.upgrade()
    first = ledger.ensure_user(USER0, "Seed")  # ids from 9001 on: a leaked id is seen
    with ledger.engine.begin() as conn:
        conn.execute(text("UPDATE player SET id = 9000 WHERE id = :i"), {"i": first.id})
    return ledger


def record(ledger: Ledger, ruleset: str, k: int) -> Night | None:
    """A random night of ``ruleset`` in a chat of its own (``k``), settled, with a season."""
    rs = registry.get(ruleset)
    records = random_records(rs, HANDS, seed=SEED)
    if not records:
        return None
    n = len(records[0].players)
    records = [r for r in records if len(r.players) == n]  # one table: one number of seats
    chat = CHAT - k
    ledger.ensure_chat(chat, title=GROUP, kind="group", lang="en")
    players = [ledger.ensure_user(USER0 + 100 * k + i, DISPLAY[i]) for i in range(n)]
    guests = {  # named in events' text fields
        g: str(ledger.ensure_guest(chat, name).id)
        for g, name in zip(GUESTS, GUEST_DISPLAY, strict=True)
    }
    table = ledger.open_table(
        chat, creator_id=players[0].id, ruleset=ruleset, options=dict(records[0].options),
        stake_minor=50, currency="CNY", name=None,
    )  # fmt: skip
    for p in players:
        ledger.join(table.id, p.id)
    table = ledger.start(table.id, dealer_id=players[0].id)
    ledger.set_fee(table.id, 40)
    ledger.set_cap(table.id, 500)
    for i, rec in enumerate(records, 1):
        ids = {p: str(v.id) for p, v in zip(rec.players, players, strict=True)}  # by seat
        rec = replace(_renamed(rec, {**guests, **ids}), dealer=str(table.dealer_id))
        try:
            ledger.record_hand(table.id, rec, recorded_by=players[0].id, idempotency_key=f"{k}-{i}")
        except (RecordError, LedgerError):  # e.g. a guest the ledger does not seat
            continue
        table = ledger.get_table(table.id)
    hands = ledger.history(table.id, page=0, page_size=100).items
    if not hands:
        return None
    standings = ledger.standings(table.id)
    night = table.night
    ledger.new_night(table.id, expect_night=night)
    settled = (table, ledger.night_transfers(table.id, night=night))
    settled_st = ledger.standings(table.id, night=night)
    return Night(
        table=table,
        standings=standings,
        hands=tuple(ledger.get_hand(table.id, h.seq) for h in hands),
        settled=(*settled, settled_st),
        board=ledger.season_board(chat),
        me_group=ledger.player_history(players[0].id, tg_chat_id=chat),
        me_private=ledger.player_history(players[0].id),
    )


@pytest.fixture(scope="module")
def nights(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Night | None]:
    ledger = ledger_file(str(tmp_path_factory.mktemp("present")))
    try:
        return {rs: record(ledger, rs, k) for k, rs in enumerate(RULESETS)}
    finally:
        ledger.dispose()


class Calls:
    """Counts the calls of bot.present's view builders (the images must come from them)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.n: dict[str, int] = {}
        for name in ("scoreboard", "night_settlement", "hand_card", "season_card", "player_card"):
            monkeypatch.setattr(present, name, self.wrap(name, getattr(present, name)))

    def wrap(self, name: str, fn: Callable[..., Any]) -> Callable[..., Any]:
        def counted(*a: Any, **kw: Any) -> Any:
            self.n[name] = self.n.get(name, 0) + 1
            return fn(*a, **kw)

        return counted


def drawn(night: Night, lang: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[str, str]]:
    rec = Recorder()
    monkeypatch.setattr(render_text, "draw_runs", rec.wrap(render_text.draw_runs))
    monkeypatch.setattr(draw_mod, "draw_runs", rec.wrap(draw_mod.draw_runs))
    calls = Calls(monkeypatch)
    tr = Translator(lang)
    group = SimpleNamespace(tr=tr, private=False)
    private = SimpleNamespace(tr=tr, private=True)
    context = SimpleNamespace(application=SimpleNamespace(bot_data={"images": True}))
    marks: list[tuple[str, int]] = []

    async def draw_all() -> None:
        async def one(kind: str, png: Any) -> None:
            assert await png is not None, f"{kind} was not drawn"
            marks.append((kind, len(rec.lines)))

        await one("board", images.scoreboard(context, group, night.table, night.standings))  # type: ignore[arg-type]
        table, sv, st = night.settled
        await one("settle", images.settlement(context, group, table, sv, st))  # type: ignore[arg-type]
        for h in night.hands:
            names = present.names_of(night.table, h.names)
            shown = present.shown(h, names)
            await one(
                f"explain {h.seq}",
                images.hand_card(context, group, night.table, h, names, shown),  # type: ignore[arg-type]
            )
        await one("season", images.season_card(context, group, night.board, GROUP))  # type: ignore[arg-type]
        await one("me", images.player_card(context, group, night.me_group, GROUP))  # type: ignore[arg-type]
        await one("me private", images.player_card(context, private, night.me_private, ""))  # type: ignore[arg-type]

    asyncio.run(draw_all())
    assert calls.n == {
        "scoreboard": 1,
        "night_settlement": 1,
        "hand_card": len(night.hands),
        "season_card": 1,
        "player_card": 2,
    }, calls.n
    start = 0
    for kind, end in marks:
        assert end > start, f"{kind}: nothing was drawn"
        for line in rec.lines[start:end]:
            yield kind, line
        start = end


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_image_of_a_recorded_night_is_clean(
    ruleset: str, lang: str, nights: dict[str, Night | None], monkeypatch: pytest.MonkeyPatch
) -> None:
    night = nights[ruleset]
    if night is None:
        pytest.skip(f"no hand of {ruleset}'s random night could be recorded")
    got = list(drawn(night, lang, monkeypatch))
    bad = [f"{kind}: {p} in {t!r}" for kind, t in got for p in problems(t, lang, drawn=True)]
    assert not bad, f"{len(bad)} problems, e.g.\n" + "\n".join(bad[:8])
    tr = Translator(lang)
    # the checks see the words that matter: the players' names, the ruleset, the season
    assert any(night.table.seats[0].name in t for _, t in got)
    assert any(tr.name(registry.get(ruleset)) in t for k, t in got if k == "board")
    assert any(k == "season" for k, _ in got) and any(k == "me private" for k, _ in got)


def test_a_leaked_database_id_would_be_seen(tmp_path: Path) -> None:
    """The ledger's player ids are 9001 …, which ``problems`` reports when drawn."""
    ledger = ledger_file(str(tmp_path))
    try:
        p = ledger.ensure_user(USER0 + 99_999, "Probe")
    finally:
        ledger.dispose()
    assert 9001 <= p.id <= 9009
    assert problems(f"{p.id} → 阿明", "en") == [f"database id {p.id}"]
