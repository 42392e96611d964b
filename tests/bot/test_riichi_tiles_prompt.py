"""The riichi tiles reply's prompt, in each language, names the words its reader takes: the
example's dora word and the nuki words (spec riichi.md §1.3 ``dora_indicators``,
``nuki_dora``); a Chinese chat reads 宝牌 / 寶牌 and 拔北, never the romaji (issue 25: no
English in a Chinese chat)."""

from __future__ import annotations

import re

import pytest

from bot.entry.wizard.steps.riichi_tiles import read
from bot.i18n import Translator

LANGS = ("en", "zh_Hans", "zh_Hant", "ja")


def prompt(lang: str) -> str:
    from bot.entry import wizard

    _step, data = wizard.new_state(
        ruleset="riichi",
        options={},
        players=["p1", "p2", "p3", "p4"],
        names={"p1": "Ann", "p2": "Ben", "p3": "Cy", "p4": "Di"},
        dealer="p1",
    )
    data["wins"] = [{"winner": "p1", "from": None, "mode": "tiles"}]
    return wizard.render("tiles.0", data, Translator(lang)).text


@pytest.mark.parametrize("lang", LANGS)
def test_the_example_in_the_prompt_reads_back(lang: str) -> None:
    text = prompt(lang)
    example = re.search(
        r"([0-9mpsz()\[\]]+ [0-9][mpsz] (?:dora|宝牌|寶牌|ドラ) [0-9]+[mpsz])", text
    )
    assert example, text
    tiles = read(example.group(1), self_drawn=True, prevalent="E")
    assert tiles["dora_indicators"] == "3m" and tiles["win_tile"] == "2z"
    if lang.startswith("zh"):
        assert not re.search(r"\b(?:dora|ura|nuki)\b", text), text


@pytest.mark.parametrize(
    ("lang", "said"),
    [("en", "nuki 2"), ("zh_Hans", "拔北 2"), ("zh_Hant", "拔北 2"), ("ja", "抜きドラ 2")],
)
def test_the_nuki_word_each_prompt_names_is_read(lang: str, said: str) -> None:
    assert said.split()[0] in prompt(lang)
    tiles = read("234m567p345s(7777s)2z 2z " + said, self_drawn=True, prevalent="E")
    assert tiles["nuki_dora"] == 2


@pytest.mark.parametrize("word", ["ura", "裏ドラ", "裏", "里宝牌", "裡寶牌", "裏寶牌", "裏宝牌"])
def test_every_ura_dora_word_reads_the_ura_indicators(word: str) -> None:
    """裏寶牌 (the hand card's zh_Hant label) was read as 裏 + a dora word: its tiles went to
    the dora indicators."""
    tiles = read(f"234m567p345s(7777s)2z 2z 寶牌 3m {word} 9p", self_drawn=True, prevalent="E")
    assert (tiles["dora_indicators"], tiles["ura_dora_indicators"]) == ("3m", "9p")
