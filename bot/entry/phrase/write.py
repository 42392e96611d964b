"""A record written back as a phrase (:func:`phrase_of`): round trips, and the examples
``/hand`` shows with no text (:func:`examples`: the table's own ruleset, options and language,
each read back by the parser before it is shown)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import scoring
from bot import fan_words
from bot.entry.phrase import riichi as riichi_words
from bot.entry.phrase.record import parse, parse_record
from bot.entry.phrase.vocab import TableInfo, decl_of, short
from bot.i18n import Translator
from scoring.declarations import is_enabled
from scoring.errors import RecordError
from scoring.record import HandRecord, Win

#: the verbs of a written line, by language: self-drawn, won off, robbed the kong of
VERBS = {
    "en": ("self-drawn", "won off", "robbed kong"),
    "zh_Hans": ("自摸", "胡", "抢杠"),
    "zh_Hant": ("自摸", "胡", "搶槓"),
}


def _lang(lang: str) -> str:
    if lang.startswith("zh"):
        return "zh_Hant" if lang in ("zh_Hant", "zh_TW", "zh_HK") else "zh_Hans"
    return "en"


def phrase_of(
    record: HandRecord, table: TableInfo, lang: str = "en", *, brief: bool = False
) -> str:
    """One line that :func:`~bot.entry.phrase.parse` reads back into ``record`` (wins,
    shapes, flags, fan totals and fans, counts, events without text fields; not tiles), in
    the words the bot prints in ``lang`` (``brief``: the names without their bracketed
    glosses, as a person writes them)."""
    rs = scoring.get(record.ruleset)
    lang = _lang(lang)
    tr = Translator(lang)
    self_word, off_word, rob_word = VERBS[lang]
    won = next((r for r in rs.results if r.value == "win"), None)
    if tr.zh and won is not None and won.zh.startswith("食"):
        off_word = "食"  # Hong Kong writes 食糊: P 食 Q
    unit = fan_words.word(rs, tr) or tr.pick("番", "fan", "")

    def nm(kind: str, item_id: str) -> str:
        d = decl_of(rs, kind, item_id)
        if d is None:
            return item_id
        if not brief:
            return tr.name(d)
        said = short(tr.name(d))
        return said if tr.zh else said[:1].lower() + said[1:]  # "won off Carol plain win"

    parts: list[str] = []
    if record.result != "win":
        parts.append(nm("result", record.result) if rs.event(record.result) is None else "")
    for w in record.wins:
        parts.append(table.name(w.winner))
        if w.discarder is None:
            parts.append(self_word)
        else:
            parts.append(rob_word if w.robbed_kong else off_word)
            parts.append(table.name(w.discarder))
        if w.shape:
            parts.append(nm("shape", w.shape))
        parts.extend(nm("flag", f) for f in w.flags)
        if w.fan is not None:
            parts.append(f"{w.fan}{unit}" if tr.zh else f"{w.fan} {unit}")
        listed = said = 0  # Guobiao's 花牌 ticked on the checklist: said as the flowers count
        for f in w.fans or ():
            if (f == "self_drawn" and w.discarder is None) or (
                f == "robbing_the_kong" and w.robbed_kong
            ):
                continue
            if f == "flower_tiles":
                listed += 1
                continue
            parts.append(nm("fan", f))
            said += 1
        if listed and not said:
            parts.append(nm("fan", "chicken_hand"))  # flowers alone: 无番和 (8) + flowers
        if listed and not record.count("flowers", w.winner):
            parts.extend([nm("count", "flowers"), table.name(w.winner), str(listed)])
    for cid, per in record.counts.items():
        for pid, n in per.items():
            if n:
                parts.extend([nm("count", cid), table.name(pid), str(n)])
    for ev in record.events:
        if ev.type == record.result:
            parts.extend([table.name(ev.player), nm("result", ev.type)])
            continue
        parts.extend([table.name(ev.player), nm("event", ev.type)])
        if ev.source is not None:
            parts.append(table.name(ev.source))
        fields = rs.event_fields(ev.type)
        for k, v in ev.data.items():
            fd = fields.get(k)
            if fd is None or v != fd.default:
                parts.append(str(v))
    return " ".join(p for p in parts if p)


# ---------------------------------------------------------------------------------------
# the examples of /hand with no text
# ---------------------------------------------------------------------------------------
def _settles(record: HandRecord) -> bool:
    try:
        scoring.settle(record)
    except RecordError:
        return False
    return True


def _wins(table: TableInfo, winner: str, discarder: str | None, flag: bool) -> Iterator[Win]:
    """Wins of the table's ruleset as an example says them, simplest first: its shapes in
    declared order (with a flag, if ``flag``), else fan totals from the smallest."""
    rs = scoring.get(table.ruleset)
    opts = rs.resolve_options(dict(table.options))
    if rs.shapes and "shape" in rs.win_inputs:
        shapes = [s.id for s in rs.shapes if is_enabled(s.enabled_by, opts)]
        flags = [f.id for f in rs.flags if is_enabled(f.enabled_by, opts)]
        for s in shapes:
            for f in flags if flag else ():
                yield Win(winner=winner, discarder=discarder, shape=s, flags=(f,))
            yield Win(winner=winner, discarder=discarder, shape=s)
    elif "fan" in rs.win_inputs:
        for v in (*range(1, 41), 0):
            yield Win(winner=winner, discarder=discarder, fan=v)


def _hands(
    table: TableInfo, winner: str, discarder: str | None, flag: bool
) -> Iterator[HandRecord]:
    rs = scoring.get(table.ruleset)
    results = ["win"] + (["draw"] if "draw" in rs.wins_allowed_in else [])
    for win in _wins(table, winner, discarder, flag):
        for result in results:  # 血战: one win, and the wall ran out
            yield HandRecord(
                ruleset=rs.id,
                players=tuple(table.players),
                dealer=table.dealer,
                result=result,
                wins=(win,),
                options=dict(table.options),
            )
    # a ruleset whose wins need a count too (Taixing: three 花 to win, taixing.py)
    opts = rs.resolve_options(dict(table.options))
    counts = [c for c in rs.counts if is_enabled(c.enabled_by, opts)]
    for win in _wins(table, winner, discarder, flag):
        for c in counts:
            for n in range(max(1, c.min), min(c.max, 4) + 1):
                for result in results:
                    yield HandRecord(
                        ruleset=rs.id,
                        players=tuple(table.players),
                        dealer=table.dealer,
                        result=result,
                        wins=(win,),
                        options=dict(table.options),
                        counts={c.id: {winner: n}},
                    )


_EXAMPLES: dict[tuple[Any, ...], list[str]] = {}


def examples(table: TableInfo, lang: str) -> list[str]:
    """Two lines in the table's ruleset and language — a win off a discard and a self-drawn
    one with a flag — each read back by the parser into the hand it says (so an example
    always works)."""
    key = (
        table.ruleset,
        repr(sorted(table.options.items())),
        table.players,
        table.dealer,
        tuple(table.name(p) for p in table.players),
        lang,
    )
    got = _EXAMPLES.get(key)
    if got is None and table.ruleset == riichi_words.RIICHI:  # its own words
        got = _EXAMPLES[key] = _riichi_examples(table, lang)
    if got is None:
        if len(_EXAMPLES) > 1024:
            _EXAMPLES.clear()
        got = _EXAMPLES[key] = _examples(table, lang)
    return list(got)


def _examples(table: TableInfo, lang: str) -> list[str]:

    others = [p for p in table.players if p != table.dealer] or list(table.players)
    if len(others) < 2:
        return []
    out: list[str] = []
    tr = Translator(_lang(lang))
    for winner, discarder, flag in ((others[0], others[1], False), (others[1], None, True)):
        text = next(
            (t for rec in _hands(table, winner, discarder, flag) for t in _said(rec, table, tr)),
            None,
        )
        if text is not None:
            out.append(text)
    return out


def _said(record: HandRecord, table: TableInfo, tr: Translator) -> Iterator[str]:
    """The shortest line that reads back as ``record`` (a result the wins imply, 血战's draw,
    left unsaid), if the core takes the record."""
    if not _settles(record):
        return
    texts = [phrase_of(record, table, tr.lang, brief=True)]
    if record.result != "win":
        texts.insert(0, phrase_of(replace(record, result="win"), table, tr.lang, brief=True))
    for text in texts:
        try:
            back = parse_record(text, table, tr)
        except ValueError:  # PhraseError: not read as printed; the next one
            continue
        if (back.result, back.wins, back.counts) == (record.result, record.wins, record.counts):
            yield text
            return


def _riichi_examples(table: TableInfo, lang: str) -> list[str]:
    """Two riichi lines with the table's names, those the scoring core settles as read."""
    others = [p for p in table.players if p != table.dealer]
    if len(others) < 2:
        return []
    a, b = table.name(others[0]), table.name(others[1])
    out = []
    for line in riichi_words.EXAMPLES.get(lang, riichi_words.EXAMPLES["en"]):
        text = line.format(a=a, b=b)
        try:
            parse(text, table, Translator(lang if lang in riichi_words.EXAMPLES else "en"))
        except ValueError:  # PhraseError: a name that reads as a word; left out
            continue
        out.append(text)
    return out
