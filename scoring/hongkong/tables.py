"""Hong Kong's tables (spec shared/rules/hongkong.md §2–§3): the stakes, the §3 checklist,
its exclusions and disputed values, the faan → units table (:func:`multiplier`) and the
words of it, money at a stake (scoring/rulesets/hongkong.py).
"""

from __future__ import annotations

from scoring.declarations import Choice, OptionDecl
from scoring.ruleset import Options
from scoring.rulesets._common import Checklist, exclusions

POT = "pot"  # scoring.testing.POT: money paid into nothing
LIMIT = "limit"
FALSE_WIN = "false_win"
BAO = "bao"

RESULTS = (
    Choice("win", "食糊", "Win", zh_hant="食糊"),
    Choice("draw", "流局（摸和）", "Draw", zh_hant="流局（摸和）"),
    Choice(FALSE_WIN, "诈糊", "False win", zh_hant="詐糊"),
)

#: money per unit in cents for each stake name (§2 table: B/2 of H1)
STAKE_CENTS = {"er_wu_ji": 25, "wu_yi": 50, "yi_er_man": 100}
STAKE_NAMES = {
    "er_wu_ji": ("二五鸡", "二五雞", "二五雞 two-five chicken"),
    "wu_yi": ("五一", "五一", "五一 five-one"),
    "yi_er_man": ("一二蚊", "一二蚊", "一二蚊 one-two dollars"),
}

#: §3 checklist: id -> (zh, zh_hant, en, faan or None = limit, sources). The Traditional names
#: are the spec's own (十三么, 花么九, 清么九 as Hong Kong writes them; Simplified 幺).
FANS: dict[str, tuple[str, str, str, int | None, str]] = {
    "ping_hu": ("平糊", "平糊", "Common hand (all chows)", 1, "H5, H11, H12, H17"),
    "dui_dui_hu": ("对对糊", "對對糊", "All triplets", 3, "H5, H11, H12, H17"),
    "hun_yi_se": ("混一色", "混一色", "Mixed one suit", 3, "H5, H11, H12, H17"),
    "qing_yi_se": ("清一色", "清一色", "All one suit", 7, "H5, H11"),
    "hua_yao_jiu": ("花幺九", "花么九", "Mixed terminals and honours", 1, "H5, H11"),
    "fan_zi": ("番子（三元牌）", "番子（三元牌）", "Dragon pung or kong (each)", 1, "H5, H11, H17"),
    "men_feng": ("门风", "門風", "Seat-wind pung", 1, "H5, H11, H18"),
    "quan_feng": ("圈风", "圈風", "Round-wind pung", 1, "H11, H18"),
    "xiao_san_yuan": ("小三元", "小三元", "Small three dragons", 5, "H5, H12, H11"),
    "da_san_yuan": ("大三元", "大三元", "Great three dragons", 8, "H5, H12"),
    "xiao_si_xi": ("小四喜", "小四喜", "Small four winds", None, "H5, H11"),
    "da_si_xi": ("大四喜", "大四喜", "Great four winds", None, "H5, H12, H11"),
    "zi_yi_se": ("字一色", "字一色", "All honours", None, "H11, H20"),
    "qing_yao_jiu": ("清幺九", "清么九", "All terminals", None, "H5, H11, H17"),
    "shi_san_yao": ("十三幺", "十三么", "Thirteen orphans", None, "H5, H12, H11, H17"),
    "jiu_lian_bao_deng": ("九子连环", "九子連環", "Nine gates", None, "H11, H17"),
    "shi_ba_luo_han": ("十八罗汉", "十八羅漢", "Four kongs", None, "H5, H12, H11, H17"),
    "kan_kan_hu": ("坎坎糊", "坎坎糊", "Four concealed triplets", None, "H11, H17"),
    "tian_hu": ("天糊", "天糊", "Heavenly hand", None, "H12, H11"),
    "di_hu": ("地糊", "地糊", "Earthly hand", None, "H12, H11"),
    "gang_shang_gang": (
        "杠上杠自摸",
        "槓上槓自摸",
        "Win on a second kong replacement",
        None,
        "H11",
    ),
    "ba_xian_guo_hai": ("八仙过海", "八仙過海", "All eight flowers", None, "H11"),
    "hua_hu": ("花糊", "花糊", "Seven flowers", 3, "H11"),
    "zi_mo": ("自摸", "自摸", "Self-drawn", 1, "H5, H11, H17, H18"),
    "men_qian_qing": ("门前清", "門前清", "Concealed hand", 1, "H5, H11, H17, H18"),
    "gang_shang_kai_hua": ("杠上开花", "槓上開花", "Win on a kong replacement", 1, "H11, H18, H17"),
    "hai_di_lao_yue": ("海底捞月", "海底撈月", "Last tile", 1, "H5, H11, H12, H18"),
    "qiang_gang": ("抢杠", "搶槓", "Robbing a kong", 1, "H5, H11, H15"),
    "wu_hua": ("无花", "無花", "No flowers", 1, "H11, H17, H18"),
    "zheng_hua": ("正花", "正花", "Own flower or season (each)", 1, "H11, H17, H19, H14"),
    "yi_tai_hua": ("一台花", "一台花", "Complete set of four flowers (each)", 2, "H11, H19"),
}
FLOWER_ITEMS = frozenset({"wu_hua", "zheng_hua", "yi_tai_hua"})
#: hands paid as a self-draw that need no minimum (§3)
INSTANT = frozenset({"hua_hu", "ba_xian_guo_hai"})
#: how many copies of an id a checklist may list (others: 1)
MAX_COPIES = {"fan_zi": 2, "zheng_hua": 2, "yi_tai_hua": 2}
#: pairs that cannot go together (§3 "alternatives / exclusions"; the obvious ones derived)
EXCLUSIVE: tuple[tuple[str, str], ...] = (
    ("ping_hu", "dui_dui_hu"),
    ("ping_hu", "hua_yao_jiu"),
    ("ping_hu", "kan_kan_hu"),
    ("hun_yi_se", "qing_yi_se"),
    ("fan_zi", "xiao_san_yuan"),
    ("fan_zi", "da_san_yuan"),
    ("xiao_san_yuan", "da_san_yuan"),
    ("xiao_si_xi", "da_si_xi"),
    ("kan_kan_hu", "dui_dui_hu"),
    ("wu_hua", "zheng_hua"),
    ("wu_hua", "yi_tai_hua"),
)
#: disputed values (§5 H-C7) offered as options ``faan_<id>``: id -> (choices, default)
DISPUTED: dict[str, tuple[tuple[str, ...], str, str]] = {
    "qing_yi_se": (("7", "6"), "7", "7: H5 '七番 清一色', H11; 6: H12, H17"),
    "xiao_san_yuan": (("5", "4"), "5", "5: H5, H12, H11; 4: H17"),
    "da_san_yuan": (("8", LIMIT, "6"), "8", "8: H5, H12; limit: H11, H20; 6: H17"),
    "xiao_si_xi": ((LIMIT, "10"), LIMIT, "limit: H5, H11; 10: H12"),
    "jiu_lian_bao_deng": ((LIMIT, "10"), LIMIT, "limit: H11, H17; 10: H12"),
    "zi_yi_se": ((LIMIT, "7"), LIMIT, "limit: H11, H20; 7: H17"),
}


CHECKLIST = Checklist(
    "hongkong",
    "faan",
    FANS,
    MAX_COPIES,
    exclusions(EXCLUSIVE),
    too_many={"fan_zi": "three 番子 are 大三元 (da_san_yuan)"},
)


def multiplier(faan: int, spiciness: str) -> int:
    """m(F): the single share at F faan (already capped), in units (§2)."""
    if spiciness == "half":  # 半辣上 (H1, H2 L624-640, H4)
        if faan <= 4:
            return 1 << faan
        k = faan - 4
        return 16 << (k // 2) if k % 2 == 0 else 24 << ((k - 1) // 2)
    if spiciness == "spicy":  # 辣辣上 (H1, H4)
        return 1 << faan
    if spiciness == "banded":  # tiers (H7; H9 from 3 faan)
        return 1 << faan if faan <= 3 else 16 if faan <= 6 else 32 if faan <= 9 else 64
    raise ValueError(f"unknown spiciness {spiciness!r}")


def multiplier_text(faan: int, spiciness: str) -> tuple[str, str, str]:
    """How many units F faan are worth, (zh, en, ja), as a table reads: ``6番 → 32份（半辣上）``
    / ``6 faan → 32 units (half-spicy)`` (issue 25 point 6; the table is :func:`multiplier`)."""
    m = multiplier(faan, spiciness)
    if spiciness == "half":
        how_zh, how_en, how_ja = "半辣上", "half-spicy", "半辣上"
    elif spiciness == "spicy":
        how_zh, how_en, how_ja = "辣辣上", "spicy", "辣辣上"
    elif faan <= 3:
        how_zh, how_en, how_ja = "分档", "banded", "段階制"
    else:
        band = "4–6" if faan <= 6 else "7–9" if faan <= 9 else "10+"
        how_zh, how_en = f"分档：{band}番一档", f"banded: tier {band} faan"
        how_ja = f"段階制：{band}番の段"
    return (
        f"{faan}番 → {m}份（{how_zh}）",
        f"{faan} faan → {m} units ({how_en})",
        f"{faan}番 → {m}口（{how_ja}）",
    )


def money_text(units: int, stake: str) -> str:
    """``units`` at the stake's money per unit, in exact dollars (whole cents: no rounding)."""
    cents = units * STAKE_CENTS[stake]
    sign = "-" if cents < 0 else ""
    cents = abs(cents)
    return f"{sign}${cents // 100}.{cents % 100:02d}"


def _faan_choices(fid: str) -> tuple[Choice, ...]:
    values, _, _ = DISPUTED[fid]
    out = []
    for v in values:
        if v == LIMIT:
            out.append(Choice(v, "满糊（上限）", "limit", zh_hant="滿糊（上限）"))
        else:
            out.append(Choice(v, f"{v}番", f"{v} faan", zh_hant=f"{v}番"))
    return tuple(out)


def faan_option(fid: str) -> OptionDecl:
    zh, zh_hant, en, _, _ = FANS[fid]
    _, default, why = DISPUTED[fid]
    return OptionDecl(
        f"faan_{fid}",
        f"{zh}番数",
        f"{en}: faan",
        "choice",
        default,
        choices=_faan_choices(fid),
        zh_hant=f"{zh_hant}番數",
        help_zh=f"来源不一（规格 H-C7）：{why}",
        help_en=f"Sources disagree (spec H-C7): {why}",
    )


def fan_value(fid: str, opts: Options) -> int | None:
    """The faan of checklist item ``fid`` under ``opts`` (None = a limit hand)."""
    if fid in DISPUTED:
        v = opts.s(f"faan_{fid}")
        return None if v == LIMIT else int(v)
    return FANS[fid][3]
