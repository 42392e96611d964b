"""Finding your ruleset at /newtable (#26.6): the rulesets grouped by region, and a typed name
(a city, a region or a ruleset's name, in any of the bot's languages) that picks one.

A Jiangxi player need not know that Nanchang, Xingguo, Taihe and Yichun are four rulesets: the
first screen is the regions, a region with one ruleset picks it in the same tap."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

import scoring
from bot.i18n import Translator


@dataclass(frozen=True, slots=True)
class Region:
    """A region and its rulesets (ids, in the order shown)."""

    id: str
    zh: str
    zh_hant: str
    en: str
    rulesets: tuple[str, ...]


#: the regions in the issue's order; every ruleset is in exactly one
REGIONS: tuple[Region, ...] = (
    Region("jiangxi", "江西", "江西", "Jiangxi", ("nanchang", "xingguo", "taihe", "yichun")),
    Region("sichuan", "四川", "四川", "Sichuan", ("sichuan",)),
    Region("hunan", "湖南", "湖南", "Hunan", ("changsha",)),
    Region("guangxi", "广西", "廣西", "Guangxi", ("nanning",)),
    Region("jiangsu", "江苏", "江蘇", "Jiangsu", ("suzhou", "taixing")),
    Region("zhejiang", "浙江", "浙江", "Zhejiang", ("wenling", "xiaoshan")),
    Region("guangdong", "广东", "廣東", "Guangdong", ("guangdong",)),
    Region("hongkong", "香港", "香港", "Hong Kong", ("hongkong",)),
    Region("taiwan", "台湾", "台灣", "Taiwan", ("taiwan",)),
    Region("singapore", "新加坡", "新加坡", "Singapore", ("singapore",)),
    Region("japan", "日本", "日本", "Japan", ("riichi",)),
    Region("national", "全国", "全國", "National", ("guobiao", "points")),
)

#: the ja spellings where they differ from the Chinese (日本語の地名)
JA = {"guangxi": "広西", "guangdong": "広東", "singapore": "シンガポール", "national": "全国"}

#: cities and other words a player may type for a ruleset (the names themselves also match)
CITIES = {
    "nanchang": ("南昌", "nanchang"),
    "xingguo": ("兴国", "興國", "xingguo"),
    "taihe": ("泰和", "taihe"),
    "yichun": ("宜春", "yichun"),
    "sichuan": ("成都", "chengdu", "血战", "血戰", "xuezhan"),
    "changsha": ("长沙", "長沙", "changsha"),
    "nanning": ("南宁", "南寧", "nanning"),
    "suzhou": ("苏州", "蘇州", "suzhou"),
    "taixing": ("泰兴", "泰興", "taixing"),
    "wenling": ("温岭", "溫嶺", "wenling"),
    "xiaoshan": ("萧山", "蕭山", "xiaoshan", "hangzhou", "杭州"),
    "guangdong": ("广州", "廣州", "guangzhou", "推倒胡", "canton"),
    "hongkong": ("香港", "hong kong", "hk"),
    "taiwan": ("台湾", "台灣", "taipei", "台北", "16张", "十六張"),
    "singapore": ("新加坡", "singapore", "sg"),
    "riichi": ("立直", "リーチ", "riichi", "japan", "日本", "麻雀"),
    "guobiao": ("国标", "國標", "mcr", "guobiao", "official"),
    "points": ("points", "积分", "積分"),
}


def name(region: Region, tr: Translator) -> str:
    """The region's name in the chat's language."""
    if tr.lang == "ja":
        return JA.get(region.id, region.zh_hant)
    return tr.pick(region.zh, region.en, region.zh_hant)


def region_of(ruleset_id: str) -> Region:
    return next(r for r in REGIONS if ruleset_id in r.rulesets)


def _fold(text: str) -> str:
    return unicodedata.normalize("NFKC", text).casefold().replace(" ", "")


def search(text: str, choices: list[str]) -> list[str]:
    """The rulesets among ``choices`` a typed ``text`` names: a city, a region, or a
    ruleset's name in any language ("南昌", "jiangxi", "Hong Kong", "血战")."""
    q = _fold(text)
    if not q:
        return []
    out = []
    for rid in choices:
        rs = scoring.get(rid)
        reg = region_of(rid)
        words = [rs.zh, rs.en, getattr(rs, "zh_hant", "") or "", rid, *CITIES.get(rid, ())]
        words += [reg.zh, reg.zh_hant, reg.en, JA.get(reg.id, "")]
        if any(w and (q in _fold(w) or (len(_fold(w)) >= 2 and _fold(w) in q)) for w in words):
            out.append(rid)
    return out
