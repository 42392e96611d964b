"""What a ruleset declares, as data: options, presets, shapes, flags, counts, events.

The bot builds every keyboard from these declarations and the engine validates every record
against them, so a ruleset needs no UI code. Every declared thing has a stable ASCII id and a
Chinese and English name.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from scoring.record import OptionValue

#: How a win happened: the three values used by ``how`` constraints.
SELF_DRAWN = "self_drawn"
DISCARD = "discard"
ROBBED_KONG = "robbed_kong"
HOWS = frozenset({SELF_DRAWN, DISCARD, ROBBED_KONG})


def is_enabled(enabled_by: str | None, opts: Mapping[str, OptionValue]) -> bool:
    """Whether a declared item is played under ``opts``.

    ``enabled_by`` is ``None`` (always), ``"opt"`` (a bool option that must be on),
    ``"opt=a|b"`` (the option's value is one of those) or ``"opt!=a|b"`` (none of those).
    """
    if enabled_by is None:
        return True
    if "=" not in enabled_by:
        return bool(opts.get(enabled_by))
    negate = "!=" in enabled_by
    key, _, values = enabled_by.partition("!=" if negate else "=")
    hit = str(opts.get(key)) in values.split("|")
    return hit != negate


@dataclass(frozen=True, slots=True)
class Choice:
    value: str
    zh: str
    en: str
    #: the Traditional Chinese name; empty = derived from ``zh`` at display time
    zh_hant: str = ""


@dataclass(frozen=True, slots=True)
class OptionDecl:
    """A per-table setting. ``kind`` is ``bool``, ``int`` or ``choice``.

    ``house`` marks a value the seeds do not give (a house default, shown as such in /rules).
    ``important`` options are offered when a table is opened; the rest keep their preset value.
    """

    id: str
    zh: str
    en: str
    kind: Literal["bool", "int", "choice"]
    default: OptionValue
    choices: tuple[Choice, ...] = ()
    min: int | None = None
    max: int | None = None
    house: bool = False
    important: bool = False
    help_zh: str = ""
    help_en: str = ""

    #: the Traditional Chinese name; empty = derived from ``zh`` at display time
    zh_hant: str = ""

    def check(self, value: object) -> str | None:
        """Return why ``value`` is not allowed, or None if it is."""
        if self.kind == "bool":
            return None if isinstance(value, bool) else "must be true or false"
        if self.kind == "int":
            if not isinstance(value, int) or isinstance(value, bool):
                return "must be an integer"
            if self.min is not None and value < self.min:
                return f"must be at least {self.min}"
            if self.max is not None and value > self.max:
                return f"must be at most {self.max}"
            return None
        allowed = [c.value for c in self.choices]
        if value not in allowed:
            return "must be one of " + ", ".join(allowed)
        return None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "id": self.id,
            "name_zh": self.zh,
            "name_en": self.en,
            "kind": self.kind,
            "default": self.default,
            "house": self.house,
            "important": self.important,
        }
        if self.choices:
            out["choices"] = [
                {"value": c.value, "name_zh": c.zh, "name_en": c.en} for c in self.choices
            ]
        if self.min is not None:
            out["min"] = self.min
        if self.max is not None:
            out["max"] = self.max
        if self.help_zh or self.help_en:
            out["help_zh"], out["help_en"] = self.help_zh, self.help_en
        return out


@dataclass(frozen=True, slots=True)
class PresetDecl:
    id: str
    zh: str
    en: str
    values: Mapping[str, OptionValue] = field(default_factory=dict)

    #: the Traditional Chinese name; empty = derived from ``zh`` at display time
    zh_hant: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "name_zh": self.zh, "name_en": self.en, "values": dict(self.values)}


@dataclass(frozen=True, slots=True)
class WinItemDecl:
    """A shape or a flag a win may carry, with its constraints.

    * ``how``: the ways of winning it allows (subset of ``HOWS``); empty = any.
    * ``not_with``: shape or flag ids it cannot be combined with.
    * ``shapes``: for a flag, the only shapes it goes with (empty = any).
    * ``winner_dealer``: True = only the dealer can have it, False = only a non-dealer.
    * ``enabled_by``: an option id (bool) that must be on for the item to be offered/valid.
    * ``value_zh``/``value_en``: the value as shown in /rules ("2翻", "+5 …").
    """

    id: str
    zh: str
    en: str
    value_zh: str = ""
    value_en: str = ""
    how: frozenset[str] = frozenset()
    not_with: frozenset[str] = frozenset()
    shapes: frozenset[str] = frozenset()
    winner_dealer: bool | None = None
    enabled_by: str | None = None
    house: bool = False
    #: an ``enabled_by``-style option expression that lifts ``not_with`` (a source variant)
    not_with_unless: str | None = None

    #: the Traditional Chinese name; empty = derived from ``zh`` at display time
    zh_hant: str = ""

    def excludes(self, other: str | None, opts: Mapping[str, OptionValue]) -> bool:
        """Whether this item cannot go with ``other`` (a shape or flag id) under ``opts``."""
        return other in self.not_with and not (
            self.not_with_unless is not None and is_enabled(self.not_with_unless, opts)
        )

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "id": self.id,
            "name_zh": self.zh,
            "name_en": self.en,
            "value_zh": self.value_zh,
            "value_en": self.value_en,
        }
        if self.how:
            out["how"] = sorted(self.how)
        if self.not_with:
            out["not_with"] = sorted(self.not_with)
        if self.shapes:
            out["shapes"] = sorted(self.shapes)
        if self.winner_dealer is not None:
            out["winner_dealer"] = self.winner_dealer
        if self.enabled_by:
            out["enabled_by"] = self.enabled_by
        if self.house:
            out["house"] = True
        if self.not_with_unless:
            out["not_with_unless"] = self.not_with_unless
        return out


HOW_NAMES = {SELF_DRAWN: "self-drawn", DISCARD: "on a discard", ROBBED_KONG: "robbing a kong"}


def item_problem(
    item: WinItemDecl,
    *,
    how: str,
    winner_is_dealer: bool,
    shape: str | None,
    others: Collection[str | None],
    opts: Mapping[str, OptionValue],
) -> str | None:
    """Why the shape or flag ``item`` cannot go with a win like this, or None if it can.

    ``how`` is ``self_drawn``/``discard``/``robbed_kong``; ``others`` are the ids of the win's
    shape and its other flags. One rule for the engine's validation, the bot's wizard (which
    offers only what passes) and the random record generator. The text completes a sentence
    that starts with the item, e.g. ``"flag 'x' " + problem``.
    """
    if item.enabled_by is not None and not is_enabled(item.enabled_by, opts):
        return f"is not played at this table (option {item.enabled_by})"
    if item.how and how not in item.how:
        allowed = " or ".join(HOW_NAMES[h] for h in sorted(item.how))
        return f"is only possible {allowed}, not {HOW_NAMES[how]}"
    if item.winner_dealer is not None and item.winner_dealer != winner_is_dealer:
        if item.winner_dealer:
            return "is only possible for the dealer"
        return "is not possible for the dealer"
    if item.shapes and shape not in item.shapes:
        return f"needs shape {' or '.join(sorted(item.shapes))}"
    if item.not_with:
        for other in sorted(item.not_with):  # sorted: the same message every run
            if other in others and item.excludes(other, opts):
                return f"cannot be combined with {other!r}"
    return None


@dataclass(frozen=True, slots=True)
class CountDecl:
    """A per-player number (精 held, flowers, 根 …). ``total_max`` bounds the sum over players."""

    id: str
    zh: str
    en: str
    max: int
    min: int = 0
    total_max: int | None = None
    enabled_by: str | None = None
    #: the hand results it is asked in (empty = any), e.g. a 查大叫 input only in a draw
    results: frozenset[str] = frozenset()

    #: the Traditional Chinese name; empty = derived from ``zh`` at display time
    zh_hant: str = ""
    #: what the bot fills in on a new hand (still editable): ``"dealer_streak"`` = the hands
    #: in a row the current dealer has already kept this night, on the dealer (from the
    #: ledger's dealer before/after: :func:`scoring.rulesets.taiwan.dealer_streak`)
    prefill: Literal["dealer_streak"] | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "id": self.id,
            "name_zh": self.zh,
            "name_en": self.en,
            "min": self.min,
            "max": self.max,
        }
        if self.total_max is not None:
            out["total_max"] = self.total_max
        if self.enabled_by:
            out["enabled_by"] = self.enabled_by
        if self.results:
            out["results"] = sorted(self.results)
        if self.prefill:
            out["prefill"] = self.prefill
        return out


@dataclass(frozen=True, slots=True)
class FieldDecl:
    """An extra field of an event: an integer (e.g. the number of 跟庄 rounds, ``kind="int"``)
    or a text id (``kind="text"``, e.g. a side-bet backer who is not seated). A text field
    names a person unless ``person=False``: then it is a word of the ruleset's own (riichi's
    abortive-draw kind, a pao's yaku), never a player id to rename or reference."""

    id: str
    zh: str
    en: str
    min: int = 0
    max: int = 99
    default: int = 0
    kind: Literal["int", "text"] = "int"

    #: the Traditional Chinese name; empty = derived from ``zh`` at display time
    zh_hant: str = ""
    #: a ``text`` field that names a person (a player or a bystander)
    person: bool = True

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "kind": self.kind,
            "name_zh": self.zh,
            "name_en": self.en,
            "min": self.min,
            "max": self.max,
            "default": self.default,
        }


@dataclass(frozen=True, slots=True)
class EventDecl:
    """An event type. ``source`` says whether ``from`` is required, optional or forbidden.

    ``results``: the hand results it may occur in (empty = any). ``enabled_by``: the option
    that must be on for it to be offered; a record with it while the option is off is refused,
    unless ``off_pays_nothing``: then it is accepted and pays nothing (the ruleset's formula
    pays it only with the option on, and its step says so).
    """

    id: str
    zh: str
    en: str
    source: Literal["required", "optional", "forbidden"] = "forbidden"
    source_zh: str = ""
    source_en: str = ""
    fields: tuple[FieldDecl, ...] = ()
    results: frozenset[str] = frozenset()
    value_zh: str = ""
    value_en: str = ""
    enabled_by: str | None = None
    off_pays_nothing: bool = False

    #: the Traditional Chinese name; empty = derived from ``zh`` at display time
    zh_hant: str = ""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "id": self.id,
            "name_zh": self.zh,
            "name_en": self.en,
            "from": self.source,
            "value_zh": self.value_zh,
            "value_en": self.value_en,
            "fields": [f.to_json() for f in self.fields],
        }
        if self.source_zh or self.source_en:
            out["from_zh"], out["from_en"] = self.source_zh, self.source_en
        if self.results:
            out["results"] = sorted(self.results)
        if self.enabled_by:
            out["enabled_by"] = self.enabled_by
        if self.off_pays_nothing:
            out["off_pays_nothing"] = True
        return out


@dataclass(frozen=True, slots=True)
class DealerRule:
    """How the dealer moves after a hand.

    Each field is one of ``stay`` (连庄), ``next`` (the next seat in turn order),
    ``winner`` (the (first) winner deals) or ``discarder`` (the discarder deals).
    """

    dealer_wins: str = "stay"
    other_wins: str = "next"
    draw: str = "stay"
    zh: str = "庄家胡牌或流局连庄，否则下家坐庄"
    en: str = "The dealer keeps the deal after winning or a draw; otherwise it passes on"

    def to_json(self) -> dict[str, Any]:
        return {
            "dealer_wins": self.dealer_wins,
            "other_wins": self.other_wins,
            "draw": self.draw,
            "name_zh": self.zh,
            "name_en": self.en,
        }
