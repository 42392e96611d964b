"""Singapore's tables (spec shared/rules/singapore.md §2–§3): the tai items, the limit hands,
what excludes what, the three-six table, the events' ids, the event fields, and the words of
a count of instant-payout units (scoring/rulesets/singapore.py).
"""

from __future__ import annotations

from scoring.declarations import FieldDecl
from scoring.rulesets._common import (
    exclusions,
)

# --- tai items (§3.1) -------------------------------------------------------------------------
#: id -> (zh, zh_hant, en, tai (None = from an option), at most this many times in a win)
ITEMS: dict[str, tuple[str, str, str, int | None, int]] = {
    "dragon_pung": ("三元牌刻子", "三元牌刻子", "Dragon pung", 1, 2),
    "seat_wind_pung": ("门风刻", "門風刻", "Seat wind pung", 1, 1),
    "prevailing_wind_pung": ("圈风刻", "圈風刻", "Prevailing wind pung", 1, 1),
    "seat_flower": ("正花", "正花", "Own flower or season", 1, 2),
    "flower_set": ("一台花（四花或四季齐）", "一台花（四花或四季齊）", "Complete flower set", 1, 1),
    "animal": ("动物", "動物", "Animal", 1, 4),
    "animal_set": ("四动物齐", "四動物齊", "All four animals", 1, 1),
    "ping_hu": ("平胡（无花）", "平胡（無花）", "All chows, no bonus tiles", 4, 1),
    "ping_hu_bonus": ("臭平胡（有花）", "臭平胡（有花）", "All chows with bonus tiles", 1, 1),
    "pong_pong_hu": ("对对胡", "對對胡", "All pungs", 2, 1),
    "half_flush": ("混一色", "混一色", "Half flush", 2, 1),
    "full_flush": ("清一色", "清一色", "Full flush", 4, 1),
    "mixed_terminals": ("混幺九", "混幺九", "Mixed terminals", None, 1),
    "small_three_dragons": ("小三元", "小三元", "Three lesser scholars", 1, 1),
    "small_four_winds": ("小四喜", "小四喜", "Four lesser blessings", None, 1),
    "pure_green": ("绿一色", "綠一色", "All green", 4, 1),
    "kong_replacement": ("杠上开花", "槓上開花", "Win on a kong replacement", 1, 1),
    "flower_replacement": ("花上", "花上", "Win on a flower replacement", 1, 8),
    "robbing_kong": ("抢杠", "搶槓", "Robbing a kong", 1, 1),
    "last_tile": ("海底捞月", "海底撈月", "Win on the last tile", 1, 1),
    "concealed_self_drawn": ("门清自摸", "門清自摸", "Fully concealed, self-drawn", None, 1),
    "seven_pairs": ("七对", "七對", "Seven pairs", None, 1),
}

#: the item's tai when an option gives it (spec §3.1, §5 SG12/SG13)
ITEM_OPTION = {
    "mixed_terminals": "mixed_terminals_tai",
    "small_four_winds": "small_four_winds_tai",
    "concealed_self_drawn": "concealed_self_drawn_tai",
    "seven_pairs": "seven_pairs_tai",
}
ITEM_DEFAULT = {
    "mixed_terminals": 2,
    "small_four_winds": 2,
    "concealed_self_drawn": 1,
    "seven_pairs": 0,
}

# --- limit hands (§3.2) ----------------------------------------------------------------------
LIMITS: dict[str, tuple[str, str, str]] = {
    "big_three_dragons": ("大三元", "大三元", "Three great scholars"),
    "big_four_winds": ("大四喜", "大四喜", "Four great blessings"),
    "all_honours": ("字一色", "字一色", "All honours"),
    "pure_terminals": ("清幺九", "清幺九", "Pure terminals"),
    "thirteen_wonders": ("十三幺", "十三幺", "Thirteen wonders"),
    "nine_gates": ("九莲宝灯", "九蓮寶燈", "Nine gates"),
    "hidden_treasure": ("四暗刻", "四暗刻", "Hidden treasure (four concealed pungs)"),
    "eighteen_arhats": ("十八罗汉", "十八羅漢", "Eighteen arhats (four kongs)"),
    "heavenly_hand": ("天胡", "天胡", "Heavenly hand"),
    "earthly_hand": ("地胡", "地胡", "Earthly hand"),
    "humanly_hand": ("人胡", "人胡", "Humanly hand (disputed, SG8)"),
    "kong_on_kong": ("杠上杠", "槓上槓", "Kong upon kong"),
    "eight_flowers": ("花胡（八仙过海）", "花胡（八仙過海）", "All eight flowers"),
    "robbing_the_eighth": ("七抢一", "七搶一", "Robbing the eighth flower"),
}

#: bonus-tile items (ping_hu has none, §3.3) and pung items (ping_hu is four chows)
BONUS_ITEMS = frozenset(
    {"seat_flower", "flower_set", "animal", "animal_set", "flower_replacement", "ping_hu_bonus"}
)
PUNG_ITEMS = frozenset(
    {
        "dragon_pung",
        "seat_wind_pung",
        "prevailing_wind_pung",
        "pong_pong_hu",
        "mixed_terminals",
        "small_three_dragons",
        "small_four_winds",
        "kong_replacement",
    }
)
#: pairs that cannot both be listed (§3.3); "not after a replacement draw" for last_tile (§3.1)
EXCLUSIVE: tuple[tuple[str, str], ...] = (
    *(("ping_hu", b) for b in sorted(BONUS_ITEMS | PUNG_ITEMS)),
    ("pong_pong_hu", "ping_hu_bonus"),
    ("half_flush", "full_flush"),
    ("small_four_winds", "half_flush"),
    ("pure_green", "half_flush"),
    ("last_tile", "kong_replacement"),
    ("last_tile", "flower_replacement"),
)
#: items only possible on a self-draw (§3.3; the limit ones by their definition, §3.2)
SELF_DRAWN_ONLY = frozenset(
    {
        "kong_replacement",
        "flower_replacement",
        "last_tile",
        "concealed_self_drawn",
        "hidden_treasure",
        "eight_flowers",
        "heavenly_hand",
        "kong_on_kong",
    }
)
DEALER_ONLY = frozenset({"heavenly_hand"})
NON_DEALER_ONLY = frozenset({"earthly_hand", "humanly_hand"})

#: C2 winningSystems.js ``threeSix``: share and self-draw share for 1..5 tai (§2.2)
THREE_SIX = ((1, 2, 3, 5, 10), (2, 3, 5, 10, 20))

#: event ids
KONGS = ("exposed_kong", "added_kong", "concealed_kong")
BITES = ("animal_pair", "seat_flower_pair")
KONG_NAMES = {"added_kong": ("加杠", "added kong"), "concealed_kong": ("暗杠", "concealed kong")}
SETS = ("flower_set_complete", "animal_set_complete")


#: id -> the ids it cannot be listed with (both ways), built once
NOT_WITH = exclusions(EXCLUSIVE)


def item_name(fid: str) -> tuple[str, str]:
    """(zh, en) of a tai item or limit hand."""
    if fid in ITEMS:
        zh, _, en, _, _ = ITEMS[fid]
    else:
        zh, _, en = LIMITS[fid]
    return zh, en


def _bool_field(fid: str, zh: str, en: str, zh_hant: str) -> FieldDecl:
    return FieldDecl(fid, zh, en, min=0, max=1, default=0, zh_hant=zh_hant)


HIDDEN_FIELD = _bool_field("hidden", "暗（起手即有，1=是）", "hidden, held from the deal (1 = yes)",
                      "暗（起手即有，1=是）")  # fmt: skip
FRESH_FIELD = _bool_field("fresh_tile", "生牌（1=是，放杠者独付）",
                     "fresh tile (1 = yes: the feeder pays alone)", "生牌（1=是，放槓者獨付）")  # fmt: skip


def units(n: int) -> tuple[str, str, str]:
    """ "2个单位" / "2 units" / "2単位": a count of instant payout units (§2.4)."""
    return f"{n}个单位", ("1 unit" if n == 1 else f"{n} units"), f"{n}単位"
