"""Nothing blocks the event loop: a slow database call of one table (or of a request) does not
hold up the room.

The rounds' writes are grouped by the room's writer (:mod:`standpat.server.live.writer`).  On
PostgreSQL it has several threads, so a write stuck on one table does not hold up another
table's messages; on SQLite (one write lock, one writer thread) the other tables' writes wait
for it, but the event loop does not: the room still answers, and nothing is lost."""

from __future__ import annotations

import asyncio
import threading
import time
from pathlib import Path
from typing import Any

from sqlalchemy import select

from standpat.server.config import ServerConfig
from standpat.server.host import Command
from standpat.server.room import LocalHost
from standpat.server.schemas import SeatBot, TableSpec, Watch
from standpat.store import Store, models
from standpat.store.hands import Hands
from standpat.store.tx import Transactions
from tests.server.conftest import fresh_postgres_database
from tests.server.live import PATIENCE


class SlowHands(Hands):
    """Hands whose writes for one table take a long time (a slow disk, a locked row)."""

    def __init__(self, tx: Transactions, slow_table: int) -> None:
        super().__init__(tx)
        self.slow_table = slow_table
        self.stalled = threading.Event()
        self.resumed = threading.Event()

    def log_actions(self, hand_id: int, seq: int, actions: Any, conn: Any = None) -> None:
        if conn is not None:
            table = conn.execute(select(models.hands.c.table_id)
                                 .where(models.hands.c.id == hand_id)).scalar_one()
        else:
            table = self.get(hand_id)["table_id"]
        if table == self.slow_table and not self.stalled.is_set():
            self.stalled.set()
            time.sleep(5.0)
            self.resumed.set()
        super().log_actions(hand_id, seq, actions, conn=conn)


class SlowStore(Store):
    """A store whose writes for one table take a long time."""

    def __init__(self, url: str, slow_table: int) -> None:
        super().__init__(url)
        self.hands = SlowHands(self.tx, slow_table)
        self.stalled = self.hands.stalled
        self.resumed = self.hands.resumed


class Outbox:
    """A connection that notes when each message arrives."""

    def __init__(self, ident: int) -> None:
        self.id = ident
        self.times: list[float] = []

    def send(self, message: dict[str, Any]) -> None:
        if message["type"] == "table":
            self.times.append(time.monotonic())


async def _room(db: str, *, fast_after: bool = False
                ) -> tuple[SlowStore, LocalHost, int, int, Outbox]:
    """A room with two tables of two bots each; the first one's writes will stall.
    ``fast_after``: the second table's bots sit once the first one's write is stuck (the
    writes of one turn of the event loop go in one transaction: two tables that write in
    the same turn as the stuck write would wait with it, by design)."""
    config = ServerConfig(db=db, between_hands=0.0, bot_delay=0.0)
    store = SlowStore(config.db, slow_table=1)
    host = LocalHost(store, config)
    await host.start()
    spec = TableSpec(seats=2)
    slow = await host.open_table(spec, owner=None, operator=True)
    fast = await host.open_table(spec, owner=None, operator=True)
    watcher = Outbox(1)
    await host.send(fast, Command("watch", None, watcher, Watch(type="watch", table=fast)))

    async def seat_bots(table: int) -> None:
        for _ in range(2):
            await host.ask(table, Command("seat-bot", payload=SeatBot(level="house",
                                                                       operator=True)))

    if not fast_after:
        await seat_bots(fast)
    await seat_bots(slow)
    deadline = time.monotonic() + 30 * PATIENCE
    while not store.stalled.is_set():
        assert time.monotonic() < deadline, "the slow table never wrote an action"
        await asyncio.sleep(0.01)
    if fast_after:
        await seat_bots(fast)
    return store, host, slow, fast, watcher


def test_a_slow_write_holds_up_no_other_table_on_postgresql() -> None:
    databases = fresh_postgres_database()
    db = next(databases)

    async def main() -> tuple[int, bool]:
        store, host, _, _, watcher = await _room(db, fast_after=True)
        try:
            before = len(watcher.times)
            while len(watcher.times) < before + 10 and not store.resumed.is_set():
                await asyncio.sleep(0.01)
            return len(watcher.times) - before, store.resumed.is_set()
        finally:
            await host.stop()
            store.close()

    try:
        updates, resumed = asyncio.run(main())
    finally:
        databases.close()
    # the other table played on (ten updates) while the slow one still waited on its write
    assert updates >= 10 and not resumed, (updates, resumed)


def test_a_slow_write_does_not_block_the_event_loop_on_sqlite(tmp_path: Path) -> None:
    async def main() -> tuple[int, bool, int, int]:
        store, host, slow, fast, watcher = await _room(f"sqlite:///{tmp_path / 'room.db'}")
        try:
            # while the write stalls, the loop runs: timers fire and the lobby answers
            ticks = 0
            while ticks < 20 and not store.resumed.is_set():
                await asyncio.sleep(0.01)
                ticks += 1
            lobby = host.summary(fast)["taken"]
            stalled = store.resumed.is_set()
            # afterwards both tables play on
            before = len(watcher.times)
            deadline = time.monotonic() + 30 * PATIENCE
            while len(watcher.times) < before + 10:
                assert time.monotonic() < deadline, "the fast table did not play on"
                await asyncio.sleep(0.01)
            hands = host.summary(slow)["hands"]
            return ticks, stalled, lobby, hands
        finally:
            await host.stop()
            store.close()

    ticks, resumed_early, lobby, hands = asyncio.run(main())
    assert ticks == 20 and not resumed_early, (ticks, resumed_early)
    assert lobby == 2 and hands >= 1
