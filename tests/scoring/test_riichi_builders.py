"""Builders shared by the riichi tests (this module holds no tests of its own).

A hand is written as in spec ``shared/rules/riichi.md`` §4: players E S W N in seat order, the
dealer, the table state (honba h, sticks k), the wins and the riichi declarations.
"""

from __future__ import annotations

from typing import Any

from scoring import settle
from scoring.record import HandRecord, Settlement
from scoring.rulesets.riichi import Riichi

P4 = ["E", "S", "W", "N"]
P3 = ["E", "S", "W"]
RIICHI = Riichi()


def win(
    winner: str,
    frm: str | None = None,
    han: int | None = None,
    *,
    robbed: bool = False,
    tiles: dict[str, Any] | None = None,
    flags: tuple[str, ...] = (),
) -> dict[str, Any]:
    return {
        "winner": winner,
        "from": frm,
        "robbed_kong": robbed,
        "shape": None,
        "flags": list(flags),
        "fan": han,
        "fans": None,
        "tiles": tiles,
    }


def hand(
    wins: list[dict[str, Any]] | None = None,
    *,
    dealer: str = "E",
    honba: int = 0,
    sticks: int = 0,
    fu: dict[str, int] | None = None,
    yakuman: dict[str, int] | None = None,
    riichi: tuple[str, ...] = (),
    events: list[dict[str, Any]] | None = None,
    result: str | None = None,
    preset: str | None = None,
    players: list[str] | None = None,
    **options: Any,
) -> dict[str, Any]:
    """A riichi hand record (JSON object)."""
    wins = wins or []
    opts: dict[str, Any] = dict(options)
    if preset is not None:
        opts["preset"] = preset
    counts: dict[str, dict[str, int]] = {}
    if fu:
        counts["fu"] = fu
    if yakuman:
        counts["yakuman"] = yakuman
    if honba:
        counts["honba"] = {dealer: honba}
    if sticks:
        counts["riichi_sticks"] = {dealer: sticks}
    evs = [{"type": "riichi", "player": p} for p in riichi] + list(events or [])
    return {
        "ruleset": "riichi",
        "options": opts,
        "players": list(players or (P3 if preset == "sanma" else P4)),
        "dealer": dealer,
        "result": result or ("win" if wins else "draw"),
        "wins": wins,
        "counts": counts,
        "events": evs,
    }


def game_end(
    points: dict[str, int],
    *,
    sticks: int = 0,
    chombo: dict[str, int] | None = None,
    preset: str | None = None,
    dealer: str | None = None,
    **options: Any,
) -> dict[str, Any]:
    players = list(points)
    opts: dict[str, Any] = dict(options)
    if preset is not None:
        opts["preset"] = preset
    dealer = dealer or players[0]
    counts: dict[str, dict[str, int]] = {"points": dict(points)}
    if sticks:
        counts["riichi_sticks"] = {dealer: sticks}
    if chombo:
        counts["chombo"] = chombo
    return {
        "ruleset": "riichi",
        "options": opts,
        "players": players,
        "dealer": dealer,
        "result": "game_end",
        "wins": [],
        "counts": counts,
        "events": [],
    }


def nets(s: Settlement, players: list[str] | None = None) -> dict[str, int]:
    """The players' nets (the pot left out, as the spec's tables give them)."""
    return {p: s.net.get(p, 0) for p in (players or [k for k in s.net if k != "pot"])}


def finals(rec: dict[str, Any]) -> dict[str, int]:
    """A game end's final scores: net + (raw − start), as spec §2.9 defines them."""
    s = settle(rec)
    start = RIICHI.resolve_options(rec["options"]).i("start_points")
    return {p: s.net[p] + v - start for p, v in rec["counts"]["points"].items()}


def after(rec: dict[str, Any]) -> tuple[str, int, int]:
    """(dealer, honba, sticks) for the next hand."""
    t = RIICHI.table_after(HandRecord.from_json(rec))
    return t.dealer, t.honba, t.sticks
