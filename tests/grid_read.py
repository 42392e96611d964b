"""The winners' grid read as a person reads it (#26.1): a cell "← Carol" in Bob's row means
"Bob ← Carol". For the tests that tap the grid by meaning."""

from __future__ import annotations

from typing import Any

import scoring
from bot.entry.keyboard import Button
from bot.entry.wizard.steps import grid
from bot.i18n import Translator


def read_grid(step: str, data: dict[str, Any], label: str, lang: str = "en") -> list[Button]:
    """The grid cell meaning ``label`` ("Bob ← Carol") on ``step``, if it is offered there."""
    if not step.startswith("winner"):
        return []
    rs = scoring.get(data["ruleset"])
    n = int(step.partition(".")[2] or 0)
    opts = rs.resolve_options(data.get("options") or {})
    from bot.entry import wizard

    offered = {
        (b.action, b.arg) for row in wizard.render(step, data, Translator(lang)).rows for b in row
    }
    b = grid.full_labels(rs, opts, data, n, Translator(lang)).get(label)
    return [b] if b is not None and (b.action, b.arg) in offered else []
