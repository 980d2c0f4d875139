"""The store's transactions: its database engine, one transaction at a time where it must,
the write lock a writer takes when it begins, and the row lock of an account.

Every repository of the store (:mod:`~standpat.store.ledger`,
:mod:`~standpat.store.accounts`, :mod:`~standpat.store.sessions`,
:mod:`~standpat.store.tables`, :mod:`~standpat.store.hands`) makes its transactions
here.  A method that takes ``conn`` runs in the caller's transaction, so several writes
(a bot's account and its seat, a round's hand and its actions) commit together.

>>> tx = Transactions("sqlite://")
>>> with tx.begin() as conn:
...     conn.exec_driver_sql("SELECT 1").scalar_one()
1
>>> tx.close()
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from datetime import UTC, datetime
from typing import Any, Final

import orjson
from sqlalchemy import Connection, Engine, create_engine, event, select

from standpat.store import models as m

__all__ = ["Transactions", "now", "utc"]

_WRITE: Final = "standpat_write"
"""Execution option of a transaction that writes (SQLite: it begins IMMEDIATE)."""


def now() -> datetime:
    """The time a row is written at: now, in UTC."""
    return datetime.now(UTC)


def utc(when: datetime | None) -> datetime | None:
    """A stored time as an aware UTC datetime (SQLite gives it back without its zone).

    >>> utc(datetime(2026, 12, 5, 6, 0))
    datetime.datetime(2026, 12, 5, 6, 0, tzinfo=datetime.timezone.utc)
    """
    if when is None:
        return None
    return when.replace(tzinfo=UTC) if when.tzinfo is None else when.astimezone(UTC)


class Transactions:
    """The transactions of one database, on SQLite (``sqlite://...``) or PostgreSQL."""

    def __init__(self, url: str) -> None:
        self.url = url
        """The database's address, as given."""
        self.engine: Engine = _make_engine(url)
        """The SQLAlchemy engine (its pool of connections)."""
        self.postgres = self.engine.dialect.name == "postgresql"
        """Whether the database is PostgreSQL (else SQLite)."""
        # an in-memory SQLite database is one connection shared by every thread: one
        # transaction at a time (a file or PostgreSQL isolates them in the database)
        self._one_at_a_time: AbstractContextManager[Any] = (
            threading.RLock() if _memory(url) else nullcontext()
        )

    def close(self) -> None:
        """Release the database connections."""
        self.engine.dispose()

    @contextmanager
    def begin(
        self, *, write: bool = True, snapshot: bool = False, held: Connection | None = None
    ) -> Iterator[Connection]:
        """One transaction, committed when the block ends (rolled back if it raises).

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

    def read(self, *, snapshot: bool = False) -> AbstractContextManager[Connection]:
        """A transaction that only reads (``snapshot``: one consistent state throughout)."""
        return self.begin(write=False, snapshot=snapshot)

    def within(
        self, conn: Connection | None, *, write: bool = True
    ) -> AbstractContextManager[Connection]:
        """The caller's transaction ``conn`` if it gave one, else a new one."""
        return self.begin(write=write) if conn is None else nullcontext(conn)

    def connect(self) -> Connection:
        """A connection for a caller that makes many transactions in a row (a writer
        thread): given to :meth:`begin` as ``held``, it saves a check-out of the pool
        each time.  The caller closes it (and takes a new one after an error)."""
        return self.engine.connect()

    def lock_account(self, conn: Connection, account_id: int) -> None:
        """Hold the account's row until the transaction ends (PostgreSQL's row lock), so
        that its bankroll (or password) is read and changed by one transaction at a time.
        On SQLite the write transaction already holds the database's write lock."""
        if self.postgres:
            conn.execute(
                select(m.accounts.c.id)
                .where(m.accounts.c.id == account_id)
                .with_for_update(key_share=True)
            )


def _memory(url: str) -> bool:
    return url in ("sqlite://", "sqlite:///:memory:")


def _json_text(value: Any) -> str:
    """A JSON column's text, as orjson writes it: compact, UTF-8, non-string keys as strings
    (the standard library's encoder, SQLAlchemy's default, took 2.9% of a loaded node's
    samples: benchmarks/README.md, "Capacity"; both read back the same)."""
    return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()


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
            json_serializer=_json_text,
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
    return create_engine(url, pool_pre_ping=True, json_serializer=_json_text)
