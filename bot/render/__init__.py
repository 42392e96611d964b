"""Images for the table: scoreboard, night settlement, hand card (Pillow, PNG bytes).

Public API (``lang`` is a language of :mod:`bot.i18n`: ``"en"``, ``"zh_Hans"`` (or ``"zh"``)
or ``"zh_Hant"``; every word drawn goes through its :class:`~bot.i18n.Translator`)::

    render_scoreboard(view: ScoreboardView, lang: str) -> bytes
    render_settlement(view: SettlementImageView, lang: str) -> bytes
    render_hand_card(view: HandCardView, lang: str) -> bytes

Every function returns a PNG about 1080 px wide, deterministic (same input, same bytes) and
under 300 KB. Names are arbitrary user text: unknown characters fall back through a chain of
bundled fonts and long names are cut with an ellipsis; rendering never raises on text.
"""

from bot.render.draw import render_hand_card, render_scoreboard, render_settlement
from bot.render.money import format_money
from bot.render.views import (
    FanLine,
    HandCardView,
    NetLine,
    NetPart,
    PaymentLine,
    ScoreboardView,
    SeatLine,
    SettlementImageView,
    TileHandView,
    TransferLine,
    TrendSeries,
)

__all__ = [
    "FanLine",
    "HandCardView",
    "NetLine",
    "NetPart",
    "PaymentLine",
    "ScoreboardView",
    "SeatLine",
    "SettlementImageView",
    "TileHandView",
    "TransferLine",
    "TrendSeries",
    "format_money",
    "render_hand_card",
    "render_scoreboard",
    "render_settlement",
]
