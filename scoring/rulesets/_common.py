"""Pieces the rulesets of issue 16 share. The checklist rulesets (Hong Kong 番, Taiwan 台,
Singapore 台): the pairs of items that exclude each other as a table, the checks every listed
item passes (known, not listed too often, not with an item it excludes), and one checklist
item as the ``fans`` JSON of ``extra_json`` (what the bot's checklist and ``mahjong-tally
rules --json`` show). The payments: several players paying one the same amount, and the kong
money Guangdong and Singapore count alike (in their own unit).

No ``RULESETS`` here: the registry passes this module over.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from scoring.errors import RecordError
from scoring.ruleset import Tally

#: an exposed kong (on a discard): its feeder alone pays this many units (Guangdong §2 "点杠者
#: 付3"; Singapore §2.4 "3k")
KONG_FEEDER_PAYS = 3
#: an added or a concealed kong: each of the three others pays this many units (Guangdong §2
#: "补杠每家1，暗杠每家2"; Singapore §2.4 "k / 2k each")
KONG_EACH_PAYS: dict[str, int] = {"added_kong": 1, "concealed_kong": 2}


def each_pays(tally: Tally, payers: Iterable[str], payee: str, amount: int, reason: str) -> None:
    """Each of ``payers`` pays ``payee`` ``amount`` (the payee, if among them, pays nothing)."""
    for p in payers:
        tally.pay(p, payee, amount, reason)


def exclusions(pairs: Iterable[tuple[str, str]]) -> dict[str, frozenset[str]]:
    """id -> the ids it cannot be listed with, both ways round (``(a, b)`` excludes b from a
    and a from b); an id in no pair is not a key."""
    out: dict[str, set[str]] = {}
    for a, b in pairs:
        out.setdefault(a, set()).add(b)
        out.setdefault(b, set()).add(a)
    return {fid: frozenset(others) for fid, others in out.items()}


#: a checklist table's row: zh, zh_hant, en, the value (None: a limit hand), the sources
FanRow = tuple[str, str, str, int | None, str]


@dataclass(frozen=True)
class Checklist:
    """A ruleset's checklist: the ids it knows, how often one may be listed (others: once),
    which ids exclude each other; the message for an id listed too often where the ruleset
    has a better one than the generic."""

    ruleset: str
    item_word: str  # "faan", "台": in "unknown faan 'x' for ruleset hongkong"
    known: Collection[str]
    max_copies: Mapping[str, int]
    not_with: Mapping[str, frozenset[str]]
    too_many: Mapping[str, str] = field(default_factory=dict)

    def most(self, fid: str) -> int:
        return self.max_copies.get(fid, 1)

    def excluded(self, fid: str) -> frozenset[str]:
        return self.not_with.get(fid, frozenset())

    def check_item(self, path: str, fid: str, earlier: Sequence[str], seen: Counter[str]) -> None:
        """The item ``fid`` at ``path``, after the items ``earlier`` in the list: a known id,
        counted into ``seen`` and not over its copies, and none of ``earlier`` excluded."""
        if fid not in self.known:
            raise RecordError(path, f"unknown {self.item_word} {fid!r} for ruleset {self.ruleset}")
        seen[fid] += 1
        if seen[fid] > self.most(fid):
            raise RecordError(path, self.too_many.get(fid, f"{fid!r} is listed too many times"))
        clash = self.excluded(fid) & set(earlier)
        if clash:
            raise RecordError(path, f"{fid!r} cannot be combined with {min(clash)!r}")

    def fans_json(
        self, table: Mapping[str, FanRow], *, limit_points: int | None = None
    ) -> list[dict[str, Any]]:
        """``extra_json()["fans"]`` of a table id -> (zh, zh_hant, en, value, sources). With
        ``limit_points`` the table marks its limit hands by the value None: they show these
        points, and every item says whether it is one (``limit``)."""

        def points(value: int | None) -> int:
            if value is not None:
                return value
            if limit_points is None:
                raise ValueError("a limit hand (None) in a checklist without limit_points")
            return limit_points

        return [
            fan_json(
                fid,
                (zh, zh_hant, en),
                points(value),
                limit=None if limit_points is None else value is None,
                max_count=self.most(fid),
                not_with=self.excluded(fid),
                sources=src,
            )
            for fid, (zh, zh_hant, en, value, src) in table.items()
        ]


def fan_json(
    fid: str,
    names: tuple[str, str, str],
    points: int,
    *,
    max_count: int,
    not_with: Collection[str],
    limit: bool | None = None,
    sources: str | None = None,
) -> dict[str, Any]:
    """One checklist item of ``extra_json()["fans"]``: its id, names (zh, zh_hant, en), the
    points it shows, ``limit`` where the ruleset marks limit hands, how many times it may be
    listed, the ids it cannot go with (sorted) and its sources where the ruleset names them."""
    zh, zh_hant, en = names
    item: dict[str, Any] = {
        "id": fid,
        "name_zh": zh,
        "name_zh_hant": zh_hant,
        "name_en": en,
        "points": points,
    }
    if limit is not None:
        item["limit"] = limit
    item["max_count"] = max_count
    item["not_with"] = sorted(not_with)
    if sources is not None:
        item["sources"] = sources
    return item
