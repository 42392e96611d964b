"""Images (bot.render) for /board, /settle, /explain, /season and /me: the view model comes
from the presentation layer (:mod:`bot.present`, the same functions ``render-samples`` uses),
and it is built and drawn off the event loop; a failure to draw never stops the text answer
(it is logged and the photo is skipped)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from bot import present
from bot.context import Ctx, Who
from scoring.record import Settlement
from storage.views import HandView, SettleView, StandingsView, TableView

if TYPE_CHECKING:
    from bot.render.season import RiichiRanksView
    from storage.seasons import PlayerHistory, SeasonBoard

log = logging.getLogger(__name__)


def _enabled(context: Ctx) -> bool:
    return bool(context.application.bot_data.get("images", True))


async def _draw(
    draw: Callable[[Any, str], bytes], build: Callable[[], Any], lang: str
) -> bytes | None:
    """``draw(build(), lang)`` in a worker thread; None (logged) if either fails."""

    def run() -> bytes:
        return draw(build(), lang)

    try:
        return await asyncio.to_thread(run)
    except Exception:
        log.exception("drawing %s failed", getattr(draw, "__name__", draw))
        return None


async def scoreboard(
    context: Ctx, w: Who, table: TableView, st: StandingsView, *, game: str = ""
) -> bytes | None:
    """``game``: a riichi table's round, honba and sticks (bot.riichi_view), in the header."""
    if not _enabled(context):
        return None
    from bot import render

    def build() -> Any:
        view = present.scoreboard(table, st, w.tr)
        if not game:
            return view
        return replace(view, ruleset_name=" · ".join(x for x in (view.ruleset_name, game) if x))

    return await _draw(render.render_scoreboard, build, w.tr.lang)


async def settlement(
    context: Ctx, w: Who, table: TableView, sv: SettleView, st: StandingsView
) -> bytes | None:
    if not _enabled(context):
        return None
    from bot import render

    return await _draw(
        render.render_settlement,
        lambda: present.night_settlement(table, sv, st, w.tr),
        w.tr.lang,
    )


async def hand_card(
    context: Ctx,
    w: Who,
    table: TableView,
    hand: HandView,
    names: Mapping[str, str],
    shown: Settlement,
) -> bytes | None:
    if not _enabled(context):
        return None
    from bot import render

    return await _draw(
        render.render_hand_card,
        lambda: present.hand_card(table, hand, names, shown, w.tr),
        w.tr.lang,
    )


async def season_card(
    context: Ctx, w: Who, board: SeasonBoard, chat_title: str, riichi: RiichiRanksView | None = None
) -> bytes | None:
    """/season's leaderboard card (None without a night in the season); ``riichi``: the
    riichi ranks' section (``bot.riichi_view.season_view``), if the season has riichi games."""
    if not _enabled(context) or not board.lines:
        return None
    from bot.render.season import SeasonWithRiichi, render_season_card

    return await _draw(
        render_season_card,
        lambda: SeasonWithRiichi(present.season_card(board, chat_title, w.tr), riichi),
        w.tr.lang,
    )


async def player_card(context: Ctx, w: Who, h: PlayerHistory, chat_title: str) -> bytes | None:
    """/me's card (None without a night); ``chat_title`` names the group ("" in private)."""
    if not _enabled(context) or not h.night_count:
        return None
    from bot.render.season import render_player_card

    return await _draw(
        render_player_card,
        lambda: present.player_card(h, w.tr, scope=chat_title, private=w.private),
        w.tr.lang,
    )
