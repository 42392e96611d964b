"""宜春麻将 Yichun (Jiangxi): a product of hand factors, doubled by 庄/放冲/买/打火机.

Spec: ``shared/rules/yichun.md``; seed ``002_eb57fc9b56582777.txt`` lines 1–65.

Per payer: ``hand value × base × 庄2 × 放冲2 × 买(winner)2 × 买(payer)2 × 2^打火机``
(L45 "庄家、放冲乘2支付", L47 "买者糊牌、放冲、驮自摸积分翻倍 … 对火 … 乘4", L61 丢打火机 "再翻1倍").
Hand value: the shape (平糊 1 … 天/地糊 12; 豪华小七对 4×2^N), ×5 清一色, ×2 each for 单钓, 门清,
杠开, 抢杠 (L53–57). Payers: "谁点炮谁给，自摸3家给" (L59). Kong money is a separate payment
(明杠 1, 暗杠 2 from each other player, spec Y6). 压鸽子 backers mirror the seat they back (L49).

Record conventions (documented in the declarations):

* 买: the count ``bought`` (0/1 per player); the dealer always counts as bought unless the
  option ``dealer_always_buys`` is off ("庄家必买", L47).
* 丢打火机: one event ``lighter`` per lighter thrown (the thrower is ``player``); each doubles
  every hand payment; at most ``lighter_limit`` per hand (0 = no limit).
* 压鸽子: event ``side_bet`` with ``player`` = the seat backed and the text field ``backer`` = the
  side bettor's id (not a seat). The backer wins or loses exactly what the seat does: for every
  payment between seats, the backer of the payee also receives the amount from the same payer,
  and the backer of the payer also pays it to the same payee. Seats and backers sum to zero.
* 豪华小七对: the count ``four_in_pairs`` of the winner (sets of four inside the seven pairs).
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
    FieldDecl,
    OptionDecl,
    WinItemDecl,
)
from scoring.errors import RecordError
from scoring.record import HandRecord, Settlement, Win
from scoring.ruleset import Options, Ruleset, Tally, Words
from scoring.yichun.payments import kong_money, side_bets
from scoring.yichun.tables import FLAG_NAMES, NO_KONG_SHAPES, REASONS, SHAPE_VALUE


def _shape(
    sid: str,
    zh: str,
    en: str,
    vzh: str,
    ven: str,
    *,
    how: frozenset[str] = frozenset(),
    dealer: bool | None = None,
    house: bool = False,
) -> WinItemDecl:
    return WinItemDecl(sid, zh, en, vzh, ven, how=how, winner_dealer=dealer, house=house)


#: lighters per hand with no table limit (house bound; L61 "发展到后期可以考虑不限制"): the same as
#: the option's largest limit, so that 2^lighters keeps every amount within LEDGER_MAX
MAX_LIGHTERS = 8


class Yichun(Ruleset):
    id = "yichun"
    zh = "宜春麻将"
    en = "Yichun"
    unit_zh = "分"
    unit_en = "points"
    summary_zh = (
        "推倒胡，可放冲可自摸，不拦胡（一炮多响）。牌型分相乘（平糊1、十三烂2、七星3、大七对3、小七对4、"
        "清一色×5、字一色6/12、天地糊12），单钓、门清、杠开、抢杠各×2；庄家、放冲者支付×2；买者输赢×2"
        "（对火×4）；每个打火机×2。谁点炮谁给，自摸三家给。明杠1、暗杠2另算。压鸽子者输赢与所押座位相同。"
    )
    summary_en = (
        "Win on a discard or by self-draw; several winners on one discard. Hand factors multiply "
        "(basic 1, thirteen rotten 2, seven-star 3, big seven pairs 3, small seven pairs 4, flush ×5, "
        "all honours 6/12, heavenly/earthly 12); single wait, concealed, kong replacement and robbed "
        "kong ×2 each; the dealer and the discarder pay ×2; a buyer's wins and losses ×2 (both "
        "bought ×4); each lighter ×2. The discarder pays alone, a self-draw is paid by all three. "
        "Kong money (open 1, concealed 2) is separate. Side bettors win or lose with their seat."
    )
    players = (4,)
    multi_win = "same_discard"
    dealer_rule = DealerRule(
        dealer_wins="stay",
        other_wins="winner",
        draw="stay",
        zh="胡牌者坐庄（L43）；一炮多响后放炮者坐庄（买庄，L63）；流局庄家连庄（种子说最后摸牌者坐庄，本店默认）",
        en="The winner deals next (L43); after several winners on one discard the discarder "
        "deals (L63); after a draw the dealer stays (the seed names the last player to draw; "
        "house default)",
    )
    options = (
        OptionDecl(
            "base",
            "基本分",
            "base points",
            "int",
            1,
            min=1,
            max=1000,
            important=True,
            help_zh="每分的底数，种子“以1分标准分”（L51）。",
            help_en="Base per point; the seed uses 1 (L51).",
        ),
        OptionDecl(
            "haohua",
            "豪华小七对",
            "luxury seven pairs",
            "choice",
            "pow2",
            choices=(
                Choice(
                    "pow2", "每杠翻倍（4×2、4×2×2…）", "Each set of four doubles (4×2, 4×2×2 …)"
                ),
                Choice("times_n", "乘杠数（4×N）", "Times the sets of four (4×N)"),
            ),
            important=True,
            help_zh="种子正文（L31）“有一个杠子则为4×2，两个则4×2×2”与表格（L55）“4×N”矛盾，默认正文（Y1）。",
            help_en="The seed's text (L31, 4×2, 4×2×2) and table (L55, 4×N) disagree; default: the text (Y1).",
        ),
        OptionDecl(
            "dealer_x2_on_receive",
            "庄家胡牌也收双倍",
            "dealer also receives double",
            "bool",
            False,
            important=True,
            help_zh="种子只说“庄家、放冲乘2支付”（L45），默认庄家只在支付时×2（Y4）。",
            help_en="The seed says only that the dealer pays double (L45); default: the dealer "
            "doubles only when paying (Y4).",
        ),
        OptionDecl(
            "fangchong_x2",
            "放冲×2叠加买",
            "discarder ×2 on top of buying",
            "bool",
            True,
            help_zh="默认所有倍数相乘：买了的放冲者放给买了的胡牌者付 放冲2×对火4=8倍（Y5）；关闭则对火×4即全部。",
            help_en="Default: all factors multiply, a buyer dealing in to a buyer pays 2 (discarder) "
            "× 4 (both bought) = ×8 (Y5); off: the discarder's ×2 is dropped.",
        ),
        OptionDecl(
            "dealer_always_buys",
            "庄家必买",
            "the dealer always buys",
            "bool",
            True,
            help_zh="种子“庄家必买”（L47）：庄家自动算买。关闭后按记录的“买”计算。",
            help_en="Seed L47: the dealer must buy, so the dealer counts as bought; off: only the "
            "recorded buys count.",
        ),
        OptionDecl(
            "lighter_limit",
            "打火机上限",
            "lighters per hand",
            "int",
            1,
            min=0,
            max=8,
            important=True,
            help_zh="种子“建议限丢1个”（L61）；0 = 不限（每局最多仍为8个：每个翻倍）。",
            help_en="Seed L61 suggests a limit of 1; 0 = no limit (still at most 8 per hand: "
            "each one doubles).",
        ),
        OptionDecl(
            "robbed_kong_payer",
            "抢杠谁付",
            "who pays a robbed kong",
            "choice",
            "kong_player",
            choices=(
                Choice(
                    "kong_player",
                    "被抢杠者一人付（按放冲）",
                    "the kong player alone (as the discarder)",
                ),
                Choice("all", "三家付（按自摸）", "all three (as a self-draw)"),
            ),
            house=True,
            help_zh="种子未说明抢杠谁付；本店默认被抢杠者按放冲一人支付（含放冲×2）。",
            help_en="The seed does not say; house default: the kong player pays alone as the "
            "discarder (with the discarder's ×2).",
        ),
        OptionDecl(
            "kong_money",
            "杠钱",
            "kong money",
            "bool",
            True,
            house=True,
            help_zh="明杠1分、暗杠2分（L57），本店默认每个其他玩家各付，不乘庄/买/打火机，流局也付（Y6）；被抢的杠不记。",
            help_en="Open kong 1, concealed kong 2 (L57); house default: from each other player, "
            "not multiplied by dealer/buying/lighters, also in a drawn hand (Y6); a robbed kong "
            "is not recorded.",
        ),
        OptionDecl(
            "da_si_xi_value",
            "大四喜分值",
            "big four winds value",
            "int",
            12,
            min=1,
            max=100,
            house=True,
            help_zh="种子未给大四喜分值（Y7），本店默认12（同天糊）。",
            help_en="The seed gives no value for big four winds (Y7); house default 12 (as the "
            "heavenly hand).",
        ),
        OptionDecl(
            "side_bets",
            "允许压鸽子",
            "side bets allowed",
            "bool",
            True,
            help_zh="旁观者押某座位，输赢与该座位相同（L49），最多4人。",
            help_en="Observers back a seat and win or lose as it does (L49); at most 4 backers.",
        ),
        OptionDecl(
            "side_bet_mode",
            "压鸽子结算",
            "side bets settled",
            "choice",
            "mirror",
            choices=(
                Choice(
                    "mirror",
                    "跟座位的输赢（鸽子之间不互付）",
                    "mirror the seat (backers never pay each other)",
                ),
                Choice(
                    "clone",
                    "鸽子等同座位（鸽子之间也互付）",
                    "clone the seat (backers pay each other too)",
                ),
            ),
            house=True,
            help_zh="“输赢与在座玩家相同”（L49）未说两边都有鸽子时鸽子之间是否互付。mirror：鸽子的输赢等于"
            "该座位本局（不计压鸽子）的输赢；clone：鸽子之间也互付，鸽子的输赢等于该座位的最终输赢。",
            help_en="L49 does not say whether backers on opposite sides pay each other. mirror: a "
            "backer wins what the seat wins at the table (before side bets); clone: backers pay "
            "each other too, so a backer's net equals the seat's final net.",
        ),
    )
    shapes = (
        _shape("ping_hu", "平糊", "basic hand", "1", "1"),
        _shape("shisan_lan", "十三烂", "thirteen rotten", "2", "2"),
        _shape("qixing_shisan_lan", "七星十三烂", "seven-star thirteen rotten", "3", "3"),
        _shape("da_qi_dui", "大七对", "big seven pairs (all pungs)", "3", "3"),
        _shape(
            "xiao_qi_dui",
            "小七对（含豪华）",
            "small seven pairs (incl. luxury)",
            "4（豪华4×2^N）",
            "4 (luxury 4×2^N)",
        ),
        _shape("zi_yi_se_loose", "字一色（不成阕）", "all honours, not in sets", "6", "6"),
        _shape("zi_yi_se", "字一色（成阕）", "all honours in sets", "12", "12"),
        _shape(
            "tian_hu", "天糊", "heavenly hand", "12", "12", how=frozenset({SELF_DRAWN}), dealer=True
        ),
        _shape("di_hu", "地糊", "earthly hand", "12", "12", how=frozenset({DISCARD}), dealer=False),
        _shape(
            "da_san_yuan",
            "大三元",
            "big three dragons",
            "3（同大七对）",
            "3 (as big seven pairs)",
            house=True,
        ),
        _shape("da_si_xi", "大四喜", "big four winds", "选项", "option", house=True),
    )
    flags = (
        WinItemDecl(
            "qing_yi_se",
            "清一色",
            "full flush",
            "×5",
            "×5",
            shapes=frozenset({"ping_hu", "da_qi_dui", "xiao_qi_dui"}),
        ),
        WinItemDecl(
            "dan_diao",
            "单钓",
            "single tile left",
            "×2",
            "×2",
            shapes=frozenset({"ping_hu", "da_qi_dui", "zi_yi_se", "da_san_yuan", "da_si_xi"}),
            not_with=frozenset({"men_qing"}),
        ),
        WinItemDecl(
            "men_qing", "门清", "concealed self-draw", "×2", "×2", how=frozenset({SELF_DRAWN})
        ),
        WinItemDecl(
            "gang_kai",
            "杠开",
            "win on a kong replacement",
            "×2",
            "×2",
            how=frozenset({SELF_DRAWN}),
            not_with=NO_KONG_SHAPES,  # 杠开 needs a kong (L25 "杠牌之后，补子之后糊牌")
        ),
    )
    #: the short words of the steps (scoring.refs, kind ``word``)
    words: ClassVar[Words] = {
        "haohua": ("豪华", "", "luxury"),
        "flush": ("清一色", "", "flush"),
    }
    counts = (
        CountDecl("bought", "买（庄家必买，自动计入）", "bought (the dealer always has)", max=1),
        CountDecl("four_in_pairs", "豪华小七对的杠子数", "sets of four in seven pairs", max=3),
    )
    events = (
        EventDecl(
            "exposed_kong",
            "明杠",
            "open kong",
            source="optional",
            source_zh="放杠者（可不填）",
            source_en="who fed it (optional)",
            value_zh="其他每家付1",
            value_en="1 from each other player",
        ),
        EventDecl(
            "concealed_kong",
            "暗杠",
            "concealed kong",
            value_zh="其他每家付2",
            value_en="2 from each other player",
        ),
        EventDecl(
            "lighter",
            "丢打火机",
            "lighter thrown",
            value_zh="本局牌分×2",
            value_en="hand payments ×2",
            results=frozenset({"win"}),
        ),
        EventDecl(
            "side_bet",
            "压鸽子",
            "side bet",
            fields=(FieldDecl("backer", "压鸽子者", "backer", kind="text"),),
            value_zh="押者输赢与所押座位相同",
            value_en="the backer wins or loses as the seat does",
            enabled_by="side_bets",
        ),
    )

    # ------------------------------------------------------------------ checks
    def check(self, record: HandRecord, opts: Options) -> None:
        winners = {w.winner: w for w in record.wins}
        for p, n in record.counts.get("four_in_pairs", {}).items():
            w = winners.get(p)
            if n and (w is None or w.shape != "xiao_qi_dui"):
                raise RecordError(
                    f"counts.four_in_pairs.{p}",
                    "only a winner with small seven pairs has sets of four",
                )
        concealed = {e.player for e in record.events if e.type == "concealed_kong"}
        kongs = {e.player for e in record.events if e.type in ("exposed_kong", "concealed_kong")}
        for i, w in enumerate(record.wins):
            if w.shape in NO_KONG_SHAPES and w.winner in kongs:
                raise RecordError(
                    f"wins[{i}].shape",
                    f"{SHAPE_VALUE[w.shape][1]} holds no kong, but {w.winner} has a kong event",
                )
            if w.has("dan_diao") and w.winner in concealed:
                raise RecordError(
                    f"wins[{i}].flags",
                    "单钓 does not count when the hand has a concealed kong (L55)",
                )
            if w.shape == "di_hu" and w.discarder != record.dealer:
                raise RecordError(f"wins[{i}].from", "地糊 is won on the dealer's first discard")
        lighters = sum(1 for e in record.events if e.type == "lighter")
        limit = opts.i("lighter_limit")
        if limit and lighters > limit:
            raise RecordError("events", f"at most {limit} lighter(s) per hand at this table")
        if lighters > MAX_LIGHTERS:
            # "不限制" (L61) still cannot double past what the ledger holds (issue 12)
            raise RecordError(
                "events",
                f"at most {MAX_LIGHTERS} lighters per hand even with no table limit: each doubles "
                "every payment (×2^lighters)",
            )
        seen: set[tuple[str, str]] = set()
        backers: set[str] = set()
        for i, e in enumerate(record.events):
            if e.type != "side_bet":
                continue
            backer = str(e.get("backer", ""))
            if not backer:
                raise RecordError(f"events[{i}].backer", "a side bet needs the backer's id")
            if backer in record.players:
                raise RecordError(f"events[{i}].backer", "a seated player cannot be a side bettor")
            if (backer, e.player) in seen:
                raise RecordError(f"events[{i}]", "the same side bet is listed twice")
            seen.add((backer, e.player))
            backers.add(backer)
        if len(backers) > 4:
            raise RecordError("events", "at most 4 side bettors (L49)")

    def next_dealer(self, record: HandRecord) -> str:
        if record.result == "win" and len(record.wins) > 1 and record.wins[0].discarder:
            return record.wins[0].discarder  # 买庄 (L63)
        return super().next_dealer(record)

    # ------------------------------------------------------------------ scoring
    def _bought(self, record: HandRecord, opts: Options, p: str) -> bool:
        if p == record.dealer and opts.b("dealer_always_buys"):
            return True
        return record.count("bought", p) > 0

    @classmethod
    def item_name(cls, kind: str, item_id: str) -> tuple[str, str, str] | None:
        """The items as the formulas name them (scoring.refs): ``label`` :data:`SHAPE_VALUE`,
        ``term`` :data:`FLAG_NAMES`, ``money`` :data:`REASONS` (the kong money)."""
        if kind == "label" and item_id in SHAPE_VALUE:
            _, zh, en = SHAPE_VALUE[item_id]
            return zh, "", en
        if kind == "term" and item_id in FLAG_NAMES:
            zh, en = FLAG_NAMES[item_id]
            return zh, "", en
        if kind == "money" and item_id in REASONS:
            zh, en = REASONS[item_id]
            return zh, "", en
        return None

    def hand_value(self, record: HandRecord, opts: Options, win: Win) -> tuple[int, str, str, str]:
        """The hand's value and its formula in zh, en and ja (e.g. ``大七对3×单钓2×杠开2=12``)."""
        shape = win.shape or "ping_hu"
        v, zh_name, en_name = SHAPE_VALUE[shape]
        zh_name, en_name = refs.name("label", shape, zh_name, en_name)
        if shape == "da_si_xi":
            v = opts.i("da_si_xi_value")
        parts_zh = [f"{zh_name}{v}"]
        parts_en = [f"{en_name} {v}"]
        parts_ja = [f"{en_name} {v}"]  # ja names an item as the en does
        n4 = record.count("four_in_pairs", win.winner)
        if shape == "xiao_qi_dui" and n4:
            if opts.s("haohua") == "pow2":
                v *= 2**n4
                hz, he = self.word("haohua")
                parts_zh.append(f"{hz}{n4}杠×{2**n4}")
                sets = "1 set of four" if n4 == 1 else f"{n4} sets of four"
                parts_en.append(f"{he} {sets} ×{2**n4}")
                parts_ja.append(f"{he} 四枚組{n4}組 ×{2**n4}")
            else:
                v *= n4
                hz, he = self.word("haohua")
                parts_zh.append(f"{hz}×{n4}")
                parts_en.append(f"{he} ×{n4}")
                parts_ja.append(f"{he} ×{n4}")
        factors: list[tuple[str, str, str, int]] = []  # zh, en, ja, factor
        if win.has("qing_yi_se"):
            fz, fe = self.word("flush")
            factors.append((fz, fe, fe, 5))
        for fid in ("dan_diao", "men_qing", "gang_kai"):
            if win.has(fid):
                zh, en = refs.name("term", fid, *FLAG_NAMES[fid])
                factors.append((zh, en, en, 2))
        if win.robbed_kong:
            factors.append(("抢杠", "robbed kong", "搶槓", 2))
        for zh, en, ja, f in factors:
            v *= f
            parts_zh.append(f"{zh}{f}")
            parts_en.append(f"{en} {f}")
            parts_ja.append(f"{ja} {f}")
        return (
            v,
            "×".join(parts_zh) + f"={v}",
            " × ".join(parts_en) + f" = {v}",
            " × ".join(parts_ja) + f" = {v}",
        )

    def compute(self, record: HandRecord, opts: Options) -> Settlement:
        t = Tally(record.players)
        base = opts.i("base")
        bought = {p: self._bought(record, opts, p) for p in record.players}
        lighters = sum(1 for e in record.events if e.type == "lighter")
        buyers = [p for p in record.players if bought[p]]
        if buyers:
            t.explain(
                "买：" + "、".join(buyers) + "（买者输赢×2，对火×4）",
                "Bought: " + ", ".join(buyers) + " (a buyer's wins and losses ×2; both bought ×4)",
                "買い（买）：" + "、".join(buyers) + "（買った者の勝ち負けは×2、双方買いは×4）",
            )
        for win in record.wins:
            self._settle_win(t, record, opts, win, base, bought, lighters)
        if opts.b("kong_money"):
            kong_money(t, record, base)
        side_bets(t, record, opts.s("side_bet_mode") == "clone")
        return t.settlement()

    def _settle_win(
        self,
        t: Tally,
        record: HandRecord,
        opts: Options,
        win: Win,
        base: int,
        bought: dict[str, bool],
        lighters: int,
    ) -> None:
        dealer, winner = record.dealer, win.winner
        v, fzh, fen, fja = self.hand_value(record, opts, win)
        others = [p for p in record.players if p != winner]
        robbed_all = win.robbed_kong and opts.s("robbed_kong_payer") == "all"
        if win.discarder is None or robbed_all:
            payers = others
            reason = "self_drawn_share"
            how_zh, how_en = (
                ("自摸" if not win.robbed_kong else "抢杠（三家付）"),
                ("self-drawn" if not win.robbed_kong else "robbed kong (all three pay)"),
            )
            how_ja = "ツモ" if not win.robbed_kong else "搶槓（三家払い）"
        else:
            payers = [win.discarder]
            reason = "robbed_kong_share" if win.robbed_kong else "discarder_share"
            how_zh = f"抢{win.discarder}的杠" if win.robbed_kong else f"{win.discarder}放冲"
            how_en = (
                f"robbing {win.discarder}'s kong"
                if win.robbed_kong
                else f"on {win.discarder}'s discard"
            )
            how_ja = f"{win.discarder}のカンを搶槓" if win.robbed_kong else f"{win.discarder}の放銃"
        t.explain(
            f"{winner}胡（{how_zh}）：牌分 {fzh}",
            f"{winner} wins ({how_en}): hand value {fen}",
            f"{winner}の和了（{how_ja}）：牌の点 {fja}",
        )
        head_zh = [f"牌分{v}"] + ([f"底{base}"] if base != 1 else [])
        head_en = [f"value {v}"] + ([f"base {base}"] if base != 1 else [])
        head_ja = [f"牌の点{v}"] + ([f"基本点{base}"] if base != 1 else [])
        for payer in payers:
            mult: list[tuple[str, str, str, int]] = []  # zh, en, ja, factor
            if payer == dealer:
                mult.append(("庄", "dealer", "親", 2))
            elif winner == dealer and opts.b("dealer_x2_on_receive"):
                mult.append(("庄胡", "dealer wins", "親の和了", 2))
            if payer == win.discarder and not robbed_all and opts.b("fangchong_x2"):
                mult.append(("放冲", "discarder", "放銃", 2))
            if bought[winner]:
                mult.append((f"买({winner})", f"bought ({winner})", f"買い({winner})", 2))
            if bought[payer]:
                mult.append((f"买({payer})", f"bought ({payer})", f"買い({payer})", 2))
            if lighters:
                mult.append(
                    (
                        f"打火机{lighters}个",
                        f"{lighters} lighter(s)",
                        f"ライター{lighters}個",
                        2**lighters,
                    )
                )
            amount = v * base
            zh_terms, en_terms, ja_terms = head_zh.copy(), head_en.copy(), head_ja.copy()
            for zh, en, ja, f in mult:
                amount *= f
                zh_terms.append(f"{zh}{f}")
                en_terms.append(f"{en} {f}")
                ja_terms.append(f"{ja}{f}")
            t.pay(payer, winner, amount, reason)
            t.explain(
                f"{payer}付{winner}：" + "×".join(zh_terms) + f"={amount}",
                f"{payer} pays {winner}: " + " × ".join(en_terms) + f" = {amount}",
                f"{payer}が{winner}に支払う：" + "×".join(ja_terms) + f"={amount}",
            )


RULESETS = [Yichun()]
