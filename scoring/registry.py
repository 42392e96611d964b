"""The registry of rulesets: every module in :mod:`scoring.rulesets` that defines
``RULESETS`` (a sequence of :class:`~scoring.ruleset.Ruleset` instances) is found by itself,
so adding a ruleset touches no shared file."""

from __future__ import annotations

import importlib
import pkgutil

import scoring.rulesets
from scoring.errors import RecordError
from scoring.ruleset import Ruleset

_REGISTRY: dict[str, Ruleset] = {}


def _load() -> dict[str, Ruleset]:
    if not _REGISTRY:
        found: dict[str, Ruleset] = {}
        for mod in sorted(pkgutil.iter_modules(scoring.rulesets.__path__), key=lambda m: m.name):
            module = importlib.import_module(f"scoring.rulesets.{mod.name}")
            for rs in getattr(module, "RULESETS", ()):
                if rs.id in found:
                    raise RuntimeError(f"ruleset id {rs.id!r} declared twice")
                found[rs.id] = rs
        _REGISTRY.update(found)
    return _REGISTRY


def register(ruleset: Ruleset) -> None:
    """Add a ruleset by hand (tests use this for throwaway rulesets)."""
    rulesets = _load()
    if ruleset.id in rulesets:
        raise RuntimeError(f"ruleset id {ruleset.id!r} declared twice")
    rulesets[ruleset.id] = ruleset


def unregister(ruleset_id: str) -> None:
    _load().pop(ruleset_id, None)


def get(ruleset_id: str) -> Ruleset:
    """The ruleset with this id; :class:`RecordError` on ``ruleset`` if there is none."""
    rulesets = _load()
    try:
        return rulesets[ruleset_id]
    except KeyError:
        raise RecordError(
            "ruleset", f"unknown ruleset {ruleset_id!r} (have: {', '.join(sorted(rulesets))})"
        ) from None


def all_rulesets() -> list[Ruleset]:
    """Every registered ruleset, sorted by id."""
    return [rs for _, rs in sorted(_load().items())]
