"""Property tests of the Guobiao calculator on random winning hands (hypothesis).

Invariants: every built hand is a win; the total is the sum of the listed fans; no counted fan is
implied by another counted fan (principle 1 不重复, the 不计 table); exchanging the 万 and 筒 suits
changes nothing (unless 推不倒 is involved, whose tiles are suit-specific); flowers add exactly
their number after the hand's fans.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.gb.calculator import calculate
from scoring.gb.exclusions import implied
from scoring.gb.fans import FAN_BY_ID
from scoring.gb.hand import parse_hand
from scoring.gb.tiles import tiles_str


@st.composite
def winning_hands(draw: st.DrawFn) -> dict[str, Any]:
    count = [0] * 34
    sets: list[tuple[str, int]] = []
    while len(sets) < 4:
        kind = draw(st.sampled_from(["chow", "chow", "pung", "kong"]))
        if kind == "chow":
            t = draw(st.sampled_from([s * 9 + r for s in range(3) for r in range(7)]))
            if all(count[t + i] < 4 for i in range(3)):
                for i in range(3):
                    count[t + i] += 1
                sets.append((kind, t))
        else:
            t = draw(st.integers(0, 33))
            size = 4 if kind == "kong" else 3
            if count[t] + size <= 4:
                count[t] += size
                sets.append((kind, t))
    pair = draw(st.integers(0, 33).filter(lambda t: count[t] <= 2))
    n_exposed = draw(st.integers(0, 4))
    melds: list[dict[str, Any]] = []
    concealed = [pair, pair]
    for i, (kind, t) in enumerate(sets):
        tiles = [t, t + 1, t + 2] if kind == "chow" else [t] * (4 if kind == "kong" else 3)
        if kind == "kong":
            melds.append({"kind": kind, "tiles": tiles_str(tiles), "concealed": i >= n_exposed})
        elif i < n_exposed:
            melds.append({"kind": kind, "tiles": tiles_str(tiles)})
        else:
            concealed += tiles
    win = draw(st.sampled_from(concealed))
    concealed.remove(win)
    exposed_copies = sum(
        (lambda k, t: [t, t + 1, t + 2] if k == "chow" else [t] * 3)(k, t).count(win)
        for i, (k, t) in enumerate(sets)
        if i < n_exposed and k != "kong"
    )
    exposed_copies += sum(4 for i, (k, t) in enumerate(sets) if k == "kong" and t == win)
    return {
        "last_tile_of_kind": exposed_copies == 3,
        "melds": melds,
        "hand": tiles_str(concealed),
        "win_tile": tiles_str([win]),
        "self_drawn": draw(st.booleans()),
        "seat_wind": draw(st.sampled_from("ESWN")),
        "prevalent_wind": draw(st.sampled_from("ESWN")),
    }


def _swap_mp(text: str) -> str:
    return text.translate(str.maketrans({"m": "p", "p": "m"}))


@settings(max_examples=400, deadline=None)
@given(winning_hands(), st.integers(0, 8))
def test_random_hands(obj: dict[str, Any], flowers: int) -> None:
    res = calculate(parse_hand(obj))
    assert res is not None
    assert res.total == sum(FAN_BY_ID[f.id].points * f.count for f in res.fans)
    counted = {f.id for f in res.fans}
    for f in counted:
        assert not (set(implied(f)) & counted), (f, set(implied(f)) & counted, res.decomposition)
    # exchanging two suits changes nothing (推不倒 is the one suit-specific fan set here)
    swapped = dict(obj)
    swapped["hand"] = _swap_mp(obj["hand"])
    swapped["win_tile"] = _swap_mp(obj["win_tile"])
    swapped["melds"] = [dict(m, tiles=_swap_mp(m["tiles"])) for m in obj["melds"]]
    res2 = calculate(parse_hand(swapped))
    assert res2 is not None
    if "reversible_tiles" not in counted | {f.id for f in res2.fans}:
        assert res2.total == res.total, (res.fans, res2.fans)
    with_flowers = calculate(parse_hand(dict(obj, flowers=flowers)))
    assert with_flowers is not None
    assert with_flowers.total == res.total
    assert with_flowers.grand_total == res.total + flowers
