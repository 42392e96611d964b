"""One open entry per table and processed updates (issue 24); filled in by its owner.

Revision ID: 0003_entry_guard
Revises: 0002_seasons_fees
Create Date: 2026-12-01
"""

from __future__ import annotations

from collections.abc import Sequence

revision: str = "0003_entry_guard"
down_revision: str | None = "0002_seasons_fees"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
