"""The one-process table host: every table an asyncio task in this server."""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Callable
from typing import Any

from standpat.errors import NotFoundError, StandpatError
from standpat.server.config import ServerConfig
from standpat.server.host import BotFactory, Command
from standpat.server.live import LiveTable
from standpat.server.live.recorder import Fence
from standpat.server.live.writer import Writer
from standpat.server.schemas import TableSpec
from standpat.store import Store, TableRecord
from standpat.table.rooms import hosted_table

__all__ = ["CHAIN_LENGTH", "LocalHost"]

CHAIN_LENGTH = 20_000
"""Hand seeds in a new table's chain."""
log = logging.getLogger("standpat.server")


class LocalHost:
    """A :class:`~standpat.server.host.TableHost` that runs every table in this process."""

    def __init__(
        self, store: Store, config: ServerConfig, bots: BotFactory | None = None
    ) -> None:
        self.store = store
        self.config = config
        self.bots = bots
        self.tables: dict[int, LiveTable] = {}
        self.voided: list[int] = []
        self.writer = Writer(store)
        """The thread that writes every table's rounds (grouped commits)."""
        self.refused: list[int] = []
        """Stored tables that could not be started (closed, their chips returned)."""
        self.on_closed: Callable[[int], None] | None = None
        """Told of a table that closed itself (a room of several nodes frees its lease)."""
        self.on_lost: Callable[[int], None] | None = None
        """Told of a table whose write was refused by its fence (the lease is lost)."""

    async def start(self) -> None:
        """Void hands cut short by a crash, then load and start every stored table.

        A stored table that cannot be started (a row this version cannot deal) is
        logged and closed, with its seats cashed out: it never keeps the room down.
        """
        self.voided = await asyncio.to_thread(self.store.void_running_hands)
        for record in await asyncio.to_thread(self.store.tables):
            try:
                table = await asyncio.to_thread(self._load, record)
            except Exception:
                log.exception("table %s cannot be started: it is closed and its chips "
                              "returned", record.id)
                self.refused.append(record.id)
                try:
                    await asyncio.to_thread(self.store.close_table, record.id)
                except Exception:
                    log.exception("table %s could not be closed either", record.id)
                continue
            self.tables[record.id] = table
            table.start()

    def _load(self, record: TableRecord, fence: Fence | None = None) -> LiveTable:
        return LiveTable(record, self.store, self.config, self.bots, on_close=self._closed,
                         writer=self.writer, fence=fence, on_fenced=self._fenced)

    async def adopt(self, table_id: int, fence: Fence | None = None) -> bool:
        """Run a stored table here (a room of several nodes: this node took its lease):
        its hand left running by the node before, if any, is voided exactly as after a
        crash, then the table is loaded and started.  False if it is closed."""
        voided = await asyncio.to_thread(self.store.void_running_hands, table_id)
        self.voided.extend(voided)
        record = await asyncio.to_thread(self.store.table, table_id)
        if record.closed:
            return False
        table = await asyncio.to_thread(self._load, record, fence)
        self.tables[table_id] = table
        table.start()
        if voided:
            log.warning("table %s: hand %s, left running by its node before, voided",
                        table_id, ", ".join(map(str, voided)))
        return True

    async def drop(self, table_id: int) -> None:
        """Stop running a table without another write (its lease is lost: another node
        runs it now)."""
        table = self.tables.pop(table_id, None)
        if table is not None:
            await table.stop()

    def _fenced(self, table_id: int) -> None:
        self.tables.pop(table_id, None)
        if self.on_lost is not None:
            self.on_lost(table_id)

    async def stop(self) -> None:
        """Stop every table's task."""
        await asyncio.gather(*(t.stop() for t in self.tables.values()))
        await asyncio.to_thread(self.writer.close)

    def table_ids(self) -> list[int]:
        """The ids of the open tables."""
        return sorted(self.tables)

    def summary(self, table_id: int) -> dict[str, Any]:
        """A table's lobby line (read without a round trip: it only reads)."""
        return self._table(table_id).summary()

    async def open_table(self, spec: TableSpec, *, owner: int | None, operator: bool) -> int:
        """Check a lobby request in full, then store the table and start its task.

        Nothing is stored for a request the table would refuse, so a refused
        request never leaves a row behind for the next start to trip on.
        """
        record = await self.create(spec, owner=owner, operator=operator)
        try:
            table = await asyncio.to_thread(self._load, record)
        except StandpatError:
            await asyncio.to_thread(self.store.close_table, record.id)
            raise
        self.tables[record.id] = table
        table.start()
        return record.id

    async def create(self, spec: TableSpec, *, owner: int | None, operator: bool) -> TableRecord:
        """Check a lobby request in full and store the table (not started)."""
        structure = None if spec.structure is None else spec.structure.value
        # the table checks what it can deal (seats for the game, ...) before anything is stored
        probe = hosted_table(spec.game, structure, spec.stakes, seats=spec.seats)
        seats, stakes = probe.seats, spec.stakes
        clock = self.config.clock if spec.clock is None else spec.clock
        name = spec.name or " ".join(
            part for part in (probe.title, probe.options.stakes, structure) if part
        )
        return await asyncio.to_thread(
            self.store.create_table,
            name=name[:64],
            game=probe.game,
            structure=probe.structure,  # the table's own (a poker table's default when none)
            stakes=stakes,
            seats=seats,
            config={"clock": float(clock), **({} if spec.hints is None else {"hints": spec.hints})},
            chain_top=secrets.token_bytes(32),
            chain_length=CHAIN_LENGTH,
            owner=owner,
            max_owned=None if operator or owner is None else self.config.max_tables,
        )

    def _closed(self, table_id: int) -> None:
        """A table closed itself (idle): forget it."""
        self.tables.pop(table_id, None)
        if self.on_closed is not None:
            self.on_closed(table_id)

    async def send(self, table_id: int, command: Command) -> None:
        """Queue a command for a table."""
        self._table(table_id).queue.put_nowait(command)

    async def ask(self, table_id: int, command: Command) -> Any:
        """Queue a command and wait for its result."""
        command.reply = asyncio.get_running_loop().create_future()
        self._table(table_id).queue.put_nowait(command)
        return await command.reply

    def _table(self, table_id: int) -> LiveTable:
        table = self.tables.get(table_id)
        if table is None:
            raise NotFoundError(f"there is no table {table_id}.")
        return table
