"""The wizard's face over the stored JSON: what ``bot.handlers``, the benchmarks and the tests
call with a draft's ``data`` dict (as ``bot.wizard`` had them). Each reads the typed
:class:`~bot.entry.draft.Draft` once, asks the typed modules, and (where the call changes the
draft) writes its JSON back into ``data`` in place."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any

import scoring
from bot.entry import allowed, checks
from bot.entry.draft import Draft, WinDraft
from bot.entry.keyboard import Button
from bot.entry.wizard import changes, order
from bot.entry.wizard.changes import enabled_counts, enabled_events, text_fields
from bot.entry.wizard.order import result_event
from bot.entry.wizard.steps import preview as _preview
from bot.entry.wizard.steps import tiles as _tiles
from bot.entry.wizard.targets import Next
from bot.i18n import Translator
from scoring.declarations import CountDecl, EventDecl
from scoring.errors import RecordError
from scoring.record import HandRecord, Settlement
from scoring.ruleset import Options, Ruleset

__all__ = [
    "after_tiles",
    "build_record",
    "can_add",
    "checklist_total",
    "describe_event",
    "editor_rows",
    "enabled_counts",
    "enabled_events",
    "event_cells",
    "fan_compatible",
    "format_settlement",
    "grid_hows",
    "how_choices",
    "next_step",
    "preview",
    "problem",
    "problem_text",
    "prune_flags",
    "repair",
    "result_event",
    "set_text_value",
    "set_tiles",
    "shown_counts",
    "stored",
    "summary",
    "text_choices",
    "text_fields",
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


@contextmanager
def stored(data: dict[str, Any]) -> Iterator[Draft]:
    """The typed draft of ``data``, written back into ``data`` in place afterwards (also when
    the change is refused: what was changed before stays, as on the JSON)."""
    d = Draft.from_json(data)
    try:
        yield d
    finally:
        new = d.to_json()
        data.clear()
        data.update(new)


def _d(data: dict[str, Any]) -> Draft:
    return Draft.from_json(data)


def _rs(data: dict[str, Any]) -> Ruleset:
    """A stored draft's ruleset."""
    return _d(data).rs


def _opts(data: dict[str, Any]) -> Options:
    """A stored draft's options, resolved."""
    return _d(data).opts


def build_record(data: dict[str, Any]) -> HandRecord:
    """The hand record (:func:`bot.entry.checks.to_record`)."""
    return checks.to_record(_d(data))


def preview(data: dict[str, Any]) -> tuple[HandRecord, Settlement]:
    """Build and settle the record; raises :class:`RecordError` for an impossible hand."""
    record = build_record(data)
    return record, scoring.settle(record)


def problem(data: dict[str, Any]) -> RecordError | None:
    """What the scoring core says is wrong with the hand as entered (None if nothing)."""
    return checks.problem(_d(data))


def problem_text(err: RecordError, data: dict[str, Any], tr: Translator) -> str:
    """The sentence for ``err`` (:func:`bot.entry.checks.problem_text`)."""
    return checks.problem_text(err, _d(data), tr)


def repair(data: dict[str, Any]) -> bool:
    """On the way to the preview, make the one change the rules force
    (:func:`bot.entry.allowed.repair`); ``data`` changed in place."""
    d = _d(data)
    if not allowed.repair(d):
        return False
    data.clear()
    data.update(d.to_json())
    return True


def valid_shapes(
    rs: Ruleset, opts: Options, data: dict[str, Any], win: dict[str, Any], how: str | None = None
) -> list[int]:
    return allowed.shapes(_d(data), WinDraft.from_json(win), how)


def valid_flags(rs: Ruleset, opts: Options, data: dict[str, Any], win: dict[str, Any]) -> list[int]:
    """Flags that can be toggled now (selected ones stay listed so they can be turned off)."""
    return allowed.flags(_d(data), WinDraft.from_json(win))


def prune_flags(rs: Ruleset, opts: Options, data: dict[str, Any], win: dict[str, Any]) -> None:
    """Drop chosen flags that are no longer possible (after the winner/how/shape changed)."""
    w = WinDraft.from_json(win)
    allowed.prune_flags(_d(data), w)
    win["flags"] = w.flags


def fan_compatible(
    fans: list[dict[str, Any]],
    chosen: list[str],
    fan_id: str,
    data: dict[str, Any] | None = None,
    win: dict[str, Any] | None = None,
) -> bool:
    """A checklist fan that may be ticked beside ``chosen`` (:func:`allowed.fan_ok`)."""
    assert data is not None
    w = WinDraft.from_json({**(win or {"winner": ""}), "fans": chosen})
    return allowed.fan_ok(_d(data), w, fan_id, chosen)


def checklist_total(data: dict[str, Any], win: dict[str, Any], fans: list[dict[str, Any]]) -> int:
    """The checklist's running total (:func:`allowed.fan_total`)."""
    return allowed.fan_total(_d(data), WinDraft.from_json(win))


def win_modes(rs: Ruleset) -> list[str]:
    return allowed.value_modes(rs)


def uses_shape(rs: Ruleset) -> bool:
    return allowed.uses_shape(rs)


def can_add(cdecl: CountDecl, per: dict[str, int], p: str) -> bool:
    return allowed.can_add(cdecl, per, p)


def winner_choices(rs: Ruleset, data: dict[str, Any], n: int) -> list[str]:
    return allowed.winners(_d(data), n)


def how_choices(
    rs: Ruleset, opts: Options, data: dict[str, Any], n: int
) -> list[tuple[str, str | None]]:
    """``(how, source)`` pairs that leave at least one possible shape."""
    d = _d(data)
    return allowed.hows_for(d, n, d.wins[n])


def grid_hows(
    rs: Ruleset, opts: Options, data: dict[str, Any], n: int, p: str
) -> list[tuple[str, str | None]]:
    """The cells of ``p``'s row on the winners' grid (:func:`changes.grid_hows`)."""
    return changes.grid_hows(_d(data), n, p)


def event_cells(data: dict[str, Any], decl: EventDecl) -> list[tuple[str, str | None]]:
    """``(player, from)`` pairs the event may have (:func:`allowed.event_cells`)."""
    return allowed.event_cells(_d(data), decl)


def text_choices(decl: EventDecl, data: dict[str, Any], n: int) -> list[str]:
    return changes.text_choices(decl, _d(data), n)


def shown_counts(data: dict[str, Any], base: Mapping[str, int] | None = None) -> list[int]:
    """The counts the preview asks (:func:`changes.shown_counts`)."""
    return changes.shown_counts(_d(data), base)


def set_text_value(data: dict[str, Any], step: str, pid: str, name: str) -> str:
    """A name typed on an ``evname.<n>`` step, already turned into a player id by the caller
    (a guest of the chat): remember the name, offer the player from now on, and go on.
    Returns the new step (``data`` changed in place)."""
    with stored(data) as d:
        return order.resolve(d, step, changes.set_text_value(d, step, pid, name))


def next_step(data: dict[str, Any], step: str) -> str:
    """The step after ``step`` given the choices made so far (``data`` changed in place: the
    win's mode the value step fixes, a result's event begun)."""
    with stored(data) as d:
        return order.next_step(d, step)


def walk(data: dict[str, Any]) -> list[str]:
    """The trail an /edit pre-fill walks (:func:`order.walk`; ``data`` changed in place as the
    walk changes it)."""
    with stored(data) as d:
        return order.walk(d)


def value_mode(data: dict[str, Any], n: int) -> str | None:
    """How win ``n``'s value is entered: as chosen, or the ruleset's only way."""
    return changes.value_mode(_d(data), n)


def summary(data: dict[str, Any], tr: Translator) -> str:
    """The hand as chosen so far (the top of every wizard screen)."""
    return _preview.summary(_d(data), tr)


def describe_event(rs: Ruleset, data: dict[str, Any], ev: dict[str, Any], tr: Translator) -> str:
    return _preview.describe_event(rs, _d(data), ev, tr)


def editor_rows(
    data: dict[str, Any],
    tr: Translator,
    *,
    base: Mapping[str, int] | None = None,
    impossible: bool = False,
) -> list[list[Button]]:
    """The preview's editing buttons (:func:`bot.entry.wizard.steps.preview.editor_rows`)."""
    return _preview.editor_rows(_d(data), tr, base=base, impossible=impossible)


def format_settlement(st: Settlement, data: dict[str, Any], tr: Translator) -> str:
    """The settlement as the preview shows it."""
    return _preview.format_settlement(st, _d(data), tr)


def set_tiles(data: dict[str, Any], step: str, text: str) -> None:
    """A text reply on a ``tiles`` step (:func:`bot.entry.wizard.steps.tiles.set_tiles`):
    the win's tiles, or :class:`TilesError` with the win left as it was (``data`` changed in
    place)."""
    with stored(data) as d:
        _tiles.set_tiles(d, step, text)


def tiles_reply_step(step: str, data: dict[str, Any]) -> str | None:
    """The tiles step a text reply to the entry's message answers (or None)."""
    return _tiles.tiles_reply_step(step, _d(data))


def after_tiles(data: dict[str, Any], step: str) -> str:
    """The step after a tiles reply that was read (:func:`set_tiles`): the wizard goes on by
    itself, as if Next had been tapped (``data`` changed in place)."""
    with stored(data) as d:
        return order.resolve(d, step, Next())


def tiles_words_help(data: dict[str, Any], win: dict[str, Any], tr: Translator) -> str:
    """The tiles prompt's lines on the words (:func:`bot.entry.wizard.steps.tiles.
    tiles_words_help`)."""
    return _tiles.tiles_words_help(_d(data), WinDraft.from_json(win), tr)
