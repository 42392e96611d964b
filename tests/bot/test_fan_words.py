"""The fan keypad and checklist speak the ruleset's own unit (issue 16): 台 / tai for Taiwan
(spec taiwan.md "台數") and Singapore (singapore.md "tai (台)"), 番 / faan for Hong Kong
(hongkong.md "番 faan"), in English, Simplified and Traditional Chinese; a ruleset that
declares no word (Guobiao) keeps "Total fan" / 总番数."""

from __future__ import annotations

import pytest

from bot.entry import wizard
from bot.i18n import translator
from scoring.record import HandRecord

P = ["a", "b", "c", "d"]

# ruleset, lang, the mode buttons, the keypad prompt at 5, the win's value on the preview
CASES = [
    ("taiwan", "en", ("Total tai", "Tai checklist"), "Total tai: 5", "5 tai"),
    ("taiwan", "zh_Hans", ("总台数", "逐项勾选台数"), "总台数：5", "5 台"),
    ("taiwan", "zh_Hant", ("總台數", "逐項勾選台數"), "總台數：5", "5 台"),
    ("singapore", "en", ("Total tai", "Tai checklist"), "Total tai: 5", "5 tai"),
    ("singapore", "zh_Hant", ("總台數", "逐項勾選台數"), "總台數：5", "5 台"),
    ("hongkong", "en", ("Total faan", "Faan checklist"), "Total faan: 5", "5 faan"),
    ("hongkong", "zh_Hans", ("总番数", "逐项勾选番数"), "总番数：5", "5 番"),
    ("hongkong", "zh_Hant", ("總番數", "逐項勾選番數"), "總番數：5", "5 番"),
    ("guobiao", "en", ("Total fan", "Fan checklist"), "Total fan: 5", "5 fan"),
    ("guobiao", "zh_Hans", ("总番数", "逐项勾选番种"), "总番数：5", "5 番"),
]


def draft(ruleset: str) -> dict:
    win = {"winner": "b", "from": "c", "robbed_kong": False, "flags": [], "fan": 5}
    rec = HandRecord.from_json(
        {"ruleset": ruleset, "players": P, "dealer": "a", "result": "win", "wins": [win]}
    )
    return wizard.from_record(rec, dict(zip(P, ("A", "B", "C", "D"), strict=True)))


@pytest.mark.parametrize(("ruleset", "lang", "modes", "prompt", "value"), CASES)
def test_fan_words(ruleset: str, lang: str, modes: tuple[str, str], prompt: str, value: str):
    tr = translator(lang)
    data = draft(ruleset)
    labels = [b.label for row in wizard.render("mode.0", data, tr).rows for b in row]
    assert list(modes) == labels[:2]
    # the prompt's running total line (the keypad states the ruleset's minimum under it, #23)
    assert prompt in wizard.render("fan.0", data, tr).text.splitlines()
    editor = [b.label for row in wizard.editor_rows(data, tr) for b in row]
    assert "✏️ " + value in editor
    # the checklist's running total in the same word (0 ticked so far)
    data["wins"][0].update(mode="fans", fan=None, fans=None)
    lines = wizard.render("fans.0", data, tr).text.splitlines()
    tick = next(ln for ln in lines if "so far" in ln or "目前" in ln)
    generic = {"en": "Tick the fans (0 points so far):", "zh_Hans": "勾选番种（目前 0 番）："}
    if ruleset == "guobiao":
        assert tick == generic[lang]
    else:
        word = value.split(" ", 1)[1]
        own = {"en": f"Tick what the hand has (0 {word} so far):"}
        assert tick == own.get(
            lang, f"{'勾選' if lang == 'zh_Hant' else '勾选'}牌型（目前 0 {word}）："
        )
