"""Seasons, table fees and loss caps, guest merges, and indexes for the season and player
queries (issue 18).

* ``game_table`` and ``night``: ``fee_amount``, ``fee_split``, ``fee_payee_id``, ``loss_cap``
  (the table's for its next nights; the night's own, copied when it begins);
* ``player.merged_into_id``: a guest merged into a Telegram account;
* ``season``: a chat's seasons;
* indexes: ``night_total (player_id, table_id, night)`` for /me,
  ``ledger_row (player_id, confirmed, amount)`` for a player's biggest hand.

Existing ledgers: every new column is nullable (no fee, no cap, not merged) and a chat without
season rows is in its season 1 from the beginning, so nothing needs to be filled in.

Revision ID: 0002_seasons_fees
Revises: 0001_initial
Create Date: 2026-12-01
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002_seasons_fees"
down_revision: str | None = "0001_initial"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

FEE_TABLES = ("game_table", "night")


def upgrade() -> None:
    for table in FEE_TABLES:
        with op.batch_alter_table(table) as b:
            b.add_column(sa.Column("fee_amount", sa.BigInteger(), nullable=True))
            b.add_column(sa.Column("fee_split", sa.String(length=10), nullable=True))
            b.add_column(sa.Column("fee_payee_id", sa.Integer(), nullable=True))
            b.add_column(sa.Column("loss_cap", sa.BigInteger(), nullable=True))
            b.create_foreign_key(
                op.f(f"fk_{table}_fee_payee_id_player"), "player", ["fee_payee_id"], ["id"]
            )
    with op.batch_alter_table("player") as b:
        b.add_column(sa.Column("merged_into_id", sa.Integer(), nullable=True))
        b.create_foreign_key(
            op.f("fk_player_merged_into_id_player"), "player", ["merged_into_id"], ["id"]
        )
        b.create_index(op.f("ix_player_merged_into_id"), ["merged_into_id"], unique=False)
    op.create_table(
        "season",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("chat_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=255), nullable=True),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("closed_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("opened_by", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(["chat_id"], ["chat.id"], name=op.f("fk_season_chat_id_chat")),
        sa.ForeignKeyConstraint(
            ["opened_by"], ["player.id"], name=op.f("fk_season_opened_by_player")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_season")),
        sa.UniqueConstraint("chat_id", "number", name=op.f("uq_season_chat_id_number")),
    )
    op.create_index(
        "ix_night_total_player_table_night",
        "night_total",
        ["player_id", "table_id", "night"],
        unique=False,
    )
    op.create_index(
        "ix_ledger_row_player_confirmed_amount",
        "ledger_row",
        ["player_id", "confirmed", "amount"],
        unique=False,
    )


def downgrade() -> None:
    op.drop_index("ix_ledger_row_player_confirmed_amount", table_name="ledger_row")
    op.drop_index("ix_night_total_player_table_night", table_name="night_total")
    op.drop_table("season")
    with op.batch_alter_table("player") as b:
        b.drop_index(op.f("ix_player_merged_into_id"))
        b.drop_constraint(op.f("fk_player_merged_into_id_player"), type_="foreignkey")
        b.drop_column("merged_into_id")
    for table in FEE_TABLES:
        with op.batch_alter_table(table) as b:
            b.drop_constraint(op.f(f"fk_{table}_fee_payee_id_player"), type_="foreignkey")
            for column in ("loss_cap", "fee_payee_id", "fee_split", "fee_amount"):
                b.drop_column(column)
