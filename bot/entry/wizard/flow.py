"""The wizard's machine: a fresh entry (:func:`new_state`), an /edit pre-fill
(:func:`from_record`), a tap (:func:`apply`: Back and paging here, the rest by the step's class)
and a screen (:func:`render`); :data:`STEPS` maps each step kind to its class."""

from __future__ import annotations

from typing import Any

from bot.describe import FLOWERS
from bot.entry.draft import Draft, WinDraft
from bot.entry.keyboard import Code
from bot.entry.wizard.actions import Ctx, Screen, Step, WizardError, _idx, _split
from bot.entry.wizard.order import after_wins, resolve, walk
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
    d = Draft(
        ruleset=ruleset,
        options=dict(options),
        players=list(players),
        names=dict(names),
        dealer=dealer,
        mode=mode,
        hand_no=hand_no,
    )
    step = "winner.0"
    if result is not None and result != "win":
        d.result = result
        step = after_wins(d)
    return step, d.to_json()


def from_record(record: HandRecord, names: dict[str, str], **extra: Any) -> dict[str, Any]:
    """Wizard data pre-filled from a recorded hand (for /edit)."""
    wins = []
    for win in record.wins:
        w = WinDraft.of_win(win)
        # a tiles object's flowers equal to the flower count were filled in by build_record:
        # leave them to the count again, so changing the count on /edit changes both
        t = w.tiles
        if t is not None and t.get(FLOWERS, 0) == record.count(FLOWERS, w.winner):
            w.tiles = {k: v for k, v in t.items() if k != FLOWERS}
        wins.append(w)
    d = Draft(
        ruleset=record.ruleset,
        options=dict(record.options),
        players=list(record.players),
        names=dict(names),
        dealer=record.dealer,
        result=record.result,
        wins=wins,
        counts={k: dict(v) for k, v in record.counts.items()},
        events=[e.to_json() for e in record.events],
    )
    if extra:
        d = Draft.from_json({**d.to_json(), **extra})
    d.trail = walk(d)
    return d.to_json()


def apply(step: str, data: dict[str, Any], action: str, arg: str) -> str:
    """Apply one tap; returns the new step (``data`` is modified in place).

    ``done``/``cancel``/``confirm`` are handled by the caller; Back and paging here, the rest
    by the step's class (:data:`STEPS`), whose target (:mod:`.targets`) the order resolves
    (:func:`bot.entry.wizard.order.resolve`). Raises :class:`WizardError` for a tap the
    current screen does not offer. The stored JSON is read into the typed draft once and
    written back once (also when the tap is refused: what the step changed before it was
    refused stays, as it did on the JSON).
    """
    d = Draft.from_json(data)
    try:
        return _apply(step, d, action, arg)
    finally:
        new = d.to_json()
        data.clear()
        data.update(new)


def _apply(step: str, d: Draft, action: str, arg: str) -> str:
    if action == Code.BACK:
        if not d.trail:
            raise WizardError("no_back")
        d.page = 0
        prev = d.trail.pop()
        while _gone(prev, d) and d.trail:  # a step of a win taken back since
            prev = d.trail.pop()
        if _gone(prev, d):
            prev = "winner.0"
        if prev == "winner.0" and not d.wins:
            d.result = "win"
        return prev
    if action == Code.PAGE:
        d.page = _idx(arg, 1000)
        return step
    c = Ctx.of(step, d)
    kind_step = STEPS.get(c.kind)
    if kind_step is None:
        raise WizardError("bad_arg")
    return resolve(d, step, kind_step.apply(c, action, arg))


#: the step kinds that ask about one win (``<kind>.<n>`` = win n)
WIN_KINDS = frozenset({"how", "mode", "shape", "fan", "fans", "tiles", "pad", "flags", "han", "fu"})


def _gone(step: str, d: Draft) -> bool:
    """Whether ``step`` asks about a win the entry no longer has (Back after a win was
    taken back: a Sichuan preview's Back, then the next win's Back; the grid of a win after
    the next, once an earlier win was changed from the preview and the later ones dropped)."""
    kind, _, n = step.partition(".")
    if kind == "winner":  # the next winner is asked at len(wins); a later one is gone
        return n.isdigit() and int(n) > len(d.wins)
    return kind in WIN_KINDS and n.isdigit() and int(n) >= len(d.wins)


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
    """The screen of ``step``: the hand's summary, then what the step's class asks (on the
    typed draft, read once from the stored JSON)."""
    kind_step = STEPS.get(_split(step)[0])
    if kind_step is None:
        raise WizardError("bad_step")
    d = Draft.from_json(data)
    prompt, rows = kind_step.render(Ctx.of(step, d, error=error, settlement=settlement), tr)
    text = summary(d, tr) + ("\n\n" + prompt if prompt else "")
    return Screen(text, rows)
