"""Opening a table (and /calc): ruleset → preset → the options that matter → stake.

Pure state machine over the rulesets' declarations, like :mod:`bot.wizard`. The draft data
holds the list of ruleset ids offered (so an index in a button stays meaningful), the choice
so far and the page.
"""

from __future__ import annotations

from typing import Any

import scoring
from bot.i18n import Translator
from bot.wizard import Button, Screen, WizardError, _paged
from scoring.ruleset import Ruleset

#: stakes offered, in minor units per point (CNY fen): none, ¥0.1 … ¥10
STAKES = (0, 10, 50, 100, 200, 500, 1000)
CURRENCY = "CNY"


def new_setup(mode: str = "table") -> tuple[str, dict[str, Any]]:
    ids = [rs.id for rs in scoring.all_rulesets()]
    return "ruleset", {
        "kind": "setup",
        "mode": mode,
        "choices": ids,
        "ruleset": None,
        "options": {},
        "stake": 0,
        "page": 0,
        "trail": [],
    }


def _rs(data: dict[str, Any]) -> Ruleset:
    return scoring.get(data["ruleset"])


def important(rs: Ruleset) -> list[int]:
    return [i for i, o in enumerate(rs.options) if o.important]


def _next(data: dict[str, Any], step: str) -> str:
    rs = _rs(data)
    order = ["ruleset", "preset", "options", "stake", "open"]
    i = order.index(step) + 1
    while True:
        s = order[i]
        if s == "preset" and len(rs.presets) < 2:
            i += 1
            continue
        if s == "options" and not important(rs):
            i += 1
            continue
        if s == "stake" and data["mode"] != "table":
            return "open"
        return s


def _go(data: dict[str, Any], step: str, new: str) -> str:
    data["trail"].append(step)
    data["page"] = 0
    return new


def _idx(arg: str, upper: int) -> int:
    if not (arg.isascii() and arg.isdigit()) or int(arg) >= upper:
        raise WizardError("bad_arg")
    return int(arg)


def apply(step: str, data: dict[str, Any], action: str, arg: str) -> str:
    """Apply a tap; returns the next step (``open`` = done: open the table / start the calc)."""
    if action == "b":
        if not data["trail"]:
            raise WizardError("no_back")
        data["page"] = 0
        return str(data["trail"].pop())
    if action == "pg":
        data["page"] = _idx(arg, 1000)
        return step
    if step == "ruleset" and action == "rs":
        rid = data["choices"][_idx(arg, len(data["choices"]))]
        picked = scoring.get(rid)
        data["ruleset"] = rid
        data["options"] = {"preset": picked.default_preset} if picked.default_preset else {}
        return _go(data, step, _next(data, step))
    rs = _rs(data) if data.get("ruleset") else None
    if rs is None:
        raise WizardError("bad_arg")
    if step == "preset" and action == "ps":
        p = rs.presets[_idx(arg, len(rs.presets))]
        data["options"] = {"preset": p.id}
        return _go(data, step, _next(data, step))
    if step == "options":
        if action == "n":
            return _go(data, step, _next(data, step))
        o = rs.options[_idx(arg, len(rs.options))]
        if not o.important:
            raise WizardError("bad_arg")
        cur = current_options(data)[o.id]
        if action == "ot" and o.kind == "bool":
            new: bool | int | str = not cur
        elif action == "oc" and o.kind == "choice":
            vals = [c.value for c in o.choices]
            new = vals[(vals.index(str(cur)) + 1) % len(vals)] if cur in vals else vals[0]
        elif action in ("o+", "o-") and o.kind == "int":
            assert isinstance(cur, int)
            new = cur + (1 if action == "o+" else -1)
            if o.check(new) or not _options_ok(rs, {**data["options"], o.id: new}):
                raise WizardError("at_max" if action == "o+" else "at_min")
        else:
            raise WizardError("bad_arg")
        data["options"][o.id] = new
        return step
    if step == "stake" and action == "sk":
        data["stake"] = STAKES[_idx(arg, len(STAKES))]
        return _go(data, step, "open")
    raise WizardError("bad_arg")


def _options_ok(rs: Ruleset, options: dict[str, Any]) -> bool:
    """Whether the ruleset accepts the option set as a whole (e.g. a cap within the ledger's
    bound for the base: ``Ruleset.check_options``)."""
    try:
        rs.resolve_options(options)
    except scoring.RecordError:
        return False
    return True


def current_options(data: dict[str, Any]) -> dict[str, Any]:
    return dict(_rs(data).resolve_options(data.get("options") or {}))


def table_options(data: dict[str, Any]) -> dict[str, bool | int | str]:
    """The overrides to store: the preset plus options that differ from it."""
    rs = _rs(data)
    opts = dict(data.get("options") or {})
    base = rs.resolve_options({"preset": opts["preset"]} if "preset" in opts else {})
    return {k: v for k, v in opts.items() if k == "preset" or base.get(k) != v}


def money(minor: int, tr: Translator) -> str:
    from bot.render import format_money

    return format_money(minor, CURRENCY)


def render(step: str, data: dict[str, Any], tr: Translator) -> Screen:
    _ = tr.gettext
    rows: list[list[Button]] = []
    title = _("Calculator") if data["mode"] == "calc" else _("New table")
    lines = [f"<b>{title}</b>"]
    rs = _rs(data) if data.get("ruleset") else None
    if rs is not None:
        lines.append(_("Rules: {name}").format(name=tr.name(rs)))
        preset = data["options"].get("preset")
        if preset and (p := rs.preset(str(preset))) and len(rs.presets) > 1:
            lines.append(_("Preset: {name}").format(name=tr.name(p)))
    if step == "ruleset":
        lines.append(_("Which rules do you play?"))
        btns = [
            Button(tr.name(scoring.get(rid)), "rs", str(i)) for i, rid in enumerate(data["choices"])
        ]
        rows = _paged(btns, data.get("page", 0))
    elif step == "preset":
        assert rs is not None
        lines.append(_("Which variant?"))
        cur = data["options"].get("preset")
        btns = [
            Button(("✅ " if p.id == cur else "") + tr.name(p), "ps", str(i))
            for i, p in enumerate(rs.presets)
        ]
        rows = _paged(btns, data.get("page", 0), per_row=1)
    elif step == "options":
        assert rs is not None
        lines.append(_("Table options (tap to change):"))
        cur = current_options(data)
        for i in important(rs):
            o = rs.options[i]
            v = cur[o.id]
            if o.kind == "bool":
                rows.append([Button(("✅ " if v else "▫️ ") + tr.name(o), "ot", str(i))])
            elif o.kind == "choice":
                c = next((c for c in o.choices if c.value == v), None)
                rows.append([Button(f"{tr.name(o)}: {tr.name(c) if c else v} 🔄", "oc", str(i))])
            else:
                rows.append(
                    [
                        Button(f"{tr.name(o)}: {v}", "pg", "0"),
                        Button("➖", "o-", str(i)),
                        Button("➕", "o+", str(i)),
                    ]
                )
        rows.append([Button(_("Next") + " ▶", "n")])
    elif step == "stake":
        lines.append(_("Money per point (optional):"))
        btns = [
            Button(_("No money") if s == 0 else money(s, tr), "sk", str(i))
            for i, s in enumerate(STAKES)
        ]
        rows = [btns[:1], btns[1:4], btns[4:]]
    nav = []
    if data["trail"]:
        nav.append(Button("◀ " + _("Back"), "b"))
    nav.append(Button("✖ " + _("Cancel"), "x"))
    rows.append(nav)
    return Screen("\n".join(lines), rows)
