"""台灣十六張麻將 Taiwan 16-tile (底 + 台): each payer pays one 底 plus 台 × 台值.

Spec: ``shared/rules/taiwan.md`` (written from public sources T1–T19, not from the seeds).

* Money, additive (T6 "每局金額的計算方式=「底」+「台」", T7, T14): per payer
  ``di + t × tai`` where t = the hand's 台 H (capped at ``cap_tai`` when set, T12) plus, when
  the dealer is the winner or this payer, the dealer's 1 + 2N 台 (莊家 1, 連N拉N 2N: T2, T4,
  T5, T7, T11). N is the count ``lian_zhuang`` on the dealer: the hands in a row the dealer
  has already kept (0 on the first hand as dealer; a draw keeps the deal and adds one, T2
  "莊家胡牌或是流局,稱為連莊"). The id is the one Xiaoshan uses for its streak, so whatever
  prefills one prefills the other.
* 自摸 (also 槓上開花, 海底撈月, 八仙過海): all three pay (T1); 放槍, 搶槓 (the konger,
  T15, T19) and 七搶一 (the player who drew the 8th flower, derived T-C12): the discarder
  alone pays (T1, T15).
* A win is entered as its 台 total **without** the dealer's 台 (``fan``), or a checklist
  (``fans``, §3), not both; the flags ``ba_xian_guo_hai`` / ``qi_qiang_yi`` may stand alone
  (then worth their 8 台) or come with a total / a checklist that includes the award.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any, ClassVar, Literal

from scoring import refs
from scoring.declarations import (
    DISCARD,
    ROBBED_KONG,
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
from scoring.ruleset import Options, Ruleset, Tally, how
from scoring.rulesets._common import Checklist, exclusions

STREAK = "lian_zhuang"
BA_XIAN = "ba_xian_guo_hai"
QI_QIANG_YI = "qi_qiang_yi"

RESULTS = (
    Choice("win", "胡牌", "Win", zh_hant="胡牌"),
    Choice("draw", "流局", "Draw", zh_hant="流局"),
)

#: §3 checklist: id -> (zh, zh_hant, en, 台, sources)
FANS: dict[str, tuple[str, str, str, int, str]] = {
    "men_qing": ("门清", "門清", "Concealed hand (on a discard)", 1, "T2, T3, T5"),
    "zi_mo": ("自摸", "自摸", "Self-drawn", 1, "T2, T3, T5, T8"),
    "men_qing_zi_mo": (
        "门清自摸（不求人）",
        "門清自摸（不求人）",
        "Concealed self-draw",
        3,
        "T3, T4, T7, T9, T10, T12",
    ),
    "men_feng": ("门风", "門風", "Seat-wind pung", 1, "T2, T5, T9"),
    "quan_feng": ("圈风", "圈風", "Round-wind pung", 1, "T2, T5"),
    "san_yuan_pai": ("三元牌", "三元牌", "Dragon pung (each)", 1, "T2, T3, T5"),
    "zheng_hua": ("正花", "正花", "Own-seat flower (each)", 1, "T2, T5"),
    "hua_gang": ("花杠", "花槓", "Complete flower set (each)", 2, "T2, T9, T10"),
    "du_ting": ("独听", "獨聽", "Single wait", 1, "T2, T3, T5, T11"),
    "ban_qiu": ("半求", "半求", "All melded, self-drawn", 1, "T2, T12"),
    "quan_qiu_ren": ("全求人", "全求人", "All melded, on a discard", 2, "T2, T3, T9, T10, T12"),
    "ping_hu": ("平胡", "平胡", "All chows, no honours or flowers", 2, "T2, T3, T10, T11, T12"),
    "qiang_gang": ("抢杠", "搶槓", "Robbing a kong", 1, "T2, T5"),
    "gang_shang_kai_hua": ("杠上开花", "槓上開花", "Win on a replacement tile", 1, "T2, T3, T5"),
    "hai_di_lao_yue": ("海底捞月", "海底撈月", "Last wall tile", 1, "T2, T3, T5"),
    "he_di_lao_yu": ("河底捞鱼", "河底撈魚", "Last discard", 1, "T2, T3, T5"),
    "san_an_ke": ("三暗刻", "三暗刻", "Three concealed triplets", 2, "T2, T10, T12"),
    "si_an_ke": ("四暗刻", "四暗刻", "Four concealed triplets", 5, "T4, T12"),
    "wu_an_ke": ("五暗刻", "五暗刻", "Five concealed triplets", 8, "T4, T12"),
    "peng_peng_hu": ("碰碰胡", "碰碰胡", "All triplets", 4, "T2, T3, T12, T11"),
    "hun_yi_se": ("混一色", "混一色", "One suit plus honours", 4, "T3, T12, T11"),
    "qing_yi_se": ("清一色", "清一色", "One suit", 8, "T3, T12"),
    "zi_yi_se": ("字一色", "字一色", "All honours", 16, "T12, T11"),
    "xiao_san_yuan": ("小三元", "小三元", "Small three dragons", 4, "T3, T4, T12"),
    "da_san_yuan": ("大三元", "大三元", "Great three dragons", 8, "T3, T4, T12"),
    "xiao_si_xi": ("小四喜", "小四喜", "Small four winds", 8, "T3, T4, T12"),
    "da_si_xi": ("大四喜", "大四喜", "Great four winds", 16, "T3, T4, T12"),
    "si_gang": ("四杠", "四槓", "Four kongs", 8, "T3"),
    "di_ting": ("地听", "地聽", "Ready after the first discard", 4, "T2"),
    "tian_ting": ("天听", "天聽", "Ready on the dealt hand", 16, "T12"),
    "ren_hu": ("人胡", "人胡", "Win on a first-round discard", 8, "T4, T12"),
    "di_hu": ("地胡", "地胡", "Non-dealer first-round self-draw", 16, "T4, T12"),
    "tian_hu": ("天胡", "天胡", "Heavenly hand", 24, "T4, T12"),
    BA_XIAN: ("八仙过海", "八仙過海", "All eight flowers", 8, "T12"),
    QI_QIANG_YI: ("七抢一", "七搶一", "Seven flowers rob the eighth", 8, "T12"),
}
FLOWER_IDS = frozenset({"zheng_hua", "hua_gang", BA_XIAN, QI_QIANG_YI})
MAX_COPIES = {"san_yuan_pai": 2, "zheng_hua": 2, "hua_gang": 2}
_HONOURS = ("men_feng", "quan_feng", "san_yuan_pai", "xiao_san_yuan", "da_san_yuan",
            "xiao_si_xi", "da_si_xi", "zi_yi_se", "hun_yi_se")  # fmt: skip
EXCLUSIVE: tuple[tuple[str, str], ...] = (
    ("zi_mo", "men_qing_zi_mo"),
    ("men_qing", "men_qing_zi_mo"),
    ("san_yuan_pai", "xiao_san_yuan"),
    ("san_yuan_pai", "da_san_yuan"),
    ("xiao_san_yuan", "da_san_yuan"),
    ("xiao_si_xi", "da_si_xi"),
    ("men_feng", "xiao_si_xi"),
    ("men_feng", "da_si_xi"),
    ("quan_feng", "xiao_si_xi"),
    ("quan_feng", "da_si_xi"),
    ("san_an_ke", "si_an_ke"),
    ("san_an_ke", "wu_an_ke"),
    ("si_an_ke", "wu_an_ke"),
    ("peng_peng_hu", "zi_yi_se"),
    ("hun_yi_se", "qing_yi_se"),
    ("hun_yi_se", "zi_yi_se"),
    ("qing_yi_se", "zi_yi_se"),
    ("di_ting", "men_qing"),
    ("di_ting", "men_qing_zi_mo"),
    ("ren_hu", "men_qing"),
    ("di_hu", "men_qing_zi_mo"),
    ("tian_hu", "men_qing_zi_mo"),
    ("tian_hu", "gang_shang_kai_hua"),
    ("ping_hu", "du_ting"),
    ("ping_hu", "zi_mo"),
    ("ping_hu", "zheng_hua"),
    ("ping_hu", "hua_gang"),
    *(("ping_hu", h) for h in _HONOURS),
)
SELF_ONLY = frozenset({"zi_mo", "men_qing_zi_mo", "ban_qiu", "gang_shang_kai_hua",
                       "hai_di_lao_yue", "di_hu", "tian_hu", BA_XIAN})  # fmt: skip
CLAIMED_ONLY = frozenset({"men_qing", "quan_qiu_ren", "ping_hu", "he_di_lao_yu", "ren_hu",
                          QI_QIANG_YI, "qiang_gang"})  # fmt: skip
#: disputed values (§5) offered as options ``tai_<id>``: id -> (min, max, sources)
DISPUTED: dict[str, str] = {
    "tian_hu": "24: T4, T12; 16 at a 16台制 table (T1)",
    "zi_yi_se": "16: T12, T11; 8: T3 (as 清一色)",
    "qing_yi_se": "8: T3, T12; 12: T11",
    "si_an_ke": "5: T4, T12; 6: T11",
    "wu_an_ke": "8: T4, T12; 16: T11",
    "hua_gang": "2: T2, T9, T10; 1: T12",
    "di_ting": "4: T2; 8: T12",
    "du_ting": "1: T2, T3, T5, T11; southern 0: T12",
}


CHECKLIST = Checklist("taiwan", "台", FANS, MAX_COPIES, exclusions(EXCLUSIVE))


def dealer_streak(hands: Iterable[tuple[str, str]]) -> int:
    """N for the next hand (the count ``lian_zhuang``) from the hands before it, in order, as
    ``(dealer before, dealer after)`` pairs (the ledger keeps both for every hand): each hand
    that kept the deal adds one (a dealer win or a draw, T2), a hand that passed it resets N
    to 0. For whatever prefills the count; Xiaoshan's ``lian_zhuang`` means the same."""
    n = 0
    for before, after in hands:
        n = n + 1 if before == after else 0
    return n


def dealer_tai(streak: int) -> int:
    """莊家 1 + 連N拉N 2N (T2, T4, T5, T7, T11)."""
    return 1 + 2 * streak


def _tai_option(fid: str) -> OptionDecl:
    zh, zh_hant, en, v, _ = FANS[fid]
    return OptionDecl(
        f"tai_{fid}", f"{zh}台数", f"{en}: 台", "int", v, min=0, max=99,
        zh_hant=f"{zh_hant}台數",
        help_zh=f"来源不一（规格§5）：{DISPUTED[fid]}",
        help_en=f"Sources disagree (spec §5): {DISPUTED[fid]}",
    )  # fmt: skip


class Taiwan(Ruleset):
    id: ClassVar[str] = "taiwan"
    zh: ClassVar[str] = "台湾十六张"
    zh_hant: ClassVar[str] = "台灣十六張"
    en: ClassVar[str] = "Taiwan 16-tile"
    unit_zh: ClassVar[str] = "元"
    unit_zh_hant: ClassVar[str] = "元"
    unit_en: ClassVar[str] = "dollars"
    fan_word_zh: ClassVar[str] = "台"  # the keypad's word (bot/fan_words.py)
    fan_word_zh_hant: ClassVar[str] = "台"
    fan_word_en: ClassVar[str] = "tai"
    #: the dealer's streak on the table message (bot/streak.py): 連N拉N (T4)
    streak_zh: ClassVar[str] = "连庄 {n} / 拉庄 {n}"
    streak_zh_hant: ClassVar[str] = "連莊 {n} / 拉莊 {n}"
    streak_en: ClassVar[str] = "dealer streak {n} (連{n}拉{n})"
    summary_zh: ClassVar[str] = (
        "每家付 1底+台数×台值（默认底30、台10）。自摸三家付，放枪一家付，抢杠被抢者付。"
        "庄家胡或付时加庄家台 1+2N（N=已连庄次数，连N拉N）。"
    )
    summary_en: ClassVar[str] = (
        "Each payer pays one base (底) plus the 台 × the value of a 台 (default 30 and 10). "
        "Self-drawn: all three pay; on a discard (放槍) the discarder alone; a robbed kong: the "
        "konger. When the dealer wins or pays, the dealer's 1 + 2N 台 are added (N = hands "
        "the dealer has already kept, 連N拉N)."
    )
    summary_zh_hant: ClassVar[str] = (
        "每家付 1底+台數×台值（預設底30、台10）。自摸三家付，放槍一家付，搶槓被搶者付。"
        "莊家胡或付時加莊家台 1+2N（N=已連莊次數，連N拉N）。"
    )
    #: the payment reasons' names in the spec's own terms (bot.i18n Translator.reason)
    reasons: ClassVar[tuple[Choice, ...]] = (
        Choice("self_draw_share", "自摸每家付", "self-draw share", zh_hant="自摸每家付"),
        Choice("discarder_share", "放枪者付", "the discarder pays", zh_hant="放槍者付"),
    )
    players: ClassVar[tuple[int, ...]] = (4,)
    results: ClassVar[tuple[Choice, ...]] = RESULTS
    options: ClassVar[tuple[OptionDecl, ...]] = (
        OptionDecl(
            "di", "底", "Base (底)", "int", 30, min=0, max=1_000_000, important=True,
            zh_hant="底",
            help_zh="每家付的底（T6“底30元/台10元”）。",
            help_en="The base each payer pays (T6 'base 30, 10 a 台').",
        ),
        OptionDecl(
            "tai", "台值", "Value of a 台", "int", 10, min=0, max=1_000_000, important=True,
            zh_hant="台值",
            help_zh="每台的钱（T6）。", help_en="Money per 台 (T6).",
        ),
        OptionDecl(
            "flowers", "花牌", "Flowers", "choice", "seat",
            choices=(
                Choice("seat", "北部：有花", "northern: with flowers", zh_hant="北部：有花"),
                Choice("none", "南部：无花", "southern: no flowers", zh_hant="南部：無花"),
            ),
            zh_hant="花牌",
            help_zh="T1“北部有花”；南部牌不玩花（T13、T12）。",
            help_en="T1 'the north plays flowers'; southern tables play without (T13, T12).",
        ),
        OptionDecl(
            "flower_set_replaces_seat_flower", "花杠不另计正花",
            "A flower set replaces its seat flower", "bool", True,
            zh_hant="花槓不另計正花",
            help_zh="T9“原來的門風花牌不算,另算2台”；关闭=T12 的加法读法。",
            help_en="T9: the seat flower is not counted, the set counts 2; off = T12's additive "
            "reading.",
        ),
        OptionDecl(
            "cap_tai", "封顶台数（0=不封顶）", "Cap on the hand's 台 (0 = none)", "int", 0,
            min=0, max=99, zh_hant="封頂台數（0=不封頂）",
            help_zh="默认不封顶（T17）；南部常见4台（T12）。只封手牌台，不含庄家台。",
            help_en="No cap by default (T17); southern tables often 4 (T12). Caps the hand's 台 "
            "only, not the dealer's.",
        ),
        OptionDecl(
            "multiple_winners", "一炮多响", "Several winners on one discard", "bool", False,
            house=True, zh_hant="一炮多響",
            help_zh="来源未提（规格 T-C9，推定一家胡）；开启则每家分别计。",
            help_en="No source found (spec T-C9; one winner derived); on: each claimant is settled "
            "alone.",
        ),
        *(_tai_option(fid) for fid in DISPUTED),
    )  # fmt: skip
    presets: ClassVar[tuple[PresetDecl, ...]] = (
        PresetDecl("north", "北部（有花）", "Northern (with flowers)", zh_hant="北部（有花）"),
        PresetDecl(
            "south", "南部（无花、独听0台、4台封顶）", "Southern (no flowers, no wait 台, cap 4)",
            {"flowers": "none", "tai_du_ting": 0, "cap_tai": 4},
            zh_hant="南部（無花、獨聽0台、4台封頂）",
        ),
    )  # fmt: skip
    default_preset: ClassVar[str | None] = "north"
    shape_required: ClassVar[bool] = False
    flags: ClassVar[tuple[WinItemDecl, ...]] = (
        WinItemDecl(
            BA_XIAN, "八仙过海", "All eight flowers", "8台，当自摸", "8 台, as a self-draw",
            how=frozenset({SELF_DRAWN}), enabled_by="flowers=seat", zh_hant="八仙過海",
        ),
        WinItemDecl(
            QI_QIANG_YI, "七抢一", "Seven flowers rob the eighth", "8台，摸第八花者付",
            "8 台, paid by who drew the 8th", how=frozenset({DISCARD}),
            enabled_by="flowers=seat", not_with=frozenset({BA_XIAN}), zh_hant="七搶一",
        ),
    )  # fmt: skip
    counts: ClassVar[tuple[CountDecl, ...]] = (
        CountDecl(
            STREAK, "庄家已连庄次数（0=首次坐庄）", "dealer's streak (0 = first hand as dealer)",
            max=99, zh_hant="莊家已連莊次數（0=首次坐莊）",
            # any result: a draw pays nothing but may carry the dealer's count (spec §1 "流局:
            # … the dealer keeps the deal and N grows by 1"; only a non-dealer's is impossible)
            prefill="dealer_streak",  # from the ledger (bot/streak.py), still editable
        ),
    )  # fmt: skip
    events: ClassVar[tuple[EventDecl, ...]] = ()
    win_inputs: ClassVar[frozenset[str]] = frozenset({"fan", "fans"})
    multi_win: ClassVar[Literal["none", "same_discard", "sequential"]] = "same_discard"
    dealer_rule: ClassVar[DealerRule] = DealerRule(
        zh="庄家胡牌或流局连庄（连庄+1，T2），否则下家坐庄",
        en="The dealer keeps the deal after winning or a draw (streak +1, T2); otherwise it "
        "passes on",
    )

    @classmethod
    def extra_json(cls) -> dict[str, Any]:
        return {"fans": CHECKLIST.fans_json(FANS)}

    @staticmethod
    def tai_value(fid: str, opts: Options) -> int:
        if fid in DISPUTED:
            return opts.i(f"tai_{fid}")
        return FANS[fid][3]

    # --- checks ----------------------------------------------------------------------
    def check(self, record: HandRecord, opts: Options) -> None:
        for p, n in record.counts.get(STREAK, {}).items():
            if n and p != record.dealer:
                raise RecordError(f"counts.{STREAK}.{p}", "only the dealer has a streak")
        if len(record.wins) > 1 and not opts.b("multiple_winners"):
            raise RecordError(
                "wins", "one winner per discard at this table (option multiple_winners)"
            )
        for i, win in enumerate(record.wins):
            path = f"wins[{i}]"
            if win.fan is not None and win.fans is not None:
                raise RecordError(f"{path}.fans", "give the 台 total or the checklist, not both")
            if (
                win.fan is None
                and win.fans is None
                and not (win.has(BA_XIAN) or win.has(QI_QIANG_YI))
            ):
                raise RecordError(f"{path}.fan", "give the hand's 台 total or the checklist")
            if win.fans is not None:
                self._check_fans(record, opts, path, win)

    def _check_fans(self, record: HandRecord, opts: Options, path: str, win: Win) -> None:
        fans = win.fans or ()
        w_how = how(win)
        seen: Counter[str] = Counter()
        for j, fid in enumerate(fans):
            p = f"{path}.fans[{j}]"
            CHECKLIST.check_item(p, fid, fans[:j], seen)
            if fid in FLOWER_IDS and opts.s("flowers") == "none":
                raise RecordError(p, f"{fid!r}: no flowers at this table (option flowers)")
            if fid in SELF_ONLY and w_how != SELF_DRAWN:
                raise RecordError(p, f"{fid!r} needs a self-drawn win")
            if fid in CLAIMED_ONLY and w_how == SELF_DRAWN:
                raise RecordError(p, f"{fid!r} is not possible on a self-drawn win")
            if fid == "qiang_gang" and w_how != ROBBED_KONG:
                raise RecordError(p, "'qiang_gang' needs robbed_kong")
            if fid == QI_QIANG_YI and w_how != DISCARD:
                raise RecordError(p, f"{fid!r} is paid by the player who drew the 8th flower")
            if fid == "tian_hu" and win.winner != record.dealer:
                raise RecordError(p, "'tian_hu' is only possible for the dealer")
            if fid == "di_hu" and win.winner == record.dealer:
                raise RecordError(p, "'di_hu' is not possible for the dealer")
        if opts.b("flower_set_replaces_seat_flower") and seen["zheng_hua"] + seen["hua_gang"] > 2:
            raise RecordError(
                f"{path}.fans", "a flower set replaces its 正花: 正花 + 花槓 are at most 2"
            )

    # --- settlement ------------------------------------------------------------------
    def hand_tai(self, win: Win, opts: Options) -> tuple[int, str, str, str]:
        """The hand's 台 before the cap, without the dealer's, and how it adds up (zh, en,
        ja)."""
        if win.fan is not None:
            return win.fan, f"手牌{win.fan}台", f"hand {win.fan} 台", f"手牌{win.fan}台"
        if win.fans is None:
            flag = BA_XIAN if win.has(BA_XIAN) else QI_QIANG_YI
            zh, _, en, _, _ = FANS[flag]
            zh, en = refs.name("fan", flag, zh, en)
            v = self.tai_value(flag, opts)
            return v, f"{zh}{v}台", f"{en} {v} 台", f"{en} {v}台"
        total = 0
        parts_zh: list[str] = []
        parts_en: list[str] = []
        for fid in win.fans:
            zh, _, en, _, _ = FANS[fid]
            zh, en = refs.name("fan", fid, zh, en)
            v = self.tai_value(fid, opts)
            total += v
            parts_zh.append(f"{zh}{v}")
            parts_en.append(f"{en} {v}")
        if not parts_zh:
            return 0, "手牌0台", "hand 0 台", "手牌0台"
        return (
            total,
            " · ".join(parts_zh) + f" = {total}台",
            " · ".join(parts_en) + f" = {total} 台",
            " · ".join(parts_en) + f" = {total}台",
        )

    @classmethod
    def item_name(cls, kind: str, item_id: str) -> tuple[str, str, str] | None:
        """The §3 checklist's 台 items (scoring.refs)."""
        if kind == "fan" and item_id in FANS:
            return FANS[item_id][:3]
        return None

    def compute(self, record: HandRecord, opts: Options) -> Settlement:
        t = Tally(record.players)
        for win in record.wins:
            self._win(t, record, opts, win)
        if not t.steps:
            n = record.count(STREAK, record.dealer)
            t.explain(
                f"流局，无人付款；庄家{record.dealer}连庄，连庄次数 {n} → {n + 1}",
                f"Draw: nobody pays; dealer {record.dealer} keeps the deal, streak {n} → {n + 1}",
                f"流局：支払いなし；親{record.dealer}の連荘、連荘数 {n} → {n + 1}",
            )
        return t.settlement()

    def _win(self, t: Tally, record: HandRecord, opts: Options, win: Win) -> None:
        di, tai, cap = opts.i("di"), opts.i("tai"), opts.i("cap_tai")
        dealer, w, d = record.dealer, win.winner, win.discarder
        raw, hzh, hen, hja = self.hand_tai(win, opts)
        h = min(raw, cap) if cap else raw
        cap_zh = f"，封顶{cap}台" if h != raw else ""
        cap_en = f", capped at {cap}" if h != raw else ""
        cap_ja = f"、{cap}台で頭打ち" if h != raw else ""
        n = record.count(STREAK, dealer)
        dt = dealer_tai(n)
        if d is None or win.has(BA_XIAN):
            payers = [p for p in record.players if p != w]
            how_zh, how_en, how_ja = (
                "自摸，三家付",
                "self-drawn: all three pay",
                "ツモ、三家が支払う",
            )
            reason = "self_draw_share"
        else:
            payers = [d]
            if win.robbed_kong:
                how_zh, how_en = f"抢杠，被抢者{d}一家付", f"robbing {d}'s kong: {d} alone pays"
                how_ja = f"{d}のカンを搶槓：{d}が一人で支払う"
            elif win.has(QI_QIANG_YI):
                qz = refs.name("flag", QI_QIANG_YI, "七抢一", "")[0]  # the English writes 七搶一
                how_zh, how_en = f"{qz}，{d}一家付", f"七搶一: {d} alone pays"
                how_ja = f"七搶一：{d}が一人で支払う"
            else:
                how_zh, how_en = f"放枪，{d}一家付", f"on {d}'s discard: {d} alone pays"
                how_ja = f"{d}の放銃：{d}が一人で支払う"
            reason = "discarder_share"
        t.explain(
            f"{w}胡：{hzh}{cap_zh}；{how_zh}",
            f"{w} wins: {hen}{cap_en}; {how_en}",
            f"{w}の和了：{hja}{cap_ja}；{how_ja}",
        )
        if dealer in (w, *payers):
            t.explain(
                f"庄家{dealer}连{n}拉{n}：庄家台 1+2×{n}={dt}（庄家胡或付时才加）",
                f"dealer {dealer}, streak {n}: dealer 台 1 + 2×{n} = {dt} (only on a payment "
                "the dealer is part of)",
                f"親{dealer}、{n}連荘：親の台 1+2×{n}={dt}（親が和了または支払う時のみ）",
            )
        for p in payers:
            with_dealer = dealer in (w, p)
            t_total = h + (dt if with_dealer else 0)
            amount = di + t_total * tai
            t.pay(p, w, amount, reason)
            if with_dealer:
                zh = f"{p}付 底{di}+({h}+庄{dt})×{tai}={amount}"
                en = f"{p} pays base {di} + ({h} + dealer {dt}) × {tai} = {amount}"
                ja = f"{p}の支払い 底{di}+({h}+親{dt})×{tai}={amount}"
            else:
                zh = f"{p}付 底{di}+{h}×{tai}={amount}"
                en = f"{p} pays base {di} + {h} × {tai} = {amount}"
                ja = f"{p}の支払い 底{di}+{h}×{tai}={amount}"
            t.explain(zh, en, ja)


RULESETS = [Taiwan()]
