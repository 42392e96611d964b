"""The win's value: how it is entered (keypad, checklist, tiles), the shape, the fan
keypad (a total under the table's minimum refused on it) and the checklist."""

from __future__ import annotations

from typing import Any

from bot import checklist, fan_words
from bot.describe import (
    fan_list,
)
from bot.entry import allowed, cells, checks
from bot.entry.keyboard import Code, esc
from bot.entry.wizard.actions import (
    FAN_MAX,
    Button,
    Ctx,
    Step,
    WizardError,
    _d,
    _idx,
    _nav,
    _paged,
    _w,
)
from bot.entry.wizard._legacy_changes import (
    _go,
    _refuse_win,
    checklist_total,
    valid_shapes,
    win_modes,
)
from bot.entry.wizard._legacy_order import WANTED, next_step, resume_preview
from bot.i18n import Translator


class ModeStep(Step):
    """How the hand's value is entered: total fan, checklist or tiles (asked only where a
    ruleset takes more than one)."""

    kinds = ("mode",)

    def wanted(self, c: Ctx) -> bool:
        return WANTED["mode"](c.rs)

    def apply(self, c: Ctx, action: str, arg: str) -> str:
        step, data, rs, n = c.step, c.data, c.rs, c.n
        wins: list[dict[str, Any]] = c.data["wins"]
        modes = win_modes(rs)
        if action == Code.PAD and "tiles" in modes:  # the tile pad in one tap (#26.7)
            arg, action = str(modes.index("tiles")), Code.MODE
            pad = True
        else:
            pad = False
        if action != Code.MODE:
            raise WizardError("bad_arg")
        wins[n]["mode"] = modes[_idx(arg, len(modes))]
        for m in ("fan", "fans", "tiles"):
            if m != wins[n]["mode"]:
                wins[n][m] = None
        new = next_step(data, step)
        if pad and new == f"tiles.{n}":  # Back from the pad: the tiles step (type them)
            wins[n].setdefault("pad", [])
            return _go(data, _go(data, step, new), f"pad.{n}")
        return _go(data, step, new)

    def render(self, c: Ctx, tr: Translator) -> tuple[str, list[list[Button]]]:
        data, rs = c.data, c.rs
        _ = tr.gettext
        rows: list[list[Button]] = []
        prompt = ""
        prompt = _("How will you enter the hand's value?")
        labels = {
            "fan": fan_words.total_label(rs, tr),  # 台 / tai, 番 / faan: the ruleset's word
            "fans": fan_words.checklist_label(rs, tr),
            "tiles": _("Tiles"),
        }
        btns = [Button(labels[m], Code.MODE, str(i)) for i, m in enumerate(win_modes(rs))]
        rows = cells.pack(btns, 3)  # each label whole, as many a row as fit (#26.1)
        if "tiles" in win_modes(rs):
            rows.append([Button("🀄 " + _("Tile pad"), Code.PAD)])
        rows.append(_nav(data, tr))
        return prompt, rows


class ShapeStep(Step):
    """The hand's shape (asked where the ruleset has shapes); refused if the win cannot be so."""

    kinds = ("shape",)

    def wanted(self, c: Ctx) -> bool:
        return WANTED["shape"](c.rs)

    def apply(self, c: Ctx, action: str, arg: str) -> str:
        step, data, rs, opts, n = c.step, c.data, c.rs, c.opts, c.n
        wins: list[dict[str, Any]] = c.data["wins"]
        win = wins[n]
        shapes = valid_shapes(rs, opts, data, win)
        if action == Code.SHAPE:
            i = _idx(arg, len(rs.shapes))
            if i not in shapes:
                raise WizardError("bad_arg")
            win["shape"] = rs.shapes[i].id
        elif action == Code.NO_SHAPE and not rs.shape_required:
            win["shape"] = None
        else:
            raise WizardError("bad_arg")
        new = next_step(data, step)
        value_kept = new != "preview" and data["trail"][-1:] == ["preview"]
        if new == "preview" or value_kept:
            _refuse_win(data, n, (f"wins[{n}].shape", f"wins[{n}].from", f"wins[{n}].flags"))
        if value_kept and (back := resume_preview(data, n)):
            return back  # a new shape on the preview keeps the value entered
        return _go(data, step, new)
        raise WizardError("bad_arg")

    def render(self, c: Ctx, tr: Translator) -> tuple[str, list[list[Button]]]:
        data, rs, opts, n = c.data, c.rs, c.opts, c.n
        _ = tr.gettext
        rows: list[list[Button]] = []
        prompt = ""
        win = data["wins"][n]
        prompt = _("Hand shape?")
        btns = [
            Button(  # two a row: a name's bracketed gloss goes first where it does not fit
                cells.labelled(
                    "✅ " if win.get("shape") == rs.shapes[i].id else "",
                    tr.name(rs.shapes[i]),
                    "",
                    17,
                ),
                Code.SHAPE,
                str(i),
            )
            for i in valid_shapes(rs, opts, data, win)
        ]
        rows = _paged(btns, data.get("page", 0))
        if not rs.shape_required:
            rows.append([Button(_("No special shape"), Code.NO_SHAPE)])
        rows.append(_nav(data, tr))
        return prompt, rows


class FanStep(Step):
    """The fan keypad; a total under the table's minimum is refused on it."""

    kinds = ("fan",)

    def apply(self, c: Ctx, action: str, arg: str) -> str:
        step, data, n = c.step, c.data, c.n
        wins: list[dict[str, Any]] = c.data["wins"]
        win = wins[n]
        cur = win.get("fan")
        if action == Code.KEY:
            d = _idx(arg, 10)
            val = (cur or 0) * 10 + d
            if val > FAN_MAX:
                raise WizardError("too_big")
            win["fan"] = val
            return step
        if action == Code.KEY_BACK:
            win["fan"] = None if cur is None or cur < 10 else cur // 10
            return step
        if action == Code.NEXT:
            if cur is None:
                raise WizardError("need_fan")
            _refuse_win(data, n, (f"wins[{n}]",))  # e.g. under the table's minimum: here
            return _go(data, step, next_step(data, step))
        raise WizardError("bad_arg")

    def render(self, c: Ctx, tr: Translator) -> tuple[str, list[list[Button]]]:
        data, n = c.data, c.n
        _ = tr.gettext
        rows: list[list[Button]] = []
        next_lbl = _("Next") + " ▶"
        prompt = ""
        win = data["wins"][n]
        cur = win.get("fan")
        prompt = fan_words.total_prompt(c.rs, tr, "▁" if cur is None else cur)
        lo = checks.fan_minimum(_d(data), n)  # said before a total under it is refused
        if lo:
            prompt += "\n" + esc(checks.minimum_text(_d(data), lo, tr))
        room = [d for d in range(10) if (cur or 0) * 10 + d <= FAN_MAX]  # digits that still fit
        rows = [
            [Button(str(d), Code.KEY, str(d)) for d in r if d in room]
            for r in ((1, 2, 3), (4, 5, 6), (7, 8, 9))
        ]
        rows = [r for r in rows if r]
        rows.append(
            [Button("⌫", Code.KEY_BACK)] + ([Button("0", Code.KEY, "0")] if 0 in room else [])
        )
        rows.append(_nav(data, tr, next_label=next_lbl if cur is not None else None))
        return prompt, rows


class FansStep(Step):
    """The fan checklist, by points, with the fans a ticked one excludes left out."""

    kinds = ("fans",)

    def apply(self, c: Ctx, action: str, arg: str) -> str:
        step, data, rs, n = c.step, c.data, c.rs, c.n
        wins: list[dict[str, Any]] = c.data["wins"]
        win = wins[n]
        fans = fan_list(rs)
        if action == Code.FAN:
            fid = fans[_idx(arg, len(fans))]["id"]
            chosen = list(win.get("fans") or [])
            # a fan with max_count > 1 is tapped again for each copy (bot/checklist.py)
            offered = allowed.fans(_d(data), _w(win))  # the one answer of every door
            new = checklist.tap(fans, chosen, fid, lambda: fid in offered)
            if new is None:
                raise WizardError("not_with")
            win["fans"] = new
            return step
        if action == Code.NEXT:
            if not win.get("fans"):
                raise WizardError("need_fans")
            _refuse_win(data, n, (f"wins[{n}]",))
            return _go(data, step, next_step(data, step))
        raise WizardError("bad_arg")

    def render(self, c: Ctx, tr: Translator) -> tuple[str, list[list[Button]]]:
        data, rs, n = c.data, c.rs, c.n
        _ = tr.gettext
        rows: list[list[Button]] = []
        next_lbl = _("Next") + " ▶"
        prompt = ""
        win = data["wins"][n]
        chosen = set(win.get("fans") or [])
        fans = fan_list(rs)
        total = checklist_total(data, win, fans)
        prompt = fan_words.tick_prompt(rs, tr, total) + checklist.hint(fans, tr)
        picked = list(win.get("fans") or [])
        offered = set(allowed.fans(_d(data), _w(win)))  # a how's fan (自摸) is not an item
        # every item of this win keeps its place (#26.4): one a ticked item excludes is shown
        # struck through, its tap refused with why; everyday items first, limit hands last
        places = set(allowed.fans(_d(data), _w({**win, "fans": []}))) | offered
        struck = False
        items: list[tuple[str, Button]] = []  # (its widest label: the layout's, the button)
        for k in sorted(range(len(fans)), key=lambda j: (int(fans[j].get("points", 0)), j)):
            fan = fans[k]
            if fan["id"] not in places:
                continue
            name = cells.shorten(tr.entry(fan), 30)
            tail = f" · {fan.get('points', '')}"
            many = int(fan.get("max_count") or 1)
            widest = cells.labelled(f"✅×{many} " if many > 1 else "✅ ", name, tail, 36)
            if fan["id"] not in offered:  # in its place, a no-op: the prompt says why
                label = cells.labelled("🚫", cells.strike(name), tail, 36)
                items.append((widest, Button(label, Code.PAGE, str(data.get("page", 0)))))
                struck = True
                continue
            mark = checklist.mark(picked, fan["id"])  # ✅, or ✅×2 for a second copy
            items.append((widest, Button(cells.labelled(mark, name, tail, 36), Code.FAN, str(k))))
        if struck:
            prompt += "\n" + _("🚫 = does not go with what is ticked.")
        rows = _fan_page(items, data.get("page", 0))
        rows.append(_nav(data, tr, next_label=next_lbl if chosen else None))
        return prompt, rows


#: the checklist's rows of items on a page (the pages' row and Back under them: 12)
FAN_ROWS = 10


def _fan_page(items: list[tuple[str, Button]], page: int) -> list[list[Button]]:
    """The checklist's page ``page``: items two a row where both labels fit (each laid out by
    its widest label, ✅×2 included, so a tick never moves an item: #26.4), a row of page
    numbers where there are several."""
    pages: list[list[list[Button]]] = [[]]
    row: list[tuple[str, Button]] = []

    def close() -> None:
        if len(pages[-1]) == FAN_ROWS:
            pages.append([])
        pages[-1].append([b for _w, b in row])

    for w, b in items:
        if row and len(row) < 2 and cells.width(w) <= 17 and cells.width(row[0][0]) <= 17:
            row.append((w, b))
            close()
            row = []
            continue
        if row:
            close()
        row = [(w, b)]
    if row:
        close()
    page = min(max(page, 0), len(pages) - 1)
    rows = list(pages[page])
    if len(pages) > 1:
        rows.append(
            [
                Button(f"· {i + 1} ·" if i == page else str(i + 1), Code.PAGE, str(i))
                for i in range(len(pages))
            ]
        )
    return rows
