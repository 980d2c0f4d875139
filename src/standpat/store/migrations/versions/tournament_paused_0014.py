"""An operator's pause of a running tournament: ``tournaments.paused`` (its clock stops and
its tables deal no new hand until it is resumed).

Revision ID: 0014
Revises: 0013
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add the column: no tournament is paused."""
    with op.batch_alter_table("tournaments") as batch:
        batch.add_column(sa.Column("paused", sa.Boolean, nullable=False,
                                   server_default=sa.false()))


def downgrade() -> None:
    """Drop it."""
    with op.batch_alter_table("tournaments") as batch:
        batch.drop_column("paused")
