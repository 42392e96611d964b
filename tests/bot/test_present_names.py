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
    names = present.names_of(table, hand.names)
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


# --- declared items by reference (scoring.refs, settlement format 3) ------------------------
# Issue 15 point 1: "Explanation steps and payment reasons carry structured references …
# rule/fan/reason ids with their zh/zh_Hant/en names declared by the ruleset, so a stored
# settlement renders in any language with current display names."

from dataclasses import replace  # noqa: E402

from scoring import refs  # noqa: E402
from scoring.hant import to_hant  # noqa: E402
from scoring.record import Settlement  # noqa: E402
from scoring.rulesets import hongkong  # noqa: E402
from scoring.testing import random_records  # noqa: E402
from storage import settled  # noqa: E402

MARKS = (OPEN, CLOSE, refs.OPEN, refs.CLOSE)


@pytest.fixture
def renaming(monkeypatch):
    """``monkeypatch`` for a test that renames a declaration: the names' memo
    (:func:`scoring.refs.one`, fixed while a process runs) is emptied before and after."""
    refs.one.cache_clear()
    yield monkeypatch
    refs.one.cache_clear()


def stored(record: scoring.HandRecord) -> Settlement:
    """What the ledger stores for ``record`` and reads back: the settlement JSON of
    :func:`storage.settled.stored_json`, through a JSON text."""
    data = json.loads(json.dumps(settled.stored_json(settled.settle_once(record).settlement)))
    assert settled.format_of(data) == FORMAT == 4
    return Settlement.from_json(data)


def player_names(record: scoring.HandRecord) -> dict[str, str]:
    return {p: f"Name{i}" for i, p in enumerate(sorted(settled.record_ids(record)))}


@pytest.mark.parametrize("rs", scoring.all_rulesets(), ids=lambda rs: rs.id)
def test_a_stored_hand_of_every_ruleset_renders_in_every_language(rs):
    """Stored with references, shown in en / zh_Hans / zh_Hant / ja: no reference is left, and the
    English and Simplified steps are the core's plain ones for the hand entered with the
    names as ids (the oracle of the tests above)."""
    referenced = 0
    for record in random_records(rs, 30, seed=15):
        try:
            plain = scoring.settle(rename(record, player_names(record)))
        except scoring.RecordError:
            continue
        st = stored(record)
        referenced += sum(s.zh.count(refs.OPEN) for s in st.explanation)
        shown = present.named(st, player_names(record))
        for lang in (*LANGS, "ja"):  # ja: the English steps, items named in Japanese
            tr = Translator(lang)
            lines = tr.steps(shown.explanation)
            assert not any(m in ln for ln in lines for m in MARKS), lines
            if lang in ("en", "zh_Hans"):
                assert lines == tr.steps(plain.explanation), record
        assert [s.zh for s in shown.explanation] == [s.zh for s in plain.explanation]
        assert [s.en for s in shown.explanation] == [s.en for s in plain.explanation]
    assert referenced, "no declared item named by reference"


def hk_record(fans: list[str]) -> scoring.HandRecord:
    return scoring.HandRecord.from_json(
        {
            "ruleset": "hongkong",
            "players": ["1", "2", "3", "4"],
            "dealer": "1",
            "result": "win",
            "wins": [{"winner": "2", "from": "3", "fans": fans}],
        }
    )


def test_zh_hant_shows_the_declared_traditional_fan_name_not_a_conversion():
    """shared/rules/hongkong.md §3 table: "| `shi_san_yao` | 十三么 | sap6 saam1 jiu1 |
    thirteen orphans | limit |" — Hong Kong writes 十三么; the Simplified 十三幺 converts to
    十三幺 (the converter keeps 幺, scoring/hant.py), so only the declaration gives 十三么."""
    zh, zh_hant, en, _, _ = hongkong.FANS["shi_san_yao"]
    assert (zh, zh_hant, en) == ("十三幺", "十三么", "Thirteen orphans")
    assert to_hant(zh) != zh_hant
    record = hk_record(["shi_san_yao"])
    st = stored(record)
    assert refs.ref("hongkong", "fan", "shi_san_yao") in st.explanation[0].zh
    step = present.named(st, {"2": "Bo", "3": "Cy"}).explanation[0]
    hant = Translator("zh_Hant").step(step)
    assert "十三么" in hant and "十三幺" not in hant, hant
    assert "十三幺" in Translator("zh_Hans").step(step)
    assert "Thirteen orphans" in Translator("en").step(step)
    # the plain settlement (the contract's) converted as a whole says 十三幺: the old way
    old = Translator("zh_Hant").step(scoring.settle(record).explanation[0])
    assert "十三幺" in old and "十三么" not in old


@pytest.mark.parametrize("lang", LANGS)
def test_a_renamed_fan_shows_its_new_name_on_an_old_stored_hand(lang, renaming):
    record = hk_record(["dui_dui_hu", "hun_yi_se"])
    st = stored(record)  # stored before the rename
    before = Translator(lang).steps(present.named(st, {}).explanation)
    old = hongkong.FANS["dui_dui_hu"]
    renaming.setitem(hongkong.FANS, "dui_dui_hu", ("全刻子", "全刻子", "All Triplets", *old[3:]))
    refs.one.cache_clear()  # a new process: the renamed declaration is loaded
    after = Translator(lang).steps(present.named(st, {}).explanation)
    new = {"en": "All Triplets", "zh_Hans": "全刻子", "zh_Hant": "全刻子"}[lang]
    was = {"en": old[2], "zh_Hans": old[0], "zh_Hant": old[1]}[lang]
    assert was in before[0] and new not in before[0]
    assert new in after[0] and was not in after[0], after
    assert after[1:] == before[1:]


@pytest.mark.parametrize("lang", LANGS)
def test_a_renamed_shape_shows_its_new_name_on_a_hand_in_the_ledger(ledger, lang, renaming):
    """The contract's example (xingguo big seven pairs) stored in a real ledger; the shape's
    declaration is renamed afterwards: /explain shows the new name, nothing is settled again."""
    tid, ids = game(ledger)
    ledger.record_hand(tid, contract_example(ids), recorded_by=int(ids[1]), idempotency_key="k")
    rs = scoring.get("xingguo")
    decl = rs.shape("big_seven_pairs")
    assert decl is not None
    before = how_lines(explain(ledger, tid, 1, lang))
    renamed = replace(decl, zh="大七对子", en="Grand seven pairs", zh_hant="大七對子")
    renaming.setitem(rs._shape_ids, "big_seven_pairs", renamed)
    refs.one.cache_clear()  # a new process: the renamed declaration is loaded
    renaming.setattr(settled, "settle_once", _no_settling)
    renaming.setattr(present, "settle_once", _no_settling)
    after = how_lines(explain(ledger, tid, 1, lang))
    new = {"en": "Grand seven pairs", "zh_Hans": "大七对子", "zh_Hant": "大七對子"}[lang]
    assert not any(new in ln for ln in before)
    assert any(new in ln for ln in after), after
    assert len(after) == len(before)


def _no_settling(record):  # a stored format-3 hand is only named, never settled again
    raise AssertionError("settled again")


def store_format_2(led: Ledger, hand_id: int, record: scoring.HandRecord) -> dict:
    """What the ledger stored as format 2: player references, the item names as plain text."""
    ids = settled.record_ids(record)
    to_ref = {p: settled.ref(p) for p in ids}
    back = {r: p for p, r in to_ref.items()}
    st = settled.map_ids(scoring.settle(rename(record, to_ref)), back.get)
    data = {**st.to_json(), "format": 2}
    store_the_old_way(led, hand_id, data)
    return data


@pytest.mark.parametrize("lang", LANGS)
def test_a_format_2_hand_renders_as_stored_with_names(ledger, lang, monkeypatch):
    tid, ids = game(ledger)
    rec = contract_example(ids)
    hand = ledger.record_hand(tid, rec, recorded_by=int(ids[1]), idempotency_key="k")
    data = store_format_2(ledger, hand.id, rec)
    assert not any(refs.OPEN in s["zh"] + s["en"] for s in data["explanation"])
    assert ledger.get_hand(tid, 1).settlement_format == 2
    monkeypatch.setattr(present, "settle_once", _no_settling)  # shown as stored
    out = explain(ledger, tid, 1, lang)
    lines = how_lines(out)
    assert not any(m in out for m in MARKS)
    assert lines == by_names(ids, ["alice", "bob", "carol", "dave"], lang)


def test_payment_reasons_are_named_by_the_scoring_declarations():
    """Translator.reason reads scoring.refs (the table moved out of bot/i18n.py): a
    ruleset's own ``reasons`` with their declared Traditional names (hongkong.py:
    Choice("discarder_share", "放铳者付", …, zh_hant="出銃者付")), the shared table, and the
    "payment" fallback for an id nobody declares."""
    hk, xg = scoring.get("hongkong"), scoring.get("xingguo")
    assert Translator("zh_Hant").reason(hk, "discarder_share") == "出銃者付"
    assert Translator("zh_Hans").reason(hk, "discarder_share") == "放铳者付"
    assert Translator("zh_Hans").reason(xg, "kong") == refs.REASONS["kong"][0] == "杠钱"
    assert Translator("zh_Hant").reason(xg, "kong") == "槓錢"
    assert Translator("en").reason(xg, "kong") == "kong money"
    assert Translator("en").reason(xg, "no_such_reason") == "payment"
    assert Translator("zh_Hans").reason(xg, "no_such_reason") == "付款"
