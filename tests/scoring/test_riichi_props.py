"""Riichi properties (hypothesis) over random valid hands of every preset: the money sums to
zero over the players and the pot; the order of the co-winners never matters; every amount is
a multiple of 100 points (spec §1 "Every amount in a hand settlement is an integer multiple of
100 points", except the two places where the spec's own formula splits a payment: the noten
payments of §2.5 with two tenpai, 1,500 per noten player as 750 to each tenpai player); the pot
changes by 1,000 per stick in minus the sticks taken out; and a game end's finals add up.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import settle
from scoring.record import HandRecord
from scoring.riichi.decls import PRESETS
from scoring.testing import settlement_problems
from tests.scoring.test_riichi_builders import P3, P4, RIICHI, finals, game_end, hand, win

PRESET_IDS = [p.id for p in PRESETS]
FU = (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110)


@st.composite
def win_value(draw: st.DrawFn, winner: str, tsumo: bool) -> tuple[int | None, dict[str, int]]:
    """(han, counts) of one win: han 1–15 with a fu that can exist, or a yakuman."""
    if draw(st.integers(0, 9)) == 0:
        return None, {"yakuman": draw(st.integers(1, 6))}
    han = draw(st.integers(1, 15))
    fus = [
        f for f in FU if not (f == 25 and han == 1) and not (f == 20 and (han == 1 or not tsumo))
    ]
    return han, {"fu": draw(st.sampled_from(fus))}


@st.composite
def hands(draw: st.DrawFn) -> dict[str, Any]:
    preset = draw(st.sampled_from(PRESET_IDS))
    opts = RIICHI.resolve_options({"preset": preset})
    players = P3 if opts.i("player_count") == 3 else P4
    dealer = draw(st.sampled_from(players))
    honba, sticks = draw(st.integers(0, 6)), draw(st.integers(0, 4))
    riichi = tuple(p for p in players if draw(st.booleans()))
    kind = draw(st.sampled_from(["tsumo", "ron", "multi", "draw", "abortive", "chombo"]))
    wins: list[dict[str, Any]] = []
    counts: dict[str, dict[str, int]] = {"fu": {}, "yakuman": {}}
    events: list[dict[str, Any]] = []
    result = None
    if kind in ("tsumo", "ron", "multi"):
        frm = None if kind == "tsumo" else draw(st.sampled_from(players))
        others = [p for p in players if p != frm]
        most = 1 if kind != "multi" else len(players) - 1
        winners = draw(st.lists(st.sampled_from(others), min_size=1, max_size=most, unique=True))
        if kind == "multi" and len(winners) < 2:
            winners = others[:2]
        for w in winners:
            han, c = draw(win_value(w, frm is None))
            for cid, v in c.items():
                counts[cid][w] = v
            wins.append(win(w, frm, han))
        yakuman_winners = [w for w in winners if w in counts["yakuman"]]
        if yakuman_winners and opts.s("pao_yaku") != "none" and draw(st.booleans()):
            w = yakuman_winners[0]
            liable = draw(st.sampled_from([p for p in players if p != w]))
            events.append({"type": "pao", "player": liable, "from": w})
    elif kind == "draw":
        events += [{"type": "tenpai", "player": p} for p in players if draw(st.booleans())]
        if opts.b("nagashi_mangan"):
            events += [{"type": "nagashi_mangan", "player": p} for p in players
                       if draw(st.integers(0, 5)) == 0]  # fmt: skip
    elif kind == "abortive":
        result = "abortive_draw" if opts.b("abortive_draws") else "draw"
    else:
        result = "chombo"
        events.append({"type": "chombo", "player": draw(st.sampled_from(players))})
    rec = hand(
        wins,
        dealer=dealer,
        honba=honba,
        sticks=sticks,
        riichi=riichi,
        events=events,
        result=result,
        preset=preset,
        players=players,
    )
    rec["counts"].update({k: v for k, v in counts.items() if v})
    return rec


SETTINGS = settings(max_examples=400, deadline=None)


@SETTINGS
@given(hands())
def test_money_sums_to_zero_over_players_and_pot(rec: dict[str, Any]) -> None:
    s = settle(rec)
    assert not settlement_problems(HandRecord.from_json(rec), s)
    assert sum(s.net.values()) == 0
    players = sum(v for p, v in s.net.items() if p != "pot")
    assert players == -s.net.get("pot", 0)
    # the pot gains 1,000 per stick put in and loses what the winners take (§1 "the pot")
    ins = sum(p.amount for p in s.payments if p.payee == "pot")
    outs = sum(p.amount for p in s.payments if p.payer == "pot")
    assert s.net.get("pot", 0) == ins - outs
    assert ins == 1000 * len([e for e in rec["events"] if e["type"] == "riichi"]) or (
        rec["result"] == "chombo" and ins == 0
    )


@SETTINGS
@given(hands())
def test_every_amount_is_a_multiple_of_100(rec: dict[str, Any]) -> None:
    s = settle(rec)
    assert all(v % 100 == 0 for v in s.net.values()), s.net
    for p in s.payments:
        if p.reason != "noten":
            assert p.amount % 100 == 0, p


@SETTINGS
@given(hands(), st.randoms(use_true_random=False))
def test_the_order_of_the_co_winners_never_matters(rec: dict[str, Any], rnd: Any) -> None:
    s = settle(rec)
    shuffled = dict(rec)
    shuffled["wins"] = rnd.sample(rec["wins"], len(rec["wins"]))
    s2 = settle(shuffled)
    assert dict(s2.net) == dict(s.net)
    assert sorted(map(repr, s2.payments)) == sorted(map(repr, s.payments))
    assert RIICHI.next_dealer(HandRecord.from_json(shuffled)) == RIICHI.next_dealer(
        HandRecord.from_json(rec)
    )


@st.composite
def game_ends(draw: st.DrawFn) -> dict[str, Any]:
    preset = draw(st.sampled_from(PRESET_IDS))
    opts = RIICHI.resolve_options({"preset": preset})
    players = P3 if opts.i("player_count") == 3 else P4
    sticks = draw(st.integers(0, 3))
    total = len(players) * opts.i("start_points") - 1000 * sticks
    points = [draw(st.integers(-200, 1200)) * 100 for _ in players[:-1]]
    points.append(total - sum(points))
    # ties are common at a table that rounds to 100s: sometimes copy a neighbour's score
    if draw(st.booleans()) and len(set(points)) > 1:
        points[1] = points[0]
        points[-1] = total - sum(points[:-1])
    chombo = {p: draw(st.integers(0, 2)) for p in players}
    final = opts.s("chombo") == "final_penalty"
    return game_end(
        dict(zip(players, points, strict=True)),
        sticks=sticks,
        chombo=chombo if final else None,
        preset=preset,
    )


@SETTINGS
@given(game_ends())
def test_game_end_finals_add_up(rec: dict[str, Any]) -> None:
    s = settle(rec)
    assert not settlement_problems(HandRecord.from_json(rec), s)
    opts = RIICHI.resolve_options(rec["options"])
    f = finals(rec)
    k = rec["counts"].get("riichi_sticks", {}).get(rec["dealer"], 0)
    lost = 0 if opts.s("leftover_sticks") == "to_first" else 1000 * k
    penalties = opts.i("chombo_penalty") * sum(rec["counts"].get("chombo", {}).values())
    # uma and oka move points between players only: the finals sum to minus what left the game
    assert sum(f.values()) == -lost - penalties
    # the best raw score never ends below a worse one (uma and oka only add to the better)
    raw = rec["counts"]["points"]
    best = max(raw, key=lambda p: (raw[p], -list(raw).index(p)))
    if opts.s("tie_break") == "seat_order" and not penalties:
        assert f[best] == max(f.values())
