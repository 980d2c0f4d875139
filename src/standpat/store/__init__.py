"""The card room's persistence: SQLAlchemy 2 on SQLite or PostgreSQL, Alembic migrations.

>>> from standpat.store import Store
>>> Store("sqlite://").check_ledger()
[]
"""

from __future__ import annotations

from standpat.store.db import (
    BANK,
    Account,
    SeatRecord,
    Store,
    TableRecord,
    VoidedHand,
    seat_wallet,
    user_wallet,
)

__all__ = [
    "BANK",
    "Account",
    "SeatRecord",
    "Store",
    "TableRecord",
    "VoidedHand",
    "seat_wallet",
    "user_wallet",
]
