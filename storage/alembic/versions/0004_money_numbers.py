"""Hand numbers in the night, and a currency for every staked table (issue 25).

* ``hand.number``: the hand's place in its night (1, 2, …): what people call it. A correction
  keeps its hand's number (its superseded version carries the same number and is shown as
  "corrected"), a voided hand keeps its own, and each night starts at 1;
* ``night.last_number`` / ``game_table.last_number``: the last number handed out in a night /
  in the table's current night (the next hand is that + 1);
* index ``hand (table_id, night, number)``: /edit N and /explain N find hand N of the night.

Existing ledgers: every night's hands are numbered by their play order (``position``; a
correction shares its hand's position, so both versions get one number), each night from 1;
the counters are the largest number of each night. A staked table without a currency was
always shown in yuan: it gets ``CNY`` (what people settled stays what they settled: a table
keeps its stake, and one without a stake stays in points).

Revision ID: 0004_money_numbers
Revises: 0003_entry_guard
Create Date: 2026-12-01
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004_money_numbers"
down_revision: str | None = "0003_entry_guard"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _number_hands(conn: sa.Connection) -> None:
    hand = sa.table(
        "hand",
        sa.column("id", sa.Integer),
        sa.column("table_id", sa.Integer),
        sa.column("night", sa.Integer),
        sa.column("position", sa.Integer),
        sa.column("seq", sa.Integer),
        sa.column("number", sa.Integer),
    )
    night = sa.table(
        "night",
        sa.column("table_id", sa.Integer),
        sa.column("number", sa.Integer),
        sa.column("last_number", sa.Integer),
    )
    game_table = sa.table(
        "game_table",
        sa.column("id", sa.Integer),
        sa.column("night", sa.Integer),
        sa.column("last_number", sa.Integer),
    )
    rows = conn.execute(
        sa.select(hand.c.id, hand.c.table_id, hand.c.night, hand.c.position).order_by(
            hand.c.table_id, hand.c.night, hand.c.position, hand.c.seq
        )
    ).all()
    numbers: list[dict[str, int]] = []
    last: dict[tuple[int, int], tuple[int, int]] = {}  # (table, night) → (position, number)
    for hid, tid, n, pos in rows:
        prev = last.get((tid, n))
        if prev is None:
            num = 1
        elif prev[0] == pos:  # a correction and the hand it replaced: one number
            num = prev[1]
        else:
            num = prev[1] + 1
        last[(tid, n)] = (pos, num)
        numbers.append({"hid": hid, "num": num})
    if numbers:
        conn.execute(
            hand.update()
            .where(hand.c.id == sa.bindparam("hid"))
            .values(number=sa.bindparam("num")),
            numbers,
        )
    tops = [{"t": t, "n": n, "last": num} for (t, n), (_pos, num) in last.items()]
    if tops:
        conn.execute(
            night.update()
            .where(night.c.table_id == sa.bindparam("t"), night.c.number == sa.bindparam("n"))
            .values(last_number=sa.bindparam("last")),
            tops,
        )
    current = [
        {"t": tid, "last": last[(tid, n)][1]}
        for tid, n in conn.execute(sa.select(game_table.c.id, game_table.c.night)).all()
        if (tid, n) in last
    ]
    if current:
        conn.execute(
            game_table.update()
            .where(game_table.c.id == sa.bindparam("t"))
            .values(last_number=sa.bindparam("last")),
            current,
        )


def _currencies(conn: sa.Connection) -> None:
    gt = sa.table(
        "game_table",
        sa.column("id", sa.Integer),
        sa.column("stake_minor", sa.BigInteger),
        sa.column("currency", sa.String),
    )
    conn.execute(
        gt.update()
        .where(gt.c.stake_minor.is_not(None), gt.c.currency.is_(None))
        .values(currency="CNY")
    )


COLUMNS = (("hand", "number"), ("night", "last_number"), ("game_table", "last_number"))


def upgrade() -> None:
    # plain ADD COLUMN … NOT NULL DEFAULT 0 (no table rebuild on SQLite: the rows of ``hand``
    # and ``game_table`` are referenced, and a rebuild would drop them under the foreign keys)
    for name, column in COLUMNS:
        op.add_column(
            name, sa.Column(column, sa.Integer(), server_default=sa.text("0"), nullable=False)
        )
    conn = op.get_bind()
    _number_hands(conn)
    _currencies(conn)
    op.create_index(
        "ix_hand_table_night_number", "hand", ["table_id", "night", "number"], unique=False
    )


def downgrade() -> None:
    op.drop_index("ix_hand_table_night_number", table_name="hand")
    conn = op.get_bind()
    for name, column in COLUMNS:
        if conn.dialect.name == "sqlite":  # SQLite ≥ 3.35 drops a column in place
            conn.exec_driver_sql(f"ALTER TABLE {name} DROP COLUMN {column}")
        else:
            op.drop_column(name, column)
