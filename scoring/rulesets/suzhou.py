"""苏州麻将 Suzhou (Jiangsu): counting 花, paid 花 × stake per 花.

Spec: ``shared/rules/suzhou.md``; seed ``003_62cb00bcf6a554e2.txt`` lines 1–32.

花 of a win = 底 5 + 硬花 × flower_value + the winner's kongs and wind sets + the items (L12–32).
One share = 花 × stake (L8 "如果按5銀子/花算，那麼每人應該給付40*5=200銀子"). A self-draw: each of the
other three pays a share; a discard: the discarder alone pays one share (L9); 包饺子 (the kong
fed by a discard wins on its replacement): the feeder pays 3 shares, scored as 杠开 (L27);
抢杠: the kong player pays each robber 3 shares, scored as a self-draw (L28).

Record conventions: the meld counts are the winner's (other players' counts do not score);
包饺子 is the flag ``bao_jiao_zi`` on a win whose ``from`` is the player who fed the kong;
逃跑 is the event ``runaway`` (``player`` = who left).
"""

from __future__ import annotations

from typing import ClassVar

from scoring import refs
from scoring.declarations import (
    DISCARD,
    SELF_DRAWN,
    Choice,
    CountDecl,
    DealerRule,
    EventDecl,
    OptionDecl,
    WinItemDecl,
)
from scoring.errors import RecordError
from scoring.record import HandRecord, Settlement, Win
from scoring.ruleset import Options, Ruleset, Tally, Words

#: count id -> (花 each, zh, en)
MELDS: dict[str, tuple[int, str, str]] = {
    "suit_ming_gang": (1, "明杠", "open suit kong"),
    "suit_an_gang": (2, "暗杠", "concealed suit kong"),
    "wind_peng": (1, "字碰", "wind pong"),
    "wind_an_ke": (2, "暗刻（风）", "concealed wind pung"),
    "wind_ming_gang": (3, "字明杠", "open wind kong"),
    "wind_an_gang": (4, "字暗杠", "concealed wind kong"),
}

SHAPE_HUA: dict[str, tuple[int, str, str]] = {
    "ping_hu": (0, "平胡", "basic hand"),
    "dui_dui_hu": (5, "对对胡", "all pungs"),
    "qi_dui_zi": (10, "七对子", "seven pairs"),
}

FLAG_HUA: dict[str, tuple[int, str, str]] = {
    "xiao_men_qing": (5, "小门清", "small concealed"),
    "da_men_qing": (10, "大门清", "big concealed"),
    "hun_yi_se": (5, "混一色", "half flush"),
    "qing_yi_se": (10, "清一色", "full flush"),
    "gang_kai": (5, "杠开/花开", "kong/flower replacement win"),
    "bao_jiao_zi": (5, "包饺子（算杠开）", "dumpling (as a kong replacement win)"),
    "da_diao_che": (5, "大吊车", "single tile left"),
    "tian_hu": (50, "天胡", "heavenly hand"),
    "di_hu": (50, "地胡", "earthly hand"),
    "hai_di_lao_yue": (5, "海底捞月", "last-tile win"),
}

S = frozenset({SELF_DRAWN})
OPEN_MELDS = ("suit_ming_gang", "wind_peng", "wind_ming_gang")


def _flag(
    fid: str,
    how: frozenset[str] = frozenset(),
    *,
    not_with: frozenset[str] = frozenset(),
    winner_dealer: bool | None = None,
) -> WinItemDecl:
    v, zh, en = FLAG_HUA[fid]
    return WinItemDecl(
        fid, zh, en, f"{v}花", f"{v} 花", how=how, not_with=not_with, winner_dealer=winner_dealer
    )


class Suzhou(Ruleset):
    id = "suzhou"
    zh = "苏州麻将"
    en = "Suzhou"
    unit_zh = "花×银子"
    unit_en = "花 × stake"
    summary_zh = (
        "花是累计的：底5、硬花每个1、明杠1、暗杠2、字碰1、风暗刻2、字明杠3、字暗杠4、小门清5、大门清10、"
        "对对胡5、混一色5、七对子10、清一色10、杠开5、大吊车5、天胡/地胡50、海底捞月5。每家付 花×每花银子："
        "自摸三家付，出冲一人付一份；包饺子放杠者付3份；抢杠被抢者付每个抢杠者3份。"
    )
    summary_en = (
        "花 add up: base 5, each hard flower 1, open kong 1, concealed kong 2, wind pong 1, "
        "concealed wind pung 2, open wind kong 3, concealed wind kong 4, small concealed 5, big "
        "concealed 10, all pungs 5, half flush 5, seven pairs 10, flush 10, kong replacement 5, "
        "single tile 5, heavenly/earthly 50, last tile 5. A share is 花 × stake per 花: a "
        "self-draw is paid by all three, a discard by the discarder alone; 包饺子: the kong "
        "feeder pays 3 shares; a robbed kong: the kong player pays each robber 3 shares."
    )
    players = (4,)
    multi_win = "same_discard"
    dealer_rule = DealerRule(
        zh="庄家胡牌或流局连庄，否则下家坐庄（种子未说明，本店默认）",
        en="The dealer keeps the deal after winning or a draw; otherwise it passes on (not in "
        "the seed; house default)",
    )
    options = (
        OptionDecl(
            "base",
            "每花银子",
            "stake per 花",
            "int",
            1,
            min=1,
            max=1000,
            important=True,
            help_zh="每个花付多少银子；种子举例“按5銀子/花”（L8），默认1即按花结算。",
            help_en="Silver per 花; the seed's example uses 5 (L8); default 1 = settle in 花.",
        ),
        OptionDecl(
            "flower_value",
            "每个硬花算几花",
            "花 per hard flower",
            "int",
            1,
            min=1,
            max=2,
            important=True,
            help_zh="条目表“每個1花”（L13）；唯一算例“花5*2”（L7）按每个2花，可选（Z2）。",
            help_en="The list says 1 each (L13); the lone example counts 5 flowers as 5×2 (L7): "
            "set 2 for that reading (Z2).",
        ),
        OptionDecl(
            "rob_min_hua",
            "抢杠最少花数（不含底）",
            "minimum 花 to rob a kong (without the base)",
            "int",
            3,
            min=0,
            max=50,
            help_zh="“小牌遵循3花以上（包括3花）…才能搶杠”（L28）；底5花总是有，本店按不含底的花数计算。",
            help_en="Seed L28: a small hand needs 3 花 to rob; since every win has the base 5, "
            "the count here is without the base (house reading).",
            house=True,
        ),
        OptionDecl(
            "runaway_hua",
            "逃跑扣花",
            "花 charged for leaving",
            "int",
            120,
            min=0,
            max=1000,
            help_zh="“玩家逃跑扣基礎分（銀子）*120個花”（L10）。",
            help_en="Seed L10: a player who leaves is charged 120 花 × stake.",
        ),
        OptionDecl(
            "runaway_split",
            "逃跑的钱给谁",
            "who gets the runaway charge",
            "choice",
            "split",
            choices=(
                Choice(
                    "split",
                    "其他三家平分（须能被3整除）",
                    "shared by the other three (divisible by 3)",
                ),
                Choice("each", "其他三家各得全额", "each of the other three gets it all"),
            ),
            house=True,
            help_zh="种子只说“扣”，未说给谁；本店默认其他三家平分（120花各得40）。",
            help_en="The seed says only 'charged'; house default: shared by the other three "
            "(120 花: 40 each).",
        ),
    )
    shapes = (
        WinItemDecl("ping_hu", "平胡", "basic hand", "0", "0"),
        WinItemDecl("dui_dui_hu", "对对胡", "all pungs", "5花", "5 花"),
        WinItemDecl(
            "qi_dui_zi",
            "七对子",
            "seven pairs",
            "10花",
            "10 花",
            not_with=frozenset({"da_diao_che"}),
        ),
    )
    flags = (
        _flag("xiao_men_qing"),
        _flag("da_men_qing", not_with=frozenset({"xiao_men_qing"})),
        _flag("hun_yi_se"),
        _flag("qing_yi_se", not_with=frozenset({"hun_yi_se"})),
        _flag("gang_kai", S),
        _flag("bao_jiao_zi", frozenset({DISCARD}), not_with=frozenset({"gang_kai"})),
        _flag("da_diao_che"),
        # 天胡 on the dealt 14 (L30), 地胡 on the first draw (L31): never the last tile (L32)
        _flag("tian_hu", S, winner_dealer=True, not_with=frozenset({"hai_di_lao_yue"})),
        _flag("di_hu", S, winner_dealer=False, not_with=frozenset({"hai_di_lao_yue"})),
        _flag("hai_di_lao_yue", S),
    )
    counts = (
        CountDecl("hard_flowers", "硬花（胡者）", "hard flowers (winner)", max=28),
        *(
            CountDecl(k, f"{zh}（胡者）", f"{en} (winner)", max=4)
            for k, (_, zh, en) in MELDS.items()
        ),
    )
    #: the short words of the steps (scoring.refs, kind ``word``)
    words: ClassVar[Words] = {"hard_flowers": ("硬花", "", "hard flowers")}
    events = (
        EventDecl(
            "runaway",
            "逃跑",
            "left mid-hand",
            value_zh="扣120花",
            value_en="charged 120 花",
        ),
    )

    @classmethod
    def item_name(cls, kind: str, item_id: str) -> tuple[str, str, str] | None:
        """The melds as the 花 sum names them (:data:`MELDS`, scoring.refs)."""
        if kind == "meld" and item_id in MELDS:
            _, zh, en = MELDS[item_id]
            return zh, "", en
        return None

    def hua(self, record: HandRecord, opts: Options, win: Win) -> tuple[int, list[str], list[str]]:
        """The win's 花 and its terms (zh, en)."""
        w = win.winner
        fv = opts.i("flower_value")
        zh, en = ["底5"], ["base 5"]
        total = 5
        n = record.count("hard_flowers", w)
        if n:
            total += n * fv
            hz, he = self.word("hard_flowers")
            zh.append(f"{hz}{n}×{fv}" if fv != 1 else f"{hz}{n}")
            en.append(f"{he} {n}×{fv}" if fv != 1 else f"{he} {n}")
        for cid, (v, mzh, men) in MELDS.items():
            k = record.count(cid, w)
            if k:
                mzh, men = refs.name("meld", cid, mzh, men)
                total += k * v
                zh.append(f"{mzh}{k}×{v}")
                en.append(f"{men} {k}×{v}")
        sv, szh, sen = SHAPE_HUA[win.shape or "ping_hu"]
        if sv:
            szh, sen = refs.name("shape", win.shape or "ping_hu", szh, sen)
            total += sv
            zh.append(f"{szh}{sv}")
            en.append(f"{sen} {sv}")
        for fid in win.flags:
            v, fzh, fen = FLAG_HUA[fid]
            fzh, fen = refs.name("flag", fid, fzh, fen)
            total += v
            zh.append(f"{fzh}{v}")
            en.append(f"{fen} {v}")
        return total, zh, en

    def check(self, record: HandRecord, opts: Options) -> None:
        # every count is the winner's (花 count only for the winner, L13–19): refuse one for a
        # loser rather than ignore it, as Sichuan refuses 根 for a loser (issue 12)
        winners = {w.winner for w in record.wins}
        for cid, per in record.counts.items():
            if per.keys() <= winners:
                continue
            for p, n in per.items():
                if n and p not in winners:
                    raise RecordError(
                        f"counts.{cid}.{p}", f"counted for the winner only; {p} did not win"
                    )
        for i, win in enumerate(record.wins):
            w = win.winner
            melds = sum(record.count(c, w) for c in MELDS)
            if melds > 4:
                raise RecordError("counts", f"{w} cannot have more than 4 kongs and wind sets")
            opened = any(record.count(c, w) for c in OPEN_MELDS)
            if opened and (win.has("xiao_men_qing") or win.has("da_men_qing")):
                raise RecordError(f"wins[{i}].flags", "门清 means no chow, pong or open kong (L20)")
            if win.has("da_men_qing") and (
                record.count("hard_flowers", w)
                or record.count("wind_an_ke", w)
                or record.count("wind_an_gang", w)
            ):
                raise RecordError(
                    f"wins[{i}].flags", "大门清 means no wind set and no hard flower (L21)"
                )
            winds = sum(record.count(c, w) for c in MELDS if c.startswith("wind_"))
            if win.has("qing_yi_se") and winds:
                raise RecordError(
                    f"wins[{i}].flags", "清一色 is one suit only (L25 一色牌): no wind sets"
                )
            if win.has("bao_jiao_zi") and not (
                record.count("suit_ming_gang", w) or record.count("wind_ming_gang", w)
            ):
                raise RecordError(
                    f"wins[{i}].flags",
                    "包饺子 is a win on the replacement of a kong fed by a discard (L27): the "
                    "winner has an open kong",
                )
            if win.shape == "qi_dui_zi" and melds:
                raise RecordError(f"wins[{i}].shape", "seven pairs has no kong or pung")
            if win.robbed_kong:
                total, _, _ = self.hua(record, opts, win)
                if total - 5 < opts.i("rob_min_hua"):
                    raise RecordError(
                        f"wins[{i}]",
                        f"robbing a kong needs at least {opts.i('rob_min_hua')} 花 besides the base (L28)",
                    )
        if opts.s("runaway_split") == "split" and opts.i("runaway_hua") % 3:
            raise RecordError("options.runaway_hua", "must be divisible by 3 to be shared by three")

    def compute(self, record: HandRecord, opts: Options) -> Settlement:
        t = Tally(record.players)
        stake = opts.i("base")
        for win in record.wins:
            w = win.winner
            total, zh, en = self.hua(record, opts, win)
            share = total * stake
            szh = (
                " · ".join(zh)
                + f" = {total}花"
                + (f"，×{stake}银子 = {share}" if stake != 1 else "")
            )
            sen = (
                " · ".join(en)
                + f" = {total} 花"
                + (f", × stake {stake} = {share}" if stake != 1 else "")
            )
            # the ja terms: the en's names (the first term is the base 5 花, 底5)
            sja = (
                " · ".join(["底5", *en[1:]])
                + f" = {total}花"
                + (f"、×{stake}銀子 = {share}" if stake != 1 else "")
            )
            d = win.discarder
            if d is None:
                for p in record.players:
                    if p != w:
                        t.pay(p, w, share, "self_drawn_share")
                t.explain(
                    f"{w}自摸：{szh}；三家各付{share}，共{3 * share}",
                    f"{w} self-draws: {sen}; each of the other three pays {share}, {3 * share} in all",
                    f"{w}のツモ：{sja}；他の三家が各{share}を支払う、計{3 * share}",
                )
            elif win.robbed_kong:
                t.pay(d, w, 3 * share, "robbed_kong")
                t.explain(
                    f"{w}抢{d}的杠（当自摸）：{szh}；{d}一人付3份 3×{share}={3 * share}",
                    f"{w} robs {d}'s kong (as a self-draw): {sen}; {d} alone pays 3 shares "
                    f"3 × {share} = {3 * share}",
                    f"{w}が{d}のカンを搶槓（ツモ扱い）：{sja}；{d}が一人で3口 3×{share}={3 * share}",
                )
            elif win.has("bao_jiao_zi"):
                t.pay(d, w, 3 * share, "bao_jiao_zi")
                t.explain(
                    f"{w}包饺子（杠{d}的牌后杠开）：{szh}；{d}一人付3份 3×{share}={3 * share}",
                    f"{w} wins on the replacement of the kong fed by {d} (包饺子): {sen}; {d} alone "
                    f"pays 3 shares 3 × {share} = {3 * share}",
                    f"{w}の包饺子（{d}が鳴かせた明槓の嶺上開花）：{sja}；{d}が一人で3口 "
                    f"3×{share}={3 * share}",
                )
            else:
                t.pay(d, w, share, "discarder_share")
                t.explain(
                    f"{w}胡{d}出冲：{szh}；{d}一人付{share}",
                    f"{w} wins on {d}'s discard: {sen}; {d} alone pays {share}",
                    f"{w}が{d}から和了（ロン）：{sja}；{d}が一人で{share}を支払う",
                )
        for e in record.events:
            if e.type != "runaway":
                continue
            charge = opts.i("runaway_hua") * stake
            others = [p for p in record.players if p != e.player]
            each = charge // 3 if opts.s("runaway_split") == "split" else charge
            for p in others:
                t.pay(e.player, p, each, "runaway")
            rz = refs.name("event", "runaway", "逃跑", "")[0]  # the English: "{p} left"
            t.explain(
                f"{e.player}{rz}：扣{opts.i('runaway_hua')}花×{stake}={charge}，其他三家各得{each}",
                f"{e.player} left: charged {opts.i('runaway_hua')} 花 × {stake} = {charge}; each of "
                f"the other three gets {each}",
                f"{e.player}の途中離脱（逃跑）：{opts.i('runaway_hua')}花×{stake}={charge}を科す、"
                f"他の三家が各{each}を得る",
            )
        return t.settlement()


RULESETS = [Suzhou()]
