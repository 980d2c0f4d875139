"""A node of a room of several: the tables it runs under lease, and the way to the others.

:class:`ClusterHost` is the :class:`~standpat.server.host.TableHost` of ``standpat serve
--redis URL --node-id N``.  The web layer talks to it exactly as to the one-process
host; behind it:

- the tables this node runs are a :class:`~standpat.server.room.LocalHost`'s, each
  under a lease in PostgreSQL (:mod:`~standpat.server.cluster.lease`) whose fencing
  token every write of the table's rounds checks;
- a command for a table another node runs goes to that node over Redis
  (:mod:`~standpat.server.cluster.bus`), and what the table sends each of this node's
  connections comes back as that receiver's own text: hidden cards never reach a node
  whose clients may not see them;
- every node keeps the room's lobby: each owner writes its tables' lobby lines to a
  Redis hash every second (those that changed; all of them every ten seconds), reads
  the others' (decoding only those that changed) and announces a table opened, moved
  or closed at once;
- a new table goes to the node running the fewest; a node that dies stops renewing its
  leases, and once they expire another node takes its tables over (the hand in
  progress voided, as after a crash) and tells every node, whose connections watching
  those tables are sent to the new owner;
- a log-in session that ends closes its sockets on every node.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
import zlib
from typing import Any

import orjson
from pydantic import BaseModel
from sqlalchemy import event, text

from standpat import errors
from standpat.errors import NotFoundError, ProtocolError, StandpatError
from standpat.server import schemas
from standpat.server.cluster.bus import PREFIX, Bus, Envelope
from standpat.server.cluster.keeper import LeaseKeeper
from standpat.server.cluster.lease import Leases
from standpat.server.config import ServerConfig
from standpat.server.frames import Frame, encode
from standpat.server.host import BotFactory, Command, Outbox
from standpat.server.protocol import error_message
from standpat.server.room import LocalHost
from standpat.server.schemas import TableSpec, Watch
from standpat.server.sessions import SessionSockets
from standpat.store import Store

__all__ = ["ClusterHost", "RemoteOutbox", "SharedSessionSockets"]

log = logging.getLogger("standpat.server")

ASK_TIMEOUT = 10.0
"""Seconds a command waits for another node's reply."""
LOBBY_EVERY = 1.0
"""Seconds between two writes of this node's lobby lines (and reads of the others')."""
LOBBY_REWRITE = 10
"""Every this many lobby turns a node writes all its lines again, changed or not (the
other turns, only those that changed)."""


class RemoteOutbox:
    """A connection of another node, as a table of this node sees it: what the table
    sends it goes back to that node as the text built for this receiver."""

    def __init__(self, bus: Bus, node: str, conn: int) -> None:
        self.bus = bus
        self.node = node
        self.conn = conn
        # the same connection always has the same id here (the tables know watchers by id);
        # negative, so never one of this node's own connections'
        self.id = -((zlib.crc32(node.encode()) << 32) | conn)

    def send(self, message: dict[str, Any]) -> None:
        """Queue the message for the connection's node."""
        self.bus.send(self.node, {"op": "msg", "conn": self.conn, "text": encode(message)})


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
            self.bus.broadcast({"op": "session-end", "token": token})

    def end_here(self, token: str) -> None:
        """Close the session's sockets of this node only (another node said so)."""
        super().end(token)


class ClusterHost:
    """The :class:`~standpat.server.host.TableHost` of one node of a room of several."""

    def __init__(self, store: Store, config: ServerConfig, bots: BotFactory | None = None) -> None:
        if not store.postgres:
            raise StandpatError("a room of several nodes needs PostgreSQL: give --db "
                                "postgresql://...")
        if config.redis is None:
            raise StandpatError("a room of several nodes needs Redis: give --redis redis://...")
        self.store = store
        self.config = config
        self.node = config.node_id
        self.local = LocalHost(store, config, bots)
        self.local.on_closed = self._closed
        self.local.on_lost = self._fenced
        self.sockets = SharedSessionSockets()
        self.bus = Bus(config.redis, self.node, self._arrived)
        self.sockets.bus = self.bus
        self.keeper: LeaseKeeper | None = None
        self.lobby: dict[int, dict[str, Any]] = {}
        """Every table of the room: its lobby line, with the node that runs it."""
        self.learnt: dict[int, float] = {}
        """When each line came from an announcement (not from the shared hash)."""
        self.connections: dict[int, Outbox] = {}
        """This node's connections that sent a command to a table, by id."""
        self.watching: dict[int, dict[int, int | None]] = {}
        """Table id -> the connections of this node that watch it -> their account."""
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

    @property
    def tables(self) -> dict[int, Any]:
        """The tables this node runs (for /metrics)."""
        return self.local.tables

    # -- start and stop ----------------------------------------------------------------

    async def start(self) -> None:
        """Join the room: listen on Redis, take every table nobody runs, keep the leases."""
        # a transaction this node leaves open (the node paused mid-write) is ended by
        # PostgreSQL after a lease, so that it does not hold a lease row from a takeover
        timeout = int(self.config.lease * 1000)

        @event.listens_for(self.store.engine, "connect")
        def _idle_timeout(dbapi_conn: Any, _record: Any) -> None:
            with dbapi_conn.cursor() as cursor:
                cursor.execute(f"SET idle_in_transaction_session_timeout = {timeout}")
            dbapi_conn.commit()

        await asyncio.to_thread(self.store.engine.dispose)  # new connections get it
        leases = await asyncio.to_thread(Leases, self.store.engine, self.node,
                                         self.config.lease)
        # the room's keys and channels are named after its database: rooms may share a Redis
        self.bus.prefix = f"{PREFIX}:{await asyncio.to_thread(self._database)}"
        self.keeper = LeaseKeeper(leases, self._lost)
        await self.bus.start()
        await self._read_lobby()
        for record in await asyncio.to_thread(self.store.tables):
            await self._claim(record.id)
        await self._write_lobby()
        await self._publish_load()  # before the first request: new tables may come here
        self._loops = [asyncio.create_task(self._keep(), name="keep-leases"),
                       asyncio.create_task(self._lobby_loop(), name="lobby")]
        log.info("node %s joined the room: it runs %s tables", self.node,
                 len(self.local.tables))

    def _database(self) -> str:
        with self.store.engine.connect() as conn:
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
            await self.keeper.release_all()
        with contextlib.suppress(Exception):
            await self.bus.redis.delete(self._load_key(self.node))
        await self.bus.stop()

    # -- leases ------------------------------------------------------------------------

    async def _claim(self, table_id: int) -> bool:
        """Take a table's lease if it is free and run the table here."""
        assert self.keeper is not None
        token = await self.keeper.claim(table_id)
        if token is None:
            return False
        return await self._run(table_id, token)

    async def _run(self, table_id: int, token: int) -> bool:
        assert self.keeper is not None
        try:
            running = await self.local.adopt(table_id, self.keeper.fence(table_id, token))
        except Exception:
            log.exception("node %s: table %s cannot be started here", self.node, table_id)
            running = False
        if not running:
            self.keeper.held.pop(table_id, None)
            await asyncio.to_thread(self.keeper.leases.forget, table_id, token)
            return False
        line = self._line(table_id)
        self._moved(table_id, line)  # this node's connections watching it come along
        await self.bus.redis.hset(self.bus.key("tables"), str(table_id), orjson.dumps(line))
        await self._publish_load()
        self.bus.broadcast({"op": "owner", "table": table_id, "line": line})
        return True

    async def _publish_load(self) -> None:
        """Tell the other nodes how many tables this one runs (for new tables' placement);
        it lapses with a lease if the node dies."""
        await self.bus.redis.set(self._load_key(self.node), len(self.local.tables),
                                 px=int(self.config.lease * 1000))

    def _learn(self, table_id: int, line: dict[str, Any]) -> None:
        self.lobby[table_id] = line
        self.learnt[table_id] = time.monotonic()

    async def _keep(self) -> None:
        """Renew the leases every third of their length; take over the tables of nodes
        that stopped renewing theirs."""
        assert self.keeper is not None
        while True:
            try:
                await self.keeper.renew_all()
                self.renewed = time.monotonic()
                for table_id in await self.keeper.take_over(len(await self._loads())):
                    if not await self._run(table_id, self.keeper.held[table_id]):
                        continue
                    log.warning("node %s took table %s over", self.node, table_id)
                await self._publish_load()
                await self._forget_the_dead()
            except Exception:
                log.exception("node %s: keeping the leases failed", self.node)
            await asyncio.sleep(self.config.lease / 3)

    def _lost(self, table_id: int) -> None:
        """The keeper could not renew a lease: another node runs the table now."""
        self._spawn(self.local.drop(table_id))

    def _fenced(self, table_id: int) -> None:
        """A write of the table was refused by its fence: it stopped; forget its lease."""
        if self.keeper is not None:
            self.keeper.held.pop(table_id, None)

    def _closed(self, table_id: int) -> None:
        """A table of this node closed itself: its lease and lobby line go."""
        self.lobby.pop(table_id, None)
        self.bus.broadcast({"op": "closed", "table": table_id})
        if self.keeper is not None:
            token = self.keeper.held.pop(table_id, None)
            if token is not None:
                self._spawn(asyncio.to_thread(self.keeper.leases.forget, table_id, token))
        self._spawn(self.bus.redis.hdel(self.bus.key("tables"), str(table_id)))

    def _load_key(self, node: str) -> str:
        return self.bus.key("load", node)

    # -- the lobby ---------------------------------------------------------------------

    def _line(self, table_id: int) -> dict[str, Any]:
        return {**self.local.summary(table_id), "node": self.node}

    async def _write_lobby(self) -> None:
        if time.monotonic() - self.renewed > self.config.lease:
            return  # paused past its leases, or cut off from the database: not its to say
        every = self._lobby_turn % LOBBY_REWRITE == 0
        self._lobby_turn += 1
        lines: dict[str, bytes] = {}
        written = self._written
        for table_id in list(self.local.tables):
            line = orjson.dumps(self._line(table_id))
            if every or written.get(table_id) != line:
                lines[str(table_id)] = written[table_id] = line
        for table_id in set(written) - set(self.local.tables):
            del written[table_id]
        if lines:
            await self.bus.redis.hset(self.bus.key("tables"), mapping=lines)  # type: ignore[arg-type]

    async def _read_lobby(self) -> None:
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
        # a line not in the hash is a closed table's, unless it was learnt just now (its
        # owner announced it while the hash was read)
        recent = time.monotonic() - 2 * LOBBY_EVERY
        for table_id in set(self.lobby) - listed - set(local):
            if self.learnt.get(table_id, 0.0) < recent:
                del self.lobby[table_id]
                self.learnt.pop(table_id, None)

    async def _lobby_loop(self) -> None:
        while True:
            await asyncio.sleep(LOBBY_EVERY)
            try:
                await self._write_lobby()
                await self._read_lobby()
            except Exception:
                log.exception("node %s: the lobby could not be shared", self.node)

    def _moved(self, table_id: int, line: dict[str, Any], *, announced: bool = True) -> None:
        """A table's line from its owner; if the owner changed, this node's connections
        watching it are sent to the new one."""
        before = self.lobby.get(table_id)
        if announced:
            self._learn(table_id, line)
        else:
            self.lobby[table_id] = line
        if before is None or before.get("node") == line.get("node"):
            return
        if table_id in self.local.tables and line.get("node") != self.node:
            return  # a stale line: this node runs the table
        for conn_id, account in list(self.watching.get(table_id, {}).items()):
            outbox = self.connections.get(conn_id)
            if outbox is not None:
                self._spawn(self.send(table_id, Command(
                    "watch", account, outbox,
                    Watch.model_validate({"type": "watch", "table": table_id}))))

    # -- the TableHost interface ------------------------------------------------------

    def table_ids(self) -> list[int]:
        """Every open table of the room."""
        return sorted(set(self.lobby) | set(self.local.tables))

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
        if node != self.node:
            try:
                line = await self._request(node, {"op": "adopt", "table": record.id})
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

    async def _loads(self) -> dict[str, int]:
        """The live nodes (this one included) and how many tables each runs."""
        loads = {self.node: len(self.local.tables)}
        async for key in self.bus.redis.scan_iter(match=self._load_key("*")):
            node = key.decode().rsplit(":", 1)[1]
            value = await self.bus.redis.get(key)
            if node != self.node and value is not None:
                loads[node] = int(value)
        return loads

    async def _least_loaded(self) -> str:
        loads = await self._loads()
        return min(loads, key=lambda n: (loads[n], n != self.node, n))

    async def _forget_the_dead(self) -> None:
        """Connections of nodes that died are disconnected from this node's tables (as
        when a socket closes: their players get the reconnect window)."""
        live = await self._loads()
        for table in list(self.local.tables.values()):
            for outbox, account in list(table.audience.watchers.values()):
                if isinstance(outbox, RemoteOutbox) and outbox.node not in live:
                    table.queue.put_nowait(Command("disconnect", account, outbox))
                    table.audience.remove(outbox.id)

    async def send(self, table_id: int, command: Command) -> None:
        """Queue a command for a table, here or on its node."""
        self._note(table_id, command)
        if table_id in self.local.tables:
            await self.local.send(table_id, command)
            return
        self.bus.send(self._owner(table_id), self._envelope(table_id, command))

    async def ask(self, table_id: int, command: Command) -> Any:
        """Queue a command and wait for its result, here or from its node."""
        self._note(table_id, command)
        if table_id in self.local.tables:
            return await self.local.ask(table_id, command)
        return await self._request(self._owner(table_id), self._envelope(table_id, command))

    def _owner(self, table_id: int) -> str:
        line = self.lobby.get(table_id)
        if line is None:
            raise ProtocolError("no-table", f"there is no table {table_id}.")
        return str(line["node"])

    def _note(self, table_id: int, command: Command) -> None:
        """Keep which of this node's connections watch which table (to send them to its
        next node if its node dies)."""
        outbox = command.outbox
        if outbox is None or isinstance(outbox, RemoteOutbox):
            return
        watchers = self.watching.setdefault(table_id, {})
        if command.kind in ("watch", "sit"):
            watchers[outbox.id] = command.account
            self.connections[outbox.id] = outbox
        elif command.kind in ("unwatch", "disconnect"):
            watchers.pop(outbox.id, None)
            if command.kind == "disconnect" and not any(
                outbox.id in w for w in self.watching.values()
            ):
                self.connections.pop(outbox.id, None)
        else:
            self.connections.setdefault(outbox.id, outbox)

    def _envelope(self, table_id: int, command: Command) -> Envelope:
        return {
            "op": "cmd",
            "from": self.node,
            "via": self.node,
            "table": table_id,
            "kind": command.kind,
            "account": command.account,
            "conn": None if command.outbox is None else command.outbox.id,
            "payload": _pack(command.payload),
        }

    async def _request(self, node: str, envelope: Envelope) -> Any:
        """Send an envelope that wants a reply, and wait for it."""
        corr = secrets.token_hex(8)
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self.pending[corr] = future
        self.bus.send(node, {**envelope, "corr": corr, "from": self.node})
        try:
            return await asyncio.wait_for(future, ASK_TIMEOUT)
        except TimeoutError:
            raise ProtocolError(
                "unavailable", "the table's node did not answer; try again."
            ) from None
        finally:
            self.pending.pop(corr, None)

    # -- what other nodes send ----------------------------------------------------------

    def _arrived(self, envelope: Envelope) -> None:
        op = envelope.get("op")
        if op == "msg":
            outbox = self.connections.get(int(envelope["conn"]))
            if outbox is not None:
                outbox.send(Frame.of({}, str(envelope["text"])))
        elif op == "cmd":
            self._command(envelope)
        elif op == "reply":
            future = self.pending.get(str(envelope["corr"]))
            if future is not None and not future.done():
                if envelope["ok"]:
                    future.set_result(envelope.get("result"))
                else:
                    future.set_exception(_error(envelope["error"]))
        elif op == "adopt":
            self._spawn(self._adopt(envelope))
        elif op == "owner":
            table_id = int(envelope["table"])
            if table_id not in self.local.tables or envelope["line"]["node"] == self.node:
                self._moved(table_id, envelope["line"])
        elif op == "closed":
            table_id = int(envelope["table"])
            if table_id not in self.local.tables:
                self.lobby.pop(table_id, None)
                self.watching.pop(table_id, None)
        elif op == "session-end":
            self.sockets.end_here(str(envelope["token"]))
        else:
            log.warning("node %s: an envelope of unknown kind %r", self.node, op)

    def _command(self, envelope: Envelope) -> None:
        table_id = int(envelope["table"])
        sender = str(envelope.get("from") or "")
        corr = envelope.get("corr")
        conn = envelope.get("conn")
        outbox = None if conn is None else RemoteOutbox(self.bus, str(envelope["via"]), conn)
        command = Command(str(envelope["kind"]), envelope.get("account"), outbox,
                          _unpack(envelope["payload"]))
        if table_id not in self.local.tables:
            error = ProtocolError("no-table", f"table {table_id} is not run by this node; "
                                  "try again.")
            if corr is not None:
                self.bus.send(sender, _failure(corr, error))
            elif outbox is not None and command.kind not in ("disconnect", "unwatch"):
                outbox.send(error_message("no-table", str(error)))
            return
        if corr is None:
            self.local.tables[table_id].queue.put_nowait(command)
            return
        self._spawn(self._answer(sender, corr, table_id, command))

    async def _answer(self, node: str, corr: str, table_id: int, command: Command) -> None:
        try:
            result = await self.local.ask(table_id, command)
            orjson.dumps(result)
        except Exception as error:
            self.bus.send(node, _failure(corr, error))
        else:
            self.bus.send(node, {"op": "reply", "corr": corr, "ok": True, "result": result})

    async def _adopt(self, envelope: Envelope) -> None:
        table_id, corr = int(envelope["table"]), str(envelope["corr"])
        try:
            started = await self._claim(table_id)
            line = self._line(table_id) if started else None
        except Exception as error:
            self.bus.send(str(envelope["from"]), _failure(corr, error))
        else:
            self.bus.send(str(envelope["from"]),
                          {"op": "reply", "corr": corr, "ok": True, "result": line})

    def _spawn(self, work: Any) -> None:
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("node %s: a task failed", self.node, exc_info=task.exception())


def _pack(payload: Any) -> Any:
    if isinstance(payload, BaseModel):
        return {"model": type(payload).__name__, "data": payload.model_dump(mode="json")}
    return {"value": payload}


def _unpack(packed: Any) -> Any:
    if "model" in packed:
        model = getattr(schemas, str(packed["model"]))
        return model.model_validate(packed["data"])
    return packed.get("value")


def _failure(corr: Any, error: BaseException) -> Envelope:
    if isinstance(error, StandpatError):
        described = {"class": type(error).__name__, "args": [str(a) for a in error.args]}
    else:
        described = {"class": "StandpatError", "args": ["the server failed to do that."]}
    return {"op": "reply", "corr": corr, "ok": False, "error": described}


def _error(described: dict[str, Any]) -> StandpatError:
    kind = getattr(errors, str(described.get("class")), None)
    args = described.get("args", [])
    if isinstance(kind, type) and issubclass(kind, StandpatError):
        with contextlib.suppress(Exception):
            return kind(*args)
    return StandpatError(*args)
