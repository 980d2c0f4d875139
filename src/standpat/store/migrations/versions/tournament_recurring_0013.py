"""Recurring sit-and-gos: ``tournaments.recurring``, the name of the ``standpat serve
--tournament`` template a tournament was made from (None: made by an operator), so that a
room that starts again counts the instances of each template that are registering and does
not make them twice.

Revision ID: 0013
Revises: 0012
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add the column (every tournament so far was made by an operator) and its index."""
    with op.batch_alter_table("tournaments") as batch:
        batch.add_column(sa.Column("recurring", sa.String(64), nullable=True))
        batch.create_index("ix_tournaments_recurring", ["recurring"])


def downgrade() -> None:
    """Drop them."""
    with op.batch_alter_table("tournaments") as batch:
        batch.drop_index("ix_tournaments_recurring")
        batch.drop_column("recurring")
