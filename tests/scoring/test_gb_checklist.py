"""Guobiao checklist (``wins[].fans``): the engine applies the 不计 table to a list of fan ids,
says which listed fans it removed and why, and refuses impossible lists.

不计 texts: seed ``002_eb57fc9b56582777.txt`` L181–287, quoted row by row in
``scoring/gb/exclusions.py``; spec ``guobiao-mcr.md`` §3 (columns "不计" and "engine adds").
"""

from __future__ import annotations

import pytest

from scoring.errors import RecordError
from scoring.gb.checklist import evaluate_checklist
from scoring.gb.exclusions import ROWS, implied

# (listed fans, self-drawn, the fan that must be removed, the fan it is removed for)
CHECKLIST_EXCLUSIONS: list[tuple[str, str]] = [
    # 大四喜 "不计圈风刻、门风刻、三风刻、碰碰胡" + ※小四喜
    ("little_four_winds", "big_four_winds"),
    # 大三元 "不计箭刻" + ※小三元 (impossible together)
    ("little_three_dragons", "big_three_dragons"),
    # 清幺九 ※混幺九 (G7 / engine adds)
    ("all_terminals_and_honors", "all_terminals"),
    # 字一色 ※混幺九
    ("all_terminals_and_honors", "all_honors"),
    # 一色双龙会 ※一般高、老少副
    ("pure_double_chow", "pure_terminal_chows"),
    ("two_terminal_chows", "pure_terminal_chows"),
    # 三色双龙会 "不计喜相逢、老少副、无字、平和"
    ("mixed_double_chow", "three_suited_terminal_chows"),
    # 清龙 ※连六、老少副 (seed 001 L76 "青龙…不计连六")
    ("short_straight", "pure_straight"),
    # 一色四步高 ※一色三步高
    ("pure_shifted_chows", "four_pure_shifted_chows"),
    # 一色四节高 ※一色三节高; 一色四同顺 "不计一色三节高"
    ("pure_shifted_pungs", "four_pure_shifted_pungs"),
    ("pure_shifted_pungs", "quadruple_chow"),
    # 一色四同顺 ※一色三同顺; 一色四节高 "不计一色三同顺"
    ("pure_triple_chow", "quadruple_chow"),
    ("pure_triple_chow", "four_pure_shifted_pungs"),
    # 全大 ※大于五, 全小 ※小于五 (principle 1; the spec's ※ column omits them)
    ("upper_four", "upper_tiles"),
    ("lower_four", "lower_tiles"),
    # 双暗杠 ※双暗刻 (principle 1; the spec's ※ column omits it)
    ("two_concealed_pungs", "two_concealed_kongs"),
    # 七对 "不计不求人、单钓"
    ("single_wait", "seven_pairs"),
]

_NEEDS_SELF = {"fully_concealed_hand", "self_drawn", "last_tile_draw", "out_with_replacement_tile"}


@pytest.mark.parametrize(("fan", "by"), CHECKLIST_EXCLUSIONS)
def test_implied_fan_removed(fan: str, by: str) -> None:
    self_drawn = fan in _NEEDS_SELF or by in _NEEDS_SELF
    res = evaluate_checklist([by, fan], "fans", self_drawn=self_drawn, robbed_kong=False)
    assert fan not in res.fans
    assert by in res.fans
    assert any(e.id == fan and e.by == by for e in res.excluded)


@pytest.mark.parametrize("row", ROWS, ids=[r.fan for r in ROWS])
def test_every_official_row_applies(row: object) -> None:
    """Every official 不计 item of every row is removed when listed with its fan."""
    from scoring.gb.exclusions import Row

    assert isinstance(row, Row)
    for g in row.official:
        if g == "pung_of_terminals_or_honors":
            continue
        self_drawn = g in _NEEDS_SELF or row.fan in _NEEDS_SELF
        if {g, row.fan} & {"concealed_hand", "robbing_the_kong", "melded_hand", "last_tile_claim"}:
            self_drawn = False
        if row.fan in ("robbing_the_kong",) or g == "robbing_the_kong":
            continue  # needs a robbed-kong win; see test_robbing_the_kong_excludes_last_tile
        if row.fan in implied(g):
            continue  # mutual (G5: 一色三同顺 ⇄ 一色三节高): the first listed in the table wins
        try:
            res = evaluate_checklist([row.fan, g], "fans", self_drawn=self_drawn, robbed_kong=False)
        except RecordError:
            # a concealed-only fan with an exposed-only one (never both possible): refused
            continue
        assert g not in res.fans, (row.fan, g)
        assert any(e.id == g and e.by == row.fan for e in res.excluded)


def test_robbing_the_kong_excludes_last_tile() -> None:
    # seed 002 L223 "抢杠胡 和别人自抓开明杠的牌。不计和绝张番"
    res = evaluate_checklist(
        ["robbing_the_kong", "last_tile", "mixed_straight"], "fans", self_drawn=False,
        robbed_kong=True,
    )  # fmt: skip
    assert res.fans == {"robbing_the_kong": 1, "mixed_straight": 1}
    assert [(e.id, e.by) for e in res.excluded] == [("last_tile", "robbing_the_kong")]


def test_excluded_fan_does_not_exclude() -> None:
    # 十三幺 "不计…不求人": the removed 不求人 does not remove 自摸 (it is still counted)
    res = evaluate_checklist(
        ["thirteen_orphans", "fully_concealed_hand", "self_drawn"], "fans", self_drawn=True,
        robbed_kong=False,
    )  # fmt: skip
    assert res.fans == {"thirteen_orphans": 1, "self_drawn": 1}


def test_repeated_chow_pair_fans_allowed_up_to_two() -> None:
    # 套算一次: 223344p 567p 234s … 一般高, 喜相逢, 连六 — each at most twice in four chows
    res = evaluate_checklist(
        ["mixed_double_chow", "mixed_double_chow", "short_straight"], "fans", self_drawn=False,
        robbed_kong=False,
    )  # fmt: skip
    assert res.fans == {"mixed_double_chow": 2, "short_straight": 1}
    with pytest.raises(RecordError, match="listed 3 times; at most 2"):
        evaluate_checklist(["short_straight"] * 3, "fans", self_drawn=False, robbed_kong=False)


def test_yaojiu_capped_by_wind_and_dragon_fans() -> None:
    # 大四喜: the 4 wind pungs are all the pungs; a listed 幺九刻 cannot stand
    res = evaluate_checklist(
        ["big_four_winds", "pung_of_terminals_or_honors"], "fans", self_drawn=False,
        robbed_kong=False,
    )  # fmt: skip
    assert "pung_of_terminals_or_honors" not in res.fans
    # 箭刻 + 幺九刻 (e.g. a 9m pung): both stand
    res = evaluate_checklist(
        ["dragon_pung", "pung_of_terminals_or_honors", "mixed_straight"], "fans",
        self_drawn=False, robbed_kong=False,
    )  # fmt: skip
    assert res.fans["pung_of_terminals_or_honors"] == 1
    # 混幺九 "不计…幺九刻" (engine adds): all removed
    res = evaluate_checklist(
        ["all_terminals_and_honors", "pung_of_terminals_or_honors"], "fans", self_drawn=False,
        robbed_kong=False,
    )  # fmt: skip
    assert "pung_of_terminals_or_honors" not in res.fans


@pytest.mark.parametrize(
    ("fans", "self_drawn", "robbed", "match"),
    [
        (["pure_stright"], False, False, "did you mean 'pure_straight'"),
        (["chicken_hand", "seat_wind"], False, False, "Chicken Hand means no other fan"),
        (["fully_concealed_hand"], False, False, "needs a self-drawn win"),
        (["self_drawn"], False, False, "needs a self-drawn win"),
        (["concealed_hand"], True, False, "needs a win on a discard"),
        (["last_tile_claim"], True, False, "needs a win on a discard"),
        (["mixed_straight"], False, True, "list robbing_the_kong"),
        (["robbing_the_kong"], False, False, "not marked robbed_kong"),
        (["concealed_hand", "melded_kong"], False, False, "needs a concealed hand"),
        (["seven_pairs", "melded_hand"], False, False, "needs a concealed hand"),
        (["heavenly_hand"], True, False, "non-standard fan, not played"),
    ],
)
def test_impossible_lists_refused(
    fans: list[str], self_drawn: bool, robbed: bool, match: str
) -> None:
    with pytest.raises(RecordError, match=match):
        evaluate_checklist(fans, "wins[0].fans", self_drawn=self_drawn, robbed_kong=robbed)


def test_extended_exclusions_option() -> None:
    # seed 001 L63 "大四喜…不计…缺门": only with extended_exclusions
    base = ["big_three_dragons", "one_voided_suit"]
    res = evaluate_checklist(base, "fans", self_drawn=False, robbed_kong=False)
    assert "one_voided_suit" in res.fans
    res = evaluate_checklist(base, "fans", self_drawn=False, robbed_kong=False, extended=True)
    assert "one_voided_suit" not in res.fans


def test_engine_adds_off_keeps_only_official_lists() -> None:
    # 七对 official "不计不求人、单钓"; 门前清 is only an engine addition
    listed = ["seven_pairs", "concealed_hand"]
    on = evaluate_checklist(listed, "fans", self_drawn=False, robbed_kong=False)
    off = evaluate_checklist(listed, "fans", self_drawn=False, robbed_kong=False, engine_adds=False)
    assert "concealed_hand" not in on.fans
    assert off.fans == {"seven_pairs": 1, "concealed_hand": 1}
