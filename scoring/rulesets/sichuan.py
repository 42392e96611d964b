"""四川麻将 · 血战到底 Sichuan "Bloody Battle to the End".

Spec: ``shared/rules/sichuan-xuezhan.md``; seed ``001_027ea77d1181f0d7.txt`` L122–157 (rules,
成麻) and L240–265 (番型一览, the fan table).

How a hand is recorded (all generic declarations, so the bot needs no Sichuan code):

* ``wins`` in the order they happened. In 血战 (option ``mode = xuezhan``) a won hand has
  exactly three wins (the hand goes on until three players have won, L146); a hand that ends
  with two or more players still in is a ``draw`` (流局, L143) that may carry the earlier
  wins. With ``mode = normal`` the hand ends at the first win: several wins are only
  possible on one discard (一炮多响), and a draw has no wins.
* 一炮多响 (L129–130): several wins on one discard are consecutive entries of ``wins`` with
  the same ``from`` (and no kong between them). A win on a discard is paid by the discarder
  alone, so under the default payment whether two consecutive wins with the same ``from``
  came from one discard or from two makes no difference to the money; each winner is paid
  separately. Under ``split`` / 全冲 (other players pay a share too) the co-winners of one
  discard are not payers of each other, so the order of those wins changes nothing; two
  wins in a row on the same ``from`` with no kong recorded between them are read as one
  discard (the record cannot tell two discards apart).
* ``shape`` = the hand type of the fan table (one, the highest listed that applies: S7, S9);
  ``flags`` = 杠上花, 杠上炮, 金钩钓, 海底捞月; 抢杠胡 is ``robbed_kong = true`` (``from`` = the
  player whose 面下杠 was robbed; that kong earns nothing, so it is not recorded as a kong
  event) and 自摸 is ``from = null``.
* count ``gen`` (根): the winner's sets of four identical tiles, kongs or not; for 龙七对 /
  青龙七对 the four that makes the 龙 is included here and taken off by the rule ("减1根").
* events ``zhi_gang`` (直杠, ``from`` = the feeder), ``mian_xia_gang`` (面下杠) and ``an_gang``
  (暗杠), each with ``after_wins`` = how many entries of ``wins`` had happened when the kong
  was made (0 = before the first win). Kong money is paid at once and only by players who
  have not won yet (L135–139).
* at a 流局, per player still in the hand: count ``flower_pig`` (1 = holds all three suits,
  花猪) and count ``ready_fan`` (0 = not ready; n ≥ 1 = ready, and n is the 番 of the best
  hand it could win on a discard, with its 根: the 大叫 of S6).

Amount of a win per payer: ``base × 2^(番 − 1)`` (一番 ×1 … 六番 ×32).

Table variants not in the seeds (house options): 呼叫转移 (``hujiao_zhuanyi``, off): on a 杠上炮
the konger hands that kong's money to the winner(s); the cap (``cap_fan``, 0 = none) is asked
when a table is opened.
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
    FieldDecl,
    OptionDecl,
    WinItemDecl,
)
from scoring.errors import RecordError
from scoring.quanchong import one_discard_groups, pay_fan_win, payment_option
from scoring.record import Event, HandRecord, Settlement, Win
from scoring.ruleset import Options, Ruleset, Tally, Words
from scoring.sichuan.payments import pay_kong, settle_draw, transfer_kong
from scoring.sichuan.tables import (
    DRAGON,
    DRAW_ONLY,
    EXTRAS,
    HANDS,
    KONGS,
    LONGQIDUI_FAN,
    PUNG_HANDS,
    SEVEN_PAIRS,
    FanCount,
    pow_amount,
    shape_decl,
)

__all__ = ["DRAGON", "HANDS", "RULESETS", "SEVEN_PAIRS", "Sichuan"]


class Sichuan(Ruleset):
    id: ClassVar[str] = "sichuan"
    zh: ClassVar[str] = "四川麻将·血战到底"
    en: ClassVar[str] = "Sichuan (Bloody Battle)"
    unit_zh: ClassVar[str] = "底分"
    unit_en: ClassVar[str] = "base points"
    summary_zh: ClassVar[str] = (
        "108张，缺门，不能吃。每胡 底分×2^(番−1)；点炮者付，自摸由未胡的每家付。"
        "刮风下雨：直杠引杠者付1倍，面下杠未胡者每家1倍，暗杠未胡者每家2倍。"
        "血战：胡牌后不再付也不再收；流局查花猪（16倍）、查大叫，未听牌者退回杠钱。"
    )
    summary_en: ClassVar[str] = (
        "108 tiles, void a suit, no chow. Each win pays base × 2^(fan − 1): the discarder pays, "
        "or on a self-draw each player who has not yet won. Kong money: direct kong 1× from the "
        "feeder, added kong 1× and concealed kong 2× from each player not yet won. Bloody battle: "
        "a player who has won neither pays nor receives afterwards; at a draw the flower pig pays "
        "16×, not-ready players pay ready players their best hand and refund their kong money."
    )
    players: ClassVar[tuple[int, ...]] = (4,)
    options: ClassVar[tuple[OptionDecl, ...]] = (
        OptionDecl(
            "base", "底分", "Base", "int", 1, min=1, max=1_000_000, house=True, important=True,
            help_zh="每1倍的分数（种子只说“1倍点数（在游戏中为基本分）”，未给数值；默认1）",
            help_en="Points per 1× (the seed says only '1倍点数', no value; default 1)",
        ),
        OptionDecl(
            "mode", "玩法", "Mode", "choice", "xuezhan",
            choices=(
                Choice("xuezhan", "血战到底（胡后继续，三家胡或流局为止）",
                       "Bloody battle (play on until three have won or the wall runs out)"),
                Choice("normal", "普通场（第一胡结束）", "Normal (the hand ends at the first win)"),
            ),
            important=True,
            help_zh="血战：第146行“1家胡了并不结束该局…直到有3家都胡或者余下的玩家家流局”",
            help_en="Bloody battle: seed L146; normal: the hand ends at the first win (L142)",
        ),
        OptionDecl(
            "zimo", "自摸", "Self-draw bonus", "choice", "jiafan",
            choices=(
                Choice("jiafan", "自摸加番", "Self-draw adds 1 fan"),
                Choice("jiadi", "自摸加底", "Self-draw adds one base"),
                Choice("none", "自摸不加", "No self-draw bonus"),
            ),
            important=True,
            help_zh="种子：“自摸，额外加一番”（第260行）。自摸加底（每家多付1个底分）种子中没有，为常见桌规",
            help_en="Seed: 'self-draw adds one fan' (L260). 加底 (each payer adds one base) is "
            "not in the seeds; a common house rule",
        ),
        OptionDecl(
            "cap_fan", "封顶（番，0=不封顶）", "Cap (fan, 0 = none)", "int", 0, min=0, max=13,
            house=True, important=True,
            help_zh="0 = 不封顶（默认；种子未说封顶，S4）。常见3、4或5番。查花猪的16倍不受封顶",
            help_en="0 = no cap (default; the seeds state none, S4). Commonly 3, 4 or 5. The "
            "flower pig's 16× is not capped",
        ),
        OptionDecl(
            "haidi_plus1", "海底捞月加一番", "Last tile +1 fan", "bool", True,
            help_zh="成麻：“海底捞月的话会另外在加一番”（第156行）",
            help_en="成麻: 'a last-tile win adds one more fan' (L156)",
        ),
        OptionDecl(
            "longqidui", "龙七对番数", "Dragon seven pairs", "choice", "table",
            choices=(
                Choice("table", "5番（×16）", "5 fan (×16)"),
                Choice("chengma", "3番（×4）", "3 fan (×4)"),
            ),
            help_zh="种子矛盾（S1）：番型一览“五番（×16）：龙七对”（第251–253行）与成麻“其中龙七对也是四翻”"
            "（第155行）。两种都减1根；青龙七对不变（6番）",
            help_en="Seed contradiction S1: the fan table '五番（×16）：龙七对' (L251–253) vs 成麻 "
            "'其中龙七对也是四翻' (L155). Both take one 根 off; 青龙七对 stays 6 fan",
        ),
        OptionDecl(
            "pig_pays_won_players", "花猪也赔已胡玩家", "Flower pig also pays players who won",
            "bool", False, house=True,
            help_zh="“花猪赔给非花猪玩家”未说是否包括已胡的玩家（S5）；默认只赔未胡的非花猪玩家",
            help_en="'the pig pays the non-pig players' does not say whether players who already "
            "won are included (S5); default: only non-pig players still in the hand",
        ),
        payment_option("discarder", important=False),
        OptionDecl(
            "hujiao_zhuanyi", "呼叫转移", "Call transfer (呼叫转移)", "bool", False, house=True,
            help_zh="杠上炮时，放炮的杠牌者把这个杠收到的刮风下雨钱转给胡牌者（常见桌规，种子未载）。"
            "一炮多响时由杠上炮的胡牌者平分，除不尽的余数从杠牌者的下家起依次各多得1",
            help_en="On a 杠上炮 the player who konged and dealt in hands that kong's money to the "
            "winner (a common table rule, not in the seeds). Several winners on that discard share "
            "it; a remainder goes one each in turn order from the konger's next seat",
        ),
    )  # fmt: skip
    shapes: ClassVar[tuple[WinItemDecl, ...]] = tuple(shape_decl(sid) for sid in HANDS)
    flags: ClassVar[tuple[WinItemDecl, ...]] = (
        WinItemDecl("gang_shang_hua", "杠上花", "Win on a kong replacement", "+1番", "+1 fan",
                    how=frozenset({SELF_DRAWN})),
        WinItemDecl("gang_shang_pao", "杠上炮", "Win on the discard after a kong", "+1番",
                    "+1 fan", how=frozenset({DISCARD})),
        WinItemDecl("jin_gou_diao", "金钩钓", "Golden hook (single wait, self-drawn)", "+1番",
                    "+1 fan", how=frozenset({SELF_DRAWN}), shapes=PUNG_HANDS),
        WinItemDecl("hai_di_lao_yue", "海底捞月", "Win on the last tile", "+1番", "+1 fan",
                    how=frozenset({SELF_DRAWN}), enabled_by="haidi_plus1"),
    )  # fmt: skip
    counts: ClassVar[tuple[CountDecl, ...]] = (
        CountDecl("gen", "根（胡牌者四张相同的牌）", "根 (winner's sets of four identical tiles)", 4),
        CountDecl("flower_pig", "花猪（流局时手上三门牌）", "Flower pig (holds three suits at a draw)", 1,
                  results=DRAW_ONLY),
        CountDecl("ready_fan", "大叫：听牌最大番（0=未听牌）",
                  "Ready: best possible fan (0 = not ready)", 10, results=DRAW_ONLY),
    )  # fmt: skip
    events: ClassVar[tuple[EventDecl, ...]] = tuple(
        EventDecl(
            kid,
            zh,
            en,
            source="required" if kid == "zhi_gang" else "forbidden",
            source_zh="引杠者" if kid == "zhi_gang" else "",
            source_en="the discarder who fed it" if kid == "zhi_gang" else "",
            fields=(FieldDecl("after_wins", "杠时已有几家胡", "wins before this kong", 0, 3, 0),),
            value_zh=("引杠者付1倍" if kid == "zhi_gang" else f"未胡的每家付{mult}倍"),
            value_en=(
                "the feeder pays 1×"
                if kid == "zhi_gang"
                else f"each player not yet won pays {mult}×"
            ),
        )
        for kid, (zh, en, mult) in KONGS.items()
    )
    win_inputs: ClassVar[frozenset[str]] = frozenset({"shape"})
    multi_win: ClassVar[Literal["none", "same_discard", "sequential"]] = "sequential"
    wins_allowed_in: ClassVar[frozenset[str]] = frozenset({"win", "draw"})
    dealer_rule: ClassVar[DealerRule] = DealerRule(
        dealer_wins="discarder",
        other_wins="discarder",
        draw="stay",
        zh="点炮者坐庄（自摸则胡者坐庄），流局连庄；血战以第一胡为准",
        en="The discarder of the (first) win deals (the winner after a self-draw); a draw with no "
        "win keeps the dealer",
    )

    # --- helpers -----------------------------------------------------------------------
    @staticmethod
    def hand_fan(shape: str, opts: Options) -> int:
        if shape == "long_qi_dui":
            return LONGQIDUI_FAN[opts.s("longqidui")]
        return HANDS[shape][2]

    #: the short words of the fan count (scoring.refs, kind ``word``); 根: the English steps
    #: write the Chinese, so only its zh is referenced
    words: ClassVar[Words] = {
        "gen": ("根", "", "root (a set of four)"),
        "robbed_kong": ("抢杠胡", "", "robbing a kong"),
        "self_draw": ("自摸", "", "self-draw"),
        "jiadi": ("自摸加底", "", "self-draw adds one base"),
    }

    @classmethod
    def item_name(cls, kind: str, item_id: str) -> tuple[str, str, str] | None:
        """The +1番 flags as the fan count names them (:data:`EXTRAS`, scoring.refs)."""
        if kind == "term" and item_id in EXTRAS:
            zh, en = EXTRAS[item_id]
            return zh, "", en
        return None

    def count_fan(self, record: HandRecord, win: Win, opts: Options) -> FanCount:
        """The 番 of one win, capped, with its parts (spec §2 ``fan``)."""
        assert win.shape is not None
        zh_name, en_name, _ = HANDS[win.shape]
        zh_name, en_name = refs.name("shape", win.shape, zh_name, en_name)
        fan = self.hand_fan(win.shape, opts)
        pzh, pen = [f"{zh_name}{fan}番"], [f"{en_name} {fan}"]
        pja = [f"{en_name} {fan}翻"]
        gen = record.count("gen", win.winner)
        if win.shape in DRAGON:
            gen -= 1
        if gen > 0:
            fan += gen
            pzh.append(f"{self.word('gen')[0]}{gen}")  # the English writes 根
            pen.append(f"根 {gen}")
            pja.append(f"根{gen}")
        extras: list[tuple[str, str]] = []
        if win.flags:
            extras = [
                refs.name("term", f, *EXTRAS[f])
                for f in EXTRAS
                if f in win.flags and (f != "hai_di_lao_yue" or opts.b("haidi_plus1"))
            ]
        if win.robbed_kong:
            extras.append(self.word("robbed_kong"))
        if win.self_drawn and opts.s("zimo") == "jiafan":
            extras.append(self.word("self_draw"))
        for zh, en in extras:
            fan += 1
            pzh.append(f"{zh}1")
            pen.append(f"{en} 1")
            pja.append(f"{en} 1")
        cap = opts.i("cap_fan")
        capped = min(fan, cap) if cap else fan
        return FanCount(capped, fan, tuple(pzh), tuple(pen), tuple(pja))

    # --- checks ------------------------------------------------------------------------
    def check(self, record: HandRecord, opts: Options) -> None:
        wins = record.wins
        n = len(record.players)
        xuezhan = opts.s("mode") == "xuezhan"
        if xuezhan:
            if record.result == "win" and len(wins) != n - 1:
                raise RecordError(
                    "wins",
                    f"in 血战 a won hand goes on until {n - 1} players have won; with "
                    f"{len(wins)} win(s) the hand ended in a draw (流局): record result 'draw'",
                )
            if record.result == "draw" and len(wins) > n - 2:
                raise RecordError("wins", f"a 流局 leaves at least two players; {len(wins)} won")
        else:
            if record.result == "draw" and wins:
                raise RecordError("wins", "in a normal hand a draw has no wins")
            if len(wins) > 1:
                first = wins[0]
                if first.discarder is None or any(
                    w.discarder != first.discarder or w.robbed_kong != first.robbed_kong
                    for w in wins
                ):
                    raise RecordError(
                        "wins", "a normal hand ends at the first win: several winners only on "
                        "one discard (一炮多响)"
                    )  # fmt: skip
        winners = [w.winner for w in wins]
        win_at = {w: i for i, w in enumerate(winners)}
        kongs_by: dict[str, list[int]] = {}
        for j, ev in enumerate(record.events):
            k = ev.int("after_wins")
            limit = len(wins) if record.result == "draw" else max(len(wins) - 1, 0)
            if k > limit:
                raise RecordError(
                    f"events[{j}].after_wins",
                    f"must be at most {limit}: the hand had {len(wins)} win(s)"
                    + ("" if record.result == "draw" else " and ended at the last"),
                )
            if not xuezhan and k != 0:
                raise RecordError(f"events[{j}].after_wins", "must be 0 in a normal hand")
            for who, path in ((ev.player, "player"), (ev.source, "from")):
                if who is not None and who in win_at and win_at[who] < k:
                    raise RecordError(
                        f"events[{j}].{path}",
                        f"{who} won (win {win_at[who] + 1}) before this kong and plays no more",
                    )
            kongs_by.setdefault(ev.player, []).append(k)
        for i, w in enumerate(wins):
            if w.discarder is not None and w.discarder in winners[:i]:
                raise RecordError(
                    f"wins[{i}].from", f"{w.discarder} has already won and plays no more"
                )
            assert w.shape is not None
            gen = record.count("gen", w.winner)
            own_kongs = [k for k in kongs_by.get(w.winner, []) if k <= i]
            if w.shape in SEVEN_PAIRS:
                if own_kongs:
                    raise RecordError(
                        f"wins[{i}]", "a seven-pairs hand has no kongs (没有碰过和杠过)"
                    )
                if gen > 3:
                    raise RecordError(f"counts.gen.{w.winner}", "seven pairs hold at most 3 根")
            if w.shape in DRAGON and gen < 1:
                raise RecordError(
                    f"counts.gen.{w.winner}", f"{HANDS[w.shape][0]} needs at least 1 根 (四张相同)"
                )
            if gen < len(own_kongs):
                raise RecordError(
                    f"counts.gen.{w.winner}",
                    f"{w.winner} made {len(own_kongs)} kong(s); each is a 根, so 根 ≥ {len(own_kongs)}",
                )
            if w.has("gang_shang_hua") and i not in kongs_by.get(w.winner, []):
                raise RecordError(
                    f"wins[{i}].flags",
                    f"杠上花 needs a kong by {w.winner} just before (after_wins = {i})",
                )
            if w.has("gang_shang_pao"):
                start = i
                while (
                    start > 0
                    and wins[start - 1].discarder == w.discarder
                    and not wins[start - 1].robbed_kong
                ):
                    start -= 1
                assert w.discarder is not None
                if not any(start <= k <= i for k in kongs_by.get(w.discarder, [])):
                    raise RecordError(
                        f"wins[{i}].flags",
                        f"杠上炮 needs a kong by {w.discarder} just before (after_wins = {i})",
                    )
        for cid in ("gen",):
            for p, v in record.counts.get(cid, {}).items():
                if v and p not in win_at:
                    raise RecordError(f"counts.{cid}.{p}", "根 is counted for winners only")
        remaining_draw = record.result == "draw"
        for cid in ("flower_pig", "ready_fan"):
            for p, v in record.counts.get(cid, {}).items():
                if v and (not remaining_draw or p in win_at):
                    raise RecordError(
                        f"counts.{cid}.{p}",
                        "only for players still in the hand at a draw (流局)",
                    )
        for p in record.players:
            if record.count("flower_pig", p) and record.count("ready_fan", p):
                raise RecordError(
                    f"counts.ready_fan.{p}", "a flower pig (three suits) cannot be ready"
                )

    # --- settlement --------------------------------------------------------------------
    def compute(self, record: HandRecord, opts: Options) -> Settlement:
        tally = Tally(record.players)
        self.run(record, opts, tally)
        return tally.settlement()

    def run(self, record: HandRecord, opts: Options, tally: Tally) -> list[int]:
        """Settle into ``tally``; return, per payment, the number of wins that had happened
        when it was made (the draw settlement counts as after every win)."""
        stages: list[int] = []
        base = opts.i("base")
        wins = record.wins
        kong_paid: list[tuple[str, str, int]] = []  # (payer, kong player, amount)

        def mark(k: int) -> None:
            stages.extend([k] * (len(tally.payments) - len(stages)))

        kongs_at: dict[int, list[Event]] = {}  # after_wins -> the kongs made then
        for ev in record.events:
            kongs_at.setdefault(ev.int("after_wins"), []).append(ev)
        out: set[str] = set()  # the players who have won so far
        # 一炮多响 (L129–130): the co-winners of one discard do not pay each other (only the
        # discarder pays a discard win under the default payment: no grouping needed then)
        transfer = opts.b("hujiao_zhuanyi")
        co_winners: dict[int, set[str]] = {}
        group_of: dict[int, list[int]] = {}
        if len(wins) > 1 and (transfer or opts.s("payment") != "discarder"):
            for group in one_discard_groups(wins, breaks=kongs_at.keys()):
                names = {wins[i].winner for i in group}
                for i in group:
                    co_winners[i] = names
                    group_of[i] = group
        last_kong: dict[tuple[int, str], list[tuple[str, str, int]]] = {}
        for k in range(len(wins) + 1):
            for ev in kongs_at.get(k, ()):
                paid = pay_kong(record, ev, out, base, tally)
                kong_paid.extend(paid)
                last_kong[(k, ev.player)] = paid
            mark(k)
            if k < len(wins):
                self._win(record, opts, k, out, co_winners.get(k, set()), tally)
                if transfer:
                    group = group_of.get(k, [k])
                    if k == group[-1]:
                        transfer_kong(record, group, last_kong, kong_paid, tally)
                mark(k)
                out.add(wins[k].winner)
        if record.result == "draw":
            settle_draw(record, opts, kong_paid, tally)
            mark(len(wins))
        if not tally.steps:
            tally.explain("无人付款", "Nobody pays", "支払いなし")
        return stages

    def _win(
        self,
        record: HandRecord,
        opts: Options,
        k: int,
        out: set[str],
        co: set[str],
        tally: Tally,
    ) -> None:
        """Win ``k``; ``out``: who has won before it, ``co``: the winners of its discard
        (一炮多响), who do not pay it (quanchong-payment.md §4 Q4)."""
        win = record.wins[k]
        base = opts.i("base")
        fc = self.count_fan(record, win, opts)
        amount = pow_amount(base, fc.fan)
        cap_zh = cap_en = cap_ja = ""
        if fc.fan != fc.uncapped:
            cap_zh = f"，封顶{fc.fan}番"
            cap_en = f", capped at {fc.fan}"
            cap_ja = f"、{fc.fan}翻で頭打ち"
        # "清一色3番 · 根1 = 4番 → 1×8 = 8": the first 番 is ×1, each more doubles
        label_zh = (
            f"第{k + 1}胡 {win.winner}：{' · '.join(fc.parts_zh)} = {fc.uncapped}番{cap_zh} → "
            f"{base}×{1 << (fc.fan - 1)} = {amount}"
        )
        label_en = (
            f"Win {k + 1}, {win.winner}: {' · '.join(fc.parts_en)} = {fc.uncapped} fan{cap_en} → "
            f"{base} × {1 << (fc.fan - 1)} = {amount}"
        )
        label_ja = (
            f"{k + 1}番目の和了 {win.winner}：{' · '.join(fc.parts_ja)} = {fc.uncapped}翻{cap_ja} → "
            f"{base}×{1 << (fc.fan - 1)} = {amount}"
        )
        if win.self_drawn and opts.s("zimo") == "jiadi":
            jz, je = self.word("jiadi")
            label_zh += f"，{jz} +{base}={amount + base}"
            label_en += f", {je} +{base}={amount + base}"
            label_ja += f"、{je} +{base}={amount + base}"
            amount += base
        if win.robbed_kong:
            label_zh += f"（抢{win.discarder}的面下杠，该杠刮风无效）"
            label_en += f" (robbing {win.discarder}'s added kong, which earns no kong money)"
            label_ja += f"（{win.discarder}の加カンを搶槓、そのカンの刮风は無効）"
        payers = [p for p in record.players if p == win.winner or p not in out | co]
        pay_fan_win(
            tally,
            record.players,
            win.winner,
            win.discarder,
            amount,
            opts.s("payment"),
            payers=payers,
            co_winners=co - {win.winner},
            label_zh=label_zh,
            label_en=label_en,
            label_ja=label_ja,
        )

    def next_dealer(self, record: HandRecord) -> str:
        """The discarder of the first win deals next (the winner after a self-draw), L149; a
        draw with no win keeps the dealer. In 血战 the first win counts even if the hand
        later ran out (the seed states the rule for normal tables only: house extension)."""
        if not record.wins:
            return record.dealer
        first = record.wins[0]
        return first.discarder or first.winner


RULESETS = [Sichuan()]
