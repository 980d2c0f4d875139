"""A round's writes (dealt, actions played, settled) as the database driver's own SQL.

Every action of a busy room is one of these writes, so they skip SQLAlchemy's statement
path (building, compiling and caching a statement per call, wrapping each row and
result): each statement's text is made once for the engine's dialect and run on the
driver's cursor of the caller's transaction (the same transaction: nothing else
changes), several rows of a table in one statement (SQLite: the driver's ``executemany``;
PostgreSQL: one multi-row ``VALUES``, one round trip, where psycopg's ``executemany``
costs twice a plain statement's CPU even for one row).  The values go through the column types'
own bind processors (SQLAlchemy's), so what is stored is exactly what the rest of the
store writes and reads (a JSON column's text, SQLite's date-time text).  Settling a round
is four statements: the round marked done (refused unless it was running), its ledger
rows, its players' stacks and their statistics facts.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import datetime
from typing import Any

from sqlalchemy import Column, Connection, Engine

from standpat.store import models as m

__all__ = ["RoundWrites"]

_INSERT_HAND = (
    "INSERT INTO hands (table_id, number, seed, commitment, status, setup, started_at) "
    "VALUES (:table_id, :number, :seed, :commitment, :status, :setup, :started_at)"
)
_PLAYER = ("hand_players", ("hand_id", "account_id", "revealed"))
_DEALT = "UPDATE tables SET hands_dealt = :number, button = :button WHERE id = :table_id"
_ACTION = ("actions", ("hand_id", "seq", "seat", "action", "created_at"))
_SETTLE = (
    "UPDATE hands SET status = :done, record = :record, ended_at = :ended_at "
    "WHERE id = :hand_id AND status = :running"
)
_STATUS = "SELECT status FROM hands WHERE id = :hand_id"
_STATE = "UPDATE tables SET state = :state WHERE id = :table_id"
_LEDGER = ("ledger", ("movement", "wallet", "amount", "kind", "table_id", "hand_id",
                      "created_at", "note"))
_STACK = (
    "UPDATE seats SET stack = stack + :amount "
    "WHERE table_id = :table_id AND account_id = :account_id"
)
_STACKS = (
    "UPDATE seats SET stack = seats.stack + v.amount FROM (VALUES {rows}) AS v(amount, account) "
    "WHERE seats.table_id = %s AND seats.account_id = v.account"
)
"""PostgreSQL: several seats' stacks in one statement (``{rows}``: ``(%s::bigint, %s::int)``
per seat, then the table's id)."""

_FACT_COLUMNS = frozenset(m.hand_facts.c.keys())
"""The columns a round's facts may fill (their names go into the statement's text)."""


def _identity(value: Any) -> Any:
    return value


class RoundWrites:
    """The round writes of one engine's database, in its driver's SQL."""

    def __init__(self, engine: Engine) -> None:
        dialect = engine.dialect
        self.postgres = dialect.name == "postgresql"

        def processor(column: Column[Any]) -> Callable[[Any], Any]:
            made = column.type.dialect_impl(dialect).bind_processor(dialect)
            return _identity if made is None else made

        self.json = processor(m.hands.c.setup)
        """A JSON column's value as the driver takes it."""
        self.when = processor(m.hands.c.started_at)
        """A date-time column's value as the driver takes it."""
        self._sql: dict[str, str] = {}
        self._many: dict[tuple[str, tuple[str, ...], int], str] = {}

    def sql(self, statement: str) -> str:
        """``statement`` (named ``:parameters``) in the driver's parameter style."""
        made = self._sql.get(statement)
        if made is None:
            made = statement
            if self.postgres:
                made = re.sub(r":(\w+)", r"%(\1)s", statement)
            self._sql[statement] = made
        return made

    def insert(
        self, cursor: Any, into: tuple[str, tuple[str, ...]], rows: Sequence[Mapping[str, Any]]
    ) -> None:
        """Insert ``rows`` (dicts by column) into ``into`` (a table and its columns) in
        one statement."""
        if not rows:
            return
        table, columns = into
        if not self.postgres:
            cursor.executemany(self._statement(table, columns, 0), rows)
        elif len(rows) == 1:
            cursor.execute(self._statement(table, columns, 1), rows[0])
        else:
            cursor.execute(self._statement(table, columns, len(rows)),
                           [row[c] for row in rows for c in columns])

    def _statement(self, table: str, columns: tuple[str, ...], count: int) -> str:
        """The insert of ``count`` rows (0: one row, named, for ``executemany``)."""
        key = (table, columns, count)
        made = self._many.get(key)
        if made is None:
            head = f"INSERT INTO {table} ({', '.join(columns)}) VALUES "
            if count <= 1:
                made = self.sql(head + "(" + ", ".join(":" + c for c in columns) + ")")
            else:
                row = "(" + ", ".join(["%s"] * len(columns)) + ")"
                made = head + ", ".join([row] * count)
            self._many[key] = made
        return made

    def save_state(self, conn: Connection, table_id: int, state: Mapping[str, Any]) -> None:
        """Keep a table's state between rounds (a few kB of JSON after every round)."""
        with self.cursor(conn) as cursor:
            cursor.execute(self.sql(_STATE), {"state": self.json(dict(state)),
                                              "table_id": table_id})

    def stacks(self, cursor: Any, table_id: int, net: Mapping[int, int]) -> None:
        """Add each account's ``net`` chips to his seat's stack at the table."""
        rows = [(amount, account) for account, amount in net.items() if amount]
        if not rows:
            return
        if not self.postgres or len(rows) == 1:
            named = [{"amount": amount, "table_id": table_id, "account_id": account}
                     for amount, account in rows]
            if len(named) == 1:
                cursor.execute(self.sql(_STACK), named[0])
            else:
                cursor.executemany(_STACK, named)
            return
        key = ("seats", (), len(rows))
        made = self._many.get(key)
        if made is None:
            made = self._many[key] = _STACKS.format(
                rows=", ".join(["(%s::bigint, %s::int)"] * len(rows)))
        cursor.execute(made, [*(x for row in rows for x in row), table_id])

    @contextmanager
    def cursor(self, conn: Connection) -> Iterator[Any]:
        """The driver's cursor on ``conn``'s connection (inside its transaction)."""
        cursor = conn.connection.dbapi_connection.cursor()  # type: ignore[union-attr]
        try:
            yield cursor
        finally:
            cursor.close()

    def start(
        self, conn: Connection, table_id: int, number: int, *, seed: bytes, commitment: str,
        status: str, setup: Mapping[str, Any], players: Sequence[int], button: int,
        now: datetime,
    ) -> int:
        """Insert a dealt round, its players, and the table's count of rounds; its id."""
        values = {
            "table_id": table_id, "number": number, "seed": seed.hex(),
            "commitment": commitment, "status": status, "setup": self.json(dict(setup)),
            "started_at": self.when(now),
        }
        with self.cursor(conn) as cursor:
            if self.postgres:
                cursor.execute(self.sql(_INSERT_HAND) + " RETURNING id", values)
                hand_id = int(cursor.fetchone()[0])
            else:
                cursor.execute(_INSERT_HAND, values)
                hand_id = int(cursor.lastrowid)
            self.insert(cursor, _PLAYER, [
                {"hand_id": hand_id, "account_id": a, "revealed": False} for a in players
            ])
            cursor.execute(self.sql(_DEALT),
                           {"number": number, "button": button, "table_id": table_id})
        return hand_id

    def actions(
        self, conn: Connection, hand_id: int, seq: int, actions: Sequence[tuple[int, str]],
        now: datetime,
    ) -> None:
        """Insert a running round's actions, numbered from ``seq``."""
        when = self.when(now)
        with self.cursor(conn) as cursor:
            self.insert(cursor, _ACTION, [
                {"hand_id": hand_id, "seq": seq + i, "seat": seat, "action": action,
                 "created_at": when}
                for i, (seat, action) in enumerate(actions)
            ])

    def settle(
        self, conn: Connection, table_id: int, hand_id: int, *, done: str, running: str,
        moves: Mapping[str, int], net: Mapping[int, int], record: Mapping[str, Any],
        facts: Sequence[Mapping[str, Any]], now: datetime,
    ) -> str | None:
        """Mark a running round ``done`` with its record, write its chip movement
        (``moves``: wallet -> chips, summing to zero), its players' stacks (``net``) and
        facts.  Returns None, or the round's status if it was not running (then nothing
        is written); raises LookupError if there is no such round."""
        when = self.when(now)
        with self.cursor(conn) as cursor:
            cursor.execute(self.sql(_SETTLE), {
                "done": done, "record": self.json(dict(record)), "ended_at": when,
                "hand_id": hand_id, "running": running,
            })
            if cursor.rowcount != 1:
                cursor.execute(self.sql(_STATUS), {"hand_id": hand_id})
                row = cursor.fetchone()
                if row is None:
                    raise LookupError(hand_id)
                return str(row[0])
            movement = str(uuid.uuid4())
            ledger = [
                {"movement": movement, "wallet": wallet, "amount": amount, "kind": "hand",
                 "table_id": table_id, "hand_id": hand_id, "created_at": when, "note": None}
                for wallet, amount in moves.items() if amount
            ]
            self.insert(cursor, _LEDGER, ledger)
            self.stacks(cursor, table_id, net)
            by_columns: dict[tuple[str, ...], list[dict[str, Any]]] = {}
            for f in facts:
                row = {**{k: v if k in ("game", "structure") else int(v)
                          for k, v in f.items() if k != "account"},
                       "account_id": f["account"], "hand_id": hand_id, "ended_at": when}
                by_columns.setdefault(tuple(row), []).append(row)
            for names, rows in by_columns.items():
                unknown = set(names) - _FACT_COLUMNS
                if unknown:
                    raise ValueError(f"not columns of hand_facts: {sorted(unknown)}")
                self.insert(cursor, ("hand_facts", names), rows)
        return None
