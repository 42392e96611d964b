"""Every explanation step of the Chinese rulesets has its Japanese line (issue 27.6: "the bot
in Japanese"; docs/HELPERS.md: "Every settlement carries explanation steps … precise enough
that a person can redo the arithmetic" — so the ja line says the same numbers as the en).

The records: the worked examples of every ruleset, as their golden tests settle them — each
ruleset's test module is run here with its ``settle`` watched (the real ``settle`` runs; the
records and settlements it saw are kept) — and random settling records of every ruleset
(:func:`scoring.testing.random_settling_record`), which reach the steps no example shows.
Riichi has its own owner and tests (tests/scoring/test_riichi_*).
"""

from __future__ import annotations

import importlib
import inspect
import re
from collections import Counter
from collections.abc import Callable, Iterator
from random import Random
from typing import Any

import pytest

from scoring import RecordError, all_rulesets, refs, settle
from scoring.record import HandRecord, Settlement
from scoring.testing import random_settling_record

IDS = [rs.id for rs in all_rulesets() if rs.id != "riichi"]

#: each ruleset's golden-test modules (the Jiangxi family shares test_jiangxi: its golden
#: table has one column per variant)
MODULES: dict[str, tuple[str, ...]] = {
    "changsha": ("test_changsha",),
    "guangdong": ("test_guangdong",),
    "guobiao": ("test_gb_ruleset",),
    "hongkong": ("test_hongkong",),
    "nanchang": ("test_jiangxi",),
    "nanning": ("test_nanning",),
    "points": ("test_points",),
    "sichuan": ("test_sichuan",),
    "singapore": ("test_singapore",),
    "suzhou": ("test_suzhou",),
    "taihe": ("test_jiangxi",),
    "taiwan": ("test_taiwan",),
    "taixing": ("test_taixing",),
    "wenling": ("test_wenling",),
    "xiaoshan": ("test_xiaoshan",),
    "xingguo": ("test_jiangxi",),
    "yichun": ("test_yichun",),
}

DIGITS = re.compile(r"\d+")
#: Japanese: kana or kanji (a ja line is Japanese, not the English copied; "親" alone is)
KANA = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def _numbers(text: str) -> Counter[str]:
    return Counter(DIGITS.findall(text))


def _calls(fn: Callable[..., Any]) -> Iterator[dict[str, Any]]:
    """The keyword arguments of each case of a test function: its parametrize cases (the
    product of stacked marks), or one empty call; none for a hypothesis test or a test that
    takes a fixture."""
    if getattr(fn, "is_hypothesis_test", False):
        return
    cases: list[dict[str, Any]] = [{}]
    for mark in getattr(fn, "pytestmark", ()):
        if mark.name != "parametrize":
            continue
        names, values = mark.args[0], mark.args[1]
        names = [n.strip() for n in names.split(",")] if isinstance(names, str) else list(names)
        rows = []
        for v in values:
            v = v.values if hasattr(v, "values") and hasattr(v, "marks") else v
            rows.append(dict(zip(names, v if len(names) > 1 else (v,), strict=True)))
        cases = [{**c, **r} for c in cases for r in rows]
    params = set(inspect.signature(fn).parameters)
    for case in cases:
        if set(case) == params:
            yield case


def _golden(ruleset_id: str, monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, Settlement]]:
    """(test name, settlement) of every record the ruleset's golden-test modules settle."""
    seen: list[tuple[str, Settlement]] = []
    current = [""]

    def watched(record: dict[str, Any] | HandRecord) -> Settlement:
        s = settle(record)
        rid = record.ruleset if isinstance(record, HandRecord) else record.get("ruleset")
        if rid == ruleset_id:
            seen.append((current[0], s))
        return s

    for name in MODULES[ruleset_id]:
        mod = importlib.import_module(f"tests.scoring.{name}")
        if getattr(mod, "settle", None) is settle:
            monkeypatch.setattr(mod, "settle", watched)
        for fname, fn in vars(mod).items():
            if not fname.startswith("test_") or not callable(fn):
                continue
            for i, kwargs in enumerate(_calls(fn)):
                current[0] = f"{name}::{fname}[{i}]"
                fn(**kwargs)
    return seen


def _random(ruleset_id: str) -> list[tuple[str, Settlement]]:
    rs = next(r for r in all_rulesets() if r.id == ruleset_id)
    rng = Random(27_6)
    out = []
    for i in range(300):
        rec = random_settling_record(rs, rng)
        try:
            out.append((f"random record {i}: {rec.to_json()}", settle(rec)))
        except RecordError:
            continue
    return out


def _problems(ruleset_id: str, where: str, s: Settlement) -> list[str]:
    out = []
    for n, st in enumerate(s.explanation):
        head = f"{ruleset_id} {where} step {n} {st.en!r}"
        if not st.ja:
            out.append(f"{head}: no ja")
        elif not KANA.search(st.ja):
            out.append(f"{head}: ja {st.ja!r} has no Japanese")
        elif _numbers(st.ja) != _numbers(st.en):
            out.append(
                f"{head}: ja {st.ja!r} numbers {sorted(_numbers(st.ja).elements())} ≠ en "
                f"{sorted(_numbers(st.en).elements())}"
            )
    return out


@pytest.mark.parametrize("ruleset_id", IDS)
def test_golden_steps_have_ja_with_the_en_numbers(
    ruleset_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen = _golden(ruleset_id, monkeypatch)
    assert seen, f"{ruleset_id}: its golden tests settled nothing"
    problems = [p for where, s in seen for p in _problems(ruleset_id, where, s)]
    assert not problems, "\n".join(problems[:20]) + f"\n({len(problems)} in all)"


@pytest.mark.parametrize("ruleset_id", IDS)
def test_random_steps_have_ja_with_the_en_numbers(ruleset_id: str) -> None:
    seen = _random(ruleset_id)
    assert len(seen) > 100
    problems = [p for where, s in seen for p in _problems(ruleset_id, where, s)]
    assert not problems, "\n".join(problems[:10]) + f"\n({len(problems)} in all)"


@pytest.mark.parametrize("ruleset_id", IDS)
def test_ja_keeps_the_en_references(ruleset_id: str) -> None:
    # settled for storage (storage.settled.settle_once: refs.referencing), a step names its
    # declared items by reference, named at display time; the ja line names the same items as
    # the en line (the same references, as often), so a renamed item reads alike in both
    rs = next(r for r in all_rulesets() if r.id == ruleset_id)
    rng = Random(27_6)
    problems = []
    seen = 0
    for _ in range(300):
        rec = random_settling_record(rs, rng)
        try:
            with refs.referencing(ruleset_id):
                s = settle(rec)
        except RecordError:
            continue
        seen += 1
        for n, st in enumerate(s.explanation):
            en, ja = Counter(refs.REF.findall(st.en)), Counter(refs.REF.findall(st.ja))
            if en != ja:
                problems.append(f"{ruleset_id} step {n} {st.en!r}: ja {st.ja!r} refs {ja} ≠ {en}")
    assert seen > 100
    assert not problems, "\n".join(problems[:10]) + f"\n({len(problems)} in all)"


def test_the_numbers_check_can_fail() -> None:
    # the check itself: a ja that drops a number, or is the English, is named
    from scoring.record import Step

    s = Settlement((), {}, (Step("a 付 2×3=6", "a pays 2×3=6", "aが2×3を支払う"),))
    assert "numbers" in _problems("x", "here", s)[0]
    s = Settlement((), {}, (Step("a 付 6", "a pays 6", "a pays 6"),))
    assert "no Japanese" in _problems("x", "here", s)[0]
