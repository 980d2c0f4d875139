"""Account care and the operator's tools: a session's device, a suspended account, a
ledger row's reason.

- ``sessions.agent``: the browser (User-Agent, cut to 120 characters) that opened a
  log-in session, so a player can tell his sessions apart when he ends one.
- ``accounts.suspended_at``: set by an operator (``standpat admin suspend``); a
  suspended account cannot log in or sit.
- ``ledger.note``: why a movement was made, for the operator's adjustments and refills.

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add the three columns (nullable: existing rows have none)."""
    with op.batch_alter_table("sessions") as batch:
        batch.add_column(sa.Column("agent", sa.String(120), nullable=True))
    with op.batch_alter_table("accounts") as batch:
        batch.add_column(sa.Column("suspended_at", sa.DateTime(timezone=True), nullable=True))
    with op.batch_alter_table("ledger") as batch:
        batch.add_column(sa.Column("note", sa.String(200), nullable=True))


def downgrade() -> None:
    """Drop them."""
    with op.batch_alter_table("ledger") as batch:
        batch.drop_column("note")
    with op.batch_alter_table("accounts") as batch:
        batch.drop_column("suspended_at")
    with op.batch_alter_table("sessions") as batch:
        batch.drop_column("agent")
