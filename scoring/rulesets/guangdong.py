"""广东推倒胡 Guangdong Tuidaohu: a flat hand value, 鬼牌 (无鬼加倍, 四鬼胡), 买马 horses, kong money,
抢杠全包 / 杠爆全包 liability and 跟庄.

Spec: ``shared/rules/guangdong-tuidaohu.md`` (no seed text; public sources G1–G7 and code
bases K1–K3, cited by id below). The spec names the ruleset ``guangdong_tuidaohu``; issue 16
fixes the id ``guangdong``.

How a hand is recorded:

* ``wins[]``: ``from`` = null for a self-draw; for 抢杠 (``robbed_kong``) the kong player; for a
  win on the replacement tile of an exposed kong (flag ``kong_flower``) the player who fed
  that kong (杠爆全包); otherwise the discarder (only with option ``discard_win``). ``shape``
  is one of the hand types below (``ping_hu`` for any plain win; when a hand fits several, the
  one with the largest multiplier); flags ``no_ghost`` (无鬼), ``kong_flower`` (杠上开花),
  ``last_tile`` (海底).
* counts: ``horses_hit`` {winner: n} (the horses that hit the winner's seat; the table flips
  them, the bot only counts), ``dealer_streak`` {dealer: n} for 节节高.
* events: ``exposed_kong`` (``from`` = the feeder), ``added_kong``, ``concealed_kong``,
  ``follow_dealer`` (跟庄, ``player`` = the dealer). A robbed added kong is not recorded.

Per payer (§2): ``H = base × hu × MULT[shape]`` (× 2 无鬼, × 2 杠开 / 海底 where the options
say), ``P = H + horses × unit`` (unit = ``base × hu``, or the whole ``H`` with 马跟底分), +
``2 × base × streak`` for 节节高. Integers throughout; the one halving (``discard_value: half``)
needs an even ``hu_value`` and is checked.
"""

from __future__ import annotations

from typing import ClassVar, Literal

from scoring import refs
from scoring.declarations import (
    DISCARD,
    SELF_DRAWN,
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
from scoring.ruleset import Options, Ruleset, Tally, Words, how
from scoring.rulesets._common import KONG_EACH_PAYS, KONG_FEEDER_PAYS, each_pays

#: shape id -> (zh, zh_hant, en, option id of its multiplier or None for ×1, sources)
SHAPES: dict[str, tuple[str, str, str, str | None]] = {
    "ping_hu": ("平胡", "平胡", "Plain win", None),
    "pong_pong_hu": ("碰碰胡", "碰碰胡", "All pungs", "mult_pong_pong_hu"),
    "seven_pairs": ("七对", "七對", "Seven pairs", "mult_seven_pairs"),
    "luxury_seven_pairs": ("豪华七对", "豪華七對", "Luxury seven pairs", "mult_luxury_seven_pairs"),
    "full_flush": ("清一色", "清一色", "Full flush", "mult_full_flush"),
    "half_flush": ("混一色", "混一色", "Half flush", "mult_half_flush"),
    "terminals": ("幺九", "幺九", "Terminals", "mult_terminals"),
    "all_honours": ("全风（字一色）", "全風（字一色）", "All honours", "mult_all_honours"),
    "thirteen_orphans": ("十三幺", "十三幺", "Thirteen orphans", "mult_thirteen_orphans"),
    "four_ghosts": ("四鬼胡", "四鬼胡", "Four ghosts (instant win)", "four_ghost_mult"),
}

#: the shape multipliers' options: (shape, source/help zh, help en)
MULT_HELP: dict[str, tuple[str, str]] = {
    "pong_pong_hu": ("K2 “碰碰胡2倍”", "K2 'all pungs ×2'"),
    "seven_pairs": ("K2 “七对2倍/七对4倍”；K3 “七小对2倍”；K1 七对加番", "K2 '×2 / ×4'; K3; K1"),
    "luxury_seven_pairs": ("K3 “豪华七小对4倍”", "K3 'luxury seven pairs ×4'"),
    "full_flush": ("K2 “清一色4倍”", "K2 'full flush ×4'"),
    "half_flush": ("无推倒胡来源加倍", "no 推倒胡 source raises it"),
    "terminals": ("K2 “幺九6倍”", "K2 'terminals ×6'"),
    "all_honours": ("K2 “全风8倍”", "K2 'all honours ×8'"),
    "thirteen_orphans": ("K2 “十三幺8倍”", "K2 'thirteen orphans ×8'"),
}

#: G4 "Big Hand includes … full flash, all honors, … seven pairs, and 13 orphans" (worth 2)
BIG_HANDS = ("full_flush", "all_honours", "seven_pairs", "luxury_seven_pairs", "thirteen_orphans")

KONG_EVENTS = ("exposed_kong", "added_kong", "concealed_kong")
KONG_NAMES = {
    "exposed_kong": ("明杠", "exposed kong"),
    "added_kong": ("补杠", "added kong"),
    "concealed_kong": ("暗杠", "concealed kong"),
}

#: one flipped horse per hit, up to this many (K1 offers up to 20 horses; 一马全中 up to 9)
HORSES_MAX = 20


def _mult_option(sid: str) -> OptionDecl:
    zh, hant, en, _ = SHAPES[sid]
    hz, he = MULT_HELP[sid]
    return OptionDecl(
        f"mult_{sid}", f"{zh}倍数", f"{en} multiplier", "int", 1, min=1, max=8,
        zh_hant=f"{hant}倍數",
        help_zh=f"默认×1（G1 “无论胡型”）；{hz}",
        help_en=f"Default ×1 (G1 'whatever the hand'); {he}",
    )  # fmt: skip


def _is_discard_win(w: Win) -> bool:
    return w.discarder is not None and not w.robbed_kong and not w.has("kong_flower")


#: the doubling options of the hand value H, in the order the step multiplies them: (flag, option)
_DOUBLES = (
    ("no_ghost", "no_ghost_double"),
    ("kong_flower", "gang_kai_double"),
    ("last_tile", "haidi_double"),
)


class Guangdong(Ruleset):
    id: ClassVar[str] = "guangdong"
    zh: ClassVar[str] = "广东推倒胡"
    zh_hant: ClassVar[str] = "廣東推倒胡"
    en: ClassVar[str] = "Guangdong Tuidaohu"
    unit_zh: ClassVar[str] = "底分"
    unit_zh_hant: ClassVar[str] = "底分"
    unit_en: ClassVar[str] = "base points"
    summary_zh: ClassVar[str] = (
        "136张，只碰杠不吃，默认只能自摸或抢杠胡。每家付 胡牌分（平胡2）×牌型倍数，无鬼×2，"
        "每中一马加一份平胡分；抢杠、杠爆由被抢者/点杠者包三家。杠分：点杠者付3，补杠每家1，暗杠每家2；"
        "跟庄：庄家付每家1；流局杠分作废。玩法：“标准推倒胡”为规格的默认值，“星辰广东麻将”依星辰"
        "广东麻将的规则（G1），“大胡加倍”依 G4。每马一份平胡分依 G1“马数*平胡番数”。"
    )
    summary_en: ClassVar[str] = (
        "136 tiles, pong and kong only, by default only a self-draw or a robbed kong wins. Each "
        "loser pays the hand value (plain win 2) × the shape multiplier, ×2 without ghosts, plus "
        "one plain-win value per horse hit; a robbed kong or a win on an exposed kong's "
        "replacement is paid by the robbed player / the feeder for all three. Kongs: the feeder "
        "pays 3, added 1 from each, concealed 2 from each; 跟庄: the dealer pays each 1; a draw "
        "voids the kong money. Variants: 'Standard' is the spec's defaults, 'Xingchen "
        "Guangdong mahjong' the Xingchen app's rules (G1), 'Big hands double' G4. A horse worth "
        "one plain-win value follows G1 '马数*平胡番数'."
    )
    players: ClassVar[tuple[int, ...]] = (4,)
    options: ClassVar[tuple[OptionDecl, ...]] = (
        OptionDecl(
            "base", "底分", "Base", "int", 1, min=1, max=1_000_000, house=True, important=True,
            zh_hant="底分",
            help_zh="所有金额的单位（来源未给数值；本桌默认1）",
            help_en="The unit of every amount (the sources give no value; house default 1)",
        ),
        OptionDecl(
            "hu_value", "胡牌分（平胡）", "Plain-win value", "int", 2, min=1, max=2, important=True,
            zh_hant="胡牌分（平胡）",
            help_zh="GD1：2（G2 “自摸:2倍”、G3 “自摸胡2分×3”、G4、K1、K2）；G1 “平胡…算1番”→1",
            help_en="GD1: 2 (G2, G3 'self-draw 2 × 3', G4, K1, K2); G1 'plain win … 1 fan' → 1",
        ),
        OptionDecl(
            "discard_win", "可点炮胡", "Wins on a discard", "bool", False, important=True,
            zh_hant="可點炮胡",
            help_zh="G1 “只能自摸胡牌”、K2 “推倒胡只能自摸和抢杠胡”；G2、G3、G4、K3 “点炮可胡”为选项",
            help_en="G1 'self-draw only', K2 'only self-draw and robbing a kong'; a discard win "
            "is an option (G2, G3, G4, K3)",
        ),
        OptionDecl(
            "discard_value", "点炮分", "Discard-win value", "choice", "half",
            choices=(
                Choice("half", "自摸的一半", "Half the self-draw value", "自摸的一半"),
                Choice("same", "与自摸相同", "Same as a self-draw", "與自摸相同"),
            ),
            zh_hant="點炮分",
            help_zh="GD2：点炮者一人付；一半（G2、G4；G2 点炮1倍/自摸2倍）或相同（G3 出铳2、K1）",
            help_en="GD2: the discarder alone pays half (G2, G4) or the same (G3, K1)",
        ),
        OptionDecl(
            "rob_kong", "可抢杠胡", "Robbing a kong", "bool", True, zh_hant="可搶槓胡",
            help_zh="K2 “推倒胡只能自摸和抢杠胡”；只有补杠可抢（G2 “暗杠不能抢”）",
            help_en="K2 'only self-draw and robbing a kong'; only an added kong can be robbed (G2)",
        ),
        OptionDecl(
            "rob_kong_pays_all", "抢杠全包", "Robbed player pays for all", "bool", True,
            important=True, zh_hant="搶槓全包",
            help_zh="G1 “被抢杠者包牌”、G2 “被抢玩家包三家牌”：付3份；关：只付1份（GD10，K1）",
            help_en="G1, G2 'the robbed player pays for all three': 3 shares; off: one share "
            "(GD10, K1)",
        ),
        OptionDecl(
            "gang_bao_quan_bao", "杠爆全包", "Kong-flower on an exposed kong: feeder pays all",
            "bool", True, zh_hant="槓爆全包",
            help_zh="G2 “点杠后杠开的由点杠者包自摸”、G4、K1、K2 “吃杠杠爆全包”",
            help_en="G2 'a kong-flower after a fed kong is paid by the feeder', G4, K1, K2",
        ),
        OptionDecl(
            "gang_kai_double", "杠开加倍", "Kong-flower ×2", "bool", False, zh_hant="槓開加倍",
            help_zh="GD3：G1 “杠开:X2”；G2 “杠开不另外翻倍”（默认）",
            help_en="GD3: G1 'kong-flower ×2'; G2 'not doubled' (default)",
        ),
        OptionDecl(
            "haidi_double", "海底加倍", "Last tile ×2", "bool", False, zh_hant="海底加倍",
            help_zh="K2 “海底捞月2倍”、K3 “海底捞加倍”为选项",
            help_en="K2 'last tile ×2', K3: an option",
        ),
        OptionDecl(
            "ghosts", "鬼牌", "Ghosts (wildcards)", "bool", True, important=True, zh_hant="鬼牌",
            help_zh="白板、红中、翻鬼或翻双鬼（K1、K2、K3）；结算只看“无鬼”与“四鬼胡”",
            help_en="White or red dragon, a flipped tile or two (K1, K2, K3); only 'no ghost' "
            "and 'four ghosts' matter for the money",
        ),
        OptionDecl(
            "no_ghost_double", "无鬼加倍", "No ghost ×2", "bool", True, zh_hant="無鬼加倍",
            help_zh="G1 “无鬼:X2”、K1、K2 NoMaster ×2、K3 “无鬼加倍”",
            help_en="G1 'no ghost ×2', K1, K2, K3",
        ),
        OptionDecl(
            "four_ghost_mult", "四鬼胡倍数", "Four ghosts multiplier", "int", 1, min=1, max=6,
            zh_hant="四鬼胡倍數",
            help_zh="GD8：×1（K2）；×2（K2 “鬼牌_双倍”）；G1 “满鬼:6番”→×6",
            help_en="GD8: ×1 (K2); ×2 (K2 'ghosts double'); G1 '6 fan' → ×6",
        ),
        OptionDecl(
            "horses", "买马数", "Horses", "int", 4, min=0, max=HORSES_MAX, important=True,
            zh_hant="買馬數",
            help_zh="GD9：K3 买2/4/6/8马；G1 有鬼4马；0 = 不买马。只用于检查中马数",
            help_en="GD9: K3 2/4/6/8; G1 4 with ghosts; 0 = no horses. Only checks the hits",
        ),
        OptionDecl(
            "extra_horses_no_ghost", "无鬼多抓马", "Extra horses without ghosts", "int", 0, min=0,
            max=4, zh_hant="無鬼多抓馬",
            help_zh="G1 “有鬼抓4马、无鬼抓6马” → 2",
            help_en="G1 '4 horses with ghosts, 6 without' → 2",
        ),
        OptionDecl(
            "horse_value", "每马分", "Value of a horse", "choice", "base",
            choices=(
                Choice("base", "一份平胡分", "One plain-win value", "一份平胡分"),
                Choice("hand", "马跟底分：整手牌分", "马跟底分: the whole hand value",
                       "馬跟底分：整手牌分"),
            ),
            zh_hant="每馬分",
            help_zh="GD4：K1 默认 times:=2；K3 “马跟底分…马分等于胡牌牌型分”、K2 ×(马数+1)",
            help_en="GD4: K1 default fixed; K3 '马跟底分: a horse is worth the hand', K2 × "
            "(hits + 1)",
        ),
        OptionDecl(
            "horse_kong", "马跟杠", "Horses repeat kong money", "bool", False, zh_hant="馬跟槓",
            help_zh="K3 “勾选后每个杠都要算马分”、K2 杠分×(马数+1)：胡牌者的杠分每中一马再算一次",
            help_en="K3, K2 × (hits + 1): the winner's kong money once more per horse hit",
        ),
        OptionDecl(
            "follow_dealer", "跟庄（庄家付每家）", "跟庄: the dealer pays each", "int", 1, min=0,
            max=2, zh_hant="跟莊（莊家付每家）",
            help_zh="K1 OpGenZhuang Times 1；K2 潮汕“跟庄1分/跟庄2分”；G3 “赔每家一分”。0 = 不玩",
            help_en="K1 Times 1; K2 '1 or 2'; G3 'pays each one point'. 0 = off",
        ),
        OptionDecl(
            "jiejiegao", "节节高", "节节高 (dealer streak bonus)", "bool", False, zh_hant="節節高",
            help_zh="K1 addition2[\"JJG\"] = 2*n：庄家胡牌时每家另付 2×连庄数",
            help_en="K1 addition2['JJG'] = 2·n: when the dealer wins, each pays 2 × the streak more",
        ),
        OptionDecl(
            "draw_keeps_kongs", "流局算杠", "Kong money stands in a draw", "bool", False,
            zh_hant="流局算槓",
            help_zh="GD7：K2 “流局不算杠”（默认）、G2 “荒牌不结算”；K2 选项“流局算杠”、G1 “杠牌直接结算”",
            help_en="GD7: void (K2, G2, G4, K1); K2 option, G1 'kongs settled at once'",
        ),
        *(_mult_option(sid) for sid in MULT_HELP),
    )  # fmt: skip
    presets: ClassVar[tuple[PresetDecl, ...]] = (
        PresetDecl(
            "standard", "标准推倒胡", "Standard", {}, zh_hant="標準推倒胡",
        ),
        PresetDecl(
            "xingchen", "星辰广东麻将", "Xingchen Guangdong mahjong",
            {"hu_value": 1, "gang_kai_double": True, "four_ghost_mult": 6,
             "extra_horses_no_ghost": 2},
            zh_hant="星辰廣東麻將",
        ),
        PresetDecl(
            "big_hands_double", "大胡加倍", "Big hands double",
            {f"mult_{sid}": 2 for sid in BIG_HANDS}, zh_hant="大胡加倍",
        ),
    )  # fmt: skip
    default_preset: ClassVar[str | None] = "standard"
    shapes: ClassVar[tuple[WinItemDecl, ...]] = tuple(
        WinItemDecl(
            sid,
            zh,
            en,
            "×1" if opt is None else "×倍数（选项）",
            "×1" if opt is None else "× multiplier (option)",
            enabled_by="ghosts" if sid == "four_ghosts" else None,
            zh_hant=hant,
        )
        for sid, (zh, hant, en, opt) in SHAPES.items()
    )
    #: the short words of the steps (scoring.refs, kind ``word``); ids = the options' ids
    words: ClassVar[Words] = {
        "no_ghost_double": ("无鬼2倍", "", "no ghost ×2"),
        "gang_kai_double": ("杠开2倍", "", "kong-flower ×2"),
        "haidi_double": ("海底2倍", "", "last tile ×2"),
        "follow_dealer": ("跟庄", "", "follow the dealer"),
    }
    flags: ClassVar[tuple[WinItemDecl, ...]] = (
        WinItemDecl(
            "no_ghost", "无鬼", "No ghost in hand", "×2", "×2", enabled_by="ghosts",
            not_with=frozenset({"four_ghosts"}), zh_hant="無鬼",
        ),
        WinItemDecl(
            "kong_flower", "杠上开花（明杠：点杠者算点炮）",
            "Win on a kong replacement (exposed kong: the feeder counts as the discarder)",
            "点杠者包三家", "the feeder of an exposed kong pays for all",
            how=frozenset({SELF_DRAWN, DISCARD}), zh_hant="槓上開花（明槓：點槓者算點炮）",
        ),
        WinItemDecl(
            "last_tile", "海底", "Last tile", "×1（选项×2）", "×1 (option ×2)", zh_hant="海底",
        ),
    )  # fmt: skip
    counts: ClassVar[tuple[CountDecl, ...]] = (
        CountDecl(
            "horses_hit", "中马数", "Horses hit", HORSES_MAX, enabled_by="horses!=0",
            results=frozenset({"win"}), zh_hant="中馬數",
        ),
        CountDecl(
            "dealer_streak", "连庄数（节节高）", "Dealer streak (节节高)", 20,
            enabled_by="jiejiegao", results=frozenset({"win"}), zh_hant="連莊數（節節高）",
            prefill="dealer_streak",  # K1 continuousDealerTimes: from the ledger (bot/streak.py)
        ),
    )  # fmt: skip
    events: ClassVar[tuple[EventDecl, ...]] = (
        EventDecl(
            "exposed_kong", "明杠（点杠）", "Exposed kong (on a discard)", source="required",
            source_zh="点杠者", source_en="who discarded it", value_zh="点杠者付3",
            value_en="the feeder pays 3", zh_hant="明槓（點槓）",
        ),
        EventDecl(
            "added_kong", "补杠", "Added kong", value_zh="每家1", value_en="1 from each",
            zh_hant="補槓",
        ),
        EventDecl(
            "concealed_kong", "暗杠", "Concealed kong", value_zh="每家2", value_en="2 from each",
            zh_hant="暗槓",
        ),
        EventDecl(
            "follow_dealer", "跟庄（庄家）", "跟庄 (the dealer)", value_zh="庄家付每家1",
            value_en="the dealer pays each 1", enabled_by="follow_dealer!=0",
            zh_hant="跟莊（莊家）",
        ),
    )  # fmt: skip
    win_inputs: ClassVar[frozenset[str]] = frozenset({"shape"})
    multi_win: ClassVar[Literal["none", "same_discard", "sequential"]] = "same_discard"
    dealer_rule: ClassVar[DealerRule] = DealerRule(
        dealer_wins="stay",
        other_wins="winner",
        draw="stay",
        zh="谁胡牌谁坐庄（G2），流局庄家连庄（G7）",
        en="The winner deals next (G2); after a draw the dealer stays (G7)",
    )

    # --- checks ------------------------------------------------------------------------
    def check(self, record: HandRecord, opts: Options) -> None:
        winners = {w.winner for w in record.wins}
        for i, w in enumerate(record.wins):
            path = f"wins[{i}]"
            if w.robbed_kong and not opts.b("rob_kong"):
                raise RecordError(f"{path}.robbed_kong", "robbing a kong is off at this table")
            if _is_discard_win(w):
                if not opts.b("discard_win"):
                    raise RecordError(
                        f"{path}.from",
                        "推倒胡 wins only by self-draw or robbing a kong (option discard_win); "
                        "a win on an exposed kong's replacement needs the flag kong_flower",
                    )
                if opts.s("discard_value") == "half" and opts.i("hu_value") % 2:
                    raise RecordError(
                        f"{path}.from",
                        f"half of hu_value {opts.i('hu_value')} is not a whole number: use "
                        "discard_value 'same' or hu_value 2",
                    )
            allowed = opts.i("horses")
            if w.has("no_ghost"):
                allowed += opts.i("extra_horses_no_ghost")
            hits = record.count("horses_hit", w.winner)
            if hits > allowed:
                raise RecordError(
                    f"counts.horses_hit.{w.winner}",
                    f"{hits} horses hit, but only {allowed} are flipped at this table",
                )
        for p, n in record.counts.get("horses_hit", {}).items():
            if n and p not in winners:
                raise RecordError(f"counts.horses_hit.{p}", "horses count for winners only")
        for p, n in record.counts.get("dealer_streak", {}).items():
            if n and p != record.dealer:
                raise RecordError(f"counts.dealer_streak.{p}", "the streak is the dealer's")
        follows = 0
        for j, ev in enumerate(record.events):
            if ev.type == "follow_dealer":
                if ev.player != record.dealer:
                    raise RecordError(f"events[{j}].player", "跟庄 is paid by the dealer")
                follows += 1
                if follows > 1:
                    raise RecordError(f"events[{j}]", "跟庄 happens at most once a hand")

    # --- settlement --------------------------------------------------------------------
    def per_payer(self, record: HandRecord, w: Win, opts: Options) -> tuple[int, str, str, str]:
        """The amount each payer owes for ``w`` (before 全包), with its derivation (§2; zh, en,
        ja)."""
        base = opts.i("base")
        hv = opts.i("hu_value")
        zh: list[str] = []
        en: list[str] = []
        ja: list[str] = []
        if _is_discard_win(w) and opts.s("discard_value") == "half":
            zh.append(f"点炮取一半 {hv}÷2={hv // 2}")
            en.append(f"discard win takes half: {hv} ÷ 2 = {hv // 2}")
            ja.append(f"ロンは半分 {hv}÷2={hv // 2}")
            hv //= 2
        assert w.shape is not None
        szh, _, sen, opt = SHAPES[w.shape]
        szh, sen = refs.name("shape", w.shape, szh, sen.lower(), "lower")
        mult = 1 if opt is None else opts.i(opt)
        h = base * hv * mult
        hz = f"底分{base}×胡牌分{hv}×{szh}{mult}倍"
        he = f"base {base} × win value {hv} × {sen} ×{mult}"
        hj = f"基本点{base}×和了点{hv}×{sen}{mult}倍"
        for flag, opt in _DOUBLES:
            if w.has(flag) and opts.b(opt) and (flag != "no_ghost" or opts.b("ghosts")):
                h *= 2
                dz, de = self.word(opt)
                hz += f"×{dz}"
                he += f" × {de}"
                hj += f"×{de}"
        zh.append(f"牌分 {hz} = {h}")
        en.append(f"hand value {he} = {h}")
        ja.append(f"手の点 {hj} = {h}")
        hits = record.count("horses_hit", w.winner)
        unit = h if opts.s("horse_value") == "hand" else base * hv
        p = h + hits * unit
        if hits:
            what_zh = "牌分" if opts.s("horse_value") == "hand" else f"平胡分{base}×{hv}"
            what_en = "the hand" if opts.s("horse_value") == "hand" else f"plain value {base}×{hv}"
            zh.append(f"中{hits}马 × {what_zh}：{hits}×{unit} = {hits * unit}")
            horses = "1 horse" if hits == 1 else f"{hits} horses"
            en.append(f"{horses} hit × {what_en}: {hits} × {unit} = {hits * unit}")
            what_ja = "手の点" if opts.s("horse_value") == "hand" else f"平和の点{base}×{hv}"
            ja.append(f"馬{hits}頭的中 × {what_ja}：{hits}×{unit} = {hits * unit}")
        if opts.b("jiejiegao") and w.winner == record.dealer:
            streak = record.count("dealer_streak", w.winner)
            if streak:
                p += 2 * base * streak
                jz, _ = refs.name("option", "jiejiegao", "节节高", "")  # en writes the Chinese
                zh.append(f"{jz} 2×{base}×连庄{streak}={2 * base * streak}")
                en.append(f"节节高 2 × {base} × streak {streak} = {2 * base * streak}")
                ja.append(f"节节高 2×{base}×連荘{streak}={2 * base * streak}")
        zh.append(f"每家付 {p}")
        en.append(f"each payer owes {p}")
        ja.append(f"各家の支払い {p}")
        return p, "；".join(zh), "; ".join(en), "；".join(ja)

    def compute(self, record: HandRecord, opts: Options) -> Settlement:
        tally = Tally(record.players)
        players = record.players
        base = opts.i("base")
        # 跟庄 first (K1 bills it before the wins), paid win or draw
        n_follow = opts.i("follow_dealer")
        for ev in record.events:
            if ev.type == "follow_dealer" and n_follow:
                amount = n_follow * base
                for q in players:
                    tally.pay(ev.player, q, amount, "follow_dealer")
                gz, _ = self.word("follow_dealer")  # the English writes the Chinese term
                tally.explain(
                    f"{gz}：庄家 {ev.player} 付每家 {n_follow}×{base}={amount}",
                    f"跟庄: the dealer {ev.player} pays each player {n_follow} × {base} = {amount}",
                    f"跟庄：親 {ev.player} が各家に {n_follow}×{base}={amount} を支払う",
                )
        for w in record.wins:
            p, zh, en, ja = self.per_payer(record, w, opts)
            w_how = how(w)
            others = [q for q in players if q != w.winner]
            frm = w.discarder
            tally.explain(
                f"{w.winner} 胡：{zh}", f"{w.winner} wins: {en}", f"{w.winner}の和了：{ja}"
            )
            if w.robbed_kong:
                assert frm is not None
                if opts.b("rob_kong_pays_all"):
                    tally.pay(frm, w.winner, 3 * p, "robbed_kong_pays_all")
                    tally.explain(
                        f"抢杠全包：被抢杠者 {frm} 付三家 3×{p}={3 * p}",
                        f"robbed kong, pays for all: {frm} pays 3 × {p} = {3 * p}",
                        f"搶槓の全額払い：搶槓された{frm}が三家分 3×{p}={3 * p} を支払う",
                    )
                else:
                    tally.pay(frm, w.winner, p, "robbed_kong")
                    tally.explain(
                        f"抢杠：被抢杠者 {frm} 付一份 {p}",
                        f"robbed kong: {frm} pays one share {p}",
                        f"搶槓：搶槓された{frm}が一口 {p} を支払う",
                    )
            elif w.has("kong_flower") and frm is not None and opts.b("gang_bao_quan_bao"):
                tally.pay(frm, w.winner, 3 * p, "gang_bao_quan_bao")
                tally.explain(
                    f"杠爆全包：点杠者 {frm} 付三家 3×{p}={3 * p}",
                    f"kong-flower on a fed kong: the feeder {frm} pays 3 × {p} = {3 * p}",
                    f"杠爆全包（鳴かせた明槓の嶺上開花）：カンさせた{frm}が 3×{p}={3 * p} を支払う",
                )
            elif w_how == DISCARD and not w.has("kong_flower"):
                assert frm is not None
                tally.pay(frm, w.winner, p, "discard")
                tally.explain(
                    f"点炮：{frm} 一人付 {p}",
                    f"won on a discard: {frm} alone pays {p}",
                    f"ロン：{frm}が一人で {p} を支払う",
                )
            else:
                each_pays(tally, others, w.winner, p, "self_draw")
                tally.explain(
                    f"自摸：三家各付 {p}",
                    f"self-drawn: each of the three pays {p}",
                    f"ツモ：三家が各 {p} を支払う",
                )
        self._kongs(tally, record, opts)
        if not tally.steps:
            tally.explain("流局，无人付款", "Draw: nobody pays", "流局：支払いなし")
        return tally.settlement()

    @classmethod
    def item_name(cls, kind: str, item_id: str) -> tuple[str, str, str] | None:
        """The kongs as the steps name them (:data:`KONG_NAMES`, scoring.refs)."""
        if kind == "kong" and item_id in KONG_NAMES:
            zh, en = KONG_NAMES[item_id]
            return zh, "", en
        return None

    def _kongs(self, tally: Tally, record: HandRecord, opts: Options) -> None:
        kongs = [e for e in record.events if e.type in KONG_EVENTS]
        if not kongs:
            return
        if record.result == "draw" and not opts.b("draw_keeps_kongs"):
            tally.explain(
                "流局：杠分作废（流局不算杠）",
                "Draw: the kong money is void (kongs do not count in a draw)",
                "流局：カン代は無効（流局ではカンを数えない）",
            )
            return
        base = opts.i("base")
        winners = {w.winner for w in record.wins}
        for ev in kongs:
            f = 1
            if opts.b("horse_kong") and ev.player in winners:
                f += record.count("horses_hit", ev.player)
            zh, en = refs.name("kong", ev.type, *KONG_NAMES[ev.type])
            fz = f"×(1+中马{f - 1})" if f > 1 else ""
            fe = f" × (1 + {f - 1} horse(s))" if f > 1 else ""
            fj = f"×(1+馬{f - 1})" if f > 1 else ""
            if ev.type == "exposed_kong":
                assert ev.source is not None
                n = KONG_FEEDER_PAYS
                amount = n * base * f
                tally.pay(ev.source, ev.player, amount, ev.type)
                tally.explain(
                    f"{ev.player} {zh}：点杠者 {ev.source} 付 {n}×{base}{fz}={amount}",
                    f"{ev.player} {en}: the feeder {ev.source} pays {n} × {base}{fe} = {amount}",
                    f"{ev.player}の{en}：カンさせた{ev.source}が {n}×{base}{fj}={amount} を支払う",
                )
            else:
                n = KONG_EACH_PAYS[ev.type]
                each = n * base * f
                each_pays(tally, record.players, ev.player, each, ev.type)
                tally.explain(
                    f"{ev.player} {zh}：三家各付 {n}×{base}{fz}={each}",
                    f"{ev.player} {en}: each of the three pays {n} × {base}{fe} = {each}",
                    f"{ev.player}の{en}：三家が各 {n}×{base}{fj}={each} を支払う",
                )


RULESETS = [Guangdong()]
