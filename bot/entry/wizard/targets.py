"""Where a tap leads: a step's ``apply`` returns one of these and :func:`bot.entry.wizard.flow.
apply` resolves it against the order of the steps (:mod:`bot.entry.wizard.order`), so a step
never imports the order (and the package has no import cycle).

- :class:`Stay`: the same step (a keypad digit, a toggle, a count stepped);
- :class:`Go`: a named step, the current one put on the trail (Back returns to it);
- :class:`Next`: the step the order puts after this one (or after ``after``);
- :class:`AfterWins`: what follows the wins (the preview, a result's event, the next win);
- :class:`Resume`: straight back to the preview when win ``n`` needs nothing more, else ``then``
  (also the first time, for the answer to a /hand line's question);
- :class:`At`: a step as it is, the trail as the step left it (an event added, a value
  completed from the preview)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Stay:
    """The same step."""


@dataclass(frozen=True, slots=True)
class Go:
    """Step ``step``, with ``frm`` (the current step unless given) put on the trail; ``via``:
    a step passed on the way, put on the trail after ``frm`` (the pad opened straight from
    the mode: Back from the pad goes to the tiles step)."""

    step: str
    frm: str | None = None
    via: str | None = None


@dataclass(frozen=True, slots=True)
class Next:
    """The step after ``after`` (the current step unless given) in the order, with ``frm``
    (the current step unless given) put on the trail.

    ``refuse``: the win's JSON paths the scoring core must not object to when that next step is
    the preview or the step came from the preview (the tap is refused, naming why); ``resume``:
    where the step came from the preview and the order asks more, straight back to it when win
    ``resume`` needs nothing more (a new shape keeps the value entered)."""

    after: str | None = None
    frm: str | None = None
    refuse: tuple[str, ...] = ()
    resume: int | None = None


@dataclass(frozen=True, slots=True)
class AfterWins:
    """What follows the wins, the current step put on the trail."""


@dataclass(frozen=True, slots=True)
class Resume:
    """Straight back to the preview when win ``n`` changed from it needs nothing more asked
    (its shape and value still stand), else ``then``. ``line``: the step answers what a typed
    line (/hand) left out, so the preview also when not from it, where the rest of the win is
    there (#23.3: the answer goes into the same entry; nothing the line said is asked again)."""

    n: int
    then: Go | Next | AfterWins
    line: bool = False


@dataclass(frozen=True, slots=True)
class At:
    """Step ``step``, the trail left as the step made it."""

    step: str


Target = Stay | Go | Next | AfterWins | Resume | At
