"""Riichi's explanation steps in Japanese (issue 27 point 6: "every settlement's derivation in
ja too"; commit 8416b3d ``Step(zh, en, ja="")``).

Every step of every riichi settlement has its own Japanese, and a Japanese chat is shown it:
the ledger's path (``storage.settled.settle_once`` with references, ``bot.present.named``,
``Translator("ja").steps`` — the chat's /explain, the hand card image, the Mini App) and the
CLI's (``scoring.settle`` JSON, ``bot.cli.settlement_text``). With the players named in
Japanese, no Latin letter is left (no English sentence, no reference marker), and every figure
of the English step is in the Japanese one (the arithmetic can be redone: spec riichi.md §2).
The hands are spec §4's derived examples (DER-01 … DER-35, tests/scoring/test_riichi_examples.py)
and random hands of every preset (tests/scoring/test_riichi_props.py's strategy).

A Sichuan hand (helper F writes its Japanese at the same time) is shown in its Japanese where
written and otherwise in English — never the Chinese.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from hypothesis import given, settings

import scoring
from bot import present
from bot.cli import settlement_text
from bot.i18n import Translator, own_names
from scoring.record import HandRecord, Settlement
from scoring.riichi.decls import EVENTS, EVENTS_JA, WORDS, WORDS_JA
from storage.settled import settle_once
from tests.scoring.builders import record as chinese_record
from tests.scoring.builders import win as chinese_win
from tests.scoring.test_riichi_builders import game_end, hand, win
from tests.scoring.test_riichi_examples import DERIVED
from tests.scoring.test_riichi_props import hands
from tests.test_hant_night import problems

JA = Translator("ja")
#: the players in Japanese, so any Latin letter left in a shown step is English
NAMES = {"E": "田中", "S": "佐藤", "W": "鈴木", "N": "高橋"}
NAMES.update({"a": "田中", "b": "佐藤", "c": "鈴木", "d": "高橋"})
#: the one Latin word a riichi step writes: the library's name (PyPI ``mahjong``)
ALLOWED = ("mahjong",)
_NUMBER = re.compile(r"\d[\d,]*")
_MARKERS = re.compile("[\ue000-\ue003]")


def latin(text: str) -> list[str]:
    for word in ALLOWED:
        text = text.replace(word, "")
    return re.findall(r"[A-Za-z]+", text)


def numbers(text: str) -> set[str]:
    """The figures of a step (each distinct one: "16,000 from E and 16,000 from S" is the
    Japanese "16,000ずつ")."""
    return {m.group(0).rstrip(",") for m in _NUMBER.finditer(text)}


GAME_ENDS = [
    # DER-33/34/35 shapes (tests/scoring/test_riichi_examples.py): ties, split ties, money
    game_end({"E": 30000, "S": 30000, "W": 20000, "N": 20000}),
    game_end({"E": 35000, "S": 35000, "W": 25000, "N": 25000}, preset="ema"),
    game_end({"E": 42000, "S": 31000, "W": 20000, "N": 6000}, sticks=1, uma="5_10", rate=100),
    game_end({"E": 40000, "S": 30000, "W": 20000, "N": 10000}, preset="tenhou"),
    game_end({"E": 45000, "S": 35000, "W": 25000, "N": 15000}, chombo={"N": 1}, preset="wrc"),
]
TILES = [
    # tests/scoring/test_riichi_tiles.py's riichi pinfu-free hand, scored by the library
    hand(
        [
            win(
                "S",
                "W",
                None,
                tiles={"hand": "234m456p789s2233z", "win_tile": "3z"},
                flags=("riichi",),
            )
        ],
        riichi=("S",),
    ),
]


def ledger_steps(rec: dict[str, Any]) -> list[str]:
    """The steps as a Japanese chat shows a stored hand (references named at display)."""
    record = HandRecord.from_json(rec)
    st = settle_once(record).settlement
    stored = Settlement.from_json(st.to_json())  # what the ledger reads back
    return JA.steps(present.named(stored, NAMES).explanation)


def check_riichi(rec: dict[str, Any]) -> None:
    plain = scoring.settle(HandRecord.from_json(rec))
    assert all(s.ja for s in plain.explanation), [s.en for s in plain.explanation if not s.ja]
    shown = ledger_steps(rec)
    assert len(shown) == len(plain.explanation)
    for text, step in zip(shown, plain.explanation, strict=True):
        assert not _MARKERS.search(text), text
        assert not latin(text), (text, step.en)
        assert not problems(text, "ja", drawn=True), text  # no id; every Han in the JP face
        assert not numbers(step.en) - numbers(text), (text, step.en)
        # the stored hand reads as the plain settlement (players named the same way)
        want = step.ja
        for pid, name in NAMES.items():
            want = re.sub(rf"(?<![A-Za-z]){pid}(?![A-Za-z])", name, want)
        assert text == want


CASES = [
    pytest.param(r, id=i)
    for i, r in [(d[0], d[1]) for d in DERIVED]
    + [(f"END-{i}", r) for i, r in enumerate(GAME_ENDS)]
    + [("TILES", TILES[0])]
]


@pytest.mark.parametrize("rec", CASES)
def test_every_riichi_step_is_japanese(rec: dict[str, Any]) -> None:
    check_riichi(rec)


@settings(max_examples=150, deadline=None)
@given(hands())
def test_random_riichi_hands_are_japanese(rec: dict[str, Any]) -> None:
    check_riichi(rec)


def test_the_cli_shows_the_japanese() -> None:
    rec = hand([win("S", "W", 3)], fu={"S": 30}, honba=2, sticks=1, riichi=("S", "N"))
    out = settlement_text(rec, scoring.settle(HandRecord.from_json(rec)).to_json(), "ja")
    steps = out.split("\n")[out.split("\n").index(JA.pick("计算：", "Explanation:")) + 1 :]
    assert "  Sの和了、3翻30符：基本点30符×32=960" in steps
    assert "  子のロン 4×960=3,840、100点単位に切り上げて3,900、Wの支払い" in steps
    assert "  2本場×300=600、WからSへ" in steps


def test_a_word_reads_the_same_plain_and_stored() -> None:
    """The Japanese a plain settlement writes for a word (scoring.riichi.decls.WORDS_JA) is the
    ja names catalog's name of that word, which names the word in a stored hand."""
    own = own_names("ja")
    for wid, (zh, _, en) in WORDS.items():
        assert (own.get(f"{en}\x04{zh}") or own.get(zh)) == WORDS_JA[wid], wid
    for e in EVENTS:
        assert (own.get(f"{e.en}\x04{e.zh}") or own.get(e.zh)) == EVENTS_JA[e.id], e.id


def test_a_named_step_text_picks_japanese() -> None:
    rec = hand([win("N", "S", 1)], fu={"N": 40})
    st = settle_once(HandRecord.from_json(rec)).settlement
    step = present.named(st, NAMES).explanation[0]
    assert isinstance(step, present.NamedStep)
    assert step.text("ja") == "高橋の和了、1翻40符：基本点40符×8=320"
    assert step.text("en") == "高橋 wins, 1 han 40 fu: basic points 40 fu × 8 = 320"
    assert step.shown(JA.pick, "ja") == step.text("ja")


def test_a_sichuan_hand_in_a_japanese_chat() -> None:
    """Sichuan (F's Japanese may not be written yet): each step shown in its Japanese where
    written, else in English; never the Chinese sentence."""
    rec = chinese_record("sichuan", [chinese_win("b", "c", "qing_dui")], options={"mode": "normal"})
    record = HandRecord.from_json(rec)
    st = settle_once(record).settlement
    shown = JA.steps(present.named(st, NAMES).explanation)
    plain = scoring.settle(record).explanation
    assert shown
    for text, step in zip(shown, plain, strict=True):
        assert not _MARKERS.search(text), text
        if step.ja:
            assert not latin(text), text
        else:
            assert latin(text), text  # the English fallback
        assert not numbers(step.en) - numbers(text), (text, step.en)


# --- the surfaces of a stored hand: /explain's text and the hand card image ------------------
def test_explain_and_hand_card_in_a_japanese_chat(monkeypatch: pytest.MonkeyPatch) -> None:
    """A riichi hand recorded into a real ledger (SQLite), shown as /explain shows it
    (bot.texts.explain_text) and drawn as its hand card (bot.render.draw.render_hand_card):
    the derivation in Japanese, the players by name, no English sentence."""
    from bot.render import draw as draw_mod
    from bot.render import text as render_text
    from bot.render.draw import render_hand_card
    from bot.render.samples import temporary_ledger
    from bot.texts import explain_text
    from tests.storage.test_riichi_games import OPTIONS, Table, ron
    from tests.test_hant_night import Recorder

    with temporary_ledger() as led:
        led.ensure_chat(-4128, title="麻雀クラブ")
        people = [led.ensure_user(7200 + i, n) for i, n in enumerate(NAMES.values())]
        t = led.open_table(-4128, creator_id=people[0].id, ruleset="riichi", options=OPTIONS)
        for p in people[:4]:
            led.join(t.id, p.id)
        led.start(t.id, dealer_id=people[0].id)
        table = Table(led, t.id, [str(p.id) for p in people[:4]])
        h = table.record(ron(table, 1, 2, 3, riichi=(1, 3)))  # 佐藤 rons 鈴木, 3 han 30 fu
        view = led.get_table(t.id)
        names = present.names_of(view, h.names)
        shown = present.shown(h, names)
        text = explain_text(h, names, shown, JA)
        how = text.split("\n")[text.split("\n").index("<b>" + JA.gettext("How") + "</b>") + 1 :]
        assert "· 佐藤の和了、3翻30符：基本点30符×32=960" in how
        assert "· 佐藤、高橋が立直：各1,000点を供託へ" in how
        for line in how:
            assert not latin(line), line
        rec = Recorder()
        wrapped = rec.wrap(render_text.draw_runs)  # once: draw imports it too
        monkeypatch.setattr(render_text, "draw_runs", wrapped)
        monkeypatch.setattr(draw_mod, "draw_runs", wrapped)
        render_hand_card(present.hand_card(view, h, names, shown, JA), "ja")
        drawn = "".join(rec.lines)
        assert "3翻30符" in drawn and "供託" in drawn and "ロン" in drawn
        for step in JA.steps(shown.explanation):
            assert not latin(step), step
