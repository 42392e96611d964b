"""Riichi games: round, honba, sticks, game ends (issue 27); filled in by its owner.

Revision ID: 0005_riichi_games
Revises: 0004_money_numbers
Create Date: 2026-12-01
"""

from __future__ import annotations

from collections.abc import Sequence

revision: str = "0005_riichi_games"
down_revision: str | None = "0004_money_numbers"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
