"""长沙麻将 Changsha (Hunan): 小胡 / 大胡 and the 起手胡 starting-hand wins.

Spec: ``shared/rules/changsha.md``; seed ``003_62cb00bcf6a554e2.txt`` L132–164. The seed
defines the hands but gives **no amounts**: the four unit values and the way several 大胡
combine are table options with house defaults (spec C1, C2), marked ``house`` in /rules.

How a win is recorded:

* ``shape``: the structure: ``ping_hu`` (an ordinary hand: four sets and a pair),
  ``peng_peng_hu`` 碰碰胡, ``qi_xiao_dui`` 七小对, ``haohua_qi_xiao_dui`` 豪华七小对.
* ``flags``: the other 大胡 that stack on it: 将将胡, 清一色, 天胡, 地胡, 海底捞月, 海底炮.
* A win with ``ping_hu`` and no flag is a 小胡 (it needs a 2/5/8 pair, L144); anything else is
  a 大胡. n = the number of 大胡 types (the shape, if not ``ping_hu``, and each flag except
  清一色). Value = unit × n (``dahu_combine = add``, default) or unit × 2^(n−1)
  (``multiply``); 清一色 alone is worth one unit and doubles any other 大胡: "如果胡牌規則為大胡，
  則在原有大胡基礎上再翻一倍" (L156).
* Payment: a self-draw is paid by each other player, a discard by the discarder alone (spec
  §2; the seed says neither). 通胡 (several winners on one discard, L160): each is paid.
* 起手胡 (四喜, 板板胡, 缺一色, 六六顺) are events: "等同小胡自摸" (L136–142): each other player pays
  the 小胡 自摸 value to the declarer. They may occur in a won or a drawn hand (C3).
* Table variants not in the seed (house options, off by default): 扎鸟 / 抓鸟 (option ``birds`` =
  how many bird tiles are turned up after the win; count ``birds`` = how many landed on each
  player): every payment of a win is one unit more per bird on its payer and per bird on its
  winner; 庄家加番 (``zhuang_jia_fan``): every payment the dealer makes or receives is one unit
  more. The unit is the win's small or big unit value (``xiaohu_*`` / ``dahu_*``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar, Literal

from scoring import refs
from scoring.declarations import (
    DISCARD,
    SELF_DRAWN,
    Choice,
    CountDecl,
    EventDecl,
    OptionDecl,
    WinItemDecl,
)
from scoring.errors import RecordError
from scoring.record import HandRecord, Settlement, Win
from scoring.ruleset import Options, Ruleset, Tally

#: 起手胡 event id -> (zh, en, seed line, definition)
QISHOU: dict[str, tuple[str, str, str]] = {
    "da_si_xi": ("大四喜", "Four of a kind in the starting hand", "L136"),
    "ban_ban_hu": ("板板胡", "No 2, 5 or 8 in the starting hand", "L138"),
    "que_yi_se": ("缺一色", "A suit missing from the starting hand", "L140"),
    "liu_liu_shun": ("六六顺", "Two pungs in the starting hand", "L142"),
}

#: 大胡 shapes and flags (each one 大胡, except 清一色)
DAHU_NAMES: dict[str, tuple[str, str]] = {
    "peng_peng_hu": ("碰碰胡", "All pungs"),
    "qi_xiao_dui": ("七小对", "Seven pairs"),
    "haohua_qi_xiao_dui": ("豪华七小对", "Luxury seven pairs"),
    "jiang_jiang_hu": ("将将胡", "All 2/5/8"),
    "tian_hu": ("天胡", "Heavenly hand"),
    "di_hu": ("地胡", "Earthly hand"),
    "hai_di_lao_yue": ("海底捞月", "Last tile"),
    "hai_di_pao": ("海底炮", "Last tile won off another"),
}
QING_YI_SE = ("清一色", "Full flush")

#: the most bird tiles a table turns up (扎鸟 / 抓鸟; common tables turn up 1, 2, 4 or 6)
MAX_BIRDS = 6

NO_EXTRA = (0, "", "", "")

HOUSE_ZH = "（种子没有数值，本桌默认，非原文）"
HOUSE_EN = " (the seed gives no value; house default, not from the source)"


def _unit_option(oid: str, zh: str, en: str, default: int) -> OptionDecl:
    return OptionDecl(
        oid, zh, en, "int", default, min=0, max=1_000_000, house=True, important=True,
        help_zh=f"{zh}，默认{default}{HOUSE_ZH}", help_en=f"{en}, default {default}{HOUSE_EN}",
    )  # fmt: skip


class Changsha(Ruleset):
    id: ClassVar[str] = "changsha"
    zh: ClassVar[str] = "长沙麻将"
    en: ClassVar[str] = "Changsha"
    unit_zh: ClassVar[str] = "分"
    unit_en: ClassVar[str] = "points"
    summary_zh: ClassVar[str] = (
        "小胡（二五八将）与大胡（碰碰胡、将将胡、清一色、七小对、豪华七小对、海底、天胡、地胡）；"
        "起手胡（四喜、板板胡、缺一色、六六顺）等同小胡自摸。种子没有给出分值：各单位分为本桌设定。"
    )
    summary_en: ClassVar[str] = (
        "Small wins (2/5/8 pair) and big wins (all pungs, all 2/5/8, full flush, seven pairs, "
        "luxury seven pairs, last tile, heavenly, earthly); starting-hand wins count as a small "
        "self-draw. The seed gives no amounts: the unit values are table settings."
    )
    players: ClassVar[tuple[int, ...]] = (4,)
    options: ClassVar[tuple[OptionDecl, ...]] = (
        _unit_option("xiaohu_zimo", "小胡自摸每家付", "Small win, self-drawn: each pays", 2),
        _unit_option("xiaohu_dianpao", "小胡点炮者付", "Small win on a discard: discarder pays", 1),
        _unit_option("dahu_zimo", "大胡自摸每家付", "Big win, self-drawn: each pays (per 大胡)", 6),
        _unit_option("dahu_dianpao", "大胡点炮者付", "Big win on a discard: discarder pays (per 大胡)", 6),
        OptionDecl(
            "dahu_combine", "多个大胡", "Several big wins", "choice", "add",
            choices=(
                Choice("add", "相加（单位×个数）", "Add (unit × count)"),
                Choice("multiply", "翻倍（每多一个大胡翻一倍）", "Double (each further big win doubles)"),
            ),
            house=True,
            help_zh="种子只说清一色“在原有大胡基礎上再翻一倍”（第156行），其他大胡如何叠加未说明（C2）；默认相加",
            help_en="The seed states only 清一色's doubling (L156); how other big wins combine is "
            "not stated (C2); default add",
        ),
        OptionDecl(
            "birds", "扎鸟（抓鸟）张数", "Birds (扎鸟) turned up", "int", 0, min=0, max=MAX_BIRDS,
            house=True, important=True,
            help_zh="胡牌后翻开的鸟牌张数，0 = 不扎鸟（种子未载，常见桌规）。每只鸟落在胡牌者身上，"
            "每个付款者多付1个单位；落在付款者身上，该付款者多付1个单位（单位 = 该胡的小胡/大胡单位分）",
            help_en="Bird tiles turned up after a win, 0 = none (not in the seed, a common table "
            "rule, not stated there: a house option). Each bird on the winner makes every payer pay one unit more; each bird on a "
            "payer makes that payer pay one unit more (unit = the win's small/big unit value)",
        ),
        OptionDecl(
            "zhuang_jia_fan", "庄家加番", "Dealer adds one unit", "bool", False, house=True,
            help_zh="庄家付出或收到的每一笔付款多1个单位（该胡的单位分；起手胡为小胡自摸分）。种子未载，常见桌规",
            help_en="Every payment the dealer makes or receives is one unit more (the win's unit; "
            "a starting-hand win's is the small self-draw value). Not stated in the seed; a house "
            "option for a common rule",
        ),
    )  # fmt: skip
    counts: ClassVar[tuple[CountDecl, ...]] = (
        CountDecl("birds", "中鸟（落在该玩家的鸟数）", "Birds on the player", MAX_BIRDS,
                  total_max=MAX_BIRDS, enabled_by="birds", results=frozenset({"win"})),
    )  # fmt: skip
    shapes: ClassVar[tuple[WinItemDecl, ...]] = (
        WinItemDecl("ping_hu", "平胡（二五八将）", "Basic win (2/5/8 pair)", "小胡", "small win"),
        WinItemDecl("peng_peng_hu", "碰碰胡", "All pungs", "大胡", "big win"),
        WinItemDecl("qi_xiao_dui", "七小对", "Seven pairs", "大胡", "big win"),
        WinItemDecl("haohua_qi_xiao_dui", "豪华七小对", "Luxury seven pairs", "大胡", "big win"),
    )
    flags: ClassVar[tuple[WinItemDecl, ...]] = (
        # 将将胡 (every tile 2/5/8, L154) cannot be one suit: a suit has only 4+4+4 = 12 such
        # tiles, a hand 14; 天胡 (dealt tiles, L148) is never a last-tile win, nor 地胡 (the
        # dealer's first discard, L150) a 海底炮.
        WinItemDecl("jiang_jiang_hu", "将将胡", "All 2/5/8", "大胡", "big win",
                    not_with=frozenset({"qing_yi_se"})),
        WinItemDecl("qing_yi_se", "清一色", "Full flush", "大胡；与其他大胡再翻一倍",
                    "big win; doubles other big wins", not_with=frozenset({"jiang_jiang_hu"})),
        WinItemDecl("tian_hu", "天胡", "Heavenly hand", "大胡", "big win",
                    how=frozenset({SELF_DRAWN}), winner_dealer=True,
                    not_with=frozenset({"hai_di_lao_yue"})),
        WinItemDecl("di_hu", "地胡", "Earthly hand", "大胡", "big win",
                    how=frozenset({DISCARD}), winner_dealer=False,
                    not_with=frozenset({"hai_di_pao"})),
        WinItemDecl("hai_di_lao_yue", "海底捞月", "Last tile", "大胡", "big win",
                    how=frozenset({SELF_DRAWN})),
        WinItemDecl("hai_di_pao", "海底炮", "Last tile won off another", "大胡", "big win",
                    how=frozenset({DISCARD})),
    )  # fmt: skip
    events: ClassVar[tuple[EventDecl, ...]] = tuple(
        EventDecl(
            eid, zh, en, value_zh="等同小胡自摸：每家付小胡自摸分", value_en="as a small "
            "self-drawn win: each other player pays the small self-draw value",
        )
        for eid, (zh, en, _) in QISHOU.items()
    )  # fmt: skip
    multi_win: ClassVar[Literal["none", "same_discard", "sequential"]] = "same_discard"

    def check(self, record: HandRecord, opts: Options) -> None:
        birds = record.counts.get("birds")
        if birds:
            self._check_birds(record, opts, birds)
        for i, w in enumerate(record.wins):
            if w.has("di_hu") and w.discarder != record.dealer:
                raise RecordError(
                    f"wins[{i}].from", "地胡 is won on the dealer's first discard (L150)"
                )

    @staticmethod
    def _check_birds(record: HandRecord, opts: Options, birds: Mapping[str, int]) -> None:
        if sum(birds.values()) > opts.i("birds"):
            raise RecordError(
                "counts.birds", f"at most {opts.i('birds')} bird(s) are turned up at this table"
            )
        winners = {w.winner for w in record.wins}
        payers = {w.discarder for w in record.wins if w.discarder is not None}
        if any(w.self_drawn for w in record.wins):
            payers = set(record.players) - winners
        for p, n in birds.items():
            if n and p not in winners | payers:
                raise RecordError(
                    f"counts.birds.{p}",
                    f"{p} neither won nor pays: a bird on {p} counts for nothing",
                )

    @staticmethod
    def dahu_types(win: Win) -> list[str]:
        out = [win.shape] if win.shape and win.shape != "ping_hu" else []
        return out + [f for f in win.flags if f != "qing_yi_se"]

    def unit(self, win: Win, opts: Options) -> int:
        """The win's unit: the small or big unit value for its way of winning."""
        small = not self.dahu_types(win) and not win.has("qing_yi_se")
        zimo = win.self_drawn
        if small:
            return opts.i("xiaohu_zimo" if zimo else "xiaohu_dianpao")
        return opts.i("dahu_zimo" if zimo else "dahu_dianpao")

    def _extra(
        self, record: HandRecord, opts: Options, payer: str, payee: str, unit: int, *, birds: bool
    ) -> tuple[int, str, str, str]:
        """Units added to one payment by birds (扎鸟) and the dealer (庄家加番): the units,
        and the words (zh, en, ja)."""
        n_birds = record.count("birds", payee) + record.count("birds", payer) if birds else 0
        dealer = opts.b("zhuang_jia_fan") and record.dealer in (payer, payee)
        n = n_birds + int(dealer)
        if not n:
            return 0, "", "", ""
        zh = [f"中鸟{n_birds}"] if n_birds else []
        en = [f"birds {n_birds}"] if n_birds else []
        ja = [f"鳥{n_birds}"] if n_birds else []
        if dealer:
            zh.append("庄家1")
            en.append("dealer 1")
            ja.append("親1")
        units = "1 unit" if n == 1 else f"{n} units"
        return (
            n * unit,
            f" + {' · '.join(zh)} = {n}个单位 {n}×{unit}={n * unit}",
            f" + {' · '.join(en)} = {units}, {n}×{unit}={n * unit}",
            f" + {' · '.join(ja)} = {n}単位 {n}×{unit}={n * unit}",
        )

    def value(self, win: Win, opts: Options) -> tuple[int, str, str, str]:
        """Per-payer value of one win, and the explanation (zh, en, ja)."""
        zimo = win.self_drawn
        types = self.dahu_types(win)
        qys = win.has("qing_yi_se")
        if not types and not qys:
            unit = opts.i("xiaohu_zimo" if zimo else "xiaohu_dianpao")
            how_zh, how_en = ("自摸", "self-drawn") if zimo else ("点炮", "on a discard")
            how_ja = "ツモ" if zimo else "ロン（放銃）"
            return (
                unit,
                f"小胡{how_zh} {unit}",
                f"small win {how_en}: {unit}",
                f"小胡{how_ja} {unit}",
            )
        unit = opts.i("dahu_zimo" if zimo else "dahu_dianpao")
        n = len(types)
        named = [refs.name("dahu", t, *DAHU_NAMES[t]) for t in types]
        names_zh = " · ".join(z for z, _ in named)
        names_en = " · ".join(e for _, e in named)
        qys_zh, qys_en = refs.name("dahu", "qing_yi_se", QING_YI_SE[0], "full flush", "lower")
        if n == 0:
            val = unit
            zh, en = f"{qys_zh}大胡 {unit}", f"{qys_en} big win: {unit}"
            ja = f"{qys_en}の大胡 {unit}"
        elif opts.s("dahu_combine") == "multiply":
            val = unit * (1 << (n - 1))
            # "2个大胡 → 翻1倍": each big win past the first doubles (issue 25 point 6)
            zh = f"{names_zh} = {n}个大胡 → {unit}×{1 << (n - 1)} = {val}"
            en = f"{names_en} = {_big_wins(n)} → {unit} × {1 << (n - 1)} = {val}"
            ja = f"{names_en} = 大胡{n}つ → {unit}×{1 << (n - 1)} = {val}"
        else:
            val = unit * n
            zh = f"{names_zh} = {n}个大胡 → {unit}×{n} = {val}"
            en = f"{names_en} = {_big_wins(n)} → {unit} × {n} = {val}"
            ja = f"{names_en} = 大胡{n}つ → {unit}×{n} = {val}"
        if qys and n:
            zh += f"；{qys_zh}再翻一倍 {val}×2={val * 2}"
            en += f"; {qys_en} doubles it: {val}×2={val * 2}"
            ja += f"；{qys_en}でさらに倍 {val}×2={val * 2}"
            val *= 2
        how_zh, how_en = ("自摸每家", "self-drawn, each pays") if zimo else ("点炮", "on a discard")
        how_ja = "ツモ（各家払い）" if zimo else "ロン（放銃）"
        return val, f"大胡{how_zh}：{zh}", f"big win {how_en}: {en}", f"大胡{how_ja}：{ja}"

    @classmethod
    def item_name(cls, kind: str, item_id: str) -> tuple[str, str, str] | None:
        """The 大胡 names as the steps say them (:data:`DAHU_NAMES`, 清一色)."""
        if kind == "dahu":
            if item_id == "qing_yi_se":
                return QING_YI_SE[0], "", QING_YI_SE[1]
            if item_id in DAHU_NAMES:
                zh, en = DAHU_NAMES[item_id]
                return zh, "", en
        return None

    def compute(self, record: HandRecord, opts: Options) -> Settlement:
        tally = Tally(record.players)
        qishou_unit = opts.i("xiaohu_zimo")
        variant = bool(record.counts) or opts.b("zhuang_jia_fan")  # 扎鸟 / 庄家加番 in play
        for ev in record.events:
            zh, en, _line = QISHOU[ev.type]
            zh, en = refs.name("event", ev.type, zh, en)
            others = [p for p in record.players if p != ev.player]
            total = 0
            extra_zh: list[str] = []
            extra_en: list[str] = []
            extra_ja: list[str] = []
            for p in others:
                add, azh, aen, aja = (
                    self._extra(record, opts, p, ev.player, qishou_unit, birds=False)
                    if variant
                    else NO_EXTRA
                )
                tally.pay(p, ev.player, qishou_unit + add, ev.type)
                total += qishou_unit + add
                if add:
                    extra_zh.append(f"{p}{azh}")
                    extra_en.append(f"{p}{aen}")
                    extra_ja.append(f"{p}{aja}")
            more_zh = f"（{'；'.join(extra_zh)}）" if extra_zh else ""
            more_en = f" ({'; '.join(extra_en)})" if extra_en else ""
            more_ja = f"（{'；'.join(extra_ja)}）" if extra_ja else ""
            tally.explain(
                f"起手胡{zh}（{ev.player}）：等同小胡自摸，其他每家付 {qishou_unit}"
                f"{more_zh}，共{total}",
                f"Starting-hand win {en} ({ev.player}): as a small self-draw, each "
                f"other player pays {qishou_unit}{more_en}, {total} in all",
                f"起手胡 {en}（{ev.player}）：小胡ツモと同じく他の各家が {qishou_unit} を支払う"
                f"{more_ja}、計{total}",
            )
        for w in record.wins:
            val, zh, en, ja = self.value(w, opts)
            unit = self.unit(w, opts) if variant else 0
            payers = (
                [p for p in record.players if p != w.winner]
                if w.discarder is None
                else [w.discarder]
            )
            total = 0
            parts_zh: list[str] = []
            parts_en: list[str] = []
            parts_ja: list[str] = []
            for p in payers:
                add, azh, aen, aja = (
                    self._extra(record, opts, p, w.winner, unit, birds=True)
                    if variant
                    else NO_EXTRA
                )
                reason = "self_drawn_share" if w.discarder is None else "discarder_share"
                tally.pay(p, w.winner, val + add, reason)
                total += val + add
                if add:
                    parts_zh.append(f"{p}付 {val}{azh}={val + add}")
                    parts_en.append(f"{p} pays {val}{aen} = {val + add}")
                    parts_ja.append(f"{p}の支払い {val}{aja}={val + add}")
            more_zh = f"（{'；'.join(parts_zh)}）" if parts_zh else ""
            more_en = f" ({'; '.join(parts_en)})" if parts_en else ""
            more_ja = f"（{'；'.join(parts_ja)}）" if parts_ja else ""
            if w.discarder is None:
                tally.explain(
                    f"{w.winner} {zh}{more_zh}，共{total}",
                    f"{w.winner} {en}{more_en}; {total} in all",
                    f"{w.winner} {ja}{more_ja}、計{total}",
                )
            else:
                tally.explain(
                    f"{w.winner} {zh}，{w.discarder}付{total}{more_zh}",
                    f"{w.winner} {en}; {w.discarder} pays {total}{more_en}",
                    f"{w.winner} {ja}、{w.discarder}が{total}を支払う{more_ja}",
                )
        if not tally.steps:
            tally.explain("无人付款", "Nobody pays", "支払いなし")
        return tally.settlement()


def _big_wins(n: int) -> str:
    return "1 big win" if n == 1 else f"{n} big wins"


RULESETS = [Changsha()]
