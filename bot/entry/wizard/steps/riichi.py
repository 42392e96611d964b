"""Riichi's steps (issue #27 point 3): the han keypad (1–13, the limits, yakuman ×k), the fu
(only for 4 han or less, only the values that exist: :mod:`bot.entry.riichi`), and on the
preview one row of player toggles per declaration (riichi; tenpai at a draw).

A typical hand: the winners' grid (1) · 3 han 30 fu, one button of the common hands (2) · a
riichi toggle (3) · Confirm (4); other fu are the han, then its fu; a tsumo mangan is three
taps. What may be tapped is
:mod:`bot.entry.riichi`'s answer, the one :func:`bot.entry.allowed.choices` gives the Mini
App and ``/hand`` reads."""

from __future__ import annotations

import unicodedata
from typing import Any

from bot.entry import allowed, edits, riichi
from bot.entry.draft import Draft, WinDraft
from bot.entry.keyboard import Code
from bot.entry.wizard.actions import Button, Ctx, Step, WizardError, _idx, _nav
from bot.entry.wizard.changes import refuse_win
from bot.entry.wizard.targets import AfterWins, At, Go, Stay, Target
from bot.i18n import Translator
from bot.terms import ICON_TILES
from scoring.ruleset import Options, Ruleset


def _rows(btns: list[Button], per_row: int) -> list[list[Button]]:
    return [btns[i : i + per_row] for i in range(0, len(btns), per_row)]


def _cut(name: str, cells: int) -> str:
    """A name in at most ``cells`` display cells (a CJK character is two)."""
    out, used = "", 0
    for ch in name:
        w = 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
        if used + w > cells:
            break
        out, used = out + ch, used + w
    return out or name[:1]


def _finish(c: Ctx) -> Target:
    """The value is complete: refused here if the core objects to the win, else back to the
    preview it came from (its ✏️), or on to what follows the wins."""
    d, n = c.d, c.n
    w = d.wins[n].winner
    refuse_win(d, n, (f"wins[{n}]", f"counts.fu.{w}", f"counts.yakuman.{w}"))
    if d.trail[-1:] == ["preview"]:
        d.trail.pop()
        d.page = 0
        allowed.repair(d)
        return At("preview")
    return AfterWins()


def limit_label(limit_id: str, tr: Translator) -> str:
    _ = tr.gettext
    return {
        "mangan": _("Mangan"),
        "haneman": _("Haneman"),
        "baiman": _("Baiman"),
        "sanbaiman": _("Sanbaiman"),
    }[limit_id]


def yakuman_label(k: int, tr: Translator) -> str:
    _ = tr.gettext
    return _("Yakuman") if k == 1 else _("Yakuman ×{k}").format(k=k)


def value_label(d: Draft, w: WinDraft, tr: Translator) -> str:
    """A riichi win's value on the preview: "3 han 30 fu", "6 han", "Yakuman ×2"."""
    _ = tr.gettext
    k = d.count("yakuman", w.winner)
    if k:
        return yakuman_label(k, tr)
    han = w.fan
    if han is None:
        return ""
    fu = d.count("fu", w.winner)
    if han <= 4 and fu:
        return _("{han} han {fu} fu").format(han=han, fu=fu)
    return _("{n} han").format(n=han)


#: the fu of the common hands offered with their han on the keypad (#26.7): 30 and 40 fu
#: on a discard, 20 (pinfu tsumo) and 30 fu self-drawn — only where :func:`riichi.fu_values`
#: has them
COMMON_FU = (20, 30, 40)
COMMON_HAN = (1, 2, 3, 4)


def common_hands(d: Draft, w: WinDraft) -> list[tuple[int, int]]:
    """The ``(han, fu)`` buttons of the han keypad for ``w``: 1–4 han at 30 or 40 fu on a
    discard, at 20 or 30 fu self-drawn (each a value the fu step offers for that han)."""
    fus = (30, 40) if w.discarder is not None else (20, 30)
    return [(h, f) for f in fus for h in COMMON_HAN if f in riichi.fu_values(d, w, h)]


class HanStep(Step):
    """The han keypad: the common han·fu hands (:func:`common_hands`), 1–13, mangan /
    haneman / baiman / sanbaiman, yakuman ×k."""

    kinds = ("han",)

    def apply(self, c: Ctx, action: str, arg: str) -> Target:
        d, n = c.d, c.n
        if action == Code.HAN and "." in arg:  # a common han and fu in one tap
            h_txt, _dot, f_txt = arg.partition(".")
            han, fu = _idx(h_txt, riichi.HAN_MAX + 1), _idx(f_txt, 1000)
            if (han, fu) not in common_hands(d, d.wins[n]):
                raise WizardError("bad_arg")
            riichi.set_han(d, n, han)
            riichi.set_fu(d, n, fu)
            return _finish(c)
        if action == Code.HAN:
            han = _idx(arg, riichi.HAN_MAX + 1)
            if han not in riichi.han_values():
                raise WizardError("bad_arg")
            riichi.set_han(d, n, han)
            if riichi.fu_values(d, d.wins[n], han):
                return Go(f"fu.{n}")
            return _finish(c)
        if action == Code.YAKUMAN:
            k = _idx(arg, 100)
            if k not in riichi.yakuman_multiples(d):
                raise WizardError("bad_arg")
            riichi.set_yakuman(d, n, k)
            return _finish(c)
        if action == Code.MODE and arg == "tiles" and "tiles" in c.rs.win_inputs:
            riichi.set_han(d, n, 5)  # drops fu and yakuman; the tiles replace the han
            d.wins[n].fan, d.wins[n].mode = None, "tiles"
            return Go(f"tiles.{n}")
        raise WizardError("bad_arg")

    def render(self, c: Ctx, tr: Translator) -> tuple[str, list[list[Button]]]:
        _ = tr.gettext
        d = c.d
        prompt = _("{name}: how many han (dora included)?").format(name=d.name(c.win.winner))
        common = [
            Button(_("{han}h {fu}fu").format(han=h, fu=f), Code.HAN, f"{h}.{f}")
            for h, f in common_hands(d, c.win)
        ]
        rows = [[b for b in common if b.arg.endswith(f".{f}")] for f in COMMON_FU]
        rows = [r for r in rows if r]  # the common hands first: han and fu in one tap
        nums = [Button(str(h), Code.HAN, str(h)) for h in riichi.han_values()]
        rows += [nums[0:4], nums[4:8], nums[8:13]]
        limits = [Button(limit_label(x.id, tr), Code.HAN, str(x.han)) for x in riichi.LIMITS]
        rows += _rows(limits, 2)  # "Sanbaiman" fits two to a row (17 cells)
        yakuman = [
            Button(yakuman_label(k, tr) if k == 1 else f"×{k}", Code.YAKUMAN, str(k))
            for k in riichi.yakuman_multiples(d)
        ]
        rows += _rows(yakuman, 3)
        if "tiles" in c.rs.win_inputs:  # the tiles, scored by the mahjong library (§1.3)
            rows.append([Button(ICON_TILES + " " + _("Tiles"), Code.MODE, "tiles")])
        rows.append(_nav(d, tr))
        return prompt, rows


class FuStep(Step):
    """The fu of a hand of 4 han or less: only the values that exist for its han and way of
    winning; the last stands for itself and more where they all pay mangan."""

    kinds = ("fu",)

    def apply(self, c: Ctx, action: str, arg: str) -> Target:
        d, n = c.d, c.n
        w = d.wins[n]
        if action != Code.FU or w.fan is None:
            raise WizardError("bad_arg")
        fu = _idx(arg, 1000)
        if fu not in riichi.fu_values(d, w, w.fan):
            raise WizardError("bad_arg")
        riichi.set_fu(d, n, fu)
        return _finish(c)

    def render(self, c: Ctx, tr: Translator) -> tuple[str, list[list[Button]]]:
        _ = tr.gettext
        d = c.d
        w = c.win
        han = w.fan or 0
        prompt = _("{name}: {han} han, how many fu?").format(name=d.name(w.winner), han=han)
        btns = []
        for fu in riichi.fu_values(d, w, han):
            label = _("{n} fu").format(n=fu)
            if riichi.fu_capped(han, fu):
                label = _("{n}+ fu").format(n=fu)
            btns.append(Button(label, Code.FU, str(fu)))
        rows = _rows(btns, 4)  # "110 fu" fits four to a row (8 cells)
        rows.append(_nav(d, tr))
        return prompt, rows


# --------------------------------------------------------------------------------------
# the preview's declaration rows
# --------------------------------------------------------------------------------------
def declaration_label(eid: str, tr: Translator) -> str:
    _ = tr.gettext
    return {"riichi": _("Riichi"), "tenpai": _("Tenpai")}[eid]


def declaration_rows(d: Draft, tr: Translator) -> list[list[Button]]:
    """One row per declaration (riichi; tenpai at a draw): a toggle per player, its label
    the declaration's word on the first button (``✅ Riichi Alice``)."""
    rows: list[list[Button]] = []
    names = [_cut(d.name(p), 6) for p in d.players]  # 8 cells with the mark
    for e, eid in enumerate(riichi.declarations(d)):
        on = set(riichi.declared(d, eid))
        word = declaration_label(eid, tr)
        row = [
            Button(f"{'✅' if p in on else '▫️'}{names[i]}", Code.DECLARE, f"{e}.{i}")
            for i, p in enumerate(d.players)
        ]
        rows.append([Button(f"— {word} —", Code.PAGE, "0")])
        rows.append(row)
    return rows


def apply_declare(d: Draft, arg: str) -> Stay:
    """A tap on a declaration toggle: ``<declaration>.<player>``; refused if the hand then
    breaks (a fifth riichi cannot be: four players)."""
    kinds = riichi.declarations(d)
    e_txt, _dot, i_txt = arg.partition(".")
    eid = kinds[_idx(e_txt, len(kinds))]
    p = d.players[_idx(i_txt, len(d.players))]
    before = d.copy()
    riichi.toggle(d, eid, p)
    edits.keep_or_refuse(d, before, related="events")
    return Stay()


_AFTER = (Code.EVENT_REMOVE, Code.EVENT_ADD, Code.ANOTHER)


def with_declarations(d: Draft, tr: Translator, rows: list[list[Button]]) -> list[list[Button]]:
    """The preview's editor ``rows`` at a riichi table: the declarations' toggle rows in
    place of their ✖ / ➕ event buttons (before the other events and ➕ another winner)."""
    if not riichi.applies(d.rs):
        return rows
    hidden = riichi.hidden_events(d.rs)
    ids = [e.id for e in d.rs.events]

    def shown(b: Button) -> bool:
        if b.action == Code.EVENT_REMOVE and b.arg.isdigit() and int(b.arg) < len(d.events):
            return d.events[int(b.arg)].get("type") not in hidden
        if b.action == Code.EVENT_ADD and b.arg.isdigit() and int(b.arg) < len(ids):
            return ids[int(b.arg)] not in hidden
        return True

    kept = [[b for b in row if shown(b)] for row in rows]
    kept = [row for row in kept if row]
    at = next((i for i, row in enumerate(kept) if any(b.action in _AFTER for b in row)), len(kept))
    return [*kept[:at], *declaration_rows(d, tr), *kept[at:]]


def keypad_json(rs: Ruleset, opts: Options, tr: Translator) -> dict[str, Any] | None:
    """The Mini App composer's han keypad, as the chat's (None at other tables): the han,
    the limits and yakuman multiples with their names, the fu label, the counts and events
    the form does not ask (the keypad's, the ledger's, the toggle rows'), the toggle rows."""
    if not riichi.applies(rs):
        return None
    _ = tr.gettext
    return {
        "han_label": _("{n} han").format(n="").strip(),
        "han": riichi.han_values(),
        "limits": [{"han": x.han, "name": limit_label(x.id, tr)} for x in riichi.LIMITS],
        "yakuman": [
            {"k": k, "name": yakuman_label(k, tr)} for k in range(1, opts.i("max_yakuman") + 1)
        ],
        "fu": _("{n} fu"),
        "hidden": sorted(riichi.KEYPAD_COUNTS | set(riichi.DECLARED)),
        "declare": [{"id": e, "name": declaration_label(e, tr)} for e in riichi.DECLARED],
    }
