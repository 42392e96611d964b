"""A riichi event is complete with its players (issue #27 point 3): the text fields of its
events (an abortive draw's kind, the yaku a pao is for, spec riichi.md §1.1) are optional and
change no payment, and a text field's step asks for a person (a guest), so at a riichi table
the event is added straight from its players' grid. Other tables: the generic step."""

from __future__ import annotations

from bot.entry import allowed, riichi
from bot.entry.keyboard import Code
from bot.entry.wizard.actions import Ctx, _idx
from bot.entry.wizard.changes import finish_event
from bot.entry.wizard.steps.events import EventStep
from bot.entry.wizard.targets import Target


class RiichiEventStep(EventStep):
    """``evplayer``: at a riichi table a tap on the grid adds the event (no text field asked)."""

    kinds: tuple[str, ...] = ("evplayer",)  # type: ignore[assignment]

    def apply(self, c: Ctx, action: str, arg: str) -> Target:
        ev = c.d.ev
        if not (riichi.applies(c.rs) and ev and action == Code.EVENT_CELL):
            return super().apply(c, action, arg)
        decl = c.rs.event(ev["type"])
        assert decl is not None
        if any(f.kind == "int" for f in decl.fields):
            return super().apply(c, action, arg)
        cells = allowed.event_cells(c.d, decl)
        ev["player"], ev["from"] = cells[_idx(arg, len(cells))]
        c.d.trail.append(c.step)
        return finish_event(c.d)
