"""/hand reads riichi words in English and Japanese (issue #27 point 3: "`Alice ron Bob 3 han
30 fu riichi`, `Bob tsumo mangan`, `Carol ツモ 4翻30符 リーチ`, `親 満貫 ロン`"), settled to the
numbers of spec shared/rules/riichi.md §3 and §4 (ids quoted); /hand with no text at a riichi
table gives riichi lines in the chat's language, each of which reads back."""

from __future__ import annotations

import pytest

import scoring
from bot.entry import phrase
from bot.entry.phrase.riichi import prepare
from bot.i18n import Translator

A, B, C, D = "11", "12", "13", "14"
P = (A, B, C, D)
NAMES = {A: "Alice", B: "Bob", C: "Carol", D: "Dave"}
EN = Translator("en")
# Alice deals (East); the others are non-dealers
TABLE = phrase.TableInfo("riichi", {}, P, NAMES, A)


def nets(record: object) -> dict[str, int]:
    """The players' nets (the pot, §1: the sticks on the table, left out)."""
    net = scoring.settle(record).net  # type: ignore[arg-type]
    return {p: net[p] for p in P}


def test_alice_ron_bob_3_han_30_fu_riichi() -> None:
    # a dealer ron 3 han 30 fu: 30 × 32 = 960, 6 × 960 = 5,760 → 5,800 (§2.2, §3 table row
    # 3 han 30 fu "3,900 / 5,800"); her riichi stick goes in and comes back (§2.4)
    record = phrase.parse("Alice ron Bob 3 han 30 fu riichi", TABLE, EN)
    (win,) = record.wins
    assert (win.winner, win.discarder, win.fan, win.flags) == (A, B, 3, ())
    assert record.counts["fu"] == {A: 30}
    assert [(e.type, e.player) for e in record.events] == [("riichi", A)]
    net = nets(record)
    assert (net[A], net[B]) == (5800, -5800)


def test_bob_tsumo_mangan() -> None:
    # RI-16 (R6 errata): "Non-East score for 5 han is 2000/4000 for tsumo"
    record = phrase.parse("Bob tsumo mangan", TABLE, EN)
    (win,) = record.wins
    assert (win.winner, win.discarder, win.fan) == (B, None, 5)
    assert nets(record) == {A: -4000, B: 8000, C: -2000, D: -2000}


def test_carol_tsumo_4_han_30_fu_riichi_in_japanese() -> None:
    # RI-06 (R20 scores.py): non-dealer tsumo 4 han 30 fu → 3,900 from the dealer, 2,000 each
    record = phrase.parse("Carol ツモ 4翻30符 リーチ", TABLE, EN)
    (win,) = record.wins
    assert (win.winner, win.discarder, win.fan) == (C, None, 4)
    assert record.counts["fu"] == {C: 30}
    assert [(e.type, e.player) for e in record.events] == [("riichi", C)]
    assert nets(record) == {A: -3900, B: -2000, C: 7900, D: -2000}


def test_dealer_mangan_ron_asks_whose_discard() -> None:
    # 親 = the dealer (Alice), 満貫 = 5 han; a ron without the discarder: the buttons ask it
    reading = phrase.read("親 満貫 ロン", TABLE, EN)
    (win,) = reading.record.wins
    assert (win.winner, win.fan) == (A, 5)
    assert reading.missing is not None and reading.missing.kind == "how"
    # said with the discarder it settles: a dealer mangan ron is 12,000 (§3 "8,000 / 12,000")
    record = phrase.parse("親 満貫 ロン Dave", TABLE, EN)
    assert scoring.settle(record).net[D] == -12000


@pytest.mark.parametrize(
    ("line", "k"),
    [("Dave ron Bob 役満", 1), ("Bob tsumo double yakuman", 2), ("Bob ツモ 役満×2", 2)],
)
def test_yakuman_is_the_count_not_han(line: str, k: int) -> None:
    record = phrase.parse(line, TABLE, EN)
    (win,) = record.wins
    assert win.fan is None and record.counts["yakuman"] == {win.winner: k}
    # a non-dealer yakuman: 8,000 × k basic, 32,000 × k in all (§2.1, RI-06 "16,000 / 8,000")
    assert scoring.settle(record).net[win.winner] == 32000 * k


def test_a_draw_with_tenpai_and_a_riichi() -> None:
    # §2.5: 3,000 split: two tenpai get 1,500 each from the two noten; Carol's stick joins
    # the pot
    record = phrase.parse("流局 Alice テンパイ Bob 聴牌 Carol リーチ", TABLE, EN)
    assert record.result == "draw"
    assert nets(record) == {A: 1500, B: 1500, C: -2500, D: -1500}


def test_nagashi_mangan_is_not_a_mangan() -> None:
    # 流局満貫 is the nagashi event, not 5 han
    text, _ = prepare("流局 Bob 流局満貫", TABLE)
    assert "5 han" not in text and "nagashi mangan" in text


def test_words_stay_as_they_are_at_other_tables() -> None:
    other = phrase.TableInfo("hongkong", {}, P, NAMES, A)
    assert prepare("Bob ツモ 満貫", other)[0] == "Bob ツモ 満貫"


@pytest.mark.parametrize("lang", ["en", "ja", "zh_Hans", "zh_Hant"])
def test_examples_are_riichi_lines_that_read_back(lang: str) -> None:
    lines = phrase.examples(TABLE, lang)
    assert len(lines) == 2
    words = {"en": "han", "ja": "翻", "zh_Hans": "番", "zh_Hant": "番"}[lang]
    assert words in lines[0]
    for line in lines:
        record = phrase.parse(line, TABLE, Translator(lang))
        assert record.wins and scoring.settle(record).net
    # the ron with riichi: Bob (non-dealer) ron Carol 3 han 30 fu = 3,900 (RI-01)
    first = phrase.parse(lines[0], TABLE, Translator(lang))
    assert scoring.settle(first).net[C] == -3900
