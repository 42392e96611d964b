"""新加坡麻将 Singapore mahjong: tai (台) doubling, a minimum and a limit, shooter pays or all pay,
and instant payouts (kongs, bites 咬, flower and animal sets) paid during the hand.

Spec: ``shared/rules/singapore.md`` (no seed text; public sources S1–S11 and code bases C1–C5,
cited by id in the comments and in the help texts below).

How a hand is recorded:

* a win carries **either** ``fan`` = the tai total counted at the table, **or** ``fans`` = a
  list of the tai item ids of §3.1/§3.2 (an id may repeat: ``dragon_pung`` twice, ``animal``
  up to four times); never both. ``robbed_kong`` = 抢杠 (``from`` = the kong player); flag
  ``fresh_tile`` (生牌) = the discarder pays for all. 七抢一 (``robbing_the_eighth``) has
  ``from`` = the player who drew the 8th flower, paid against like a discarder (C3).
* instant payouts are events (§2.4), allowed in a won and in a drawn hand (they are paid when
  they happen): ``exposed_kong`` (``from`` = the feeder; field ``fresh_tile`` 0/1),
  ``added_kong``, ``concealed_kong``, ``animal_pair`` and ``seat_flower_pair`` (field
  ``hidden`` 0/1; ``from`` optional = one player pays the bite alone), ``flower_set_complete``,
  ``animal_set_complete``. A robbed kong is not recorded (C3 ``RevertKongPayout``).
* 包 liability: event ``bao`` with ``player`` = the winner and ``from`` = the liable player
  (who pays for everyone, §3.4). The spec writes ``{"player": liable, "winner": winner}``;
  here ``from`` is the one who pays, as in every other event of the project.

Money: a share ``S(t) = base × 2^(t − 1)`` (doubling), the double share ``Z(t) = 2·S(t)``; all
integers (``doubling_from_zero``: ``S(t) = base × 2^t``; ``table``: the three-six table of C2).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any, ClassVar, Literal

from scoring import refs
from scoring.declarations import (
    DISCARD,
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
from scoring.record import Event, HandRecord, Settlement, Win
from scoring.ruleset import Options, Ruleset, Tally, Words
from scoring.rulesets._common import (
    KONG_EACH_PAYS,
    KONG_FEEDER_PAYS,
    each_pays,
    exclusions,
    fan_json,
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


_HIDDEN = _bool_field("hidden", "暗（起手即有，1=是）", "hidden, held from the deal (1 = yes)",
                      "暗（起手即有，1=是）")  # fmt: skip
_FRESH = _bool_field("fresh_tile", "生牌（1=是，放杠者独付）",
                     "fresh tile (1 = yes: the feeder pays alone)", "生牌（1=是，放槓者獨付）")  # fmt: skip


class Singapore(Ruleset):
    #: the short words of the steps (scoring.refs, kind ``word``), ids = the events' ids;
    #: Traditional as the module's declarations write them (咬與齊花, 槓); spec §2.3 / §4
    words: ClassVar[Words] = {
        "animal_pair": ("咬", "咬", "bite"),
        "seat_flower_pair": ("正花一对", "正花一對", "own flower pair"),
        "flower_set_complete": ("齐花", "齊花", "complete flower set"),
        "animal_set_complete": ("齐四动物", "齊四動物", "all animals"),
        "exposed_kong": ("明杠", "明槓", "kong on a discard"),
        "fresh_tile": ("生牌", "生牌", "fresh tile"),
    }
    id: ClassVar[str] = "singapore"
    zh: ClassVar[str] = "新加坡麻将（台）"
    zh_hant: ClassVar[str] = "新加坡麻將（台）"
    en: ClassVar[str] = "Singapore (tai)"
    unit_zh: ClassVar[str] = "底"
    unit_zh_hant: ClassVar[str] = "底"
    unit_en: ClassVar[str] = "base units"
    fan_word_zh: ClassVar[str] = "台"  # the keypad's word (bot/fan_words.py)
    fan_word_zh_hant: ClassVar[str] = "台"
    fan_word_en: ClassVar[str] = "tai"
    summary_zh: ClassVar[str] = (
        "148张（含花与动物）。台数相加，最少1台、封顶5台；每份 = 底×2^(台−1)，放炮者与自摸时每家付双份。"
        "默认放炮者全付（双份+另两家的两份）；可选三家付。杠、咬、齐花/齐动物即时赔付，流局照付。"
        "玩法：“放炮全付”为 Telegram 计分机器人常用（C1、C2、C4），“三家付”出自规则网页（S1–S3），"
        "“三六表”出自 C2 的 threeSix 表，“即时赔付加倍”为 C3 游戏的做法。"
    )
    summary_en: ClassVar[str] = (
        "148 tiles (flowers and animals). Tai add up, minimum 1, limit 5; a share = base × "
        "2^(tai − 1); the discarder, and every loser on a self-draw, pays a double share. "
        "Default: the shooter pays for all (his double share and the other two shares); or all "
        "pay. Kongs, bites and complete flower/animal sets pay at once, even in a drawn hand. "
        "Variants: 'Shooter pays' is what the Telegram scoring bots use (C1, C2, C4), 'All pay' "
        "the rule pages (S1–S3), 'Three-six table' C2's threeSix table, 'Double instant "
        "payouts' the C3 game."
    )
    players: ClassVar[tuple[int, ...]] = (4,)
    options: ClassVar[tuple[OptionDecl, ...]] = (
        OptionDecl(
            "base", "底（1台一份）", "Base (one 1-tai share)", "int", 1, min=1, max=1_000_000,
            house=True, important=True, zh_hant="底（1台一份）",
            help_zh="1台一份的金额（整数）；来源给的是元（S1 “S$1 for a one-point winning hand”），本桌默认1",
            help_en="The value of one 1-tai share (an integer); sources give dollars (S1 'S$1 "
            "for a one-point winning hand'); house default 1",
        ),
        OptionDecl(
            "payment", "放炮付款", "Who pays a discard win", "choice", "shooter",
            choices=(
                Choice("shooter", "放炮者全付（双份+另两家各一份）",
                       "Shooter pays all (his double share + the other two shares)",
                       "放炮者全付（雙份+另兩家各一份）"),
                Choice("all_pay", "三家付（放炮者双份，另两家各一份）",
                       "All pay (discarder double, the other two single)",
                       "三家付（放炮者雙份，另兩家各一份）"),
            ),
            important=True, zh_hant="放炮付款",
            help_zh="SG1：规则网页为三家付（S2 “pays twice the chips compared to other losing players”）；"
            "四个程序（C1–C4）默认放炮者全付",
            help_en="SG1: the rule pages let all pay (S2 'pays twice the chips compared to other "
            "losing players'); all four code bases (C1–C4) default to the shooter paying all",
        ),
        OptionDecl(
            "min_tai", "起胡台数", "Minimum tai", "int", 1, min=0, max=2, important=True,
            zh_hant="起胡台數",
            help_zh="SG3：最少1台才能胡（S2、S9）；0台只在“从0台起倍”时可用",
            help_en="SG3: a win needs 1 tai (S2, S9); 0 only with progression 'doubling from zero'",
        ),
        OptionDecl(
            "max_tai", "封顶台数", "Limit (tai)", "int", 5, min=5, max=10, important=True,
            zh_hant="封頂台數",
            help_zh="SG3：封顶5台（S1、S2、S9、C1 maxtai=5、C3 Fan Limit 5）；C1 可设5–10",
            help_en="SG3: limit 5 (S1, S2, S9, C1 maxtai = 5, C3 Fan Limit 5); C1 allows 5–10",
        ),
        OptionDecl(
            "special_hand_bonus", "特殊牌型超封顶", "Special hands above the limit", "int", 0,
            min=0, max=1, zh_hant="特殊牌型超封頂",
            help_zh="SG3：满贯牌型 = 封顶台数 + 此数；S9 “cap … 5 points, with the exception of 6 points "
            "for special hands” → 1",
            help_en="SG3: a limit hand scores the limit + this; S9 'cap … at 5 points, with the "
            "exception of 6 points for special hands' → 1",
        ),
        OptionDecl(
            "progression", "计分方式", "Progression", "choice", "doubling",
            choices=(
                Choice("doubling", "每台翻倍（1台一份）", "Doubling (1 tai = one share)",
                       "每台翻倍（1台一份）"),
                Choice("table", "三六表：每份1,2,3,5,10；双份2,3,5,10,20",
                       "Three-six table: share 1,2,3,5,10; double 2,3,5,10,20",
                       "三六表：每份1,2,3,5,10；雙份2,3,5,10,20"),
                Choice("doubling_from_zero", "从0台起翻倍（0台一份）", "Doubling from zero (0 tai = one share)",
                       "從0台起翻倍（0台一份）"),
            ),
            zh_hant="計分方式",
            help_zh="SG2：每份 = 底×2^(台−1)（S1、S2、S3、S11）；三六表出自 C2 的 threeSix 表；"
            "从0台起 = 底×2^台（S1b 从0台手计一份）",
            help_en="SG2: a share = base × 2^(tai − 1) (S1, S2, S3, S11); the three-six table is "
            "C2's threeSix table; from zero = base × 2^tai (S1b gives one unit to a zero-point "
            "hand)",
        ),
        OptionDecl(
            "kong_discard", "明杠（杠别人打出的牌）谁付", "Who pays a kong on a discard", "choice",
            "follow_payment",
            choices=(
                Choice("follow_payment", "随放炮付款方式（全付→放杠者付3；三家付→每家1）",
                       "Follow the payment mode (shooter: feeder 3; all pay: 1 each)",
                       "隨放炮付款方式（全付→放槓者付3；三家付→每家1）"),
                Choice("feeder_alone", "放杠者付3", "The feeder pays 3", "放槓者付3"),
                Choice("all_three", "三家各付1", "Each of the three pays 1", "三家各付1"),
                Choice("feeder_double", "放杠者付2，另两家各1（半铳）",
                       "Feeder 2, the other two 1 (half shooter)", "放槓者付2，另兩家各1（半銃）"),
            ),
            zh_hant="明槓（槓別人打出的牌）誰付",
            help_zh="SG4：C1、C2 三家付时每家1；C4 半铳：放杠者2、另两家1；C3 全付时放杠者3。单位 = 即时赔付单位",
            help_en="SG4: C1, C2 in all-pay tables 1 each; C4 ½ shooter: feeder 2, the others 1; "
            "C3 in shooter tables the feeder 3. Amounts in instant-payout units",
        ),
        OptionDecl(
            "kong_payouts", "杠即时赔付", "Kong payouts at once", "bool", True,
            zh_hant="槓即時賠付",
            help_zh="SG9：S8 “Not every player in Singapore uses the instant payout rules”；C5 默认关",
            help_en="SG9: S8 'Not every player in Singapore uses the instant payout rules'; C5 "
            "defaults them off",
        ),
        OptionDecl(
            "bonus_payouts", "咬与齐花即时赔付", "Bite and set payouts at once", "bool", True,
            zh_hant="咬與齊花即時賠付",
            help_zh="SG9：咬（猫鼠、鸡蜈蚣、正花一对）与齐花/齐动物的即时赔付（S4、S7、S8）",
            help_en="SG9: bites (cat+rat, rooster+centipede, own flower pair) and complete "
            "flower/animal sets paid at once (S4, S7, S8)",
        ),
        OptionDecl(
            "instant_scale", "即时赔付单位（×底）", "Instant payout unit (× base)", "int", 1,
            min=1, max=2, zh_hant="即時賠付單位（×底）",
            help_zh="SG10：机器人（C1、C2、C4）一次杠/咬 = 1台一份 → 1；C3 一切加倍 → 2",
            help_en="SG10: the bots (C1, C2, C4) pay one 1-tai share per kong or bite → 1; C3 "
            "pays everything twice → 2",
        ),
        OptionDecl(
            "set_payout", "齐花/齐动物每家付（×单位）", "Complete set: each pays (× unit)", "int", 2,
            min=1, max=2, zh_hant="齊花/齊動物每家付（×單位）",
            help_zh="SG7：S4 “double bonus money”、C3 = 2；C4 = 1",
            help_en="SG7: S4 'double bonus money', C3 = 2; C4 = 1",
        ),
        OptionDecl(
            "rob_pays_all", "抢杠/七抢一由被抢者全付", "Robbed player pays all", "bool", False,
            zh_hant="搶槓/七搶一由被搶者全付",
            help_zh="SG6a：C3 早期版本被抢者全付；现版本当作放炮者",
            help_en="SG6a: an early C3 version makes him pay for all; C3 HEAD treats him as the "
            "discarder",
        ),
        OptionDecl(
            "limit_all_pay_double", "满贯放炮三家付双份", "Limit hand on a discard: all pay double",
            "bool", False, zh_hant="滿貫放炮三家付雙份",
            help_zh="SG11：S3 “All players pay double … or he has a special winning hand”（只在三家付时）",
            help_en="SG11: S3 'All players pay double to the winner if he self-draws … or he has a "
            "special winning hand' (all-pay tables only)",
        ),
        OptionDecl(
            "mixed_terminals_tai", "混幺九台数（另加）", "Mixed terminals tai (added)", "int", 2,
            min=0, max=2, zh_hant="混幺九台數（另加）",
            help_zh="SG12：C3、C5 连对对胡共4 → 2；S1b 1；S10 共2 → 0",
            help_en="SG12: C3, C5 4 with all pungs → 2; S1b 1; S10 2 in all → 0",
        ),
        OptionDecl(
            "small_four_winds_tai", "小四喜台数", "Four lesser blessings tai", "int", 2,
            min=2, max=4, zh_hant="小四喜台數",
            help_zh="SG12：C3、C5 2（风刻另计）；S1b 4",
            help_en="SG12: C3, C5 2 (wind pungs still counted); S1b 4",
        ),
        OptionDecl(
            "concealed_self_drawn_tai", "门清自摸台数", "Fully concealed self-draw tai", "int", 1,
            min=0, max=1, zh_hant="門清自摸台數",
            help_zh="C3 Fully Concealed 1；0 = 不计",
            help_en="C3 Fully Concealed 1; 0 = not counted",
        ),
        OptionDecl(
            "seven_pairs_tai", "七对台数（0=不可胡）", "Seven pairs tai (0 = not allowed)", "int", 0,
            min=0, max=10, house=True, zh_hant="七對台數（0=不可胡）",
            help_zh="SG13：S1c 有“七对子”一节，但未见台数；默认不可胡",
            help_en="SG13: S1c has a 'Seven Pairs' section, its value was not seen; default: not "
            "allowed",
        ),
        OptionDecl(
            "thirteen_wonders_double", "十三幺付款加倍", "Thirteen wonders paid double", "bool",
            False, zh_hant="十三幺付款加倍",
            help_zh="SG15：只有 C5 “everyone pays double, tsumo or not”",
            help_en="SG15: only C5 'everyone pays double, tsumo or not'",
        ),
        OptionDecl(
            "dealer_double", "庄家付收加倍", "Dealer pays and receives double", "bool", False,
            house=True, zh_hant="莊家付收加倍",
            help_zh="SG14：S1b “variants exist where the dealer must also pay and receive double”；"
            "本桌做法：胡牌付款中凡付给庄家或庄家付出的款项×2（杠、咬不变）",
            help_en="SG14: S1b 'variants exist where the dealer must also pay and receive double'; "
            "here: every hand payment to or from the dealer ×2 (kongs and bites unchanged)",
        ),
    )  # fmt: skip
    presets: ClassVar[tuple[PresetDecl, ...]] = (
        PresetDecl("bots", "放炮全付", "Shooter pays",
                   {"payment": "shooter"}, zh_hant="放炮全付"),
        PresetDecl("rule_pages", "三家付", "All pay",
                   {"payment": "all_pay"}, zh_hant="三家付"),
        PresetDecl("three_six", "三六表", "Three-six table",
                   {"progression": "table", "payment": "shooter"}, zh_hant="三六表"),
        PresetDecl("c3_game", "即时赔付加倍", "Double instant payouts",
                   {"instant_scale": 2}, zh_hant="即時賠付加倍"),
    )  # fmt: skip
    shapes: ClassVar[tuple[WinItemDecl, ...]] = ()
    shape_required: ClassVar[bool] = False
    flags: ClassVar[tuple[WinItemDecl, ...]] = (
        WinItemDecl(
            "fresh_tile", "生牌（放炮者全付）", "Fresh tile (the discarder pays for all)",
            "放炮者付双份+两份", "the discarder pays Z + 2S", how=frozenset({DISCARD}),
            zh_hant="生牌（放炮者全付）",
        ),
    )  # fmt: skip
    counts: ClassVar[tuple[CountDecl, ...]] = ()
    events: ClassVar[tuple[EventDecl, ...]] = (
        EventDecl(
            "exposed_kong", "明杠（杠打出的牌）", "Kong on a discard", source="required",
            source_zh="放杠者", source_en="who discarded it", fields=(_FRESH,),
            value_zh="全付：放杠者3；三家付：每家1（见选项）",
            value_en="shooter tables: the feeder 3; all-pay: 1 each (see option)",
            enabled_by="kong_payouts", off_pays_nothing=True, zh_hant="明槓（槓打出的牌）",
        ),
        EventDecl(
            "added_kong", "加杠", "Added kong", value_zh="每家1", value_en="1 from each",
            enabled_by="kong_payouts", off_pays_nothing=True, zh_hant="加槓",
        ),
        EventDecl(
            "concealed_kong", "暗杠", "Concealed kong", value_zh="每家2", value_en="2 from each",
            enabled_by="kong_payouts", off_pays_nothing=True, zh_hant="暗槓",
        ),
        EventDecl(
            "animal_pair", "咬（猫鼠或鸡蜈蚣）", "Bite (cat + rat or rooster + centipede)",
            source="optional", source_zh="只由一人付（否则每家付）",
            source_en="paid by one player only (else by each)", fields=(_HIDDEN,),
            value_zh="每家1；暗2", value_en="1 from each; hidden 2",
            enabled_by="bonus_payouts", off_pays_nothing=True, zh_hant="咬（貓鼠或雞蜈蚣）",
        ),
        EventDecl(
            "seat_flower_pair", "正花一对（本位花与季）", "Own flower and season pair",
            source="optional", source_zh="只由一人付（否则每家付）",
            source_en="paid by one player only (else by each)", fields=(_HIDDEN,),
            value_zh="每家1；暗2", value_en="1 from each; hidden 2",
            enabled_by="bonus_payouts", off_pays_nothing=True, zh_hant="正花一對（本位花與季）",
        ),
        EventDecl(
            "flower_set_complete", "齐花（一组四花或四季）", "Complete flower set",
            value_zh="每家2（选项）", value_en="2 from each (option)", enabled_by="bonus_payouts", off_pays_nothing=True,
            zh_hant="齊花（一組四花或四季）",
        ),
        EventDecl(
            "animal_set_complete", "齐四动物", "All four animals",
            value_zh="每家2（选项）", value_en="2 from each (option)", enabled_by="bonus_payouts", off_pays_nothing=True,
            zh_hant="齊四動物",
        ),
        EventDecl(
            "bao", "包（一人包付）", "Bao: one player pays for all", source="required",
            source_zh="包付者", source_en="the liable player",
            value_zh="自摸3×双份；放炮 双份+2×一份", value_en="self-draw 3·Z; discard Z + 2·S",
            results=frozenset({"win"}), zh_hant="包（一人包付）",
        ),
    )  # fmt: skip
    win_inputs: ClassVar[frozenset[str]] = frozenset({"fan", "fans"})
    multi_win: ClassVar[Literal["none", "same_discard", "sequential"]] = "same_discard"
    dealer_rule: ClassVar[DealerRule] = DealerRule(
        zh="庄家胡牌或流局连庄，否则下家坐庄（规格未说明，本桌默认）",
        en="The dealer keeps the deal after winning or a draw; otherwise it passes on (not in "
        "the spec; house default)",
    )

    @classmethod
    def extra_json(cls) -> dict[str, Any]:
        items = [
            fan_json(
                fid,
                (zh, hant, en),
                ITEM_DEFAULT[fid] if tai is None else tai,
                max_count=most,
                not_with=NOT_WITH.get(fid, ()),
            )
            for fid, (zh, hant, en, tai, most) in ITEMS.items()
        ]
        limits = [
            fan_json(fid, names, 5, limit=True, max_count=1, not_with=())
            for fid, names in LIMITS.items()
        ]
        return {"fans": items + limits}

    # --- tai ---------------------------------------------------------------------------
    @staticmethod
    def item_tai(fid: str, opts: Options) -> int:
        tai = ITEMS[fid][3]
        return opts.i(ITEM_OPTION[fid]) if tai is None else tai

    def count_tai(self, win: Win, opts: Options) -> tuple[int, int, str, str, str, bool]:
        """(tai used, tai counted, zh, en, ja parts, limit?) of a valid win (§2.1)."""
        cap = opts.i("max_tai")
        if win.fan is not None:
            t = win.fan
            used = min(t, cap)
            return used, t, f"共{t}台", f"{t} tai in all", f"計{t}台", False
        fans = win.fans or ()
        limits = [f for f in fans if f in LIMITS]
        if limits:
            t = cap + opts.i("special_hand_bonus")
            zh, en = refs.name("fan", limits[0], *item_name(limits[0]))
            bonus = opts.i("special_hand_bonus")
            pz = f"{zh}（满贯）= 封顶{cap}台" + (f"+{bonus}" if bonus else "")
            pe = f"{en} (limit) = limit {cap} tai" + (f" + {bonus}" if bonus else "")
            pj = f"{en}（満貫）= 上限{cap}台" + (f"+{bonus}" if bonus else "")
            return t, t, pz, pe, pj, True
        t = 0
        zh_parts: list[str] = []
        en_parts: list[str] = []
        for fid, n in Counter(fans).items():
            tai = self.item_tai(fid, opts)
            t += tai * n
            zh, en = refs.name("fan", fid, *item_name(fid))
            times_zh = f"×{n}" if n > 1 else ""
            times_en = f" × {n}" if n > 1 else ""
            zh_parts.append(f"{zh}{tai}{times_zh}")
            en_parts.append(f"{en} {tai}{times_en}")
        used = min(t, cap)
        zh, en = " · ".join(zh_parts) + f" = {t}台", " · ".join(en_parts) + f" = {t} tai"
        return used, t, zh, en, " · ".join(en_parts) + f" = {t}台", False

    @staticmethod
    def shares(t: int, opts: Options) -> tuple[int, int, str, str, str]:
        """(S, Z, zh, en, ja): the single and double share of a ``t``-tai win (§2.2)."""
        base = opts.i("base")
        prog = opts.s("progression")
        if prog == "table":
            s, z = base * THREE_SIX[0][t - 1], base * THREE_SIX[1][t - 1]
            return (
                s,
                z,
                f"{t}台 → 每份 {base}×{THREE_SIX[0][t - 1]} = {s}，双份 {base}×"
                f"{THREE_SIX[1][t - 1]} = {z}（三六表）",
                f"{t} tai → share {base} × {THREE_SIX[0][t - 1]} = {s}, double share {base} × "
                f"{THREE_SIX[1][t - 1]} = {z} (three-six table)",
                f"{t}台 → 一口 {base}×{THREE_SIX[0][t - 1]} = {s}、二口分 {base}×"
                f"{THREE_SIX[1][t - 1]} = {z}（三六表）",
            )
        exp = t if prog == "doubling_from_zero" else t - 1
        s = base * (1 << exp)
        z = 2 * s
        # "5台 → 每份 1×16 = 16": each 台 doubles (issue 25 point 6)
        return (
            s,
            z,
            f"{t}台 → 每份 {base}×{1 << exp} = {s}，双份 {z}",
            f"{t} tai → share {base} × {1 << exp} = {s}, double share {z}",
            f"{t}台 → 一口 {base}×{1 << exp} = {s}、二口分 {z}",
        )

    # --- checks ------------------------------------------------------------------------
    def check(self, record: HandRecord, opts: Options) -> None:
        winners = [w.winner for w in record.wins]
        for i, w in enumerate(record.wins):
            self._check_win(record, opts, i, w)
        bao_for: set[str] = set()
        for j, ev in enumerate(record.events):
            if ev.type == "bao":
                if ev.player not in winners:
                    raise RecordError(
                        f"events[{j}].player", f"包: {ev.player} is not a winner of this hand"
                    )
                if ev.player in bao_for:
                    raise RecordError(f"events[{j}]", f"包 for {ev.player} is recorded twice")
                bao_for.add(ev.player)

    def _check_win(self, record: HandRecord, opts: Options, i: int, w: Win) -> None:
        path = f"wins[{i}]"
        if w.fan is not None and w.fans is not None:
            raise RecordError(f"{path}.fan", "give either the tai total or the tai items, not both")
        if w.fan is None and not w.fans:
            raise RecordError(f"{path}.fans", "a win needs its tai items or its tai total")
        fans = w.fans or ()
        counted = Counter(fans)
        for j, fid in enumerate(fans):
            fpath = f"{path}.fans[{j}]"
            if fid not in ITEMS and fid not in LIMITS:
                raise RecordError(fpath, f"unknown tai item {fid!r} for ruleset singapore")
            most = ITEMS[fid][4] if fid in ITEMS else 1
            if counted[fid] > most:
                raise RecordError(fpath, f"{fid!r} counts at most {most} time(s)")
            clash = NOT_WITH.get(fid)
            if clash is not None and not clash.isdisjoint(counted):
                other = min(clash & counted.keys())
                raise RecordError(fpath, f"{fid!r} cannot be combined with {other!r}")
            if fid in SELF_DRAWN_ONLY and w.discarder is not None:
                raise RecordError(fpath, f"{fid!r} is only possible on a self-draw")
            if fid in DEALER_ONLY and w.winner != record.dealer:
                raise RecordError(fpath, f"{fid!r} is only possible for the dealer")
            if fid in NON_DEALER_ONLY and w.winner == record.dealer:
                raise RecordError(fpath, f"{fid!r} is not possible for the dealer")
            if fid == "robbing_the_eighth" and (w.discarder is None or w.robbed_kong):
                raise RecordError(
                    fpath,
                    "七抢一 needs 'from' = the player who drew the 8th flower (no robbed kong)",
                )
            if fid == "seven_pairs" and opts.i("seven_pairs_tai") == 0:
                raise RecordError(
                    fpath, "seven pairs is not played at this table (option seven_pairs_tai)"
                )
        if w.fans is not None:
            if "mixed_terminals" in counted and "pong_pong_hu" not in counted:
                raise RecordError(f"{path}.fans", "'mixed_terminals' needs 'pong_pong_hu'")
            if "small_three_dragons" in counted and counted["dragon_pung"] != 2:
                raise RecordError(
                    f"{path}.fans", "'small_three_dragons' needs exactly 2 × 'dragon_pung'"
                )
            if "animal_set" in counted and counted["animal"] != 4:
                raise RecordError(f"{path}.fans", "'animal_set' needs 4 × 'animal'")
            if counted["flower_set"] > counted["seat_flower"]:
                raise RecordError(
                    f"{path}.fans", "'flower_set' needs its own tile listed as 'seat_flower'"
                )
            if ("robbing_kong" in counted) != w.robbed_kong:
                raise RecordError(
                    f"{path}.fans",
                    "'robbing_kong' goes with robbed_kong: true, and the other way round",
                )
        t, counted_tai, _, _, _, limit = self.count_tai(w, opts)
        if not limit and counted_tai < opts.i("min_tai"):
            raise RecordError(
                f"{path}.fan" if w.fan is not None else f"{path}.fans",
                f"{counted_tai} tai is below min_tai {opts.i('min_tai')}",
            )
        prog = opts.s("progression")
        if t == 0 and prog != "doubling_from_zero":
            raise RecordError(
                f"{path}.fan" if w.fan is not None else f"{path}.fans",
                "a 0-tai hand is paid only with progression 'doubling_from_zero'",
            )
        if prog == "table" and t > len(THREE_SIX[0]):
            raise RecordError(
                f"{path}.fan" if w.fan is not None else f"{path}.fans",
                f"the three-six table stops at {len(THREE_SIX[0])} tai ({t} here): "
                "lower max_tai / special_hand_bonus or use doubling",
            )

    # --- settlement --------------------------------------------------------------------
    @classmethod
    def item_name(cls, kind: str, item_id: str) -> tuple[str, str, str] | None:
        """The §2.1 tai items and limit hands, and the kongs' names in steps (scoring.refs)."""
        if kind == "fan":
            if item_id in ITEMS:
                return ITEMS[item_id][:3]
            if item_id in LIMITS:
                return LIMITS[item_id]
        if kind == "kong" and item_id in KONG_NAMES:
            zh, en = KONG_NAMES[item_id]
            return zh, "", en
        return None

    def compute(self, record: HandRecord, opts: Options) -> Settlement:
        tally = Tally(record.players)
        bao = {e.player: e.source for e in record.events if e.type == "bao"}
        for w in record.wins:
            self._settle_win(tally, record, opts, w, bao.get(w.winner))
        self._settle_events(tally, record, opts)
        if not tally.steps:
            tally.explain("流局，无人付款", "Draw: nobody pays", "流局：支払いなし")
        return tally.settlement()

    def _settle_win(
        self, tally: Tally, record: HandRecord, opts: Options, w: Win, liable: str | None
    ) -> None:
        t, counted, pz, pe, pj, limit = self.count_tai(w, opts)
        capped_zh = f"，封顶{t}台" if counted > t else ""
        capped_en = f", capped at {t}" if counted > t else ""
        capped_ja = f"、{t}台で頭打ち" if counted > t else ""
        tally.explain(
            f"{w.winner} 胡：{pz}{capped_zh}",
            f"{w.winner} wins: {pe}{capped_en}",
            f"{w.winner}の和了：{pj}{capped_ja}",
        )
        s, z, sz, se, sj = self.shares(t, opts)
        tally.explain(sz, se, sj)
        others = [p for p in record.players if p != w.winner]
        pays: list[tuple[str, int, str]] = []  # payer, amount, reason
        frm = w.discarder
        fans = w.fans or ()
        if liable is not None:
            if frm is None:
                pays.append((liable, 3 * z, "bao"))
                tally.explain(
                    f"包：{liable} 一人付三家的双份 3×{z} = {3 * z}",
                    f"bao: {liable} alone pays the three double shares, 3 × {z} = {3 * z}",
                    f"包：{liable}が一人で三家分の二口を支払う 3×{z} = {3 * z}",
                )
            else:
                pays.append((liable, z + 2 * s, "bao"))
                tally.explain(
                    f"包：{liable} 一人付双份加两个一份 {z}+2×{s} = {z + 2 * s}",
                    f"bao: {liable} alone pays a double share and two shares, "
                    f"{z} + 2 × {s} = {z + 2 * s}",
                    f"包：{liable}が一人で二口分と一口二つを支払う {z}+2×{s} = {z + 2 * s}",
                )
        elif frm is None:
            for p in others:
                pays.append((p, z, "self_draw"))
            tally.explain(
                f"自摸：三家各付双份 {z}",
                f"self-drawn: each of the three pays the double share {z}",
                f"ツモ：三家が各二口分 {z} を支払う",
            )
        elif (
            opts.s("payment") == "shooter"
            or w.has("fresh_tile")
            or (opts.b("rob_pays_all") and (w.robbed_kong or "robbing_the_eighth" in fans))
        ):
            if w.has("fresh_tile"):
                fz, fe = self.word("fresh_tile", "lower")
                why_zh, why_en = f"{fz}，放炮者全付", f"{fe}: the discarder pays for all"
                why_ja = f"{fe}：放銃者が全額支払い"
            elif opts.s("payment") == "shooter":
                why_zh, why_en, why_ja = "放炮者全付", "shooter pays all", "放銃者が全額支払い"
            else:
                why_zh, why_en = "被抢者全付", "the robbed player pays for all"
                why_ja = "搶槓された者が全額支払い"
            role_zh = "被抢者" if w.robbed_kong or "robbing_the_eighth" in fans else "放炮者"
            role_en = (
                "the robbed player" if w.robbed_kong or "robbing_the_eighth" in fans else "shooter"
            )
            role_ja = "搶槓された者" if w.robbed_kong or "robbing_the_eighth" in fans else "放銃者"
            pays.append((frm, z + 2 * s, "shooter"))
            tally.explain(
                f"{why_zh}：{role_zh} {frm} 付双份加两个一份 {z}+2×{s} = {z + 2 * s}",
                f"{why_en}: {role_en} {frm} pays a double share and two shares, "
                f"{z} + 2 × {s} = {z + 2 * s}",
                f"{why_ja}：{role_ja} {frm} が二口分と一口二つを支払う {z}+2×{s} = {z + 2 * s}",
            )
        elif opts.b("limit_all_pay_double") and limit:
            for p in others:
                pays.append((p, z, "limit_all_pay_double"))
            tally.explain(
                f"满贯放炮：三家各付双份 {z}",
                f"limit hand on a discard: each of the three pays the double share {z}",
                f"満貫のロン：三家が各二口分 {z} を支払う",
            )
        else:
            role_zh = "被抢者" if w.robbed_kong or "robbing_the_eighth" in fans else "放炮者"
            role_en = (
                "the robbed player"
                if w.robbed_kong or "robbing_the_eighth" in fans
                else "the discarder"
            )
            role_ja = "搶槓された者" if w.robbed_kong or "robbing_the_eighth" in fans else "放銃者"
            pays.append((frm, z, "discarder_share"))
            for p in others:
                if p != frm:
                    pays.append((p, s, "other_share"))
            tally.explain(
                f"三家付：{role_zh} {frm} 付双份 {z}，另两家各付 {s}",
                f"all pay: {role_en} {frm} pays the double share {z}, the other two {s} each",
                f"全員払い：{role_ja} {frm} が二口分 {z}、他の二家が各 {s}",
            )
        if opts.b("thirteen_wonders_double") and "thirteen_wonders" in fans:
            pays = [(p, 2 * a, r) for p, a, r in pays]
            tz, te = refs.name("fan", "thirteen_wonders", "十三幺", "thirteen wonders", "lower")
            tally.explain(
                f"{tz}：每笔付款×2", f"{te}: every payment × 2", f"{te}：支払いはすべて×2"
            )
        if opts.b("dealer_double"):
            dealer = record.dealer
            doubled = [(p, 2 * a if dealer in (p, w.winner) else a, r) for p, a, r in pays]
            if doubled != pays:
                tally.explain(
                    f"庄家 {dealer} 付或收的款项×2",
                    f"payments to or from the dealer {dealer} × 2",
                    f"親 {dealer} の払う・受け取る支払いは×2",
                )
            pays = doubled
        for payer, amount, reason in pays:
            tally.pay(payer, w.winner, amount, reason)

    def _settle_events(self, tally: Tally, record: HandRecord, opts: Options) -> None:
        if not record.events:
            return
        k = opts.i("instant_scale") * opts.i("base")
        players = record.players
        unit_zh = f"（每单位 {opts.i('instant_scale')}×{opts.i('base')} = {k}）"
        unit_en = f" (a unit is {opts.i('instant_scale')} × {opts.i('base')} = {k})"
        unit_ja = f"（一単位 {opts.i('instant_scale')}×{opts.i('base')} = {k}）"
        for ev in record.events:
            others = [p for p in players if p != ev.player]
            if self._switched_off(tally, opts, ev):
                continue
            if ev.type in KONGS:
                self._kong(tally, opts, ev, others, k, (unit_zh, unit_en, unit_ja))
            elif ev.type in BITES:
                hidden = ev.int("hidden") == 1
                amount = 2 * k if hidden else k
                zh, en = self.word(ev.type, "lower")
                ja = en
                if hidden:
                    zh, en, ja = f"{zh}（暗）", f"{en} (hidden)", f"{en}（暗）"
                mult_zh, mult_en, mult_ja = _units(2 if hidden else 1)
                if ev.source is not None:
                    tally.pay(ev.source, ev.player, amount, ev.type)
                    tally.explain(
                        f"{ev.player} {zh}：{ev.source} 一人付{mult_zh} = {amount}{unit_zh}",
                        f"{ev.player} {en}: {ev.source} alone pays {mult_en} = {amount}{unit_en}",
                        f"{ev.player}の{ja}：{ev.source}が一人で{mult_ja} = {amount}を支払う{unit_ja}",
                    )
                else:
                    each_pays(tally, others, ev.player, amount, ev.type)
                    tally.explain(
                        f"{ev.player} {zh}：三家各付{mult_zh} = {amount}{unit_zh}",
                        f"{ev.player} {en}: each of the three pays {mult_en} = {amount}{unit_en}",
                        f"{ev.player}の{ja}：三家が各{mult_ja} = {amount}を支払う{unit_ja}",
                    )
            elif ev.type in SETS:
                n = opts.i("set_payout")
                amount = n * k
                zh, en = self.word(ev.type, "lower")
                each_pays(tally, others, ev.player, amount, ev.type)
                tally.explain(
                    f"{ev.player} {zh}：三家各付{_units(n)[0]} = {amount}{unit_zh}",
                    f"{ev.player} {en}: each of the three pays {_units(n)[1]} = {amount}{unit_en}",
                    f"{ev.player}の{en}：三家が各{_units(n)[2]} = {amount}を支払う{unit_ja}",
                )

    @classmethod
    def _switched_off(cls, tally: Tally, opts: Options, ev: Event) -> bool:
        """An instant payout recorded while its option is off (``kong_payouts`` or
        ``bonus_payouts``, SG9) is accepted and pays nothing (spec §2 formula: "if e.type in
        (…) and O.bonus_payouts"); a step says so. True if so."""
        decl = cls.event(ev.type)
        option = decl.enabled_by if decl is not None else None
        if option is None or opts.b(option):
            return False
        if ev.type in KONG_NAMES:
            zh, en = refs.name("kong", ev.type, *KONG_NAMES[ev.type])
        else:
            zh, en = cls.word(ev.type, "lower")
        o = cls.option(option)
        assert o is not None
        oz, oe = refs.name("option", option, o.zh, o.en)
        tally.explain(
            f"{ev.player} {zh}：本桌未开“{oz}”，不付",
            f"{ev.player} {en}: “{oe}” is off at this table, nothing is paid",
            f"{ev.player}の{en}：この卓では「{oe}」がオフ、支払いなし",
        )
        return True

    @classmethod
    def _kong(
        cls,
        tally: Tally,
        opts: Options,
        ev: Event,
        others: Sequence[str],
        k: int,
        unit: tuple[str, str, str],
    ) -> None:
        """A kong's instant payout (§2.4); ``unit``: the words of one unit (zh, en, ja)."""
        unit_zh, unit_en, unit_ja = unit
        if ev.type in KONG_EACH_PAYS:
            n = KONG_EACH_PAYS[ev.type]
            each_pays(tally, others, ev.player, n * k, ev.type)
            zh, en = refs.name("kong", ev.type, *KONG_NAMES[ev.type])
            nz, ne, nj = _units(n)
            tally.explain(
                f"{ev.player} {zh}：三家各付{nz} = {n * k}{unit_zh}",
                f"{ev.player} {en}: each of the three pays {ne} = {n * k}{unit_en}",
                f"{ev.player}の{en}：三家が各{nj} = {n * k}を支払う{unit_ja}",
            )
            return
        feeder = ev.source
        assert feeder is not None
        mode = opts.s("kong_discard")
        if mode == "follow_payment":
            mode = "feeder_alone" if opts.s("payment") == "shooter" else "all_three"
        fresh = ev.int("fresh_tile") == 1
        if fresh:
            mode = "feeder_alone"
        fz, fe = cls.word("fresh_tile", "lower")
        note_zh = f"（{fz}）" if fresh else ""
        note_en = f" ({fe})" if fresh else ""
        note_ja = f"（{fe}）" if fresh else ""
        kz, ke = cls.word("exposed_kong", "lower")
        if mode == "feeder_alone":
            n = KONG_FEEDER_PAYS
            tally.pay(feeder, ev.player, n * k, "exposed_kong")
            tally.explain(
                f"{ev.player} {kz}{note_zh}：放杠者 {feeder} 付{_units(n)[0]} = {n * k}{unit_zh}",
                f"{ev.player} {ke}{note_en}: the feeder {feeder} pays {_units(n)[1]} = "
                f"{n * k}{unit_en}",
                f"{ev.player}の{ke}{note_ja}：カンさせた{feeder}が{_units(n)[2]} = {n * k}を支払う"
                f"{unit_ja}",
            )
        elif mode == "all_three":
            each_pays(tally, others, ev.player, k, "exposed_kong")
            tally.explain(
                f"{ev.player} {kz}：三家各付1个单位 = {k}{unit_zh}",
                f"{ev.player} {ke}: each of the three pays 1 unit = {k}{unit_en}",
                f"{ev.player}の{ke}：三家が各1単位 = {k}を支払う{unit_ja}",
            )
        else:  # feeder_double (C4 "½ Shooter")
            tally.pay(feeder, ev.player, 2 * k, "exposed_kong")
            for p in others:
                if p != feeder:
                    tally.pay(p, ev.player, k, "exposed_kong")
            tally.explain(
                f"{ev.player} {kz}：放杠者 {feeder} 付2个单位 = {2 * k}，另两家各付1个单位 = "
                f"{k}{unit_zh}",
                f"{ev.player} {ke}: the feeder {feeder} pays 2 units = {2 * k}, the "
                f"other two 1 unit = {k} each{unit_en}",
                f"{ev.player}の{ke}：カンさせた{feeder}が2単位 = {2 * k}、他の二家が各1単位 = "
                f"{k}{unit_ja}",
            )


def _units(n: int) -> tuple[str, str, str]:
    """ "2个单位" / "2 units" / "2単位": a count of instant payout units (§2.4)."""
    return f"{n}个单位", ("1 unit" if n == 1 else f"{n} units"), f"{n}単位"


RULESETS = [Singapore()]
