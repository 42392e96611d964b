"""子 is "zi (points)" in English where the unit is introduced (issue 25.3: "One name per unit
and per term, defined once with the ruleset (子 / zi explained in English as "zi (points)")",
"used by every surface"): the gloss is the ruleset's declaration (``Ruleset.unit_gloss_en``),
and the chat's stake line, /rules, the settlement image's stake line and the Mini App's board
all say it; Chinese and Japanese name the unit in their own words, with no gloss."""

from __future__ import annotations

import pytest

import scoring
from bot import present
from bot.i18n import translator
from bot.render import render_settlement
from bot.web.api import table_json
from tests.render.test_one_name import drawn
from tests.render.test_units_and_counts import _settle_view, _standings, _table


def test_the_gloss_is_declared_with_the_ruleset() -> None:
    # scoring/rulesets/jiangxi.py: the three Jiangxi rulesets count in 子, said "zi"
    for rs_id in ("nanchang", "xingguo", "taihe"):
        rs = scoring.get(rs_id)
        assert (rs.unit_zh, rs.unit_en, rs.unit_gloss_en) == ("子", "zi", "points"), rs_id
    # a unit that is an English word needs none
    assert scoring.get("points").unit_gloss_en == "" == scoring.get("hongkong").unit_gloss_en


@pytest.mark.parametrize(
    ("lang", "stake_words", "unit"),
    [("en", "¥0.50 per zi (points)", "zi"), ("zh_Hans", "每子¥0.50", "子"),
     ("zh_Hant", "每子¥0.50", "子"), ("ja", None, "子")],
)  # fmt: skip
def test_every_surface_introduces_zi_alike(
    monkeypatch: pytest.MonkeyPatch, lang: str, stake_words: str | None, unit: str
) -> None:
    tr = translator(lang)
    t = _table("xingguo", 50)
    view = present.night_settlement(t, _settle_view(50), _standings(), tr)
    texts = drawn(monkeypatch, render_settlement, view, lang)
    stake = [s for s in texts if "0.50" in s]
    assert stake, texts
    if stake_words:
        assert any(stake_words in s for s in stake), stake
    assert all("points" not in s for s in stake) or lang == "en", stake
    # the amounts' unit is the plain name (the gloss only where the unit is introduced)
    assert any(s.endswith(unit) and not s.endswith(")") for s in texts), texts
    # the chat's stake line and /rules, the Mini App's board
    line = present.stake_text("xingguo", 50, "CNY", tr)
    assert ("zi (points)" in line) == (lang == "en"), line
    assert present.unit_explained("xingguo", tr) == ("zi (points)" if lang == "en" else unit)
    board = table_json(t, None, tr, 0)
    assert board["unit"] == unit
    assert board["per_unit"] == ("zi (points)" if lang == "en" else unit)
