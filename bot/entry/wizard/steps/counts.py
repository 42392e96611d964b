"""Flags, "anyone else?", and one count for every player: the screens of drafts from
before the preview became the editor, and the count screen the preview opens when its rows do
not fit."""

from __future__ import annotations

from typing import Any

from bot.describe import name as _name
from bot.entry import cells
from bot.entry.keyboard import Code
from bot.entry.wizard.actions import Button, Ctx, Step, WizardError, _esc, _idx, _nav, _paged
from bot.entry.wizard._legacy_changes import _go, _multi_possible, _step_count, _toggle_flag, valid_flags
from bot.entry.wizard._legacy_order import _after_wins, next_step
from bot.i18n import Translator


class FlagsStep(Step):
    """Flags on their own screen (drafts from before the editor; the preview toggles them now)."""

    kinds = ("flags",)

    def apply(self, c: Ctx, action: str, arg: str) -> str:
        step, data, rs, opts, n = c.step, c.data, c.rs, c.opts, c.n
        if action == Code.FLAG:
            _toggle_flag(rs, opts, data, n, _idx(arg, len(rs.flags)))
            return step
        if action == Code.NEXT:
            return _go(data, step, next_step(data, step))
        raise WizardError("bad_arg")

    def render(self, c: Ctx, tr: Translator) -> tuple[str, list[list[Button]]]:
        data, rs, opts, n = c.data, c.rs, c.opts, c.n
        _ = tr.gettext
        rows: list[list[Button]] = []
        next_lbl = _("Next") + " ▶"
        prompt = ""
        win = data["wins"][n]
        flags_on = win.get("flags") or []
        prompt = _("Anything special? Tap to toggle, then Next.")
        btns = [
            Button(  # two a row on a phone (#26.1): a bracketed gloss goes first
                cells.labelled(
                    "✅ " if rs.flags[i].id in flags_on else "▫️ ", tr.name(rs.flags[i]), "", 17
                ),
                Code.FLAG,
                str(i),
            )
            for i in valid_flags(rs, opts, data, win)
        ]
        rows = _paged(btns, data.get("page", 0))
        rows.append(_nav(data, tr, next_label=next_lbl))
        return prompt, rows


class MoreStep(Step):
    """ "Did anyone else win?" (drafts from before the editor; the preview offers ➕ another
    winner)."""

    kinds = ("more",)

    def apply(self, c: Ctx, action: str, arg: str) -> str:
        step, data, rs, opts, n = c.step, c.data, c.rs, c.opts, c.n
        wins: list[dict[str, Any]] = c.data["wins"]
        if action == Code.ANOTHER:
            if not _multi_possible(rs, data) and len(wins) <= n + 1:
                raise WizardError("bad_arg")
            return _go(data, step, f"winner.{n + 1}")
        if action == Code.NEXT:
            del wins[n + 1 :]
            return _go(data, step, next_step(data, step))
        if action == Code.RESULT:
            results = [
                r.value for r in rs.results if r.value != "win" and r.value in rs.wins_allowed_in
            ]
            data["result"] = results[_idx(arg, len(results))]
            del wins[n + 1 :]
            return _go(data, step, _after_wins(rs, opts, data))
        raise WizardError("bad_arg")

    def render(self, c: Ctx, tr: Translator) -> tuple[str, list[list[Button]]]:
        data, rs, n = c.data, c.rs, c.n
        _ = tr.gettext
        rows: list[list[Button]] = []
        prompt = ""
        prompt = _("Did anyone else win this hand?")
        btns = []
        if _multi_possible(rs, data) or len(data["wins"]) > n + 1:
            btns.append(Button("➕ " + _("Another winner"), Code.ANOTHER))
        rows = [btns] if btns else []
        if n >= 0:
            extra = [r for r in rs.results if r.value != "win" and r.value in rs.wins_allowed_in]
            if extra:
                rows.append([Button(tr.name(r), Code.RESULT, str(i)) for i, r in enumerate(extra)])
        rows.append(_nav(data, tr, next_label=_("No, next") + " ▶"))
        return prompt, rows


class CountStep(Step):
    """One count for every player (from the preview when its ➖ n ➕ rows do not fit)."""

    kinds = ("count",)

    def apply(self, c: Ctx, action: str, arg: str) -> str:
        step, data, n = c.step, c.data, c.n
        players = c.data["players"]
        if action in (Code.PLUS, Code.MINUS):
            _step_count(data, n, _idx(arg, len(players)), action)
            return step
        if action == Code.NEXT:
            return _go(data, step, next_step(data, step))
        raise WizardError("bad_arg")

    def render(self, c: Ctx, tr: Translator) -> tuple[str, list[list[Button]]]:
        data, rs, n = c.data, c.rs, c.n
        players = c.data["players"]
        _ = tr.gettext
        rows: list[list[Button]] = []
        next_lbl = _("Next") + " ▶"
        prompt = ""
        cdecl = rs.counts[n]
        per = data["counts"].get(cdecl.id, {})
        total = sum(per.values())
        prompt = _("{what} for each player:").format(what=_esc(tr.name(cdecl)))
        if cdecl.total_max is not None:
            prompt += " " + _("(at most {n} in all)").format(n=cdecl.total_max)
        for i, p in enumerate(players):
            v = per.get(p, 0)
            name = cells.short_names([_name(data, p)], cells.budget(3) - 4)[0]  # " 12:"
            row = [Button(f"{name}: {v}", Code.PAGE, "0")]
            row.append(
                Button("➖", Code.MINUS, str(i)) if v > cdecl.min else Button(" ", Code.PAGE, "0")
            )
            can_add = v < cdecl.max and (cdecl.total_max is None or total < cdecl.total_max)
            row.append(Button("➕", Code.PLUS, str(i)) if can_add else Button(" ", Code.PAGE, "0"))
            rows.append(row)
        rows.append(_nav(data, tr, next_label=next_lbl))
        return prompt, rows
