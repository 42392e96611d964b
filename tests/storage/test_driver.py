"""storage.ledger.driver: a Core statement run on the driver's cursor gives what
``Connection.execute`` gives — the same rows, the same types (SQLite keeps datetimes as text,
PostgreSQL does not), the same rows written — on SQLite and PostgreSQL. Issue 23 point 5: the
two statements of every wizard tap (get_draft, update_draft) and the table's reads run this
way."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import Column, Integer, MetaData, Table, bindparam, insert, select
from sqlalchemy.dialects import sqlite
from sqlalchemy.exc import DBAPIError

from storage.ledger._util import DT, NGT
from storage.ledger._views import _ACTIVE_SEATS
from storage.ledger.append import NIGHT_AFTER
from storage.ledger.drafts import _DRAFT, _UPDATE_DRAFT
from storage.ledger.driver import DriverStatement
from storage.ledger.tables import _TABLE_BY_ID, _TABLE_OF_CHAT
from storage.models import utcnow
from storage.service import Ledger
from tests.storage.conftest import make_game


def _two_drafts(ledger: Ledger) -> tuple[int, int]:
    ledger.ensure_chat(-7, title="t")
    p = ledger.ensure_user(700, "Alice")
    made = [
        ledger.create_draft(
            tg_chat_id=-7,
            author_id=p.id,
            table_id=None,
            data={"kind": "hand", "wins": [{"winner": "1"}], "名": "精"},
            step="preview",
        )
        for _ in range(2)
    ]
    return made[0].id, made[1].id


def test_a_select_reads_what_sqlalchemy_reads(ledger: Ledger) -> None:
    a, _b = _two_drafts(ledger)
    with ledger._core() as conn:
        want = conn.execute(_DRAFT.stmt, {"id": a}).first()
        got = _DRAFT.first(conn, {"id": a})
        none = _DRAFT.first(conn, {"id": 10**9})
    assert want is not None
    assert tuple(got) == tuple(want)
    assert [type(v) for v in got] == [type(v) for v in want]  # datetimes as datetimes
    assert got.expires_at == want.expires_at and got.expires_at.tzinfo is not None
    assert got.data == want.data  # the JSON text as stored (not ASCII-escaped)
    assert none is None


def test_an_update_writes_and_returns_what_sqlalchemy_does(ledger: Ledger) -> None:
    a, b = _two_drafts(ledger)
    now = utcnow()
    later = now + timedelta(seconds=5)

    def values(draft_id: int) -> dict[str, object]:
        return {
            "version": 2,
            "step": "flags.0",
            "data": '{"k":"精"}',
            "updated_at": later,
            "w_id": draft_id,
            "w_version": 1,
            "w_now": now,
        }

    with ledger._writer.connect() as conn, conn.begin():
        want = conn.execute(_UPDATE_DRAFT.stmt, values(a)).first()
        got = _UPDATE_DRAFT.first(conn, values(b))
        stale = _UPDATE_DRAFT.first(conn, values(b))  # version 1 no more: no row
    assert want is not None and got is not None
    assert tuple(got)[:4] == tuple(want)[:4]  # author, table, chat, message
    assert stale is None
    da, db = ledger.get_draft(a), ledger.get_draft(b)
    assert (got.expires_at, want.expires_at) == (db.expires_at, da.expires_at)  # each its own
    assert type(got.expires_at) is type(want.expires_at)
    assert (
        (db.version, db.step, db.data)
        == (da.version, da.step, da.data)
        == (
            2,
            "flags.0",
            {"k": "精"},
        )
    )
    with ledger._core() as conn:
        rows = {
            r.id: r
            for r in conn.execute(
                select(DT.c.id, DT.c.updated_at, DT.c.status).where(DT.c.id.in_([a, b]))
            )
        }
    assert rows[a].updated_at == rows[b].updated_at  # the datetime written the same way
    assert rows[a].status == rows[b].status == "open"


def test_the_where_literal_is_bound_too(ledger: Ledger) -> None:
    """``status == "open"`` is a parameter of the compiled SQL: a closed draft is not
    updated."""
    a, _b = _two_drafts(ledger)
    ledger.close_draft(a, version=1, status="done")
    now = utcnow()
    with ledger._writer.connect() as conn, conn.begin():
        row = _UPDATE_DRAFT.first(
            conn,
            {"version": 2, "step": "x", "w_id": a, "w_version": 2, "w_now": now},
        )
    assert row is None
    assert ledger.get_draft(a).status == "done"


def test_an_expanding_parameter_is_refused(ledger: Ledger) -> None:
    stmt = DriverStatement(select(DT.c.id).where(DT.c.id.in_(bindparam("ids", expanding=True))))
    with ledger._core() as conn, pytest.raises(ValueError, match="expanding"):
        stmt.first(conn, {"ids": [1, 2]})


def test_one_compiled_form_per_dialect_and_set_of_names(ledger: Ledger) -> None:
    a, _b = _two_drafts(ledger)
    with ledger._core() as conn:
        _DRAFT.first(conn, {"id": a})
        _DRAFT.first(conn, {"id": a})
        dialect = conn.dialect
    keys = [k for k in _DRAFT._compiled if k[0].startswith(dialect.name)]
    assert keys == [(f"{dialect.name}.{dialect.driver}", frozenset({"id"}))]


def test_the_table_reads_are_sqlalchemy_s(ledger: Ledger) -> None:
    """The table of a chat (a join, ``status != 'closed'``, LIMIT 1), by id, and its seats (a
    join, ``left_at IS NULL``, ordered): each the rows ``Connection.execute`` gives."""
    g = make_game(ledger)
    ledger.leave(g.table.id, g.players[3].id)  # a seat left: not read
    with ledger._core() as conn:
        for stmt, params in (
            (_TABLE_OF_CHAT, {"c": g.chat_id}),
            (_TABLE_BY_ID, {"t": g.table.id}),
        ):
            want = conn.execute(stmt.stmt, params).first()
            got = stmt.first(conn, params)
            assert want is not None and tuple(got) == tuple(want)
            assert got._fields == tuple(want._fields)
            assert [type(v) for v in got] == [type(v) for v in want]
        want_seats = conn.execute(_ACTIVE_SEATS.stmt, {"t": g.table.id}).all()
        got_seats = _ACTIVE_SEATS.all(conn, {"t": g.table.id})
        assert [tuple(r) for r in got_seats] == [tuple(r) for r in want_seats]
        assert len(got_seats) == 3
        assert _TABLE_OF_CHAT.first(conn, {"c": -424242}) is None
    assert ledger.current_table(g.chat_id) == ledger.get_table(g.table.id)
    assert [s.name for s in ledger.get_table(g.table.id).seats] == ["alice", "bob", "carol"]


def test_a_statement_with_python_side_defaults_is_refused() -> None:
    """An INSERT whose columns' defaults SQLAlchemy computes when it executes (here
    ``default=``) would run without them on the cursor: refused when compiled."""
    t = Table(
        "t", MetaData(), Column("id", Integer, primary_key=True), Column("n", Integer, default=5)
    )
    stmt = DriverStatement(insert(t))
    with pytest.raises(ValueError, match="defaults SQLAlchemy computes"):
        stmt.compiled(sqlite.dialect(), frozenset({"id"}))
    assert DriverStatement(insert(t)).compiled(sqlite.dialect(), frozenset({"id", "n"})).sql


def test_the_driver_s_errors_are_sqlalchemy_s(ledger: Ledger) -> None:
    """A failing statement raises what ``Connection.execute`` raises (a ``DBAPIError`` of
    the matching kind, the driver's error as ``orig``), so the bot's handlers catch one kind:
    a missing table here (SQLite: OperationalError; PostgreSQL: ProgrammingError)."""
    nope = Table("no_such_table", MetaData(), Column("id", Integer))
    stmt = DriverStatement(select(nope.c.id).where(nope.c.id == bindparam("id")))
    with pytest.raises(DBAPIError) as raised, ledger._core() as conn:
        stmt.first(conn, {"id": 1})
    with pytest.raises(DBAPIError) as want, ledger._core() as conn:
        conn.execute(stmt.stmt, {"id": 1})
    assert type(raised.value) is type(want.value)
    assert type(raised.value.orig) is type(want.value.orig)
    assert ledger.get_draft(_two_drafts(ledger)[0]).status == "open"  # the ledger goes on


def test_an_update_computing_from_the_row_runs(ledger: Ledger) -> None:
    """``hand_count = hand_count + 1`` (computed by the database, nothing read back): the
    night after a hand, as every Confirm writes it."""
    g = make_game(ledger)
    ledger.start(g.table.id)
    t = ledger.get_table(g.table.id)
    with ledger._core() as conn:
        before = conn.execute(
            select(NGT.c.hand_count).where(NGT.c.table_id == t.id, NGT.c.number == t.night)
        ).scalar_one()
    with ledger._writer.connect() as conn, conn.begin():
        NIGHT_AFTER.run(conn, {"w_t": t.id, "w_n": t.night, "last_number": 7})
    with ledger._core() as conn:
        after = conn.execute(
            select(NGT.c.hand_count, NGT.c.last_number).where(
                NGT.c.table_id == t.id, NGT.c.number == t.night
            )
        ).one()
    assert tuple(after) == (before + 1, 7)
