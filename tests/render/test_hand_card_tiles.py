"""The hand card the bot sends for a Guobiao win entered as tiles draws the tiles, the fan
table and the money, like the README's sample (issue 15 point 2: "the hand card the bot sends
for a tiles hand draws the tiles, the fan table and the payments, like the sample does").

The strings handed to the drawing code (``draw_text``) are recorded, calling through to the
real function, from the real handler ``bot.handlers.images.hand_card``."""

from __future__ import annotations

from datetime import UTC, datetime
from types import SimpleNamespace
from typing import Any

import pytest

import bot.render.draw as draw_mod
import bot.render.draw.hand_card as hand_card_mod
import bot.render.text as text_mod
import scoring
from bot.handlers import images
from bot.i18n import translator
from bot.render.samples import GB_TILES, guobiao_card_view
from bot.render.tiles import tile_hands
from scoring.record import HandRecord, Win
from storage.views import HandView, SeatView, TableView
from tests.render.cases import patch_drawing

NAMES = {1: "Alice", 2: "Bob", 3: "Carol", 4: "Dave"}
IDS = tuple(str(p) for p in NAMES)


def _hand() -> HandView:
    rec = HandRecord(
        ruleset="guobiao", players=IDS, dealer=IDS[0], wins=(Win(IDS[1], IDS[2], tiles=GB_TILES),)
    )
    now = datetime(2026, 12, 1, tzinfo=UTC)
    return HandView(
        1, 1, 12, 1, rec, scoring.settle(rec), "confirmed", 1, 2, 1, now, None, None, None,
        None, "k",
    )  # fmt: skip


def _table(stake: int | None) -> TableView:
    seats = tuple(SeatView(pid, n, pid - 1, False, None) for pid, n in NAMES.items())
    return TableView(
        1, -100, "guobiao", {}, stake, "CNY" if stake else None, "T", "playing", 1, 1, 1, 13,
        None, seats,
    )  # fmt: skip


@pytest.mark.parametrize("lang", ["en", "zh_Hans", "zh_Hant"])
async def test_the_bots_guobiao_card_draws_fans_and_money(
    lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn: list[str] = []
    real = text_mod.draw_text

    def record(im: Any, x: Any, y: Any, text: str, *a: Any, **kw: Any) -> Any:
        drawn.append(text)
        return real(im, x, y, text, *a, **kw)

    real_value = draw_mod.draw_value  # the nets, with their money, are drawn as values

    def record_value(*a: Any, **kw: Any) -> Any:
        drawn.append(str(kw.get("text", "")))
        return real_value(*a, **kw)

    blocks: list[Any] = []
    real_block = hand_card_mod._tile_block  # the tiles themselves and the fan table

    def record_block(im: Any, y: int, th: Any, *a: Any, **kw: Any) -> Any:
        blocks.append(th)
        return real_block(im, y, th, *a, **kw)

    patch_drawing(monkeypatch, "draw_text", record)
    patch_drawing(monkeypatch, "draw_value", record_value)
    patch_drawing(monkeypatch, "_tile_block", record_block)
    hand = _hand()
    names = {str(p): n for p, n in NAMES.items()}
    ctx = SimpleNamespace(application=SimpleNamespace(bot_data={"images": True}))
    who = SimpleNamespace(tr=translator(lang))
    png = await images.hand_card(
        ctx,  # type: ignore[arg-type]
        who,  # type: ignore[arg-type]
        _table(50),
        hand,
        names,
        hand.settlement,
    )
    assert png is not None and png.startswith(b"\x89PNG")
    (view,) = tile_hands(hand.record, names, lang)
    assert view.winner == "Bob" and view.fans and view.total
    assert blocks == [view]  # the tiles and fans were drawn, from the tiles that were paid
    for fan in view.fans:  # the fan table: every fan the calculator found is drawn
        assert any(fan.name in t for t in drawn), (fan.name, drawn)
    assert any("¥" in t for t in drawn)  # money at the table's stake (50 fen a point)


def test_samples_and_the_bot_read_the_tiles_the_same_way() -> None:
    # render-samples draws its Guobiao card through the same tile_hands as the bot
    sample = guobiao_card_view(("Alice", "Bob", "Carol", "Dave"), "en")
    (view,) = tile_hands(_hand().record, {"2": "Bob"}, "en")
    assert sample.tile_hands == (view,)
