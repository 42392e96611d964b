"""The end of a riichi game (spec §2.9, §2.10): oka, uma, ties, chombo penalties, money.

All in points. A ``game_end`` record gives the raw points of each player (``counts.points``),
the chombos (``counts.chombo``) and the sticks left in the pot (``counts.riichi_sticks`` on
the dealer). The final score of a player is ``raw − return (rounded by the option) + uma + oka
(+ leftover sticks) − chombo penalties``; the settlement's ``net`` is ``final − (raw −
start)``, so that the hands' nets plus the game end's net give the final score.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from scoring.errors import RecordError
from scoring.record import HandRecord, Settlement
from scoring.riichi.decls import POT, word
from scoring.riichi.points import fmt
from scoring.ruleset import Options, Tally

#: named uma spreads, in thousands per place (§2.9; RC-18)
UMA: Mapping[str, tuple[int, ...]] = {
    "10_20": (20, 10, -10, -20),
    "10_30": (30, 10, -10, -30),
    "15_5": (15, 5, -5, -15),
    "5_10": (10, 5, -5, -10),
    "sanma_20": (20, 0, -20),
}


def uma_places(opts: Options, n: int, raw: Mapping[str, int]) -> tuple[int, ...]:
    """The uma of each place in thousands (``jpml_sinking`` depends on who sank, R21)."""
    name = opts.s("uma")
    if name == "none":
        return (0,) * n
    if name == "custom":
        return tuple(opts.i(f"uma_{i}") for i in range(1, n + 1))
    if name == "jpml_sinking":
        sunk = sum(1 for v in raw.values() if v < opts.i("start_points"))
        if sunk == 3:
            return (12, -1, -3, -8)
        if sunk == 1:
            return (8, 3, 1, -12)
        return (8, 4, -4, -8)
    return UMA[name]


def uma_problem(opts: Options) -> tuple[str, str] | None:
    """(field, message) if the uma cannot be played with this many players."""
    n, name = opts.i("player_count"), opts.s("uma")
    if name in UMA and len(UMA[name]) != n:
        return "options.uma", f"uma {name} has {len(UMA[name])} places, the table has {n} players"
    if name == "jpml_sinking" and n != 4:
        return "options.uma", "jpml_sinking is a four-player uma"
    if name == "custom":
        total = sum(opts.i(f"uma_{i}") for i in range(1, n + 1))
        if total != 0:
            return "options.uma_1", f"the custom uma of {n} places must sum to 0, not {total}"
    return None


def ranking(players: Sequence[str], raw: Mapping[str, int]) -> list[str]:
    """Players by raw points, ties by the starting seat order (earlier first)."""
    return sorted(players, key=lambda p: (-raw[p], players.index(p)))


def share(total: int, group: Sequence[str]) -> dict[str, int]:
    """``total`` split among ``group`` (seat order) in steps of 100 points, rounded down; the
    remainder to the earliest seat (§2.9, R9)."""
    each = total // len(group) // 100 * 100
    out = dict.fromkeys(group, each)
    out[group[0]] += total - each * len(group)
    return out


def round_1000(x: int, how: str) -> int:
    """``half_up``: to the nearest 1,000, halves toward +∞; ``half_down``: toward −∞."""
    if how == "half_up":
        return (x + 500) // 1000 * 1000
    if how == "half_down":
        return -((-x + 500) // 1000 * 1000)
    return x


@dataclass(frozen=True, slots=True)
class GameResult:
    order: tuple[str, ...]
    final: Mapping[str, int]
    oka: Mapping[str, int]
    uma: Mapping[str, int]
    rounding: Mapping[str, int]
    sticks: Mapping[str, int]
    penalty: Mapping[str, int]


def game_result(record: HandRecord, opts: Options) -> GameResult:
    """§2.9 ``game_end``: the place, the parts and the final score of each player."""
    players = record.players
    n = len(players)
    raw = {p: record.count("points", p) for p in players}
    order = ranking(players, raw)
    start, ret = opts.i("start_points"), opts.i("return_points")
    oka_total = (ret - start) * n
    places = uma_places(opts, n, raw)
    bonus_uma = {p: places[i] * 1000 for i, p in enumerate(order)}
    bonus_oka = {p: (oka_total if i == 0 else 0) for i, p in enumerate(order)}
    firsts = [order[0]]
    if opts.s("tie_break") == "split":
        bonus_uma, bonus_oka = _split_ties(order, raw, bonus_uma, bonus_oka)
        firsts = [p for p in order if raw[p] == raw[order[0]]]
    # rounding: each player but the first rounds raw − return; the first absorbs the difference
    how = opts.s("final_rounding")
    rounding = dict.fromkeys(players, 0)
    for p in order[1:]:
        x = raw[p] - ret
        rounding[p] = round_1000(x, how) - x
    rounding[order[0]] = -sum(rounding.values())
    sticks = dict.fromkeys(players, 0)
    k = record.count("riichi_sticks", record.dealer)
    if k and opts.s("leftover_sticks") == "to_first":
        sticks.update(share(k * 1000, firsts))
    penalty = {p: opts.i("chombo_penalty") * record.count("chombo", p) for p in players}
    if opts.s("chombo") != "final_penalty":
        penalty = dict.fromkeys(players, 0)
    oka = {p: bonus_oka[p] - (ret - start) for p in players}
    final = {
        p: raw[p] - ret + rounding[p] + bonus_uma[p] + bonus_oka[p] + sticks[p] - penalty[p]
        for p in players
    }
    return GameResult(tuple(order), final, oka, bonus_uma, rounding, sticks, penalty)


def _split_ties(
    order: list[str], raw: Mapping[str, int], uma: dict[str, int], oka: dict[str, int]
) -> tuple[dict[str, int], dict[str, int]]:
    """Tied players share the sum of the uma and oka of the places they occupy (RC-12): the
    sum is split in steps of 100 (remainder to the earliest seat), the oka alone the same way,
    and a player's uma is his share of the sum less his share of the oka."""
    out_uma, out_oka = dict(uma), dict(oka)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and raw[order[j + 1]] == raw[order[i]]:
            j += 1
        group = order[i : j + 1]  # already in seat order within a tie (ranking)
        if len(group) > 1:
            both = share(sum(uma[p] + oka[p] for p in group), group)
            okas = share(sum(oka[p] for p in group), group)
            for p in group:
                out_oka[p] = okas[p]
                out_uma[p] = both[p] - okas[p]
        i = j + 1
    return out_uma, out_oka


def money_text(points: int, rate: int) -> str:
    """``points`` ÷ 1,000 × ``rate`` exactly, as a decimal text (integers only)."""
    num = points * rate
    sign = "-" if num < 0 else "+"
    whole, frac = divmod(abs(num), 1000)
    tail = f".{frac:03d}".rstrip("0") if frac else ""
    return f"{sign}{whole:,}{tail}"


def _settle_vector(t: Tally, order: Sequence[str], vec: Mapping[str, int], reason: str) -> None:
    """Payments that realise ``vec`` (sums to 0): the lowest places pay the highest first."""
    need = {p: vec[p] for p in order if vec[p] > 0}
    owe = {p: -vec[p] for p in reversed(order) if vec[p] < 0}
    for payer in list(owe):
        for payee in list(need):
            amount = min(owe[payer], need[payee])
            if amount <= 0:
                continue
            t.pay(payer, payee, amount, reason)
            owe[payer] -= amount
            need[payee] -= amount


def check(record: HandRecord, opts: Options) -> None:
    """A game end needs everybody's points, and they must add up to the start points."""
    if record.wins:
        raise RecordError("wins", "a game end has no wins")
    if record.events:
        raise RecordError("events[0].type", "a game end has no events")
    got = record.counts.get("points", {})
    for p in record.players:
        if p not in got:
            raise RecordError(f"counts.points.{p}", "the game end needs every player's points")
    n, start = len(record.players), opts.i("start_points")
    k = record.count("riichi_sticks", record.dealer)
    total = sum(got.values()) + 1000 * k
    if total != n * start:
        raise RecordError(
            "counts.points",
            f"the points ({fmt(sum(got.values()))}) plus the pot ({fmt(1000 * k)}) must be "
            f"{n} × {fmt(start)} = {fmt(n * start)}, not {fmt(total)}",
        )


def settle(record: HandRecord, opts: Options) -> Settlement:
    res = game_result(record, opts)
    players = record.players
    t = Tally(players)
    start, ret = opts.i("start_points"), opts.i("return_points")
    oz, oe, oj = word("oka")
    uz, ue, uj = word("uma")
    pz, pe, pj = word("pot")
    raw = {p: record.count("points", p) for p in players}
    t.explain(
        "名次：" + "，".join(f"{i + 1}位{p} {fmt(raw[p])}" for i, p in enumerate(res.order)),
        "Places: " + ", ".join(f"{i + 1}. {p} {fmt(raw[p])}" for i, p in enumerate(res.order)),
        "順位：" + "、".join(f"{i + 1}位{p} {fmt(raw[p])}" for i, p in enumerate(res.order)),
    )
    if ret != start:
        oka_total = fmt((ret - start) * len(players))
        t.explain(
            f"{oz}：每人（{fmt(ret)}−{fmt(start)}）={fmt(ret - start)}，共{oka_total}归第一",
            f"{word('oka', 'cap')[1]}: ({fmt(ret)} − {fmt(start)}) = {fmt(ret - start)} from each, "
            f"{oka_total} to first place",
            f"{oj}：各自（{fmt(ret)}−{fmt(start)}）={fmt(ret - start)}、計{oka_total}を1位へ",
        )
    _settle_vector(t, res.order, res.oka, "oka")
    _settle_vector(t, res.order, res.uma, "uma")
    _settle_vector(t, res.order, res.rounding, "rounding")
    for p, amount in res.sticks.items():
        t.pay(POT, p, amount, "leftover_sticks")
    for p, amount in res.penalty.items():
        t.pay(p, POT, amount, "chombo_penalty")
    rate = opts.i("rate")
    for p in res.order:
        x = raw[p] - ret
        parts_zh = [f"{fmt(raw[p])}−{fmt(ret)}={fmt(x)}"]
        parts_en = [f"{fmt(raw[p])} − {fmt(ret)} = {fmt(x)}"]
        parts_ja = [f"{fmt(raw[p])}−{fmt(ret)}={fmt(x)}"]
        for amount, (zh, en, ja) in (
            (res.rounding[p], ("取整", "rounding", "端数処理")),
            (res.uma[p], (uz, ue, uj)),
            (res.oka[p] + ret - start, (oz, oe, oj)),
            (res.sticks[p], (f"剩余{pz}", f"{pe} left", f"残った{pj}")),
            (-res.penalty[p], ("错和扣分", "chombo penalty", "チョンボ減点")),
        ):
            if amount:
                sign = "+" if amount > 0 else ""
                parts_zh.append(f"{zh}{sign}{fmt(amount)}")
                parts_en.append(f"{en} {sign}{fmt(amount)}")
                parts_ja.append(f"{ja}{sign}{fmt(amount)}")
        money = money_text(res.final[p], rate) if rate else ""
        t.explain(
            f"{p}：{'，'.join(parts_zh)}；终局{fmt(res.final[p])}点{f'，金额{money}' if rate else ''}",
            f"{p}: {'; '.join(parts_en)}; final {fmt(res.final[p])}"
            f"{f', money {money}' if rate else ''}",
            f"{p}：{'、'.join(parts_ja)}；最終{fmt(res.final[p])}点{f'、金額{money}' if rate else ''}",
        )
    if rate:
        t.explain(
            f"金额＝终局点数÷1,000×{fmt(rate)}",
            f"Money = final points ÷ 1,000 × {fmt(rate)}",
            f"金額＝最終点数÷1,000×{fmt(rate)}",
        )
    t.explain(
        "本结算的得失＝终局点数−（点数−配给原点）",
        "This settlement's net = final − (points − start)",
        "この精算の収支＝最終点数−（持ち点−配給原点）",
    )
    return t.settlement()
