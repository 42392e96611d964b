"""Mahjong Tally's scoring core: pure Python, no I/O.

* :mod:`scoring.record` — hand records and settlements (the JSON contract).
* :mod:`scoring.declarations`, :mod:`scoring.ruleset` — what a ruleset declares, and its base.
* :mod:`scoring.engine` — ``settle(record)``: validate against the declarations, then score.
* :mod:`scoring.registry` — every ruleset, found in :mod:`scoring.rulesets`.
* :mod:`scoring.transfers` — the night's fewest transfers and money rounding.
"""

from scoring.engine import next_dealer, settle, validate
from scoring.errors import RecordError
from scoring.record import Event, HandRecord, Payment, Settlement, Step, Win
from scoring.registry import all_rulesets, get

__all__ = [
    "Event",
    "HandRecord",
    "Payment",
    "RecordError",
    "Settlement",
    "Step",
    "Win",
    "all_rulesets",
    "get",
    "next_dealer",
    "settle",
    "validate",
]
