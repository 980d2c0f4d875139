"""The card room's first schema: accounts, sessions, ledger, tables, seats, hands, actions.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

_ID = sa.BigInteger().with_variant(sa.Integer, "sqlite")
_TS = sa.DateTime(timezone=True)


def upgrade() -> None:
    """Create every table."""
    op.create_table(
        "accounts",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(32), nullable=False, unique=True),
        sa.Column("password_hash", sa.Text, nullable=True),
        sa.Column("is_bot", sa.Boolean, nullable=False),
        sa.Column("client_seed", sa.String(64), nullable=False),
        sa.Column("created_at", _TS, nullable=False),
    )
    op.create_table(
        "sessions",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("created_at", _TS, nullable=False),
        sa.Column("expires_at", _TS, nullable=False),
    )
    op.create_table(
        "ledger",
        sa.Column("id", _ID, primary_key=True, autoincrement=True),
        sa.Column("movement", sa.String(36), nullable=False),
        sa.Column("wallet", sa.String(64), nullable=False),
        sa.Column("amount", sa.BigInteger, nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("table_id", sa.Integer, nullable=True),
        sa.Column("hand_id", sa.Integer, nullable=True),
        sa.Column("created_at", _TS, nullable=False),
    )
    op.create_index("ix_ledger_wallet", "ledger", ["wallet"])
    op.create_table(
        "tables",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("structure", sa.String(16), nullable=False),
        sa.Column("stakes", sa.String(32), nullable=False),
        sa.Column("seats", sa.Integer, nullable=False),
        sa.Column("config", sa.JSON, nullable=False),
        sa.Column("chain_top", sa.String(64), nullable=False),
        sa.Column("chain_length", sa.Integer, nullable=False),
        sa.Column("hands_dealt", sa.Integer, nullable=False),
        sa.Column("button", sa.Integer, nullable=False),
        sa.Column("closed", sa.Boolean, nullable=False),
        sa.Column("created_at", _TS, nullable=False),
    )
    op.create_table(
        "seats",
        sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("stack", sa.BigInteger, nullable=False),
        sa.Column("bot_level", sa.String(16), nullable=True),
        sa.Column("sitting_out", sa.Boolean, nullable=False),
    )
    op.create_table(
        "hands",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("number", sa.Integer, nullable=False),
        sa.Column("seed", sa.String(64), nullable=False),
        sa.Column("commitment", sa.String(64), nullable=False),
        sa.Column("status", sa.String(8), nullable=False),
        sa.Column("setup", sa.JSON, nullable=False),
        sa.Column("record", sa.JSON, nullable=True),
        sa.Column("started_at", _TS, nullable=False),
        sa.Column("ended_at", _TS, nullable=True),
    )
    op.create_index("ix_hands_table", "hands", ["table_id", "number"], unique=True)
    op.create_table(
        "hand_players",
        sa.Column("hand_id", sa.Integer, sa.ForeignKey("hands.id"), primary_key=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), primary_key=True),
        sa.Column("revealed", sa.Boolean, nullable=False),
    )
    op.create_table(
        "actions",
        sa.Column("hand_id", sa.Integer, sa.ForeignKey("hands.id"), primary_key=True),
        sa.Column("seq", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("action", sa.String(64), nullable=False),
        sa.Column("created_at", _TS, nullable=False),
    )


def downgrade() -> None:
    """Drop every table."""
    for name in ["actions", "hand_players", "hands", "seats", "tables", "ledger", "sessions"]:
        op.drop_table(name)
    op.drop_table("accounts")
