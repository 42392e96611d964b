"""Taps saved on the preview (#26.7 "tap targets"), each change still a real hand the scoring
core settles: a count an event forces follows the event (Sichuan: a kong is a 根)."""

from __future__ import annotations

from typing import Any

import scoring
from bot.entry import allowed, wizard
from bot.entry.draft import Draft
from bot.entry.keyboard import Code

P = ["11", "12", "13", "14"]
NAMES = dict(zip(P, ["Alice", "Bob", "Carol", "Dave"], strict=True))


def start(ruleset: str, taps: list[tuple[str, str]]) -> tuple[str, dict[str, Any]]:
    step, data = wizard.new_state(ruleset=ruleset, options={}, players=P, names=NAMES, dealer=P[0])
    for action, arg in taps:
        step = wizard.apply(step, data, action, arg)
    return step, data


#: benchmarks/entry_hands.py sc-three-wins-kongs: Bob self-drawn 平胡, Carol ← Dave 对对胡,
#: Dave self-drawn 七对 (血战: three wins end the hand)
THREE_WINS = [
    (Code.GRID, "1.0"),
    (Code.SHAPE, "0"),
    (Code.GRID, "2.2"),
    (Code.SHAPE, "1"),
    (Code.GRID, "3.0"),
    (Code.SHAPE, "4"),
]


def add_kong(step: str, data: dict[str, Any], cell: tuple[str, str | None]) -> str:
    step = wizard.apply(step, data, Code.EDIT, "e")
    step = wizard.apply(step, data, Code.EVENT_ADD, "0")  # 直杠
    d = Draft.from_json(data)
    cells = allowed.event_cells(d, d.rs.events[0])
    return wizard.apply(step, data, Code.EVENT_CELL, str(cells.index(cell)))


def test_a_kong_brings_its_gen_with_it() -> None:
    # sichuan.py: "count gen (根): the winner's sets of four identical tiles, kongs or not";
    # its check: "made n kong(s); each is a 根, so 根 ≥ n" — the kong's tap raises Bob's 根
    step, data = start("sichuan", THREE_WINS)
    assert step == "preview" and not data["counts"].get("gen")
    d = Draft.from_json(data)
    offered = allowed.event_cells(d, d.rs.events[0])
    assert (P[1], P[3]) in offered  # Bob ← Dave: offered, with the 根 it forces
    assert all(p != P[3] for p, _q in offered)  # Dave's seven pairs has no kong (没有杠过)
    step = add_kong(step, data, (P[1], P[3]))
    assert step == "preview"
    assert data["counts"]["gen"] == {P[1]: 1}
    assert data["events"] == [{"type": "zhi_gang", "player": P[1], "from": P[3], "after_wins": 0}]
    rec = {k: data[k] for k in ("ruleset", "players", "dealer", "result", "wins", "counts")}
    rec["events"], rec["options"] = data["events"], {}
    assert scoring.settle(rec).net  # a hand the scoring core settles


def test_a_gen_already_enough_is_left_as_it_is() -> None:
    step, data = start("sichuan", THREE_WINS)
    for _ in range(2):
        step = wizard.apply(step, data, Code.COUNT_PLUS, "0.1")  # Bob's 根: 2
    add_kong(step, data, (P[1], P[3]))
    assert data["counts"]["gen"] == {P[1]: 2}


def labels(step: str, data: dict[str, Any], lang: str = "en") -> dict[str, wizard.Button]:
    from bot.i18n import Translator

    return {b.label: b for row in wizard.render(step, data, Translator(lang)).rows for b in row}


def test_plus_one_each_gives_every_player_one_in_one_tap() -> None:
    # benchmarks/entry_hands.py xg-jing-all-four: each of the four holds a 副精; jiangxi.py
    # line 24: "counts primary_wild (正精, 0–3), secondary_wild (副精, 0–4)" (in all)
    step, data = start("xingguo", [(Code.GRID, "0.0"), (Code.SHAPE, "1")])  # Alice 小七对
    assert "+1 each" not in labels(step, data)  # 正精: three in all, so not one each
    step = wizard.apply(step, data, Code.EDIT, "t1")  # the 副精 tab
    got = labels(step, data)
    assert got["+1 each"].arg == "a1" and "全員+1" in labels(step, data, "ja")
    step = wizard.apply(step, data, Code.EDIT, "a1")
    assert data["counts"]["secondary_wild"] == dict.fromkeys(P, 1)
    assert "+1 each" not in labels(step, data)  # a fifth 副精 for anyone: over the four
    step = wizard.apply(step, data, Code.EDIT, "m")  # ➖ mode: one each off again
    step = wizard.apply(step, data, Code.EDIT, "a1")
    assert not any(data["counts"]["secondary_wild"].values())


def test_each_is_refused_where_the_count_cannot_take_it() -> None:
    step, data = start("xingguo", [(Code.GRID, "0.0"), (Code.SHAPE, "1")])
    try:
        wizard.apply(step, data, Code.EDIT, "a0")  # 正精 for all four: four of three
    except wizard.WizardError:
        pass
    else:
        raise AssertionError("four 正精 accepted")
    assert not any((data["counts"].get("primary_wild") or {}).values())


def test_riichi_a_common_hand_is_han_and_fu_in_one_tap() -> None:
    # benchmarks/entry_hands.py rc-ron-riichi: Bob ron off Carol, 3 han 30 fu; the keypad's
    # "3h 30fu" is the fu step's 30 fu of 3 han, one tap sooner
    step, data = start("riichi", [(Code.GRID, "1.2")])
    assert step == "han.0"
    got = labels(step, data)
    assert {"3h 30fu", "4h 40fu", "3", "Mangan"} <= set(got)
    assert "2h 20fu" not in got  # 20 fu is pinfu tsumo only (bot.entry.riichi.fu_values)
    assert "3翻30符" in labels(step, data, "ja")
    assert wizard.apply(step, data, got["3h 30fu"].action, got["3h 30fu"].arg) == "preview"
    assert data["wins"][0]["fan"] == 3 and data["counts"]["fu"] == {P[1]: 30}
    # the plain han still asks its fu
    step, data = start("riichi", [(Code.GRID, "1.2")])
    assert wizard.apply(step, data, Code.HAN, "3") == "fu.0"


def test_riichi_tsumo_offers_pinfu_20_fu_and_refuses_what_the_fu_step_would() -> None:
    step, data = start("riichi", [(Code.GRID, "1.0")])  # Bob tsumo
    got = labels(step, data)
    assert "2h 20fu" in got and "1h 20fu" not in got and "1h 40fu" not in got
    try:
        wizard.apply(step, data, Code.HAN, "1.20")
    except wizard.WizardError:
        pass
    else:
        raise AssertionError("1 han 20 fu accepted")


def test_a_tight_preview_adds_the_first_kong_in_one_tap_beside_the_events() -> None:
    # sc-three-wins-kongs: three wins fill the preview, so the events are behind one button;
    # the ruleset's first event (直杠, sichuan.py KONGS) is added from the preview itself
    step, data = start("sichuan", THREE_WINS)
    got = labels(step, data)
    add = next(b for t, b in got.items() if t.startswith("➕ Discard kong"))
    assert add.action == Code.EVENT_ADD and add.arg == "0" and got["✏️ Events"].arg == "e"
    step = wizard.apply(step, data, add.action, add.arg)
    assert step == "evplayer"
    d = Draft.from_json(data)
    cell = allowed.event_cells(d, d.rs.events[0]).index((P[1], P[3]))
    assert wizard.apply(step, data, Code.EVENT_CELL, str(cell)) == "preview"
    assert "✏️ Events (1)" in labels("preview", data)
    assert data["counts"]["gen"] == {P[1]: 1}  # with the 根 the kong forces


def test_a_full_count_hands_its_cells_on_to_the_next() -> None:
    # jiangxi.py line 24: 正精 0–3 in all; the third placed, the cells are the 副精's (no tab
    # to tap), unless a tab was chosen; ➖ mode keeps the first (to take one back)
    step, data = start("xingguo", [(Code.GRID, "0.0"), (Code.SHAPE, "1")])
    for i in ("0", "2", "3"):  # Alice, Carol, Dave: one 正精 each
        step = wizard.apply(step, data, Code.COUNT_PLUS, f"0.{i}")
    got = labels(step, data)
    assert got["Alice 0"].arg == "1.0" and "+1 each" in got  # the 副精's cells
    step = wizard.apply(step, data, Code.EDIT, "t0")  # the 正精 tab chosen: it stays
    assert labels(step, data)["Alice 1"].action == Code.PAGE  # full: inert
    data["ct"] = None
    step = wizard.apply(step, data, Code.EDIT, "m")
    assert labels(step, data)["Alice 1"].arg == "0.0"  # ➖: the first count's cells


def test_each_is_offered_only_where_every_player_s_count_is_money() -> None:
    # Guobiao's 花牌 are the winner's (guobiao.py: "flowers come from counts.flowers"): one
    # more for Bob's opponents changes no net, so no "+1 each"; Xingguo's 副精 of anyone does
    step, data = start("guobiao", [(Code.GRID, "1.0"), (Code.MODE, "0"), (Code.KEY, "8")])
    step = wizard.apply(step, data, Code.NEXT, "")
    assert step == "preview" and "Flowers 0" in labels(step, data)
    assert "+1 each" not in labels(step, data)
