"""Actions are stored as JSON of any game (a pinochle discard, a seven-card discard): the
``actions.action`` column becomes unbounded text.  Rows written before hold the history text
(``raise to 8``), which the games' codecs still read.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Widen actions.action to text."""
    with op.batch_alter_table("actions") as batch:
        batch.alter_column("action", existing_type=sa.String(64), type_=sa.Text,
                           existing_nullable=False)


def downgrade() -> None:
    """Back to 64 characters (longer actions are cut)."""
    with op.batch_alter_table("actions") as batch:
        batch.alter_column("action", existing_type=sa.Text, type_=sa.String(64),
                           existing_nullable=False)
