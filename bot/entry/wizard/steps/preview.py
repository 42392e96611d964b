"""The preview, which is also the editor: the summary of the hand, its lines (each
jumps to its step and comes back), flag toggles, the counts' ➖ n ➕ rows, the events, ➕ another
winner; the settlement as the chat shows it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot import fan_words, present
from bot.describe import describe_win
from bot.entry import allowed, checks, edits, riichi
from bot.entry.draft import Draft, WinDraft
from bot.entry.keyboard import SOURCE_REF, Code
from bot.entry.wizard.actions import Button, Ctx, Step, WizardError, _esc, _idx, _nav
from bot.entry.wizard.changes import (
    asks_value,
    enabled_counts,
    enabled_events,
    shown_counts,
    value_step,
)
from bot.entry.wizard.steps import editor
from bot.entry.wizard.steps import riichi as riichi_steps
from bot.entry.wizard.targets import Go, Stay, Target
from bot.i18n import Translator
from bot.terms import ICON_WINNER
from scoring.declarations import DISCARD, SELF_DRAWN
from scoring.errors import RecordError
from scoring.record import Settlement
from scoring.ruleset import Ruleset

_SOURCE_REF = SOURCE_REF  # the name bot.texts imported


def describe_event(rs: Ruleset, d: Draft, ev: dict[str, Any], tr: Translator) -> str:
    decl = rs.event(ev["type"])
    label = tr.name(decl) if decl else ev["type"]
    txt = f"{label}: {d.name(ev.get('player'))}"
    if ev.get("from"):
        txt += f" ← {d.name(ev['from'])}"
    if decl:
        for f in decl.fields:
            if f.id in ev and ev[f.id] is not None:
                val = d.name(str(ev[f.id])) if f.kind == "text" else ev[f.id]
                txt += f" · {tr.name(f)} {val}"
    return txt


def summary(d: Draft, tr: Translator) -> str:
    """The hand as chosen so far (the top of every wizard screen)."""
    _ = tr.gettext
    rs = d.rs
    lines = []
    head = tr.name(rs)
    if d.mode == "calc":
        head = _("Calculator") + " · " + head
    elif d.edit_seq:
        head = _("Correcting hand {n}").format(n=d.edit_seq) + " · " + head
    elif d.hand_no:
        head = _("Hand {n}").format(n=d.hand_no) + " · " + head
    lines.append(f"<b>{_esc(head)}</b>")
    lines.append(_("Dealer: {name}").format(name=_esc(d.name(d.dealer))))
    if d.result != "win":
        r = next((r for r in rs.results if r.value == d.result), None)
        lines.append(_("Result: {result}").format(result=tr.name(r) if r else d.result))
    view = d.view()
    for w in d.wins:
        if w.winner:
            lines.append(f"{ICON_WINNER} " + _esc(describe_win(rs, view, w.to_json(), tr)))
    for cid, per in d.counts.items():
        decl = rs.count(cid)
        nz = [f"{d.name(p)} {v}" for p, v in per.items() if v]
        if decl and nz:
            lines.append(f"{_esc(tr.name(decl))}: {_esc(', '.join(nz))}")
    for ev in d.events:
        lines.append("• " + _esc(describe_event(rs, d, ev, tr)))
    return "\n".join(lines)


def _apply_preview(c: Ctx, action: str, arg: str) -> Target:
    """A tap on the preview, which is also the editor."""
    d, rs, opts = c.d, c.rs, c.opts
    wins = d.wins
    if action == Code.EDIT:
        what, num = arg[:1], arg[1:]
        if (got := editor.apply_edit(d, what, num)) is not None:
            return got
        if what == "w":
            n = _idx(num, len(wins))
            d.rk = wins[n].robbed_kong
            return Go(f"winner.{n}")
        if what == "v":
            target = value_step(d, _idx(num, len(wins)))
            if target is None:  # nothing of the win's value is asked
                raise WizardError("bad_arg")
            return Go(target)
        if what == "c":
            i = _idx(num, len(rs.counts))
            if i not in enabled_counts(rs, opts, d.result):
                raise WizardError("bad_arg")
            return Go(f"count.{i}")
        if what == "r" and not num:
            return Go("winner.0")
        raise WizardError("bad_arg")
    if action == Code.DECLARE:  # riichi: a riichi / tenpai toggle
        return riichi_steps.apply_declare(d, arg)
    if action == Code.TOGGLE:
        n_txt, _dot, i_txt = arg.partition(".")
        edits.toggle_flag(d, _idx(n_txt, len(wins)), _idx(i_txt, len(rs.flags)))
        return Stay()
    if action in (Code.COUNT_PLUS, Code.COUNT_MINUS):
        c_txt, _dot, i_txt = arg.partition(".")
        k = _idx(c_txt, len(rs.counts))
        if k not in enabled_counts(rs, opts, d.result):
            raise WizardError("bad_arg")
        i = _idx(i_txt, len(d.players))
        edits.step_count(d, k, i, up=action == Code.COUNT_PLUS)
        return Stay()
    if action == Code.EVENT_ADD:
        i = _idx(arg, len(rs.events))
        if i not in enabled_events(rs, opts, d.result):
            raise WizardError("bad_arg")
        edits.begin_event(d, rs.events[i])
        return Go("evplayer")  # the players' grid: who, and from whom, in one tap
    if action == Code.EVENT_REMOVE:
        i = _idx(arg, len(d.events))
        before = d.copy()
        del d.events[i]
        edits.keep_or_refuse(d, before)
        return Stay()
    if action == Code.ANOTHER:
        if not allowed.multi_possible(d):
            raise WizardError("bad_arg")
        return Go(f"winner.{len(wins)}")
    raise WizardError("bad_arg")


class PreviewStep(Step):
    """The preview, which is also the editor (:func:`editor_rows`, :func:`_apply_preview`)."""

    kinds = ("preview",)

    def apply(self, c: Ctx, action: str, arg: str) -> Target:
        return _apply_preview(c, action, arg)

    def render(self, c: Ctx, tr: Translator) -> tuple[str, list[list[Button]]]:
        d = c.d
        error = c.error
        settlement = c.settlement
        _ = tr.gettext
        if error is None and settlement is None:  # settled once for the whole screen
            try:  # as the bot shows it: the explanation with the players' names
                settlement = present.preview(checks.to_record(d), d.names)
            except RecordError as err:
                error = checks.problem_text(err, d, tr)
        rows = editor_rows(
            d,
            tr,
            base=settlement.net if settlement is not None else None,
            impossible=bool(error),
        )
        rows = riichi_steps.with_declarations(d, tr, rows)  # riichi: a row of toggles each
        if error:
            prompt = "⚠️ " + _esc(error)
            rows.append(_nav(d, tr))
        else:
            assert settlement is not None
            prompt = format_settlement(settlement, d, tr)
            if d.mode == "calc":
                rows.append(
                    [
                        Button("◀ " + _("Back"), Code.BACK),
                        Button(_("New calculation"), Code.AGAIN),
                        Button("✖ " + _("Close"), Code.CANCEL),
                    ]
                )
            else:  # Confirm first, the editor under it (#26.2)
                rows.insert(0, [Button("✅ " + _("Confirm"), Code.CONFIRM)])
                rows.append(_nav(d, tr))
        return prompt, rows


#: The preview shows the counts' ➖ n ➕ rows when they fit in this many buttons (Telegram
#: allows 100 in a keyboard); beyond, one button per count opens its own screen.
COUNT_BUTTONS = 48


def editor_rows(
    d: Draft,
    tr: Translator,
    *,
    base: Mapping[str, int] | None = None,
    impossible: bool = False,
) -> list[list[Button]]:
    """The preview's editing buttons: each win's line (winner and how; shape or value) jumps to
    its step and comes back; each win's possible flags toggle; the counts that can change the
    money (➖ n ➕ per player); the events (✖ removes, ➕ adds); ➕ another winner. ``base``:
    the nets of the hand as settled for this screen; ``impossible``: it did not settle (every
    enabled count is shown, as :func:`shown_counts` does then)."""
    _ = tr.gettext
    rs, opts = d.rs, d.opts
    if d.mode == "calc" and not d.players:
        return []
    players = d.players
    rows: list[list[Button]] = []
    wins = d.wins
    if d.result != "win" and not wins:
        r = next((r for r in rs.results if r.value == d.result), None)
        rows.append([Button("✏️ " + (tr.name(r) if r else d.result), Code.EDIT, "r")])
    if impossible:
        shown = enabled_counts(rs, opts, d.result)
    else:
        shown = shown_counts(d, base)
    shown = [c for c in shown if rs.counts[c].id not in riichi.hidden_counts(rs)]
    if d.mode != "calc":  # within a phone's first screen (#26.1, #26.2)
        return editor.rows(d, tr, shown, value_of=lambda w: _win_value(d, w, tr), base=base)
    for n, w in enumerate(wins):
        who = d.name(w.winner)
        h = w.how
        if h == SELF_DRAWN:
            how_txt = _("{name} self-drawn").format(name=who)
        elif h == DISCARD:
            how_txt = f"{who} ← {d.name(w.discarder)}"
        else:
            how_txt = _("{name} robs {other}'s kong").format(name=who, other=d.name(w.discarder))
        row = [Button("✏️ " + how_txt, Code.EDIT, f"w{n}")]
        if asks_value(d, n):
            value = _win_value(d, w, tr) or _("No special shape")
            row.append(Button("✏️ " + value, Code.EDIT, f"v{n}"))
        rows.append(row)
        flags = []
        for i in allowed.flags(d, w):
            mark = "✅ " if rs.flags[i].id in w.flags else "▫️ "
            label = mark + tr.name(rs.flags[i]) + (f" · {who}" if len(wins) > 1 else "")
            flags.append(Button(label, Code.TOGGLE, f"{n}.{i}"))
        rows += [flags[i : i + 3] for i in range(0, len(flags), 3)]
    if len(shown) * len(players) * 3 <= COUNT_BUTTONS:
        for c in shown:
            cdecl = rs.counts[c]
            per = d.counts.get(cdecl.id, {})
            rows.append([Button(f"— {tr.name(cdecl)} —", Code.PAGE, "0")])
            for i, p in enumerate(players):
                v = per.get(p, 0)
                rows.append(
                    [
                        Button("➖", Code.COUNT_MINUS, f"{c}.{i}")
                        if v > cdecl.min
                        else Button(" ", Code.PAGE, "0"),
                        Button(f"{d.name(p)}: {v}", Code.PAGE, "0"),
                        Button("➕", Code.COUNT_PLUS, f"{c}.{i}")
                        if allowed.can_add(cdecl, per, p)
                        else Button(" ", Code.PAGE, "0"),
                    ]
                )
    else:
        btns = []
        for c in shown:
            cdecl = rs.counts[c]
            per = d.counts.get(cdecl.id, {})
            nz = ", ".join(f"{d.name(p)} {v}" for p, v in per.items() if v)
            btns.append(
                Button("✏️ " + tr.name(cdecl) + (f": {nz}" if nz else ""), Code.EDIT, f"c{c}")
            )
        rows += [btns[i : i + 2] for i in range(0, len(btns), 2)]
    for i, ev in enumerate(d.events):
        rows.append([Button("✖ " + describe_event(rs, d, ev, tr), Code.EVENT_REMOVE, str(i))])
    adds = [
        Button("➕ " + tr.name(rs.events[i]), Code.EVENT_ADD, str(i))
        for i in enabled_events(rs, opts, d.result)
    ]
    rows += [adds[i : i + 3] for i in range(0, len(adds), 3)]
    if wins and allowed.multi_possible(d):
        rows.append([Button("➕ " + _("Another winner"), Code.ANOTHER)])
    return rows


def _win_value(d: Draft, w: WinDraft, tr: Translator) -> str:
    _ = tr.gettext
    rs = d.rs
    if w.shape and (s := rs.shape(w.shape)):
        return tr.name(s)
    if riichi.applies(rs) and (label := riichi_steps.value_label(d, w, tr)):
        return label
    if w.fan is not None:
        return fan_words.amount(rs, tr, w.fan)
    if w.fans:
        return _("{n} fans ticked").format(n=len(w.fans))
    if w.tiles is not None:
        return _("Tiles")
    return ""


def format_settlement(st: Settlement, d: Draft, tr: Translator) -> str:
    _ = tr.gettext
    names = present.display_names(d.names, tr)

    def name(p: str | None) -> str:
        return "—" if p is None else str(names.get(p, p))

    rs = d.rs
    unit = present.unit(rs.id, tr)
    lines = ["<b>" + _("Payments") + "</b>"]
    if not st.payments:
        lines.append(_("Nobody pays anything."))
    for p in st.payments:  # each says what it is for: the win, the wildcards, a kong (#26.2)
        what = _SOURCE_REF.sub("", tr.reason(rs, p.reason))
        lines.append(
            f"{_esc(name(p.payer))} → {_esc(name(p.payee))}: {p.amount} {_esc(unit)} · {_esc(what)}"
        )
    lines.append("<b>" + _("Net") + "</b>")
    for pid in d.players:
        v = st.net.get(pid, 0)
        lines.append(f"{_esc(name(pid))}: {v:+d}")
    for pid, v in st.net.items():
        if pid not in d.players:
            lines.append(f"{_esc(name(pid))}: {v:+d}")
    if st.explanation:
        lines.append("<b>" + _("How") + "</b>")
        for s in st.explanation:  # a seed's line reference (L125) is for the ruleset's reader
            lines.append("· " + _esc(_SOURCE_REF.sub("", tr.step(s))))
    return "\n".join(lines)
