"""The card room's persistence: SQLAlchemy 2 on SQLite or PostgreSQL, Alembic migrations.

:class:`Store` composes the parts: ``store.ledger`` (the one place chips move),
``store.accounts``, ``store.sessions``, ``store.tables``, ``store.hands`` and
``store.tournaments``, all making their transactions with ``store.tx``.

>>> from standpat.store import Store
>>> Store("sqlite://").ledger.check()
[]
"""

from __future__ import annotations

from standpat.store.accounts import Account, SuspendedError
from standpat.store.db import Store
from standpat.store.hands import HandStatus, VoidedHand
from standpat.store.ledger import (
    BANK,
    HOUSE,
    MAX_CHIPS,
    chips_wallet,
    seat_wallet,
    tournament_wallet,
    user_wallet,
)
from standpat.store.sessions import token_hash
from standpat.store.tables import SeatRecord, TableRecord
from standpat.store.tournaments import Entry, EntryStatus, TournamentRecord

__all__ = [
    "BANK",
    "HOUSE",
    "MAX_CHIPS",
    "Account",
    "Entry",
    "EntryStatus",
    "HandStatus",
    "SeatRecord",
    "Store",
    "SuspendedError",
    "TableRecord",
    "TournamentRecord",
    "VoidedHand",
    "chips_wallet",
    "seat_wallet",
    "token_hash",
    "tournament_wallet",
    "user_wallet",
]
