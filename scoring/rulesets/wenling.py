"""温岭麻将 Wenling (Zhejiang): 胡数 × 2^台.

Spec: ``shared/rules/wenling.md``; seed ``003_62cb00bcf6a554e2.txt`` lines 205–211.

胡 = 20 (L209 "胡倒的20胡底") + the winner's melds (L207) + 4 per 白板 and flower + 2 each for 自摸,
捉鬼, 按当, 追壁 (L208). Score = 胡 × 2^台 (L209 "幾台就是2的幾次方，例如3台就乘以8"), 台 from L210–211;
清一色 "直接蠟紙" = the limit. The seed gives no payer rule, limit or rounding: house options.

Record conventions: the meld, 白板, flower and dragon-set counts are the winner's (other players'
counts do not score). 硬张 = a terminal (1, 9) or an honour.
"""

from __future__ import annotations

from typing import ClassVar

from scoring import refs
from scoring.declarations import (
    SELF_DRAWN,
    Choice,
    CountDecl,
    DealerRule,
    OptionDecl,
    WinItemDecl,
)
from scoring.errors import RecordError
from scoring.record import HandRecord, Settlement, Win
from scoring.ruleset import Options, Ruleset, Tally, Words

#: count id -> (胡 each or None = from an option, zh, en)
MELD_HU: dict[str, tuple[int | None, str, str]] = {
    "pung_claimed": (2, "碰起", "claimed pung"),
    "pung_claimed_hard": (4, "1、9、硬张碰起", "claimed pung of 1/9/honour"),
    "pung_concealed": (8, "暗克", "concealed pung"),
    "pung_concealed_hard": (16, "硬张暗克", "concealed pung of 1/9/honour"),
    "kong_claimed": (None, "明杠", "claimed kong"),
    "kong_claimed_hard": (None, "硬张明杠", "claimed kong of 1/9/honour"),
    "kong_concealed": (16, "暗杠", "concealed kong"),
    "kong_concealed_hard": (32, "硬张暗杠", "concealed kong of 1/9/honour"),
}

HU_FLAGS: dict[str, tuple[str, str]] = {
    "zhuo_gui": ("捉鬼", "捉鬼 (catching the ghost)"),
    "an_dang": ("按当", "按当 (closed wait)"),
    "zhui_bi": ("追壁", "追壁 (edge wait)"),
}

TAI_FLAGS: dict[str, tuple[int, str, str]] = {
    "seat_wind": (1, "自己风头碰起/杠起", "own seat wind pung/kong"),
    "wu_cai_shen": (1, "无财神", "no wildcard"),
    "zi_mo_cai_shen": (1, "自摸财神", "self-drawn wildcard"),
    "shuang_cai_shen": (1, "双财神", "two wildcards"),
    "hun_yi_se": (2, "混一色", "half flush"),
}

SHAPE_TAI: dict[str, tuple[int, str, str]] = {
    "ping_hu": (1, "平胡", "平胡 (chows hand)"),
    "dui_dui_hu": (2, "对对台", "all pungs"),
}


class Wenling(Ruleset):
    id = "wenling"
    zh = "温岭麻将"
    en = "Wenling"
    unit_zh = "胡"
    unit_en = "胡 points"
    summary_zh = (
        "胡数：碰起2、1/9/硬张碰起4、暗克8、硬张暗克16、暗杠16、硬张暗杠32、白板和花各4、自摸/捉鬼/按当/追壁各2，"
        "加胡底20；乘2的台数次方（白板每张1台、自己风头1台、中/发碰杠1台、对对台2、平胡1、无财神1、自摸财神1、"
        "双财神1、混一色2），清一色直接蜡纸（封顶）。付款人、封顶值为本店默认。"
    )
    summary_en = (
        "胡: claimed pung 2, of 1/9/honour 4, concealed pung 8 (16), concealed kong 16 (32), each "
        "白板 and flower 4, 自摸/捉鬼/按当/追壁 2 each, plus the base 20; times 2^台 (each 白板 1, "
        "own wind 1, red/green set 1, all pungs 2, 平胡 1, no wildcard 1, self-drawn wildcard 1, "
        "two wildcards 1, half flush 2); a flush is the limit. Who pays and the limit are house "
        "values."
    )
    players = (4,)
    multi_win = "same_discard"
    shape_required = False
    dealer_rule = DealerRule(
        zh="庄家胡牌或流局连庄，否则下家坐庄（种子未说明，本店默认，W1）",
        en="The dealer keeps the deal after winning or a draw; otherwise it passes on (not in "
        "the seed; house default, W1)",
    )
    options = (
        OptionDecl(
            "base",
            "底",
            "base",
            "int",
            1,
            min=1,
            max=1000,
            important=True,
            help_zh="每胡的分值。",
            help_en="Points per 胡.",
        ),
        OptionDecl(
            "payer",
            "谁付",
            "who pays",
            "choice",
            "discarder",
            choices=(
                Choice(
                    "discarder",
                    "点炮者一人付，自摸三家付",
                    "the discarder alone; a self-draw: all three",
                ),
                Choice("all", "三家都付", "all three always"),
            ),
            house=True,
            important=True,
            help_zh="种子未说明谁付（W1）；本店默认点炮一人付、自摸三家各付。",
            help_en="Not in the seed (W1); house default: the discarder alone, all three on a self-draw.",
        ),
        OptionDecl(
            "limit",
            "蜡纸（封顶）",
            "limit (蜡纸)",
            "int",
            640,
            min=20,
            max=100000,
            house=True,
            important=True,
            help_zh="“清一色直接蠟紙”（L211）未给数值；本店默认640（20胡×2^5台），清一色得此数，其他牌不超过。",
            help_en="L211 '清一色直接蠟紙' gives no number; house default 640 (20 胡 × 2^5 台): a "
            "flush scores it and no hand scores more.",
        ),
        OptionDecl(
            "round_hu",
            "胡数进到十",
            "round 胡 up to 10",
            "bool",
            False,
            house=True,
            help_zh="种子未说进位（W4）；默认不进位。",
            help_en="Rounding is not in the seed (W4); default: exact.",
        ),
        OptionDecl(
            "kong_claimed_hu",
            "明杠胡数",
            "胡 of a claimed kong",
            "int",
            8,
            min=0,
            max=64,
            house=True,
            help_zh="种子没有明杠的胡数（W3）；本店默认8（同暗克）。",
            help_en="The seed has no value for a claimed kong (W3); house default 8 (as a concealed pung).",
        ),
        OptionDecl(
            "kong_claimed_hard_hu",
            "硬张明杠胡数",
            "胡 of a claimed 1/9/honour kong",
            "int",
            16,
            min=0,
            max=128,
            house=True,
            help_zh="种子没有（W3）；本店默认16。",
            help_en="Not in the seed (W3); house default 16.",
        ),
    )
    shapes = (
        WinItemDecl("ping_hu", "平胡", "平胡", "1台", "1 台"),
        WinItemDecl("dui_dui_hu", "对对胡（对对台）", "all pungs", "2台", "2 台"),
    )
    flags = (
        WinItemDecl("zhuo_gui", "捉鬼", "捉鬼 (catching the ghost)", "2胡", "2 胡"),
        WinItemDecl(
            "an_dang", "按当", "按当 (closed wait)", "2胡", "2 胡", not_with=frozenset({"zhui_bi"})
        ),
        WinItemDecl("zhui_bi", "追壁", "追壁 (edge wait)", "2胡", "2 胡"),
        WinItemDecl(
            "seat_wind",
            "自己风头碰起/杠起",
            "own seat wind pung/kong",
            "1台",
            "1 台",
            not_with=frozenset({"qing_yi_se"}),  # 清一色: one suit, no honour set
        ),
        WinItemDecl("wu_cai_shen", "无财神", "no wildcard", "1台", "1 台"),
        WinItemDecl(
            "zi_mo_cai_shen",
            "自摸财神",
            "self-drawn wildcard",
            "1台",
            "1 台",
            how=frozenset({SELF_DRAWN}),
            not_with=frozenset({"wu_cai_shen"}),
        ),
        WinItemDecl(
            "shuang_cai_shen",
            "双财神",
            "two wildcards",
            "1台",
            "1 台",
            not_with=frozenset({"wu_cai_shen"}),
        ),
        WinItemDecl("hun_yi_se", "混一色", "half flush", "2台", "2 台"),
        WinItemDecl(
            "qing_yi_se",
            "清一色",
            "full flush",
            "蜡纸（封顶）",
            "the limit",
            not_with=frozenset({"hun_yi_se", "seat_wind"}),
        ),
    )
    #: the short words of the 胡 / 台 sums (scoring.refs, kind ``word``); 白板: the English
    #: steps write the Chinese, so only its zh is referenced
    words: ClassVar[Words] = {
        "baiban": ("白板", "", "white dragons"),
        "flowers": ("花", "", "flowers"),
        "self_draw": ("自摸", "", "self-draw"),
        "dragon_sets": ("中发碰杠", "", "red/green sets"),
    }
    counts = (
        *(
            CountDecl(k, f"{zh}（胡者）", f"{en} (winner)", max=4)
            for k, (_, zh, en) in MELD_HU.items()
        ),
        CountDecl("baiban", "白板张数（胡者）", "白板 tiles (winner)", max=4),
        CountDecl("flowers", "花（胡者）", "flowers (winner)", max=8),
        CountDecl(
            "dragon_sets", "红中/发财碰起或杠起（胡者）", "red/green dragon sets (winner)", max=2
        ),
    )

    def check(self, record: HandRecord, opts: Options) -> None:
        for win in record.wins:
            melds = sum(record.count(c, win.winner) for c in MELD_HU)
            if melds > 4:
                raise RecordError("counts", f"{win.winner} cannot have more than 4 pungs and kongs")
            honour_sets = record.count("dragon_sets", win.winner) + win.has("seat_wind")
            if honour_sets > melds:
                raise RecordError(
                    f"counts.dragon_sets.{win.winner}",
                    "each dragon set and the seat-wind set must be one of the pungs or kongs",
                )
            if win.has("qing_yi_se") and record.count("dragon_sets", win.winner):
                raise RecordError(
                    f"counts.dragon_sets.{win.winner}", "清一色 is one suit: no dragon set"
                )

    @classmethod
    def item_name(cls, kind: str, item_id: str) -> tuple[str, str, str] | None:
        """The items as the score's terms name them (scoring.refs): ``meld`` :data:`MELD_HU`,
        ``term`` :data:`HU_FLAGS`, ``tai`` :data:`TAI_FLAGS`, ``label`` :data:`SHAPE_TAI`."""
        if kind == "meld" and item_id in MELD_HU:
            _, zh, en = MELD_HU[item_id]
            return zh, "", en
        if kind == "term" and item_id in HU_FLAGS:
            zh, en = HU_FLAGS[item_id]
            return zh, "", en
        if kind == "tai" and item_id in TAI_FLAGS:
            _, zh, en = TAI_FLAGS[item_id]
            return zh, "", en
        if kind == "label" and item_id in SHAPE_TAI:
            _, zh, en = SHAPE_TAI[item_id]
            return zh, "", en
        return None

    def score(self, record: HandRecord, opts: Options, win: Win) -> tuple[int, str, str, str]:
        """The win's score (before base) and its formula (zh, en, ja)."""
        w = win.winner
        hu = 20
        zh, en = ["底20"], ["base 20"]
        for cid, (v, mzh, men) in MELD_HU.items():
            n = record.count(cid, w)
            if not n:
                continue
            if v is None:
                v = opts.i("kong_claimed_hu" if cid == "kong_claimed" else "kong_claimed_hard_hu")
            hu += n * v
            mzh, men = refs.name("meld", cid, mzh, men)
            zh.append(f"{mzh}{n}×{v}")
            en.append(f"{men} {n}×{v}")
        for cid in ("baiban", "flowers"):
            n = record.count(cid, w)
            if n:
                hu += 4 * n
                czh, cen = self.word(cid)
                if cid == "baiban":  # the English writes 白板
                    cen = "白板"
                zh.append(f"{czh}{n}×4")
                en.append(f"{cen} {n}×4")
        bonuses = [self.word("self_draw")] if win.self_drawn else []
        bonuses += [refs.name("term", f, *HU_FLAGS[f]) for f in HU_FLAGS if win.has(f)]
        for bzh, ben in bonuses:
            hu += 2
            zh.append(f"{bzh}2")
            en.append(f"{ben} 2")
        hu_zh, hu_en = " · ".join(zh) + f" = {hu}胡", " · ".join(en) + f" = {hu} 胡"
        hu_ja = " · ".join(["底20", *en[1:]]) + f" = {hu}胡"  # the en's names, 底20 first
        if opts.b("round_hu") and hu % 10:
            hu = (hu + 9) // 10 * 10
            hu_zh += f"，进到{hu}"
            hu_en += f", rounded up to {hu}"
            hu_ja += f"、{hu}に切り上げ"
        limit = opts.i("limit")
        if win.has("qing_yi_se"):
            qzh, qen = refs.name("flag", "qing_yi_se", "清一色", "full flush")
            return (
                limit,
                f"{qzh}直接蜡纸：{limit}",
                f"{qen} is the limit: {limit}",
                f"{qen}はそのまま上限（蜡纸）：{limit}",
            )
        tai_terms: list[tuple[str, str, int]] = []
        n = record.count("baiban", w)
        if n:
            tai_terms.append((self.word("baiban")[0], "白板", n))  # the English writes 白板
        n = record.count("dragon_sets", w)
        if n:
            tai_terms.append((*self.word("dragon_sets"), n))
        if win.shape in SHAPE_TAI:
            t, szh, sen = SHAPE_TAI[win.shape]
            tai_terms.append((*refs.name("label", win.shape, szh, sen), t))
        for fid, (t, fzh, fen) in TAI_FLAGS.items():
            if win.has(fid):
                tai_terms.append((*refs.name("tai", fid, fzh, fen), t))
        tai = sum(t for _, _, t in tai_terms)
        raw = hu * 2**tai
        tzh = " · ".join(f"{z}{t}" for z, _, t in tai_terms) or "无"
        ten = " · ".join(f"{e} {t}" for _, e, t in tai_terms) or "none"
        # "台 平胡1 · 混一色2 = 3台 → 30×8 = 240": each 台 doubles (issue 25 point 6)
        zh_out = f"{hu_zh}；台 {tzh} = {tai}台 → {hu}×{2**tai} = {raw}"
        en_out = f"{hu_en}; 台 {ten} = {tai} 台 → {hu} × {2**tai} = {raw}"
        tja = " · ".join(f"{e} {t}" for _, e, t in tai_terms) or "なし"
        ja_out = f"{hu_ja}；台 {tja} = {tai}台 → {hu}×{2**tai} = {raw}"
        if raw > limit:
            zh_out += f"，封顶{limit}"
            en_out += f", capped at the limit {limit}"
            ja_out += f"、上限{limit}で頭打ち"
            raw = limit
        return raw, zh_out, en_out, ja_out

    def compute(self, record: HandRecord, opts: Options) -> Settlement:
        t = Tally(record.players)
        base = opts.i("base")
        for win in record.wins:
            w = win.winner
            sc, zh, en, ja = self.score(record, opts, win)
            amount = sc * base
            if base != 1:
                zh += f"；×底{base}={amount}"
                en += f"; × base {base} = {amount}"
                ja += f"；×基本点{base}={amount}"
            t.explain(f"{w}胡：{zh}", f"{w} wins: {en}", f"{w}の和了：{ja}")
            if win.discarder is not None and opts.s("payer") == "discarder":
                t.pay(win.discarder, w, amount, "discarder_share")
                t.explain(
                    f"{win.discarder}一人付{amount}",
                    f"{win.discarder} alone pays {amount}",
                    f"{win.discarder}が一人で{amount}を支払う",
                )
            else:
                for p in record.players:
                    if p != w:
                        t.pay(p, w, amount, "share")
                t.explain(
                    f"三家各付{amount}，共{3 * amount}",
                    f"each of the other three pays {amount}, {3 * amount} in all",
                    f"他の三家が各{amount}を支払う、計{3 * amount}",
                )
        return t.settlement()


RULESETS = [Wenling()]
