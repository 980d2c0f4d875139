"""Operators made by the operator, and the address a table was opened from.

- ``accounts.operator``: set by ``standpat admin operator NAME`` on an existing account,
  or on the account ``standpat serve --operator NAME`` reserves at start; never by
  registering (before, any account whose name looked like an ``--operator`` name was one).
- ``tables.opened_from``: the client address that opened a player's table, for the caps
  on tables and bots per address.

Revision ID: 0010
Revises: 0009
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add the two columns (no existing account is an operator)."""
    with op.batch_alter_table("accounts") as batch:
        batch.add_column(sa.Column("operator", sa.Boolean, nullable=False,
                                   server_default=sa.false()))
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("opened_from", sa.String(64), nullable=True))


def downgrade() -> None:
    """Drop them."""
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("opened_from")
    with op.batch_alter_table("accounts") as batch:
        batch.drop_column("operator")
