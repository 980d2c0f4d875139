"""A table's persistence: its rounds and their actions, written as the table plays them.

The recorder keeps a cursor over the round's played actions
(:meth:`~standpat.table.hosted.HostedTable.played`): whatever the table did since the
last write (a player's action, the actions it played by itself for a leaver) is
written in one transaction before anyone hears of it.  A round starts with its set-up
and seed commitment and ends with its chips moved in the ledger in one transaction.
The writes are made by the process's :class:`~standpat.server.live.writer.Writer`,
off the event loop, grouped with other tables' writes into one commit.  In a room of
several nodes each of them first runs the table's ``fence`` in its transaction, which
refuses the write unless this node still holds the table's lease
(:meth:`standpat.server.cluster.keeper.LeaseKeeper.fence`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

from sqlalchemy import Connection

from standpat.server.frames import text
from standpat.server.live.writer import Writer
from standpat.store import Store
from standpat.table.hosted import HostedTable
from standpat.table.stats import round_facts

__all__ = ["Fence", "Recorder"]

T = TypeVar("T")
Fence = Callable[[Connection], None]
"""A check a table's write makes first in its transaction (raises to refuse it)."""


class Recorder:
    """The store calls of one table's rounds, made by a writer thread."""

    def __init__(
        self, store: Store, table_id: int, writer: Writer, fence: Fence | None = None
    ) -> None:
        self.store = store
        self.table_id = table_id
        self.writer = writer
        self.fence = fence
        """The lease check of a room of several nodes (None: one process)."""
        self.round_id = 0
        """The id of the current (or last) round, 0 before the first."""
        self.written = 0
        """How many of the round's actions are written."""
        self.setup: Mapping[str, Any] = {}
        """The current round's set-up."""

    async def begin(
        self,
        number: int,
        *,
        seed: bytes,
        commitment: str,
        setup: Mapping[str, Any],
        players: Sequence[int],
        button: int,
    ) -> int:
        """Record that a round is dealt; its id."""
        store, table_id = self.store, self.table_id
        self.round_id = await self.write(lambda conn: store.start_hand(
            table_id, number, seed=seed, commitment=commitment, setup=setup,
            players=players, button=button, conn=conn,
        ))
        self.written = 0
        self.setup = setup
        return self.round_id

    async def catch_up(self, table: HostedTable) -> None:
        """Write every action the table played since the last write."""
        new = table.played(self.written)
        if not new:
            return
        rows = [(seat, text(action)) for seat, action in new]  # compact JSON, as orjson writes it
        store, round_id, seq = self.store, self.round_id, self.written
        await self.write(lambda conn: store.log_actions(round_id, seq, rows, conn=conn))
        self.written += len(rows)

    async def finish(self, net: Mapping[int, int], record: Mapping[str, Any]) -> None:
        """Settle the round: ``net`` by account moves between seat wallets, in one
        transaction with the round's record and its players' statistics facts."""
        facts = round_facts(self.setup, record)
        store, table_id, round_id = self.store, self.table_id, self.round_id
        await self.write(
            lambda conn: store.finish_hand(
                table_id, round_id, net, record, facts=facts, conn=conn
            )
        )

    async def write(self, job: Callable[[Connection], T]) -> T:
        """Make ``job(conn)`` in a writer thread's transaction, after the table's fence
        (the seat writes go this way too: a node that lost the table writes nothing)."""
        fence = self.fence
        if fence is None:
            return await self.writer.write(job)

        def fenced(conn: Connection) -> T:
            fence(conn)
            return job(conn)

        return await self.writer.write(fenced)
