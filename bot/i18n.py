"""Translations: one :class:`Translator` per update (no global language state).

Catalogs are gettext ``.po`` files under ``bot/locales/<lang>/LC_MESSAGES/messages.po``,
compiled to ``.mo`` by Babel (``python -m bot.i18n compile``); the ``.mo`` files are committed,
and tests/bot/test_i18n_catalogs.py fails if one differs from its ``.po``. If a ``.mo`` is
missing, the ``.po`` is compiled in memory with Babel. (File times are not compared: git and
pip write both files in no particular order.) Message ids are the English text.

:class:`Translator` is the one translation function: gettext messages, declared names
(:meth:`Translator.name`, :meth:`~Translator.pick`, :meth:`~Translator.attr`), explanation
steps (:meth:`~Translator.step`), payment reasons (:meth:`~Translator.reason`) and the image
labels all go through it. Traditional Chinese (zh_Hant) shows a declared ``zh_hant`` text where
there is one and otherwise converts the Simplified text (:func:`scoring.hant.to_hant`, OpenCC
data); a message missing from the zh_Hant catalog is the zh_Hans one converted.

A language other than Chinese and English brings its own declared names too: the catalog
``bot/locales/<code>/LC_MESSAGES/names.po`` (compiled to ``names.mo`` like the messages) maps
each Simplified Chinese name, as the rulesets and the bot declare it, to the language's text
(``msgctxt`` = the English name where one Chinese name means two things). Every name a
:class:`Translator` shows (:meth:`~Translator.pick`, :meth:`~Translator.name`, the references
of explanation steps …) is looked up there first; a name missing from it shows the language's
``names`` side (English). ``python -m bot.i18n extract`` writes ``messages.pot`` from the code
(what ``pybabel extract --no-location --sort-output -o bot/locales/messages.pot bot`` writes).

Adding a language is its catalog (and names catalog) plus one :func:`register` line below.
"""

from __future__ import annotations

import gettext
import io
import sys
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Literal, Protocol

from scoring.hant import to_hant

LOCALES = Path(__file__).parent / "locales"
DOMAIN = "messages"
#: the catalog of a language's own declared names (keyed by the Simplified Chinese name)
NAMES_DOMAIN = "names"
DEFAULT_LANG = "en"


@dataclass(frozen=True, slots=True)
class Language:
    """A language the bot speaks: its catalog is ``bot/locales/<code>/LC_MESSAGES``.

    ``names`` says which declared names it shows (the rulesets declare Chinese and English
    ones); ``derive`` makes its text from the Simplified Chinese where nothing of its own is
    declared (zh_Hant: :func:`scoring.hant.to_hant`); ``fallback`` is the catalog whose
    translation (passed through ``derive``) stands in for a message its own catalog lacks;
    ``tags`` are the Telegram ``language_code`` values (and their ``-XX`` subtags) it answers.
    A language's own names (``names.po``, see the module docstring) come before ``names``.
    """

    code: str
    name: str
    names: Literal["en", "zh"] = "en"
    tags: tuple[str, ...] = ()
    derive: Callable[[str], str] | None = None
    fallback: str | None = None


LANGUAGES: dict[str, Language] = {}


def register(language: Language) -> None:
    LANGUAGES[language.code] = language


# Adding a language = its catalog (bot/locales/<code>/LC_MESSAGES/messages.po) + one line here.
register(Language("en", "English", "en", ("en",)))
register(Language("zh_Hans", "简体中文", "zh", ("zh", "zh-hans", "zh-cn", "zh-sg", "zh-my")))
register(
    Language(
        "zh_Hant", "繁體中文", "zh", ("zh-hant", "zh-tw", "zh-hk", "zh-mo"), to_hant, "zh_Hans"
    )
)
register(Language("ja", "日本語", "en", ("ja",)))

LANGS = tuple(LANGUAGES)
LANG_NAMES = {code: lang.name for code, lang in LANGUAGES.items()}
#: command-line spellings of the languages (``--lang zh`` = zh_Hans)
ALIASES = {"zh": "zh_Hans"}

#: The pseudo-party of money paid into or out of nothing (``scoring.testing.POT``), by name.
POT = "pot"
POT_NAME = ("公池", "the pot")

#: The seat winds, East first (Chinese, English).
WINDS = (("东", "E"), ("南", "S"), ("西", "W"), ("北", "N"))

#: Names of the payment reasons several rulesets share: declared by the scoring side now
#: (:data:`scoring.refs.REASONS`, (zh, zh_hant, en)); :meth:`Translator.reason` reads them.


def menu_languages() -> list[tuple[str | None, str]]:
    """The command menus to set: (Telegram ``language_code``, language). Telegram's codes are
    two letters, so the first registered language of each (zh_Hans for zh) has the menu;
    ``None`` (every other user) gets the default language."""
    out: list[tuple[str | None, str]] = [(None, DEFAULT_LANG)]
    seen = {DEFAULT_LANG.split("_")[0].lower()}
    for code in LANGUAGES:
        two = code.split("_")[0].lower()
        if two not in seen:
            seen.add(two)
            out.append((two, code))
    return out


class Named(Protocol):
    """Anything with a Chinese and an English name (declarations, rulesets); read-only."""

    @property
    def zh(self) -> str: ...

    @property
    def en(self) -> str: ...


def normalize(code: str | None, default: str = DEFAULT_LANG) -> str:
    """Map a Telegram ``language_code`` (``zh-hans``, ``zh-TW``, ``en-GB`` …) or a catalog
    code to a registered language: the longest matching tag wins (``zh-tw`` beats ``zh``)."""
    if not code:
        return default
    if code in LANGUAGES:
        return code
    c = code.replace("_", "-").lower()
    best, size = default, 0
    for lang in LANGUAGES.values():
        for tag in (lang.code.replace("_", "-").lower(), *lang.tags):
            if (c == tag or c.startswith(tag + "-")) and len(tag) > size:
                best, size = lang.code, len(tag)
    return best


def _compile(po: Path) -> gettext.NullTranslations:
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po.open("rb") as fh:
        catalog = read_po(fh)
    buf = io.BytesIO()
    write_mo(buf, catalog)
    buf.seek(0)
    return gettext.GNUTranslations(buf)


def _load(base: Path, domain: str) -> gettext.NullTranslations | None:
    po, mo = base / f"{domain}.po", base / f"{domain}.mo"
    if mo.exists():  # compiled at build time and committed (a test keeps it equal to the .po)
        with mo.open("rb") as fh:
            return gettext.GNUTranslations(fh)
    if po.exists():
        return _compile(po)
    return None


@cache
def own_names(lang: str) -> Mapping[str, str]:
    """A language's own declared names (``names.po``): Simplified Chinese name → its text, and
    ``English name + "\x04" + Chinese name`` → its text where the catalog gives a context."""
    t = _load(LOCALES / lang / "LC_MESSAGES", NAMES_DOMAIN)
    raw: dict[object, str] = getattr(t, "_catalog", {})
    return {k: v for k, v in raw.items() if isinstance(k, str) and k and v}


class _Derived(gettext.NullTranslations):
    """Another catalog's translations passed through a conversion (zh_Hant from zh_Hans for a
    message the zh_Hant catalog does not have yet)."""

    def __init__(self, base: gettext.NullTranslations, derive: Callable[[str], str]) -> None:
        super().__init__()
        self._base, self._derive = base, derive

    def gettext(self, message: str) -> str:
        return self._derive(self._base.gettext(message))

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return self._derive(self._base.ngettext(msgid1, msgid2, n))


@cache
def _translations(lang: str) -> gettext.NullTranslations:
    t = _load(LOCALES / lang / "LC_MESSAGES", DOMAIN) or gettext.NullTranslations()
    language = LANGUAGES.get(lang)
    if language is not None and language.fallback:
        fallback = _translations(language.fallback)
        t.add_fallback(_Derived(fallback, language.derive) if language.derive else fallback)
    return t


class Translator:
    """Everything language-dependent for one update: the ONE way to turn anything shown to a
    person into text in its language (gettext messages, declared names, explanation steps,
    image labels, payment reasons).

    ``lang`` is a registered code (``en``, ``zh_Hans``, ``zh_Hant``); an alias or a Telegram
    code (``zh``, ``zh-TW``) is normalized, anything else is English.
    """

    __slots__ = ("_derive", "_own", "_t", "lang", "language")

    def __init__(self, lang: str) -> None:
        self.lang = lang if lang in LANGUAGES else normalize(ALIASES.get(lang, lang))
        self.language = LANGUAGES[self.lang]
        self._derive = self.language.derive
        self._t = _translations(self.lang)
        self._own = own_names(self.lang)

    @property
    def zh(self) -> bool:
        """Whether this language shows the Chinese names (zh_Hans and zh_Hant)."""
        return self.language.names == "zh"

    def gettext(self, message: str) -> str:
        return self._t.gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self._t.ngettext(singular, plural, n)

    def chinese(self, text: str) -> str:
        """A Simplified Chinese text as this language writes Chinese (zh_Hant: converted)."""
        return self._derive(text) if self._derive else text

    def pick(self, zh: str, en: str, zh_hant: str = "", ja: str = "") -> str:
        """``zh`` or ``en`` by language; zh_Hant shows ``zh_hant`` if given, else ``zh``
        converted; Japanese shows ``ja`` if given; a language with its own names shows its
        name of ``zh`` where it has one."""
        if ja and self.lang == "ja":
            return ja
        if self._own:
            own = self._own.get(f"{en}\x04{zh}") or self._own.get(zh)
            if own:
                return own
        if not self.zh:
            return en
        if zh_hant and self.lang == "zh_Hant":
            return zh_hant
        return self.chinese(zh)

    def pick3(self, zh: str, zh_hant: str, en: str) -> str:
        """The three spellings of one text: Simplified, Traditional (empty = converted), English."""
        return self.pick(zh, en, zh_hant)

    def name(self, obj: Named) -> str:
        """A declaration's (or ruleset's) name in this language (``zh_hant`` where declared)."""
        return self.pick(obj.zh, obj.en, getattr(obj, "zh_hant", ""))

    def attr(self, obj: object, field: str) -> str:
        """A declared text field in this language: ``attr(rs, "unit")`` reads ``unit_zh``,
        ``unit_zh_hant`` (if any) and ``unit_en``; likewise ``summary``, ``value``, ``help``,
        ``source``."""
        return self.pick(
            getattr(obj, f"{field}_zh", ""),
            getattr(obj, f"{field}_en", ""),
            getattr(obj, f"{field}_zh_hant", ""),
        )

    def entry(self, data: Mapping[str, Any], field: str = "name") -> str:
        """A name in a JSON description (``{"name_zh", "name_en", "name_zh_hant"?}``, as
        ``rules --json`` and the Guobiao fan list write them)."""
        return self.pick(
            str(data.get(f"{field}_zh") or ""),
            str(data.get(f"{field}_en") or ""),
            str(data.get(f"{field}_zh_hant") or ""),
        )

    def value(self, option: Any, value: object) -> str:
        """An option's value as a person reads it: a choice's name, on/off, or the number."""
        if isinstance(value, bool):
            return self.pick("开", "on") if value else self.pick("关", "off")
        for choice in getattr(option, "choices", ()):
            if choice.value == value:
                return self.name(choice)
        return str(value)

    def step(self, step: Any) -> str:
        """One explanation step (:class:`scoring.record.Step`, or its JSON ``{"zh", "en"}``,
        ``"ja"`` where written): the language picked (zh_Hant converted; ja: the step's own
        Japanese, else the English) first, then the declared items it references named in
        that language (:func:`scoring.refs.resolve`: a declared Traditional name is never
        converted; ja: :meth:`own_refs`), then the players (``bot.present.NamedStep``)."""
        from scoring.refs import resolve

        if self._own:
            return self._own_step(step)
        lang = "zh_Hant" if self.lang == "zh_Hant" else ("zh" if self.zh else "en")
        if isinstance(step, Mapping):
            return resolve(self.pick(str(step.get("zh", "")), str(step.get("en", ""))), lang)
        shown = getattr(step, "shown", None)  # bot.present.NamedStep: names after the language
        if shown is not None:
            return str(shown(self.pick, lang))
        return resolve(self.pick(step.zh, step.en), lang)

    def _own_step(self, step: Any) -> str:
        """A step in a language with its own names: the step's own text in this language where
        the ruleset wrote one (a ``{lang}`` key or attribute, e.g. ``ja``; a
        ``bot.present.NamedStep`` has its players named in it already), else the English
        text; either with each declared item it references named in this language (the
        arithmetic and the players as written)."""
        if isinstance(step, Mapping):
            own = str(step.get(self.lang) or "")
            return self.own_refs(own or str(step.get("en", "")))
        own = getattr(step, self.lang, "")
        if isinstance(own, str) and own:
            return self.own_refs(own)
        shown = getattr(step, "shown", None)  # bot.present.NamedStep: the players' names after
        if shown is not None:
            return str(shown(lambda _zh, en: self.own_refs(en), "en"))
        return self.own_refs(str(step.en))

    def own_refs(self, text: str) -> str:
        """``text`` with each declared item's reference (:mod:`scoring.refs`) named in this
        language: its own name of the item's Chinese name, else the English (a text without
        references is returned as it is)."""
        from scoring import refs

        if refs.OPEN not in text:
            return text

        def sub(m: Any) -> str:
            body = m.group(1)
            parts = body.split(":")
            names = refs.lookup(*parts[:3]) if len(parts) >= 3 else None
            own = names and (self._own.get(f"{names[2]}\x04{names[0]}") or self._own.get(names[0]))
            return own or refs.one(body, "en")

        return refs.REF.sub(sub, text)

    def steps(self, steps: Iterable[Any]) -> list[str]:
        return [self.step(s) for s in steps]

    def parties(self, names: Mapping[str, str]) -> dict[str, str]:
        """Display names of the parties of a settlement: ``names`` (player id → name) plus the
        pot's name (money paid into nothing), so no payment shows the id ``pot``."""
        return {POT: self.pick(*POT_NAME), **names}

    def winds(self) -> tuple[str, ...]:
        """The seat winds East, South, West, North (东/東 … or E …)."""
        return tuple(self.pick(zh, en) for zh, en in WINDS)

    def reason(self, ruleset: object, reason: str) -> str:
        """The name of a payment's ``reason`` id as the scoring side declares it
        (:func:`scoring.refs.reason_names`: the ruleset's ``reasons``, then its event, flag,
        shape, count or option with that id, then :data:`scoring.refs.REASONS`); an unknown
        id is shown as "payment" (付款), never as the id."""
        from scoring.refs import reason_names

        zh, zh_hant, en = reason_names(ruleset, reason) or ("付款", "", "payment")
        return self.pick(zh, en, zh_hant)


#: The /export CSV's columns (storage ``Ledger.export_csv``) as Chinese spreadsheets head them;
#: English keeps the documented column ids, which scripts read.
CSV_COLUMNS: dict[str, str] = {
    "table_id": "桌号",
    "seq": "序号",
    "night": "第几晚",
    "hand": "局号",  # the hand's number in its night (issue 25.4); seq is the table's counter
    "hand_id": "记录号",
    "status": "状态",
    "recorded_at": "记录时间",
    "recorded_by": "记录人",
    "dealer": "庄家",
    "result": "结果",
    "line": "行类型",
    "player_id": "玩家编号",
    "player": "玩家",
    "from_id": "付款人编号",
    "from": "付款人",
    "to_id": "收款人编号",
    "to": "收款人",
    "amount": "分数",
    "reason": "原因",
    "money_minor": "金额（分）",
    "currency": "货币",
    "voided_at": "作废时间",
    "voided_by": "作废人",
    "void_reason": "作废原因",
    "replaces_hand_id": "更正的记录号",
}
_CSV_WORDS = {"confirmed": ("有效", "confirmed"), "voided": ("已作废", "voided")}
_CSV_WORDS.update({"net": ("输赢", "net"), "payment": ("付款", "payment")})
#: the same in Japanese (a language with its own words: ``CSV_OWN[lang]``)
CSV_COLUMNS_JA: dict[str, str] = {
    "table_id": "卓番号",
    "seq": "連番",
    "night": "何回目の夜",
    "hand": "局番号",
    "hand_id": "記録番号",
    "status": "状態",
    "recorded_at": "記録日時",
    "recorded_by": "記録者",
    "dealer": "親",
    "result": "結果",
    "line": "行の種類",
    "player_id": "プレイヤー番号",
    "player": "プレイヤー",
    "from_id": "支払者番号",
    "from": "支払者",
    "to_id": "受取者番号",
    "to": "受取者",
    "amount": "点数",
    "reason": "理由",
    "money_minor": "金額（最小単位）",
    "currency": "通貨",
    "voided_at": "取消日時",
    "voided_by": "取消者",
    "void_reason": "取消理由",
    "replaces_hand_id": "訂正元の記録番号",
}
_CSV_WORDS_JA = {"confirmed": "有効", "voided": "取消", "net": "収支", "payment": "支払い"}
#: a language's own /export words: (column names, status and line words)
CSV_OWN: dict[str, tuple[dict[str, str], dict[str, str]]] = {"ja": (CSV_COLUMNS_JA, _CSV_WORDS_JA)}


def localize_csv(text: str, ruleset: object, tr: Translator) -> str:
    """The /export CSV for people reading ``tr``'s language: Chinese (or Japanese:
    :data:`CSV_OWN`) column names, and the status, line, result and reason ids as words;
    English: the file as the ledger wrote it (column ids and values are the documented export
    format)."""
    own = CSV_OWN.get(tr.lang)
    if not tr.zh and own is None:
        return text
    import csv
    import io

    rows = list(csv.reader(io.StringIO(text)))
    if not rows:
        return text
    head = rows[0]
    col = {name: i for i, name in enumerate(head)}
    results = {r.value: r for r in getattr(ruleset, "results", ())}
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    if own is not None:
        w.writerow([own[0].get(h, h) for h in head])
    else:
        w.writerow([tr.chinese(CSV_COLUMNS.get(h, h)) for h in head])
    for row in rows[1:]:
        row = list(row)
        for key in ("status", "line"):
            i = col.get(key)
            if i is not None and row[i] in _CSV_WORDS:
                word = own[1].get(row[i]) if own is not None else None
                row[i] = word or tr.pick(*_CSV_WORDS[row[i]])
        for key in ("player", "from", "to"):  # the pot, money into nothing: by its name
            if (i := col.get(key)) is not None and row[i] == POT:
                row[i] = tr.pick(*POT_NAME)
        if (i := col.get("result")) is not None and row[i] in results:
            row[i] = tr.name(results[row[i]])
        if (i := col.get("reason")) is not None and row[i]:
            row[i] = tr.reason(ruleset, row[i])
        w.writerow(row)
    return out.getvalue()


@cache
def translator(lang: str) -> Translator:
    """A shared :class:`Translator` for ``lang`` (for code that is handed a language code)."""
    return Translator(lang)


def compile_all() -> None:
    """Compile every ``.po`` to ``.mo`` (run at build time; idempotent)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    for po in LOCALES.glob("*/LC_MESSAGES/*.po"):
        with po.open("rb") as fh:
            catalog = read_po(fh)
        with po.with_suffix(".mo").open("wb") as out:
            write_mo(out, catalog)


def extract_pot(path: Path = LOCALES / f"{DOMAIN}.pot") -> None:
    """Write the message template from the code: every ``gettext``/``ngettext`` message of
    ``bot/`` (Babel's default keywords), sorted, without source locations (as ``pybabel
    extract --no-location --sort-output -o bot/locales/messages.pot bot`` writes it)."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_dir
    from babel.messages.pofile import write_po

    catalog = Catalog(project="mahjong-tally", version="0.1")
    for _file, _line, message, comments, context in extract_from_dir(
        str(Path(__file__).parent), method_map=[("**.py", "python")]
    ):
        catalog.add(message, None, auto_comments=comments, context=context)
    with path.open("wb") as fh:
        write_po(fh, catalog, omit_header=False, no_location=True, sort_output=True, width=76)


if __name__ == "__main__":  # pragma: no cover
    if sys.argv[1:] == ["compile"]:
        compile_all()
    elif sys.argv[1:] == ["extract"]:
        extract_pot()
