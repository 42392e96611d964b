"""The tile part of a hand card: for every win entered as tiles, its tiles and the fans the
Guobiao calculator finds in them under the table's options (the flowers as one more line).

One function for the hand card the bot sends (``/explain N``) and for ``render-samples``, so
the README's Guobiao card is what users get (issue 15 point 2).
"""

from __future__ import annotations

from collections.abc import Mapping

from bot.i18n import translator
from bot.render.views import FanLine, TileHandView
from scoring import registry
from scoring.errors import RecordError
from scoring.gb.calculator import calculate
from scoring.gb.fans import fan_label
from scoring.gb.hand import parse_hand
from scoring.record import HandRecord


def tile_hands(record: HandRecord, names: Mapping[str, str], lang: str) -> tuple[TileHandView, ...]:
    """A :class:`TileHandView` per win of ``record`` that carries tiles (none for the others,
    nor for tiles the calculator cannot read: the card then shows the payments only)."""
    rs = registry.get(record.ruleset)
    wins = [w for w in record.wins if w.tiles is not None]
    if not wins or "tiles" not in rs.win_inputs:
        return ()
    opts = rs.resolve_options(record.options)
    tr = translator(lang)
    out: list[TileHandView] = []
    for win in wins:
        assert win.tiles is not None
        try:
            res = calculate(
                parse_hand(win.tiles),
                engine_adds=opts.b("engine_adds"),
                extended=opts.b("extended_exclusions"),
                seven_pairs_strict=opts.b("seven_pairs_strict"),
                extra_set=opts.s("extras"),
                exhausted_waits=opts.b("exhausted_waits"),
            )  # as scoring.rulesets.guobiao reads the tiles: the fans that were paid
        except RecordError:
            res = None
        if res is None:
            continue
        lines = [FanLine(tr.pick(*fan_label(f.id)), f.points, f.count) for f in res.fans]
        if res.flowers:
            lines.append(FanLine(tr.pick("花牌", "Flower Tiles"), 1, res.flowers))
        winner = names.get(win.winner, win.winner)
        out.append(TileHandView(winner, win.tiles, tuple(lines), res.grand_total))
    return tuple(out)
