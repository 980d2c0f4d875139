"""Ghost seats: a table frees the seats of people away too long, past three missed big blinds,
or busted past the rebuy time, and cashes their chips out; a player may leave after his hand.
The table's clock is injected: these tests do not wait."""

from __future__ import annotations

import asyncio
from pathlib import Path

from standpat.server.schemas import Leave, SitOutMessage
from standpat.store import user_wallet
from tests.server.tables import Outbox, Room


def test_a_player_away_too_long_loses_his_seat_and_keeps_his_chips(tmp_path: Path) -> None:
    async def main() -> None:
        room = Room(tmp_path, away_limit=600.0)
        await room.bot()
        ann, outbox = await room.sit("ann", 1)
        await room.handle("disconnect", ann, outbox)
        await room.later(1.0)  # the table looks at its seats between hands
        await room.later(598.0)
        assert 1 in room.core.sitters
        await room.later(2.0)
        assert 1 not in room.core.sitters
        assert room.store.ledger.balance(user_wallet(ann)) == 1000  # no hand played: all back
        assert [s.seat for s in room.store.tables.seats(room.live.id)] == [0]  # the bot alone
        assert room.store.ledger.check() == []

    asyncio.run(main())


def test_a_player_who_misses_three_big_blinds_loses_his_seat(tmp_path: Path) -> None:
    async def main() -> None:
        room = Room(tmp_path, away_limit=10**6, missed_blinds=3)
        await room.bot()
        await room.bot()
        ann, outbox = await room.sit("ann", 2)
        await room.handle("sit-out", ann, outbox, SitOutMessage(
            type="sit-out", table=room.live.id))
        for _ in range(40):
            await room.later(1.5)
            if 2 not in room.core.sitters:
                break
        assert 2 not in room.core.sitters
        assert _left(outbox) == "missed"
        assert room.store.ledger.balance(user_wallet(ann)) == 1000
        assert room.store.ledger.check() == []

    asyncio.run(main())


def test_a_player_may_leave_after_his_hand(tmp_path: Path) -> None:
    async def main() -> None:
        room = Room(tmp_path, clock=1.0, time_bank=0.0)
        await room.bot()
        ann, outbox = await room.sit("ann", 1)
        room.time += 1.5
        await room.tick()  # the first hand is dealt
        assert room.core.table.playing and 1 in room.core.round_seats
        await room.handle("leave", ann, outbox, Leave(
            type="leave", table=room.live.id, when="after-hand"))
        assert 1 in room.core.sitters and room.core.table.playing  # he plays it out
        mine = [m for m in outbox.messages if m["type"] == "table" and m["you"]]
        assert mine[-1]["you"]["leaving_after_hand"] is True
        for _ in range(30):  # his clock runs out at each of his turns (he is away from keys)
            if not room.core.table.playing:
                break
            room.time += 1.5
            await room.tick()
        assert not room.core.table.playing and 1 not in room.core.sitters
        assert _left(outbox) == "left"
        assert room.store.ledger.check() == []

    asyncio.run(main())


def _left(outbox: Outbox) -> str:
    """Why the player's seat was emptied (the reason of his ``left`` message)."""
    reasons = [m["reason"] for m in outbox.messages if m["type"] == "left"]
    assert len(reasons) == 1, reasons
    return str(reasons[0])
