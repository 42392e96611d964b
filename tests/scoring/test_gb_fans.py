"""Guobiao fans from tiles: every one of the 81 fans in at least three winning hands, and (where
some fan implies it) excluded by that fan at least once.

Each case is (hand in the phone notation, winning tile, context, fans that must be counted,
fans that must be excluded by a given fan, expected total or None). Context tokens: ``s``
self-drawn, ``lt`` 和绝张, ``lw`` last wall tile, ``k`` kong-related, ``seat=X``, ``round=X``
(default E/E), ``f=N`` flowers. Fan definitions and 不计 lists: seed
``002_eb57fc9b56582777.txt`` L181–287 (quoted per fan in ``scoring/gb/exclusions.py``) and
spec ``guobiao-mcr.md`` §3; the totals were worked out by hand from those definitions.
"""

from __future__ import annotations

import pytest

from scoring.gb.calculator import GbResult, calculate
from scoring.gb.exclusions import ROWS
from scoring.gb.fans import FANS
from scoring.gb.hand import parse_hand
from scoring.gb.notation import parse_phone


def score(notation: str, win: str, ctx: str = "", **opts: object) -> GbResult:
    kw: dict[str, object] = {}
    for tok in ctx.split():
        if tok == "s":
            kw["self_drawn"] = True
        elif tok == "lt":
            kw["last_tile"] = True
        elif tok == "lw":
            kw["last_wall"] = True
        elif tok == "k":
            kw["kong"] = True
        elif tok.startswith("seat="):
            kw["seat"] = tok[5:]
        elif tok.startswith("round="):
            kw["prevalent"] = tok[6:]
        elif tok.startswith("f="):
            kw["flowers"] = int(tok[2:])
        else:
            raise AssertionError(f"bad context token {tok!r}")
    res = calculate(parse_hand(parse_phone(notation, win, **kw)), **opts)  # type: ignore[arg-type]
    assert res is not None, f"{notation} +{win} should be a winning hand"
    return res


Case = tuple[str, str, str, str, str, int | None]

# fmt: off
CASES: list[Case] = [
    # 1 大四喜 "由4副风刻(杠)组成的胡牌。不计圈风刻、门风刻、三风刻、碰碰胡"
    ("[111z][222z][333z]444z55m", "5m", "", "big_four_winds half_flush single_wait",
     "big_three_winds<big_four_winds all_pungs<big_four_winds prevalent_wind<big_four_winds seat_wind<big_four_winds", 95),
    ("[111z][222z][333z][444z]5m", "5m", "", "big_four_winds melded_hand half_flush", "single_wait<melded_hand", 100),
    ("111z222z333z444z99m", "9m", "s", "big_four_winds four_concealed_pungs all_terminals_and_honors half_flush self_drawn single_wait",
     "fully_concealed_hand<four_concealed_pungs outside_hand<all_terminals_and_honors", 192),
    # 2 大三元 "胡牌中，有中发白3副刻子。不计箭刻"
    ("[555z][666z][777z]2344m", "4m", "", "big_three_dragons half_flush", "dragon_pung<big_three_dragons two_dragon_pungs<big_three_dragons", 94),
    ("555z666z777z123p99s", "9s", "", "big_three_dragons three_concealed_pungs concealed_hand one_voided_suit single_wait outside_hand", "", 112),
    ("[555z]666z777z111m22m", "2m", "s", "big_three_dragons three_concealed_pungs all_pungs half_flush pung_of_terminals_or_honors self_drawn", "", 118),
    # 3 绿一色 "由23468条及发字中的任何牌组成…不计混一色。如无“发”字组成的各牌，可计清一色"
    ("234s234s666s888s66z", "6z", "", "all_green pure_double_chow concealed_hand two_concealed_pungs single_wait", "half_flush<all_green", 94),
    ("[234s][666s]234s88s666z", "6z", "", "all_green pure_double_chow dragon_pung", "half_flush<all_green", 91),
    ("223344s22s66s888s6s", "6s", "s", "all_green full_flush all_simples pure_double_chow two_concealed_pungs fully_concealed_hand tile_hog", "", None),
    # 4 九莲宝灯 "由一种花色序数牌子按1112345678999组成…见同花色任何1张序数牌即成胡牌。不计清一色"
    ("1112345678999m", "5m", "", "nine_gates two_concealed_pungs pung_of_terminals_or_honors",
     "full_flush<nine_gates concealed_hand<nine_gates no_honors<nine_gates", 91),
    ("1112345678999p", "1p", "s", "nine_gates pure_straight tile_hog self_drawn", "fully_concealed_hand<nine_gates", 107),
    ("1112345678999s", "3s", "", "nine_gates short_straight", "", 89),
    # 5 四杠 "4个杠"
    ("[1111m][2222p][3333s][4444z]5m", "5m", "", "four_kongs melded_hand mixed_shifted_pungs pung_of_terminals_or_honors*2",
     "three_kongs<four_kongs melded_kong<four_kongs two_melded_kongs<four_kongs all_pungs<four_kongs", 104),
    ("[2222m](3333m)[4444p][5555p]6s", "6s", "s", "four_kongs self_drawn all_simples", "single_wait<four_kongs", 91),
    ("(1111z)(2222z)(3333z)(4444z)5z", "5z", "s", "four_kongs big_four_winds four_concealed_pungs all_honors self_drawn",
     "concealed_kong<four_kongs two_concealed_kongs<four_kongs", 305),
    # 6 连七对 "由一种花色序数牌组成序数相连的7个对子的胡牌。不计清一色、不求人、单钓"
    ("1122334455667m", "7m", "", "seven_shifted_pairs", "seven_pairs<seven_shifted_pairs full_flush<seven_shifted_pairs", 88),
    ("2233445566778p", "8p", "s", "seven_shifted_pairs all_simples self_drawn", "fully_concealed_hand<seven_shifted_pairs", 91),
    ("3344556677889s", "9s", "", "seven_shifted_pairs", "concealed_hand<seven_shifted_pairs", 88),
    # 7 十三幺 "由3种序数牌的一、九牌，7种字牌及其中一对作将组成的胡牌。不计五门齐、不求人、单钓"
    ("19m19p19s1234567z", "1m", "", "thirteen_orphans", "all_types<thirteen_orphans", 88),
    ("19m19p19s1234567z", "7z", "s", "thirteen_orphans self_drawn", "fully_concealed_hand<thirteen_orphans", 89),
    ("19m19p19s123456z5z", "7z", "lt", "thirteen_orphans last_tile", "", 92),
    # 8 清幺九 "由序数牌一、九刻子组成的胡牌。不计碰碰胡、同刻、无字"
    ("111m999m111p999p1s", "1s", "", "all_terminals four_concealed_pungs single_wait",
     "all_pungs<all_terminals no_honors<all_terminals double_pung<all_terminals", 129),
    ("[111m][999p]111s999s9m", "9m", "", "all_terminals two_concealed_pungs single_wait", "outside_hand<all_terminals", 67),
    ("[999m][111p][999s]111m9p", "9p", "", "all_terminals single_wait", "pung_of_terminals_or_honors<all_terminals", 65),
    ("111m111p111s999m9s", "9s", "", "all_terminals four_concealed_pungs", "triple_pung<all_terminals", None),
    # 9 小四喜 "胡牌时有风牌的3副刻子及将牌。不计三风刻"
    ("[111z][222z][333z]44z23m", "1m", "", "little_four_winds half_flush outside_hand prevalent_wind seat_wind", "big_three_winds<little_four_winds", 78),
    ("111z222z333z4z555m", "4z", "", "little_four_winds four_concealed_pungs half_flush prevalent_wind seat_wind single_wait", "", 139),
    ("[222z][333z][444z]11z99p", "9p", "", "little_four_winds half_flush all_terminals_and_honors", "all_pungs<all_terminals_and_honors", 102),
    # 10 小三元 "胡牌时有箭牌的两副刻子及将牌。不计箭刻"
    ("[555z][666z]123m45m77z", "6m", "", "little_three_dragons half_flush short_straight", "dragon_pung<little_three_dragons two_dragon_pungs<little_three_dragons", 71),
    ("555z666z77z111p999p", "7z", "", "little_three_dragons four_concealed_pungs all_terminals_and_honors half_flush single_wait", "", 167),
    ("[777z][555z]66z234s67s", "8s", "", "little_three_dragons half_flush", "", 70),
    # 11 字一色 "由字牌的刻子(杠)、将组成的胡牌。不计碰碰胡"
    ("[111z][555z]222z333z6z", "6z", "", "all_honors big_three_winds prevalent_wind seat_wind dragon_pung two_concealed_pungs single_wait",
     "all_pungs<all_honors", 85),
    ("[555z][666z][777z][111z]2z", "2z", "", "all_honors big_three_dragons melded_hand prevalent_wind seat_wind", "", 162),
    ("[444z]555z666z777z2z", "2z", "", "all_honors big_three_dragons three_concealed_pungs single_wait", "pung_of_terminals_or_honors<all_honors", 169),
    # 12 四暗刻 "4个暗刻(暗杠)。不计门前清、碰碰胡"
    ("111m222p333s444s5z", "5z", "", "four_concealed_pungs mixed_shifted_pungs pung_of_terminals_or_honors single_wait",
     "three_concealed_pungs<four_concealed_pungs concealed_hand<four_concealed_pungs all_pungs<four_concealed_pungs", 74),
    ("222m444m666p888s7z", "7z", "s", "four_concealed_pungs self_drawn single_wait", "fully_concealed_hand<four_concealed_pungs", 66),
    ("(1111m)222m333m444m5p", "5p", "", "four_concealed_pungs four_pure_shifted_pungs concealed_kong pung_of_terminals_or_honors single_wait one_voided_suit no_honors",
     "two_concealed_pungs<four_concealed_pungs", 118),
    # 13 一色双龙会 "一种花色的两个老少副，5为将牌。不计平和、七对、清一色"
    ("1122335577889m", "9m", "", "pure_terminal_chows concealed_hand", "full_flush<pure_terminal_chows all_chows<pure_terminal_chows", 66),
    ("1122337788995p", "5p", "", "pure_terminal_chows concealed_hand single_wait", "no_honors<pure_terminal_chows", 67),
    ("12123789789s55s", "3s", "s", "pure_terminal_chows fully_concealed_hand", "", None),
    # 14 一色四同顺 "一种花色4副序数相同的顺子，不计一色三节高、一般高、四归一"
    ("111122223333m5p", "5p", "", "quadruple_chow concealed_hand", "tile_hog<quadruple_chow", None),
    ("[234s][234s][234s]23s55z", "4s", "lt", "quadruple_chow half_flush last_tile", "tile_hog<quadruple_chow", 58),
    ("[678p]667788678p9m", "9m", "", "quadruple_chow one_voided_suit", "", None),
    # 15 一色四节高 "一种花色4副依次递增一位数的刻子不计一色三同顺、碰碰胡"
    ("[333p][444p][555p]666p7s", "7s", "", "four_pure_shifted_pungs single_wait one_voided_suit all_simples", "all_pungs<four_pure_shifted_pungs", 52),
    ("666s777s888s999s1z", "1z", "s", "four_pure_shifted_pungs four_concealed_pungs half_flush self_drawn pung_of_terminals_or_honors", "", None),
    ("[222m][333m][444m]555m7z", "7z", "", "four_pure_shifted_pungs half_flush single_wait", "", None),
    # 16 一色四步高 "一种花色4副依次递增一位数或依次递增二位数的顺子"
    ("123234345456m9p", "9p", "", "four_pure_shifted_chows concealed_hand one_voided_suit", "", None),
    ("[123s][345s][567s]78s55m", "9s", "", "four_pure_shifted_chows all_chows one_voided_suit", "no_honors<all_chows", 35),
    ("234345456567p7s", "7s", "", "four_pure_shifted_chows", "", None),
    # 17 三杠 "3个杠"
    ("[1111m][2222p][3333s]456m7z", "7z", "", "three_kongs mixed_shifted_pungs pung_of_terminals_or_honors single_wait", "melded_kong<three_kongs two_melded_kongs<three_kongs", 42),
    ("(2222m)(3333m)[4444m]55p66p", "5p", "", "three_kongs all_pungs two_concealed_pungs all_simples pure_shifted_pungs one_voided_suit",
     "two_concealed_kongs<three_kongs concealed_kong<three_kongs", 67),
    ("[9999s][1111z][5555z]123p1m", "1m", "", "three_kongs pung_of_terminals_or_honors prevalent_wind seat_wind dragon_pung outside_hand all_types single_wait", "", 50),
    # 18 混幺九 "由字牌和序数牌一、九的刻子用将牌组成的胡牌。不计碰碰胡"
    ("[111z]999m111p999s5z", "5z", "", "all_terminals_and_honors three_concealed_pungs prevalent_wind seat_wind single_wait double_pung all_types",
     "all_pungs<all_terminals_and_honors", 61),
    ("[999p][111s]333z99m77z", "9m", "", "all_terminals_and_honors double_pung all_types", "", 40),
    ("111m999m555z666z1p", "1p", "s", "all_terminals_and_honors four_concealed_pungs two_dragon_pungs self_drawn single_wait one_voided_suit", "", 105),
    # 19 七对 "由7个对子组成胡牌。不计不求人、单钓"
    ("1133557799m11p5p", "5p", "", "seven_pairs one_voided_suit no_honors", "concealed_hand<seven_pairs", 26),
    ("224466m224466p8s", "8s", "s", "seven_pairs all_simples self_drawn", "fully_concealed_hand<seven_pairs", 27),
    ("1122m5566p88s11z5z", "5z", "", "seven_pairs all_types", "", 30),
    # 20 七星不靠 "…7个单张的东西南北中发白…7张序数牌组成没有将牌的胡牌。不计五门齐、不求人、单钓"
    ("147m258p3s1234567z", "7z", "", "greater_honors_and_knitted_tiles",
     "lesser_honors_and_knitted_tiles<greater_honors_and_knitted_tiles all_types<greater_honors_and_knitted_tiles", 24),
    ("14m258p69s1234567z", "4m", "s", "greater_honors_and_knitted_tiles self_drawn", "fully_concealed_hand<greater_honors_and_knitted_tiles", 25),
    ("147s25m36p123456z", "7z", "lt", "greater_honors_and_knitted_tiles last_tile", "", 28),
    # 21 全双刻 "由2、4、6、8序数牌的刻了、将牌组成的胡牌。不计碰碰胡、断幺"
    ("222m444m666p888s2p", "2p", "", "all_even_pungs four_concealed_pungs single_wait", "all_simples<all_even_pungs", 89),
    ("[444m][444p]888s66s22m", "6s", "", "all_even_pungs double_pung", "all_pungs<all_even_pungs no_honors<all_even_pungs", 26),
    ("[222p][666p][888p]44p88s", "8s", "", "all_even_pungs double_pung one_voided_suit", "", 27),
    # 22 清一色 "由一种花色的序数牌组成和各牌。不(计)无字"
    ("[123p][456p]789p11p99p", "9p", "", "full_flush pure_straight pung_of_terminals_or_honors tile_hog", "no_honors<full_flush", 43),
    ("111222333s456s7s", "7s", "", "full_flush pure_shifted_pungs", "", None),
    ("[234m][567m]345m88m99m", "9m", "", "full_flush short_straight pung_of_terminals_or_honors", "", 26),
    # 23 一色三同顺 "胡牌时有一种花色3副序数相同的顺了。不计一色三节高"
    ("[123s][123s]123s789s5p", "5p", "", "pure_triple_chow two_terminal_chows all_chows one_voided_suit single_wait", "", 29),
    ("[456m][456m][456m]789m1z", "1z", "", "pure_triple_chow short_straight half_flush single_wait", "", 32),
    ("[345p][345p]345p567s2s", "2s", "", "pure_triple_chow all_chows all_simples one_voided_suit single_wait", "", 30),
    # 24 一色三节高 "胡牌时有一种花色3副依次递增一位数字的刻了。不计一色三同顺"
    ("111222333m456m5p", "5p", "", "pure_shifted_pungs three_concealed_pungs", "two_concealed_pungs<three_concealed_pungs", 46),
    ("[555p][666p]777p123s9s", "9s", "", "pure_shifted_pungs single_wait one_voided_suit no_honors", "", 27),
    ("[777s][888s][999s]11z22z", "2z", "", "pure_shifted_pungs half_flush all_pungs pung_of_terminals_or_honors*2", "", 38),
    # 25 全大 "由序数牌789组成的顺了、刻子(杠)、将牌的胡牌。不计无字"
    ("[789m][789p]789s888s9m", "9m", "", "upper_tiles mixed_triple_chow", "upper_four<upper_tiles no_honors<upper_tiles", None),
    ("777m888m999p789s8s", "8s", "s", "upper_tiles three_concealed_pungs", "upper_four<upper_tiles", None),
    ("[999s][888s]777s789p9m", "9m", "", "upper_tiles pure_shifted_pungs", "", None),
    # 26 全中 "由序数牌456组成的顺子、刻子(杠)、将牌的胡牌。不计断幺"
    ("[456m][456p]456s444m5p", "5p", "", "middle_tiles mixed_triple_chow", "all_simples<middle_tiles no_honors<middle_tiles", None),
    ("[444p][555p][666p]456m5s", "5s", "", "middle_tiles pure_shifted_pungs", "", None),
    ("456456m456s5p666s", "5p", "", "middle_tiles", "", None),
    # 27 全小 "由序数牌123组成的顺子、刻子(杠)将牌的的胡牌。不计无字"
    ("[123m][123p]123s111m2p", "2p", "", "lower_tiles mixed_triple_chow", "lower_four<lower_tiles no_honors<lower_tiles", None),
    ("111m222m333m123p3s", "3s", "", "lower_tiles pure_shifted_pungs", "lower_four<lower_tiles", None),
    ("[333s][222s]111s123m3p", "3p", "", "lower_tiles pure_shifted_pungs", "", None),
    # 28 清龙 "胡牌时，有一种花色1-9相连接的序数牌"
    ("[123m]456m789m11z55z", "5z", "", "pure_straight half_flush dragon_pung", "", 24),
    ("123456789p234s5s", "5s", "", "pure_straight concealed_hand all_chows one_voided_suit", "", 21),
    ("123456789s111z9s", "9s", "s", "pure_straight fully_concealed_hand half_flush prevalent_wind seat_wind", "", None),
    # 29 三色双龙会 "2种花色2个老少副、另一种花色5作将的胡牌。不计喜相逢、老少副、无字、平和"
    ("123789m123789p5s", "5s", "", "three_suited_terminal_chows concealed_hand",
     "all_chows<three_suited_terminal_chows no_honors<three_suited_terminal_chows", None),
    ("[123s][789s]123m789m5p", "5p", "", "three_suited_terminal_chows single_wait", "", 17),
    ("123789p123789s5m", "5m", "s", "three_suited_terminal_chows fully_concealed_hand", "", None),
    # 30 一色三步高 "有一种花色3副依次递增一位或依次递增二位数字的顺子"
    ("123m234m345m678p9p", "9p", "", "pure_shifted_chows", "", None),
    ("[123s][345s]567s11z22z", "2z", "", "pure_shifted_chows half_flush pung_of_terminals_or_honors", "", 23),
    ("[456p][567p][678p]111m9s", "9s", "", "pure_shifted_chows pung_of_terminals_or_honors no_honors single_wait", "", 19),
    # 31 全带五 "每副牌及将牌必须有5的序数牌。不计断幺"
    ("[345m][456p]567s555m5s", "5s", "", "all_fives mixed_shifted_chows", "all_simples<all_fives", None),
    ("[555p][456s][345m]555s5m", "5m", "", "all_fives double_pung tile_hog single_wait", "no_honors<all_fives", 21),
    ("456456m456p5s555p", "5s", "", "all_fives", "", None),
    # 32 三同刻 "3个序数相同的刻子(杠)"
    ("[222m][222p]222s345m6p", "6p", "", "triple_pung all_simples single_wait", "", 19),
    ("999m999p999s123m1z", "1z", "", "triple_pung three_concealed_pungs", "", None),
    ("[777m]777p777s456s8s", "8s", "", "triple_pung", "", None),
    # 33 三暗刻 "3个暗刻"
    ("111m222p333s456s7z", "7z", "", "three_concealed_pungs mixed_shifted_pungs concealed_hand", "two_concealed_pungs<three_concealed_pungs", None),
    ("[123p]444m555m666m7s", "7s", "", "three_concealed_pungs pure_shifted_pungs", "", None),
    ("222m333m444m567p8s", "8s", "s", "three_concealed_pungs", "", None),
    # 34 全不靠 "由单张3种花色147、258、369不能错位的序数牌及东南西北中发白中的任何14张牌组成的胡牌。不计五门齐、不求人、单钓"
    ("147m258p369s1234z", "5z", "", "lesser_honors_and_knitted_tiles knitted_straight", "all_types<lesser_honors_and_knitted_tiles concealed_hand<lesser_honors_and_knitted_tiles", 24),
    ("147m258p36s12345z", "6z", "", "lesser_honors_and_knitted_tiles", "", 12),
    ("14m258p36s123456z", "9s", "s", "lesser_honors_and_knitted_tiles self_drawn", "fully_concealed_hand<lesser_honors_and_knitted_tiles", 13),
    # 35 组合龙 "3种花色的147、258、369不能错位的序数牌"
    ("147m258p369s1122z", "2z", "", "knitted_straight concealed_hand pung_of_terminals_or_honors", "", 15),
    ("147p258s369m123m5z", "5z", "", "knitted_straight concealed_hand single_wait", "", 15),
    ("[555z]147s258m369p1z", "1z", "", "knitted_straight dragon_pung all_types single_wait", "", 21),
    # 36 大于五 "由序数牌6-9的顺子、刻子、将牌组成的胡牌。不计无字"
    ("678m789m666p678s9s", "9s", "", "upper_four concealed_hand", "no_honors<upper_four", None),
    ("[666s][777m]888p9m789s", "9m", "", "upper_four mixed_shifted_pungs", "", None),
    ("[678p][678s]678m666s9p", "9p", "", "upper_four mixed_triple_chow tile_hog", "", None),
    # 37 小于五 "由序数牌1-4的顺子、刻子、将牌组成的胡牌。不计无字"
    ("123m234m444p123s1s", "1s", "", "lower_four concealed_hand", "no_honors<lower_four", None),
    ("[111m][222p][333s]234m4p", "4p", "", "lower_four mixed_shifted_pungs pung_of_terminals_or_honors single_wait", "", None),
    ("[234p]123p44m234s33s", "3s", "", "lower_four", "", None),
    # 38 三风刻 "3个风刻"
    ("[222z][333z][444z]123m5p", "5p", "", "big_three_winds single_wait one_voided_suit", "pung_of_terminals_or_honors<big_three_winds", 14),
    ("[111z]222z333z456s7p", "7p", "", "big_three_winds prevalent_wind seat_wind", "", None),
    ("222z333z444z789p1s", "1s", "", "big_three_winds three_concealed_pungs", "", None),
    # 39 花龙 "3种花色的3副顺子连接成1-9的序数牌"
    ("123m456p789s11z22z", "2z", "", "mixed_straight concealed_hand pung_of_terminals_or_honors", "", 11),
    ("[123s]456m789p345p5m", "5m", "", "mixed_straight", "", None),
    ("123p456s789m999m1p", "1p", "s", "mixed_straight fully_concealed_hand", "", None),
    # 40 推不倒 "由牌面图形没有上下区别的牌组成的胡牌，包括1234589饼、245689条、白板。不计缺一门"
    ("123p345p888s99s555z", "9s", "", "reversible_tiles", "one_voided_suit<reversible_tiles", None),
    ("[456s][555z]345p999p1p", "1p", "", "reversible_tiles", "one_voided_suit<reversible_tiles", None),
    ("2244556688s99p5z", "5z", "", "reversible_tiles seven_pairs", "", None),
    # 41 三色三同顺 "有3种花色3副序数相同的顺子"
    ("234m234p234s567m8p", "8p", "", "mixed_triple_chow", "", None),
    ("[789m][789p]789s11z99m", "1z", "", "mixed_triple_chow outside_hand prevalent_wind seat_wind", "", None),
    ("[345m]345p345s666m2z", "2z", "", "mixed_triple_chow", "", None),
    # 42 三色三节高 "有3种花色3副依次递增一位数的刻子"
    ("[333m][444p][555s]678m9s", "9s", "", "mixed_shifted_pungs", "", None),
    ("666p777s888m123p1z", "1z", "", "mixed_shifted_pungs three_concealed_pungs", "", None),
    ("[111m][222p]333s789s5z", "5z", "", "mixed_shifted_pungs", "", None),
    # 43 无番和 "和牌后，数不出任何番种分(花牌不计算在内)"
    ("[123m][567p][345s]78m22z", "6m", "", "chicken_hand", "", 8),
    ("[789p][234s][456m]56m22z", "7m", "f=3", "chicken_hand", "", 8),
    ("[123s][567p]23m678m22z", "4m", "", "chicken_hand", "", 8),
    # 44 妙手回春 "自摸牌墙上最后一张牌胡牌。不计自摸"
    ("[123s][567p]23m678m22z", "4m", "s lw", "last_tile_draw", "self_drawn<last_tile_draw", 8),
    ("123m456p789s11z22z", "2z", "s lw", "last_tile_draw mixed_straight fully_concealed_hand", "self_drawn<last_tile_draw", None),
    ("[123m][567p][345s]78m22z", "6m", "s lw", "last_tile_draw", "", 8),
    # 45 海底捞月 "和打出的最后一张牌"
    ("[123m][567p][345s]78m22z", "6m", "lw", "last_tile_claim", "", 8),
    ("123m456p789s11z22z", "2z", "lw", "last_tile_claim mixed_straight", "", 19),
    ("[123s][567p]23m678m22z", "4m", "lw", "last_tile_claim", "", 8),
    # 46 杠上开花 "开杠抓进的牌成胡牌(不包括补花)不计自摸"
    ("[2222p][567s][345m]78m22z", "6m", "s k", "out_with_replacement_tile melded_kong short_straight", "self_drawn<out_with_replacement_tile", 10),
    ("(9999m)123p456s78p11z", "9p", "s k", "out_with_replacement_tile concealed_kong fully_concealed_hand", "self_drawn<out_with_replacement_tile", None),
    ("[2222p][3333s]345m78m22z", "6m", "s k", "out_with_replacement_tile two_melded_kongs", "melded_kong<two_melded_kongs", None),
    # 47 抢杠和 "和别人自抓开明杠的牌。不计和绝张番"
    ("[123m][567p][345s]78m22z", "6m", "k lt", "robbing_the_kong", "last_tile<robbing_the_kong", 8),
    ("123m456p78s111z55z", "9s", "k", "robbing_the_kong mixed_straight all_types concealed_hand prevalent_wind seat_wind", "", 28),
    ("[123s][567p]23m678m22z", "4m", "k", "robbing_the_kong", "", 8),
    # 48 碰碰和 "由4副刻子(或杠)、将牌组成的胡牌"
    ("[222m][555p][777s]333m8s", "8s", "", "all_pungs single_wait", "", None),
    ("[111z][999m][888p]555z3s", "3s", "", "all_pungs prevalent_wind seat_wind dragon_pung", "", None),
    ("[222z][333p][777s]444m6m", "6m", "", "all_pungs", "", None),
    # 49 混一色 "由一种花色序数牌及字牌组成的胡牌"
    ("[123m][456m]789m11z22z", "1z", "", "half_flush pure_straight", "", None),
    ("[222z]234p567p999p5p", "5p", "", "half_flush", "", None),
    ("123s345s567s77s555z", "7s", "", "half_flush", "", None),
    # 50 三色三步高 "3种花色3副依次递增一位序数的顺子"
    ("[123m][234p][345s]678m1z", "1z", "", "mixed_shifted_chows", "", None),
    ("[456s]567m678p234p5z", "5z", "", "mixed_shifted_chows", "", None),
    ("345m456s567p888p2z", "2z", "", "mixed_shifted_chows", "", None),
    # 51 五门齐 "胡牌时3种序数牌、风、箭牌齐全"
    ("[123m][456p]789s22z55z", "5z", "", "all_types mixed_straight dragon_pung", "", 16),
    ("[555z][333z]234m567p8s", "8s", "", "all_types", "", None),
    ("123m234p345s11z66z", "6z", "", "all_types mixed_shifted_chows", "", None),
    # 52 全求人 "全靠吃牌、碰牌、单钓别人批出的牌胡牌。不计单钓"
    ("[123m][456p][789s][222z]1z", "1z", "", "melded_hand mixed_straight", "single_wait<melded_hand", None),
    ("[234m][345m][555p][666s]7s", "7s", "", "melded_hand", "single_wait<melded_hand", None),
    ("[111z][222z][567s][789s]9s", "9s", "", "melded_hand half_flush", "", None),
    # 53 双暗杠 "2个暗杠"
    ("(2222m)(5555p)234s678s9s", "9s", "", "two_concealed_kongs concealed_hand", "concealed_kong<two_concealed_kongs two_concealed_pungs<two_concealed_kongs", None),
    ("(1111z)(7777z)123m456p9s", "9s", "s", "two_concealed_kongs fully_concealed_hand", "", None),
    ("(3333s)(6666s)[456m]22p88p", "2p", "", "two_concealed_kongs", "", None),
    # 54 双箭刻 "2副箭刻(或杠)"
    ("[555z][666z]123m456p7s", "7s", "", "two_dragon_pungs single_wait", "dragon_pung<two_dragon_pungs pung_of_terminals_or_honors<two_dragon_pungs", None),
    ("555z777z234s567s88s", "8s", "", "two_dragon_pungs two_concealed_pungs half_flush", "", None),
    ("[6666z][777z]345m678m9p", "9p", "", "two_dragon_pungs melded_kong", "", None),
    # 55 全带幺 "胡牌时，每副牌、将牌都有幺牌"
    ("[123m][789p]123s999s1z", "1z", "", "outside_hand", "", None),
    ("111z789m123p789s9p", "9p", "", "outside_hand concealed_hand", "", None),
    ("[123s][999m]789p123p1z", "1z", "", "outside_hand single_wait", "", None),
    # 56 不求人 "4副牌及将中没有吃牌、碰牌(包括明杠)，自摸胡牌"
    ("123m456p789s11z22z", "2z", "s", "fully_concealed_hand", "self_drawn<fully_concealed_hand", None),
    ("234m456m678p234s5s", "5s", "s", "fully_concealed_hand all_chows", "", None),
    ("(2222s)345m567p888p9m", "9m", "s", "fully_concealed_hand concealed_kong", "", None),
    # 57 双明杠 "2个明杠"
    ("[2222m][5555p]234s678s9s", "9s", "", "two_melded_kongs", "melded_kong<two_melded_kongs", None),
    ("[1111z][6666s]123m456p9s", "9s", "", "two_melded_kongs", "", None),
    ("[3333s][7777p][456m]22p99m", "2p", "", "two_melded_kongs", "", None),
    # 58 和绝张 "和牌池、桌面已亮明的3张牌所剩的第4张牌(抢杠和不计和绝张)"
    ("[123m][567p][345s]78m22z", "6m", "lt", "last_tile", "", 4),
    ("123m456p78s111z22z", "9s", "lt", "last_tile mixed_straight concealed_hand prevalent_wind seat_wind", "", 18),
    ("[555m]34m567p234s11z", "5m", "lt", "last_tile", "", None),
    # 59 箭刻 "由中、发、白3张相同的牌组成的刻子"
    ("[555z]123m456p789s1z", "1z", "", "dragon_pung mixed_straight", "pung_of_terminals_or_honors<dragon_pung", None),
    ("666z234m567p345s8s", "8s", "", "dragon_pung", "", None),
    ("[7777z]234m456p78s22z", "9s", "", "dragon_pung melded_kong", "", None),
    # 60 圈风刻 "与圈风相同的风刻"
    ("[222z]123m456p789s1z", "1z", "round=S", "prevalent_wind mixed_straight", "pung_of_terminals_or_honors<prevalent_wind", None),
    ("333z234m567p345s8s", "8s", "round=W seat=E", "prevalent_wind", "", None),
    ("[444z]234m567p34s66s", "5s", "round=N seat=S", "prevalent_wind", "", None),
    # 61 门风刻 "与本门风相同的风刻"
    ("[222z]123m456p789s1z", "1z", "seat=S round=E", "seat_wind mixed_straight", "pung_of_terminals_or_honors<seat_wind", None),
    ("333z234m567p345s8s", "8s", "seat=W round=E", "seat_wind", "", None),
    ("[111z]234m567p34s66s", "5s", "seat=E round=E", "seat_wind prevalent_wind", "", None),
    # 62 门前清 "没有吃、碰、明杠，和别人打出的牌"
    ("123m456p789s11z22z", "2z", "", "concealed_hand", "", None),
    ("234m456m678p234s5s", "5s", "", "concealed_hand all_chows", "", None),
    ("(2222s)345m567p888p9m", "9m", "", "concealed_hand concealed_kong", "", None),
    # 63 平和 "由4副顺子及序数牌作将组成的胡牌，边、坎、钓不影响平和"
    ("234m456m678p234s5s", "5s", "", "all_chows", "no_honors<all_chows", None),
    ("[123m][456p]789s234p6p", "6p", "", "all_chows mixed_straight", "", None),
    ("12m456m678p789s55p", "3m", "", "all_chows edge_wait", "", None),
    # 64 四归一 "有4张相同的牌归于一家的顺、刻子、对、将牌中(不包括杠牌)"
    ("[555m]345m678p234s8p", "8p", "", "tile_hog", "", None),
    ("11112233m234p567s", "3m", "", "tile_hog pure_double_chow all_chows", "", None),
    ("22223m345p678s55z", "4m", "", "tile_hog", "", None),
    # 65 双同刻 "2副序数相同的刻子"
    ("[222m][222p]345s678s9s", "9s", "", "double_pung", "", None),
    ("777m777s123p456p5z", "5z", "", "double_pung two_concealed_pungs", "", None),
    ("[333p][333s][888m][888p]1z", "1z", "", "double_pung*2 melded_hand all_pungs", "", None),
    # 66 双暗刻 "2个暗刻"
    ("222m555p345s678s9s", "9s", "", "two_concealed_pungs", "", None),
    ("[123m]444p777s456s1z", "1z", "", "two_concealed_pungs", "", None),
    ("(8888m)333p234s567s5z", "5z", "", "two_concealed_pungs concealed_kong", "", None),
    # 67 暗杠 "自抓4张相同的牌开杠"
    ("(2222s)345m567p888p9m", "9m", "", "concealed_kong", "", None),
    ("(7777z)123m456p789s1z", "1z", "", "concealed_kong dragon_pung mixed_straight", "", None),
    ("[4444m](6666p)234s567s9s", "9s", "", "concealed_kong melded_kong", "", None),
    # 68 断幺 "胡牌中没有一、九及字牌"
    ("234m456p678s33m55p", "3m", "", "all_simples", "no_honors<all_simples", None),
    ("[456p]234s567s888m2p", "2p", "", "all_simples", "", None),
    ("22446688m2244p66s", "6s", "", "all_simples seven_pairs", "", None),
    # 69 一般高 "由一种花色2副相同的顺子组成的牌"
    ("123123m456p789s1z", "1z", "", "pure_double_chow", "", None),
    ("[567s]567s234p456m1z", "1z", "", "pure_double_chow", "", None),
    ("223344p678m234s5z", "5z", "", "pure_double_chow", "", None),
    # 70 喜相逢 "2种花色2副序数相同的顺子"
    ("234m234p678s345s1z", "1z", "", "mixed_double_chow", "", None),
    ("[567m]567p123s789s5z", "5z", "", "mixed_double_chow two_terminal_chows", "", None),
    ("234567s234567p5s", "5s", "", "mixed_double_chow*2 short_straight", "", 10),
    # 71 连六 "一种花色6张相连接的序数牌"
    ("123456m789p234s5z", "5z", "", "short_straight", "", None),
    ("[345p]678p123s789m1z", "1z", "", "short_straight", "", None),
    ("223344p567p234s5m", "5m", "", "short_straight pure_double_chow mixed_double_chow", "", 10),
    # 72 老少副 "一种花色牌的123、789两副顺子"
    ("123789m456p234s1z", "1z", "", "two_terminal_chows", "", None),
    ("[123s]789s456m345p5z", "5z", "", "two_terminal_chows", "", None),
    ("[789p][123p]567m345s1z", "1z", "", "two_terminal_chows", "", None),
    # 73 幺九刻 "3张相同的一、九序数牌及字牌组成的刻子(或杠)"
    ("[999m]234p567s345p5z", "5z", "", "pung_of_terminals_or_honors", "", None),
    ("111p234m567s444z5z", "5z", "", "pung_of_terminals_or_honors*2", "", None),
    ("[4444z][1111s]234m567p6z", "6z", "", "pung_of_terminals_or_honors*2 two_melded_kongs", "", None),
    # 74 明杠 "自己有暗刻，碰别人打出的一张相同的牌开杠…"
    ("[3333m]456p678s234s5z", "5z", "", "melded_kong", "", None),
    ("[6666s]123m456p789p1z", "1z", "", "melded_kong", "", None),
    ("[2222p]345m456s678s7z", "7z", "s", "melded_kong self_drawn", "", None),
    # 75 缺一门 "胡牌中缺少一种花色序数牌"
    ("123m456m789p234p5z", "5z", "", "one_voided_suit", "", None),
    ("[234s]567s111p999p1z", "1z", "", "one_voided_suit", "", None),
    ("123m345m567m234p9p", "9p", "", "one_voided_suit", "", None),
    # 76 无字 "胡牌中没有风、箭牌"
    ("123m456p789s222m9m", "9m", "", "no_honors mixed_straight single_wait tile_hog", "", 14),
    ("[111m]234p567s789s9p", "9p", "", "no_honors", "", None),
    ("111m999p123s789s5p", "5p", "", "no_honors", "", None),
    # 77 边张 "单和123的3及789的7或1233和3…都为边张。手中有12345和3，56789和6不算边张"
    ("12m456p789s234s11z", "3m", "", "edge_wait", "", None),
    ("1233m456p789s111z", "3m", "", "edge_wait", "", None),
    ("89p123m456s789m11z", "7p", "", "edge_wait", "", None),
    # 78 坎张 "和2张牌之间的牌。4556和5也为坎张，手中有45567和6不算坎张"
    ("13m456p789s234s11z", "2m", "", "closed_wait", "", None),
    ("4556m123p789s111z", "5m", "", "closed_wait", "", None),
    ("[123p]46s789m234m11z", "5s", "", "closed_wait", "", None),
    # 79 单钓将 "钓单张牌作将成和"
    ("123m456p789s234s1z", "1z", "", "single_wait", "", None),
    ("[123m][456p]789s234s5m", "5m", "", "single_wait", "", None),
    ("111m456p789s234s9m", "9m", "", "single_wait", "", None),
    # 80 自摸 "自己抓进牌成胡牌"
    ("[123m]456p789s234s11z", "1z", "s", "self_drawn", "", None),
    ("[555z][123s]345p67p88m", "8p", "s", "self_drawn", "", None),
    ("[234m][567p][345s]78m22z", "6m", "s", "self_drawn", "", None),
    # 81 花牌 "每花计一分。不计在起和分内，和牌后才能计分"
    ("[123m][567p][345s]78m22z", "6m", "f=1", "chicken_hand", "", 8),
    ("123m456p789s11z22z", "2z", "f=4", "mixed_straight", "", 11),
    ("[123s][567p]23m678m22z", "4m", "f=8", "chicken_hand", "", 8),
]
# fmt: on


def _parse_must(spec: str) -> dict[str, int]:
    out: dict[str, int] = {}
    for tok in spec.split():
        name, _, n = tok.partition("*")
        out[name] = int(n) if n else 1
    return out


def _ids(case: Case) -> str:
    return f"{case[0]}+{case[1]}{'/' + case[2] if case[2] else ''}"


@pytest.mark.parametrize("case", CASES, ids=[_ids(c) for c in CASES])
def test_fans_from_tiles(case: Case) -> None:
    notation, win, ctx, must, excluded, total = case
    res = score(notation, win, ctx)
    got = {f.id: f.count for f in res.fans}
    for fan, n in _parse_must(must).items():
        assert got.get(fan) == n, f"{fan} ×{n} expected; got {got} ({res.decomposition})"
    exc = {(e.id, e.by) for e in res.excluded}
    for tok in excluded.split():
        fan, _, by = tok.partition("<")
        assert (fan, by) in exc, f"{fan} should be excluded by {by}; excluded: {sorted(exc)}"
        assert fan not in got or fan == "pung_of_terminals_or_honors"
    if total is not None:
        assert res.total == total, f"total {res.total} != {total}: {got} ({res.decomposition})"
    flowers = next((int(t[2:]) for t in ctx.split() if t.startswith("f=")), 0)
    assert res.flowers == flowers
    assert res.grand_total == res.total + flowers


def test_every_fan_has_three_hands() -> None:
    """Each of the 81 fans must appear in at least three cases (flowers: three hands with f=N)."""
    seen: dict[str, int] = {}
    for case in CASES:
        for fan in _parse_must(case[3]):
            seen[fan] = seen.get(fan, 0) + 1
        if "f=" in case[2]:
            seen["flower_tiles"] = seen.get("flower_tiles", 0) + 1
    missing = {f.id: seen.get(f.id, 0) for f in FANS if seen.get(f.id, 0) < 3}
    assert not missing, missing


def test_every_implied_fan_is_excluded_somewhere() -> None:
    """Every fan some other fan implies is shown excluded at least once (here from tiles, the
    rest by checklist in test_gb_checklist.py)."""
    from tests.scoring.test_gb_checklist import CHECKLIST_EXCLUSIONS

    implied = {g for r in ROWS for g in (*r.official, *r.engine)} | {"pung_of_terminals_or_honors"}
    shown = {tok.partition("<")[0] for c in CASES for tok in c[4].split()}
    shown |= {fan for fan, _by in CHECKLIST_EXCLUSIONS}
    assert implied - shown == set()


@pytest.mark.parametrize("text", ["1²3m", "12٣m", "1፩3m"])
def test_digits_that_are_not_ascii_are_a_syntax_error_not_a_crash(text: str) -> None:
    """str.isdigit() is true for '²', '٣', '፩', but int() takes none of them."""
    from scoring.gb.tiles import TileSyntaxError, parse_tiles

    with pytest.raises(TileSyntaxError, match="unexpected character"):
        parse_tiles(text)
