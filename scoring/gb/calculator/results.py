"""A Guobiao hand's fans as the calculator finds them: the counted lines, the excluded ones,
the totals and the reading kept."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class FanLine:
    id: str
    count: int
    points: int  # per occurrence

    @property
    def total(self) -> int:
        return self.points * self.count


@dataclass(frozen=True, slots=True)
class Excluded:
    id: str
    count: int
    by: str  # the fan that implies it


@dataclass(frozen=True, slots=True)
class GbResult:
    fans: tuple[FanLine, ...]  # counted fans (flowers not included), highest first
    excluded: tuple[Excluded, ...]
    total: int  # the hand's fans, without flowers
    flowers: int
    form: str
    decomposition: str

    @property
    def grand_total(self) -> int:
        return self.total + self.flowers
