"""A table's seat writes (sit, seat a bot, add chips, cash out, close) go through its fence like
its rounds' writes: a node that lost the table's lease moves no chip and frees no seat."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from sqlalchemy import Connection

from standpat.server.cluster.lease import FencedError
from standpat.server.host import Command
from standpat.server.live.commands import handle
from standpat.server.schemas import AddChips, SeatBot, Sit
from standpat.store import BANK, user_wallet
from tests.server.test_seats_freed import Outbox, Room


def lost(conn: Connection) -> None:
    """The fence of a node whose lease another node holds now."""
    raise FencedError("table 1: this node's lease is gone")


def test_a_node_without_the_lease_writes_no_seat(tmp_path: Path) -> None:
    async def main() -> None:
        room = Room(tmp_path)
        ann, _ = await room.sit("ann", 0)  # written while the node holds the table
        live, store = room.live, room.store
        before = {s.seat: s.stack for s in store.seats(live.id)}
        live.recorder.fence = lost
        bob = store.create_account("bob", "bob-password", grant=1000)
        with pytest.raises(FencedError):
            await handle(live, Command("sit", bob.id, Outbox(2),
                                       Sit(type="sit", table=live.id, seat=1)))
        assert not live.table.present(1) and 1 not in live.sitters
        issued = store.balance(BANK)
        with pytest.raises(FencedError):
            await handle(live, Command("seat-bot", payload=SeatBot(operator=True)))
        assert set(live.sitters) == {0}
        assert store.balance(BANK) == issued  # no bot account was granted chips
        with pytest.raises(FencedError):
            await handle(live, Command("add-chips", ann, Outbox(1),
                                       AddChips(type="add-chips", table=live.id, amount=50)))
        with pytest.raises(FencedError):
            await live.cash_out(live.sitters[0])
        with pytest.raises(FencedError):
            await live.close("operator")
        assert {s.seat: s.stack for s in store.seats(live.id)} == before
        assert store.balance(user_wallet(bob.id)) == 1000
        assert not store.table(live.id).closed
        assert store.check_ledger() == []

    asyncio.run(main())
