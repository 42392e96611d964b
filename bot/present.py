"""A settlement as people read it: the players' current display names in its explanation.

The ledger settles a confirmed hand once and stores its explanation with player references
(:mod:`storage.settled`); every display — the ✅ message, ``/explain``, the hand card image,
the Mini App — takes the stored settlement and puts the names in here, in whatever language
the step is then shown (``Translator.step`` picks zh / zh_Hant / en). Nothing here scores a
stored hand again, except a hand stored before references existed (its explanation names
database ids): that one is settled again for its words (:func:`shown`, the fallback), its
payments and nets staying the stored ones.

A hand being entered (the preview) is settled once here, with references, and named the same
way (:func:`preview`).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from scoring.errors import RecordError
from scoring.record import HandRecord, Settlement, Step
from storage.settled import FORMAT, name_refs, settle_once
from storage.views import HandView

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True, init=False)
class NamedStep(Step):
    """An explanation step with the players' names in (``zh``, ``en``), that remembers its
    referenced text: :meth:`shown` picks the language first and puts the names in after, so
    a derived language (zh_Hant, converted from ``zh``) never converts a person's name (user
    text is shown as typed) and no name runs into the words around it in the converter.
    ``Translator.step`` calls :meth:`shown`."""

    ref_zh: str
    ref_en: str
    names: Mapping[str, str] = field(compare=False, hash=False)  # a dict: kept out of hash

    def __init__(self, ref_zh: str, ref_en: str, names: Mapping[str, str]) -> None:
        Step.__init__(self, name_refs(ref_zh, names), name_refs(ref_en, names))
        object.__setattr__(self, "ref_zh", ref_zh)
        object.__setattr__(self, "ref_en", ref_en)
        object.__setattr__(self, "names", names)

    def shown(self, pick: Callable[[str, str], str]) -> str:
        """The step in the language of ``pick`` (``Translator.pick``), then named."""
        return name_refs(pick(self.ref_zh, self.ref_en), self.names)

    def text(self, lang: str) -> str:
        if lang == "zh_Hant":
            from scoring.hant import to_hant

            return name_refs(to_hant(self.ref_zh), self.names)
        return self.zh if lang.startswith("zh") else self.en


def named(st: Settlement, names: Mapping[str, str]) -> Settlement:
    """``st`` with each player reference of its explanation replaced by the player's name
    (``names``: player id → display name; an unnamed id shows as itself). Payments and nets
    keep their ids: the displays name those from ``names`` themselves."""
    names = dict(names)
    return Settlement(
        st.payments, st.net, tuple(NamedStep(s.zh, s.en, names) for s in st.explanation)
    )


def shown(hand: HandView, names: Mapping[str, str]) -> Settlement:
    """The stored settlement of ``hand`` with names in its explanation. A hand stored before
    references (format 1) is settled again for its explanation only; if its record no longer
    settles, its stored explanation is shown as it is."""
    if hand.settlement_format >= FORMAT:
        return named(hand.settlement, names)
    try:
        again = settle_once(hand.record).settlement
    except RecordError:
        log.info("hand %s no longer settles; its stored explanation is shown", hand.id)
        return hand.settlement
    return named(
        Settlement(hand.settlement.payments, hand.settlement.net, again.explanation), names
    )


def preview(record: HandRecord, names: Mapping[str, str]) -> Settlement:
    """A hand being entered, settled once and named. Raises :class:`RecordError`."""
    return named(settle_once(record).settlement, names)
