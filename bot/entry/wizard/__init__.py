"""The hand-entry wizard: a generic machine over a ruleset's declarations (the chat's buttons).

Nothing here knows any particular ruleset. A draft (:class:`bot.entry.draft.Draft`, stored as
its JSON; :func:`load` also reads what earlier versions stored) is the hand as entered so far
plus a step name ``<kind>`` or ``<kind>.<n>`` (``n`` = the win or count index); the trail of
visited steps is enough to go Back. Each step kind is a small class (:mod:`.steps`), and
:func:`render` / :func:`apply` (:mod:`.flow`) dispatch to them; what may be chosen comes from
:mod:`bot.entry.allowed`, what the scoring core says from :mod:`bot.entry.checks`.

The path asks only what can change the money of this hand: who won and how in one tap (the
winners' grid, only the ways the table plays), the shape or value, then the preview — which
is also the editor (each line jumps to its step and comes back; flags toggle there; the counts
that can change a net are ➖ n ➕ rows of every player; events ➕/✖; ➕ another winner where
possible). A tap that would make the hand impossible is refused at its step (:class:`Refused`,
said by :func:`problem_text`). The modules: ``actions`` (codes, buttons, errors, the step
context :class:`Ctx` over the typed draft, the step base), ``targets`` (where a tap leads:
``Stay``, ``Go``, ``Next``, ``AfterWins``, ``Resume``, ``At``), ``changes`` (what a tap
changes), ``order`` (which step comes next; it resolves a step's target, so no step imports
it), ``steps/*``, ``flow`` (a tap and a screen: the stored JSON read into the typed draft once
and written back in place), ``face`` (the other calls over the stored JSON). This package's
names are the wizard's face, as ``bot.wizard`` had them: they take and return the stored dict.
"""

from bot.describe import fan_list
from bot.entry.draft import Draft, WinDraft, load
from bot.entry.wizard.actions import (
    FAN_MAX,
    FANS_PAGE,
    PAGE,
    TILES_EXAMPLE,
    Button,
    Code,
    Ctx,
    Refused,
    Screen,
    Step,
    TilesError,
    WizardError,
    _esc,
    _idx,
    _nav,
    _paged,
)
from bot.entry.wizard.changes import WANTED, WIN_STEPS
from bot.entry.wizard.face import (
    _opts,
    _rs,
    after_tiles,
    build_record,
    can_add,
    checklist_total,
    describe_event,
    editor_rows,
    enabled_counts,
    enabled_events,
    event_cells,
    fan_compatible,
    format_settlement,
    grid_hows,
    how_choices,
    next_step,
    preview,
    problem,
    problem_text,
    prune_flags,
    repair,
    result_event,
    set_text_value,
    set_tiles,
    shown_counts,
    summary,
    text_choices,
    text_fields,
    tiles_reply_step,
    tiles_words_help,
    uses_shape,
    valid_flags,
    valid_shapes,
    value_mode,
    walk,
    win_modes,
    winner_choices,
)
from bot.entry.wizard.flow import STEPS, apply, from_record, new_state, render
from bot.entry.wizard.steps.counts import CountStep, FlagsStep, MoreStep
from bot.entry.wizard.steps.events import EventsStep, EventStep
from bot.entry.wizard.steps.preview import _SOURCE_REF, COUNT_BUTTONS, PreviewStep
from bot.entry.wizard.steps.tiles import (
    _TILES_FOLD,
    PAD_TILES,
    PadStep,
    TilesStep,
    pad_text,
    tiles_error_text,
)
from bot.entry.wizard.steps.value import FansStep, FanStep, ModeStep, ShapeStep
from bot.entry.wizard.steps.winner import HowStep, WinnerStep

__all__ = [
    "COUNT_BUTTONS",
    "FANS_PAGE",
    "FAN_MAX",
    "PAD_TILES",
    "PAGE",
    "STEPS",
    "TILES_EXAMPLE",
    "WANTED",
    "WIN_STEPS",
    "_SOURCE_REF",
    "_TILES_FOLD",
    "Button",
    "Code",
    "CountStep",
    "Ctx",
    "Draft",
    "EventStep",
    "EventsStep",
    "FanStep",
    "FansStep",
    "FlagsStep",
    "HowStep",
    "ModeStep",
    "MoreStep",
    "PadStep",
    "PreviewStep",
    "Refused",
    "Screen",
    "ShapeStep",
    "Step",
    "TilesError",
    "TilesStep",
    "WinDraft",
    "WinnerStep",
    "WizardError",
    "_esc",
    "_idx",
    "_nav",
    "_opts",
    "_paged",
    "_rs",
    "after_tiles",
    "apply",
    "build_record",
    "can_add",
    "checklist_total",
    "describe_event",
    "editor_rows",
    "enabled_counts",
    "enabled_events",
    "event_cells",
    "fan_compatible",
    "fan_list",
    "format_settlement",
    "from_record",
    "grid_hows",
    "how_choices",
    "load",
    "new_state",
    "next_step",
    "pad_text",
    "preview",
    "problem",
    "problem_text",
    "prune_flags",
    "render",
    "repair",
    "result_event",
    "set_text_value",
    "set_tiles",
    "shown_counts",
    "summary",
    "text_choices",
    "text_fields",
    "tiles_error_text",
    "tiles_reply_step",
    "tiles_words_help",
    "uses_shape",
    "valid_flags",
    "valid_shapes",
    "value_mode",
    "walk",
    "win_modes",
    "winner_choices",
]
