"""The typed hand draft: what has been entered so far, every key declared.

A :class:`Draft` is the hand as entered (the contract's record fields, the names, and where
the entry stands: the step trail, the page of a list, the event being added …) and a
:class:`WinDraft` one of its wins. Both round-trip to the JSON a ledger draft stores
(:meth:`Draft.to_json` / :meth:`Draft.from_json`); :meth:`Draft.from_json` also reads what
earlier versions stored (keys missing, keys since renamed), and keeps a key it does not know
in ``extra``, unchanged, so nothing another module wrote is lost.

The events stay in their contract form (``{"type", "player", "from", <fields>}``): their
fields are the ruleset's declarations (:class:`scoring.declarations.FieldDecl`), not ours.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import scoring
from scoring.declarations import DISCARD, ROBBED_KONG, SELF_DRAWN
from scoring.record import Win
from scoring.ruleset import Options, Ruleset

#: The ways a win's value is entered: the fan keypad, the checklist, the tiles.
VALUE_MODES = ("fan", "fans", "tiles")

_OPTS: dict[tuple[str, tuple[tuple[str, Any], ...]], Options] = {}


def resolved(ruleset: str, options: dict[str, Any]) -> Options:
    """The ruleset's options resolved (kept: a tap asks for them many times)."""
    try:
        key = (ruleset, tuple(sorted(options.items())))
        hash(key)
    except TypeError:  # an option value that is not hashable: resolve it each time
        return scoring.get(ruleset).resolve_options(options)
    got = _OPTS.get(key)
    if got is None:
        if len(_OPTS) > 4096:
            _OPTS.clear()
        got = _OPTS[key] = scoring.get(ruleset).resolve_options(options)
    return got


@dataclass(slots=True)
class WinDraft:
    """One win as entered so far: the contract's win (``discarder`` is JSON ``from``), how its
    value is being entered (``mode``) and the tile pad's taps (``pad``)."""

    winner: str
    discarder: str | None = None  # JSON "from"
    robbed_kong: bool = False
    shape: str | None = None
    flags: list[str] = field(default_factory=list)
    fan: int | None = None
    fans: list[str] | None = None
    tiles: dict[str, Any] | None = None
    mode: str | None = None  # "fan", "fans" or "tiles"; None until chosen
    pad: list[str] | None = None  # the tile pad's tokens while it is open
    extra: dict[str, Any] = field(default_factory=dict)

    KEYS = (
        "winner",
        "from",
        "robbed_kong",
        "shape",
        "flags",
        "fan",
        "fans",
        "tiles",
        "mode",
        "pad",
        "set",  # written by an earlier /edit pre-fill; means nothing now
    )

    @property
    def how(self) -> str:
        """``self_drawn``, ``discard`` or ``robbed_kong``."""
        if self.robbed_kong:
            return ROBBED_KONG
        return SELF_DRAWN if self.discarder is None else DISCARD

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> WinDraft:
        fan = d.get("fan")
        return cls(
            winner=str(d["winner"]) if d.get("winner") is not None else "",
            discarder=None if d.get("from") is None else str(d["from"]),
            robbed_kong=bool(d.get("robbed_kong")),
            shape=d.get("shape") or None,
            flags=[str(f) for f in d.get("flags") or []],
            fan=fan if isinstance(fan, int) and not isinstance(fan, bool) else None,
            fans=None if d.get("fans") is None else [str(f) for f in d["fans"]],
            tiles=dict(d["tiles"]) if isinstance(d.get("tiles"), dict) else None,
            mode=d.get("mode") if d.get("mode") in VALUE_MODES else None,
            pad=None if d.get("pad") is None else [str(t) for t in d["pad"]],
            extra={k: v for k, v in d.items() if k not in cls.KEYS},
        )

    def to_json(self) -> dict[str, Any]:
        out = self.record_json()
        if self.mode is not None:
            out["mode"] = self.mode
        if self.pad is not None:
            out["pad"] = list(self.pad)
        out.update(self.extra)
        return out

    def record_json(self) -> dict[str, Any]:
        """The contract's win (no entry state), as :class:`scoring.record.Win` writes it."""
        return self.win().to_json()

    def win(self) -> Win:
        """The contract's :class:`~scoring.record.Win` of this win as entered (not checked:
        :meth:`scoring.record.Win.from_json` and the scoring core say what is wrong)."""
        return Win(
            self.winner,
            self.discarder,
            self.robbed_kong,
            self.shape,
            tuple(self.flags),
            self.fan,
            None if self.fans is None else tuple(self.fans),
            self.tiles,
        )

    @classmethod
    def of_win(cls, win: Win) -> WinDraft:
        """A recorded win as a draft's (its value's mode: the field it has)."""
        w = cls.from_json(win.to_json())
        for mode in VALUE_MODES:
            if getattr(w, mode) is not None:
                w.mode = mode
        return w


#: Draft keys written only when set (the stored JSON of a draft that never had them is
#: unchanged by a round trip).
_OPTIONAL = (
    "ev",
    "bystanders",
    "edit_hand_id",
    "edit_seq",
    "hand_count",
    "night_hand",
    "prevalent_wind",
    "table_entry",
    "first_result",
    "hand_id",
    "old_table_message",
    "ct",
)


@dataclass(slots=True)
class Draft:
    """A hand entry as stored in a ledger draft (chat buttons, ``/hand``, the Mini App).

    The record's fields: ``ruleset``, ``options``, ``players``, ``dealer``, ``result``,
    ``wins``, ``counts``, ``events``; the players' ``names`` (and the chat's ``bystanders``,
    players who are not seated, for an event's text field); where the entry stands: ``trail``
    (the steps passed, for Back), ``page`` (of a paged list), ``ev`` (the event being added),
    ``rk`` (the winners' grid shows robbed kongs); what the table put there: ``mode``
    (``record``, ``calc`` or ``web``), ``kind``, ``hand_no`` / ``hand_count`` (the number the
    hand gets, the table's count it was begun at), ``night_hand`` / ``prevalent_wind`` (the
    round wind), ``edit_hand_id`` / ``edit_seq`` (/edit: the hand corrected),
    ``table_entry`` / ``first_result`` / ``shared`` (the table message's entry), ``hand_id`` /
    ``old_table_message`` (after Confirm); the preview's ``ct`` (the count tab shown) and
    ``minus`` (its cells count down)."""

    ruleset: str
    players: list[str]
    names: dict[str, str]
    dealer: str
    options: dict[str, Any] = field(default_factory=dict)
    mode: str = "record"  # "record", "calc" or "web"
    result: str = "win"
    wins: list[WinDraft] = field(default_factory=list)
    counts: dict[str, dict[str, int]] = field(default_factory=dict)
    events: list[dict[str, Any]] = field(default_factory=list)
    trail: list[str] = field(default_factory=list)
    page: int = 0
    hand_no: int | None = None
    kind: str = "hand"
    ev: dict[str, Any] | None = None
    rk: bool = False
    bystanders: list[str] | None = None
    edit_hand_id: int | None = None
    edit_seq: int | None = None
    hand_count: int | None = None
    night_hand: int | None = None
    prevalent_wind: str | None = None
    table_entry: bool | None = None
    first_result: str | None = None
    shared: bool = False
    hand_id: int | None = None
    old_table_message: int | None = None
    ct: int | None = None  # the preview's count tab shown (the ruleset's count index)
    minus: bool = False  # the preview's count cells count down
    extra: dict[str, Any] = field(default_factory=dict)

    KEYS = (
        "ruleset",
        "players",
        "names",
        "dealer",
        "options",
        "mode",
        "result",
        "wins",
        "counts",
        "events",
        "trail",
        "page",
        "hand_no",
        "kind",
        "ev",
        "rk",
        "bystanders",
        "edit_hand_id",
        "edit_seq",
        "hand_count",
        "night_hand",
        "prevalent_wind",
        "table_entry",
        "first_result",
        "shared",
        "hand_id",
        "old_table_message",
        "ct",
        "minus",
    )

    # -- the ruleset -----------------------------------------------------------------
    @property
    def rs(self) -> Ruleset:
        return scoring.get(self.ruleset)

    @property
    def opts(self) -> Options:
        return resolved(self.ruleset, self.options)

    def name(self, p: str | None) -> str:
        """A player's name as the chat knows it ("—" for nobody)."""
        return "—" if p is None else str(self.names.get(p, p))

    def count(self, count_id: str, player: str) -> int:
        return int((self.counts.get(count_id) or {}).get(player, 0))

    def prevalent(self) -> str:
        """The prevalent wind a tiles reply without a wind word gets (as
        :func:`bot.describe.prevalent`)."""
        wind = self.prevalent_wind
        return wind if wind in ("E", "S", "W", "N") else "E"

    def seat_wind(self, w: WinDraft) -> str:
        """The winner's seat wind 门风: the dealer sits East, the others follow in seat order."""
        offset = (self.players.index(w.winner) - self.players.index(self.dealer)) % len(
            self.players
        )
        return "ESWN"[offset % 4]

    def view(self) -> dict[str, Any]:
        """What :mod:`bot.describe` reads of a draft (names, seats, the round wind)."""
        return {
            "names": self.names,
            "players": self.players,
            "dealer": self.dealer,
            "prevalent_wind": self.prevalent_wind,
            "night_hand": self.night_hand,
        }

    # -- JSON ------------------------------------------------------------------------
    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Draft:
        def opt_int(key: str) -> int | None:
            v = d.get(key)
            return v if isinstance(v, int) and not isinstance(v, bool) else None

        return cls(
            ruleset=str(d["ruleset"]),
            players=[str(p) for p in d.get("players") or []],
            names={str(k): str(v) for k, v in (d.get("names") or {}).items()},
            dealer=str(d["dealer"]),
            options=dict(d.get("options") or {}),
            mode=str(d.get("mode") or "record"),
            result=str(d.get("result") or "win"),
            wins=[WinDraft.from_json(w) for w in d.get("wins") or [] if isinstance(w, dict)],
            counts={
                str(c): {str(p): int(n) for p, n in (per or {}).items()}
                for c, per in (d.get("counts") or {}).items()
                if isinstance(per, dict)
            },
            events=[dict(e) for e in d.get("events") or [] if isinstance(e, dict)],
            trail=[str(t) for t in d.get("trail") or []],
            page=int(d.get("page") or 0),
            hand_no=opt_int("hand_no"),
            kind=str(d.get("kind") or "hand"),
            ev=dict(d["ev"]) if isinstance(d.get("ev"), dict) else None,
            rk=bool(d.get("rk")),
            bystanders=None if d.get("bystanders") is None else [str(x) for x in d["bystanders"]],
            edit_hand_id=opt_int("edit_hand_id"),
            edit_seq=opt_int("edit_seq"),
            hand_count=opt_int("hand_count"),
            night_hand=opt_int("night_hand"),
            prevalent_wind=d.get("prevalent_wind")
            if isinstance(d.get("prevalent_wind"), str)
            else None,
            table_entry=None if d.get("table_entry") is None else bool(d["table_entry"]),
            first_result=None if d.get("first_result") is None else str(d["first_result"]),
            shared=bool(d.get("shared")),
            hand_id=opt_int("hand_id"),
            old_table_message=opt_int("old_table_message"),
            ct=opt_int("ct"),
            minus=bool(d.get("minus")),
            extra={k: v for k, v in d.items() if k not in cls.KEYS},
        )

    @classmethod
    def of_record(cls, rec: dict[str, Any], names: dict[str, str]) -> Draft:
        """A draft holding a record's JSON as it is (the Mini App's form, built by the server):
        nothing is cleaned up, so what the scoring core says about it is what it says about
        the record."""
        return cls.from_json({**rec, "names": names, "mode": "web"})

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "mode": self.mode,
            "ruleset": self.ruleset,
            "options": dict(self.options),
            "players": list(self.players),
            "names": dict(self.names),
            "dealer": self.dealer,
            "result": self.result,
            "wins": [w.to_json() for w in self.wins],
            "counts": {c: dict(per) for c, per in self.counts.items()},
            "events": [dict(e) for e in self.events],
            "trail": list(self.trail),
            "page": self.page,
            "hand_no": self.hand_no,
            "kind": self.kind,
        }
        for key in _OPTIONAL:
            value = getattr(self, key)
            if value is not None:
                out[key] = value
        if self.rk:
            out["rk"] = True
        if self.shared:
            out["shared"] = True
        if self.minus:
            out["minus"] = True
        out.update(self.extra)
        return out

    def copy(self) -> Draft:
        """A deep copy (a trial change that may be undone)."""
        return Draft.from_json(self.to_json())


def load(data: dict[str, Any]) -> dict[str, Any]:
    """A hand draft's data as stored (now or by an earlier version), in the current form."""
    return Draft.from_json(data).to_json()
