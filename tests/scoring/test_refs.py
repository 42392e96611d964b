"""scoring.refs: name references of declared items (issue 15 point 1: "Settle once, name at
display time. Explanation steps … carry structured references … rule/fan/reason ids with
their zh/zh_Hant/en names declared by the ruleset").

The oracle is the plain settlement (``scoring.settle``, the contract's): settled with
references on and resolved in zh and en, every step reads word for word as the plain one.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import scoring
from scoring import refs
from scoring.hant import to_hant
from scoring.testing import random_records

RULESETS = scoring.all_rulesets()


def ref_settle(record: scoring.HandRecord) -> scoring.Settlement:
    with refs.referencing(record.ruleset):
        return scoring.settle(record)


@pytest.mark.parametrize("rs", RULESETS, ids=lambda rs: rs.id)
@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_resolved_references_read_as_the_plain_explanation(rs, seed):
    for record in random_records(rs, 6, seed=seed):
        try:
            plain = scoring.settle(record)
        except scoring.RecordError:
            continue
        got = ref_settle(record)
        assert got.payments == plain.payments and dict(got.net) == dict(plain.net)
        assert [refs.resolve_pair(s.zh, s.en) for s in got.explanation] == [
            (s.zh, s.en) for s in plain.explanation
        ], record
        assert not any(refs.OPEN in s.zh + s.en for s in plain.explanation)


@pytest.mark.parametrize("rs", RULESETS, ids=lambda rs: rs.id)
def test_each_ruleset_references_its_names(rs):
    """Every ruleset's stored explanations name declared items by reference."""
    found = 0
    for record in random_records(rs, 60, seed=7):
        try:
            st_ = ref_settle(record)
        except scoring.RecordError:
            continue
        found += sum(s.zh.count(refs.OPEN) for s in st_.explanation)
    assert found > 0


@pytest.mark.parametrize("rs", RULESETS, ids=lambda rs: rs.id)
def test_every_paid_reason_has_declared_names(rs):
    """No payment reason falls back to the generic "payment": each id is declared."""
    seen: set[str] = set()
    for record in random_records(rs, 200, seed=11):
        try:
            st_ = scoring.settle(record)
        except scoring.RecordError:
            continue
        seen.update(p.reason for p in st_.payments)
    missing = {r for r in seen if refs.reason_names(rs, r) is None}
    assert not missing
    for r in seen:
        zh, _, en = refs.reason_names(rs, r) or ("", "", "")
        assert zh and en and zh != en


def test_plain_outside_the_block_references_inside_and_reset_after_an_error():
    assert refs.name("shape", "big_seven_pairs", "大七", "big seven pairs") == (
        "大七",
        "big seven pairs",
    )
    with pytest.raises(scoring.RecordError), refs.referencing("xingguo"):
        r = refs.ref("xingguo", "shape", "big_seven_pairs")
        assert refs.name("shape", "big_seven_pairs", "大七", "x") == (r, r)
        raise scoring.RecordError("x", "y")
    assert refs.active() is None


def test_resolution_by_language_and_form():
    """xingguo's shape big_seven_pairs is declared 大七对 / "Big seven pairs" (jiangxi.py
    SHAPES) with no Traditional name: zh_Hant converts it; the ``lower`` form writes it
    inside a sentence."""
    decl = scoring.get("xingguo").shape("big_seven_pairs")
    assert decl is not None and decl.zh_hant == ""
    r = refs.ref("xingguo", "shape", "big_seven_pairs")
    low = refs.ref("xingguo", "shape", "big_seven_pairs", "lower")
    assert refs.resolve(f"{r}·{low}", "zh") == f"{decl.zh}·{decl.zh}"
    assert refs.resolve(f"{r}·{low}", "en") == f"{decl.en}·{decl.en.lower()}"
    assert refs.resolve(r, "zh_Hant") == to_hant(decl.zh) != decl.zh
    # Hong Kong declares its Traditional names: the declared one is shown
    hk = refs.ref("hongkong", "fan", "qing_yao_jiu")
    assert refs.resolve(hk, "zh_Hant") == "清么九"


def test_an_item_no_longer_declared_shows_words_never_the_marker():
    for r in (refs.ref("xingguo", "shape", "gone_shape"), refs.ref("no_such", "fan", "x_y")):
        for lang in ("zh", "zh_Hant", "en"):
            out = refs.resolve(f"a {r} b", lang)
            assert refs.OPEN not in out and refs.CLOSE not in out
    assert refs.resolve(refs.ref("xingguo", "shape", "gone_shape"), "en") == "gone shape"
