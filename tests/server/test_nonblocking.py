"""Nothing blocks the event loop: a slow database call of one table (or of a request) does not
hold up another table's messages."""

from __future__ import annotations

import asyncio
import threading
import time
from pathlib import Path
from typing import Any

from standpat.server.config import ServerConfig
from standpat.server.host import Command
from standpat.server.room import LocalHost
from standpat.server.schemas import SeatBot, TableSpec, Watch
from standpat.store import Store


class SlowStore(Store):
    """A store whose writes for one table take a long time (a slow disk, a locked row)."""

    def __init__(self, url: str, slow_table: int) -> None:
        super().__init__(url)
        self.slow_table = slow_table
        self.stalled = threading.Event()
        self.resumed = threading.Event()

    def log_actions(self, hand_id: int, seq: int, actions: Any) -> None:
        if self.hand(hand_id)["table_id"] == self.slow_table and not self.stalled.is_set():
            self.stalled.set()
            time.sleep(5.0)
            self.resumed.set()
        super().log_actions(hand_id, seq, actions)


class Outbox:
    """A connection that notes when each message arrives."""

    def __init__(self, ident: int) -> None:
        self.id = ident
        self.times: list[float] = []

    def send(self, message: dict[str, Any]) -> None:
        if message["type"] == "table":
            self.times.append(time.monotonic())


def test_a_slow_store_call_does_not_delay_another_tables_messages(tmp_path: Path) -> None:
    async def main() -> tuple[int, bool]:
        config = ServerConfig(db=f"sqlite:///{tmp_path / 'room.db'}", between_hands=0.0,
                              bot_delay=0.0)
        store = SlowStore(config.db, slow_table=1)
        host = LocalHost(store, config)
        await host.start()
        try:
            spec = TableSpec(seats=2)
            slow = await host.open_table(spec, owner=None, operator=True)
            fast = await host.open_table(spec, owner=None, operator=True)
            watcher = Outbox(1)
            await host.send(fast, Command("watch", None, watcher, Watch(type="watch", table=fast)))
            for table in (fast, slow):
                for _ in range(2):
                    await host.ask(table, Command("seat-bot", payload=SeatBot(level="house",
                                                                               operator=True)))
            deadline = time.monotonic() + 30
            while not store.stalled.is_set():
                assert time.monotonic() < deadline, "the slow table never wrote an action"
                await asyncio.sleep(0.01)
            before = len(watcher.times)
            while len(watcher.times) < before + 10 and not store.resumed.is_set():
                await asyncio.sleep(0.01)
            return len(watcher.times) - before, store.resumed.is_set()
        finally:
            await host.stop()
            store.close()

    updates, resumed = asyncio.run(main())
    # the other table played on (ten updates) while the slow one still waited on its write
    assert updates >= 10 and not resumed, (updates, resumed)
