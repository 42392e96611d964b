"""Every declared name of every ruleset as (where, zh, en): what a language with its own names
(``bot/locales/<lang>/LC_MESSAGES/names.po``, :func:`bot.i18n.own_names`) must name. Used by
tests/test_ja_names.py."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import scoring
from bot.i18n import POT_NAME, WINDS
from scoring import refs
from scoring.errors import RecordError
from scoring.testing import random_records

Name = tuple[str, str, str]  # (where, zh, en)


def _pairs(where: str, obj: Any) -> Iterator[Name]:
    zh, en = getattr(obj, "zh", ""), getattr(obj, "en", "")
    if zh or en:
        yield where, zh, en


def declared(rs: Any) -> Iterator[Name]:
    """The names a ruleset declares: itself, its unit and fan word, shapes, flags, counts,
    events (and their fields), presets, options (and their choices), results, reasons,
    words, the dealer rule and the checklist's fans."""
    yield from _pairs(f"{rs.id} ruleset", rs)
    yield f"{rs.id} unit", rs.unit_zh, rs.unit_en
    if rs.fan_word_zh or rs.fan_word_en:
        yield f"{rs.id} fan word", rs.fan_word_zh, rs.fan_word_en
    for group in ("shapes", "flags", "counts", "events", "presets", "options", "results"):
        for d in getattr(rs, group):
            yield from _pairs(
                f"{rs.id} {group[:-1]} {getattr(d, 'id', getattr(d, 'value', ''))}", d
            )
    for o in rs.options:
        for c in o.choices:
            yield from _pairs(f"{rs.id} option {o.id} choice {c.value}", c)
    for e in rs.events:
        for f in e.fields:
            yield from _pairs(f"{rs.id} event {e.id} field {f.id}", f)
    for r in getattr(rs, "reasons", ()):
        yield from _pairs(f"{rs.id} reason {getattr(r, 'value', '')}", r)
    yield from _pairs(f"{rs.id} dealer rule", rs.dealer_rule)
    for wid, (zh, _hant, en) in rs.words.items():
        yield f"{rs.id} word {wid}", zh, en
    for fan in rs.extra_json().get("fans") or []:
        if isinstance(fan, dict) and fan.get("name_zh"):
            yield f"{rs.id} fan {fan.get('id')}", fan["name_zh"], str(fan.get("name_en", ""))


def shared() -> Iterator[Name]:
    """Names every ruleset may show: the shared payment reasons, the pot, the winds."""
    for rid, (zh, _hant, en) in refs.REASONS.items():
        yield f"reason {rid}", zh, en
    yield "pot", *POT_NAME
    for zh, en in WINDS:
        yield f"wind {en}", zh, en


def referenced(rs: Any, hands: int = 60, seeds: tuple[int, ...] = (15, 7, 3)) -> Iterator[Name]:
    """The items the explanation steps of random nights reference (fans, terms, melds …
    that a ruleset names through ``item_name``), with their declared names."""
    recs = [r for seed in seeds for r in random_records(rs, hands, seed=seed)]
    for rec in recs:
        try:
            with refs.referencing(rs.id):
                st = scoring.settle(rec)
        except RecordError:
            continue
        for step in st.explanation:
            for body in refs.REF.findall(step.en):
                parts = body.split(":")
                names = refs.lookup(*parts[:3])
                if names is not None:
                    yield f"{rs.id} step {parts[1]} {parts[2]}", names[0], names[2]


def all_names() -> list[Name]:
    out: list[Name] = [*shared()]
    for rs in scoring.all_rulesets():
        out += [*declared(rs), *referenced(rs)]
    return out


def declared_texts(rs: Any) -> Iterator[Name]:
    """The declared text fields /rules and the option screens show: the ruleset's summary,
    and each declaration's value, help, source and summary."""
    if rs.summary_zh:
        yield f"{rs.id} summary", rs.summary_zh, rs.summary_en
    for group in ("shapes", "flags", "counts", "events", "presets", "options"):
        for d in getattr(rs, group):
            for field in ("value", "help", "source", "summary"):
                zh = getattr(d, f"{field}_zh", "")
                if zh:
                    yield f"{rs.id} {d.id} {field}", zh, getattr(d, f"{field}_en", "")


def missing(lang: str = "ja") -> list[tuple[str, str]]:
    """(zh, en) of every declared or referenced name and declared text that ``lang``'s names
    catalog lacks."""
    from bot.i18n import own_names

    have = own_names(lang)
    found = [*all_names(), *(n for rs in scoring.all_rulesets() for n in declared_texts(rs))]
    return sorted(
        {(zh, en) for _, zh, en in found if zh and not (have.get(f"{en}\x04{zh}") or have.get(zh))}
    )


if __name__ == "__main__":  # pragma: no cover
    # python -m tests.ja_names >> bot/locales/ja/LC_MESSAGES/names.po, fill in each msgstr,
    # then python -m bot.i18n compile
    import json

    for zh, en in missing():
        print(f'\n#. {en}\nmsgid {json.dumps(zh, ensure_ascii=False)}\nmsgstr ""')
