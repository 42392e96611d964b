"""萧山麻将 Xiaoshan / 浙江财神麻将 Zhejiang 财神 (wildcard): 大小 multipliers × dealer streak.

Spec: ``shared/rules/zhejiang-caishen-xiaoshan.md``; seed ``003_62cb00bcf6a554e2.txt`` L199 (⑺ 萧山)
and L122–130 (⑸ 浙江 list).

大小 = the product of the win's multipliers (L199 "胡牌大小自摸 *1 ，爆頭 *2 ，明杠開 *2 ，暗杠開 *4 ，
財飄 *4 ，碰碰胡 *2 ，全倒 *2 ，七對子（有財神） *4 ，清七對（沒財神） *8 ，清一色 *8 ，字一色 *16 ，
天胡 *16 ，地胡 *16"), × 2 per set of four inside seven pairs. Per payer:
``base × (大小 × dealer + kongs of the winner × kong_reward)`` where dealer = 2 / 4 / 8 by the
dealer's streak (L199 "庄 *2 ，二連庄 *4 ，三連庄 *8"), applied when the dealer wins or pays (XZ2);
the kong reward stays outside the product (XZ3).

Record conventions:

* 财飘 (``cai_piao``) includes its 爆头: do not flag ``bao_tou`` too. Reading ``xiaoshan``
  (default): 爆头 ×2 × 财飘 ×4 = ×8 (L199 "杠財財飄，大小是 2*2*4=16"); reading ``zhejiang``:
  财飘 2番 = ×4 in all (L127 "財飄…算二番", L130 "杠財飄…算三番").
* 连庄: the count ``lian_zhuang`` on the dealer = how many hands in a row the dealer has already
  kept the deal (0 = first hand as dealer ×2, 1 = 二连庄 ×4, 2 or more = 三连庄 ×8). A drawn hand
  also extends the streak (L199 "如果抓完牌，大家沒胡，莊家繼續做莊，連庄 +1"). The bot can prefill it.
* 承包: event ``cheng_bao`` with ``player`` = the claimer and ``from`` = the player he ate/ponged
  three sets from (L199 "吃碰 3 攤").
* Preset ``zhejiang_fan`` = the general Zhejiang 财神 list (⑸): 财飘 reading ``zhejiang``, 暗杠开
  ×2 like any 杠开, 大吊 ×2 and 抢杠 ×2 (each 1番).
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
    PresetDecl,
    WinItemDecl,
)
from scoring.errors import RecordError
from scoring.record import HandRecord, Settlement, Win
from scoring.ruleset import Options, Ruleset, Tally, Words

SHAPE_MULT: dict[str, tuple[int, str, str]] = {
    "ping_hu": (1, "平胡", "basic hand"),
    "peng_peng_hu": (2, "碰碰胡", "all pungs"),
    "qi_dui_cai": (4, "七对子（有财神）", "seven pairs with a wildcard"),
    "qing_qi_dui": (8, "清七对（没财神）", "seven pairs without wildcard"),
}
QIDUI = frozenset({"qi_dui_cai", "qing_qi_dui"})

FLAG_MULT: dict[str, tuple[int, str, str]] = {
    "bao_tou": (2, "爆头", "wildcard single wait"),
    "cai_piao": (4, "财飘", "floating wealth"),
    "ming_gang_kai": (2, "明杠开", "open-kong replacement win"),
    "an_gang_kai": (4, "暗杠开", "concealed-kong replacement win"),
    "quan_dao": (2, "全倒", "全倒"),
    "qing_yi_se": (8, "清一色", "full flush"),
    "zi_yi_se": (16, "字一色", "all honours"),
    "tian_hu": (16, "天胡", "heavenly hand"),
    "di_hu": (16, "地胡", "earthly hand"),
    "da_diao": (2, "大吊", "single tile left"),
}

S = frozenset({SELF_DRAWN})
#: not by robbing a kong: "搶杠時不允許用一個「百搭」和被搶牌形成一對「將」，單吊搶杠被禁止" (L125)
NOT_ROBBED = frozenset({SELF_DRAWN, DISCARD})
GANG_KAI = frozenset({"ming_gang_kai", "an_gang_kai"})


def _flag(
    fid: str,
    vzh: str,
    ven: str,
    *,
    how: frozenset[str] = frozenset(),
    not_with: frozenset[str] = frozenset(),
    winner_dealer: bool | None = None,
    enabled_by: str | None = None,
) -> WinItemDecl:
    _, zh, en = FLAG_MULT[fid]
    return WinItemDecl(
        fid,
        zh,
        en,
        vzh,
        ven,
        how=how,
        not_with=not_with,
        winner_dealer=winner_dealer,
        enabled_by=enabled_by,
    )


class Xiaoshan(Ruleset):
    id = "xiaoshan"
    zh = "萧山麻将（浙江财神）"
    en = "Xiaoshan (Zhejiang wildcard)"
    unit_zh = "分"
    unit_en = "points"
    summary_zh = (
        "大小相乘：爆头×2、明杠开×2、暗杠开×4、财飘×4（另含爆头×2）、碰碰胡×2、全倒×2、七对子（有财神）×4、"
        "清七对×8、七对中每组4张×2、清一色×8、字一色×16、天胡/地胡×16。庄×2、二连庄×4、三连庄及以上×8。"
        "每家付 底×(大小×庄倍+胡者杠数×1)。自摸三家付；抢杠被抢者一人付三家的份；承包：吃碰三摊者胡由被吃碰者"
        "全包，被吃碰者胡由吃碰者全包并加倍。"
    )
    summary_en = (
        "Multipliers multiply: 爆头 ×2, open-kong replacement ×2, concealed-kong replacement ×4, "
        "财飘 ×4 (plus its 爆头 ×2), all pungs ×2, 全倒 ×2, seven pairs with a wildcard ×4, "
        "without ×8, each set of four in seven pairs ×2, flush ×8, all honours ×16, heavenly/"
        "earthly ×16. Dealer ×2, 2nd consecutive deal ×4, 3rd and later ×8. Each payer pays base × "
        "(size × dealer factor + winner's kongs × 1). Self-draw: all three pay; a robbed kong: "
        "the kong player pays all three shares; 承包 after three claimed sets: the player claimed "
        "from pays everything when the claimer wins, the claimer pays everything ×2 when the "
        "other wins."
    )
    players = (4,)
    dealer_rule = DealerRule(
        zh="庄家胡牌或流局连庄（连庄+1），否则下家坐庄",
        en="The dealer keeps the deal after winning or a draw (streak +1); otherwise it passes on",
    )
    options = (
        OptionDecl(
            "base",
            "底分",
            "base",
            "int",
            1,
            min=1,
            max=1000,
            important=True,
            help_zh="每个大小的分值。",
            help_en="Points per unit of size.",
        ),
        OptionDecl(
            "cai_piao_reading",
            "财飘算法",
            "财飘 reading",
            "choice",
            "xiaoshan",
            choices=(
                Choice(
                    "xiaoshan",
                    "萧山：爆头×2再×财飘4（杠财飘=16）",
                    "Xiaoshan: 爆头 ×2 then ×4 (杠财飘 = 16)",
                ),
                Choice(
                    "zhejiang",
                    "浙江：财飘2番=×4含爆头（杠财飘3番=8）",
                    "Zhejiang: 财飘 2番 = ×4 incl. 爆头 (杠财飘 = 8)",
                ),
            ),
            important=True,
            help_zh="萧山“杠財財飄，大小是 2*2*4=16”（L199）与浙江“杠財飄…算三番”（L130）矛盾，默认萧山（XZ1）。",
            help_en="Xiaoshan (L199: 2*2*4 = 16) and the Zhejiang list (L130: 3番) disagree; "
            "default Xiaoshan (XZ1).",
        ),
        OptionDecl(
            "an_gang_kai_x4",
            "暗杠开×4",
            "concealed-kong replacement ×4",
            "bool",
            True,
            help_zh="萧山“暗杠開 *4”；浙江列表杠开一律1番（×2）。",
            help_en="Xiaoshan: ×4; the Zhejiang list: any kong replacement 1番 (×2).",
        ),
        OptionDecl(
            "da_diao",
            "大吊×2",
            "single tile ×2",
            "bool",
            False,
            help_zh="浙江列表“大吊…算一番”（L124）；萧山列表没有。",
            help_en="Zhejiang list: 大吊 1番 (L124); not in the Xiaoshan list.",
        ),
        OptionDecl(
            "qiang_gang_x2",
            "抢杠×2",
            "robbed kong ×2",
            "bool",
            False,
            help_zh="浙江列表抢杠“算一番”（L125）；萧山列表没有。",
            help_en="Zhejiang list: robbing a kong 1番 (L125); not in the Xiaoshan list.",
        ),
        OptionDecl(
            "discard_wins",
            "可以点炮胡",
            "wins on a discard",
            "bool",
            False,
            house=True,
            help_zh="种子只讲自摸与抢杠（XZ4）；本店默认不能点炮胡，打开则放炮者付一份。",
            help_en="The seeds mention only self-draws and robbed kongs (XZ4); house default: no "
            "wins on a discard; on: the discarder pays one share.",
        ),
        OptionDecl(
            "kong_reward",
            "每杠奖励",
            "reward per kong",
            "int",
            1,
            min=0,
            max=100,
            help_zh="“胡牌者有杠，每一杠獎勵1”（L199）：每家另付，不乘大小和庄倍（XZ3）。",
            help_en="L199: each kong of the winner earns 1 from each payer, outside the size and "
            "the dealer factor (XZ3).",
        ),
        OptionDecl(
            "cheng_bao_robbed_kong",
            "承包者抢第三家的杠",
            "承包 and a robbed kong of a third player",
            "choice",
            "cheng_bao",
            choices=(
                Choice(
                    "cheng_bao", "承包优先：承包者全包", "承包 first: the liable player pays all"
                ),
                Choice(
                    "robbed_kong",
                    "抢杠优先：被抢杠者一人付三份",
                    "robbed kong first: the robbed player pays the three shares",
                ),
            ),
            house=True,
            help_zh="有承包关系的胡牌者抢了第三家的杠，由谁付？种子未说明；本店默认承包优先（L199 “都要算”）。",
            help_en="A winner with a 承包 relation robs a third player's kong: who pays? The seeds "
            "are silent; house default: 承包 first (L199 '都要算').",
        ),
    )
    presets = (
        PresetDecl("xiaoshan", "萧山", "Xiaoshan"),
        PresetDecl(
            "zhejiang_fan",
            "浙江财神（番）",
            "Zhejiang wildcard (fan list)",
            {
                "cai_piao_reading": "zhejiang",
                "an_gang_kai_x4": False,
                "da_diao": True,
                "qiang_gang_x2": True,
            },
        ),
    )
    default_preset = "xiaoshan"
    shapes = (
        WinItemDecl("ping_hu", "平胡", "basic hand", "×1", "×1"),
        WinItemDecl("peng_peng_hu", "碰碰胡", "all pungs", "×2", "×2"),
        WinItemDecl(
            "qi_dui_cai",
            "七对子（有财神）",
            "seven pairs with a wildcard",
            "×4",
            "×4",
            not_with=GANG_KAI,
        ),
        WinItemDecl(
            "qing_qi_dui",
            "清七对（没财神）",
            "seven pairs without wildcard",
            "×8",
            "×8",
            not_with=GANG_KAI,
        ),
    )
    flags = (
        _flag("bao_tou", "×2", "×2", how=NOT_ROBBED),
        _flag(
            "cai_piao",
            "×4（含爆头）",
            "×4 (with its 爆头)",
            how=NOT_ROBBED,
            not_with=frozenset({"bao_tou"}),
        ),
        _flag("ming_gang_kai", "×2", "×2", how=S),
        _flag("an_gang_kai", "×4", "×4", how=S, not_with=frozenset({"ming_gang_kai"})),
        _flag("quan_dao", "×2", "×2"),
        _flag("qing_yi_se", "×8", "×8"),
        _flag("zi_yi_se", "×16", "×16", not_with=frozenset({"qing_yi_se"})),
        _flag("tian_hu", "×16", "×16", how=S, winner_dealer=True),
        _flag("di_hu", "×16", "×16", winner_dealer=False),
        _flag(
            "da_diao",
            "×2",
            "×2",
            how=NOT_ROBBED,
            enabled_by="da_diao",
            not_with=frozenset({"qi_dui_cai", "qing_qi_dui"}),
        ),
    )
    counts = (
        CountDecl("kongs", "胡者的杠数", "winner's kongs", max=4),
        CountDecl("qidui_fours", "七对中4张相同的组数", "sets of four in seven pairs", max=3),
        CountDecl(
            "lian_zhuang",
            "庄家已连庄次数（0=首次坐庄）",
            "dealer's streak (0 = first hand as dealer)",
            max=99,
            prefill="dealer_streak",  # from the ledger (bot/streak.py), still editable
        ),
    )
    #: the short words of the steps (scoring.refs, kind ``word``); 承包: the English steps
    #: write the Chinese, so only its zh is referenced
    words: ClassVar[Words] = {"cheng_bao": ("承包", "", "liability for three claimed sets")}
    events = (
        EventDecl(
            "cheng_bao",
            "承包（吃碰三摊）",
            "承包 (three sets claimed)",
            source="required",
            source_zh="被吃碰者",
            source_en="the player the sets were claimed from",
            value_zh="吃碰者胡：被吃碰者全包；被吃碰者胡：吃碰者全包×2",
            value_en="claimer wins: the other pays all; the other wins: the claimer pays all ×2",
            results=frozenset({"win"}),
        ),
    )

    def check(self, record: HandRecord, opts: Options) -> None:
        for p, n in record.counts.get("lian_zhuang", {}).items():
            if n and p != record.dealer:
                raise RecordError(f"counts.lian_zhuang.{p}", "only the dealer has a streak")
        winners = {w.winner: w for w in record.wins}
        for p, n in record.counts.get("qidui_fours", {}).items():
            w = winners.get(p)
            if n and (w is None or w.shape not in QIDUI):
                raise RecordError(
                    f"counts.qidui_fours.{p}", "only a seven-pairs winner has sets of four in pairs"
                )
        seen: set[tuple[str, str | None]] = set()
        for j, e in enumerate(record.events):
            pair = (e.player, e.source)
            if e.type == "cheng_bao" and pair in seen:
                # one 承包 relation per pair (each pays all the shares: twice would pay twice)
                raise RecordError(
                    f"events[{j}]", f"承包 of {e.player} on {e.source} is already recorded"
                )
            seen.add(pair)
        for i, win in enumerate(record.wins):
            kongs = record.count("kongs", win.winner)
            if kongs and win.shape in QIDUI:
                raise RecordError(f"counts.kongs.{win.winner}", "seven pairs hold no kong")
            if not kongs and any(win.has(f) for f in GANG_KAI):
                # 杠开 is a win after one's own kong (L123); the kong earns its reward (L199)
                raise RecordError(
                    f"counts.kongs.{win.winner}",
                    "a kong-replacement win needs the winner's kong (count kongs ≥ 1)",
                )
            if win.discarder is not None and not win.robbed_kong and not opts.b("discard_wins"):
                raise RecordError(
                    f"wins[{i}].from", "no wins on a discard at this table (option discard_wins)"
                )

    def size(self, record: HandRecord, opts: Options, win: Win) -> tuple[int, str, str, str]:
        """大小 and its formula (zh, en, ja)."""
        v, szh, sen = SHAPE_MULT[win.shape or "ping_hu"]
        szh, sen = refs.name("label", win.shape or "ping_hu", szh, sen)
        # (zh, en, ja, factor); ja names an item as the en does
        terms: list[tuple[str, str, str, int]] = [(szh, sen, sen, v)] if v != 1 else []
        for fid in (
            "bao_tou",
            "cai_piao",
            "ming_gang_kai",
            "an_gang_kai",
            "quan_dao",
            "qing_yi_se",
            "zi_yi_se",
            "tian_hu",
            "di_hu",
            "da_diao",
        ):
            if not win.has(fid):
                continue
            m, zh, en = FLAG_MULT[fid]
            zh, en = refs.name("term", fid, zh, en)
            if fid == "an_gang_kai" and not opts.b("an_gang_kai_x4"):
                m = 2
            if fid == "cai_piao" and opts.s("cai_piao_reading") == "xiaoshan":
                bz = refs.name("term", "bao_tou", *FLAG_MULT["bao_tou"][1:])[0]
                terms.append((bz, "爆头", "爆头", 2))  # the English writes 爆头
            terms.append((zh, en, en, m))
        n4 = record.count("qidui_fours", win.winner)
        if n4:
            terms.append((f"{n4}组4张", f"{n4} set(s) of four", f"四枚組{n4}組", 2**n4))
        if win.robbed_kong and opts.b("qiang_gang_x2"):
            terms.append(("抢杠", "robbed kong", "搶槓", 2))
        total = 1
        for _, _, _, m in terms:
            total *= m
        if not terms:
            return 1, "自摸1", "self-draw 1", "ツモ1"
        return (
            total,
            "×".join(f"{zh}{m}" for zh, _, _, m in terms) + f"={total}",
            " × ".join(f"{en} {m}" for _, en, _, m in terms) + f" = {total}",
            " × ".join(f"{ja} {m}" for _, _, ja, m in terms) + f" = {total}",
        )

    @classmethod
    def item_name(cls, kind: str, item_id: str) -> tuple[str, str, str] | None:
        """The shapes and flags as the size's terms name them (:data:`SHAPE_MULT`,
        :data:`FLAG_MULT`; scoring.refs)."""
        if kind == "label" and item_id in SHAPE_MULT:
            _, zh, en = SHAPE_MULT[item_id]
            return zh, "", en
        if kind == "term" and item_id in FLAG_MULT:
            _, zh, en = FLAG_MULT[item_id]
            return zh, "", en
        return None

    def compute(self, record: HandRecord, opts: Options) -> Settlement:
        t = Tally(record.players)
        for win in record.wins:
            self._win(t, record, opts, win)
        return t.settlement()

    def _win(self, t: Tally, record: HandRecord, opts: Options, win: Win) -> None:
        base = opts.i("base")
        dealer, w = record.dealer, win.winner
        size, szh, sen, sja = self.size(record, opts, win)
        streak = record.count("lian_zhuang", dealer)
        dmult = 2 ** min(streak + 1, 3)
        kongs = record.count("kongs", w) * opts.i("kong_reward")
        t.explain(
            f"{w}胡：大小 {szh}", f"{w} wins: hand value (大小) {sen}", f"{w}の和了：大小 {sja}"
        )
        others = [p for p in record.players if p != w]
        per: dict[str, int] = {}
        for p in others:
            m = dmult if dealer in (p, w) else 1
            per[p] = base * (size * m + kongs)
            zh = f"{size}" + (f"×庄{m}" if m != 1 else "") + (f"+杠{kongs}" if kongs else "")
            en = (
                f"{size}"
                + (f" × dealer {m}" if m != 1 else "")
                + (f" + kongs {kongs}" if kongs else "")
            )
            ja = f"{size}" + (f"×親{m}" if m != 1 else "") + (f"+カン{kongs}" if kongs else "")
            if base != 1:
                zh, en = f"底{base}×({zh})", f"base {base} × ({en})"
                ja = f"基本点{base}×({ja})"
            if zh == str(per[p]):  # nothing to work out: "bob的份：2", not "2=2"
                t.explain(f"{p}的份：{zh}", f"{p}'s share: {en}", f"{p}の分：{ja}")
            else:
                t.explain(
                    f"{p}的份：{zh}={per[p]}",
                    f"{p}'s share: {en} = {per[p]}",
                    f"{p}の分：{ja}={per[p]}",
                )
        total = sum(per.values())
        if streak:
            t.explain(
                f"庄家{dealer}已连庄{streak}次：庄倍{dmult}",
                f"dealer {dealer} has kept the deal {streak} time(s): dealer factor {dmult}",
                f"親{dealer}は{streak}回連荘：親の倍率{dmult}",
            )
        # 承包 (L199): the claimed-from player pays all when the claimer wins; the claimer pays
        # all ×2 when the claimed-from player wins. Every relation counts ("都要算").
        liable: list[tuple[str, int]] = []
        cz = self.word("cheng_bao")[0]
        for e in record.events:
            if e.type != "cheng_bao" or e.source is None:
                continue
            if e.player == w:
                liable.append((e.source, 1))
            elif e.source == w:
                liable.append((e.player, 2))
        d = win.discarder
        if (
            liable
            and win.robbed_kong
            and d not in {p for p, _ in liable}
            and opts.s("cheng_bao_robbed_kong") == "robbed_kong"
        ):
            t.explain(
                f"{w}有{cz}关系但抢了第三家{d}的杠：本桌抢杠优先，不计{cz}",
                f"{w} has a 承包 relation but robs a third player's ({d}) kong: at this table the "
                "robbed kong comes first, 承包 does not apply",
                f"{w}は承包の関係があるが第三者{d}のカンを搶槓：この卓では搶槓が優先、承包は適用しない",
            )
            liable = []
        if liable:
            for p, k in liable:
                t.pay(p, w, k * total, "cheng_bao")
                if k == 1:
                    t.explain(
                        f"{cz}：{w}吃碰{p}三摊，{p}一家全包三家的份 {total}",
                        f"承包: {w} claimed three sets from {p}; {p} pays all three shares: {total}",
                        f"承包：{w}が{p}から三摊を鳴いた；{p}が三家分を全額支払う：{total}",
                    )
                else:
                    t.explain(
                        f"{cz}：{p}吃碰{w}三摊，{p}全包并加倍 2×{total}={2 * total}",
                        f"承包: {p} claimed three sets from {w} and pays all three shares doubled: "
                        f"2 × {total} = {2 * total}",
                        f"承包：{p}が{w}から三摊を鳴いた、三家分を倍額で支払う 2×{total}={2 * total}",
                    )
            return
        if d is None:
            for p in others:
                t.pay(p, w, per[p], "self_drawn_share")
            t.explain(
                f"自摸：三家共付{total}",
                f"self-drawn: the three pay {total} in all",
                f"ツモ：三家で計{total}を支払う",
            )
        elif win.robbed_kong:
            t.pay(d, w, total, "robbed_kong")
            t.explain(
                f"抢杠：{d}一人付三份 {total}",  # seed L125
                f"robbed kong: {d} alone pays the three shares, {total}",
                f"搶槓：{d}が一人で三家分 {total} を支払う",
            )
        else:
            t.pay(d, w, per[d], "discarder_share")
            t.explain(
                f"点炮：{d}付一份 {per[d]}",
                f"on a discard: {d} pays one share, {per[d]}",
                f"ロン：{d}が一口 {per[d]} を支払う",
            )


RULESETS = [Xiaoshan()]
