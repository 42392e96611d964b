"""Jiangxi 冲关's declarations: ids, amounts, the options and presets of the three variants,
shapes, flags, counts, events and the step words (scoring/rulesets/jiangxi.py).
"""

from __future__ import annotations

from scoring import refs
from scoring.declarations import (
    DISCARD,
    SELF_DRAWN,
    Choice,
    CountDecl,
    EventDecl,
    FieldDecl,
    OptionDecl,
    PresetDecl,
    WinItemDecl,
)
from scoring.record import OptionValue
from scoring.ruleset import Words

# --- ids ---------------------------------------------------------------------------------
PLAIN = "plain_win"
SMALL_SEVEN = "small_seven_pairs"
BIG_SEVEN = "big_seven_pairs"
ROTTEN = "thirteen_rotten"
SEVEN_STAR = "seven_star_thirteen_rotten"

NO_WILD = "no_wild"  # 德国
WILD_WAIT = "wild_single_wait"  # 精吊
KONG_BLOOM = "kong_bloom"  # 杠开
NO_WILD_ANYWHERE = "no_wild_anywhere"  # 德中德 / 霸胡
HEAVENLY = "heavenly_hand"  # 天胡
EARTHLY = "earthly_hand"  # 地胡
ALL_MELDED = "all_melded"  # 全求人

PRIMARY = "primary_wild"
SECONDARY = "secondary_wild"
WILD_KONGS = "wild_kongs"

CONCEALED_KONG = "concealed_kong"
EXPOSED_KONG = "exposed_kong"
ADDED_KONG = "added_kong"
KONG_EVENTS = (CONCEALED_KONG, EXPOSED_KONG, ADDED_KONG)
FALSE_WIN = "false_win"
FOLLOW_DEALER = "follow_dealer"

RESULT_DRAW = Choice("draw", "和牌（荒庄）", "Draw (wall exhausted)")
RESULT_FALSE_WIN = Choice(FALSE_WIN, "诈胡", "False win")

# payment reasons
R_DISCARDER = "discarder_share"
R_DEALER = "dealer_share"
R_OTHER = "other_share"
R_SELF_DRAW = "self_draw_share"
R_ROBBED = "robbed_kong_liability"
R_WILD = "wild_bonus"
R_KONG = "kong"
R_FALSE_WIN = "false_win"
R_FOLLOW = "follow_dealer"

#: 天胡/地胡 flat amount per payer, and with 精吊 (XG "普通天胡、地胡：20+20+20=60",
#: "精吊天胡、地胡：40+40+40=120"; TH L169–170; QQB rows 12–13).
FLAT_HEAVENLY = 20
FLAT_HEAVENLY_WILD_WAIT = 40
#: 全求人 flat amount per payer (QQB row 14, L102–104 "+120 -40 -40").
FLAT_ALL_MELDED = 40
#: 冲关 from this many 精 points on (L117 "5个精以上为冲关"; TH L137).
CHONGGUAN_FROM = 5
#: 霸精 multiplier (TH L150 "乘以2"; ZS "84*2（霸王）").
SOLE_HOLDER_MULT = 2
#: 德国 flat bonus (XG "所有德国奖励：+5"; TH "德国1翻+5").
NO_WILD_BONUS = 5


# --- options -----------------------------------------------------------------------------
FAN_MODES = (
    Choice("fan", "+1翻", "+1 fan"),
    Choice("double_total", "整体×2（含+5）", "×2 the whole amount (incl. the +5)"),
)
ROBBED_BASES = (
    Choice("discard", "按杠家点炮算", "as a discard by the kong maker"),
    Choice("self_drawn", "按自摸算", "as a self-draw"),
)

PRESET_VALUES: dict[str, dict[str, OptionValue]] = {
    "xingguo": {
        "da_qidui_fan": 2,
        "degu_xiaoqi_elevated": False,
        "jingdiao_bonus5": False,
        "gangkai_mode": "fan",
        "dezhongde_mode": "fan",
        "youjing_pinghu_can_ron": False,
        "gang_jing_bonus": 14,
        "full_jing_100": False,
        "kong_money": 2,
        "zhahu": 20,
        "genzhuang": 5,
        "quanqiuren": False,
        "robbed_kong_basis": "discard",
    },
    "taihe": {
        "da_qidui_fan": 2,
        "degu_xiaoqi_elevated": False,
        "jingdiao_bonus5": False,
        "gangkai_mode": "fan",
        "dezhongde_mode": "fan",
        "youjing_pinghu_can_ron": True,
        "gang_jing_bonus": 20,
        "full_jing_100": False,
        "kong_money": 2,
        "zhahu": 20,
        "genzhuang": 5,
        "quanqiuren": False,
        "robbed_kong_basis": "discard",
    },
    "nanchang": {
        "da_qidui_fan": 2,
        "degu_xiaoqi_elevated": True,
        "jingdiao_bonus5": True,
        "gangkai_mode": "double_total",
        "dezhongde_mode": "double_total",
        "youjing_pinghu_can_ron": True,
        "gang_jing_bonus": 14,
        "full_jing_100": False,
        "kong_money": 2,
        "zhahu": 20,
        "genzhuang": 5,
        "quanqiuren": False,
        "robbed_kong_basis": "discard",
    },
    "nanchang_table": {
        "da_qidui_fan": 1,
        "degu_xiaoqi_elevated": True,
        "jingdiao_bonus5": False,
        "gangkai_mode": "fan",
        "dezhongde_mode": "fan",
        "youjing_pinghu_can_ron": True,
        "gang_jing_bonus": 14,
        "full_jing_100": False,
        "kong_money": 2,
        "zhahu": 20,
        "genzhuang": 5,
        "quanqiuren": True,
        "robbed_kong_basis": "discard",
    },
}


def option_decls(preset: str, house: frozenset[str]) -> tuple[OptionDecl, ...]:
    """The options of one ruleset; defaults = its home preset; ``house`` = unstated values."""
    d = PRESET_VALUES[preset]

    def h(option_id: str) -> bool:
        return option_id in house

    return (
        OptionDecl(
            "base", "底分", "Base stake", "int", 1, min=1, max=10_000, important=True,
            help_zh="所有金额乘以底分", help_en="Every amount is multiplied by it",
        ),
        OptionDecl(
            "da_qidui_fan", "大七对翻数", "Big seven pairs: fan", "int", d["da_qidui_fan"],
            min=1, max=2, important=True, house=h("da_qidui_fan"),
            help_zh="通行2翻；齐全表1翻（L4 事前拟定）",
            help_en="2 in most passages; 1 in the Nanchang table (L4: agree beforehand)",
        ),
        OptionDecl(
            "degu_xiaoqi_elevated", "德国小七对算2翻", "No-wild small seven pairs = 2 fan",
            "bool", d["degu_xiaoqi_elevated"], house=h("degu_xiaoqi_elevated"),
            help_zh="南昌：德国小7对也称为德国7星", help_en="Nanchang: scored like no-wild seven-star",
        ),
        OptionDecl(
            "jingdiao_bonus5", "精吊+5", "Wild single wait +5", "bool", d["jingdiao_bonus5"],
            important=True, house=h("jingdiao_bonus5"),
            help_zh="精吊本身也加5（《南昌麻将算子规则知识讲解》）",
            help_en="A wild single wait also adds the flat +5 (the Nanchang rules explainer, "
            "南昌麻将算子规则知识讲解)",
        ),
        OptionDecl(
            "gangkai_mode", "杠开", "Kong bloom", "choice", d["gangkai_mode"], choices=FAN_MODES,
            house=h("gangkai_mode"),
        ),
        OptionDecl(
            "dezhongde_mode", "德中德/霸胡", "No wild anywhere", "choice", d["dezhongde_mode"],
            choices=FAN_MODES, house=h("dezhongde_mode"),
        ),
        OptionDecl(
            "youjing_pinghu_can_ron", "有精平胡可抓炮", "Plain win with wilds may take a discard",
            "bool", d["youjing_pinghu_can_ron"], important=True, house=h("youjing_pinghu_can_ron"),
            help_zh="兴国：有精平胡不能抓点炮", help_en="Xingguo: it may not",
        ),
        OptionDecl(
            "gang_jing_bonus", "杠精（每家）", "Wildcard kong bonus (each payer)", "int",
            d["gang_jing_bonus"], min=0, max=1000, important=True, house=h("gang_jing_bonus"),
            help_zh="南昌14，泰和20", help_en="Nanchang 14, Taihe 20",
        ),
        OptionDecl(
            "full_jing_100", "满精算100", "Full wilds (10) = 100", "bool", d["full_jing_100"],
            house=h("full_jing_100"), help_zh="也有满精算100的", help_en="Some tables score 10 points as 100",
        ),
        OptionDecl(
            "kong_money", "杠钱（每家）", "Kong money (each payer)", "int", d["kong_money"],
            min=0, max=1000, house=h("kong_money"),
        ),
        OptionDecl(
            "zhahu", "诈胡（赔每家）", "False win (pays each)", "int", d["zhahu"],
            min=0, max=1000, house=h("zhahu"),
        ),
        OptionDecl(
            "genzhuang", "跟庄（庄赔每家每轮）", "Follow the dealer (dealer pays each, per round)",
            "int", d["genzhuang"], min=0, max=1000, house=h("genzhuang"),
        ),
        OptionDecl(
            "quanqiuren", "全求人（每家40）", "All melded (40 from each)", "bool", d["quanqiuren"],
            house=h("quanqiuren"),
        ),
        OptionDecl(
            "jingdiao_with_shisanlan", "十三烂可精吊", "Thirteen rotten may be a wild single wait",
            "bool", False,
            help_zh="泰和：十三烂没有精吊（默认）；新南昌有“精吊德国七星”（规格C20）",
            help_en="Taihe: thirteen rotten has no wild single wait (default); the new Nanchang "
            "passage has 精吊德国七星 (spec C20)",
        ),
        OptionDecl(
            "robbed_kong_basis", "抢杠按", "Robbed kong scored", "choice",
            d["robbed_kong_basis"], choices=ROBBED_BASES, house=True,
            help_zh="抢杠：胡家按正常胡X2，补杠家包付（原文未说按点炮还是自摸）",
            help_en="Normal win ×2, the kong maker pays all (the seed does not say discard or self-draw)",
        ),
    )  # fmt: skip


def preset_decl(preset_id: str, zh: str, en: str) -> PresetDecl:
    return PresetDecl(preset_id, zh, en, dict(PRESET_VALUES[preset_id]))


# --- shapes, flags, counts, events --------------------------------------------------------
ROTTENS = frozenset({ROTTEN, SEVEN_STAR})

SHAPES = (
    WinItemDecl(PLAIN, "平胡", "Plain win", "0翻", "0 fan"),
    WinItemDecl(
        SMALL_SEVEN, "小七对", "Small seven pairs", "1翻（南昌德国2翻）",
        "1 fan (Nanchang: 2 with no-wild)",
    ),
    WinItemDecl(
        BIG_SEVEN, "大七对", "Big seven pairs (all pungs)", "2翻（可设1翻）", "2 fan (option: 1)",
    ),
    WinItemDecl(ROTTEN, "十三烂", "Thirteen rotten", "1翻", "1 fan"),
    WinItemDecl(SEVEN_STAR, "七星十三烂", "Seven-star thirteen rotten", "2翻", "2 fan"),
)  # fmt: skip


def flag_decls(bahu_zh: str, bahu_en: str) -> tuple[WinItemDecl, ...]:
    return (
        WinItemDecl(NO_WILD, "德国", "No wild (德国)", "+1翻 +5", "+1 fan +5"),
        WinItemDecl(
            WILD_WAIT, "精吊", "Wild single wait (精吊)", "+1翻", "+1 fan",
            how=frozenset({SELF_DRAWN}), not_with=ROTTENS,
            not_with_unless="jingdiao_with_shisanlan",
        ),
        WinItemDecl(
            KONG_BLOOM, "杠开", "Kong bloom (杠开)", "+1翻 或 ×2", "+1 fan or ×2",
            how=frozenset({SELF_DRAWN}),
        ),
        WinItemDecl(NO_WILD_ANYWHERE, bahu_zh, bahu_en, "+1翻 或 ×2", "+1 fan or ×2"),
        WinItemDecl(
            HEAVENLY, "天胡", "Heavenly hand", "每家20（精吊40）", "20 from each (wild wait: 40)",
            how=frozenset({SELF_DRAWN}), winner_dealer=True,
            not_with=frozenset({EARTHLY, ALL_MELDED, KONG_BLOOM}),
        ),
        WinItemDecl(
            EARTHLY, "地胡", "Earthly hand", "每家20（精吊40）", "20 from each (wild wait: 40)",
            how=frozenset({SELF_DRAWN, DISCARD}), winner_dealer=False,
            not_with=frozenset({ALL_MELDED}),
        ),
        WinItemDecl(
            ALL_MELDED, "全求人", "All melded", "每家40", "40 from each",
            enabled_by="quanqiuren",
        ),
    )  # fmt: skip


COUNTS = (
    CountDecl(PRIMARY, "正精", "Primary wilds (正精, count 2)", max=3, total_max=3),
    CountDecl(SECONDARY, "副精", "Secondary wilds (副精, count 1)", max=4, total_max=4),
    CountDecl(WILD_KONGS, "精杠", "Wildcard kongs (精杠)", max=1, total_max=1),
)

_ROUNDS = FieldDecl("rounds", "轮数", "Rounds", min=1, max=99, default=1)
EVENTS = (
    EventDecl(CONCEALED_KONG, "暗杠", "Concealed kong", value_zh="每家2", value_en="2 from each"),
    EventDecl(
        EXPOSED_KONG, "碰杠", "Exposed kong (claimed discard)", source="optional",
        source_zh="放杠者", source_en="who discarded the tile",
        value_zh="每家2", value_en="2 from each",
    ),
    EventDecl(ADDED_KONG, "补杠", "Added kong", value_zh="每家2", value_en="2 from each"),
    EventDecl(
        FALSE_WIN, "诈胡", "False win", results=frozenset({FALSE_WIN}),
        value_zh="赔每家20", value_en="pays 20 to each",
    ),
    EventDecl(
        FOLLOW_DEALER, "跟庄", "Follow the dealer (跟庄)", fields=(_ROUNDS,),
        value_zh="庄家每轮赔每家5", value_en="the dealer pays 5 to each per round",
    ),
)  # fmt: skip


WORDS: Words = {
    "primary": ("正精", "", "primary wild"),
    "secondary": ("副精", "", "secondary wild"),
    "full_wilds": ("满精", "", "full wilds"),
    "chongguan": ("冲关", "", "chong guan"),
    "wild_kong": ("精杠", "", "wildcard kong"),
    "sole_holder": ("霸精", "", "霸精"),
    "degu_xiaoqi": ("德国小七", "", "no-wild small seven pairs"),  # option degu_xiaoqi_elevated
}


def word(word_id: str, form: str = "") -> tuple[str, str]:
    """:meth:`scoring.ruleset.Ruleset.word` of the family's :data:`WORDS` (the plain names,
    or while :func:`scoring.refs.referencing` the reference)."""
    rid = refs.active()
    if rid is None:
        zh, _, en = WORDS[word_id]
        return zh, en
    r = refs.ref(rid, "word", word_id, form)
    return r, r
