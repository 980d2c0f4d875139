"""A table's seed chain can be replaced by a new one: ``tables.chain_start``.

``chain_start`` is the number of hands the table had dealt when its current
chain began; hand ``n`` of the table is seed ``n - chain_start`` of the chain.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add tables.chain_start (0: every table so far is on its first chain)."""
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("chain_start", sa.Integer, nullable=False, server_default="0"))


def downgrade() -> None:
    """Drop tables.chain_start."""
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("chain_start")
