"""Statistics facts: one row per player per finished poker round (``hand_facts``).

Written with the round's chip movement (net, VPIP, PFR, draws, showdown); the statistics
page adds them up in SQL.  Rounds finished before this migration have no facts.

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the table and its index."""
    op.create_table(
        "hand_facts",
        sa.Column("hand_id", sa.Integer, sa.ForeignKey("hands.id"), primary_key=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), primary_key=True),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("structure", sa.String(16), nullable=False),
        sa.Column("ended_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("net", sa.BigInteger, nullable=False),
        sa.Column("big_blind", sa.BigInteger, nullable=False),
        *(sa.Column(name, sa.Integer, nullable=False, server_default="0")
          for name in ("vpip", "pfr", "pat", "draw1", "draw2", "draw3", "draw_more",
                       "showdown", "won_showdown")),
    )
    op.create_index("ix_hand_facts_account", "hand_facts", ["account_id", "ended_at"])


def downgrade() -> None:
    """Drop it."""
    op.drop_index("ix_hand_facts_account", "hand_facts")
    op.drop_table("hand_facts")
