"""Flags, "anyone else?", and one count for every player: the screens of drafts from
before the preview became the editor, and the count screen the preview opens when its rows do
not fit."""

from __future__ import annotations

from bot.entry import allowed, cells, edits
from bot.entry.keyboard import Code
from bot.entry.wizard.actions import Button, Ctx, Step, WizardError, _esc, _idx, _nav, _paged
from bot.entry.wizard.targets import AfterWins, Go, Next, Stay, Target
from bot.i18n import Translator


class FlagsStep(Step):
    """Flags on their own screen (drafts from before the editor; the preview toggles them now)."""

    kinds = ("flags",)

    def apply(self, c: Ctx, action: str, arg: str) -> Target:
        if action == Code.FLAG:
            edits.toggle_flag(c.d, c.n, _idx(arg, len(c.rs.flags)))
            return Stay()
        if action == Code.NEXT:
            return Next()
        raise WizardError("bad_arg")

    def render(self, c: Ctx, tr: Translator) -> tuple[str, list[list[Button]]]:
        d, rs = c.d, c.rs
        _ = tr.gettext
        w = c.win
        prompt = _("Anything special? Tap to toggle, then Next.")
        btns = [
            Button(  # two a row on a phone (#26.1): a bracketed gloss goes first
                cells.labelled(
                    "✅ " if rs.flags[i].id in w.flags else "▫️ ", tr.name(rs.flags[i]), "", 17
                ),
                Code.FLAG,
                str(i),
            )
            for i in allowed.flags(d, w)
        ]
        rows = _paged(btns, d.page)
        rows.append(_nav(d, tr, next_label=_("Next") + " ▶"))
        return prompt, rows


class MoreStep(Step):
    """ "Did anyone else win?" (drafts from before the editor; the preview offers ➕ another
    winner)."""

    kinds = ("more",)

    def apply(self, c: Ctx, action: str, arg: str) -> Target:
        d, rs, n = c.d, c.rs, c.n
        if action == Code.ANOTHER:
            if not allowed.multi_possible(d) and len(d.wins) <= n + 1:
                raise WizardError("bad_arg")
            return Go(f"winner.{n + 1}")
        if action == Code.NEXT:
            del d.wins[n + 1 :]
            return Next()
        if action == Code.RESULT:
            results = [
                r.value for r in rs.results if r.value != "win" and r.value in rs.wins_allowed_in
            ]
            d.result = results[_idx(arg, len(results))]
            del d.wins[n + 1 :]
            return AfterWins()
        raise WizardError("bad_arg")

    def render(self, c: Ctx, tr: Translator) -> tuple[str, list[list[Button]]]:
        d, rs, n = c.d, c.rs, c.n
        _ = tr.gettext
        prompt = _("Did anyone else win this hand?")
        btns = []
        if allowed.multi_possible(d) or len(d.wins) > n + 1:
            btns.append(Button("➕ " + _("Another winner"), Code.ANOTHER))
        rows = [btns] if btns else []
        if n >= 0:
            extra = [r for r in rs.results if r.value != "win" and r.value in rs.wins_allowed_in]
            if extra:
                rows.append([Button(tr.name(r), Code.RESULT, str(i)) for i, r in enumerate(extra)])
        rows.append(_nav(d, tr, next_label=_("No, next") + " ▶"))
        return prompt, rows


class CountStep(Step):
    """One count for every player (from the preview when its ➖ n ➕ rows do not fit)."""

    kinds = ("count",)

    def apply(self, c: Ctx, action: str, arg: str) -> Target:
        if action in (Code.PLUS, Code.MINUS):
            i = _idx(arg, len(c.d.players))
            edits.step_count(c.d, c.n, i, up=action == Code.PLUS)
            return Stay()
        if action == Code.NEXT:
            return Next()
        raise WizardError("bad_arg")

    def render(self, c: Ctx, tr: Translator) -> tuple[str, list[list[Button]]]:
        d, rs, n = c.d, c.rs, c.n
        _ = tr.gettext
        cdecl = rs.counts[n]
        per = d.counts.get(cdecl.id, {})
        total = sum(per.values())
        prompt = _("{what} for each player:").format(what=_esc(tr.name(cdecl)))
        if cdecl.total_max is not None:
            prompt += " " + _("(at most {n} in all)").format(n=cdecl.total_max)
        rows: list[list[Button]] = []
        for i, p in enumerate(d.players):
            v = per.get(p, 0)
            name = cells.short_names([d.name(p)], cells.budget(3) - 4)[0]  # " 12:"
            row = [Button(f"{name}: {v}", Code.PAGE, "0")]
            row.append(
                Button("➖", Code.MINUS, str(i)) if v > cdecl.min else Button(" ", Code.PAGE, "0")
            )
            can_add = v < cdecl.max and (cdecl.total_max is None or total < cdecl.total_max)
            row.append(Button("➕", Code.PLUS, str(i)) if can_add else Button(" ", Code.PAGE, "0"))
            rows.append(row)
        rows.append(_nav(d, tr, next_label=_("Next") + " ▶"))
        return prompt, rows
