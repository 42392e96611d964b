"""国标麻将 Guobiao / MCR (Mahjong Competition Rules, 中国麻将竞赛规则).

Spec: ``shared/rules/guobiao-mcr.md``; seeds 002 L139–288 (the 81 fans, official 不计 lists),
001 L185–234 (levels, 8-fan minimum, 不重复原则, extras set B), 000 L22–26 (extras set A).

A win is scored one of three ways (``win_inputs``):

* ``fan`` — the players' own total of the hand's fans, **without flowers** (flowers come from
  ``counts.flowers``);
* ``fans`` — a checklist of fan ids; the engine removes the implied ones (不计) and says why,
  and refuses fans no hand can have together (清一色 with 混一色, :mod:`scoring.gb.compat`); the
  bot's checklist asks :meth:`Guobiao.fan_offerable` / :meth:`Guobiao.checklist_points`;
* ``tiles`` — the contract's tiles object; the engine finds the fans (:mod:`scoring.gb`).

Then (spec §2.1): ``F_hand`` < ``min_fan`` is refused ("国标规定必须够8番才能够和牌", seed 001 L200;
flowers "不计在起和分内", seed 002 L288); ``F = F_hand + flowers``. Settlement (spec §2.3, the
official competition rule, **not in any seed**): on a discard (or a robbed kong) the discarder pays
``base + F`` and each other player ``base``; self-drawn, each of the three pays ``base + F``.
Several winners on one discard: each is paid this way by the discarder (and ``base`` by each
player who neither won nor discarded). Option ``payment`` offers the 全冲 layer
(:mod:`scoring.quanchong`, share = F).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from scoring import refs
from scoring.declarations import (
    SELF_DRAWN,
    Choice,
    CountDecl,
    DealerRule,
    OptionDecl,
    WinItemDecl,
)
from scoring.errors import RecordError
from scoring.gb.calculator import Excluded, GbResult, calculate
from scoring.gb.checklist import can_add, checklist_points, evaluate_checklist
from scoring.gb.fans import EXTRA_BY_ID, EXTRAS, FAN_BY_ID, FANS, fan_label
from scoring.gb.hand import parse_hand
from scoring.quanchong import MODE_CHOICES, pay_fan_win
from scoring.record import HandRecord, Settlement, Win
from scoring.ruleset import Options, Ruleset, Tally

REASON_DISCARDER = "discarder_share"
REASON_OTHER = "other_share"
REASON_SELF = "self_drawn_share"

_PAYMENT_CHOICES = (
    Choice("standard", "标准（底分+番：放炮者付底分+番，其他家付底分；自摸每家付底分+番）",
           "Standard (discarder pays base + F, others base; self-draw: each base + F)"),
    *MODE_CHOICES,
)  # fmt: skip

_EXTRA_FLAGS = ("heavenly_hand", "earthly_hand", "human_hand", "ready_from_deal")


ROUND_WINDS = "ESWN"


def prevalent_wind_for(hands_before: int, round_wind: str = "by_hands") -> str:
    """The prevalent wind 圈风 (``E``/``S``/``W``/``N``) a hand gets by default under option
    ``round_wind``: ``east`` always East; ``by_hands`` follows the rounds of the night, the
    deal passing every hand (:attr:`Guobiao.dealer_rule`, no repeat dealer) so four hands make
    a round: ``hands_before`` (the night's confirmed hands before this one) 0–3 East, 4–7
    South, 8–11 West, 12–15 North, 16 East again."""
    if hands_before < 0:
        raise ValueError(f"hands_before must not be negative, not {hands_before}")
    if round_wind == "east":
        return "E"
    if round_wind != "by_hands":
        raise ValueError(f"unknown round_wind {round_wind!r}")
    return ROUND_WINDS[hands_before // 4 % 4]


class _WinScore:
    """One win's fans, as scored from whichever input it carries."""

    __slots__ = ("excluded", "extras", "fans", "flowers", "given", "reading", "source")

    def __init__(self) -> None:
        self.fans: dict[str, int] = {}
        self.excluded: tuple[Excluded, ...] = ()
        self.flowers = 0
        self.reading: str | None = None
        self.source = "fan"
        self.extras: dict[str, int] = {}
        self.given = 0  # the players' own total (``fan``)

    def hand_total(self, extra_set: str) -> int:
        total = self.given
        for f, n in self.fans.items():
            fan = FAN_BY_ID.get(f)
            total += n * (fan.points if fan else EXTRA_BY_ID[f].points(extra_set) or 0)
        for f in self.extras:
            total += EXTRA_BY_ID[f].points(extra_set) or 0
        return total


class Guobiao(Ruleset):
    id = "guobiao"
    zh = "国标麻将"
    en = "Guobiao (Chinese Official / MCR)"
    unit_zh = "分"
    unit_en = "points"
    summary_zh = "81番种，8番起和；点和：放炮者付底分+番，其他两家各付底分；自摸：三家各付底分+番。"
    summary_en = (
        "81 fans, 8-fan minimum; on a discard the discarder pays base + fans and the others base; "
        "self-drawn, each of the three pays base + fans."
    )
    players = (4,)
    options = (
        OptionDecl("base", "底分", "Base points", "int", 8, min=0, max=10_000, house=True,
                   important=True,
                   help_zh="正式比赛规则的底分8分（种子中没有，规格§2.3推荐）。",
                   help_en="8, the official competition rule (not in the seeds; spec §2.3)."),
        OptionDecl("min_fan", "起和番数", "Minimum fans to win", "int", 8, min=0, max=88,
                   important=True,
                   help_zh="国标规定必须够8番才能够和牌（种子001第200行）；花牌不计在起和分内。0=不限。",
                   help_en="8 (seed 001 L200); flowers do not count toward it. 0 = no minimum."),
        OptionDecl("flowers", "花牌", "Flowers", "bool", True,
                   help_zh="每花1分，和牌后才计（种子002第288行）。",
                   help_en="1 point each, only after winning (seed 002 L288)."),
        OptionDecl("payment", "付款方式", "Payment rule", "choice", "standard",
                   choices=_PAYMENT_CHOICES, house=True,
                   help_zh="标准=正式比赛规则（种子中没有）；全冲等见种子001第101–106行（份额=番数）。",
                   help_en="standard = the official competition rule (not in the seeds); 全冲 and its "
                           "siblings: seed 001 L101–106, one share = the fan count."),
        OptionDecl("extras", "非国标番种", "Non-standard extras", "choice", "off",
                   choices=(Choice("off", "不用", "Off"),
                            Choice("set_a", "联众：四方大发168、天和168、地和158、人和108",
                                   "联众 set: 四方大发 168, 天和 168, 地和 158, 人和 108"),
                            Choice("set_b", "天和99、地和88、人和64、天听32",
                                   "天和 99, 地和 88, 人和 64, 天听 32")),
                   help_zh="种子000第23–25行（A组）与种子001第189–192行（B组），均注明非国标。",
                   help_en="Seed 000 L23–25 (set A) and seed 001 L189–192 (set B), both non-standard."),
        OptionDecl("engine_adds", "补充不计", "Implied fans not counted", "bool", True,
                   help_zh="除官方不计外，不重复原则必然并存的番也不计（规格§3 ※列）。",
                   help_en="Besides the official 不计 lists, drop fans the definition implies "
                           "(spec §3, column ※; principle 1)."),
        OptionDecl("extended_exclusions", "扩展不计", "Extended 不计 lists", "bool", False,
                   help_zh="种子001的扩展不计（主要是缺一门）。",
                   help_en="The extended lists of seed 001 (mostly 缺一门 One Voided Suit)."),
        OptionDecl("exhausted_waits", "自己用尽的牌不算听", "Used-up tiles are no wait", "bool", False,
                   house=True,
                   help_zh="和牌者自己已有4张（含副露）的牌不算听口，可使边张、坎张、单钓将成立。默认按牌型"
                           "算听口，与参考计算器一致（种子未规定）。",
                   help_en="A tile the winner holds all four of (melds included) is no wait, which "
                           "can make an edge, closed or single wait count. Default: waits by the "
                           "hand's shape, as the reference calculator (the seeds are silent)."),
        OptionDecl("seven_pairs_strict", "七对严格计番", "Strict seven pairs", "bool", False,
                   house=True,
                   help_zh="严格98规则：七对不计绿一色、字一色、清幺九、混幺九、全大/中/小、大于五、小于五。",
                   help_en="Strict 1998 reading: seven pairs do not combine with the fans defined on "
                           "sets (all green/honours/terminals, upper/middle/lower)."),
        OptionDecl("round_wind", "默认圈风", "Default prevalent wind", "choice", "by_hands",
                   choices=(Choice("by_hands", "按局数（四局一圈）", "By hands (4 a round)"),
                            Choice("east", "总是东风", "Always East")),
                   house=True, important=True,
                   help_zh="录入牌张时未写圈风（圈南等）所用的圈风。按局数=本晚此前已确认的局数÷4，"
                           "依次东南西北（国标每局轮庄，四局一圈；种子未写圈的轮转）；作废的局不计，"
                           "每晚从东圈开始。",
                   help_en="The prevalent wind a tiles entry gets when no word (圈南 …) gives one. "
                           "by_hands = the night's confirmed hands before this one // 4, in turn "
                           "East, South, West, North (the deal passes every hand in MCR, four "
                           "hands a round; the seeds do not say how rounds advance); voided hands "
                           "do not count, each night starts in the East round."),
    )  # fmt: skip
    flags = (
        WinItemDecl("heavenly_hand", "天和", "Heavenly Hand", "168/99番", "168/99 fan",
                    how=frozenset({SELF_DRAWN}), winner_dealer=True,
                    enabled_by="extras=set_a|set_b", house=True),
        WinItemDecl("earthly_hand", "地和", "Earthly Hand", "158/88番", "158/88 fan",
                    how=frozenset({SELF_DRAWN}), winner_dealer=False,
                    enabled_by="extras=set_a|set_b", house=True),
        WinItemDecl("human_hand", "人和", "Human Hand", "108/64番", "108/64 fan",
                    enabled_by="extras=set_a|set_b", house=True),
        WinItemDecl("ready_from_deal", "天听", "Ready from the Deal", "32番", "32 fan",
                    enabled_by="extras=set_b", house=True),
    )  # fmt: skip
    shape_required = False
    counts = (CountDecl("flowers", "花牌", "Flowers", max=8, total_max=8, enabled_by="flowers"),)
    win_inputs = frozenset({"fan", "fans", "tiles"})
    multi_win = "same_discard"
    dealer_rule = DealerRule(
        dealer_wins="next",
        other_wins="next",
        draw="next",
        zh="每局轮庄（国标不连庄）",
        en="The deal passes every hand (no repeat dealer in MCR)",
    )

    @classmethod
    def extra_json(cls) -> dict[str, Any]:
        return {
            "fans": [f.to_json() for f in FANS],
            "extra_fans": [
                {"id": e.id, "name_zh": e.zh, "name_en": e.en,
                 "points_set_a": e.points_a, "points_set_b": e.points_b}
                for e in EXTRAS
            ],
        }  # fmt: skip

    # ------------------------------------------------------------------------------------
    # the checklist (``wins[].fans``) as the bot offers it
    def fan_offerable(
        self,
        opts: Options,
        chosen: Sequence[str],
        fan_id: str,
        *,
        self_drawn: bool | None,
        robbed_kong: bool = False,
    ) -> bool:
        """Whether the checklist still offers ``fan_id`` beside the ticked fans: not implied by
        or implying one of them (the 不计 table under this table's options), not contradicting
        them, fitting the win (``self_drawn`` None: not known yet)."""
        return can_add(
            chosen,
            fan_id,
            self_drawn=self_drawn,
            robbed_kong=robbed_kong,
            engine_adds=opts.b("engine_adds"),
            extended=opts.b("extended_exclusions"),
        )

    def checklist_points(
        self, opts: Options, chosen: Sequence[str], *, self_drawn: bool, robbed_kong: bool = False
    ) -> int:
        """The checklist's running total: the hand's fans plus the ticked flowers, as settled."""
        return checklist_points(
            chosen,
            self_drawn=self_drawn,
            robbed_kong=robbed_kong,
            engine_adds=opts.b("engine_adds"),
            extended=opts.b("extended_exclusions"),
            extra_set=opts.s("extras"),
        )

    # ------------------------------------------------------------------------------------
    def _score(self, record: HandRecord, opts: Options, i: int, win: Win) -> _WinScore:
        path = f"wins[{i}]"
        given = [k for k, v in (("fan", win.fan), ("fans", win.fans), ("tiles", win.tiles))
                 if v is not None]  # fmt: skip
        if not given:
            raise RecordError(path, "give the fans: 'fan' (a total), 'fans' (a list) or 'tiles'")
        if len(given) > 1:
            raise RecordError(
                f"{path}.{given[1]}", f"give only one of fan, fans, tiles (also {given[0]})"
            )
        extra_set = opts.s("extras")
        out = _WinScore()
        counted_flowers = record.count("flowers", win.winner)
        if win.fan is not None:
            out.given = win.fan
            out.flowers = counted_flowers
        elif win.fans is not None:
            res = evaluate_checklist(
                win.fans,
                f"{path}.fans",
                self_drawn=win.discarder is None,
                robbed_kong=win.robbed_kong,
                engine_adds=opts.b("engine_adds"),
                extended=opts.b("extended_exclusions"),
                extra_set=extra_set,
            )
            out.source = "fans"
            out.fans = dict(res.fans) if res.fans else {"chicken_hand": 1}
            out.excluded = res.excluded
            out.flowers = counted_flowers
            if res.flowers is not None:
                if counted_flowers and counted_flowers != res.flowers:
                    raise RecordError(
                        f"{path}.fans",
                        f"lists {res.flowers} flower(s) but counts.flowers says {counted_flowers}",
                    )
                out.flowers = res.flowers
        else:
            tpath = f"{path}.tiles"
            gb = parse_hand(win.tiles, tpath)
            if gb.self_drawn != (win.discarder is None):
                raise RecordError(
                    f"{tpath}.self_drawn",
                    f"is {str(gb.self_drawn).lower()} but the win's 'from' is "
                    + ("null (self-drawn)" if win.discarder is None else repr(win.discarder)),
                )
            if not gb.self_drawn and gb.kong_related != win.robbed_kong:
                raise RecordError(
                    f"{tpath}.kong_related",
                    "on a discard kong_related means 抢杠和 (robbing a kong); it must agree with "
                    f"the win's robbed_kong ({str(win.robbed_kong).lower()})",
                )
            if counted_flowers and counted_flowers != gb.flowers:
                raise RecordError(
                    f"{tpath}.flowers",
                    f"is {gb.flowers} but counts.flowers says {counted_flowers}",
                )
            res2: GbResult | None = calculate(
                gb,
                engine_adds=opts.b("engine_adds"),
                extended=opts.b("extended_exclusions"),
                seven_pairs_strict=opts.b("seven_pairs_strict"),
                extra_set=extra_set,
                exhausted_waits=opts.b("exhausted_waits"),
            )
            if res2 is None:
                raise RecordError(
                    tpath, f"not a winning hand: {gb.notation()} is not 4 sets and a pair "
                    "or a special form"
                )  # fmt: skip
            out.source = "tiles"
            out.fans = {f.id: f.count for f in res2.fans}
            out.excluded = res2.excluded
            out.flowers = gb.flowers
            out.reading = res2.decomposition
        if not opts.b("flowers") and out.flowers:
            raise RecordError(f"{path}", "this table plays without flowers, but flowers are given")
        for j, flag in enumerate(win.flags):
            if flag in _EXTRA_FLAGS:
                e = EXTRA_BY_ID[flag]
                if extra_set == "off" or e.points(extra_set) is None:
                    raise RecordError(
                        f"{path}.flags[{j}]",
                        f"{e.zh} {e.en} is not played at this table (option extras={extra_set})",
                    )
                if (
                    flag == "human_hand"
                    and extra_set == "set_b"
                    and (win.winner == record.dealer or win.discarder != record.dealer)
                ):
                    raise RecordError(
                        f"{path}.flags[{j}]",
                        "人和 (set B): a non-dealer wins on the dealer's first discard",
                    )
                out.extras[flag] = 1
        return out

    def _evaluate(self, record: HandRecord, opts: Options) -> list[tuple[Win, _WinScore, int]]:
        out = []
        extra_set = opts.s("extras")
        for i, win in enumerate(record.wins):
            s = self._score(record, opts, i, win)
            hand = s.hand_total(extra_set)
            minimum = opts.i("min_fan")
            if hand < minimum:
                field = f"wins[{i}].{s.source}"
                raise RecordError(
                    field,
                    f"the hand reaches {hand} fan, below the {minimum}-fan minimum "
                    "(flowers do not count toward it)",
                )
            out.append((win, s, hand))
        return out

    def check(self, record: HandRecord, opts: Options) -> None:
        self._evaluate(record, opts)

    @classmethod
    def item_name(cls, kind: str, item_id: str) -> tuple[str, str, str] | None:
        """The 81 fans and the extras (scoring.gb.fans; no Traditional names declared)."""
        if kind == "fan" and (item_id in FAN_BY_ID or item_id in EXTRA_BY_ID):
            zh, en = fan_label(item_id)
            return zh, "", en
        return None

    def compute(self, record: HandRecord, opts: Options) -> Settlement:
        tally = Tally(record.players)
        base = opts.i("base")
        mode = opts.s("payment")
        extra_set = opts.s("extras")
        winners = {w.winner for w in record.wins}
        if record.result != "win" or not record.wins:
            tally.explain(
                "荒庄：无人和牌，不付分",
                "Draw: nobody won, nothing is paid",
                "流局：和了なし、支払いなし",
            )
            return tally.settlement()
        for win, s, hand in self._evaluate(record, opts):
            f_total = hand + s.flowers
            zh_parts, en_parts, ja_parts = _fan_parts(s, extra_set)
            head_zh = f"{win.winner}和牌"
            head_en = f"{win.winner} wins"
            head_ja = f"{win.winner}の和了"
            if s.reading:
                head_zh += f"（拆分：{s.reading}）"
                head_en += f" (reading: {s.reading})"
                head_ja += f"（面子の取り方：{s.reading}）"
            fz, fe = refs.name("count", "flowers", "花牌", "flowers", "lower")
            flw_zh = f" + {fz}{s.flowers}" if s.flowers else ""
            flw_en = f" + {s.flowers} {fe}" if s.flowers else ""
            total_zh = f"{hand}番{flw_zh} = {f_total}" if s.flowers else f"{hand}番"
            total_en = f"{hand} fan{flw_en} = {f_total}" if s.flowers else f"{hand} fan"
            flw_ja = f" + {fe}{s.flowers}" if s.flowers else ""
            total_ja = f"{hand}番{flw_ja} = {f_total}" if s.flowers else f"{hand}番"
            if len(zh_parts) > 1 or s.source != "fan":  # a fan list, then its total
                total_zh = f"{' · '.join(zh_parts)} = {total_zh}"
                total_en = f"{' · '.join(en_parts)} = {total_en}"
                total_ja = f"{' · '.join(ja_parts)} = {total_ja}"
            else:  # a declared total alone: "报38番", not "报番38 = 38番"
                total_zh, total_en = f"报{total_zh}", f"declared {total_en}"
                total_ja = f"申告{total_ja}"
            tally.explain(
                f"{head_zh}：{total_zh}", f"{head_en}: {total_en}", f"{head_ja}：{total_ja}"
            )
            if s.excluded:
                tally.explain(
                    "不计：" + "；".join(_excl_zh(e) for e in s.excluded),
                    "Not counted: " + "; ".join(_excl_en(e) for e in s.excluded),
                    "不計上：" + "；".join(_excl_ja(e) for e in s.excluded),
                )
            payers = [p for p in record.players if p == win.winner or p not in winners]
            if win.discarder is not None and win.discarder not in payers:
                payers.append(win.discarder)
            if mode != "standard":
                pay_fan_win(tally, record.players, win.winner, win.discarder, f_total, mode,
                            payers=payers, label_zh=f"{win.winner} {f_total}番",
                            label_en=f"{win.winner} {f_total} fan",
                            label_ja=f"{win.winner} {f_total}番")  # fmt: skip
                continue
            others = [p for p in payers if p != win.winner]
            if win.discarder is None:
                for p in others:
                    tally.pay(p, win.winner, base + f_total, REASON_SELF)
                tally.explain(
                    f"自摸：{len(others)}家各付 底分{base}+{f_total}={base + f_total}，"
                    f"共{len(others) * (base + f_total)}",
                    f"Self-drawn: each of {len(others)} pays base {base} + {f_total} = "
                    f"{base + f_total}, {len(others) * (base + f_total)} in all",
                    f"ツモ：{len(others)}家が各 基本点{base}+{f_total}={base + f_total} を支払う、"
                    f"計{len(others) * (base + f_total)}",
                )
            else:
                tally.pay(win.discarder, win.winner, base + f_total, REASON_DISCARDER)
                rest = [p for p in others if p != win.discarder]
                for p in rest:
                    tally.pay(p, win.winner, base, REASON_OTHER)
                how_zh = "抢杠" if win.robbed_kong else "放炮"
                how_en = "was robbed of a kong" if win.robbed_kong else "discarded"
                how_ja = "の槓が搶槓され" if win.robbed_kong else "が放銃し"
                tally.explain(
                    f"{win.discarder}{how_zh}付 底分{base}+{f_total}={base + f_total}"
                    + (f"，{'、'.join(rest)}各付底分{base}" if rest else "")
                    + f"；{win.winner}共得{base + f_total + base * len(rest)}",
                    f"{win.discarder} {how_en} and pays base {base} + {f_total} = {base + f_total}"
                    + (f"; {', '.join(rest)} pay base {base} each" if rest else "")
                    + f"; {win.winner} receives {base + f_total + base * len(rest)}",
                    f"{win.discarder}{how_ja}、基本点{base}+{f_total}={base + f_total} を支払う"
                    + (f"、{'、'.join(rest)}は各 基本点{base}" if rest else "")
                    + f"；{win.winner}の受け取り計{base + f_total + base * len(rest)}",
                )
        return tally.settlement()


def _fan_parts(s: _WinScore, extra_set: str) -> tuple[list[str], list[str], list[str]]:
    zh: list[str] = []
    en: list[str] = []
    ja: list[str] = []
    if s.source == "fan":
        zh.append(f"报番{s.given}")
        en.append(f"declared total {s.given}")
        ja.append(f"申告合計{s.given}")
    for f, n in list(s.fans.items()) + list(s.extras.items()):
        fan = FAN_BY_ID.get(f)
        pts = fan.points if fan else EXTRA_BY_ID[f].points(extra_set) or 0
        name_zh, name_en = refs.name("fan", f, *fan_label(f))
        times = f"×{n}" if n > 1 else ""
        zh.append(f"{name_zh}{pts}{times}")
        en.append(f"{name_en} {pts}{times}")
        ja.append(f"{name_en} {pts}{times}")
    return zh, en, ja


def _excl_zh(e: Excluded) -> str:
    g, _ = refs.name("fan", e.id, *fan_label(e.id))
    b, _ = refs.name("fan", e.by, *fan_label(e.by))
    return f"{g}{'×' + str(e.count) if e.count > 1 else ''}（{b}不计{g}）"


def _excl_en(e: Excluded) -> str:
    _, g = refs.name("fan", e.id, *fan_label(e.id))
    _, b = refs.name("fan", e.by, *fan_label(e.by))
    return f"{g}{' ×' + str(e.count) if e.count > 1 else ''} (implied by {b})"


def _excl_ja(e: Excluded) -> str:
    _, g = refs.name("fan", e.id, *fan_label(e.id))
    _, b = refs.name("fan", e.by, *fan_label(e.by))
    return f"{g}{'×' + str(e.count) if e.count > 1 else ''}（{b}に含まれる）"


RULESETS = [Guobiao()]
