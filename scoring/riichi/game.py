"""A riichi game hand by hand (spec §2.9 "Length" and "End conditions"): the round and hand
(東1局 …), the dealer, honba and sticks, the running points, and when the game is over.

Pure: the ledger keeps a :class:`GameState`, calls :func:`play` with each settled hand and,
once ``over``, settles :func:`game_end_record`. "The engine proposes, the table confirms":
``over`` and ``reason`` are the proposal.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from scoring.record import HandRecord, OptionValue, Settlement
from scoring.riichi import hand
from scoring.riichi.decls import CHOMBO, DRAW, GAME_END, WIN
from scoring.ruleset import Options

WIND_ZH, WIND_EN = "东南西北", ("East", "South", "West", "North")
#: why a game is over: (zh, en)
REASONS: Mapping[str, tuple[str, str]] = {
    "last_hand": ("最后一局结束", "the last hand is over"),
    "tobi": ("有人被击飞（点数低于0）", "a player is below zero"),
    "agari_yame": ("和了止：末局庄家和了且第一", "agari-yame: the last dealer won and is first"),
    "tenpai_yame": (
        "听牌止：末局庄家听牌且第一",
        "tenpai-yame: the last dealer is tenpai and first",
    ),
    "extension_target": (
        "延长局有人达到返点",
        "a player reached the return points in the extension",
    ),
    "extension_end": ("延长局结束", "the extension is over"),
}


@dataclass(frozen=True, slots=True)
class GameState:
    """Where a game stands before its next hand (or that it is over)."""

    players: tuple[str, ...]
    points: Mapping[str, int]
    round_wind: int = 0  # 0 East, 1 South, 2 West, 3 North
    hand: int = 1  # 1 … players: the dealer is players[hand - 1]
    honba: int = 0
    sticks: int = 0
    chombos: Mapping[str, int] = field(default_factory=dict)
    over: bool = False
    reason: str = ""

    @property
    def dealer(self) -> str:
        return self.players[self.hand - 1]

    def label(self) -> tuple[str, str]:
        """``东2局 1本场`` / ``East 2, honba 1``."""
        zh = f"{WIND_ZH[self.round_wind]}{self.hand}局 {self.honba}本场"
        return zh, f"{WIND_EN[self.round_wind]} {self.hand}, honba {self.honba}"


def new_game(players: tuple[str, ...], opts: Options) -> GameState:
    """East 1, no honba, everybody on the start points."""
    return GameState(players, dict.fromkeys(players, opts.i("start_points")))


def last_wind(opts: Options) -> int:
    """The last round wind of the game proper: South (hanchan) or East (tonpuusen)."""
    return 1 if opts.s("length") == "hanchan" else 0


def first_place(state: GameState) -> str:
    """The leader by points, ties by the starting seat order (R10)."""
    players = state.players
    return min(players, key=lambda p: (-state.points[p], players.index(p)))


def play(state: GameState, record: HandRecord, settlement: Settlement, opts: Options) -> GameState:
    """The state after one settled hand (not a game end) of this game."""
    if state.over:
        raise ValueError("the game is over")
    if record.result == GAME_END:
        raise ValueError("a game end is not a hand")
    points = {p: state.points[p] + settlement.net.get(p, 0) for p in state.players}
    chombos = dict(state.chombos)
    if record.result == CHOMBO:
        for e in record.events:
            if e.type == "chombo":
                chombos[e.player] = chombos.get(e.player, 0) + 1
    nxt = hand.after(record, opts)
    kept = nxt.dealer == state.dealer
    wind, number = state.round_wind, state.hand
    if not kept:
        number += 1
        if number > len(state.players):
            wind, number = wind + 1, 1
    after = replace(state, points=points, round_wind=wind, hand=number, honba=nxt.honba,
                    sticks=nxt.sticks, chombos=chombos)  # fmt: skip
    reason = _over(state, after, record, kept, opts)
    return replace(after, over=bool(reason), reason=reason) if reason else after


def _over(
    before: GameState, after: GameState, record: HandRecord, kept: bool, opts: Options
) -> str:
    """Why the game is over after this hand ("" = it goes on), §2.9 (a)–(d)."""
    if opts.b("tobi") and any(v < 0 for v in after.points.values()):
        return "tobi"
    if record.result == CHOMBO:
        return ""  # the hand is replayed
    n, last = len(before.players), last_wind(opts)
    at_last = before.round_wind == last and before.hand == n
    extension = before.round_wind > last
    if not (at_last or extension):
        return ""
    target = opts.i("return_points")
    if kept:  # a renchan takes precedence (R10), unless the leading dealer stops
        dealer = before.dealer
        if first_place(after) != dealer:
            return ""
        won = record.result == WIN and any(
            w.winner == dealer for w in hand.kept_wins(record, opts)[0]
        )
        tenpai = record.result == DRAW and any(
            e.type == "tenpai" and e.player == dealer for e in record.events
        )
        if won and opts.b("agari_yame"):
            return "agari_yame"
        if tenpai and opts.b("tenpai_yame"):
            return "tenpai_yame"
        return ""
    reached = any(v >= target for v in after.points.values())
    if at_last:
        if opts.b("west_extension") and not reached:
            return ""
        return "last_hand"
    if reached:
        return "extension_target"
    if after.round_wind > last + 1:
        return "extension_end"
    return ""


def game_end_record(
    state: GameState, record_options: Mapping[str, OptionValue], opts: Options
) -> HandRecord:
    """The ``game_end`` record of a finished game: the raw points, the sticks left (on the
    dealer) and, under ``chombo: final_penalty``, the chombo counts (§1.1 ``counts.points``,
    ``counts.chombo``). ``record_options`` are the table's options as recorded."""
    counts: dict[str, dict[str, int]] = {"points": dict(state.points)}
    if state.sticks:
        counts["riichi_sticks"] = {state.dealer: state.sticks}
    if opts.s("chombo") == "final_penalty" and any(state.chombos.values()):
        counts["chombo"] = {p: c for p, c in state.chombos.items() if c}
    return HandRecord(
        ruleset="riichi",
        players=state.players,
        dealer=state.dealer,
        result=GAME_END,
        options=dict(record_options),
        counts=counts,
    )
