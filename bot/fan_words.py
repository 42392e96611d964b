"""The fan keypad's and checklist's words in the ruleset's own unit: 台 / tai (Taiwan,
Singapore), 番 / faan (Hong Kong), declared as ``fan_word_zh`` / ``fan_word_zh_hant`` /
``fan_word_en`` on the ruleset (its money unit is not the fan). A ruleset that declares none
keeps the generic texts ("Total fan", 总番数)."""

from __future__ import annotations

from bot.i18n import Translator
from scoring.ruleset import Ruleset


def word(rs: Ruleset, tr: Translator) -> str:
    """The ruleset's word for one fan in ``tr``'s language ("" = the generic fan/番)."""
    if not (rs.fan_word_zh or rs.fan_word_en):
        return ""
    return tr.attr(rs, "fan_word")


def _words(rs: Ruleset, tr: Translator) -> dict[str, str] | None:
    w = word(rs, tr)
    if not w:
        return None
    return {"fan": w, "Fan": w if tr.zh else w[:1].upper() + w[1:]}


def total_label(rs: Ruleset, tr: Translator) -> str:
    """The mode button: "Total fan" / "Total tai" / 總台數."""
    _ = tr.gettext
    w = _words(rs, tr)
    return _("Total fan") if w is None else _("Total {fan}").format(**w)


def checklist_label(rs: Ruleset, tr: Translator) -> str:
    """The mode button: "Fan checklist" / "Tai checklist" / 逐項勾選台數."""
    _ = tr.gettext
    w = _words(rs, tr)
    return _("Fan checklist") if w is None else _("{Fan} checklist").format(**w)


def total_prompt(rs: Ruleset, tr: Translator, n: object) -> str:
    """The keypad's prompt: "Total fan: 5" / "Total tai: 5" / 總台數：5."""
    _ = tr.gettext
    w = _words(rs, tr)
    if w is None:
        return _("Total fan: {n}").format(n=n)
    return _("Total {fan}: {n}").format(n=n, **w)


def amount(rs: Ruleset, tr: Translator, n: object) -> str:
    """A win's value on the preview: "5 fan" / "5 tai" / 5 台."""
    _ = tr.gettext
    w = _words(rs, tr)
    return _("{n} fan").format(n=n) if w is None else _("{n} {fan}").format(n=n, **w)


def tick_prompt(rs: Ruleset, tr: Translator, total: int) -> str:
    """The checklist's prompt with its running total."""
    _ = tr.gettext
    w = _words(rs, tr)
    if w is None:  # Guobiao's points: "1 point so far", "8 points so far"
        return tr.ngettext(
            "Tick the fans ({n} point so far):", "Tick the fans ({n} points so far):", total
        ).format(n=total)
    return _("Tick what the hand has ({n} {fan} so far):").format(n=total, **w)
