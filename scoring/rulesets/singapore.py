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
from typing import Any, ClassVar, Literal

from scoring.declarations import (
    DISCARD,
    Choice,
    CountDecl,
    DealerRule,
    EventDecl,
    OptionDecl,
    PresetDecl,
    WinItemDecl,
)
from scoring.errors import RecordError
from scoring.record import HandRecord, Settlement, Win
from scoring.ruleset import Options, Ruleset, Tally, Words
from scoring.rulesets._common import (
    fan_json,
)
from scoring.singapore.payments import (
    count_tai,
    item_tai,
    settle_events,
    settle_win,
    shares,
)
from scoring.singapore.tables import (
    DEALER_ONLY,
    FRESH_FIELD,
    HIDDEN_FIELD,
    ITEM_DEFAULT,
    ITEMS,
    KONG_NAMES,
    LIMITS,
    NON_DEALER_ONLY,
    NOT_WITH,
    SELF_DRAWN_ONLY,
    THREE_SIX,
)

__all__ = ["RULESETS", "Singapore"]


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
            source_zh="放杠者", source_en="who discarded it", fields=(FRESH_FIELD,),
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
            source_en="paid by one player only (else by each)", fields=(HIDDEN_FIELD,),
            value_zh="每家1；暗2", value_en="1 from each; hidden 2",
            enabled_by="bonus_payouts", off_pays_nothing=True, zh_hant="咬（貓鼠或雞蜈蚣）",
        ),
        EventDecl(
            "seat_flower_pair", "正花一对（本位花与季）", "Own flower and season pair",
            source="optional", source_zh="只由一人付（否则每家付）",
            source_en="paid by one player only (else by each)", fields=(HIDDEN_FIELD,),
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
    item_tai = staticmethod(item_tai)
    shares = staticmethod(shares)

    def count_tai(self, win: Win, opts: Options) -> tuple[int, int, str, str, str, bool]:
        """(tai used, tai counted, zh, en, ja parts, limit?) of a valid win (§2.1)."""
        return count_tai(win, opts)

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
        t, counted_tai, _, _, _, limit = count_tai(w, opts)
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
            settle_win(type(self), tally, record, opts, w, bao.get(w.winner))
        settle_events(type(self), tally, record, opts)
        if not tally.steps:
            tally.explain("流局，无人付款", "Draw: nobody pays", "流局：支払いなし")
        return tally.settlement()


def _units(n: int) -> tuple[str, str, str]:
    """ "2个单位" / "2 units" / "2単位": a count of instant payout units (§2.4)."""
    return f"{n}个单位", ("1 unit" if n == 1 else f"{n} units"), f"{n}単位"


RULESETS = [Singapore()]
