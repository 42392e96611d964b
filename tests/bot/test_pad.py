"""The Guobiao tile pad (issue 14 point 8; #26.7 "the Guobiao tile pad ≤ 14 taps for a closed
hand"): a tile, then the set it is in, writes the same tiles as the typed reply; the set that
makes the 14 tiles ends the pad; every keyboard fits a phone (#26.1's budget, #26.2's 12
rows)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.entry import cells, pad, wizard
from bot.entry.keyboard import Code
from bot.i18n import Translator

P = ["11", "12", "13", "14"]
NAMES = dict(zip(P, ["Alice", "Bob", "Carol", "Dave"], strict=True))
TR = Translator("en")

# replies the typed tiles step takes (bot/entry/wizard/steps/tiles.py: set_tiles); the first
# two are benchmarks/entry_hands.py's TILES and CHOWS, the next two the examples of
# scoring/gb/notation.py's docstring: "123m456p789s11z222z" --win 1z (花龙 8 + 门前清 2 + 幺九刻
# 1 + 单钓将 1) and "[555z][666z][777z]2344m" --win 4m --self-drawn (大三元 88 …)
TILES = "[555z](7777p)123s999p2z 2z"
CHOWS = "[123m][456p]789s234s55z 5z"
CLOSED = "123m456p789s11z222z 1z"
DRAGONS = "[555z][666z][777z]2344m 4m"
SEVEN_PAIRS = "1122m3344p5566s77z 7z"
ORPHANS = "19m19p19s1234567z 1z"  # 十三幺: no sets, tile by tile


def start_pad() -> tuple[str, dict]:
    step, data = wizard.new_state(
        ruleset="guobiao", options={}, players=P, names=NAMES, dealer="11"
    )
    for tap in (("wh", "1.0"), ("m", "2"), ("pad", "")):  # Bob self-drawn, tiles, the pad
        step = wizard.apply(step, data, *tap)
    assert step == "pad.0"
    return step, data


def typed(reply: str) -> dict:
    step, data = wizard.new_state(
        ruleset="guobiao", options={}, players=P, names=NAMES, dealer="11"
    )
    step = wizard.apply(step, data, "wh", "1.0")
    step = wizard.apply(step, data, "m", "2")
    wizard.set_tiles(data, step, reply)
    return data["wins"][0]["tiles"]


def keys_of(step: str, data: dict, tr: Translator = TR) -> list[list[wizard.Button]]:
    return wizard.render(step, data, tr).rows


@pytest.mark.parametrize(
    ("reply", "most"),
    [(TILES, 10), (CHOWS, 10), (CLOSED, 10), (DRAGONS, 10), (SEVEN_PAIRS, 14), (ORPHANS, 15)],
)
def test_the_pad_writes_the_tiles_of_the_reply(reply: str, most: int) -> None:
    step, data = start_pad()
    taps = pad.taps_for(reply)
    assert len(taps) <= most
    for tap in taps:
        assert step == "pad.0"
        offered = {(b.action, b.arg) for row in keys_of(step, data) for b in row}
        assert tap in offered, (tap, reply)  # every tap a button on the screen
        step = wizard.apply(step, data, *tap)
    assert step == "preview"  # the last set (✔), or Done, read the tiles
    assert data["wins"][0]["tiles"] == typed(reply)
    assert "pad" not in data["wins"][0]


def test_a_closed_hand_is_ten_taps_on_the_pad() -> None:
    # #26.7: "the Guobiao tile pad ≤ 14 taps for a closed hand" — with Record hand, the
    # grid's cell, 🔢 Tile pad and Confirm, a hand of four sets and a pair is 4 + 10 taps
    step, data = start_pad()
    taps = pad.taps_for(CLOSED)
    assert len(taps) == 10 and Code.PAD_DONE not in [a for a, _ in taps]
    for tap in taps[:-1]:
        step = wizard.apply(step, data, *tap)
    last = next(b for row in keys_of(step, data) for b in row if (b.action, b.arg) == taps[-1])
    assert last.label == "东东✔"  # the pair that makes the 14 tiles says it ends the pad
    assert "So far: 123m456p789s222z 1z" in wizard.render(step, data, TR).text


def test_the_winning_tile_is_the_tapped_tile_of_the_last_set() -> None:
    def win_tile(tile: str, arg: str) -> str | None:
        tokens: list[str] = []
        tokens, _ = pad.press(tokens, Code.PAD_TILE, str(pad.PAD_TILES.index(tile)))
        tokens, _ = pad.press(tokens, Code.PAD_CHOW, arg)
        return pad.pad_text(tokens)[1]

    # tap 2s, then 123s: 2s won (嵌张, a closed wait); tap 3s, then 123s: 3s (边张)
    assert win_tile("2s", "c1") == "2s" and win_tile("3s", "c2") == "3s"
    assert pad.pad_text(["{", "1s", "3s", "2s", "}"]) == ("13s", "2s")
    # an exposed set is never the winning tile's: the last concealed tile is
    tokens = ["5z", "{", "2s", "3s", "1s", "}", "[", "4p", "6p", "5p", "]"]
    assert pad.pad_text(tokens) == ("5z23s[456p]", "1s")


def test_backspace_takes_back_the_last_tap() -> None:
    tokens, _ = pad.press([], Code.PAD_TILE, str(pad.PAD_TILES.index("5m")))
    for action, arg in [
        (Code.PAD_PAIR, ""),
        (Code.PAD_PUNG, "c"),
        (Code.PAD_CHOW, "c1"),
        (Code.PAD_PUNG, ""),
        (Code.PAD_CHOW, "2"),
        (Code.PAD_KONG, ""),
        (Code.PAD_HIDDEN_KONG, ""),
    ]:
        made, done = pad.press(tokens, action, arg)
        assert not done and made != tokens
        assert pad.press(made, Code.PAD_DELETE, "")[0] == ["5m"]  # the set back to its tile
    assert pad.press(["5m"], Code.PAD_DELETE, "")[0] == []


def test_the_pad_offers_only_sets_that_fit() -> None:
    """Issue 14 point 2 (a count out of range cannot be stepped to): no fifth copy, no set
    past four copies or the hand's 14 tiles, no tile once the hand is whole, Done only then."""

    def labels(tokens: list[str]) -> list[str]:
        return [b.label for row in pad.keys(tokens, "✔ Done") for b in row if b.action != "pg"]

    assert "⌫" not in labels([]) and "✔ Done" not in labels([])
    assert "1m" not in labels(["1m"] * 4)  # four of a kind is all there is
    three = labels(["1m"] * 3)
    assert "11m" in three and "111m" not in three and "[1111m]" not in three  # one copy left
    assert "[1111m]" in labels(["1m"]) and "(1111m)" in labels(["1m"])
    assert "123m" in three and "[123m]" in three
    assert labels(["9m"])[-8:] == [
        "99m",
        "999m",
        "789m",
        "[999m]",
        "[789m]",
        "[9999m]",
        "(9999m)",
        "⌫",
    ]
    sets4 = ["{", "1s", "2s", "3s", "}"] * 4
    at13 = labels([*sets4, "5z"])
    assert "白白✔" in at13 and "白白白" not in at13  # a pung would be 15 tiles
    whole = labels([*sets4, "{", "5z", "5z", "}"])
    assert "✔ Done" in whole and "1m" not in whole  # no 15th tile
    with pytest.raises(wizard.WizardError, match="at_max"):
        pad.press([*sets4, "{", "5z", "5z", "}"], Code.PAD_TILE, "0")
    with pytest.raises(wizard.WizardError, match="at_max"):
        pad.press(["1m"] * 4, Code.PAD_TILE, "0")
    with pytest.raises(wizard.WizardError, match="at_max"):
        pad.press(["1m"] * 3, Code.PAD_PUNG, "c")
    with pytest.raises(wizard.WizardError, match="bad_arg"):
        pad.press(["{", "1m", "1m", "}"], Code.PAD_PAIR, "")  # the last tap was a set


def test_a_set_that_makes_no_hand_is_refused_and_the_pad_kept() -> None:
    # 123m 345p 567s 234m 55p: 14 tiles in sets but below Guobiao's 8-fan minimum
    step, data = start_pad()
    taps = pad.taps_for("123m345p567s234m55p 5p")
    step = wizard.apply(step, data, *taps[0])
    for tap in taps[1:-1]:
        step = wizard.apply(step, data, *tap)
    before = list(data["wins"][0]["pad"])
    with pytest.raises(wizard.TilesError):
        wizard.apply(step, data, *taps[-1])
    assert data["wins"][0]["pad"] == before and data["wins"][0]["tiles"] is None


def test_an_older_keyboard_s_meld_tile_by_tile_still_works() -> None:
    step, data = start_pad()
    east = str(pad.PAD_TILES.index("1z"))
    for _ in range(4):
        step = wizard.apply(step, data, Code.PAD_TILE, east)
    with pytest.raises(wizard.WizardError, match="at_max"):
        wizard.apply(step, data, Code.PAD_TILE, east)  # a fifth East
    step = wizard.apply(step, data, Code.PAD_DELETE, "")
    step = wizard.apply(step, data, Code.PAD_CONCEALED, "")
    step = wizard.apply(step, data, Code.PAD_TILE, east)
    with pytest.raises(wizard.WizardError, match="pad_meld"):
        wizard.apply(step, data, Code.PAD_CLOSE, "")  # a concealed kong is four
    with pytest.raises(wizard.WizardError):
        wizard.apply(step, data, Code.PAD_EXPOSED, "")  # no meld inside a meld
    assert pad.pad_text(["[", "1m", "2m", "3m", "]", "5z"]) == ("[123m]", "5z")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(["en", "zh_Hans", "zh_Hant", "ja"]),
    st.lists(st.integers(0, 10**6), max_size=40),
)
def test_every_pad_screen_fits_a_phone(lang: str, picks: list[int]) -> None:
    # #26.1: "at most 36 cells for a button alone in its row, 17 for two, 11 for three, 8
    # for four, 6 for five or more"; #26.2: "Any message fits ≤ 12 keyboard rows"
    tr = Translator(lang)
    step, data = start_pad()
    for pick in picks:
        if step != "pad.0":
            break
        rows = keys_of(step, data, tr)
        assert len(rows) <= 12
        assert not cells.over([[b.label for b in row] for row in rows])
        live = [b for row in rows for b in row if b.action not in ("pg", "x", "b")]
        b = live[pick % len(live)]
        try:
            step = wizard.apply(step, data, b.action, b.arg)
        except (wizard.WizardError, wizard.TilesError):
            pass
        tokens = data["wins"][0].get("pad") or []
        assert step != "pad.0" or pad.size(tokens) <= pad.FULL


@pytest.mark.parametrize(
    ("lang", "east", "pair"),
    [
        ("en", "东", "东东"),
        ("zh_Hans", "东", "东东"),
        ("zh_Hant", "東", "東東"),
        ("ja", "東", "東東"),
    ],
)
def test_the_honours_as_the_chat_writes_them(lang: str, east: str, pair: str) -> None:
    # the Mini App's tiles too write 東 / 發 in 繁體 (bot/web/static/tiles.js glyphs())
    step, data = start_pad()
    step = wizard.apply(step, data, Code.PAD_TILE, str(pad.PAD_TILES.index("1z")))
    labels = [b.label for row in keys_of(step, data, Translator(lang)) for b in row]
    assert east in labels and pair in labels
