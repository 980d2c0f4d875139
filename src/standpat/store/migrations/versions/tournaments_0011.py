"""Tournaments and their entries, and the tournament a chip movement was made for.

- ``tournaments``: what a tournament deals, its buy-in and fee, structure, start (or
  sit-and-go size), late registration, re-entries and status;
- ``tournament_entries``: every entry bought, with its status, place and prize;
- ``ledger.tournament_id``: the tournament of a buy-in, refund or prize, so that the ledger's
  check audits every tournament's money.

Revision ID: 0011
Revises: 0010
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the two tables and add the ledger's column (no movement is a tournament's yet)."""
    op.create_table(
        "tournaments",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("betting", sa.String(16), nullable=False),
        sa.Column("seats", sa.Integer, nullable=False),
        sa.Column("buy_in", sa.BigInteger, nullable=False),
        sa.Column("fee", sa.BigInteger, nullable=False),
        sa.Column("structure_name", sa.String(64), nullable=False),
        sa.Column("structure", sa.JSON, nullable=False),
        sa.Column("starts_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("min_entrants", sa.Integer, nullable=False),
        sa.Column("max_entrants", sa.Integer, nullable=True),
        sa.Column("late_levels", sa.Integer, nullable=False),
        sa.Column("reentries", sa.Integer, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("late_open", sa.Boolean, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("ended_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_index("ix_tournaments_status", "tournaments", ["status"])
    op.create_table(
        "tournament_entries",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("tournament_id", sa.Integer, sa.ForeignKey("tournaments.id"), nullable=False),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("number", sa.Integer, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("buy_in", sa.BigInteger, nullable=False),
        sa.Column("fee", sa.BigInteger, nullable=False),
        sa.Column("place", sa.Integer, nullable=True),
        sa.Column("prize", sa.BigInteger, nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("ended_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_index("ix_tournament_entries_number", "tournament_entries",
                    ["tournament_id", "account_id", "number"], unique=True)
    with op.batch_alter_table("ledger") as batch:
        batch.add_column(sa.Column("tournament_id", sa.Integer, nullable=True))
    op.create_index("ix_ledger_tournament", "ledger", ["tournament_id"])


def downgrade() -> None:
    """Drop them."""
    op.drop_index("ix_ledger_tournament", "ledger")
    with op.batch_alter_table("ledger") as batch:
        batch.drop_column("tournament_id")
    op.drop_index("ix_tournament_entries_number", "tournament_entries")
    op.drop_table("tournament_entries")
    op.drop_index("ix_tournaments_status", "tournaments")
    op.drop_table("tournaments")
