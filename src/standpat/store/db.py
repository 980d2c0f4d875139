"""The card room's database: one object composing the store's parts.

Chips move only in the :class:`~standpat.store.ledger.Ledger`; the repositories keep
accounts, log-in sessions, tables (with their seats), hands and tournaments; every part makes its
transactions with the one :class:`~standpat.store.tx.Transactions` of the database.
"""

from __future__ import annotations

from standpat.store.accounts import Accounts
from standpat.store.hands import Hands
from standpat.store.ledger import Ledger
from standpat.store.migrate import upgrade
from standpat.store.rounds import RoundWrites
from standpat.store.sessions import Sessions
from standpat.store.tables import Tables
from standpat.store.tournaments import Tournaments, check_tournaments
from standpat.store.tx import Transactions

__all__ = ["Store"]


class Store:
    """The card room's database, on SQLite (default) or PostgreSQL, migrated to the
    newest schema when opened (unless ``migrate=False``).

    >>> from standpat.store import user_wallet
    >>> store = Store("sqlite://")
    >>> alice = store.accounts.create("alice", "correct horse", grant=1000)
    >>> store.ledger.balance(user_wallet(alice.id))
    1000
    >>> store.ledger.check()
    []
    """

    def __init__(self, url: str = "sqlite:///standpat.db", *, migrate: bool = True) -> None:
        self.tx = Transactions(url)
        """The database's connections and transactions."""
        self.ledger = Ledger(self.tx)
        """Wallets, chip movements, balances and the books' check."""
        self.sessions = Sessions(self.tx)
        """Log-in sessions."""
        self.accounts = Accounts(self.tx, self.ledger, self.sessions)
        """Players' and bots' accounts."""
        rounds = RoundWrites(self.tx.engine)  # its SQL made once for both
        self.tables = Tables(self.tx, self.ledger, rounds)
        """Tables and their seats."""
        self.hands = Hands(self.tx, rounds)
        """Hands dealt, played and settled."""
        self.tournaments = Tournaments(self.tx, self.ledger)
        """Tournaments, their entries, and their buy-ins, refunds and prizes."""
        self.ledger.audits.append(check_tournaments)
        if migrate:
            upgrade(self.tx.engine)

    def close(self) -> None:
        """Release the database connections."""
        self.tx.close()
