"""`last_wall_tile` on a self-draw, a discard and a robbed kong (issue 12 point 7, issue 24
point 7).

Contract (hand-record.md, tiles, as it now reads): "`last_wall_tile` 妙手回春 when self-drawn,
海底捞月 on a discard (a robbed kong is neither)", as the seed has it: 海底捞月 is "和打出的最后
一张牌" (a win on the last *discarded* tile, seed 001 L45, L327; seed 002 L219) and 抢杠和 is
"和别人自抓开明杠的牌" (a win on the tile another player adds to his pung, seed 001 L46, L328): a
robbed kong is not a discard, so no robbed kong is 海底捞月, whichever way the win is entered
(tiles or checklist).
"""

from __future__ import annotations

from typing import Any

from scoring import settle
from scoring.gb.calculator import calculate
from scoring.gb.checklist import can_add
from scoring.gb.hand import parse_hand
from tests.scoring.builders import record, refused_field

# 123m 789s 234s 99p + 46p waiting on 5p, which c adds to his pung of 5p: robbed (抢杠和)
TILES: dict[str, Any] = {
    "hand": "123m789s234s99p46p",
    "win_tile": "5p",
    "melds": [],
    "self_drawn": False,
    "last_tile_of_kind": False,
    "last_wall_tile": True,
    "kong_related": True,
    "seat_wind": "S",
    "prevalent_wind": "E",
    "flowers": 0,
}


def _gb(win: dict[str, Any]) -> dict[str, Any]:
    return record("guobiao", [{"winner": "b", "from": "c", "robbed_kong": True, **win}])


def test_tiles_refuse_last_wall_tile_on_a_robbed_kong() -> None:
    assert refused_field(_gb({"tiles": TILES})) == "wins[0].tiles.last_wall_tile"


def test_checklist_refuses_haidi_on_a_robbed_kong() -> None:
    fans = ["robbing_the_kong", "last_tile_claim", "all_types"]
    assert refused_field(_gb({"fans": fans})) == "wins[0].fans"
    # and the checklist does not offer 海底捞月 once the win robs a kong
    assert not can_add(["robbing_the_kong"], "last_tile_claim", self_drawn=False, robbed_kong=True)
    assert can_add([], "last_tile_claim", self_drawn=False, robbed_kong=False)


def _fan_ids(tiles: dict[str, Any]) -> set[str]:
    res = calculate(parse_hand(tiles))
    assert res is not None
    return {f.id for f in res.fans}


def test_last_wall_tile_on_a_discard_is_haidi_laoyue() -> None:
    # the contract: "海底捞月 on a discard": the same tiles won on an ordinary discard (no kong)
    on_discard = {**TILES, "kong_related": False}
    fans = _fan_ids(on_discard)
    assert "last_tile_claim" in fans and "last_tile_draw" not in fans
    s = settle(record("guobiao", [{"winner": "b", "from": "c", "tiles": on_discard}]))
    assert "海底捞月" in s.explanation[0].zh


def test_last_wall_tile_self_drawn_is_miaoshou_huichun() -> None:
    # the contract: "`last_wall_tile` 妙手回春 when self-drawn"
    self_drawn = {**TILES, "kong_related": False, "self_drawn": True}
    fans = _fan_ids(self_drawn)
    assert "last_tile_draw" in fans and "last_tile_claim" not in fans
    s = settle(record("guobiao", [{"winner": "b", "from": None, "tiles": self_drawn}]))
    assert "妙手回春" in s.explanation[0].zh
