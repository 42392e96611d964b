"""Translations: one :class:`Translator` per update (no global language state).

Catalogs are gettext ``.po`` files under ``bot/locales/<lang>/LC_MESSAGES/messages.po``,
compiled to ``.mo`` by Babel (``python -m bot.i18n compile``); the ``.mo`` files are committed,
and tests/bot/test_i18n_catalogs.py fails if one differs from its ``.po``. If a ``.mo`` is
missing, the ``.po`` is compiled in memory with Babel. (File times are not compared: git and
pip write both files in no particular order.) Message ids are the English text.
"""

from __future__ import annotations

import gettext
import io
import sys
from functools import cache
from pathlib import Path
from typing import Protocol

LOCALES = Path(__file__).parent / "locales"
DOMAIN = "messages"
LANGS = ("en", "zh_Hans", "zh_Hant")
LANG_NAMES = {"en": "English", "zh_Hans": "简体中文", "zh_Hant": "繁體中文"}
DEFAULT_LANG = "en"


class Named(Protocol):
    """Anything with a Chinese and an English name (declarations, rulesets); read-only."""

    @property
    def zh(self) -> str: ...

    @property
    def en(self) -> str: ...


def normalize(code: str | None, default: str = DEFAULT_LANG) -> str:
    """Map a Telegram ``language_code`` (``zh-hans``, ``zh-TW``, ``en-GB`` …) to a catalog."""
    if not code:
        return default
    c = code.replace("_", "-").lower()
    if c in ("zh_hans", "zh-hans") or c.startswith(("zh-hans", "zh-cn", "zh-sg")) or c == "zh":
        return "zh_Hans"
    if c.startswith(("zh-hant", "zh-tw", "zh-hk", "zh-mo")):
        return "zh_Hant"
    if c.startswith("zh"):
        return "zh_Hans"
    if c.startswith("en"):
        return "en"
    return default


def _compile(po: Path) -> gettext.NullTranslations:
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po.open("rb") as fh:
        catalog = read_po(fh)
    buf = io.BytesIO()
    write_mo(buf, catalog)
    buf.seek(0)
    return gettext.GNUTranslations(buf)


@cache
def _translations(lang: str) -> gettext.NullTranslations:
    base = LOCALES / lang / "LC_MESSAGES"
    po, mo = base / f"{DOMAIN}.po", base / f"{DOMAIN}.mo"
    if mo.exists():  # compiled at build time and committed (a test keeps it equal to the .po)
        with mo.open("rb") as fh:
            return gettext.GNUTranslations(fh)
    if po.exists():
        return _compile(po)
    return gettext.NullTranslations()


class Translator:
    """Everything language-dependent for one update."""

    __slots__ = ("_t", "lang")

    def __init__(self, lang: str) -> None:
        self.lang = lang if lang in LANGS else DEFAULT_LANG
        self._t = _translations(self.lang)

    @property
    def zh(self) -> bool:
        return self.lang.startswith("zh")

    def gettext(self, message: str) -> str:
        return self._t.gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self._t.ngettext(singular, plural, n)

    def name(self, obj: Named) -> str:
        """A declaration's (or ruleset's) name in this language (``zh_hant`` where declared)."""
        if self.lang == "zh_Hant":
            return getattr(obj, "zh_hant", "") or obj.zh
        return obj.zh if self.zh else obj.en

    def pick(self, zh: str, en: str) -> str:
        return zh if self.zh else en


def compile_all() -> None:
    """Compile every ``.po`` to ``.mo`` (run at build time; idempotent)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    for po in LOCALES.glob(f"*/LC_MESSAGES/{DOMAIN}.po"):
        with po.open("rb") as fh:
            catalog = read_po(fh)
        with po.with_suffix(".mo").open("wb") as out:
            write_mo(out, catalog)


if __name__ == "__main__":  # pragma: no cover
    if sys.argv[1:] == ["compile"]:
        compile_all()
