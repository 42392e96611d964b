"""CPU of the scoring a Confirm does, before and after "settle once" (issue 15 point 1).

Before, a Confirm ran ``scoring.settle`` and ``scoring.next_dealer`` in the ledger (two
validations, one compute) and then the ✅ message settled the hand twice more to name the
players (the old ``display_settlement``: the plain settlement, then one with names as ids); /explain
did those two again. After, the ledger settles once with player references
(``storage.settled.settle_once``, one validation) and every display only puts names in
(``bot.present.named``).

    .venv/bin/python benchmarks/bench_settle_once.py [--hands 2000] [--rulesets xingguo,...]

Prints CPU milliseconds per Confirm and per /explain, old and new, per ruleset (random
settling records of ``scoring.testing``, players with ledger-like ids "101".."104").
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import scoring
from bot import present
from scoring.record import HandRecord
from scoring.testing import clear_caches, random_records
from storage.settled import rename, settle_once
from tests.renaming import rename_ids


def ledger_ids(rec: HandRecord) -> tuple[HandRecord, dict[str, str]]:
    ids = sorted({*rec.players})
    mapping = {p: str(101 + i) for i, p in enumerate(ids)}
    return rename(rec, mapping), {v: k for k, v in mapping.items()}


def old_display(rec: HandRecord, names: dict[str, str]) -> None:
    """What display_settlement did (commit e188bf6): settle plainly, then rename the record's
    JSON (``tests.renaming.rename_ids``) and settle it again with names as ids."""
    plain = scoring.settle(rec)
    mapping = {p: names.get(p, p) for p in {*rec.players, *plain.net}}
    rs = scoring.get(rec.ruleset)
    keys = {"dealer", "winner", "from", "player"}
    keys.update(f.id for e in rs.events for f in e.fields if f.kind == "text")
    scoring.settle(HandRecord.from_json(rename_ids(rec.to_json(), mapping, keys)))


def old_confirm(rec: HandRecord, names: dict[str, str]) -> None:
    scoring.settle(rec)
    scoring.next_dealer(rec)
    old_display(rec, names)


def new_confirm(rec: HandRecord, names: dict[str, str]) -> None:
    present.named(settle_once(rec).settlement, names)


def cpu_ms(fn, hands, clear: bool = False) -> float:  # type: ignore[no-untyped-def]
    """CPU ms per hand; ``clear``: the scoring caches emptied before each hand, as for a new
    hand's tiles (the clearing itself is timed in both columns alike)."""
    t0 = time.process_time()
    for rec, names in hands:
        if clear:
            clear_caches()
        fn(rec, names)
    return (time.process_time() - t0) * 1000 / len(hands)


#: the contract's Guobiao tiles example (shared/contracts/hand-record.md), won on a discard
GB_TILES = {
    "melds": [
        {"kind": "pung", "tiles": "111p", "concealed": False, "claimed_from": "left"},
        {"kind": "kong", "tiles": "7777p", "concealed": True},
    ],
    "hand": "777m777s2z",
    "win_tile": "2z",
    "self_drawn": False,
    "last_tile_of_kind": False,
    "last_wall_tile": False,
    "kong_related": False,
    "seat_wind": "S",
    "prevalent_wind": "W",
    "flowers": 4,
}


def gb_tiles_hands(n: int) -> list[tuple[HandRecord, dict[str, str]]]:
    ids = ["101", "102", "103", "104"]
    rec = HandRecord.from_json(
        {
            "ruleset": "guobiao",
            "players": ids,
            "dealer": ids[0],
            "result": "win",
            "wins": [{"winner": ids[1], "from": ids[2], "tiles": GB_TILES}],
        }
    )
    return [(rec, dict(zip(ids, ("Ann", "Bo", "Cy", "Di"), strict=True)))] * n


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=2000)
    ap.add_argument("--rulesets", default="xingguo,sichuan,guobiao,hongkong,yichun")
    args = ap.parse_args()
    print(
        f"{'ruleset':10} {'confirm old':>12} {'confirm new':>12} {'explain old':>12} "
        f"{'explain new':>12}  (CPU ms per hand)"
    )
    for rid in args.rulesets.split(","):
        rs = scoring.get(rid)
        hands = [ledger_ids(r) for r in random_records(rs, args.hands, seed=1)]
        hands = [(r, n) for r, n in hands if _settles(r)]
        stored = [(settle_once(r).settlement, n) for r, n in hands]
        co = cpu_ms(old_confirm, hands)
        cn = cpu_ms(new_confirm, hands)
        eo = cpu_ms(old_display, hands)
        en = cpu_ms(lambda st, n: present.named(st, n), stored)
        print(f"{rid:10} {co:12.3f} {cn:12.3f} {eo:12.3f} {en:12.3f}")
    hands = gb_tiles_hands(min(args.hands, 300))
    stored = [(settle_once(r).settlement, n) for r, n in hands]
    base = cpu_ms(lambda r, n: None, hands, clear=True)  # the clearing alone, subtracted
    co = cpu_ms(old_confirm, hands, clear=True) - base
    cn = cpu_ms(new_confirm, hands, clear=True) - base
    eo = cpu_ms(old_display, hands, clear=True) - base
    en = cpu_ms(lambda st, n: present.named(st, n), stored, clear=True) - base
    print(f"{'gb tiles':10} {co:12.3f} {cn:12.3f} {eo:12.3f} {en:12.3f}  (new tiles each hand)")


def _settles(rec: HandRecord) -> bool:
    try:
        scoring.settle(rec)
    except scoring.RecordError:
        return False
    return True


if __name__ == "__main__":
    main()
