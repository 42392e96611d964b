"""Explanations read like a fan list, not like code; names are the names people use (issue 25
point 6: "2^(self-drawn 1 + dealer 1) = 4" → "Self-drawn 1 · Dealer 1 → ×4", "半辣上
m(6)=16×2^1=32" → "6番 → 32份（半辣上）"; "a variant named after its source ('Nanchang (ZS /
NCX)') … a ruleset named by its formula ('Points (base × 2^fan, capped)')").

Random settling records of every ruleset (but riichi, which has its own owner) are settled and
every step, in both languages, is checked for formula notation (``2^``, ``m(F)``, variables
such as ``H=``, ``P=``, ``k=``, ``4m``) and for source codes (``(H6)``, ``G1``, ``seed L140``);
every ruleset, preset and option choice name for formulas and source codes.
"""

from __future__ import annotations

import re
from random import Random

import pytest

from scoring import RecordError, all_rulesets, settle
from scoring.testing import random_settling_record

IDS = [rs.id for rs in all_rulesets() if rs.id != "riichi"]

#: formula notation a person should not have to read
FORMULA = re.compile(r"\^|\bm\(\d|\b[HPSZMk] ?= ?\d|\b\d+[mMk]\b|\d+k=")
#: source codes of the specs (H6, G1, C2, SG9, T2, ZS, NCX, QQB) and seed line numbers
SOURCE = re.compile(r"\b(?:[HGCSTL]|SG|GD|XZ)\d+\b|\b(?:ZS|NCX|QQB)\b|seed L\d|第\d+行")


@pytest.mark.parametrize("ruleset_id", IDS)
def test_steps_have_no_formula_notation_or_source_codes(ruleset_id: str) -> None:
    rs = next(r for r in all_rulesets() if r.id == ruleset_id)
    rng = Random(25_6)
    seen = 0
    for _ in range(300):
        rec = random_settling_record(rs, rng)
        try:
            s = settle(rec)
        except RecordError:
            continue
        seen += 1
        for st in s.explanation:
            for text in (st.zh, st.en):
                assert not FORMULA.search(text), text
                assert not SOURCE.search(text), text
    assert seen > 100


@pytest.mark.parametrize("ruleset_id", IDS)
def test_names_have_no_formula_or_source(ruleset_id: str) -> None:
    rs = next(r for r in all_rulesets() if r.id == ruleset_id)
    names = [rs.zh, rs.en, rs.zh_hant]
    names += [n for p in rs.presets for n in (p.zh, p.en, p.zh_hant)]
    names += [n for o in rs.options for c in o.choices or () for n in (c.zh, c.en, c.zh_hant)]
    for name in names:
        assert "^" not in name, name
        assert not SOURCE.search(name), name


def test_the_three_examples_of_the_issue() -> None:
    # "Self-drawn 1 · Dealer 1 → ×4" (Xingguo: a dealer's plain self-draw, each pays 2^2)
    r = {"ruleset": "xingguo", "players": ["a", "b", "c", "d"], "dealer": "a", "result": "win",
         "wins": [{"winner": "b", "from": None, "shape": "plain_win"}], "options": {},
         "counts": {"primary_wild": {"b": 1}}, "events": []}  # fmt: skip
    s = settle(r)
    assert "a（庄家）：自摸1 · 庄1 → ×4" in [st.zh for st in s.explanation]
    assert "a (dealer): Self-drawn 1 · Dealer 1 → ×4" in [st.en for st in s.explanation]
    # "Alice holds every wild (霸精) → ×2": b alone holds a 精 (1 正精 = 2 points, ×2 = 4)
    assert any("b holds every wild (霸精) → ×2 = 4" in st.en for st in s.explanation)
    assert any("b独得全部精（霸精）→ ×2 = 4" in st.zh for st in s.explanation)
    # "6 faan → 32 units (half-spicy)" / "6番 → 32份（半辣上）" (hongkong.md §2: 16 × 2^1)
    r = {"ruleset": "hongkong", "players": ["a", "b", "c", "d"], "dealer": "a", "result": "win",
         "wins": [{"winner": "b", "from": "c", "fan": 6}], "options": {}, "counts": {},
         "events": []}  # fmt: skip
    s = settle(r)
    assert "6 faan → 32 units (half-spicy)" in s.explanation[0].en
    assert "6番 → 32份（半辣上）" in s.explanation[0].zh
