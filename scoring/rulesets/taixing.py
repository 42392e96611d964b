"""泰兴麻将 Taixing (Jiangsu): hard and soft 花, 2/3-flower thresholds, 满贯 rewards, 包三摊.

Spec: ``shared/rules/taixing.md``; seed ``000_718ed955d95fa411.txt`` lines 27–39.

The seed gives no money at all (T1): a share is 花 × the stake per 花 (house option ``base``,
default 1), paid by each of the other three on a self-draw and by the discarder alone on a
discard; a reward hand (清一色, 大吊车, 七对/混七对, 混一色碰碰胡) is 满贯 + 10 花 (L37), 满贯 a house
option (default 20 花) that also caps ordinary hands. Eligibility (L28, L35): 3 花 to win on a
discard, 2 花 only by self-draw, all 8 hard flowers win whatever the shape; "有字无花的混一色不可以胡".
Every hand must be void in one suit (缺门, L28); the bot cannot see the tiles, the players check it.

Record conventions: the flower and meld counts are the winner's. 包三摊: event ``bao_san_tan``
with ``player`` = A (who ponged/konged three sets from B) and ``from`` = B (L38–39).
"""

from __future__ import annotations

from typing import ClassVar

from scoring import refs
from scoring.declarations import (
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

#: soft flowers per meld (L36 "明杠万、条、筒算一个花, 暗杠算两个花；三个相同的字算一个花, 明杠算两个花, 暗杠算三个花")
SOFT: dict[str, tuple[int, str, str]] = {
    "suit_ming_gang": (1, "明杠（万条筒）", "open suit kong"),
    "suit_an_gang": (2, "暗杠（万条筒）", "concealed suit kong"),
    "wind_peng": (1, "字碰（三个相同的字）", "honour pung"),
    "wind_ming_gang": (2, "字明杠", "open honour kong"),
    "wind_an_gang": (3, "字暗杠", "concealed honour kong"),
}


class Taixing(Ruleset):
    id = "taixing"
    zh = "泰兴麻将"
    en = "Taixing"
    unit_zh = "花"
    unit_en = "花"
    summary_zh = (
        "必须缺门，可碰可杠不可吃。硬花（春夏秋冬梅兰竹菊）每张1花；软花：明杠1、暗杠2、字碰1、字明杠2、字暗杠3。"
        "两花只能自摸，三花起胡，八只硬花不管牌型直接胡；有字无花的混一色不可以胡。清一色、大吊车、七对、混七对、"
        "混一色碰碰胡为满贯加10花。包三摊：陪冲、点冲两份、互包加倍。每花银子和满贯花数为本店默认。"
    )
    summary_en = (
        "Void one suit; pong and kong, no chow. Hard flowers 1 each; soft flowers: open kong 1, "
        "concealed kong 2, honour pung 1, open honour kong 2, concealed honour kong 3. Two 花: "
        "self-draw only; three to win on a discard; all eight hard flowers win whatever the "
        "shape; no half flush with honours but no flower. Flush, single tile, seven pairs and "
        "half-flush all pungs are the limit + 10. 包三摊 liability. The stake per 花 and the "
        "limit are house values."
    )
    players = (4,)
    multi_win = "same_discard"
    dealer_rule = DealerRule(
        dealer_wins="stay",
        other_wins="next",
        draw="stay",
        zh="庄家胡牌连庄，庄家没胡则轮庄，一炮多响后庄家的下家做庄（L30–31）；流局连庄（本店默认）",
        en="The dealer keeps the deal after winning, otherwise it passes on; after several "
        "winners on one discard the dealer's next seat deals (L30–31); a draw keeps the dealer "
        "(house default)",
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
            house=True,
            important=True,
            help_zh="种子没有给每花多少钱（T1）；本店默认1，即按花结算。",
            help_en="The seed gives no money per 花 (T1); house default 1, i.e. settle in 花.",
        ),
        OptionDecl(
            "manguan",
            "满贯花数",
            "limit (满贯) in 花",
            "int",
            20,
            min=1,
            max=1000,
            house=True,
            important=True,
            help_zh="种子没有说满贯是多少（T2）；本店默认20花，奖励牌为满贯+10花，普通牌不超过满贯。",
            help_en="The seed never says what 满贯 is (T2); house default 20 花: reward hands are "
            "the limit + 10, ordinary hands are capped at the limit.",
        ),
        OptionDecl(
            "threshold_flowers",
            "起胡花数算法",
            "flowers counted for the thresholds",
            "choice",
            "all",
            choices=(
                Choice("all", "硬花+软花", "hard + soft"),
                Choice("hard", "只算硬花", "hard flowers only"),
            ),
            house=True,
            help_zh="L28“两花（硬）自摸, 三花起胡”写了“（硬）”，L35“两个花…三个花（含）以上”没写；"
            "两处不一致，本店默认硬花软花都算，可改为只算硬花。",
            help_en="L28 '两花（硬）自摸, 三花起胡' says hard (硬) flowers, L35 '两个花…三个花（含）以上' "
            "does not; house default: hard and soft both count; 'hard' follows L28.",
        ),
        OptionDecl(
            "reward_exempt",
            "奖励牌不受花数限制",
            "reward hands ignore the thresholds",
            "bool",
            False,
            house=True,
            help_zh="“两个花无翻牌须自摸胡牌”（L35）暗示有奖励牌时可以不受限制，未明说（T4）；默认仍受限制。",
            help_en="L35 hints that a reward hand is exempt from the thresholds, without saying "
            "so (T4); default: not exempt.",
        ),
        OptionDecl(
            "bao_self_draw",
            "包三摊自摸",
            "包三摊 on a self-draw",
            "choice",
            "liable_all",
            choices=(
                Choice("liable_all", "被包者一人付三份", "the liable player pays all three shares"),
                Choice("normal", "照常三家付", "all three pay as usual"),
            ),
            house=True,
            help_zh="种子只讲陪冲、点冲、互包，没讲自摸（L38–39）；本店默认被包者一人付三份。",
            help_en="The seed covers only discards (L38–39); house default: on a self-draw the "
            "liable player pays all three shares.",
        ),
    )
    shapes = (
        WinItemDecl("standard", "顺子牌", "standard (with chows)", "花数", "花 count"),
        WinItemDecl("peng_peng", "碰碰胡", "all pungs", "花数", "花 count"),
        WinItemDecl("qi_dui", "七对（含混七对）", "seven pairs", "满贯+10", "limit + 10"),
        WinItemDecl("ba_hua", "八只硬花", "all eight hard flowers", "花数", "花 count"),
    )
    flags = (
        WinItemDecl("qing_yi_se", "清一色", "full flush", "满贯+10", "limit + 10"),
        WinItemDecl(
            "hun_yi_se",
            "混一色",
            "half flush",
            "碰碰胡时满贯+10",
            "limit + 10 with all pungs",
            not_with=frozenset({"qing_yi_se"}),
        ),
        WinItemDecl("da_diao_che", "大吊车", "single tile left", "满贯+10", "limit + 10"),
    )
    counts = (
        CountDecl("hard_flowers", "硬花（胡者）", "hard flowers (winner)", max=8),
        *(
            CountDecl(k, f"{zh}（胡者）", f"{en} (winner)", max=4)
            for k, (_, zh, en) in SOFT.items()
        ),
    )
    #: the short words of the steps (scoring.refs, kind ``word``): 硬花, and the reward hands
    #: of L37 "清一色、大吊车、七对、混七对、混一色碰碰胡为满贯加10花" (the English step writes
    #: their Chinese names, unchanged; the English names here are for a future step)
    words: ClassVar[Words] = {
        "hard_flowers": ("硬花", "", "hard flowers"),
        "qing_yi_se": ("清一色", "", "full flush"),
        "da_diao_che": ("大吊车", "", "single tile left"),
        "qi_dui": ("七对", "", "seven pairs"),
        "hun_qi_dui": ("混七对", "", "half-flush seven pairs"),
        "hun_peng_peng": ("混一色碰碰胡", "", "half-flush all pungs"),
    }
    events = (
        EventDecl(
            "bao_san_tan",
            "包三摊",
            "包三摊 (three sets from one player)",
            source="required",
            source_zh="被碰三摊的人",
            source_en="the player the three sets came from",
            value_zh="陪冲：同付一份；点冲：付两份；互包：加倍",
            value_en="another deals in: pays a share too; deals in: two shares; mutual: doubled",
            results=frozenset({"win"}),
        ),
    )

    @classmethod
    def item_name(cls, kind: str, item_id: str) -> tuple[str, str, str] | None:
        """The soft-flower melds as the sum names them (:data:`SOFT`, scoring.refs)."""
        if kind == "meld" and item_id in SOFT:
            _, zh, en = SOFT[item_id]
            return zh, "", en
        return None

    # ------------------------------------------------------------------ helpers
    def flowers(self, record: HandRecord, w: str) -> tuple[int, int, list[str], list[str]]:
        """(hard, soft, terms zh, terms en) of the winner."""
        hard = record.count("hard_flowers", w)
        zh: list[str] = []
        en: list[str] = []
        if hard:
            hz, he = self.word("hard_flowers")
            zh.append(f"{hz}{hard}")
            en.append(f"{he} {hard}")
        soft = 0
        for cid, (v, mzh, men) in SOFT.items():
            n = record.count(cid, w)
            if n:
                mzh, men = refs.name("meld", cid, mzh, men)
                soft += n * v
                zh.append(f"{mzh}{n}×{v}")
                en.append(f"{men} {n}×{v}")
        return hard, soft, zh, en

    @staticmethod
    def reward(win: Win) -> str | None:
        """The reward hand (L37) a win is, by its id in :attr:`words`, or None."""
        if win.has("qing_yi_se"):
            return "qing_yi_se"
        if win.has("da_diao_che"):
            return "da_diao_che"
        if win.shape == "qi_dui":
            return "hun_qi_dui" if win.has("hun_yi_se") else "qi_dui"
        if win.shape == "peng_peng" and win.has("hun_yi_se"):
            return "hun_peng_peng"
        return None

    def check(self, record: HandRecord, opts: Options) -> None:
        claimed = {e.player: str(e.source) for e in record.events if e.type == "bao_san_tan"}
        for i, win in enumerate(record.wins):
            w = win.winner
            hard, soft, _, _ = self.flowers(record, w)
            if sum(record.count(c, w) for c in SOFT) > 4:
                raise RecordError("counts", f"{w} cannot have more than 4 kongs and pungs")
            if win.shape == "qi_dui" and any(record.count(c, w) for c in SOFT):
                raise RecordError(f"wins[{i}].shape", "seven pairs have no pung or kong")
            if w in claimed and (
                win.shape == "qi_dui"
                or record.count("suit_an_gang", w) + record.count("wind_an_gang", w) > 1
            ):
                raise RecordError(
                    f"wins[{i}]",
                    f"{w} took three sets from {claimed[w]} (包三摊, L38), so at most one of his "
                    "four sets is concealed and the hand is not seven pairs",
                )
            if win.shape == "ba_hua":
                if hard != 8:
                    raise RecordError(f"wins[{i}].shape", "needs all eight hard flowers (L28)")
                continue
            if win.has("hun_yi_se") and hard == 0:
                raise RecordError(
                    f"wins[{i}].flags", "a half flush with honours but no flower cannot win (L35)"
                )
            if self.reward(win) and opts.b("reward_exempt"):
                continue
            n = hard + soft if opts.s("threshold_flowers") == "all" else hard
            if n < 2:
                raise RecordError(f"wins[{i}]", f"{w} has {n} 花; three are needed to win (L28)")
            if n == 2 and win.discarder is not None:
                raise RecordError(
                    f"wins[{i}].from", f"{w} has only 2 花 and may win only by self-draw (L35)"
                )
        claimers: set[str] = set()
        for i, e in enumerate(record.events):
            if e.type == "bao_san_tan":
                if e.player in claimers:
                    raise RecordError(f"events[{i}]", "one 包三摊 per claimer")
                claimers.add(e.player)

    def next_dealer(self, record: HandRecord) -> str:
        if record.result == "win" and len(record.wins) > 1:
            players = record.players
            return players[(players.index(record.dealer) + 1) % len(players)]
        return super().next_dealer(record)

    # ------------------------------------------------------------------ scoring
    def compute(self, record: HandRecord, opts: Options) -> Settlement:
        t = Tally(record.players)
        stake = opts.i("base")
        manguan = opts.i("manguan")
        bao = {e.player: e.source for e in record.events if e.type == "bao_san_tan"}
        for win in record.wins:
            w = win.winner
            hard, soft, fzh, fen = self.flowers(record, w)
            raw = hard + soft
            rw = self.reward(win)
            fl_zh = (" · ".join(fzh) or "0") + f" = {raw}花"
            fl_en = (" · ".join(fen) or "0") + f" = {raw} 花"
            fl_ja = (" · ".join(fen) or "0") + f" = {raw}花"
            if rw:
                value = manguan + 10
                rz = self.word(rw)[0]  # the English names the hand in Chinese, as always
                vzh = f"{rz}：满贯{manguan}+10={value}花（花数{raw}不另计）"
                ven = f"{self.words[rw][0]} reward hand: limit {manguan} + 10 = {value} 花 (the {raw} 花 do not add)"
                vja = f"{self.words[rw][0]}（奨励役）：満貫{manguan}+10={value}花（花数{raw}は加算しない）"
            elif raw > manguan:
                value = manguan
                vzh, ven = f"{fl_zh}，满贯{manguan}", f"{fl_en}, capped at the limit {manguan}"
                vja = f"{fl_ja}、満貫{manguan}で頭打ち"
            else:
                value, vzh, ven, vja = raw, fl_zh, fl_en, fl_ja
            share = value * stake
            if stake != 1:
                vzh += f"；×{stake}={share}"
                ven += f"; × stake {stake} = {share}"
                vja += f"；×{stake}={share}"
            t.explain(f"{w}胡：{vzh}", f"{w} wins: {ven}", f"{w}の和了：{vja}")
            liable = bao.get(w)
            mutual = liable is not None and bao.get(liable) == w
            k = 2 if mutual else 1
            if mutual:
                t.explain(
                    f"互包：{w}与{liable}互相碰三摊，包牌者付2倍",
                    f"mutual 包: {w} and {liable} each took three sets from the other; the liable "
                    f"player pays double",
                    f"互包：{w}と{liable}が互いに三摊を鳴き合った、包の者は倍額を支払う",
                )
            d = win.discarder
            if d is None:
                if liable is not None and opts.s("bao_self_draw") == "liable_all":
                    t.pay(liable, w, 3 * k * share, "bao_san_tan")
                    bz = refs.name("event", "bao_san_tan", "包三摊", "")[0]  # en: the Chinese
                    t.explain(
                        f"{bz}自摸：{liable}一人付三份 {3 * k}×{share}={3 * k * share}",
                        f"包三摊 self-draw: {liable} alone pays {3 * k} × {share} = {3 * k * share}",
                        f"包三摊のツモ：{liable}が一人で {3 * k}×{share}={3 * k * share} を支払う",
                    )
                    continue
                for p in record.players:
                    if p != w:
                        t.pay(p, w, share, "self_drawn_share")
                t.explain(
                    f"自摸：三家各付{share}，共{3 * share}",
                    f"self-drawn: each of the other three pays {share}, {3 * share} in all",
                    f"ツモ：他の三家が各{share}を支払う、計{3 * share}",
                )
            elif liable == d:
                t.pay(d, w, 2 * k * share, "bao_san_tan")
                t.explain(
                    f"点冲：{w}碰{d}三摊后{d}出冲，付{2 * k}份 {2 * k}×{share}={2 * k * share}",
                    f"点冲: {w} took three sets from {d}, who dealt in: {2 * k} × {share} = "
                    f"{2 * k * share}",
                    f"点冲：{w}が{d}から三摊を鳴き、{d}が放銃：{2 * k}×{share}={2 * k * share}",
                )
            else:
                t.pay(d, w, share, "discarder_share")
                t.explain(
                    f"{d}出冲，付{share}",
                    f"{d} dealt in and pays {share}",
                    f"{d}の放銃、{share}を支払う",
                )
                if liable is not None:
                    t.pay(liable, w, k * share, "bao_san_tan")
                    t.explain(
                        f"陪冲：{w}碰{liable}三摊，{liable}也付 {k}×{share}={k * share}",
                        f"陪冲: {w} took three sets from {liable}, who pays too: {k} × {share} = "
                        f"{k * share}",
                        f"陪冲：{w}が{liable}から三摊を鳴いた、{liable}も支払う {k}×{share}={k * share}",
                    )
        return t.settlement()


RULESETS = [Taixing()]
