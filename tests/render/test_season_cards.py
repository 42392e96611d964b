"""The season leaderboard card, the player card and the settlement image with a loss cap and
a table fee (bot/render/season.py, issue 18): small deterministic 1080 px PNGs that match the
reviewed golden images in tests/render/golden (``season_*.png``, ``player_*.png``,
``settlement_fee_cap_*.png``).

Rewrite the goldens deliberately, after looking at the change::

    .venv/bin/python tests/render/test_season_cards.py
"""

from __future__ import annotations

import io
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bot.render import NetLine, SettlementImageView, TransferLine, render_settlement  # noqa: E402
from bot.render.season import (  # noqa: E402
    NightLine,
    PlayerCardView,
    SeasonCardView,
    SeasonRow,
    render_player_card,
    render_season_card,
)
from bot.render.views import TrendSeries  # noqa: E402
from tests.render.cases import NASTY_NAMES  # noqa: E402

GOLDEN_DIR = Path(__file__).resolve().parent / "golden"
MAX_MEAN_DIFF = 1.5

EN = ("Alice", "Bob", "Carol", "Dave", "Erin")
ZH = ("老王", "小明", "小红", "阿强", "阿芳")
# nets per night (points) of five players over six nights, summing to zero each night
NIGHTS = (
    (120, -40, -30, -50, 0),
    (-60, 90, 10, -40, 0),
    (30, -20, -70, 60, 0),
    (0, 15, 25, -80, 40),
    (-45, -5, 20, 10, 20),
    (75, -30, -45, 0, 0),
)


def season_view(
    names: tuple[str, ...], *, money: bool = True, title: str = "Friday club"
) -> SeasonCardView:
    totals = [sum(n[i] for n in NIGHTS) for i in range(len(names))]
    running = []
    for i in range(len(names)):
        acc, run = 0, []
        for n in NIGHTS:
            acc += n[i] * 100 if money else n[i]
            run.append(acc)
        running.append(tuple(run))
    rows = tuple(
        SeasonRow(
            name=names[i],
            points=totals[i],
            money_minor=totals[i] * 100 if money else None,
            nights=6 if i < 4 else 3,
            hands=120 if i < 4 else 40,
            wins=30 - 4 * i,
            self_draws=8 - i,
            deal_ins=5 + i,
            biggest_hand=64 - 8 * i,
        )
        for i in sorted(range(len(names)), key=lambda i: -totals[i])
    )
    trend = tuple(TrendSeries(r.name, running[names.index(r.name)]) for r in rows)
    return SeasonCardView(
        chat_title=title,
        number=2,
        name="Spring" if names is EN else "春季",
        current=True,
        nights=6,
        hands=160,
        rows=rows,
        trend=trend,
        currency="CNY" if money else None,
        trend_money=money,
    )


def player_view(names: tuple[str, ...], *, private: bool) -> PlayerCardView:
    pts = [n[0] for n in NIGHTS]
    lines = tuple(
        NightLine(
            f"2026-10-{3 + 7 * k:02d} · {'Friday club · ' if private else ''}night {k + 1}",
            p,
            p * 100,
        )
        for k, p in enumerate(pts)
    )
    run, acc = [], 0
    for p in pts:
        acc += p * 100
        run.append(acc)
    return PlayerCardView(
        name=names[0],
        scope="" if private else "Friday club",
        nights=6,
        hands=120,
        wins=30,
        self_draws=8,
        deal_ins=5,
        biggest_hand=64,
        points=sum(pts),
        money_minor=sum(pts) * 100,
        currency="CNY",
        best_night=lines[0],
        worst_night=lines[1],
        recent=tuple(reversed(lines)),
        running=tuple(run),
        chats=(NightLine("Friday club · 6 nights", sum(pts), sum(pts) * 100),) if private else (),
    )


def settlement_with_notes(lang: str) -> SettlementImageView:
    zh = lang != "en"
    n = ZH if zh else EN
    notes = (
        ("封顶 ¥200", f"{n[3]}封顶：付 ¥200，少付 ¥100", f"少付的部分由赢家分担：{n[0]} ¥75、{n[1]} ¥25",
         "台费 ¥40 交给东家（老王）", f"AA 平摊：{n[0]} ¥10、{n[1]} ¥10、{n[2]} ¥10、{n[3]} ¥10")
        if zh
        else ("Loss cap ¥200", "Dave is capped: pays ¥200, ¥100 less",
              "The winners give up the difference: Alice ¥75, Bob ¥25",
              "Table fee ¥40 to the house (Alice)",
              "split equally (AA): Alice ¥10, Bob ¥10, Carol ¥10, Dave ¥10")
    )  # fmt: skip
    return SettlementImageView(
        table_name="Friday club",
        ruleset_name="兴国冲关麻将" if zh else "Xingguo",
        night=3,
        hand_count=24,
        nets=(
            NetLine(n[0], 300, 30000),
            NetLine(n[1], 100, 10000),
            NetLine(n[2], -100, -10000),
            NetLine(n[3], -300, -30000),
        ),
        transfers=(
            TransferLine(n[3], n[0], 200, 20000),
            TransferLine(n[2], n[0], 50, 5500),
            TransferLine(n[2], n[1], 50, 5500),
        ),
        currency="CNY",
        stake_minor=100,
        notes_title="封顶与台费" if zh else "Loss cap and table fee",
        notes=notes,
    )


CASES: dict[str, Callable[[], bytes]] = {
    "season_en_5p": lambda: render_season_card(season_view(EN), "en"),
    "season_zh_5p": lambda: render_season_card(season_view(ZH), "zh_Hans"),
    "season_zh_Hant_points": lambda: render_season_card(season_view(ZH, money=False), "zh_Hant"),
    "season_en_nasty": lambda: render_season_card(
        season_view(NASTY_NAMES, title=NASTY_NAMES[2]), "en"
    ),
    "season_en_empty": lambda: render_season_card(
        SeasonCardView("Friday club", 3, None, True, 0, 0, ()), "en"
    ),
    "player_en_group": lambda: render_player_card(player_view(EN, private=False), "en"),
    "player_zh_private": lambda: render_player_card(player_view(ZH, private=True), "zh_Hans"),
    "settlement_fee_cap_en": lambda: render_settlement(settlement_with_notes("en"), "en"),
    "settlement_fee_cap_zh": lambda: render_settlement(settlement_with_notes("zh"), "zh_Hans"),
}


def decode(data: bytes) -> Image.Image:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    im = Image.open(io.BytesIO(data))
    im.load()
    return im.convert("RGB")


@pytest.mark.parametrize("name", sorted(CASES))
def test_small_deterministic_and_like_the_golden(name: str) -> None:
    data = CASES[name]()
    assert data == CASES[name](), "same input, same bytes"
    assert len(data) < 300_000
    im = decode(data)
    assert im.width == 1080
    path = GOLDEN_DIR / f"{name}.png"
    assert path.exists(), f"missing golden {path}: run tests/render/test_season_cards.py"
    gold = decode(path.read_bytes())
    assert gold.size == im.size, (gold.size, im.size)
    diff = ImageStat.Stat(ImageChops.difference(gold, im)).mean
    assert max(diff) <= MAX_MEAN_DIFF, diff


def test_rows_follow_the_order_and_the_notes_take_room() -> None:
    plain = settlement_with_notes("en")
    from dataclasses import replace

    without = decode(render_settlement(replace(plain, notes=(), notes_title=""), "en"))
    with_notes = decode(render_settlement(plain, "en"))
    assert with_notes.height == without.height + 84 + 52 * len(plain.notes) + 28
    # more players, a taller leaderboard
    few = decode(render_season_card(season_view(EN[:2]), "en"))
    many = decode(render_season_card(season_view(EN), "en"))
    assert many.height > few.height


def regen() -> None:
    GOLDEN_DIR.mkdir(exist_ok=True)
    for name, fn in CASES.items():
        path = GOLDEN_DIR / f"{name}.png"
        data = fn()
        old = path.read_bytes() if path.exists() else None
        path.write_bytes(data)
        print(f"{'same' if old == data else 'NEW ' if old is None else 'changed'}  {path}")


if __name__ == "__main__":
    regen()
