"""Seasons, fees and caps at settlement, guest merges and /me's history (storage/seasons/,
issue 18), on SQLite and PostgreSQL."""

from __future__ import annotations

import pytest
from sqlalchemy import text

from scoring.transfers import apply_transfers
from storage.errors import Conflict, NotFound
from storage.service import ALL_NIGHTS, Ledger
from tests.storage.conftest import Game, make_game
from tests.storage.helpers import contract_example, random_hands


def record(g: Game, recs: list, key: str) -> None:
    for i, r in enumerate(recs):
        g.ledger.record_hand(g.table.id, r, recorded_by=g.pids[0], idempotency_key=f"{key}-{i}")


def transfers_settle(sv) -> None:
    """The transfers pay exactly the settled nets (money with a stake)."""
    final = dict(sv.adjust.final) if sv.adjust is not None else dict(sv.net_money or sv.net_points)
    bal = {str(k): v for k, v in final.items()}
    from scoring.transfers import Transfer

    tr = [
        Transfer(str(t.payer_id), str(t.payee_id), t.money_minor or t.points or 0)
        for t in sv.transfers
    ]
    assert all(v == 0 for v in apply_transfers(bal, tr).values())


def test_cap_and_fee_at_settlement(game: Game) -> None:
    L = game.ledger
    record(game, random_hands(game.ids, 12, seed=3), "n1")
    plain = L.night_transfers(game.table.id)
    assert plain.adjust is None
    money = dict(plain.net_money or {})
    worst = min(money.values())
    assert worst < 0
    cap = -worst // 2  # someone certainly loses more than the cap
    L.set_cap(game.table.id, cap)
    L.set_fee(game.table.id, 4000, split="aa", payee_id=None)  # ¥40 AA to the house (alice)
    sv = L.night_transfers(game.table.id)
    adj = sv.adjust
    assert adj is not None and adj.house and adj.fee_total == 4000
    assert sum(adj.final.values()) == 0
    for pid, m in money.items():
        fee_share = adj.fee_shares.get(pid, 0)
        to_house = 4000 if pid == game.pids[0] else 0
        game_part = adj.final[pid] + fee_share - to_house
        if m < -cap:
            assert adj.capped[pid] == -cap - m and game_part == -cap
        else:
            assert pid not in adj.capped
    assert sum(adj.cap_shares.values()) == sum(adj.capped.values())
    assert sorted(adj.fee_shares.values()) == [1000] * 4
    transfers_settle(sv)
    # the per-hand ledger is untouched: plain nets, and a void still works after settling
    assert sv.net_money == plain.net_money
    L.new_night(game.table.id, expect_night=1)
    hands = L.history(game.table.id, page_size=20).items
    last = next(h for h in hands if h.status == "confirmed" and any(h.settlement.net.values()))
    L.void_hand(last.id, by_player_id=game.pids[0], reason="mistake")
    after = L.night_transfers(game.table.id, night=1)
    assert after.net_points != plain.net_points and after.adjust is not None
    transfers_settle(after)
    # night 2 took the table's fee and cap
    record(game, random_hands(game.ids, 3, seed=4), "n2")
    two = L.night_transfers(game.table.id, night=2)
    assert two.adjust is not None and two.adjust.fee_total == 4000
    whole = L.night_transfers(game.table.id, night=ALL_NIGHTS)
    assert whole.adjust is not None and whole.adjust.fee_total == 8000
    transfers_settle(whole)
    # no fee and no cap again: the plain settlement
    L.set_fee(game.table.id, None)
    L.set_cap(game.table.id, None)
    assert L.night_transfers(game.table.id, night=2).adjust is None
    assert L.fee_settings(game.table.id).fee_amount is None


def test_fee_from_winners_to_a_player(game: Game) -> None:
    L = game.ledger
    record(game, [contract_example(game.ids)], "c")
    carol = game.pids[2]
    L.set_fee(game.table.id, 1000, split="winners", payee_id=carol)
    sv = L.night_transfers(game.table.id)
    assert sv.adjust is not None and sv.adjust.fee_payee_id == carol and not sv.adjust.house
    winners = {p for p, v in (sv.net_money or {}).items() if v > 0}
    assert set(sv.adjust.fee_shares) == winners
    transfers_settle(sv)
    with pytest.raises(Conflict):
        L.set_fee(game.table.id, 100, split="half")
    with pytest.raises(Conflict):
        L.set_cap(game.table.id, 0)


def test_seasons_across_tables_and_nights(ledger: Ledger) -> None:
    g = make_game(ledger, -2001)
    record(g, random_hands(g.ids, 6, seed=1), "a1")
    s1_n1 = ledger.standings(g.table.id, night=1)
    ledger.new_night(g.table.id, expect_night=1)  # night 2 begins (no hand yet)
    board = ledger.season_board(-2001)
    assert board.season.number == 1 and board.season.current and board.nights == 1
    assert {ln.player_id: ln.points for ln in board.lines} == {
        p.player_id: p.total for p in s1_n1.players
    }
    assert board.hands == 6 and sum(ln.hands for ln in board.lines) == 6 * 4
    assert {ln.player_id: ln.money["CNY"] for ln in board.lines} == {
        p.player_id: p.total * 50 for p in s1_n1.players
    }
    info = ledger.new_season(-2001, "Spring", by_player_id=g.pids[0])
    assert info.number == 2 and info.name == "Spring"
    # night 2 had no hand: it belongs to the new season
    record(g, random_hands(g.ids, 4, seed=2), "a2")
    ledger.set_cap(g.table.id, 100)
    ledger.close_table(g.table.id, by_player_id=g.pids[0])
    # a second table of the chat, same season
    t2 = ledger.open_table(
        -2001, creator_id=g.pids[1], ruleset="xingguo", options={}, stake_minor=10, currency="CNY"
    )
    for p in g.pids:
        ledger.join(t2.id, p)
    ledger.start(t2.id, dealer_id=g.pids[1])
    for i, r in enumerate(random_hands(g.ids, 5, seed=5)):
        ledger.record_hand(t2.id, r, recorded_by=g.pids[1], idempotency_key=f"t2-{i}")
    cur = ledger.season_board(-2001)
    assert cur.season.number == 2 and cur.seasons == 2 and cur.nights == 2 and cur.hands == 9
    n2 = ledger.night_transfers(g.table.id, night=2)
    t2n1 = ledger.night_transfers(t2.id, night=1)
    settled_n2 = n2.adjust.final if n2.adjust else n2.net_money
    for ln in cur.lines:  # money at each night's stake, as each night was settled (cap)
        assert ln.money["CNY"] == settled_n2.get(ln.player_id, 0) + (t2n1.net_money or {}).get(
            ln.player_id, 0
        )
        assert ln.nights == 2
    assert cur.trend_money and cur.currency == "CNY" and cur.trend_nights == 2
    for ln in cur.lines:
        assert cur.trend[ln.player_id][-1] == ln.money["CNY"]
    # biggest hand: the largest single-hand gain in the season
    assert max(ln.biggest_hand for ln in cur.lines) > 0
    old = ledger.season_board(-2001, 1)
    assert old.season.number == 1 and not old.season.current and old.nights == 1
    with pytest.raises(NotFound):
        ledger.season_board(-2001, 3)
    assert [s.number for s in ledger.seasons(-2001)] == [1, 2]
    assert ledger.is_table_creator(-2001, g.pids[1]) and not ledger.is_table_creator(-2001, 10**9)


def test_guest_merge_counts_once(ledger: Ledger) -> None:
    g = make_game(ledger, -2002)
    ledger.leave(g.table.id, g.pids[3])  # dave leaves, the guest Erin plays instead
    guest = ledger.add_guest(g.table.id, "Erin", by_player_id=g.pids[0])
    ids = [*g.ids[:3], str(guest.player_id)]
    record(g, random_hands(ids, 8, seed=7), "m")
    before = ledger.season_board(-2002)
    erin = next(ln for ln in before.lines if ln.name == "Erin")
    erin_user = ledger.ensure_user(999, "Erin T", username="erin_t")
    assert ledger.player_by_username("@Erin_T") == erin_user.id
    with pytest.raises(NotFound):
        ledger.merge_guest(-2002, "Nobody", erin_user.id)
    with pytest.raises(Conflict):
        ledger.merge_guest(-2002, "Erin", guest.player_id)  # into a guest: refused
    assert ledger.merge_guest(-2002, "erin", erin_user.id) == (1, "Erin")
    with pytest.raises(Conflict):
        ledger.merge_guest(-2002, "Erin", erin_user.id)
    after = ledger.season_board(-2002)
    names = [ln.name for ln in after.lines]
    assert "Erin" not in names and names.count("Erin T") == 1
    merged = next(ln for ln in after.lines if ln.player_id == erin_user.id)
    assert (merged.points, merged.hands, merged.wins, merged.nights) == (
        erin.points,
        erin.hands,
        erin.wins,
        erin.nights,
    )
    assert sum(ln.points for ln in after.lines) == sum(ln.points for ln in before.lines)
    me = ledger.player_history(erin_user.id)
    assert me.points == erin.points and me.night_count == 1 and me.hands == 8
    # the account now plays a night itself: one more night, nothing counted twice
    ledger.new_night(g.table.id, expect_night=1)
    ledger.leave(g.table.id, guest.player_id)
    ledger.join(g.table.id, erin_user.id)
    ids2 = [*g.ids[:3], str(erin_user.id)]
    for i, r in enumerate(random_hands(ids2, 4, seed=8)):
        ledger.record_hand(g.table.id, r, recorded_by=g.pids[0], idempotency_key=f"m2-{i}")
    own = next(p.total for p in ledger.standings(g.table.id).players if p.player_id == erin_user.id)
    me2 = ledger.player_history(erin_user.id, tg_chat_id=-2002)
    assert me2.points == me.points + own and me2.night_count == 2 and len(me2.chats) == 1
    assert me2.hands == 12
    final = next(ln for ln in ledger.season_board(-2002).lines if ln.player_id == erin_user.id)
    assert final.points == me2.points and final.nights == 2 and final.hands == 12


def test_player_history(ledger: Ledger) -> None:
    g = make_game(ledger, -2003)
    record(g, random_hands(g.ids, 5, seed=11), "h1")
    ledger.new_night(g.table.id, expect_night=1)
    record(g, random_hands(g.ids, 5, seed=12), "h2")
    g2 = make_game(ledger, -2004, stake_minor=None)  # same users (tg ids), another chat
    record(g2, random_hands(g2.ids, 3, seed=13), "h3")
    alice = g.pids[0]
    me = ledger.player_history(alice)
    assert me.night_count == 3 and {c.tg_chat_id for c in me.chats} == {-2003, -2004}
    n1 = ledger.standings(g.table.id, night=1).players
    n2 = ledger.standings(g.table.id, night=2).players
    o1 = ledger.standings(g2.table.id, night=1).players
    tot = [next(p.total for p in st if p.player_id == alice) for st in (n1, n2, o1)]
    assert [n.points for n in me.nights] == tot
    assert me.points == sum(tot)
    assert me.money == {"CNY": (tot[0] + tot[1]) * 50}
    assert me.currency is None  # one night without a stake: the running total is in points
    assert list(me.running) == [tot[0], tot[0] + tot[1], sum(tot)]
    only = ledger.player_history(alice, tg_chat_id=-2003)
    assert only.night_count == 2 and only.currency == "CNY"
    assert list(only.running) == [tot[0] * 50, (tot[0] + tot[1]) * 50]
    stats = {s.player_id: s for s in ledger.chat_stats(-2003)}
    assert only.biggest_hand == stats[alice].biggest_win
    assert only.wins == stats[alice].wins and only.hands == stats[alice].hands


def test_existing_ledger_migrates(db_url: str) -> None:
    from storage.migrations import upgrade

    upgrade(db_url, "0001_initial")
    L = Ledger(db_url)
    try:
        with L.engine.begin() as conn:
            conn.execute(
                text(
                    "INSERT INTO chat (id, tg_chat_id, title, kind, created_at) "
                    "VALUES (1, -3001, 'old', 'group', '2025-01-01 00:00:00')"
                )
            )
        L.upgrade()
        assert L.season_board(-3001).lines == ()
        g = make_game(L, -3001)
        record(g, random_hands(g.ids, 2, seed=1), "old")
        assert L.season_board(-3001).nights == 1
        assert L.check_integrity() == []
    finally:
        L.dispose()
