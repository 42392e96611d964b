"""Generic 点数制 *diǎn shù zhì* (底分 × 2^番) with 封顶 (cap) and a payment layer.

Spec: ``shared/rules/generic-dianshu-fengding.md``; seed ``001_027ea77d1181f0d7.txt``:

* L99–100 "底分通常为10点或20点 … 得分 = 底分 × 2的番数次方" — the formula;
* L14–15 "上限（封顶）…大过该封顶值以该封顶值计算 … 为13番" — the cap;
* L26 "若多个牌型组合则按照加法算番" — fans add;
* L87–97 the article's example fan list (flags here; its definitions are unreliable, D2);
* L12 "谁胡牌下盘当庄家，若流局则上盘的庄家下盘继续当庄家" — the dealer rule;
* L13 "抢杠如果抢杠，记分按自摸计" — a robbed kong is scored as a self-draw.

A win is recorded either with the fans it holds (``fans``: ids of the list below, offered by
the bot as a checklist from ``rules points --json``) or with its total 番 given directly
(``fan``, for a table that uses its own fan list), never both. Per payer: ``底分 × 2^min(番, cap)``; who pays is
the ``payment`` option of :mod:`scoring.quanchong` (discarder alone by default; 全冲; split).
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from scoring import refs
from scoring.declarations import CountDecl, DealerRule, OptionDecl, WinItemDecl
from scoring.errors import RecordError
from scoring.quanchong import one_discard_groups, pay_fan_win, payment_option
from scoring.record import LEDGER_MAX, HandRecord, Settlement, Win
from scoring.ruleset import Options, Ruleset, Tally

#: the article's fan list (seed L87–97): id -> (zh, en, 番, seed line)
FANS: dict[str, tuple[str, str, int, str]] = {
    "ping_he": ("平和", "All chows / plain hand", 1, "L87"),
    "yi_bei_kou": ("一杯口", "Two identical sets", 1, "L88"),
    "qi_dui_zi": ("七对子", "Seven pairs", 2, "L89"),
    "hun_yi_se": ("混一色", "Half flush", 2, "L90"),
    "wu_zi": ("无字", "No honours", 3, "L91"),
    "dui_dui_he": ("对对和", "All pungs", 3, "L92"),
    "hun_quan_dai_yao_jiu": ("混全带幺九", "Outside hand", 3, "L93"),
    "hun_quan_dai_zi": ("混全带字", "Outside hand with honours", 3, "L97"),
    "qing_yi_se": ("清一色", "Full flush", 6, "L94"),
    "xiao_san_yuan": ("小三元", "Little three dragons", 13, "L95"),
    "da_san_yuan": ("大三元", "Big three dragons", 26, "L96"),
}

#: pairs that cannot hold together by the fans' own definitions (derived, not seed text)
EXCLUSIVE: tuple[tuple[str, str], ...] = (
    ("qing_yi_se", "hun_yi_se"),
    ("xiao_san_yuan", "da_san_yuan"),
    ("wu_zi", "hun_yi_se"),
    ("wu_zi", "hun_quan_dai_zi"),
    ("wu_zi", "xiao_san_yuan"),
    ("wu_zi", "da_san_yuan"),
    ("qi_dui_zi", "dui_dui_he"),
    ("qi_dui_zi", "yi_bei_kou"),
)


def _not_with(fid: str) -> frozenset[str]:
    return frozenset(b if a == fid else a for a, b in EXCLUSIVE if fid in (a, b))


#: the most a player pays in one hand, in shares: 全冲 4 shares to each of 3 winners
MAX_SHARES = 12


def ledger_fan_limit(base: int) -> int:
    """The largest 番 with ``MAX_SHARES × base × 2^番 ≤ LEDGER_MAX`` (0 at the least)."""
    return max((LEDGER_MAX // (MAX_SHARES * base)).bit_length() - 1, 0)


class Points(Ruleset):
    id: ClassVar[str] = "points"
    zh: ClassVar[str] = "点数制"
    en: ClassVar[str] = "Points"
    unit_zh: ClassVar[str] = "点"
    unit_en: ClassVar[str] = "points"
    summary_zh: ClassVar[str] = (
        "番数相加；得分 = 底分 × 2^番（每番翻一倍），封顶（默认13番）；付款方式可选点炮者付、"
        "全冲或不全冲。依种子001《快速入门规则》（第82–100行）与《麻将番数计算规则》（第2–26行）。"
    )
    summary_en: ClassVar[str] = (
        "Fans add; score = base × 2^fan (each fan doubles), capped (13 fan by default); payment: "
        "the discarder alone, 全冲, or split. From seed 001: a beginners' article (L82–100) and "
        "an online game's fan rules (L2–26)."
    )
    players: ClassVar[tuple[int, ...]] = (2, 3, 4)
    options: ClassVar[tuple[OptionDecl, ...]] = (
        OptionDecl(
            "base", "底分", "Base", "int", 10, min=1, max=1_000_000, house=True, important=True,
            help_zh="种子：“底分通常为10点或20点”（第99行），未定默认；本桌默认10（D1）",
            help_en="Seed: 'the base is usually 10 or 20' (L99), no default given; house default 10 (D1)",
        ),
        OptionDecl(
            "cap_fan", "封顶（番）", "Cap (fan)", "int", 13, min=0, max=99, important=True,
            help_zh="“上限封顶即役满牌型，为13番”（第15行）；大过封顶以封顶计算。0 = 不封顶"
            "（但一局的番数仍不得超过账本上限：12×底分×2^番 ≤ 10^12，底分10时32番）",
            help_en="'the cap is the limit hand, 13 fan' (L15); anything above is paid at the cap. "
            "0 = no cap (a hand is still refused past the ledger's bound: 12 × base × 2^fan ≤ "
            "10^12, 32 fan at base 10)",
        ),
        payment_option("discarder", house=True),  # spec §1: "who pays is not stated"
        OptionDecl(
            "flowers", "花牌加番", "Flowers add fan", "bool", False, house=True,
            help_zh="“胡牌时花牌可以多算番”（第19行）未说几番；开启后每张花牌+1番（本桌设定）",
            help_en="'flowers can add fan when winning' (L19) does not say how many; when on, each "
            "flower adds 1 fan (house value)",
        ),
    )  # fmt: skip
    shapes: ClassVar[tuple[WinItemDecl, ...]] = ()
    shape_required: ClassVar[bool] = False
    flags: ClassVar[tuple[WinItemDecl, ...]] = ()
    counts: ClassVar[tuple[CountDecl, ...]] = (
        CountDecl("flowers", "花牌", "Flowers", 8, enabled_by="flowers"),
    )
    win_inputs: ClassVar[frozenset[str]] = frozenset({"fans", "fan"})
    multi_win: ClassVar[Literal["none", "same_discard", "sequential"]] = "same_discard"
    dealer_rule: ClassVar[DealerRule] = DealerRule(
        dealer_wins="stay",
        other_wins="winner",
        draw="stay",
        zh="谁胡牌下盘当庄家，流局连庄（第12行）",
        en="The winner deals the next hand; a draw keeps the dealer (L12)",
    )

    @classmethod
    def extra_json(cls) -> dict[str, Any]:
        return {
            "fans": [
                {
                    "id": fid,
                    "name_zh": zh,
                    "name_en": en,
                    "points": fan,
                    "not_with": sorted(_not_with(fid)),
                }
                for fid, (zh, en, fan, _) in FANS.items()
            ]
        }

    @classmethod
    def check_options(cls, opts: Options) -> None:
        cap = opts.i("cap_fan")
        limit = ledger_fan_limit(opts.i("base"))
        if cap > limit:
            raise RecordError(
                "options.cap_fan",
                f"with base {opts.i('base')} the cap can be at most {limit} 番: a player may pay "
                f"12 shares of base × 2^cap in one hand, and the ledger holds {LEDGER_MAX:,}",
            )

    def check(self, record: HandRecord, opts: Options) -> None:
        for i, w in enumerate(record.wins):
            if w.fan is not None and w.fans is not None:
                raise RecordError(
                    f"wins[{i}].fan", "give either the fans or the total 番, not both"
                )
            if w.fan is None and not w.fans:
                raise RecordError(f"wins[{i}].fans", "a win needs its fans or its total 番")
            if w.fan is not None and w.fan < 1:
                raise RecordError(f"wins[{i}].fan", "a win has at least 1 番")
            fans = w.fans or ()
            for j, fid in enumerate(fans):
                path = f"wins[{i}].fans[{j}]"
                if fid not in FANS:
                    raise RecordError(path, f"unknown fan {fid!r} for ruleset points")
                if fid in fans[:j]:
                    raise RecordError(path, f"fan {fid!r} is listed twice")
                clash = _not_with(fid) & set(fans[:j])
                if clash:
                    raise RecordError(path, f"{fid!r} cannot be combined with {min(clash)!r}")
        for p, n in record.counts.get("flowers", {}).items():
            if n and p not in {w.winner for w in record.wins}:
                raise RecordError(f"counts.flowers.{p}", "flowers count for winners only")
        if not opts.i("cap_fan"):
            # no cap: 2^番 grows without limit; a win past the ledger's bound is refused
            limit = ledger_fan_limit(opts.i("base"))
            for i, w in enumerate(record.wins):
                fan = self.count_fan(record, w, opts)[0]
                if fan > limit:
                    key = "fan" if w.fan is not None else "fans"
                    raise RecordError(
                        f"wins[{i}].{key}",
                        f"{fan} 番 with no cap: at base {opts.i('base')} a win can count at most "
                        f"{limit} 番 (the ledger holds {LEDGER_MAX:,}); set a cap",
                    )

    @classmethod
    def item_name(cls, kind: str, item_id: str) -> tuple[str, str, str] | None:
        """The fans of the seed's list (:data:`FANS`, scoring.refs)."""
        if kind == "fan" and item_id in FANS:
            zh, en, _, _ = FANS[item_id]
            return zh, "", en
        return None

    def count_fan(self, record: HandRecord, win: Win, opts: Options) -> tuple[int, str, str, str]:
        """The win's 番 before the cap, and how it adds up (zh, en, ja)."""
        if win.fan is not None:
            fan = win.fan
            parts_zh, parts_en = [f"报{fan}番"], [f"declared {fan} fan"]
            parts_ja = [f"申告{fan}翻"]
        else:
            fans = win.fans or ()
            fan = sum(FANS[f][2] for f in fans)
            named = [refs.name("fan", f, FANS[f][0], FANS[f][1]) for f in fans]
            parts_zh = [f"{zh}{FANS[f][2]}" for f, (zh, _) in zip(fans, named, strict=True)]
            parts_en = [f"{en} {FANS[f][2]}" for f, (_, en) in zip(fans, named, strict=True)]
            parts_ja = list(parts_en)
        if win.fan is not None and not (opts.b("flowers") and record.count("flowers", win.winner)):
            return fan, f"{fan}番", f"{fan} fan", f"{fan}翻"
        flowers = record.count("flowers", win.winner) if opts.b("flowers") else 0
        if flowers:
            fan += flowers
            fz, fe = refs.name("count", "flowers", "花牌", "flowers", "lower")
            parts_zh.append(f"{fz}{flowers}")
            parts_en.append(f"{fe} {flowers}")
            parts_ja.append(f"{fe} {flowers}")
        return (
            fan,
            " · ".join(parts_zh) + f" = {fan}番",
            " · ".join(parts_en) + f" = {fan} fan",
            " · ".join(parts_ja) + f" = {fan}翻",
        )

    def compute(self, record: HandRecord, opts: Options) -> Settlement:
        tally = Tally(record.players)
        base = opts.i("base")
        cap = opts.i("cap_fan")
        # 一炮多响 (seed 001 L129–130): each winner of one discard is paid separately, so a
        # co-winner of the same discard is not a payer of the other (as in Sichuan)
        co_winners: dict[int, set[str]] = {}
        for group in one_discard_groups(record.wins):
            names = {record.wins[i].winner for i in group}
            for i in group:
                co_winners[i] = names
        for k, w in enumerate(record.wins):
            payers = [p for p in record.players if p not in co_winners[k] or p == w.winner]
            fan, parts_zh, parts_en, parts_ja = self.count_fan(record, w, opts)
            used = min(fan, cap) if cap else fan
            share = base * (1 << used)
            capped_zh = f"，封顶{used}番" if used != fan else ""
            capped_en = f", capped at {used}" if used != fan else ""
            capped_ja = f"、{used}翻で頭打ち" if used != fan else ""
            # "清一色6 · 对对和3 = 9番 → 10×512 = 5120": each 番 doubles (issue 25 point 6)
            label_zh = f"{w.winner}：{parts_zh}{capped_zh} → {base}×{1 << used} = {share}"
            label_en = f"{w.winner}: {parts_en}{capped_en} → {base} × {1 << used} = {share}"
            label_ja = f"{w.winner}：{parts_ja}{capped_ja} → {base}×{1 << used} = {share}"
            discarder = w.discarder
            if w.robbed_kong:  # L13 "抢杠如果抢杠，记分按自摸计"
                label_zh += "（抢杠按自摸计）"
                label_en += " (robbing a kong is scored as a self-draw)"
                label_ja += "（搶槓はツモとして計算）"
                discarder = None
            pay_fan_win(
                tally,
                record.players,
                w.winner,
                discarder,
                share,
                opts.s("payment"),
                payers=payers,
                co_winners=co_winners[k] - {w.winner},
                label_zh=label_zh,
                label_en=label_en,
                label_ja=label_ja,
            )
        if not tally.steps:
            tally.explain("流局，无人付款", "Draw: nobody pays", "流局：支払いなし")
        return tally.settlement()


RULESETS = [Points()]
