"""The preview's editor within a phone's first screen (#26.1, #26.2): Confirm stays in the first
row, so the editor below it has at most :data:`EDITOR_ROWS` rows and every label its row's
share of a 360-px keyboard (:mod:`bot.entry.cells`).

The counts are compact: a row of tabs (one per count, with its total, and the ➖ mode) and one
row of the chosen count's cells, a cell per player that counts up on tap (down in ➖ mode).
Where the editor still does not fit, the names are shortened to two to a row, then the events
move behind one ✏️ button (their own screen)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from bot.entry import allowed, cells
from bot.entry.draft import Draft, WinDraft
from bot.entry.keyboard import Button, Code, WizardError
from bot.entry.wizard.actions import _idx
from bot.entry.wizard.changes import (
    asks_value,
    each_possible,
    enabled_counts,
    enabled_events,
    step_each,
)
from bot.entry.wizard.targets import Go, Stay, Target
from bot.i18n import Translator
from scoring.declarations import DISCARD, SELF_DRAWN


@dataclass(frozen=True, slots=True)
class Level:
    """How tight the editor is drawn: the cells a flag's or tab's name may take, the events
    inline or behind one button, the win lines' names shortened, only the last win's flags."""

    room: int
    events: bool = True
    short_names: bool = False
    last_flags_only: bool = False
    flags_screen: bool = False  # every win's flags on their own screen


#: from the roomiest to the tightest: the first whose rows fit is drawn
LEVELS = (
    Level(36),
    Level(17),
    Level(17, events=False),
    Level(11, events=False, short_names=True),
    Level(11, events=False, short_names=True, last_flags_only=True),
    Level(11, events=False, short_names=True, last_flags_only=True, flags_screen=True),
)

#: the counts' ways and the levels, in the order tried: every count one tap away and the
#: flags on the preview first; the flags on their own screen last
TRIES = (
    *((way, level) for level in LEVELS[:3] for way in ("rows", "tabs")),
    *(("cycle", level) for level in LEVELS[:4]),
    *((way, level) for level in LEVELS[3:] for way in ("rows", "tabs", "cycle")),
)

#: the keyboard's 12 rows less Confirm's and the Back/Cancel row
EDITOR_ROWS = 10
TAB_ROWS = 2  # rows of counts' tabs at most; beyond, ◀ ▶ between them
# the draft's ``ct``: the count whose cells are shown (its index in the ruleset); ``minus``:
# the counts' cells count down


def count_rows(
    d: Draft,
    shown: list[int],
    tr: Translator,
    room: int,
    way: str = "tabs",
    each: Callable[[int], bool] = lambda _c: False,
) -> list[list[Button]]:
    """The counts: ``"rows"`` each count's name and its row of cells (no tab to tap), else
    ``"tabs"`` the counts' tabs (each with its total; the ➖/➕ mode) and the chosen count's
    cells, or ``"cycle"`` only the chosen tab with ◀ ▶ where the tabs are many. ``each``: the
    whether a count's "+1 each" (in ➖ mode "−1 each") may be tapped (:func:`each_possible`), put
    beside the mode (or the count's name) in a row it already takes."""
    if not shown:
        return []
    rs = d.rs
    cur = current_count(d, shown)
    minus = d.minus
    _ = tr.gettext

    def all_of(c: int) -> list[Button]:
        if not each(c):
            return []
        return [Button(_("−1 each") if minus else _("+1 each"), Code.EDIT, f"a{c}")]

    def total(c: int) -> int:
        return sum((d.counts.get(rs.counts[c].id) or {}).values())

    def tab(c: int, cells_: int) -> Button:
        head = "▸ " if c == cur and len(shown) > 1 else ""
        label = cells.labelled(head, tr.name(rs.counts[c]), f" {total(c)}", cells_)
        return Button(label, Code.EDIT, f"t{c}")

    mode = Button("➕" if minus else "➖", Code.EDIT, "m")
    if way == "rows":  # every count's cells on its own row, under its name
        out: list[list[Button]] = []
        for k, c in enumerate(shown):
            side = [*all_of(c), *([mode] if k == 0 else [])]
            name = cells.labelled(
                "", tr.name(rs.counts[c]), f" {total(c)}", cells.budget(1 + len(side))
            )
            out.append([Button(name, Code.PAGE, "0"), *side])
            out.append(_cells(d, c, minus))
        return out
    tab_rows = cells.pack([*(tab(c, room) for c in shown), mode], 3)
    if way == "cycle" and len(tab_rows) > TAB_ROWS:  # the chosen one, ◀ ▶ to the others
        k = shown.index(cur)
        prev, nxt = shown[k - 1], shown[(k + 1) % len(shown)]
        tab_rows = [
            [tab(cur, 36)],
            [Button("◀", Code.EDIT, f"t{prev}"), Button("▶", Code.EDIT, f"t{nxt}"), mode],
        ]
    extra = all_of(cur)
    fits = not cells.over([[b.label for b in [*tab_rows[-1], *extra]]])  # ◀ ▶ ➖ +1 each
    if extra and len(tab_rows[-1]) >= 3 and not fits:
        tab_rows.append(extra)
    elif extra:  # beside the mode, in its row: that row's tabs cut to make room
        last = [*tab_rows[-1], *extra]
        per = cells.budget(len(last))
        tab_rows[-1] = [
            tab(int(b.arg[1:]), per)
            if b.arg.startswith("t") and b.label not in ("◀", "▶") and cells.width(b.label) > per
            else b
            for b in last
        ]
    return [*tab_rows, _cells(d, cur, minus)]


def current_count(d: Draft, shown: list[int]) -> int:
    """The count whose cells are shown: the tab chosen, else the first that can still take
    one more (the 正精 all placed, the cells go on to the 副精: no tab to tap), else the
    first."""
    if d.ct is not None and d.ct in shown:
        return d.ct
    if not d.minus:
        for c in shown:
            decl = d.rs.counts[c]
            per = d.counts.get(decl.id) or {}
            if any(allowed.can_add(decl, per, p) for p in d.players):
                return c
    return shown[0]


def _cells(d: Draft, c: int, minus: bool) -> list[Button]:
    """Count ``c``'s cells: a player's short name and value, counting up on tap (down in ➖
    mode); a cell that cannot move is inert."""
    players = d.players
    decl = d.rs.counts[c]
    per = d.counts.get(decl.id) or {}
    width = cells.budget(len(players)) - 3  # " 12"
    shorts = cells.short_names([d.name(p) for p in players], width)
    row = []
    for i, (p, s) in enumerate(zip(players, shorts, strict=True)):
        v = per.get(p, 0)
        able = v > decl.min if minus else allowed.can_add(decl, per, p)
        action = (Code.COUNT_MINUS if minus else Code.COUNT_PLUS) if able else Code.PAGE
        row.append(Button(f"{s} {v}", action, f"{c}.{i}" if able else "0"))
    return row


@dataclass(frozen=True, slots=True)
class WinLines:
    """What the editor shows of each win, worked out once per screen (the editor is drawn at
    several levels until one fits): its value's label (None where the win asks no value after
    its how) and the flags that may be toggled."""

    values: tuple[str | None, ...]
    flags: tuple[list[int], ...]

    @classmethod
    def of(cls, d: Draft, value_of: Callable[[WinDraft], str]) -> WinLines:
        return cls(
            tuple(value_of(w) if asks_value(d, n) else None for n, w in enumerate(d.wins)),
            tuple(allowed.flags(d, w) for w in d.wins),
        )


def win_rows(d: Draft, tr: Translator, level: Level, lines: WinLines) -> list[list[Button]]:
    """Each win's line (who and how; its shape or value) and its flags' toggles."""
    _ = tr.gettext
    rs = d.rs
    rows: list[list[Button]] = []
    wins = d.wins
    for n, w in enumerate(wins):
        who, other = d.name(w.winner), d.name(w.discarder)
        if level.short_names:
            who, other = cells.short_names([who, other], 5)
        h = w.how
        if h == SELF_DRAWN:
            how_txt = _("{name} self-drawn").format(name=who)
        elif h == DISCARD:
            how_txt = f"{who} ← {other}"
        else:
            how_txt = _("{name} robs {other}'s kong").format(name=who, other=other)
        line = [Button(cells.fit("✏️ " + how_txt, 36), Code.EDIT, f"w{n}")]
        if (value := lines.values[n]) is not None:
            value = value or _("No special shape")
            cut = 17 if level.short_names else 36
            line.append(Button(cells.labelled("✏️ ", value, "", cut), Code.EDIT, f"v{n}"))
        rows += cells.pack(line, 2)
        earlier = n < len(wins) - 1 or level.flags_screen
        flags_of = lines.flags[n]
        if level.last_flags_only and earlier and flags_of:
            on = len(w.flags)
            label = "✏️ " + _("Special") + (f" ({on})" if on else "")
            rows[-1].append(Button(label, Code.EDIT, f"f{n}"))  # the win's own flags screen
            if cells.over([[b.label for b in rows[-1]]]):
                rows.append([rows[-1].pop()])
            continue
        flags = []
        for i in flags_of:
            mark = "✅ " if rs.flags[i].id in w.flags else "▫️ "
            label = cells.labelled(mark, tr.name(rs.flags[i]), "", level.room)  # under its win
            flags.append(Button(label, Code.TOGGLE, f"{n}.{i}"))
        rows += cells.pack(flags, 3)
    return rows


def event_rows(d: Draft, tr: Translator, room: int, enabled: list[int]) -> list[list[Button]]:
    """The events: ✖ removes one (its players never cut), ➕ adds one."""
    rs = d.rs
    removes = []
    for i, ev in enumerate(d.events):
        decl = rs.event(ev["type"])
        name = tr.name(decl) if decl else ev["type"]
        tail = f": {d.name(ev.get('player'))}"
        if ev.get("from"):
            tail += f" ← {d.name(ev['from'])}"
        for f in decl.fields if decl else ():
            v = ev.get(f.id)
            if v is not None and v != 0 and f.kind != "text":
                tail += f" · {v}"
            elif v and f.kind == "text":
                tail += f" · {d.name(str(v))}"
        label = cells.fit(cells.labelled("✖ ", name, tail, 36), 36)
        removes.append(Button(label, Code.EVENT_REMOVE, str(i)))
    adds = [
        Button(cells.labelled("➕ ", tr.name(rs.events[i]), "", room), Code.EVENT_ADD, str(i))
        for i in enabled
    ]
    return cells.pack(removes, 2) + cells.pack(adds, 3)


def events_button(d: Draft, tr: Translator, enabled: list[int]) -> list[list[Button]]:
    """The events behind one button (their own screen) when the editor has no room for them,
    the ruleset's first event (its kong, where it has kongs) added beside it in one tap
    (#26.7: the events' screen is a tap more)."""
    _ = tr.gettext
    n = len(d.events)
    tail = f" ({n})" if n else ""
    if not enabled:
        return [[Button("✏️ " + _("Kongs and other events") + tail, Code.EDIT, "e")]]
    first = enabled[0]
    add = cells.labelled("➕ ", tr.name(d.rs.events[first]), "", 17)
    more = cells.labelled("✏️ ", _("Events"), tail, 17)
    return [[Button(add, Code.EVENT_ADD, str(first)), Button(more, Code.EDIT, "e")]]


def rows(
    d: Draft,
    tr: Translator,
    shown: list[int],
    *,
    value_of: Callable[[WinDraft], str],
    base: Mapping[str, int] | None = None,
) -> list[list[Button]]:
    """The editor under Confirm, in at most :data:`EDITOR_ROWS` rows where it can be: names
    whole where they fit alone, else shortened to two a row, then the events behind one
    button."""
    out: list[list[Button]] = []
    parts = Parts(d, tr, shown, WinLines.of(d, value_of), base)
    for way, level in TRIES:
        if way == "rows" and len(parts.rows(level, way, each=False)) > EDITOR_ROWS:
            # a count's "+1 each" sits in its name's row: the rows do not fit either way, so
            # it is not worked out for every count (a trial settle per player each)
            continue
        out = parts.rows(level, way)
        if len(out) <= EDITOR_ROWS:
            return out
    return out


class Parts:
    """The editor's parts for one screen, each drawn once however many of the levels and
    ways are tried (the draft does not change meanwhile): the win lines by level, the counts
    by room and way, the events by room; a count's "+1 each" worked out once, for the counts
    drawn only."""

    def __init__(
        self,
        d: Draft,
        tr: Translator,
        shown: list[int],
        lines: WinLines,
        base: Mapping[str, int] | None,
    ) -> None:
        self.d, self.tr, self.shown, self.lines, self.base = d, tr, shown, lines, base
        self.enabled = enabled_events(d.rs, d.opts, d.result)
        self.another = bool(d.wins) and allowed.multi_possible(d)
        self._each: dict[int, bool] = {}
        self._wins: dict[Level, list[list[Button]]] = {}
        self._counts: dict[tuple[int, str, bool], list[list[Button]]] = {}
        self._events: dict[int, list[list[Button]]] = {}

    def each(self, c: int) -> bool:
        if c not in self._each:
            self._each[c] = each_possible(self.d, c, up=not self.d.minus, base=self.base)
        return self._each[c]

    def rows(self, level: Level, way: str = "tabs", *, each: bool = True) -> list[list[Button]]:
        d, tr = self.d, self.tr
        _ = tr.gettext
        room = level.room
        out: list[list[Button]] = []
        if d.result != "win" and not d.wins:
            r = next((r for r in d.rs.results if r.value == d.result), None)
            label = cells.labelled("✏️ ", tr.name(r) if r else d.result, "", 36)
            out.append([Button(label, Code.EDIT, "r")])
        if level not in self._wins:
            self._wins[level] = win_rows(d, tr, level, self.lines)
        out += self._wins[level]
        key = (0 if way == "rows" else room, way, each)  # a count's own rows take no room
        if key not in self._counts:
            ask = self.each if each else (lambda _c: False)
            self._counts[key] = count_rows(d, self.shown, tr, room, way, ask)
        out += self._counts[key]
        if level.events:
            if room not in self._events:
                self._events[room] = event_rows(d, tr, room, self.enabled)
            out += self._events[room]
        elif self.enabled or d.events:
            out += events_button(d, tr, self.enabled)
        if self.another:
            out.append([Button("➕ " + _("Another winner"), Code.ANOTHER)])
        return out


def apply_edit(d: Draft, what: str, num: str) -> Target | None:
    """The editor's own taps (``Code.EDIT``): a count's tab (``t<c>``), the ➖/➕ mode (``m``),
    a count's "+1 each" (``a<c>``), the events' screen (``e``), a win's flags screen (``f<n>``);
    None for the others."""
    if what == "t":
        c = _idx(num, len(d.rs.counts))
        if c not in enabled_counts(d.rs, d.opts, d.result):
            raise WizardError("bad_arg")
        d.ct = c
        return Stay()
    if what == "m" and not num:
        d.minus = not d.minus
        return Stay()
    if what == "a":  # a count's "+1 each" ("−1 each" in ➖ mode)
        c = _idx(num, len(d.rs.counts))
        if c not in enabled_counts(d.rs, d.opts, d.result):
            raise WizardError("bad_arg")
        step_each(d, c, up=not d.minus)
        return Stay()
    if what == "e" and not num:
        return Go("events")
    if what == "f":
        return Go(f"flags.{_idx(num, len(d.wins))}")
    return None
