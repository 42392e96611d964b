"""Jiangxi 冲关 family: 南昌 Nanchang, 泰和 Taihe, 兴国 Xingguo — one engine, three rulesets.

Spec: ``shared/rules/jiangxi-chongguan.md``; source: seed ``000_718ed955d95fa411.txt`` (line
numbers below refer to it). A hand has two independent scores (L125 "分精计子和胡计子"):

* 胡计子 (the win, §2.2): **all three** other players pay the winner 2^翻 each, where a payer's
  翻 are 自摸 1 (every payer) or 点炮 1 (the discarder only), 精吊 +1, 杠开 +1 (or ×2 whole),
  庄 1 (when the payer or the winner is the dealer), the shape's 翻, 德国 +1 and 德中德/霸胡 +1
  (or ×2 whole); 德国 adds a flat +5 once, only from the responsible payers (all three on a
  self-draw, the discarder on a discard) — TH L173–174 "自摸1翻；点炮1翻；精调2翻；庄家1翻；
  小七/十三烂1翻；大七/七星十三烂2翻；杠调3翻；德国1翻+5". 天胡/地胡/全求人 are flat (§2.3);
  抢杠 (§2.4) is a normal win ×2 paid in full by the kong maker.
* 精计子 (the wildcards, §2.6): every holder of 精 collects from each of the three others:
  正精 2 / 副精 1 points; ≥5 points is 冲关, (n−3)×n; a 精 kong adds a bonus; a sole holder
  (霸精) doubles.

Plus kong money, 诈胡 and 跟庄 (§2.5). A drawn hand (和牌) is void: nothing at all is paid.

How a hand is recorded:

* a win: one entry in ``wins`` (one winner: "胡前不胡后", L125); ``from`` = the discarder, or
  for 抢杠 (``robbed_kong``) the kong maker, who then pays every share. Do not record the robbed
  kong as a kong event (it never happened, so it earns no kong money);
* 精 held at the end: counts ``primary_wild`` (正精, 0–3), ``secondary_wild`` (副精, 0–4) and
  ``wild_kongs`` (精杠: the four 副精 as a kong, so that player's ``secondary_wild`` is 4);
* kongs: events ``concealed_kong`` 暗杠, ``exposed_kong`` 碰杠 (``from`` optional), ``added_kong``
  补杠; ``follow_dealer`` 跟庄 with ``player`` = the dealer and ``rounds``;
* a false win 诈胡: ``result = "false_win"``, no wins, exactly one ``false_win`` event whose
  ``player`` is the offender; the hand ends with the penalty only (spec C19: no 精, no kong
  money, no 跟庄 — such events may be recorded but are not paid);
* a draw 和牌: ``result = "draw"``: void, whatever counts or events are recorded.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import ClassVar

from scoring import refs
from scoring.declarations import (
    DISCARD,
    ROBBED_KONG,
    SELF_DRAWN,
    Choice,
    CountDecl,
    DealerRule,
    EventDecl,
    FieldDecl,
    OptionDecl,
    PresetDecl,
    WinItemDecl,
)
from scoring.errors import RecordError
from scoring.record import HandRecord, OptionValue, Settlement, Step, Win
from scoring.ruleset import RESULT_WIN, Options, Ruleset, Tally, Words, how

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


def _option_decls(preset: str, house: frozenset[str]) -> tuple[OptionDecl, ...]:
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


def _preset(preset_id: str, zh: str, en: str) -> PresetDecl:
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


def _flags(bahu_zh: str, bahu_en: str) -> tuple[WinItemDecl, ...]:
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


# --- 胡计子: one payer's share ----------------------------------------------------------
SHAPE_LABEL = {
    PLAIN: ("平胡", "plain"),
    SMALL_SEVEN: ("小七", "small seven pairs"),
    BIG_SEVEN: ("大七", "big seven pairs"),
    ROTTEN: ("十三烂", "thirteen rotten"),
    SEVEN_STAR: ("七星", "seven-star"),
}
SHAPE_FAN = {PLAIN: 0, SMALL_SEVEN: 1, ROTTEN: 1, SEVEN_STAR: 2}
SHAPE_NAME = {s.id: (s.zh, s.en) for s in SHAPES}
FLAG_NAME = {
    NO_WILD: ("德国", "no-wild"),
    WILD_WAIT: ("精吊", "wild single wait"),
    KONG_BLOOM: ("杠开", "kong bloom"),
    HEAVENLY: ("天胡", "heavenly hand"),
    EARTHLY: ("地胡", "earthly hand"),
    ALL_MELDED: ("全求人", "all melded"),
}
#: 德中德 (Nanchang) and 霸胡 (Xingguo) are the same flag; each ruleset names it.
BAHU_NAME = {
    "nanchang": ("德中德", "no wild anywhere"),
    "taihe": ("德中德", "no wild anywhere"),
    "xingguo": ("霸胡", "no wild anywhere (ba hu)"),
}


@lru_cache(maxsize=8192)
def share(
    ruleset_id: str,
    shape: str,
    flags: frozenset[str],
    self_drawn: bool,
    payer_dealer: bool,
    payer_discarder: bool,
    winner_dealer: bool,
    robbed: bool,
    rule: tuple[int, bool, bool, str, str],
    referencing: str | None = None,
) -> tuple[int, str, str, str]:
    """One payer's 胡计子 share (before the base): (amount, derivation zh, en, ja).

    ``referencing``: :func:`scoring.refs.active` at the call, a key of the cache only (the
    names are references while settling for storage, plain otherwise).

    ``self_drawn``/``payer_discarder`` describe the win as scored (a robbed kong is scored as a
    discard by, or a self-draw against, the kong maker; ``robbed`` adds its ×2 = +1翻).
    ``rule`` = (da_qidui_fan, degu_xiaoqi_elevated, jingdiao_bonus5, gangkai_mode,
    dezhongde_mode).
    """
    da_qidui_fan, degu_xiaoqi, jingdiao_bonus5, gangkai_mode, dezhongde_mode = rule
    degu = NO_WILD in flags
    jingdiao = WILD_WAIT in flags
    gangkai = KONG_BLOOM in flags
    dezhongde = NO_WILD_ANYWHERE in flags
    terms: list[tuple[str, str, str, int]] = []  # zh, en, ja, 翻
    if self_drawn:
        terms.append(("自摸", "Self-drawn", "ツモ", 1))
    elif payer_discarder:
        terms.append(("点炮", "Discard", "放銃", 1))
    degu_zh, degu_en = _term(NO_WILD)
    jd_zh, jd_en = _term(WILD_WAIT)
    gk_zh, gk_en = _term(KONG_BLOOM)
    if jingdiao:
        terms.append((jd_zh, jd_en, jd_en, 1))
    if gangkai and gangkai_mode == "fan":
        terms.append((gk_zh, gk_en, gk_en, 1))
    if payer_dealer or winner_dealer:
        terms.append(("庄", "Dealer", "親", 1))
    zh_s, en_s = refs.name("label", shape, SHAPE_LABEL[shape][0], _cap(SHAPE_LABEL[shape][1]),
                           "cap")  # fmt: skip
    if shape == BIG_SEVEN:
        terms.append((zh_s, en_s, en_s, da_qidui_fan))
    elif shape == SMALL_SEVEN and degu and degu_xiaoqi:
        dz, de = Chongguan.word("degu_xiaoqi", "cap")
        de = de if refs.active() else _cap(de)
        terms.append((dz, de, de, 2))
    elif SHAPE_FAN[shape]:
        terms.append((zh_s, en_s, en_s, SHAPE_FAN[shape]))
    if degu:
        terms.append((degu_zh, degu_en, degu_en, 1))
    b_zh, b_en = BAHU_NAME[ruleset_id]
    bahu_zh, bahu_en = refs.name("term", NO_WILD_ANYWHERE, b_zh, _cap(b_en), "cap")
    if dezhongde and dezhongde_mode == "fan":
        terms.append((bahu_zh, bahu_en, bahu_en, 1))
    if robbed:
        terms.append(("抢杠", "Robbed kong", "搶槓", 1))
    fan = sum(n for _, _, _, n in terms)
    amount = 1 << fan
    # a fan list, each 翻 doubling: "自摸1 · 庄1 → ×4" (issue 25 point 6)
    if terms:
        zh = " · ".join(f"{z}{n}" for z, _, _, n in terms) + f" → ×{amount}"
        en = " · ".join(f"{e} {n}" for _, e, _, n in terms) + f" → ×{amount}"
        ja = " · ".join(f"{j}{n}" if j in JA_WORDS else f"{j} {n}" for _, _, j, n in terms)
        ja += f" → ×{amount}"
    else:
        zh, en, ja = f"无翻 → ×{amount}", f"No fan → ×{amount}", f"翻なし → ×{amount}"
    responsible = self_drawn or payer_discarder
    if responsible and (degu or (jingdiao and jingdiao_bonus5)):
        amount += NO_WILD_BONUS
        why_zh = degu_zh if degu else jd_zh
        why_en = degu_en if degu else jd_en
        zh += f"，+5（{why_zh}）= {amount}"
        en += f", + 5 ({why_en}) = {amount}"
        ja += f"、+5（{why_en}）= {amount}"
    doubles: list[tuple[str, str]] = []
    if gangkai and gangkai_mode == "double_total":
        doubles.append((gk_zh, gk_en))
    if dezhongde and dezhongde_mode == "double_total":
        doubles.append((bahu_zh, bahu_en))
    for dz, de in doubles:
        amount *= 2
        zh += f"，再×2（{dz}）= {amount}"
        en += f", ×2 again ({de}) = {amount}"
        ja += f"、さらに×2（{de}）= {amount}"
    return amount, zh, en, ja  # "→ ×4" alone: the share is 4


#: the fan-list words the ja steps write in Japanese (a name is written as the en writes it,
#: then a space: "Kong bloom 1")
JA_WORDS = frozenset({"ツモ", "放銃", "親", "搶槓"})


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _term(flag: str) -> tuple[str, str]:
    """A flag as a fan-list item: its Chinese name, its English one capitalized."""
    zh, en = FLAG_NAME[flag]
    return refs.name("term", flag, zh, _cap(en), "cap")


def rule_key(opts: Mapping[str, OptionValue]) -> tuple[int, bool, bool, str, str]:
    """The options :func:`share` depends on, as a hashable key."""
    return (
        int(opts["da_qidui_fan"]),
        bool(opts["degu_xiaoqi_elevated"]),
        bool(opts["jingdiao_bonus5"]),
        str(opts["gangkai_mode"]),
        str(opts["dezhongde_mode"]),
    )


# --- 精计子 -----------------------------------------------------------------------------
def wild_value(
    points: int, wild_kongs: int, sole: bool, gang_jing_bonus: int, full_jing_100: bool
) -> int:
    """What each other player pays a holder of ``points`` 精 points (正精 2, 副精 1).

    Below 5: the points; 冲关 from 5: (n−3)×n (100 at 10 with 满精); + the 精杠 bonus per 精
    kong; ×2 for the sole holder (霸精). Spec §2.6.
    """
    if points <= 0 and wild_kongs <= 0:
        return 0
    if points < CHONGGUAN_FROM:
        v = points
    elif full_jing_100 and points == 10:
        v = 100
    else:
        v = (points - 3) * points
    v += gang_jing_bonus * wild_kongs
    if sole:
        v *= SOLE_HOLDER_MULT
    return v


@lru_cache(maxsize=4096)
def _wild_explain(
    primary: int,
    secondary: int,
    wild_kongs: int,
    sole: bool,
    bonus: int,
    full100: bool,
    referencing: str | None,
) -> tuple[int, str, str, str]:
    """A holder's 精 value and its derivation (zh, en, ja). ``referencing``:
    :func:`scoring.refs.active` at the call, a key of the cache only."""
    word = Chongguan.word
    points = 2 * primary + secondary
    v = wild_value(points, wild_kongs, sole, bonus, full100)
    (pz, pe), (sz, se) = word("primary"), word("secondary")
    zh = f"{pz}{primary}个×2 · {sz}{secondary}个×1 = {points}"
    en = f"{primary} {pe} ×2 · {secondary} {se} ×1 = {points}"
    ja = f"{pe} {primary}枚×2 · {se} {secondary}枚×1 = {points}"
    if points >= CHONGGUAN_FROM:
        if full100 and points == 10:
            fz, fe = word("full_wilds")
            zh += f" → {fz} 100"
            en += f" → {fe}: 100"
            ja += f" → {fe}：100"
        else:
            c = (points - 3) * points
            cz, ce = word("chongguan")
            zh += f" → {cz}：({points}−3)×{points} = {c}"
            en += f" → {ce}: ({points} − 3) × {points} = {c}"
            ja += f" → {ce}：({points}−3)×{points} = {c}"
    run = v // SOLE_HOLDER_MULT if sole else v
    if wild_kongs:
        kz, ke = word("wild_kong")
        zh += f"，{kz}{wild_kongs}个 +{bonus}×{wild_kongs} = {run}"
        en += f", {wild_kongs} {ke} +{bonus}×{wild_kongs} = {run}"
        ja += f"、{ke} {wild_kongs}組 +{bonus}×{wild_kongs} = {run}"
    return v, zh, en, ja


# --- the ruleset ----------------------------------------------------------------------------
def _fail(field: str, message: str) -> None:
    raise RecordError(field, message)


def _times_base(amount: int, base: int) -> tuple[int, str, str, str]:
    """``amount`` times the table's base, and the words of it (zh, en, ja; none at base 1)."""
    if base == 1:
        return amount, "", "", ""
    total = amount * base
    return total, f"，×底分{base}={total}", f", × base {base} = {total}", f"、×基本点{base}={total}"


class Chongguan(Ruleset):
    """The shared engine; the three rulesets below only differ in declarations."""

    unit_zh: ClassVar[str] = "子"
    unit_en: ClassVar[str] = "zi"  # 子, the stake unit (spec §7); said "zi", not "zi (stakes)"
    unit_gloss_en: ClassVar[str] = "points"  # introduced as "zi (points)" (issue 25.3)
    players: ClassVar[tuple[int, ...]] = (4,)
    results: ClassVar[tuple[Choice, ...]] = (RESULT_WIN, RESULT_DRAW, RESULT_FALSE_WIN)
    shapes: ClassVar[tuple[WinItemDecl, ...]] = SHAPES
    counts: ClassVar[tuple[CountDecl, ...]] = COUNTS
    events: ClassVar[tuple[EventDecl, ...]] = EVENTS
    #: the short words of the 精 step (scoring.refs, kind ``word``; spec §2.6)
    words: ClassVar[Words] = {
        "primary": ("正精", "", "primary wild"),
        "secondary": ("副精", "", "secondary wild"),
        "full_wilds": ("满精", "", "full wilds"),
        "chongguan": ("冲关", "", "chong guan"),
        "wild_kong": ("精杠", "", "wildcard kong"),
        "sole_holder": ("霸精", "", "霸精"),
        "degu_xiaoqi": ("德国小七", "", "no-wild small seven pairs"),  # option degu_xiaoqi_elevated
    }
    multi_win = "none"  # L125 "同一轮中点炮胡牌：胡前不胡后"
    #: The seed says nothing about who deals next (和牌 only voids the hand, L125); the usual rule.
    dealer_rule: ClassVar[DealerRule] = DealerRule(
        "stay",
        "next",
        "stay",
        "庄家胡牌或和牌连庄，闲家胡牌下家坐庄（原文未说明，按通行做法）",
        "The dealer keeps the deal after winning or a draw; a non-dealer win passes it to the "
        "next seat (the seed is silent; usual rule)",
    )

    # --- checks ----------------------------------------------------------------------------
    def check(self, record: HandRecord, opts: Options) -> None:
        counts = record.counts
        kongs = counts.get(WILD_KONGS)
        if kongs:
            for p, k in kongs.items():
                if k and record.count(SECONDARY, p) != 4:
                    _fail(
                        f"counts.{WILD_KONGS}.{p}",
                        "a wildcard kong (精杠) is the four 副精: that player's secondary_wild "
                        "must be 4",
                    )
        false_wins = 0
        for i, ev in enumerate(record.events):
            if ev.type == FOLLOW_DEALER and ev.player != record.dealer:
                _fail(
                    f"events[{i}].player", "跟庄 is paid by the dealer: player must be the dealer"
                )
            elif ev.type == FALSE_WIN:
                false_wins += 1
        if record.result == FALSE_WIN and false_wins != 1:
            _fail("events", "a false-win hand needs exactly one false_win event (the offender)")
        if record.result != "win" or not record.wins:
            return
        win = record.wins[0]
        if (
            how(win) == DISCARD
            and win.shape == PLAIN
            and NO_WILD not in win.flags
            and not opts["youjing_pinghu_can_ron"]
        ):
            _fail(
                "wins[0].from",
                "有精平胡不能抓点炮: a plain win that uses a 精 cannot be won on a discard at "
                "this table (option youjing_pinghu_can_ron)",
            )
        if NO_WILD_ANYWHERE in win.flags:
            j = win.flags.index(NO_WILD_ANYWHERE)
            if NO_WILD not in win.flags:
                _fail(f"wins[0].flags[{j}]", f"{NO_WILD_ANYWHERE!r} needs {NO_WILD!r} (德国)")
            for p in record.players:
                if p != win.winner and (record.count(PRIMARY, p) or record.count(SECONDARY, p)):
                    _fail(
                        f"wins[0].flags[{j}]",
                        f"{NO_WILD_ANYWHERE!r} means no other player holds a 精, but {p} does",
                    )

    # --- settlement -------------------------------------------------------------------------
    @classmethod
    def item_name(cls, kind: str, item_id: str) -> tuple[str, str, str] | None:
        """The words the steps name items by (scoring.refs): ``term`` = a flag as the
        formula says it (:data:`FLAG_NAME`; 德中德 / 霸胡 by ruleset, :data:`BAHU_NAME`),
        ``label`` = a shape's fan term (:data:`SHAPE_LABEL`)."""
        if kind == "term":
            zh, en = FLAG_NAME.get(item_id) or BAHU_NAME[cls.id]
            return zh, "", en
        if kind == "label" and item_id in SHAPE_LABEL:
            zh, en = SHAPE_LABEL[item_id]
            return zh, "", en
        return None

    def compute(self, record: HandRecord, opts: Options) -> Settlement:
        players = record.players
        base = int(opts["base"])
        if record.result == "draw":
            return Settlement((), dict.fromkeys(players, 0), (_draw_step(),))
        t = Tally(players)
        events = record.events
        if record.result == FALSE_WIN:
            per = int(opts["zhahu"])
            for ev in events:
                if ev.type == FALSE_WIN:
                    _false_win(t, players, ev.player, per, base)
            t.steps.append(_false_win_note())
        else:
            win = record.wins[0]
            _win(
                t,
                self.id,
                players,
                record.dealer,
                win,
                rule_key(opts),
                str(opts["robbed_kong_basis"]),
                bool(opts["quanqiuren"]),
                base,
            )
            _wilds(t, record, int(opts["gang_jing_bonus"]), bool(opts["full_jing_100"]), base)
            if events:
                money = int(opts["kong_money"])
                per = int(opts["genzhuang"])
                for ev in events:
                    if ev.type in KONG_EVENTS:
                        _kong(t, players, ev.player, ev.type, money, base)
                    elif ev.type == FOLLOW_DEALER:
                        _follow(t, players, ev.player, ev.int("rounds", 1), per, base)
        t.steps.append(_net_step(t.net))
        return t.settlement()


EMPTY: Mapping[str, int] = {}


def _follow_zh() -> str:
    """跟庄 as the zh steps write it: the event's name (the English steps write the Chinese)."""
    return refs.name("event", FOLLOW_DEALER, "跟庄", "")[0]


def _draw_step() -> Step:
    return Step(
        f"和牌：摸到翻精处无人胡牌，此局全作废——不计胡子、精子、杠钱、{_follow_zh()}，谁也不付",
        "Drawn hand (和牌): nobody won before the turned wildcard; the whole hand is void — "
        "nothing is paid, not even the wildcards (精): no win, no 精, no kong money, no 跟庄",
        "流局（和牌）：翻精の牌まで誰も和了せず、この局はすべて無効——和了・精・カン代・"
        "跟庄のいずれも支払いなし",
    )


def _false_win_note() -> Step:
    return Step(
        f"诈胡的一局只罚诈胡者；不计精、杠钱、{_follow_zh()}",
        "A false-win hand ends with the penalty only: no wildcards (精), kong money or 跟庄",
        "诈胡（チョンボ）の局は罰符のみ：精・カン代・跟庄は計算しない",
    )


def _who(p: str, dealer: str, discarder: str | None, robbed: bool = False) -> tuple[str, str, str]:
    zh = "庄家" if p == dealer else "闲家"
    en = "dealer" if p == dealer else "non-dealer"
    ja = "親" if p == dealer else "子"
    if p == discarder:
        zh += "·杠家" if robbed else "·点炮"
        en += ", kong maker" if robbed else ", discarder"
        ja += "·カンした人" if robbed else "·放銃"
    return f"{p}（{zh}）", f"{p} ({en})", f"{p}（{ja}）"


def _reason(p: str, dealer: str, discarder: str | None, w_how: str) -> str:
    if w_how == SELF_DRAWN:
        return R_SELF_DRAW
    if p == discarder:
        return R_DISCARDER
    return R_DEALER if p == dealer else R_OTHER


def _flat(flags: tuple[str, ...], quanqiuren: bool) -> tuple[int, str, str, str] | None:
    """天胡/地胡/全求人: a flat amount per payer that replaces the formula (§2.3)."""
    if HEAVENLY in flags or EARTHLY in flags:
        which = HEAVENLY if HEAVENLY in flags else EARTHLY
        name_zh, name_en = refs.name("term", which, *FLAG_NAME[which])
        if WILD_WAIT in flags:
            jd_zh, _ = refs.name("term", WILD_WAIT, *FLAG_NAME[WILD_WAIT])
            return (
                FLAT_HEAVENLY_WILD_WAIT,
                f"{jd_zh}{name_zh}每家{FLAT_HEAVENLY_WILD_WAIT}（不按翻数）",
                f"wild-wait {name_en}: flat {FLAT_HEAVENLY_WILD_WAIT} (instead of the fans)",
                f"精吊の{name_en}：各家定額{FLAT_HEAVENLY_WILD_WAIT}（翻数によらない）",
            )
        return (
            FLAT_HEAVENLY,
            f"{name_zh}每家{FLAT_HEAVENLY}（不按翻数）",
            f"{name_en}: flat {FLAT_HEAVENLY} (instead of the fans)",
            f"{name_en}：各家定額{FLAT_HEAVENLY}（翻数によらない）",
        )
    if ALL_MELDED in flags and quanqiuren:
        am_zh, am_en = refs.name("term", ALL_MELDED, *FLAG_NAME[ALL_MELDED])
        return (
            FLAT_ALL_MELDED,
            f"{am_zh}每家{FLAT_ALL_MELDED}（不按翻数）",
            f"{am_en}: flat {FLAT_ALL_MELDED} (instead of the fans)",
            f"{am_en}：各家定額{FLAT_ALL_MELDED}（翻数によらない）",
        )
    return None


def _win(
    t: Tally,
    ruleset_id: str,
    players: tuple[str, ...],
    dealer: str,
    win: Win,
    rule: tuple[int, bool, bool, str, str],
    robbed_basis: str,
    quanqiuren: bool,
    base: int,
) -> None:
    """胡计子: every other player's share of the win (§2.2–§2.4)."""
    winner, discarder, robbed = win.winner, win.discarder, win.robbed_kong
    shape, flags = win.shape or PLAIN, win.flags
    w_how = ROBBED_KONG if robbed else (SELF_DRAWN if discarder is None else DISCARD)
    winner_dealer = winner == dealer
    bahu = BAHU_NAME[ruleset_id]
    s_zh, s_en = refs.name("shape", shape, *SHAPE_NAME[shape])
    f_names = [refs.name("term", f, *FLAG_NAME.get(f, bahu)) for f in flags]
    hand_zh = s_zh + "".join(" · " + z for z, _ in f_names)
    hand_en = s_en + "".join(" · " + e for _, e in f_names)
    w_zh = f"{winner}（{'庄家' if winner_dealer else '闲家'}）"
    w_en = f"{winner} ({'dealer' if winner_dealer else 'non-dealer'})"
    w_ja = f"{winner}（{'親' if winner_dealer else '子'}）"
    if w_how == SELF_DRAWN:
        t.explain(
            f"{w_zh}自摸 {hand_zh}",
            f"{w_en} wins self-drawn: {hand_en}",
            f"{w_ja}のツモ和了：{hand_en}",
        )
    elif w_how == DISCARD:
        t.explain(
            f"{w_zh}胡 {discarder} 点炮 {hand_zh}（三家都付，点炮者多1翻）",
            f"{w_en} wins on {discarder}'s discard: {hand_en} (all three pay; the "
            "discarder's share has the discard fan)",
            f"{w_ja}が{discarder}から和了（ロン）：{hand_en}（三家とも支払い、放銃者の分は放銃の翻を含む）",
        )
    else:
        basis_zh = "按自摸算" if robbed_basis == "self_drawn" else "按杠家点炮算"
        basis_en = (
            "as a self-draw" if robbed_basis == "self_drawn" else "as the kong maker's discard"
        )
        basis_ja = "ツモとして" if robbed_basis == "self_drawn" else "カンした人の放銃として"
        t.explain(
            f"{w_zh}抢 {discarder} 的杠 {hand_zh}：正常胡({basis_zh})×2，"
            f"{refs.name('term', NO_WILD, *FLAG_NAME[NO_WILD])[0]}+5不翻倍，"
            "补杠家包付（被抢的杠不算杠钱）",
            f"{w_en} robs {discarder}'s kong: {hand_en}; a normal win ({basis_en}) ×2, the +5 "
            f"not doubled, and {discarder} pays every share (the robbed kong earns no kong money)",
            f"{w_ja}が{discarder}のカンを搶槓：{hand_en}；通常の和了（{basis_ja}計算）×2、"
            f"+5は倍にしない、{discarder}が全員分を包（搶槓されたカンにカン代なし）",
        )
    flat = _flat(flags, quanqiuren)
    scored_self = w_how == SELF_DRAWN or (robbed and robbed_basis == "self_drawn")
    fset = frozenset(flags)
    total = 0
    for p in players:
        if p == winner:
            continue
        if flat is not None:
            amount, d_zh, d_en, d_ja = flat
        else:
            amount, d_zh, d_en, d_ja = share(
                ruleset_id,
                shape,
                fset,
                scored_self,
                p == dealer,
                not scored_self and p == discarder,
                winner_dealer,
                robbed,
                rule,
                refs.active(),
            )
        v, b_zh, b_en, b_ja = _times_base(amount, base)
        who_zh, who_en, who_ja = _who(p, dealer, discarder, robbed)
        if robbed:
            assert discarder is not None
            t.pay(discarder, winner, v, R_ROBBED)
            t.explain(
                f"{who_zh}的一份由 {discarder} 包付：{d_zh}{b_zh}",
                f"{who_en}'s share, paid by {discarder}: {d_en}{b_en}",
                f"{who_ja}の分は{discarder}が包：{d_ja}{b_ja}",
            )
        else:
            t.pay(p, winner, v, _reason(p, dealer, discarder, w_how))
            t.explain(
                f"{who_zh}：{d_zh}{b_zh}", f"{who_en}: {d_en}{b_en}", f"{who_ja}：{d_ja}{b_ja}"
            )
        total += v
    t.explain(
        f"{winner} 胡牌共收 {total}",
        f"{winner} receives {total} for the win",
        f"{winner}の和了の受け取り計{total}",
    )


def _wilds(t: Tally, record: HandRecord, bonus: int, full100: bool, base: int) -> None:
    """精计子: each holder collects from each of the three others (§2.6). Two holders owe
    each other; as the spec says, settle both ways, then net: one payment of the difference."""
    players = record.players
    counts = record.counts
    prim = counts.get(PRIMARY, EMPTY)
    sec = counts.get(SECONDARY, EMPTY)
    kongs = counts.get(WILD_KONGS, EMPTY)
    holders = [
        (p, held)
        for p in players
        if (held := (prim.get(p, 0), sec.get(p, 0), kongs.get(p, 0))) != NO_WILDS
    ]
    if not holders:
        t.steps.append(NOBODY_HOLDS_WILDS)
        return
    sole = len(holders) == 1
    value = dict.fromkeys(players, 0)
    for p, (n_prim, n_sec, k) in holders:
        v, zh, en, ja = _wild_explain(n_prim, n_sec, k, sole, bonus, full100, refs.active())
        value[p] = v * base
        _, b_zh, b_en, b_ja = _times_base(v, base)
        if sole:  # 霸精: "Alice holds every wild (霸精) → ×2" (issue 25 point 6)
            bz, be = Chongguan.word("sole_holder")
            zh += f"；{p}独得全部精（{bz}）→ ×2 = {v}"
            en += f"; {p} holds every wild ({be}) → ×2 = {v}"
            ja += f"；{p}が精を独占（{be}）→ ×2 = {v}"
        t.explain(
            f"{p} 精：{zh}；每家付{v}{b_zh}",
            f"{p}'s wildcards: {en}; {v} from each{b_en}",
            f"{p}の精：{ja}；各家が{v}を支払う{b_ja}",
        )
    if not sole:
        t.steps.append(HOLDERS_NET)
    for p, _ in holders:
        vp = value[p]
        for q in players:
            d = vp - value[q]
            if d > 0:
                t.pay(q, p, d, R_WILD)


NO_WILDS = (0, 0, 0)
NOBODY_HOLDS_WILDS = Step("精：无人有精", "Wildcards (精): nobody holds any", "精：誰も精なし")
HOLDERS_NET = Step(
    "有精的两家互付后相抵，只付差额",
    "Two holders owe each other: only the difference is paid",
    "精を持つ者同士は相殺し、差額のみ支払う",
)


KONG_NAME = {e.id: (e.zh, e.en.lower()) for e in EVENTS}


def _kong(
    t: Tally, players: tuple[str, ...], player: str, kind: str, money: int, base: int
) -> None:
    """Kong money (§2.5): each of the others pays the kong owner."""
    amount, b_zh, b_en, b_ja = _times_base(money, base)
    for q in players:
        if q != player:
            t.pay(q, player, amount, R_KONG)
    name_zh, name_en = refs.name("event", kind, *KONG_NAME[kind], "lower")
    t.explain(
        f"{player} {name_zh}：每家付{money}{b_zh}",
        f"{player} {name_en}: {money} from each{b_en}",
        f"{player}の{name_en}：各家が{money}を支払う{b_ja}",
    )


def _follow(
    t: Tally, players: tuple[str, ...], dealer: str, rounds: int, per: int, base: int
) -> None:
    """跟庄 (§2.5): the dealer pays each other player, per go-round."""
    amount, b_zh, b_en, b_ja = _times_base(per * rounds, base)
    for q in players:
        if q != dealer:
            t.pay(dealer, q, amount, R_FOLLOW)
    t.explain(
        f"{_follow_zh()}{rounds}轮：庄家 {dealer} 付每家{per}×{rounds}={per * rounds}{b_zh}",
        f"跟庄 (the others followed the dealer's discard) for {rounds} round(s): dealer {dealer} "
        f"pays each {per}×{rounds} = {per * rounds}{b_en}",
        f"跟庄（親の捨て牌に他家が続いた）{rounds}巡：親 {dealer} が各家に"
        f"{per}×{rounds}={per * rounds}を支払う{b_ja}",
    )


def _false_win(t: Tally, players: tuple[str, ...], offender: str, per: int, base: int) -> None:
    """诈胡 (§2.5): the offender pays each other player."""
    amount, b_zh, b_en, b_ja = _times_base(per, base)
    for q in players:
        if q != offender:
            t.pay(offender, q, amount, R_FALSE_WIN)
    n = amount * (len(players) - 1)
    t.explain(
        f"{offender} {refs.name('event', R_FALSE_WIN, '诈胡', '')[0]}：赔每家{per}{b_zh}，共{n}",
        f"{offender} declared a false win (诈胡): pays {per} to each{b_en}, {n} in all",
        f"{offender}の诈胡（誤和了）：各家に{per}を支払う{b_ja}、計{n}",
    )


def _net_step(net: Mapping[str, int]) -> Step:
    each = [f"{p} {n:+d}" for p, n in net.items()]  # the same in both languages
    return Step("合计：" + "，".join(each), "Net: " + ", ".join(each), "収支：" + "、".join(each))


class Nanchang(Chongguan):
    id: ClassVar[str] = "nanchang"
    zh: ClassVar[str] = "南昌麻将（冲关）"
    en: ClassVar[str] = "Nanchang (chong guan)"
    summary_zh: ClassVar[str] = (
        "三家都付，每翻翻一倍；德国+5；精吊+5；杠开、德中德整体×2；正精2副精1，5精以上冲关。"
        "玩法“南昌”依《新南昌麻将算子规则》与《南昌麻将算子规则知识讲解》，"
        "“南昌齐全表”依《南昌麻将算子齐全表》"
    )
    summary_en: ClassVar[str] = (
        "All three pay, each fan doubling; no-wild +5; wild single wait +5; kong bloom and "
        "no-wild-anywhere double the whole; wilds: primary 2, secondary 1, chong guan from 5. "
        "The variant 'Nanchang' follows 新南昌麻将算子规则 (new Nanchang rules) and "
        "南昌麻将算子规则知识讲解 (a Nanchang rules explainer); 'Nanchang full table' follows "
        "南昌麻将算子齐全表 (the full Nanchang table)"
    )
    options: ClassVar[tuple[OptionDecl, ...]] = _option_decls(
        "nanchang", frozenset({"kong_money", "zhahu", "genzhuang"})
    )
    presets: ClassVar[tuple[PresetDecl, ...]] = (
        _preset("nanchang", "南昌", "Nanchang"),
        _preset("nanchang_table", "南昌齐全表", "Nanchang full table"),
    )
    default_preset: ClassVar[str | None] = "nanchang"
    flags: ClassVar[tuple[WinItemDecl, ...]] = _flags(
        "德中德", "No wild anywhere (德中德: no other player holds a 精)"
    )


class Taihe(Chongguan):
    id: ClassVar[str] = "taihe"
    zh: ClassVar[str] = "泰和冲关麻将"
    en: ClassVar[str] = "Taihe chong guan"
    summary_zh: ClassVar[str] = (
        "三家都付 2^翻；无精(德国)+5；精杠每家20；正精2副精1，5精以上冲关，霸精×2"
    )
    summary_en: ClassVar[str] = (
        "All three pay 2^fan; no-wild +5; wildcard kong 20 from each; wildcards: primary 2, "
        "secondary 1, chong guan from 5, sole holder ×2"
    )
    options: ClassVar[tuple[OptionDecl, ...]] = _option_decls(
        "taihe",
        frozenset(
            {
                "youjing_pinghu_can_ron",
                "dezhongde_mode",
                "kong_money",
                "zhahu",
                "genzhuang",
            }
        ),
    )
    presets: ClassVar[tuple[PresetDecl, ...]] = (_preset("taihe", "泰和", "Taihe"),)
    default_preset: ClassVar[str | None] = "taihe"
    flags: ClassVar[tuple[WinItemDecl, ...]] = _flags(
        "德中德", "No wild anywhere (德中德: no other player holds a 精)"
    )


class Xingguo(Chongguan):
    id: ClassVar[str] = "xingguo"
    zh: ClassVar[str] = "兴国冲关麻将"
    en: ClassVar[str] = "Xingguo chong guan"
    summary_zh: ClassVar[str] = (
        "三家都付 2^翻；德国+5不翻倍；有精平胡不能抓炮；杠钱每家2；诈胡赔每家20；跟庄每家5"
    )
    summary_en: ClassVar[str] = (
        "All three pay 2^fan; no-wild +5 never doubled; a plain win with wilds cannot take a "
        "discard; kong 2 from each; false win pays 20 to each; 跟庄 5 to each"
    )
    options: ClassVar[tuple[OptionDecl, ...]] = _option_decls(
        "xingguo", frozenset({"gang_jing_bonus", "full_jing_100"})
    )
    presets: ClassVar[tuple[PresetDecl, ...]] = (_preset("xingguo", "兴国", "Xingguo"),)
    default_preset: ClassVar[str | None] = "xingguo"
    flags: ClassVar[tuple[WinItemDecl, ...]] = _flags(
        "霸胡", "No wild anywhere (霸胡: no player holds a 精)"
    )


RULESETS = [Nanchang(), Taihe(), Xingguo()]
