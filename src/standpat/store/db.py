"""The card room's database: accounts, sessions, the chip ledger, tables, seats and hands.

Every method runs one transaction.  A chip movement writes its ledger rows
(summing to zero) in the same transaction as the seat or hand it changes, so
a crash leaves either the whole movement or none of it.
"""

from __future__ import annotations

import hashlib
import secrets
import threading
import uuid
from collections.abc import Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, contextmanager, nullcontext
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from enum import StrEnum
from typing import Any, Final

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import Connection, Engine, create_engine, event, func, select
from sqlalchemy.exc import IntegrityError

from standpat.errors import AccountError, NameTakenError, NotFoundError, TableError
from standpat.store import models as m
from standpat.store.migrate import upgrade
from standpat.store.names import check_name, name_key
from standpat.store.refill import REFILL, RefillRule
from standpat.store.rounds import RoundWrites

__all__ = [
    "BANK",
    "MAX_CHIPS",
    "Account",
    "HandStatus",
    "SeatRecord",
    "Store",
    "SuspendedError",
    "TableRecord",
    "seat_wallet",
    "token_hash",
    "user_wallet",
]

BANK = "bank"
"""The wallet that play money comes from (its balance is minus all chips in play)."""
SESSION_DAYS = 14
"""How long a log-in session lasts."""
SESSION_ID_LENGTH: Final = 16
"""Hex digits of a token's hash that name a session to its owner."""
MAX_CHIPS: Final = 10**12
"""The most chips one movement may carry to or from one wallet.

Every sum the database computes (a wallet's balance, the bank's) then stays far
inside 64-bit integers on SQLite and PostgreSQL; the room's own limits on stakes
and buy-ins are much lower.
"""


class SuspendedError(AccountError):
    """The account is suspended by an operator: it cannot log in or sit."""


class HandStatus(StrEnum):
    """Where a stored hand is: being played, finished (its chips moved) or voided."""

    RUNNING = "running"
    DONE = "done"
    VOID = "void"


def user_wallet(account_id: int) -> str:
    """The name of an account's bankroll wallet."""
    return f"user:{account_id}"


def seat_wallet(table_id: int, account_id: int) -> str:
    """The name of the wallet holding an account's chips on a table."""
    return f"seat:{table_id}:{account_id}"


def _now() -> datetime:
    return datetime.now(UTC)


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


@dataclass(frozen=True, slots=True)
class TableRecord:
    """A stored table: what it deals and its options."""

    id: int
    name: str
    game: str
    structure: str
    stakes: str
    seats: int
    config: Mapping[str, Any]
    chain_top: str
    chain_length: int
    hands_dealt: int
    button: int
    closed: bool
    chain_start: int = 0
    """Hands the table had dealt when its current seed chain began."""
    owner: int | None = None
    """The account that opened the table (None: the room's own table)."""
    state: Mapping[str, Any] | None = None
    """The table between rounds, as its hosted table last saved it (None: never saved)."""


@dataclass(frozen=True, slots=True)
class VoidedHand:
    """A hand voided because its table stopped in the middle of it."""

    id: int
    table_id: int
    accounts: tuple[int, ...]
    """The accounts dealt into it."""


@dataclass(frozen=True, slots=True)
class SeatRecord:
    """A stored seat: who sits there and his chips on the table."""

    table_id: int
    seat: int
    account_id: int
    name: str
    stack: int
    bot_level: str | None
    client_seed: str = ""
    """The seated account's client seed (mixed into the rounds dealt to him)."""


class Store:
    """The card room's database, on SQLite (default) or PostgreSQL.

    >>> store = Store("sqlite://")
    >>> alice = store.create_account("alice", "correct horse", grant=1000)
    >>> store.balance(user_wallet(alice.id))
    1000
    >>> store.check_ledger()
    []
    """

    def __init__(self, url: str = "sqlite:///standpat.db", *, migrate: bool = True) -> None:
        self.url = url
        self.engine: Engine = _make_engine(url)
        self.postgres = self.engine.dialect.name == "postgresql"
        self._rounds = RoundWrites(self.engine)
        """A round's writes in the driver's own SQL (each action of the room is one)."""
        self._hasher = PasswordHasher()
        # an in-memory SQLite database is one connection shared by every thread: one
        # transaction at a time (a file or PostgreSQL isolates them in the database)
        self._one_at_a_time: AbstractContextManager[Any] = (
            threading.RLock() if _memory(url) else nullcontext()
        )
        if migrate:
            upgrade(self.engine)

    def close(self) -> None:
        """Release the database connections."""
        self.engine.dispose()

    @contextmanager
    def _tx(
        self, *, write: bool = True, snapshot: bool = False, held: Connection | None = None
    ) -> Iterator[Connection]:
        """One transaction.

        ``write``: it changes something, so on SQLite it takes the database's write
        lock when it begins (``BEGIN IMMEDIATE``): two writers never both read and then
        write.  ``snapshot``: every read in it sees one consistent state of the database
        (PostgreSQL's REPEATABLE READ; a SQLite transaction always does).  ``held``: a
        connection of :meth:`connect` to make it on (else one from the pool).
        """
        with self._one_at_a_time, (
            self.engine.connect() if held is None else nullcontext(held)
        ) as conn:
            options: dict[str, Any] = {_WRITE: write}
            if snapshot and self.postgres:
                options["isolation_level"] = "REPEATABLE READ"
            conn.execution_options(**options)
            with conn.begin():
                yield conn

    def connect(self) -> Connection:
        """A connection for a caller that makes many transactions in a row (a writer
        thread): given to :meth:`transaction`, it saves a check-out of the pool each
        time.  The caller closes it (and takes a new one after an error)."""
        return self.engine.connect()

    def transaction(self, held: Connection | None = None) -> AbstractContextManager[Connection]:
        """One write transaction, for callers that put several writes in one
        (:meth:`start_hand`, :meth:`log_actions` and :meth:`finish_hand` take its
        connection as ``conn``); ``held``: made on that connection of :meth:`connect`."""
        return self._tx(held=held)

    def _in(self, conn: Connection | None) -> AbstractContextManager[Connection]:
        """The caller's transaction if it gave one, else a new one."""
        return self._tx() if conn is None else nullcontext(conn)

    def _lock_account(self, conn: Connection, account_id: int) -> None:
        """Hold the account's row until the transaction ends (PostgreSQL's row lock), so
        that its bankroll is read and debited by one transaction at a time.  On SQLite the
        write transaction already holds the database's write lock."""
        if self.postgres:
            conn.execute(
                select(m.accounts.c.id)
                .where(m.accounts.c.id == account_id)
                .with_for_update(key_share=True)
            )

    def _debit(
        self, conn: Connection, account_id: int, amount: int, to: str, kind: str,
        *, table_id: int | None = None,
    ) -> None:
        """Move ``amount`` chips from an account's bankroll to wallet ``to``, atomically:
        the bankroll is locked, read and debited in this one transaction, and never goes
        below zero."""
        self._lock_account(conn, account_id)
        bankroll = self._balance(conn, user_wallet(account_id))
        if bankroll < amount:
            raise AccountError(
                f"that takes {amount} chips and your bankroll holds {bankroll}."
            )
        self._move(conn, {user_wallet(account_id): -amount, to: amount}, kind, table_id=table_id)

    # -- ledger -----------------------------------------------------------------

    @staticmethod
    def _move(
        conn: Connection,
        rows: Mapping[str, int],
        kind: str,
        *,
        table_id: int | None = None,
        hand_id: int | None = None,
        note: str | None = None,
    ) -> None:
        """Write one chip movement: rows per wallet, summing to zero (``note``: why)."""
        _check_movement(rows)
        movement = str(uuid.uuid4())
        now = _now()
        values = [
            {
                "movement": movement,
                "wallet": wallet,
                "amount": amount,
                "kind": kind,
                "table_id": table_id,
                "hand_id": hand_id,
                "created_at": now,
                "note": note,
            }
            for wallet, amount in rows.items()
            if amount
        ]
        if values:
            conn.execute(m.ledger.insert(), values)

    @staticmethod
    def _balance(conn: Connection, wallet: str) -> int:
        total = conn.execute(
            select(func.coalesce(func.sum(m.ledger.c.amount), 0)).where(m.ledger.c.wallet == wallet)
        ).scalar_one()
        return int(total)

    def balance(self, wallet: str) -> int:
        """A wallet's balance: the sum of its ledger rows."""
        with self._tx(write=False) as conn:
            return self._balance(conn, wallet)

    def grant(self, account_id: int, amount: int) -> int:
        """Give an account ``amount`` play-money chips from the bank; returns his new balance."""
        if amount <= 0:
            raise AccountError(f"a grant must be a positive number of chips; got {amount}.")
        with self._tx() as conn:
            self._move(conn, {BANK: -amount, user_wallet(account_id): amount}, "grant")
            return self._balance(conn, user_wallet(account_id))

    def ledger_rows(
        self, wallet: str, limit: int = 50, *, before: int | None = None
    ) -> list[dict[str, Any]]:
        """The latest rows of a wallet, newest first (only rows older than id ``before``,
        when given: the next page)."""
        query = select(m.ledger).where(m.ledger.c.wallet == wallet)
        if before is not None:
            query = query.where(m.ledger.c.id < before)
        with self._tx(write=False) as conn:
            rows = conn.execute(query.order_by(m.ledger.c.id.desc()).limit(limit)).mappings()
            return [
                {
                    "id": r["id"],
                    "amount": r["amount"],
                    "kind": r["kind"],
                    "table_id": r["table_id"],
                    "hand_id": r["hand_id"],
                    "at": _utc(r["created_at"]).isoformat(),  # type: ignore[union-attr]
                    "note": r["note"],
                }
                for r in rows
            ]

    def check_ledger(self) -> list[str]:
        """Every way the books fail to balance, as sentences; ``[]`` when they balance.

        Checks that every movement sums to zero, that every seat's stack equals
        its seat wallet, that no wallet of an empty seat holds chips and that no
        bankroll is negative.  It reads one consistent snapshot, so it may run while
        the room plays.
        """
        problems: list[str] = []
        with self._tx(write=False, snapshot=True) as conn:
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
        return problems

    # -- accounts ---------------------------------------------------------------

    def create_account(
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
        hashed = None if password is None else self._hasher.hash(password)
        try:
            with self._in(conn) as conn:
                new_id = conn.execute(
                    m.accounts.insert().values(
                        name=name,
                        name_key=name_key(name),
                        password_hash=hashed,
                        is_bot=bot,
                        client_seed="",
                        created_at=_now(),
                    )
                ).inserted_primary_key
                assert new_id is not None
                account_id = int(new_id[0])
                if grant:
                    self._move(conn, {BANK: -grant, user_wallet(account_id): grant}, "grant")
        except IntegrityError:
            raise NameTakenError(
                f"the name {name!r} is taken (or too like a name that is)."
            ) from None
        return Account(account_id, name, bot, "")

    def authenticate(self, name: str, password: str) -> Account:
        """The account whose name and password these are; AccountError otherwise.

        The name is matched by its key, so case does not matter.
        """
        with self._tx(write=False) as conn:
            query = select(m.accounts).where(m.accounts.c.name_key == name_key(name))
            row = conn.execute(query).mappings().first()
        if row is None or row["password_hash"] is None:
            raise AccountError("wrong name or password.")
        try:
            self._hasher.verify(row["password_hash"], password)
        except (VerificationError, InvalidHashError):
            raise AccountError("wrong name or password.") from None
        if row["suspended_at"] is not None:
            raise SuspendedError("this account is suspended; ask the room's operator.")
        return _account(row)

    def account(self, account_id: int) -> Account:
        """The account with this id; AccountError if there is none."""
        with self._tx(write=False) as conn:
            row = conn.execute(
                select(m.accounts).where(m.accounts.c.id == account_id)
            ).mappings().first()
        if row is None:
            raise AccountError(f"there is no account {account_id}.")
        return _account(row)

    def set_client_seed(self, account_id: int, seed: str) -> None:
        """Store the client seed that an account mixes into the hands he is dealt."""
        with self._tx() as conn:
            conn.execute(
                m.accounts.update().where(m.accounts.c.id == account_id).values(client_seed=seed)
            )

    def new_session(self, account_id: int, agent: str = "") -> str:
        """Open a log-in session and return its secret token (only its hash is stored, with
        the browser's User-Agent ``agent``, cut to 120 characters)."""
        token = secrets.token_urlsafe(32)
        now = _now()
        with self._tx() as conn:
            conn.execute(
                m.sessions.insert().values(
                    token_hash=token_hash(token),
                    account_id=account_id,
                    created_at=now,
                    expires_at=now + timedelta(days=SESSION_DAYS),
                    agent=agent[:120] or None,
                )
            )
        return token

    def sessions_of(self, account_id: int) -> list[dict[str, Any]]:
        """An account's live log-in sessions, newest first: ``id`` (the first 16 hex digits
        of the token's hash: names it, reveals nothing), ``hash``, created, expires, agent."""
        with self._tx(write=False) as conn:
            rows = conn.execute(
                select(m.sessions)
                .where((m.sessions.c.account_id == account_id)
                       & (m.sessions.c.expires_at > _now()))
                .order_by(m.sessions.c.created_at.desc())
            ).mappings()
            return [
                {
                    "id": r["token_hash"][:SESSION_ID_LENGTH],
                    "hash": r["token_hash"],
                    "created_at": _utc(r["created_at"]),
                    "expires_at": _utc(r["expires_at"]),
                    "agent": r["agent"] or "",
                }
                for r in rows
            ]

    def end_session_of(self, account_id: int, session_id: str) -> str:
        """End one of an account's sessions, named by its ``id`` (see :meth:`sessions_of`);
        returns the full hash of its token.  NotFoundError if he has no such session."""
        with self._tx() as conn:
            hashes = conn.execute(
                select(m.sessions.c.token_hash).where(
                    (m.sessions.c.account_id == account_id)
                    & m.sessions.c.token_hash.startswith(session_id, autoescape=True)
                )
            ).scalars().all()
            if len(hashes) != 1 or len(session_id) != SESSION_ID_LENGTH:
                raise NotFoundError(f"you have no session {session_id}.")
            conn.execute(m.sessions.delete().where(m.sessions.c.token_hash == hashes[0]))
        return str(hashes[0])

    def end_sessions(self, account_id: int, *, keep: str | None = None) -> list[str]:
        """End every session of an account but the one with token ``keep``; returns the
        hashes of the ended sessions' tokens."""
        kept = None if keep is None else token_hash(keep)
        with self._tx() as conn:
            return self._end_sessions(conn, account_id, kept)

    @staticmethod
    def _end_sessions(conn: Connection, account_id: int, kept: str | None) -> list[str]:
        where = m.sessions.c.account_id == account_id
        if kept is not None:
            where &= m.sessions.c.token_hash != kept
        hashes = [str(h) for h in conn.execute(select(m.sessions.c.token_hash).where(where))
                  .scalars()]
        conn.execute(m.sessions.delete().where(where))
        return hashes

    def change_password(self, account_id: int, old: str, new: str, *, keep: str) -> list[str]:
        """Change an account's password and end every other session (all but the one with
        token ``keep``), in one transaction; returns the ended sessions' token hashes.

        AccountError if ``old`` is not his password or ``new`` is not 8 to 256 characters.
        """
        if not 8 <= len(new) <= 256:
            raise AccountError("a password has 8 to 256 characters.")
        with self._tx() as conn:
            self._lock_account(conn, account_id)
            stored = conn.execute(
                select(m.accounts.c.password_hash).where(m.accounts.c.id == account_id)
            ).scalar_one_or_none()
            try:
                if stored is None:
                    raise VerificationError
                self._hasher.verify(stored, old)
            except (VerificationError, InvalidHashError):
                raise AccountError("the current password is wrong.") from None
            conn.execute(
                m.accounts.update()
                .where(m.accounts.c.id == account_id)
                .values(password_hash=self._hasher.hash(new))
            )
            return self._end_sessions(conn, account_id, token_hash(keep))

    # -- play-money refills ---------------------------------------------------------

    def set_password(self, account_id: int, new: str) -> list[str]:
        """Give an account a new password without the old one (the operator's ``standpat
        admin password``) and end every session of it, in one transaction; returns the
        ended sessions' token hashes.  AccountError unless ``new`` has 8 to 256 characters
        or for a bot (it never logs in)."""
        if not 8 <= len(new) <= 256:
            raise AccountError("a password has 8 to 256 characters.")
        with self._tx() as conn:
            self._lock_account(conn, account_id)
            done = conn.execute(
                m.accounts.update()
                .where((m.accounts.c.id == account_id) & m.accounts.c.is_bot.is_(False))
                .values(password_hash=self._hasher.hash(new))
            ).rowcount
            if not done:
                raise AccountError(f"there is no person's account {account_id}.")
            return self._end_sessions(conn, account_id, None)

    @staticmethod
    def _holdings(conn: Connection, account_id: int) -> tuple[int, int]:
        """An account's bankroll and the chips in front of him at tables."""
        bankroll = Store._balance(conn, user_wallet(account_id))
        seated = conn.execute(
            select(func.coalesce(func.sum(m.seats.c.stack), 0))
            .where(m.seats.c.account_id == account_id)
        ).scalar_one()
        return bankroll, int(seated)

    @staticmethod
    def _last_refill(conn: Connection, account_id: int) -> datetime | None:
        return _utc(conn.execute(
            select(func.max(m.ledger.c.created_at)).where(
                (m.ledger.c.wallet == user_wallet(account_id)) & (m.ledger.c.kind == REFILL)
            )
        ).scalar_one_or_none())

    def refill_state(self, account_id: int, rule: RefillRule) -> dict[str, Any]:
        """What the refill rule gives an account now: bankroll, chips on tables, the chips
        a refill would give (0: none), the last refill and when the next is allowed."""
        with self._tx(write=False, snapshot=True) as conn:
            bankroll, seated = self._holdings(conn, account_id)
            last = self._last_refill(conn, account_id)
        next_at = rule.next_at(last)
        waiting = next_at is not None and next_at > _now()
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
        with self._tx() as conn:
            self._lock_account(conn, account_id)
            bankroll, seated = self._holdings(conn, account_id)
            amount = rule.amount(bankroll + seated)
            if amount <= 0:
                raise AccountError(
                    f"you hold {bankroll + seated:,} chips ({bankroll:,} in your bankroll, "
                    f"{seated:,} on tables); a refill needs less than {rule.below:,}."
                )
            next_at = rule.next_at(self._last_refill(conn, account_id))
            if next_at is not None and next_at > _now():
                raise AccountError(
                    f"you refilled less than {rule.every / 3600:g} h ago; the next refill is "
                    f"allowed from {next_at:%Y-%m-%d %H:%M} UTC."
                )
            self._move(conn, {BANK: -amount, user_wallet(account_id): amount}, REFILL,
                       note=f"refill to {rule.to:,}")
        return amount

    def session_account(self, token: str) -> Account | None:
        """The account of a live session token, or None."""
        with self._tx(write=False) as conn:
            row = conn.execute(
                select(m.accounts, m.sessions.c.expires_at)
                .join(m.sessions, m.sessions.c.account_id == m.accounts.c.id)
                .where(m.sessions.c.token_hash == token_hash(token))
            ).mappings().first()
        if row is None:
            return None
        expires = row["expires_at"]
        if expires.tzinfo is None:
            expires = expires.replace(tzinfo=UTC)
        if expires < _now() or row["suspended_at"] is not None:
            return None
        return _account(row)

    def end_session(self, token: str) -> None:
        """Close a log-in session."""
        with self._tx() as conn:
            conn.execute(m.sessions.delete().where(m.sessions.c.token_hash == token_hash(token)))

    # -- tables and seats ---------------------------------------------------------

    def create_table(
        self,
        *,
        name: str,
        game: str,
        structure: str,
        stakes: str,
        seats: int,
        config: Mapping[str, Any],
        chain_top: bytes,
        chain_length: int,
        owner: int | None = None,
        max_owned: int | None = None,
    ) -> TableRecord:
        """Store a new table, opened by account ``owner`` (None: the room itself).

        ``max_owned``: refuse (TableError) when the owner already has that many open
        tables; checked in the same transaction, so parallel requests cannot pass it.
        """
        with self._tx() as conn:
            if owner is not None and max_owned is not None:
                self._lock_account(conn, owner)
                owned = conn.execute(
                    select(func.count())
                    .select_from(m.tables)
                    .where((m.tables.c.owner_id == owner) & m.tables.c.closed.is_(False))
                ).scalar_one()
                if owned >= max_owned:
                    raise TableError(
                        f"you have {owned} open tables, the most one player may open; "
                        "close one (leave it empty) first."
                    )
            new_id = conn.execute(
                m.tables.insert().values(
                    owner_id=owner,
                    name=name,
                    game=game,
                    structure=structure,
                    stakes=stakes,
                    seats=seats,
                    config=dict(config),
                    chain_top=chain_top.hex(),
                    chain_length=chain_length,
                    hands_dealt=0,
                    button=0,
                    closed=False,
                    created_at=_now(),
                )
            ).inserted_primary_key
        assert new_id is not None
        return self.table(int(new_id[0]))

    def table(self, table_id: int) -> TableRecord:
        """The stored table with this id; NotFoundError if there is none."""
        with self._tx(write=False) as conn:
            row = conn.execute(select(m.tables).where(m.tables.c.id == table_id)).mappings().first()
        if row is None:
            raise NotFoundError(f"there is no table {table_id}.")
        return _table(row)

    def tables(self) -> list[TableRecord]:
        """Every open table, oldest first."""
        with self._tx(write=False) as conn:
            rows = conn.execute(
                select(m.tables).where(m.tables.c.closed.is_(False)).order_by(m.tables.c.id)
            ).mappings()
            return [_table(r) for r in rows]

    def seats(self, table_id: int) -> list[SeatRecord]:
        """The occupied seats of a table, in seat order."""
        with self._tx(write=False) as conn:
            return self._seats(conn, table_id)

    @staticmethod
    def _seats(conn: Connection, table_id: int) -> list[SeatRecord]:
        rows = conn.execute(
            select(m.seats, m.accounts.c.name, m.accounts.c.client_seed)
            .join(m.accounts, m.accounts.c.id == m.seats.c.account_id)
            .where(m.seats.c.table_id == table_id)
            .order_by(m.seats.c.seat)
        ).mappings()
        return [_seat(r) for r in rows]

    def sit(
        self,
        table_id: int,
        seat: int,
        account_id: int,
        buy_in: int,
        *,
        bot_level: str | None = None,
        cool_off: float = 0.0,
        conn: Connection | None = None,
    ) -> SeatRecord:
        """Seat an account and move ``buy_in`` chips from his bankroll to the table.

        The bankroll is debited atomically (see :meth:`_debit`).  ``cool_off``: a
        player whose hand seeds at this table were revealed to him when he left may
        sit here again only that many seconds later.  ``conn``: the caller's
        transaction (a table's fenced write), else a new one.
        """
        if not 0 < buy_in <= MAX_CHIPS:
            raise AccountError(f"a buy-in is 1 to {MAX_CHIPS:,} chips; got {buy_in}.")
        with self._in(conn) as conn:
            self._lock_account(conn, account_id)  # first: the seat's row refers to it
            if conn.execute(
                select(m.accounts.c.suspended_at).where(m.accounts.c.id == account_id)
            ).scalar_one_or_none() is not None:
                raise SuspendedError("this account is suspended; it cannot sit.")
            taken = conn.execute(
                select(m.seats.c.seat).where(
                    (m.seats.c.table_id == table_id)
                    & ((m.seats.c.seat == seat) | (m.seats.c.account_id == account_id))
                )
            ).first()
            if taken is not None:
                raise TableError(f"seat {seat} is taken, or you already sit at table {table_id}.")
            if cool_off > 0:
                self._check_cool_off(conn, table_id, account_id, cool_off)
            try:
                conn.execute(
                    m.seats.insert().values(
                        table_id=table_id,
                        seat=seat,
                        account_id=account_id,
                        stack=buy_in,
                        bot_level=bot_level,
                    )
                )
            except IntegrityError:
                raise TableError(f"seat {seat} of table {table_id} is taken.") from None
            self._debit(
                conn, account_id, buy_in, seat_wallet(table_id, account_id), "buy-in",
                table_id=table_id,
            )
            return next(s for s in self._seats(conn, table_id) if s.seat == seat)

    @staticmethod
    def _check_cool_off(conn: Connection, table_id: int, account_id: int, cool_off: float) -> None:
        left = conn.execute(
            select(m.departures.c.left_at).where(
                (m.departures.c.table_id == table_id) & (m.departures.c.account_id == account_id)
            )
        ).scalar_one_or_none()
        if left is None:
            return
        left = _utc(left)
        assert left is not None
        back = left + timedelta(seconds=cool_off)
        if back > _now():
            raise TableError(
                f"you left table {table_id} at {left:%H:%M} UTC and were shown its "
                f"hands' seeds; you may sit there again from {back:%H:%M} UTC."
            )

    def stand(self, table_id: int, seat: int, *, conn: Connection | None = None) -> int:
        """Cash a seat out to its owner's bankroll, free the seat and reveal his hands' seeds.

        The time he left is kept (a player shown the seeds of a table sits there
        again only after a cool-off, see :meth:`sit`).  Returns the chips cashed out.
        ``conn``: the caller's transaction, else a new one.
        """
        with self._in(conn) as conn:
            return self._stand(conn, table_id, seat)

    def _stand(self, conn: Connection, table_id: int, seat: int) -> int:
        row = conn.execute(
            select(m.seats).where((m.seats.c.table_id == table_id) & (m.seats.c.seat == seat))
        ).mappings().first()
        if row is None:
            raise TableError(f"seat {seat} of table {table_id} is empty.")
        account_id = row["account_id"]
        wallet = seat_wallet(table_id, account_id)
        chips = self._balance(conn, wallet)
        self._move(
            conn,
            {wallet: -chips, user_wallet(account_id): chips},
            "cash-out",
            table_id=table_id,
        )
        conn.execute(
            m.seats.delete().where((m.seats.c.table_id == table_id) & (m.seats.c.seat == seat))
        )
        played = select(m.hands.c.id).where(
            (m.hands.c.table_id == table_id) & (m.hands.c.status != HandStatus.RUNNING)
        )
        conn.execute(
            m.hand_players.update()
            .where(
                (m.hand_players.c.account_id == account_id)
                & m.hand_players.c.hand_id.in_(played)
            )
            .values(revealed=True)
        )
        where = (m.departures.c.table_id == table_id) & (m.departures.c.account_id == account_id)
        if conn.execute(m.departures.update().where(where).values(left_at=_now())).rowcount == 0:
            conn.execute(
                m.departures.insert().values(
                    table_id=table_id, account_id=account_id, left_at=_now()
                )
            )
        return int(chips)

    def add_chips(
        self, table_id: int, seat: int, amount: int, *, conn: Connection | None = None
    ) -> int:
        """Move more chips from the owner's bankroll to his seat, atomically; new stack.
        ``conn``: the caller's transaction, else a new one."""
        return self._top_up(table_id, seat, amount, from_bank=False, conn=conn)

    def rebuy_bot(
        self, table_id: int, seat: int, amount: int, *, conn: Connection | None = None
    ) -> int:
        """Give a broke bot ``amount`` chips from the bank onto its seat; returns its stack.
        ``conn``: the caller's transaction, else a new one."""
        return self._top_up(table_id, seat, amount, from_bank=True, conn=conn)

    def _top_up(
        self, table_id: int, seat: int, amount: int, *, from_bank: bool,
        conn: Connection | None,
    ) -> int:
        if not 0 < amount <= MAX_CHIPS:
            raise AccountError(f"chips are added 1 to {MAX_CHIPS:,} at a time; got {amount}.")
        where = (m.seats.c.table_id == table_id) & (m.seats.c.seat == seat)
        with self._in(conn) as conn:
            row = conn.execute(select(m.seats).where(where)).mappings().first()
            if row is None:
                raise TableError(f"seat {seat} of table {table_id} is empty.")
            account_id = row["account_id"]
            wallet = seat_wallet(table_id, account_id)
            if from_bank:
                self._move(conn, {BANK: -amount, wallet: amount}, "grant", table_id=table_id)
            else:
                self._debit(conn, account_id, amount, wallet, "buy-in", table_id=table_id)
            stack = int(row["stack"]) + amount
            conn.execute(m.seats.update().where(where).values(stack=stack))
        return stack

    def new_chain(
        self, table_id: int, top: bytes, length: int, start: int, *,
        conn: Connection | None = None,
    ) -> None:
        """Give a table a new seed chain of ``length`` seeds that begins after hand ``start``
        (``conn``: the caller's transaction, else a new one)."""
        with self._in(conn) as conn:
            conn.execute(
                m.tables.update()
                .where(m.tables.c.id == table_id)
                .values(chain_top=top.hex(), chain_length=length, chain_start=start)
            )

    def set_table_option(
        self, table_id: int, name: str, value: Any, *, conn: Connection | None = None
    ) -> None:
        """Set one of a table's stored options (its ``config``: the clock, the hints, the
        chat mode), kept across restarts (``conn``: the caller's transaction, else a new one)."""
        with self._in(conn) as conn:
            where = m.tables.c.id == table_id
            config = conn.execute(select(m.tables.c.config).where(where)).scalar_one()
            conn.execute(m.tables.update().where(where).values(config={**config, name: value}))

    def save_table_state(
        self, table_id: int, state: Mapping[str, Any], *, conn: Connection | None = None
    ) -> None:
        """Keep a table's state between rounds (its hosted table's snapshot), which a restart
        takes up (``conn``: the caller's transaction, else a new one)."""
        with self._in(conn) as conn:
            conn.execute(m.tables.update().where(m.tables.c.id == table_id)
                         .values(state=dict(state)))

    def close_table(self, table_id: int, *, conn: Connection | None = None) -> int:
        """Close a table: cash every seat out to its owner and mark the table closed, in one
        transaction (``conn``: the caller's, else a new one).  Returns the chips cashed out."""
        with self._in(conn) as conn:
            seats = conn.execute(
                select(m.seats.c.seat).where(m.seats.c.table_id == table_id)
            ).scalars().all()
            chips = sum(self._stand(conn, table_id, int(seat)) for seat in seats)
            conn.execute(m.tables.update().where(m.tables.c.id == table_id).values(closed=True))
        return chips

    # -- hands --------------------------------------------------------------------

    def start_hand(
        self,
        table_id: int,
        number: int,
        *,
        seed: bytes,
        commitment: str,
        setup: Mapping[str, Any],
        players: Sequence[int],
        button: int,
        conn: Connection | None = None,
    ) -> int:
        """Record that a hand is dealt (status ``running``); returns its id."""
        with self._in(conn) as conn:
            return self._rounds.start(
                conn, table_id, number, seed=seed, commitment=commitment,
                status=HandStatus.RUNNING.value, setup=setup, players=players, button=button,
                now=_now(),
            )

    def log_action(self, hand_id: int, seq: int, seat: int, action: str) -> None:
        """Write one accepted action of a running hand."""
        self.log_actions(hand_id, seq, [(seat, action)])

    def log_actions(
        self, hand_id: int, seq: int, actions: Sequence[tuple[int, str]],
        conn: Connection | None = None,
    ) -> None:
        """Write accepted actions of a running round, numbered from ``seq``, in one
        transaction (a seat and the action's stored text each)."""
        if not actions:
            return
        with self._in(conn) as conn:
            self._rounds.actions(conn, hand_id, seq, actions, _now())

    def finish_hand(
        self, table_id: int, hand_id: int, net: Mapping[int, int], record: Mapping[str, Any],
        *, facts: Sequence[Mapping[str, Any]] = (), conn: Connection | None = None,
    ) -> None:
        """Settle a hand: each account's net result moves between seat wallets, stacks follow.

        ``net`` maps account ids to chips won (+) or lost (-); it must sum to zero.
        ``facts``: its players' statistics rows (:func:`standpat.table.stats.round_facts`),
        written in the same transaction.
        """
        moves = {seat_wallet(table_id, a): n for a, n in net.items()}
        _check_movement(moves)
        with self._in(conn) as conn:
            try:
                status = self._rounds.settle(
                    conn, table_id, hand_id, done=HandStatus.DONE.value,
                    running=HandStatus.RUNNING.value, moves=moves, net=net, record=record,
                    facts=facts, now=_now(),
                )
            except LookupError:
                raise NotFoundError(f"there is no hand {hand_id}.") from None
            if status is not None:
                raise TableError(f"hand {hand_id} is {status}, not running.")

    def void_running_hands(
        self, table_id: int | None = None, *, conn: Connection | None = None
    ) -> list[VoidedHand]:
        """Void every hand left running by a crash: no chip moved for it, so stacks stand.

        ``table_id``: only that table's (a table another node takes over); None: every
        table's (a room of one process starting).  ``conn``: the caller's transaction (a
        table's fenced write), else a new one.  Returns the voided hands, with their table
        and the accounts dealt in.
        """
        running = select(m.hands.c.id, m.hands.c.table_id, m.hands.c.setup).where(
            m.hands.c.status == HandStatus.RUNNING)
        if table_id is not None:
            running = running.where(m.hands.c.table_id == table_id)
        with self._in(conn) as conn:
            voided = [
                VoidedHand(int(row.id), int(row.table_id),
                           tuple(int(a) for a in (row.setup or {}).get("accounts", [])))
                for row in conn.execute(running.order_by(m.hands.c.id))
            ]
            if voided:
                conn.execute(
                    m.hands.update()
                    .where(m.hands.c.id.in_([v.id for v in voided]))
                    .values(status=HandStatus.VOID.value, ended_at=_now())
                )
        return voided

    def hand(self, hand_id: int) -> dict[str, Any]:
        """A stored hand as a dict (with its secret seed: callers decide what to show)."""
        with self._tx(write=False) as conn:
            row = conn.execute(select(m.hands).where(m.hands.c.id == hand_id)).mappings().first()
            if row is None:
                raise NotFoundError(f"there is no hand {hand_id}.")
            players = {
                int(r["account_id"]): bool(r["revealed"])
                for r in conn.execute(
                    select(m.hand_players).where(m.hand_players.c.hand_id == hand_id)
                ).mappings()
            }
            acts = [
                {"seq": r["seq"], "seat": r["seat"], "action": r["action"]}
                for r in conn.execute(
                    select(m.actions)
                    .where(m.actions.c.hand_id == hand_id)
                    .order_by(m.actions.c.seq)
                ).mappings()
            ]
        return {
            "id": row["id"],
            "table_id": row["table_id"],
            "number": row["number"],
            "seed": row["seed"],
            "commitment": row["commitment"],
            "status": row["status"],
            "setup": row["setup"],
            "record": row["record"],
            "players": players,
            "actions": acts,
            "started_at": _utc(row["started_at"]),
            "ended_at": _utc(row["ended_at"]),
        }

    def hands_of(
        self, account_id: int, limit: int = 50, *, table_id: int | None = None
    ) -> list[dict[str, Any]]:
        """The latest hands an account was dealt into, newest first (at one table if given).

        Each row: id, table_id, number, status, revealed, ended_at (or None),
        and the hand's setup and record (with every card: callers decide what to show).
        """
        query = (
            select(
                m.hands.c.id,
                m.hands.c.table_id,
                m.hands.c.number,
                m.hands.c.status,
                m.hand_players.c.revealed,
                m.hands.c.ended_at,
                m.hands.c.setup,
                m.hands.c.record,
            )
            .join(m.hand_players, m.hand_players.c.hand_id == m.hands.c.id)
            .where(m.hand_players.c.account_id == account_id)
        )
        if table_id is not None:
            query = query.where(m.hands.c.table_id == table_id)
        with self._tx(write=False) as conn:
            rows = conn.execute(query.order_by(m.hands.c.id.desc()).limit(limit)).mappings()
            return [dict(r) | {"ended_at": _utc(r["ended_at"])} for r in rows]

    def hands_of_table(self, table_id: int) -> list[dict[str, Any]]:
        """Every hand of a table, oldest first: id, number, status and when it started."""
        with self._tx(write=False) as conn:
            rows = conn.execute(
                select(m.hands.c.id, m.hands.c.number, m.hands.c.status, m.hands.c.started_at)
                .where(m.hands.c.table_id == table_id)
                .order_by(m.hands.c.id)
            ).mappings()
            return [{**r, "started_at": _utc(r["started_at"])} for r in rows]


def _utc(when: datetime | None) -> datetime | None:
    """A stored time as an aware UTC datetime (SQLite gives it back without its zone)."""
    if when is None:
        return None
    return when.replace(tzinfo=UTC) if when.tzinfo is None else when.astimezone(UTC)


def token_hash(token: str) -> str:
    """The SHA-256 (hex) of a session token: what the database keeps of it."""
    return hashlib.sha256(token.encode()).hexdigest()


def _account(row: Any) -> Account:
    return Account(int(row["id"]), row["name"], bool(row["is_bot"]), row["client_seed"] or "",
                   bool(row["operator"]))


def _table(row: Any) -> TableRecord:
    return TableRecord(
        id=int(row["id"]),
        name=row["name"],
        game=row["game"],
        structure=row["structure"],
        stakes=row["stakes"],
        seats=int(row["seats"]),
        config=dict(row["config"]),
        chain_top=row["chain_top"],
        chain_length=int(row["chain_length"]),
        hands_dealt=int(row["hands_dealt"]),
        chain_start=int(row["chain_start"]),
        button=int(row["button"]),
        closed=bool(row["closed"]),
        owner=None if row["owner_id"] is None else int(row["owner_id"]),
        state=None if row["state"] is None else dict(row["state"]),
    )


def _seat(row: Any) -> SeatRecord:
    return SeatRecord(
        table_id=int(row["table_id"]),
        seat=int(row["seat"]),
        account_id=int(row["account_id"]),
        name=row["name"],
        stack=int(row["stack"]),
        bot_level=row["bot_level"],
        client_seed=row.get("client_seed") or "",
    )


_WRITE: Final = "standpat_write"
"""Execution option of a transaction that writes (SQLite: it begins IMMEDIATE)."""


def _check_movement(rows: Mapping[str, int]) -> None:
    """Refuse a chip movement that does not sum to zero or moves too much to a wallet."""
    if sum(rows.values()) != 0:
        raise AssertionError(f"a chip movement must sum to zero: {dict(rows)}")
    if any(abs(amount) > MAX_CHIPS for amount in rows.values()):
        raise AccountError(f"a movement of chips is at most {MAX_CHIPS:,} chips a wallet.")


def _memory(url: str) -> bool:
    return url in ("sqlite://", "sqlite:///:memory:")


def _make_engine(url: str) -> Engine:
    if url.startswith("postgres://"):
        url = "postgresql://" + url.removeprefix("postgres://")
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url.removeprefix("postgresql://")
    if url.startswith("sqlite"):
        from sqlalchemy.pool import StaticPool

        memory = _memory(url)
        engine = create_engine(
            url,
            connect_args={"check_same_thread": False, "timeout": 30},
            poolclass=StaticPool if memory else None,
        )

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_conn: Any, _record: Any) -> None:
            # The driver's own transaction handling would start a transaction only at the
            # first write, after the reads it depends on: standpat begins them itself.
            dbapi_conn.isolation_level = None
            cursor = dbapi_conn.cursor()
            if not memory:
                cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=NORMAL" if not memory else "PRAGMA synchronous=OFF")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.close()

        @event.listens_for(engine, "begin")
        def _begin(conn: Connection) -> None:
            write = conn.get_execution_options().get(_WRITE, True)
            conn.exec_driver_sql("BEGIN IMMEDIATE" if write else "BEGIN")

        return engine
    return create_engine(url, pool_pre_ping=True)
