"""The ledger carries a riichi game (issue 27.2; spec shared/rules/riichi.md §1.1, §2.3–§2.5,
§2.9, §2.10): the table types only who won what; the ledger fills in the dealer, honba and
sticks, proposes the game end, and re-derives everything after an undone or corrected hand.
Runs on SQLite and on PostgreSQL (``db_url`` in conftest)."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import count

from scoring.record import Event, HandRecord, Win
from storage.service import Ledger
from storage.views import HandView

# tonpuusen keeps the games short; the other options are the ruleset's defaults (friendly)
OPTIONS: dict[str, bool | int | str] = {"length": "tonpuusen"}
KEYS = count(1)


@dataclass
class Table:
    ledger: Ledger
    table_id: int
    ids: list[str]  # alice (East), bob, carol, dave

    def record(self, rec: HandRecord, by: int | None = None) -> HandView:
        return self.ledger.record_hand(
            self.table_id, rec, recorded_by=by or int(self.ids[0]), idempotency_key=f"k{next(KEYS)}"
        )

    def confirmed(self) -> list[HandView]:
        page = self.ledger.history(self.table_id, page_size=100, include_voided=False)
        return sorted(page.items, key=lambda h: (h.number, h.seq))


def riichi_table(ledger: Ledger, chat_id: int = -2001, tg_base: int = 500) -> Table:
    ledger.ensure_chat(chat_id, title="Riichi club")
    players = [ledger.ensure_user(tg_base + i, n) for i, n in enumerate("ABCD")]
    t = ledger.open_table(chat_id, creator_id=players[0].id, ruleset="riichi", options=OPTIONS)
    for p in players:
        ledger.join(t.id, p.id)
    ledger.start(t.id, dealer_id=players[0].id)
    return Table(ledger, t.id, [str(p.id) for p in players])


def hand(t: Table, result: str, wins: tuple[Win, ...] = (), fu: dict[str, int] | None = None,
         events: tuple[Event, ...] = ()) -> HandRecord:  # fmt: skip
    """What the table types: the dealer is a guess (the ledger fills it in), no honba, no
    sticks."""
    return HandRecord(
        ruleset="riichi",
        players=tuple(t.ids),
        dealer=t.ids[0],
        result=result,
        wins=wins,
        options=dict(OPTIONS),
        counts={"fu": fu} if fu else {},
        events=events,
    )


def ron(t: Table, w: int, d: int, han: int, fu: int = 30, riichi: tuple[int, ...] = ()) -> HandRecord:  # fmt: skip
    ev = tuple(Event("riichi", t.ids[i]) for i in riichi)
    return hand(t, "win", (Win(t.ids[w], t.ids[d], fan=han),), {t.ids[w]: fu}, ev)


def draw(t: Table, tenpai: tuple[int, ...], riichi: tuple[int, ...] = ()) -> HandRecord:
    ev = tuple(Event("riichi", t.ids[i]) for i in riichi)
    ev += tuple(Event("tenpai", t.ids[i]) for i in tenpai)
    return hand(t, "draw", events=ev)


def test_the_ledger_fills_dealer_honba_and_sticks(ledger: Ledger) -> None:
    t = riichi_table(ledger)
    a, b, c, d = t.ids
    s0 = ledger.riichi_state(t.table_id)
    assert s0 is not None and (s0.game, s0.round_wind, s0.hand, s0.honba, s0.sticks) == (
        1, 0, 1, 0, 0)  # fmt: skip
    assert dict(s0.points) == {int(p): 25000 for p in t.ids}
    # E1: dealer A draws tenpai alone, B declared riichi → A keeps the deal, 1 honba, 1 stick
    # (§2.3 "+1 after a draw", §2.5 renchan "tenpai"); noten 3000: B C D pay 1000 each to A
    h1 = t.record(draw(t, tenpai=(0,), riichi=(1,)))
    assert h1.record.dealer == a and h1.record.counts.get("honba") is None
    assert h1.settlement.net == {a: 3000, b: -2000, c: -1000, d: -1000, "pot": 1000} or (
        {k: v for k, v in h1.settlement.net.items() if k != "pot"}
        == {a: 3000, b: -2000, c: -1000, d: -1000}
    )
    s1 = ledger.riichi_state(t.table_id)
    assert s1 is not None and (s1.hand, s1.honba, s1.sticks, s1.dealer_id) == (1, 1, 1, int(a))
    # E1 1 honba: C rons D 3 han 30 fu = 3,900 + 300 honba + the stick 1,000 (§1.2 example shape)
    h2 = t.record(ron(t, 2, 3, 3))
    assert h2.record.dealer == a
    assert h2.record.counts["honba"] == {a: 1} and h2.record.counts["riichi_sticks"] == {a: 1}
    assert h2.settlement.net[c] == 3900 + 300 + 1000 and h2.settlement.net[d] == -4200
    s2 = ledger.riichi_state(t.table_id)
    assert s2 is not None and (s2.hand, s2.honba, s2.sticks, s2.dealer_id) == (2, 0, 0, int(b))
    assert ledger.get_table(t.table_id).dealer_id == int(b)


def play_to_the_end(t: Table) -> list[HandView]:
    """E1 B rons A; E2 C rons B; E3 D rons C; E4 A rons D (nobody keeps the deal): the
    tonpuusen is over after E4 (§2.9 (a) "the last hand (… E4) ends and the dealer does not
    keep the deal")."""
    out = [t.record(ron(t, 1, 0, 4)), t.record(ron(t, 2, 1, 3)), t.record(ron(t, 3, 2, 2))]
    out.append(t.record(ron(t, 0, 3, 1)))
    return out


def test_a_game_ends_with_a_game_end_hand(ledger: Ledger) -> None:
    t = riichi_table(ledger)
    a, b, c, d = t.ids
    hands = play_to_the_end(t)
    done = t.confirmed()
    assert [h.record.result for h in done] == ["win"] * 4 + ["game_end"]
    end = done[-1]
    raw = {p: 25000 for p in t.ids}
    for h in hands:
        for p in t.ids:
            raw[p] += h.settlement.net.get(p, 0)
    assert dict(end.record.counts["points"]) == raw
    # final = raw − 30,000 + uma (10_20: +20/+10/−10/−20 thousand) + oka 20,000 to first
    order = sorted(t.ids, key=lambda p: (-raw[p], t.ids.index(p)))
    uma = dict(zip(order, (20000, 10000, -10000, -20000), strict=True))
    final = {p: raw[p] - 30000 + uma[p] + (20000 if p == order[0] else 0) for p in t.ids}
    assert sum(final.values()) == 0
    for p in t.ids:  # hand nets + the game end's net = the final score (§2.9 "net = final − …")
        assert raw[p] - 25000 + end.settlement.net[p] == final[p]
    # the night's totals are the final scores
    night = ledger.night_transfers(t.table_id)
    assert {str(k): v for k, v in night.net_points.items() if k} == final
    # the next hand starts game 2 at East 1 with A dealing again and everyone on 25,000
    s = ledger.riichi_state(t.table_id)
    assert s is not None and (s.game, s.round_wind, s.hand, s.honba, s.sticks) == (2, 0, 1, 0, 0)
    assert s.dealer_id == int(a) and set(s.points.values()) == {25000}
    h = t.record(ron(t, 1, 2, 1))
    assert h.record.dealer == a
    games = ledger.riichi_games(t.table_id)
    assert [(g.game, g.hand_ids, g.end_hand_id, g.reason) for g in games] == [
        (1, tuple(x.id for x in hands), end.id, "last_hand"),
        (2, (h.id,), None, ""),
    ]
    del b, c, d


def test_undo_re_derives_what_follows(ledger: Ledger) -> None:
    t = riichi_table(ledger, chat_id=-2002, tg_base=600)
    a, b, c, d = t.ids
    h1 = t.record(draw(t, tenpai=(0,), riichi=(2,)))  # A stays, 1 honba, 1 stick
    h2 = t.record(ron(t, 1, 3, 2))  # B rons D with 1 honba and the stick
    assert h2.record.counts["honba"] == {a: 1}
    assert h2.settlement.net[b] == 2000 + 300 + 1000
    # void the draw: the ron is now East 1 with no honba and no stick, settled again
    ledger.void_hand(h1.id, by_player_id=int(a), reason="wrong")
    again = ledger.get_hand_by_id(h2.id)
    assert again.status == "confirmed" and again.record.counts.get("honba") is None
    assert again.settlement.net[b] == 2000 and again.settlement.net[d] == -2000
    night = ledger.night_transfers(t.table_id)
    assert night.net_points[int(b)] == 2000 and night.net_points[int(c)] == 0
    s = ledger.riichi_state(t.table_id)
    assert s is not None and (s.hand, s.honba, s.dealer_id) == (2, 0, int(b))
    del c


def test_correcting_a_hand_moves_the_game_end(ledger: Ledger) -> None:
    t = riichi_table(ledger, chat_id=-2003, tg_base=700)
    a, b, c, d = t.ids
    hands = play_to_the_end(t)
    assert t.confirmed()[-1].record.result == "game_end"
    # E4 was D's (the dealer's) ron on A after all: the dealer keeps the deal and the game
    # goes on (§2.9 "with a renchan the dealer's continuation takes precedence") unless D is
    # now first (agari-yame, §2.9 (c))
    fixed = ledger.correct_hand(hands[3].id, ron(t, 3, 0, 1), by_player_id=int(a),
                                idempotency_key="fix-e4")  # fmt: skip
    assert fixed.record.dealer == d
    done = t.confirmed()
    raw = {p: 25000 for p in t.ids}
    for h in done:
        if h.record.result != "game_end":
            for p in t.ids:
                raw[p] += h.settlement.net.get(p, 0)
    first = sorted(t.ids, key=lambda p: (-raw[p], t.ids.index(p)))[0]
    ended = [h for h in done if h.record.result == "game_end"]
    if first == d:  # agari-yame: the game still ends, with the new points
        assert len(ended) == 1 and dict(ended[0].record.counts["points"]) == raw
    else:
        assert ended == []
        s = ledger.riichi_state(t.table_id)
        assert s is not None and (s.hand, s.honba, s.dealer_id) == (4, 1, int(d))
    del b, c


def test_undoing_the_game_end_undoes_the_hand_that_ended_it(ledger: Ledger) -> None:
    t = riichi_table(ledger, chat_id=-2004, tg_base=800)
    a = t.ids[0]
    play_to_the_end(t)
    last = ledger.last_hand(t.table_id)
    assert last is not None and last.record.result == "game_end"
    ledger.void_hand(last.id, by_player_id=int(a), reason="undo", expect_last=True)
    done = t.confirmed()
    assert [h.record.result for h in done] == ["win"] * 3
    s = ledger.riichi_state(t.table_id)
    assert s is not None and (s.game, s.hand, s.dealer_id) == (1, 4, int(t.ids[3]))
    assert not ledger.check_integrity()


def test_a_bust_ends_the_game_early(ledger: Ledger) -> None:
    """§2.9 (b) tobi: a player below 0 after a hand ends the game (R10)."""
    t = riichi_table(ledger, chat_id=-2005, tg_base=900)
    b = t.ids[1]
    # baiman (8 han) ron: 24,000 to the dealer, 16,000 to a non-dealer (§3 score table).
    # A (dealer) rons B: B 1,000; A keeps the deal (1 honba); C rons B 16,000 + 300 → −15,300
    t.record(hand(t, "win", (Win(t.ids[0], b, fan=8),)))
    assert t.confirmed()[-1].record.result == "win"
    t.record(hand(t, "win", (Win(t.ids[2], b, fan=8),)))
    done = t.confirmed()
    assert done[-1].record.result == "game_end"
    assert done[-1].record.counts["points"][b] == 25000 - 24000 - 16000 - 300
    (g,) = ledger.riichi_games(t.table_id)
    assert g.reason == "tobi" and g.end_hand_id == done[-1].id and len(g.hand_ids) == 2


def _finals(end: HandView, ids: list[str]) -> dict[str, int]:
    """§2.9 with the friendly defaults: raw − 30,000 + uma 10_20 + oka 20,000 to first."""
    raw = {p: end.record.counts["points"][p] for p in ids}
    order = sorted(ids, key=lambda p: (-raw[p], ids.index(p)))
    uma = dict(zip(order, (20000, 10000, -10000, -20000), strict=True))
    return {p: raw[p] - 30000 + uma[p] + (20000 if p == order[0] else 0) for p in ids}


def test_the_riichi_season_ranks_by_total_score(ledger: Ledger) -> None:
    """Issue 27.5: ranks by total score, average placement, placement counts (1st … 4th)."""
    t = riichi_table(ledger, chat_id=-2006, tg_base=1000)
    play_to_the_end(t)
    # game 2: four non-dealer rons (B on A 3 han, C on B, D on C, A on D 1 han): E4 ends it
    for w, d, han in ((1, 0, 3), (2, 1, 1), (3, 2, 1), (0, 3, 1)):
        t.record(ron(t, w, d, han))
    ends = [h for h in t.confirmed() if h.record.result == "game_end"]
    assert len(ends) == 2
    finals = [_finals(e, t.ids) for e in ends]
    places = [sorted(t.ids, key=lambda p: (-f[p], t.ids.index(p))) for f in finals]
    board = ledger.riichi_season(-2006)
    assert board.games == 2 and len(board.lines) == 4
    by = {str(line.player_id): line for line in board.lines}
    for p in t.ids:
        line = by[p]
        assert line.games == 2
        assert line.score == finals[0][p] + finals[1][p]
        want = [0, 0, 0, 0]
        for order in places:
            want[order.index(p)] += 1
        assert list(line.places) == want
        assert line.place_sum == sum((i + 1) * n for i, n in enumerate(want))
    scores = [line.score for line in board.lines]
    assert scores == sorted(scores, reverse=True)
    assert sum(scores) == 0
    # another chat sees none of it
    assert ledger.riichi_season(-2099).games == 0
