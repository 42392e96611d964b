"""Who won and how: the winners' grid (one tap; only the ways the table plays) and the
older two-step form."""

from __future__ import annotations

from bot.entry import allowed, cells, edits, riichi
from bot.entry.keyboard import Code
from bot.entry.wizard.actions import Button, Ctx, Step, WizardError, _esc, _idx, _nav, _seat_name
from bot.entry.wizard.changes import grid_hows
from bot.entry.wizard.steps.grid import winner_grid
from bot.entry.wizard.targets import AfterWins, Go, Next, Resume, Stay, Target
from bot.i18n import Translator
from scoring.declarations import DISCARD, ROBBED_KONG, SELF_DRAWN


class WinnerStep(Step):
    """Who won and how: the winners' grid (or, for a second winner of one discard, the names);
    the other results."""

    kinds = ("winner",)

    def apply(self, c: Ctx, action: str, arg: str) -> Target:
        d, rs, n = c.d, c.rs, c.n
        players = d.players
        if n > len(d.wins):  # a win after one not entered (a step left on an old trail)
            raise WizardError("bad_arg")
        if action == Code.ROBBED:
            d.rk = not d.rk
            return Stay()
        if action == Code.GRID:
            i_txt, _dot, j_txt = arg.partition(".")
            p = players[_idx(i_txt, len(players))]
            if p not in allowed.winners(d, n):
                raise WizardError("bad_arg")
            choices = grid_hows(d, n, p)
            cell, src = choices[_idx(j_txt, len(choices))]
            h, with_flag = allowed.cell_flag(cell)
            edits.set_winner(d, n, p)
            edits.set_how(d, n, h, src)
            if with_flag is not None and with_flag not in d.wins[n].flags:
                d.wins[n].flags.append(with_flag)
            d.rk = False
            return Resume(n, Next(after=f"how.{n}"))
        if action == Code.WINNER:
            p = players[_idx(arg, len(players))]
            if p not in allowed.winners(d, n):
                raise WizardError("bad_arg")
            edits.set_winner(d, n, p)
            return Next()
        if action == Code.NEXT and 0 < n == len(d.wins):  # no more winners: to the preview
            return Go("preview")
        if action == Code.RESULT and n == 0:
            results = [
                r.value for r in rs.results if r.value != "win" and riichi.entered(rs, r.value)
            ]
            d.result = results[_idx(arg, len(results))]
            del d.wins[:]
            d.events = [e for e in d.events if allowed.event_fits(d, e)]
            return Next()
        if action == Code.RESULT and n > 0:
            results = [
                r.value for r in rs.results if r.value != "win" and r.value in rs.wins_allowed_in
            ]
            d.result = results[_idx(arg, len(results))]
            del d.wins[n:]
            return AfterWins()
        raise WizardError("bad_arg")

    def render(self, c: Ctx, tr: Translator) -> tuple[str, list[list[Button]]]:
        d, rs, n = c.d, c.rs, c.n
        players = d.players
        _ = tr.gettext
        rows: list[list[Button]] = []
        prompt = ""
        choices = allowed.winners(d, n)
        if n > 0 and rs.multi_win == "same_discard":
            prompt = _("Who else won on this discard?")
            btns = [Button(_seat_name(d, p), Code.WINNER, str(players.index(p))) for p in choices]
            rows = cells.pack(btns, 2)
        else:
            prompt = _("Who won? Tap the winner's row: self-drawn, or ← who discarded.")
            if d.rk:
                prompt = _("Who won by robbing a kong? Tap the winner's row: ← whose kong.")
            rows = winner_grid(d, n, choices, tr)
            robbable = any(
                h == ROBBED_KONG
                for p in choices
                for h, _src in allowed.hows_for(d, n, allowed.new_win(p))
            )
            if robbable:
                label = _("Not a robbed kong") if d.rk else _("Robbed a kong…")
                rows.append([Button("🀫 " + label, Code.ROBBED)])
        others = [r for r in rs.results if r.value != "win" and riichi.entered(rs, r.value)]
        if n > 0:
            others = [r for r in others if r.value in rs.wins_allowed_in]
        if others:
            results = [
                Button(cells.shorten(tr.name(r), 17), Code.RESULT, str(i))
                for i, r in enumerate(others)
            ]
            rows += cells.pack(results)
        more = 0 < n == len(d.wins)  # asked right after a win (血战): or no more
        rows.append(_nav(d, tr, next_label=_("Preview") + " ▶" if more else None))
        return prompt, rows


class HowStep(Step):
    """How the winner won: what a /hand line that names the winner but not the way asks (and
    drafts from before the grid); the rest of the win, when the line said it, stands."""

    kinds = ("how",)

    def apply(self, c: Ctx, action: str, arg: str) -> Target:
        d, n = c.d, c.n
        options = allowed.hows_for(d, n, d.wins[n])
        if action != Code.HOW:
            raise WizardError("bad_arg")
        h, src = options[_idx(arg, len(options))]
        edits.set_how(d, n, h, src)
        return Resume(n, Next(), line=True)  # asked by a /hand line that left the way out

    def render(self, c: Ctx, tr: Translator) -> tuple[str, list[list[Button]]]:
        d, n = c.d, c.n
        _ = tr.gettext
        win = d.wins[n]
        prompt = _("How did {name} win?").format(name=_esc(d.name(win.winner)))
        btns = []
        for i, (h, src) in enumerate(allowed.hows_for(d, n, win)):
            if h == SELF_DRAWN:
                label = _("Self-drawn")
            elif h == DISCARD:
                label = _("{name} discarded").format(name=d.name(src))
            else:
                label = _("Robbed {name}'s kong").format(name=d.name(src))
            btns.append(Button(label, Code.HOW, str(i)))
        rows = [[btns[0]]] if btns and btns[0].label == _("Self-drawn") else []
        rows += cells.pack(btns[len(rows) :], 3)
        rows.append(_nav(d, tr))
        return prompt, rows
