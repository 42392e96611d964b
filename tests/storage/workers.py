"""Writer processes for the reliability tests: ``python -m tests.storage.workers MODE …``.

* ``stream URL TABLE IDS PREFIX SEED`` — record hands one after another for ever, printing
  ``ACK <i> <seq>`` (flushed) after each ``record_hand`` has returned, i.e. committed.
* ``mixed URL TABLE IDS PREFIX SEED COUNT START_AT`` — wait until the wall clock reaches
  ``START_AT``, record ``COUNT`` hands and void some of them at random; print the voided
  indexes as JSON on the last line.

``IDS`` is the comma-separated player ids in seat order.
"""

from __future__ import annotations

import json
import random
import sys
import time

from storage.service import Ledger
from tests.storage.helpers import random_hands


def mixed(
    led: Ledger, table_id: int, ids: list[str], prefix: str, seed: int, count: int
) -> list[int]:
    """Record ``count`` hands (keys ``prefix-i``) and void about a third; return the voided i."""
    rng = random.Random(seed)
    hands = random_hands(ids, count, seed=seed)
    recorded: dict[int, int] = {}
    voided: list[int] = []
    by = int(ids[0])
    for i, rec in enumerate(hands):
        h = led.record_hand(table_id, rec, recorded_by=by, idempotency_key=f"{prefix}-{i}")
        recorded[i] = h.id
        if rng.random() < 0.35:
            j = rng.choice([k for k in recorded if k not in voided])
            led.void_hand(recorded[j], by_player_id=by, reason=f"{prefix} voids {j}")
            voided.append(j)
    return voided


def main(argv: list[str]) -> None:
    mode, url, table, ids_s, prefix, seed_s = argv[:6]
    ids = ids_s.split(",")
    led = Ledger(url)
    table_id, seed = int(table), int(seed_s)
    if mode == "stream":
        hands = random_hands(ids, 50, seed=seed)
        i = 0
        while True:
            h = led.record_hand(
                table_id,
                hands[i % len(hands)],
                recorded_by=int(ids[0]),
                idempotency_key=f"{prefix}-{i}",
            )
            print(f"ACK {i} {h.seq}", flush=True)
            i += 1
    elif mode == "mixed":
        count, start_at = int(argv[6]), float(argv[7])
        while time.time() < start_at:
            time.sleep(0.001)
        voided = mixed(led, table_id, ids, prefix, seed, count)
        print(json.dumps(voided), flush=True)
    else:
        raise SystemExit(f"unknown mode {mode}")
    led.dispose()


if __name__ == "__main__":
    main(sys.argv[1:])
