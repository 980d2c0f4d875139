"""The card room's persistence: SQLAlchemy 2 on SQLite or PostgreSQL, Alembic migrations.

:class:`Store` composes the parts: ``store.ledger`` (the one place chips move),
``store.accounts``, ``store.sessions``, ``store.tables`` and ``store.hands``, all
making their transactions with ``store.tx``.

>>> from standpat.store import Store
>>> Store("sqlite://").ledger.check()
[]
"""

from __future__ import annotations

from standpat.store.accounts import Account, SuspendedError
from standpat.store.db import Store
from standpat.store.hands import HandStatus, VoidedHand
from standpat.store.ledger import BANK, MAX_CHIPS, seat_wallet, user_wallet
from standpat.store.sessions import token_hash
from standpat.store.tables import SeatRecord, TableRecord

__all__ = [
    "BANK",
    "MAX_CHIPS",
    "Account",
    "HandStatus",
    "SeatRecord",
    "Store",
    "SuspendedError",
    "TableRecord",
    "VoidedHand",
    "seat_wallet",
    "token_hash",
    "user_wallet",
]
