"""Hands (rounds) as stored: dealt, their actions, settled or voided, and read back.

>>> from standpat.store import Store
>>> store = Store("sqlite://")
>>> store.hands.of_table(1)
[]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from sqlalchemy import Connection, select

from standpat.errors import NotFoundError, TableError
from standpat.store import models as m
from standpat.store.ledger import check_movement, seat_wallet
from standpat.store.rounds import RoundWrites
from standpat.store.tx import Transactions, now, utc

__all__ = ["HandStatus", "Hands", "VoidedHand"]


class HandStatus(StrEnum):
    """Where a stored hand is: being played, finished (its chips moved) or voided."""

    RUNNING = "running"
    DONE = "done"
    VOID = "void"


@dataclass(frozen=True, slots=True)
class VoidedHand:
    """A hand voided because its table stopped in the middle of it."""

    id: int
    table_id: int
    accounts: tuple[int, ...]
    """The accounts dealt into it."""


class Hands:
    """The stored hands of every table."""

    def __init__(self, tx: Transactions, rounds: RoundWrites | None = None) -> None:
        self.tx = tx
        """The database's transactions."""
        self._rounds = rounds or RoundWrites(tx.engine)
        """A round's writes in the driver's own SQL (each action of the room is one)."""

    def start(
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
        """Record that a hand is dealt (status ``running``); returns its id (``conn``: the
        caller's transaction, else a new one)."""
        with self.tx.within(conn) as conn:
            return self._rounds.start(
                conn, table_id, number, seed=seed, commitment=commitment,
                status=HandStatus.RUNNING.value, setup=setup, players=players, button=button,
                now=now(),
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
        with self.tx.within(conn) as conn:
            self._rounds.actions(conn, hand_id, seq, actions, now())

    def finish(
        self, table_id: int, hand_id: int, net: Mapping[int, int], record: Mapping[str, Any],
        *, facts: Sequence[Mapping[str, Any]] = (), conn: Connection | None = None,
    ) -> None:
        """Settle a hand: each account's net result moves between seat wallets, stacks follow.

        ``net`` maps account ids to chips won (+) or lost (-); it must sum to zero.
        ``facts``: its players' statistics rows (:func:`standpat.table.stats.round_facts`),
        written in the same transaction.  The ledger rows are written in the driver's own
        SQL (:mod:`~standpat.store.rounds`), checked as every movement is.
        """
        moves = {seat_wallet(table_id, a): n for a, n in net.items()}
        check_movement(moves)
        with self.tx.within(conn) as conn:
            try:
                status = self._rounds.settle(
                    conn, table_id, hand_id, done=HandStatus.DONE.value,
                    running=HandStatus.RUNNING.value, moves=moves, net=net, record=record,
                    facts=facts, now=now(),
                )
            except LookupError:
                raise NotFoundError(f"there is no hand {hand_id}.") from None
            if status is not None:
                raise TableError(f"hand {hand_id} is {status}, not running.")

    def void_running(
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
        with self.tx.within(conn) as conn:
            voided = [
                VoidedHand(int(row.id), int(row.table_id),
                           tuple(int(a) for a in (row.setup or {}).get("accounts", [])))
                for row in conn.execute(running.order_by(m.hands.c.id))
            ]
            if voided:
                conn.execute(
                    m.hands.update()
                    .where(m.hands.c.id.in_([v.id for v in voided]))
                    .values(status=HandStatus.VOID.value, ended_at=now())
                )
        return voided

    def get(self, hand_id: int) -> dict[str, Any]:
        """A stored hand as a dict (with its secret seed: callers decide what to show);
        NotFoundError if there is none."""
        with self.tx.read() as conn:
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
            "started_at": utc(row["started_at"]),
            "ended_at": utc(row["ended_at"]),
        }

    def of(
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
        with self.tx.read() as conn:
            rows = conn.execute(query.order_by(m.hands.c.id.desc()).limit(limit)).mappings()
            return [dict(r) | {"ended_at": utc(r["ended_at"])} for r in rows]

    def of_table(self, table_id: int) -> list[dict[str, Any]]:
        """Every hand of a table, oldest first: id, number, status and when it started."""
        with self.tx.read() as conn:
            rows = conn.execute(
                select(m.hands.c.id, m.hands.c.number, m.hands.c.status, m.hands.c.started_at)
                .where(m.hands.c.table_id == table_id)
                .order_by(m.hands.c.id)
            ).mappings()
            return [{**r, "started_at": utc(r["started_at"])} for r in rows]
