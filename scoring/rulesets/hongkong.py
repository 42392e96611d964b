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
from scoring.hongkong.payments import faan_of, pay_false_win, pay_win
from scoring.hongkong.tables import (
    BAO,
    CHECKLIST,
    DISPUTED,
    FALSE_WIN,
    FANS,
    FLOWER_ITEMS,
    INSTANT,
    LIMIT,
    RESULTS,
    STAKE_CENTS,
    STAKE_NAMES,
    faan_option,
    fan_value,
    money_text,
    multiplier,
)
from scoring.record import HandRecord, Settlement, Win
from scoring.ruleset import Options, Ruleset, Tally, Words, how

__all__ = ["FANS", "RULESETS", "STAKE_CENTS", "HongKong", "money_text", "multiplier"]


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
        *(faan_option(fid) for fid in DISPUTED),
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
            value_zh="自摸：一人付6m；打出：包的出铳者付4m",
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
    fan_value = staticmethod(fan_value)

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
        return faan_of(type(self), win, opts)

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
            pay_false_win(type(self), t, record, opts, ev.player)
        else:
            for win in record.wins:
                pay_win(type(self), t, record, opts, win)
        if not t.steps:
            t.explain("流局（摸和），无人付款", "Draw: nobody pays", "流局：支払いなし")
        # no step restates the nets as money at the stake (issue 25.1: one figure per
        # amount): the contract's money is applied at the table (hand-record.md, Settlement)
        return t.settlement()


RULESETS = [HongKong()]
