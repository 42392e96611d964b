"""Core statements run on the database driver's own cursor: the hot statements of every tap
and Confirm (the draft read and saved, the table, the standings, a new hand's checks and
inserts).

SQLAlchemy's ``Connection.execute`` spends about 40 µs of Python on each statement before and
after the driver's few microseconds: the statement's cache key, the compiled form looked up,
an execution context, a result object, rows made from tuples. For a statement built once and
run on every button press that is most of its cost, so :class:`DriverStatement` does that work
once per dialect instead — the SQL string, the order of its parameters, each parameter's and
each column's type conversion as SQLAlchemy would apply it (``bind_processor`` and
``result_processor`` of the column types: SQLite's datetimes are text, PostgreSQL's are not)
— and then runs the statement on the cursor of the transaction's connection, inside the
transaction SQLAlchemy opened (the pool, BEGIN, COMMIT and ROLLBACK stay its own).

It refuses what it cannot run as SQLAlchemy would: expanding ("IN") parameters, parameters
rendered at execution, column defaults computed in Python. The tests compare each statement
with ``Connection.execute`` on SQLite and PostgreSQL (``tests/storage/test_driver.py``).
"""

from __future__ import annotations

from collections import namedtuple
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection
from sqlalchemy.engine import Dialect
from sqlalchemy.exc import DBAPIError
from sqlalchemy.sql.expression import Executable

Processor = Callable[[Any], Any] | None


@dataclass(frozen=True, slots=True)
class _Compiled:
    sql: str
    #: the parameters' names in the order of the placeholders (a positional paramstyle), or
    #: None (a named one: the driver takes a mapping)
    order: tuple[str, ...] | None
    #: every parameter's value given in the statement itself (``status == "open"``)
    fixed: Mapping[str, Any]
    binds: Mapping[str, Processor]
    results: tuple[Processor, ...]
    #: a row: a named tuple of the result columns (read by name, like SQLAlchemy's ``Row``)
    make: Callable[[Any], tuple[Any, ...]]

    def params(self, given: Mapping[str, Any]) -> tuple[Any, ...] | dict[str, Any]:
        values = {**given, **self.fixed}
        for name, proc in self.binds.items():
            if proc is not None and values.get(name) is not None:
                values[name] = proc(values[name])
        if self.order is None:
            return values
        return tuple(values[name] for name in self.order)

    def row(self, raw: tuple[Any, ...] | None) -> Any:
        if raw is None:
            return None
        return self.make(
            v if proc is None or v is None else proc(v)
            for v, proc in zip(raw, self.results, strict=True)
        )


class DriverStatement:
    """A Core statement (a SELECT; an INSERT or UPDATE, with or without RETURNING) compiled
    once per dialect and set of parameter names (an INSERT or UPDATE without ``values()``
    sets the columns its parameters name, as with ``Connection.execute``), run on the
    driver's cursor of a :class:`~sqlalchemy.Connection` in a transaction."""

    def __init__(self, stmt: Executable) -> None:
        self.stmt = stmt
        self._compiled: dict[tuple[str, frozenset[str]], _Compiled] = {}

    def compiled(self, dialect: Dialect, keys: frozenset[str] = frozenset()) -> _Compiled:
        key = (f"{dialect.name}.{dialect.driver}", keys)
        found = self._compiled.get(key)
        if found is None:
            found = self._compiled[key] = self._compile(dialect, keys)
        return found

    def _compile(self, dialect: Dialect, keys: frozenset[str]) -> _Compiled:
        c = self.stmt.compile(dialect=dialect, column_keys=sorted(keys))  # type: ignore[attr-defined]
        for bind in c.binds.values():
            if bind.expanding:
                raise ValueError("a statement with an expanding (IN) parameter")
        if "__[POSTCOMPILE_" in c.string:  # parameters SQLAlchemy renders when it executes
            raise ValueError("a statement with parameters rendered at execution")
        # defaults SQLAlchemy computes in Python as it executes (``default=``, ``onupdate=``);
        # what the database computes (``hand_count + 1``, a server default) is fine, as
        # nothing is read back
        if any(getattr(c, a, None) for a in ("insert_prefetch", "update_prefetch")):
            raise ValueError("a statement whose column defaults SQLAlchemy computes")
        # each type as the dialect has it (a TypeDecorator over SQLite's DATETIME …), as
        # SQLAlchemy's own execution takes it
        binds = {
            name: b.type.dialect_impl(dialect).bind_processor(dialect)
            for name, b in c.binds.items()
        }
        fixed = {
            name: b.value for name, b in c.binds.items() if not b.required and b.callable is None
        }
        columns = c._result_columns  # (key, name, objects, type) each
        results = tuple(e[3].dialect_impl(dialect).result_processor(dialect, None) for e in columns)
        row_type: Any = namedtuple("DriverRow", [e[0] for e in columns])  # type: ignore[misc]
        order: tuple[str, ...] | None = None
        if c.positional:
            order = tuple(c.positiontup)
            used = set(order)
        else:  # a named paramstyle (psycopg's "%(name)s"): the names the SQL has
            used = {name for name in c.binds if f"%({name})s" in c.string}
        return _Compiled(
            c.string,
            order,
            {k: v for k, v in fixed.items() if k in used},
            {k: v for k, v in binds.items() if k in used},
            results,
            row_type._make,
        )

    def first(self, conn: Connection, params: Mapping[str, Any]) -> Any:
        """The statement's first row (a named tuple, converted as SQLAlchemy would), or
        None."""
        comp, cursor = self._run(conn, params)
        try:
            return comp.row(cursor.fetchone())
        finally:
            cursor.close()

    def all(self, conn: Connection, params: Mapping[str, Any]) -> list[Any]:
        """Every row of the statement (named tuples, converted as SQLAlchemy would)."""
        comp, cursor = self._run(conn, params)
        try:
            return [comp.row(r) for r in cursor.fetchall()]
        finally:
            cursor.close()

    def run(self, conn: Connection, params: Mapping[str, Any]) -> int:
        """Execute a statement that returns no rows (an UPDATE): the rows it matched."""
        _comp, cursor = self._run(conn, params)
        try:
            return int(cursor.rowcount)
        finally:
            cursor.close()

    def many(self, conn: Connection, rows: Sequence[Mapping[str, Any]]) -> None:
        """Execute a statement that returns no rows once per parameter set (an INSERT of
        several rows, the driver's ``executemany``); every set names the same columns."""
        if not rows:
            return
        comp = self.compiled(conn.dialect, frozenset(rows[0]))
        cursor = self._call(conn, comp, [comp.params(r) for r in rows], many=True)
        cursor.close()

    def _run(self, conn: Connection, params: Mapping[str, Any]) -> tuple[_Compiled, Any]:
        comp = self.compiled(conn.dialect, frozenset(params))
        return comp, self._call(conn, comp, comp.params(params))

    @staticmethod
    def _call(conn: Connection, comp: _Compiled, bound: Any, *, many: bool = False) -> Any:
        """The statement executed on a cursor of the transaction's driver connection (left
        open for its rows). The driver's errors are raised as SQLAlchemy raises them
        (``IntegrityError``, ``OperationalError`` … of ``sqlalchemy.exc``), so callers catch
        one kind."""
        cursor = conn.connection.driver_connection.cursor()  # type: ignore[union-attr]
        dbapi = conn.dialect.loaded_dbapi
        try:
            (cursor.executemany if many else cursor.execute)(comp.sql, bound)
        except dbapi.Error as err:
            cursor.close()
            raise DBAPIError.instance(comp.sql, bound, err, dbapi.Error) from err
        return cursor
