"""storage.settled: one settlement with player references equals the core's own, for every
ruleset (issue 15 point 1: settle once, name at display time).

The oracle is ``scoring.settle`` / ``scoring.next_dealer`` on the record as it is: the
referenced settlement must pay the same amounts for the same reasons, give the same nets and
the next dealer, and its explanation with the player references replaced by the bare ids and
the name references by the declared names must be the core's explanation word for word.
"""

from __future__ import annotations

import dataclasses

import pytest

import scoring
from scoring import refs
from scoring.testing import random_records
from storage import settled
from storage.settled import OPEN, name_refs, settle_once, strip_refs


@pytest.mark.parametrize("rs", scoring.all_rulesets(), ids=lambda rs: rs.id)
def test_referenced_settlement_is_the_cores_for_random_records(rs):
    mentioned = 0
    for record in random_records(rs, 40, seed=15):
        try:
            want = scoring.settle(record)
        except scoring.RecordError:
            continue
        got = settle_once(record)
        st = got.settlement
        assert st.payments == want.payments, record
        assert dict(st.net) == dict(want.net), record
        assert got.next_dealer == scoring.next_dealer(record), record
        # the player references as bare ids, the name references resolved (scoring.refs)
        assert [refs.resolve_pair(strip_refs(s.zh), strip_refs(s.en)) for s in st.explanation] == [
            (s.zh, s.en) for s in want.explanation
        ], record
        assert not any(OPEN in k for k in st.net)
        mentioned += any(OPEN in s.zh + s.en for s in st.explanation)
    print(rs.id, "explanations naming players:", mentioned)


def test_names_go_in_at_display_and_escape_nothing():
    text = f"{settled.ref('17')} pays {settled.ref('18')} 8; the pot gets 2"
    names = {"17": "<Ann & Co>", "18": "Bo"}
    assert name_refs(text, names) == "<Ann & Co> pays Bo 8; the pot gets 2"
    assert name_refs(text, {}) == "17 pays 18 8; the pot gets 2"


def test_an_invalid_record_fails_in_its_own_ids():
    rec = scoring.HandRecord(
        "xingguo", ("1", "2", "3", "4"), "9", "win", (scoring.Win("1", "2", shape="plain_win"),)
    )
    with pytest.raises(scoring.RecordError) as err:
        settle_once(rec)
    assert OPEN not in str(err.value) and "'9'" in str(err.value)


def test_yichun_backer_outside_the_table_is_referenced():
    """The Yichun side bet (压鸽子) names a backer who may not be seated: a text field."""
    rs = scoring.get("yichun")
    decl = next(e for e in rs.events if any(f.kind == "text" for f in e.fields))
    for record in random_records(rs, 200, seed=3):
        backers = [ev for ev in record.events if ev.type == decl.id and ev.data]
        if backers:
            break
    else:
        pytest.skip("no side bet drawn")
    ids = settled.record_ids(record)
    assert all(str(v) in ids for ev in backers for v in ev.data.values() if isinstance(v, str))


@pytest.mark.parametrize("rs", scoring.all_rulesets(), ids=lambda rs: rs.id)
def test_a_refused_record_is_refused_in_the_cores_words(rs):
    """settle_once refuses what the core refuses, with the core's field and sentence: what the
    declarations refuse is found before the record is marked (one settle, not two)."""
    refused = 0
    for record in random_records(rs, 40, seed=23):
        for bad in (
            dataclasses.replace(record, dealer="nobody"),
            dataclasses.replace(record, result="no such result"),
            dataclasses.replace(record, counts={"no such count": {record.players[0]: 1}}),
            record,
        ):
            try:
                scoring.settle(bad)
            except scoring.RecordError as want:
                refused += 1
                with pytest.raises(scoring.RecordError) as got:
                    settle_once(bad)
                assert (got.value.field, got.value.message) == (want.field, want.message)
                assert OPEN not in str(got.value)
    assert refused >= 120
