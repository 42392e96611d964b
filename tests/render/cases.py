"""The images the render tests draw: each kind for 2, 3 and 4 players, 0, 1 and 200 hands,
Chinese and English, plus the awkward names (the Guobiao tiles card: four players only, as the
ruleset). Every night is recorded into a real ledger and its views built by the bot's own
presentation layer (``bot.render.samples`` → :mod:`bot.present`, as /board, /settle and
/explain build them). ``GOLDEN`` is the reviewed subset kept as golden PNGs
(``regen_golden.py`` rewrites them deliberately)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from bot.render import render_hand_card, render_scoreboard, render_settlement
from bot.render.samples import (
    EN_NAMES,
    ZH_NAMES,
    guobiao_card_view,
    hand_card_view,
    sample_hands,
    scoreboard_view,
    settlement_view,
)

NASTY_NAMES = (
    "👨‍👩‍👧‍👦 Family of 🀄🀄 and 🔥",  # ZWJ emoji sequence + tiles + emoji
    "שלום עליכם and مرحبا بالعالم",  # right-to-left scripts, mixed with Latin
    "W" * 90,  # very long, no space to break at
    "Z̴̡̧̛͍̘a̵̛͙l̸̢̰g̵͕o̶̜ Zoë e\u0301\u0301\u0301\u0301",  # stacked combining marks
    "\u202eevil\u202c\x00\x07\ud800𠜎𠜱 한국어 日本語のなまえ",  # bidi override, controls,
    # a lone surrogate, CJK Extension B (not in the subset), Korean, Japanese
)
LONG_ZH = "欧阳" + "非常非常长的名字" * 6

Case = tuple[str, Callable[[], bytes]]


def _names(n: int, lang: str, nasty: bool) -> tuple[str, ...]:
    if nasty:
        pool = NASTY_NAMES if lang == "en" else (LONG_ZH, *NASTY_NAMES[:3])
        return tuple(pool[:n])
    return (ZH_NAMES if lang == "zh" else EN_NAMES)[:n]


def all_cases() -> dict[str, Callable[[], bytes]]:
    cases: dict[str, Callable[[], bytes]] = {}
    for lang in ("en", "zh"):
        for players in (2, 3, 4):
            for n_hands in (0, 1, 200):
                for nasty in (False, True):
                    names = _names(players, lang, nasty)
                    hands = sample_hands(players, n_hands)
                    tag = f"{lang}_{players}p_{n_hands}h{'_nasty' if nasty else ''}"
                    sb = scoreboard_view(names, hands, lang, money=players != 3)
                    st = settlement_view(names, hands, lang, money=players != 3)
                    cases[f"scoreboard_{tag}"] = lambda v=sb, lg=lang: render_scoreboard(v, lg)
                    cases[f"settlement_{tag}"] = lambda v=st, lg=lang: render_settlement(v, lg)
                    if n_hands:
                        hc = hand_card_view(names, hands, n_hands, lang)
                        cases[f"hand_{tag}"] = lambda v=hc, lg=lang: render_hand_card(v, lg)
        gb = guobiao_card_view(_names(4, lang, False), lang)  # Guobiao is for four players
        cases[f"hand_guobiao_{lang}_4p"] = lambda v=gb, lg=lang: render_hand_card(v, lg)
        voided = replace(guobiao_card_view(_names(4, lang, True), lang), voided=True)
        cases[f"hand_guobiao_{lang}_nasty_voided"] = lambda v=voided, lg=lang: render_hand_card(
            v, lg
        )
    return cases


GOLDEN = (
    "scoreboard_en_4p_200h",
    "scoreboard_zh_4p_200h",
    "scoreboard_en_2p_0h",
    "scoreboard_zh_3p_1h",
    "scoreboard_en_4p_200h_nasty",
    "scoreboard_zh_4p_1h_nasty",
    "settlement_en_4p_200h",
    "settlement_zh_4p_200h",
    "settlement_en_3p_1h",
    "settlement_zh_2p_0h",
    "settlement_en_4p_200h_nasty",
    "hand_en_4p_200h",
    "hand_zh_3p_1h",
    "hand_en_4p_1h_nasty",
    "hand_guobiao_en_4p",
    "hand_guobiao_zh_4p",
    "hand_guobiao_en_nasty_voided",
)


def patch_drawing(monkeypatch: Any, name: str, fn: Any) -> None:
    """Patch the drawing function ``name`` (``draw_text``, ``draw_value``, ``_tile_block`` …)
    in every module of :mod:`bot.render.draw` that calls it by its own name: the shared look
    and the three renderers (scoreboard, settlement, hand card), so a test sees every string
    handed to the drawing code."""
    import bot.render.draw as look
    from bot.render.draw import hand_card, scoreboard, settlement

    for mod in (look, scoreboard, settlement, hand_card):
        if hasattr(mod, name):
            monkeypatch.setattr(mod, name, fn)
