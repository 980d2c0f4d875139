"""The ledger: the one place chips move.

Chips live in wallets (the bank, a player's bankroll, his seat at a table); a wallet's
balance is the sum of its rows.  Every movement is rows that sum to zero, written in the
transaction that changes whatever the chips moved for (a seat, a hand), so a crash
leaves either the whole movement or none of it.  :meth:`Ledger.check` proves the books
balance.

>>> from standpat.store import Store
>>> store = Store("sqlite://")
>>> alice = store.accounts.create("alice", "correct horse", grant=1000)
>>> store.ledger.balance(user_wallet(alice.id))
1000
>>> store.ledger.check()
[]
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Mapping
from datetime import datetime
from typing import Any, Final

from sqlalchemy import Connection, func, select

from standpat.errors import AccountError
from standpat.store import models as m
from standpat.store.refill import REFILL, RefillRule
from standpat.store.tx import Transactions, now, utc

__all__ = [
    "BANK", "HOUSE", "MAX_CHIPS", "Ledger", "check_movement", "chips_wallet", "seat_wallet",
    "tournament_wallet", "user_wallet",
]

BANK = "bank"
"""The wallet that play money comes from (its balance is minus all chips in play)."""
HOUSE = "house"
"""The wallet of the chips the house keeps: tournaments' fees."""
MAX_CHIPS: Final = 10**12
"""The most chips one movement may carry to or from one wallet.

Every sum the database computes (a wallet's balance, the bank's) then stays far
inside 64-bit integers on SQLite and PostgreSQL; the room's own limits on stakes
and buy-ins are much lower.
"""


def user_wallet(account_id: int) -> str:
    """The name of an account's bankroll wallet."""
    return f"user:{account_id}"


def seat_wallet(table_id: int, account_id: int) -> str:
    """The name of the wallet holding an account's chips on a table."""
    return f"seat:{table_id}:{account_id}"


Audit = Callable[[Connection, Mapping[str, int]], list[str]]
"""A check of the books: given the snapshot's transaction and every wallet's balance, the
problems it finds as sentences."""


def tournament_wallet(tournament_id: int) -> str:
    """The name of the wallet holding a tournament's prize pool."""
    return f"tournament:{tournament_id}"


def chips_wallet(tournament_id: int) -> str:
    """The name of the wallet a tournament's chips come from and go back to: minus the
    chips at its tables (tournament chips are not play money: no bankroll holds them)."""
    return f"chips:{tournament_id}"


def check_movement(rows: Mapping[str, int]) -> None:
    """Refuse a chip movement that does not sum to zero or moves too much to a wallet."""
    if sum(rows.values()) != 0:
        raise AssertionError(f"a chip movement must sum to zero: {dict(rows)}")
    if any(abs(amount) > MAX_CHIPS for amount in rows.values()):
        raise AccountError(f"a movement of chips is at most {MAX_CHIPS:,} chips a wallet.")


class Ledger:
    """Wallets, their balances and the movements between them, and the books' check."""

    def __init__(self, tx: Transactions) -> None:
        self.tx = tx
        """The database's transactions."""
        self.audits: list[Audit] = []
        """More checks of the books that :meth:`check` runs in its snapshot (the store's
        tournaments add theirs)."""

    def move(
        self,
        conn: Connection,
        rows: Mapping[str, int],
        kind: str,
        *,
        table_id: int | None = None,
        hand_id: int | None = None,
        note: str | None = None,
        tournament_id: int | None = None,
    ) -> None:
        """Write one chip movement in the transaction ``conn``: rows per wallet, summing
        to zero (``kind``: what moved them; ``note``: why; ``tournament_id``: the
        tournament it moved for)."""
        check_movement(rows)
        movement = str(uuid.uuid4())
        at = now()
        values = [
            {
                "movement": movement,
                "wallet": wallet,
                "amount": amount,
                "kind": kind,
                "table_id": table_id,
                "hand_id": hand_id,
                "created_at": at,
                "note": note,
                "tournament_id": tournament_id,
            }
            for wallet, amount in rows.items()
            if amount
        ]
        if values:
            conn.execute(m.ledger.insert(), values)

    def debit(
        self, conn: Connection, account_id: int, amount: int, to: str, kind: str,
        *, table_id: int | None = None,
    ) -> None:
        """Move ``amount`` chips from an account's bankroll to wallet ``to``, atomically:
        the bankroll is locked, read and debited in the transaction ``conn``, and never
        goes below zero (AccountError)."""
        self.charge(conn, account_id, {to: amount}, kind, table_id=table_id)

    def charge(
        self, conn: Connection, account_id: int, to: Mapping[str, int], kind: str,
        *, table_id: int | None = None, tournament_id: int | None = None,
    ) -> None:
        """Move chips from an account's bankroll to the wallets ``to`` (chips each) in one
        movement, atomically: the bankroll is locked, read and debited in the transaction
        ``conn``, and never goes below zero (AccountError)."""
        amount = sum(to.values())
        self.tx.lock_account(conn, account_id)
        bankroll = self.balance(user_wallet(account_id), conn=conn)
        if bankroll < amount:
            raise AccountError(
                f"that takes {amount} chips and your bankroll holds {bankroll}."
            )
        rows = {user_wallet(account_id): -amount} | dict(to)
        self.move(conn, rows, kind, table_id=table_id, tournament_id=tournament_id)

    def balance(self, wallet: str, *, conn: Connection | None = None) -> int:
        """A wallet's balance: the sum of its rows (``conn``: in the caller's transaction)."""
        with self.tx.within(conn, write=False) as conn:
            total = conn.execute(
                select(func.coalesce(func.sum(m.ledger.c.amount), 0))
                .where(m.ledger.c.wallet == wallet)
            ).scalar_one()
        return int(total)

    def grant(self, account_id: int, amount: int, *, conn: Connection | None = None) -> int:
        """Give an account ``amount`` play-money chips from the bank; returns his new balance
        (``conn``: the caller's transaction, else a new one)."""
        if amount <= 0:
            raise AccountError(f"a grant must be a positive number of chips; got {amount}.")
        with self.tx.within(conn) as conn:
            self.move(conn, {BANK: -amount, user_wallet(account_id): amount}, "grant")
            return self.balance(user_wallet(account_id), conn=conn)

    def rows(
        self, wallet: str, limit: int = 50, *, before: int | None = None
    ) -> list[dict[str, Any]]:
        """The latest rows of a wallet, newest first (only rows older than id ``before``,
        when given: the next page)."""
        query = select(m.ledger).where(m.ledger.c.wallet == wallet)
        if before is not None:
            query = query.where(m.ledger.c.id < before)
        with self.tx.read() as conn:
            rows = conn.execute(query.order_by(m.ledger.c.id.desc()).limit(limit)).mappings()
            return [
                {
                    "id": r["id"],
                    "amount": r["amount"],
                    "kind": r["kind"],
                    "table_id": r["table_id"],
                    "hand_id": r["hand_id"],
                    "at": utc(r["created_at"]).isoformat(),  # type: ignore[union-attr]
                    "note": r["note"],
                }
                for r in rows
            ]

    def check(self) -> list[str]:
        """Every way the books fail to balance, as sentences; ``[]`` when they balance.

        Checks that every movement sums to zero, that every seat's stack equals
        its seat wallet, that no wallet of an empty seat holds chips, that no
        bankroll is negative, and what each of :attr:`audits` finds (the store's
        tournaments).  It reads one consistent snapshot, so it may run while the room
        plays.
        """
        problems: list[str] = []
        with self.tx.read(snapshot=True) as conn:
            bad = conn.execute(
                select(m.ledger.c.movement, func.sum(m.ledger.c.amount))
                .group_by(m.ledger.c.movement)
                .having(func.sum(m.ledger.c.amount) != 0)
            ).all()
            problems += [f"movement {mv} sums to {total}, not 0." for mv, total in bad]
            wallets = dict(
                conn.execute(
                    select(m.ledger.c.wallet, func.sum(m.ledger.c.amount)).group_by(
                        m.ledger.c.wallet
                    )
                ).all()
            )
            seated = set()
            for row in conn.execute(select(m.seats)).mappings():
                wallet = seat_wallet(row["table_id"], row["account_id"])
                seated.add(wallet)
                if int(wallets.get(wallet, 0)) != row["stack"]:
                    problems.append(
                        f"seat {row['seat']} of table {row['table_id']} holds {row['stack']} "
                        f"chips but its wallet {wallet} holds {wallets.get(wallet, 0)}."
                    )
            for wallet, total in wallets.items():
                if wallet.startswith("seat:") and wallet not in seated and int(total) != 0:
                    problems.append(f"wallet {wallet} of an empty seat holds {total} chips.")
                if wallet.startswith("user:") and int(total) < 0:
                    problems.append(f"bankroll {wallet} is negative: {total}.")
            balances = {str(wallet): int(total) for wallet, total in wallets.items()}
            for audit in self.audits:
                problems += audit(conn, balances)
        return problems

    # -- play-money refills ---------------------------------------------------------

    def holdings(self, conn: Connection, account_id: int) -> tuple[int, int]:
        """An account's bankroll and the chips in front of him at tables (play money:
        tournament chips are not his)."""
        bankroll = self.balance(user_wallet(account_id), conn=conn)
        seated = conn.execute(
            select(func.coalesce(func.sum(m.seats.c.stack), 0))
            .where((m.seats.c.account_id == account_id)
                   & m.seats.c.table_id.not_in(select(m.tournament_tables.c.table_id)))
        ).scalar_one()
        return bankroll, int(seated)

    @staticmethod
    def _last_refill(conn: Connection, account_id: int) -> datetime | None:
        return utc(conn.execute(
            select(func.max(m.ledger.c.created_at)).where(
                (m.ledger.c.wallet == user_wallet(account_id)) & (m.ledger.c.kind == REFILL)
            )
        ).scalar_one_or_none())

    def refill_state(self, account_id: int, rule: RefillRule) -> dict[str, Any]:
        """What the refill rule gives an account now: bankroll, chips on tables, the chips
        a refill would give (0: none), the last refill and when the next is allowed."""
        with self.tx.read(snapshot=True) as conn:
            bankroll, seated = self.holdings(conn, account_id)
            last = self._last_refill(conn, account_id)
        next_at = rule.next_at(last)
        waiting = next_at is not None and next_at > now()
        amount = rule.amount(bankroll + seated)
        return {
            "bankroll": bankroll,
            "on_tables": seated,
            "amount": amount,
            "allowed": amount > 0 and not waiting,
            "last": last,
            "next_at": next_at if waiting else None,
        }

    def refill(self, account_id: int, rule: RefillRule) -> int:
        """Apply the refill rule to an account: the bank gives him the chips it allows, in
        one transaction (his row locked, holdings and last refill read, the movement
        written).  Returns the chips given; AccountError when the rule allows none now."""
        with self.tx.begin() as conn:
            self.tx.lock_account(conn, account_id)
            bankroll, seated = self.holdings(conn, account_id)
            amount = rule.amount(bankroll + seated)
            if amount <= 0:
                raise AccountError(
                    f"you hold {bankroll + seated:,} chips ({bankroll:,} in your bankroll, "
                    f"{seated:,} on tables); a refill needs less than {rule.below:,}."
                )
            next_at = rule.next_at(self._last_refill(conn, account_id))
            if next_at is not None and next_at > now():
                raise AccountError(
                    f"you refilled less than {rule.every / 3600:g} h ago; the next refill is "
                    f"allowed from {next_at:%Y-%m-%d %H:%M} UTC."
                )
            self.move(conn, {BANK: -amount, user_wallet(account_id): amount}, REFILL,
                      note=f"refill to {rule.to:,}")
        return amount
