"""storage.settled.upgrade_stored: hands stored before references (their explanation names
database ids, no "format") get the referenced explanation in place, on SQLite and
PostgreSQL; amounts and ledger rows never change, and a hand whose record now settles to
other amounts is kept as stored (the display's fallback still shows it)."""

from __future__ import annotations

import json

from sqlalchemy import text

import scoring
from storage.settled import FORMAT, OPEN, Upgrade, upgrade_stored
from tests.storage.helpers import contract_example, draw_hand


def store_the_old_way(led, hand_id: int, settlement: dict) -> None:
    with led.engine.begin() as conn:
        conn.execute(
            text("UPDATE hand SET settlement = :s WHERE id = :i"),
            {"s": json.dumps(settlement), "i": hand_id},
        )


def test_old_hands_get_references_and_keep_their_amounts(game):
    led, t, ids, pids = game.ledger, game.table, game.ids, game.pids
    rec = contract_example(ids)
    h1 = led.record_hand(t.id, rec, recorded_by=pids[0], idempotency_key="a")
    h2 = led.record_hand(t.id, draw_hand(ids, ids[1]), recorded_by=pids[0], idempotency_key="b")
    h3 = led.record_hand(t.id, rec, recorded_by=pids[0], idempotency_key="c")
    store_the_old_way(led, h1.id, scoring.settle(rec).to_json())
    # a hand stored with amounts the record no longer gives (a rule changed since)
    odd = scoring.settle(rec).to_json()
    odd["payments"][0]["amount"] += 1
    store_the_old_way(led, h3.id, odd)
    standings = led.standings(t.id)
    assert led.get_hand(t.id, 1).settlement_format == 1

    assert upgrade_stored(led.engine, batch=2) == Upgrade(upgraded=1, kept=1)
    up = led.get_hand(t.id, 1)
    assert up.settlement_format == FORMAT
    assert any(OPEN in s.en for s in up.settlement.explanation)
    assert up.settlement.payments == scoring.settle(rec).payments
    assert led.get_hand(t.id, 2) == h2  # stored with references already: untouched
    kept = led.get_hand(t.id, 3)
    assert (
        kept.settlement_format == 1
        and kept.settlement.payments[0].amount == (odd["payments"][0]["amount"])
    )
    assert led.standings(t.id) == standings
    assert led.check_integrity() == []
    again = upgrade_stored(led.engine)  # idempotent: only the kept hand is looked at again
    assert (again.upgraded, again.kept) == (0, 1)


def test_db_upgrade_gives_old_hands_references(tmp_path, monkeypatch):
    """``mahjong-tally db upgrade`` migrates the schema, then upgrades old explanations."""
    from bot.cli import main
    from storage.service import Ledger
    from tests.storage.conftest import make_game

    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    led = Ledger(url)
    led.upgrade()
    g = make_game(led)
    rec = contract_example(g.ids)
    h = led.record_hand(g.table.id, rec, recorded_by=g.pids[0], idempotency_key="a")
    store_the_old_way(led, h.id, scoring.settle(rec).to_json())
    assert led.get_hand(g.table.id, 1).settlement_format == 1
    monkeypatch.setenv("DATABASE_URL", url)
    assert main(["db", "upgrade"]) == 0
    assert led.get_hand(g.table.id, 1).settlement_format == FORMAT
    led.dispose()


def test_format_2_hands_get_name_references_where_the_amounts_still_hold(game):
    """Format 2 (player references, the declared items' names as plain text) is upgraded to
    format 3 (scoring.refs name references) by the same rule: only a hand whose record still
    settles to its stored payments and nets; the amounts are never touched."""
    from scoring import refs
    from storage import settled

    led, t, ids, pids = game.ledger, game.table, game.ids, game.pids
    rec = contract_example(ids)
    h1 = led.record_hand(t.id, rec, recorded_by=pids[0], idempotency_key="a")
    h2 = led.record_hand(t.id, rec, recorded_by=pids[0], idempotency_key="b")
    to_ref = {p: settled.ref(p) for p in settled.record_ids(rec)}
    back = {r: p for p, r in to_ref.items()}
    two = {**settled.map_ids(scoring.settle(settled.rename(rec, to_ref)), back.get).to_json()}
    two["format"] = 2
    assert any(OPEN in s["en"] for s in two["explanation"])  # player references
    assert not any(refs.OPEN in s["en"] for s in two["explanation"])  # names as text
    store_the_old_way(led, h1.id, two)
    odd = json.loads(json.dumps(two))
    odd["payments"][0]["amount"] += 1
    store_the_old_way(led, h2.id, odd)
    assert led.get_hand(t.id, 1).settlement_format == 2
    assert upgrade_stored(led.engine) == Upgrade(upgraded=1, kept=1)
    up = led.get_hand(t.id, 1)
    assert up.settlement_format == FORMAT == 4
    assert any(refs.OPEN in s.en for s in up.settlement.explanation)
    assert up.settlement.payments == scoring.settle(rec).payments
    assert (
        settled.plain(up.settlement).explanation
        == settled.plain(settled.map_ids(scoring.settle(rec), lambda p: None)).explanation
    )
    kept = led.get_hand(t.id, 2)
    assert kept.settlement_format == 2
    assert kept.settlement.payments[0].amount == odd["payments"][0]["amount"]
    assert led.check_integrity() == []


def test_format_3_hands_get_their_japanese_lines(game):
    """Format 3 (references, no ``ja``: stored before issue 27.6) is upgraded to format 4 by
    the same rule, so a Japanese chat reads the hand's steps in Japanese, not English."""
    from storage import settled

    led, t, ids, pids = game.ledger, game.table, game.ids, game.pids
    rec = contract_example(ids)
    h = led.record_hand(t.id, rec, recorded_by=pids[0], idempotency_key="a")
    three = settled.stored_json(settled.settle_once(rec).settlement)
    three["format"] = 3
    for step in three["explanation"]:
        step.pop("ja", None)
    store_the_old_way(led, h.id, three)
    old = led.get_hand(t.id, 1)
    assert old.settlement_format == 3 and not any(s.ja for s in old.settlement.explanation)
    assert upgrade_stored(led.engine) == Upgrade(upgraded=1, kept=0)
    up = led.get_hand(t.id, 1)
    assert up.settlement_format == FORMAT == 4
    assert all(s.ja for s in up.settlement.explanation)
    assert up.settlement.payments == old.settlement.payments
