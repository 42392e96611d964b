"""An event being added: its players' grid (who, and from whom) with its number
fields, then its text fields (a bystander, or a typed name); and the older events list."""

from __future__ import annotations

from bot.entry import allowed, cells, edits
from bot.entry.draft import Draft
from bot.entry.keyboard import Code
from bot.entry.wizard.actions import (
    Button,
    Ctx,
    Step,
    WizardError,
    _esc,
    _idx,
    _nav,
    _paged,
    _seat_name,
)
from bot.entry.wizard.changes import (
    enabled_events,
    ev_after_from,
    ev_after_player,
    ev_go,
    event_decl,
    finish_event,
    set_text,
    text_choices,
    text_field,
)
from bot.entry.wizard.steps import editor
from bot.entry.wizard.targets import Go, Stay, Target
from bot.i18n import Translator
from scoring.declarations import EventDecl


class EventsStep(Step):
    """The events list (drafts from before the editor; the preview adds and removes them)."""

    kinds = ("events",)

    def apply(self, c: Ctx, action: str, arg: str) -> Target:
        d, rs = c.d, c.rs
        if action == Code.EVENT_ADD:
            i = _idx(arg, len(rs.events))
            if i not in enabled_events(rs, c.opts, d.result):
                raise WizardError("bad_arg")
            edits.begin_event(d, rs.events[i])
            return Go("evplayer")  # the players' grid: who, and from whom, in one tap
        if action == Code.EVENT_REMOVE:
            del d.events[_idx(arg, len(d.events))]
            return Stay()
        if action == Code.NEXT:
            return Go("preview")
        raise WizardError("bad_arg")

    def render(self, c: Ctx, tr: Translator) -> tuple[str, list[list[Button]]]:
        d, rs = c.d, c.rs
        _ = tr.gettext
        prompt = _("Anything else that pays (kongs, penalties…)? Add it, or Next.")
        enabled = enabled_events(rs, c.opts, d.result)
        rows = editor.event_rows(d, tr, 17, [])  # each ✖ in a phone's row (#26.1)
        btns = [
            Button(cells.labelled("➕ ", tr.name(rs.events[i]), "", 17), Code.EVENT_ADD, str(i))
            for i in enabled
        ]
        rows += _paged(btns, d.page)
        rows.append(_nav(d, tr, next_label=_("Preview") + " ▶"))
        return prompt, rows


class EventStep(Step):
    """An event being added: its players' grid (who, and from whom) with its number fields,
    then its text fields (a bystander, or a typed name)."""

    kinds = ("evplayer", "evfrom", "evtext", "evname", "evfields")

    def apply(self, c: Ctx, action: str, arg: str) -> Target:
        d, kind, n = c.d, c.kind, c.n
        players = d.players
        decl = event_decl(d)
        ev = d.ev
        assert ev is not None
        if kind == "evtext" and action == Code.PICK:
            offered = text_choices(decl, d, n)
            by = d.bystanders or []
            pid = str(by[_idx(arg, len(by))])
            if pid not in offered:
                raise WizardError("bad_arg")
            return set_text(d, decl, n, pid)
        if kind == "evtext" and action == Code.NEW_NAME:
            text_field(decl, n)
            return Go(f"evname.{n}")
        if kind == "evplayer" and action == Code.EVENT_CELL:
            cells_ = allowed.event_cells(d, decl)
            ev["player"], ev["from"] = cells_[_idx(arg, len(cells_))]
            return ev_go(d, ev_after_from(decl, grid=True))
        if kind in ("evplayer", "evfields") and action in (Code.PLUS, Code.MINUS):
            ints = [f for f in decl.fields if f.kind == "int"]
            fd = ints[_idx(arg, len(ints))]
            v = int(ev.get(fd.id, fd.default))
            v = v + 1 if action == Code.PLUS else v - 1
            if not fd.min <= v <= fd.max:
                raise WizardError("at_max" if action == Code.PLUS else "at_min")
            ev[fd.id] = v
            return Stay()
        if kind == "evplayer" and action == Code.PICK:
            ev["player"] = players[_idx(arg, len(players))]
            if ev.get("from") == ev["player"]:
                ev["from"] = None
            return ev_go(d, ev_after_player(decl))
        if kind == "evfrom" and action == Code.PICK:
            if arg == "-" and decl.source == "optional":
                ev["from"] = None
            else:
                src = players[_idx(arg, len(players))]
                if src == ev["player"]:
                    raise WizardError("bad_arg")
                ev["from"] = src
            return ev_go(d, ev_after_from(decl))
        if kind == "evfields" and action == Code.NEXT:
            return finish_event(d)
        raise WizardError("bad_arg")

    def render(self, c: Ctx, tr: Translator) -> tuple[str, list[list[Button]]]:
        d, rs, kind, n = c.d, c.rs, c.kind, c.n
        players = d.players
        _ = tr.gettext
        rows: list[list[Button]] = []
        prompt = ""
        ev = d.ev
        assert ev is not None
        decl = rs.event(ev["type"])
        assert decl is not None
        who = _esc(d.name(ev.get("player")))
        if kind == "evplayer":
            if decl.source == "forbidden":
                prompt = _("{event}: who?").format(event=_esc(tr.name(decl)))
            else:
                src_label = tr.pick(decl.source_zh, decl.source_en) or _("from whom?")
                prompt = _("{event}: who, and ← {source}").format(
                    event=_esc(tr.name(decl)), source=_esc(src_label)
                )
            ints = [f for f in decl.fields if f.kind == "int"]
            for i, f in enumerate(ints):
                v = int(ev.get(f.id, f.default))
                rows += _field_rows(tr.name(f), v, i, f.min, f.max)
            grid = _event_grid(d, decl)
            if len(rows) + len(grid) > 10:  # two taps where the one-tap grid is too tall
                names = {p for p, _q in allowed.event_cells(d, decl)}
                grid = cells.pack(
                    [
                        Button(_seat_name(d, p), Code.PICK, str(i))
                        for i, p in enumerate(players)
                        if p in names
                    ],
                    2,
                )
            rows += grid
        elif kind == "evfrom":
            src_label = tr.pick(decl.source_zh, decl.source_en) or _("from whom?")
            prompt = f"{_esc(tr.name(decl))} · {who}: {_esc(src_label)}"
            btns = [
                Button(_seat_name(d, p), Code.PICK, str(i))
                for i, p in enumerate(players)
                if p != ev["player"]
            ]
            rows = cells.pack(btns, 3)
            if decl.source == "optional":
                rows.append([Button(_("Nobody"), Code.PICK, "-")])
        elif kind == "evtext":
            fd = text_field(decl, n)
            prompt = f"{_esc(tr.name(decl))} · {who}: " + _("who is the {field}?").format(
                field=_esc(tr.name(fd))
            )
            by = [str(p) for p in d.bystanders or []]
            btns = [
                Button(d.name(p), Code.PICK, str(by.index(p))) for p in text_choices(decl, d, n)
            ]
            rows = _paged(btns, d.page)
            rows.append([Button("✏️ " + _("Someone else"), Code.NEW_NAME)])
        elif kind == "evname":
            fd = text_field(decl, n)
            prompt = f"{_esc(tr.name(decl))} · {who}: " + _(
                "reply to this message with the {field}'s name."
            ).format(field=_esc(tr.name(fd)))
        else:
            prompt = f"{_esc(tr.name(decl))} · {who}"
            ints = [f for f in decl.fields if f.kind == "int"]
            for i, f in enumerate(ints):
                v = int(ev.get(f.id, f.default))
                rows += _field_rows(tr.name(f), v, i, f.min, f.max)
            rows.append([Button("✔ " + _("Add"), Code.NEXT)])
        rows.append(_nav(d, tr))
        return prompt, rows


def _event_grid(d: Draft, decl: EventDecl) -> list[list[Button]]:
    """The players' grid of an event: "Carol", or "Carol ← Dave" where it has a ``from``; a
    player's row names the player once, in its first cell ("Carol ← Alice | ← Bob | ← Dave"),
    or, where that does not fit a phone (#26.1), that cell alone and the others under it."""
    rows: list[list[Button]] = []
    by: dict[str, list[tuple[int, str | None]]] = {}
    for j, (p, q) in enumerate(allowed.event_cells(d, decl)):
        by.setdefault(p, []).append((j, q))
    for p, ways in by.items():
        btns = [
            Button(
                _seat_name(d, p)
                if q is None
                else (f"{d.name(p)} ← {d.name(q)}" if k == 0 else f"← {d.name(q)}"),
                Code.EVENT_CELL,
                str(j),
            )
            for k, (j, q) in enumerate(ways)
        ]
        if all(q is None for _, q in ways):
            rows += cells.pack(btns, 4)  # names only: as many a row as fit
            continue
        if len(btns) <= 4 and not cells.over([[b.label for b in btns]]):
            rows.append(btns)
        else:
            rows += [[btns[0]], *cells.pack(btns[1:], 4)]
    return _merge_names(rows)


def _merge_names(rows: list[list[Button]]) -> list[list[Button]]:
    """Rows of one name each (an event without a ``from``) joined as many a row as fit."""
    if rows and all(len(r) == 1 and "←" not in r[0].label for r in rows):
        return cells.pack([r[0] for r in rows], 4)
    return rows


def _field_rows(label: str, v: int, i: int, lo: int, hi: int) -> list[list[Button]]:
    """An int field's value and its ➖ / ➕ (only those that can be tapped): one row where the
    label fits its share of a phone's row, else the label alone and ➖ ➕ under it (#26.1)."""
    steps = [Button("➖", Code.MINUS, str(i))] if v > lo else []
    steps += [Button("➕", Code.PLUS, str(i))] if v < hi else []
    text = f"{label}: {v}"
    if cells.width(text) <= cells.budget(1 + len(steps)) or len(steps) == 1:
        cut = cells.labelled("", label, f": {v}", cells.budget(1 + len(steps)))
        return [[Button(cut, Code.PAGE, "0"), *steps]]
    return [[Button(cells.labelled("", label, f": {v}", 36), Code.PAGE, "0")], steps]
