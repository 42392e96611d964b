"""Scoring a Guobiao checklist (``wins[].fans``): the players list fan ids, the engine removes
the implied ones with the 不计 table and says why (contract: "the ruleset applies its
exclusions"), and refuses impossible lists — among them fans no single hand can have together
(:mod:`scoring.gb.compat`; issue 12 point 2: "清一色 and 混一色 together were confirmed").

:func:`can_add` and :func:`checklist_points` are what the bot's checklist uses: which fans it
still offers beside the ticked ones (neither contradicting nor implied by nor implying one of
them) and the running total, equal to what the settlement pays for the ticked fans."""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from dataclasses import dataclass

from scoring.errors import RecordError
from scoring.gb.calculator import Excluded, _points, apply_exclusions
from scoring.gb.compat import why_not
from scoring.gb.exclusions import ROW_BY_FAN, implied
from scoring.gb.fans import CHICKEN, EXTRA_BY_ID, FAN_BY_ID, FLOWER, MAX_COUNT, fan_label

Y = "pung_of_terminals_or_honors"
SELF_ONLY = ("self_drawn", "fully_concealed_hand", "last_tile_draw", "out_with_replacement_tile")
DISCARD_ONLY = ("concealed_hand", "melded_hand", "last_tile_claim", "robbing_the_kong")
#: fans that need a hand without chow, pung or exposed kong
CONCEALED_ONLY = (
    "concealed_hand", "fully_concealed_hand", "seven_pairs", "seven_shifted_pairs",
    "thirteen_orphans", "lesser_honors_and_knitted_tiles", "greater_honors_and_knitted_tiles",
    "nine_gates", "four_concealed_pungs",
)  # fmt: skip
#: fans that need an exposed meld
EXPOSED_ONLY = ("melded_hand", "melded_kong", "two_melded_kongs")


@dataclass(frozen=True, slots=True)
class ChecklistResult:
    fans: dict[str, int]  # counted, without flowers
    excluded: tuple[Excluded, ...]
    flowers: int | None  # flower_tiles listed (None: not listed)


def _name(f: str) -> str:
    zh, en = fan_label(f)
    return f"{zh} {en} ({f})"


def evaluate_checklist(
    ids: Sequence[str],
    path: str,
    *,
    self_drawn: bool,
    robbed_kong: bool,
    engine_adds: bool = True,
    extended: bool = False,
    extra_set: str = "off",
) -> ChecklistResult:
    counts: dict[str, int] = {}
    allowed_extra = {e.id for e in EXTRA_BY_ID.values() if e.points(extra_set) is not None}
    if extra_set == "off":
        allowed_extra = set()
    for i, f in enumerate(ids):
        if f not in FAN_BY_ID and f not in allowed_extra:
            if f in EXTRA_BY_ID:
                raise RecordError(
                    f"{path}[{i}]", f"{_name(f)} is a non-standard fan, not played at this table"
                )
            close = difflib.get_close_matches(f, list(FAN_BY_ID), n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise RecordError(f"{path}[{i}]", f"unknown fan {f!r}{hint}")
        counts[f] = counts.get(f, 0) + 1
    for f, n in counts.items():
        cap = MAX_COUNT.get(f, 1)
        if n > cap:
            raise RecordError(path, f"{_name(f)} is listed {n} times; at most {cap}")
    flowers = counts.pop(FLOWER, None)
    if CHICKEN in counts and len(counts) > 1:
        others = ", ".join(_name(f) for f in counts if f != CHICKEN)
        raise RecordError(
            path, f"无番和 Chicken Hand means no other fan, but the list has {others}"
        )
    for f in counts:
        if self_drawn and f in DISCARD_ONLY:
            raise RecordError(
                path, f"{_name(f)} needs a win on a discard, but the win is self-drawn"
            )
        if not self_drawn and f in SELF_ONLY:
            raise RecordError(
                path, f"{_name(f)} needs a self-drawn win, but the win is on a discard"
            )
    if robbed_kong and "robbing_the_kong" not in counts:
        raise RecordError(path, "the win robs a kong: list robbing_the_kong (抢杠和)")
    if "robbing_the_kong" in counts and not robbed_kong:
        raise RecordError(
            path, "robbing_the_kong (抢杠和) is listed, but the win is not marked robbed_kong"
        )
    if robbed_kong and "last_tile_claim" in counts:
        # 海底捞月 "和打出的最后一张牌" (seed 001 L45): a robbed kong is not a discard
        raise RecordError(
            path,
            "last_tile_claim (海底捞月) is a win on the last discard; a robbed kong is not one",
        )
    conc = [f for f in CONCEALED_ONLY if f in counts]
    expo = [f for f in EXPOSED_ONLY if f in counts]
    if conc and expo:
        raise RecordError(
            path,
            f"{_name(conc[0])} needs a concealed hand, but {_name(expo[0])} means an exposed meld",
        )
    y = counts.pop(Y, 0)
    final, excluded = apply_exclusions(
        counts, [], seat=-1, prevalent=-1, engine_adds=engine_adds, extended=extended
    )
    if y:
        kept, by = _yaojiu_cap(final, y, engine_adds)
        if kept:
            final[Y] = kept
        if kept < y and by is not None:
            excluded.append(Excluded(Y, y - kept, by))
    clash = conflict(final, self_drawn=self_drawn)
    if clash is not None:
        a, b, why = clash
        raise RecordError(path, f"{_name(a)} and {_name(b)} cannot be in one hand: {why}")
    return ChecklistResult(final, tuple(excluded), flowers)


def conflict(
    fans: dict[str, int], *, self_drawn: bool | None = None
) -> tuple[str, str, str] | None:
    """Two of these fans that no winning hand has together (and why), or None. When only three
    or more together cannot fit (e.g. 三风刻 + 箭刻 + 双同刻: 6 sets), the last two named are
    those whose adding made it impossible."""
    items = [(f, n) for f, n in fans.items() if f not in (FLOWER, CHICKEN)]
    if why_not(items, self_drawn) is None:
        return None
    for i, a in enumerate(items):
        for b in items[i + 1 :]:
            why = why_not([a, b], self_drawn)
            if why is not None:
                return a[0], b[0], why
    for k in range(2, len(items) + 1):
        why = why_not(items[:k], self_drawn)
        if why is not None:
            return items[k - 2][0], items[k - 1][0], why
    raise AssertionError("unreachable")


def can_add(
    chosen: Sequence[str],
    fan: str,
    *,
    self_drawn: bool | None = None,
    robbed_kong: bool = False,
    engine_adds: bool = True,
    extended: bool = False,
) -> bool:
    """Whether the checklist offers ``fan`` beside the ``chosen`` ones (a chosen fan stays
    offered, to be unticked): no chosen fan implies it or is implied by it (the 不计 table under
    the table's options), it does not contradict them (:func:`conflict`), fits the win (self-drawn
    or on a discard, a robbed kong) and 无番和 stands alone."""
    if fan in chosen:
        return True
    if fan not in FAN_BY_ID:
        return False
    if self_drawn is not None:
        if (self_drawn and fan in DISCARD_ONLY) or (not self_drawn and fan in SELF_ONLY):
            return False
    if (fan == "robbing_the_kong" and not robbed_kong) or (
        fan == "last_tile_claim" and robbed_kong
    ):
        return False
    if fan == "last_tile_claim" and robbed_kong:  # a robbed kong is not a discard (seed 001 L45)
        return False
    others = [f for f in chosen if f != FLOWER]
    if fan == CHICKEN:
        return not others
    if CHICKEN in others and fan != FLOWER:
        return False
    if fan == FLOWER:
        return True
    mine = set(implied(fan, engine_adds=engine_adds, extended=extended))
    for c in others:
        if c in mine or fan in implied(c, engine_adds=engine_adds, extended=extended):
            return False
    if (fan in CONCEALED_ONLY and any(c in EXPOSED_ONLY for c in others)) or (
        fan in EXPOSED_ONLY and any(c in CONCEALED_ONLY for c in others)
    ):
        return False
    counts: dict[str, int] = {}
    for f in [*others, fan]:
        counts[f] = counts.get(f, 0) + 1
    if Y in counts:
        active = {f: n for f, n in counts.items() if f != Y}
        if _yaojiu_cap(active, counts[Y], engine_adds)[0] < counts[Y]:
            return False
    items = [(f, n) for f, n in counts.items() if f not in (FLOWER, CHICKEN)]
    return why_not(items, self_drawn) is None


def checklist_points(
    chosen: Sequence[str],
    *,
    self_drawn: bool,
    robbed_kong: bool = False,
    engine_adds: bool = True,
    extended: bool = False,
    extra_set: str = "off",
) -> int:
    """The checklist's running total: what the settlement pays for these fans, the hand's fans
    plus the listed flowers (F = F_hand + flowers, spec §2.1). A list the settlement would refuse
    (not complete yet, e.g. a robbed kong before 抢杠和 is ticked) counts its fans' points."""
    try:
        res = evaluate_checklist(
            chosen, "fans", self_drawn=self_drawn, robbed_kong=robbed_kong,
            engine_adds=engine_adds, extended=extended, extra_set=extra_set,
        )  # fmt: skip
    except RecordError:
        return sum(FAN_BY_ID[f].points for f in chosen if f in FAN_BY_ID)
    if not chosen:
        return 0
    return _points(res.fans or {CHICKEN: 1}, extra_set) + (res.flowers or 0)


def _yaojiu_cap(active: dict[str, int], n: int, engine_adds: bool) -> tuple[int, str | None]:
    """How many listed 幺九刻 can stand next to the active fans (4 pungs at most, minus those
    the fans already count: wind pungs, dragon pungs, …)."""
    if not engine_adds:
        return n, None
    by: str | None = None
    for f in active:
        row = ROW_BY_FAN.get(f)
        if row is not None and row.yaojiu == "all":
            return 0, f
    used = 0
    for fans, k in (
        (("big_four_winds",), 4),
        (("little_four_winds", "big_three_winds"), 3),
        (("big_three_dragons",), 3),
        (("little_three_dragons", "two_dragon_pungs"), 2),
    ):
        hit = next((f for f in fans if f in active), None)
        if hit is not None:
            used += k
            by = by or hit
    if not any(f in active for f in ("big_four_winds", "little_four_winds", "big_three_winds")):
        for f in ("prevalent_wind", "seat_wind"):
            if f in active:
                used += 1
                by = by or f
                break
    if not any(
        f in active for f in ("big_three_dragons", "little_three_dragons", "two_dragon_pungs")
    ):
        if "dragon_pung" in active:
            used += active["dragon_pung"]
            by = by or "dragon_pung"
    cap = max(0, 4 - used)
    if "nine_gates" in active:
        # 九莲宝灯 1112345678999: two terminal pungs at most, one of them not counted ("one")
        cap = min(cap, 1)
        by = "nine_gates"
    return min(n, cap), by
