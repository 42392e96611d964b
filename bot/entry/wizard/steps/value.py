"""The win's value: how it is entered (keypad, checklist, tiles), the shape, the fan
keypad (a total under the table's minimum refused on it) and the checklist."""

from __future__ import annotations

from bot import checklist, fan_words
from bot.describe import fan_list
from bot.entry import allowed, cells, checks
from bot.entry.draft import WinDraft
from bot.entry.keyboard import Code, esc
from bot.entry.wizard.actions import FAN_MAX, Button, Ctx, Step, WizardError, _idx, _nav, _paged
from bot.entry.wizard.changes import refuse_win, value_step
from bot.entry.wizard.targets import Go, Next, Stay, Target
from bot.i18n import Translator
from bot.terms import ICON_TILES


class ModeStep(Step):
    """How the hand's value is entered: total fan, checklist or tiles (asked only where a
    ruleset takes more than one)."""

    kinds = ("mode",)

    def apply(self, c: Ctx, action: str, arg: str) -> Target:
        d, rs, n = c.d, c.rs, c.n
        w = c.win
        modes = allowed.value_modes(rs)
        if action == Code.PAD and "tiles" in modes:  # the tile pad in one tap (#26.7)
            arg, action = str(modes.index("tiles")), Code.MODE
            pad = True
        else:
            pad = False
        if action != Code.MODE:
            raise WizardError("bad_arg")
        w.mode = modes[_idx(arg, len(modes))]
        if w.mode != "fan":
            w.fan = None
        if w.mode != "fans":
            w.fans = None
        if w.mode != "tiles":
            w.tiles = None
        if pad and value_step(d, n, "mode") == f"tiles.{n}":
            # Back from the pad: the tiles step (type them)
            if w.pad is None:
                w.pad = []
            return Go(f"pad.{n}", via=f"tiles.{n}")
        return Next()

    def render(self, c: Ctx, tr: Translator) -> tuple[str, list[list[Button]]]:
        rs = c.rs
        _ = tr.gettext
        prompt = _("How will you enter the hand's value?")
        labels = {
            "fan": fan_words.total_label(rs, tr),  # 台 / tai, 番 / faan: the ruleset's word
            "fans": fan_words.checklist_label(rs, tr),
            "tiles": _("Tiles"),
        }
        modes = allowed.value_modes(rs)
        btns = [Button(labels[m], Code.MODE, str(i)) for i, m in enumerate(modes)]
        rows = cells.pack(btns, 3)  # each label whole, as many a row as fit (#26.1)
        if "tiles" in modes:
            rows.append([Button(ICON_TILES + " " + _("Tile pad"), Code.PAD)])
        rows.append(_nav(c.d, tr))
        return prompt, rows


class ShapeStep(Step):
    """The hand's shape (asked where the ruleset has shapes); refused if the win cannot be so."""

    kinds = ("shape",)

    def apply(self, c: Ctx, action: str, arg: str) -> Target:
        d, rs, n = c.d, c.rs, c.n
        w = c.win
        if action == Code.SHAPE:
            i = _idx(arg, len(rs.shapes))
            if i not in allowed.shapes(d, w):
                raise WizardError("bad_arg")
            w.shape = rs.shapes[i].id
        elif action == Code.NO_SHAPE and not rs.shape_required:
            w.shape = None
        else:
            raise WizardError("bad_arg")
        # the win as it now stands is checked on the way to the preview, or where the shape
        # was changed from it (the value entered is kept: straight back)
        return Next(refuse=(f"wins[{n}].shape", f"wins[{n}].from", f"wins[{n}].flags"), resume=n)

    def render(self, c: Ctx, tr: Translator) -> tuple[str, list[list[Button]]]:
        d, rs = c.d, c.rs
        _ = tr.gettext
        w = c.win
        btns = [
            Button(  # two a row: a name's bracketed gloss goes first where it does not fit
                cells.labelled(
                    "✅ " if w.shape == rs.shapes[i].id else "", tr.name(rs.shapes[i]), "", 17
                ),
                Code.SHAPE,
                str(i),
            )
            for i in allowed.shapes(d, w)
        ]
        rows = _paged(btns, d.page)
        if not rs.shape_required:
            rows.append([Button(_("No special shape"), Code.NO_SHAPE)])
        rows.append(_nav(d, tr))
        return _("Hand shape?"), rows


class FanStep(Step):
    """The fan keypad; a total under the table's minimum is refused on it."""

    kinds = ("fan",)

    def apply(self, c: Ctx, action: str, arg: str) -> Target:
        w, n = c.win, c.n
        cur = w.fan
        if action == Code.KEY:
            val = (cur or 0) * 10 + _idx(arg, 10)
            if val > FAN_MAX:
                raise WizardError("too_big")
            w.fan = val
            return Stay()
        if action == Code.KEY_BACK:
            w.fan = None if cur is None or cur < 10 else cur // 10
            return Stay()
        if action == Code.NEXT:
            if cur is None:
                raise WizardError("need_fan")
            refuse_win(c.d, n, (f"wins[{n}]",))  # e.g. under the table's minimum: here
            return Next()
        raise WizardError("bad_arg")

    def render(self, c: Ctx, tr: Translator) -> tuple[str, list[list[Button]]]:
        d, n = c.d, c.n
        _ = tr.gettext
        next_lbl = _("Next") + " ▶"
        cur = c.win.fan
        prompt = fan_words.total_prompt(c.rs, tr, "▁" if cur is None else cur)
        lo = checks.fan_minimum(d, n)  # said before a total under it is refused
        if lo:
            prompt += "\n" + esc(checks.minimum_text(d, lo, tr))
        room = [k for k in range(10) if (cur or 0) * 10 + k <= FAN_MAX]  # digits that still fit
        rows = [
            [Button(str(k), Code.KEY, str(k)) for k in r if k in room]
            for r in ((1, 2, 3), (4, 5, 6), (7, 8, 9))
        ]
        rows = [r for r in rows if r]
        rows.append(
            [Button("⌫", Code.KEY_BACK)] + ([Button("0", Code.KEY, "0")] if 0 in room else [])
        )
        rows.append(_nav(d, tr, next_label=next_lbl if cur is not None else None))
        return prompt, rows


class FansStep(Step):
    """The fan checklist, by points, with the fans a ticked one excludes left out."""

    kinds = ("fans",)

    def apply(self, c: Ctx, action: str, arg: str) -> Target:
        d, rs, n = c.d, c.rs, c.n
        w = c.win
        fans = fan_list(rs)
        if action == Code.FAN:
            fid = fans[_idx(arg, len(fans))]["id"]
            chosen = list(w.fans or [])
            # a fan with max_count > 1 is tapped again for each copy (bot/checklist.py)
            offered = allowed.fans(d, w)  # the one answer of every door
            new = checklist.tap(fans, chosen, fid, lambda: fid in offered)
            if new is None:
                raise WizardError("not_with")
            w.fans = new
            return Stay()
        if action == Code.NEXT:
            if not w.fans:
                raise WizardError("need_fans")
            refuse_win(d, n, (f"wins[{n}]",))
            return Next()
        raise WizardError("bad_arg")

    def render(self, c: Ctx, tr: Translator) -> tuple[str, list[list[Button]]]:
        d, rs = c.d, c.rs
        _ = tr.gettext
        next_lbl = _("Next") + " ▶"
        w = c.win
        fans = fan_list(rs)
        total = allowed.fan_total(d, w)
        prompt = fan_words.tick_prompt(rs, tr, total) + checklist.hint(fans, tr)
        picked = list(w.fans or [])
        offered = set(allowed.fans(d, w))  # a how's fan (自摸) is not an item
        # every item of this win keeps its place (#26.4): one a ticked item excludes is shown
        # struck through, its tap refused with why; everyday items first, limit hands last
        unticked = WinDraft.from_json({**w.to_json(), "fans": []})
        places = set(allowed.fans(d, unticked)) | offered
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
                items.append((widest, Button(label, Code.PAGE, str(d.page))))
                struck = True
                continue
            mark = checklist.mark(picked, fan["id"])  # ✅, or ✅×2 for a second copy
            items.append((widest, Button(cells.labelled(mark, name, tail, 36), Code.FAN, str(k))))
        if struck:
            prompt += "\n" + _("🚫 = does not go with what is ticked.")
        rows = _fan_page(items, d.page)
        rows.append(_nav(d, tr, next_label=next_lbl if picked else None))
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
