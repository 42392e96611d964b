"""The examples ``/hand`` shows with no text (issue 23 point 3): in the table's ruleset (every
preset) and language, each one read back by the parser into a hand the scoring core settles;
a win off a discard and a self-drawn one where the table plays both; no riichi word (ron,
tsumo) in an English example; Hong Kong's in its own terms (番 / faan, 食), none of Jiangxi's
(精, 德国). Players 11 12 13 14, 11 deals."""

from __future__ import annotations

import re
from typing import Any

import pytest

import scoring
from bot.entry import phrase
from bot.entry.phrase.vocab import TableInfo
from bot.i18n import Translator

P = ("11", "12", "13", "14")
NAMES = {
    "en": dict(zip(P, ("Alice", "Bob", "Carol", "Dave"), strict=True)),
    "zh_Hans": dict(zip(P, ("老王", "小红", "阿明", "老李"), strict=True)),
    "zh_Hant": dict(zip(P, ("老王", "小紅", "阿明", "老李"), strict=True)),
}


def tables() -> list[tuple[str, dict[str, Any], str]]:
    out = []
    for rs in scoring.registry.all_rulesets():
        if 4 not in rs.players:
            continue
        for options in [{}] + [{"preset": p.id} for p in rs.presets]:
            if options.get("preset") == "sanma":  # riichi's three-player preset: 4 seated here
                continue
            for lang in ("en", "zh_Hans", "zh_Hant"):
                out.append((rs.id, options, lang))
    return out


@pytest.mark.parametrize(("rs", "options", "lang"), tables())
def test_every_example_is_a_hand(rs: str, options: dict[str, Any], lang: str) -> None:
    info = TableInfo(rs, options, P, NAMES[lang], "11")
    lines = phrase.examples(info, lang)
    assert lines, (rs, options, lang)
    for line in lines:
        record = phrase.parse(line, info, Translator(lang))
        assert len(record.wins) == 1
        scoring.settle(record)
        if lang == "en" and rs != "riichi":  # riichi's own words are ron and tsumo (#27)
            assert not re.search(r"\b(ron|tsumo|zimo)\b", line), line
    hows = {phrase.parse(t, info).wins[0].discarder is None for t in lines}
    if len(lines) == 2:
        assert hows == {True, False}, lines  # one on a discard, one self-drawn


def test_hong_kong_examples_are_in_its_own_terms() -> None:
    for lang in ("zh_Hans", "zh_Hant", "en"):
        text = " ".join(phrase.examples(TableInfo("hongkong", {}, P, NAMES[lang], "11"), lang))
        assert ("番" if lang != "en" else "faan") in text, text
        assert not re.search("精|德国|德國|wild", text), text
    zh = phrase.examples(TableInfo("hongkong", {}, P, NAMES["zh_Hant"], "11"), "zh_Hant")
    assert any(" 食 " in t for t in zh), zh  # 食糊: P 食 Q


def test_guangdong_plays_no_discard_win_by_default_so_its_example_is_self_drawn() -> None:
    # guangdong.py: discard wins off by default (the table plays self-drawn wins only)
    lines = phrase.examples(TableInfo("guangdong", {}, P, NAMES["en"], "11"), "en")
    assert lines and all("self-drawn" in t for t in lines), lines
