"""The 不计 table: fan → the fans it implies (not counted with it), as data.

Principle 1 不重复原则 (seed 001 L207–209): "当某个番种，由于组牌的条件所决定，在其成立的同时，必然并存着
其它番种，则其它番种不重复计分". Each row quotes its rule text and keeps three lists apart:

* ``official`` — the explicit 不计 list of the official text (seed 002 L181–287; spec §3 column
  "不计"), always applied;
* ``engine`` — the spec's "engine adds (※)" column: fans the definition makes necessarily
  present (principle 1) or 套算一次 makes uncountable; applied while option ``engine_adds`` is on
  (default). Items marked ``+`` in the comments are principle-1 implications the spec's column
  omits (reported as spec errors): 全大→大于五, 全小→小于五, 双暗杠→双暗刻, 一色四步高→连六/老少副;
* ``extended`` — the "seed-001 extra" column (seed 001 L28–42, L62–76; spec G2): mostly 缺一门;
  applied only with option ``extended_exclusions``.

``yaojiu`` says which pungs no longer count for 幺九刻 (the pung-of-terminals fan is per pung):
``all``, ``winds`` (the wind pungs), ``dragons``, ``prevalent`` / ``seat`` (that wind's pung),
``one`` (one pung: 九莲宝灯). It belongs to the ``engine`` list.

The calculator applies rows from the highest fan down; a fan that is itself excluded does not
exclude others (so 十三幺 excludes 不求人 and a self-drawn 十三幺 keeps 自摸, as in the rules).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Row:
    fan: str
    official: tuple[str, ...]
    engine: tuple[str, ...]
    extended: tuple[str, ...]
    yaojiu: str | None
    quote: str


_V = "one_voided_suit"
_Y = "pung_of_terminals_or_honors"

ROWS: tuple[Row, ...] = (
    Row("big_four_winds", ("prevalent_wind", "seat_wind", "big_three_winds", "all_pungs"),
        ("little_four_winds",), (_V,), "winds",
        "seed 002 L181: 大四喜 由4副风刻(杠)组成的胡牌。不计圈风刻、门风刻、三风刻、碰碰胡"),
    Row("big_three_dragons", ("dragon_pung",), ("two_dragon_pungs", "little_three_dragons"),
        ("little_three_dragons", _V),
        "dragons", "seed 002 L181: 大三元 胡牌中，有中发白3副刻子。不计箭刻"),
    Row("all_green", ("half_flush",), (), (), None,
        "seed 002 L181–183: 绿一色 由23468条及发字中的任何牌组成的顺子、刻五、将的胡牌。不计混一色。"
        "如无“发”字组成的各牌，可计清一色"),
    Row("nine_gates", ("full_flush",), ("concealed_hand", "fully_concealed_hand", "no_honors"),
        ("concealed_hand", _V, "no_honors"), "one",
        "seed 002 L183: 九莲宝灯 由一种花色序数牌子按1112345678999组成的特定牌型，见同花色任何1张序数牌即成胡牌。"
        "不计清一色"),
    Row("four_kongs", (),
        ("three_kongs", "all_pungs", "two_melded_kongs", "melded_kong", "two_concealed_kongs",
         "concealed_kong", "single_wait"), (), None,
        "seed 002 L183: 四杠 4个杠; seed 001 L76: 不计三杠、对对胡、双杠、双暗杠、暗杠、明杠、单钓将、双明杠"),
    Row("seven_shifted_pairs", ("full_flush", "fully_concealed_hand", "single_wait"),
        ("seven_pairs", "concealed_hand", "no_honors"), ("seven_pairs", "concealed_hand", _V, "no_honors"),
        None,
        "seed 002 L183: 连七对 由一种花色序数牌组成序数相连的7个对子的胡牌。不计清一色、不求人、单钓"),
    Row("thirteen_orphans", ("all_types", "fully_concealed_hand", "single_wait"),
        ("concealed_hand",), ("concealed_hand", "outside_hand"), None,
        "seed 002 L183: 十三么由3种序数牌的一、九牌，7种字牌及其中一对作将组成的胡牌。不计五门齐、不求人、单钓"),
    Row("all_terminals", ("all_pungs", "double_pung", "triple_pung", "no_honors"),
        ("all_terminals_and_honors", "outside_hand"), ("all_terminals_and_honors", "outside_hand"),
        "all", "seed 002 L185: 清么九 由序数牌一、九刻子组成的胡牌。不计碰碰胡、同刻、无字 (同刻: 双同刻 and 三同刻, spec G7)"),
    Row("little_four_winds", ("big_three_winds",), (), (_V,), "winds",
        "seed 002 L185: 小四喜 胡牌时有风牌的3副刻子及将牌。不计三风刻"),
    Row("little_three_dragons", ("dragon_pung",), ("two_dragon_pungs",), (_V,), "dragons",
        "seed 002 L185: 小三元 胡牌时有箭牌的两副刻子及将牌。不计箭刻"),
    Row("all_honors", ("all_pungs",), ("all_terminals_and_honors", "outside_hand"),
        ("all_terminals_and_honors", "outside_hand", _V), "all",
        "seed 002 L185: 字一色 由字牌的刻子(杠)、将组成的胡牌。不计碰碰胡"),
    Row("four_concealed_pungs", ("concealed_hand", "all_pungs"),
        ("three_concealed_pungs", "two_concealed_pungs", "fully_concealed_hand"),
        ("fully_concealed_hand", "two_concealed_pungs"), None,
        "seed 002 L185: 四暗刻 4个暗刻(暗杠)。不计门前清、碰碰胡"),
    Row("pure_terminal_chows", ("all_chows", "seven_pairs", "full_flush"),
        ("pure_double_chow", "two_terminal_chows", "no_honors"),
        ("pure_double_chow", "two_terminal_chows", _V, "no_honors"), None,
        "seed 002 L185: 一色双龙会 一种花色的两个老少副，5为将牌。不计平各(平和)、七对、清一色"),
    Row("quadruple_chow", ("pure_shifted_pungs", "pure_double_chow", "tile_hog"),
        ("pure_triple_chow",), ("pure_triple_chow", _V), None,
        "seed 002 L187: 一色四同顺 一种花色4副序数相同的顺子，不计一色三节高、一般高、四归一"),
    Row("four_pure_shifted_pungs", ("pure_triple_chow", "all_pungs"), ("pure_shifted_pungs",),
        ("pure_shifted_pungs", _V), None,
        "seed 002 L187: 一色四节高 一种花色4副依次递增一位数的刻子不计一色三同顺、碰碰胡"),
    # + 连六/老少副: 套算一次 — all four chows are combined already (spec omits them)
    Row("four_pure_shifted_chows", (), ("pure_shifted_chows", "short_straight", "two_terminal_chows"),
        ("pure_shifted_chows", _V), None,
        "seed 002 L189: 一色四步高 一种花色4副依次递增一位数或依次递增二位数的顺子; seed 001 L76: 不计一色三步高"),
    Row("three_kongs", (),
        ("two_concealed_kongs", "two_melded_kongs", "concealed_kong", "melded_kong"),
        ("two_concealed_kongs", "two_melded_kongs", "concealed_kong", "melded_kong"), None,
        "seed 002 L189: 三杠 3个杠; seed 001 L76: 不计双暗杠、双明(杠)、暗杠、明杠"),
    Row("all_terminals_and_honors", ("all_pungs",), ("outside_hand",), ("outside_hand",), "all",
        "seed 002 L189: 混么九 由字牌和序数牌一、九的刻子用将牌组成的胡牌。不计碰碰胡"),
    Row("seven_pairs", ("fully_concealed_hand", "single_wait"), ("concealed_hand",),
        ("concealed_hand",), None, "seed 002 L191: 七对 由7个对子组成胡牌。不计不求人、单钓"),
    Row("greater_honors_and_knitted_tiles", ("all_types", "fully_concealed_hand", "single_wait"),
        ("lesser_honors_and_knitted_tiles", "concealed_hand"), (), None,
        "seed 002 L191: 七星不靠 必须有7个单张的东西南北中发白，加上3种花色，数字按147、258、369中的7张序数牌组成没有"
        "将牌的胡牌。不计五门齐、不求人、单钓"),
    Row("all_even_pungs", ("all_pungs", "all_simples"), ("no_honors",), (), None,
        "seed 002 L191: 全双刻 由2、4、6、8序数牌的刻了、将牌组成的胡牌。不计碰碰胡、断么"),
    Row("full_flush", ("no_honors",), (), (), None,
        "seed 002 L191: 清一色 由一种花色的序数牌组成和各牌。不(计)无字"),
    Row("pure_triple_chow", ("pure_shifted_pungs",), ("pure_double_chow",), (), None,
        "seed 002 L191: 一色三同顺 胡牌时有一种花色3副序数相同的顺了。不计一色三节高"),
    Row("pure_shifted_pungs", ("pure_triple_chow",), (), (), None,
        "seed 002 L191: 一色三节高 胡牌时有一种花色3副依次递增一位数字的刻了。不计一色三同顺"),
    # + 大于五: every tile of 全大 (7–9) is 6–9 (spec omits it)
    Row("upper_tiles", ("no_honors",), ("upper_four",), (), None,
        "seed 002 L191: 全大 由序数牌789组成的顺了、刻子(杠)、将牌的胡牌。不计无字"),
    Row("middle_tiles", ("all_simples",), ("no_honors",), ("no_honors",), None,
        "seed 002 L191: 全中 由序数牌456组成的顺子、刻子(杠)、将牌的胡牌。不计断么"),
    # + 小于五: every tile of 全小 (1–3) is 1–4 (spec omits it)
    Row("lower_tiles", ("no_honors",), ("lower_four",), (), None,
        "seed 002 L191: 全小 由序数牌123组成的顺子、刻子(杠)将牌的的胡牌。不计无字"),
    Row("pure_straight", (), ("short_straight", "two_terminal_chows"), ("short_straight",), None,
        "seed 002 L193: 清龙 胡牌时，有一种花色1-9相连接的序数牌; seed 001 L76: 不计连六"),
    Row("three_suited_terminal_chows",
        ("mixed_double_chow", "two_terminal_chows", "no_honors", "all_chows"), (),
        ("pure_double_chow",), None,
        "seed 002 L193: 三色双龙会 2种花色2个老少副、另一种花色5作将的胡牌。不计喜相逢、老少副、无字、平和"),
    Row("all_fives", ("all_simples",), ("no_honors",), (), None,
        "seed 002 L195: 全带五 每副牌及将牌必须有5的序数牌。不计断么"),
    Row("triple_pung", (), ("double_pung",), (), None, "seed 002 L197: 三同刻 3个序数相同的刻子(杠)"),
    Row("three_concealed_pungs", (), ("two_concealed_pungs",), (), None,
        "seed 002 L197: 三暗刻 3个暗刻"),
    Row("lesser_honors_and_knitted_tiles", ("all_types", "fully_concealed_hand", "single_wait"),
        ("concealed_hand",), (), None,
        "seed 002 L201: 全不靠 由单张3种花色147、258、369不能错位的序数牌及东南西北中发白中的任何14张牌组成的胡牌。"
        "不计五门齐、不求人、单钓"),
    Row("upper_four", ("no_honors",), (), (), None,
        "seed 002 L203: 大于五 由序数牌6-9的顺子、刻子、将牌组成的胡牌。不计无字"),
    Row("lower_four", ("no_honors",), (), (), None,
        "seed 002 L205: 小于五 由序数牌1-4的顺子、刻子、将牌组成的胡牌。不计无字"),
    Row("big_three_winds", (), (), (_V,), "winds",
        "seed 002 L207: 三风刻 3个风刻; seed 001 L70: 不计幺九刻、缺门"),
    Row("reversible_tiles", (_V,), (), (), None,
        "seed 002 L211: 推不倒 由牌面图形没有上下区别的牌组成的胡牌，包括1234589饼、245689条、白板。不计缺一门"),
    Row("mixed_triple_chow", (), ("mixed_double_chow",), ("mixed_double_chow",), None,
        "seed 002 L213: 三色三同顺 胡牌时，有3种花色3副序数相同的顺子; seed 001 L70: 不计喜相逢"),
    Row("last_tile_draw", ("self_drawn",), (), (), None,
        "seed 002 L217: 妙手回春 自摸牌墙上最后一张牌胡牌。不计自摸"),
    Row("out_with_replacement_tile", ("self_drawn",), (), (), None,
        "seed 002 L221: 杠上开花 开杠抓进的牌成胡牌(不包括补花)不计自摸"),
    Row("robbing_the_kong", ("last_tile",), (), (), None,
        "seed 002 L223: 抢杠胡 和别人自抓开明杠的牌。不计和绝张番"),
    Row("melded_hand", ("single_wait",), (), (), None,
        "seed 002 L233: 全求人 全靠吃牌、碰牌、单钓别人批出的牌胡牌。不计单钓"),
    # + 双暗刻: two concealed kongs are two concealed pungs (spec omits it)
    Row("two_concealed_kongs", (), ("concealed_kong", "two_concealed_pungs"), (), None,
        "seed 002 L235: 双暗杠 2个暗杠"),
    Row("two_dragon_pungs", (), ("dragon_pung",), (), "dragons", "seed 002 L237: 双箭刻 2副箭刻(或杠)"),
    Row("fully_concealed_hand", (), ("self_drawn",), (), None,
        "seed 002 L241: 不求人 4副牌及将中没有吃牌、碰牌(包括明杠)，自摸胡牌"),
    Row("two_melded_kongs", (), ("melded_kong",), (), None, "seed 002 L243: 双明杠 2个明杠"),
    Row("dragon_pung", (), (), (), "dragons", "seed 002 L247: 箭刻 由中、发、白3张相同的牌组成的刻子"),
    Row("prevalent_wind", (), (), (), "prevalent", "seed 002 L249: 圈风刻 与圈风相同的风刻"),
    Row("seat_wind", (), (), (), "seat", "seed 002 L251: 门风刻 与本门风相同的风刻"),
    Row("all_chows", (), ("no_honors",), (), None,
        "seed 002 L255: 平和 由4副顺子及序数牌作将组成的胡牌，边、坎、钓不影响平和"),
    Row("all_simples", (), ("no_honors",), (), None, "seed 002 L265: 断么 胡牌中没有一、九及字牌"),
)  # fmt: skip

ROW_BY_FAN: dict[str, Row] = {r.fan: r for r in ROWS}

#: 四方大发 (extras set A): "不重复计算：碰碰和、圈风刻、门风刻、三风刻 … 实际上就是大四喜和青发对的组合"
#: (seed 000 L23; spec §2.4 "count it instead of 大四喜")
EXTRA_ROWS: tuple[Row, ...] = (
    Row("four_winds_great_fortune",
        ("all_pungs", "prevalent_wind", "seat_wind", "big_three_winds", "big_four_winds"),
        ("little_four_winds",), (), "winds",
        "seed 000 L23: 四方大发 168番（非国标牌型）不重复计算：碰碰和、圈风刻、门风刻、三风刻 … 实际上就是大四喜和青发对的组合"),
)  # fmt: skip


def implied(fan: str, *, engine_adds: bool = True, extended: bool = False) -> list[str]:
    """The fans ``fan`` excludes under the chosen lists (without the 幺九刻 scope)."""
    row = ROW_BY_FAN.get(fan) or next((r for r in EXTRA_ROWS if r.fan == fan), None)
    if row is None:
        return []
    out = list(row.official)
    if engine_adds:
        out += [f for f in row.engine if f not in out]
    if extended:
        out += [f for f in row.extended if f not in out]
    return out
