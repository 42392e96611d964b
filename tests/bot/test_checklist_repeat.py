"""Checklist items that count more than once, end to end over the fake Bot API server (issue
16): tapping a fan whose ``max_count`` is 2 again adds a second copy (shown ✅×2), the next tap
clears it, and ``wins[].fans`` carries the id twice — what the ruleset pays for.

Hong Kong: 番子 "Dragon pung or kong (each)" 1 番 each, max 2 (spec hongkong.md §3, the fans
JSON ``max_count``): 番子 ×2 + 自摸 1 = 3 番, the table's 三番起糊 minimum, paid as a 3-faan
total. Singapore: "Dragon pung" 1 tai each, max 2 (singapore.md §3): 2 tai on a discard.
The oracle for the money is ``scoring.settle`` on the hands as the test means them.
"""

from __future__ import annotations

from typing import Any

import pytest

import scoring
from bot import checklist
from tests.bot.conftest import Scene
from tests.bot.nights import (
    confirm,
    group_of_four,
    open_table,
    pick,
    record_win,
    start_table,
    tap,
    tap_where,
    to_preview,
)
from tests.bot.test_night_hongkong import payments as hk_payments
from tests.bot.test_night_hongkong import rec as hk_rec
from tests.bot.test_night_hongkong import shown as hk_shown
from tests.bot.test_night_singapore import payments as sg_payments
from tests.bot.test_night_singapore import rec as sg_rec
from tests.bot.test_night_singapore import shown as sg_shown


async def tick(s: Scene, user: Any, w: dict, name: str) -> str:
    """Tap the checklist button of ``name`` (whatever its mark); return its new label."""
    await tap_where(s, user, w, name)
    hits = [t for t in s.labels(w) if name in t]
    assert len(hits) == 1, (name, s.labels(w))
    return hits[0]


async def test_hong_kong_fan_zi_twice(tg, bot):
    s, users = group_of_four(tg, -100917, 917)
    alice, bob, _carol, dave = users
    setup = await open_table(s, alice, "Hong Kong", "五一")
    table = await start_table(s, setup, users)

    # Dave self-draws: 番子 ×2 + 自摸 1 = 3 番; the how 自摸 carries its 1 faan, counted from
    # the start and not offered again as an item (#23 point 4)
    w = await record_win(s, dave, table, "Dave", None)
    await tap(s, dave, w, "Faan checklist")
    assert "Some items count more than once: tap again for ×2." in s.text(w)
    name = "Dragon pung or kong (each) · 1"
    await pick(s, dave, w, name)
    assert any(t == "✅ " + name for t in s.labels(w)), s.labels(w)
    assert await tick(s, dave, w, name) == "✅×2 " + name
    assert "(3 faan so far)" in s.text(w)
    assert await tick(s, dave, w, name) == name  # at its most: the next tap clears it
    assert "(1 faan so far)" in s.text(w)
    assert not any("Self-drawn" in t for t in s.labels(w)), s.labels(w)
    await tick(s, dave, w, name)
    await tick(s, dave, w, name)
    assert "(3 faan so far)" in s.text(w)
    preview = await to_preview(s, dave, w)
    meant = hk_rec("Alice", [{"winner": "Dave", "fans": ["fan_zi", "fan_zi", "zi_mo"]}])
    assert hk_shown(preview) == hk_payments(meant)
    # the same money as a 3-faan total; one 番子 less is under the 3-faan minimum
    assert hk_payments(meant) == hk_payments(hk_rec("Alice", [{"winner": "Dave", "fan": 3}]))
    with pytest.raises(scoring.RecordError):
        scoring.settle(hk_rec("Alice", [{"winner": "Dave", "fans": ["fan_zi", "zi_mo"]}]))
    line = await confirm(s, dave, w, 1)
    assert "Dragon pung or kong (each) ×2" in line
    exp = await s.say(bob, "/explain 1", expect="Hand 1")
    assert "Dragon pung or kong (each) ×2" in s.text(exp)


async def test_singapore_dragon_pungs_twice(tg, bot):
    s, users = group_of_four(tg, -100918, 927)
    alice, bob = users[:2]
    setup = await open_table(s, alice, "Singapore", "Shooter pays")
    table = await start_table(s, setup, users)

    # Bob wins on Carol's discard with two dragon pungs: 2 tai
    w = await record_win(s, bob, table, "Bob", "Carol")
    await tap(s, bob, w, "Tai checklist")
    name = "Dragon pung · 1"
    await pick(s, bob, w, name)
    assert await tick(s, bob, w, name) == "✅×2 " + name
    assert "(2 tai so far)" in s.text(w)
    preview = await to_preview(s, bob, w)
    meant = sg_rec("Alice", [{"winner": "Bob", "from": "Carol", "fans": ["dragon_pung"] * 2}])
    once = sg_rec("Alice", [{"winner": "Bob", "from": "Carol", "fans": ["dragon_pung"]}])
    assert sg_shown(preview) == sg_payments(meant) != sg_payments(once)
    line = await confirm(s, bob, w, 1)
    assert "Dragon pung ×2" in line


def test_tap_cycles_up_to_max_count() -> None:
    """0 → 1 → … → max_count → 0 (Singapore's animals: 4); a fan without max_count toggles;
    the compatibility is asked for the first copy only."""
    fans = [{"id": "animal", "points": 1, "max_count": 4}, {"id": "ping_hu", "points": 4}]
    chosen: list[str] = []
    seen = []
    for _ in range(5):
        out = checklist.tap(fans, chosen, "animal", lambda: True)
        assert out is not None
        chosen = out
        seen.append((chosen.count("animal"), checklist.mark(chosen, "animal")))
    assert seen == [(1, "✅ "), (2, "✅×2 "), (3, "✅×3 "), (4, "✅×4 "), (0, "")]
    assert checklist.tap(fans, [], "ping_hu", lambda: False) is None
    assert checklist.tap(fans, ["ping_hu"], "ping_hu", lambda: False) == []
    assert checklist.total(fans, ["animal", "animal", "ping_hu"]) == 6
    assert checklist.joined(["animal", "ping_hu", "animal"], {"animal": "Animal"}) == (
        "Animal ×2, ping_hu"
    )
