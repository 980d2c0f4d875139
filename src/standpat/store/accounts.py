"""Accounts: players and bots, their names, passwords and client seeds.

>>> from standpat.store import Store
>>> store = Store("sqlite://")
>>> alice = store.accounts.create("alice", "correct horse", grant=1000)
>>> store.accounts.authenticate("ALICE", "correct horse") == alice
True
>>> store.accounts.get(alice.id).name
'alice'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import Connection, select
from sqlalchemy.exc import IntegrityError

from standpat.errors import AccountError, NameTakenError
from standpat.store import models as m
from standpat.store.ledger import BANK, MAX_CHIPS, Ledger, user_wallet
from standpat.store.names import check_name, name_key
from standpat.store.tx import Transactions, now

if TYPE_CHECKING:
    from standpat.store.sessions import Sessions

__all__ = ["Account", "Accounts", "SuspendedError", "account_of"]


class SuspendedError(AccountError):
    """The account is suspended by an operator: it cannot log in or sit."""


@dataclass(frozen=True, slots=True)
class Account:
    """A player or bot account (never with its password hash)."""

    id: int
    name: str
    is_bot: bool
    client_seed: str
    operator: bool = False
    """Whether the room's operator made it an operator (it may seat bots anywhere, open
    any number of tables, set any table's chat)."""


def account_of(row: Any) -> Account:
    """The account of a row of the ``accounts`` table."""
    return Account(int(row["id"]), row["name"], bool(row["is_bot"]), row["client_seed"] or "",
                   bool(row["operator"]))


class Accounts:
    """The accounts: registration, log-in, passwords and client seeds."""

    def __init__(self, tx: Transactions, ledger: Ledger, sessions: Sessions) -> None:
        self.tx = tx
        """The database's transactions."""
        self.ledger = ledger
        """The ledger a new account's grant moves in."""
        self.sessions = sessions
        """The sessions a change of password ends."""
        self.hasher = PasswordHasher()
        """The hasher of passwords (argon2id)."""

    def create(
        self,
        name: str,
        password: str | None,
        *,
        bot: bool = False,
        grant: int = 0,
        conn: Connection | None = None,
    ) -> Account:
        """Register an account (a bot has no password); ``grant`` chips start his bankroll.

        Names are unique under :func:`~standpat.store.names.name_key`: a name that
        differs from another only in case or in look-alike characters is taken.
        ``conn``: the caller's transaction (a bot's account and its seat, made together
        by a table's fenced write), else a new one.
        """
        name = check_name(name, bot=bot)
        if not bot and (password is None or not 8 <= len(password) <= 256):
            raise AccountError("a password has 8 to 256 characters.")
        if not 0 <= grant <= MAX_CHIPS:
            raise AccountError(f"a grant is 0 to {MAX_CHIPS:,} chips; got {grant}.")
        hashed = None if password is None else self.hasher.hash(password)
        try:
            with self.tx.within(conn) as conn:
                new_id = conn.execute(
                    m.accounts.insert().values(
                        name=name,
                        name_key=name_key(name),
                        password_hash=hashed,
                        is_bot=bot,
                        client_seed="",
                        created_at=now(),
                    )
                ).inserted_primary_key
                assert new_id is not None
                account_id = int(new_id[0])
                if grant:
                    self.ledger.move(conn, {BANK: -grant, user_wallet(account_id): grant},
                                     "grant")
        except IntegrityError:
            raise NameTakenError(
                f"the name {name!r} is taken (or too like a name that is)."
            ) from None
        return Account(account_id, name, bot, "")

    def authenticate(self, name: str, password: str) -> Account:
        """The account whose name and password these are; AccountError otherwise.

        The name is matched by its key, so case does not matter.
        """
        with self.tx.read() as conn:
            query = select(m.accounts).where(m.accounts.c.name_key == name_key(name))
            row = conn.execute(query).mappings().first()
        if row is None or row["password_hash"] is None:
            raise AccountError("wrong name or password.")
        try:
            self.hasher.verify(row["password_hash"], password)
        except (VerificationError, InvalidHashError):
            raise AccountError("wrong name or password.") from None
        if row["suspended_at"] is not None:
            raise SuspendedError("this account is suspended; ask the room's operator.")
        return account_of(row)

    def get(self, account_id: int) -> Account:
        """The account with this id; AccountError if there is none."""
        with self.tx.read() as conn:
            row = conn.execute(
                select(m.accounts).where(m.accounts.c.id == account_id)
            ).mappings().first()
        if row is None:
            raise AccountError(f"there is no account {account_id}.")
        return account_of(row)

    def set_client_seed(self, account_id: int, seed: str) -> None:
        """Store the client seed that an account mixes into the hands he is dealt."""
        with self.tx.begin() as conn:
            conn.execute(
                m.accounts.update().where(m.accounts.c.id == account_id).values(client_seed=seed)
            )

    def change_password(self, account_id: int, old: str, new: str, *, keep: str) -> list[str]:
        """Change an account's password and end every other session (all but the one with
        token ``keep``), in one transaction; returns the ended sessions' token hashes.

        AccountError if ``old`` is not his password or ``new`` is not 8 to 256 characters.
        """
        if not 8 <= len(new) <= 256:
            raise AccountError("a password has 8 to 256 characters.")
        with self.tx.begin() as conn:
            self.tx.lock_account(conn, account_id)
            stored = conn.execute(
                select(m.accounts.c.password_hash).where(m.accounts.c.id == account_id)
            ).scalar_one_or_none()
            try:
                if stored is None:
                    raise VerificationError
                self.hasher.verify(stored, old)
            except (VerificationError, InvalidHashError):
                raise AccountError("the current password is wrong.") from None
            conn.execute(
                m.accounts.update()
                .where(m.accounts.c.id == account_id)
                .values(password_hash=self.hasher.hash(new))
            )
            return self.sessions.end_all(account_id, keep=keep, conn=conn)

    def set_password(self, account_id: int, new: str) -> list[str]:
        """Give an account a new password without the old one (the operator's ``standpat
        admin password``) and end every session of it, in one transaction; returns the
        ended sessions' token hashes.  AccountError unless ``new`` has 8 to 256 characters
        or for a bot (it never logs in)."""
        if not 8 <= len(new) <= 256:
            raise AccountError("a password has 8 to 256 characters.")
        with self.tx.begin() as conn:
            self.tx.lock_account(conn, account_id)
            done = conn.execute(
                m.accounts.update()
                .where((m.accounts.c.id == account_id) & m.accounts.c.is_bot.is_(False))
                .values(password_hash=self.hasher.hash(new))
            ).rowcount
            if not done:
                raise AccountError(f"there is no person's account {account_id}.")
            return self.sessions.end_all(account_id, conn=conn)
