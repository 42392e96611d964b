"""The 全冲 *quán chòng* payment layer and its two siblings, for any fan-counting ruleset.

Spec: ``shared/rules/quanchong-payment.md``; seed ``001_027ea77d1181f0d7.txt`` L101–106:

* L103 "全冲即放枪者给胡牌者，除了自己的两倍，还要代其他两家各一倍，总计四倍"
* L104–105 "自摸…则赢家将收到自身番数双倍的其他三家淘豆"
* L106 "比如每番3淘豆，胡牌番数5，那么胡牌者可以赢得5(番)*3(家)*3(淘豆)*2(倍)=90淘豆"

A ruleset computes one **share** (what one loser owes for the hand, e.g. ``F × stake`` or
``底分 × 2^番``) and calls :func:`pay_fan_win` with a payment ``mode``:

========== ======================================== =========================================
mode        discard (点炮 / 放枪, also a robbed kong)  self-draw (自摸)
========== ======================================== =========================================
quanchong   the discarder pays 2 shares + 1 share     each other payer pays 2 shares
            for every other payer (4 players: 4)      (seed L104–106)
            (seed L103 "总计四倍")
split       the discarder pays 2 shares, each other   each other payer pays 2 shares
            payer 1 share (spec Q1: the same app      (seed L104–106)
            without 全冲, inferred, not stated)
discarder   the discarder alone pays 1 share          each other payer pays 1 share
            (the common model of the spec README:     (generic; not from the 全冲 passage)
            "discarder alone on a discard, all three
            on a self-draw")
========== ======================================== =========================================

``payers`` are the players who take part in this win's payment (default: everyone but the
winner); a 血战 table passes the players who have not won yet. With fewer than three other
payers, 全冲's "代其他两家各一倍" covers the payers that are there (3 players: 3 shares).
Several winners on one discard (一炮多响, spec §4 Q4 "each winner is paid separately, as if
alone, and a co-winner never pays another winner"): the co-winners are passed as
``co_winners``; under 全冲 the discarder still pays each winner 4 shares (at 4 players: the
fixed "总计四倍" of L103, whoever the two others are), under ``split`` the co-winners pay
nothing.

Amounts are integers; nothing is divided, so no rounding occurs.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Literal

from scoring.declarations import Choice, OptionDecl
from scoring.record import Win
from scoring.ruleset import Tally

PaymentMode = Literal["quanchong", "split", "discarder"]
PAYMENT_MODES: tuple[PaymentMode, ...] = ("quanchong", "split", "discarder")

#: reason ids used in the itemized payments (stable; stored in the ledger)
REASON_SELF_DRAWN = "self_drawn_share"
REASON_QUANCHONG = "quanchong_discarder"
REASON_DISCARDER = "discarder_share"
REASON_OTHER = "other_share"

REASON_NAMES: dict[str, tuple[str, str]] = {
    REASON_SELF_DRAWN: ("自摸每家付", "self-draw share"),
    REASON_QUANCHONG: ("全冲：放枪者包付", "全冲: the discarder pays for all"),
    REASON_DISCARDER: ("放枪者付", "discarder's share"),
    REASON_OTHER: ("其他家付", "other player's share"),
}

MODE_CHOICES: tuple[Choice, ...] = (
    Choice("quanchong", "全冲（放枪者付四倍，自摸每家两倍）", "全冲 (discarder pays 4×, self-draw 2× each)"),
    Choice("split", "不全冲（放枪者两倍、其他两家各一倍，自摸每家两倍）",
           "Split (discarder 2×, others 1× each; self-draw 2× each)"),
    Choice("discarder", "点炮者一家付（自摸每家一倍）", "Discarder alone pays (self-draw 1× each)"),
)  # fmt: skip


def payment_option(
    default: PaymentMode = "discarder", *, important: bool = True, house: bool = False
) -> OptionDecl:
    """The ``payment`` table option any fan-counting ruleset can declare (id ``payment``).

    ``discarder`` and ``split`` are not in the 全冲 passage; a ruleset whose seed gives its own
    payment model picks that as the default and leaves ``house`` False; a ruleset whose seed
    says nothing about who pays passes ``house=True``. The help text says which parts of the
    modes are seed text (全冲, L103–106) and which are inferred.
    """
    return OptionDecl(
        id="payment",
        zh="付款方式",
        en="Payment rule",
        kind="choice",
        default=default,
        choices=MODE_CHOICES,
        important=important,
        house=house,
        help_zh=(
            "全冲：放枪者付自己的两倍并代其他两家各一倍，共四倍；自摸其他每家付两倍（种子001第103–106行）。"
            "不全冲：放枪者两倍、其他家各一倍（由原文推断，非原文）。点炮者一家付：放枪者付一倍、自摸每家一倍（通用做法）。"
        ),
        help_en=(
            "全冲: the discarder pays his own double and covers the other two (4 shares); a self-draw "
            "collects 2 shares from each (seed 001 L103–106). Split: discarder 2 shares, the others 1 "
            "each (inferred from the seed's wording, not stated). Discarder: the discarder alone pays "
            "1 share, a self-draw 1 share from each (the common model)."
        ),
    )


def one_discard_groups(wins: Sequence[Win], *, breaks: Collection[int] = ()) -> list[list[int]]:
    """The indexes of ``wins`` grouped by discard: 一炮多响 (seed 001 L129–130) is a run of
    consecutive wins on the same ``from`` won the same way (a discard, or the same robbed kong).

    ``breaks``: indexes ``k`` where something happened just before ``wins[k]`` (血战: a kong
    with ``after_wins = k``), so ``wins[k]`` starts a new discard even if the discarder is
    the same. Self-drawn wins are groups of one. Each winner of a group is paid separately:
    a co-winner of the same discard is never a payer of the other (see :func:`pay_fan_win`'s
    ``payers``), so the order of the wins in a group changes no amount.
    """
    groups: list[list[int]] = []
    for k, w in enumerate(wins):
        if k and groups and k not in breaks and w.discarder is not None:
            prev = wins[k - 1]
            if prev.discarder == w.discarder and prev.robbed_kong == w.robbed_kong:
                groups[-1].append(k)
                continue
        groups.append([k])
    return groups


def pay_fan_win(
    tally: Tally,
    players: Sequence[str],
    winner: str,
    discarder: str | None,
    share: int,
    mode: str,
    *,
    payers: Sequence[str] | None = None,
    co_winners: Collection[str] = (),
    label_zh: str = "",
    label_en: str = "",
    label_ja: str = "",
) -> int:
    """Pay one win in ``mode`` (see the module doc); return what the winner receives in total.

    ``share`` is one loser's amount for the hand (an int ≥ 0). ``discarder`` None = self-drawn;
    for a robbed kong pass the kong player. ``payers`` defaults to every player but the winner;
    the discarder, if any, must be one of them. ``co_winners``: the other winners of the same
    discard (一炮多响), who are not payers: each winner is paid as if alone (spec Q4), so under
    全冲 the discarder still covers them ("总计四倍", L103), and under ``split`` they pay
    nothing. ``label_zh``/``label_en``/``label_ja`` (e.g. "清一色 3番") start the explanation
    step this function adds (no ``label_ja``: the Japanese line starts with ``label_en``).
    """
    if type(share) is not int or share < 0:
        raise ValueError(f"share must be a non-negative int, got {share!r}")
    if mode not in PAYMENT_MODES:
        raise ValueError(f"unknown payment mode {mode!r}")
    others = [p for p in (players if payers is None else payers) if p != winner]
    if discarder is not None and discarder not in others:
        raise ValueError(f"discarder {discarder!r} is not among the payers {others!r}")
    head_zh = f"{label_zh}：" if label_zh else ""
    head_en = f"{label_en}: " if label_en else ""
    head_ja = f"{label_ja or label_en}：" if label_ja or label_en else ""
    total = 0
    if discarder is None:
        mult = 1 if mode == "discarder" else 2
        for p in others:
            tally.pay(p, winner, mult * share, REASON_SELF_DRAWN)
            total += mult * share
        if mult == 1:
            each_zh, each_en, each_ja = f" {share}", f"{share},", f" {share}"
        else:
            each_zh = f"两份 2×{share}={mult * share}"
            each_en = f"2 shares, 2 × {share} = {mult * share},"
            each_ja = f"2口分 2×{share}={mult * share}"
        tally.explain(
            f"{head_zh}{winner}自摸，{len(others)}家各付{each_zh}，共{total}",
            f"{head_en}{winner} self-draws; {_each_of(len(others))} pays {each_en} {total} in all",
            f"{head_ja}{winner}のツモ、{_each_of_ja(len(others))}{each_ja}を支払う、計{total}",
        )
        return total
    rest = [p for p in others if p != discarder]
    if mode == "quanchong":
        covered = len(rest) + sum(1 for p in co_winners if p not in (winner, discarder))
        mult = 2 + covered
        total = mult * share
        tally.pay(discarder, winner, total, REASON_QUANCHONG)
        why_zh = f"自己两份+代另{covered}家各一份" if covered else "自己两份"
        why_en = f"2 + 1 for each of the other {covered}" if covered else "2 of its own"
        why_ja = f"自分の2口＋他の{covered}家の分を各1口" if covered else "自分の2口"
        tally.explain(
            f"{head_zh}全冲：{discarder}放枪，付{mult}份（{why_zh}）{mult}×{share}={total}",
            f"{head_en}全冲: {discarder} dealt in and pays {mult} shares ({why_en}): "
            f"{mult} × {share} = {total}",
            f"{head_ja}全冲：{discarder}の放銃、{mult}口を支払う（{why_ja}）{mult}×{share}={total}",
        )
        return total
    if mode == "split":
        tally.pay(discarder, winner, 2 * share, REASON_DISCARDER)
        for p in rest:
            tally.pay(p, winner, share, REASON_OTHER)
        total = 2 * share + len(rest) * share
        rest_zh = f"，另{len(rest)}家各付一份 {share}" if rest else ""
        rest_en = f"; the other {len(rest)} pay one share, {share} each" if rest else ""
        rest_ja = f"、他の{len(rest)}家は各一口 {share}" if rest else ""
        tally.explain(
            f"{head_zh}{discarder}放枪付两份 2×{share}={2 * share}{rest_zh}，共{total}",
            f"{head_en}{discarder} dealt in and pays 2 shares, 2 × {share} = {2 * share}"
            f"{rest_en}; {total} in all",
            f"{head_ja}{discarder}の放銃、2口を支払う 2×{share}={2 * share}{rest_ja}、計{total}",
        )
        return total
    tally.pay(discarder, winner, share, REASON_DISCARDER)
    tally.explain(
        f"{head_zh}{discarder}点炮，一人付 {share}",
        f"{head_en}{discarder} dealt in and alone pays {share}",
        f"{head_ja}{discarder}の放銃、一人で {share} を支払う",
    )
    return share


def _each_of(n: int) -> str:
    return "the other player" if n == 1 else f"each of the other {n}"


def _each_of_ja(n: int) -> str:
    return "他家が" if n == 1 else f"他の{n}家が各"
