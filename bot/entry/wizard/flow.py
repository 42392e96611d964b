"""The wizard's machine: a fresh entry (:func:`new_state`), an /edit pre-fill
(:func:`from_record`), a tap (:func:`apply`: Back and paging here, the rest by the step's class)
and a screen (:func:`render`); :data:`STEPS` maps each step kind to its class."""

from __future__ import annotations

from typing import Any

from bot.describe import (
    FLOWERS,
)
from bot.entry.keyboard import Code
from bot.entry.wizard.actions import Ctx, Screen, Step, WizardError, _idx, _opts, _rs
from bot.entry.wizard.order import _after_wins, walk
from bot.entry.wizard.steps import riichi_tiles, tiles
from bot.entry.wizard.steps.counts import CountStep, FlagsStep, MoreStep
from bot.entry.wizard.steps.events import EventsStep, EventStep
from bot.entry.wizard.steps.preview import PreviewStep, summary
from bot.entry.wizard.steps.riichi import FuStep, HanStep
from bot.entry.wizard.steps.riichi_fields import RiichiEventStep
from bot.entry.wizard.steps.riichi_tiles import RiichiTilesStep
from bot.entry.wizard.steps.tiles import PadStep, TilesStep
from bot.entry.wizard.steps.value import FansStep, FanStep, ModeStep, ShapeStep
from bot.entry.wizard.steps.winner import HowStep, WinnerStep
from bot.i18n import Translator
from scoring.record import HandRecord, Settlement

tiles.READERS["riichi"] = riichi_tiles.set_tiles


def new_state(
    *,
    ruleset: str,
    options: dict[str, Any],
    players: list[str],
    names: dict[str, str],
    dealer: str,
    mode: str = "record",
    result: str | None = None,
    hand_no: int | None = None,
) -> tuple[str, dict[str, Any]]:
    """A fresh wizard: returns ``(step, data)``."""
    data: dict[str, Any] = {
        "mode": mode,
        "ruleset": ruleset,
        "options": dict(options),
        "players": list(players),
        "names": dict(names),
        "dealer": dealer,
        "result": "win",
        "wins": [],
        "counts": {},
        "events": [],
        "trail": [],
        "page": 0,
        "hand_no": hand_no,
        "kind": "hand",  # as the typed draft writes it: a stored entry reads back the same
    }
    step = "winner.0"
    if result is not None and result != "win":
        data["result"] = result
        step = _after_wins(_rs(data), _opts(data), data)
    return step, data


def from_record(record: HandRecord, names: dict[str, str], **extra: Any) -> dict[str, Any]:
    """Wizard data pre-filled from a recorded hand (for /edit)."""
    data: dict[str, Any] = {
        "mode": "record",
        "ruleset": record.ruleset,
        "options": dict(record.options),
        "players": list(record.players),
        "names": dict(names),
        "dealer": record.dealer,
        "result": record.result,
        "wins": [_win_from(w.to_json()) for w in record.wins],
        "counts": {k: dict(v) for k, v in record.counts.items()},
        "events": [e.to_json() for e in record.events],
        "trail": [],
        "page": 0,
    }
    for w in data["wins"]:
        # a tiles object's flowers equal to the flower count were filled in by build_record:
        # leave them to the count again, so changing the count on /edit changes both
        t = w.get("tiles")
        if isinstance(t, dict) and t.get(FLOWERS, 0) == record.count(FLOWERS, w["winner"]):
            w["tiles"] = {k: v for k, v in t.items() if k != FLOWERS}
    data.update(extra)
    data["trail"] = walk(data)
    return data


def _win_from(w: dict[str, Any]) -> dict[str, Any]:
    out = {
        "winner": w["winner"],
        "from": w.get("from"),
        "robbed_kong": bool(w.get("robbed_kong")),
        "shape": w.get("shape"),
        "flags": list(w.get("flags") or []),
        "fan": w.get("fan"),
        "fans": w.get("fans"),
        "tiles": w.get("tiles"),
        "set": True,
    }
    for mode in ("fan", "fans", "tiles"):
        if w.get(mode) is not None:
            out["mode"] = mode
    return out


def apply(step: str, data: dict[str, Any], action: str, arg: str) -> str:
    """Apply one tap; returns the new step (``data`` is modified in place).

    ``done``/``cancel``/``confirm`` are handled by the caller; Back and paging here, the rest
    by the step's class (:data:`STEPS`). Raises :class:`WizardError` for a tap the current
    screen does not offer.
    """
    c = Ctx.of(step, data)
    if action == Code.BACK:
        if not data["trail"]:
            raise WizardError("no_back")
        data["page"] = 0
        prev: str = data["trail"].pop()
        while _gone(prev, data) and data["trail"]:  # a step of a win taken back since
            prev = data["trail"].pop()
        if _gone(prev, data):
            prev = "winner.0"
        if prev == "winner.0" and not data["wins"]:
            data["result"] = "win"
        return prev
    if action == Code.PAGE:
        data["page"] = _idx(arg, 1000)
        return step
    kind_step = STEPS.get(c.kind)
    if kind_step is None:
        raise WizardError("bad_arg")
    return kind_step.apply(c, action, arg)


#: the step kinds that ask about one win (``<kind>.<n>`` = win n)
WIN_KINDS = frozenset({"how", "mode", "shape", "fan", "fans", "tiles", "pad", "flags", "han", "fu"})


def _gone(step: str, data: dict[str, Any]) -> bool:
    """Whether ``step`` asks about a win the entry no longer has (Back after a win was
    taken back: a Sichuan preview's Back, then the next win's Back)."""
    kind, _, n = step.partition(".")
    return kind in WIN_KINDS and n.isdigit() and int(n) >= len(data.get("wins") or [])


#: The step classes by step kind (``<kind>`` or ``<kind>.<n>``).
STEPS: dict[str, Step] = {
    k: s
    for s in (
        WinnerStep(),
        HowStep(),
        ModeStep(),
        ShapeStep(),
        FanStep(),
        FansStep(),
        TilesStep(),
        FlagsStep(),
        MoreStep(),
        CountStep(),
        EventsStep(),
        EventStep(),
        PreviewStep(),
        PadStep(),
        HanStep(),
        FuStep(),
        RiichiEventStep(),  # after EventStep: a riichi event needs no text field
        RiichiTilesStep(),  # after TilesStep: a riichi tiles reply (dora, ura)
    )
    for k in s.kinds
}


def render(
    step: str,
    data: dict[str, Any],
    tr: Translator,
    *,
    error: str | None = None,
    settlement: Settlement | None = None,
) -> Screen:
    """The screen of ``step``: the hand's summary, then what the step's class asks."""
    c = Ctx.of(step, data, error=error, settlement=settlement)
    kind_step = STEPS.get(c.kind)
    if kind_step is None:
        raise WizardError("bad_step")
    prompt, rows = kind_step.render(c, tr)
    text = summary(data, tr) + ("\n\n" + prompt if prompt else "")
    return Screen(text, rows)
