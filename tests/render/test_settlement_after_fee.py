"""The settlement image shows what each person pays or receives after fee and cap, once
(issue 25, point 7: "with a ¥20 fee the big Net figures (Dave −¥21) differ from the transfers
(Dave pays ¥26) … the big figure per player is the amount after fee and cap, with the hands'
total and the fee / cap adjustments as labelled parts under it; a fee or cap section only
when one was set; the house's share marked").

A real SQLite ledger (a xingguo table at ¥0.50 a point), the real view builder
(``bot.present.night_settlement``) and the strings the real drawing code is handed.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import bot.render.draw as draw_mod
import bot.render.text as text_mod
from bot import present
from bot.i18n import translator
from bot.render import render_settlement
from bot.render.money import format_money
from storage.service import Ledger
from tests.render.cases import patch_drawing
from tests.storage.conftest import Game, make_game
from tests.storage.helpers import random_hands

LANGS = ("en", "zh_Hans", "zh_Hant")


@pytest.fixture
def game(tmp_path: Path) -> Iterator[Game]:
    led = Ledger(f"sqlite:///{tmp_path / 'ledger.sqlite3'}")
    led.upgrade()
    try:
        g = make_game(led)  # ¥0.50 a point
        for i, r in enumerate(random_hands(g.ids, 6, seed=25)):
            led.record_hand(g.table.id, r, recorded_by=g.pids[0], idempotency_key=f"h{i}")
        yield g
    finally:
        led.dispose()


def drawn_strings(monkeypatch: pytest.MonkeyPatch, view: Any, lang: str) -> list[str]:
    drawn: list[str] = []
    real = text_mod.draw_text

    def record(im: Any, x: Any, y: Any, text: str, *a: Any, **kw: Any) -> Any:
        drawn.append(text)
        return real(im, x, y, text, *a, **kw)

    real_value = draw_mod.draw_value  # the shared look's

    def value(im: Any, x: Any, y: Any, n: int, size: int, **kw: Any) -> Any:
        drawn.append(kw.get("text") or str(n))  # the big figures (after a ▲ / ▼)
        return real_value(im, x, y, n, size, **kw)

    patch_drawing(monkeypatch, "draw_text", record)
    patch_drawing(monkeypatch, "draw_value", value)
    render_settlement(view, lang)
    patch_drawing(monkeypatch, "draw_text", real)
    patch_drawing(monkeypatch, "draw_value", real_value)
    return drawn


def received(view: Any) -> Counter[str]:
    """What each name receives (negative: pays) by the image's own transfers."""
    out: Counter[str] = Counter()
    for t in view.transfers:
        out[t.payer] -= t.money_minor
        out[t.payee] += t.money_minor
    return out


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("what", ["fee", "cap", "both"])
def test_the_big_figure_is_what_the_transfers_settle(
    game: Game, monkeypatch: pytest.MonkeyPatch, lang: str, what: str
) -> None:
    L, tid = game.ledger, game.table.id
    if what in ("fee", "both"):
        L.set_fee(tid, 2000)  # ¥20 to the house, split equally (the example)
    if what in ("cap", "both"):
        worst = min(L.standings(tid).players, key=lambda p: p.total)
        L.set_cap(tid, -worst.total * 50 // 2)  # the worst loser pays half
    tr = translator(lang)
    t = L.get_table(tid)
    view = present.night_settlement(t, L.night_transfers(tid), L.standings(tid), tr)
    money = received(view)
    for line in view.nets:
        assert line.final is not None
        # the one big figure = what the transfers make them pay or receive
        assert line.final == money[line.name], (line, money)
        # and its labelled parts add up to it, the hands' total first
        assert sum(p.amount for p in line.parts) == line.final
        assert line.parts[0].amount == line.money_minor
        labels = {p.label for p in line.parts}
        assert (tr.gettext("table fee") in labels) == (what != "cap")
        if what == "fee":
            assert tr.gettext("loss cap") not in labels
    house = [n for n in view.nets if n.house]
    if what == "cap":
        assert not house and view.notes_title == tr.gettext("Loss cap")
    else:
        assert [n.name for n in house] == ["alice"]  # the creator takes the fee
    if what == "fee":
        assert view.notes_title == tr.gettext("Table fee")  # no cap section: none was set
    drawn = drawn_strings(monkeypatch, view, lang)
    for line in view.nets:
        big = format_money(line.final, "CNY", sign=True)
        assert big in drawn, (big, drawn)
    assert view.notes_title in drawn
    if house:
        assert ("东家" if lang == "zh_Hans" else "東家" if lang == "zh_Hant" else "house") in drawn


def test_without_fee_or_cap_the_nets_are_the_hands(game: Game) -> None:
    L, tid = game.ledger, game.table.id
    view = present.night_settlement(
        L.get_table(tid), L.night_transfers(tid), L.standings(tid), translator("en")
    )
    assert all(n.final is None and not n.parts and not n.house for n in view.nets)
    assert view.notes == () and view.notes_title == ""
    money = received(view)
    assert {n.name: n.money_minor for n in view.nets} == {n.name: money[n.name] for n in view.nets}
