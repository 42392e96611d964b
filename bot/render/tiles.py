"""The tile part of a hand card: for every win entered as tiles, its tiles and what the
ruleset's calculator finds in them under the table's options.

* Guobiao: the fans of :mod:`scoring.gb.calculator` (the flowers as one more line) and their
  total;
* riichi: the yaku the ``mahjong`` library finds (:meth:`scoring.rulesets.riichi.Riichi.
  tiles_value`, the han and fu the settlement paid), by the names of
  :mod:`scoring.riichi.yaku_names`, each with its han, the total as "3 han 30 fu" (a yakuman
  as 役満 ×k), and the dora / ura-dora indicators as rows of small tiles.

One function for the hand card the bot sends (``/explain N``) and for ``render-samples``, so
the README's Guobiao card is what users get (issue 15 point 2).
"""

from __future__ import annotations

from collections.abc import Mapping

from bot.i18n import Translator, translator
from bot.render.views import FanLine, TileHandView
from scoring import registry
from scoring.errors import RecordError
from scoring.gb.calculator import calculate
from scoring.gb.fans import fan_label
from scoring.gb.hand import parse_hand
from scoring.record import HandRecord
from scoring.riichi.decls import WORDS, WORDS_JA
from scoring.riichi.points import MANGAN, HandValue
from scoring.riichi.tiles import TilesResult
from scoring.riichi.yaku_names import (
    INDICATORS,
    ROUND_WINDS,
    SEAT_WINDS,
    Words,
    library_name,
    yaku_name,
)
from scoring.ruleset import Ruleset
from scoring.rulesets.riichi import Riichi


def tile_hands(record: HandRecord, names: Mapping[str, str], lang: str) -> tuple[TileHandView, ...]:
    """A :class:`TileHandView` per win of ``record`` that carries tiles (none for the others,
    nor for tiles the calculator cannot read: the card then shows the payments only)."""
    rs = registry.get(record.ruleset)
    if not any(w.tiles is not None for w in record.wins) or "tiles" not in rs.win_inputs:
        return ()
    tr = translator(lang)
    if isinstance(rs, Riichi):
        return _riichi(record, rs, names, tr)
    return _guobiao(record, rs, names, tr)


def _guobiao(
    record: HandRecord, rs: Ruleset, names: Mapping[str, str], tr: Translator
) -> tuple[TileHandView, ...]:
    opts = rs.resolve_options(record.options)
    out: list[TileHandView] = []
    for win in record.wins:
        if win.tiles is None:
            continue
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


def _say(words: Words, tr: Translator) -> str:
    zh, hant, en, ja = words
    return tr.pick(zh, en, hant, ja)


def _yakuman(k: int, tr: Translator) -> str:
    return tr.gettext("Yakuman") if k <= 1 else tr.gettext("Yakuman ×{k}").format(k=k)


def _total(got: TilesResult, paid: HandValue, tr: Translator) -> str:
    """ "10 han 20 fu · baiman", "3翻30符" (no limit), "役満 ×2" (the multiple paid)."""
    if got.yakuman:
        return _yakuman(paid.yakuman or got.yakuman, tr)
    text = tr.gettext("{han} han {fu} fu").format(han=got.han, fu=got.fu)
    tier = paid.tier or ("mangan" if paid.basic >= MANGAN else "")
    if tier not in WORDS or tier == "yakuman":
        return text
    zh, hant, en = WORDS[tier]
    return f"{text} · {_say((zh, hant, en, WORDS_JA[tier]), tr)}"


def _riichi(
    record: HandRecord, rs: Riichi, names: Mapping[str, str], tr: Translator
) -> tuple[TileHandView, ...]:
    out: list[TileHandView] = []
    try:  # the value each win was paid at: its limit (満貫 …), the yakuman after the cap
        paid = rs.values(record, rs.resolve_options(record.options))
    except RecordError:
        return ()
    for i, win in enumerate(record.wins):
        if win.tiles is None:
            continue
        try:
            got = rs.tiles_value(record, i)  # what the settlement paid (§1.3)
        except RecordError:
            continue
        lines: list[FanLine] = []
        values: list[str] = []
        hans = got.yaku_han or (0,) * len(got.yaku)
        for text, han in zip(got.yaku, hans, strict=True):
            n = yaku_name(text)
            name = _say((n.zh, n.zh_hant, n.en, n.ja), tr) if n else library_name(text)
            lines.append(FanLine(name, han))
            values.append(_yakuman(han // 13, tr) if got.yakuman else str(han))
        total = _total(got, paid[win.winner], tr)
        rows = [
            (_say(words, tr), str(win.tiles[key]))
            for key, words in INDICATORS.items()
            if isinstance(win.tiles.get(key), str) and win.tiles[key]
        ]
        nuki = win.tiles.get("nuki_dora")
        if isinstance(nuki, int) and not isinstance(nuki, bool) and nuki > 0:
            rows.append((_say(INDICATORS["nuki_dora"], tr), "4" * nuki + "z"))
        players = record.players
        seat = "ESWN"[(players.index(win.winner) - players.index(record.dealer)) % len(players)]
        round_wind = str(win.tiles.get("prevalent_wind") or "E")
        note = " · ".join(
            _say(words[w], tr)
            for words, w in ((ROUND_WINDS, round_wind), (SEAT_WINDS, seat))
            if w in words
        )
        out.append(
            TileHandView(
                names.get(win.winner, win.winner),
                win.tiles,
                tuple(lines),
                got.han,
                values=tuple(values),
                total_text=total,
                indicators=tuple(rows),
                note=note,
            )
        )
    return tuple(out)
