"""南宁麻将 Nanning (Guangxi): additive per-payer points, immediate kong money, 包牌.

Spec: ``shared/rules/nanning.md``; seed ``003_62cb00bcf6a554e2.txt`` lines 34–64.

Per payer, the values of the hand add up ("可以累計"); the plain 放炮 2 / 自摸 3 applies only when
no other value does (N1: "杠後炮,放給別人是個對對胡,則為9+9=18分"). On a discard (and 抢杠, 杠上炮,
海底炮, 明杠杠上花, which "算放炮") one player pays; on a self-draw each of the other three pays.

Record conventions:

* 明杠杠上花 is the flag ``ming_gang_hua`` on a win whose ``from`` is the player who fed the
  kong (for a 补杠, the player who fed the original pong, L48): that player pays alone.
* Kong money: events ``exposed_kong`` (``from`` = the feeder, who pays 1) and
  ``concealed_kong`` (each other player pays 1), paid in any hand (L37 "杠錢是及時給的").
  A robbed kong is not recorded ("杠錢就不算了", L53).
* 包牌: event ``bao_pai`` with ``player`` = B (the winner-to-be who was fed) and ``from`` = A
  (who fed B three or more pongs/open kongs this hand, L58). A may not win this hand.
"""

from __future__ import annotations

from typing import ClassVar

from scoring import refs
from scoring.declarations import (
    DISCARD,
    SELF_DRAWN,
    DealerRule,
    EventDecl,
    OptionDecl,
    WinItemDecl,
)
from scoring.errors import RecordError
from scoring.record import HandRecord, Settlement, Win
from scoring.ruleset import Options, Ruleset, Tally, Words, how

#: shape id -> (discard value, self-draw value, zh, en); 0 = none
SHAPE_VALUE: dict[str, tuple[int, int, str, str]] = {
    "ping_hu": (0, 0, "平胡", "basic hand"),
    "peng_peng_hu": (9, 6, "碰碰胡", "all pungs"),
    "qi_xiao_dui": (12, 8, "七小对", "seven pairs"),
    "da_qi_dui": (24, 16, "大七对", "seven pairs with four alike"),
    "quan_qiu_ren": (18, 6, "全求人", "fully melded"),
}

#: flag id -> (value, zh, en)
FLAG_VALUE: dict[str, tuple[int, str, str]] = {
    "qing_yi_se": (0, "清一色", "full flush"),  # 9 / 6 by how
    "men_qing": (4, "门清", "concealed"),
    "gang_shang_pao": (9, "杠上炮", "discard after a kong"),
    "ming_gang_hua": (18, "明杠杠上花", "open-kong replacement win"),
    "an_gang_hua": (9, "暗杠杠上花", "concealed-kong replacement win"),
    "hai_di_lao_yue": (6, "海底捞月", "last-tile self-draw"),
    "hai_di_pao": (9, "海底炮", "last discard"),
    "tian_hu": (6, "天胡", "heavenly hand"),
}

S = frozenset({SELF_DRAWN})
D = frozenset({DISCARD})
#: seven pairs hold four alike in the hand (大七对 "只要手上有4張一樣的就算", L45): no kong
SEVEN_PAIRS = frozenset({"qi_xiao_dui", "da_qi_dui"})
KONG_WINS = frozenset({"ming_gang_hua", "an_gang_hua"})


class Nanning(Ruleset):
    id = "nanning"
    zh = "南宁麻将"
    en = "Nanning"
    unit_zh = "分"
    unit_en = "points"
    summary_zh = (
        "每家分数相加：放炮2、自摸3（无其他分时）、门清4（自摸）、清一色/碰碰胡9/6、七小对12/8、大七对24/16、"
        "全求人18（放炮）、杠上炮9、抢杠9、明杠杠上花18（被杠者一人付）、暗杠杠上花每家9、海底捞月6、海底炮9、"
        "天胡6。放炮者一人付，自摸三家付。杠钱即时：明杠被杠者付1，暗杠每家付1。包牌：喂同一人碰三比者，"
        "自摸时一人付三份，别人放炮时同付一份（旅游），自己放炮付两份。"
    )
    summary_en = (
        "Per-payer values add up: discard 2 / self-draw 3 (when nothing else applies), concealed 4 "
        "(self-draw), flush or all pungs 9/6, seven pairs 12/8, seven pairs with four alike 24/16, "
        "fully melded 18 (discard), discard after a kong 9, robbed kong 9, open-kong replacement "
        "18 (the feeder alone), concealed-kong replacement 9 each, last-tile self-draw 6, last "
        "discard 9, heavenly 6. The discarder pays alone, a self-draw is paid by all three. Kong "
        "money at once: open kong 1 from the feeder, concealed 1 from each. 包牌: whoever fed "
        "the winner three melds pays three shares on a self-draw, one share besides the "
        "discarder (旅游), or two shares if he dealt in himself."
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
            "基础分",
            "base points",
            "int",
            1,
            min=1,
            max=1000,
            important=True,
            help_zh="种子“基礎分為1分”（L36），所有分数乘以此数。",
            help_en="Seed L36: base 1; every amount is multiplied by it.",
        ),
    )
    shapes = (
        WinItemDecl("ping_hu", "平胡", "basic hand", "放炮2/自摸3", "discard 2 / self-draw 3"),
        WinItemDecl("peng_peng_hu", "碰碰胡", "all pungs", "9/6", "9/6"),
        WinItemDecl("qi_xiao_dui", "七小对", "seven pairs", "12/8", "12/8", not_with=KONG_WINS),
        WinItemDecl(
            "da_qi_dui",
            "大七对（有4张相同）",
            "seven pairs with four alike",
            "24/16",
            "24/16",
            not_with=KONG_WINS,
        ),
        WinItemDecl(
            "quan_qiu_ren",
            "全求人",
            "fully melded (one tile left)",
            "放炮18，自摸按碰碰胡6",
            "discard 18; self-drawn counts as all pungs 6",
            not_with=frozenset({"men_qing"}),
        ),
    )
    flags = (
        WinItemDecl("qing_yi_se", "清一色", "full flush", "9/6", "9/6"),
        WinItemDecl("men_qing", "门清", "concealed", "每家4", "4 each", how=S),
        WinItemDecl("gang_shang_pao", "杠上炮", "discard after a kong", "9", "9", how=D),
        WinItemDecl(
            "ming_gang_hua",
            "明杠杠上花（来自=被杠者）",
            "open-kong replacement win (from = the feeder)",
            "被杠者付18",
            "the feeder pays 18",
            how=D,
            not_with=frozenset({"gang_shang_pao", "hai_di_pao"}),
        ),
        WinItemDecl(
            "an_gang_hua", "暗杠杠上花", "concealed-kong replacement win", "每家9", "9 each", how=S
        ),
        WinItemDecl("hai_di_lao_yue", "海底捞月", "last-tile self-draw", "每家6", "6 each", how=S),
        WinItemDecl("hai_di_pao", "海底炮", "last discard", "9", "9", how=D),
        WinItemDecl(
            "tian_hu",
            "天胡",
            "heavenly hand",
            "每家6",
            "6 each",
            how=S,
            winner_dealer=True,
            not_with=frozenset({"an_gang_hua", "hai_di_lao_yue"}),
        ),
    )
    #: the short words of the steps (scoring.refs, kind ``word``); 包牌: the English steps
    #: write the Chinese, so only its zh is referenced
    words: ClassVar[Words] = {
        "flush": ("清一色", "", "flush"),
        "robbed_kong": ("抢杠", "", "robbed kong"),
        "discard": ("放炮", "", "discard"),
        "self_draw": ("自摸", "", "self-draw"),
        "exposed_kong": ("明杠", "", "open kong"),
        "concealed_kong": ("暗杠", "", "concealed kong"),
        "bao_pai": ("包牌", "", "liability for feeding three melds"),
        "quan_qiu_ren_self": ("全求人自摸按碰碰胡", "", "fully melded self-drawn as all pungs"),
    }
    events = (
        EventDecl(
            "exposed_kong",
            "明杠（含补杠）",
            "open kong (incl. added)",
            source="required",
            source_zh="被杠者（补杠：原先被碰者）",
            source_en="who fed it (added kong: who fed the pong)",
            value_zh="被杠者付1",
            value_en="the feeder pays 1",
        ),
        EventDecl(
            "concealed_kong", "暗杠", "concealed kong", value_zh="每家付1", value_en="1 from each"
        ),
        EventDecl(
            "bao_pai",
            "包牌（被喂三比）",
            "包牌 (fed three melds)",
            source="required",
            source_zh="喂了三比碰/杠的人",
            source_en="who fed the three pongs/kongs",
            value_zh="自摸一人付3份；别人放炮同付1份；自己放炮付2份",
            value_en="self-draw: he pays 3 shares; another's discard: 1 share too; own discard: 2",
            results=frozenset({"win"}),
        ),
    )

    def check(self, record: HandRecord, opts: Options) -> None:
        winners = {w.winner for w in record.wins}
        opened = {(e.player, e.source) for e in record.events if e.type == "exposed_kong"}
        hidden = {e.player for e in record.events if e.type == "concealed_kong"}
        konged = {p for p, _ in opened} | hidden
        bao = {e.player for e in record.events if e.type == "bao_pai"}
        for i, w in enumerate(record.wins):
            path = f"wins[{i}]"
            # each 杠 win carries its kong's money (L48 "杠錢照樣結算1分", L49 "9+1", L51
            # "開杠的杠錢要算的"): the kong must be recorded, or the kong money is lost
            if w.has("ming_gang_hua") and (w.winner, w.discarder) not in opened:
                raise RecordError(
                    f"{path}.flags",
                    f"明杠杠上花 needs {w.winner}'s open kong fed by {w.discarder} (event "
                    "exposed_kong) for its kong money (L48)",
                )
            if w.has("an_gang_hua") and w.winner not in hidden:
                raise RecordError(
                    f"{path}.flags",
                    f"暗杠杠上花 needs {w.winner}'s concealed kong (event concealed_kong), L49",
                )
            if w.has("gang_shang_pao") and w.discarder not in konged:
                raise RecordError(
                    f"{path}.flags", f"杠上炮 needs a kong by the discarder {w.discarder} (L50)"
                )
            if w.has("men_qing") and any(p == w.winner for p, _ in opened):
                raise RecordError(
                    f"{path}.flags", "门清 allows a concealed kong only (L40), not an open kong"
                )
            if w.shape in SEVEN_PAIRS and w.winner in konged:
                raise RecordError(
                    f"{path}.shape", "a seven-pairs hand holds its four alike, it has no kong"
                )
            if w.winner in bao and (w.has("men_qing") or w.shape in SEVEN_PAIRS):
                raise RecordError(
                    f"{path}.shape" if w.shape in SEVEN_PAIRS else f"{path}.flags",
                    "包牌: a player fed three pongs/kongs (L58) is neither concealed nor seven pairs",
                )
        fed: set[str] = set()
        for i, e in enumerate(record.events):
            if e.type != "bao_pai":
                continue
            if e.source in winners:
                raise RecordError(
                    f"events[{i}].from", "a player who fed three melds cannot win this hand (L58)"
                )
            if e.player in fed:
                raise RecordError(f"events[{i}]", "one 包牌 per player")
            fed.add(e.player)

    def share(self, win: Win) -> tuple[int, list[tuple[str, str, int]]]:
        """One payer's amount (before base) and its terms (zh, en, value)."""
        disc = how(win) != SELF_DRAWN
        shape = win.shape or "ping_hu"
        dv, sv, szh, sen = SHAPE_VALUE[shape]
        szh, sen = refs.name("label", shape, szh, sen)
        terms: list[tuple[str, str, int]] = []
        if shape == "quan_qiu_ren" and not disc:
            terms.append((*self.word("quan_qiu_ren_self"), sv))
        elif dv:
            terms.append((szh, sen, dv if disc else sv))
        if win.has("qing_yi_se"):
            terms.append((*self.word("flush"), 9 if disc else 6))
        for fid in (
            "men_qing",
            "gang_shang_pao",
            "ming_gang_hua",
            "an_gang_hua",
            "hai_di_lao_yue",
            "hai_di_pao",
            "tian_hu",
        ):
            if win.has(fid):
                v, zh, en = FLAG_VALUE[fid]
                zh, en = refs.name("term", fid, zh, en)
                terms.append((zh, en, v))
        if win.robbed_kong:
            terms.append((*self.word("robbed_kong"), 9))
        if not terms:
            terms.append((*self.word("discard"), 2) if disc else (*self.word("self_draw"), 3))
        return sum(v for _, _, v in terms), terms

    @classmethod
    def item_name(cls, kind: str, item_id: str) -> tuple[str, str, str] | None:
        """The shapes and flags as the share's terms name them (:data:`SHAPE_VALUE`,
        :data:`FLAG_VALUE`; scoring.refs)."""
        if kind == "label" and item_id in SHAPE_VALUE:
            _, _, zh, en = SHAPE_VALUE[item_id]
            return zh, "", en
        if kind == "term" and item_id in FLAG_VALUE:
            _, zh, en = FLAG_VALUE[item_id]
            return zh, "", en
        return None

    def compute(self, record: HandRecord, opts: Options) -> Settlement:
        t = Tally(record.players)
        base = opts.i("base")
        bao = {e.player: e.source for e in record.events if e.type == "bao_pai"}
        for win in record.wins:
            self._win(t, record, win, base, bao.get(win.winner))
        for e in record.events:
            if e.type == "exposed_kong" and e.source is not None:
                t.pay(e.source, e.player, base, "exposed_kong")
                kz, ke = self.word("exposed_kong")
                t.explain(
                    f"{e.player}{kz}：{e.source}付杠钱{base}",
                    f"{e.player}'s {ke}: {e.source} pays kong money {base}",
                    f"{e.player}の{ke}：{e.source}がカン代{base}を支払う",
                )
            elif e.type == "concealed_kong":
                for p in record.players:
                    if p != e.player:
                        t.pay(p, e.player, base, "concealed_kong")
                kz, ke = self.word("concealed_kong")
                t.explain(
                    f"{e.player}{kz}：其他三家各付杠钱{base}",
                    f"{e.player}'s {ke}: each of the other three pays {base}",
                    f"{e.player}の{ke}：他の三家が各カン代{base}を支払う",
                )
        return t.settlement()

    def _win(self, t: Tally, record: HandRecord, win: Win, base: int, liable: str | None) -> None:
        winner = win.winner
        amount, terms = self.share(win)
        share = amount * base
        zh = " · ".join(f"{z}{v}" for z, _, v in terms) + f" = {amount}"
        en = " · ".join(f"{e} {v}" for _, e, v in terms) + f" = {amount}"
        ja = en
        if base != 1:
            zh += f"，×底{base}={share}"
            en += f", × base {base} = {share}"
            ja += f"、×基本点{base}={share}"
        disc = win.discarder
        if disc is None:
            sz = self.word("self_draw")[0]  # the English: "self-draws"
            t.explain(
                f"{winner}{sz}：每家 {zh}",
                f"{winner} self-draws: per payer {en}",
                f"{winner}のツモ：一家あたり {ja}",
            )
            if liable is not None:
                t.pay(liable, winner, 3 * share, "bao_pai")
                t.explain(
                    f"{self.word('bao_pai')[0]}：{liable}喂{winner}三比，一人付3份 3×{share}={3 * share}，其他两家不付",
                    f"包牌: {liable} fed {winner} three melds and pays 3 shares alone: "
                    f"3 × {share} = {3 * share}; the other two pay nothing",
                    f"包牌：{liable}が{winner}に三副露させたため一人で3口 3×{share}={3 * share}、"
                    "他の二家は支払わない",
                )
                return
            for p in record.players:
                if p != winner:
                    t.pay(p, winner, share, "self_drawn_share")
            t.explain(
                f"三家各付{share}，共{3 * share}",
                f"each of the other three pays {share}, {3 * share} in all",
                f"他の三家が各{share}を支払う、計{3 * share}",
            )
            return
        if win.robbed_kong:
            kind_zh = self.word("robbed_kong")[0]
        elif win.has("ming_gang_hua"):  # the English: "open-kong replacement"
            kind_zh = refs.name("term", "ming_gang_hua", *FLAG_VALUE["ming_gang_hua"][1:])[0]
        else:
            kind_zh = self.word("discard")[0]
        kind_en = (
            "robbed kong"
            if win.robbed_kong
            else ("open-kong replacement" if win.has("ming_gang_hua") else "discard")
        )
        kind_ja = (
            "搶槓" if win.robbed_kong else ("明槓の嶺上牌" if win.has("ming_gang_hua") else "放銃")
        )
        t.explain(
            f"{winner}胡，{disc}{kind_zh}：{zh}",
            f"{winner} wins, {kind_en} by {disc}: {en}",
            f"{winner}の和了、{disc}の{kind_ja}：{ja}",
        )
        if liable == disc:
            t.pay(disc, winner, 2 * share, "bao_pai")
            t.explain(
                f"{self.word('bao_pai')[0]}：{disc}喂{winner}三比又{self.word('discard')[0]}，付两份 2×{share}={2 * share}",
                f"包牌: {disc} fed {winner} three melds and dealt in: two shares 2 × {share} = "
                f"{2 * share}",
                f"包牌：{disc}が{winner}に三副露させた上に放銃、二口 2×{share}={2 * share}",
            )
            return
        t.pay(disc, winner, share, "discarder_share")
        t.explain(f"{disc}付{share}", f"{disc} pays {share}", f"{disc}が{share}を支払う")
        if liable is not None:
            t.pay(liable, winner, share, "bao_pai")
            t.explain(
                f"旅游：{liable}喂{winner}三比，同付一份{share}",
                f"旅游: {liable} fed {winner} three melds and pays one share too: {share}",
                f"旅游：{liable}が{winner}に三副露させたため一口も支払う：{share}",
            )


RULESETS = [Nanning()]
