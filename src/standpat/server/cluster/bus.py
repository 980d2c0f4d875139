"""The nodes' messages to each other, over Redis pub/sub.

Every node listens on its own channel and on the room's broadcast channel.  What
travels between nodes (one typed schema per kind: :mod:`~standpat.server.cluster.envelopes`):

- a **command** for a table, from the node where the client's socket is to the node
  that runs the table (with a correlation id when the sender waits for a reply);
- a **reply** to such a command (a JSON result, or the error with its code);
- **messages** for one connection, from the table's node back to the socket's node:
  each is the text already built for that receiver (:mod:`standpat.server.frames`), so
  Redis carries only what its receiver may see and no node ever holds another
  player's hidden cards;
- **broadcasts**: a table opened, moved or closed, a log-in session ended.

Everything a node publishes goes through one queue and one connection, in order, many
envelopes to a node packed into one ``PUBLISH`` when they are queued together (a table
change that tells forty receivers costs one ``PUBLISH`` per node, not forty).

The two connections of the bus (one publishing, one subscribed) speak Redis' protocol
directly (:class:`Link`: commands packed and replies parsed by hiredis, the C library that
redis-py itself parses with): a publish is one write to the socket whose reply is read
whenever it comes, and an arrived message is handed on in the read's own callback. Through
redis-py's asyncio client a ``PUBLISH`` cost about 100 us of CPU here and a received message
a task's wake-up; half of a table's traffic crosses the bus when its players sit on two
nodes (benchmarks/README.md, "CPU per action summed over the nodes").

Redis may go away (a restart, a lost connection): the bus then says so (``on_down``),
drops what it cannot publish (pub/sub keeps nothing for a listener that is away, so the
nodes resynchronise instead of replaying), tries to reach Redis again with growing pauses,
and once it is subscribed again says so (``on_up``): its node then sends its connections'
tables their state again and rewrites what it keeps in Redis.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
import ssl
import time
from collections import deque
from collections.abc import Callable
from typing import Any, cast

import hiredis
import orjson
import redis.asyncio as redis
from pydantic import ValidationError
from redis.asyncio.retry import Retry
from redis.backoff import NoBackoff

from standpat.server.cluster.envelopes import Envelope, dump, parse
from standpat.server.metrics import REDIS_ENVELOPES, REDIS_SECONDS

__all__ = ["Bus", "Link", "connect", "resp"]

log = logging.getLogger("standpat.server")

Handler = Callable[[Envelope], None]
"""Takes each envelope that arrives (it must not wait: it starts a task for what does)."""

PREFIX = "standpat"
"""Redis keys and channels of a room start with this."""
PAUSES = (0.1, 0.2, 0.5)
"""Seconds between tries to reach Redis again (then half a second each)."""
CONNECT_TIMEOUT = 2.0
"""Seconds to connect to Redis and have its first answer (as :func:`connect`'s clients)."""
MAX_BUFFERED = 16 * 1024 * 1024
"""Bytes waiting to be written to Redis beyond which it counts as out of reach (a Redis
that stopped reading: its messages are dropped, as in an outage, not kept without end)."""


def connect(url: str) -> redis.Redis:
    """A client of the room's Redis whose failures reach the caller at once (no retries of
    its own: the bus and the lobby handle an outage, and resynchronise after it)."""
    return redis.Redis.from_url(url, retry=Retry(NoBackoff(), 0), socket_connect_timeout=2,
                                socket_keepalive=True)


class Link(asyncio.Protocol):
    """One connection to Redis speaking its protocol (RESP) directly: commands are packed by
    ``hiredis.pack_command``, replies parsed by a ``hiredis.Reader`` and handed to
    ``on_reply`` in the order they come (an error reply as a ``hiredis.ReplyError``)."""

    def __init__(self, on_reply: Callable[[Any], None]) -> None:
        self.on_reply = on_reply
        self.transport: asyncio.Transport | None = None
        self.lost: asyncio.Future[BaseException | None] = (
            asyncio.get_running_loop().create_future())
        """Done when the connection ends: with the error that ended it, or None."""
        self._reader = hiredis.Reader()

    @classmethod
    async def open(cls, url: str, on_reply: Callable[[Any], None]) -> Link:
        """A connection to the Redis of ``url`` (``redis://``, ``rediss://`` or
        ``unix://``; its user and password sent with ``AUTH``), within
        :data:`CONNECT_TIMEOUT` seconds."""
        options = redis.Redis.from_url(url).connection_pool.connection_kwargs
        loop = asyncio.get_running_loop()
        link: Link | None = None

        async def opened() -> None:
            nonlocal link
            made: tuple[asyncio.Transport, Link]
            if "path" in options:
                made = await loop.create_unix_connection(lambda: cls(on_reply), options["path"])
            else:
                tls = ssl.create_default_context() if url.startswith("rediss:") else None
                made = await loop.create_connection(
                    lambda: cls(on_reply), options.get("host", "localhost"),
                    int(options.get("port", 6379)), ssl=tls)
            transport, link = made
            link.transport = transport  # uvloop may call connection_made only later
            sock = transport.get_extra_info("socket")
            if sock is not None and sock.family != socket.AF_UNIX:
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_KEEPALIVE, 1)
            if options.get("password"):
                await link.ask("AUTH", *[x for x in (options.get("username"),
                                                     options["password"]) if x])

        try:
            await asyncio.wait_for(opened(), CONNECT_TIMEOUT)
        except BaseException:
            if link is not None:
                link.close()
            raise
        assert link is not None
        return link

    async def ask(self, *command: str | bytes) -> Any:
        """Send one command on a connection with nothing else under way, and wait (within
        :data:`CONNECT_TIMEOUT` seconds) for its reply (a ReplyError raised)."""
        answered: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        before, self.on_reply = self.on_reply, answered.set_result
        try:
            self.write(resp(*command))
            reply = await asyncio.wait_for(asyncio.shield(answered), CONNECT_TIMEOUT)
        finally:
            self.on_reply = before
        if isinstance(reply, hiredis.ReplyError):
            raise redis.ResponseError(str(reply))
        return reply

    def write(self, data: bytes) -> None:
        """Write packed commands (ConnectionError once the connection is gone, or when
        Redis has not read :data:`MAX_BUFFERED` bytes of what was written)."""
        if self.transport is None or self.transport.is_closing():
            raise redis.ConnectionError("the connection to Redis is closed.")
        if self.transport.get_write_buffer_size() > MAX_BUFFERED:
            self.close()
            raise redis.ConnectionError("Redis does not read what is sent to it.")
        self.transport.write(data)

    def close(self) -> None:
        """End the connection."""
        if self.transport is not None:
            self.transport.close()

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        """Keep the transport (asyncio's callback)."""
        self.transport = cast(asyncio.Transport, transport)

    def data_received(self, data: bytes) -> None:
        """Parse what came and hand on each whole reply (asyncio's callback)."""
        self._reader.feed(data)
        try:
            while (reply := self._reader.gets()) is not False:
                self.on_reply(reply)
        except hiredis.ProtocolError as error:
            log.warning("Redis sent what is not its protocol (%s): the connection ends",
                        error)
            self.close()

    def connection_lost(self, exc: Exception | None) -> None:
        """Say the connection ended (asyncio's callback)."""
        if not self.lost.done():
            self.lost.set_result(exc or redis.ConnectionError("Redis closed the connection."))


class Bus:
    """One node's end of the nodes' pub/sub: its own channel, the broadcast channel, and
    an ordered outgoing queue."""

    def __init__(
        self,
        url: str,
        node: str,
        handler: Handler,
        *,
        prefix: str = PREFIX,
        on_up: Callable[[], None] | None = None,
        on_down: Callable[[], None] | None = None,
    ) -> None:
        self.url = url
        self.node = node
        self.prefix = prefix
        self.handler = handler
        self.on_up = on_up
        """Told when the bus is subscribed again after an outage."""
        self.on_down = on_down
        """Told when Redis went away."""
        self.redis: redis.Redis = connect(url)
        """A redis-py client of the room's Redis, for what the node keeps there."""
        self.up = False
        """Whether the bus is subscribed (False during an outage)."""
        self.outages = 0
        """Outages seen (each ended by a new subscription)."""
        self._outgoing: asyncio.Queue[tuple[str, Envelope]] = asyncio.Queue()
        self._tasks: list[asyncio.Task[None]] = []
        self._listener: Link | None = None
        self._publisher: Link | None = None
        self._subscribed: asyncio.Future[None] | None = None
        self._owed: deque[tuple[float, int]] = deque()
        """Publishes written and not yet answered: (when, envelopes), oldest first."""

    def channel(self, node: str) -> str:
        """The channel a node listens on."""
        return f"{self.prefix}:node:{node}"

    @property
    def everyone(self) -> str:
        """The room's broadcast channel."""
        return f"{self.prefix}:all"

    def key(self, *parts: str) -> str:
        """A Redis key of this room."""
        return ":".join((self.prefix, *parts))

    async def start(self) -> None:
        """Subscribe (Redis must answer now), and start the listener and the publisher."""
        await self.redis.ping()
        self._listener = await self._subscribe()
        self.up = True
        self._tasks = [
            asyncio.create_task(self._listen(), name="bus-listen"),
            asyncio.create_task(self._publish(), name="bus-publish"),
        ]

    async def stop(self) -> None:
        """Send what is queued, then stop listening."""
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self._drained(), 2)
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        for link in (self._listener, self._publisher):
            if link is not None:
                link.close()
        self._listener = self._publisher = None
        with contextlib.suppress(Exception):
            await self.redis.aclose()

    async def _drained(self) -> None:
        while (not self._outgoing.empty() or self._owed) and self.up:
            await asyncio.sleep(0.01)

    def send(self, node: str, envelope: Envelope) -> None:
        """Queue an envelope for a node (sent in order, never blocks)."""
        self._outgoing.put_nowait((self.channel(node), envelope))

    def broadcast(self, envelope: Envelope) -> None:
        """Queue an envelope for every node (this one included)."""
        self._outgoing.put_nowait((self.everyone, envelope))

    async def _subscribe(self) -> Link:
        """A connection subscribed to this node's channel and the room's (once Redis has
        confirmed both subscriptions)."""
        subscribed = self._subscribed = asyncio.get_running_loop().create_future()
        link = await Link.open(self.url, self._arrived)
        try:
            link.write(resp("SUBSCRIBE", self.channel(self.node), self.everyone))
            done, _ = await asyncio.wait({subscribed, link.lost}, timeout=CONNECT_TIMEOUT,
                                         return_when=asyncio.FIRST_COMPLETED)
            if subscribed not in done:
                raise redis.ConnectionError("Redis did not confirm the subscription.")
            subscribed.result()
        except BaseException:
            link.close()
            raise
        return link

    def _arrived(self, reply: Any) -> None:
        """A reply on the subscribed connection: a message, or a subscription confirmed."""
        if isinstance(reply, list) and len(reply) == 3:
            kind = reply[0]
            if kind == b"message":
                self._deliver(reply[2])
                return
            if kind == b"subscribe":
                waiting = self._subscribed
                if reply[2] == 2 and waiting is not None and not waiting.done():
                    waiting.set_result(None)
                return
        waiting = self._subscribed
        if isinstance(reply, hiredis.ReplyError) and waiting is not None and not waiting.done():
            waiting.set_exception(redis.ResponseError(str(reply)))
            return
        log.warning("node %s: Redis sent %r on the subscribed connection", self.node, reply)

    def _answered(self, reply: Any) -> None:
        """A reply on the publishing connection: the count of a ``PUBLISH``'s listeners."""
        if isinstance(reply, hiredis.ReplyError):
            log.warning("node %s: Redis refused a publish: %s", self.node, reply)
        if not self._owed:
            return
        started, envelopes = self._owed.popleft()
        REDIS_SECONDS.observe(time.perf_counter() - started)
        REDIS_ENVELOPES.inc(envelopes)

    def _down(self, error: BaseException) -> None:
        if not self.up:
            return
        self.up = False
        log.warning("node %s: Redis is out of reach (%s); the nodes' messages wait for it",
                    self.node, _said(error))
        if self.on_down is not None:
            self.on_down()

    async def _publishing_link(self) -> Link:
        link = self._publisher
        if link is None or link.lost.done():
            self._owed.clear()
            link = self._publisher = await Link.open(self.url, self._answered)
        return link

    async def _publish(self) -> None:
        while True:
            first = await self._outgoing.get()
            batch = [first]
            while not self._outgoing.empty():
                batch.append(self._outgoing.get_nowait())
            if not self.up:
                continue  # nobody would hear it: the nodes resynchronise once Redis is back
            # envelopes for one channel in a row go as one packed message, in order
            packed: list[tuple[str, list[bytes]]] = []
            for channel, envelope in batch:
                if packed and packed[-1][0] == channel:
                    packed[-1][1].append(dump(envelope))
                else:
                    packed.append((channel, [dump(envelope)]))
            started = time.perf_counter()
            try:
                link = await self._publishing_link()
                link.write(b"".join(
                    resp("PUBLISH", channel, b"[" + b",".join(envelopes) + b"]")
                    for channel, envelopes in packed))
            except (redis.RedisError, OSError, TimeoutError) as error:
                if self._publisher is not None:
                    self._publisher.close()
                self._publisher = None
                self._down(error)
                continue
            for _, envelopes in packed:
                self._owed.append((started, len(envelopes)))

    async def _listen(self) -> None:
        pauses = iter(PAUSES)
        while True:
            try:
                if self._listener is None:
                    self._listener = await self._subscribe()
                    pauses = iter(PAUSES)
                    if not self.up:
                        self.up = True
                        self.outages += 1
                        log.warning("node %s: Redis is back; the nodes resynchronise",
                                    self.node)
                        if self.on_up is not None:
                            self.on_up()
                error = await self._listener.lost
                raise error if error is not None else redis.ConnectionError("closed")
            except (redis.RedisError, OSError, TimeoutError) as error:
                self._down(error)
                if self._listener is not None:
                    self._listener.close()
                self._listener = None
                await asyncio.sleep(next(pauses, PAUSES[-1]))

    def _deliver(self, data: bytes) -> None:
        try:
            raw = orjson.loads(data)
        except orjson.JSONDecodeError:
            log.warning("node %s: a message on the bus is not JSON", self.node)
            return
        for item in raw if isinstance(raw, list) else [raw]:
            try:
                envelope = parse(item)
            except ValidationError as error:
                log.warning("node %s: an envelope was refused: %s", self.node,
                            error.errors(include_url=False)[:1])
                continue
            try:
                self.handler(envelope)
            except Exception:
                log.exception("node %s: handling a %s envelope failed", self.node,
                              envelope.op)


def resp(*command: str | bytes) -> bytes:
    """A command in Redis' protocol (RESP), packed by hiredis."""
    packed: bytes = hiredis.pack_command(command)  # type: ignore[arg-type]  # stub: 1-tuples
    return packed


def _said(error: BaseException) -> str:
    text = str(error).strip()
    return text.splitlines()[0] if text else type(error).__name__
