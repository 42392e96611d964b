"""Pieces the scoring tests of the issue-16 rulesets share (test_hongkong.py, test_taiwan.py,
test_singapore.py, test_guangdong.py): a win with every key of the contract or with the
defaults filled in, a settlement with every invariant of ``scoring.testing`` and a zero sum,
every declared name in its own Traditional Chinese, and the ``mahjong-tally`` command of the
venv.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from scoring import settle
from scoring.hant import simplified_only
from scoring.record import HandRecord, Settlement
from scoring.ruleset import Ruleset
from scoring.testing import settlement_problems


def win_json(
    winner: str,
    frm: str | None = None,
    *,
    shape: str | None = None,
    flags: Iterable[str] = (),
    fan: int | None = None,
    fans: list[str] | None = None,
    robbed: bool = False,
) -> dict[str, Any]:
    """One entry of ``wins`` with every key the contract names (``frm`` = JSON ``from``, None
    when self-drawn)."""
    return {
        "winner": winner,
        "from": frm,
        "robbed_kong": robbed,
        "shape": shape,
        "flags": list(flags),
        "fan": fan,
        "fans": fans,
        "tiles": None,
    }


def win_of(entry: dict[str, Any]) -> dict[str, Any]:
    """A ``wins`` entry written by its keys that matter: self-drawn, not a robbed kong, no
    flags, neither a total nor a checklist unless ``entry`` gives them."""
    return {"from": None, "robbed_kong": False, "flags": [], "fan": None, "fans": None, **entry}


def settle_checked(record: dict[str, Any]) -> Settlement:
    """``settle(record)``, with no invariant of ``scoring.testing.settlement_problems`` broken
    and the net summing to zero (each spec's §2 "net sums to zero")."""
    s = settle(record)
    assert not settlement_problems(HandRecord.from_json(record), s)
    assert sum(s.net.values()) == 0
    return s


def assert_traditional_names(rs: Ruleset, decls: Iterable[Any]) -> None:
    """Issue 16: each of ``decls`` carries its own zh_hant (not a character conversion), and
    none of those names, the ruleset's name and unit and its checklist items' names keeps a
    Simplified-only character (发, 杠, 庄, 无 …; scoring.hant)."""
    decls = list(decls)
    assert all(d.zh_hant for d in decls), [d.id for d in decls if not getattr(d, "zh_hant", "")]
    names = [rs.zh_hant, rs.unit_zh_hant, *(d.zh_hant for d in decls)]
    names += [f["name_zh_hant"] for f in rs.extra_json().get("fans", [])]
    assert not [n for n in names if simplified_only(n)], [n for n in names if simplified_only(n)]


def mahjong_tally(*args: str, stdin: str | None = None) -> str:
    """The venv's ``mahjong-tally`` with ``args`` (and ``stdin``); its stdout (it must exit 0)."""
    exe = str(Path(sys.executable).parent / "mahjong-tally")
    done = subprocess.run([exe, *args], input=stdin, capture_output=True, text=True, check=True)
    return done.stdout
