"""Several winners on one discard (一炮多响), issue 12 point 3.

Seed 001 L129–130: "5．一炮多响。即某个玩家打出一张牌，有不止一个的玩家要之成胡，则均可胡牌。"
Spec sichuan-xuezhan.md §1: "one discard may be won by several players (L129–130); each winner is
paid separately." So the wins of one discard are settled side by side: a co-winner of the same
discard never pays the other, and the order in which they are listed changes nothing.

The property test at the end checks the last point on random records of every registered
ruleset that allows several winners (``multi_win != "none"``), the new ones included.
"""

from __future__ import annotations

import itertools
from functools import partial
from random import Random

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from scoring import RecordError, all_rulesets, get, settle
from scoring.quanchong import one_discard_groups
from scoring.record import HandRecord
from scoring.testing import random_settling_record
from tests.scoring.builders import record, win

sichuan = partial(record, "sichuan")


# --- Sichuan, worked by hand ----------------------------------------------------------------
# a deals; c discards one tile and both b and d win on it with 平胡 (1番, ×1), base 10.
# Normal mode (the hand ends at this discard). Seed 001 L129–130: each is paid separately.
TWO_ON_C = [win("b", "c", "ping_hu"), win("d", "c", "ping_hu")]


@pytest.mark.parametrize("wins", [TWO_ON_C, TWO_ON_C[::-1]], ids=["b_first", "d_first"])
def test_sichuan_split_two_winners_one_discard(wins: list[dict[str, object]]) -> None:
    # split (quanchong.py): discarder 2 shares, every other payer 1 share. Share = 10×2^0 = 10.
    # b: c pays 2×10 = 20, a pays 10 (d is a co-winner of the same discard: not a payer) → +30
    # d: the same → +30.  c pays 20 + 20 = 40, a pays 10 + 10 = 20. Net: a −20, b +30, c −40,
    # d +30 (sum 0), whichever win is listed first.
    s = settle(sichuan(wins, options={"mode": "normal", "payment": "split", "base": 10}))
    assert s.net == {"a": -20, "b": 30, "c": -40, "d": 30}
    assert s.paid("b", "d") == s.paid("d", "b") == 0


@pytest.mark.parametrize("wins", [TWO_ON_C, TWO_ON_C[::-1]], ids=["b_first", "d_first"])
def test_sichuan_quanchong_two_winners_one_discard(wins: list[dict[str, object]]) -> None:
    # quanchong-payment.md §4 Q4: "With 全冲 the discarder pays **each** winner 4 × that winner's
    # share (the fixed "总计四倍" of L103, whoever the two others are)". So c pays each winner
    # 4×10 = 40 (d, the co-winner, pays nothing): a 0, b +40, c −80, d +40.
    s = settle(sichuan(wins, options={"mode": "normal", "payment": "quanchong", "base": 10}))
    assert s.net == {"a": 0, "b": 40, "c": -80, "d": 40}


def test_sichuan_xuezhan_three_on_one_discard_then_nothing_left() -> None:
    # 血战, a won hand has three wins (L146): here all three on d's discard (一炮多响).
    # Shapes: a 清一色 3番 ×4, b 对对胡 2番 ×2, c 平胡 1番 ×1; base 1, split.
    # Every other player is a co-winner: only d pays, 2 shares each: a 8, b 4, c 2; d −14.
    wins = [win("a", "d", "qing_yi_se"), win("b", "d", "dui_dui_hu"), win("c", "d", "ping_hu")]
    for perm in itertools.permutations(wins):
        s = settle(sichuan(list(perm), options={"payment": "split"}))
        assert s.net == {"a": 8, "b": 4, "c": 2, "d": -14}, perm


def test_sichuan_xuezhan_same_discarder_after_a_kong_is_a_new_discard() -> None:
    # b wins on c's discard; then c makes a concealed kong (after_wins = 1) and discards again;
    # d wins on that one (杠上炮 needs the kong: not flagged here). Two discards, not one: b has
    # won and does not pay d; a and d paid b's share (split, base 1, 平胡 1 share):
    # win 1 (b): c 2, a 1, d 1 → b +4; kong: a and d each pay c 2 (暗杠 2×, L139);
    # win 2 (d): c 2, a 1 → d +3. Then a third win ends the hand: a self-draws 平胡 +1番自摸 = 2番,
    # ×2 from c only (the other two have won): c pays a 2×2 = 4 (split: self-draw 2 shares).
    wins = [win("b", "c", "ping_hu"), win("d", "c", "ping_hu"), win("a", None, "ping_hu")]
    events = [{"type": "an_gang", "player": "c", "after_wins": 1}]
    s = settle(sichuan(wins, options={"payment": "split"}, events=events, counts={"gen": {}}))
    # a: −1 (to b) −2 (kong) −1 (to d) +4 = 0; b: +4; c: −2 +4 −2 −4 = −4; d: −1 −2 +3 = 0
    assert s.net == {"a": 0, "b": 4, "c": -4, "d": 0}


# --- the property, every ruleset with several winners ---------------------------------------

MULTI_IDS = [rs.id for rs in all_rulesets() if rs.multi_win != "none"]


def _shuffled_groups(record: HandRecord, rnd: Random) -> HandRecord | None:
    """``record`` with the wins of each discard shuffled; None if no discard has two wins."""
    breaks = {int(v) for e in record.events for k, v in e.data.items() if k == "after_wins"}
    groups = one_discard_groups(record.wins, breaks=breaks)
    if all(len(g) < 2 for g in groups):
        return None
    wins = list(record.wins)
    for g in groups:
        part = [wins[i] for i in g]
        rnd.shuffle(part)
        for i, w in zip(g, part, strict=True):
            wins[i] = w
    return HandRecord(
        record.ruleset,
        record.players,
        record.dealer,
        record.result,
        tuple(wins),
        record.options,
        record.counts,
        record.events,
    )


@pytest.mark.parametrize("ruleset_id", MULTI_IDS)
def test_permuting_the_wins_of_one_discard_changes_no_net(ruleset_id: str) -> None:
    rs = get(ruleset_id)

    @settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(st.integers(0, 2**63), st.randoms(use_true_random=False))
    def check(seed: int, rnd: Random) -> None:
        rec = random_settling_record(rs, Random(seed))
        try:
            s = settle(rec)
        except RecordError:
            return
        other = _shuffled_groups(rec, rnd)
        if other is None:
            event("no discard with several winners")
            return
        event("permuted")
        assert settle(other).net == s.net, (rec.to_json(), other.to_json())

    check()


def test_one_discard_groups() -> None:
    w = HandRecord.from_json(
        sichuan(
            [
                win("b", "c", "ping_hu"),
                win("d", "c", "ping_hu"),
                win("a", "c", "ping_hu", robbed=True),
            ]
        )
    ).wins
    assert one_discard_groups(w) == [[0, 1], [2]]
    assert one_discard_groups(w, breaks={1}) == [[0], [1], [2]]
    assert one_discard_groups(w[:1]) == [[0]]
