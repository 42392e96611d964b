"""Properties every ruleset must have, checked on random valid records built from its
declarations alone (scoring/testing.py), for every ruleset in ``scoring.all_rulesets()``
(the rulesets are collected when the tests are, so new ones are picked up as they land) and
for the throwaway toy ruleset (so the machinery itself is always exercised).

The general invariants are in :func:`scoring.testing.settlement_problems`; in short:
``settle`` raises nothing but ``RecordError``; amounts and nets are ints; ``net`` equals the
sum of the payments and sums to zero over its keys — money into or out of nothing goes to or
from the pseudo-party ``"pot"`` (:data:`scoring.testing.POT`), which then appears in ``net``
(the players' nets sum to ``-net["pot"]``); every step has Chinese and English text; the
fewest transfers settle ``net`` exactly and are never longer than greedy.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from random import Random

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from scoring import RecordError, all_rulesets, get, settle, validate
from scoring.record import HandRecord, Step
from scoring.ruleset import Ruleset
from scoring.testing import POT, random_record, random_settling_record, settlement_problems
from scoring.transfers import apply_transfers, fewest_transfers, greedy_transfers
from tests.scoring.toy_ruleset import TOY_ID, registered

REAL_IDS = [rs.id for rs in all_rulesets() if rs.id != TOY_ID]
ALL_IDS = [*REAL_IDS, TOY_ID]


@pytest.fixture(scope="module", autouse=True)
def toy() -> Iterator[None]:
    with registered():
        yield


def records(rs: Ruleset, *, settling: bool) -> st.SearchStrategy[HandRecord]:
    """Random records for ``rs`` valid against its declarations: the plain-``random``
    generator driven by hypothesis (so failures shrink). ``settling``: retry until the
    ruleset's own checks accept one too (rulesets with many checks of their own, like
    Sichuan, reject most raw records)."""
    if settling:
        # the retries draw a lot of randomness: drive them from one seed (shrinks to a seed)
        return st.integers(0, 2**63).map(lambda seed: random_settling_record(rs, Random(seed)))
    return st.randoms(use_true_random=False).map(lambda rnd: random_record(rs, rnd))


def test_some_real_ruleset_is_registered() -> None:
    if not REAL_IDS:
        pytest.skip("no ruleset in scoring/rulesets yet; only the toy ruleset was checked")
    assert all(rs.id for rs in all_rulesets())


@pytest.mark.parametrize("ruleset_id", ALL_IDS)
def test_properties_hold_on_random_records(ruleset_id: str) -> None:
    rs = get(ruleset_id)

    @settings(
        max_examples=120,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow],
    )
    @given(records(rs, settling=True))
    def check(record: HandRecord) -> None:
        try:
            s = settle(record)
        except RecordError as err:
            event(f"rejected: {err.field}")
            return
        event("settled")
        problems = settlement_problems(record, s)
        assert not problems, (record.to_json(), s.to_json(), problems)
        # the JSON form settles the same, and settling is deterministic
        assert HandRecord.from_json(record.to_json()) == record
        assert settle(record.to_json()) == s
        # payments net out to nothing except through the pot
        players_total = sum(v for p, v in s.net.items() if p != POT)
        assert players_total == -s.net.get(POT, 0)
        # the night's fewest transfers settle this net exactly and beat or tie greedy
        transfers = fewest_transfers(s.net, record.players)
        assert all(v == 0 for v in apply_transfers(s.net, transfers).values())
        assert len(transfers) <= len(greedy_transfers(s.net, record.players))

    check()


@pytest.mark.parametrize("ruleset_id", ALL_IDS)
def test_settle_raises_only_record_errors(ruleset_id: str) -> None:
    rs = get(ruleset_id)

    @settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(records(rs, settling=False))
    def check(record: HandRecord) -> None:
        try:
            settle(record)
        except RecordError as err:
            assert err.field and err.message
            assert str(err).startswith(err.field)

    check()


@pytest.mark.parametrize("ruleset_id", ALL_IDS)
def test_generated_records_satisfy_the_declarations(
    ruleset_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With the ruleset's own ``check`` switched off, the engine accepts every generated
    record: the generator respects players, dealer, shapes/flags and their constraints,
    counts with max/total_max, events with their fields, and options."""
    rs = get(ruleset_id)
    rng = random.Random(f"declarations-{ruleset_id}")
    records_ = [random_record(rs, rng) for _ in range(400)]
    settled = 0
    for record in records_:
        try:
            settle(record)
            settled += 1
        except RecordError:
            pass
    monkeypatch.setattr(type(rs), "check", Ruleset.check)
    for record in records_:
        validate(record)  # raises RecordError (with the field) if the generator is wrong
    # the ruleset's own checks may reject some records, but the generator must be useful
    assert settled >= len(records_) // 100, f"only {settled} of {len(records_)} records settled"


def test_toy_records_always_settle() -> None:
    rs = get(TOY_ID)
    rng = random.Random(7)
    seen_results, seen_events, seen_multi = set(), set(), False
    for _ in range(500):
        record = random_record(rs, rng)
        s = settle(record)  # the toy has no checks of its own: nothing may be rejected
        assert not settlement_problems(record, s)
        seen_results.add(record.result)
        seen_events.update(e.type for e in record.events)
        seen_multi |= len(record.wins) > 1
    # the generator reaches every declared result and event, and several winners
    assert seen_results == {"win", "draw"}
    assert seen_events == {e.id for e in rs.events}
    assert seen_multi


def test_invariants_catch_broken_settlements() -> None:
    """settlement_problems is not vacuous: a settlement with a wrong net is reported."""
    from dataclasses import replace

    rng = random.Random(3)
    record = random_record(get(TOY_ID), rng)
    while record.result != "win":
        record = random_record(get(TOY_ID), rng)
    s = settle(record)
    broken = replace(s, net={**s.net, record.players[0]: s.net[record.players[0]] + 1})
    assert any("payments give" in p for p in settlement_problems(record, broken))
    assert any("sums to" in p for p in settlement_problems(record, broken))
    assert s.payments
    no_steps = replace(s, explanation=())
    assert settlement_problems(record, no_steps) == ["the explanation is empty"]
    half_step = replace(s, explanation=(Step("中文", " "),))
    assert settlement_problems(record, half_step) == ["explanation[0].en is empty"]
