"""The room's running tournaments: their directors, their tables, their clock.

:class:`TournamentService` starts a tournament (a sit-and-go once its field is full, a
scheduled one at its time), opens its tables as the room's own tables run by the table
service (:class:`~standpat.server.room.LocalHost`), gives them the orders of its
:class:`~standpat.server.tournaments.director.Director` (each table carries out its own
share in its own writes, see :mod:`standpat.server.live.tournament`) and plays its clock.

Everything a tournament decides is saved with the write that carries it out (its director's
state goes in the same transaction), so after a crash the service reads the directors back,
the tables start again (their hands left running voided, their chips back), and the orders
not carried out yet (a seat to take, a move to make) are given again: nobody is out because
of a crash, and its clock, played time, gives no level away.

In a room of several nodes a tournament is run whole by one node, the one holding its
lease (:class:`Placement`: :class:`~standpat.server.cluster.host.ClusterHost`): its
director and every one of its tables, whose writes are fenced by both leases.  If that node
dies another takes the tournament's lease over, reads the director back, takes its tables
and gives the cut-short orders again, exactly as after a crash of a room of one node.  Each
node looks at the store every second, so a sit-and-go that fills or a late registration made
through any node reaches the node that runs the tournament.
"""

from __future__ import annotations

import asyncio
import logging
import random
import secrets
import time
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, Protocol

from sqlalchemy.exc import OperationalError

from standpat.errors import StandpatError
from standpat.server.host import Command
from standpat.server.live.tournament import TournamentLink
from standpat.server.room import CHAIN_LENGTH
from standpat.server.tournaments.director import CloseAt, Director, MoveTo, OpenAt, Order, SeatAt
from standpat.store import Entry, EntryStatus, Store, TableRecord, TournamentRecord
from standpat.tournament import Phase, Tournament

if TYPE_CHECKING:
    from standpat.server.room import LocalHost
    from standpat.server.tournament_recurring import RecurringSitAndGos

__all__ = ["BOT_LEVEL", "OneNode", "Placement", "TournamentService"]

log = logging.getLogger("standpat.server")

BOT_LEVEL = "normal"
"""How the house bots an operator enters into a tournament play."""
LOOK_EVERY = 1.0
"""Seconds between two looks at the clock and at the tournaments waiting to start."""
RELOAD_AFTER = (0.5, 1.0, 2.0, 5.0)
"""Seconds before a tournament whose table failed a write is read back from the store (then
before each further try, while the database does not answer)."""


class Placement(Protocol):
    """Which node runs a tournament, and where its tables run."""

    several: bool
    """Whether the room has several nodes (each adopts its tournaments once it has joined
    the room, not from the store at its start)."""

    async def claim(self, tournament: int) -> bool:
        """Take the tournament's lease to run it here (False: another node runs it)."""
        ...

    async def run(self, tournament: int, record: TableRecord) -> bool:
        """Run a stored table of a tournament run here (False: not now, try again)."""
        ...

    async def release(self, tournament: int) -> None:
        """The tournament is over here: its lease goes."""
        ...

    def line_elsewhere(self, tournament: int) -> dict[str, Any] | None:
        """What another node says of a tournament it runs (:meth:`TournamentService.line`)."""
        ...

    async def lead(self) -> bool:
        """Whether this node keeps the room's recurring sit-and-gos open (one node does)."""
        ...


class OneNode:
    """The :class:`Placement` of a room of one node: every tournament runs here."""

    several = False

    def __init__(self, host: LocalHost) -> None:
        self.host = host

    async def claim(self, tournament: int) -> bool:
        """Always: no other node runs it."""
        return True

    async def run(self, tournament: int, record: TableRecord) -> bool:
        """Start the table in this process."""
        await self.host.open_stored(record)
        return True

    async def release(self, tournament: int) -> None:
        """Nothing to give up."""

    def line_elsewhere(self, tournament: int) -> dict[str, Any] | None:
        """None: there is nowhere else."""
        return None

    async def lead(self) -> bool:
        """Always: it is the only node."""
        return True


class TournamentService:
    """Every tournament this room (this node of the room) runs (see the module's
    docstring).  ``placement``: a room of several nodes' :class:`Placement` (by default the
    room is this one node)."""

    def __init__(self, store: Store, host: LocalHost, *,
                 placement: Placement | None = None,
                 now: Callable[[], float] = time.monotonic) -> None:
        self.store = store
        self.host = host
        self.placement: Placement = placement or OneNode(host)
        self.now = now
        self.queued: dict[int, list[Order]] = {}
        """Room table id -> orders for a table of a tournament run here that does not run
        here now (starting, starting again after a failure, or taken over and its lease not
        free yet): given at the first look that finds it running."""
        self.closed: set[int] = set()
        """Tournament tables seen closed in the store (never to start again)."""
        self.records: dict[int, TournamentRecord] = {}
        """Running tournaments' records as read at their start (what opens their tables)."""
        self.directors: dict[int, Director] = {}
        """Running tournaments by id."""
        self.rooms: dict[int, dict[int, int]] = {}
        """Tournament -> its table numbers -> the room's table ids."""
        self.links: dict[int, TournamentLink] = {}
        """Room table id -> its link to its tournament."""
        self._loop: asyncio.Task[None] | None = None
        self._jobs: set[asyncio.Task[None]] = set()
        self._lock = asyncio.Lock()
        """One start or one batch of orders at a time."""
        self._opening: dict[tuple[int, int], asyncio.Future[None]] = {}
        """(Tournament, table number) -> the opening of that table under way (orders given
        twice meanwhile, after a restart, wait for it instead of opening it again)."""
        self.recurring: RecurringSitAndGos | None = None
        """The recurring sit-and-gos it keeps open (``standpat serve --tournament``)."""
        self._reloading: set[int] = set()
        """Tournaments being read back from the store after a table's failed write."""
        self._reload_again: set[int] = set()
        """Of those, the ones whose tables failed again meanwhile (read back once more)."""
        host.tournaments = self

    # -- start and stop --------------------------------------------------------------

    async def load(self) -> None:
        """Read the running tournaments back (before the host starts its tables).  A node
        of several adopts its tournaments in :meth:`start` instead, once it has joined."""
        if self.placement.several:
            return
        for record in await asyncio.to_thread(self.store.tournaments.current):
            if record.status is not Phase.RUNNING:
                continue
            state = await asyncio.to_thread(self.store.tournaments.state, record.id)
            if state is None:
                log.error("tournament %s runs but has no saved state: it is not dealt",
                          record.id)
                continue
            self.directors[record.id] = Director.from_json(state)
            self.rooms[record.id] = await asyncio.to_thread(self.store.tournaments.tables,
                                                            record.id)

    async def start(self) -> None:
        """After the host started its tables: give again the orders a crash cut short (a
        node of several: run the running tournaments no node runs), then play the clock."""
        self._last = self.now()
        if self.placement.several:
            for record in await asyncio.to_thread(self.store.tournaments.current):
                if record.status is Phase.RUNNING and await self.placement.claim(record.id):
                    await self.adopt(record.id)
        for tid, director in list(self.directors.items()):
            if not self.placement.several:
                await self._resume(tid, director)
        self._loop = asyncio.create_task(self._run(), name="tournaments")

    async def stop(self) -> None:
        """Stop the clock (the tables stop with the host)."""
        if self._loop is not None:
            self._loop.cancel()
        for job in list(self._jobs):
            job.cancel()

    async def adopt(self, tid: int) -> None:
        """This node took the tournament's lease (a node of several: at its start, or its
        node died): read its director back, run its tables here, give again the orders a
        crash cut short."""
        record = await asyncio.to_thread(self.store.tournaments.get, tid)
        state = await asyncio.to_thread(self.store.tournaments.state, tid)
        if record.status is not Phase.RUNNING or state is None:
            if record.status is Phase.RUNNING:
                log.error("tournament %s runs but has no saved state: it is not dealt", tid)
            await self.placement.release(tid)
            return
        director = Director.from_json(state)
        self.directors[tid] = director
        self.rooms[tid] = await asyncio.to_thread(self.store.tournaments.tables, tid)
        log.warning("tournament %s (%s) runs here now: %s players at %s tables", tid,
                    director.name, len(director.core.alive), len(director.tables))
        await self._gather(tid)
        await self._resume(tid, director)

    def lost(self, tid: int) -> list[int]:
        """Another node took the tournament's lease (this one was away past it): it stops
        here.  The tables of it that run here (to stop, their leases given up)."""
        self.directors.pop(tid, None)
        rooms = self.rooms.pop(tid, {})
        here = [t for t in rooms.values() if t in self.host.tables or t in self.host.fences]
        for table_id in rooms.values():
            self.links.pop(table_id, None)
            self.queued.pop(table_id, None)
        log.error("tournament %s: its lease was lost; another node runs it now", tid)
        return here

    def failed(self, table_id: int) -> bool:
        """A table stopped for a failed write: if it is a tournament's, the whole tournament
        goes on from its last saved state (:meth:`_reload`), and this service starts the
        table again (True); False for a ring game's table (its host starts it again)."""
        link = self.links.get(table_id)
        if link is None:
            return False
        tid = link.tournament
        if tid in self._reloading:
            self._reload_again.add(tid)
        else:
            self._reloading.add(tid)
            self._spawn(self._reload(tid))
        return True

    async def _reload(self, tid: int) -> None:
        """Start tournament ``tid`` again from its last saved state, as after a crash.

        Every write of its tables saves its director (shared by them in memory) as that
        write's hand left it, and one such write failed: the director in memory may hold a
        change the store never saw (a bust placed, a player moved), while the table starts
        again from the store with the hand void. So its tables here stop (their running
        hands void when they start again); once every write given before has been made,
        its director is read back; its tables start again; and the orders the failure cut
        short are given again (:meth:`_resume`). A later write of another of its tables
        made on the lost change is refused by the store (the saves' count), and that table
        fails too: it is stopped and started again here with the rest."""
        try:
            again = True
            while again:
                self._reload_again.discard(tid)
                log.error("tournament %s: a table's write failed; the tournament goes on "
                          "from its last saved state", tid)
                self.directors.pop(tid, None)  # no order of the lost state is carried out
                for table_id in sorted(self.rooms.get(tid, {}).values()):
                    self.queued.pop(table_id, None)
                    await self.host.halt(table_id)
                record, state, rooms = await self._read_back(tid)
                if tid not in self.rooms:  # its lease was lost meanwhile (see lost)
                    return
                self.rooms[tid] = rooms
                director = None
                if record.status is Phase.RUNNING and state is not None:
                    director = self.directors[tid] = Director.from_json(state)
                for table_id in sorted(rooms.values()):
                    if table_id not in self.closed:
                        self.host.start_again(table_id)
                if director is not None:
                    await self._resume(tid, director)
                again = tid in self._reload_again
        finally:
            self._reloading.discard(tid)
            self._reload_again.discard(tid)

    async def _read_back(
        self, tid: int
    ) -> tuple[TournamentRecord, dict[str, Any] | None, dict[int, int]]:
        """A tournament's record, saved director and tables, read once every write given
        before has been made (tried again while the database does not answer)."""
        pauses = iter(RELOAD_AFTER)
        while True:
            await asyncio.sleep(next(pauses, RELOAD_AFTER[-1]))
            try:
                await self.host.settled()
                record = await asyncio.to_thread(self.store.tournaments.get, tid)
                state = await asyncio.to_thread(self.store.tournaments.state, tid)
                rooms = await asyncio.to_thread(self.store.tournaments.tables, tid)
            except Exception as error:
                log.warning("tournament %s cannot be read back yet (%s); trying again", tid,
                            type(error).__name__)
                continue
            return record, state, rooms

    async def _gather(self, tid: int) -> None:
        """Give the tables of a tournament run here the orders queued while they did not run
        here (starting, or starting again after a failure; on a node of several, not yet
        taken over), once they run; a node of several also runs here every open table of it
        that does not run here yet (after a takeover; tried again each second until each
        one's lease is free)."""
        for table_id in sorted(self.rooms.get(tid, {}).values()):
            if table_id in self.closed:
                continue
            if table_id not in self.host.tables:
                if table_id in self.host.fences or not self.placement.several:
                    continue  # starting (again) here: the next look
                record = await asyncio.to_thread(self.store.tables.get, table_id)
                if record.closed:
                    self.closed.add(table_id)
                    continue
                if tid not in self.directors or not await self.placement.run(tid, record):
                    continue
            # the orders queued while it did not run here, however it came to run here (this
            # look, an earlier one, or the host starting it again): else its seats wait forever
            queued = self.queued.pop(table_id, [])
            if queued and table_id in self.host.tables:
                await self.host.send(table_id, Command("tournament", None, None, queued))
            elif queued:
                self.queued[table_id] = queued  # started, not yet running: the next look

    async def _resume(self, tid: int, director: Director) -> None:
        rooms = self.rooms.setdefault(tid, {})
        orders: list[Order] = [OpenAt(n) for n in sorted(director.tables.values())
                               if n not in rooms]
        orders += list(director.pending.values())
        for number, table_id in sorted(rooms.items()):
            if number not in director.tables.values() and table_id in self.host.tables:
                orders.append(CloseAt(number))  # its close was cut short
        if orders:
            log.warning("tournament %s: %s orders given again after a restart", tid,
                        len(orders))
            await self.carry_out(tid, orders)

    # -- what the host asks -----------------------------------------------------------

    def link(self, record: TableRecord) -> TournamentLink | None:
        """A stored table's link to its tournament (None: a ring game's table).
        StandpatError for a tournament table of no running tournament (the host closes
        it: its chips go back to the tournament's)."""
        info = record.config.get("tournament")
        if info is None:
            return None
        tid, number = int(info["id"]), int(info["number"])
        director = self.directors.get(tid)
        if director is None:
            raise StandpatError(f"table {record.id} belongs to tournament {tid}, which does "
                                "not run.")
        link = TournamentLink(tid, number, director, self.rooms.setdefault(tid, {}))
        self.links[record.id] = link
        return link

    def forward(self, link: TournamentLink, orders: Iterable[Order]) -> None:
        """A table's orders for the rest of its tournament (after its write)."""
        self._spawn(self.carry_out(link.tournament, list(orders)))

    # -- registrations and starts ------------------------------------------------------

    async def registered(self, tid: int, entry: Entry) -> None:
        """An entry was bought (through the API or by an operator): a running tournament
        seats it (late registration), a sit-and-go that is full now starts."""
        director = self.directors.get(tid)
        if director is not None:
            await self._catch_up(tid, [entry])
            return
        record = await asyncio.to_thread(self.store.tournaments.get, tid)
        if record.starts_at is None and record.status is Phase.REGISTERING and \
                record.spec.max_entrants is not None and \
                record.alive >= record.spec.max_entrants:
            await self.start_tournament(tid)

    async def _catch_up(self, tid: int, entries: list[Entry] | None = None) -> None:
        """Seat the live entries of a running tournament its director does not know yet
        (late registrations, made through this node or another)."""
        if entries is None:
            entries = await asyncio.to_thread(self.store.tournaments.entries, tid)
        orders: list[Order] = []
        async with self._lock:
            director = self.directors.get(tid)
            if director is None:
                return
            known = set(director.entries.values())
            for entry in sorted(entries, key=lambda e: e.id):
                if entry.status is EntryStatus.LIVE and entry.id not in known:
                    orders += director.register(entry.name, entry.id, entry.account_id,
                                                await self._bot_level(entry))
        if orders:
            await self.carry_out(tid, orders)

    async def start_tournament(self, tid: int) -> None:
        """Start a tournament: its seats drawn, its tables opened, every entrant seated
        (a room of several nodes: by the node that takes its lease)."""
        async with self._lock:
            if tid in self.directors or not await self.placement.claim(tid):
                return
            try:
                record = await asyncio.to_thread(self.store.tournaments.start, tid)
            except Exception:
                await self.placement.release(tid)  # it was not this node's to start
                raise
            entries = await asyncio.to_thread(self.store.tournaments.entries, tid)
            director = Director(Tournament(record.spec, random.Random(secrets.randbits(64))),
                                {}, name=record.spec.name)
            orders: list[Order] = []
            for entry in sorted(entries, key=lambda e: e.id):
                if entry.status is EntryStatus.LIVE:
                    orders += director.register(entry.name, entry.id, entry.account_id,
                                                await self._bot_level(entry))
            if director.core.phase is Phase.REGISTERING:
                orders += director.start()
            self.directors[tid] = director
            self.records[tid] = record
            self.rooms[tid] = {}
            state, saves = director.save()
            await asyncio.to_thread(self.store.tournaments.save_state, tid, state,
                                    saves=saves)
        log.warning("tournament %s (%s) starts: %s entrants at %s tables", tid,
                    record.spec.name, len(director.core.alive), len(director.tables))
        await self.carry_out(tid, orders)

    async def _bot_level(self, entry: Entry) -> str | None:
        account = await asyncio.to_thread(self.store.accounts.get, entry.account_id)
        return BOT_LEVEL if account.is_bot else None

    # -- orders ------------------------------------------------------------------------

    async def carry_out(self, tid: int, orders: list[Order]) -> None:
        """Open the tables to open, then give each table its orders, in order."""
        rooms = self.rooms.setdefault(tid, {})
        for order in orders:
            if isinstance(order, OpenAt) and order.number not in rooms:
                await self._open(tid, order.number)
        by_table: dict[int, list[Order]] = {}
        for order in orders:
            match order:
                case SeatAt(number=n) | CloseAt(number=n):
                    by_table.setdefault(n, []).append(order)
                case MoveTo(from_number=n):
                    by_table.setdefault(n, []).append(order)
        for number, mine in by_table.items():
            table_id = rooms.get(number)
            if table_id is not None and table_id not in self.host.tables \
                    and table_id not in self.closed and tid in self.directors:
                # not running here now (starting, starting again after a failure, taken
                # over and not started yet): the orders wait for it (see _gather)
                self.queued.setdefault(table_id, []).extend(mine)
                continue
            if table_id is None or table_id not in self.host.tables:
                director = self.directors.get(tid)
                log.error("tournament %s: orders for table %s (the room's %s), which is not "
                          "open: %s; the director's tables: %s", tid, number, table_id, mine,
                          None if director is None else director.tables)
                continue
            await self.host.send(table_id, Command("tournament", None, None, mine))

    async def _open(self, tid: int, number: int) -> None:
        """Open table ``number`` of the tournament, once (a second call meanwhile waits for
        the first)."""
        key = (tid, number)
        job = self._opening.get(key)
        if job is None:
            job = self._opening[key] = asyncio.ensure_future(self._create(tid, number))
            job.add_done_callback(lambda _: self._opening.pop(key, None))
        await asyncio.shield(job)

    async def _create(self, tid: int, number: int) -> None:
        record = self.records.get(tid)
        if record is None:  # its game, betting and structure do not change: read once
            record = self.records[tid] = await asyncio.to_thread(self.store.tournaments.get,
                                                                 tid)
        director = self.directors[tid]
        spec = record.spec
        first = spec.structure.level_at(0)
        clock = self.host.config.clock

        def create() -> TableRecord:
            with self.store.tx.begin() as conn:
                table = self.store.tables.create(
                    name=f"{spec.name} - table {number}"[:64], game=record.game,
                    structure=record.betting, stakes=str(first.stakes), seats=spec.seats,
                    config={"clock": float(clock),
                            "tournament": {"id": tid, "number": number}},
                    chain_top=secrets.token_bytes(32), chain_length=CHAIN_LENGTH, conn=conn)
                self.store.tournaments.link_table(tid, number, table.id, conn=conn)
                return table

        table = await asyncio.to_thread(create)
        self.rooms[tid][number] = table.id
        if not await self.placement.run(tid, table):
            log.error("tournament %s: its new table %s could not start here yet", tid,
                      table.id)
        log.info("tournament %s: table %s opened as the room's table %s (%s)", tid, number,
                 table.id, director.name)

    # -- the clock ---------------------------------------------------------------------

    async def _run(self) -> None:
        away = False
        while True:
            await asyncio.sleep(LOOK_EVERY)
            try:
                await self._look()
            except OperationalError as error:  # the database is out of reach: said once
                if not away:
                    log.warning("tournaments wait for the database (%s)",
                                str(error.orig).strip().splitlines()[0] if error.orig
                                else type(error).__name__)
                away = True
            except Exception:
                log.exception("tournaments: a look at the clock failed (trying again)")
            else:
                if away:
                    log.warning("tournaments: the database answers again")
                away = False

    async def _look(self) -> None:
        now = self.now()
        played, self._last = now - self._last, now
        for tid, director in list(self.directors.items()):
            if director.over:
                if not self._closing(tid):  # the last tables' writes need its lease
                    self.directors.pop(tid, None)
                    await self.placement.release(tid)
                continue
            director.advance(played)
        if self.recurring is not None and await self.placement.lead():
            await self.recurring.look()
        current = await asyncio.to_thread(self.store.tournaments.current)
        listed = {record.id for record in current}
        for tid, director in list(self.directors.items()):
            if tid not in listed and not director.over:
                # an operator cancelled it (the store refunded everyone): its tables close,
                # then its lease goes (above, at a later look)
                log.warning("tournament %s was cancelled: its tables close", tid)
                async with self._lock:
                    orders = director.cancel()
                await self.carry_out(tid, orders)
        for record in current:
            if record.id in self.directors:
                director = self.directors[record.id]
                if record.paused != director.core.paused:  # an operator's pause or resume
                    async with self._lock:
                        (director.core.pause if record.paused else director.core.resume)()
                    log.warning("tournament %s %s", record.id,
                                "paused" if record.paused else "resumed")
                    await self._tell_tables(record.id)
                if record.alive != len(director.core.alive):
                    await self._catch_up(record.id)  # registered late through another node
                await self._gather(record.id)  # orders for tables that did not run then
                if record.late_open and not director.core.late_open():
                    await asyncio.to_thread(self.store.tournaments.close_registration,
                                            record.id)
                continue
            if record.status is not Phase.REGISTERING:
                continue
            due = record.starts_at is not None and record.starts_at.timestamp() <= time.time()
            full = record.starts_at is None and record.spec.max_entrants is not None \
                and record.alive >= record.spec.max_entrants
            if due and record.alive < record.spec.min_entrants:
                if not await self.placement.claim(record.id):
                    continue  # another node cancels it
                log.warning("tournament %s: %s entrants of the %s it needs at its start: "
                            "cancelled, every entry refunded", record.id, record.alive,
                            record.spec.min_entrants)
                await asyncio.to_thread(self.store.tournaments.cancel, record.id)
                await self.placement.release(record.id)
            elif due or full:
                await self.start_tournament(record.id)

    def _closing(self, tid: int) -> bool:
        """Whether a table of the tournament still runs (or starts) here: a tournament over
        keeps its lease until its last table has closed, the close being one of its writes
        (fenced by that lease on a node of several)."""
        return any(t in self.host.tables or t in self.host.fences
                   for t in self.rooms.get(tid, {}).values())

    async def _tell_tables(self, tid: int) -> None:
        """Every open table of the tournament sends its watchers the table again (its
        tournament's line changed: a pause, say, at a table between hands)."""
        for table_id in self.rooms.get(tid, {}).values():
            if table_id in self.host.tables:
                await self.host.send(table_id, Command("tournament", None, None, []))

    def line(self, tid: int) -> dict[str, Any] | None:
        """What a running tournament's page adds: the level now (counted from 1) and its
        open tables (None: it does not run here)."""
        director = self.directors.get(tid)
        if director is None:
            return self.placement.line_elsewhere(tid)
        if director.over:
            return None
        rooms = self.rooms.get(tid, {})
        level = TournamentLink(tid, 0, director, rooms).line()
        return {
            "level": {"number": level["level"]} | {
                k: level[k] for k in ("small_blind", "big_blind", "ante", "seconds_left",
                                      "on_break")},
            "tables": [{"id": rooms[room], "number": room,
                        "players": len(director.core.tables[core])}
                       for core, room in sorted(director.tables.items()) if room in rooms],
        }

    def _spawn(self, job: Any) -> None:
        task = asyncio.ensure_future(job)
        self._jobs.add(task)
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Task[None]) -> None:
        self._jobs.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("tournaments: orders failed: %r", task.exception())
