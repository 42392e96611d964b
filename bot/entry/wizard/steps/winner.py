"""Who won and how: the winners' grid (one tap; only the ways the table plays) and the
older two-step form."""

from __future__ import annotations

from functools import partial
from typing import Any

from bot.describe import name as _name
from bot.entry import allowed, cells, riichi
from bot.entry.keyboard import Code
from bot.entry.wizard.actions import Button, Ctx, Step, WizardError, _esc, _idx, _nav, _seat_name
from bot.entry.wizard._legacy_changes import (
    _event_fits,
    _go,
    _hows_for,
    _new_win,
    _set_how,
    _set_winner,
    grid_hows,
    how_choices,
    winner_choices,
)
from bot.entry.wizard._legacy_order import _after_how, _after_wins, next_step, resume_preview
from bot.entry.wizard.steps.grid import winner_grid
from bot.i18n import Translator
from scoring.declarations import (
    DISCARD,
    ROBBED_KONG,
    SELF_DRAWN,
)
from scoring.ruleset import Options, Ruleset


class WinnerStep(Step):
    """Who won and how: the winners' grid (or, for a second winner of one discard, the names);
    the other results."""

    kinds = ("winner",)

    def apply(self, c: Ctx, action: str, arg: str) -> str:
        step, data, rs, opts, n = c.step, c.data, c.rs, c.opts, c.n
        players = c.data["players"]
        wins: list[dict[str, Any]] = c.data["wins"]
        if action == Code.ROBBED:
            data["rk"] = not data.get("rk")
            return step
        if action == Code.GRID:
            i_txt, _dot, j_txt = arg.partition(".")
            p = players[_idx(i_txt, len(players))]
            if p not in winner_choices(rs, data, n):
                raise WizardError("bad_arg")
            choices = grid_hows(rs, opts, data, n, p)
            cell, src = choices[_idx(j_txt, len(choices))]
            h, with_flag = allowed.cell_flag(cell)
            _set_winner(rs, data, n, p)
            _set_how(rs, opts, data, n, h, src)
            if with_flag is not None and with_flag not in data["wins"][n]["flags"]:
                data["wins"][n]["flags"].append(with_flag)
            data.pop("rk", None)
            return resume_preview(data, n) or _go(data, step, _after_how(rs, opts, data, n))
        if action == Code.WINNER:
            p = players[_idx(arg, len(players))]
            if p not in winner_choices(rs, data, n):
                raise WizardError("bad_arg")
            _set_winner(rs, data, n, p)
            return _go(data, step, next_step(data, step))
        if action == Code.NEXT and 0 < n == len(wins):  # no more winners: to the preview
            return _go(data, step, "preview")
        if action == Code.RESULT and n == 0:
            results = [
                r.value for r in rs.results if r.value != "win" and riichi.entered(rs, r.value)
            ]
            data["result"] = results[_idx(arg, len(results))]
            del wins[:]
            data["events"] = [e for e in data["events"] if _event_fits(rs, opts, data, e)]
            return _go(data, step, next_step(data, step))
        if action == Code.RESULT and n > 0:
            results = [
                r.value for r in rs.results if r.value != "win" and r.value in rs.wins_allowed_in
            ]
            data["result"] = results[_idx(arg, len(results))]
            del wins[n:]
            return _go(data, step, _after_wins(rs, opts, data))
        raise WizardError("bad_arg")

    def render(self, c: Ctx, tr: Translator) -> tuple[str, list[list[Button]]]:
        data, rs, opts, n = c.data, c.rs, c.opts, c.n
        players = c.data["players"]
        _ = tr.gettext
        rows: list[list[Button]] = []
        prompt = ""

        pname = partial(_seat_name, data)

        choices = winner_choices(rs, data, n)
        if n > 0 and rs.multi_win == "same_discard":
            prompt = _("Who else won on this discard?")
            btns = [Button(pname(p), Code.WINNER, str(players.index(p))) for p in choices]
            rows = cells.pack(btns, 2)
        else:
            prompt = _("Who won? Tap the winner's row: self-drawn, or ← who discarded.")
            if data.get("rk"):
                prompt = _("Who won by robbing a kong? Tap the winner's row: ← whose kong.")
            rows = winner_grid(rs, opts, data, n, choices, tr)
            robbable = any(
                c[0] == ROBBED_KONG
                for p in choices
                for c in _hows_for(rs, opts, data, n, _new_win(p))
            )
            if robbable:
                label = _("Not a robbed kong") if data.get("rk") else _("Robbed a kong…")
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
        more = 0 < n == len(data["wins"])  # asked right after a win (血战): or no more
        rows.append(_nav(data, tr, next_label=_("Preview") + " ▶" if more else None))
        return prompt, rows


class HowStep(Step):
    """How the winner won (the two-step way, and drafts from before the grid)."""

    kinds = ("how",)

    def apply(self, c: Ctx, action: str, arg: str) -> str:
        step, data, rs, opts, n = c.step, c.data, c.rs, c.opts, c.n
        options = how_choices(rs, opts, data, n)
        if action != Code.HOW:
            raise WizardError("bad_arg")
        h, src = options[_idx(arg, len(options))]
        _set_how(rs, opts, data, n, h, src)
        return resume_preview(data, n) or _go(data, step, next_step(data, step))
        raise WizardError("bad_arg")

    def render(self, c: Ctx, tr: Translator) -> tuple[str, list[list[Button]]]:
        data, rs, opts, n = c.data, c.rs, c.opts, c.n
        _ = tr.gettext
        rows: list[list[Button]] = []
        prompt = ""
        win = data["wins"][n]
        prompt = _("How did {name} win?").format(name=_esc(_name(data, win["winner"])))
        btns = []
        for i, (h, src) in enumerate(how_choices(rs, opts, data, n)):
            if h == SELF_DRAWN:
                label = _("Self-drawn")
            elif h == DISCARD:
                label = _("{name} discarded").format(name=_name(data, src))
            else:
                label = _("Robbed {name}'s kong").format(name=_name(data, src))
            btns.append(Button(label, Code.HOW, str(i)))
        rows = [[btns[0]]] if btns and btns[0].label == _("Self-drawn") else []
        rows += cells.pack(btns[len(rows) :], 3)
        rows.append(_nav(data, tr))
        return prompt, rows


def _winner_grid(
    rs: Ruleset, opts: Options, data: dict[str, Any], n: int, choices: list[str], tr: Translator
) -> list[list[Button]]:
    """One row per possible winner: "Bob self-drawn", "Bob ← Alice", … (one tap for who won
    and how)."""
    _ = tr.gettext
    players = data["players"]
    rows = []
    for p in choices:
        row = []
        name = _name(data, p)  # the summary above names the dealer
        for j, (h, src) in enumerate(grid_hows(rs, opts, data, n, p)):
            if h == SELF_DRAWN:
                label = _("{name} self-drawn").format(name=name)
            elif h == DISCARD:
                label = f"{name} ← {_name(data, src)}"
            elif h.startswith(DISCARD + "+"):  # a win on src's exposed kong (杠爆全包)
                label = _("{name} ← {other} (kong)").format(name=name, other=_name(data, src))
            else:
                label = _("{name} robs {other}'s kong").format(name=name, other=_name(data, src))
            row.append(Button(label, Code.GRID, f"{players.index(p)}.{j}"))
        for i in range(0, len(row), 4):
            rows.append(row[i : i + 4])
    return rows
