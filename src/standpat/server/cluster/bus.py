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
change that tells forty receivers costs one round trip per node, not forty).

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
import time
from collections.abc import Callable
from typing import Any

import orjson
import redis.asyncio as redis
from pydantic import ValidationError
from redis.asyncio.retry import Retry
from redis.backoff import NoBackoff

from standpat.server.cluster.envelopes import Envelope, dump, parse
from standpat.server.metrics import REDIS_ENVELOPES, REDIS_SECONDS

__all__ = ["Bus", "connect"]

log = logging.getLogger("standpat.server")

Handler = Callable[[Envelope], None]
"""Takes each envelope that arrives (it must not wait: it starts a task for what does)."""

PREFIX = "standpat"
"""Redis keys and channels of a room start with this."""
PAUSES = (0.1, 0.2, 0.5)
"""Seconds between tries to reach Redis again (then half a second each)."""


def connect(url: str) -> redis.Redis:
    """A client of the room's Redis whose failures reach the caller at once (no retries of
    its own: the bus and the lobby handle an outage, and resynchronise after it)."""
    return redis.Redis.from_url(url, retry=Retry(NoBackoff(), 0), socket_connect_timeout=2,
                                socket_keepalive=True)


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
        self.up = False
        """Whether the bus is subscribed (False during an outage)."""
        self.outages = 0
        """Outages seen (each ended by a new subscription)."""
        self._outgoing: asyncio.Queue[tuple[str, Envelope]] = asyncio.Queue()
        self._tasks: list[asyncio.Task[None]] = []
        self._pubsub: Any = None

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
        self._pubsub = await self._subscribe()
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
        await self._close_pubsub()
        with contextlib.suppress(Exception):
            await self.redis.aclose()

    async def _drained(self) -> None:
        while not self._outgoing.empty() and self.up:
            await asyncio.sleep(0.01)

    def send(self, node: str, envelope: Envelope) -> None:
        """Queue an envelope for a node (sent in order, never blocks)."""
        self._outgoing.put_nowait((self.channel(node), envelope))

    def broadcast(self, envelope: Envelope) -> None:
        """Queue an envelope for every node (this one included)."""
        self._outgoing.put_nowait((self.everyone, envelope))

    async def _subscribe(self) -> Any:
        pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
        try:
            await pubsub.subscribe(self.channel(self.node), self.everyone)
        except BaseException:
            with contextlib.suppress(Exception):
                await pubsub.aclose()
            raise
        return pubsub

    async def _close_pubsub(self) -> None:
        pubsub, self._pubsub = self._pubsub, None
        if pubsub is not None:
            with contextlib.suppress(Exception):
                await pubsub.aclose()

    def _down(self, error: BaseException) -> None:
        if not self.up:
            return
        self.up = False
        log.warning("node %s: Redis is out of reach (%s); the nodes' messages wait for it",
                    self.node, _said(error))
        if self.on_down is not None:
            self.on_down()

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
                async with self.redis.pipeline(transaction=False) as pipe:
                    for channel, envelopes in packed:
                        pipe.publish(channel, b"[" + b",".join(envelopes) + b"]")
                    await pipe.execute()
            except (redis.RedisError, OSError) as error:
                self._down(error)
                continue
            REDIS_SECONDS.observe(time.perf_counter() - started)
            REDIS_ENVELOPES.inc(len(batch))

    async def _listen(self) -> None:
        pauses = iter(PAUSES)
        while True:
            try:
                if self._pubsub is None:
                    self._pubsub = await self._subscribe()
                    pauses = iter(PAUSES)
                    if not self.up:
                        self.up = True
                        self.outages += 1
                        log.warning("node %s: Redis is back; the nodes resynchronise",
                                    self.node)
                        if self.on_up is not None:
                            self.on_up()
                item = await self._pubsub.get_message(timeout=None)
            except (redis.RedisError, OSError) as error:
                self._down(error)
                await self._close_pubsub()
                await asyncio.sleep(next(pauses, PAUSES[-1]))
                continue
            if item is None:
                continue
            self._deliver(item)

    def _deliver(self, item: dict[str, Any]) -> None:
        try:
            raw = orjson.loads(item["data"])
        except orjson.JSONDecodeError:
            log.warning("node %s: a message on %s is not JSON", self.node, item.get("channel"))
            return
        for data in raw if isinstance(raw, list) else [raw]:
            try:
                envelope = parse(data)
            except ValidationError as error:
                log.warning("node %s: an envelope was refused: %s", self.node,
                            error.errors(include_url=False)[:1])
                continue
            try:
                self.handler(envelope)
            except Exception:
                log.exception("node %s: handling a %s envelope failed", self.node,
                              envelope.op)


def _said(error: BaseException) -> str:
    text = str(error).strip()
    return text.splitlines()[0] if text else type(error).__name__
