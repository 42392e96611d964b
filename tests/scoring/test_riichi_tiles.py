"""Riichi tiles mode (spec §1.3): han and fu from the ``mahjong`` library (R20), money from our
settlement — and a differential test: for random winning hands (one winner, no honba, no
pot) our payments equal the library's own ``cost`` on every hand.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from mahjong.constants import EAST
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
from mahjong.meld import Meld

from scoring import RecordError, settle
from scoring.riichi.tiles import KAZOE
from tests.scoring.test_riichi_builders import P4, hand, nets, win


def tiles(hand_: str, win_tile: str, **more: Any) -> dict[str, Any]:
    return {"hand": hand_, "win_tile": win_tile, **more}


def test_a_closed_tanyao_ron_is_1_han_40_fu() -> None:
    # R20 hand.py docstring: man="22444", pin="333567", sou="444", win 4s → han 1, fu 40,
    # cost main 1300 (RI-03)
    rec = hand([win("S", "W", tiles=tiles("22444m333567p44s", "4s"))])
    s = settle(rec)
    assert s.paid("W", "S") == 1300
    assert "1 han 40 fu" in s.explanation[0].en + " " + s.explanation[2].en


def test_riichi_pinfu_tsumo_is_3_han_20_fu() -> None:
    # R20 hand.py docstring: man="234789", pin="12345666", win 6p, tsumo + riichi → han 3,
    # fu 20, main 1300, additional 700
    t = tiles("234789m1234566p", "6p")
    s = settle(hand([win("S", None, tiles=t, flags=("riichi",))], riichi=("S",)))
    assert (s.paid("E", "S"), s.paid("W", "S"), s.paid("N", "S")) == (1300, 700, 700)


def test_open_hand_with_a_dora_indicator() -> None:
    # R20 hand.py docstring: man="234567", pin="22", sou="234", honors="555" (pon), win 7m,
    # dora indicator 6m → han 2 (haku + dora 7m)
    t = tiles(
        "23456m22p234s",
        "7m",
        melds=[{"kind": "pung", "tiles": "555z", "concealed": False}],
        dora_indicators="6m",
    )
    s = settle(hand([win("S", "W", tiles=t)]))
    assert "2 han" in s.explanation[0].en


def test_ura_dora_and_red_fives_add_han() -> None:
    # 234m 5(red)67p 22s 456s + 99p, won on 9p (a pung): riichi 1 + red five 1
    base = tiles("234m067p22456s99p", "9p")
    plain = settle(hand([win("S", "W", tiles=base, flags=("riichi",))]))
    more = settle(
        hand([win("S", "W", tiles={**base, "ura_dora_indicators": "8p"}, flags=("riichi",))])
    )
    assert "2 han" in plain.explanation[0].en  # riichi + aka
    assert "5 han" in more.explanation[0].en  # + ura indicator 8p: three 9p, 3 more han
    with pytest.raises(RecordError) as err:
        settle(hand([win("S", "W", tiles=base, flags=("riichi",))], aka_dora=False))
    assert err.value.field == "wins[0].tiles.hand"


def test_a_natural_yakuman_with_pao() -> None:
    # daisangen: the liable player S pays the whole tsumo (§2.7, DER-25's rule)
    t = tiles(
        "55z66z11m23p",
        "1p",
        melds=[{"kind": "pung", "tiles": "777z", "concealed": False}],
    )
    t["hand"] = "555z666z11m23p"
    rec = hand([win("N", None, tiles=t)], events=[{"type": "pao", "player": "S", "from": "N"}])
    assert nets(settle(rec)) == {"E": 0, "S": -32000, "W": 0, "N": 32000}


@pytest.mark.parametrize(
    ("t", "field"),
    [
        (tiles("123m456p789s1122z", "3z"), "wins[0].tiles"),  # not a winning hand
        (tiles("1111m456p789s112z", "1m"), "wins[0].tiles.win_tile"),  # a fifth 1m
        (tiles("123m456p789s11z", "2z"), "wins[0].tiles.hand"),  # 11 tiles
        (tiles("123x", "1m"), "wins[0].tiles.hand"),
        ({**tiles("123m456p789s1122z", "2z"), "colour": 1}, "wins[0].tiles.colour"),
        ({**tiles("22444m333567p44s", "4s"), "seat_wind": "E"}, "wins[0].tiles.seat_wind"),
    ],
)
def test_bad_tiles_name_the_field(t: dict[str, Any], field: str) -> None:
    with pytest.raises(RecordError) as err:
        settle(hand([win("S", "W", tiles=t)]))
    assert err.value.field == field


def test_tiles_and_han_together_are_refused() -> None:
    w = win("S", "W", 1, tiles=tiles("22444m333567p44s", "4s"))
    with pytest.raises(RecordError) as err:
        settle(hand([w], fu={"S": 40}))
    assert err.value.field == "wins[0].tiles"


# --- the differential test -----------------------------------------------------------------


def _kind_text(k: int) -> str:
    return f"{k % 9 + 1}{'mps'[k // 9]}" if k < 27 else f"{k - 26}z"


def _text(kinds: list[int]) -> str:
    return "".join(_kind_text(k) for k in sorted(kinds))


def random_hand(rng: random.Random) -> tuple[list[list[int]], list[str], int, list[int]] | None:
    """Four sets and a pair as 34-kinds: (sets, kinds of each set, pair kind, dora kinds)."""
    used = [0] * 34
    sets: list[list[int]] = []
    kinds: list[str] = []
    for _ in range(4):
        if rng.random() < 0.5:
            suit, start = rng.randrange(3), rng.randrange(7)
            s = [suit * 9 + start + i for i in range(3)]
            kind = "chow"
        else:
            k = rng.randrange(34)
            kind = "kong" if rng.random() < 0.1 else "pung"
            s = [k] * (4 if kind == "kong" else 3)
        for k in s:
            used[k] += 1
        sets.append(s)
        kinds.append(kind)
    pair = rng.randrange(34)
    used[pair] += 2
    dora = [rng.randrange(34) for _ in range(rng.randint(1, 3))]
    for k in dora:
        used[k] += 1
    if max(used) > 4:
        return None
    return sets, kinds, pair, dora


def _ids(kinds: list[int], taken: dict[int, int]) -> list[int]:
    out = []
    for k in kinds:
        out.append(k * 4 + taken.get(k, 0))
        taken[k] = taken.get(k, 0) + 1
    return out


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_our_payments_equal_the_library_cost(seed: int) -> None:
    rng = random.Random(seed)
    drawn = None
    while drawn is None:
        drawn = random_hand(rng)
    sets, kinds, pair, dora = drawn
    opts: dict[str, Any] = {
        "kiriage": rng.choice(("none", "all", "dealer")),
        "kazoe": rng.choice(("yakuman", "sanbaiman", "no_limit")),
        "kuitan": rng.random() < 0.7,
        "aka_dora": False,
        "double_yakuman_hands": rng.random() < 0.5,
    }
    open_sets = [i for i in range(4) if kinds[i] == "kong" or rng.random() < 0.3]
    closed_kong = {i for i in open_sets if kinds[i] == "kong" and rng.random() < 0.5}
    hidden = [k for i, s in enumerate(sets) if i not in open_sets for k in s] + [pair, pair]
    win_kind = rng.choice(hidden)
    hidden.remove(win_kind)
    dealer, winner = rng.choice(P4), rng.choice(P4)
    discarder = None if rng.random() < 0.4 else rng.choice([p for p in P4 if p != winner])
    is_open = any(i not in closed_kong for i in open_sets)
    flags = ["riichi"] if not is_open and rng.random() < 0.5 else []
    if flags and rng.random() < 0.3:
        flags.append("ippatsu")
    # the library, called directly with its own 136-format ids
    taken: dict[int, int] = {}
    ids = _ids(hidden, taken)
    win_id = _ids([win_kind], taken)[0]
    melds = []
    all_ids = [*ids, win_id]
    for i in open_sets:
        mids = _ids(sets[i], taken)
        all_ids += mids
        mtype = {"chow": Meld.CHI, "pung": Meld.PON, "kong": Meld.KAN}[kinds[i]]
        melds.append(Meld(meld_type=mtype, tiles=mids, opened=i not in closed_kong))
    dora_ids = _ids(dora, taken)
    seat = (P4.index(winner) - P4.index(dealer)) % 4
    config = HandConfig(
        is_tsumo=discarder is None,
        is_riichi="riichi" in flags,
        is_ippatsu="ippatsu" in flags,
        player_wind=EAST + seat,
        round_wind=EAST,
        options=OptionalRules(
            has_open_tanyao=opts["kuitan"],
            has_aka_dora=False,
            has_double_yakuman=opts["double_yakuman_hands"],
            kazoe_limit=KAZOE[opts["kazoe"]],
            kiriage=opts["kiriage"] == "all" or (opts["kiriage"] == "dealer" and seat == 0),
        ),
    )
    res = HandCalculator.estimate_hand_value(all_ids, win_id, melds, dora_ids, config)
    t = {
        "hand": _text(hidden),
        "win_tile": _kind_text(win_kind),
        "melds": [
            {"kind": kinds[i], "tiles": _text(sets[i]), "concealed": i in closed_kong}
            for i in open_sets
        ],
        "dora_indicators": _text(dora),
    }
    rec = hand([win(winner, discarder, tiles=t, flags=tuple(flags))], dealer=dealer, **opts)
    if res.error is not None:
        event(f"refused: {res.error}")
        with pytest.raises(RecordError):
            settle(rec)
        return
    event("tsumo" if discarder is None else "ron")
    assert res.cost is not None
    s = settle(rec)
    main, additional = res.cost["main"], res.cost["additional"]
    if discarder is not None:
        assert s.paid(discarder, winner) == main
        assert nets(s)[winner] == main
        return
    for p in P4:
        if p == winner:
            continue
        want = main if (p == dealer or winner == dealer) else additional
        assert s.paid(p, winner) == want, (p, res.han, res.fu, res.cost)
    assert nets(s)[winner] == res.cost["total"]


def test_tiles_value_shows_what_the_library_found() -> None:
    # §1.3 "The table's own count always wins: the bot shows the library's han/fu and lets the
    # table overwrite them" — R20 hand_response.py docstring: 1 han, 40 fu, [Tanyao]
    from scoring.record import HandRecord
    from tests.scoring.test_riichi_builders import RIICHI

    rec = HandRecord.from_json(hand([win("S", "W", tiles=tiles("22444m333567p44s", "4s"))]))
    got = RIICHI.tiles_value(rec, 0)
    assert (got.han, got.fu, got.yakuman, got.yaku) == (1, 40, 0, ("Tanyao",))
    # the table overwrites it: the same hand entered as 1 han 40 fu settles the same
    typed = settle(hand([win("S", "W", 1)], fu={"S": 40}))
    assert typed.payments == settle(rec).payments
