"""bot.entry.allowed.hows keeps its answer by seat, not by player id (issue 23 point 5: the
winners' grid is drawn on every Record hand; the first grid of a hand is the same at every
table with the same rules and dealer's seat). The cached answer must be the one the scoring
core gives for these very players: checked for every ruleset, every winner, every dealer
seat, before and after a first win, against the uncached answer."""

from __future__ import annotations

import pytest

import scoring
from bot.entry import allowed
from bot.entry.draft import Draft, WinDraft

A = ["11", "12", "13", "14"]
B = ["907", "3", "55", "1000"]


def draft(rs: scoring.Ruleset, ids: list[str], dealer: int) -> Draft:
    players = ids[: max(rs.players)]
    return Draft(
        ruleset=rs.id,
        players=players,
        names={p: f"P{p}" for p in players},
        dealer=players[dealer % len(players)],
    )


@pytest.mark.parametrize("rs", scoring.all_rulesets(), ids=lambda rs: rs.id)
def test_the_grid_is_the_uncached_answer_for_any_players(rs):
    for dealer in range(2):
        for ids in (A, B):
            d = draft(rs, ids, dealer)
            for n in (0, 1):
                if n == 1:  # a second win, after the first grid's last cell for players[1]
                    cells = allowed.hows(d, 0, d.players[1])
                    if not cells:
                        continue
                    how, src = cells[-1]
                    d.wins = [
                        WinDraft(
                            winner=d.players[1], discarder=src, robbed_kong=how == "robbed_kong"
                        )
                    ]
                    if not allowed.multi_possible(d):
                        continue
                for p in d.players:
                    allowed._HOWS.clear()
                    fresh = allowed._hows(d, n, p)
                    assert allowed.hows(d, n, p) == fresh  # computed, kept by seat
                    assert allowed.hows(d, n, p) == fresh  # read back, named by id
                    assert all(src is None or src in d.players for _, src in fresh)


def test_two_tables_of_the_same_rules_share_the_first_grid():
    rs = scoring.get("xingguo")
    allowed._HOWS.clear()
    first = allowed.hows(draft(rs, A, 1), 0, A[2])
    kept = len(allowed._HOWS)
    other = allowed.hows(draft(rs, B, 1), 0, B[2])
    assert len(allowed._HOWS) == kept  # no new entry: the same seats, the same answer
    seat = {a: b for a, b in zip(A, B, strict=True)}
    assert other == [(h, None if s is None else seat[s]) for h, s in first]
    allowed.hows(draft(rs, B, 2), 0, B[2])  # another dealer's seat: its own answer
    assert len(allowed._HOWS) == kept + 1


def test_a_hand_with_events_keeps_the_ids():
    """An event's text field may name a backer who is not seated: no seat names then."""
    rs = scoring.get("yichun")
    d = draft(rs, A, 0)
    d.events = [{"type": rs.events[0].id, "player": A[0]}]
    key, seats = allowed._hows_key(d, 0, A[1])
    assert seats == {} and all(p in key for p in A)
