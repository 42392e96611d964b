"""/newtable's option buttons say the unit of every number (#26.4: "'Base stake: 1' has no
unit"; "option buttons: name and current value, the value kept when the name is shortened;
units on every number"), in en, zh_Hans, zh_Hant and ja."""

from __future__ import annotations

import re

import pytest

import scoring
from bot import setup
from bot.entry import cells
from bot.i18n import Translator

LANGS = ["en", "zh_Hans", "zh_Hant", "ja"]
BARE = re.compile(r": -?[\d,]+$")  # a number and nothing after it


def options_screen(ruleset: str) -> tuple[str, dict]:
    step, data = setup.new_setup("table")
    step = setup.apply(step, data, "rs", str(data["choices"].index(ruleset)))
    while step == "preset":
        step = setup.apply(step, data, "ps", "0")
    assert step == "options"
    return step, data


def number_labels(step: str, data: dict, tr: Translator) -> list[str]:
    """The labels of the numbers' rows (the row above ➖ ➕)."""
    rows = setup.render(step, data, tr).rows
    return [
        rows[i - 1][0].label
        for i, row in enumerate(rows)
        if row and row[0].action == "o-" and rows[i - 1][0].action == "pg"
    ]


def test_every_whole_number_option_has_a_unit() -> None:
    missing = [
        f"{rs.id}.{o.id}"
        for rs in scoring.all_rulesets()
        for o in rs.options
        if o.kind == "int"
        and f"{rs.id}:{o.id}" not in setup.INT_UNITS
        and o.id not in setup.INT_UNITS
    ]
    assert missing == []


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("ruleset", [rs.id for rs in scoring.all_rulesets()])
def test_the_options_screen_shows_each_number_with_its_unit(ruleset: str, lang: str) -> None:
    tr = Translator(lang)
    step, data = options_screen(ruleset)
    rs = scoring.get(ruleset)
    labels = number_labels(step, data, tr)
    assert len(labels) == sum(o.kind == "int" and o.important for o in rs.options)
    for label in labels:
        assert not BARE.search(label), label
        assert cells.width(label) <= 36, label  # alone in its row (#26.1)


@pytest.mark.parametrize(
    ("lang", "label"),
    [
        ("en", "Base stake: 1 zi"),  # the "Base stake: 1"
        ("zh_Hans", "底分: 1子"),
        ("zh_Hant", "底分: 1子"),
        ("ja", "底点: 1子"),
    ],
)
def test_nanchang_s_base_stake_is_in_zi(lang: str, label: str) -> None:
    step, data = options_screen("nanchang")
    assert label in number_labels(step, data, Translator(lang))


def test_a_number_keeps_its_unit_when_it_changes() -> None:
    tr = Translator("en")
    step, data = options_screen("nanchang")
    base = next(i for i, o in enumerate(scoring.get("nanchang").options) if o.id == "base")
    step = setup.apply(step, data, "o+", str(base))
    assert "Base stake: 2 zi" in number_labels(step, data, tr)


@pytest.mark.parametrize(
    ("ruleset", "option", "value", "lang", "shown"),
    [
        ("guobiao", "min_fan", 8, "en", "8 fan"),
        ("guobiao", "min_fan", 8, "zh_Hans", "8番"),
        ("hongkong", "max_faan", 13, "en", "13 faan"),
        ("hongkong", "max_faan", 13, "zh_Hant", "13番"),
        ("taiwan", "di", 30, "en", "30 dollars"),
        ("taiwan", "di", 1, "en", "1 dollar"),
        ("taiwan", "cap_tai", 0, "zh_Hant", "0台"),
        ("singapore", "max_tai", 5, "en", "5 tai"),
        ("guangdong", "mult_full_flush", 2, "en", "×2"),
        ("guangdong", "horses", 4, "zh_Hans", "4马"),
        ("guangdong", "horses", 1, "en", "1 horse"),
        ("changsha", "birds", 2, "en", "2 tiles"),
        ("riichi", "start_points", 25000, "en", "25,000 points"),
        ("riichi", "start_points", 25000, "ja", "25000点"),
        ("riichi", "uma_1", 15, "en", "15,000 points"),  # uma in thousands
        ("riichi", "rate", 50, "ja", "¥50"),  # money per 1,000 points, whole yen/yuan
        ("suzhou", "base", 1, "zh_Hans", "1银子"),
        ("wenling", "limit", 640, "en", "640胡"),
        ("wenling", "base", 1, "en", "×1"),  # the 胡 score times the base
    ],
)
def test_units_by_kind(ruleset: str, option: str, value: int, lang: str, shown: str) -> None:
    rs = scoring.get(ruleset)
    got = setup.option_number(rs, option, value, Translator(lang), setup.customary(ruleset))
    assert got == shown
