"""Property tests for Sichuan 血战到底: generated valid records (血战 and normal mode).

* every settlement is zero-sum (contract: "net sums to zero");
* a player who has won never pays after their win (spec §1 血战, seed 001 L136/L139 "其他未胡者");
* kong money and self-draws are collected only from players who have not won (L136, L139);
* the net is the sum of the itemized payments.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import HandRecord, settle, validate
from scoring.ruleset import Tally
from scoring.rulesets.sichuan import DRAGON, SEVEN_PAIRS, Sichuan
from tests.scoring.builders import PLAYERS, assert_balanced, record, win

P = PLAYERS
PLAIN = [
    "ping_hu",
    "dui_dui_hu",
    "qing_yi_se",
    "dai_yao_jiu",
    "qing_dui",
    "jiang_dui",
    "qing_yao_jiu",
]
SEVEN = sorted(SEVEN_PAIRS)


@st.composite
def xuezhan_records(draw: st.DrawFn) -> dict[str, Any]:
    mode = draw(st.sampled_from(["xuezhan", "xuezhan", "normal"]))
    dealer = draw(st.sampled_from(P))
    order = draw(st.permutations(P))
    if mode == "xuezhan":
        result = draw(st.sampled_from(["win", "draw"]))
        n_wins = 3 if result == "win" else draw(st.integers(0, 2))
    else:
        result = draw(st.sampled_from(["win", "draw"]))
        n_wins = draw(st.integers(1, 3)) if result == "win" else 0
    winners = list(order[:n_wins])
    # kongs, then wins (discarders must not have won already)
    limit = n_wins if result == "draw" else max(n_wins - 1, 0)
    if mode == "normal":
        limit = 0
    events: list[dict[str, Any]] = []
    for _ in range(draw(st.integers(0, 5))):
        k = draw(st.integers(0, limit))
        alive = [p for p in P if p not in winners[:k]]
        # a player holds at most four kongs (14 tiles)
        makers = [p for p in alive if sum(e["player"] == p for e in events) < 4]
        player = draw(st.sampled_from(makers))
        kind = draw(st.sampled_from(["zhi_gang", "mian_xia_gang", "an_gang"]))
        ev: dict[str, Any] = {"type": kind, "player": player, "after_wins": k}
        if kind == "zhi_gang":
            feeders = [p for p in alive if p != player]
            ev["from"] = draw(st.sampled_from(feeders))
        events.append(ev)
    wins: list[dict[str, Any]] = []
    gen: dict[str, int] = {}
    common_from: str | None = None
    if mode == "normal" and n_wins > 1:
        common_from = order[3] if n_wins == 3 else draw(st.sampled_from(order[n_wins:]))
    for i, w in enumerate(winners):
        kongs = sum(1 for e in events if e["player"] == w and e["after_wins"] <= i)
        if common_from is not None:
            frm: str | None = common_from
        else:
            cands = [p for p in P if p != w and p not in winners[:i]]
            frm = draw(st.one_of(st.none(), st.sampled_from(cands)))
        robbed = frm is not None and mode != "normal" and draw(st.booleans())
        if kongs == 0 and draw(st.booleans()):
            shape = draw(st.sampled_from(SEVEN))
        else:
            shape = draw(st.sampled_from(PLAIN))
        g = max(kongs, 1 if shape in DRAGON else 0) + draw(st.integers(0, 1))
        g = min(g, 3 if shape in SEVEN_PAIRS else 4)
        gen[w] = g
        flags: list[str] = []
        if frm is None and draw(st.booleans()):
            flags.append("hai_di_lao_yue")
        wins.append(win(w, frm, shape, *flags, robbed=robbed))
    counts: dict[str, dict[str, int]] = {"gen": gen}
    if result == "draw":
        pigs: dict[str, int] = {}
        ready: dict[str, int] = {}
        for p in P:
            if p in winners:
                continue
            if draw(st.booleans()):
                pigs[p] = 1
            elif draw(st.booleans()):
                ready[p] = draw(st.integers(1, 10))
        counts["flower_pig"] = pigs
        counts["ready_fan"] = ready
    options = {
        "mode": mode,
        "base": draw(st.integers(1, 20)),
        "zimo": draw(st.sampled_from(["jiafan", "jiadi", "none"])),
        "cap_fan": draw(st.sampled_from([0, 3, 4, 5])),
        "pig_pays_won_players": draw(st.booleans()),
        "payment": draw(st.sampled_from(["discarder", "split", "quanchong"])),
        "longqidui": draw(st.sampled_from(["table", "chengma"])),
    }
    return record(
        "sichuan", wins, dealer=dealer, result=result, options=options, counts=counts, events=events
    )


@settings(max_examples=400, deadline=None)
@given(xuezhan_records())
def test_zero_sum_and_winners_never_pay_after_winning(data: dict[str, Any]) -> None:
    s = settle(data)
    assert_balanced(s, P)
    assert all(x.amount > 0 for x in s.payments)
    # time-stamped payments: the stage is the number of wins that had happened
    record = HandRecord.from_json(data)
    rs, opts = validate(record)
    assert isinstance(rs, Sichuan)
    tally = Tally(record.players)
    stages = rs.run(record, opts, tally)
    assert len(stages) == len(tally.payments)
    assert tally.settlement().net == s.net
    winners = [w.winner for w in record.wins]
    for stage, pay in zip(stages, tally.payments, strict=True):
        assert pay.payer not in winners[:stage], (stage, pay)
        # kong money and self-draws go only between players still in, refunds back to payers
        if pay.reason in ("an_gang", "mian_xia_gang", "zhi_gang", "self_drawn_share"):
            assert pay.payee not in winners[:stage]


@settings(max_examples=200, deadline=None)
@given(xuezhan_records())
def test_kong_money_only_from_players_still_in(data: dict[str, Any]) -> None:
    """The kong money in a won hand (no refunds) equals the seed's rule computed by hand:
    直杠 1× from the feeder (L135), 面下杠 1× (L136) and 暗杠 2× (L139) from each other player
    who has not won yet."""
    if data["result"] == "draw":
        return
    s = settle(data)
    total_kong = sum(
        x.amount for x in s.payments if x.reason in ("an_gang", "mian_xia_gang", "zhi_gang")
    )
    # by hand: 直杠 1×base; 面下杠 1× and 暗杠 2× per player still in (not the kong player)
    winners = [w["winner"] for w in data["wins"]]
    base = data["options"]["base"]
    expected = 0
    for e in data["events"]:
        alive = [p for p in P if p not in winners[: e["after_wins"]] and p != e["player"]]
        if e["type"] == "zhi_gang":
            expected += base
        else:
            expected += (2 if e["type"] == "an_gang" else 1) * base * len(alive)
    assert total_kong == expected
