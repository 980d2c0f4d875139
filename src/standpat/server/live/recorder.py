"""A table's writes, carried out: each kind of :mod:`~standpat.server.live.writes` as the
store call it stands for, made by the process's
:class:`~standpat.server.live.writer.Writer` (off the event loop, grouped with other
tables' writes into one commit) after the table's fence.

In a room of several nodes the fence refuses the write unless this node still holds the
table's lease (:meth:`standpat.server.cluster.keeper.LeaseKeeper.fence`): a node that
lost the table writes nothing, seats and chips included.  A round dealt is written before
anyone hears of it, each action before anyone hears of it, and a round's chips move in
one transaction with the seats it empties and the table's state between rounds.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from sqlalchemy import Connection

from standpat.errors import StandpatError, TournamentStateError
from standpat.server.frames import text
from standpat.server.live import writes as w
from standpat.server.live.writer import Writer
from standpat.store import EntryStatus, Store
from standpat.tournament import Phase

__all__ = ["Fence", "FencedError", "Recorder", "make"]

Fence = Callable[[Connection], None]
"""A check a table's write makes first in its transaction (raises :class:`FencedError` to
refuse it)."""


class FencedError(StandpatError):
    """A write by a node whose lease on the table is gone (taken over or expired): the
    table stops on this node at once, without another write."""


def make(store: Store, table_id: int, op: w.WriteOp, conn: Connection) -> Any:
    """Carry out one write of table ``table_id`` in the transaction ``conn``; its result."""
    match op:
        case w.LogActions(round_id, seq, actions):
            # compact JSON, as orjson writes it
            rows = [(seat, text(action)) for seat, action in actions]
            return store.hands.log_actions(round_id, seq, rows, conn=conn)
        case w.BeginRound(number, seed, commitment, setup, players, button):
            return store.hands.start(table_id, number, seed=seed, commitment=commitment,
                                    setup=setup, players=players, button=button, conn=conn)
        case w.Settle(round_id, net, record, facts):
            return store.hands.finish(table_id, round_id, net, record, facts=facts, conn=conn)
        case w.SaveState(state):
            return store.tables.save_state(table_id, state, conn=conn)
        case w.TakeSeat(seat, account, buy_in, cool_off):
            return store.tables.sit(table_id, seat, account, buy_in, cool_off=cool_off, conn=conn)
        case w.SeatBot(seat, name, level, buy_in):
            bot = store.accounts.create(name, None, bot=True, grant=buy_in, conn=conn)
            store.tables.sit(table_id, seat, bot.id, buy_in, bot_level=level, conn=conn)
            return bot
        case w.Stand(seat):
            return store.tables.stand(table_id, seat, conn=conn)
        case w.AddChips(seat, amount):
            return store.tables.add_chips(table_id, seat, amount, conn=conn)
        case w.RebuyBot(seat, amount):
            return store.tables.rebuy_bot(table_id, seat, amount, conn=conn)
        case w.NewChain(top, length, start):
            return store.tables.new_chain(table_id, top, length, start, conn=conn)
        case w.SetOption(key, value):
            return store.tables.set_option(table_id, key, value, conn=conn)
        case w.CloseTable():
            return store.tables.close(table_id, conn=conn)
        case w.SeatEntrant(seat, account, stack, bot):
            return store.tables.seat_entrant(table_id, seat, account, stack, bot_level=bot,
                                             conn=conn)
        case w.SaveTournament(tournament, state, saves):
            return store.tournaments.save_state(tournament, state, saves=saves, conn=conn)
        case w.BustEntry(entry, place):
            try:
                return store.tournaments.bust(entry, place, conn=conn)
            except TournamentStateError:
                if store.tournaments.entry(entry, conn=conn).status is EntryStatus.REFUNDED:
                    return None  # cancelled a moment ago: its entries were given back
                raise
        case w.PayTournament(tournament, places):
            try:
                return store.tournaments.pay(tournament, conn=conn, places=places)
            except TournamentStateError:
                if store.tournaments.get(tournament, conn=conn).status is Phase.CANCELLED:
                    return None
                raise
    raise TypeError(f"not a table write: {op!r}")


class Recorder:
    """One table's writes: each group of them in one transaction of the writer's, after the
    table's fence."""

    def __init__(
        self, store: Store, table_id: int, writer: Writer, fence: Fence | None = None
    ) -> None:
        self.store = store
        self.table_id = table_id
        self.writer = writer
        self.fence = fence
        """The lease check of a room of several nodes (None: one process)."""

    async def write(self, ops: Sequence[w.WriteOp]) -> list[Any]:
        """Make ``ops`` in order in one transaction, after the fence; their results."""
        store, table_id, fence = self.store, self.table_id, self.fence

        def job(conn: Connection) -> list[Any]:
            if fence is not None:
                fence(conn)
            return [make(store, table_id, op, conn) for op in ops]

        return await self.writer.write(job, table_id)
