"""The season leaderboard card, the player card and the settlement image with a loss cap and
a table fee (bot/render/season.py, issue 18): small deterministic 1080 px PNGs that match the
reviewed golden images in tests/render/golden (``season_*.png``, ``player_*.png``,
``settlement_fee_cap_*.png``). The season is recorded into a real ledger
(:func:`bot.render.samples.record_season`: six nights, two tables, five players, a night with a
table fee and a loss cap) and every view is built by the bot's presentation layer
(:mod:`bot.present`), as /season, /me and /settle build them.

Rewrite the goldens deliberately, after looking at the change::

    .venv/bin/python tests/render/test_season_cards.py
"""

from __future__ import annotations

import io
import sys
from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageStat

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bot import present  # noqa: E402
from bot.i18n import Translator  # noqa: E402
from bot.render import SettlementImageView, render_settlement, samples  # noqa: E402
from bot.render.samples import SEASON_EN, SEASON_ZH, recorded_season  # noqa: E402
from bot.render.season import (  # noqa: E402
    PlayerCardView,
    SeasonCardView,
    render_player_card,
    render_season_card,
)
from storage.seasons import MeNight, PlayerHistory  # noqa: E402
from tests.render.cases import NASTY_NAMES  # noqa: E402

GOLDEN_DIR = Path(__file__).resolve().parent / "golden"
MAX_MEAN_DIFF = 1.5

EN = SEASON_EN
ZH = SEASON_ZH
HANT = ("老王", "小明", "小紅", "阿強", "阿芳")  # as a Traditional Chinese chat writes them
#: the awkward names, less the lone surrogate no text column can store (nor Telegram send)
NASTY = tuple(n.replace("\ud800", "") for n in NASTY_NAMES)


def season(names: tuple[str, ...], *, money: bool = True, title: str = "Friday club") -> Any:
    """A season recorded into a ledger by ``names`` (bot.render.samples.record_season)."""
    return recorded_season(names, title, "Spring" if names[0].isascii() else "春季", money)


def season_view(
    names: tuple[str, ...], lang: str, *, money: bool = True, title: str = "Friday club"
) -> SeasonCardView:
    """/season's card, built by bot.present from the ledger's board."""
    return present.season_card(
        season(names, money=money, title=title).board, title, Translator(lang)
    )


def fixed_dates(h: PlayerHistory) -> PlayerHistory:
    """``h`` with its nights dated 2026-10-03, -10, … (the ledger dates them today; the golden
    images must not change with the day)."""
    day = {n.table_id * 1000 + n.night: k for k, n in enumerate(h.nights)}

    def dated(n: MeNight | None) -> MeNight | None:
        if n is None:
            return None
        k = day[n.table_id * 1000 + n.night]
        return replace(n, started_at=datetime(2026, 10, 3, 20, tzinfo=UTC) + timedelta(days=7 * k))

    return replace(
        h,
        nights=tuple(dated(n) for n in h.nights),  # type: ignore[misc]
        best_night=dated(h.best_night),
        worst_night=dated(h.worst_night),
    )


def player_view(names: tuple[str, ...], lang: str, *, private: bool) -> PlayerCardView:
    """/me's card of the season's first player, built by bot.present."""
    s = season(names)
    h = fixed_dates(s.me_private if private else s.me_group)
    return present.player_card(h, Translator(lang), scope="Friday club", private=private)


def settlement_with_notes(lang: str) -> SettlementImageView:
    """/settle of the season's night with a table fee and a loss cap, built by bot.present."""
    table, sv, st = season(EN if lang == "en" else ZH).fee_cap
    return present.night_settlement(table, sv, st, Translator(lang))


@cache
def empty_season() -> SeasonCardView:
    """/season of a chat whose new season has no night yet."""
    chat = -1_009_999
    with samples.tests_ledger() as ledger:
        p = ledger.ensure_user(9_999_001, "Alice")
        ledger.new_season(chat, None, by_player_id=p.id)
        board = ledger.season_board(chat)
    return present.season_card(board, "Friday club", Translator("en"))


CASES: dict[str, Callable[[], bytes]] = {
    "season_en_5p": lambda: render_season_card(season_view(EN, "en"), "en"),
    "season_zh_5p": lambda: render_season_card(season_view(ZH, "zh_Hans"), "zh_Hans"),
    "season_zh_Hant_points": lambda: render_season_card(
        season_view(HANT, "zh_Hant", money=False), "zh_Hant"
    ),
    "season_en_nasty": lambda: render_season_card(season_view(NASTY, "en", title=NASTY[2]), "en"),
    "season_en_empty": lambda: render_season_card(empty_season(), "en"),
    "player_en_group": lambda: render_player_card(player_view(EN, "en", private=False), "en"),
    "player_zh_private": lambda: render_player_card(
        player_view(ZH, "zh_Hans", private=True), "zh_Hans"
    ),
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
    without = decode(render_settlement(replace(plain, notes=(), notes_title=""), "en"))
    with_notes = decode(render_settlement(plain, "en"))
    assert with_notes.height == without.height + 84 + 52 * len(plain.notes) + 28
    # more players, a taller leaderboard
    many_view = season_view(EN, "en")
    few = decode(render_season_card(replace(many_view, rows=many_view.rows[:2]), "en"))
    many = decode(render_season_card(many_view, "en"))
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
