"""A Japanese chat names every declared item in Japanese (issue 27 point 6: "today a fourth
language shows all 599 declared names in English or Chinese"): the names catalog
``bot/locales/ja/LC_MESSAGES/names.po`` (:func:`bot.i18n.own_names`) has a Japanese name for
every ruleset, unit, shape, flag, count, event (and field), preset, option (and choice),
result, reason, word and checklist fan of every registered ruleset, and for every item an
explanation step of a random night references; the riichi terms are in their Japanese form
(立直, 本場, 供託, 満貫, 流局, ツモ …), the Chinese regional items in Japanese readings where
Japanese mahjong has the name (七対子, 清一色, 嶺上開花, 海底摸月). Explanation steps: each
ruleset writes its Japanese line (``Step.ja``), with each referenced item named in Japanese;
the English line is the fallback of a step without one."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

import scoring
from bot.i18n import Translator, own_names
from scoring import refs
from scoring.errors import RecordError
from scoring.record import Step
from scoring.testing import random_records
from tests.ja_names import all_names, declared, declared_texts, referenced

CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")
RULESETS = [rs.id for rs in scoring.all_rulesets()]


def _own(zh: str, en: str) -> str | None:
    names = own_names("ja")
    return names.get(f"{en}\x04{zh}") or names.get(zh)


def test_every_declared_name_has_a_japanese_name() -> None:
    found = all_names()
    assert len(found) > 1000  # every ruleset's declarations and referenced items were seen
    missing = sorted(
        {f"{where}: {zh} / {en}" for where, zh, en in found if zh and not _own(zh, en)}
    )
    assert not missing, f"{len(missing)} names shown in English in a ja chat: {missing[:10]}"


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_japanese_chat_shows_the_japanese_names(ruleset: str) -> None:
    """What Translator.name / pick / attr / reason give a ja chat is the catalog's Japanese,
    never the declared English or Chinese."""
    rs, tr = scoring.get(ruleset), Translator("ja")
    assert tr.name(rs) == _own(rs.zh, rs.en) and CJK.search(tr.name(rs))
    assert tr.attr(rs, "unit") == _own(rs.unit_zh, rs.unit_en)
    for group in ("shapes", "flags", "counts", "events", "options", "presets"):
        for d in getattr(rs, group):
            shown = tr.name(d)
            assert shown == _own(d.zh, d.en), (group, d.id, shown)
            assert shown not in (d.en, d.zh) or shown == _own(d.zh, d.en)
    for where, zh, en in declared(rs):
        assert tr.pick(zh, en) == _own(zh, en), where


def test_riichi_and_shared_terms_use_their_japanese_form() -> None:
    """The brief's list: riichi terms in Japanese, Chinese items in Japanese readings."""
    want = {
        "立直": "立直",
        "本场": "本場",
        "供托": "供託",
        "满贯": "満貫",
        "流局": "流局",
        "自摸": "ツモ",
        "七对子": "七対子",
        "清一色": "清一色",
        "岭上开花": "嶺上開花",
        "海底摸月": "海底摸月",
        "番": "翻",
        "符": "符",
        "点": "点",
        "庄": "親",
        "荣和": "ロン",
        "十三幺": "国士無双",
    }
    names = own_names("ja")
    got = {zh: names.get(zh) for zh in want}
    assert got == want


def _steps(ruleset: str) -> list[Step]:
    rs = scoring.get(ruleset)
    out: list[Step] = []
    for rec in random_records(rs, 12, seed=7):
        try:
            with refs.referencing(rs.id):
                out += scoring.settle(rec).explanation
        except RecordError:
            continue
    return out


@pytest.mark.parametrize("ruleset", RULESETS)
def test_explanation_steps_name_their_items_in_japanese(ruleset: str) -> None:
    tr = Translator("ja")
    for step in _steps(ruleset):
        shown = tr.step(step)
        assert refs.OPEN not in shown and refs.CLOSE not in shown, shown
        for body in refs.REF.findall(step.en):
            names = refs.lookup(*body.split(":")[:3])
            if names is not None:
                own = _own(names[0], names[2])
                assert own, f"no Japanese name for {body}: {names}"
                assert own in shown, (body, shown)
        assert set(re.findall(r"\d+", refs.REF.sub("", step.en))) <= set(re.findall(r"\d+", shown))


def test_a_step_with_its_own_japanese_text_shows_it() -> None:
    tr = Translator("ja")
    assert tr.step(
        {"zh": "庄家 2^(庄1)=2", "en": "dealer 2^(dealer 1) = 2", "ja": "親 2^(親1)=2"}
    ) == ("親 2^(親1)=2")
    assert tr.step({"zh": "庄家付", "en": "the dealer pays"}) == "the dealer pays"
    ref = refs.ref("xingguo", "shape", "big_seven_pairs")
    assert tr.step({"zh": ref, "en": f"{ref} ×2"}) == f"{_own('大七对', 'Big seven pairs')} ×2"


def test_the_other_languages_are_unchanged() -> None:
    """Only a language with a names catalog looks names up there."""
    for lang in ("en", "zh_Hans", "zh_Hant"):
        assert not own_names(lang)
    assert Translator("en").pick("自摸", "Self-drawn") == "Self-drawn"
    assert Translator("zh_Hant").pick("自摸", "Self-drawn") == "自摸"
    assert Translator("ja").pick("自摸", "Self-drawn") == "ツモ"
    assert Translator("ja").pick("没有这个名字", "no such name") == "no such name"


def test_referenced_items_are_found() -> None:
    """The walk over steps finds the items rulesets name only in steps (e.g. Guobiao fans)."""
    found = {where for rs in scoring.all_rulesets() for where, _, _ in referenced(rs, 20, (15,))}
    assert any(" step fan " in w for w in found)


def test_a_new_language_brings_its_names_in_its_catalog(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """ "A catalog plus one line": a names catalog in the language's folder and its register
    line, and its chat names a ruleset's items by it (the rest in English)."""
    from bot import i18n

    folder = tmp_path / "de" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    cat = Catalog(locale="de")
    rs = scoring.get("xingguo")
    cat.add(rs.zh, "Xingguo-Regeln")
    cat.add("自摸", "Selbst gezogen")
    with (folder / "names.mo").open("wb") as fh:
        write_mo(fh, cat)
    monkeypatch.setattr(i18n, "LOCALES", tmp_path)
    monkeypatch.setitem(i18n.LANGUAGES, "de", i18n.Language("de", "Deutsch", "en", ("de",)))
    i18n._translations.cache_clear()
    i18n.own_names.cache_clear()
    try:
        tr = Translator("de-AT")
        assert tr.name(rs) == "Xingguo-Regeln" and tr.pick("自摸", "Self-drawn") == "Selbst gezogen"
        shape = rs.shapes[0]
        assert tr.name(shape) == shape.en  # not in its catalog: English
    finally:
        i18n._translations.cache_clear()
        i18n.own_names.cache_clear()


def test_every_declared_text_has_japanese() -> None:
    """/rules' summaries and values, the options' help and the events' sources."""
    found = [n for rs in scoring.all_rulesets() for n in declared_texts(rs)]
    assert len(found) > 250
    missing = sorted({f"{where}: {en}" for where, zh, en in found if not _own(zh, en)})
    assert not missing, f"{len(missing)} texts in English in a ja chat: {missing[:5]}"


#: English a Japanese chat may show outside the explanation steps: the display names of the
#: walk, proper names inside Japanese texts, and the words a person types (tile notation,
#: /commands, /fee's aa|winners)
JA_ALLOWED = {"Erin", "Heidi", "MCR", "Telegram", "JSON", "EMA", "WRC", "threeSix", "HEAD"}
JA_ALLOWED |= {"Fan", "Limit", "Fully", "Concealed", "Times", "basengo", "mirror", "clone"}


@pytest.mark.parametrize("ruleset", [r for r in RULESETS if r != "riichi"])
def test_a_japanese_night_shows_no_english(ruleset: str) -> None:
    """The random night of tests/test_hant_night.py (chat texts, wizard screens, table setup,
    /rules) in ja: no English word, the explanation steps (lines starting "·") included."""
    from tests.test_hant_night import TAG, chat_texts, rules_texts, setup_texts

    rs, tr = scoring.get(ruleset), Translator("ja")
    bad = []
    for where, text in [*chat_texts(rs, tr), *setup_texts(rs, tr), *rules_texts(rs, tr)]:
        for line in TAG.sub("", text).splitlines():
            line = re.sub(r"/\w+|\b[0-9mpsz]+\b|\[[^\]]*\]", "", line)  # commands, tiles
            words = set(re.findall(r"[A-Za-z]{3,}", line)) - JA_ALLOWED
            if words:
                bad.append(f"{where}: {sorted(words)} in {line[:80]!r}")
    assert not bad, f"{len(bad)} lines, e.g.\n" + "\n".join(bad[:8])
