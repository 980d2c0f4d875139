"""A node of a room of several: the tables it runs under lease, and the way to the others.

:class:`ClusterHost` is the :class:`~standpat.server.host.TableHost` of ``standpat serve
--redis URL --node-id N``.  The web layer talks to it exactly as to the one-process
host; behind it:

- the tables this node runs are a :class:`~standpat.server.room.LocalHost`'s, each
  under a lease in PostgreSQL (:mod:`~standpat.server.cluster.lease`) whose fencing
  token every write of the table checks;
- the node is registered in PostgreSQL under its name, and beats every third of a lease:
  the others know which nodes live (a dead node's players are disconnected from their
  tables) and how many tables each runs (a new table goes to the least loaded); a second
  process under a live node's name is refused;
- a command for a table another node runs goes to that node over Redis
  (:mod:`~standpat.server.cluster.bus`, typed envelopes:
  :mod:`~standpat.server.cluster.envelopes`), always through that node's host, and what
  the table sends each of this node's connections comes back as that receiver's own text:
  hidden cards never reach a node whose clients may not see them;
- every node keeps the room's lobby: each owner writes its tables' lobby lines to a
  Redis hash every second (those that changed; all of them every ten seconds), reads
  the others' and announces a table opened, moved or closed at once;
- a node that dies stops renewing its leases; once one has stayed expired for a moment
  another node takes the table over (the hand in progress voided, as after a crash; the
  players seated as they were) and tells every node, whose connections watching the table
  are sent to the new owner;
- Redis may go away and come back: meanwhile commands to other nodes' tables are refused
  as ``unavailable``; afterwards each node rewrites its lobby lines and sends each of its
  connections the state of the tables it watches on other nodes again;
- a running tournament is run whole by one node, the one holding its lease (the negative
  of its id among the leases): its director and all its tables, whose writes are fenced by
  both leases; the node that takes a dead node's tournament over takes its tables with it
  (the others leave them alone), and each owner writes its tournaments' lines (level,
  tables) to a Redis hash beside the tables' for the other nodes' tournament pages;
- PostgreSQL may go away for less than a lease: writes wait and are tried again, the
  leases are renewed as soon as it answers (a lease that expired meanwhile is still its
  holder's until another node takes it, which it does only after seeing it expired for a
  moment while the database answers).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
import zlib
from typing import TYPE_CHECKING, Any

import orjson
from pydantic import ValidationError
from sqlalchemy import event, text

from standpat.errors import NotFoundError, ProtocolError, StandpatError
from standpat.server.cluster import envelopes as e
from standpat.server.cluster.bus import PREFIX, Bus
from standpat.server.cluster.keeper import LeaseKeeper
from standpat.server.cluster.lease import DuplicateNodeError, Leases, Nodes
from standpat.server.config import ServerConfig
from standpat.server.frames import Frame, encode
from standpat.server.host import BotFactory, Command, Outbox
from standpat.server.live.recorder import Fence
from standpat.server.protocol import error_message
from standpat.server.room import LocalHost
from standpat.server.schemas import TableSpec, Watch
from standpat.server.sessions import SessionSockets
from standpat.store import Store, TableRecord

if TYPE_CHECKING:
    from standpat.server.tournament_service import TournamentService

__all__ = ["ClusterHost", "RemoteOutbox", "SharedSessionSockets"]

log = logging.getLogger("standpat.server")

ASK_TIMEOUT = 10.0
"""Seconds a command waits for another node's reply."""
LOBBY_EVERY = 1.0
"""Seconds between two writes of this node's lobby lines (and reads of the others')."""
MISSING_LEASES = 3
"""Leases a known table's line may be missing from the lobby's hash before this node drops
it (a closed table's goes at once by the close's announcement)."""
LOBBY_REWRITE = 10
"""Every this many lobby turns a node writes all its lines again, changed or not (the
other turns, only those that changed)."""
WATCH_EVERY = 1.0
"""Seconds between two looks at the room's nodes and leases (takeovers, dead nodes)."""
RETRY_EVERY = 0.25
"""Seconds between tries to renew the leases while the database does not answer."""
UNREACHABLE = ProtocolError(
    "unavailable", "the room's nodes cannot reach each other right now; try again shortly.")


class RemoteOutbox:
    """A connection of another node's process, as a table of this node sees it: what the
    table sends it goes back to that node as the text built for this receiver."""

    def __init__(self, bus: Bus, node: str, instance: str, conn: int) -> None:
        self.bus = bus
        self.node = node
        self.instance = instance
        self.conn = conn
        # the same connection always has the same id here (the tables know watchers by id);
        # negative, so never one of this node's own connections'
        self.id = -((zlib.crc32(f"{node}/{instance}".encode()) << 32) | conn)

    @property
    def process(self) -> tuple[str, str]:
        """The (node, instance) the connection belongs to."""
        return self.node, self.instance

    def send(self, message: dict[str, Any]) -> None:
        """Queue the message for the connection's node."""
        self.bus.send(self.node, e.Msg(to=self.instance, conn=self.conn, text=encode(message)))


class SharedSessionSockets(SessionSockets):
    """The sockets of each log-in session on this node; ending a session ends its sockets
    on every node of the room."""

    def __init__(self) -> None:
        super().__init__()
        self.bus: Bus | None = None

    def end(self, token: str) -> None:
        """Close the session's sockets here and tell the other nodes to close theirs."""
        super().end(token)
        if self.bus is not None:
            self.bus.broadcast(e.SessionEnd(token=token))

    def end_here(self, token: str) -> None:
        """Close the session's sockets of this node only (another node said so)."""
        super().end(token)


def superseded(line: dict[str, Any], known: dict[str, Any]) -> bool:
    """Whether a table's lobby line comes from an owner the table has since left: another
    node's line with a lower lease token (fencing tokens only rise as nodes take a table
    over).  Such a line can arrive late: a node that woke from a pause past its lease may
    list the table once more before it stops running it, and the shared hash keeps the old
    owner's line until the new owner writes its own.

    >>> superseded({"node": "n1", "lease": 1}, {"node": "n3", "lease": 2})
    True
    >>> superseded({"node": "n3", "lease": 2}, {"node": "n1", "lease": 1})
    False
    >>> superseded({"node": "n1", "lease": 1}, {"node": "n1", "lease": 1})
    False
    """
    return bool(line.get("node") != known.get("node")
                and int(line.get("lease", 0)) < int(known.get("lease", 0)))


class ClusterHost:
    """The :class:`~standpat.server.host.TableHost` of one node of a room of several."""

    def __init__(self, store: Store, config: ServerConfig, bots: BotFactory | None = None) -> None:
        if not store.tx.postgres:
            raise StandpatError("a room of several nodes needs PostgreSQL: give --db "
                                "postgresql://...")
        if config.redis is None:
            raise StandpatError("a room of several nodes needs Redis: give --redis redis://...")
        self.store = store
        self.config = config
        self.node = config.node_id
        self.instance = secrets.token_hex(6)
        """This process, among the processes that have run under the node's name."""
        self.local = LocalHost(store, config, bots)
        self.local.on_closed = self._closed
        self.local.on_lost = self._fenced
        self.sockets = SharedSessionSockets()
        self.bus = Bus(config.redis, self.node, self._arrived, on_up=self._bus_up)
        self.sockets.bus = self.bus
        self.nodes: Nodes | None = None
        self.keeper: LeaseKeeper | None = None
        self.lobby: dict[int, dict[str, Any]] = {}
        """Every table of the room: its lobby line, with the node that runs it."""
        self.learnt: dict[int, float] = {}
        """When each line came from an announcement (not from the shared hash)."""
        self.missing_since: dict[int, float] = {}
        """Since when each known table's line has been missing from the lobby's hash."""
        self.connections: dict[int, Outbox] = {}
        """This node's connections that sent a command to a table, by id."""
        self.watching: dict[int, dict[int, int | None]] = {}
        """Table id -> the connections of this node that watch it -> their account."""
        self.remote: dict[int, dict[int, tuple[RemoteOutbox, int | None]]] = {}
        """Table id (run here) -> other nodes' connections watching it (by id) -> the
        connection and its account."""
        self.alive: dict[tuple[str, str], int] = {}
        """The live nodes' processes and the tables each runs, as last read."""
        self._missing: dict[tuple[str, str], float] = {}
        """Processes of this node's watchers not seen alive, since when."""
        self.pending: dict[str, asyncio.Future[Any]] = {}
        """Commands sent to other nodes, waiting for their reply."""
        self._tasks: set[asyncio.Task[Any]] = set()
        self.renewed = time.monotonic()
        """When this node last renewed its leases (it writes lobby lines only while fresh)."""
        self._loops: list[asyncio.Task[None]] = []
        self._written: dict[int, bytes] = {}
        """This node's lobby lines as last written to the shared hash."""
        self._lobby_turn = 0
        self._read: dict[int, tuple[Any, dict[str, Any]]] = {}
        """The others' lines as last read from the shared hash, and their decoding."""
        self._failing: set[str] = set()
        """Background jobs failing now (each said once per outage in the log)."""
        self.tournaments: TournamentService | None = None
        """The tournaments this node runs (it is their :class:`~standpat.server.
        tournament_service.Placement`)."""
        self.several = True
        """A :class:`~standpat.server.tournament_service.Placement` of several nodes."""
        self.tournament_lines: dict[int, dict[str, Any]] = {}
        """The other nodes' running tournaments' lines, as last read."""

    @property
    def tables(self) -> dict[int, Any]:
        """The tables this node runs (for /metrics)."""
        return self.local.tables

    # -- start and stop ----------------------------------------------------------------

    def register(self) -> None:
        """Take this node's name in the room (before serving): refused with
        :class:`DuplicateNodeError` while another live process runs under it.  A name whose
        process died is taken as soon as its heartbeat is a lease old."""
        leases = Leases(self.store.tx.engine, self.node, self.config.lease)
        nodes = Nodes(self.store.tx.engine, self.node, self.instance, self.config.lease)
        deadline = time.monotonic() + self.config.lease + 2
        first = nodes.holder()
        while not nodes.register():
            held = nodes.holder()
            if held is not None and first is not None and held.instance == first.instance \
                    and held.beat > first.beat:  # it beat again meanwhile: it lives
                raise DuplicateNodeError(
                    f"node {self.node!r} is already running in this room (it beat "
                    f"{held.ago:.1f} s ago): give each node its own --node-id.")
            if time.monotonic() > deadline:
                raise DuplicateNodeError(
                    f"node {self.node!r} is taken in this room and did not lapse within a "
                    "lease: give each node its own --node-id.")
            first = first or held
            time.sleep(0.5)
        self.nodes = nodes
        self.keeper = LeaseKeeper(leases, self._lost)

    async def start(self) -> None:
        """Join the room: listen on Redis, take every table nobody runs, keep the leases."""
        # a transaction this node leaves open (the node paused mid-write) is ended by
        # PostgreSQL after a lease, so that it does not hold a lease row from a takeover
        timeout = int(self.config.lease * 1000)

        @event.listens_for(self.store.tx.engine, "connect")
        def _idle_timeout(dbapi_conn: Any, _record: Any) -> None:
            with dbapi_conn.cursor() as cursor:
                cursor.execute(f"SET idle_in_transaction_session_timeout = {timeout}")
            dbapi_conn.commit()

        await asyncio.to_thread(self.store.tx.engine.dispose)  # new connections get it
        if self.nodes is None:
            await asyncio.to_thread(self.register)
        assert self.keeper is not None and self.nodes is not None
        # the room's keys and channels are named after its database: rooms may share a Redis
        self.bus.prefix = f"{PREFIX}:{await asyncio.to_thread(self._database)}"
        await self.bus.start()
        await self._read_lobby()
        for record in await asyncio.to_thread(self.store.tables.open):
            if record.config.get("tournament") is None:  # those go with their tournament
                await self._claim(record.id)
        await self._write_lobby()
        await self.keeper.call(self.nodes.beat, len(self.local.tables))
        self._loops = [asyncio.create_task(self._renew_loop(), name="renew-leases"),
                       asyncio.create_task(self._watch_loop(), name="watch-nodes"),
                       asyncio.create_task(self._lobby_loop(), name="lobby")]
        log.info("node %s joined the room: it runs %s tables", self.node,
                 len(self.local.tables))

    def _database(self) -> str:
        with self.store.tx.engine.connect() as conn:
            return str(conn.execute(text("SELECT current_database()")).scalar_one())

    async def stop(self) -> None:
        """Stop this node's tables and give their leases up (the others take them over at
        once)."""
        for task in self._loops:
            task.cancel()
        for task in self._loops:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        await self.local.stop()
        if self.keeper is not None:
            if self.nodes is not None:
                with contextlib.suppress(Exception):
                    await self.keeper.call(self.nodes.leave)
            await self.keeper.release_all()
        await self.bus.stop()

    # -- leases ------------------------------------------------------------------------

    async def _claim(self, table_id: int) -> bool:
        """Take a table's lease if it is free and run the table here."""
        assert self.keeper is not None
        token = await self.keeper.claim(table_id)
        if token is None:
            return False
        return await self._run(table_id, token)

    async def _run(self, table_id: int, token: int, fence: Fence | None = None) -> bool:
        assert self.keeper is not None
        try:
            running = await self.local.adopt(
                table_id, fence or self.keeper.fence(table_id, token))
        except Exception:
            log.exception("node %s: table %s cannot be started here", self.node, table_id)
            running = False
        if not running:
            self.keeper.held.pop(table_id, None)
            with contextlib.suppress(Exception):
                await self.keeper.call(self.keeper.leases.forget, table_id, token)
            return False
        line = self._line(table_id)
        self._moved(table_id, line)  # this node's connections watching it come along
        self._written.pop(table_id, None)  # the lobby loop writes its line
        self.bus.broadcast(e.Owner(table=table_id, line=line))
        return True

    async def _renew_loop(self) -> None:
        """Renew the leases (and beat) every third of a lease; while the database does not
        answer, try again every :data:`RETRY_EVERY` seconds."""
        assert self.keeper is not None and self.nodes is not None
        while True:
            try:
                await self.keeper.renew_all()
                if not await self.keeper.call(self.nodes.beat, len(self.local.tables)):
                    log.error("node %s: another process took this node's name (this one "
                              "stopped beating for longer than a lease)", self.node)
                if time.monotonic() - self.renewed > self.config.lease:
                    # this node was away (paused, or cut off from the database) for longer
                    # than a lease: the others took its connections for lost; watch again
                    log.warning("node %s: back after %.0f s away; its connections watch their "
                                "tables again", self.node, time.monotonic() - self.renewed)
                    self._spawn(self._resync())
                self.renewed = time.monotonic()
                self._recovered("leases")
                pause = self.config.lease / 3
            except Exception as error:
                self._failed("leases", error)
                pause = RETRY_EVERY
            await asyncio.sleep(pause)

    async def _watch_loop(self) -> None:
        """Every :data:`WATCH_EVERY` seconds: which nodes live; take over the tables whose
        lease stayed expired; disconnect the players of dead processes."""
        assert self.keeper is not None and self.nodes is not None
        while True:
            await asyncio.sleep(WATCH_EVERY)
            try:
                self.alive = await self.keeper.call(self.nodes.alive)
                nodes = len({node for node, _ in self.alive})
                for lease in await self.keeper.take_over(
                        nodes, skip=self.store.tournaments.table_ids):
                    if lease == 0:
                        log.warning("node %s keeps the recurring sit-and-gos now", self.node)
                    elif lease < 0:
                        await self._take_tournament(-lease)
                    elif await self._run(lease, self.keeper.held[lease]):
                        log.warning("node %s took table %s over", self.node, lease)
                self._forget_the_dead()
                self._recovered("nodes")
            except Exception as error:
                # what was seen before the database went away proves nothing now
                self.keeper.suspects.clear()
                self._missing.clear()
                self._failed("nodes", error)

    def _failed(self, job: str, error: BaseException) -> None:
        if job not in self._failing:
            self._failing.add(job)
            log.warning("node %s: %s: %s (trying again)", self.node, job,
                        str(error).strip().splitlines()[0] if str(error).strip()
                        else type(error).__name__)

    def _recovered(self, job: str) -> None:
        if job in self._failing:
            self._failing.discard(job)
            log.warning("node %s: %s: working again", self.node, job)

    def _lost(self, table_id: int) -> None:
        """The keeper could not renew a lease: another node runs the table (or the
        tournament: the negative of its id) now."""
        if table_id == 0:
            return  # the recurring sit-and-gos: another node keeps them now
        if table_id < 0:
            if self.tournaments is not None:
                for table in self.tournaments.lost(-table_id):
                    self._give_up(table)
            return
        self.remote.pop(table_id, None)
        self._spawn(self.local.drop(table_id))

    def _give_up(self, table_id: int) -> None:
        """Stop running a table of a tournament another node runs now, and free its lease
        at once (that node takes it)."""
        self.remote.pop(table_id, None)
        token = None if self.keeper is None else self.keeper.held.pop(table_id, None)

        async def stop() -> None:
            await self.local.drop(table_id)
            if token is not None and self.keeper is not None:
                await self.keeper.call(self.keeper.leases.release, table_id, token)

        self._spawn(stop())

    # -- tournaments (this node is their Placement) ------------------------------------

    async def _take_tournament(self, tid: int) -> None:
        """This node took a dead node's tournament over: it runs it, and its tables."""
        if self.tournaments is None:
            await self.release(tid)
            return
        log.warning("node %s takes tournament %s over", self.node, tid)
        await self.tournaments.adopt(tid)

    async def claim(self, tournament: int) -> bool:
        """Take a tournament's lease (free, or expired) to run it on this node."""
        assert self.keeper is not None
        return await self.keeper.claim(-tournament) is not None

    async def run(self, tournament: int, record: TableRecord) -> bool:
        """Run a table of a tournament this node runs, under the table's lease, its writes
        fenced by both leases (False: its lease is not free yet, or the tournament's is
        lost)."""
        assert self.keeper is not None
        held = self.keeper.held.get(-tournament)
        if held is None or record.id in self.keeper.held:
            return False
        token = await self.keeper.claim(record.id)
        if token is None:
            return False
        table_fence = self.keeper.fence(record.id, token)
        tournament_fence = self.keeper.fence(-tournament, held)

        def fence(conn: Any) -> None:
            table_fence(conn)
            tournament_fence(conn)

        return await self._run(record.id, token, fence)

    async def release(self, tournament: int) -> None:
        """A tournament over (or not this node's to run): its lease and line go."""
        assert self.keeper is not None
        token = self.keeper.held.pop(-tournament, None)
        if token is not None:
            with contextlib.suppress(Exception):
                await self.keeper.call(self.keeper.leases.forget, -tournament, token)
        with contextlib.suppress(Exception):
            await self.bus.redis.hdel(self.bus.key("tournaments"), str(tournament))

    async def lead(self) -> bool:
        """Whether this node keeps the room's recurring sit-and-gos open: it holds lease 0
        (taken when free; a dead keeper's is taken over like a table's)."""
        assert self.keeper is not None
        return 0 in self.keeper.held or await self.keeper.claim(0) is not None

    def line_elsewhere(self, tournament: int) -> dict[str, Any] | None:
        """The line the node that runs a tournament last wrote (None: no node does)."""
        line = self.tournament_lines.get(tournament)
        return None if line is None else {k: v for k, v in line.items() if k != "node"}

    def _fenced(self, table_id: int) -> None:
        """A write of the table was refused by its fence: it stopped; forget its lease."""
        self.remote.pop(table_id, None)
        if self.keeper is not None:
            self.keeper.held.pop(table_id, None)

    def _closed(self, table_id: int) -> None:
        """A table of this node closed itself: its lease and lobby line go."""
        self.lobby.pop(table_id, None)
        self.remote.pop(table_id, None)
        self.bus.broadcast(e.Closed(table=table_id))
        if self.keeper is not None:
            token = self.keeper.held.pop(table_id, None)
            if token is not None:
                self._spawn(self.keeper.call(self.keeper.leases.forget, table_id, token))
        self._spawn(self._forget_line(table_id))

    async def _forget_line(self, table_id: int) -> None:
        with contextlib.suppress(Exception):
            await self.bus.redis.hdel(self.bus.key("tables"), str(table_id))

    def _forget_the_dead(self) -> None:
        """Other processes' connections that watch this node's tables, whose process has
        not been alive on two looks a moment apart, are lost (their players are away, but keep
        sitting in for a reconnect window while they come back through another node)."""
        now = time.monotonic()
        seen: set[tuple[str, str]] = set()
        for table_id, watchers in list(self.remote.items()):
            for conn_id, (outbox, account) in list(watchers.items()):
                process = outbox.process
                if process in self.alive:
                    continue
                seen.add(process)
                since = self._missing.setdefault(process, now)
                if now - since < WATCH_EVERY:
                    continue
                del watchers[conn_id]
                self._spawn(self._to_table(table_id, Command("lost", account, outbox)))
        self._missing = {p: t for p, t in self._missing.items() if p in seen}

    # -- Redis comes back --------------------------------------------------------------

    def _bus_up(self) -> None:
        """Redis is back after an outage: what it kept is gone and what was said meanwhile
        was lost, so write the lobby again, send every connection of this node the state
        of the tables it watches on other nodes again, close the sockets of sessions ended
        meanwhile, and tell the other nodes.

        The nodes subscribe again one by one. A node back before this one sent its watches
        of this node's tables, and the ends of sessions, while nobody here listened; told
        that this one is back (:class:`~standpat.server.cluster.envelopes.Back`), it
        sends its watches again (:meth:`_watch_again`) and closes its sockets of sessions
        this one ended meanwhile (:meth:`_close_ended_sessions`)."""
        self._spawn(self._resync())
        self.bus.broadcast(e.Back(node=self.node))

    async def _close_ended_sessions(self) -> None:
        """Close this node's sockets whose log-in session ended while the nodes could not
        tell each other (its ``SessionEnd`` was lost): the database says which are live."""
        tokens = self.sockets.tokens()
        try:
            live = await asyncio.to_thread(self.store.sessions.live, tokens)
        except Exception as error:
            self._failed("sessions", error)
            return
        self._recovered("sessions")
        for token in tokens:
            if token not in live:
                self.sockets.end_here(token)

    def _watch_again(self, node: str | None = None) -> None:
        """This node's connections watch again the tables they watch on other nodes (only
        those that ``node`` runs, if given): each is sent its table's state afresh."""
        for table_id in list(self.watching):
            if table_id in self.local.tables:
                continue
            line = self.lobby.get(table_id)
            if node is not None and (line is None or line.get("node") != node):
                continue
            self._rewatch_all(table_id)

    def _rewatch_all(self, table_id: int) -> None:
        """This node's connections watching table ``table_id`` watch it again."""
        for conn_id, account in list(self.watching.get(table_id, {}).items()):
            outbox = self.connections.get(conn_id)
            if outbox is not None:
                self._spawn(self._rewatch(table_id, account, outbox))

    async def _resync(self) -> None:
        self._lobby_turn = 0
        self._written.clear()
        try:
            await self._write_lobby()
            await self._read_lobby()
        except Exception as error:
            self._failed("lobby", error)
        self._watch_again()
        await self._close_ended_sessions()

    async def _rewatch(self, table_id: int, account: int | None, outbox: Outbox) -> None:
        with contextlib.suppress(StandpatError):
            await self.send(table_id, Command(
                "watch", account, outbox,
                Watch.model_validate({"type": "watch", "table": table_id})))

    # -- the lobby ---------------------------------------------------------------------

    def _line(self, table_id: int) -> dict[str, Any]:
        lease = 0 if self.keeper is None else self.keeper.held.get(table_id, 0)
        return {**self.local.summary(table_id), "node": self.node, "lease": lease}

    async def _write_lobby(self) -> None:
        if time.monotonic() - self.renewed > self.config.lease:
            return  # paused past its leases, or cut off from the database: not its to say
        every = self._lobby_turn % LOBBY_REWRITE == 0
        self._lobby_turn += 1
        lines: dict[str, bytes] = {}
        written = self._written
        held = None if self.keeper is None else self.keeper.held
        for table_id in list(self.local.tables):
            if held is not None and table_id not in held:
                continue  # its lease is lost (the table stops here): no longer its to list
            line = orjson.dumps(self._line(table_id))
            if every or written.get(table_id) != line:
                lines[str(table_id)] = line
        if lines:
            await self.bus.redis.hset(self.bus.key("tables"), mapping=lines)  # type: ignore[arg-type]
            for key, line in lines.items():
                written[int(key)] = line
        for table_id in set(written) - set(self.local.tables):
            del written[table_id]
        service = self.tournaments
        if service is not None and held is not None:
            mine = {str(tid): orjson.dumps({**shown, "node": self.node})
                    for tid in list(service.directors) if -tid in held
                    and (shown := service.line(tid)) is not None}
            if mine:
                await self.bus.redis.hset(self.bus.key("tournaments"), mapping=mine)  # type: ignore[arg-type]

    async def _read_lobby(self) -> None:
        running = await self.bus.redis.hgetall(self.bus.key("tournaments"))
        self.tournament_lines = {int(k): orjson.loads(v) for k, v in running.items()}
        stored = await self.bus.redis.hgetall(self.bus.key("tables"))
        listed: set[int] = set()
        read, known, local = self._read, self.lobby, self.local.tables
        for key, value in stored.items():
            table_id = int(key)
            listed.add(table_id)
            if table_id in local:
                continue  # this node's own line
            last = read.get(table_id)
            if last is not None and last[0] == value:
                line = last[1]
                if known.get(table_id) is line:
                    continue  # as read last time, and nothing said of the table since
            else:
                line = orjson.loads(value)
                read[table_id] = (value, line)
            self._moved(table_id, line, announced=False)
        for table_id in set(read) - listed:
            del read[table_id]
        # a line missing from the hash is a closed table's (its close is also announced),
        # unless it was learnt just now (its owner announced it while the hash was read) or
        # its owner could not write it for a while (paused, or its renewals late): a line
        # goes once it has been missing for a few leases
        now = time.monotonic()
        recent = now - 2 * LOBBY_EVERY
        for table_id in set(self.lobby) - listed - set(local):
            missing = self.missing_since.setdefault(table_id, now)
            if self.learnt.get(table_id, 0.0) < recent and now - missing > MISSING_LEASES * \
                    self.config.lease:
                del self.lobby[table_id]
                self.learnt.pop(table_id, None)
                self.missing_since.pop(table_id, None)
        for table_id in set(self.missing_since) & listed:
            del self.missing_since[table_id]

    async def _lobby_loop(self) -> None:
        while True:
            await asyncio.sleep(LOBBY_EVERY)
            if not self.bus.up:
                continue
            try:
                await self._write_lobby()
                await self._read_lobby()
                self._recovered("lobby")
            except Exception as error:
                self._failed("lobby", error)

    def _learn(self, table_id: int, line: dict[str, Any]) -> None:
        self.lobby[table_id] = line
        self.learnt[table_id] = time.monotonic()

    def _moved(self, table_id: int, line: dict[str, Any], *, announced: bool = True) -> None:
        """A table's line from its owner; if the owner changed, this node's connections
        watching it are sent to the new one.  A line older than the one known (see
        :func:`superseded`) is ignored."""
        before = self.lobby.get(table_id)
        if before is not None and superseded(line, before):
            return
        if announced:
            self._learn(table_id, line)
        else:
            self.lobby[table_id] = line
        if before is None or before.get("node") == line.get("node"):
            return
        if table_id in self.local.tables and line.get("node") != self.node:
            return  # a stale line: this node runs the table
        self._rewatch_all(table_id)

    # -- the TableHost interface ------------------------------------------------------

    def table_ids(self) -> list[int]:
        """Every open table of the room."""
        return sorted(set(self.lobby) | set(self.local.tables))

    def has_table(self, table_id: int) -> bool:
        """Whether table ``table_id`` is open, on this node or another."""
        return table_id in self.local.tables or table_id in self.lobby

    def summary(self, table_id: int) -> dict[str, Any]:
        """A table's lobby line (this node's own, or its owner's latest)."""
        if table_id in self.local.tables:
            return self._line(table_id)
        line = self.lobby.get(table_id)
        if line is None:
            raise NotFoundError(f"there is no table {table_id}.")
        return line

    async def open_table(self, spec: TableSpec, *, owner: int | None, operator: bool) -> int:
        """Store the table, and start it on the node that runs the fewest tables."""
        record = await self.local.create(spec, owner=owner, operator=operator)
        node = await self._least_loaded()
        if node != self.node and self.bus.up:
            try:
                line = await self._request(node, e.Adopt(sender=self.node, table=record.id,
                                                         corr=secrets.token_hex(8)))
            except StandpatError as error:
                log.warning("node %s could not start table %s (%s): it runs here", node,
                            record.id, error)
            else:
                if line is not None:
                    self._learn(record.id, line)
                    return record.id
        if not await self._claim(record.id):
            raise ProtocolError("unavailable", "the table could not be started; try again.")
        return record.id

    async def _least_loaded(self) -> str:
        """The live node that runs the fewest tables (this one on a tie)."""
        assert self.keeper is not None and self.nodes is not None
        loads = await self.keeper.call(self.nodes.loads)
        loads[self.node] = len(self.local.tables)
        return min(loads, key=lambda n: (loads[n], n != self.node, n))

    async def send(self, table_id: int, command: Command) -> None:
        """Queue a command for a table, here or on its node."""
        self._note(table_id, command)
        if table_id in self.local.tables:
            await self.local.send(table_id, command)
            return
        node = self._owner(table_id)
        if not self.bus.up:
            raise UNREACHABLE
        self.bus.send(node, self._envelope(table_id, command))

    async def ask(self, table_id: int, command: Command) -> Any:
        """Queue a command and wait for its result, here or from its node."""
        self._note(table_id, command)
        if table_id in self.local.tables:
            return await self.local.ask(table_id, command)
        return await self._request(self._owner(table_id),
                                   self._envelope(table_id, command, secrets.token_hex(8)))

    def _owner(self, table_id: int) -> str:
        line = self.lobby.get(table_id)
        if line is None:
            raise ProtocolError("no-table", f"there is no table {table_id}.")
        return str(line["node"])

    def _note(self, table_id: int, command: Command) -> None:
        """Keep which of this node's connections watch which table (to send them to its
        next node if its node dies, or their state again after a Redis outage)."""
        outbox = command.outbox
        if outbox is None or isinstance(outbox, RemoteOutbox):
            return
        watchers = self.watching.setdefault(table_id, {})
        if command.kind in ("watch", "sit"):
            watchers[outbox.id] = command.account
            self.connections[outbox.id] = outbox
        elif command.kind in ("unwatch", "disconnect", "lost"):
            watchers.pop(outbox.id, None)
            if command.kind != "unwatch" and not any(
                outbox.id in w for w in self.watching.values()
            ):
                self.connections.pop(outbox.id, None)
        else:
            self.connections.setdefault(outbox.id, outbox)

    def _envelope(self, table_id: int, command: Command, corr: str | None = None) -> e.Cmd:
        model, payload = e.pack(command.payload)
        return e.Cmd(sender=self.node, instance=self.instance, table=table_id,
                     kind=command.kind, account=command.account,
                     conn=None if command.outbox is None else command.outbox.id,
                     model=model, payload=payload, corr=corr)

    async def _request(self, node: str, envelope: e.Cmd | e.Adopt) -> Any:
        """Send an envelope that wants a reply, and wait for it."""
        if not self.bus.up:
            raise UNREACHABLE
        corr = envelope.corr
        assert corr is not None
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self.pending[corr] = future
        self.bus.send(node, envelope)
        try:
            return await asyncio.wait_for(future, ASK_TIMEOUT)
        except TimeoutError:
            raise ProtocolError(
                "unavailable", "the table's node did not answer; try again."
            ) from None
        finally:
            self.pending.pop(corr, None)

    # -- what other nodes send ----------------------------------------------------------

    def _arrived(self, envelope: e.Envelope) -> None:
        match envelope:
            case e.Msg(to=to, conn=conn, text=body):
                if to != self.instance:
                    return  # for an earlier process of this node's name: its sockets are gone
                outbox = self.connections.get(conn)
                if outbox is not None:
                    outbox.send(Frame.of({}, body))
            case e.Cmd():
                self._command(envelope)
            case e.Reply(corr=corr, result=result, error=error):
                future = self.pending.get(corr)
                if future is not None and not future.done():
                    if error is None:
                        future.set_result(result)
                    else:
                        future.set_exception(e.error_of(error))
            case e.Adopt():
                self._spawn(self._adopt(envelope))
            case e.Owner(table=table_id, line=line):
                if table_id not in self.local.tables or line.get("node") == self.node:
                    self._moved(table_id, line)
            case e.Closed(table=table_id):
                if table_id not in self.local.tables:
                    self.lobby.pop(table_id, None)
                    self.missing_since.pop(table_id, None)
                    self.watching.pop(table_id, None)
            case e.SessionEnd(token=token):
                self.sockets.end_here(token)
            case e.Back(node=node):
                if node != self.node:
                    self._watch_again(node)
                    self._spawn(self._close_ended_sessions())

    def _command(self, envelope: e.Cmd) -> None:
        table_id, corr = envelope.table, envelope.corr
        outbox = None if envelope.conn is None else RemoteOutbox(
            self.bus, envelope.sender, envelope.instance, envelope.conn)
        try:
            payload = e.unpack(envelope.model, envelope.payload)
        except (ValidationError, ProtocolError) as error:
            log.warning("node %s: a %s command from node %s was refused: %s", self.node,
                        envelope.kind, envelope.sender, error)
            refused = ProtocolError("bad-message", "the command could not be read.")
            self._answer_error(envelope, outbox, refused)
            return
        command = Command(envelope.kind, envelope.account, outbox, payload)
        if table_id not in self.local.tables:
            refused = ProtocolError("no-table", f"table {table_id} is not run by this node; "
                                    "try again.")
            if envelope.kind not in ("disconnect", "unwatch", "lost"):
                self._answer_error(envelope, outbox, refused)
            return
        if outbox is not None:
            watchers = self.remote.setdefault(table_id, {})
            if command.kind in ("watch", "sit"):
                watchers[outbox.id] = (outbox, command.account)
            elif command.kind in ("unwatch", "disconnect", "lost"):
                watchers.pop(outbox.id, None)
        if corr is None:
            self._spawn(self._to_table(table_id, command))
            return
        self._spawn(self._answer(envelope.sender, corr, table_id, command))

    async def _to_table(self, table_id: int, command: Command) -> None:
        """Queue another node's command for a table of this node (a table that stopped
        meanwhile: its connection is told, as on the table's own node)."""
        try:
            await self.local.send(table_id, command)
        except StandpatError as error:
            if command.outbox is not None and command.kind not in ("disconnect", "unwatch",
                                                                   "lost"):
                command.outbox.send(error_message(
                    "no-table", str(error), getattr(command.payload, "ref", None)))

    def _answer_error(self, envelope: e.Cmd, outbox: Outbox | None, error: StandpatError) -> None:
        if envelope.corr is not None:
            self.bus.send(envelope.sender, e.Reply(corr=envelope.corr, error=e.failure(error)))
        elif outbox is not None:
            outbox.send(error_message(
                getattr(error, "code", "error"), str(error),
                getattr(_payload_or_none(envelope), "ref", None)))

    async def _answer(self, node: str, corr: str, table_id: int, command: Command) -> None:
        try:
            result = await self.local.ask(table_id, command)
            orjson.dumps(result)
        except Exception as error:
            self.bus.send(node, e.Reply(corr=corr, error=e.failure(error)))
        else:
            self.bus.send(node, e.Reply(corr=corr, result=result))

    async def _adopt(self, envelope: e.Adopt) -> None:
        try:
            started = await self._claim(envelope.table)
            line = self._line(envelope.table) if started else None
        except Exception as error:
            self.bus.send(envelope.sender, e.Reply(corr=envelope.corr, error=e.failure(error)))
        else:
            self.bus.send(envelope.sender, e.Reply(corr=envelope.corr, result=line))

    def _spawn(self, work: Any) -> None:
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("node %s: a task failed", self.node, exc_info=task.exception())


def _payload_or_none(envelope: e.Cmd) -> Any:
    with contextlib.suppress(Exception):
        return e.unpack(envelope.model, envelope.payload)
    return None
