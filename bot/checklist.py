"""Checklist items that count more than once (issue 16): a fan whose entry in the ruleset's fan
list has ``max_count`` > 1 (Hong Kong 番子 / 正花 / 一台花 ×2, Singapore dragon pungs and seat
flowers ×2, animals ×4, Taiwan 三元牌 / 正花 / 花槓 ×2) is tapped again to add another copy, up
to ``max_count``; the next tap clears it. ``wins[].fans`` carries the id once per copy, as the
rulesets read it (hongkong.md §3, singapore.md §3, taiwan.md §3). Every other fan toggles."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from bot.i18n import Translator


def most(fans: Iterable[Mapping[str, Any]], fan_id: str) -> int:
    """How many copies of ``fan_id`` a hand may have (1 unless the fan list says more)."""
    for f in fans:
        if f.get("id") == fan_id:
            return max(1, int(f.get("max_count") or 1))
    return 1


def tap(
    fans: Iterable[Mapping[str, Any]],
    chosen: list[str],
    fan_id: str,
    compatible: Callable[[], bool],
) -> list[str] | None:
    """The ticked fans after a tap on ``fan_id``: 0 → 1 → … → ``max_count`` → 0. None if the
    first copy cannot go with the fans already ticked (``compatible``, asked only then)."""
    have = chosen.count(fan_id)
    if have == 0:
        return [*chosen, fan_id] if compatible() else None
    if have < most(fans, fan_id):
        return [*chosen, fan_id]
    return [c for c in chosen if c != fan_id]


def mark(chosen: list[str], fan_id: str) -> str:
    """The button's mark: nothing, ✅ or ✅×n."""
    n = chosen.count(fan_id)
    if n == 0:
        return ""
    return "✅ " if n == 1 else f"✅×{n} "


def total(fans: Iterable[Mapping[str, Any]], chosen: list[str]) -> int:
    """The sum of the ticked fans' points, each copy counted."""
    counted = Counter(chosen)
    return sum(int(f.get("points", 0)) * counted[f["id"]] for f in fans if f.get("id") in counted)


def joined(chosen: Iterable[str], names: Mapping[str, str]) -> str:
    """ "Dragon pung ×2, Self-drawn": each ticked fan once, with its copies."""
    counted = Counter(chosen)
    return ", ".join(str(names.get(f, f)) + (f" ×{n}" if n > 1 else "") for f, n in counted.items())


def hint(fans: Iterable[Mapping[str, Any]], tr: Translator) -> str:
    """A line under the checklist's prompt where some items count more than once."""
    if not any(int(f.get("max_count") or 1) > 1 for f in fans):
        return ""
    return "\n" + tr.gettext("Some items count more than once: tap again for ×2.")
