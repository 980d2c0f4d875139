"""A table's state between rounds (``tables.state``): who sits where, the positions, the
markers and who sits out, as its hosted table saves them, so that a table restarted after a
crash, or taken over by another node, goes on as it was.

Revision ID: 0009
Revises: 0008
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add the column (empty: a table without it starts afresh, as before)."""
    op.add_column("tables", sa.Column("state", sa.JSON, nullable=True))


def downgrade() -> None:
    """Drop it."""
    op.drop_column("tables", "state")
