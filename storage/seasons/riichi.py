"""The riichi season board (issue 27.5): players ranked by their total final score over the
season's riichi games, with the average placement and the placement counts (1st/2nd/3rd/4th),
as club leagues rank (spec riichi.md §2.9: "final score in pt = final / 1000").

A game is a confirmed ``game_end`` hand (``storage/ledger/games.py`` records it) of a night
that began in the season, on any riichi table of the chat. Its places and final scores come
from the stored record by :func:`scoring.riichi.game_end.game_result`, the same function that
settled it. Guests merged into an account (or sharing a name) count as one player, as on the
season board.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING

from sqlalchemy import select

from scoring import registry
from scoring.record import HandRecord
from scoring.riichi.decls import GAME_END
from scoring.riichi.game_end import game_result
from storage.errors import NotFound
from storage.ledger._util import HT, NGT, TT
from storage.seasons._sql import _chat_id
from storage.seasons.boards import _season_range, _season_rows
from storage.seasons.players import _identities
from storage.seasons.views import SeasonInfo

if TYPE_CHECKING:
    from storage.service import Ledger

RIICHI = "riichi"


@dataclass(frozen=True, slots=True)
class RiichiLine:
    """One player's season: games, total final score (points), the placement counts (index 0
    = first places) and their sum (average placement = ``place_sum / games``), and the money
    of the games at each table's rate in thousandths of a unit (final × rate, §2.10)."""

    player_id: int
    name: str
    games: int
    score: int
    places: tuple[int, ...]
    place_sum: int
    money_milli: int = 0

    @property
    def average_place_x100(self) -> int:
        """The average placement × 100, rounded half up (2.50 → 250)."""
        return (200 * self.place_sum + self.games) // (2 * self.games) if self.games else 0


@dataclass(frozen=True, slots=True)
class RiichiSeason:
    season: SeasonInfo
    seasons: int
    games: int
    lines: tuple[RiichiLine, ...] = field(default_factory=tuple)
    rated: bool = False  # some game was played for money (rate > 0)
    seats: int = 4  # the most players of a game: 3 when every game was sanma (no 4th place)


def riichi_season(led: Ledger, tg_chat_id: int, number: int | None = None) -> RiichiSeason:
    """The riichi ranks of season ``number`` of the chat (None = the current one)."""
    with led._core() as conn:
        cid = _chat_id(conn, tg_chat_id)
        all_seasons = [SeasonInfo(1, None, None, None)] if cid is None else _season_rows(conn, cid)
        found = [x for x in all_seasons if number is None or x.number == number]
        if not found:
            raise NotFound(f"this chat has no season {number}")
        season = found[-1]
        if cid is None:
            return RiichiSeason(season, len(all_seasons), 0)
        nights = conn.execute(
            select(NGT.c.table_id, NGT.c.number)
            .join(TT, TT.c.id == NGT.c.table_id)
            .where(TT.c.chat_id == cid, TT.c.ruleset == RIICHI, *_season_range(season))
        ).all()
        keys = {(int(t), int(n)) for t, n in nights}
        if not keys:
            return RiichiSeason(season, len(all_seasons), 0)
        ends = conn.execute(
            select(HT.c.table_id, HT.c.night, HT.c.record)
            .where(
                HT.c.table_id.in_(sorted({k[0] for k in keys})),
                HT.c.result == GAME_END,
                HT.c.status == "confirmed",
            )
            .order_by(HT.c.table_id, HT.c.night, HT.c.position, HT.c.seq)
        ).all()
        games = [
            HandRecord.from_json(json.loads(rec))
            for tid, night, rec in ends
            if (int(tid), int(night)) in keys
        ]
        ids = {int(p) for g in games for p in g.players}
        target, names = _identities(conn, ids)
    rs = registry.get(RIICHI)
    agg: dict[int, list[int]] = {}  # games, score, place sum, money_milli, places…
    rated = False
    for g in games:
        opts = rs.resolve_options(g.options)
        res = game_result(g, opts)
        rate = opts.i("rate")
        rated = rated or rate > 0
        for place, pid in enumerate(res.order):
            who = target.get(int(pid), int(pid))
            a = agg.setdefault(who, [0, 0, 0, 0, 0, 0, 0, 0])
            a[0] += 1
            a[1] += res.final[pid]
            a[2] += place + 1
            a[3] += res.final[pid] * rate
            a[4 + place] += 1
    lines = [
        RiichiLine(
            player_id=pid,
            name=names.get(pid, str(pid)),
            games=a[0],
            score=a[1],
            places=tuple(a[4:8]),
            place_sum=a[2],
            money_milli=a[3],
        )
        for pid, a in agg.items()
    ]
    # by total score; then the better average placement, more first places, the name
    lines.sort(key=lambda x: (-x.score, Fraction(x.place_sum, x.games), -x.places[0], x.name))
    seats = max(len(g.players) for g in games) if games else 4
    return RiichiSeason(season, len(all_seasons), len(games), tuple(lines), rated, seats)
