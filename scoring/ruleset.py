"""The ruleset interface: declarations (data) plus ``settle`` (the rules).

A ruleset subclasses :class:`Ruleset`, fills in the class attributes, and implements
:meth:`Ruleset.compute` (and, if it has checks of its own, :meth:`Ruleset.check`). The
generic checks of every record against the declarations live in :mod:`scoring.engine`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, ClassVar, Literal

from scoring import refs
from scoring.declarations import (
    DISCARD,
    ROBBED_KONG,
    SELF_DRAWN,
    Choice,
    CountDecl,
    DealerRule,
    EventDecl,
    FieldDecl,
    OptionDecl,
    PresetDecl,
    WinItemDecl,
)
from scoring.errors import RecordError
from scoring.record import HandRecord, OptionValue, Payment, Settlement, Step, Win
from scoring.refs import Names

#: a ruleset's table of step words (:attr:`Ruleset.words`): id -> (zh, zh_hant, en)
Words = Mapping[str, Names]

RESULT_WIN = Choice("win", "胡牌", "Win")
RESULT_DRAW = Choice("draw", "流局", "Draw")


def how(win: Win) -> str:
    """``self_drawn``, ``discard`` or ``robbed_kong``."""
    if win.robbed_kong:
        return ROBBED_KONG
    return SELF_DRAWN if win.discarder is None else DISCARD


class Options(dict[str, OptionValue]):
    """The resolved options of one hand: defaults, then the preset, then the overrides."""

    def b(self, key: str) -> bool:
        return bool(self[key])

    def i(self, key: str) -> int:
        v = self[key]
        assert isinstance(v, int)
        return int(v)

    def s(self, key: str) -> str:
        return str(self[key])


class Tally:
    """Collects itemized payments, nets and explanation steps into a :class:`Settlement`."""

    __slots__ = ("net", "payments", "steps")

    def __init__(self, players: Iterable[str]) -> None:
        self.payments: list[Payment] = []
        self.net: dict[str, int] = dict.fromkeys(players, 0)
        self.steps: list[Step] = []

    def pay(self, payer: str, payee: str, amount: int, reason: str) -> None:
        """``payer`` pays ``amount`` (an int) to ``payee``; zero is skipped, negative reversed."""
        if type(amount) is not int:
            raise TypeError(f"amounts are integers, got {amount!r}")
        if amount == 0 or payer == payee:
            return
        if amount < 0:
            payer, payee, amount = payee, payer, -amount
        self.payments.append(Payment(payer, payee, amount, reason))
        net = self.net
        net[payer] = net.get(payer, 0) - amount
        net[payee] = net.get(payee, 0) + amount

    def explain(self, zh: str, en: str, ja: str = "") -> None:
        """One step of the derivation, in Chinese and English (and Japanese: ``ja``)."""
        self.steps.append(Step(zh, en, ja))

    def settlement(self) -> Settlement:
        return Settlement(tuple(self.payments), dict(self.net), tuple(self.steps))


class Ruleset:
    """Base class. Subclasses set the declarations and implement :meth:`compute`."""

    id: ClassVar[str]
    zh: ClassVar[str]
    en: ClassVar[str]
    #: Traditional Chinese names; empty = derived from the Simplified ones at display time
    zh_hant: ClassVar[str] = ""
    unit_zh: ClassVar[str] = "分"
    unit_zh_hant: ClassVar[str] = ""
    unit_en: ClassVar[str] = "points"
    #: the English unit's meaning where it is a Chinese word said aloud ("zi" for 子:
    #: "points"), shown once where the unit is introduced ("zi (points)"); empty = none
    unit_gloss_en: ClassVar[str] = ""
    #: what one fan is called on the fan keypad and checklist (台, tai, faan) where the unit
    #: is money, not fan; empty = the generic "fan"/番 (bot/fan_words.py)
    fan_word_zh: ClassVar[str] = ""
    fan_word_zh_hant: ClassVar[str] = ""
    fan_word_en: ClassVar[str] = ""
    summary_zh: ClassVar[str] = ""
    summary_en: ClassVar[str] = ""
    players: ClassVar[tuple[int, ...]] = (4,)
    options: ClassVar[tuple[OptionDecl, ...]] = ()
    presets: ClassVar[tuple[PresetDecl, ...]] = ()
    default_preset: ClassVar[str | None] = None
    results: ClassVar[tuple[Choice, ...]] = (RESULT_WIN, RESULT_DRAW)
    shapes: ClassVar[tuple[WinItemDecl, ...]] = ()
    shape_required: ClassVar[bool] = True
    flags: ClassVar[tuple[WinItemDecl, ...]] = ()
    counts: ClassVar[tuple[CountDecl, ...]] = ()
    events: ClassVar[tuple[EventDecl, ...]] = ()
    #: what a win may carry besides flags: any of "shape", "fan", "fans", "tiles"
    win_inputs: ClassVar[frozenset[str]] = frozenset({"shape"})
    #: "none" (one winner), "same_discard" (一炮多响 on one discard) or "sequential" (血战)
    multi_win: ClassVar[Literal["none", "same_discard", "sequential"]] = "none"
    #: results that may still carry wins (血战: wins before the wall ran out)
    wins_allowed_in: ClassVar[frozenset[str]] = frozenset({"win"})
    dealer_rule: ClassVar[DealerRule] = DealerRule()
    #: the short words a step names a rule by where no declaration's name fits (跟庄, 硬花 …):
    #: id -> (zh, zh_hant, en), zh_hant "" = converted; referenced as kind ``word``
    #: (:meth:`word`, :func:`scoring.refs.lookup`)
    words: ClassVar[Words] = {}

    # --- lookups (dictionaries built once per class: settle is hot) ---------------------
    _option_ids: ClassVar[dict[str, OptionDecl]] = {}
    _shape_ids: ClassVar[dict[str, WinItemDecl]] = {}
    _flag_ids: ClassVar[dict[str, WinItemDecl]] = {}
    _count_ids: ClassVar[dict[str, CountDecl]] = {}
    _event_ids: ClassVar[dict[str, EventDecl]] = {}
    _preset_ids: ClassVar[dict[str, PresetDecl]] = {}
    _event_fields: ClassVar[dict[str, dict[str, FieldDecl]]] = {}
    _result_ids: ClassVar[frozenset[str]] = frozenset()
    _resolved: ClassVar[dict[tuple[object, ...], Options]] = {}
    _preset_base: ClassVar[dict[OptionValue | None, Options]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._option_ids = {o.id: o for o in cls.options}
        cls._shape_ids = {s.id: s for s in cls.shapes}
        cls._flag_ids = {f.id: f for f in cls.flags}
        cls._count_ids = {c.id: c for c in cls.counts}
        cls._event_ids = {e.id: e for e in cls.events}
        cls._event_fields = {e.id: {f.id: f for f in e.fields} for e in cls.events}
        cls._preset_ids = {p.id: p for p in cls.presets}
        cls._result_ids = frozenset(r.value for r in cls.results)
        cls._resolved = {}
        # the defaults, then each preset's values (None: no preset), before any override
        defaults = {o.id: o.default for o in cls.options}
        cls._preset_base = {None: Options(defaults)} if cls.default_preset is None else {}
        for p in cls.presets:
            cls._preset_base[p.id] = Options({**defaults, **p.values, "preset": p.id})

    @classmethod
    def option(cls, option_id: str) -> OptionDecl | None:
        return cls._option_ids.get(option_id)

    @classmethod
    def shape(cls, shape_id: str) -> WinItemDecl | None:
        return cls._shape_ids.get(shape_id)

    @classmethod
    def flag(cls, flag_id: str) -> WinItemDecl | None:
        return cls._flag_ids.get(flag_id)

    @classmethod
    def count(cls, count_id: str) -> CountDecl | None:
        return cls._count_ids.get(count_id)

    @classmethod
    def event(cls, event_id: str) -> EventDecl | None:
        return cls._event_ids.get(event_id)

    @classmethod
    def preset(cls, preset_id: str) -> PresetDecl | None:
        return cls._preset_ids.get(preset_id)

    @classmethod
    def event_fields(cls, event_id: str) -> Mapping[str, FieldDecl]:
        """The declared extra fields of an event type, by id (empty for an unknown type)."""
        return cls._event_fields.get(event_id, {})

    @classmethod
    def result_ids(cls) -> frozenset[str]:
        return cls._result_ids

    @classmethod
    def word(cls, word_id: str, form: str = "") -> tuple[str, str]:
        """The (zh, en) a step writes for one of :attr:`words`: the plain names, or while
        :func:`scoring.refs.referencing` the reference (``form``: see ``scoring.refs.FORMS``)."""
        rid = refs.active()
        if rid is None:  # plain (the hot path): the names as declared
            zh, _, en = cls.words[word_id]
            return zh, en
        r = refs.ref(rid, "word", word_id, form)
        return r, r

    @classmethod
    def item_name(cls, kind: str, item_id: str) -> tuple[str, str, str] | None:
        """(zh, zh_hant, en) of an item named in explanation steps that is not one of the
        generic declarations (a fan of a checklist table, …): :func:`scoring.refs.lookup`
        asks here for any kind but shape, flag, count, event and option (found by the
        classmethods of those names). None = not one of the ruleset's own."""
        return None

    # --- options -----------------------------------------------------------------------
    @classmethod
    def resolve_options(cls, given: Mapping[str, OptionValue]) -> Options:
        """Defaults, then the preset (``given["preset"]`` or the default one), then overrides.

        Each distinct ``given`` is resolved once and remembered (a table uses one option set
        all night); callers get their own copy.
        """
        # the types are part of the key: True == 1, but only one of them is a valid int option
        key = (*given.items(), *map(type, given.values()))
        hit = cls._resolved.get(key)
        if hit is None:
            hit = cls._resolve_options(given)
            if len(cls._resolved) < 1024:
                cls._resolved[key] = hit
        return Options(hit)

    @classmethod
    def _resolve_options(cls, given: Mapping[str, OptionValue]) -> Options:
        preset_id = given.get("preset", cls.default_preset)
        opts = cls._preset_base.get(preset_id)
        if opts is None:
            names = ", ".join(p.id for p in cls.presets) or "none"
            raise RecordError("options.preset", f"unknown preset {preset_id!r} (have: {names})")
        opts = Options(opts)
        for key, value in given.items():
            if key == "preset":
                continue
            decl = cls.option(key)
            if decl is None:
                raise RecordError(f"options.{key}", f"unknown option for ruleset {cls.id}")
            why = decl.check(value)
            if why:
                raise RecordError(f"options.{key}", why)
            opts[key] = value
        cls.check_options(opts)
        return opts

    @classmethod
    def check_options(cls, opts: Options) -> None:
        """Checks of a whole option set beyond each option's declaration (e.g. that no valid
        record can make an amount larger than :data:`scoring.record.LEDGER_MAX`); raise
        :class:`RecordError` on ``options.<id>``. Runs once per option set, before any record."""

    # --- rules -------------------------------------------------------------------------
    def check(self, record: HandRecord, opts: Options) -> None:
        """Ruleset-specific validity checks beyond the declarations; raise RecordError."""

    def compute(self, record: HandRecord, opts: Options) -> Settlement:
        """Apply the rules to a valid record."""
        raise NotImplementedError

    def next_dealer(self, record: HandRecord) -> str:
        """Who deals the next hand, by :attr:`dealer_rule`."""
        rule = self.dealer_rule
        players = record.players
        if record.result != "win" or not record.wins:
            move = rule.draw
        elif any(w.winner == record.dealer for w in record.wins[:1]):
            move = rule.dealer_wins
        else:
            move = rule.other_wins
        first = record.wins[0] if record.wins else None
        if move == "stay" or (first is None and move in ("winner", "discarder")):
            return record.dealer
        if move == "next":
            return players[(players.index(record.dealer) + 1) % len(players)]
        assert first is not None
        if move == "winner":
            return first.winner
        if move == "discarder":
            return first.discarder or first.winner
        raise ValueError(f"unknown dealer move {move!r}")

    # --- description -------------------------------------------------------------------
    @classmethod
    def extra_json(cls) -> dict[str, Any]:
        """Anything else ``rules ID --json`` shows (Guobiao: its fans)."""
        return {}

    @classmethod
    def to_json(cls) -> dict[str, Any]:
        out: dict[str, Any] = {
            "id": cls.id,
            "name_zh": cls.zh,
            "name_en": cls.en,
            "unit_zh": cls.unit_zh,
            "unit_en": cls.unit_en,
            "summary_zh": cls.summary_zh,
            "summary_en": cls.summary_en,
            "players": list(cls.players),
            "options": [o.to_json() for o in cls.options],
            "presets": [p.to_json() for p in cls.presets],
            "default_preset": cls.default_preset,
            "results": [{"id": r.value, "name_zh": r.zh, "name_en": r.en} for r in cls.results],
            "shapes": [s.to_json() for s in cls.shapes],
            "shape_required": cls.shape_required,
            "flags": [f.to_json() for f in cls.flags],
            "counts": [c.to_json() for c in cls.counts],
            "events": [e.to_json() for e in cls.events],
            "win_inputs": sorted(cls.win_inputs),
            "multi_win": cls.multi_win,
            "dealer_rule": cls.dealer_rule.to_json(),
        }
        out.update(cls.extra_json())
        return out
