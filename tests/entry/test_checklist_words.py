"""The Guobiao checklist's running total says its points in the singular for one (issue 26:
"1 points so far"), in every language of the catalogs."""

from __future__ import annotations

import pytest

import scoring
from bot import fan_words
from bot.i18n import Translator


@pytest.mark.parametrize(
    ("lang", "one", "eight"),
    [
        ("en", "(1 point so far)", "(8 points so far)"),
        ("zh_Hans", "（目前 1 番）", "（目前 8 番）"),
        ("zh_Hant", "（目前 1 番）", "（目前 8 番）"),
        ("ja", "（ここまで 1 点）", "（ここまで 8 点）"),
    ],
)
def test_the_checklist_total_is_singular_for_one(lang: str, one: str, eight: str) -> None:
    rs, tr = scoring.get("guobiao"), Translator(lang)
    assert one in fan_words.tick_prompt(rs, tr, 1)
    assert eight in fan_words.tick_prompt(rs, tr, 8)
