"""The Mini App's composer offers riichi as the chat's buttons do (issue #27 point 3), over
real HTTP against the real bot (the calculator's preview, seats East South West North, East
deals): per win the han keypad (1–13, the limits, yakuman ×k) and the fu that exist for its
han and way of winning (``valid``, :func:`bot.entry.allowed.choices`); per hand the rows of
player toggles (``hand``: riichi, tenpai at a draw). Numbers: spec shared/rules/riichi.md
RI-01 (3 han 30 fu ron 3,900) and §2.5 (noten 3,000)."""

from __future__ import annotations

from typing import Any

from tests.web.conftest import make_world

SEATS = ["E", "S", "W", "N"]


def form(**kw: Any) -> dict[str, Any]:
    return {"result": "win", "wins": [], "counts": {}, "events": [], **kw}


async def test_han_fu_and_riichi_rows(tg, web_bot, web_port):
    w = await make_world(tg, web_bot, web_port, "Xingguo", chat_id=-1027)
    bob = w.users[1]
    ron = form(
        wins=[{"winner": "S", "from": "W", "fan": 3, "flags": []}],
        counts={"fu": {"S": 30}},
        events=[{"type": "riichi", "player": "S"}],
    )
    st, p = await w.api("calc_preview", {"ruleset": "riichi", "form": ron}, user=bob)
    assert st == 200, p
    (valid,) = p["valid"]
    assert valid["han"] == list(range(1, 14))
    assert valid["limits"] == [["mangan", 5], ["haneman", 6], ["baiman", 8], ["sanbaiman", 11]]
    assert valid["yakuman"] == [1, 2, 3, 4, 5, 6]  # max_yakuman 6 (friendly preset)
    assert valid["fu"] == [25, 30, 40, 50, 60, 70]  # no 20 fu on a ron; 70+ is mangan
    assert valid["flags"] == []  # the situational flags are the tiles mode's
    assert p["hand"] == {"riichi": SEATS}
    net = {n["name"]: n["amount"] for n in p["settlement"]["net"]}
    assert (net["South"], net["West"]) == (3900, -3900)  # RI-01

    one = form(wins=[{"winner": "S", "from": None, "fan": 1, "flags": []}])
    st, p = await w.api("calc_preview", {"ruleset": "riichi", "form": one}, user=bob)
    assert st == 200 and p["valid"][0]["fu"] == list(range(30, 111, 10))  # no 20, no 25

    draw = form(result="draw", events=[{"type": "tenpai", "player": "S"}])
    st, p = await w.api("calc_preview", {"ruleset": "riichi", "form": draw}, user=bob)
    assert st == 200 and p["valid"] == []
    assert p["hand"] == {"riichi": SEATS, "tenpai": SEATS}
    net = {n["name"]: n["amount"] for n in p["settlement"]["net"]}
    assert net == {"East": -1000, "South": 3000, "West": -1000, "North": -1000}  # §2.5
