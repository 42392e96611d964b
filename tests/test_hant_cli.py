"""The command line speaks the bot's three languages: ``--lang en|zh_Hans|zh_Hant`` on
``calc``, ``rules`` and ``gb-fans`` (``zh`` = zh_Hans); zh_Hant text holds no Simplified-only
character, and JSON output is the same in every language."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import scoring
from bot.i18n import Translator
from scoring.hant import simplified_only, to_hant

ROOT = Path(__file__).resolve().parents[1]

# Seed 000 line 126, 兴国 (XG-C10 in shared/rules/jiangxi-chongguan.md §5.5): "闲家点闲家德国大七：
# 16+21+8=45" — bob wins a 德国 大七对 on carol's discard, alice deals.
XG_C10: dict[str, Any] = {
    "ruleset": "xingguo",
    "players": ["alice", "bob", "carol", "dave"],
    "dealer": "alice",
    "result": "win",
    "wins": [{"winner": "bob", "from": "carol", "shape": "big_seven_pairs", "flags": ["no_wild"]}],
}
# gb-fans: scoring/gb/notation.py USAGE_EXAMPLES, 花龙 8 + 门前清 2 + 幺九刻 1 + 单钓将 1 = 12
GB_HAND = ("123m456p789s11z222z", "--win", "1z")


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot.cli", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        check=False,
    )


def test_calc_in_traditional_chinese() -> None:
    res = run("calc", "-", "--lang", "zh_Hant", stdin=json.dumps(XG_C10))
    assert res.returncode == 0, res.stderr
    text = res.stdout
    assert simplified_only(text) == [], simplified_only(text)
    rs = scoring.get("xingguo")
    assert text.splitlines()[0] == f"{Translator('zh_Hant').name(rs)} (xingguo)"
    assert "興國" in text.splitlines()[0]
    assert "carol → bob: 21" in text and "點炮者付" in text  # the reason's name, not its id
    assert "discarder_share" not in text
    for step in scoring.settle(scoring.HandRecord.from_json(XG_C10)).explanation:
        assert step.text("zh_Hant") in text
        assert step.text("zh_Hant") == to_hant(step.zh)


def test_zh_is_zh_hans_and_json_is_the_same_in_every_language() -> None:
    stdin = json.dumps(XG_C10)
    zh = run("calc", "-", "--lang", "zh", stdin=stdin)
    hans = run("calc", "-", "--lang", "zh_Hans", stdin=stdin)
    assert zh.returncode == hans.returncode == 0
    assert zh.stdout == hans.stdout and "兴国" in hans.stdout
    outs = {
        run("calc", "-", "--json", "--lang", lang, stdin=stdin).stdout for lang in ("en", "zh_Hant")
    }
    assert len(outs) == 1


@pytest.mark.parametrize("ruleset", [rs.id for rs in scoring.all_rulesets()])
def test_rules_in_traditional_chinese(ruleset: str) -> None:
    res = run("rules", ruleset, "--lang", "zh_Hant")
    assert res.returncode == 0, res.stderr
    assert simplified_only(res.stdout) == [], simplified_only(res.stdout)
    rs = scoring.get(ruleset)
    assert res.stdout.startswith(f"{ruleset}: {Translator('zh_Hant').name(rs)}\n")


def test_rules_list_in_each_language() -> None:
    hant = run("rules", "--lang", "zh_Hant").stdout
    en = run("rules", "--lang", "en").stdout
    both = run("rules").stdout
    assert simplified_only(hant) == []
    rs = scoring.get("guobiao")
    assert Translator("zh_Hant").name(rs) in hant and rs.zh not in hant
    assert rs.en in en and rs.zh not in en
    assert f"{rs.zh} / {rs.en}" in both  # without --lang: both, as before


def test_gb_fans_in_traditional_chinese() -> None:
    res = run("gb-fans", *GB_HAND, "--lang", "zh_Hant")
    assert res.returncode == 0, res.stderr
    assert simplified_only(res.stdout) == []
    assert "花龍: 8" in res.stdout and "門前清: 2" in res.stdout and "合計 12 番" in res.stdout
    hans = run("gb-fans", *GB_HAND, "--lang", "zh_Hans").stdout
    assert "花龙: 8" in hans and hans == run("gb-fans", *GB_HAND, "--lang", "zh").stdout
    js = {run("gb-fans", *GB_HAND, "--json", "--lang", lang).stdout for lang in ("en", "zh_Hant")}
    assert len(js) == 1  # the JSON keeps the contract's name_zh


def test_an_unknown_language_is_refused() -> None:
    res = run("calc", "-", "--lang", "fr", stdin=json.dumps(XG_C10))
    assert res.returncode == 2
    assert "zh_Hant" in res.stderr


def test_calc_names_the_pot() -> None:
    """Hong Kong's false-win fine is paid into nothing (H6): calc says 公池 / the pot."""
    from tests.test_hant_night import pot_hands

    found = pot_hands()
    if not found:
        pytest.skip("no registered ruleset pays into nothing")
    stdin = json.dumps(found[0][1].to_json())
    for lang, pot in (("zh_Hant", "公池"), ("en", "the pot")):
        out = run("calc", "-", "--lang", lang, stdin=stdin).stdout
        assert pot in out and not re.search(r"\bpot\b", out.replace(pot, "")), out
