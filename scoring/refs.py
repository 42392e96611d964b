"""Name references: a declared item named in an explanation step by its id, so a stored
settlement is named at display time (issue 15 point 1: settle once, name at display time).

A ruleset names a declared item — a shape, a flag, a count, an event, a fan, a payment reason,
the unit … — in its explanation steps through :func:`name`, which gives the
pair of texts to embed in the ``zh`` and ``en`` step texts:

* normally (``scoring.settle``, ``mahjong-tally calc``: the contract's settlement) the plain
  names, exactly as the step always read;
* while :func:`referencing` is on (``storage.settled.settle_once``, the ledger's settle for
  storage) the same *reference* twice: ``\\ue002{ruleset}:{kind}:{id}[:{form}]\\ue003``, which
  no converter (Simplified → Traditional), no HTML escaping and no player reference changes.

:func:`resolve` puts the names back in, in one language (``zh``, ``zh_Hant`` or ``en``),
from the ruleset's *current* declarations (:func:`lookup`): the declared Traditional name
where there is one (else the Simplified converted), and a renamed declaration shows its new
name on an old stored hand. ``form`` keeps the English case the step uses (``lower``: "big
seven pairs" inside a sentence; Chinese is never changed by a form).

Amounts are not referenced: they are integers in ASCII digits, the same in every language.

Payment reasons: :data:`REASONS` are the names of the reason ids several rulesets share;
:func:`reason_names` finds any reason id's declared names (the ruleset's ``reasons``, then its
events, flags, shapes, counts or options of that id, then :data:`REASONS`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from typing import Any

from scoring.errors import RecordError

OPEN, CLOSE = "\ue002", "\ue003"
REF = re.compile(f"{OPEN}([^{OPEN}{CLOSE}]*){CLOSE}")

#: the kinds of items a reference names: the generic declarations (shape, flag, count, event,
#: option, result, reason, unit), and the tables a ruleset names its items by in its steps,
#: answered by its ``Ruleset.item_name`` (fan: a checklist's fans, Guobiao's 81; term/label: a
#: flag/shape as a formula words it; meld, kong, money, stake, tai, dahu: the tables so named),
#: and word: a short word of a step, from the ruleset's ``words`` table (``Ruleset.word``)
KINDS = frozenset(
    {"shape", "flag", "count", "event", "option", "result", "reason", "unit", "word"}
    | {"fan", "term", "label", "meld", "kong", "money", "stake", "tai", "dahu"}
)

#: how an English name is written inside a step (Chinese is never changed by a form)
FORMS: dict[str, Callable[[str], str]] = {
    "": lambda s: s,
    "lower": str.lower,
    "cap": lambda s: s[:1].upper() + s[1:],  # "Side bet" at the start of a step
}

#: the ruleset whose names are referenced (None: plain names, the contract's settlement)
_REFERENCING: ContextVar[str | None] = ContextVar("scoring_refs_referencing", default=None)

#: (zh, zh_hant, en) of one declared item; zh_hant "" = converted from zh
Names = tuple[str, str, str]

#: Names of the payment reasons several rulesets share (zh, zh_hant, en). A ruleset names
#: its own in ``reasons`` (a tuple of :class:`scoring.declarations.Choice`, value = the
#: reason id), or pays under the id of one of its events, flags, shapes, counts or options.
REASONS: dict[str, Names] = {
    "discarder_share": ("点炮者付", "", "discarder's share"),
    "dealer_share": ("庄家付", "", "dealer's share"),
    "other_share": ("其他家付", "", "other player's share"),
    "share": ("各家付", "", "share"),
    "self_draw": ("自摸每家付", "", "self-draw share"),
    "self_draw_share": ("自摸每家付", "", "self-draw share"),
    "self_drawn_share": ("自摸每家付", "", "self-draw share"),
    "quanchong_discarder": ("全冲：放枪者包付", "", "全冲: the discarder pays for all"),
    "shooter": ("放炮者付", "", "the discarder pays"),
    "discard": ("放炮者付", "", "the discarder pays"),
    "robbed_kong_pays_all": ("抢杠：被抢者全付", "", "robbed kong: the kong player pays for all"),
    "robbed_kong": ("抢杠：被抢者付", "", "robbed kong: the kong player pays"),
    "robbed_kong_share": ("被抢杠者付", "", "robbed kong: the kong player pays"),
    "robbed_kong_liability": ("抢杠包付", "", "robbed kong: the kong maker pays"),
    "robbed_kong_bao": ("抢杠包付", "", "robbed kong: the kong maker pays"),
    "bao_discard": ("包牌：放炮者包付", "", "liable discarder pays"),
    "bao_self_draw": ("包自摸：包牌者包付", "", "self-draw paid by the liable player"),
    "wild_bonus": ("精分", "", "wildcards (精)"),
    "kong": ("杠钱", "", "kong money"),
    "kong_refund": ("退杠钱", "", "kong money returned"),
    "not_ready": ("查大叫：未听牌者赔", "", "not ready at the draw pays"),
    "false_win": ("诈胡", "", "false win"),
    "false_win_fine": ("诈胡罚分", "", "false win fine"),
    "follow_dealer": ("跟庄", "", "follow the dealer"),
}


@contextmanager
def referencing(ruleset_id: str) -> Iterator[None]:
    """Within this block, :func:`name` gives references to ``ruleset_id``'s items."""
    token = _REFERENCING.set(ruleset_id)
    try:
        yield
    finally:
        _REFERENCING.reset(token)


def active() -> str | None:
    """The ruleset whose items are referenced now, or None (plain names). A ruleset that
    caches explanation text keys its cache on this."""
    return _REFERENCING.get()


def ref(ruleset_id: str, kind: str, item_id: str, form: str = "") -> str:
    """The reference to one declared item inside an explanation step."""
    tail = f":{form}" if form else ""
    return f"{OPEN}{ruleset_id}:{kind}:{item_id}{tail}{CLOSE}"


def name(kind: str, item_id: str, zh: str, en: str, form: str = "") -> tuple[str, str]:
    """The (zh, en) texts that name a declared item in a step: ``zh`` and ``en`` as given (the
    plain names, written as the step writes them), or while :func:`referencing` the same
    reference twice (``form``: how :func:`resolve` writes the English, see :data:`FORMS`)."""
    rid = _REFERENCING.get()
    if rid is None:
        return zh, en
    r = ref(rid, kind, item_id, form)
    return r, r


def _ruleset(ruleset_id: str) -> Any:
    global _get
    if _get is None:
        from scoring.registry import get  # the registry imports the rulesets, which import this

        _get = get
    try:
        return _get(ruleset_id)
    except RecordError:  # a ruleset no longer registered
        return None


_get: Callable[[str], Any] | None = None
#: the kinds :func:`lookup` finds by the ruleset's classmethod of the same name
_FINDERS = frozenset({"shape", "flag", "count", "event", "option"})


def reason_names(ruleset: Any, reason: str) -> Names | None:
    """The declared names of a payment ``reason`` id (see the module docstring), or None."""
    for item in getattr(ruleset, "reasons", ()):
        if getattr(item, "value", None) == reason or getattr(item, "id", None) == reason:
            return item.zh, getattr(item, "zh_hant", ""), item.en
    for group in ("events", "flags", "shapes", "counts", "options"):
        for d in getattr(ruleset, group, ()):
            if d.id == reason:
                return d.zh, getattr(d, "zh_hant", ""), d.en
    return REASONS.get(reason)


def lookup(ruleset_id: str, kind: str, item_id: str) -> Names | None:
    """The current declared names of one item of a ruleset, or None if it declares none."""
    rs = _ruleset(ruleset_id)
    if rs is None:
        return None
    if kind in _FINDERS:  # Ruleset.shape(id), .flag(id) …: the declaration or None
        d = getattr(rs, kind)(item_id)
        return None if d is None else (d.zh, d.zh_hant, d.en)
    if kind == "word":
        return rs.words.get(item_id)  # type: ignore[no-any-return]
    own = rs.item_name(kind, item_id)
    if own is not None:
        return own  # type: ignore[no-any-return]
    if kind == "reason":
        return reason_names(rs, item_id)
    if kind == "unit":
        return rs.unit_zh, rs.unit_zh_hant, rs.unit_en
    if kind == "result":
        for r in rs.results:
            if r.value == item_id:
                return r.zh, r.zh_hant, r.en
    return None


def _hant(text: str) -> str:
    from scoring.hant import to_hant

    return to_hant(text)


#: what a Chinese step says in place of an item its ruleset no longer declares (English says
#: the item's id in words: "gone shape")
GONE_ZH, GONE_HANT = "（已停用的项）", "（已停用的項）"


@lru_cache(maxsize=4096)
def one(body: str, lang: str) -> str:
    """The text of one reference's body (``ruleset:kind:id[:form]``) in ``lang``.

    Remembered: declarations are class data, fixed while the process runs (a renamed one
    ships with new code, in a new process); :func:`scoring.testing.clear_caches` empties
    the memo (a test that renames a declaration calls it)."""
    parts = body.split(":")
    if len(parts) < 3:
        return body
    names = lookup(parts[0], parts[1], parts[2])
    if names is None:  # an item no longer declared: never the marker, nor an id in Chinese
        if lang == "en":
            return parts[2].replace("_", " ")
        return GONE_HANT if lang == "zh_Hant" else GONE_ZH
    if lang == "en":
        en = names[2]
        return FORMS.get(parts[3], _same)(en) if len(parts) > 3 else en
    if lang == "zh_Hant":
        return names[1] or _hant(names[0])
    return names[0]


def _same(text: str) -> str:
    return text


def resolve(text: str, lang: str) -> str:
    """``text`` with each name reference replaced by the item's name in ``lang`` (``zh`` or
    ``zh_Hans``, ``zh_Hant``, ``en``). Resolve after converting the text to zh_Hant, so a
    declared Traditional name is never converted again."""
    if OPEN not in text:
        return text
    return REF.sub(lambda m: one(m.group(1), lang), text)


def resolve_pair(zh: str, en: str) -> tuple[str, str]:
    """A step's (zh, en) with the references resolved: what the plain settlement says."""
    return resolve(zh, "zh"), resolve(en, "en")
