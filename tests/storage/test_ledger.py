"""The ledger service on both engines: tables, seats, hands, voids, corrections, totals,
history, transfers, CSV, stats, drafts, and clear errors that change nothing."""

from __future__ import annotations

import csv
import io
from datetime import UTC, datetime, timedelta

import pytest

import scoring
from scoring.record import HandRecord
from storage import settled
from storage.errors import (
    AlreadyVoided,
    Conflict,
    DraftExpired,
    Forbidden,
    LedgerError,
    NotFound,
    NotSeated,
    StaleDraft,
    TableClosed,
)
from storage.service import ALL_NIGHTS, Ledger
from tests.storage.conftest import Game, make_game
from tests.storage.helpers import contract_example, draw_hand, random_hands


def snapshot(led: Ledger, table_id: int) -> tuple[object, ...]:
    """Everything a failed call must leave unchanged."""
    t = led.get_table(table_id)
    return (
        t,
        led.standings(table_id, night=ALL_NIGHTS),
        led.history(table_id, page_size=100),
        led.export_csv(table_id),
    )


# --- chats, players, tables, seats ----------------------------------------------------------


def test_ensure_chat_and_user_are_upserts(ledger: Ledger) -> None:
    c1 = ledger.ensure_chat(-5, title="a")
    c2 = ledger.ensure_chat(-5, title="b", lang="zh")
    assert c1.id == c2.id and c2.title == "b" and c2.lang == "zh"
    assert ledger.set_chat_lang(-5, "en").lang == "en"
    p1 = ledger.ensure_user(7, "Ann", username="ann")
    p2 = ledger.ensure_user(7, "Ann Lee")
    assert p1.id == p2.id and p2.name == "Ann Lee" and p2.username == "ann"
    assert not p2.is_guest


def test_open_table_snapshot_and_one_open_table_per_chat(ledger: Ledger) -> None:
    alice = ledger.ensure_user(1, "alice")
    t = ledger.open_table(-9, creator_id=alice.id, ruleset="xingguo", options={"base": 2})
    assert t.status == "open" and t.night == 1 and t.hand_count == 0
    # the snapshot holds every option, resolved by the ruleset
    want = dict(scoring.get("xingguo").resolve_options({"base": 2}))
    assert dict(t.options) == want
    assert ledger.current_table(-9) == t
    with pytest.raises(Conflict):
        ledger.open_table(-9, creator_id=alice.id, ruleset="xingguo", options={})
    with pytest.raises(scoring.RecordError):
        ledger.open_table(-10, creator_id=alice.id, ruleset="no_such_rules", options={})
    with pytest.raises(scoring.RecordError):
        ledger.open_table(-10, creator_id=alice.id, ruleset="xingguo", options={"nope": 1})
    assert ledger.current_table(-10) is None
    ledger.join(t.id, alice.id)
    ledger.close_table(t.id, by_player_id=alice.id)
    assert ledger.current_table(-9) is None
    t2 = ledger.open_table(-9, creator_id=alice.id, ruleset="xingguo", options={})
    assert t2.id != t.id


def test_seats_join_leave_substitute_move_guest(ledger: Ledger) -> None:
    g = make_game(ledger)
    led, t = g.ledger, g.table
    assert [s.player_id for s in t.seats] == g.pids
    assert led.join(t.id, g.pids[1]).seat_index == 1  # idempotent
    erin = led.ensure_user(999, "erin")
    with pytest.raises(Conflict):  # four seats at a xingguo table
        led.join(t.id, erin.id)
    # substitution keeps the seat index and passes the deal
    seat = led.substitute(t.id, g.pids[0], erin.id)
    assert seat.seat_index == 0 and seat.player_id == erin.id
    t2 = led.get_table(t.id)
    assert t2.dealer_id == erin.id
    assert [s.player_id for s in t2.seats] == [erin.id, *g.pids[1:]]
    with pytest.raises(NotSeated):
        led.substitute(t.id, g.pids[0], erin.id)
    with pytest.raises(Conflict):
        led.substitute(t.id, g.pids[1], erin.id)
    seats = led.move_seat(t.id, g.pids[3], 0)
    assert [(s.seat_index, s.player_id) for s in seats] == [
        (0, g.pids[3]),
        (1, g.pids[1]),
        (2, g.pids[2]),
        (3, erin.id),
    ]
    led.start(t.id, dealer_id=g.pids[2])
    led.leave(t.id, g.pids[2])
    assert led.get_table(t.id).dealer_id == erin.id  # the next seat still taken (index 3)
    with pytest.raises(NotSeated):
        led.leave(t.id, g.pids[2])
    guest = led.add_guest(t.id, "Grandpa Wu", by_player_id=g.pids[1])
    assert guest.is_guest and guest.seat_index == 2 and guest.tg_user_id is None
    assert guest.name == "Grandpa Wu"


def test_start_needs_a_seated_dealer(ledger: Ledger) -> None:
    g = make_game(ledger)
    outsider = ledger.ensure_user(555, "zed")
    with pytest.raises(NotSeated):
        ledger.start(g.table.id, dealer_id=outsider.id)
    assert ledger.start(g.table.id, dealer_id=g.pids[2]).dealer_id == g.pids[2]


# --- hands ----------------------------------------------------------------------------------


def test_record_hand_stores_settlement_and_dealers(game: Game) -> None:
    led, t, ids = game.ledger, game.table, game.ids
    rec = contract_example(ids)
    h = led.record_hand(t.id, rec, recorded_by=game.pids[0], idempotency_key="h1")
    assert h.seq == 1 and h.night == 1 and h.status == "confirmed"
    assert h.record == rec
    # the core's settlement, its explanation with player references (storage.settled)
    assert settled.plain(h.settlement) == scoring.settle(rec) != h.settlement
    # the contract's explanation: dealer 2^(1+2+1)=16, carol 21 (+5 no-wild), dave 8
    assert h.settlement.paid(ids[0], ids[1]) == 16
    assert h.settlement.paid(ids[2], ids[1]) == 21
    assert h.settlement.paid(ids[3], ids[1]) == 8
    assert h.dealer_before == game.pids[0]
    assert h.dealer_after == int(scoring.next_dealer(rec))
    assert h.names[game.pids[1]] == "bob"
    table = led.get_table(t.id)
    assert table.dealer_id == h.dealer_after and table.hand_count == 1
    assert led.get_hand(t.id, 1) == h
    assert led.last_hand(t.id) == h


def test_same_idempotency_key_gives_one_hand(game: Game) -> None:
    led, t = game.ledger, game.table
    rec = contract_example(game.ids)
    a = led.record_hand(t.id, rec, recorded_by=game.pids[0], idempotency_key="same")
    b = led.record_hand(t.id, rec, recorded_by=game.pids[1], idempotency_key="same")
    assert a == b
    assert led.get_table(t.id).hand_count == 1
    assert led.history(t.id).total == 1


def test_void_keeps_the_row_and_drops_it_from_totals(game: Game) -> None:
    led, t = game.ledger, game.table
    hands = random_hands(game.ids, 6, seed=3)
    views = [
        led.record_hand(t.id, r, recorded_by=game.pids[0], idempotency_key=f"k{i}")
        for i, r in enumerate(hands)
    ]
    before = led.standings(t.id)
    v = led.void_hand(views[2].id, by_player_id=game.pids[1], reason="wrong winner")
    assert v.status == "voided" and v.voided_by == game.pids[1] and v.void_reason == "wrong winner"
    assert v.voided_at is not None and v.seq == 3
    after = led.standings(t.id)
    net = views[2].settlement.net
    for p in after.players:
        old = next(x for x in before.players if x.player_id == p.player_id)
        assert p.total == old.total - net.get(str(p.player_id), 0)
    assert after.hand_count == 5
    # the voided hand is still in the history, marked
    page = led.history(t.id, page_size=10)
    assert [h.seq for h in page.items] == [6, 5, 4, 3, 2, 1]
    assert page.items[3].status == "voided"
    assert led.history(t.id, include_voided=False).total == 5
    with pytest.raises(AlreadyVoided):
        led.void_hand(views[2].id, by_player_id=game.pids[1], reason="again")
    assert led.check_integrity() == []


def test_void_recomputes_the_dealer(game: Game) -> None:
    led, t, ids = game.ledger, game.table, game.ids
    # bob wins on carol's discard: the deal passes from alice
    h1 = led.record_hand(t.id, contract_example(ids), recorded_by=game.pids[0], idempotency_key="a")
    d1 = led.get_table(t.id).dealer_id
    assert d1 == h1.dealer_after
    h2 = led.record_hand(
        t.id, draw_hand(ids, dealer=str(d1)), recorded_by=game.pids[0], idempotency_key="b"
    )
    led.void_hand(h2.id, by_player_id=game.pids[0], reason="x")
    assert led.get_table(t.id).dealer_id == h1.dealer_after
    led.void_hand(h1.id, by_player_id=game.pids[0], reason="x")
    assert led.get_table(t.id).dealer_id == game.pids[0]  # the starting dealer


def test_correct_hand_voids_and_links(game: Game) -> None:
    led, t, ids = game.ledger, game.table, game.ids
    h1 = led.record_hand(t.id, contract_example(ids), recorded_by=game.pids[0], idempotency_key="a")
    led.new_night(t.id)
    fixed = draw_hand(ids)
    h2 = led.correct_hand(h1.id, fixed, by_player_id=game.pids[1], idempotency_key="fix")
    # the correction keeps the hand's number; the voided first entry takes the next one
    assert h2.replaces_hand_id == h1.id and h2.seq == 1 and h2.night == 1
    again = led.correct_hand(h1.id, fixed, by_player_id=game.pids[1], idempotency_key="fix")
    assert again == h2
    assert led.get_hand(t.id, 1) == h2
    old = led.get_hand(t.id, 2)
    assert old.id == h1.id and old.status == "voided" and old.replaced_by_hand_id == h2.id
    s1 = led.standings(t.id, night=1)
    assert all(p.total == 0 for p in s1.players) and s1.hand_count == 1
    with pytest.raises(AlreadyVoided):
        led.correct_hand(h1.id, fixed, by_player_id=game.pids[1], idempotency_key="fix2")
    assert led.check_integrity() == []


def test_next_seq_is_the_seq_the_next_hand_gets(game: Game) -> None:
    """``TableView.next_seq`` counts voided hands and earlier nights (the hand's number in
    /history and /explain), unlike ``hand_count`` (confirmed hands)."""
    led, t, ids = game.ledger, game.table, game.ids
    assert t.next_seq == 1
    h1 = led.record_hand(t.id, contract_example(ids), recorded_by=game.pids[0], idempotency_key="a")
    dealer = str(led.get_table(t.id).dealer_id)
    h2 = led.record_hand(
        t.id, draw_hand(ids, dealer=dealer), recorded_by=game.pids[0], idempotency_key="b"
    )
    assert (h1.seq, h2.seq) == (1, 2) and led.get_table(t.id).next_seq == 3
    led.void_hand(h2.id, by_player_id=game.pids[0], reason="x")
    after_void = led.get_table(t.id)
    assert after_void.hand_count == 1 and after_void.next_seq == 3  # the void keeps seq 2
    led.new_night(t.id)
    night2 = led.current_table(game.chat_id)
    assert night2 is not None and night2.night == 2 and night2.next_seq == 3
    h3 = led.record_hand(
        t.id,
        draw_hand(ids, dealer=str(night2.dealer_id)),
        recorded_by=game.pids[0],
        idempotency_key="c",
    )
    assert h3.seq == night2.next_seq and led.get_table(t.id).next_seq == 4
    assert led.standings(t.id).hand_count == 1  # the night's own count stays separate


def test_standings_per_night_and_table_and_trend(game: Game) -> None:
    led, t = game.ledger, game.table
    hands = random_hands(game.ids, 10, seed=11)
    for i, r in enumerate(hands[:6]):
        led.record_hand(t.id, r, recorded_by=game.pids[0], idempotency_key=f"n1-{i}")
    assert led.new_night(t.id).night == 2
    for i, r in enumerate(hands[6:]):
        led.record_hand(t.id, r, recorded_by=game.pids[0], idempotency_key=f"n2-{i}")

    def expect(rs: list[HandRecord]) -> dict[int, int]:
        out = dict.fromkeys(game.pids, 0)
        for r in rs:
            for k, v in scoring.settle(r).net.items():
                out[int(k)] += v
        return out

    def got(players: tuple) -> dict[int, int]:
        return {p.player_id: p.total for p in players}

    n1 = led.standings(t.id, night=1)
    n2 = led.standings(t.id)  # the current night
    whole = led.standings(t.id, night=ALL_NIGHTS)
    assert n2.night == 2 and n2.current_night == 2
    assert got(n1.players) == expect(hands[:6]) and n1.hand_count == 6
    assert got(n2.players) == expect(hands[6:]) and n2.hand_count == 4
    assert got(whole.players) == expect(hands) and whole.hand_count == 10
    assert got(n2.table_players) == expect(hands)
    totals = [p.total for p in whole.players]
    assert totals == sorted(totals, reverse=True)
    # the trend: running totals after each hand of the night
    assert [p.seq for p in n2.trend] == [7, 8, 9, 10]
    assert n2.trend[-1].totals == {k: v for k, v in expect(hands[6:]).items()}
    assert n2.trend[0].totals == expect(hands[6:7])
    # money at the stake (50 minor units per point)
    assert all(p.money_minor == p.total * 50 for p in whole.players)
    with pytest.raises(NotFound):
        led.standings(t.id, night=3)


def test_history_pages(game: Game) -> None:
    led, t = game.ledger, game.table
    for i, r in enumerate(random_hands(game.ids, 23, seed=5)):
        led.record_hand(t.id, r, recorded_by=game.pids[0], idempotency_key=f"h{i}")
    p0 = led.history(t.id, page=0, page_size=10)
    p2 = led.history(t.id, page=2, page_size=10)
    assert p0.total == 23 and p0.pages == 3 and p0.has_next and not p0.has_prev
    assert [h.seq for h in p0.items] == list(range(23, 13, -1))
    assert [h.seq for h in p2.items] == [3, 2, 1] and not p2.has_next
    assert led.history(t.id, page=3).items == ()


def test_night_transfers_settle_the_night(game: Game) -> None:
    from scoring.transfers import apply_transfers

    led, t = game.ledger, game.table
    for i, r in enumerate(random_hands(game.ids, 8, seed=7)):
        led.record_hand(t.id, r, recorded_by=game.pids[0], idempotency_key=f"h{i}")
    st = led.night_transfers(t.id)
    standing = {p.player_id: p.total for p in led.standings(t.id).players}
    assert {k: v for k, v in st.net_points.items()} == {
        k: v for k, v in standing.items() if v or k in st.net_points
    }
    assert st.net_money == {k: v * 50 for k, v in st.net_points.items()}
    assert st.currency == "CNY"
    money = {str(k): v for k, v in (st.net_money or {}).items()}
    paid = [
        scoring.transfers.Transfer(str(x.payer_id), str(x.payee_id), x.money_minor or 0)
        for x in st.transfers
    ]
    assert all(v == 0 for v in apply_transfers(money, paid).values())
    assert len(st.transfers) <= max(0, sum(1 for v in money.values() if v) - 1)


def test_night_transfers_without_stake_are_in_points(ledger: Ledger) -> None:
    g = make_game(ledger, stake_minor=None)
    ledger.record_hand(
        g.table.id, contract_example(g.ids), recorded_by=g.pids[0], idempotency_key="x"
    )
    st = ledger.night_transfers(g.table.id)
    assert st.net_money is None
    assert sum(x.points or 0 for x in st.transfers if x.payee_id == g.pids[1]) == 37


def test_export_csv_has_every_hand_and_payment_with_voids_marked(game: Game) -> None:
    led, t = game.ledger, game.table
    hands = random_hands(game.ids, 4, seed=9)
    views = [
        led.record_hand(t.id, r, recorded_by=game.pids[0], idempotency_key=f"h{i}")
        for i, r in enumerate(hands)
    ]
    led.void_hand(views[1].id, by_player_id=game.pids[0], reason="miscount")
    rows = list(csv.DictReader(io.StringIO(led.export_csv(t.id))))
    for v in views:
        mine = [r for r in rows if r["seq"] == str(v.seq)]
        nets = {r["player_id"]: int(r["amount"]) for r in mine if r["line"] == "net"}
        assert nets == dict(v.settlement.net)
        pays = [r for r in mine if r["line"] == "payment"]
        assert len(pays) == len(v.settlement.payments)
        assert sum(int(r["amount"]) for r in pays) == sum(p.amount for p in v.settlement.payments)
        status = {r["status"] for r in mine}
        assert status == {"voided" if v.seq == 2 else "confirmed"}
    voided = [r for r in rows if r["seq"] == "2"]
    assert all(r["void_reason"] == "miscount" and r["voided_by"] == "alice" for r in voided)


def test_chat_stats(game: Game) -> None:
    led, t, ids, pids = game.ledger, game.table, game.ids, game.pids
    a, _, c, _ = ids
    led.record_hand(t.id, contract_example(ids), recorded_by=pids[0], idempotency_key="1")
    selfdraw = HandRecord.from_json(
        {
            "ruleset": "xingguo",
            "players": ids,
            "dealer": a,
            "result": "win",
            "wins": [{"winner": c, "from": None, "shape": "big_seven_pairs", "flags": []}],
        }
    )
    h2 = led.record_hand(t.id, selfdraw, recorded_by=pids[0], idempotency_key="2")
    h3 = led.record_hand(t.id, selfdraw, recorded_by=pids[0], idempotency_key="3")
    led.void_hand(h3.id, by_player_id=pids[0], reason="dup")
    stats = {s.player_id: s for s in led.chat_stats(game.chat_id)}
    n1 = scoring.settle(contract_example(ids)).net
    n2 = h2.settlement.net
    for pid, sid in zip(pids, ids, strict=True):
        s = stats[pid]
        assert s.hands == 2
        assert s.net == n1[sid] + n2[sid]
        assert s.biggest_win == max(0, n1[sid], n2[sid])
        assert s.net_money == {"CNY": (n1[sid] + n2[sid]) * 50}
    assert stats[pids[1]].wins == 1 and stats[pids[1]].self_draws == 0
    assert stats[pids[2]].wins == 1 and stats[pids[2]].self_draws == 1
    assert stats[pids[2]].deal_ins == 1  # carol discarded into bob's win
    assert led.chat_stats(-424242) == []


def test_side_bet_backers_get_ledger_rows(ledger: Ledger) -> None:
    """A settlement's net may name players who are not seated (Yichun 压鸽子 backers, spec
    L49: the backer wins or loses exactly what the backed seat does): they get ledger rows,
    totals and stats; an unknown backer id is refused."""
    ledger.ensure_chat(-77)
    ps = [ledger.ensure_user(300 + i, n) for i, n in enumerate(["a", "b", "c", "d"])]
    fan = ledger.ensure_user(399, "onlooker")
    t = ledger.open_table(-77, creator_id=ps[0].id, ruleset="yichun", options={})
    for p in ps:
        ledger.join(t.id, p.id)
    ledger.start(t.id)
    ids = [str(p.id) for p in ps]
    data = {
        "ruleset": "yichun",
        "players": ids,
        "dealer": ids[0],
        "result": "win",
        "wins": [{"winner": ids[1], "from": ids[2], "shape": "ping_hu", "flags": []}],
        "events": [{"type": "side_bet", "player": ids[1], "backer": str(fan.id)}],
    }
    rec = HandRecord.from_json(data)
    h = ledger.record_hand(t.id, rec, recorded_by=ps[0].id, idempotency_key="bet")
    net = h.settlement.net
    assert net[str(fan.id)] == net[ids[1]] > 0
    st = ledger.standings(t.id)
    totals = {p.player_id: p.total for p in st.players}
    assert totals[fan.id] == net[str(fan.id)]
    assert not next(p for p in st.players if p.player_id == fan.id).seated
    assert sum(totals.values()) == 0
    assert {s.player_id: s.net for s in ledger.chat_stats(-77)}[fan.id] == net[str(fan.id)]
    assert {x.payee_id for x in ledger.night_transfers(t.id).transfers} >= {fan.id}
    data["events"][0]["backer"] = "987654"
    with pytest.raises(NotFound):
        ledger.record_hand(
            t.id, HandRecord.from_json(data), recorded_by=ps[0].id, idempotency_key="x"
        )
    assert ledger.get_table(t.id).hand_count == 1


def test_chat_players_and_unseated_guests(ledger: Ledger) -> None:
    """The chat's known players (for the wizard's side-bet backer buttons): table creators,
    seat holders, the chat's guests and backers with ledger rows; nobody of another chat.
    ``ensure_guest`` reuses the chat's guest of the same name and seats nobody."""
    assert ledger.chat_players(-88) == []
    ledger.ensure_chat(-88)
    ledger.ensure_chat(-89)
    ps = [ledger.ensure_user(500 + i, n) for i, n in enumerate(["dan", "Bea", "cy", "al"])]
    boss = ledger.ensure_user(510, "Zed")  # opens the table, never sits
    stranger = ledger.ensure_user(511, "Xu")  # plays in another chat only
    t = ledger.open_table(-88, creator_id=boss.id, ruleset="yichun", options={})
    for p in ps:
        ledger.join(t.id, p.id)
    other = ledger.open_table(-89, creator_id=stranger.id, ruleset="yichun", options={})
    ledger.join(other.id, stranger.id)
    g = ledger.ensure_guest(-88, "  Grandma ")
    assert g.is_guest and g.name == "Grandma" and g.tg_user_id is None
    assert ledger.ensure_guest(-88, "grandma").id == g.id  # the same guest, not a second one
    assert ledger.ensure_guest(-89, "Grandma").id != g.id  # another chat's guest
    assert g.id not in ledger.get_table(t.id).player_ids  # not seated
    names = [p.name for p in ledger.chat_players(-88)]
    assert names == ["al", "Bea", "cy", "dan", "Grandma", "Zed"]
    assert [p.name for p in ledger.chat_players(-89)] == ["Grandma", "Xu"]
    # a backer who is a Telegram user known only through a ledger row is a chat player too
    fan = ledger.ensure_user(512, "Onlooker")
    ledger.start(t.id)
    ids = [str(p.id) for p in ps]
    rec = HandRecord.from_json(
        {
            "ruleset": "yichun",
            "players": ids,
            "dealer": ids[0],
            "result": "win",
            "wins": [{"winner": ids[1], "from": ids[2], "shape": "ping_hu", "flags": []}],
            "events": [{"type": "side_bet", "player": ids[1], "backer": str(fan.id)}],
        }
    )
    ledger.record_hand(t.id, rec, recorded_by=ps[0].id, idempotency_key="cp")
    assert "Onlooker" in [p.name for p in ledger.chat_players(-88)]
    assert "Onlooker" not in [p.name for p in ledger.chat_players(-89)]
    with pytest.raises(Conflict):
        ledger.ensure_guest(-88, "   ")
    with pytest.raises(NotFound):
        ledger.ensure_guest(-424242, "Nobody")


# --- errors change nothing -------------------------------------------------------------------


def test_bad_input_has_clear_errors_and_changes_nothing(game: Game) -> None:
    led, t, ids, pids = game.ledger, game.table, game.ids, game.pids
    h = led.record_hand(t.id, contract_example(ids), recorded_by=pids[0], idempotency_key="ok")
    led.void_hand(h.id, by_player_id=pids[0], reason="test")
    before = snapshot(led, t.id)
    outsider = led.ensure_user(4242, "mallory")
    bad_calls = [
        (NotFound, lambda: led.record_hand(999, contract_example(ids), recorded_by=pids[0], idempotency_key="n")),
        (NotFound, lambda: led.get_table(999)),
        (NotFound, lambda: led.void_hand(99999, by_player_id=pids[0], reason="x")),
        (NotFound, lambda: led.get_hand(t.id, 42)),
        (AlreadyVoided, lambda: led.void_hand(h.id, by_player_id=pids[0], reason="again")),
        (NotSeated, lambda: led.record_hand(t.id, contract_example([ids[0], ids[1], ids[2], str(outsider.id)]), recorded_by=pids[0], idempotency_key="ns")),
        (NotSeated, lambda: led.record_hand(t.id, contract_example(["alice", *ids[1:]]), recorded_by=pids[0], idempotency_key="ns2")),
        (NotSeated, lambda: led.leave(t.id, outsider.id)),
        (Forbidden, lambda: led.close_table(t.id, by_player_id=outsider.id)),
        (scoring.RecordError, lambda: led.record_hand(t.id, HandRecord.from_json({**contract_example(ids).to_json(), "dealer": "77777"}), recorded_by=pids[0], idempotency_key="bad")),
        (scoring.RecordError, lambda: led.record_hand(t.id, HandRecord.from_json({**contract_example(ids).to_json(), "ruleset": "taihe"}), recorded_by=pids[0], idempotency_key="bad2")),
        (NotFound, lambda: led.record_hand(t.id, contract_example(ids), recorded_by=99999, idempotency_key="nf")),
    ]  # fmt: skip
    for err, call in bad_calls:
        with pytest.raises(err) as exc:
            call()
        assert str(exc.value)
        if err is not scoring.RecordError:
            assert isinstance(exc.value, LedgerError)
    assert snapshot(led, t.id) == before
    # a closed table is frozen
    led.close_table(t.id, by_player_id=pids[0])
    closed = snapshot(led, t.id)
    with pytest.raises(TableClosed):
        led.record_hand(t.id, contract_example(ids), recorded_by=pids[0], idempotency_key="late")
    with pytest.raises(TableClosed):
        led.join(t.id, outsider.id)
    assert snapshot(led, t.id) == closed


def test_idempotency_key_of_another_table_conflicts(ledger: Ledger) -> None:
    g1 = make_game(ledger, -1, tg_base=10)
    g2 = make_game(ledger, -2, tg_base=20)
    ledger.record_hand(
        g1.table.id, contract_example(g1.ids), recorded_by=g1.pids[0], idempotency_key="k"
    )
    with pytest.raises(Conflict):
        ledger.record_hand(
            g2.table.id, contract_example(g2.ids), recorded_by=g2.pids[0], idempotency_key="k"
        )
    assert ledger.get_table(g2.table.id).hand_count == 0


# --- drafts ---------------------------------------------------------------------------------


def test_drafts_optimistic_concurrency_and_expiry(game: Game) -> None:
    led, pids = game.ledger, game.pids
    d = led.create_draft(
        tg_chat_id=game.chat_id,
        author_id=pids[0],
        table_id=game.table.id,
        data={"w": 1},
        step="winner",
    )
    assert d.version == 1 and d.status == "open" and d.data == {"w": 1}
    d2 = led.update_draft(d.id, version=1, step="shape", data={"w": 2}, message_id=77)
    assert (d2.version, d2.step, d2.data, d2.message_id) == (2, "shape", {"w": 2}, 77)
    with pytest.raises(StaleDraft):
        led.update_draft(d.id, version=1, step="x", data={})
    assert led.get_draft(d.id) == d2  # the stale write changed nothing
    assert led.open_drafts(game.chat_id) == [d2]
    # recording the hand closes its draft
    led.record_hand(
        game.table.id,
        contract_example(game.ids),
        recorded_by=pids[0],
        idempotency_key="d",
        draft_id=d.id,
    )
    assert led.get_draft(d.id).status == "done"
    with pytest.raises(DraftExpired):
        led.update_draft(d.id, version=3, step="x", data={})
    # expiry
    e = led.create_draft(
        tg_chat_id=game.chat_id, author_id=pids[1], table_id=None, data={}, step="s", ttl_seconds=60
    )
    assert led.expire_drafts(datetime.now(UTC)) == 0
    assert led.expire_drafts(datetime.now(UTC) + timedelta(seconds=61)) == 1
    with pytest.raises(DraftExpired):
        led.get_draft(e.id)
    c = led.create_draft(
        tg_chat_id=game.chat_id, author_id=pids[1], table_id=None, data={}, step="s"
    )
    assert led.close_draft(c.id, version=1, status="cancelled").status == "cancelled"
    with pytest.raises(NotFound):
        led.get_draft(123456)


def test_update_draft_fast_path_matches_a_fresh_read(game: Game) -> None:
    """update_draft's single UPDATE … RETURNING returns what a fresh read sees, keeps the
    message id when none is given, and refuses (changing nothing) a draft that is unknown,
    past its expiry though not yet swept, or closed."""
    led, pids = game.ledger, game.pids
    d = led.create_draft(
        tg_chat_id=game.chat_id, author_id=pids[2], table_id=game.table.id, data={}, step="a"
    )
    d2 = led.update_draft(d.id, version=1, step="b", data={"x": [1, "二"]}, message_id=5)
    d3 = led.update_draft(d.id, version=2, step="c", data={"x": 2})
    assert d3 == led.get_draft(d.id) and d3.message_id == 5 and d2.data == {"x": [1, "二"]}
    assert (d3.author_id, d3.table_id, d3.tg_chat_id, d3.status) == (
        pids[2],
        game.table.id,
        game.chat_id,
        "open",
    )
    with pytest.raises(NotFound):
        led.update_draft(987654, version=1, step="x", data={})
    old = led.create_draft(
        tg_chat_id=game.chat_id, author_id=pids[0], table_id=None, data={}, step="s", ttl_seconds=-1
    )
    with pytest.raises(DraftExpired):
        led.update_draft(old.id, version=1, step="x", data={"y": 1})
    assert led.expire_drafts() == 1  # still open (unchanged) until swept
    closed = led.create_draft(
        tg_chat_id=game.chat_id, author_id=pids[0], table_id=None, data={}, step="s"
    )
    led.close_draft(closed.id, version=1, status="done")
    with pytest.raises(DraftExpired):
        led.update_draft(closed.id, version=2, step="x", data={})
    assert led.get_draft(closed.id).step == "s"


def test_ledger_survives_a_restart(db_url: str) -> None:
    """A draft and the hands are there for a new Ledger on the same database."""
    led = Ledger(db_url)
    led.upgrade()
    g = make_game(led)
    d = led.create_draft(
        tg_chat_id=g.chat_id, author_id=g.pids[0], table_id=g.table.id, data={"a": [1, 2]}, step="s"
    )
    h = led.record_hand(
        g.table.id, contract_example(g.ids), recorded_by=g.pids[0], idempotency_key="r"
    )
    led.dispose()
    again = Ledger(db_url)
    try:
        assert again.get_draft(d.id) == d
        assert again.get_hand(g.table.id, 1) == h
    finally:
        again.dispose()
