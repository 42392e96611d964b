"""Golden tests for the Jiangxi 冲关 rulesets (nanchang, taihe, xingguo).

Spec: shared/rules/jiangxi-chongguan.md; seed: shared/seeds/000_718ed955d95fa411.txt (the line
numbers below and in the data file refer to it).

§5.1–§5.6 (177 payment examples) live in ``data/jiangxi_examples.json`` (made from the spec's
tables by ``data/jiangxi_extract.py``): example id, seed line, verbatim seed text, the situation,
and per preset column (XG, TH, NC, NCT) the numbers that preset must give — the seed's own (✓,
kind "seed"), the other preset's numbers (—, kind "other"), or our formula's numbers where the
seed is wrong (✗, kind "seed_error", spec C5). Each (example, preset) pair is one test whose id
is ``<example id>-<preset>[-other|-seed_error]``. §5.7 (flat wins), §5.8 (精, kongs, 诈胡,
跟庄) and the XG "不能胡" rows are tables in this file.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from scoring import RecordError, get, settle
from scoring.engine import next_dealer
from scoring.record import HandRecord, Settlement
from scoring.rulesets.jiangxi import wild_value
from tests.scoring import builders
from tests.scoring.builders import assert_balanced, win

DATA = Path(__file__).parent / "data" / "jiangxi_examples.json"
SEED = Path("/work/shared/seeds/000_718ed955d95fa411.txt")
ROWS: list[dict[str, Any]] = json.loads(DATA.read_text(encoding="utf-8"))

# Seats in turn order; the dealer is always "east".
E, S, W, N = "east", "south", "west", "north"
PLAYERS = [E, S, W, N]
DEALER = E

#: preset column -> (ruleset id, preset id)
PRESETS = {
    "xingguo": ("xingguo", "xingguo"),
    "taihe": ("taihe", "taihe"),
    "nanchang": ("nanchang", "nanchang"),
    "nanchang_table": ("nanchang", "nanchang_table"),
}


def record(
    column: str,
    winner: str | None,
    *,
    discarder: str | None = None,
    robbed: bool = False,
    shape: str = "plain_win",
    flags: tuple[str, ...] = (),
    counts: dict[str, dict[str, int]] | None = None,
    events: list[dict[str, Any]] | None = None,
    result: str = "win",
    **options: Any,
) -> dict[str, Any]:
    ruleset, preset = PRESETS[column]
    wins = [] if winner is None else [win(winner, discarder, shape, *flags, robbed=robbed)]
    return builders.record(
        ruleset,
        wins,
        players=PLAYERS,
        dealer=DEALER,
        result=result,
        options={"preset": preset, **options},
        counts=counts,
        events=events,
    )


def check_invariants(s: Settlement) -> None:
    assert_balanced(s, PLAYERS)
    assert s.explanation
    assert all(step.zh.strip() and step.en.strip() for step in s.explanation)


# --- §5.1–§5.6: the payment examples ---------------------------------------------------------
def _seats(sit: dict[str, Any]) -> tuple[str, str | None]:
    """(winner, discarder) for a situation: the dealer wins as east; a non-dealer wins as south;
    a non-dealer discarder is south (dealer wins) or west (non-dealer wins)."""
    winner = E if sit["winner_dealer"] else S
    how = sit["how"]
    if how == "self_drawn":
        return winner, None
    if how == "discard_by_dealer":
        return winner, E
    return winner, (S if winner == E else W)


def _expected(payers: list[dict[str, Any]], winner: str, discarder: str | None) -> dict[str, int]:
    """Map the spec's payer list ("庄 16, 闲(炮) 21, 闲 8") onto seats."""
    out: dict[str, int] = {}
    rest = [p for p in PLAYERS if p not in (winner, DEALER, discarder)]
    for item in payers:
        if item["discarder"]:
            seat = discarder
            assert seat is not None and (seat == DEALER) == item["dealer"]
        elif item["dealer"]:
            seat = DEALER
        else:
            seat = rest.pop(0)
        out[seat] = item["pays"]
    assert len(out) == 3 and winner not in out
    return out


def _youjing_pinghu_on_discard(sit: dict[str, Any]) -> bool:
    return (
        sit["shape"] == "plain_win" and "no_wild" not in sit["flags"] and sit["how"] != "self_drawn"
    )


def _golden_params() -> list[Any]:
    params = []
    for row in ROWS:
        for column, cell in row["presets"].items():
            suffix = "" if cell["kind"] == "seed" else "-" + cell["kind"]
            params.append(pytest.param(row, column, cell, id=f"{row['id']}-{column}{suffix}"))
    return params


GOLDEN = _golden_params()


@pytest.mark.parametrize(("row", "column", "cell"), GOLDEN)
def test_golden_example(row: dict[str, Any], column: str, cell: dict[str, Any]) -> None:
    # The verbatim seed passage and line are in row["seed_line"] / row["seed_text"].
    sit = row["situation"]
    winner, discarder = _seats(sit)
    extra: dict[str, Any] = {}
    if column == "xingguo" and _youjing_pinghu_on_discard(sit):
        # ZS-03/ZS-04 (Nanchang: "捉闲放炮的闲家2个庄家2个闲家1个"): Xingguo forbids the hand
        # itself (L125 "有精平胡不能抓点炮", test_xg_cannot_win); the spec's XG ✓ is about the
        # formula, so check it with the switch turned on.
        with pytest.raises(RecordError):
            settle(record(column, winner, discarder=discarder, shape=sit["shape"]))
        extra["youjing_pinghu_can_ron"] = True
    s = settle(
        record(
            column,
            winner,
            discarder=discarder,
            shape=sit["shape"],
            flags=tuple(sit["flags"]),
            **extra,
        )
    )
    expected = _expected(cell["payers"], winner, discarder)
    got = {p: s.paid(p, winner) for p in expected}
    assert got == expected, f"{row['id']} {row['seed_text']!r}"
    assert s.net[winner] == sum(expected.values())
    if cell["kind"] == "seed":
        # ✓: the seed's own per-payer numbers and the winner's total (XG-B4/XG-C8 state a
        # wrong sum in the seed text, C6; the spec's winner column has the right one).
        assert s.net[winner] == row["winner_plus"]
    if cell["kind"] == "seed_error":
        # ✗ (spec C5): the seed's numbers for CG-15/20/21 break the pattern of every parallel
        # line; we assert what the formula computes, which differs from the seed.
        assert expected != _expected(row["expected"], winner, discarder)
    check_invariants(s)


def test_golden_table_is_complete() -> None:
    # 13 NCX + 43 CG + 21 QQB + 46 ZS + 40 XG + 14 TH (QQB-06d is garbled, not a test).
    by_section: dict[str, int] = {}
    for row in ROWS:
        by_section[row["section"]] = by_section.get(row["section"], 0) + 1
    assert by_section == {"5.1": 13, "5.2": 43, "5.3": 21, "5.4": 46, "5.5": 40, "5.6": 14}
    seed_ok = {c: 0 for c in PRESETS}
    for row in ROWS:
        for column, cell in row["presets"].items():
            seed_ok[column] += cell["kind"] == "seed"
    # The spec's §4 count table: reproduced examples per preset (XG 156, TH 156, NC 139, NCT 123).
    assert seed_ok == {"xingguo": 156, "taihe": 156, "nanchang": 139, "nanchang_table": 123}


@pytest.mark.skipif(not SEED.exists(), reason="seed file not available")
def test_golden_seed_quotes_are_verbatim() -> None:
    lines = SEED.read_text(encoding="utf-8").splitlines()
    for row in ROWS:
        lo, _, hi = row["seed_line"].partition("–")
        text = "\n".join(lines[int(lo) - 1 : int(hi or lo)])
        for piece in row["seed_text"].split(" ⏎ "):
            assert piece in text, (row["id"], piece)


# --- XG "不能胡" rows ---------------------------------------------------------------------
@pytest.mark.parametrize(
    ("winner", "discarder"),
    [
        pytest.param(E, S, id="XG-A5"),  # L126 "闲家点庄家有精平胡：不能胡"
        pytest.param(S, E, id="XG-A7"),  # L126 "庄家点闲家有精平胡：不能胡"
        pytest.param(S, W, id="XG-A9"),  # L126 "闲家点闲家有精平胡：不能胡"
    ],
)
def test_xg_cannot_win(winner: str, discarder: str) -> None:
    with pytest.raises(RecordError) as err:
        settle(record("xingguo", winner, discarder=discarder))
    assert err.value.field == "wins[0].from"
    assert "youjing_pinghu_can_ron" in err.value.message
    # the same hand is fine with 德国 (XG-A6/A8/A10), and in the other presets (ZS-03/04, C8)
    settle(record("xingguo", winner, discarder=discarder, flags=("no_wild",)))
    for column in ("taihe", "nanchang", "nanchang_table"):
        settle(record(column, winner, discarder=discarder))


def test_xg_cannot_win_robbing_a_kong_is_not_a_discard() -> None:
    # L125 "有精平胡不能抓点炮" names 点炮 only; robbing a kong with a 有精平胡 stays allowed.
    s = settle(record("xingguo", S, discarder=W, robbed=True))
    assert s.net[S] > 0


# --- §5.7 flat wins -------------------------------------------------------------------------
FLAT = [
    # (id, verbatim seed text, seed line, winner, discarder, flags, each payer pays)
    ("QQB-12a", "天、地胡 ⏎ +60 -20", "94–95", E, None, ("heavenly_hand",), 20),
    ("QQB-12b", "+60 -20 -20", "96", S, None, ("earthly_hand",), 20),
    ("QQB-13a", "精钓天、地胡 ⏎ +120 -40", "98–99", E, None, ("heavenly_hand", "wild_single_wait"), 40),
    ("QQB-13b", "+120 -40 -40", "100", S, None, ("earthly_hand", "wild_single_wait"), 40),
    ("XG-E2-tian", "普通天胡、地胡：20+20+20=60", "126", E, None, ("heavenly_hand",), 20),
    ("XG-E2-di", "普通天胡、地胡：20+20+20=60", "126", N, None, ("earthly_hand",), 20),
    ("XG-E2-di-discard", "普通天胡、地胡：20+20+20=60", "126", S, E, ("earthly_hand",), 20),
    ("XG-E3-tian", "精吊天胡、地胡：40+40+40=120", "126", E, None, ("heavenly_hand", "wild_single_wait"), 40),
    ("XG-E3-di", "精吊天胡、地胡：40+40+40=120", "126", W, None, ("earthly_hand", "wild_single_wait"), 40),
    ("TH-15", "庄家天胡：60个，每人20个", "169", E, None, ("heavenly_hand",), 20),
    ("TH-16", "庄家精吊天胡：120，每人40个", "170", E, None, ("heavenly_hand", "wild_single_wait"), 40),
]  # fmt: skip


@pytest.mark.parametrize("column", list(PRESETS))
@pytest.mark.parametrize(
    ("winner", "discarder", "flags", "each"),
    [pytest.param(w, d, f, x, id=f"{i}") for i, _text, _line, w, d, f, x in FLAT],
)
def test_flat_wins(
    column: str, winner: str, discarder: str | None, flags: tuple[str, ...], each: int
) -> None:
    # 德国/shape do not matter: the flat amount replaces the formula (spec §2.3). (A 有精平胡
    # on a discard stays forbidden in Xingguo even as a 地胡, so no 平胡 without 德国 here.)
    for shape, extra in (("small_seven_pairs", ()), ("plain_win", ("no_wild",))):
        s = settle(record(column, winner, discarder=discarder, shape=shape, flags=flags + extra))
        for p in PLAYERS:
            if p != winner:
                assert s.paid(p, winner) == each
        assert s.net[winner] == 3 * each
        check_invariants(s)


@pytest.mark.parametrize(
    ("winner", "discarder"),
    [
        pytest.param(E, S, id="QQB-14a"),  # L102–103 "全求人 ⏎ +120 -40"
        pytest.param(S, W, id="QQB-14b"),  # L104 "+120 -40 -40"
    ],
)
def test_all_melded_flat_40(winner: str, discarder: str) -> None:
    s = settle(record("nanchang_table", winner, discarder=discarder, flags=("all_melded",)))
    assert {p: s.paid(p, winner) for p in PLAYERS if p != winner} == dict.fromkeys(
        [p for p in PLAYERS if p != winner], 40
    )
    assert s.net[winner] == 120
    # off in the other presets (spec §4 quanqiuren_flat: only nanchang_table) ...
    for column in ("xingguo", "taihe", "nanchang"):
        with pytest.raises(RecordError) as err:
            settle(record(column, winner, discarder=discarder, flags=("all_melded", "no_wild")))
        assert err.value.field == "wins[0].flags[0]"
    # ... unless the table turns it on
    s = settle(record("taihe", winner, discarder=discarder, flags=("all_melded",), quanqiuren=True))
    assert s.net[winner] == 120


# --- §5.8 精 scoring ----------------------------------------------------------------------
def wild_hand(column: str, holdings: dict[str, tuple[int, int, int]], **options: Any) -> Settlement:
    """A dealer self-drawn 平胡 with the given (正精, 副精, 精杠) holdings."""
    counts: dict[str, dict[str, int]] = {"primary_wild": {}, "secondary_wild": {}, "wild_kongs": {}}
    for p, (prim, sec, kongs) in holdings.items():
        counts["primary_wild"][p] = prim
        counts["secondary_wild"][p] = sec
        counts["wild_kongs"][p] = kongs
    s = settle(record(column, E, counts=counts, **options))
    check_invariants(s)
    return s


def wild_paid(s: Settlement, payer: str, payee: str) -> int:
    return sum(
        p.amount
        for p in s.payments
        if p.payer == payer and p.payee == payee and p.reason == "wild_bonus"
    )


def wild_values(s: Settlement, holdings: dict[str, tuple[int, int, int]]) -> dict[str, int]:
    """Each holder's 精 value per payer, read from what the non-holders pay; also checks that
    two holders paid each other only the difference ("settle both ways, then net")."""
    values: dict[str, int] = {}
    for p in holdings:
        amounts = {wild_paid(s, q, p) for q in PLAYERS if q != p and q not in holdings}
        assert len(amounts) == 1, amounts
        values[p] = amounts.pop()
    for p in holdings:
        for q in holdings:
            if p != q:
                assert wild_paid(s, q, p) - wild_paid(s, p, q) == values[p] - values[q]
                assert not (wild_paid(s, q, p) and wild_paid(s, p, q))
    return values


#: (points, holdings of the dealer, another holder's holdings) — another holder so there is
#: no 霸精; 10 points take all seven 精, so the dealer is necessarily the sole holder.
CHONGGUAN = {
    5: ((2, 1, 0), (0, 1, 0)),
    6: ((2, 2, 0), (0, 1, 0)),
    7: ((2, 3, 0), (1, 0, 0)),
    8: ((2, 4, 0), (1, 0, 0)),
    9: ((3, 3, 0), (0, 1, 0)),
}


@pytest.mark.parametrize(
    ("points", "per_payer"),
    [
        # L117 "5个精以上为冲关，算法相乘 … 2*5=10 3*6=18 4*7=28 5*8=40 6*9=54 7*10=70"
        pytest.param(5, 10, id="ZS-CG5"),
        pytest.param(6, 18, id="ZS-CG6"),
        pytest.param(7, 28, id="ZS-CG7"),
        pytest.param(8, 40, id="ZS-CG8"),
        pytest.param(9, 54, id="ZS-CG9"),
        pytest.param(10, 70, id="ZS-CG10"),
    ],
)
def test_chongguan_per_payer(points: int, per_payer: int) -> None:
    assert wild_value(points, 0, False, 14, False) == per_payer
    if points in CHONGGUAN:
        mine, other = CHONGGUAN[points]
        holdings = {E: mine, W: other}
        values = wild_values(wild_hand("nanchang", holdings), holdings)
        assert values == {E: per_payer, W: 1 if other == (0, 1, 0) else 2}
    else:
        # all seven 精 in one hand = 霸精 (derived: 70 × 2)
        holdings = {E: (3, 4, 0)}
        assert wild_values(wild_hand("nanchang", holdings), holdings) == {E: 2 * per_payer}


@pytest.mark.parametrize(
    ("points", "total"),
    [
        # L142–149 "五精冲关：（2×5）×3=30个子" … "十二精冲关：（9×12）×3=324个子"
        pytest.param(5, 30, id="TH-CG5"),
        pytest.param(6, 54, id="TH-CG6"),
        pytest.param(7, 84, id="TH-CG7"),
        pytest.param(8, 120, id="TH-CG8"),
        pytest.param(9, 162, id="TH-CG9"),
        pytest.param(10, 210, id="TH-CG10"),
        pytest.param(11, 264, id="TH-CG11"),  # more than the 7 精 allow (C10): formula only
        pytest.param(12, 324, id="TH-CG12"),
    ],
)
def test_chongguan_totals_taihe(points: int, total: int) -> None:
    assert 3 * wild_value(points, 0, False, 20, False) == total
    if points in CHONGGUAN:
        mine, other = CHONGGUAN[points]
        holdings = {E: mine, N: other}
        assert 3 * wild_values(wild_hand("taihe", holdings), holdings)[E] == total


@pytest.mark.parametrize(
    ("holding", "total"),
    [
        # L151 "五精霸精冲关 30×2=60个子，六精霸精冲关 54×2=108个子"
        pytest.param((2, 1, 0), 60, id="TH-BJ5"),
        pytest.param((3, 0, 0), 108, id="TH-BJ6"),
    ],
)
def test_sole_holder_doubles(holding: tuple[int, int, int], total: int) -> None:
    s = wild_hand("taihe", {E: holding})
    assert sum(wild_paid(s, p, E) for p in PLAYERS if p != E) == total  # 霸精: all three pay
    # issue 25 point 6: "Alice holds every wild (霸精) → ×2"
    assert any(
        f"{E}独得全部精（霸精）→ ×2 = {total // 3}" in st.zh
        and f"{E} holds every wild (霸精) → ×2 = {total // 3}" in st.en
        for st in s.explanation
    )


@pytest.mark.parametrize(
    ("column", "holding", "other", "per_payer"),
    [
        # L117 "4个副精开杠带一个正精算3*6=18 再加杠精14=每家32"
        pytest.param("nanchang", (1, 4, 1), (1, 0, 0), 32, id="ZS-GJ1"),
        # L117 "带两个正精算5*8=40 加杠精14=54"
        pytest.param("nanchang", (2, 4, 1), (1, 0, 0), 54, id="ZS-GJ2"),
        # L117 "带3个正精（已经是满精了）7*10=70加杠精14=84*2=168"
        pytest.param("nanchang", (3, 4, 1), None, 168, id="ZS-GJ3"),
        pytest.param("xingguo", (1, 4, 1), (1, 0, 0), 32, id="ZS-GJ1-xingguo"),
    ],
)
def test_wild_kong(
    column: str,
    holding: tuple[int, int, int],
    other: tuple[int, int, int] | None,
    per_payer: int,
) -> None:
    holdings = {S: holding}
    if other:
        holdings[N] = other
    s = wild_hand(column, holdings)
    assert wild_values(s, holdings)[S] == per_payer
    if other is None:
        assert 168 == wild_value(10, 1, True, 14, False)


def test_wild_kong_taihe_20() -> None:
    # TH-17, L171 "精杠：60个，每人20个": the 精杠 adds 20 from each (on top of the four
    # 副精 counted as 4, spec C11).
    kong = {W: (0, 4, 1), E: (1, 0, 0)}
    no_kong = {W: (0, 4, 0), E: (1, 0, 0)}
    with_kong = wild_values(wild_hand("taihe", kong), kong)
    without = wild_values(wild_hand("taihe", no_kong), no_kong)
    assert without[W] == 4 and with_kong[W] == 24
    assert 3 * (with_kong[W] - without[W]) == 60


@pytest.mark.parametrize(
    ("holding", "other", "total"),
    [
        # L140 "庄家算精：一个正精2×3=6个子…一个副精1×3=3个子" (another player holds 精 too,
        # else it would be 霸精)
        pytest.param((1, 0, 0), (0, 1, 0), 6, id="TH-J1"),
        pytest.param((0, 1, 0), (1, 0, 0), 3, id="TH-J2"),
    ],
)
def test_single_wilds(
    holding: tuple[int, int, int], other: tuple[int, int, int], total: int
) -> None:
    holdings = {E: holding, S: other}
    assert 3 * wild_values(wild_hand("taihe", holdings), holdings)[E] == total


def test_full_jing_100_option() -> None:
    # L117 "也有满精算100的": 10 points = 100 (×2 as 霸精: all seven 精 in one hand)
    s = wild_hand("nanchang", {E: (3, 4, 0)}, full_jing_100=True)
    assert wild_values(s, {E: (3, 4, 0)}) == {E: 200}
    assert any("→ 满精 100" in st.zh and "→ ×2 = 200" in st.zh for st in s.explanation)


def test_wild_explanation_and_both_ways() -> None:
    holdings = {S: (1, 2, 0), W: (2, 2, 0)}
    s = wild_hand("xingguo", holdings)
    # S: 正精1×2+副精2×1=4 → 4; W: 6 points, 冲关 (6−3)×6=18
    assert wild_values(s, holdings) == {S: 4, W: 18}
    assert wild_paid(s, S, W) == 14 and wild_paid(s, W, S) == 0  # both ways, then net
    zh = "\n".join(st.zh for st in s.explanation)
    en = "\n".join(st.en for st in s.explanation)
    assert "正精1个×2 · 副精2个×1 = 4；每家付4" in zh
    assert "冲关：(6−3)×6 = 18" in zh and "chong guan: (6 − 3) × 6 = 18" in en


def test_fan_power_of_two() -> None:
    # TH-FAN, L174 "例如3翻，则应该出2的3次方=8个子": dealer 精吊 self-drawn = 自摸1+精吊1+庄1
    s = settle(record("taihe", E, flags=("wild_single_wait",)))
    assert all(s.paid(p, E) == 8 for p in (S, W, N))
    # issue 25 point 6: a fan list, "Self-drawn 1 · Dealer 1 → ×4"
    assert any("自摸1 · 精吊1 · 庄1 → ×8" in st.zh for st in s.explanation)
    assert any("Self-drawn 1 · Wild single wait 1 · Dealer 1 → ×8" in st.en for st in s.explanation)


# --- §5.8 kongs, 诈胡, 跟庄 -----------------------------------------------------------------
@pytest.mark.parametrize("column", list(PRESETS))
@pytest.mark.parametrize("kind", ["concealed_kong", "exposed_kong", "added_kong"])
def test_kong_money(column: str, kind: str) -> None:
    # XG-E5, L126 "暗杠、碰杠、补杠（要补最后一牌）：+2 +2+2=6"
    s = settle(record(column, S, flags=("no_wild",), events=[{"type": kind, "player": N}]))
    kong = [p for p in s.payments if p.reason == "kong"]
    assert sorted((p.payer, p.amount) for p in kong) == [(E, 2), (S, 2), (W, 2)]
    assert all(p.payee == N for p in kong)
    # N pays 2^(...) for the win and collects 6
    assert s.net[N] == 6 - s.paid(N, S)
    zero = settle(
        record(column, S, flags=("no_wild",), events=[{"type": kind, "player": N}], kong_money=0)
    )
    assert not [p for p in zero.payments if p.reason == "kong"]


@pytest.mark.parametrize("column", list(PRESETS))
def test_false_win(column: str) -> None:
    # XG-E4, L126 "诈胡：-60= -20 -20 -20"
    s = settle(
        record(
            column,
            None,
            result="false_win",
            events=[{"type": "false_win", "player": W}, {"type": "concealed_kong", "player": N}],
            counts={"primary_wild": {E: 2}},
        )
    )
    assert s.net == {E: 20, S: 20, W: -60, N: 20}  # no 精, no kong money: penalty only (C19)
    assert {p.reason for p in s.payments} == {"false_win"}
    check_invariants(s)


def test_false_win_needs_the_offender() -> None:
    with pytest.raises(RecordError) as err:
        settle(record("xingguo", None, result="false_win"))
    assert err.value.field == "events"
    with pytest.raises(RecordError) as err:
        settle(record("xingguo", S, events=[{"type": "false_win", "player": W}]))
    assert err.value.field == "events[0].type"


@pytest.mark.parametrize("rounds", [1, 2, 3])
def test_follow_dealer(rounds: int) -> None:
    # XG-E8, L126 "第一轮出牌跟庄家：-15= -5 -5 -5 可跟无数轮，每轮庄家-15"
    ev = {"type": "follow_dealer", "player": E, "rounds": rounds}
    s = settle(record("xingguo", S, flags=("no_wild",), events=[ev]))
    follow = [p for p in s.payments if p.reason == "follow_dealer"]
    assert sorted(p.payee for p in follow) == sorted([S, W, N])
    assert all(p.payer == E and p.amount == 5 * rounds for p in follow)
    assert sum(p.amount for p in follow) == 15 * rounds


def test_follow_dealer_is_paid_by_the_dealer() -> None:
    with pytest.raises(RecordError) as err:
        settle(
            record(
                "xingguo", S, flags=("no_wild",), events=[{"type": "follow_dealer", "player": W}]
            )
        )
    assert err.value.field == "events[0].player"


# --- draws --------------------------------------------------------------------------------
@pytest.mark.parametrize("column", list(PRESETS))
def test_draw_is_void(column: str) -> None:
    # L125 "和牌：摸到翻精处无人胡牌，则称和牌，此局全作废": nothing is paid, not even 精 (C19)
    s = settle(
        record(
            column,
            None,
            result="draw",
            counts={"primary_wild": {E: 3}, "secondary_wild": {S: 4}, "wild_kongs": {S: 1}},
            events=[
                {"type": "concealed_kong", "player": W},
                {"type": "follow_dealer", "player": E},
            ],
        )
    )
    assert s.payments == ()
    assert s.net == dict.fromkeys(PLAYERS, 0)
    assert "全作废" in s.explanation[0].zh and "not even the wildcards" in s.explanation[0].en


# --- 抢杠 §2.4 -------------------------------------------------------------------------------
def test_robbed_kong_discard_basis() -> None:
    # L126 "抢杠：胡家按正常胡X2 德国抢奖5不翻倍, 补杠家包付". Derived (no seed number):
    # S robs W's kong with 德国大七对: dealer 2^(庄1+大七2+德国1+抢杠1)=32, W (as discarder)
    # 2^(点炮1+大七2+德国1+抢杠1)+5=37, N 2^(大七2+德国1+抢杠1)=16; W pays all 85.
    s = settle(
        record("xingguo", S, discarder=W, robbed=True, shape="big_seven_pairs", flags=("no_wild",))
    )
    assert s.paid(W, S) == 85
    assert s.paid(E, S) == 0 and s.paid(N, S) == 0
    assert {p.reason for p in s.payments if p.payee == S} == {"robbed_kong_liability"}
    assert s.net[S] == 85 and s.net[W] == -85
    zh = "\n".join(st.zh for st in s.explanation)
    assert "庄1 · 大七2 · 德国1 · 抢杠1 → ×32" in zh and "+5（德国）= 37" in zh


def test_robbed_kong_self_drawn_basis() -> None:
    # C17 alternative: every share as a self-draw (+5 on each), ×2; W still pays all.
    # dealer 2^(自摸1+庄1+大七2+德国1+抢杠1)+5=69, others 2^(自摸1+大七2+德国1+抢杠1)+5=37 each.
    s = settle(
        record(
            "xingguo",
            S,
            discarder=W,
            robbed=True,
            shape="big_seven_pairs",
            flags=("no_wild",),
            robbed_kong_basis="self_drawn",
        )
    )
    assert s.paid(W, S) == 69 + 37 + 37


def test_robbed_kong_forbids_wild_wait() -> None:
    # L125 "已构成精吊结构，不能抓德国点炮或抢杠"
    for robbed in (False, True):
        with pytest.raises(RecordError) as err:
            settle(
                record(
                    "xingguo", S, discarder=W, robbed=robbed, flags=("no_wild", "wild_single_wait")
                )
            )
        assert err.value.field == "wins[0].flags[1]"


# --- eligibility --------------------------------------------------------------------------
@pytest.mark.parametrize("column", list(PRESETS))
@pytest.mark.parametrize(
    ("winner", "discarder", "shape", "flags", "field"),
    [
        # TH L166 "十三烂没有精吊" (also 七星十三烂)
        pytest.param(E, None, "thirteen_rotten", ("wild_single_wait",), "wins[0].flags[0]", id="rotten-wild-wait"),
        pytest.param(E, None, "seven_star_thirteen_rotten", ("wild_single_wait",), "wins[0].flags[0]", id="seven-star-wild-wait"),
        # 精吊 / 杠开 only self-drawn
        pytest.param(S, W, "small_seven_pairs", ("wild_single_wait",), "wins[0].flags[0]", id="wild-wait-discard"),
        pytest.param(S, W, "small_seven_pairs", ("kong_bloom",), "wins[0].flags[0]", id="kong-bloom-discard"),
        # 天胡 dealer only, 地胡 non-dealer only
        pytest.param(S, None, "plain_win", ("heavenly_hand",), "wins[0].flags[0]", id="heavenly-non-dealer"),
        pytest.param(E, None, "plain_win", ("earthly_hand",), "wins[0].flags[0]", id="earthly-dealer"),
        # 德中德/霸胡 is a 德国 win
        pytest.param(S, None, "plain_win", ("no_wild_anywhere",), "wins[0].flags[0]", id="bahu-needs-no-wild"),
        pytest.param(S, None, "no_such_shape", (), "wins[0].shape", id="unknown-shape"),
    ],
)  # fmt: skip
def test_ineligible(
    column: str,
    winner: str,
    discarder: str | None,
    shape: str,
    flags: tuple[str, ...],
    field: str,
) -> None:
    with pytest.raises(RecordError) as err:
        settle(record(column, winner, discarder=discarder, shape=shape, flags=flags))
    assert err.value.field == field


def test_one_winner_per_discard() -> None:
    # L125 "同一轮中点炮胡牌：胡前不胡后"
    rec = record("nanchang", S, discarder=W, flags=("no_wild",))
    rec["wins"].append({"winner": N, "from": W, "shape": "plain_win", "flags": ["no_wild"]})
    with pytest.raises(RecordError) as err:
        settle(rec)
    assert err.value.field == "wins"


def test_bahu_and_other_holders() -> None:
    # XG 霸胡 "所有家没有一个精": another player holding 精 contradicts the flag
    flags = ("no_wild", "no_wild_anywhere")
    with pytest.raises(RecordError) as err:
        settle(record("xingguo", S, flags=flags, counts={"secondary_wild": {W: 1}}))
    assert err.value.field == "wins[0].flags[1]"
    s = settle(record("xingguo", S, flags=flags, counts={"secondary_wild": {W: 0}}))
    # 闲家自摸 德国平胡 霸胡 (fan mode): dealer 2^(自摸1+庄1+德国1+霸胡1)+5=21
    assert s.paid(E, S) == 21 and s.paid(W, S) == 13
    assert get("xingguo").flag("no_wild_anywhere").zh == "霸胡"  # type: ignore[union-attr]
    assert get("nanchang").flag("no_wild_anywhere").zh == "德中德"  # type: ignore[union-attr]


def test_wild_kong_needs_four_secondary() -> None:
    with pytest.raises(RecordError) as err:
        wild_hand("nanchang", {S: (1, 3, 1)})
    assert err.value.field == "counts.wild_kongs.south"


@pytest.mark.parametrize(
    ("counts", "field"),
    [
        ({"primary_wild": {E: 2, S: 2}}, "counts.primary_wild"),
        ({"secondary_wild": {E: 5}}, "counts.secondary_wild.east"),
        ({"wild_kongs": {E: 1, S: 1}}, "counts.wild_kongs"),
        ({"flowers": {E: 1}}, "counts.flowers"),
    ],
)
def test_count_limits(counts: dict[str, dict[str, int]], field: str) -> None:
    with pytest.raises(RecordError) as err:
        settle(record("taihe", E, counts=counts))
    assert err.value.field == field


# --- options ------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("ruleset", "options", "field"),
    [
        ("xingguo", {"no_such_option": 1}, "options.no_such_option"),
        ("xingguo", {"base": 0}, "options.base"),
        ("nanchang", {"da_qidui_fan": 3}, "options.da_qidui_fan"),
        ("taihe", {"gangkai_mode": "triple"}, "options.gangkai_mode"),
        ("taihe", {"jingdiao_bonus5": 1}, "options.jingdiao_bonus5"),
        ("taihe", {"preset": "nanchang"}, "options.preset"),
        ("nanchang", {"gang_jing_bonus": -1}, "options.gang_jing_bonus"),
    ],
)
def test_option_validation(ruleset: str, options: dict[str, Any], field: str) -> None:
    rec = record("xingguo", E)
    rec["ruleset"] = ruleset
    rec["options"] = options
    with pytest.raises(RecordError) as err:
        settle(rec)
    assert err.value.field == field


def test_base_multiplies_everything() -> None:
    events = [
        {"type": "concealed_kong", "player": N},
        {"type": "follow_dealer", "player": E, "rounds": 1},
    ]
    counts = {"primary_wild": {W: 1}, "secondary_wild": {N: 1}}
    one = settle(
        record("xingguo", S, discarder=W, flags=("no_wild",), counts=counts, events=events)
    )
    three = settle(
        record("xingguo", S, discarder=W, flags=("no_wild",), counts=counts, events=events, base=3)
    )
    assert {p: 3 * v for p, v in one.net.items()} == three.net
    assert any("×底分3=" in st.zh and "× base 3 =" in st.en for st in three.explanation)


def test_presets_and_overrides() -> None:
    # 德国小七对 自摸 by the dealer: 21 each in xingguo (XG-B2), 37 in nanchang (ZS-18);
    # turning degu_xiaoqi_elevated on in xingguo gives the Nanchang number.
    base = record("xingguo", E, shape="small_seven_pairs", flags=("no_wild",))
    assert settle(base).net[E] == 63
    base["options"]["degu_xiaoqi_elevated"] = True
    assert settle(base).net[E] == 111
    nan = record("nanchang", E, shape="small_seven_pairs", flags=("no_wild",))
    nan["options"] = {}  # default preset of nanchang = nanchang
    assert settle(nan).net[E] == 111


def test_declarations() -> None:
    for rid, presets in (
        ("nanchang", ["nanchang", "nanchang_table"]),
        ("taihe", ["taihe"]),
        ("xingguo", ["xingguo"]),
    ):
        rs = get(rid)
        assert [p.id for p in rs.presets] == presets
        assert rs.default_preset == presets[0]
        assert rs.multi_win == "none"
        ids = {o.id for o in rs.options}
        assert {
            "base",
            "da_qidui_fan",
            "degu_xiaoqi_elevated",
            "jingdiao_bonus5",
            "gangkai_mode",
            "dezhongde_mode",
            "youjing_pinghu_can_ron",
            "gang_jing_bonus",
            "full_jing_100",
            "kong_money",
            "zhahu",
            "genzhuang",
            "quanqiuren",
        } <= ids
        for o in rs.options:
            assert o.zh and o.en
            assert o.check(o.default) is None
        for p in rs.presets:
            for k, v in p.values.items():
                decl = rs.option(k)
                assert decl is not None and decl.check(v) is None
        assert any(o.important for o in rs.options)
        assert rs.shape("big_seven_pairs") and rs.flag("no_wild") and rs.count("primary_wild")
        assert rs.event("concealed_kong")
        js = rs.to_json()
        json.dumps(js, ensure_ascii=False)
    # "not stated" in spec §4 -> house
    assert get("taihe").option("youjing_pinghu_can_ron").house  # type: ignore[union-attr]
    assert get("xingguo").option("gang_jing_bonus").house  # type: ignore[union-attr]
    assert not get("xingguo").option("kong_money").house  # type: ignore[union-attr]
    assert get("nanchang").option("kong_money").house  # type: ignore[union-attr]


# --- JSON round trip, explanations, dealer ----------------------------------------------------
def test_round_trip_and_explanation() -> None:
    rec = record(
        "xingguo",
        S,
        discarder=W,
        shape="big_seven_pairs",
        flags=("no_wild",),
        counts={"primary_wild": {E: 1, N: 2}},
        events=[{"type": "concealed_kong", "player": N}],
    )
    parsed = HandRecord.from_json(rec)
    s1 = settle(parsed)
    s2 = settle(parsed.to_json())
    s3 = settle(json.loads(json.dumps(parsed.to_json())))
    assert s1 == s2 == s3
    assert Settlement.from_json(json.loads(json.dumps(s1.to_json()))) == s1
    # the contract's example: 16 + 21 + 8 = 45 (XG-C10)
    assert (s1.paid(E, S), s1.paid(W, S), s1.paid(N, S)) == (16, 21, 8)
    reasons = {(p.payer, p.reason) for p in s1.payments if p.payee == S}
    assert reasons == {(E, "dealer_share"), (W, "discarder_share"), (N, "other_share")}
    zh = [st.zh for st in s1.explanation]
    en = [st.en for st in s1.explanation]
    assert "east（庄家）：庄1 · 大七2 · 德国1 → ×16" in zh
    assert "east (dealer): Dealer 1 · Big seven pairs 2 · No-wild 1 → ×16" in en
    assert any("+5（德国）= 21" in z for z in zh)
    assert any(e.startswith("Net:") for e in en) and any(z.startswith("合计") for z in zh)
    check_invariants(s1)


def test_doubling_explained() -> None:
    # NCX-07 (L13 "庄家精吊杠开德国七星(大7对)进414子闲家出138子"): (2^6+5)×2
    s = settle(
        record(
            "nanchang",
            E,
            shape="big_seven_pairs",
            flags=("no_wild", "wild_single_wait", "kong_bloom"),
        )
    )
    assert any(
        "自摸1 · 精吊1 · 庄1 · 大七2 · 德国1 → ×64，+5（德国）= 69，再×2（杠开）= 138" in st.zh
        for st in s.explanation
    )
    assert any("×2 again (Kong bloom) = 138" in st.en for st in s.explanation)


@pytest.mark.parametrize(
    ("winner", "result", "expected"),
    [(E, "win", E), (S, "win", S), (None, "draw", E), (None, "false_win", E)],
)
def test_next_dealer(winner: str | None, result: str, expected: str) -> None:
    # The seed is silent: dealer keeps the deal on a win or a draw; a non-dealer win passes it
    # to the next seat (south follows east).
    events = [{"type": "false_win", "player": W}] if result == "false_win" else []
    rec = record("taihe", winner, flags=("no_wild",), result=result, events=events)
    assert next_dealer(rec) == expected


def test_zero_sum_over_all_golden_rows_with_extras() -> None:
    # every golden hand again, with 精 held by two players, a kong and 跟庄: still zero-sum
    for row in ROWS:
        sit = row["situation"]
        winner, discarder = _seats(sit)
        for column in row["presets"]:
            if column == "xingguo" and _youjing_pinghu_on_discard(sit):
                continue
            counts = {"primary_wild": {E: 1, S: 2}, "secondary_wild": {N: 3}}
            if "no_wild_anywhere" in sit["flags"]:  # nobody else may hold a 精
                counts = {"primary_wild": {winner: 1}, "secondary_wild": {winner: 3}}
            s = settle(
                record(
                    column,
                    winner,
                    discarder=discarder,
                    shape=sit["shape"],
                    flags=tuple(sit["flags"]),
                    counts=counts,
                    events=[
                        {"type": "added_kong", "player": W},
                        {"type": "follow_dealer", "player": E, "rounds": 2},
                    ],
                )
            )
            check_invariants(s)


# --- C20: 精吊 with 十三烂 / 七星十三烂 ------------------------------------------------------
# TH (seed 000 L166) "十三烂没有精吊" is the default; NCX (seed 000 L13) reads
# "庄家精吊杠开德国七星(大7对)进414子闲家出138子+138+138=414子". Spec C20: reject by default,
# a table option to allow. With the option on, the seven-star reading of NCX-07 pays the
# seed's 138 from each (七星十三烂 is 2翻, like 大七对 under `nanchang`).
def _c20(shape: str, **options: object) -> dict[str, object]:
    return {
        "ruleset": "nanchang",
        "options": options,
        "players": ["a", "b", "c", "d"],
        "dealer": "a",
        "result": "win",
        "wins": [
            {
                "winner": "a",
                "from": None,
                "shape": shape,
                "flags": ["no_wild", "wild_single_wait", "kong_bloom"],
            }
        ],
    }


@pytest.mark.parametrize("shape", ["seven_star_thirteen_rotten", "thirteen_rotten"])
def test_c20_wild_wait_with_thirteen_rotten_refused_by_default(shape: str) -> None:
    with pytest.raises(RecordError) as err:
        settle(_c20(shape))
    assert err.value.field == "wins[0].flags[1]"
    assert shape in err.value.message


def test_c20_option_allows_it_and_ncx07_seven_star_reading_pays_138() -> None:
    s = settle(_c20("seven_star_thirteen_rotten", jingdiao_with_shisanlan=True))
    assert [s.paid(p, "a") for p in "bcd"] == [138, 138, 138]
    assert s.net["a"] == 414
