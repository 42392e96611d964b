"""Taiwan 16-tile 底 + 台 (taiwan): every worked example of shared/rules/taiwan.md §4
(TW-01 … TW-13) as a golden test, quoting its source id and text, then checks and hypothesis
properties. Players E S W N, E deals, 底 30 / 台 10 unless the example says otherwise.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import RecordError, next_dealer, settle
from scoring.rulesets.taiwan import FANS, dealer_tai
from tests.scoring.builders import record as record_of
from tests.scoring.ruleset_checks import win_of

P = ["E", "S", "W", "N"]


def rec(
    wins: list[dict[str, Any]],
    options: dict[str, Any] | None = None,
    *,
    streak: int = 0,
    result: str = "win",
    dealer: str = "E",
) -> dict[str, Any]:
    return record_of(
        "taiwan",
        [win_of(w) for w in wins],
        players=P,
        dealer=dealer,
        result=result,
        options=options,
        counts={"lian_zhuang": {dealer: streak}} if streak else {},
    )


def net(record: dict[str, Any]) -> dict[str, int]:
    return dict(settle(record).net)


def test_tw01_t6_base_plus_tai() -> None:
    # TW-01, T6 台數換算基本規則: "若底30元/台10元 … 有2台 … 共50元" — W pays 30 + 2·10
    assert net(rec([{"winner": "S", "from": "W", "fan": 2}])) == {"E": 0, "S": 50, "W": -50, "N": 0}


def test_tw02_t1_concealed_self_draw_three_base_ten_tai() -> None:
    # TW-02, T1 特性: "至少可赢3底10台([门清自摸不求人3台+1底]x3家+[庄家台]至少1台)"
    n = net(rec([{"winner": "S", "fan": 3}]))
    assert n == {"E": -70, "S": 190, "W": -60, "N": -60}
    assert n["S"] == 3 * 30 + 10 * 10


def test_tw03_t1_self_draw_at_least_three_times() -> None:
    # TW-03, T1 特性: "自摸赢最多,所得为(底+台数)X3起跳"
    n = net(rec([{"winner": "S", "fan": 2}]))
    assert n == {"E": -60, "S": 160, "W": -50, "N": -50}
    assert n["S"] >= 3 * (30 + 2 * 10)


def test_tw04_t8_five_a_tai_no_base() -> None:
    # TW-04, T8 台(番)數算法: "一台(番)為五元新台幣 … 十二台的牌,他就可向其他三人各收六十元"
    # dealer E (N = 0) self-draws H = 11: 11 + dealer 1 = 12 台 per payer
    n = net(rec([{"winner": "E", "fan": 11}], {"di": 0, "tai": 5}))
    assert n == {"E": 180, "S": -60, "W": -60, "N": -60}


@pytest.mark.parametrize(("streak", "paid", "tai"), [(1, 80, 3), (2, 100, 5), (3, 120, 7)])
def test_tw05_t4_streak_tai(streak: int, paid: int, tai: int) -> None:
    # TW-05, T4 莊家台: "連1拉1為3台,連2拉2為5台,連3拉3為7台" — E wins H = 2 from S
    assert dealer_tai(streak) == tai
    n = net(rec([{"winner": "E", "from": "S", "fan": 2}], streak=streak))
    assert n == {"E": paid, "S": -paid, "W": 0, "N": 0}


def test_tw06_t7_dealer_discards() -> None:
    # TW-06, T7 台數計算: "莊家胡牌、放銃或輸自摸加1台。每連莊一次再加2台" — E (N = 1) discards to W, H = 3
    s = settle(rec([{"winner": "W", "from": "E", "fan": 3}], streak=1))
    assert s.net == {"E": -90, "S": 0, "W": 90, "N": 0}
    assert any("base 30 + (3 + dealer 3) × 10 = 90" in step.en for step in s.explanation)


def test_tw07_t7_self_draw_three_times_a_discard() -> None:
    # TW-07, T7 打麻將要如何計分: "自摸時勝方所贏的錢是同樣牌型榮胡的三倍起跳(不計莊家連莊情況)"
    on_discard = net(rec([{"winner": "S", "from": "W", "fan": 4}]))["S"]
    drawn = net(rec([{"winner": "S", "fan": 4}]))
    assert on_discard == 70
    assert drawn == {"E": -80, "S": 220, "W": -70, "N": -70}
    assert drawn["S"] >= 3 * on_discard


def test_tw08_t14_tally_app_formula() -> None:
    # TW-08, T14 Class1.cs: "Total += (di + points * setpoints)*3;" — di 50, tai 20, E self-draws 4
    n = net(rec([{"winner": "E", "fan": 4}], {"di": 50, "tai": 20}))
    assert n == {"E": 450, "S": -150, "W": -150, "N": -150}


def test_tw09_t11_streak_on_a_non_dealer_self_draw() -> None:
    # TW-09, T11 計台名堂: "作莊 1 胡放皆加計1台 … NN 2N 莊家連N閒家一律拉N" — N = 2, S self-draws 1
    n = net(rec([{"winner": "S", "fan": 1}], streak=2))
    assert n == {"E": -90, "S": 170, "W": -40, "N": -40}


def test_tw10_t15_konger_pays_a_robbed_kong() -> None:
    # TW-10, T15 Scoring p. 2: "Robbing a Kong is considered going out on a claimed tile (and
    # the player declaring the Kong is considered a discarder)" — W robs S, H = 2 (搶槓 1 + 1)
    s = settle(
        rec([{"winner": "W", "from": "S", "robbed_kong": True, "fans": ["qiang_gang", "du_ting"]}])
    )
    assert s.net == {"E": 0, "S": -50, "W": 50, "N": 0}
    assert [p.reason for p in s.payments] == ["discarder_share"]


def test_tw11_t16_dealer_bonus_on_a_self_draw() -> None:
    # TW-11, T16 preset text: "The bonus is paid to the East winner by each loser if the winner
    # goes out self-drawn, and by the discarder alone" — E, N = 1, self-draws H = 2
    n = net(rec([{"winner": "E", "fan": 2}], streak=1))
    assert n == {"E": 240, "S": -80, "W": -80, "N": -80}


def test_tw12_t12_southern_four_tai_cap() -> None:
    # TW-12, T12 Southern composition: "Four-tai hand cap" — W wins H = 6 from S, cap 4
    s = settle(rec([{"winner": "W", "from": "S", "fan": 6}], {"cap_tai": 4}))
    assert s.net == {"E": 0, "S": -70, "W": 70, "N": 0}
    assert "capped at 4" in s.explanation[0].en
    # the preset 南部 caps at 4 too; the cap leaves the dealer's 台 alone (T12)
    assert net(rec([{"winner": "W", "from": "S", "fan": 6}], {"preset": "south"}))["S"] == -70
    assert net(rec([{"winner": "E", "from": "S", "fan": 6}], {"cap_tai": 4}, streak=1))["S"] == -100


def test_tw13_t3_t9_concealed_self_draw_checklist() -> None:
    # TW-13, T3 row 門清自摸: "門清、自摸原本各一台 … 再追加一台" — 門清自摸 3 + 三元牌 1 = 4
    s = settle(rec([{"winner": "S", "fans": ["men_qing_zi_mo", "san_yuan_pai"]}]))
    assert s.net == {"E": -80, "S": 220, "W": -70, "N": -70}
    assert "Concealed self-draw 3 · Dragon pung (each) 1 = 4 台" in s.explanation[0].en


# --- the flags, the checklist, checks -------------------------------------------------------


def test_eight_flowers_and_seven_rob_one() -> None:
    # §3 八仙過海 8 台 as a self-draw; 七搶一 8 台 paid by the player who drew the 8th (T-C12)
    n = net(rec([{"winner": "S", "flags": ["ba_xian_guo_hai"]}]))
    assert n == {"E": -120, "S": 340, "W": -110, "N": -110}
    n = net(rec([{"winner": "S", "from": "W", "flags": ["qi_qiang_yi"]}]))
    assert n == {"E": 0, "S": 110, "W": -110, "N": 0}
    # with a total, the total is the hand's 台 (award included)
    assert net(rec([{"winner": "S", "from": "W", "flags": ["qi_qiang_yi"], "fan": 9}]))["W"] == -120


def test_disputed_values_are_options() -> None:
    # T-C4: 清一色 8 (T3, T12) vs 12 (T11); T-C2: 天胡 24 vs 16
    win = [{"winner": "S", "from": "W", "fans": ["qing_yi_se"]}]
    assert net(rec(win))["W"] == -110
    assert net(rec(win, {"tai_qing_yi_se": 12}))["W"] == -150
    heaven = [{"winner": "E", "fans": ["tian_hu"]}]
    assert net(rec(heaven))["S"] == -(30 + 25 * 10)
    assert net(rec(heaven, {"tai_tian_hu": 16}))["S"] == -(30 + 17 * 10)


@pytest.mark.parametrize(
    ("win", "options", "field"),
    [
        ({"from": "W", "fans": ["zi_mo"]}, {}, "wins[0].fans[0]"),
        ({"fans": ["men_qing"]}, {}, "wins[0].fans[0]"),
        ({"from": "W", "fans": ["qiang_gang"]}, {}, "wins[0].fans[0]"),
        ({"fans": ["tian_hu"]}, {}, "wins[0].fans[0]"),  # S is not the dealer
        ({"fans": ["zi_mo", "men_qing_zi_mo"]}, {}, "wins[0].fans[1]"),
        ({"from": "W", "fans": ["ping_hu", "men_feng"]}, {}, "wins[0].fans[1]"),
        ({"from": "W", "fans": ["zheng_hua"]}, {"flowers": "none"}, "wins[0].fans[0]"),
        ({"from": "W", "fans": ["zheng_hua", "zheng_hua", "hua_gang"]}, {}, "wins[0].fans"),
        ({"from": "W", "fans": ["san_yuan_pai"] * 3}, {}, "wins[0].fans[2]"),
        ({"from": "W", "fan": 2, "fans": ["men_qing"]}, {}, "wins[0].fans"),
        ({"from": "W"}, {}, "wins[0].fan"),
        ({"from": "W", "fans": ["bogus"]}, {}, "wins[0].fans[0]"),
    ],
)
def test_impossible_records_name_the_field(
    win: dict[str, Any], options: dict[str, Any], field: str
) -> None:
    with pytest.raises(RecordError) as err:
        settle(rec([{"winner": "S", **win}], options))
    assert err.value.field == field


def test_streak_only_on_the_dealer_and_one_winner() -> None:
    r = rec([{"winner": "S", "from": "W", "fan": 2}])
    r["counts"] = {"lian_zhuang": {"S": 1}}
    with pytest.raises(RecordError) as err:
        settle(r)
    assert err.value.field == "counts.lian_zhuang.S"
    two = [{"winner": "S", "from": "W", "fan": 2}, {"winner": "N", "from": "W", "fan": 1}]
    with pytest.raises(RecordError) as err:
        settle(rec(two))
    assert err.value.field == "wins"
    assert net(rec(two, {"multiple_winners": True})) == {"E": 0, "S": 50, "W": -90, "N": 40}


def test_a_draw_pays_nothing_and_keeps_the_dealer() -> None:
    # §1: "流局: nothing is paid; the dealer keeps the deal and N grows by 1" (T2)
    r = rec([], result="draw")
    s = settle(r)
    assert s.payments == () and "keeps the deal, streak 0 → 1" in s.explanation[0].en
    assert next_dealer(r) == "E"
    assert next_dealer(rec([{"winner": "S", "from": "W", "fan": 2}])) == "S"
    assert next_dealer(rec([{"winner": "E", "from": "W", "fan": 2}])) == "E"


def test_a_draw_carries_the_dealers_streak() -> None:
    # issue 24 point 7; spec §1: "N = the number of consecutive hands the current dealer has
    # already kept" and "Drawn hand 流局: nothing is paid; the dealer keeps the deal and N grows
    # by 1"; hand record: "`counts.lian_zhuang` | `{dealer_id: N}`. Only the dealer may appear".
    # A draw with the dealer's N = 2 is accepted, pays nothing and says N goes 2 → 3.
    s = settle(rec([], result="draw", streak=2))
    assert s.payments == () and all(v == 0 for v in s.net.values())
    assert "streak 2 → 3" in s.explanation[0].en and "连庄次数 2 → 3" in s.explanation[0].zh
    # only a non-dealer's count is impossible, at a draw as at a win
    bad = record_of("taiwan", [], players=P, dealer="E", result="draw",
                    counts={"lian_zhuang": {"S": 1}})  # fmt: skip
    with pytest.raises(RecordError) as err:
        settle(bad)
    assert err.value.field == "counts.lian_zhuang.S"


def test_rules_json_lists_the_checklist() -> None:
    from scoring import get

    data = get("taiwan").to_json()
    assert {f["id"] for f in data["fans"]} == set(FANS)
    assert {o["id"] for o in data["options"] if o["important"]} == {"di", "tai"}
    names = {f["id"]: f["name_zh_hant"] for f in data["fans"]}
    assert names["hua_gang"] == "花槓" and names["he_di_lao_yu"] == "河底撈魚"


# --- properties ------------------------------------------------------------------------------

SEAT = st.sampled_from(P)
MONEY = st.integers(0, 500)


def _net(w: str, frm: str | None, fan: int, opts: dict[str, Any], streak: int) -> dict[str, int]:
    return net(rec([{"winner": w, "from": frm, "fan": fan}], opts, streak=streak))


@settings(max_examples=150, deadline=None)
@given(
    SEAT,
    SEAT,
    st.booleans(),
    MONEY,
    MONEY,
    st.integers(0, 6),
    st.integers(0, 40),
    st.integers(0, 40),
)
def test_zero_sum_monotone_and_who_pays(
    w: str, d: str, self_drawn: bool, di: int, tai: int, streak: int, h1: int, h2: int
) -> None:
    frm = None if self_drawn or d == w else d
    lo, hi = sorted((h1, h2))
    opts = {"di": di, "tai": tai}
    a, b = _net(w, frm, lo, opts, streak), _net(w, frm, hi, opts, streak)
    assert sum(a.values()) == 0 and sum(b.values()) == 0
    assert a[w] <= b[w]
    payers = [p for p in P if p != w] if frm is None else [frm]
    for p in P:
        if p == w:
            continue
        with_dealer = "E" in (w, p)
        expected = di + (lo + (dealer_tai(streak) if with_dealer else 0)) * tai
        assert a[p] == (-expected if p in payers else 0)  # 放槍: the discarder alone (T1)


@settings(max_examples=100, deadline=None)
@given(SEAT, SEAT, st.integers(0, 8), st.integers(0, 60), st.integers(0, 5))
def test_cap_respected_on_the_hand_only(w: str, d: str, cap: int, extra: int, streak: int) -> None:
    if w == d or cap == 0:
        return
    opts = {"cap_tai": cap}
    assert _net(w, d, cap + extra, opts, streak) == _net(w, d, cap, opts, streak)


@settings(max_examples=100, deadline=None)
@given(SEAT, st.booleans(), st.integers(0, 20), st.integers(0, 8))
def test_the_streak_adds_two_tai_a_hand_where_the_dealer_is_involved(
    w: str, self_drawn: bool, h: int, streak: int
) -> None:
    frm = None if self_drawn else ("E" if w != "E" else "S")
    a, b = _net(w, frm, h, {}, streak), _net(w, frm, h, {}, streak + 1)
    for p in P:
        if p != w and (w == "E" or p == "E") and a[p] < 0:
            assert b[p] - a[p] == -2 * 10  # one more 連/拉: 2 台 more on each dealer payment
        elif p != w:
            assert b[p] == a[p]


def test_dealer_streak_from_the_hands_before() -> None:
    # §1: "N = the number of consecutive hands the current dealer has already kept. N = 0 on
    # the dealer's first hand. When the deal passes, N is reset to 0."
    from scoring.rulesets.taiwan import dealer_streak

    assert dealer_streak([]) == 0
    assert dealer_streak([("E", "E")]) == 1
    assert dealer_streak([("E", "E"), ("E", "E"), ("E", "S")]) == 0
    assert dealer_streak([("E", "S"), ("S", "S"), ("S", "S")]) == 2
    # from records: a dealer win and a draw keep the deal, a non-dealer win passes it
    hands = [
        rec([{"winner": "E", "from": "S", "fan": 1}]),
        rec([], result="draw"),
        rec([{"winner": "W", "from": "S", "fan": 1}], streak=2),
    ]
    pairs = [(h["dealer"], next_dealer(h)) for h in hands]
    assert pairs == [("E", "E"), ("E", "E"), ("E", "S")]
    assert [dealer_streak(pairs[:i]) for i in range(4)] == [0, 1, 2, 0]


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.sampled_from(sorted(FANS)), min_size=1, max_size=5),
    st.sampled_from(sorted(FANS)),
    st.sampled_from([None, "W"]),
)
def test_checklist_is_monotone(fans: list[str], extra: str, frm: str | None) -> None:
    """Ticking one more 台 never lowers what the winner collects."""

    def won(items: list[str]) -> int | None:
        try:
            return settle(rec([{"winner": "E", "from": frm, "fans": items}])).net["E"]
        except RecordError:
            return None

    before, after = won(fans), won([*fans, extra])
    if before is not None and after is not None:
        assert after >= before
