"""Typed hand records and settlements that round-trip to the JSON of the contract.

See ``shared/contracts/hand-record.md``. ``HandRecord.from_json`` checks only the *form*
(types, required keys); what the ids mean is checked against the ruleset's declarations by
:func:`scoring.engine.validate`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from scoring.errors import RecordError

OptionValue = bool | int | str

#: the largest amount or net one settlement may carry for one player: what the ledger holds
#: (BigInteger, summed over a night) with room to spare. An option set that could make a valid
#: record exceed it is refused (``Ruleset.check_options``, the rulesets' bounds), and the engine
#: refuses a settlement beyond it rather than store it.
LEDGER_MAX = 10**12

WIN_KEYS = ("winner", "from", "robbed_kong", "shape", "flags", "fan", "fans", "tiles")
RECORD_KEYS = ("ruleset", "options", "players", "dealer", "result", "wins", "counts", "events")


#: A JSON path, or its parts (nested parts allowed), joined only when a check fails:
#: parsing is on the hot path of ``calc --jsonl``, and a valid record needs no path text.
Path = str | tuple[object, ...]


def _path(path: Path) -> str:
    if isinstance(path, str):
        return path
    return "".join(_path(p) if isinstance(p, tuple) else str(p) for p in path)


def _expect(cond: bool, path: Path, message: str) -> None:
    if not cond:
        raise RecordError(_path(path), message)


def _is_int(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _str(v: object, path: Path, *, nullable: bool = False) -> str | None:
    if v is None and nullable:
        return None
    if not isinstance(v, str) or v == "":
        raise RecordError(_path(path), "must be a non-empty string")
    return v


@dataclass(frozen=True, slots=True)
class Win:
    """One win of a hand. ``discarder`` is the JSON ``from`` (None = self-drawn)."""

    winner: str
    discarder: str | None = None
    robbed_kong: bool = False
    shape: str | None = None
    flags: tuple[str, ...] = ()
    fan: int | None = None
    fans: tuple[str, ...] | None = None
    tiles: Mapping[str, Any] | None = None

    @property
    def self_drawn(self) -> bool:
        return self.discarder is None

    def has(self, flag: str) -> bool:
        return flag in self.flags

    @classmethod
    def from_json(cls, data: object, path: Path) -> Win:
        _expect(isinstance(data, dict), path, "must be an object")
        assert isinstance(data, dict)
        for k in data:
            _expect(k in WIN_KEYS, (path, ".", k), "unknown field")
        winner = _str(data.get("winner"), (path, ".winner"))
        assert winner is not None
        # strict (issue 12): a missing "from" is an error, not a self-draw; null = self-drawn
        _expect("from" in data, (path, ".from"), "is missing: the discarder, or null if self-drawn")
        discarder = _str(data["from"], (path, ".from"), nullable=True)
        robbed = data.get("robbed_kong", False)
        _expect(isinstance(robbed, bool), (path, ".robbed_kong"), "must be true or false")
        shape = _str(data.get("shape"), (path, ".shape"), nullable=True)
        flags_raw = data.get("flags")
        if flags_raw is None:
            flags_raw = []
        _expect(isinstance(flags_raw, list), (path, ".flags"), "must be a list of ids")
        flags = tuple(_str(f, (path, ".flags[", i, "]")) or "" for i, f in enumerate(flags_raw))
        _expect(len(set(flags)) == len(flags), (path, ".flags"), "lists a flag twice")
        fan = data.get("fan")
        _expect(fan is None or _is_int(fan), (path, ".fan"), "must be an integer or null")
        fans_raw = data.get("fans")
        fans: tuple[str, ...] | None = None
        if fans_raw is not None:
            _expect(isinstance(fans_raw, list), (path, ".fans"), "must be a list of fan ids")
            fans = tuple(_str(f, (path, ".fans[", i, "]")) or "" for i, f in enumerate(fans_raw))
        tiles = data.get("tiles")
        _expect(tiles is None or isinstance(tiles, dict), (path, ".tiles"), "must be an object")
        return cls(winner, discarder, robbed, shape, flags, fan, fans, tiles)

    def to_json(self) -> dict[str, Any]:
        return {
            "winner": self.winner,
            "from": self.discarder,
            "robbed_kong": self.robbed_kong,
            "shape": self.shape,
            "flags": list(self.flags),
            "fan": self.fan,
            "fans": None if self.fans is None else list(self.fans),
            "tiles": None if self.tiles is None else dict(self.tiles),
        }


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened during the hand and carries money: ``{"type", "player", "from"?, …}``.

    Extra integer/string/bool fields declared by the ruleset live in ``data``.
    """

    type: str
    player: str
    source: str | None = None
    data: Mapping[str, OptionValue] = field(default_factory=dict)

    def get(self, key: str, default: OptionValue = 0) -> OptionValue:
        return self.data.get(key, default)

    def int(self, key: str, default: int = 0) -> int:
        v = self.data.get(key, default)
        assert _is_int(v)
        return int(v)

    @classmethod
    def from_json(cls, data: object, path: Path) -> Event:
        _expect(isinstance(data, dict), path, "must be an object")
        assert isinstance(data, dict)
        etype = _str(data.get("type"), (path, ".type"))
        player = _str(data.get("player"), (path, ".player"))
        source = _str(data.get("from"), (path, ".from"), nullable=True)
        extra: dict[str, OptionValue] = {}
        for k, v in data.items():
            if k in ("type", "player", "from"):
                continue
            _expect(
                isinstance(v, bool | int | str), (path, ".", k), "must be a number, text or boolean"
            )
            extra[k] = v
        assert etype is not None and player is not None
        return cls(etype, player, source, extra)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type, "player": self.player, "from": self.source}
        out.update(self.data)
        return out


@dataclass(frozen=True, slots=True)
class HandRecord:
    ruleset: str
    players: tuple[str, ...]
    dealer: str
    result: str = "win"
    wins: tuple[Win, ...] = ()
    options: Mapping[str, OptionValue] = field(default_factory=dict)
    counts: Mapping[str, Mapping[str, int]] = field(default_factory=dict)
    events: tuple[Event, ...] = ()

    def count(self, count_id: str, player: str) -> int:
        per = self.counts.get(count_id)
        return 0 if per is None else per.get(player, 0)

    @classmethod
    def from_json(cls, data: object) -> HandRecord:
        """Parse the contract's JSON object (already decoded). Raises :class:`RecordError`."""
        _expect(isinstance(data, dict), "record", "must be a JSON object")
        assert isinstance(data, dict)
        for k in data:
            _expect(k in RECORD_KEYS or k == "id", k, "unknown field")
        ruleset = _str(data.get("ruleset"), "ruleset")
        options = data.get("options")
        if options is None:
            options = {}
        _expect(isinstance(options, dict), "options", "must be an object")
        for k, v in options.items():
            _expect(
                isinstance(v, bool | int | str),
                ("options.", k),
                "must be a number, text or boolean",
            )
        players_raw = data.get("players")
        _expect(isinstance(players_raw, list), "players", "must be a list of player ids")
        assert isinstance(players_raw, list)
        players = tuple(_str(p, ("players[", i, "]")) or "" for i, p in enumerate(players_raw))
        _expect(len(set(players)) == len(players), "players", "lists a player twice")
        dealer = _str(data.get("dealer"), "dealer")
        # strict (issue 12): a record without "result" is an error, not a win
        _expect("result" in data, "result", "is missing: the hand's result, e.g. 'win' or 'draw'")
        result = _str(data["result"], "result")
        wins_raw = data.get("wins")
        if wins_raw is None:
            wins_raw = []
        _expect(isinstance(wins_raw, list), "wins", "must be a list")
        wins = tuple(Win.from_json(w, ("wins[", i, "]")) for i, w in enumerate(wins_raw))
        counts_raw = data.get("counts")
        if counts_raw is None:
            counts_raw = {}
        _expect(isinstance(counts_raw, dict), "counts", "must be an object")
        counts: dict[str, dict[str, int]] = {}
        for cid, per in counts_raw.items():
            _expect(isinstance(per, dict), ("counts.", cid), "must map player ids to integers")
            row: dict[str, int] = {}
            for p, n in per.items():
                _expect(_is_int(n), ("counts.", cid, ".", p), "must be an integer")
                row[p] = n
            counts[cid] = row
        events_raw = data.get("events")
        if events_raw is None:
            events_raw = []
        _expect(isinstance(events_raw, list), "events", "must be a list")
        events = tuple(Event.from_json(e, ("events[", i, "]")) for i, e in enumerate(events_raw))
        assert ruleset is not None and dealer is not None and result is not None
        return cls(ruleset, players, dealer, result, wins, dict(options), counts, events)

    def to_json(self) -> dict[str, Any]:
        return {
            "ruleset": self.ruleset,
            "options": dict(self.options),
            "players": list(self.players),
            "dealer": self.dealer,
            "result": self.result,
            "wins": [w.to_json() for w in self.wins],
            "counts": {k: dict(v) for k, v in self.counts.items()},
            "events": [e.to_json() for e in self.events],
        }


def _slot_setters(cls: type, *names: str) -> tuple[Callable[[object, object], None], ...]:
    """The slot descriptors' setters of ``names`` on ``cls``, for a quick ``__init__``.

    A frozen dataclass's generated ``__init__`` assigns each field through
    ``object.__setattr__``, which is twice as slow as storing into the slot directly; every
    settlement makes a dozen :class:`Payment` and :class:`Step` objects, so those two store
    straight into their slots. They stay frozen: assignment after ``__init__`` still raises.
    """
    return tuple(vars(cls)[name].__set__ for name in names)


@dataclass(frozen=True, slots=True, init=False)
class Payment:
    payer: str
    payee: str
    amount: int
    reason: str

    def __init__(self, payer: str, payee: str, amount: int, reason: str) -> None:
        _set_payer(self, payer)
        _set_payee(self, payee)
        _set_amount(self, amount)
        _set_reason(self, reason)

    def to_json(self) -> dict[str, Any]:
        return {"from": self.payer, "to": self.payee, "amount": self.amount, "reason": self.reason}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Payment:
        return cls(data["from"], data["to"], int(data["amount"]), data["reason"])


@dataclass(frozen=True, slots=True, init=False)
class Step:
    """One line of an explanation, in Chinese and English, and in Japanese where the ruleset
    writes it (``ja``; empty: a Japanese chat is shown the English). The contract's JSON has
    ``zh`` and ``en``; ``ja`` is written beside them only when it is set."""

    zh: str
    en: str
    ja: str

    def __init__(self, zh: str, en: str, ja: str = "") -> None:
        _set_zh(self, zh)
        _set_en(self, en)
        _set_ja(self, ja)

    def to_json(self, *, ja: bool = True) -> dict[str, str]:
        """The step's JSON; ``ja=False``: the contract's form, ``zh`` and ``en`` only."""
        out = {"zh": self.zh, "en": self.en}
        if ja and self.ja:
            out["ja"] = self.ja
        return out

    def text(self, lang: str) -> str:
        """The step in ``lang``: ``en``, ``zh``/``zh_Hans``, ``zh_Hant`` (converted from
        ``zh`` when shown, by :func:`scoring.hant.to_hant`), or ``ja`` (the English where no
        Japanese was written)."""
        if lang == "zh_Hant":
            from scoring.hant import to_hant

            return to_hant(self.zh)
        if lang == "ja":
            return self.ja or self.en
        return self.zh if lang.startswith("zh") else self.en


_set_payer, _set_payee, _set_amount, _set_reason = _slot_setters(
    Payment, "payer", "payee", "amount", "reason"
)
_set_zh, _set_en, _set_ja = _slot_setters(Step, "zh", "en", "ja")


@dataclass(frozen=True, slots=True)
class Settlement:
    payments: tuple[Payment, ...]
    net: Mapping[str, int]
    explanation: tuple[Step, ...]

    def to_json(self, *, ja: bool = True) -> dict[str, Any]:
        """The settlement's JSON; ``ja=False``: exactly the contract's (steps in ``zh`` and
        ``en``), as the command line prints it; the ledger keeps the Japanese too."""
        return {
            "payments": [p.to_json() for p in self.payments],
            "net": dict(self.net),
            "explanation": [s.to_json(ja=ja) for s in self.explanation],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Settlement:
        return cls(
            tuple(Payment.from_json(p) for p in data["payments"]),
            {k: int(v) for k, v in data["net"].items()},
            tuple(Step(s["zh"], s["en"], s.get("ja", "")) for s in data["explanation"]),
        )

    def paid(self, payer: str, payee: str) -> int:
        """Total paid from ``payer`` to ``payee`` over all itemized payments."""
        return sum(p.amount for p in self.payments if p.payer == payer and p.payee == payee)
