"""Ghost seats: a table frees the seats of people away too long, past three missed big blinds,
or busted past the rebuy time, and cashes their chips out; a player may leave after his hand.
The table's clock is injected: these tests do not wait."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from standpat.server.config import ServerConfig
from standpat.server.host import Command
from standpat.server.live import LiveTable
from standpat.server.live.commands import handle
from standpat.server.schemas import Leave, SeatBot, Sit, SitOutMessage
from standpat.store import Store, user_wallet


class Outbox:
    """A connection that keeps what it is sent."""

    def __init__(self, ident: int) -> None:
        self.id = ident
        self.messages: list[dict[str, Any]] = []

    def send(self, message: dict[str, Any]) -> None:
        self.messages.append(message)


class Room:
    """A live table driven by hand: commands handled at once, timers fired at fake times."""

    def __init__(self, tmp_path: Path, **options: Any) -> None:
        self.time = 1000.0
        self.config = ServerConfig(db=f"sqlite:///{tmp_path / 'room.db'}", between_hands=1.0,
                                   bot_delay=0.0, **options)
        self.store = Store(self.config.db)
        record = self.store.create_table(
            name="t", game="five-card-draw", structure="fixed-limit", stakes="2/4", seats=3,
            config={}, chain_top=bytes(32), chain_length=100,
        )
        self.live = LiveTable(record, self.store, self.config, now=lambda: self.time)

    async def sit(self, name: str, seat: int) -> tuple[int, Outbox]:
        account = self.store.create_account(name, f"{name}-password", grant=1000)
        outbox = Outbox(seat + 1)
        await handle(self.live, Command("sit", account.id, outbox,
                                        Sit(type="sit", table=self.live.id, seat=seat)))
        return account.id, outbox

    async def bot(self) -> None:
        await handle(self.live, Command("seat-bot", payload=SeatBot(operator=True)))

    async def later(self, seconds: float) -> None:
        """Time passes: the table's timers run as they would (bots act, hands end)."""
        self.time += seconds
        for _ in range(500):
            await self.live._on_timer()
            if not self.live.table.playing:
                break
        else:
            raise AssertionError("the hand did not end")


def test_a_player_away_too_long_loses_his_seat_and_keeps_his_chips(tmp_path: Path) -> None:
    async def main() -> None:
        room = Room(tmp_path, away_limit=600.0)
        await room.bot()
        ann, outbox = await room.sit("ann", 1)
        await handle(room.live, Command("disconnect", ann, outbox))
        await room.later(1.0)  # the table looks at its seats between hands
        await room.later(598.0)
        assert 1 in room.live.sitters
        await room.later(2.0)
        assert 1 not in room.live.sitters
        assert room.store.balance(user_wallet(ann)) == 1000  # no hand played: all back
        assert [s.seat for s in room.store.seats(room.live.id)] == [0]  # the bot alone
        assert room.store.check_ledger() == []

    asyncio.run(main())


def test_a_player_who_misses_three_big_blinds_loses_his_seat(tmp_path: Path) -> None:
    async def main() -> None:
        room = Room(tmp_path, away_limit=10**6, missed_blinds=3)
        await room.bot()
        await room.bot()
        ann, outbox = await room.sit("ann", 2)
        await handle(room.live, Command("sit-out", ann, outbox, SitOutMessage(
            type="sit-out", table=room.live.id)))
        for _ in range(40):
            await room.later(1.5)
            if 2 not in room.live.sitters:
                break
        assert 2 not in room.live.sitters
        assert _left(outbox) == "missed"
        assert room.store.balance(user_wallet(ann)) == 1000
        assert room.store.check_ledger() == []

    asyncio.run(main())


def test_a_player_may_leave_after_his_hand(tmp_path: Path) -> None:
    async def main() -> None:
        room = Room(tmp_path, clock=1.0, time_bank=0.0)
        await room.bot()
        ann, outbox = await room.sit("ann", 1)
        room.time += 1.5
        await room.live._on_timer()  # the first hand is dealt
        assert room.live.table.playing and 1 in room.live.round_seats
        await handle(room.live, Command("leave", ann, outbox, Leave(
            type="leave", table=room.live.id, when="after-hand")))
        assert 1 in room.live.sitters and room.live.table.playing  # he plays it out
        mine = [m for m in outbox.messages if m["type"] == "table" and m["you"]]
        assert mine[-1]["you"]["leaving_after_hand"] is True
        for _ in range(30):  # his clock runs out at each of his turns (he is away from keys)
            if not room.live.table.playing:
                break
            room.time += 1.5
            await room.live._on_timer()
        assert not room.live.table.playing and 1 not in room.live.sitters
        assert _left(outbox) == "left"
        assert room.store.check_ledger() == []

    asyncio.run(main())


def _left(outbox: Outbox) -> str:
    """Why the player's seat was emptied (the reason of his ``left`` message)."""
    reasons = [m["reason"] for m in outbox.messages if m["type"] == "left"]
    assert len(reasons) == 1, reasons
    return str(reasons[0])
