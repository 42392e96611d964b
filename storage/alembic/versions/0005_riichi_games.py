"""Riichi games: round, honba, sticks, game ends (issue 27.2).

The game state is not stored: ``storage/ledger/games.py`` re-derives the round, the hand,
honba, sticks and running points from the night's confirmed hands every time (so an undo or
a correction of an earlier hand changes everything after it, and nothing lives in process
memory). A game's end is a stored hand of ``result = "game_end"``; the riichi season board
(``storage/seasons/riichi.py``) reads a chat's game ends by table and result, hence the one
index ``hand (table_id, result)``.

Revision ID: 0005_riichi_games
Revises: 0004_money_numbers
Create Date: 2026-12-01
"""

from __future__ import annotations

from collections.abc import Sequence

from alembic import op

revision: str = "0005_riichi_games"
down_revision: str | None = "0004_money_numbers"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_index("ix_hand_table_result", "hand", ["table_id", "result"], unique=False)


def downgrade() -> None:
    op.drop_index("ix_hand_table_result", table_name="hand")
