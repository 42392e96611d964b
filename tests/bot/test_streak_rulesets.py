"""The dealer's streak for every ruleset that declares a count ``prefill="dealer_streak"``,
read from a real ledger (SQLite): Taiwan's and Xiaoshan's ``lian_zhuang`` and Guangdong's
``dealer_streak`` (节节高, only with the option on). bot/streak.py ``streak_of`` over
``Ledger.history`` (confirmed hands, newest first) and ``prefill`` into a new wizard draft;
the money is ``scoring.settle`` of the hand with the count given by hand.

Sources: Xiaoshan seed 003 L199 "如果抓完牌，大家沒胡，莊家繼續做莊，連庄 +1" and "庄 *2 ，二連庄
*4"; Guangdong spec K1 ``ChooseDealer`` (``continuousDealerTimes++`` when the dealer deals
again, else 0) and ``addition2["JJG"] = 2 * n``; Taiwan spec T2 "莊家胡牌或是流局,稱為連莊".
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import scoring
from bot.entry import wizard
from bot.streak import prefill, streak_counts, streak_of
from scoring.record import HandRecord
from storage.service import Ledger

CASES = {
    # ruleset: (options, the streak count, a win's value)
    "xiaoshan": ({}, "lian_zhuang", {"shape": "ping_hu"}),
    "guangdong": ({"jiejiegao": True}, "dealer_streak", {"shape": "ping_hu"}),
    "taiwan": ({}, "lian_zhuang", {"fan": 1}),
}


def win(winner: str, frm: str | None, value: dict[str, Any]) -> dict[str, Any]:
    return {"winner": winner, "from": frm, "robbed_kong": False, "flags": [], **value}


def record(
    rs: str, opts: dict[str, Any], ids: list[str], dealer: str, wins: list[dict[str, Any]]
) -> HandRecord:
    return HandRecord.from_json(
        {
            "ruleset": rs,
            "options": opts,
            "players": ids,
            "dealer": dealer,
            "result": "win" if wins else "draw",
            "wins": wins,
            "counts": {},
            "events": [],
        }
    )


@pytest.fixture
def ledger(tmp_path: Path) -> Ledger:
    L = Ledger(f"sqlite:///{tmp_path / 'streak.db'}")
    L.upgrade()
    return L


def table_with_players(L: Ledger, rs: str, opts: dict[str, Any]) -> tuple[int, list[int]]:
    L.ensure_chat(-1001)
    pids = [L.ensure_user(500 + i, n).id for i, n in enumerate(("A", "B", "C", "D"))]
    t = L.open_table(-1001, creator_id=pids[0], ruleset=rs, options=opts)
    for p in pids:
        L.join(t.id, p)
    L.start(t.id, dealer_id=pids[0])
    return t.id, pids


def streak_now(L: Ledger, table_id: int) -> int:
    t = L.get_table(table_id)
    page = L.history(table_id, page_size=100, include_voided=False)
    return streak_of(page.items, night=t.night, dealer=t.dealer_id)


@pytest.mark.parametrize("rs_id", sorted(CASES))
def test_streak_from_the_ledger_prefills_the_draft(ledger: Ledger, rs_id: str) -> None:
    opts, count_id, value = CASES[rs_id]
    rs = scoring.get(rs_id)
    assert [c.id for c in streak_counts(rs, opts)] == [count_id]
    L = ledger
    tid, pids = table_with_players(L, rs_id, opts)
    ids = [str(p) for p in pids]
    a = ids[0]
    n = 0

    def rec(dealer: str, wins: list[dict[str, Any]], streak: int) -> HandRecord:
        base = record(rs_id, opts, ids, dealer, wins).to_json()
        if streak and wins:  # the count is a win's input (not asked in a draw)
            base["counts"] = {count_id: {dealer: streak}}
        return HandRecord.from_json(base)

    # the dealer A wins, then a draw: both keep the deal (streak 1, then 2)
    for i, wins in enumerate(([win(a, None, value)], [])):
        assert streak_now(L, tid) == n
        L.record_hand(tid, rec(a, wins, n), recorded_by=pids[0], idempotency_key=f"k{i}")
        n += 1
    assert streak_now(L, tid) == 2
    # a hand that passes the deal (B self-draws), voided: it does not count
    h = L.record_hand(
        tid, rec(a, [win(ids[1], None, value)], 2), recorded_by=pids[0], idempotency_key="x"
    )
    assert L.get_table(tid).dealer_id == pids[1] and streak_now(L, tid) == 0
    L.void_hand(h.id, by_player_id=pids[0], reason="test")
    assert L.get_table(tid).dealer_id == pids[0] and streak_now(L, tid) == 2

    # a new hand's draft starts with the streak on the dealer; the money is the hand's with
    # the count entered by hand
    _step, data = wizard.new_state(
        ruleset=rs_id,
        options=opts,
        players=ids,
        names=dict(zip(ids, "ABCD", strict=True)),
        dealer=a,
    )
    prefill(data, streak_now(L, tid))
    assert data["counts"] == {count_id: {a: 2}}
    data["wins"] = [{**win(a, None, value), "set": True}]
    built = wizard.build_record(data)
    assert built.counts == {count_id: {a: 2}}
    assert scoring.settle(built).net == scoring.settle(rec(a, [win(a, None, value)], 2)).net
    assert scoring.settle(built).net != scoring.settle(rec(a, [win(a, None, value)], 0)).net

    # a value already there (said in one line) is kept
    data["counts"] = {count_id: {a: 1}}
    prefill(data, 2)
    assert data["counts"] == {count_id: {a: 1}}

    # a new night starts at 0, though A deals on
    L.new_night(tid)
    assert L.get_table(tid).dealer_id == pids[0]
    assert streak_now(L, tid) == 0


def test_guangdong_without_jiejiegao_has_no_streak() -> None:
    """节节高 off: the count is not played, nothing is prefilled (the record would be refused)."""
    rs = scoring.get("guangdong")
    assert streak_counts(rs, {}) == []
    ids = ["1", "2", "3", "4"]
    _step, data = wizard.new_state(
        ruleset="guangdong", options={}, players=ids, names={}, dealer="1"
    )
    prefill(data, 3)
    assert data["counts"] == {}


def test_rulesets_without_a_streak_count() -> None:
    """Only the three declare it (a ruleset-name check nowhere: the declaration decides)."""
    have = sorted(
        rs.id
        for rs in scoring.all_rulesets()
        if any(c.prefill == "dealer_streak" for c in rs.counts)
    )
    assert have == ["guangdong", "taiwan", "xiaoshan"]
