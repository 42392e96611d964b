"""The scoring principles and the tricky readings, each with its own test.

Principles (seed 001 L207–209; spec §2.2): 1 不重复 (implied fans are not counted), 2 不拆移,
3 不得相同, 4 就高不就低 (the reading with the higher total), 5 套算一次 (each set combines once
for 一般高/喜相逢/连六/老少副). Wait fans: seed 002 L281–285 "单和123的3及789的7或1233和3…都为边张。
手中有12345和3，56789和6不算边张" / "4556和5也为坎张，手中有45567和6不算坎张".
"""

from __future__ import annotations

from scoring.gb.calculator import GbResult
from tests.scoring.test_gb_fans import score


def fans(res: GbResult) -> dict[str, int]:
    return {f.id: f.count for f in res.fans}


def test_seven_pairs_that_also_decompose_as_chows_keeps_the_higher() -> None:
    # 11223399m 112233p: as chows 123m 123m 123p 123p 99m (一般高×2 …) or as 七对: 就高不就低
    res = score("11223399m112233p", "3p")
    assert res.form == "seven_pairs"
    assert fans(res) == {"seven_pairs": 1, "one_voided_suit": 1, "no_honors": 1}
    # 1122335577889m: 七对 24 + 清一色 24 … < 一色双龙会 64 ("不计…七对", seed 002 L185)
    res = score("1122335577889m", "9m")
    assert res.form == "standard" and "pure_terminal_chows" in fans(res)


def test_seven_pairs_with_four_of_a_kind_is_two_pairs_and_tile_hog() -> None:
    # 四归一 "有4张相同的牌归于一家的…对、将牌中(不包括杠牌)"
    res = score("1111m33m55p77p99s11z", "1z")
    assert fans(res)["seven_pairs"] == 1
    assert fans(res)["tile_hog"] == 1


def test_knitted_straight_plus_a_set() -> None:
    # 组合龙 "从性质上说也是3+3+3+3+2的一种…其中3个3是3种花色的147、258、369…其他3+2无要求"
    res = score("147m258p369s123m55z", "5z")
    assert res.form == "knitted_straight"
    assert fans(res) == {"knitted_straight": 1, "concealed_hand": 1, "single_wait": 1}
    # with a pung of the seat wind and a melded set
    res = score("[111z]147p258s369m55z", "5z")
    assert fans(res)["knitted_straight"] == 1 and fans(res)["all_types"] == 1


def test_lesser_honors_with_a_full_knitted_straight_counts_both() -> None:
    res = score("147m258p369s1234z", "5z")
    assert fans(res) == {"lesser_honors_and_knitted_tiles": 1, "knitted_straight": 1}


def test_tile_hog_not_from_a_kong() -> None:
    # "(不包括杠牌)": four 5p as a kong are no 四归一; four 5p spread over sets are
    assert "tile_hog" not in fans(score("[5555p]123m456s789m1z", "1z"))
    assert fans(score("[555p]345p123m789s11z", "1z"))["tile_hog"] == 1


def test_account_once_repeated_chow_pair_fans() -> None:
    # 234567s 234567p: 4 pair fans but only 3 links: 喜相逢×2 + 连六 (or 喜相逢 + 连六×2)
    f = fans(score("234567s234567p5s", "5s"))
    pair_fans = {k: v for k, v in f.items() if k in ("mixed_double_chow", "short_straight")}
    assert sum(pair_fans.values()) == 3
    # 223344p 567p 234s: 234s may form 喜相逢 once only (不得相同) → 一般高 + 喜相逢 + 连六
    f = fans(score("223344p567p234s55m", "5m"))
    assert (f["pure_double_chow"], f["mixed_double_chow"], f["short_straight"]) == (1, 1, 1)
    # two separate pairs of identical chows: 一般高 ×2
    f = fans(score("[123m][123m]456p456p1z", "1z"))
    assert f["pure_double_chow"] == 2


def test_three_chow_fan_leaves_the_fourth_one_combination() -> None:
    # 清龙 123 456 789m + 123m: the extra chow combines once (一般高), not also 连六/老少副
    f = fans(score("123456789m123m5p", "5p"))
    assert f["pure_straight"] == 1 and f["pure_double_chow"] == 1
    assert "short_straight" not in f and "two_terminal_chows" not in f


def test_edge_wait_seed_examples() -> None:
    assert fans(score("1233m456p789s111z", "3m"))["edge_wait"] == 1  # "1233和3…为边张"
    # "手中有12345和3 … 不算边张": the hand also waits on 6m
    f = fans(score("12345m789p789s11z", "3m"))
    assert "edge_wait" not in f


def test_closed_wait_seed_examples() -> None:
    assert fans(score("4556m123p789s111z", "5m"))["closed_wait"] == 1  # "4556和5也为坎张"
    # "手中有45567和6不算坎张"
    f = fans(score("45567m123p789s11z", "6m"))
    assert "closed_wait" not in f


def test_discard_completing_a_pung_makes_it_exposed() -> None:
    # 双碰 (shanpon) 55m 77m on a discard 7m: 777m is not concealed → 双暗刻 only from the others
    f = fans(score("111p999s55m77m123s", "7m"))
    assert f.get("two_concealed_pungs") == 1 and "three_concealed_pungs" not in f
    f = fans(score("111p999s55m77m123s", "7m", "s"))
    assert f.get("three_concealed_pungs") == 1


def test_highest_reading_of_pungs_or_chows() -> None:
    # 111222333m: 一色三节高 + 三暗刻 beats 一色三同顺 (就高不就低)
    f = fans(score("111222333m456m5p", "5p"))
    assert "pure_shifted_pungs" in f and "pure_triple_chow" not in f


def test_excluded_fan_does_not_exclude_further() -> None:
    # 十三幺 "不计…不求人": a self-drawn 十三幺 keeps 自摸 (不求人 is removed, so it removes nothing)
    f = fans(score("19m19p19s1234567z", "7z", "s"))
    assert f == {"thirteen_orphans": 1, "self_drawn": 1}


def test_flowers_are_not_fans_of_the_hand() -> None:
    # 花牌 "不计在起和分内，和牌后才能计分"
    res = score("[123m][567p][345s]78m22z", "6m", "f=3")
    assert res.total == 8 and res.flowers == 3 and res.grand_total == 11
