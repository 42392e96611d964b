"""The preview, which is also the editor: the summary of the hand, its lines (each
jumps to its step and comes back), flag toggles, the counts' ➖ n ➕ rows, the events, ➕ another
winner; the settlement as the chat shows it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot import fan_words, present
from bot.describe import (
    describe_win,
)
from bot.describe import how as _how
from bot.describe import name as _name
from bot.entry import riichi
from bot.entry.keyboard import SOURCE_REF, Code
from bot.entry.wizard.actions import Button, Ctx, Step, WizardError, _esc, _idx, _nav, _opts, _rs
from bot.entry.wizard._legacy_changes import (
    _begin_event,
    _ev_first,
    _go,
    _keep_or_refuse,
    _multi_possible,
    _snapshot,
    _step_count,
    _toggle_flag,
    build_record,
    can_add,
    enabled_counts,
    enabled_events,
    problem_text,
    shown_counts,
    valid_flags,
)
from bot.entry.wizard._legacy_order import _after_how
from bot.entry.wizard.steps import editor
from bot.entry.wizard.steps import riichi as riichi_steps
from bot.i18n import Translator
from scoring.declarations import (
    DISCARD,
    SELF_DRAWN,
)
from scoring.errors import RecordError
from scoring.record import Settlement
from scoring.ruleset import Ruleset

_SOURCE_REF = SOURCE_REF  # the name bot.texts imported


def describe_event(rs: Ruleset, data: dict[str, Any], ev: dict[str, Any], tr: Translator) -> str:
    decl = rs.event(ev["type"])
    label = tr.name(decl) if decl else ev["type"]
    txt = f"{label}: {_name(data, ev.get('player'))}"
    if ev.get("from"):
        txt += f" ← {_name(data, ev['from'])}"
    if decl:
        for f in decl.fields:
            if f.id in ev and ev[f.id] is not None:
                val = _name(data, str(ev[f.id])) if f.kind == "text" else ev[f.id]
                txt += f" · {tr.name(f)} {val}"
    return txt


def summary(data: dict[str, Any], tr: Translator) -> str:
    """The hand as chosen so far (the top of every wizard screen)."""
    _ = tr.gettext
    rs = _rs(data)
    lines = []
    head = tr.name(rs)
    if data.get("mode") == "calc":
        head = _("Calculator") + " · " + head
    elif data.get("edit_seq"):
        head = _("Correcting hand {n}").format(n=data["edit_seq"]) + " · " + head
    elif data.get("hand_no"):
        head = _("Hand {n}").format(n=data["hand_no"]) + " · " + head
    lines.append(f"<b>{_esc(head)}</b>")
    lines.append(_("Dealer: {name}").format(name=_esc(_name(data, data["dealer"]))))
    if data["result"] != "win":
        r = next((r for r in rs.results if r.value == data["result"]), None)
        lines.append(_("Result: {result}").format(result=tr.name(r) if r else data["result"]))
    for w in data["wins"]:
        if w.get("winner"):
            lines.append("🀄 " + _esc(describe_win(rs, data, w, tr)))
    for cid, per in data["counts"].items():
        decl = rs.count(cid)
        nz = [f"{_name(data, p)} {v}" for p, v in per.items() if v]
        if decl and nz:
            lines.append(f"{_esc(tr.name(decl))}: {_esc(', '.join(nz))}")
    for ev in data["events"]:
        lines.append("• " + _esc(describe_event(rs, data, ev, tr)))
    return "\n".join(lines)


def _apply_preview(step: str, data: dict[str, Any], action: str, arg: str) -> str:
    """A tap on the preview, which is also the editor."""
    rs, opts = _rs(data), _opts(data)
    wins = data["wins"]
    if action == Code.EDIT:
        what, num = arg[:1], arg[1:]
        if (got := editor.apply_edit(step, data, what, num)) is not None:
            return got
        if what == "w":
            n = _idx(num, len(wins))
            data["rk"] = bool(wins[n].get("robbed_kong"))
            return _go(data, step, f"winner.{n}")
        if what == "v":
            n = _idx(num, len(wins))
            target = _after_how(rs, opts, data, n)
            if target == "preview":
                raise WizardError("bad_arg")
            return _go(data, step, target)
        if what == "c":
            i = _idx(num, len(rs.counts))
            if i not in enabled_counts(rs, opts, data["result"]):
                raise WizardError("bad_arg")
            return _go(data, step, f"count.{i}")
        if what == "r" and not num:
            return _go(data, step, "winner.0")
        raise WizardError("bad_arg")
    if action == Code.DECLARE:  # riichi: a riichi / tenpai toggle
        return riichi_steps.apply_declare(data, step, arg)
    if action == Code.TOGGLE:
        n_txt, _dot, i_txt = arg.partition(".")
        _toggle_flag(rs, opts, data, _idx(n_txt, len(wins)), _idx(i_txt, len(rs.flags)))
        return step
    if action in (Code.COUNT_PLUS, Code.COUNT_MINUS):
        c_txt, _dot, i_txt = arg.partition(".")
        c = _idx(c_txt, len(rs.counts))
        if c not in enabled_counts(rs, opts, data["result"]):
            raise WizardError("bad_arg")
        _step_count(
            data, c, _idx(i_txt, len(data["players"])), "+" if action == Code.COUNT_PLUS else "-"
        )
        return step
    if action == Code.EVENT_ADD:
        i = _idx(arg, len(rs.events))
        if i not in enabled_events(rs, opts, data["result"]):
            raise WizardError("bad_arg")
        _begin_event(data, rs.events[i])
        return _go(data, step, _ev_first(data, rs.events[i]))
    if action == Code.EVENT_REMOVE:
        i = _idx(arg, len(data["events"]))
        before = _snapshot(data)
        del data["events"][i]
        _keep_or_refuse(data, before)
        return step
    if action == Code.ANOTHER:
        if not _multi_possible(rs, data):
            raise WizardError("bad_arg")
        return _go(data, step, f"winner.{len(wins)}")
    raise WizardError("bad_arg")


class PreviewStep(Step):
    """The preview, which is also the editor (:func:`editor_rows`, :func:`_apply_preview`)."""

    kinds = ("preview",)

    def apply(self, c: Ctx, action: str, arg: str) -> str:
        step, data = c.step, c.data
        return _apply_preview(step, data, action, arg)
        raise WizardError("bad_arg")

    def render(self, c: Ctx, tr: Translator) -> tuple[str, list[list[Button]]]:
        data = c.data
        error = c.error
        settlement = c.settlement
        _ = tr.gettext
        prompt = ""
        if error is None and settlement is None:  # settled once for the whole screen
            try:  # as the bot shows it: the explanation with the players' names
                settlement = present.preview(build_record(data), data["names"])
            except RecordError as err:
                error = problem_text(err, data, tr)
        rows = editor_rows(
            data,
            tr,
            base=settlement.net if settlement is not None else None,
            impossible=bool(error),
        )
        rows = riichi_steps.with_declarations(data, tr, rows)  # riichi: a row of toggles each
        if error:
            prompt = "⚠️ " + _esc(error)
            rows.append(_nav(data, tr))
        else:
            assert settlement is not None
            prompt = format_settlement(settlement, data, tr)
            if data.get("mode") == "calc":
                rows.append(
                    [
                        Button("◀ " + _("Back"), Code.BACK),
                        Button(_("New calculation"), Code.AGAIN),
                        Button("✖ " + _("Close"), Code.CANCEL),
                    ]
                )
            else:  # Confirm first, the editor under it (#26.2)
                rows.insert(0, [Button("✅ " + _("Confirm"), Code.CONFIRM)])
                rows.append(_nav(data, tr))
        return prompt, rows


#: The preview shows the counts' ➖ n ➕ rows when they fit in this many buttons (Telegram
#: allows 100 in a keyboard); beyond, one button per count opens its own screen.
COUNT_BUTTONS = 48


def editor_rows(
    data: dict[str, Any],
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
    rs, opts = _rs(data), _opts(data)
    if data.get("mode") == "calc" and not data["players"]:
        return []
    players = data["players"]
    rows: list[list[Button]] = []
    wins = data["wins"]
    if data["result"] != "win" and not wins:
        r = next((r for r in rs.results if r.value == data["result"]), None)
        rows.append([Button("✏️ " + (tr.name(r) if r else data["result"]), Code.EDIT, "r")])
    for n, w in enumerate(wins):
        who = _name(data, w["winner"])
        h = _how(w)
        if h == SELF_DRAWN:
            how_txt = _("{name} self-drawn").format(name=who)
        elif h == DISCARD:
            how_txt = f"{who} ← {_name(data, w['from'])}"
        else:
            how_txt = _("{name} robs {other}'s kong").format(name=who, other=_name(data, w["from"]))
        row = [Button("✏️ " + how_txt, Code.EDIT, f"w{n}")]
        if _after_how(rs, opts, data, n) != "preview":
            value = _win_value(rs, data, w, tr) or _("No special shape")
            row.append(Button("✏️ " + value, Code.EDIT, f"v{n}"))
        rows.append(row)
        flags = []
        for i in valid_flags(rs, opts, data, w):
            mark = "✅ " if rs.flags[i].id in (w.get("flags") or []) else "▫️ "
            label = mark + tr.name(rs.flags[i]) + (f" · {who}" if len(wins) > 1 else "")
            flags.append(Button(label, Code.TOGGLE, f"{n}.{i}"))
        rows += [flags[i : i + 3] for i in range(0, len(flags), 3)]
    if impossible:
        shown = enabled_counts(rs, opts, data["result"])
    else:
        shown = shown_counts(data, base)
    shown = [c for c in shown if rs.counts[c].id not in riichi.hidden_counts(rs)]
    if data.get("mode") != "calc":  # within a phone's first screen (#26.1, #26.2)
        return editor.rows(data, tr, shown, value_of=lambda w: _win_value(rs, data, w, tr))
    if len(shown) * len(players) * 3 <= COUNT_BUTTONS:
        for c in shown:
            cdecl = rs.counts[c]
            per = data["counts"].get(cdecl.id, {})
            rows.append([Button(f"— {tr.name(cdecl)} —", Code.PAGE, "0")])
            for i, p in enumerate(players):
                v = per.get(p, 0)
                rows.append(
                    [
                        Button("➖", Code.COUNT_MINUS, f"{c}.{i}")
                        if v > cdecl.min
                        else Button(" ", Code.PAGE, "0"),
                        Button(f"{_name(data, p)}: {v}", Code.PAGE, "0"),
                        Button("➕", Code.COUNT_PLUS, f"{c}.{i}")
                        if can_add(cdecl, per, p)
                        else Button(" ", Code.PAGE, "0"),
                    ]
                )
    else:
        btns = []
        for c in shown:
            cdecl = rs.counts[c]
            per = data["counts"].get(cdecl.id, {})
            nz = ", ".join(f"{_name(data, p)} {v}" for p, v in per.items() if v)
            btns.append(
                Button("✏️ " + tr.name(cdecl) + (f": {nz}" if nz else ""), Code.EDIT, f"c{c}")
            )
        rows += [btns[i : i + 2] for i in range(0, len(btns), 2)]
    for i, ev in enumerate(data["events"]):
        rows.append([Button("✖ " + describe_event(rs, data, ev, tr), Code.EVENT_REMOVE, str(i))])
    adds = [
        Button("➕ " + tr.name(rs.events[i]), Code.EVENT_ADD, str(i))
        for i in enabled_events(rs, opts, data["result"])
    ]
    rows += [adds[i : i + 3] for i in range(0, len(adds), 3)]
    if wins and _multi_possible(rs, data):
        rows.append([Button("➕ " + _("Another winner"), Code.ANOTHER)])
    return rows


def _win_value(rs: Ruleset, data: dict[str, Any], w: dict[str, Any], tr: Translator) -> str:
    _ = tr.gettext
    if w.get("shape") and (s := rs.shape(w["shape"])):
        return tr.name(s)
    if riichi.applies(rs) and (label := riichi_steps.value_label(data, w, tr)):
        return label
    if w.get("fan") is not None:
        return fan_words.amount(rs, tr, w["fan"])
    if w.get("fans"):
        return _("{n} fans ticked").format(n=len(w["fans"]))
    if isinstance(w.get("tiles"), dict):
        return _("Tiles")
    return ""


def format_settlement(st: Settlement, data: dict[str, Any], tr: Translator) -> str:
    _ = tr.gettext
    data = {**data, "names": present.display_names(data["names"], tr)}
    rs = _rs(data)
    unit = present.unit(rs.id, tr)
    lines = ["<b>" + _("Payments") + "</b>"]
    if not st.payments:
        lines.append(_("Nobody pays anything."))
    for p in st.payments:  # each says what it is for: the win, the wildcards, a kong (#26.2)
        what = _SOURCE_REF.sub("", tr.reason(rs, p.reason))
        lines.append(
            f"{_esc(_name(data, p.payer))} → {_esc(_name(data, p.payee))}: {p.amount} {_esc(unit)}"
            f" · {_esc(what)}"
        )
    lines.append("<b>" + _("Net") + "</b>")
    for pid in data["players"]:
        v = st.net.get(pid, 0)
        lines.append(f"{_esc(_name(data, pid))}: {v:+d}")
    for pid, v in st.net.items():
        if pid not in data["players"]:
            lines.append(f"{_esc(_name(data, pid))}: {v:+d}")
    if st.explanation:
        lines.append("<b>" + _("How") + "</b>")
        for s in st.explanation:  # a seed's line reference (L125) is for the ruleset's reader
            lines.append("· " + _esc(_SOURCE_REF.sub("", tr.step(s))))
    return "\n".join(lines)
