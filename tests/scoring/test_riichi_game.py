"""A riichi game hand by hand (spec ``shared/rules/riichi.md`` §2.9 "Length" and "End
conditions"): rounds and hands, renchan, the last hand, agari-yame / tenpai-yame, busting,
the West extension, and the ``game_end`` record of the final state."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import settle
from scoring.record import HandRecord
from scoring.riichi.game import GameState, game_end_record, new_game, play
from tests.scoring.test_riichi_builders import P4, RIICHI, hand, win

FRIENDLY = RIICHI.resolve_options({})


def step(state: GameState, rec: dict[str, Any], opts: Any = FRIENDLY) -> GameState:
    """Play ``rec`` (written for the state's dealer, honba and sticks) on ``state``."""
    rec = {**rec, "dealer": state.dealer}
    counts = dict(rec["counts"])
    counts.pop("honba", None)
    counts.pop("riichi_sticks", None)
    if state.honba:
        counts["honba"] = {state.dealer: state.honba}
    if state.sticks:
        counts["riichi_sticks"] = {state.dealer: state.sticks}
    rec["counts"] = counts
    record = HandRecord.from_json(rec)
    return play(state, record, settle(record), opts)


def next_of(p: str) -> str:
    return P4[(P4.index(p) + 1) % 4]


def test_eight_hands_of_a_hanchan_then_the_last_hand_ends_it() -> None:
    # §2.9 "(a) the last hand (S4, or E4) ends and the dealer does not keep the deal"
    state = new_game(tuple(P4), FRIENDLY)
    labels = []
    while not state.over:
        labels.append(state.label()[1])
        w = next_of(state.dealer)  # the dealer's shimocha wins off the player across
        state = step(state, hand([win(w, next_of(w), 1)], fu={w: 30}))
    assert labels == [f"{r} {i}, honba 0" for r in ("East", "South") for i in range(1, 5)]
    assert state.reason == "last_hand"
    assert sum(state.points.values()) == 100000


def test_renchan_keeps_the_hand_and_adds_a_honba() -> None:
    # §2.3 "after a hand the dealer wins … → h + 1"; §2.5 tenpai renchan
    state = step(new_game(tuple(P4), FRIENDLY), hand([win("E", "S", 1)], fu={"E": 30}))
    assert state.label() == ("东1局 1本场", "East 1, honba 1")
    state = step(state, hand(events=[{"type": "tenpai", "player": "E"}], riichi=("S",)))
    assert (state.label()[1], state.sticks) == ("East 1, honba 2", 1)
    state = step(state, hand(events=[{"type": "tenpai", "player": "S"}]))
    assert (state.label()[1], state.dealer, state.sticks) == ("East 2, honba 3", "S", 1)


def _last_hand(points: dict[str, int], sticks: int = 0) -> GameState:
    return GameState(tuple(P4), points, round_wind=1, hand=4, sticks=sticks)


def test_agari_yame_and_tenpai_yame_when_the_last_dealer_leads() -> None:
    # §2.9 "(c) agari_yame / tenpai_yame: in the last hand the dealer is first (ties by seat)
    # after winning / being tenpai (R10 'the game automatically stops on both dealer wins and
    # dealer tenpai hands')"
    lead = {"E": 20000, "S": 25000, "W": 20000, "N": 35000}
    won = step(_last_hand(lead), hand([win("N", "S", 1)], fu={"N": 30}))
    assert (won.over, won.reason) == (True, "agari_yame")
    tenpai = step(_last_hand(lead), hand(events=[{"type": "tenpai", "player": "N"}]))
    assert (tenpai.over, tenpai.reason) == (True, "tenpai_yame")
    # behind, the dealer's continuation takes precedence (R10)
    behind = {"E": 35000, "S": 25000, "W": 20000, "N": 20000}
    more = step(_last_hand(behind), hand([win("N", "S", 1)], fu={"N": 30}))
    assert not more.over and more.label()[1] == "South 4, honba 1"
    # without agari-yame (EMA, R5 5.9.1 "No agari yame") the leading dealer plays on
    ema = RIICHI.resolve_options({"preset": "ema"})
    lead_ema = {p: v + 5000 for p, v in lead.items()}
    st_ = GameState(tuple(P4), lead_ema, round_wind=1, hand=4)
    rec = hand([win("N", "S", 1)], fu={"N": 30}, preset="ema")
    assert not step(st_, rec, ema).over


def test_busting_below_zero_ends_the_game_zero_goes_on() -> None:
    # §2.9 "(b) tobi: a player is below 0 after a hand (R10 「点数がマイナスで飛び終了」; 0
    # continues, R24 majantenho 「0点ちょうどは続行」)"
    low = {"E": 30000, "S": 8000, "W": 31000, "N": 31000}
    state = GameState(tuple(P4), low)
    zero = step(state, hand([win("W", "S", 5)]))  # 8,000 → 0
    assert not zero.over and zero.points["S"] == 0
    state = GameState(tuple(P4), {**low, "S": 7900, "E": 30100})
    assert step(state, hand([win("W", "S", 5)])).reason == "tobi"
    ema = RIICHI.resolve_options({"preset": "ema"})
    state = GameState(tuple(P4), {p: v + 5000 for p, v in low.items()} | {"S": 2000})
    assert not step(state, hand([win("W", "S", 5)], preset="ema"), ema).over


def test_west_extension_until_someone_reaches_the_return_points() -> None:
    # §2.9 "(d) west_extension: if after the last hand nobody has ≥ return_points, play
    # continues into West … and stops as soon as someone reaches it after a hand (sudden
    # death), at the latest after W4" (R10; tenhou preset)
    tenhou = RIICHI.resolve_options({"preset": "tenhou"})
    flat = {"E": 26000, "S": 25000, "W": 25000, "N": 24000}
    state = step(_last_hand(flat), hand([win("E", "S", 1)], fu={"E": 30}, preset="tenhou"), tenhou)
    assert not state.over and state.label()[1] == "West 1, honba 0"
    state = step(state, hand([win("S", "W", 4)], fu={"S": 40}, preset="tenhou"), tenhou)
    assert (state.over, state.reason) == (True, "extension_target")
    assert state.points["S"] == 25000 - 1000 + 8000


def test_the_final_state_settles_as_a_game_end() -> None:
    # §2.9 game_end from the ledger's state: the points and the pot add up to 4 × 25,000
    state = _last_hand({"E": 24000, "S": 25000, "W": 25000, "N": 25000}, sticks=1)
    state = step(state, hand([win("S", "W", 1)], fu={"S": 30}, riichi=("W",)))
    assert state.over and state.sticks == 0
    end = game_end_record(state, {}, FRIENDLY)
    s = settle(end)
    assert s.net["E"] + end.counts["points"]["E"] - 25000 == -6000 - 10000  # 4th: 24,000
    assert sum(v for p, v in s.net.items() if p != "pot") == 0


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), preset=st.sampled_from(["friendly", "tenhou", "ema"]))
def test_random_games_end_and_their_game_end_settles(seed: int, preset: str) -> None:
    rng = random.Random(seed)
    opts = RIICHI.resolve_options({"preset": preset})
    state = new_game(tuple(P4), opts)
    for _ in range(200):
        if state.over:
            break
        d = state.dealer
        riichi = tuple(p for p in P4 if rng.random() < 0.2)
        kind = rng.random()
        if kind < 0.35:
            w = rng.choice(P4)
            rec = hand([win(w, None, rng.randint(1, 8))], fu={w: 30}, riichi=riichi, preset=preset)
        elif kind < 0.8:
            w = rng.choice(P4)
            f = rng.choice([p for p in P4 if p != w])
            rec = hand([win(w, f, rng.randint(1, 8))], fu={w: 40}, riichi=riichi, preset=preset)
        else:
            ready = [{"type": "tenpai", "player": p} for p in P4 if rng.random() < 0.5]
            rec = hand(events=ready, riichi=riichi, preset=preset)
        state = step(state, rec, opts)
        assert sum(state.points.values()) + 1000 * state.sticks == 4 * opts.i("start_points")
        assert state.dealer == state.players[state.hand - 1] and d in P4
    assert state.over, state
    end = settle(game_end_record(state, {"preset": preset}, opts))
    assert sum(end.net.values()) == 0


def test_the_extension_ends_after_w4_and_a_chombo_replays_the_hand() -> None:
    # §2.9 "at the latest after W4 (S4)"; §2.8 "the same dealer deals again", and under
    # chombo: final_penalty the chombo is counted for the game end
    tenhou = RIICHI.resolve_options({"preset": "tenhou"})
    flat = {"E": 26000, "S": 25000, "W": 25000, "N": 24000}
    w4 = GameState(tuple(P4), flat, round_wind=2, hand=4)
    done = step(w4, hand([win("E", "S", 1)], fu={"E": 30}, preset="tenhou"), tenhou)
    assert (done.over, done.reason) == (True, "extension_end")
    ema = RIICHI.resolve_options({"preset": "ema"})
    start = new_game(tuple(P4), ema)
    rec = hand(result="chombo", events=[{"type": "chombo", "player": "W"}], preset="ema")
    again = step(start, rec, ema)
    assert again.label() == start.label() and again.chombos == {"W": 1} and not again.over
    end = game_end_record(again, {"preset": "ema"}, ema)
    assert end.counts["chombo"] == {"W": 1}
    settle(end)
