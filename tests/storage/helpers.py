"""Hand records for the storage tests: real ``xingguo`` hands with ledger player ids."""

from __future__ import annotations

import json
import random

import scoring
from scoring.record import HandRecord
from scoring.testing import NAMES, random_record


def contract_example(ids: list[str]) -> HandRecord:
    """The hand of shared/contracts/hand-record.md (xingguo, bob wins a no-wild big seven
    pairs on carol's discard), with alice, bob, carol, dave = ``ids``."""
    a, b, c, d = ids
    return HandRecord.from_json(
        {
            "ruleset": "xingguo",
            "options": {"base": 1},
            "players": [a, b, c, d],
            "dealer": a,
            "result": "win",
            "wins": [
                {
                    "winner": b,
                    "from": c,
                    "robbed_kong": False,
                    "shape": "big_seven_pairs",
                    "flags": ["no_wild"],
                    "fan": None,
                    "fans": None,
                    "tiles": None,
                }
            ],
            "counts": {"primary_wild": {a: 1, b: 0, c: 0, d: 2}},
            "events": [{"type": "concealed_kong", "player": d, "from": None}],
        }
    )


def draw_hand(ids: list[str], dealer: str | None = None) -> HandRecord:
    return HandRecord(ruleset="xingguo", players=tuple(ids), dealer=dealer or ids[0], result="draw")


def random_hands(ids: list[str], count: int, seed: int = 0) -> list[HandRecord]:
    """``count`` random valid xingguo hands among the four ``ids`` (seat order kept)."""
    rs = scoring.get("xingguo")
    rng = random.Random(seed)
    out: list[HandRecord] = []
    while len(out) < count:
        rec = random_record(rs, rng)
        if len(rec.players) != 4:
            continue
        # rename the generator's players to ours, in seat order
        mapping = {name: ids[i] for i, name in enumerate(rec.players)}
        text = json.dumps(rec.to_json())
        for name in NAMES:
            if name in mapping:
                text = text.replace(f'"{name}"', f'"{mapping[name]}"')
        data = json.loads(text)
        data["players"] = list(ids)
        try:
            hand = HandRecord.from_json(data)
            scoring.settle(hand)
        except scoring.RecordError:
            continue
        out.append(hand)
    return out
