"""Hong Kong 番 (hongkong): every worked example of shared/rules/hongkong.md §4 (HK-01 … HK-19)
as a golden test, quoting its source id and text, then checks and hypothesis properties.

Amounts are in units (1 unit = the single share of a 0-faan chicken hand, spec §2); the source's
dollars are units × $0.25 / $0.50 / $1 for 二五雞 / 五一 / 一二蚊.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import RecordError, settle
from scoring.rulesets.hongkong import FANS, STAKE_CENTS, money_text, multiplier
from tests.scoring.builders import record as record_of
from tests.scoring.ruleset_checks import win_of

P = ["A", "B", "C", "D"]


def rec(
    wins: list[dict[str, Any]],
    options: dict[str, Any] | None = None,
    *,
    events: list[dict[str, Any]] | None = None,
    result: str = "win",
    players: list[str] | None = None,
    dealer: str | None = None,
) -> dict[str, Any]:
    players = players or P
    return record_of(
        "hongkong",
        [win_of(w) for w in wins],
        players=players,
        dealer=dealer or players[0],
        result=result,
        options=options,
        events=events,
    )


def net(record: dict[str, Any]) -> dict[str, int]:
    return dict(settle(record).net)


def false_win(offender: str, options: dict[str, Any] | None = None) -> dict[str, Any]:
    return rec([], options, events=[{"type": "false_win", "player": offender}], result="false_win")


# --- §2 table and the money conversion ------------------------------------------------------

# §2.1 m columns = H1 "Multiplier" table L124–139 and H2 test_game_compute_score_portion
HALF = [1, 2, 4, 8, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384]
SPICY = [1 << f for f in range(14)]
BANDED = [1, 2, 4, 8, 16, 16, 16, 32, 32, 32, 64, 64, 64, 64]  # H7 "Each Pay" column


@pytest.mark.parametrize(
    ("style", "column"), [("half", HALF), ("spicy", SPICY), ("banded", BANDED)]
)
def test_multiplier_table_section_2_1(style: str, column: list[int]) -> None:
    assert [multiplier(f, style) for f in range(14)] == column


def test_money_per_unit_of_the_stake_names() -> None:
    # §2: 二五雞 $0.25, 五一 $0.50, 一二蚊 $1 per unit (H1 L85–87, H4); whole cents, no rounding
    assert STAKE_CENTS == {"er_wu_ji": 25, "wu_yi": 50, "yi_er_man": 100}
    assert money_text(1, "er_wu_ji") == "$0.25"
    assert money_text(3, "er_wu_ji") == "$0.75"
    assert money_text(-5, "wu_yi") == "-$2.50"


# --- §4 worked examples ----------------------------------------------------------------------

LOW = {"min_faan": 0}  # the examples below 3 faan need the minimum off


def test_hk01_h4_er_wu_ji_one_faan_self_drawn() -> None:
    # HK-01, H4 半铳制 例子: "二五鸡:一番,自摸位位一元" — each loser 2m = 4 units = $1
    s = settle(rec([{"winner": "B", "fan": 1}], {"preset": "er_wu_ji", **LOW}))
    assert s.net == {"A": -4, "B": 12, "C": -4, "D": -4}
    assert money_text(4, "er_wu_ji") == "$1.00"
    # the money is the table's (the nets at its stake, bot.present): no step restates it
    assert not any("$" in step.en for step in s.explanation)


def test_hk02_h4_er_wu_ji_half_responsibility_discard() -> None:
    # HK-02, H4 半铳制 例子: "放炮一家付一元,其他两家付五毫" — 4 / 2 / 2 units = $1 / $0.5 / $0.5
    s = settle(
        rec(
            [{"winner": "B", "from": "C", "fan": 1}],
            {"preset": "er_wu_ji", "responsibility": "half", **LOW},
        )
    )
    assert s.paid("C", "B") == 4 and s.paid("A", "B") == 2 and s.paid("D", "B") == 2
    assert [money_text(u, "er_wu_ji") for u in (4, 2, 2)] == ["$1.00", "$0.50", "$0.50"]


def test_hk03_h4_er_wu_ji_full_responsibility() -> None:
    # HK-03, H4 全铳制 例子: "二五鸡:一番,自摸位位一元,放炮一家付两元" — discarder 4m = 8 = $2
    opts = {"preset": "er_wu_ji", "responsibility": "full", **LOW}
    s = settle(rec([{"winner": "B", "from": "C", "fan": 1}], opts))
    assert s.net == {"A": 0, "B": 8, "C": -8, "D": 0}
    assert money_text(8, "er_wu_ji") == "$2.00"
    assert net(rec([{"winner": "B", "fan": 1}], opts))["A"] == -4  # self-draw still 4 each


def test_hk04_h4_wu_yi_seven_faan_single_share() -> None:
    # HK-04, H4 半辣上 table, 七 row, 五一 column: 24 — m(7) = 48 units = $24
    s = settle(
        rec([{"winner": "B", "from": "C", "fan": 7}], {"preset": "wu_yi", "responsibility": "half"})
    )
    assert s.paid("A", "B") == 48  # a blameless player's single share m(7)
    assert money_text(48, "wu_yi") == "$24.00"


def test_hk05_h4_yi_er_man_ten_faan_spicy() -> None:
    # HK-05, H4 辣辣上 table, 十 row, 一二蚊 column: 1024 — m(10) = 2^10 units = $1024
    opts = {"preset": "yi_er_man", "spiciness": "spicy", "responsibility": "half"}
    s = settle(rec([{"winner": "B", "from": "C", "fan": 10}], opts))
    assert s.paid("D", "B") == 1024
    assert money_text(1024, "yi_er_man") == "$1024.00"


@pytest.mark.parametrize(("faan", "discard", "self_drawn"), [(3, 160, 240), (13, 7680, 11520)])
def test_hk06_h5_score_table_at_five_points_a_unit(
    faan: int, discard: int, self_drawn: int
) -> None:
    # HK-06, H5 score table: "三番 160 240 … 十三番 7680 11520" (出沖 / 自摸), 5 points per unit
    on_discard = net(rec([{"winner": "B", "from": "C", "fan": faan}]))["B"]
    drawn = net(rec([{"winner": "B", "fan": faan}]))["B"]
    assert (5 * on_discard, 5 * drawn) == (discard, self_drawn)


def test_hk07_h2_half_half_eight_faan() -> None:
    # HK-07, H2 L347–351: (-32, +128, -64, -32) in $ at 五一 (1 unit = $0.5)
    n = net(
        rec(
            [{"winner": "B", "from": "C", "fan": 8}],
            {"responsibility": "half", "spiciness": "half"},
        )
    )
    assert n == {"A": -64, "B": 256, "C": -128, "D": -64}
    assert [money_text(n[p], "wu_yi") for p in P] == ["-$32.00", "$128.00", "-$64.00", "-$32.00"]


def test_hk08_h2_half_spicy_eight_faan() -> None:
    # HK-08, H2 L354–358: (-128, +512, -256, -128) $
    n = net(
        rec(
            [{"winner": "B", "from": "C", "fan": 8}],
            {"responsibility": "half", "spiciness": "spicy"},
        )
    )
    assert n == {"A": -256, "B": 1024, "C": -512, "D": -256}


def test_hk09_h2_full_half_eight_faan() -> None:
    # HK-09, H2 L363–367: (+128, 0, 0, -128) $ — D pays 4m = 256 units
    n = net(
        rec(
            [{"winner": "A", "from": "D", "fan": 8}],
            {"responsibility": "full", "spiciness": "half"},
        )
    )
    assert n == {"A": 256, "B": 0, "C": 0, "D": -256}


def test_hk10_h2_full_spicy_eight_faan() -> None:
    # HK-10, H2 L370–374: (+512, 0, 0, -512) $
    n = net(
        rec(
            [{"winner": "A", "from": "D", "fan": 8}],
            {"responsibility": "full", "spiciness": "spicy"},
        )
    )
    assert n == {"A": 1024, "B": 0, "C": 0, "D": -1024}


def test_hk11_h2_liable_discarder_pays_for_all() -> None:
    # HK-11, H2 L379–383: (+128, 0, 0, -128) $ — 包打出 under 半銃 = 4m
    r = rec(
        [{"winner": "A", "from": "D", "fan": 8}],
        {"responsibility": "half"},
        events=[{"type": "bao", "player": "D", "from": "A"}],
    )
    s = settle(r)
    assert s.net == {"A": 256, "B": 0, "C": 0, "D": -256}
    assert [p.reason for p in s.payments] == ["bao_discard"]


def test_hk12_h2_liable_self_draw() -> None:
    # HK-12, H2 L402–406: (-48, 0, +48, 0) $ — C self-draws 4 faan, A pays 6m = 96 units
    r = rec([{"winner": "C", "fan": 4}], events=[{"type": "bao", "player": "A"}])
    s = settle(r)
    assert s.net == {"A": -96, "B": 0, "C": 96, "D": 0}
    assert [p.reason for p in s.payments] == ["bao_self_draw"]


def test_hk13_h2_self_draws() -> None:
    # HK-13, H2 L324–342: (+3, -1, -1, -1) and (-64, -64, -64, +192) $
    assert net(rec([{"winner": "A", "fan": 0}], LOW)) == {"A": 6, "B": -2, "C": -2, "D": -2}
    assert net(rec([{"winner": "D", "fan": 8}])) == {"A": -128, "B": -128, "C": -128, "D": 384}


def test_hk14_h2_false_win_limit_win_each() -> None:
    # HK-14, H2 L315–319: (+1152, -3456, +1152, +1152) $ — B pays each 6 × m(13) = 2304 units
    n = net(false_win("B", {"max_faan": 13, "false_win": "limit_win_each"}))
    assert n == {"A": 2304, "B": -6912, "C": 2304, "D": 2304}


def test_hk15_h7_false_win_banded_default() -> None:
    # HK-15, H7 Penalties: "you pay everyone 128 chips" — banded limit tier m = 64, 2 × 64 each
    n = net(false_win("C", {"spiciness": "banded"}))
    assert n == {"A": 128, "B": 128, "C": -384, "D": 128}


def test_hk16_h6_false_win_fine_to_nobody() -> None:
    # HK-16, H6 賽制: "食「詐糊」者罰扣十番的分數,即 512,其他三家不加分" — 4 × m(10), paid into nothing
    s = settle(false_win("D", {"max_faan": 10, "false_win": "fine_no_payee"}))
    assert {p: s.net[p] for p in P} == {"A": 0, "B": 0, "C": 0, "D": -512}
    assert s.net["pot"] == 512
    assert [(p.payee, p.reason) for p in s.payments] == [("pot", "false_win_fine")]
    assert "nobody receives" in s.explanation[0].en


def _night(hands: list[dict[str, Any]], players: list[str]) -> dict[str, int]:
    total = dict.fromkeys(players, 0)
    for h in hands:
        for p, v in settle(h).net.items():
            total[p] += v
    return total


def test_hk17_h3_comprehensive_night() -> None:
    # HK-17, H3 examples/comprehensive.txt(.tsv): "C 500, B 204, A 200, D -904" (一二蚊, 1 unit = $1)
    o = {"preset": "yi_er_man", "max_faan": 6, "responsibility": "half", "spiciness": "half",
         "false_win": "limit_win_each", "min_faan": 0}  # fmt: skip
    hands = [
        rec([], o, result="draw"),
        false_win("D", o),
        rec([{"winner": "A", "fan": 1}], o),
        rec([{"winner": "B", "from": "C", "fan": 2}], o),
        rec([{"winner": "C", "from": "D", "fan": 6}], o, events=[{"type": "bao", "player": "D"}]),
        rec([{"winner": "C", "fan": 6}], o, events=[{"type": "bao", "player": "D"}]),
    ]
    assert _night(hands, P) == {"A": 200, "B": 204, "C": 500, "D": -904}


def test_hk18_h3_historic_night() -> None:
    # HK-18, H3 examples/historic.txt(.tsv): "A 76, E 28, B -20, C -84" $ at 二五雞 (units ÷ 4)
    players = ["A", "E", "B", "C"]
    o = {"preset": "er_wu_ji", "max_faan": 8, "responsibility": "full", "spiciness": "half"}

    def h(winner: str, fan: int, frm: str | None = None) -> dict[str, Any]:
        return rec([{"winner": winner, "from": frm, "fan": fan}], o, players=players)

    hands = [h("A", 8), h("B", 4, "C"), h("E", 7, "B"), h("E", 4, "C"), h("B", 6), h("E", 3)]
    units = _night(hands, players)
    assert units == {"A": 304, "E": 112, "B": -80, "C": -336}
    assert {p: units[p] * STAKE_CENTS["er_wu_ji"] // 100 for p in players} == {
        "A": 76, "E": 28, "B": -20, "C": -84,
    }  # fmt: skip


def test_hk19_h5_h6_robbed_kong_konger_pays_the_self_draw() -> None:
    # HK-19, H5 "搶槓當自摸 開槓的一家包" / H6 "搶槓當自摸,開槓者需包三家自摸": B robs D, 3 faan → 6m
    s = settle(rec([{"winner": "B", "from": "D", "robbed_kong": True, "fan": 3}]))
    assert s.net == {"A": 0, "B": 48, "C": 0, "D": -48}
    assert [p.reason for p in s.payments] == ["robbed_kong_bao"]


def test_robbed_kong_other_readings_h_c4() -> None:
    # spec H-C4 (b) H15 "treat the would-be konger as the discarder": 全銃 4m; (c) H16 all pay
    win = [{"winner": "B", "from": "D", "robbed_kong": True, "fan": 3}]
    assert net(rec(win, {"robbed_kong": "discard"})) == {"A": 0, "B": 32, "C": 0, "D": -32}
    assert net(rec(win, {"robbed_kong": "discard", "responsibility": "half"})) == {
        "A": -8, "B": 32, "C": -8, "D": -16,
    }  # fmt: skip
    assert net(rec(win, {"robbed_kong": "all_pay"})) == {"A": -16, "B": 48, "C": -16, "D": -16}


def test_derived_illustration_five_faan() -> None:
    # §4 derived illustration: defaults, 五一: a 5-faan discard costs 4 × 24 = 96 units = $48;
    # a 5-faan self-draw costs each loser 48 units = $24
    assert net(rec([{"winner": "B", "from": "C", "fan": 5}]))["C"] == -96
    assert money_text(96, "wu_yi") == "$48.00"
    assert net(rec([{"winner": "B", "fan": 5}]))["A"] == -48


# --- explanation precise enough to redo the arithmetic ---------------------------------------


def test_explanation_shows_the_multiplier_and_shares() -> None:
    s = settle(rec([{"winner": "B", "from": "C", "fan": 7}], {"responsibility": "half"}))
    en = " / ".join(step.en for step in s.explanation)
    zh = " / ".join(step.zh for step in s.explanation)
    # issue 25 point 6: "6 faan → 32 units (half-spicy)"; 半辣上 m(7) = 24 × 2^1 = 48 (§2)
    assert "7 faan → 48 units (half-spicy)" in en
    assert "2 × 48 = 96" in en and "a single share, 48 each" in en and "192 in all" in en
    assert "7番 → 48份（半辣上）" in zh and "半铳" in zh


# --- the checklist (§3) ---------------------------------------------------------------------


def test_checklist_adds_and_flowers_do_not_count_for_the_minimum() -> None:
    # 對對糊 3 + 混一色 3 + 正花 1 = 7 faan (§3 values); hand faan without flowers 6 ≥ 3
    s = settle(
        rec([{"winner": "B", "from": "C", "fans": ["dui_dui_hu", "hun_yi_se", "zheng_hua"]}])
    )
    assert s.net["B"] == 4 * multiplier(7, "half")
    # 平糊 1 + 正花 ×2 = 3 faan, but only 1 without flowers (H9): below 三番起糊
    low = rec([{"winner": "B", "from": "C", "fans": ["ping_hu", "zheng_hua", "zheng_hua"]}])
    with pytest.raises(RecordError) as err:
        settle(low)
    assert err.value.field == "wins[0].fans"
    low["options"] = {"flowers_count_for_minimum": True}
    assert settle(low).net["B"] == 4 * multiplier(3, "half")


def test_checklist_limit_hand_is_worth_max_faan() -> None:
    # §3: a limit hand is always max_faan; the other items count nothing (H10)
    for max_faan in (8, 10, 13):
        r = rec(
            [{"winner": "B", "fans": ["shi_san_yao", "zi_mo", "men_qian_qing"]}],
            {"max_faan": max_faan},
        )
        assert settle(r).net["B"] == 6 * multiplier(max_faan, "half")
        flag = rec([{"winner": "B", "flags": ["limit"]}], {"max_faan": max_faan})
        assert settle(flag).net == settle(r).net
        # the bot asks the count first: with the flag a count adds nothing, even below 三番起糊
        for extra in ({"fan": 1}, {"fan": 40}, {"fans": ["ping_hu", "zi_mo"]}):
            both = rec([{"winner": "B", "flags": ["limit"], **extra}], {"max_faan": max_faan})
            assert settle(both).net == settle(r).net


def test_disputed_values_are_options_h_c7() -> None:
    # H-C7: 清一色 7 (H5, H11) vs 6 (H12, H17); 大三元 8 vs limit vs 6
    win = [{"winner": "B", "from": "C", "fans": ["qing_yi_se"]}]
    assert net(rec(win))["B"] == 4 * multiplier(7, "half")
    assert net(rec(win, {"faan_qing_yi_se": "6"}))["B"] == 4 * multiplier(6, "half")
    dragons = [{"winner": "B", "from": "C", "fans": ["da_san_yuan"]}]
    assert net(rec(dragons, {"faan_da_san_yuan": "limit"}))["B"] == 4 * multiplier(13, "half")


def test_concealed_self_draw_option_h_c9() -> None:
    win = [{"winner": "B", "fans": ["dui_dui_hu", "zi_mo", "men_qian_qing"]}]
    assert net(rec(win))["B"] == 6 * multiplier(5, "half")
    s = settle(rec(win, {"concealed_self_draw": "zi_mo_only"}))
    assert s.net["B"] == 6 * multiplier(4, "half")
    assert "門前清 not counted" in s.explanation[0].en


@pytest.mark.parametrize(
    ("win", "field"),
    [
        ({"from": "C", "fans": ["dui_dui_hu", "zi_mo"]}, "wins[0].fans[1]"),  # 自摸 on a discard
        ({"fans": ["fan_zi", "fan_zi", "fan_zi", "dui_dui_hu"]}, "wins[0].fans[2]"),  # three 番子
        ({"fans": ["ping_hu", "dui_dui_hu", "zi_mo"]}, "wins[0].fans[1]"),  # exclusion
        ({"fans": ["hua_yao_jiu", "hun_yi_se", "zi_mo"]}, "wins[0].fans"),  # 花么九 needs 對對糊
        ({"from": "C", "fans": ["qiang_gang", "dui_dui_hu"]}, "wins[0].fans[0]"),  # no robbed kong
        ({"fans": ["tian_hu"]}, "wins[0].fans[0]"),  # winner B is not the dealer
        ({"fans": ["no_such_faan"]}, "wins[0].fans[0]"),
        ({"fans": ["dui_dui_hu"], "fan": 3}, "wins[0].fans"),  # two inputs
        ({}, "wins[0].fan"),  # no input
        ({"from": "C", "fan": 2}, "wins[0].fan"),  # below 三番起糊 (H6: a false win)
    ],
)
def test_impossible_records_name_the_field(win: dict[str, Any], field: str) -> None:
    with pytest.raises(RecordError) as err:
        settle(rec([{"winner": "B", **win}]))
    assert err.value.field == field


def test_other_checks() -> None:
    two = [{"winner": "B", "from": "C", "fan": 3}, {"winner": "D", "from": "C", "fan": 4}]
    with pytest.raises(RecordError) as err:
        settle(rec(two))
    assert err.value.field == "wins"
    # with multiple_winners each claimant is settled alone; the discarder pays each
    assert net(rec(two, {"multiple_winners": True})) == {"A": 0, "B": 32, "C": -96, "D": 64}
    with pytest.raises(RecordError) as err:
        settle(rec([], result="false_win"))
    assert err.value.field == "events"
    with pytest.raises(RecordError) as err:
        settle(rec([{"winner": "B", "fan": 3}], events=[{"type": "bao", "player": "B"}]))
    assert err.value.field == "events[0].player"
    with pytest.raises(RecordError) as err:
        settle(rec([{"winner": "B", "fan": 3}], {"min_faan": 9, "max_faan": 8}))
    assert err.value.field == "options.max_faan"


def test_rules_json_lists_the_checklist_with_traditional_names() -> None:
    from scoring import get

    data = get("hongkong").to_json()
    fans = {f["id"]: f for f in data["fans"]}
    assert set(fans) == set(FANS)
    assert fans["jiu_lian_bao_deng"]["name_zh_hant"] == "九子連環"
    assert fans["shi_san_yao"]["limit"] is True
    assert {p["id"] for p in data["presets"]} == {"er_wu_ji", "wu_yi", "yi_er_man"}
    assert {r["id"] for r in data["results"]} == {"win", "draw", "false_win"}


# --- properties ------------------------------------------------------------------------------

STYLE = st.sampled_from(["half", "spicy", "banded"])
RESP = st.sampled_from(["full", "half"])
SEAT = st.sampled_from(P)


def _win_net(winner: str, frm: str | None, fan: int, opts: dict[str, Any]) -> dict[str, int]:
    return net(rec([{"winner": winner, "from": frm, "fan": fan}], {"min_faan": 0, **opts}))


@settings(max_examples=150, deadline=None)
@given(STYLE, RESP, SEAT, SEAT, st.booleans(), st.integers(0, 30), st.integers(0, 30))
def test_zero_sum_and_monotone_in_faan(
    style: str, resp: str, w: str, d: str, self_drawn: bool, f1: int, f2: int
) -> None:
    frm = None if self_drawn or d == w else d
    lo, hi = sorted((f1, f2))
    opts = {"spiciness": style, "responsibility": resp}
    a, b = _win_net(w, frm, lo, opts), _win_net(w, frm, hi, opts)
    assert sum(a.values()) == 0 and sum(b.values()) == 0  # §2: every payment goes to the winner
    assert a[w] <= b[w]
    assert all(b[p] <= a[p] for p in P if p != w)  # a loser never pays less for more faan


@settings(max_examples=100, deadline=None)
@given(STYLE, RESP, st.sampled_from([8, 10, 13]), st.integers(0, 60))
def test_limit_caps_the_faan(style: str, resp: str, max_faan: int, extra: int) -> None:
    opts = {"spiciness": style, "responsibility": resp, "max_faan": max_faan}
    assert _win_net("B", "C", max_faan + extra, opts) == _win_net("B", "C", max_faan, opts)
    assert _win_net("B", None, max_faan + extra, opts)["B"] == 6 * multiplier(max_faan, style)


@settings(max_examples=100, deadline=None)
@given(STYLE, SEAT, SEAT, st.integers(0, 13))
def test_half_and_full_responsibility_winner_collects_the_same(
    style: str, w: str, d: str, fan: int
) -> None:
    # H4 on 全铳制: "和牌者所收的金额维持不变"; under 半銃 the half share m is exact (no rounding)
    if w == d:
        return
    full = _win_net(w, d, fan, {"spiciness": style, "responsibility": "full"})
    half = _win_net(w, d, fan, {"spiciness": style, "responsibility": "half"})
    m = multiplier(fan, style)
    assert full[w] == half[w] == 4 * m
    assert full[d] == -4 * m and half[d] == -2 * m
    assert all(half[p] == -m for p in P if p not in (w, d))
    assert all(full[p] == 0 for p in P if p not in (w, d))


@settings(max_examples=100, deadline=None)
@given(STYLE, RESP, SEAT, SEAT, SEAT, st.booleans(), st.integers(3, 13))
def test_liability_rules(
    style: str, resp: str, w: str, d: str, liable: str, self_drawn: bool, fan: int
) -> None:
    """包 (spec H-C5): on a self-draw the liable player alone pays what the three would; on a
    discard a liable discarder pays 4m; a liable non-discarder changes nothing."""
    if liable == w or (not self_drawn and d == w):
        return
    frm = None if self_drawn else d
    opts = {"spiciness": style, "responsibility": resp}
    plain = _win_net(w, frm, fan, opts)
    r = rec(
        [{"winner": w, "from": frm, "fan": fan}], opts, events=[{"type": "bao", "player": liable}]
    )
    with_bao = net(r)
    m = multiplier(fan, style)
    assert with_bao[w] == plain[w]  # the winner's total never changes
    if self_drawn:
        assert with_bao[liable] == -6 * m
        assert all(with_bao[p] == 0 for p in P if p not in (w, liable))
    elif liable == d:
        assert with_bao[d] == -4 * m and sum(1 for p in P if with_bao[p] < 0) == 1
    else:
        assert with_bao == plain


@settings(max_examples=60, deadline=None)
@given(STYLE, st.sampled_from(["limit_share_each", "limit_win_each", "fine_no_payee"]), SEAT,
       st.integers(0, 13))  # fmt: skip
def test_false_win_amounts(style: str, mode: str, offender: str, max_faan: int) -> None:
    s = settle(
        false_win(
            offender, {"spiciness": style, "false_win": mode, "max_faan": max_faan, "min_faan": 0}
        )
    )
    big_m = multiplier(max_faan, style)
    players_sum = sum(s.net[p] for p in P)
    if mode == "fine_no_payee":
        assert s.net[offender] == -4 * big_m and players_sum == -4 * big_m
    else:
        k = 2 if mode == "limit_share_each" else 6
        assert s.net[offender] == -3 * k * big_m and players_sum == 0


# --- H2 in full: every case of test_game_compute_net_scores (yawnoc/mahjong-scorer
# test_mahjongscore.py; $ at base 1 = 五一, so units = 2 × $). HK-07 … HK-14 are among them;
# the others (false win at M=8, self-draw 4, 包打出 spicy, 包自摸 0 and 8 faan) check the rest.
# Blame types: d discarder, D 包打出, S 包自摸, f 詐糊.

H2_CASES = [
    # (maximum_faan, responsibility, spiciness, winner, faan, blame, type, $ nets)
    (8, "full", "half", None, None, 1, "f", (+192, -576, +192, +192)),
    (13, "full", "half", None, None, 1, "f", (+1152, -3456, +1152, +1152)),
    (13, "full", "half", 0, 0, None, None, (+3, -1, -1, -1)),
    (13, "full", "half", 2, 4, None, None, (-16, -16, +48, -16)),
    (13, "full", "half", 3, 8, None, None, (-64, -64, -64, +192)),
    (13, "half", "half", 1, 8, 2, "d", (-32, +128, -64, -32)),
    (13, "half", "spicy", 1, 8, 2, "d", (-128, +512, -256, -128)),
    (13, "full", "half", 0, 8, 3, "d", (+128, 0, 0, -128)),
    (13, "full", "spicy", 0, 8, 3, "d", (+512, 0, 0, -512)),
    (13, "half", "half", 0, 8, 3, "D", (+128, 0, 0, -128)),
    (13, "half", "spicy", 0, 8, 3, "D", (+512, 0, 0, -512)),
    (13, "full", "half", 0, 0, 1, "S", (+3, -3, 0, 0)),
    (13, "full", "half", 2, 4, 0, "S", (-48, 0, +48, 0)),
    (13, "full", "half", 3, 8, 2, "S", (0, 0, -192, +192)),
]


@pytest.mark.parametrize("case", H2_CASES, ids=[f"h2-{i}" for i in range(len(H2_CASES))])
def test_h2_compute_net_scores_every_case(case: tuple[Any, ...]) -> None:
    max_faan, resp, spice, winner, faan, blame, kind, dollars = case
    opts = {"max_faan": max_faan, "responsibility": resp, "spiciness": spice, "min_faan": 0,
            "false_win": "limit_win_each"}  # fmt: skip
    if kind == "f":
        r = false_win(P[blame], opts)
    else:
        frm = P[blame] if kind in ("d", "D") else None
        events = [{"type": "bao", "player": P[blame]}] if kind in ("D", "S") else []
        r = rec([{"winner": P[winner], "from": frm, "fan": faan}], opts, events=events)
    assert [settle(r).net[p] for p in P] == [2 * d for d in dollars]


def test_h1_two_five_chicken_example_exact_quarter_dollars() -> None:
    # H1 examples/two-five-chicken.txt: "B=0.5 # 二五雞 … R=half # 半銃 … a b c d / 0 - - d"
    # → .tsv "a 1, b -0.25, c -0.25, d -0.5": the 半銃 single share of a chicken hand is a
    # quarter dollar. In units it is exactly 1 (no rounding), and the dollars are whole cents.
    players = ["a", "b", "c", "d"]
    o = {"preset": "er_wu_ji", "max_faan": 8, "responsibility": "half", "min_faan": 0}
    s = settle(rec([{"winner": "a", "from": "d", "fan": 0}], o, players=players))
    assert s.net == {"a": 4, "b": -1, "c": -1, "d": -2}
    assert [money_text(s.net[p], "er_wu_ji") for p in players] == [
        "$1.00",
        "-$0.25",
        "-$0.25",
        "-$0.50",
    ]
    assert not any("$" in step.en for step in s.explanation)  # the money is the table's


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.sampled_from(sorted(FANS)), min_size=1, max_size=5),
    st.sampled_from(sorted(FANS)),
    st.sampled_from([None, "C"]),
    STYLE,
)
def test_checklist_is_monotone(fans: list[str], extra: str, frm: str | None, style: str) -> None:
    """Ticking one more item never lowers what the winner collects (values are ≥ 0, capped)."""
    from scoring import RecordError as Err

    def won(items: list[str]) -> int | None:
        r = rec([{"winner": "A", "from": frm, "fans": items}], {"spiciness": style, "min_faan": 0})
        try:
            return settle(r).net["A"]
        except Err:
            return None

    before, after = won(fans), won([*fans, extra])
    if before is not None and after is not None:
        assert after >= before
