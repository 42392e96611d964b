"""Simplified → Traditional conversion (scoring.hant) and the one translation function
(bot.i18n.Translator) in zh_Hant.

The expected Traditional forms are the ones Taiwan and Hong Kong mahjong texts use (槓, 莊家,
聽牌, 發財, 萬/條/筒 …) and OpenCC's s2tw choices for ambiguous characters (头发 → 頭髮 but
发财 → 發財; 面条 → 麵條 but 前面 → 前面). The house choices of scoring/hant.py are tested here
with the phrase that needs them.
"""

from __future__ import annotations

import gettext
import io
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from hypothesis import given
from hypothesis import strategies as st

from bot import i18n
from bot.i18n import LANGS, Language, Translator, normalize
from scoring import _hant_table, registry
from scoring.declarations import Choice, OptionDecl
from scoring.hant import HOUSE_PHRASES, simplified_only, to_hant
from scoring.record import Step

# Mahjong terms: (Simplified, Traditional). Tiles and suits, winds and dragons, roles, actions
# and the common hands.
TERMS = [
    ("万子", "萬子"),
    ("条子", "條子"),
    ("筒子", "筒子"),
    ("东南西北", "東南西北"),
    ("红中", "紅中"),
    ("发财", "發財"),
    ("白板", "白板"),
    ("东南西北白发中", "東南西北白發中"),  # the dragons, not 白髮 (white hair)
    ("中发白", "中發白"),
    ("庄家", "莊家"),
    ("闲家", "閒家"),
    ("连庄", "連莊"),
    ("跟庄", "跟莊"),
    ("下家坐庄", "下家坐莊"),
    ("碰", "碰"),
    ("吃碰杠", "吃碰槓"),
    ("杠一个", "槓一個"),  # house: OpenCC keeps 杠 before a numeral (杠一 … 杠九)
    ("明杠", "明槓"),
    ("暗杠", "暗槓"),
    ("杠上开花", "槓上開花"),
    ("抢杠胡", "搶槓胡"),
    ("听牌", "聽牌"),
    ("胡牌", "胡牌"),
    ("自摸", "自摸"),
    ("点炮", "點炮"),
    ("放冲", "放衝"),
    ("番数", "番數"),
    ("翻倍", "翻倍"),
    ("清一色", "清一色"),
    ("混一色", "混一色"),
    ("对对胡", "對對胡"),
    ("七对", "七對"),
    ("大七对", "大七對"),
    ("一条龙", "一條龍"),
    ("门前清", "門前清"),
    ("门风", "門風"),
    ("圈风", "圈風"),
    ("精", "精"),
    ("正精", "正精"),
    ("精吊", "精吊"),
    ("十三幺", "十三幺"),
    ("十三么", "十三幺"),  # a common misspelling of 十三幺 (么 alone is 麼)
    ("断幺九", "斷幺九"),
    ("断么九", "斷幺九"),
    ("刮风下雨", "颳風下雨"),
    ("花猪", "花豬"),
    ("查大叫", "查大叫"),
    ("海底捞月", "海底撈月"),
    ("妙手回春", "妙手回春"),
    ("绝张", "絕張"),
    ("流局", "流局"),
    ("荒庄", "荒莊"),
    ("诈胡", "詐胡"),
    ("包牌", "包牌"),
    ("板板胡", "板板胡"),  # Changsha: not 闆闆 (boss)
    ("胡子", "胡子"),  # Jiangxi's points, not 鬍子 (beard)
]

# Characters with more than one Traditional form, in context (OpenCC's phrases, and the house
# choices): the same Simplified character becomes different Traditional ones.
AMBIGUOUS = [
    ("头发", "頭髮"),
    ("发送", "發送"),
    ("面条", "麵條"),
    ("前面", "前面"),
    ("后面", "後面"),
    ("皇后", "皇后"),
    ("作废后", "作廢後"),  # house: not 廢后 (a deposed empress)
    ("干净", "乾淨"),
    ("干部", "幹部"),
    ("若干", "若干"),
    ("里面", "裡面"),
    ("公里", "公里"),
    ("只有", "只有"),
    ("八只硬花", "八隻硬花"),
    ("放松", "放鬆"),
    ("松树", "松樹"),
    ("台湾", "台灣"),  # house: 台, not 臺
    ("16台", "16台"),  # the Taiwan scoring unit
    ("台数", "台數"),
    ("几番", "幾番"),
    ("茶几", "茶几"),
    ("回复", "回覆"),
    ("复杂", "複雜"),
    ("钟表", "鐘錶"),
    ("系统", "系統"),
    ("关系", "關係"),
]


@pytest.mark.parametrize(("hans", "hant"), TERMS, ids=[t[0] for t in TERMS])
def test_mahjong_terms(hans: str, hant: str) -> None:
    assert to_hant(hans) == hant
    assert simplified_only(to_hant(hans)) == []


@pytest.mark.parametrize(("hans", "hant"), AMBIGUOUS, ids=[t[0] for t in AMBIGUOUS])
def test_ambiguous_characters_follow_the_phrase(hans: str, hant: str) -> None:
    assert to_hant(hans) == hant


def test_a_sentence_converts_each_phrase_in_place() -> None:
    # jiangxi-chongguan.md / contract example step: "庄家 2^(庄1+大七2+德国1)=16"
    assert to_hant("庄家 2^(庄1+大七2+德国1)=16") == "莊家 2^(莊1+大七2+德國1)=16"
    assert to_hant("alice 杠开 · 头发 ¥0.50 🀄") == "alice 槓開 · 頭髮 ¥0.50 🀄"


def test_ascii_and_traditional_pass_through() -> None:
    for text in ("", "discarder_share 12 pts", "Bob → Carol: 5", "莊家 槓開 聽牌 發財"):
        assert to_hant(text) == text


def test_simplified_only_knows_the_characters_that_are_both() -> None:
    assert simplified_only("庄杠发听风条对龙门无") == list("庄杠发听风条对龙门无")
    # valid Traditional characters that the converter may also change in other phrases
    assert simplified_only("干后台面里只松幺万") == []
    assert simplified_only("莊槓發聽風萬條對龍門無") == []


def test_house_phrases_are_traditional() -> None:
    for hans, hant in HOUSE_PHRASES.items():
        assert len(hans) == len(hant), hans
        assert simplified_only(hant) == [], hans


def test_every_character_the_table_converts_comes_out_traditional() -> None:
    chars = _hant_table.CHARS
    pairs = [chars[i : i + 2] for i in range(0, len(chars), 2)]
    assert len(pairs) > 3000
    bad = [p for p in pairs if simplified_only(to_hant(p[0]))]
    assert not bad, bad[:20]


def test_every_phrase_of_the_table_comes_out_traditional() -> None:
    lines = _hant_table.PHRASES.splitlines()
    assert len(lines) > 5000
    bad = [line for line in lines if simplified_only(to_hant(line.split("\t")[0]))]
    assert not bad, bad[:20]


def test_the_table_names_its_source_and_licence() -> None:
    assert len(_hant_table.OPENCC_COMMIT) == 40
    lic = Path(_hant_table.__file__).with_name("LICENSE-OpenCC.txt")
    assert "Apache License" in lic.read_text(encoding="utf-8")


@given(st.text(alphabet=st.sampled_from("庄家杠发财头面条后里只松干台万条对龙门风 ab1·，")))
def test_conversion_never_leaves_a_simplified_only_character(text: str) -> None:
    out = to_hant(text)
    assert simplified_only(out) == []
    assert len(out) == len(text)  # character for character (OpenCC's s2tw phrases keep length)


# --- the catalogs -----------------------------------------------------------------------------
def test_the_traditional_catalog_is_traditional() -> None:
    po = i18n.LOCALES / "zh_Hant" / "LC_MESSAGES" / "messages.po"
    with po.open("rb") as fh:
        catalog = read_po(fh)
    bad = []
    for m in catalog:
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        bad += [(m.id, s, simplified_only(s)) for s in strings if s and simplified_only(s)]
    assert not bad, bad[:10]


def test_a_message_missing_from_zh_hant_is_the_zh_hans_one_converted() -> None:
    cat = Catalog(locale="zh_Hans")
    cat.add("Nobody pays anything.", "无人付款。")
    buf = io.BytesIO()
    write_mo(buf, cat)
    buf.seek(0)
    own = gettext.NullTranslations()  # a zh_Hant catalog without the message
    own.add_fallback(i18n._Derived(gettext.GNUTranslations(buf), to_hant))
    assert own.gettext("Nobody pays anything.") == "無人付款。"
    assert own.gettext("Not in either") == "Not in either"


# --- the Translator ---------------------------------------------------------------------------
def test_names_prefer_a_declared_zh_hant_and_convert_otherwise() -> None:
    hant, hans, en = Translator("zh_Hant"), Translator("zh_Hans"), Translator("en")
    declared = Choice("x", "台湾十六张", "Taiwan 16", zh_hant="臺灣十六張")
    plain = Choice("y", "庄家连庄", "Dealer stays")
    assert hant.name(declared) == "臺灣十六張"  # the ruleset's own words win, 臺 included
    assert hant.name(plain) == "莊家連莊"
    assert hans.name(plain) == "庄家连庄" and en.name(plain) == "Dealer stays"
    assert hant.pick("杠", "kong") == "槓" and hant.pick3("杠", "槓子", "kong") == "槓子"
    assert hans.pick3("杠", "槓子", "kong") == "杠" and en.pick3("杠", "槓子", "kong") == "kong"


def test_steps_and_declared_fields() -> None:
    step = Step("庄家 2^(庄1+德国1)=4", "dealer 2^(dealer 1 + no-wild 1) = 4")
    assert Translator("zh_Hant").step(step) == "莊家 2^(莊1+德國1)=4" == step.text("zh_Hant")
    assert Translator("zh_Hans").step(step) == step.zh == step.text("zh")
    assert Translator("en").step(step.to_json()) == step.en
    rs = registry.get("xingguo")
    assert Translator("zh_Hant").attr(rs, "unit") == to_hant(rs.unit_zh)
    assert Translator("zh_Hant").attr(rs, "summary") == to_hant(rs.summary_zh)
    assert Translator("zh_Hant").winds() == ("東", "南", "西", "北")
    assert Translator("en").winds() == ("E", "S", "W", "N")


def test_option_values_are_words() -> None:
    opt = OptionDecl(
        "mode", "杠开", "kong draw", "choice", "fan", (Choice("fan", "加番", "adds a fan"),)
    )
    assert Translator("zh_Hant").value(opt, "fan") == "加番"
    assert Translator("en").value(opt, "fan") == "adds a fan"
    assert Translator("zh_Hant").value(opt, True) == "開"
    assert Translator("en").value(opt, 12) == "12"


@pytest.mark.parametrize("lang", LANGS)
def test_every_payment_reason_of_every_ruleset_has_a_name(lang: str) -> None:
    """The reasons a random night pays (scoring.testing records over the registry) all have
    names, so no hand card shows a reason id; in zh_Hant the names are Traditional."""
    from scoring.engine import settle
    from scoring.errors import RecordError
    from scoring.testing import random_records

    tr = Translator(lang)
    unnamed = set()
    for rs in registry.all_rulesets():
        for rec in random_records(rs, 40, seed=3):
            try:
                st = settle(rec)
            except RecordError:
                continue
            for p in st.payments:
                name = tr.reason(rs, p.reason)
                if name == tr.pick("付款", "payment") or (
                    simplified_only(name) and lang == "zh_Hant"
                ):
                    unnamed.add((rs.id, p.reason, name))
    assert not unnamed, sorted(unnamed)
    assert tr.reason(registry.get("points"), "no_such_reason") == tr.pick("付款", "payment")


def test_command_menus_one_per_two_letter_code() -> None:
    assert i18n.menu_languages() == [(None, "en"), ("zh", "zh_Hans"), ("ja", "ja")]


@pytest.mark.parametrize(
    ("code", "lang"),
    [
        ("zh-TW", "zh_Hant"),
        ("zh-hk", "zh_Hant"),
        ("zh-Hant-TW", "zh_Hant"),
        ("zh_Hant", "zh_Hant"),
        ("zh", "zh_Hans"),
        ("zh-CN", "zh_Hans"),
        ("zh-hans", "zh_Hans"),
        ("zh-yue", "zh_Hans"),
        ("en-GB", "en"),
        ("fr", "en"),
        (None, "en"),
    ],
)
def test_language_codes(code: str | None, lang: str) -> None:
    assert normalize(code) == lang
    if code:
        assert Translator(code).lang == lang


def test_a_language_is_a_catalog_and_one_registration(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What "adding a language" takes: a catalog folder and one :func:`register` line."""
    cat = Catalog(locale="de")
    cat.add("Payments", "Zahlungen")
    folder = tmp_path / "de" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with (folder / "messages.mo").open("wb") as fh:
        write_mo(fh, cat)
    monkeypatch.setattr(i18n, "LOCALES", tmp_path)
    monkeypatch.setitem(i18n.LANGUAGES, "de", Language("de", "Deutsch", "en", ("de",)))
    i18n._translations.cache_clear()
    try:
        tr = Translator(normalize("de-AT"))
        assert tr.lang == "de" and tr.gettext("Payments") == "Zahlungen"
        rs = registry.get("xingguo")
        assert tr.name(rs) == rs.en  # declared names: the English ones
        assert ("de", "de") in i18n.menu_languages()  # it gets its command menu
    finally:
        i18n._translations.cache_clear()
