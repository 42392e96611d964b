"""A stored hand renders with the players' current names, in every language, without being
settled again (issue 15 point 1); a hand stored the old way (ids in its explanation, no
``format``) still renders, by the fallback that settles it again for its words.

Real SQLite ledger; the hand is the contract's worked example (shared/contracts/
hand-record.md: bob wins a no-wild big seven pairs on carol's discard, alice deals → alice
−16, bob +45 before wildcards and the kong; the settlement's last step gives the nets).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import text

import scoring
from bot import present, texts
from bot.i18n import Translator
from bot.tg import esc
from scoring.hant import simplified_only
from storage.service import Ledger
from storage.settled import CLOSE, FORMAT, OPEN, rename
from tests.storage.helpers import contract_example

LANGS = ("en", "zh_Hans", "zh_Hant")
HOW = {"en": "How", "zh_Hans": "计算过程", "zh_Hant": "計算過程"}


@pytest.fixture
def ledger(tmp_path: Path) -> Iterator[Ledger]:
    led = Ledger(f"sqlite:///{tmp_path / 'ledger.sqlite3'}")
    led.upgrade()
    try:
        yield led
    finally:
        led.dispose()


def game(led: Ledger) -> tuple[int, list[str]]:
    led.ensure_chat(-1001, title="night")
    players = [led.ensure_user(100 + i, n) for i, n in enumerate(("alice", "bob", "carol", "dave"))]
    t = led.open_table(-1001, creator_id=players[0].id, ruleset="xingguo", options={})
    for p in players:
        led.join(t.id, p.id)
    led.start(t.id, dealer_id=players[0].id)
    return t.id, [str(p.id) for p in players]


def by_names(ids: list[str], names: list[str], lang: str) -> list[str]:
    """The oracle: the core's explanation of the hand entered with the names as player ids
    (what the bot settled again to show before references), escaped as the chat shows it."""
    rec = rename(contract_example(ids), dict(zip(ids, names, strict=True)))
    tr = Translator(lang)
    return ["· " + esc(tr.step(s)) for s in scoring.settle(rec).explanation]


def how_lines(text_: str) -> list[str]:
    return [ln for ln in text_.splitlines() if ln.startswith("· ")]


def explain(led: Ledger, table_id: int, seq: int, lang: str) -> str:
    hand = led.get_hand(table_id, seq)
    table = led.get_table(table_id)
    names = texts.names_of(table, hand.names)
    return texts.explain_text(hand, names, present.shown(hand, names), Translator(lang))


def test_stored_hand_has_references_and_the_cores_amounts(ledger):
    tid, ids = game(ledger)
    rec = contract_example(ids)
    hand = ledger.record_hand(tid, rec, recorded_by=int(ids[1]), idempotency_key="k1")
    want = scoring.settle(rec)
    assert hand.settlement_format == FORMAT
    assert hand.settlement.payments == want.payments and dict(hand.settlement.net) == dict(want.net)
    again = ledger.get_hand(tid, 1)
    assert again.settlement_format == FORMAT and again.settlement == hand.settlement
    steps = " ".join(s.en for s in again.settlement.explanation)
    assert f"{OPEN}{ids[1]}{CLOSE}" in steps  # bob, referenced
    assert ledger.check_integrity() == []


@pytest.mark.parametrize("lang", LANGS)
def test_a_renamed_player_shows_by_the_new_name_in_every_language(ledger, lang):
    tid, ids = game(ledger)
    ledger.record_hand(tid, contract_example(ids), recorded_by=int(ids[1]), idempotency_key="k")
    before = how_lines(explain(ledger, tid, 1, lang))
    assert any("bob" in ln for ln in before), before
    ledger.ensure_user(101, "Roberta <R&B>")  # bob renames himself on Telegram
    out = explain(ledger, tid, 1, lang)
    lines = how_lines(out)
    assert HOW[lang] in out
    assert any("Roberta &lt;R&amp;B&gt;" in ln for ln in lines), lines  # named, then escaped
    assert not any("bob" in ln for ln in lines), lines
    assert not any(OPEN in ln or CLOSE in ln for ln in out.splitlines())
    assert lines == by_names(ids, ["alice", "Roberta <R&B>", "carol", "dave"], lang)
    if lang == "zh_Hant":
        assert simplified_only(out) == [], simplified_only(out)
    if lang == "en":
        assert "· Net: alice -16, Roberta &lt;R&amp;B&gt; +37, carol -29, dave +8" in lines


def store_the_old_way(led: Ledger, hand_id: int, settlement: dict) -> None:
    """What the ledger stored before references: the core's settlement of the record as it
    is (ids in the explanation), no ``format``."""
    with led.engine.begin() as conn:
        conn.execute(
            text("UPDATE hand SET settlement = :s WHERE id = :i"),
            {"s": json.dumps(settlement), "i": hand_id},
        )


@pytest.mark.parametrize("lang", LANGS)
def test_a_hand_stored_the_old_way_still_renders_with_names(ledger, lang):
    tid, ids = game(ledger)
    rec = contract_example(ids)
    hand = ledger.record_hand(tid, rec, recorded_by=int(ids[1]), idempotency_key="k")
    old = scoring.settle(rec).to_json()
    assert any(ids[1] in s["en"] for s in old["explanation"])  # the old way: database ids
    store_the_old_way(ledger, hand.id, old)
    stored = ledger.get_hand(tid, 1)
    assert stored.settlement_format == 1
    assert not any(OPEN in s.en for s in stored.settlement.explanation)
    lines = how_lines(explain(ledger, tid, 1, lang))
    assert any("bob" in ln for ln in lines) and any("carol" in ln for ln in lines), lines
    assert lines == by_names(ids, ["alice", "bob", "carol", "dave"], lang)


def test_an_old_hand_that_no_longer_settles_shows_its_stored_words(ledger):
    tid, ids = game(ledger)
    rec = contract_example(ids)
    hand = ledger.record_hand(tid, rec, recorded_by=int(ids[1]), idempotency_key="k")
    old = scoring.settle(rec).to_json()
    store_the_old_way(ledger, hand.id, old)
    stored = ledger.get_hand(tid, 1)
    broken = scoring.HandRecord(**{**_fields(stored.record), "dealer": "999"})
    shown = present.shown(_with_record(stored, broken), {ids[1]: "bob"})
    assert [s.en for s in shown.explanation] == [s["en"] for s in old["explanation"]]


def _fields(rec: scoring.HandRecord) -> dict:
    return {f: getattr(rec, f) for f in rec.__dataclass_fields__}


def _with_record(hand, record):
    from dataclasses import replace

    return replace(hand, record=record)


def test_a_name_is_shown_as_typed_in_a_traditional_chat(ledger):
    """zh_Hant steps are converted from the Simplified text *before* the names go in: a
    player's name is user text and stays as typed (罗 is not made 羅), as in the headline and
    the payments; the words around it are converted (闲家 → 閒家)."""
    tid, ids = game(ledger)
    ledger.record_hand(tid, contract_example(ids), recorded_by=int(ids[1]), idempotency_key="k")
    ledger.ensure_user(101, "罗伯托")  # Simplified-only 罗
    out = explain(ledger, tid, 1, "zh_Hant")
    lines = how_lines(out)
    assert any(ln.startswith("· 罗伯托（閒家）胡") for ln in lines), lines
    assert not any("羅伯托" in ln for ln in out.splitlines()), out
    assert simplified_only(out.replace("罗伯托", "")) == []
    hant = Translator("zh_Hant")
    st = present.shown(ledger.get_hand(tid, 1), {ids[1]: "罗伯托"})
    assert [hant.step(s) for s in st.explanation] == [s.text("zh_Hant") for s in st.explanation]
