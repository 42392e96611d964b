"""`last_wall_tile` on a robbed kong (issue 12 point 7).

Contract (hand-record.md, tiles): "`last_wall_tile` 妙手回春 when self-drawn, 海底捞月 otherwise".
The seed decides what "otherwise" covers: 海底捞月 is "和打出的最后一张牌" (a win on the last
*discarded* tile, seed 001 L45, L327; seed 002 L219) and 抢杠和 is "和别人自抓开明杠的牌" (a win on
the tile another player adds to his pung, seed 001 L46, L328): a robbed kong is not a discard,
so no robbed kong is 海底捞月, whichever way the win is entered (tiles or checklist).
"""

from __future__ import annotations

from typing import Any

from scoring.gb.checklist import can_add
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
