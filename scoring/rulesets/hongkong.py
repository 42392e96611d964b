"""香港麻雀 / 廣東牌 Hong Kong style (番 *faan*): 半辣上 money table, 全銃/半銃, 包, 搶槓, 詐糊.

Spec: ``shared/rules/hongkong.md`` (written from public sources H1–H22, not from the seeds).

* Unit = the **single share (單份) of a 0-faan chicken hand** (H1 L80, H4's 雞胡 row). Every
  amount is ``m(F) × 1, 2, 4 or 6`` units × ``options.base``, where m(F) is the multiplier of
  §2 (半辣上 / 辣辣上 / banded). m(F) is an integer for every F, so no rounding ever happens in
  units: the 半銃 "single share" of a blameless player is exactly m and the discarder's double
  share exactly 2m. Money comes last: the stake names give money per unit (二五雞 $0.25,
  五一 $0.50, 一二蚊 $1, H1 L85–87 and H4), computed in whole cents (25, 50, 100 per unit),
  so the explanation's dollars are exact too.
* A win is entered as its faan total (``fan``) or a checklist (``fans``, §3), not both,
  and/or the flag ``limit`` (爆棚 / 例牌): with the flag the win is worth ``max_faan`` and a
  total or checklist given with it adds nothing (§3 "the other items may be listed but count
  nothing"; the spec's "exactly one" is relaxed because the bot asks the count first and
  offers the flag after it). A total below ``min_faan``
  (三番起糊) is not a win: the record is rejected naming ``wins[i].fan`` and the table records a
  false win instead (H6 "如未夠三番食糊,一律當詐糊"). A total above ``max_faan`` is paid at it.
* Who pays (§2): self-drawn, each loser 2m; on a discard, 全銃 the discarder 4m, 半銃 the
  discarder 2m and the two others m each; a 包 (liable) player pays 6m alone on a self-draw
  and 4m on a discard he fed; 搶槓 by option ``robbed_kong`` (default: the konger pays the
  whole self-draw, 6m — H5 "搶槓當自摸 開槓的一家包", H6).
* 包 is the event ``bao`` (``player`` = the liable player, ``from`` = the winner it is for;
  ``from`` may be left out when the hand has one winner). 詐糊 is the result ``false_win``
  with one ``false_win`` event (the offender), paid by option ``false_win`` (§2); the
  ``fine_no_payee`` reading pays into nothing: to the pseudo-party ``pot``.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, ClassVar, Literal

from scoring import refs
from scoring.declarations import (
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
from scoring.rulesets._common import Checklist, each_pays, exclusions

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


def _faan_option(fid: str) -> OptionDecl:
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


class HongKong(Ruleset):
    id: ClassVar[str] = "hongkong"
    zh: ClassVar[str] = "香港麻将（番）"
    zh_hant: ClassVar[str] = "香港麻雀（番）"
    en: ClassVar[str] = "Hong Kong (faan)"
    unit_zh: ClassVar[str] = "份"
    unit_zh_hant: ClassVar[str] = "份"
    unit_en: ClassVar[str] = "units"
    fan_word_zh: ClassVar[str] = "番"  # the keypad's word (bot/fan_words.py)
    fan_word_zh_hant: ClassVar[str] = "番"
    fan_word_en: ClassVar[str] = "faan"
    summary_zh: ClassVar[str] = (
        "番数定单份 m：半辣上（4番以下每番翻倍，之后每两番翻倍、中间×1.5），或辣辣上、分档；1份=鸡糊单份。"
        "自摸三家各付双份2m；全铳放铳者包三家4m，半铳放铳者2m、其他两家各m。三番起糊，爆棚13番（可改8/10）。"
        "包自摸者一人付6m；抢杠当自摸、开杠者包；诈糊赔每家满糊自摸一份。"
    )
    summary_en: ClassVar[str] = (
        "The faan give the single share m: half-spicy (doubling up to 4 faan, then every two faan "
        "with ×1.5 between), spicy or banded; 1 unit = a chicken hand's single share. Self-drawn: "
        "each loser pays a double share 2m; 全銃: the discarder pays 4m for all, 半銃: the "
        "discarder 2m and the two others m each. Minimum 3 faan, limit 13 (8/10 as options). A "
        "liable (包) player pays a self-draw's 6m alone; robbing a kong is paid as a self-draw by "
        "the konger; a false win pays each other player a limit self-draw share."
    )
    summary_zh_hant: ClassVar[str] = (
        "番數定單份 m：半辣上（4番以下每番翻倍，之後每兩番翻倍、中間×1.5），或辣辣上、分檔；1份=雞糊單份。"
        "自摸三家各付雙份2m；全銃出銃者包三家4m，半銃出銃者2m、其他兩家各m。三番起糊，爆棚13番（可改8/10）。"
        "包自摸者一人付6m；搶槓當自摸、開槓者包；詐糊賠每家滿糊自摸一份。"
    )
    #: the short words of the steps (scoring.refs, kind ``word``), Traditional as the spec
    #: writes them (hongkong.md: 爆棚 / 例牌 §3, 全銃 / 半銃 / 出銃者 §2 and the choices'
    #: zh_hant); where the English step writes the Chinese (全銃: …) only the zh is referenced
    words: ClassVar[Words] = {
        "limit_hand": ("爆棚（例牌）", "爆棚（例牌）", "limit hand"),
        "limit": ("爆棚", "爆棚", "limit"),
        "limit_any": ("例牌满糊", "例牌滿糊", "a limit hand"),
        "limit_fan": ("满糊", "滿糊", "limit"),
        "full": ("全铳", "全銃", "full responsibility"),
        "half": ("半铳", "半銃", "half responsibility"),
        "discarder": ("放铳者", "出銃者", "the discarder"),
    }
    #: the payment reasons' names in the spec's own terms (bot.i18n Translator.reason)
    reasons: ClassVar[tuple[Choice, ...]] = (
        Choice("self_draw_share", "自摸每家付双份", "self-draw: a double share", zh_hant="自摸每家付雙份"),
        Choice("discarder_share", "放铳者付", "the discarder pays", zh_hant="出銃者付"),
        Choice("other_share", "其他家付单份", "a single share", zh_hant="其他家付單份"),
        Choice("bao_self_draw", "包自摸", "包自摸: the liable player pays all", zh_hant="包自摸"),
        Choice("bao_discard", "包打出", "包打出: the liable discarder pays all", zh_hant="包打出"),
        Choice("robbed_kong_bao", "抢杠：开杠者包", "robbed kong: the konger pays all",
               zh_hant="搶槓：開槓者包"),
        Choice(FALSE_WIN, "诈糊", "false win", zh_hant="詐糊"),
        Choice("false_win_fine", "诈糊罚款（无人收）", "false-win fine (paid to nobody)",
               zh_hant="詐糊罰款（無人收）"),
    )  # fmt: skip
    players: ClassVar[tuple[int, ...]] = (4,)
    results: ClassVar[tuple[Choice, ...]] = RESULTS
    options: ClassVar[tuple[OptionDecl, ...]] = (
        OptionDecl(
            "base", "底（每份倍数）", "Base (units per share)", "int", 1, min=1, max=1_000_000,
            zh_hant="底（每份倍數）",
            help_zh="每份的倍数（合约默认1）。钱数由注码决定：二五鸡每份$0.25、五一$0.5、一二蚊$1。",
            help_en="Multiplies every share (contract default 1). Money per unit comes from the "
            "stake: 二五雞 $0.25, 五一 $0.50, 一二蚊 $1.",
        ),
        OptionDecl(
            "stake", "注码", "Stake", "choice", "wu_yi",
            choices=(
                Choice("er_wu_ji", "二五鸡（每份$0.25）", "二五雞 ($0.25 a unit)",
                       zh_hant="二五雞（每份$0.25）"),
                Choice("wu_yi", "五一（每份$0.5）", "五一 ($0.50 a unit)", zh_hant="五一（每份$0.5）"),
                Choice("yi_er_man", "一二蚊（每份$1）", "一二蚊 ($1 a unit)",
                       zh_hant="一二蚊（每份$1）"),
                Choice("custom", "其他", "Other", zh_hant="其他"),
            ),
            zh_hant="注碼",
            help_zh="只用于说明中的钱数（H1 默认 B=1 即五一）；单位永远是份。",
            help_en="Only for the money shown in the explanation (H1's default B=1 is 五一); "
            "amounts are always in units.",
        ),
        OptionDecl(
            "min_faan", "起糊番数", "Minimum faan", "int", 3, min=0, max=13, important=True,
            zh_hant="起糊番數",
            help_zh="三番起糊（H13、H6、H11、H20）；不够番当诈糊（H6）。花不计入（H9）。",
            help_en="Three-faan minimum (H13, H6, H11, H20); a win below it is a false win (H6). "
            "Flowers do not count toward it (H9).",
        ),
        OptionDecl(
            "max_faan", "爆棚（上限番数）", "Limit (faan)", "int", 13, min=0, max=20,
            important=True, zh_hant="爆棚（上限番數）",
            help_zh="13番（H1/H2、H10、H12），或8、10番（H6、H13）；例牌满糊=此番数。",
            help_en="13 (H1/H2, H10, H12), or 8 / 10 (H6, H13); a limit hand is worth this.",
        ),
        OptionDecl(
            "spiciness", "计法", "Money table", "choice", "half",
            choices=(
                Choice("half", "半辣上", "half-spicy (半辣上)", zh_hant="半辣上"),
                Choice("spicy", "辣辣上（全辣）", "spicy (辣辣上)", zh_hant="辣辣上（全辣）"),
                Choice("banded", "分档（满糊/双辣/三辣）", "banded tiers",
                       zh_hant="分檔（滿糊/雙辣/三辣）"),
            ),
            important=True, zh_hant="計法",
            help_zh="半辣上：5番=4番×1.5、6番=4番×2……（H4、H1、H2）；辣辣上每番×2；分档见 H7。",
            help_en="Half-spicy: 5 faan = 4 faan × 1.5, 6 = 4 × 2 … (H4, H1, H2); spicy doubles "
            "every faan; banded tiers: H7.",
        ),
        OptionDecl(
            "responsibility", "铳制", "Discarder pays", "choice", "full",
            choices=(
                Choice("full", "全铳（放铳者包三家）", "全銃: the discarder pays for all",
                       zh_hant="全銃（出銃者包三家）"),
                Choice("half", "半铳（放铳者双份、其他单份）", "半銃: discarder double, others single",
                       zh_hant="半銃（出銃者雙份、其他單份）"),
            ),
            important=True, zh_hant="銃制",
            help_zh="全铳（H2 默认、H6）；半铳是旧制（H4、H17、H21）。和牌者所收不变（H4）。",
            help_en="全銃 (H2's default, H6); 半銃 is the older system (H4, H17, H21). The winner "
            "collects the same either way (H4).",
        ),
        OptionDecl(
            "robbed_kong", "抢杠付法", "Robbing a kong pays", "choice", "bao_zimo",
            choices=(
                Choice("bao_zimo", "当自摸，开杠者包三家", "as a self-draw, the konger pays all",
                       zh_hant="當自摸，開槓者包三家"),
                Choice("discard", "开杠者当放铳", "the konger as the discarder",
                       zh_hant="開槓者當出銃"),
                Choice("all_pay", "当自摸，三家付", "as a self-draw, all three pay",
                       zh_hant="當自摸，三家付"),
            ),
            zh_hant="搶槓付法",
            help_zh="“搶槓當自摸 開槓的一家包”（H5、H6）；开杠者当放铳（H15）；三家付（H16）。",
            help_en="H5, H6: paid as a self-draw by the konger; H15: the konger as the discarder; "
            "H16: everybody pays.",
        ),
        OptionDecl(
            "false_win", "诈糊罚法", "False win pays", "choice", "limit_share_each",
            choices=(
                Choice("limit_share_each", "赔每家满糊自摸一份（2M）",
                       "each other player a limit self-draw share (2M)",
                       zh_hant="賠每家滿糊自摸一份（2M）"),
                Choice("limit_win_each", "赔每家满糊自摸全份（6M）",
                       "each other player a whole limit self-draw (6M)",
                       zh_hant="賠每家滿糊自摸全份（6M）"),
                Choice("fine_no_payee", "罚4M，其他三家不加分", "a fine of 4M that nobody receives",
                       zh_hant="罰4M，其他三家不加分"),
            ),
            zh_hant="詐糊罰法",
            help_zh="H7“pay everyone 128 chips”（默认）；H1 每家得满糊自摸3份；H6 罚十番512、不加分。",
            help_en="H7 'pay everyone 128 chips' (default); H1: each gains 3 portions at the limit; "
            "H6: a fine of 512 at 10 faan that nobody receives.",
        ),
        OptionDecl(
            "multiple_winners", "一炮多响", "Several winners on one discard", "bool", False,
            zh_hant="一炮多響",
            help_zh="默认截糊，只有一家食糊（H6、H9）；开启则每家分别计。",
            help_en="Default 截糊: one winner (H6, H9); on: each claimant is settled alone.",
        ),
        OptionDecl(
            "flowers_count_for_minimum", "花计入起糊", "Flowers count for the minimum", "bool",
            False, zh_hant="花計入起糊",
            help_zh="H9：花不计入起糊番数；只排除无花、正花、一台花（H-C8）。",
            help_en="H9: bonus tiles do not count toward the minimum; only 無花, 正花 and 一台花 "
            "are left out (H-C8).",
        ),
        OptionDecl(
            "concealed_self_draw", "门前清自摸", "Concealed hand self-drawn", "choice", "both",
            choices=(
                Choice("both", "门前清、自摸各1番", "concealed 1 + self-drawn 1",
                       zh_hant="門前清、自摸各1番"),
                Choice("zi_mo_only", "只计自摸", "self-drawn only", zh_hant="只計自摸"),
            ),
            zh_hant="門前清自摸",
            help_zh="H11 两项都计；H5 门前清只指食别人打出的牌（H-C9）。",
            help_en="H11 scores both; H5 defines 門前清 as winning on a discard (H-C9).",
        ),
        *(_faan_option(fid) for fid in DISPUTED),
    )  # fmt: skip
    presets: ClassVar[tuple[PresetDecl, ...]] = tuple(
        PresetDecl(sid, zh, en, {"stake": sid}, zh_hant=zh_hant)
        for sid, (zh, zh_hant, en) in STAKE_NAMES.items()
    )
    default_preset: ClassVar[str | None] = "wu_yi"
    shape_required: ClassVar[bool] = False
    flags: ClassVar[tuple[WinItemDecl, ...]] = (
        WinItemDecl(
            LIMIT,
            "爆棚（例牌满糊）",
            "Limit hand (爆棚)",
            "上限番数",
            "the limit",
            zh_hant="爆棚（例牌滿糊）",
        ),
    )
    counts: ClassVar[tuple[CountDecl, ...]] = ()
    events: ClassVar[tuple[EventDecl, ...]] = (
        EventDecl(
            BAO, "包（包自摸/包打出）", "Liability (包)", source="optional",
            source_zh="替谁包（食糊者；只有一家食糊可不填）",
            source_en="whose win (the winner; may be left out when one player wins)",
            value_zh="自摸：一人付6m；打出：包的放铳者付4m",
            value_en="self-drawn: pays 6m alone; on his discard: pays 4m",
            results=frozenset({"win"}), zh_hant="包（包自摸/包打出）",
        ),
        EventDecl(
            FALSE_WIN, "诈糊", "False win", results=frozenset({FALSE_WIN}),
            value_zh="按诈糊罚法赔", value_en="pays by the false-win option",
            zh_hant="詐糊",
        ),
    )  # fmt: skip
    win_inputs: ClassVar[frozenset[str]] = frozenset({"fan", "fans"})
    multi_win: ClassVar[Literal["none", "same_discard", "sequential"]] = "same_discard"
    dealer_rule: ClassVar[DealerRule] = DealerRule(
        zh="庄家食糊连庄（流局、诈糊也连庄，规格未写，照常）；否则下家坐庄",
        en="The dealer keeps the deal after winning (and after a draw or a false win: the spec is "
        "silent, the usual rule); otherwise it passes on",
    )

    @classmethod
    def extra_json(cls) -> dict[str, Any]:
        # a limit hand shows the default limit; it is worth max_faan
        return {"fans": CHECKLIST.fans_json(FANS, limit_points=13)}

    # --- values ----------------------------------------------------------------------
    @staticmethod
    def fan_value(fid: str, opts: Options) -> int | None:
        """The faan of checklist item ``fid`` under ``opts`` (None = a limit hand)."""
        if fid in DISPUTED:
            v = opts.s(f"faan_{fid}")
            return None if v == LIMIT else int(v)
        return FANS[fid][3]

    # --- checks ----------------------------------------------------------------------
    def check(self, record: HandRecord, opts: Options) -> None:
        if opts.i("max_faan") < opts.i("min_faan"):
            raise RecordError("options.max_faan", "the limit must be at least the minimum")
        if len(record.wins) > 1 and not opts.b("multiple_winners"):
            raise RecordError(
                "wins", "one winner per discard (截糊) at this table (option multiple_winners)"
            )
        winners = {w.winner for w in record.wins}
        false_wins = 0
        liable_for: set[str] = set()
        for i, ev in enumerate(record.events):
            if ev.type == FALSE_WIN:
                false_wins += 1
            elif ev.type == BAO:
                target = ev.source
                if target is None:
                    if len(record.wins) != 1:
                        raise RecordError(
                            f"events[{i}].from", "with several winners, say whose win 包 is for"
                        )
                    target = record.wins[0].winner
                elif target not in winners:
                    raise RecordError(f"events[{i}].from", f"{target!r} did not win this hand")
                if ev.player == target:
                    raise RecordError(f"events[{i}].player", "the winner cannot be liable")
                if target in liable_for:
                    raise RecordError(f"events[{i}]", f"one liable player per win ({target!r})")
                liable_for.add(target)
        if record.result == FALSE_WIN and false_wins != 1:
            raise RecordError("events", "a false win needs exactly one false_win event")
        for i, win in enumerate(record.wins):
            self._check_win(record, opts, i, win)

    def _check_win(self, record: HandRecord, opts: Options, i: int, win: Win) -> None:
        if win.fan is not None and win.fans is not None:
            raise RecordError(f"wins[{i}].fans", "give the faan total or the checklist, not both")
        limit = LIMIT in win.flags
        if win.fan is None and win.fans is None and not limit:
            raise RecordError(
                f"wins[{i}].fan", "give the faan total, the checklist or the limit flag"
            )
        min_faan = opts.i("min_faan")
        if win.fan is not None and win.fan < min_faan and not limit:
            raise RecordError(
                f"wins[{i}].fan",
                f"{win.fan} faan is below the minimum of {min_faan} (三番起糊): "
                "record a false win (詐糊) instead",
            )
        if win.fans is not None:
            self._check_fans(record, opts, f"wins[{i}]", win)

    def _check_fans(self, record: HandRecord, opts: Options, path: str, win: Win) -> None:
        fans = win.fans or ()
        if not fans:
            raise RecordError(f"{path}.fans", "the checklist is empty")
        w_how = how(win)
        seen: Counter[str] = Counter()
        for j, fid in enumerate(fans):
            p = f"{path}.fans[{j}]"
            CHECKLIST.check_item(p, fid, fans[:j], seen)
            why = self._condition(record, win, w_how, fid)
            if why:
                raise RecordError(p, f"{fid!r} {why}")
        if seen["zheng_hua"] + seen["yi_tai_hua"] > 2:
            raise RecordError(
                f"{path}.fans", "a complete set replaces its 正花: 正花 + 一台花 are at most 2"
            )
        if "hua_yao_jiu" in seen and not ({"dui_dui_hu", "kan_kan_hu"} & seen.keys()):
            raise RecordError(f"{path}.fans", "花么九 always comes with 對對糊 (dui_dui_hu)")
        if "gang_shang_kai_hua" in seen and "zi_mo" not in seen:
            raise RecordError(f"{path}.fans", "槓上開花 comes with 自摸 (zi_mo)")
        if "hua_hu" in seen and len(seen) > 1:
            raise RecordError(f"{path}.fans", "花糊 is an instant win: list nothing else")
        total, hand, limit = self._sum(win, opts)
        limit = limit or win.has(LIMIT)
        if limit or INSTANT & seen.keys() or opts.b("flowers_count_for_minimum"):
            hand = total
        if not (limit or INSTANT & seen.keys()) and hand < opts.i("min_faan"):
            raise RecordError(
                f"{path}.fans",
                f"{hand} faan without flowers is below the minimum of {opts.i('min_faan')} "
                "(三番起糊): record a false win (詐糊) instead",
            )

    @staticmethod
    def _condition(record: HandRecord, win: Win, w_how: str, fid: str) -> str | None:
        if fid in ("zi_mo", "gang_shang_gang", "ba_xian_guo_hai", "hua_hu", "tian_hu"):
            if w_how != SELF_DRAWN:
                return "needs a self-drawn win"
        if fid == "tian_hu" and win.winner != record.dealer:
            return "is only possible for the dealer"
        if fid == "di_hu" and (win.discarder != record.dealer or win.robbed_kong):
            return "is a win on the dealer's first discard"
        if fid == "qiang_gang" and not win.robbed_kong:
            return "needs robbed_kong"
        return None

    def _sum(self, win: Win, opts: Options) -> tuple[int, int, bool]:
        """(total faan capped, hand faan without flowers, is a limit) of a checklist."""
        max_faan = opts.i("max_faan")
        total = hand = 0
        limit = False
        self_drawn = win.discarder is None
        for fid in win.fans or ():
            if (
                fid == "men_qian_qing"
                and self_drawn
                and opts.s("concealed_self_draw") == "zi_mo_only"
            ):
                continue
            v = self.fan_value(fid, opts)
            if v is None:
                limit = True
                continue
            total += v
            if fid not in FLOWER_ITEMS:
                hand += v
        if limit:
            return max_faan, max_faan, True
        return min(total, max_faan), hand, False

    # --- settlement ------------------------------------------------------------------
    def faan_of(self, win: Win, opts: Options) -> tuple[int, str, str, str]:
        """The faan used for payment (capped at max_faan), and how it adds up (zh, en, ja)."""
        max_faan = opts.i("max_faan")
        if win.has(LIMIT):
            # the bot asks the count first; under the limit it adds nothing (§3, H10)
            extra_zh = "，番数不另计" if win.fan is not None or win.fans else ""
            extra_en = ", the count adds nothing" if win.fan is not None or win.fans else ""
            extra_ja = "、番数は加算しない" if win.fan is not None or win.fans else ""
            lz, le = self.word("limit_hand", "lower")
            return (
                max_faan,
                f"{lz}={max_faan}番{extra_zh}",
                f"{le} = {max_faan} faan{extra_en}",
                f"{le} = {max_faan}番{extra_ja}",
            )
        if win.fan is not None:
            f = min(win.fan, max_faan)
            # the English: "paid at the limit"
            cap_zh = f"，{self.word('limit')[0]}按{max_faan}番" if win.fan > max_faan else ""
            cap_en = f", paid at the limit {max_faan}" if win.fan > max_faan else ""
            cap_ja = f"、上限の{max_faan}番で支払い" if win.fan > max_faan else ""
            return (
                f,
                f"共{win.fan}番{cap_zh}",
                f"{win.fan} faan in all{cap_en}",
                f"計{win.fan}番{cap_ja}",
            )
        parts_zh: list[str] = []
        parts_en: list[str] = []
        parts_ja: list[str] = []
        raw = 0
        limits: list[str] = []
        dropped = False
        for fid in win.fans or ():
            zh, _, en, _, _ = FANS[fid]
            zh, en = refs.name("fan", fid, zh, en)
            if (
                fid == "men_qian_qing"
                and win.discarder is None
                and opts.s("concealed_self_draw") == "zi_mo_only"
            ):
                dropped = True
                continue
            v = self.fan_value(fid, opts)
            if v is None:
                limits.append(fid)
                mz, me = self.word("limit_fan", "lower")
                parts_zh.append(f"{zh}{mz}")
                parts_en.append(f"{en} {me}")
                parts_ja.append(f"{en} {me}")
            else:
                raw += v
                parts_zh.append(f"{zh}{v}")
                parts_en.append(f"{en} {v}")
                parts_ja.append(f"{en} {v}")
        drop_zh = ""
        if dropped:  # the English writes 門前清
            drop_zh = f"（只计自摸，不计{refs.name('fan', 'men_qian_qing', '门前清', '')[0]}）"
        drop_en = " (self-drawn only: 門前清 not counted)" if dropped else ""
        drop_ja = "（ツモのみ計上、門前清は計上しない）" if dropped else ""
        if limits:
            az, ae = self.word("limit_any", "lower")
            return (
                max_faan,
                " · ".join(parts_zh) + f"：{az} = {max_faan}番，其他不另计{drop_zh}",
                " · ".join(parts_en) + f": {ae} = {max_faan} faan, the rest adds nothing{drop_en}",
                " · ".join(parts_ja) + f"：{ae} = {max_faan}番、他は加算しない{drop_ja}",
            )
        f = min(raw, max_faan)
        cap_zh = f"，{self.word('limit')[0]}按{max_faan}番" if raw > max_faan else ""
        cap_en = f", paid at the limit {max_faan}" if raw > max_faan else ""
        cap_ja = f"、上限の{max_faan}番で支払い" if raw > max_faan else ""
        return (
            f,
            " · ".join(parts_zh) + f" = {raw}番{cap_zh}{drop_zh}",
            " · ".join(parts_en) + f" = {raw} faan{cap_en}{drop_en}",
            " · ".join(parts_ja) + f" = {raw}番{cap_ja}{drop_ja}",
        )

    @classmethod
    def item_name(cls, kind: str, item_id: str) -> tuple[str, str, str] | None:
        """The §3 checklist's fans and the §2 stake names (scoring.refs)."""
        if kind == "fan" and item_id in FANS:
            return FANS[item_id][:3]
        if kind == "stake" and item_id in STAKE_NAMES:
            return STAKE_NAMES[item_id]
        return None

    def compute(self, record: HandRecord, opts: Options) -> Settlement:
        t = Tally(record.players)
        if record.result == FALSE_WIN:
            ev = next(e for e in record.events if e.type == FALSE_WIN)
            self._false_win(t, record, opts, ev.player)
        else:
            for win in record.wins:
                self._win(t, record, opts, win)
        if not t.steps:
            t.explain("流局（摸和），无人付款", "Draw: nobody pays", "流局：支払いなし")
        self._money(t, record, opts)
        return t.settlement()

    def _liable(self, record: HandRecord, win: Win) -> str | None:
        for ev in record.events:
            if ev.type == BAO and (ev.source or record.wins[0].winner) == win.winner:
                return ev.player
        return None

    def _win(self, t: Tally, record: HandRecord, opts: Options, win: Win) -> None:
        base = opts.i("base")
        spice = opts.s("spiciness")
        faan, fzh, fen, fja = self.faan_of(win, opts)
        m = multiplier(faan, spice) * base
        mzh, men, mja = multiplier_text(faan, spice)
        if base != 1:
            mzh += f"，×底{base}={m}"
            men += f", × base {base} = {m}"
            mja += f"、×基本{base}={m}"
        w, d = win.winner, win.discarder
        t.explain(
            f"{w}食糊：{fzh}；{mzh}", f"{w} wins: {fen}; {men}", f"{w}の和了（食糊）：{fja}；{mja}"
        )
        others = [p for p in record.players if p != w]
        liable = self._liable(record, win)
        if win.robbed_kong:
            assert d is not None
            mode = opts.s("robbed_kong")
            if mode == "bao_zimo":
                t.pay(d, w, 6 * m, "robbed_kong_bao")
                t.explain(
                    f"抢杠当自摸，开杠者{d}包三家双份：6×{m} = {6 * m}",
                    f"robbing {d}'s kong is paid as a self-draw and {d} pays all three double "
                    f"shares: 6 × {m} = {6 * m}",
                    f"搶槓はツモ扱い、カンした{d}が三家分の二口ずつを包：6×{m} = {6 * m}",
                )
                self._note_bao(t, liable, d, "robbed")
                return
            if mode == "all_pay":
                each_pays(t, others, w, 2 * m, "self_draw_share")
                t.explain(
                    f"抢杠当自摸，三家各付双份 2×{m} = {2 * m}",
                    f"robbing a kong is paid as an ordinary self-draw: each of the three pays "
                    f"a double share, 2 × {m} = {2 * m}",
                    f"搶槓は通常のツモ扱い：三家が各二口 2×{m} = {2 * m}",
                )
                self._note_bao(t, liable, None, "robbed")
                return
            t.explain(
                f"抢杠：开杠者{d}当放铳",
                f"robbing a kong: the konger {d} is the discarder",
                f"搶槓：カンした{d}を放銃者とする",
            )
        if d is None:
            if liable is not None:
                t.pay(liable, w, 6 * m, "bao_self_draw")
                bz = refs.name("reason", "bao_self_draw", "包自摸", "")[0]  # en: the Chinese
                t.explain(
                    f"{bz}：{liable}一人付三家双份 6×{m} = {6 * m}",
                    f"包自摸: {liable} alone pays the three double shares: 6 × {m} = {6 * m}",
                    f"包自摸：{liable}が一人で三家分の二口ずつを支払う 6×{m} = {6 * m}",
                )
                return
            each_pays(t, others, w, 2 * m, "self_draw_share")
            t.explain(
                f"自摸：三家各付双份 2×{m} = {2 * m}，共{6 * m}",
                f"self-drawn: each of the three pays a double share, 2 × {m} = {2 * m}, "
                f"{6 * m} in all",
                f"ツモ：三家が各二口 2×{m} = {2 * m}、計{6 * m}",
            )
            return
        if liable == d:
            t.pay(d, w, 4 * m, "bao_discard")
            bz = refs.name("reason", "bao_discard", "包打出", "")[0]  # en: the Chinese
            t.explain(
                f"{bz}：{d}包三家，付4份 4×{m} = {4 * m}",
                f"包打出: the liable discarder {d} pays for all, 4 shares: 4 × {m} = {4 * m}",
                f"包打出：責任ある放銃者{d}が全員分、4口を支払う 4×{m} = {4 * m}",
            )
            return
        fz, _ = self.word(opts.s("responsibility"))  # the English writes 全銃 / 半銃
        dz, de = self.word("discarder", "lower")
        if opts.s("responsibility") == "full":
            t.pay(d, w, 4 * m, "discarder_share")
            t.explain(
                f"{fz}：{dz}{d}包三家，付4份 4×{m} = {4 * m}",
                f"全銃: {de} {d} pays for all, 4 shares: 4 × {m} = {4 * m}",
                f"全銃：{de} {d}が全員分、4口を支払う 4×{m} = {4 * m}",
            )
        else:
            t.pay(d, w, 2 * m, "discarder_share")
            rest = [p for p in others if p != d]
            each_pays(t, rest, w, m, "other_share")
            t.explain(
                f"{fz}：{dz}{d}付双份 2×{m} = {2 * m}，{'、'.join(rest)}各付单份 {m}，共{4 * m}",
                f"半銃: {de} {d} pays a double share, 2 × {m} = {2 * m}; "
                f"{' and '.join(rest)} a single share, {m} each; {4 * m} in all",
                f"半銃：{de} {d}が二口 2×{m} = {2 * m}、{'、'.join(rest)}が各一口 {m}、計{4 * m}",
            )
        self._note_bao(t, liable, d, "discard")

    @staticmethod
    def _note_bao(t: Tally, liable: str | None, payer: str | None, kind: str) -> None:
        if liable is None or liable == payer:
            return
        if kind == "robbed":
            t.explain(
                f"{liable}的包不适用：抢杠的付法已定",
                f"{liable}'s liability changes nothing: a robbed kong pays by its own rule",
                f"{liable}の包は適用なし：搶槓は搶槓の払い方による",
            )
        else:
            t.explain(
                f"{liable}的包不适用：打出的牌不是他的",
                f"{liable}'s liability changes nothing on another player's discard",
                f"{liable}の包は適用なし：他家の打牌による和了",
            )

    def _false_win(self, t: Tally, record: HandRecord, opts: Options, offender: str) -> None:
        base = opts.i("base")
        max_faan = opts.i("max_faan")
        spice = opts.s("spiciness")
        big_m = multiplier(max_faan, spice) * base
        mzh, men, mja = multiplier_text(max_faan, spice)
        if base != 1:
            mzh += f"，×底{base}={big_m}"
            men += f", × base {base} = {big_m}"
            mja += f"、×基本{base}={big_m}"
        mode = opts.s("false_win")
        others = [p for p in record.players if p != offender]
        if mode == "fine_no_payee":
            t.pay(offender, POT, 4 * big_m, "false_win_fine")
            t.explain(
                f"{offender}{refs.name('event', FALSE_WIN, '诈糊', '')[0]}：罚4个{self.word('limit_fan')[0]}份 4×{big_m} = {4 * big_m}，其他三家不加分；{self.word('limit_fan')[0]}：{mzh}",
                f"{offender} declared a false win: a fine of 4 limit shares, 4 × {big_m} = "
                f"{4 * big_m}, that nobody receives; the limit: {men}",
                f"{offender}の诈糊（誤和了）：上限4口分の罰 4×{big_m} = {4 * big_m}、"
                f"誰も受け取らない；上限：{mja}",
            )
            return
        k = 2 if mode == "limit_share_each" else 6
        for p in others:
            t.pay(offender, p, k * big_m, FALSE_WIN)
        t.explain(
            f"{offender}{refs.name('event', FALSE_WIN, '诈糊', '')[0]}：赔每家{k}个{self.word('limit_fan')[0]}份 {k}×{big_m} = {k * big_m}，共{3 * k * big_m}；{self.word('limit_fan')[0]}：{mzh}",
            f"{offender} declared a false win: pays each other player {k} limit shares, "
            f"{k} × {big_m} = {k * big_m}, {3 * k * big_m} in all; the limit: {men}",
            f"{offender}の诈糊（誤和了）：他の各家に上限{k}口分 {k}×{big_m} = {k * big_m}、"
            f"計{3 * k * big_m}；上限：{mja}",
        )

    @staticmethod
    def _money(t: Tally, record: HandRecord, opts: Options) -> None:
        """The nets in dollars at the stake's money per unit (whole cents, exact)."""
        stake = opts.s("stake")
        cents = STAKE_CENTS.get(stake)
        if cents is None:
            return
        net = t.net
        parts = []
        for p in record.players:
            c = net[p] * cents
            if c:
                a = -c if c < 0 else c
                parts.append(f"{p} {'-' if c < 0 else '+'}${a // 100}.{a % 100:02d}")
        if not parts:
            return
        zh, _, en = STAKE_NAMES[stake]
        zh, en = refs.name("stake", stake, zh, en)
        per = money_text(1, stake)
        t.explain(
            f"以{zh}计（每份{per}）：" + "，".join(parts),
            f"at {en} ({per} a unit): " + ", ".join(parts),
            f"{en}で計算（一口{per}）：" + "、".join(parts),
        )


RULESETS = [HongKong()]
