"""Accounts' name keys, table owners, departures; seats lose the unused ``sitting_out``.

- ``accounts.name_key``: the name with case and look-alikes folded, unique.  Existing
  names that fold to the same key keep their accounts: the later ones get the key
  ``<key>#<id>`` (they can still log in by their exact name's key only if it is theirs;
  an operator may rename them).
- ``tables.owner_id``: who opened the table (null for the room's own tables).
- ``departures``: when an account last left a table (the re-sit cool-off).
- ``seats.sitting_out`` was never written: dropped.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from standpat.store.names import name_key

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add the columns and table, fill the name keys."""
    with op.batch_alter_table("accounts") as batch:
        batch.add_column(sa.Column("name_key", sa.String(40), nullable=True))
    conn = op.get_bind()
    accounts = sa.table(
        "accounts", sa.column("id", sa.Integer), sa.column("name", sa.String),
        sa.column("name_key", sa.String),
    )
    seen: set[str] = set()
    for account_id, name in conn.execute(
        sa.select(accounts.c.id, accounts.c.name).order_by(accounts.c.id)
    ).all():
        key = name_key(name)
        if key in seen:
            key = f"{key}#{account_id}"
        seen.add(key)
        conn.execute(accounts.update().where(accounts.c.id == account_id).values(name_key=key))
    with op.batch_alter_table("accounts") as batch:
        batch.alter_column("name_key", existing_type=sa.String(40), nullable=False)
        batch.create_unique_constraint("uq_accounts_name_key", ["name_key"])
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("owner_id", sa.Integer, nullable=True))
        batch.create_foreign_key("fk_tables_owner", "accounts", ["owner_id"], ["id"])
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("sitting_out")
    op.create_table(
        "departures",
        sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), primary_key=True),
        sa.Column("left_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    """Drop what upgrade added; seats get sitting_out back (false)."""
    op.drop_table("departures")
    with op.batch_alter_table("seats") as batch:
        batch.add_column(
            sa.Column("sitting_out", sa.Boolean, nullable=False, server_default=sa.false())
        )
    with op.batch_alter_table("tables") as batch:
        batch.drop_constraint("fk_tables_owner", type_="foreignkey")
        batch.drop_column("owner_id")
    with op.batch_alter_table("accounts") as batch:
        batch.drop_constraint("uq_accounts_name_key", type_="unique")
        batch.drop_column("name_key")
