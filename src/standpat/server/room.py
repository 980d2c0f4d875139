"""The one-process table host: every table an asyncio task in this server.

A table starts from the store: its hand left running by a crash is voided (every chip stays
where it was), then its core seats the stored seats again
(:mod:`standpat.server.live.restart`) and its task runs.  A table that stops for a failure
(its database failed a write past the writer's patience) is started again the same way, a
little later, for as long as this host runs it.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Callable, Sequence
from typing import Any

from sqlalchemy import Connection

from standpat.errors import NotFoundError, StandpatError
from standpat.server.config import ServerConfig
from standpat.server.host import BotFactory, Command
from standpat.server.live import LiveTable, TableCore
from standpat.server.live.recorder import Fence, Recorder
from standpat.server.live.restart import Restart
from standpat.server.live.tournament import TournamentHooks
from standpat.server.live.writer import Writer
from standpat.server.schemas import TableSpec
from standpat.server.seatbots import check_level
from standpat.store import Store, TableRecord, VoidedHand
from standpat.table.rooms import hosted_table

__all__ = ["CHAIN_LENGTH", "LocalHost"]

CHAIN_LENGTH = 20_000
"""Hand seeds in a new table's chain."""
RESTART_AFTER = (0.5, 1.0, 2.0, 5.0)
"""Seconds before a failed table is started again (then before each further try)."""
log = logging.getLogger("standpat.server")


class LocalHost:
    """A :class:`~standpat.server.host.TableHost` that runs every table in this process."""

    def __init__(
        self, store: Store, config: ServerConfig, bots: BotFactory | None = None,
        *, now: Callable[[], float] = time.monotonic,
    ) -> None:
        self.store = store
        self.config = config
        self.bots = bots
        self.now = now
        self.tables: dict[int, LiveTable] = {}
        self.voided: list[int] = []
        """Hands voided by this host's starts (crash leftovers, takeovers)."""
        self.writer = Writer(store, patience=config.write_patience, every=config.commit_every)
        """The threads that write every table's rounds (grouped commits)."""
        self.ordered = self.writer if self.writer.threads == 1 else Writer(
            store, threads=1, patience=config.write_patience, every=config.commit_every)
        """The writer of the tournaments' tables: one thread, so their writes commit in the
        order they were made.  Each carries its tournament's state as it was when it was
        made (the state all its tables share): on PostgreSQL, where the room's writer has
        several threads, two tables' writes could commit the other way round, and a crash
        between them would leave a state that does not match the seats."""
        self.fences: dict[int, Fence | None] = {}
        """Each table's fence (None: one process), kept to start it again after a failure."""
        self.refused: list[int] = []
        """Stored tables that could not be started (closed, their chips returned)."""
        self.on_closed: Callable[[int], None] | None = None
        """Told of a table that closed itself (a room of several nodes frees its lease)."""
        self.on_lost: Callable[[int], None] | None = None
        """Told of a table whose write was refused by its fence (the lease is lost)."""
        self._restarts: dict[int, asyncio.Task[None]] = {}
        self.tournaments: TournamentHooks | None = None
        """The room's running tournaments (their tables are linked to them as they load)."""

    async def start(self) -> None:
        """Void hands cut short by a crash, then load and start every stored table.

        A stored table that cannot be started (a row this version cannot deal) is
        logged and closed, with its seats cashed out: it never keeps the room down.
        """
        voided = await asyncio.to_thread(self.store.hands.void_running)
        self.voided.extend(v.id for v in voided)
        for record in await asyncio.to_thread(self.store.tables.open):
            mine = [v for v in voided if v.table_id == record.id]
            try:
                table = await self._load(record, None, _restart("restart", mine))
            except Exception:
                log.exception("table %s cannot be started: it is closed and its chips "
                              "returned", record.id)
                self.refused.append(record.id)
                try:
                    await asyncio.to_thread(self.store.tables.close, record.id)
                except Exception:
                    log.exception("table %s could not be closed either", record.id)
                continue
            self._run(table, None)

    async def _load(
        self, record: TableRecord, fence: Fence | None, restart: Restart | None
    ) -> LiveTable:
        """A table's core and task, its stored seats seated again (its writes fenced)."""
        owner = None
        if record.owner is not None:
            owner = (await asyncio.to_thread(self.store.accounts.get, record.owner)).name
        seats = await asyncio.to_thread(self.store.tables.seats, record.id)
        service = self.tournaments
        link = None if service is None else service.link(record)
        core = TableCore(record, self.config, now=self.now, owner_name=owner,
                         check_bot=self._check_bot, tournament=link)
        table = LiveTable(
            core, self.store,
            Recorder(self.store, record.id, self.writer if link is None else self.ordered,
                     fence),
            self.bots,
            on_close=self._closed, on_fenced=self._fenced, on_failed=self._failed,
            on_forward=None if service is None else service.forward,
        )
        await table.drive(core.start(seats, restart))
        return table

    async def open_stored(self, record: TableRecord) -> None:
        """Start a table stored just now by its tournament."""
        self._run(await self._load(record, None, None), None)

    def _check_bot(self, kind: str, level: str) -> None:
        """TableError for a bot level no bot of this room plays (the room's own factory's
        levels, when it was given one: tests)."""
        if self.bots is None:
            check_level(kind, level)
        else:
            self.bots(level)

    def _run(self, table: LiveTable, fence: Fence | None) -> None:
        self.tables[table.id] = table
        self.fences[table.id] = fence
        table.start()

    async def adopt(self, table_id: int, fence: Fence | None = None, *,
                    reason: str = "moved") -> bool:
        """Run a stored table here (a room of several nodes: this node took its lease):
        its hand left running by the node before, if any, is voided exactly as after a
        crash (in a write fenced like the table's), then the table is loaded and started.
        False if it is closed."""
        store = self.store

        def void(conn: Connection) -> list[VoidedHand]:
            if fence is not None:
                fence(conn)
            return store.hands.void_running(table_id, conn=conn)

        voided = await self.writer.write(void)
        self.voided.extend(v.id for v in voided)
        record = await asyncio.to_thread(store.tables.get, table_id)
        if record.closed:
            return False
        table = await self._load(record, fence, _restart(reason, voided))
        self._run(table, fence)
        if voided:
            log.warning("table %s: hand %s, left running before, voided", table_id,
                        ", ".join(str(v.id) for v in voided))
        return True

    async def drop(self, table_id: int) -> None:
        """Stop running a table without another write (its lease is lost: another node
        runs it now)."""
        self.fences.pop(table_id, None)
        restart = self._restarts.pop(table_id, None)
        if restart is not None:
            restart.cancel()
        table = self.tables.pop(table_id, None)
        if table is not None:
            await table.stop()

    def _fenced(self, table_id: int) -> None:
        self.tables.pop(table_id, None)
        self.fences.pop(table_id, None)
        if self.on_lost is not None:
            self.on_lost(table_id)

    def _failed(self, table_id: int) -> None:
        """A table stopped for a failure: start it again from the store, a little later (a
        tournament's table: its tournament does, with its other tables)."""
        table = self.tables.pop(table_id, None)
        if table is None or table_id in self._restarts:
            return
        if self.tournaments is not None and self.tournaments.failed(table_id):
            return
        self.start_again(table_id)

    def start_again(self, table_id: int) -> None:
        """Start a table that ran here again from the store, a little later (its running
        hand void), unless it is starting again already (or never ran here)."""
        if table_id in self._restarts or table_id in self.tables:
            return
        task = asyncio.create_task(self._restart(table_id), name=f"restart-{table_id}")
        self._restarts[table_id] = task

    async def halt(self, table_id: int) -> None:
        """Stop a table without another write, to start it again (:meth:`start_again`):
        its fence is kept."""
        table = self.tables.pop(table_id, None)
        if table is not None:
            await table.stop()

    async def settled(self) -> None:
        """Wait until every tournament table's write given so far has been made (or has
        failed): their writer makes them in order."""
        await self.ordered.write(lambda conn: None)

    async def _restart(self, table_id: int) -> None:
        """Start a failed table again (voiding its running hand), trying until it works,
        the table is dropped, or its fence refuses (another node runs it)."""
        waits = iter(RESTART_AFTER)
        try:
            while table_id in self.fences:
                await asyncio.sleep(next(waits, RESTART_AFTER[-1]))
                try:
                    if not await self.adopt(table_id, self.fences[table_id], reason="restart"):
                        self.fences.pop(table_id, None)
                    log.warning("table %s started again after a failure", table_id)
                    return
                except StandpatError as error:  # the fence refused: it is not ours
                    log.error("table %s cannot start again here: %s", table_id, error)
                    self._fenced(table_id)
                    return
                except Exception as error:
                    log.warning("table %s cannot start again yet (%s); trying again",
                                table_id, type(error).__name__)
        finally:
            self._restarts.pop(table_id, None)

    async def stop(self) -> None:
        """Stop every table's task."""
        for task in list(self._restarts.values()):
            task.cancel()
        await asyncio.gather(*(t.stop() for t in self.tables.values()))
        await asyncio.to_thread(self.writer.close)
        if self.ordered is not self.writer:
            await asyncio.to_thread(self.ordered.close)

    def table_ids(self) -> list[int]:
        """The ids of the open tables."""
        return sorted(self.tables)

    def has_table(self, table_id: int) -> bool:
        """Whether table ``table_id`` is open."""
        return table_id in self.tables

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
            table = await self._load(record, None, None)
        except StandpatError:
            await asyncio.to_thread(self.store.tables.close, record.id)
            raise
        self._run(table, None)
        return record.id

    async def create(self, spec: TableSpec, *, owner: int | None, operator: bool) -> TableRecord:
        """Check a lobby request in full and store the table (not started)."""
        structure = None if spec.structure is None else spec.structure.value
        # the table checks what it can deal (seats for the game, ...) before anything is stored
        mix = spec.mix()
        game = spec.game if mix is None else mix.games[0]
        probe = hosted_table(game, structure, spec.stakes, seats=spec.seats, rotation=mix)
        seats, stakes = probe.seats, spec.stakes
        clock = self.config.clock if spec.clock is None else spec.clock
        name = spec.name or " ".join(
            part for part in (probe.title, probe.options.stakes, structure) if part
        )
        return await asyncio.to_thread(
            self.store.tables.create,
            name=name[:64],
            game=probe.game,
            structure=probe.structure,  # the table's own (a poker table's default when none)
            stakes=stakes,
            seats=seats,
            config={"clock": float(clock), **({} if spec.hints is None else {"hints": spec.hints}),
                    **({} if mix is None else {"rotation": mix.to_json()})},
            chain_top=secrets.token_bytes(32),
            chain_length=CHAIN_LENGTH,
            owner=owner,
            max_owned=None if operator or owner is None else self.config.max_tables,
        )

    def _closed(self, table_id: int) -> None:
        """A table closed itself (idle, or an operator): forget it."""
        self.tables.pop(table_id, None)
        self.fences.pop(table_id, None)
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


def _restart(reason: str, voided: Sequence[VoidedHand]) -> Restart:
    return Restart("moved" if reason == "moved" else "restart",
                   {v.id: v.accounts for v in voided})
