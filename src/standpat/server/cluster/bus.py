"""The nodes' messages to each other, over Redis pub/sub.

Every node listens on its own channel and on the room's broadcast channel.  What
travels between nodes:

- a **command** for a table, from the node where the client's socket is to the node
  that runs the table (with a correlation id when the sender waits for a reply);
- a **reply** to such a command (a JSON result, or the error to raise again);
- **messages** for one connection, from the table's node back to the socket's node:
  each is the text already built for that receiver (:mod:`standpat.server.frames`), so
  Redis carries only what its receiver may see and no node ever holds another
  player's hidden cards;
- **broadcasts**: a table opened, moved or closed, a log-in session ended.

Everything a node publishes goes through one queue and one connection, in order, many
envelopes to a node packed into one ``PUBLISH`` when they are queued together (a table
change that tells forty receivers costs one round trip per node, not forty).
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

from standpat.server.metrics import REDIS_ENVELOPES, REDIS_SECONDS

__all__ = ["Bus", "Envelope"]

log = logging.getLogger("standpat.server")

Envelope = dict[str, Any]
"""One message between nodes: ``op`` says what it is; the rest depends on it."""
Handler = Callable[[Envelope], None]
"""Takes each envelope that arrives (it must not wait: it starts a task for what does)."""

PREFIX = "standpat"
"""Redis keys and channels of a room start with this."""


class Bus:
    """One node's end of the nodes' pub/sub: its own channel, the broadcast channel, and
    an ordered outgoing queue."""

    def __init__(self, url: str, node: str, handler: Handler, *, prefix: str = PREFIX) -> None:
        self.url = url
        self.node = node
        self.prefix = prefix
        self.handler = handler
        self.redis: redis.Redis = redis.Redis.from_url(url)
        self._outgoing: asyncio.Queue[tuple[str, Envelope]] = asyncio.Queue()
        self._tasks: list[asyncio.Task[None]] = []

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
        """Subscribe, and start the listener and the publisher."""
        await self.redis.ping()
        pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
        await pubsub.subscribe(self.channel(self.node), self.everyone)
        self._tasks = [
            asyncio.create_task(self._listen(pubsub), name="bus-listen"),
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
        await self.redis.aclose()

    async def _drained(self) -> None:
        while not self._outgoing.empty():
            await asyncio.sleep(0.01)

    def send(self, node: str, envelope: Envelope) -> None:
        """Queue an envelope for a node (sent in order, never blocks)."""
        self._outgoing.put_nowait((self.channel(node), envelope))

    def broadcast(self, envelope: Envelope) -> None:
        """Queue an envelope for every node (this one included)."""
        self._outgoing.put_nowait((self.everyone, envelope))

    async def _publish(self) -> None:
        while True:
            first = await self._outgoing.get()
            batch = [first]
            while not self._outgoing.empty():
                batch.append(self._outgoing.get_nowait())
            # envelopes for one channel in a row go as one packed message, in order
            packed: list[tuple[str, list[Envelope]]] = []
            for channel, envelope in batch:
                if packed and packed[-1][0] == channel:
                    packed[-1][1].append(envelope)
                else:
                    packed.append((channel, [envelope]))
            started = time.perf_counter()
            try:
                async with self.redis.pipeline(transaction=False) as pipe:
                    for channel, envelopes in packed:
                        pipe.publish(channel, orjson.dumps(envelopes))
                    await pipe.execute()
            except Exception:
                log.exception("node %s: %s envelopes could not be published", self.node,
                              len(batch))
                continue
            REDIS_SECONDS.observe(time.perf_counter() - started)
            REDIS_ENVELOPES.inc(len(batch))

    async def _listen(self, pubsub: Any) -> None:
        async with pubsub:
            while True:
                item = await pubsub.get_message(timeout=None)
                if item is None:
                    continue
                try:
                    envelopes = orjson.loads(item["data"])
                except orjson.JSONDecodeError:
                    log.warning("node %s: a message on %s is not JSON", self.node,
                                item.get("channel"))
                    continue
                for envelope in envelopes:
                    try:
                        self.handler(envelope)
                    except Exception:
                        log.exception("node %s: handling a %s envelope failed", self.node,
                                      envelope.get("op"))
