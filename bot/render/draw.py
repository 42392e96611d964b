"""Layout and drawing of the three images (work in progress: placeholder renderer)."""

from __future__ import annotations

import io

from PIL import Image

from bot.render.views import HandCardView, ScoreboardView, SettlementImageView


def _blank() -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", (1080, 200), "white").save(buf, "PNG", optimize=True)
    return buf.getvalue()


def render_scoreboard(view: ScoreboardView, lang: str) -> bytes:
    return _blank()


def render_settlement(view: SettlementImageView, lang: str) -> bytes:
    return _blank()


def render_hand_card(view: HandCardView, lang: str) -> bytes:
    return _blank()
