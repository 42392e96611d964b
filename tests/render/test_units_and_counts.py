"""Units and counts as a person says them (issue 12 point 5).

* The night settlement image of a staked table drew "0 zi (stakes)" under every transfer: the
  handler passed ``points = t.points or 0`` while a staked table's transfers are in money
  (``TransferView.points`` is None). Each transfer's points are its money over the stake.
* "zi (stakes)" is not a unit anyone says: the Jiangxi unit is 子 / "zi".
* "¥1 per points", "1 wins", "1 hands": the English unit after "per" is singular, and counts
  use ngettext.

The image test records the strings handed to the drawing code (``draw_text``), calling through to
the real function, from the real handler ``bot.handlers.images.settlement``.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

import bot.render.text as text_mod
import scoring
from bot import texts
from bot.handlers import images
from bot.i18n import translator
from bot.render.labels import unit
from storage.views import (
    PlayerTotal,
    SeatView,
    SettleView,
    StandingsView,
    TableView,
    TransferView,
)
from tests.render.cases import patch_drawing

NAMES = {1: "Alice", 2: "Bob", 3: "Carol", 4: "Dave"}


def _table(ruleset: str, stake: int | None) -> TableView:
    seats = tuple(SeatView(pid, n, pid - 1, False, None) for pid, n in NAMES.items())
    return TableView(
        1, -100, ruleset, {}, stake, "CNY" if stake else None, "T", "playing", 1, 1, 1, 3,
        None, seats,
    )  # fmt: skip


def _settle_view(stake: int | None) -> SettleView:
    # nets in points: Alice +30, Bob −20, Carol −15, Dave +5; at ¥0.50 (50 fen) per point the
    # transfers are Bob → Alice ¥10 (20 points), Carol → Alice ¥5 (10 points) and Carol → Dave
    # ¥2.50 (5 points)
    net = {1: 30, 2: -20, 3: -15, 4: 5}
    moves = ((2, 1, 20), (3, 1, 10), (3, 4, 5))
    if stake:
        transfers = tuple(TransferView(a, b, None, n * stake) for a, b, n in moves)
        money = {p: v * stake for p, v in net.items()}
    else:
        transfers = tuple(TransferView(a, b, n, None) for a, b, n in moves)
        money = None
    return SettleView(1, 1, net, money, transfers, NAMES, stake, "CNY" if stake else None)


def _standings(wins: int = 1, hands: int = 1) -> StandingsView:
    players = tuple(
        PlayerTotal(pid, n, 0, hands, wins if pid == 1 else 0, 0, 0, True)
        for pid, n in NAMES.items()
    )
    return StandingsView(1, 1, players, hands, 1, 1, numbered=hands)


class _Who(SimpleNamespace):
    tr: Any


@pytest.mark.parametrize("ruleset", ["nanchang", "points"])
async def test_staked_settlement_image_draws_each_transfers_points(
    ruleset: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn: list[str] = []
    real = text_mod.draw_text  # what bot.render.draw calls by its module-level name

    def record(im: Any, x: Any, y: Any, text: str, *a: Any, **kw: Any) -> Any:
        drawn.append(text)
        return real(im, x, y, text, *a, **kw)

    patch_drawing(monkeypatch, "draw_text", record)
    ctx = SimpleNamespace(application=SimpleNamespace(bot_data={"images": True}))
    who = _Who(tr=translator("en"))
    png = await images.settlement(
        ctx,  # type: ignore[arg-type]
        who,  # type: ignore[arg-type]
        _table(ruleset, 50),
        _settle_view(50),
        _standings(),
    )
    assert png is not None
    u = unit(scoring.get(ruleset).unit_zh, scoring.get(ruleset).unit_en, "en")
    assert "¥10" in drawn and "¥5" in drawn
    # under each money amount its points: 20, 10 and 5, never 0
    assert f"20 {u}" in drawn and f"10 {u}" in drawn and f"5 {u}" in drawn
    assert f"0 {u}" not in drawn
    assert not any("(stakes)" in t for t in drawn)


def test_jiangxi_unit_is_a_word_people_say() -> None:
    # spec jiangxi-chongguan.md §7 terms: "子 | zǐ | stake unit"; the unit is 子, said "zi"
    for rid in ("nanchang", "xingguo", "taihe"):
        rs = scoring.get(rid)
        assert rs.unit_zh == "子" and rs.unit_en == "zi"


@pytest.mark.parametrize(
    ("unit_en", "per"),
    [
        ("points", "point"),
        ("base points", "base point"),
        ("units", "unit"),
        ("base units", "base unit"),
        ("zi", "zi"),
        ("pts", "point"),
    ],
)
def test_per_unit_is_singular(unit_en: str, per: str) -> None:
    assert unit("分", unit_en, "en", per=True) == per


def test_stake_line_says_per_point_not_per_points() -> None:
    tr = translator("en")
    text = texts.settle_text(_table("points", 100), _settle_view(100), tr)
    assert "per point" in text and "per points" not in text
    text = texts.settle_text(_table("sichuan", 100), _settle_view(100), tr)
    assert "per base point" in text


def test_standings_counts_are_singular_for_one() -> None:
    tr = translator("en")
    text = texts.standings_text(_table("points", None), _standings(wins=1, hands=1), tr)
    assert "1 hand" in text and "1 hands" not in text
    assert "1 win," in text and "1 wins" not in text
    text = texts.standings_text(_table("points", None), _standings(wins=2, hands=3), tr)
    assert "3 hands" in text and "2 wins" in text
