"""A table's currency, hand numbers in the night (issue 25); filled in by its owner.

Revision ID: 0004_money_numbers
Revises: 0003_entry_guard
Create Date: 2026-12-01
"""

from __future__ import annotations

from collections.abc import Sequence

revision: str = "0004_money_numbers"
down_revision: str | None = "0003_entry_guard"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
