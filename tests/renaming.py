"""Renaming the player ids of a record's JSON: how hands were shown before the ledger settled
them once with references (the old ``bot.handlers.common._rename``, commit e188bf6). Kept for
the tests that compare the two ways and for ``benchmarks/bench_settle_once.py``'s "before"."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def rename_ids(obj: Any, mapping: Mapping[str, str], keys: set[str]) -> Any:
    if isinstance(obj, dict):
        out: dict[Any, Any] = {}
        for k, v in obj.items():
            if k in ("players",):
                out[k] = [mapping.get(p, p) for p in v]
            elif k in keys and isinstance(v, str):
                out[k] = mapping.get(v, v)
            elif k == "counts" and isinstance(v, dict):
                out[k] = {
                    cid: {mapping.get(p, p): n for p, n in per.items()} for cid, per in v.items()
                }
            else:
                out[k] = rename_ids(v, mapping, keys)
        return out
    if isinstance(obj, list):
        return [rename_ids(x, mapping, keys) for x in obj]
    return obj
