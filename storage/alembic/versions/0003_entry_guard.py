"""One open entry per table and processed updates (issue 24).

* ``draft.entry_table_id``: a new hand's entry at a table holds the table's one slot while it
  is open; the partial unique index ``uq_draft_open_entry`` (``status = 'open'``) makes a
  second open entry of the same table impossible, whatever runs at the same time;
* ``update_key``: the Telegram updates (and their state changes) already processed, so a
  redelivered update after a crash changes nothing twice.

Existing ledgers: the drafts open before the upgrade hold no slot (``entry_table_id`` NULL;
they expire within a day), so a table that already had two open entries upgrades cleanly.

Revision ID: 0003_entry_guard
Revises: 0002_seasons_fees
Create Date: 2026-12-01
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003_entry_guard"
down_revision: str | None = "0002_seasons_fees"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

OPEN_ENTRY = "status = 'open' AND entry_table_id IS NOT NULL"


def upgrade() -> None:
    with op.batch_alter_table("draft") as b:
        b.add_column(sa.Column("entry_table_id", sa.Integer(), nullable=True))
    op.create_index(
        "uq_draft_open_entry",
        "draft",
        ["entry_table_id"],
        unique=True,
        sqlite_where=sa.text(OPEN_ENTRY),
        postgresql_where=sa.text(OPEN_ENTRY),
    )
    op.create_table(
        "update_key",
        sa.Column("key", sa.String(length=64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("key", name=op.f("pk_update_key")),
    )
    op.create_index(op.f("ix_update_key_created_at"), "update_key", ["created_at"], unique=False)


def downgrade() -> None:
    op.drop_index(op.f("ix_update_key_created_at"), table_name="update_key")
    op.drop_table("update_key")
    op.drop_index("uq_draft_open_entry", table_name="draft")
    with op.batch_alter_table("draft") as b:
        b.drop_column("entry_table_id")
