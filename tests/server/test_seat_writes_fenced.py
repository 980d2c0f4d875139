"""A table's seat writes (sit, seat a bot, add chips, cash out, close, and the seats taken up
again when it starts) go through its fence like its rounds' writes: a node that lost the
table's lease moves no chip and frees no seat."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from sqlalchemy import Connection

from standpat.server.cluster.lease import FencedError
from standpat.server.schemas import AddChips, SeatBot, Sit
from standpat.store import BANK, user_wallet
from tests.server.tables import Outbox, Room


def lost(conn: Connection) -> None:
    """The fence of a node whose lease another node holds now."""
    raise FencedError("table 1: this node's lease is gone")


def test_a_node_without_the_lease_writes_no_seat(tmp_path: Path) -> None:
    async def main() -> None:
        room = Room(tmp_path)
        ann, _ = await room.sit("ann", 0)  # written while the node holds the table
        live, store = room.live, room.store
        before = {s.seat: s.stack for s in store.tables.seats(live.id)}
        live.recorder.fence = lost
        bob = store.accounts.create("bob", "bob-password", grant=1000)
        with pytest.raises(FencedError):
            await room.handle("sit", bob.id, Outbox(2), Sit(type="sit", table=live.id, seat=1))
        assert not room.core.table.present(1) and 1 not in room.core.sitters
        issued = store.ledger.balance(BANK)
        with pytest.raises(FencedError):
            await room.handle("seat-bot", payload=SeatBot(operator=True))
        assert set(room.core.sitters) == {0}
        assert store.ledger.balance(BANK) == issued  # no bot account was granted chips
        with pytest.raises(FencedError):
            await room.handle("add-chips", ann, Outbox(1),
                              AddChips(type="add-chips", table=live.id, amount=50))
        with pytest.raises(FencedError):
            await live.drive(room.core.cash_out(room.core.sitters[0]))
        with pytest.raises(FencedError):
            await live.drive(room.core.close("operator"))
        assert {s.seat: s.stack for s in store.tables.seats(live.id)} == before
        assert store.ledger.balance(user_wallet(bob.id)) == 1000
        assert not store.tables.get(live.id).closed
        assert store.ledger.check() == []
        room.close()

    asyncio.run(main())


def test_a_table_started_without_the_lease_tops_up_no_bot(tmp_path: Path) -> None:
    """The seats taken up again at a start are written through the fence too: a node that
    lost the lease meanwhile gives a short bot no chips from the bank."""

    async def main() -> None:
        room = Room(tmp_path)
        store = room.store
        # a bot left with 5 chips by its last hand (less than the table's minimum buy-in)
        bot = store.accounts.create("bot-Ada-00000001", None, bot=True, grant=5)
        store.tables.sit(room.live.id, 0, bot.id, 5, bot_level="house")
        issued = store.ledger.balance(BANK)
        room.live = room.load(store.tables.get(room.live.id))
        room.live.recorder.fence = lost
        with pytest.raises(FencedError):
            await room.started()
        assert store.ledger.balance(BANK) == issued
        assert store.tables.seats(room.live.id)[0].stack == 5
        assert store.ledger.check() == []
        room.live.recorder.fence = None  # the node holds the lease: the bot is topped up
        room.live = room.load(store.tables.get(room.live.id))
        await room.started()
        assert store.tables.seats(room.live.id)[0].stack == 5 + room.core.options.default_buy_in
        assert store.ledger.check() == []
        room.close()

    asyncio.run(main())
