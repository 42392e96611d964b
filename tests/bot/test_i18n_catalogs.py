"""Every text the bot says is translated: the messages in bot/ are extracted with Babel (as
``pybabel extract`` would) and each must have a non-empty translation in the Simplified and
the Traditional Chinese catalogs, with the same ``{placeholders}`` as the English text; and
each committed ``.mo`` (what the bot loads) says exactly what its ``.po`` says."""

from __future__ import annotations

import gettext
import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from bot.i18n import LANGS, LOCALES, _compile

BOT = Path(__file__).resolve().parents[2] / "bot"
PLACEHOLDER = re.compile(r"\{(\w*)\}")


def extracted() -> set[str]:
    ids: set[str] = set()
    for _file, _line, message, _comments, _ctx in extract_from_dir(
        str(BOT), method_map=[("**.py", "python")]
    ):
        if isinstance(message, tuple):  # ngettext: singular and plural
            ids.update(m for m in message if m)
        elif message:
            ids.add(message)
    return ids


@pytest.mark.parametrize("lang", ["zh_Hans", "zh_Hant"])
def test_every_message_is_translated(lang: str) -> None:
    with (LOCALES / lang / "LC_MESSAGES" / "messages.po").open("rb") as f:
        catalog = read_po(f)
    translated: dict[str, str] = {}
    for m in catalog:
        if not m.id or m.fuzzy:  # a fuzzy entry is left out of the .mo: the bot says English
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strs = m.string if isinstance(m.string, tuple) else (m.string,)
        for i in ids:
            translated[i] = strs[0] if strs else ""
    ids = extracted()
    assert len(ids) > 100  # the extraction found the bot's texts
    missing = sorted(i for i in ids if not translated.get(i))
    assert not missing, f"{lang}: {len(missing)} untranslated: {missing[:10]}"
    wrong = sorted(
        i for i in ids if set(PLACEHOLDER.findall(i)) != set(PLACEHOLDER.findall(translated[i]))
    )
    assert not wrong, f"{lang}: placeholders differ in {wrong[:10]}"


@pytest.mark.parametrize("lang", LANGS)
def test_compiled_catalog_matches_its_source(lang: str) -> None:
    base = LOCALES / lang / "LC_MESSAGES"
    with (base / "messages.mo").open("rb") as f:
        compiled = gettext.GNUTranslations(f)
    fresh = _compile(base / "messages.po")
    assert isinstance(fresh, gettext.GNUTranslations)
    # run `python -m bot.i18n compile` after editing a .po
    assert compiled._catalog == fresh._catalog  # type: ignore[attr-defined]


@pytest.mark.parametrize("lang", LANGS)
def test_no_catalog_entry_outlives_its_message(lang: str) -> None:
    """Every entry of a catalog is a message the bot still says (a stale entry is a trap: a
    translator keeps translating it, a reader takes it for a live text)."""
    with (LOCALES / lang / "LC_MESSAGES" / "messages.po").open("rb") as f:
        catalog = read_po(f)
    ids = extracted()
    stale = sorted(
        str(m.id)
        for m in catalog
        if m.id and not set(m.id if isinstance(m.id, tuple) else (m.id,)) & ids
    )
    assert not stale, f"{lang}: {len(stale)} entries no code says: {stale[:5]}"
