"""A running tournament's count of saves: ``tournaments.saves`` (a save of its director
commits only over the save it was made after, so a change the room could not write is never
saved by a later write of another of its tables).

Revision ID: 0015
Revises: 0014
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0015"
down_revision = "0014"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add the column: no save counted yet (a director saved before reads back as 0)."""
    with op.batch_alter_table("tournaments") as batch:
        batch.add_column(sa.Column("saves", sa.Integer, nullable=False, server_default="0"))


def downgrade() -> None:
    """Drop it."""
    with op.batch_alter_table("tournaments") as batch:
        batch.drop_column("saves")
