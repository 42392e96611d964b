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
from collections.abc import Mapping

from scoring.errors import RecordError
from scoring.record import HandRecord, Settlement, Step
from storage.settled import FORMAT, name_refs, settle_once
from storage.views import HandView

log = logging.getLogger(__name__)


def named(st: Settlement, names: Mapping[str, str]) -> Settlement:
    """``st`` with each player reference of its explanation replaced by the player's name
    (``names``: player id → display name; an unnamed id shows as itself). Payments and nets
    keep their ids: the displays name those from ``names`` themselves."""
    return Settlement(
        st.payments,
        st.net,
        tuple(Step(name_refs(s.zh, names), name_refs(s.en, names)) for s in st.explanation),
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
