"""Initial schema: chats, players, tables, nights, seats, drafts, hands, ledger rows, totals.

Revision ID: 0001_initial
Revises:
Create Date: 2026-11-30
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0001_initial"
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:

    op.create_table(
        "chat",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("tg_chat_id", sa.BigInteger(), nullable=False),
        sa.Column("title", sa.String(length=255), nullable=True),
        sa.Column("kind", sa.String(length=20), nullable=False),
        sa.Column("lang", sa.String(length=16), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_chat")),
        sa.UniqueConstraint("tg_chat_id", name=op.f("uq_chat_tg_chat_id")),
    )
    op.create_table(
        "player",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("tg_user_id", sa.BigInteger(), nullable=True),
        sa.Column("name", sa.String(length=255), nullable=False),
        sa.Column("username", sa.String(length=255), nullable=True),
        sa.Column("lang", sa.String(length=16), nullable=True),
        sa.Column("is_guest", sa.Boolean(), nullable=False),
        sa.Column("guest_chat_id", sa.Integer(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["guest_chat_id"], ["chat.id"], name=op.f("fk_player_guest_chat_id_chat")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_player")),
        sa.UniqueConstraint("tg_user_id", name=op.f("uq_player_tg_user_id")),
    )
    with op.batch_alter_table("player", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_player_guest_chat_id"), ["guest_chat_id"], unique=False
        )

    op.create_table(
        "game_table",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("chat_id", sa.Integer(), nullable=False),
        sa.Column("ruleset", sa.String(length=64), nullable=False),
        sa.Column("options", sa.Text(), nullable=False),
        sa.Column("stake_minor", sa.BigInteger(), nullable=True),
        sa.Column("currency", sa.String(length=8), nullable=True),
        sa.Column("name", sa.String(length=255), nullable=True),
        sa.Column("status", sa.String(length=10), nullable=False),
        sa.Column("creator_id", sa.Integer(), nullable=False),
        sa.Column("night", sa.Integer(), nullable=False),
        sa.Column("dealer_id", sa.Integer(), nullable=True),
        sa.Column("hand_count", sa.Integer(), nullable=False),
        sa.Column("last_seq", sa.Integer(), nullable=False),
        sa.Column("message_id", sa.BigInteger(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("closed_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("closed_by", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(["chat_id"], ["chat.id"], name=op.f("fk_game_table_chat_id_chat")),
        sa.ForeignKeyConstraint(
            ["closed_by"], ["player.id"], name=op.f("fk_game_table_closed_by_player")
        ),
        sa.ForeignKeyConstraint(
            ["creator_id"], ["player.id"], name=op.f("fk_game_table_creator_id_player")
        ),
        sa.ForeignKeyConstraint(
            ["dealer_id"], ["player.id"], name=op.f("fk_game_table_dealer_id_player")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_game_table")),
    )
    with op.batch_alter_table("game_table", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_game_table_chat_id"), ["chat_id"], unique=False)
        batch_op.create_index(
            "uq_game_table_open_chat",
            ["chat_id"],
            unique=True,
            sqlite_where=sa.text("status <> 'closed'"),
            postgresql_where=sa.text("status <> 'closed'"),
        )

    op.create_table(
        "draft",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("tg_chat_id", sa.BigInteger(), nullable=False),
        sa.Column("author_id", sa.Integer(), nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=True),
        sa.Column("message_id", sa.BigInteger(), nullable=True),
        sa.Column("step", sa.String(length=64), nullable=False),
        sa.Column("data", sa.Text(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(length=10), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["author_id"], ["player.id"], name=op.f("fk_draft_author_id_player")
        ),
        sa.ForeignKeyConstraint(
            ["table_id"], ["game_table.id"], name=op.f("fk_draft_table_id_game_table")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_draft")),
    )
    with op.batch_alter_table("draft", schema=None) as batch_op:
        batch_op.create_index("ix_draft_status_expires_at", ["status", "expires_at"], unique=False)
        batch_op.create_index(batch_op.f("ix_draft_tg_chat_id"), ["tg_chat_id"], unique=False)

    op.create_table(
        "night",
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("start_dealer_id", sa.Integer(), nullable=True),
        sa.Column("hand_count", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["start_dealer_id"], ["player.id"], name=op.f("fk_night_start_dealer_id_player")
        ),
        sa.ForeignKeyConstraint(
            ["table_id"], ["game_table.id"], name=op.f("fk_night_table_id_game_table")
        ),
        sa.PrimaryKeyConstraint("table_id", "number", name=op.f("pk_night")),
    )
    op.create_table(
        "night_total",
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("night", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("total", sa.BigInteger(), nullable=False),
        sa.Column("hands", sa.Integer(), nullable=False),
        sa.Column("wins", sa.Integer(), nullable=False),
        sa.Column("self_draws", sa.Integer(), nullable=False),
        sa.Column("deal_ins", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["player_id"], ["player.id"], name=op.f("fk_night_total_player_id_player")
        ),
        sa.ForeignKeyConstraint(
            ["table_id"], ["game_table.id"], name=op.f("fk_night_total_table_id_game_table")
        ),
        sa.PrimaryKeyConstraint("table_id", "night", "player_id", name=op.f("pk_night_total")),
    )
    op.create_table(
        "seat",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("seat_index", sa.Integer(), nullable=False),
        sa.Column("joined_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("left_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["player_id"], ["player.id"], name=op.f("fk_seat_player_id_player")
        ),
        sa.ForeignKeyConstraint(
            ["table_id"], ["game_table.id"], name=op.f("fk_seat_table_id_game_table")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_seat")),
    )
    with op.batch_alter_table("seat", schema=None) as batch_op:
        batch_op.create_index("ix_seat_player_id", ["player_id"], unique=False)
        batch_op.create_index(
            "uq_seat_active_index",
            ["table_id", "seat_index"],
            unique=True,
            sqlite_where=sa.text("left_at IS NULL"),
            postgresql_where=sa.text("left_at IS NULL"),
        )
        batch_op.create_index(
            "uq_seat_active_player",
            ["table_id", "player_id"],
            unique=True,
            sqlite_where=sa.text("left_at IS NULL"),
            postgresql_where=sa.text("left_at IS NULL"),
        )

    op.create_table(
        "hand",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("night", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("record", sa.Text(), nullable=False),
        sa.Column("settlement", sa.Text(), nullable=False),
        sa.Column("result", sa.String(length=20), nullable=False),
        sa.Column("dealer_before_id", sa.Integer(), nullable=False),
        sa.Column("dealer_after_id", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(length=10), nullable=False),
        sa.Column("recorded_by", sa.Integer(), nullable=False),
        sa.Column("recorded_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("voided_by", sa.Integer(), nullable=True),
        sa.Column("voided_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("void_reason", sa.Text(), nullable=True),
        sa.Column("replaces_hand_id", sa.Integer(), nullable=True),
        sa.Column("idempotency_key", sa.String(length=200), nullable=False),
        sa.Column("draft_id", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(
            ["dealer_after_id"], ["player.id"], name=op.f("fk_hand_dealer_after_id_player")
        ),
        sa.ForeignKeyConstraint(
            ["dealer_before_id"], ["player.id"], name=op.f("fk_hand_dealer_before_id_player")
        ),
        sa.ForeignKeyConstraint(["draft_id"], ["draft.id"], name=op.f("fk_hand_draft_id_draft")),
        sa.ForeignKeyConstraint(
            ["recorded_by"], ["player.id"], name=op.f("fk_hand_recorded_by_player")
        ),
        sa.ForeignKeyConstraint(
            ["replaces_hand_id"], ["hand.id"], name=op.f("fk_hand_replaces_hand_id_hand")
        ),
        sa.ForeignKeyConstraint(
            ["table_id"], ["game_table.id"], name=op.f("fk_hand_table_id_game_table")
        ),
        sa.ForeignKeyConstraint(
            ["voided_by"], ["player.id"], name=op.f("fk_hand_voided_by_player")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_hand")),
        sa.UniqueConstraint("idempotency_key", name=op.f("uq_hand_idempotency_key")),
        sa.UniqueConstraint("table_id", "seq", name=op.f("uq_hand_table_id_seq")),
    )
    with op.batch_alter_table("hand", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_hand_replaces_hand_id"), ["replaces_hand_id"], unique=False
        )
        batch_op.create_index(
            "ix_hand_table_night_position", ["table_id", "night", "position"], unique=False
        )

    op.create_table(
        "ledger_row",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("hand_id", sa.Integer(), nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("night", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("amount", sa.BigInteger(), nullable=False),
        sa.Column("confirmed", sa.Boolean(), nullable=False),
        sa.Column("won", sa.Integer(), nullable=False),
        sa.Column("self_drawn", sa.Integer(), nullable=False),
        sa.Column("dealt_in", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["hand_id"], ["hand.id"], name=op.f("fk_ledger_row_hand_id_hand")),
        sa.ForeignKeyConstraint(
            ["player_id"], ["player.id"], name=op.f("fk_ledger_row_player_id_player")
        ),
        sa.ForeignKeyConstraint(
            ["table_id"], ["game_table.id"], name=op.f("fk_ledger_row_table_id_game_table")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_ledger_row")),
        sa.UniqueConstraint("hand_id", "player_id", name=op.f("uq_ledger_row_hand_id_player_id")),
    )
    with op.batch_alter_table("ledger_row", schema=None) as batch_op:
        batch_op.create_index(
            "ix_ledger_row_player_confirmed", ["player_id", "confirmed"], unique=False
        )
        batch_op.create_index("ix_ledger_row_table_night", ["table_id", "night"], unique=False)


def downgrade() -> None:

    with op.batch_alter_table("ledger_row", schema=None) as batch_op:
        batch_op.drop_index("ix_ledger_row_table_night")
        batch_op.drop_index("ix_ledger_row_player_confirmed")

    op.drop_table("ledger_row")
    with op.batch_alter_table("hand", schema=None) as batch_op:
        batch_op.drop_index("ix_hand_table_night_position")
        batch_op.drop_index(batch_op.f("ix_hand_replaces_hand_id"))

    op.drop_table("hand")
    with op.batch_alter_table("seat", schema=None) as batch_op:
        batch_op.drop_index(
            "uq_seat_active_player",
            sqlite_where=sa.text("left_at IS NULL"),
            postgresql_where=sa.text("left_at IS NULL"),
        )
        batch_op.drop_index(
            "uq_seat_active_index",
            sqlite_where=sa.text("left_at IS NULL"),
            postgresql_where=sa.text("left_at IS NULL"),
        )
        batch_op.drop_index("ix_seat_player_id")

    op.drop_table("seat")
    op.drop_table("night_total")
    op.drop_table("night")
    with op.batch_alter_table("draft", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_draft_tg_chat_id"))
        batch_op.drop_index("ix_draft_status_expires_at")

    op.drop_table("draft")
    with op.batch_alter_table("game_table", schema=None) as batch_op:
        batch_op.drop_index(
            "uq_game_table_open_chat",
            sqlite_where=sa.text("status <> 'closed'"),
            postgresql_where=sa.text("status <> 'closed'"),
        )
        batch_op.drop_index(batch_op.f("ix_game_table_chat_id"))

    op.drop_table("game_table")
    with op.batch_alter_table("player", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_player_guest_chat_id"))

    op.drop_table("player")
    op.drop_table("chat")
