"""A random night of every registered ruleset, shown in all three languages through the bot's
own builders: the chat texts (table, hand result, /explain, /history, standings, settlement,
nights), every wizard screen of the hand (as /edit opens it, buttons included), the preview,
the screens that open a table (ruleset, preset, options, stake), the /rules pieces, and the
three images — for those, the strings handed to the drawing code.

Each text must be free of ASCII snake_case ids (``discarder_share``), JSON paths
(``wins[0].flags``), database ids (the players are 9001…) and record ids; in zh_Hant it must
also hold no Simplified-only character (one the converter changes and no Traditional text uses:
发, 庄, 杠 …), and every Chinese character drawn must be in the bundled CJK font.

The records come from :func:`scoring.testing.random_records` over
:func:`scoring.registry.all_rulesets`, so a ruleset added later is covered as soon as it lands.
"""

from __future__ import annotations

import asyncio
import json
import re
import threading
from collections.abc import Iterator
from datetime import UTC, datetime
from functools import cache
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

import scoring
from bot import present, setup, texts
from bot.entry import wizard
from bot.handlers import images
from bot.i18n import LANGS, Translator
from bot.render import text as render_text
from scoring import registry
from scoring.errors import RecordError
from scoring.hant import simplified_only
from scoring.record import HandRecord, Settlement
from scoring.testing import GUESTS, NAMES, POT, random_records
from storage.views import (
    HandView,
    Page,
    PlayerTotal,
    SeatView,
    SettleView,
    StandingsView,
    TableView,
    TransferView,
    TrendPoint,
)
from tests.renaming import rename_ids

HANDS = 6  # random hands per ruleset (a night)
SEED = 15
#: display names without Simplified-only characters (user text is never converted)
DISPLAY = ("阿明", "小美", "老王", "麗麗", "阿傑", "Erin", "大衛", "Heidi")
GUEST_DISPLAY = ("訪客甲", "訪客乙", "訪客丙")

SNAKE = re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b")
JSON_PATH = re.compile(r"[A-Za-z_]\[\d+\]|\b(?:wins|events|counts|options|players|tiles)\.\w")
DB_ID = re.compile(r"(?<!\d)900[1-9](?!\d)")  # the ids start at 9001: 9000 is an amount
RECORD_ID = re.compile(r"\b(?:" + "|".join((*NAMES, *GUESTS)) + r")\b")
POT_ID = re.compile(rf"\b{POT}\b")
TAG = re.compile(r"<[^>]+>")


@cache
def cjk_font(lang: str = "zh_Hans") -> set[int]:
    """The code points of the CJK face ``lang``'s images draw Han with (zh_Hant: TC, ja: JP)."""
    cov = json.loads(
        (Path(render_text.__file__).parent.parent / "fonts" / "coverage.json").read_text()
    )
    out: set[int] = set()
    for a, b in cov[render_text.chain(False, lang)[1]]:
        out.update(range(a, b + 1))
    return out


def problems(text: str, lang: str, *, drawn: bool = False) -> list[str]:
    text = TAG.sub("", text)
    out = [f"id {m}" for m in SNAKE.findall(text)]
    out += [f"JSON path {m}" for m in JSON_PATH.findall(text)]
    out += [f"database id {m}" for m in DB_ID.findall(text)]
    out += [f"record id {m}" for m in RECORD_ID.findall(text)]
    if lang != "en":
        out += [f"party id {m}" for m in POT_ID.findall(text)]
    if lang == "zh_Hant":
        out += [f"Simplified {c}" for c in simplified_only(text)]
    if drawn:
        out += [
            f"not in the font {c}"
            for c in sorted(set(text))
            if 0x3400 <= ord(c) <= 0x9FFF and ord(c) not in cjk_font(lang)
        ]
    return out


# --- a night, as the ledger would hold it -------------------------------------------------
def db_record(rs: Any, rec: HandRecord) -> tuple[HandRecord, dict[str, str]]:
    """``rec`` with the players as database ids (9001 …) and their display names."""
    ids = {p: str(9001 + i) for i, p in enumerate(NAMES)}
    ids.update({g: str(9101 + i) for i, g in enumerate(GUESTS)})
    keys = {"dealer", "winner", "from", "player"}
    keys.update(f.id for e in rs.events for f in e.fields if f.kind == "text")
    renamed = HandRecord.from_json(rename_ids(rec.to_json(), ids, keys))
    names = {ids[p]: DISPLAY[i] for i, p in enumerate(NAMES)}
    names.update({ids[g]: GUEST_DISPLAY[i] for i, g in enumerate(GUESTS)})
    return renamed, names


def night(rs: Any) -> list[tuple[HandRecord, Settlement]]:
    out = []
    for rec in random_records(rs, HANDS, seed=SEED):
        rec, _ = db_record(rs, rec)
        try:
            out.append((rec, scoring.settle(rec)))
        except RecordError:  # the generator's last attempt may still be refused
            continue
    return out


def table_view(rs: Any, players: tuple[str, ...], names: dict[str, str]) -> TableView:
    seats = tuple(SeatView(int(p), names[p], i, False, None) for i, p in enumerate(players))
    return TableView(
        id=1, chat_id=-100, ruleset=rs.id, options={}, stake_minor=50, currency="CNY",
        name=None, status="playing", creator_id=int(players[0]), night=2,
        dealer_id=int(players[0]), hand_count=HANDS, message_id=None, seats=seats, next_seq=7,
    )  # fmt: skip


def hand_view(seq: int, rec: HandRecord, st: Settlement, names: dict[str, str]) -> HandView:
    now = datetime(2026, 12, 1, tzinfo=UTC)
    return HandView(
        id=seq, table_id=1, seq=seq, night=2, record=rec, settlement=st,
        status="voided" if seq == 2 else "confirmed", dealer_before=9001, dealer_after=9001,
        recorded_by=9001, recorded_at=now, voided_by=None, voided_at=None, void_reason=None,
        replaces_hand_id=None, idempotency_key=f"k{seq}",
        names={int(k): v for k, v in names.items()},
    )  # fmt: skip


def standings(
    rs: Any, hands: list[tuple[HandRecord, Settlement]], names: dict[str, str]
) -> StandingsView:
    players = hands[0][0].players
    totals = dict.fromkeys(players, 0)
    trend = []
    for i, (_, st) in enumerate(hands, 1):
        for p in players:
            totals[p] += st.net.get(p, 0)
        trend.append(TrendPoint(i, {int(p): totals[p] for p in players}))
    lines = tuple(
        PlayerTotal(int(p), names[p], totals[p], len(hands), 1, 1, 0, True, totals[p] * 50)
        for p in sorted(players, key=lambda p: -totals[p])
    )
    return StandingsView(
        table_id=1, night=2, players=lines, hand_count=len(hands), dealer_id=int(players[0]),
        current_night=2, trend=tuple(trend), stake_minor=50, currency="CNY",
        names={int(k): v for k, v in names.items()},
    )  # fmt: skip


def settle_view(st: StandingsView) -> SettleView:
    ps = st.players
    transfers = (TransferView(ps[-1].player_id, ps[0].player_id, None, 150),) if len(ps) > 1 else ()
    return SettleView(
        table_id=1, night=2, net_points={p.player_id: p.total for p in ps},
        net_money={p.player_id: p.total * 50 for p in ps}, transfers=transfers,
        names={p.player_id: p.name for p in ps}, stake_minor=50, currency="CNY",
    )  # fmt: skip


# --- what a person reads ---------------------------------------------------------------------
def chat_texts(rs: Any, tr: Translator) -> Iterator[tuple[str, str]]:
    hands = night(rs)
    if not hands:
        return
    names = dict(db_record(rs, random_records(rs, 1, seed=SEED)[0])[1])
    players = hands[0][0].players
    table = table_view(rs, players, names)
    st = standings(rs, hands, names)
    yield "table", texts.table_text(table, st, tr)
    yield "standings", texts.standings_text(table, st, tr)
    yield "settle", texts.settle_text(table, settle_view(st), tr)
    yield "nights", texts.nights_text(table, [st], tr)
    views = [hand_view(i, r, s, names) for i, (r, s) in enumerate(hands, 1)]
    yield "history", texts.history_text(table, Page(tuple(views), 0, 10, len(views)), tr, names)
    for hv in views:
        shown = present.preview(hv.record, names)
        yield f"hand {hv.seq} result", texts.result_line(hv, names, tr)
        yield f"hand {hv.seq} explain", texts.explain_text(hv, names, shown, tr)
        data = wizard.from_record(hv.record, names)
        for step in [*data["trail"], "preview"]:
            try:
                screen = wizard.render(step, data, tr, settlement=shown)
            except Exception as err:  # a step the record does not reach: not a text
                if type(err).__name__ != "WizardError":
                    raise
                continue
            labels = " | ".join(b.label for row in screen.rows for b in row)
            yield f"hand {hv.seq} wizard {step}", screen.text + "\n" + labels
        yield f"hand {hv.seq} preview", wizard.format_settlement(shown, data, tr)


def setup_texts(rs: Any, tr: Translator) -> Iterator[tuple[str, str]]:
    """Opening a table with ``rs``: the ruleset, preset, options and stake screens."""
    step, data = setup.new_setup("table")
    taps = {"ruleset": ("rs", str(data["choices"].index(rs.id))), "preset": ("ps", "0")}
    taps.update({"options": ("n", ""), "stake": ("sk", "1")})
    for _ in range(6):
        screen = setup.render(step, data, tr)
        labels = " | ".join(b.label for row in screen.rows for b in row)
        yield f"setup {step}", screen.text + "\n" + labels
        if step == "open":
            break
        step = setup.apply(step, data, *taps[step])
    assert step == "open"


def rules_texts(rs: Any, tr: Translator) -> Iterator[tuple[str, str]]:
    """What /rules ID shows, piece by piece (bot/handlers/info.py builds it from these)."""
    yield "ruleset", tr.name(rs) + " " + tr.attr(rs, "summary") + " " + tr.attr(rs, "unit")
    for group in ("shapes", "flags", "counts", "events", "presets"):
        for d in getattr(rs, group):
            yield f"{group} {d.id}", tr.name(d) + " " + tr.attr(d, "value")
    for o in rs.options:
        yield f"option {o.id}", tr.name(o) + " " + tr.value(o, o.default)
        for c in o.choices:
            yield f"option {o.id} choice {c.value}", tr.name(c)
    for r in rs.results:
        yield f"result {r.value}", tr.name(r)
    for e in rs.events:
        for f in e.fields:
            yield f"event {e.id} field {f.id}", tr.name(f) + " " + tr.attr(e, "source")
    yield "dealer rule", tr.name(rs.dealer_rule)


class Recorder:
    """Collects the strings handed to the drawing code (bot.render.text.draw_runs)."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.lock = threading.Lock()

    def wrap(self, fn: Any) -> Any:
        def draw_runs(im: Any, x: float, baseline: float, runs: Any, *a: Any, **k: Any) -> Any:
            with self.lock:
                self.lines.append("".join(t for name, t in runs if name != render_text.EMOJI))
            return fn(im, x, baseline, runs, *a, **k)

        return draw_runs


def drawn_texts(rs: Any, lang: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[str, str]]:
    hands = night(rs)
    if not hands:
        return
    names = dict(db_record(rs, random_records(rs, 1, seed=SEED)[0])[1])
    rec = Recorder()
    import bot.render.draw as draw_mod

    monkeypatch.setattr(render_text, "draw_runs", rec.wrap(render_text.draw_runs))
    monkeypatch.setattr(draw_mod, "draw_runs", rec.wrap(draw_mod.draw_runs))
    table = table_view(rs, hands[0][0].players, names)
    st = standings(rs, hands, names)
    w = SimpleNamespace(tr=Translator(lang))
    context = SimpleNamespace(application=SimpleNamespace(bot_data={"images": True}))

    async def draw_all() -> None:
        assert await images.scoreboard(context, w, table, st) is not None  # type: ignore[arg-type]
        sv = settle_view(st)
        assert await images.settlement(context, w, table, sv, st) is not None  # type: ignore[arg-type]
        for i, (r, s) in enumerate(hands, 1):
            hv = hand_view(i, r, s, names)
            shown = present.preview(r, names)
            png = await images.hand_card(context, w, table, hv, names, shown)  # type: ignore[arg-type]
            assert png is not None

    asyncio.run(draw_all())
    assert rec.lines, "nothing was drawn"
    for i, line in enumerate(rec.lines):
        yield f"drawn {i}", line


RULESETS = [rs.id for rs in registry.all_rulesets()]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("ruleset", RULESETS)
def test_chat_texts_of_a_random_night(ruleset: str, lang: str) -> None:
    rs, tr = registry.get(ruleset), Translator(lang)
    bad = [
        f"{where}: {p} in {text!r}"
        for where, text in [*chat_texts(rs, tr), *setup_texts(rs, tr), *rules_texts(rs, tr)]
        for p in problems(text, lang)
    ]
    assert not bad, f"{len(bad)} problems, e.g.\n" + "\n".join(bad[:8])


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("ruleset", RULESETS)
def test_drawn_texts_of_a_random_night(
    ruleset: str, lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    rs = registry.get(ruleset)
    got = list(drawn_texts(rs, lang, monkeypatch))
    bad = [
        f"{where}: {p} in {text!r}" for where, text in got for p in problems(text, lang, drawn=True)
    ]
    assert not bad, f"{len(bad)} problems, e.g.\n" + "\n".join(bad[:8])
    if lang == "zh_Hant":  # the checks see Chinese text at all: the ruleset's name is drawn
        assert any(Translator(lang).name(rs) in t for _, t in got)


def test_the_checks_catch_what_they_look_for() -> None:
    """The checker itself: each kind of leak is found, clean text passes."""
    assert problems("阿明 胡 老王 的炮 · 清一色", "zh_Hant") == []
    assert problems("莊家付 · 槓開", "zh_Hant") == []
    assert "Simplified 庄" in problems("庄家付", "zh_Hant")
    assert problems("庄家付", "zh_Hans") == []
    assert "id discarder_share" in problems("alice → bob (discarder_share)", "en")
    assert any(p.startswith("JSON path") for p in problems("wins[0].flags: bad", "en"))
    assert "database id 9003" in problems("9003 → 阿明", "zh_Hans")
    assert "record id carol" in problems("carol pays", "en")
    assert "party id pot" in problems("阿明 → pot: 5", "zh_Hans")


@cache
def pot_hands() -> list[tuple[Any, HandRecord]]:
    """Per ruleset, a random hand that pays into or out of nothing (``scoring.testing.POT``)."""
    out = []
    for rs in registry.all_rulesets():
        for rec in random_records(rs, 200, seed=SEED):
            try:
                st = scoring.settle(rec)
            except RecordError:
                continue
            if POT in st.net:
                out.append((rs, rec))
                break
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_the_pot_is_named(lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Money paid into nothing (Hong Kong's false-win fine, H6) shows the pot by name (公池 /
    the pot) in /explain, the result line, the preview and the hand card, never the id."""
    found = pot_hands()
    if not found:
        pytest.skip("no registered ruleset pays into nothing")
    tr = Translator(lang)
    rec = Recorder()
    import bot.render.draw as draw_mod

    monkeypatch.setattr(render_text, "draw_runs", rec.wrap(render_text.draw_runs))
    monkeypatch.setattr(draw_mod, "draw_runs", rec.wrap(draw_mod.draw_runs))
    w = SimpleNamespace(tr=tr)
    context = SimpleNamespace(application=SimpleNamespace(bot_data={"images": True}))
    for rs, raw in found:
        r, names = db_record(rs, raw)
        st = scoring.settle(r)
        hv = hand_view(1, r, st, names)
        shown = present.preview(r, names)
        table = table_view(rs, r.players, names)
        texts_ = [
            texts.explain_text(hv, names, shown, tr),
            texts.result_line(hv, names, tr),
            wizard.format_settlement(shown, wizard.from_record(r, names), tr),
        ]
        png = asyncio.run(images.hand_card(context, w, table, hv, names, shown))  # type: ignore[arg-type]
        assert png is not None
        pot = tr.pick("公池", "the pot")
        assert all(pot in t for t in texts_), (rs.id, texts_)
        assert any(pot in t for t in rec.lines)
        bad = [p for t in [*texts_, *rec.lines] for p in problems(t, lang, drawn=True)]
        assert not bad, (rs.id, bad)
