"""Riichi on the chat's buttons (issue #27 point 3): the han keypad, only the fu that exist for
the han and the way of winning, riichi / tenpai as rows of player toggles, the events with no
text step, no "game end" to enter; every label within its row's budget (bot.entry.cells).
Spec shared/rules/riichi.md §1.1 (validation: "25 fu with 1 han"; 20 fu = pinfu tsumo),
§2.1 (the cap: 3 han 70 fu and 4 han 40 fu are mangan)."""

from __future__ import annotations

from typing import Any

import pytest

import scoring
from bot.entry import cells, riichi, wizard
from bot.entry.draft import Draft, WinDraft
from bot.i18n import Translator

P = ["11", "12", "13", "14"]
NAMES = dict(zip(P, ["Alice", "Bob", "Carol", "Dave"], strict=True))
LANGS = ["en", "zh_Hans", "zh_Hant", "ja"]


def start(options: dict[str, Any] | None = None) -> tuple[str, dict[str, Any]]:
    return wizard.new_state(
        ruleset="riichi", options=options or {}, players=P, names=NAMES, dealer="11"
    )


def grid(step: str, data: dict[str, Any], winner: str, src: str | None) -> str:
    how = "self_drawn" if src is None else "discard"
    hows = wizard.grid_hows(scoring.get("riichi"), None, data, 0, winner)  # type: ignore[arg-type]
    return wizard.apply(step, data, "wh", f"{P.index(winner)}.{hows.index((how, src))}")


def codes(step: str, data: dict[str, Any], action: str) -> list[str]:
    rows = wizard.render(step, data, Translator("en")).rows
    return [b.arg for row in rows for b in row if b.action == action]


@pytest.mark.parametrize(
    ("han", "src", "fu"),
    [
        (1, "12", [30, 40, 50, 60, 70, 80, 90, 100, 110]),  # no 20, no 25 at 1 han
        (1, None, [30, 40, 50, 60, 70, 80, 90, 100, 110]),
        (2, "12", [25, 30, 40, 50, 60, 70, 80, 90, 100, 110]),  # no 20 on a ron
        (2, None, [20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110]),
        (3, "12", [25, 30, 40, 50, 60, 70]),  # 70 × 32 = 2,240 → mangan and up
        (4, None, [20, 25, 30, 40]),  # 40 × 64 = 2,560 → mangan and up
        (5, None, []),
    ],
)
def test_the_fu_that_exist(han: int, src: str | None, fu: list[int]) -> None:
    d = Draft(ruleset="riichi", players=P, names=NAMES, dealer="11")
    assert riichi.fu_values(d, WinDraft(winner="13", discarder=src), han) == fu


def test_a_ron_with_riichi_is_five_taps_and_the_pad_offers_han_limits_yakuman() -> None:
    step, data = start()
    step = grid(step, data, "13", "12")  # 1: Carol ← Bob
    assert step == "han.0"
    common = [f"{h}.{f}" for f in (30, 40) for h in range(1, 5)]  # han·fu in one tap (#26.7)
    assert codes(step, data, "hn") == [*common, *map(str, range(1, 14)), "5", "6", "8", "11"]
    assert codes(step, data, "yk") == ["1", "2", "3", "4", "5", "6"]
    step = wizard.apply(step, data, "hn", "3")  # 2 (the long way: "3.30" is one tap)
    assert step == "fu.0" and codes(step, data, "fu") == ["25", "30", "40", "50", "60", "70"]
    with pytest.raises(wizard.WizardError):
        wizard.apply(step, data, "fu", "20")  # not offered: a ron
    step = wizard.apply(step, data, "fu", "30")  # 3
    assert step == "preview"
    assert not codes(step, data, "tf")  # the tiles' flags are not asked
    assert not codes(step, data, "cp")  # nor fu, yakuman, honba, sticks as counts
    step = wizard.apply(step, data, "dc", "0.2")  # 4: Carol's riichi
    assert codes(step, data, "c") == [""]  # 5: Confirm
    record = wizard.build_record(data)
    assert [(e.type, e.player) for e in record.events] == [("riichi", "13")]
    assert scoring.settle(record).net["12"] == -3900  # RI-01


def test_a_yakuman_then_back_to_han_drops_it() -> None:
    step, data = start({"max_yakuman": 1})
    step = grid(step, data, "14", None)
    assert codes(step, data, "yk") == ["1"]
    step = wizard.apply(step, data, "yk", "1")
    assert step == "preview" and data["counts"]["yakuman"] == {"14": 1}
    step = wizard.apply(step, data, "ed", "v0")  # ✏️ the value
    step = wizard.apply(step, data, "hn", "6")
    assert step == "preview" and "yakuman" not in data["counts"]
    assert data["wins"][0]["fan"] == 6


def test_a_draw_has_a_riichi_row_and_a_tenpai_row_and_no_game_end() -> None:
    step, data = start()
    results = codes(step, data, "r")
    names = [r.value for r in scoring.get("riichi").results if r.value != "win"]
    assert len(results) == len(names) - 1  # every result but the game end (the ledger's)
    step = wizard.apply(step, data, "r", "0")  # exhaustive draw
    assert step == "preview"
    assert codes(step, data, "dc") == [f"{e}.{i}" for e in range(2) for i in range(4)]
    for arg in ("1.1", "1.3", "0.3"):  # Bob and Dave tenpai, Dave riichi
        step = wizard.apply(step, data, "dc", arg)
    step = wizard.apply(step, data, "dc", "1.3")  # and Dave untoggled again
    record = wizard.build_record(data)
    assert sorted((e.type, e.player) for e in record.events) == [
        ("riichi", "14"),
        ("tenpai", "12"),
    ]
    net = scoring.settle(record).net  # §2.5: one tenpai gets 1,000 from each of three
    assert [net[p] for p in P] == [-1000, 3000, -1000, -2000]


def test_an_abortive_draw_is_added_from_its_players_grid() -> None:
    step, data = start()
    rs = scoring.get("riichi")
    others = [r.value for r in rs.results if r.value != "win" and riichi.entered(rs, r.value)]
    step = wizard.apply(step, data, "r", str(others.index("abortive_draw")))
    assert step == "evplayer"
    step = wizard.apply(step, data, "eg", "0")
    assert step == "preview" and data["events"][0]["type"] == "abortive_draw"
    scoring.settle(wizard.build_record(data))


@pytest.mark.parametrize("lang", LANGS)
def test_every_label_fits_its_row(lang: str) -> None:
    tr = Translator(lang)
    step, data = start()
    screens = []
    step = grid(step, data, "13", "12")
    screens.append(wizard.render(step, data, tr))
    step = wizard.apply(step, data, "hn", "3")
    screens.append(wizard.render(step, data, tr))
    step = wizard.apply(step, data, "fu", "70")
    screens.append(wizard.render(step, data, tr))
    for screen in screens:
        labels = [[b.label for b in row] for row in screen.rows]
        assert not cells.over(labels), (lang, cells.over(labels))
        assert len(screen.rows) <= 12


def test_a_win_by_its_tiles_with_dora_and_the_riichi_row_as_its_flag() -> None:
    # §1.3: the mahjong library scores the tiles; 123456789m 123p 5p + 5p self-drawn, the dora
    # indicator 4p (two 5p dora): menzen tsumo 1 + ittsu 2 + dora 2 = 5 han, a mangan tsumo
    # (RI-16: 2,000 / 4,000); Carol's riichi (the row) adds the flag: 6 han, haneman
    step, data = start()
    step = grid(step, data, "13", None)
    step = wizard.apply(step, data, "m", "tiles")
    assert step == "tiles.0" and "dora" in wizard.render(step, data, Translator("en")).text
    with pytest.raises(wizard.TilesError):
        wizard.set_tiles(data, step, "111m 1m")
    assert data["wins"][0].get("tiles") is None  # left as it was
    wizard.set_tiles(data, step, "123456789m1235p 5p dora 4p")
    assert data["wins"][0]["tiles"]["dora_indicators"] == "4p"
    step = wizard.after_tiles(data, step)
    assert step == "preview"
    net = scoring.settle(wizard.build_record(data)).net
    assert [net[p] for p in P] == [-4000, -2000, 8000, -2000]
    assert "0.2" in codes(step, data, "dc")  # the riichi row; the flag riichi is not a toggle
    flags = scoring.get("riichi").flags
    assert all(flags[int(a.partition(".")[2])].id != "riichi" for a in codes(step, data, "tf"))
    step = wizard.apply(step, data, "dc", "0.2")
    assert data["wins"][0]["flags"] == ["riichi"]
    net = scoring.settle(wizard.build_record(data)).net
    assert [net[p] for p in P] == [-6000, -3000, 12000, -3000]  # the stick back to her
