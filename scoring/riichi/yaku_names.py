"""The yaku the ``mahjong`` library (R20, 2.x) can find in riichi tiles, by the names people use.

The library names every yaku in English romaji (``Yaku.name``: ``"Tanyao"``, ``"Yakuhai
(haku)"``, ``"Kokushi Musou"`` …); :func:`scoring.riichi.tiles.evaluate` passes them on as it
gives them (``str(yaku)``, which for the counted bonus yaku adds the count: ``"Dora 2"``,
``"Aka Dora 1"``, ``"Ura Dora 3"``, ``"Paarenchan 2"``). :data:`YAKU` maps every one of them
to its name in Simplified and Traditional Chinese (as Chinese riichi players write them: 立直,
一发, 门前清自摸和, 宝牌 …), English (the romaji English-speaking clubs use, with a short
gloss) and Japanese (立直, 一発, 門前清自摸和, ドラ …: written here as they are, as the
steps' ``ja`` of :data:`scoring.riichi.decls.WORDS_JA`), with its han as the library counts
it: closed and open (0 = not available open; yakuman 13 a time, a double yakuman 26, halved
to 13 by the library when the table's ``double_yakuman_hands`` is off).

tests/render/test_hand_card_riichi.py checks the table against the library: every yaku of
``mahjong.hand_calculating.yaku_config.YakuConfig`` (the one list the calculator draws its
yaku from) has a name here in every language, and the han here are the library's.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class YakuName:
    """One yaku: its names (``zh`` Simplified, ``zh_hant`` Traditional, ``en``, ``ja``), and
    its han as the library gives them (``han_open`` 0 = closed hands only)."""

    zh: str
    zh_hant: str
    en: str
    ja: str
    han_closed: int
    han_open: int
    yakuman: bool = False


def _y(zh: str, hant: str, en: str, ja: str, closed: int, open_: int) -> YakuName:
    return YakuName(zh, hant, en, ja, closed, open_, yakuman=closed >= 13)


#: the library's ``Yaku.name`` -> the yaku's names and han (R20 ``yaku_list``, in the order of
#: ``YakuConfig``: situational yaku, 1, 2, 3 and 6 han, yakuman, double yakuman, yakuman by
#: situation, the bonus han of dora)
YAKU: Mapping[str, YakuName] = {
    # situational yaku
    "Menzen Tsumo": _y("门前清自摸和", "門前清自摸和", "Menzen tsumo (concealed self-draw)",
                       "門前清自摸和", 1, 0),
    "Riichi": _y("立直", "立直", "Riichi", "立直", 1, 0),
    "Open Riichi": _y("开立直", "開立直", "Open riichi", "オープン立直", 2, 0),
    "Ippatsu": _y("一发", "一發", "Ippatsu (one-shot)", "一発", 1, 0),
    "Chankan": _y("抢杠", "搶槓", "Chankan (robbing a kan)", "槍槓", 1, 1),
    "Rinshan Kaihou": _y("岭上开花", "嶺上開花", "Rinshan kaihou (after a kan)", "嶺上開花", 1, 1),
    "Haitei Raoyue": _y("海底摸月", "海底摸月", "Haitei (last tile)", "海底摸月", 1, 1),
    "Houtei Raoyui": _y("河底捞鱼", "河底撈魚", "Houtei (last discard)", "河底撈魚", 1, 1),
    "Double Riichi": _y("两立直", "兩立直", "Double riichi", "ダブル立直", 2, 0),
    "Double Open Riichi": _y("两立直（开立直）", "兩立直（開立直）", "Double open riichi",
                             "ダブルオープン立直", 3, 0),
    "Nagashi Mangan": _y("流局满贯", "流局滿貫", "Nagashi mangan", "流し満貫", 5, 5),
    "Renhou": _y("人和", "人和", "Renhou (blessing of man)", "人和", 5, 0),
    # 1 han
    "Pinfu": _y("平和", "平和", "Pinfu (no-points hand)", "平和", 1, 0),
    "Tanyao": _y("断幺九", "斷幺九", "Tanyao (all simples)", "断幺九", 1, 1),
    "Iipeiko": _y("一杯口", "一盃口", "Iipeikou (pure double sequence)", "一盃口", 1, 0),
    "Yakuhai (haku)": _y("役牌 白", "役牌 白", "Yakuhai: white dragon", "役牌 白", 1, 1),
    "Yakuhai (hatsu)": _y("役牌 发", "役牌 發", "Yakuhai: green dragon", "役牌 發", 1, 1),
    "Yakuhai (chun)": _y("役牌 中", "役牌 中", "Yakuhai: red dragon", "役牌 中", 1, 1),
    "Yakuhai (seat wind east)": _y("役牌 自风 东", "役牌 自風 東", "Yakuhai: seat wind East",
                                   "役牌 自風 東", 1, 1),
    "Yakuhai (seat wind south)": _y("役牌 自风 南", "役牌 自風 南", "Yakuhai: seat wind South",
                                    "役牌 自風 南", 1, 1),
    "Yakuhai (seat wind west)": _y("役牌 自风 西", "役牌 自風 西", "Yakuhai: seat wind West",
                                   "役牌 自風 西", 1, 1),
    "Yakuhai (seat wind north)": _y("役牌 自风 北", "役牌 自風 北", "Yakuhai: seat wind North",
                                    "役牌 自風 北", 1, 1),
    "Yakuhai (round wind east)": _y("役牌 场风 东", "役牌 場風 東", "Yakuhai: round wind East",
                                    "役牌 場風 東", 1, 1),
    "Yakuhai (round wind south)": _y("役牌 场风 南", "役牌 場風 南", "Yakuhai: round wind South",
                                     "役牌 場風 南", 1, 1),
    "Yakuhai (round wind west)": _y("役牌 场风 西", "役牌 場風 西", "Yakuhai: round wind West",
                                    "役牌 場風 西", 1, 1),
    "Yakuhai (round wind north)": _y("役牌 场风 北", "役牌 場風 北", "Yakuhai: round wind North",
                                     "役牌 場風 北", 1, 1),
    # 2 han
    "Sanshoku Doujun": _y("三色同顺", "三色同順", "Sanshoku doujun (mixed triple sequence)",
                          "三色同順", 2, 1),
    "Ittsu": _y("一气通贯", "一氣通貫", "Ittsu (pure straight)", "一気通貫", 2, 1),
    "Chantai": _y("混全带幺九", "混全帶幺九", "Chanta (outside hand)", "混全帯幺九", 2, 1),
    "Honroutou": _y("混老头", "混老頭", "Honroutou (all terminals and honours)", "混老頭", 2, 2),
    "Toitoi": _y("对对和", "對對和", "Toitoi (all triplets)", "対々和", 2, 2),
    "San Ankou": _y("三暗刻", "三暗刻", "San ankou (three concealed triplets)", "三暗刻", 2, 2),
    "San Kantsu": _y("三杠子", "三槓子", "San kantsu (three kans)", "三槓子", 2, 2),
    "Sanshoku Doukou": _y("三色同刻", "三色同刻", "Sanshoku doukou (triple triplets)",
                          "三色同刻", 2, 2),
    "Chiitoitsu": _y("七对子", "七對子", "Chiitoitsu (seven pairs)", "七対子", 2, 0),
    "Shou Sangen": _y("小三元", "小三元", "Shousangen (little three dragons)", "小三元", 2, 2),
    # 3 han
    "Honitsu": _y("混一色", "混一色", "Honitsu (half flush)", "混一色", 3, 2),
    "Junchan": _y("纯全带幺九", "純全帶幺九", "Junchan (terminals in each set)", "純全帯幺九",
                  3, 2),
    "Ryanpeikou": _y("二杯口", "二盃口", "Ryanpeikou (twice pure double sequence)", "二盃口",
                     3, 0),
    # 6 han
    "Chinitsu": _y("清一色", "清一色", "Chinitsu (full flush)", "清一色", 6, 5),
    # yakuman
    "Kokushi Musou": _y("国士无双", "國士無雙", "Kokushi musou (thirteen orphans)", "国士無双",
                        13, 0),
    "Chuuren Poutou": _y("九莲宝灯", "九蓮寶燈", "Chuuren poutou (nine gates)", "九蓮宝燈",
                         13, 0),
    "Suu Ankou": _y("四暗刻", "四暗刻", "Suu ankou (four concealed triplets)", "四暗刻", 13, 0),
    "Daisangen": _y("大三元", "大三元", "Daisangen (big three dragons)", "大三元", 13, 13),
    "Shousuushii": _y("小四喜", "小四喜", "Shousuushii (little four winds)", "小四喜", 13, 13),
    "Ryuuiisou": _y("绿一色", "綠一色", "Ryuuiisou (all green)", "緑一色", 13, 13),
    "Suu Kantsu": _y("四杠子", "四槓子", "Suu kantsu (four kans)", "四槓子", 13, 13),
    "Tsuu Iisou": _y("字一色", "字一色", "Tsuuiisou (all honours)", "字一色", 13, 13),
    "Chinroutou": _y("清老头", "清老頭", "Chinroutou (all terminals)", "清老頭", 13, 13),
    "Daisharin": _y("大车轮", "大車輪", "Daisharin (big wheels)", "大車輪", 13, 0),
    "Daichisei": _y("大七星", "大七星", "Daichisei (big seven stars)", "大七星", 13, 0),
    # double yakuman
    "Dai Suushii": _y("大四喜", "大四喜", "Dai suushii (big four winds)", "大四喜", 26, 26),
    "Kokushi Musou Juusanmen Matchi": _y("国士无双十三面", "國士無雙十三面",
                                         "Kokushi musou, 13-sided wait", "国士無双十三面待ち",
                                         26, 0),
    "Suu Ankou Tanki": _y("四暗刻单骑", "四暗刻單騎", "Suu ankou, pair wait", "四暗刻単騎", 26, 0),
    "Daburu Chuuren Poutou": _y("纯正九莲宝灯", "純正九蓮寶燈", "Junsei chuuren poutou (9-sided)",
                                "純正九蓮宝燈", 26, 0),
    # yakuman by the situation
    "Tenhou": _y("天和", "天和", "Tenhou (blessing of heaven)", "天和", 13, 0),
    "Chiihou": _y("地和", "地和", "Chiihou (blessing of earth)", "地和", 13, 0),
    "Renhou (yakuman)": _y("人和（役满）", "人和（役滿）", "Renhou (yakuman)", "人和（役満）",
                           13, 0),
    "Sashikomi": _y("开立直放铳", "開立直放銃", "Sashikomi (dealing into open riichi)",
                    "差し込み", 13, 0),
    "Paarenchan": _y("八连庄", "八連莊", "Paarenchan (eight dealer wins)", "八連荘", 13, 13),
    # the bonus han (the library sets their han to the count)
    "Dora": _y("宝牌", "寶牌", "Dora", "ドラ", 1, 1),
    "Aka Dora": _y("赤宝牌", "赤寶牌", "Red fives (aka dora)", "赤ドラ", 1, 1),
    "Ura Dora": _y("里宝牌", "裏寶牌", "Ura dora", "裏ドラ", 1, 0),
}  # fmt: skip

#: the yaku whose text carries the count (``"Dora 2"``: the library's ``__str__``)
COUNTED = frozenset({"Dora", "Aka Dora", "Ura Dora", "Paarenchan"})
_COUNT = re.compile(r"^(.*\S) (\d+)$")

Words = tuple[str, str, str, str]  # zh, zh_hant, en, ja

#: the words of the indicator rows of a hand card: the tiles field -> its label; ``nuki_dora``
#: (a count, sanma) is drawn as that many North tiles
INDICATORS: Mapping[str, Words] = {
    "dora_indicators": ("宝牌指示牌", "寶牌指示牌", "Dora indicators", "ドラ表示牌"),
    "ura_dora_indicators": ("里宝牌指示牌", "裏寶牌指示牌", "Ura dora indicators", "裏ドラ表示牌"),
    "nuki_dora": ("拔北宝牌", "拔北寶牌", "Nuki dora (North)", "抜きドラ"),
}
#: the round's wind (the tiles' ``prevalent_wind``) and the winner's seat wind, as the card
#: says them next to the winner: they decide the yakuhai of the winds
ROUND_WINDS: Mapping[str, Words] = {
    "E": ("东场", "東場", "East round", "東場"),
    "S": ("南场", "南場", "South round", "南場"),
    "W": ("西场", "西場", "West round", "西場"),
    "N": ("北场", "北場", "North round", "北場"),
}
SEAT_WINDS: Mapping[str, Words] = {
    "E": ("东家", "東家", "East seat", "東家"),
    "S": ("南家", "南家", "South seat", "南家"),
    "W": ("西家", "西家", "West seat", "西家"),
    "N": ("北家", "北家", "North seat", "北家"),
}


def library_name(text: str) -> str:
    """The library's ``Yaku.name`` of a yaku as :class:`~scoring.riichi.tiles.TilesResult`
    gives it: ``"Dora 2"`` → ``"Dora"``; any other text as is."""
    m = _COUNT.match(text)
    if m and m.group(1) in COUNTED:
        return m.group(1)
    return text


def yaku_name(text: str) -> YakuName | None:
    """The names of the yaku the library calls ``text`` (``"Tanyao"``, ``"Dora 2"``), None if
    the library gives a name this table lacks (a newer library: the test catches it)."""
    return YAKU.get(library_name(text))
