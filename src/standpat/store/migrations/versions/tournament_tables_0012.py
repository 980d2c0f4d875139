"""A running tournament's state and its tables.

- ``tournaments.state``: the room's director of a running tournament (its core's state and
  who is who), saved with every change, so that a restart goes on where it stood;
- ``tournament_tables``: the room's tables a tournament deals at, by their number in it.

Revision ID: 0012
Revises: 0011
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add the column and the table (no tournament has run in the room yet)."""
    with op.batch_alter_table("tournaments") as batch:
        batch.add_column(sa.Column("state", sa.JSON, nullable=True))
    op.create_table(
        "tournament_tables",
        sa.Column("tournament_id", sa.Integer, sa.ForeignKey("tournaments.id"),
                  primary_key=True),
        sa.Column("number", sa.Integer, primary_key=True),
        sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id"), nullable=False,
                  unique=True),
    )


def downgrade() -> None:
    """Drop them."""
    op.drop_table("tournament_tables")
    with op.batch_alter_table("tournaments") as batch:
        batch.drop_column("state")
