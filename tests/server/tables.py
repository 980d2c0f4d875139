"""A live table driven in this process, by hand: its core and its task on a real SQLite store,
commands carried out at once, its clock a number the test moves (nothing waits)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from standpat.server.config import ServerConfig
from standpat.server.host import BotFactory, Command
from standpat.server.live import LiveTable, TableCore
from standpat.server.live.recorder import Recorder
from standpat.server.live.restart import Restart
from standpat.server.live.writer import Writer
from standpat.server.schemas import SeatBot, Sit
from standpat.store import Store, TableRecord


class Outbox:
    """A connection that keeps what it is sent."""

    def __init__(self, ident: int) -> None:
        self.id = ident
        self.messages: list[dict[str, Any]] = []

    def send(self, message: dict[str, Any]) -> None:
        self.messages.append(message)

    def of(self, kind: str) -> list[dict[str, Any]]:
        """The messages of one type it was sent."""
        return [m for m in self.messages if m["type"] == kind]


class Room:
    """A live table driven by hand: commands handled at once, deadlines at fake times."""

    def __init__(self, tmp_path: Path, *, game: str = "five-card-draw",
                 structure: str = "fixed-limit", stakes: str = "2/4", seats: int = 3,
                 table: dict[str, Any] | None = None, owner: str | None = None,
                 bots: BotFactory | None = None, **options: Any) -> None:
        self.time = 1000.0
        self.config = ServerConfig(**{
            "db": f"sqlite:///{tmp_path / 'room.db'}", "between_hands": 1.0, "bot_delay": 0.0,
            **options})
        self.store = Store(self.config.db)
        self.writer = Writer(self.store)
        self.bots = bots
        self.accounts: dict[str, int] = {}
        if owner is not None:
            self.accounts[owner] = self.store.accounts.create(
                owner, f"{owner}-password", grant=1000).id
        self.record = self.store.tables.create(
            name="t", game=game, structure=structure, stakes=stakes, seats=seats,
            config=table or {}, chain_top=bytes(32), chain_length=100,
            owner=None if owner is None else self.accounts[owner],
        )
        self.live = self.load(self.record)

    def load(self, record: TableRecord, restart: Restart | None = None) -> LiveTable:
        """The table's core and task, as its host makes them (its stored seats seated again
        by :meth:`TableCore.start`, which :meth:`started` carries out)."""
        core = TableCore(record, self.config, now=lambda: self.time)
        live = LiveTable(core, self.store, Recorder(self.store, record.id, self.writer),
                         self.bots)
        self.pending_start = core.start(self.store.tables.seats(record.id), restart)
        return live

    async def started(self) -> LiveTable:
        """Carry out the table's start (a new table's does nothing)."""
        await self.live.drive(self.pending_start)
        return self.live

    async def restart(self, reason: str = "restart") -> LiveTable:
        """The table starts again from the store, as after a crash (its running hand
        voided) or a takeover."""
        voided = self.store.hands.void_running(self.live.id)
        record = self.store.tables.get(self.live.id)
        self.live = self.load(record, Restart("moved" if reason == "moved" else "restart",
                                              {v.id: v.accounts for v in voided}))
        return await self.started()

    @property
    def core(self) -> TableCore:
        return self.live.core

    async def handle(self, kind: str, account: int | None = None, outbox: Outbox | None = None,
                     payload: Any = None) -> Any:
        """Carry out one command; its result (its error raised)."""
        return await self.live.drive(self.core.handle(Command(kind, account, outbox, payload)))

    async def account(self, name: str, chips: int = 1000) -> int:
        """A new player's account with ``chips`` in his bankroll."""
        account = self.store.accounts.create(name, f"{name}-password", grant=chips).id
        self.accounts[name] = account
        return account

    async def sit(self, name: str, seat: int, *, buy_in: int | None = None,
                  outbox: Outbox | None = None) -> tuple[int, Outbox]:
        account = self.accounts.get(name) or await self.account(name)
        outbox = outbox or Outbox(seat + 1)
        await self.handle("sit", account, outbox,
                          Sit(type="sit", table=self.live.id, seat=seat, buy_in=buy_in))
        return account, outbox

    async def bot(self, seat: int | None = None) -> int:
        result = await self.handle("seat-bot", payload=SeatBot(operator=True, seat=seat))
        return int(result)

    async def tick(self) -> None:
        """The deadlines due now."""
        await self.live.drive(self.core.tick())

    async def later(self, seconds: float) -> None:
        """Time passes: the table's deadlines run as they would (bots act, hands end)."""
        self.time += seconds
        for _ in range(500):
            await self.tick()
            if not self.core.table.playing:
                break
        else:
            raise AssertionError("the hand did not end")

    def close(self) -> None:
        self.writer.close()
        self.store.close()
