"""日本麻将 Riichi mahjong: the parts of the ruleset ``riichi`` (``scoring/rulesets/riichi.py``).

Spec: ``shared/rules/riichi.md`` (sources R1–R24). The unit is the point (点); every hand
amount is a multiple of 100 points except where the spec's own formulas split a payment
(noten payments with two tenpai, honba of 300 among two sanma payers).

* :mod:`scoring.riichi.points` — basic points from han and fu (§2.1), the limits, who pays a
  win (§2.2) and the three-player tsumo (§2.11): the score table of §3;
* :mod:`scoring.riichi.decls` — options, presets, events, counts and flags as declared data;
* :mod:`scoring.riichi.hand` — one hand: a win (honba, the pot, several winners, pao), an
  exhaustive draw, an abortive draw, a chombo (§2.3–§2.8);
* :mod:`scoring.riichi.game_end` — the end of a game: oka, uma, ties, chombo, money (§2.9);
* :mod:`scoring.riichi.game` — a game hand by hand: round, dealer, honba, sticks, points and
  the end conditions (§2.9), for the ledger;
* :mod:`scoring.riichi.tiles` — han and fu from the tiles by the ``mahjong`` library (§1.3).
"""
