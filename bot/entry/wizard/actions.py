"""The wizard's vocabulary (the codes, buttons, screens and errors of
:mod:`bot.entry.keyboard`), the step context :class:`Ctx` and the :class:`Step` base class,
and the small helpers every step's screen uses (paging, the Back/Cancel row, HTML escaping)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.entry import cells
from bot.entry.draft import Draft, WinDraft
from bot.entry.keyboard import PAGE as PAGE
from bot.entry.keyboard import Button as Button
from bot.entry.keyboard import Code as Code
from bot.entry.keyboard import Refused as Refused
from bot.entry.keyboard import Screen as Screen
from bot.entry.keyboard import TilesError as TilesError
from bot.entry.keyboard import WizardError as WizardError
from bot.entry.keyboard import esc, paged
from bot.entry.wizard.targets import Target
from bot.i18n import Translator
from bot.terms import ICON_DEALER
from scoring.engine import MAX_FAN
from scoring.record import Settlement
from scoring.ruleset import Options, Ruleset

_esc = esc  # the steps' names
_paged = paged
FAN_MAX = MAX_FAN  # the keypad's largest total: the scoring core's bound (engine.MAX_FAN)
FANS_PAGE = 20  # a checklist page (2 a row: 10 rows, the pages and Back under them)
TILES_EXAMPLE = "[555z](7777p)123s999p2z 2z"


def _split(step: str) -> tuple[str, int]:
    kind, _, n = step.partition(".")
    return kind, int(n) if n else 0


def _idx(arg: str, upper: int) -> int:
    if not (arg.isascii() and arg.isdigit()) or int(arg) >= upper:
        raise WizardError("bad_arg")
    return int(arg)


def _seat_name(d: Draft, p: str) -> str:
    """A player's name on a grid button, 🎲 marking the dealer (as everywhere: 🀄 marks the
    winner, issue 25.3)."""
    return d.name(p) + (f" {ICON_DEALER}" if p == d.dealer else "")


def _nav(d: Draft, tr: Translator, *, next_label: str | None = None) -> list[Button]:
    _ = tr.gettext
    row = []
    if d.trail:
        row.append(Button("◀ " + _("Back"), Code.BACK))
    row.append(Button("✖ " + _("Cancel"), Code.CANCEL))
    if next_label:
        row.append(Button(next_label, Code.NEXT))
    marks = {Code.CANCEL: "✖", Code.BACK: "◀"}  # a phone's row (#26.1): marks, not words
    for code, mark in marks.items():
        if cells.over([[b.label for b in row]]):
            row = [Button(mark, code) if b.action == code else b for b in row]
    if next_label and cells.over([[b.label for b in row]]):
        row[-1] = Button(next_label.removesuffix(" ▶"), Code.NEXT)
    return row


@dataclass(slots=True)
class Ctx:
    """One step of one draft, as a step class sees it: the typed draft ``d`` (a step changes
    its attributes), the ruleset and its options, the step's kind and index."""

    step: str
    d: Draft
    rs: Ruleset
    opts: Options
    kind: str
    n: int
    error: str | None = None
    settlement: Settlement | None = None

    @classmethod
    def of(cls, step: str, d: Draft, **kw: Any) -> Ctx:
        kind, n = _split(step)
        return cls(step, d, d.rs, d.opts, kind, n, **kw)

    @property
    def win(self) -> WinDraft:
        """The win this step asks about (``<kind>.<n>``)."""
        return self.d.wins[self.n]


class Step:
    """A kind of step. ``render`` returns the prompt (under the hand's summary) and the
    buttons; ``apply`` changes the draft for a tap and returns where it leads (a
    :mod:`~bot.entry.wizard.targets` target, resolved by the flow) or raises
    :class:`WizardError`."""

    kinds: tuple[str, ...] = ()

    def apply(self, c: Ctx, action: str, arg: str) -> Target:
        raise WizardError("bad_arg")

    def render(self, c: Ctx, tr: Translator) -> tuple[str, list[list[Button]]]:
        raise WizardError("bad_step")
