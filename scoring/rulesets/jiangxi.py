"""Jiangxi 冲关 family: 南昌 Nanchang, 泰和 Taihe, 兴国 Xingguo — one engine, three rulesets.

Spec: ``shared/rules/jiangxi-chongguan.md``; source: seed ``000_718ed955d95fa411.txt`` (line
numbers below refer to it). A hand has two independent scores (L125 "分精计子和胡计子"):

* 胡计子 (the win, §2.2): **all three** other players pay the winner 2^翻 each, where a payer's
  翻 are 自摸 1 (every payer) or 点炮 1 (the discarder only), 精吊 +1, 杠开 +1 (or ×2 whole),
  庄 1 (when the payer or the winner is the dealer), the shape's 翻, 德国 +1 and 德中德/霸胡 +1
  (or ×2 whole); 德国 adds a flat +5 once, only from the responsible payers (all three on a
  self-draw, the discarder on a discard) — TH L173–174 "自摸1翻；点炮1翻；精调2翻；庄家1翻；
  小七/十三烂1翻；大七/七星十三烂2翻；杠调3翻；德国1翻+5". 天胡/地胡/全求人 are flat (§2.3);
  抢杠 (§2.4) is a normal win ×2 paid in full by the kong maker.
* 精计子 (the wildcards, §2.6): every holder of 精 collects from each of the three others:
  正精 2 / 副精 1 points; ≥5 points is 冲关, (n−3)×n; a 精 kong adds a bonus; a sole holder
  (霸精) doubles.

Plus kong money, 诈胡 and 跟庄 (§2.5). A drawn hand (和牌) is void: nothing at all is paid.

How a hand is recorded:

* a win: one entry in ``wins`` (one winner: "胡前不胡后", L125); ``from`` = the discarder, or
  for 抢杠 (``robbed_kong``) the kong maker, who then pays every share. Do not record the robbed
  kong as a kong event (it never happened, so it earns no kong money);
* 精 held at the end: counts ``primary_wild`` (正精, 0–3), ``secondary_wild`` (副精, 0–4) and
  ``wild_kongs`` (精杠: the four 副精 as a kong, so that player's ``secondary_wild`` is 4);
* kongs: events ``concealed_kong`` 暗杠, ``exposed_kong`` 碰杠 (``from`` optional), ``added_kong``
  补杠; ``follow_dealer`` 跟庄 with ``player`` = the dealer and ``rounds``;
* a false win 诈胡: ``result = "false_win"``, no wins, exactly one ``false_win`` event whose
  ``player`` is the offender; the hand ends with the penalty only (spec C19: no 精, no kong
  money, no 跟庄 — such events may be recorded but are not paid);
* a draw 和牌: ``result = "draw"``: void, whatever counts or events are recorded.
"""

from __future__ import annotations

from typing import ClassVar

from scoring.declarations import (
    DISCARD,
    Choice,
    CountDecl,
    DealerRule,
    EventDecl,
    OptionDecl,
    PresetDecl,
    WinItemDecl,
)
from scoring.errors import RecordError
from scoring.jiangxi.decls import (
    COUNTS,
    EVENTS,
    FALSE_WIN,
    FOLLOW_DEALER,
    KONG_EVENTS,
    NO_WILD,
    NO_WILD_ANYWHERE,
    PLAIN,
    PRIMARY,
    RESULT_DRAW,
    RESULT_FALSE_WIN,
    SECONDARY,
    SHAPES,
    WILD_KONGS,
    WORDS,
    flag_decls,
    option_decls,
    preset_decl,
)
from scoring.jiangxi.formulas import (
    BAHU_NAME,
    FLAG_NAME,
    SHAPE_LABEL,
    rule_key,
    wild_value,
)
from scoring.jiangxi.steps import (
    draw_step,
    false_win_note,
    net_step,
    pay_false_win,
    pay_follow,
    pay_kong,
    pay_wilds,
    pay_win,
)
from scoring.record import HandRecord, Settlement
from scoring.ruleset import RESULT_WIN, Options, Ruleset, Tally, Words, how

__all__ = ["RULESETS", "Chongguan", "Nanchang", "Taihe", "Xingguo", "wild_value"]


# --- the ruleset ----------------------------------------------------------------------------
# --- the ruleset ----------------------------------------------------------------------------
def _fail(field: str, message: str) -> None:
    raise RecordError(field, message)


class Chongguan(Ruleset):
    """The shared engine; the three rulesets below only differ in declarations."""

    unit_zh: ClassVar[str] = "子"
    unit_en: ClassVar[str] = "zi"  # 子, the stake unit (spec §7); said "zi", not "zi (stakes)"
    unit_gloss_en: ClassVar[str] = "points"  # introduced as "zi (points)" (issue 25.3)
    players: ClassVar[tuple[int, ...]] = (4,)
    results: ClassVar[tuple[Choice, ...]] = (RESULT_WIN, RESULT_DRAW, RESULT_FALSE_WIN)
    shapes: ClassVar[tuple[WinItemDecl, ...]] = SHAPES
    counts: ClassVar[tuple[CountDecl, ...]] = COUNTS
    events: ClassVar[tuple[EventDecl, ...]] = EVENTS
    #: the short words of the 精 step (scoring.refs, kind ``word``; spec §2.6)
    words: ClassVar[Words] = WORDS
    multi_win = "none"  # L125 "同一轮中点炮胡牌：胡前不胡后"
    #: The seed says nothing about who deals next (和牌 only voids the hand, L125); the usual rule.
    dealer_rule: ClassVar[DealerRule] = DealerRule(
        "stay",
        "next",
        "stay",
        "庄家胡牌或和牌连庄，闲家胡牌下家坐庄（原文未说明，按通行做法）",
        "The dealer keeps the deal after winning or a draw; a non-dealer win passes it to the "
        "next seat (the seed is silent; usual rule)",
    )

    # --- checks ----------------------------------------------------------------------------
    def check(self, record: HandRecord, opts: Options) -> None:
        counts = record.counts
        kongs = counts.get(WILD_KONGS)
        if kongs:
            for p, k in kongs.items():
                if k and record.count(SECONDARY, p) != 4:
                    _fail(
                        f"counts.{WILD_KONGS}.{p}",
                        "a wildcard kong (精杠) is the four 副精: that player's secondary_wild "
                        "must be 4",
                    )
        false_wins = 0
        for i, ev in enumerate(record.events):
            if ev.type == FOLLOW_DEALER and ev.player != record.dealer:
                _fail(
                    f"events[{i}].player", "跟庄 is paid by the dealer: player must be the dealer"
                )
            elif ev.type == FALSE_WIN:
                false_wins += 1
        if record.result == FALSE_WIN and false_wins != 1:
            _fail("events", "a false-win hand needs exactly one false_win event (the offender)")
        if record.result != "win" or not record.wins:
            return
        win = record.wins[0]
        if (
            how(win) == DISCARD
            and win.shape == PLAIN
            and NO_WILD not in win.flags
            and not opts["youjing_pinghu_can_ron"]
        ):
            _fail(
                "wins[0].from",
                "有精平胡不能抓点炮: a plain win that uses a 精 cannot be won on a discard at "
                "this table (option youjing_pinghu_can_ron)",
            )
        if NO_WILD_ANYWHERE in win.flags:
            j = win.flags.index(NO_WILD_ANYWHERE)
            if NO_WILD not in win.flags:
                _fail(f"wins[0].flags[{j}]", f"{NO_WILD_ANYWHERE!r} needs {NO_WILD!r} (德国)")
            for p in record.players:
                if p != win.winner and (record.count(PRIMARY, p) or record.count(SECONDARY, p)):
                    _fail(
                        f"wins[0].flags[{j}]",
                        f"{NO_WILD_ANYWHERE!r} means no other player holds a 精, but {p} does",
                    )

    # --- settlement -------------------------------------------------------------------------
    @classmethod
    def item_name(cls, kind: str, item_id: str) -> tuple[str, str, str] | None:
        """The words the steps name items by (scoring.refs): ``term`` = a flag as the
        formula says it (:data:`FLAG_NAME`; 德中德 / 霸胡 by ruleset, :data:`BAHU_NAME`),
        ``label`` = a shape's fan term (:data:`SHAPE_LABEL`)."""
        if kind == "term":
            zh, en = FLAG_NAME.get(item_id) or BAHU_NAME[cls.id]
            return zh, "", en
        if kind == "label" and item_id in SHAPE_LABEL:
            zh, en = SHAPE_LABEL[item_id]
            return zh, "", en
        return None

    def compute(self, record: HandRecord, opts: Options) -> Settlement:
        players = record.players
        base = int(opts["base"])
        if record.result == "draw":
            return Settlement((), dict.fromkeys(players, 0), (draw_step(),))
        t = Tally(players)
        events = record.events
        if record.result == FALSE_WIN:
            per = int(opts["zhahu"])
            for ev in events:
                if ev.type == FALSE_WIN:
                    pay_false_win(t, players, ev.player, per, base)
            t.steps.append(false_win_note())
        else:
            win = record.wins[0]
            pay_win(
                t,
                self.id,
                players,
                record.dealer,
                win,
                rule_key(opts),
                str(opts["robbed_kong_basis"]),
                bool(opts["quanqiuren"]),
                base,
            )
            pay_wilds(t, record, int(opts["gang_jing_bonus"]), bool(opts["full_jing_100"]), base)
            if events:
                money = int(opts["kong_money"])
                per = int(opts["genzhuang"])
                for ev in events:
                    if ev.type in KONG_EVENTS:
                        pay_kong(t, players, ev.player, ev.type, money, base)
                    elif ev.type == FOLLOW_DEALER:
                        pay_follow(t, players, ev.player, ev.int("rounds", 1), per, base)
        t.steps.append(net_step(t.net))
        return t.settlement()


class Nanchang(Chongguan):
    id: ClassVar[str] = "nanchang"
    zh: ClassVar[str] = "南昌麻将（冲关）"
    en: ClassVar[str] = "Nanchang (chong guan)"
    summary_zh: ClassVar[str] = (
        "三家都付，每翻翻一倍；德国+5；精吊+5；杠开、德中德整体×2；正精2副精1，5精以上冲关。"
        "玩法“南昌”依《新南昌麻将算子规则》与《南昌麻将算子规则知识讲解》，"
        "“南昌齐全表”依《南昌麻将算子齐全表》"
    )
    summary_en: ClassVar[str] = (
        "All three pay, each fan doubling; no-wild +5; wild single wait +5; kong bloom and "
        "no-wild-anywhere double the whole; wilds: primary 2, secondary 1, chong guan from 5. "
        "The variant 'Nanchang' follows 新南昌麻将算子规则 (new Nanchang rules) and "
        "南昌麻将算子规则知识讲解 (a Nanchang rules explainer); 'Nanchang full table' follows "
        "南昌麻将算子齐全表 (the full Nanchang table)"
    )
    options: ClassVar[tuple[OptionDecl, ...]] = option_decls(
        "nanchang", frozenset({"kong_money", "zhahu", "genzhuang"})
    )
    presets: ClassVar[tuple[PresetDecl, ...]] = (
        preset_decl("nanchang", "南昌", "Nanchang"),
        preset_decl("nanchang_table", "南昌齐全表", "Nanchang full table"),
    )
    default_preset: ClassVar[str | None] = "nanchang"
    flags: ClassVar[tuple[WinItemDecl, ...]] = flag_decls(
        "德中德", "No wild anywhere (德中德: no other player holds a 精)"
    )


class Taihe(Chongguan):
    id: ClassVar[str] = "taihe"
    zh: ClassVar[str] = "泰和冲关麻将"
    en: ClassVar[str] = "Taihe chong guan"
    summary_zh: ClassVar[str] = (
        "三家都付 2^翻；无精(德国)+5；精杠每家20；正精2副精1，5精以上冲关，霸精×2"
    )
    summary_en: ClassVar[str] = (
        "All three pay 2^fan; no-wild +5; wildcard kong 20 from each; wildcards: primary 2, "
        "secondary 1, chong guan from 5, sole holder ×2"
    )
    options: ClassVar[tuple[OptionDecl, ...]] = option_decls(
        "taihe",
        frozenset(
            {
                "youjing_pinghu_can_ron",
                "dezhongde_mode",
                "kong_money",
                "zhahu",
                "genzhuang",
            }
        ),
    )
    presets: ClassVar[tuple[PresetDecl, ...]] = (preset_decl("taihe", "泰和", "Taihe"),)
    default_preset: ClassVar[str | None] = "taihe"
    flags: ClassVar[tuple[WinItemDecl, ...]] = flag_decls(
        "德中德", "No wild anywhere (德中德: no other player holds a 精)"
    )


class Xingguo(Chongguan):
    id: ClassVar[str] = "xingguo"
    zh: ClassVar[str] = "兴国冲关麻将"
    en: ClassVar[str] = "Xingguo chong guan"
    summary_zh: ClassVar[str] = (
        "三家都付 2^翻；德国+5不翻倍；有精平胡不能抓炮；杠钱每家2；诈胡赔每家20；跟庄每家5"
    )
    summary_en: ClassVar[str] = (
        "All three pay 2^fan; no-wild +5 never doubled; a plain win with wilds cannot take a "
        "discard; kong 2 from each; false win pays 20 to each; 跟庄 5 to each"
    )
    options: ClassVar[tuple[OptionDecl, ...]] = option_decls(
        "xingguo", frozenset({"gang_jing_bonus", "full_jing_100"})
    )
    presets: ClassVar[tuple[PresetDecl, ...]] = (preset_decl("xingguo", "兴国", "Xingguo"),)
    default_preset: ClassVar[str | None] = "xingguo"
    flags: ClassVar[tuple[WinItemDecl, ...]] = flag_decls(
        "霸胡", "No wild anywhere (霸胡: no player holds a 精)"
    )


RULESETS = [Nanchang(), Taihe(), Xingguo()]
