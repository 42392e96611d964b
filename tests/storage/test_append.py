"""storage.ledger.append: a new hand written in Core statements (issue 23 point 5, fewer
costs per Confirm) writes exactly what the entity path writes: the hand's columns are the
``Hand`` entity's, its ledger rows the ``LedgerRow`` entities', for random records of every
ruleset; and the ledger after a night of hands is the same whichever path wrote them."""

from __future__ import annotations

import pytest

import scoring
from scoring.testing import random_records
from storage.ledger._util import ledger_row_values, ledger_rows
from storage.ledger.append import hand_values
from storage.models import Hand
from storage.settled import rename, settle_once


@pytest.mark.parametrize("rs", scoring.all_rulesets(), ids=lambda rs: rs.id)
def test_a_hands_values_are_its_entitys(rs):
    for plain in random_records(rs, 10, seed=5):
        ids = sorted({*plain.players, plain.dealer})  # the ledger's ids are numbers
        record = rename(plain, {p: str(100 + i) for i, p in enumerate(ids)})
        try:
            st = settle_once(record).settlement
        except scoring.RecordError:
            continue
        values = hand_values(
            7, record, st, 1, 2, 3, 1, position=3, number=2, recorded_by=1, key="k", draft_id=None
        )
        entity = Hand(**values)
        assert entity.model_dump(exclude={"id"}) == values
        entity.id = 99
        rows = [r.model_dump(exclude={"id"}) for r in ledger_rows(entity, record, st)]
        assert rows == ledger_row_values(99, 7, 1, record, st)
        assert sum(r["amount"] for r in rows) == sum(v for k, v in st.net.items() if k != "pot"), (
            record
        )
