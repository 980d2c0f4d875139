"""After a Redis outage the nodes subscribe again one by one. A node back first sends its
connections' watches of another node's tables at once, while that node does not listen yet:
those are lost. Once the late node is back it says so (``Back``), and the early node watches
its tables again, so every connection has its table's state afresh.

Found by the fault suite (test_redis_restarted, once in a clean clone): a player on another
node than his table's had acted just as Redis went away; his action was lost, and so was the
watch that would have sent him the state again, so he never acted again and the table waited
out his clock and time bank."""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Iterator

import pytest
import redis.asyncio as redis

from standpat.server.cluster import envelopes as e
from standpat.server.cluster.bus import Link
from standpat.server.cluster.host import ClusterHost
from standpat.server.config import ServerConfig
from standpat.store import Store
from standpat.store.operator import suspend
from standpat.store.sessions import token_hash
from tests.server.conftest import fresh_postgres_database, need_redis
from tests.server.tables import Outbox

WAIT = 10.0
"""Seconds the test waits for what it expects before it fails."""


@pytest.fixture
def db() -> Iterator[str]:
    yield from fresh_postgres_database()


def test_a_node_back_late_is_watched_again_by_the_nodes_back_before_it(db: str) -> None:
    url = need_redis()

    async def run() -> None:
        store = Store(db)
        prefix = f"test-{secrets.token_hex(4)}"
        early = ClusterHost(store, ServerConfig(db=db, redis=url, node_id="n1"))
        late = ClusterHost(store, ServerConfig(db=db, redis=url, node_id="n2"))
        commands: list[e.Cmd] = []
        arrived = asyncio.Event()

        def inbox(envelope: e.Envelope) -> None:  # the table's node: what reaches it
            if isinstance(envelope, e.Cmd):
                commands.append(envelope)
                arrived.set()

        late.bus.handler = inbox
        gate = asyncio.Event()
        subscribe = late.bus._subscribe

        async def held_back() -> Link:  # the late node subscribes again only when let
            await gate.wait()
            return await subscribe()

        admin = redis.Redis.from_url(url)
        for node in (early, late):
            node.bus.prefix = prefix
        await early.bus.start()
        await late.bus.start()
        try:
            # n1's connection watches table 1, which n2 runs
            early._arrived(e.Owner(table=1, line={"id": 1, "name": "t", "node": "n2",
                                                  "lease": 1}))
            early.watching[1] = {7: 42}
            early.connections[7] = Outbox(7)
            late.bus._subscribe = held_back  # type: ignore[method-assign]
            await admin.client_kill_filter(_type="pubsub")  # Redis drops the listeners
            async with asyncio.timeout(WAIT):
                while not (early.bus.outages == 1 and early.bus.up and late.bus.up is False):
                    await asyncio.sleep(0.01)
                # n1 is back and has sent its watch, into a channel nobody listens on
                while early._tasks or not early.bus._outgoing.empty() or (
                        early.bus._owed):
                    await asyncio.sleep(0.01)
            assert commands == []
            gate.set()  # now n2 is back
            async with asyncio.timeout(WAIT):
                await arrived.wait()
            watch = commands[0]
            assert (watch.kind, watch.table, watch.sender, watch.conn, watch.account) == (
                "watch", 1, "n1", 7, 42)
            assert late.bus.outages == 1
        finally:
            await admin.aclose()
            for node in (early, late):
                await node.bus.stop()
            store.close()

    asyncio.run(run())


def test_sockets_of_a_session_ended_while_the_nodes_were_apart_are_closed(db: str) -> None:
    """A log-out (or a suspension) on a node whose ``SessionEnd`` never crossed: the node
    with the session's sockets closes them once it, or another node, is back on the bus."""
    url = need_redis()

    async def run() -> None:
        store = Store(db)
        node = ClusterHost(store, ServerConfig(db=db, redis=url, node_id="n1"))
        node.bus.prefix = f"test-{secrets.token_hex(4)}"
        names = iter(range(10**6))

        def session() -> tuple[int, str, list[int]]:
            account = store.accounts.create(f"player{next(names)}", "pw-secret-pw")
            token = store.sessions.open(account.id)
            closed: list[int] = []
            node.sockets.add(token_hash(token), 1, lambda: closed.append(1))
            node.sockets.add(token_hash(token), 2, lambda: closed.append(2))
            return account.id, token, closed

        _, kept, kept_closed = session()
        _, ended, ended_closed = session()
        suspended, _, suspended_closed = session()
        store.sessions.end(ended)  # logged out on another node, the bus down
        suspend(store, suspended, "collusion")
        try:
            node._arrived(e.Back(node="n2"))  # another node is back
            async with asyncio.timeout(WAIT):
                while node._tasks:
                    await asyncio.sleep(0.01)
            assert (ended_closed, suspended_closed, kept_closed) == ([1, 2], [1, 2], [])
            assert node.sockets.tokens() == [token_hash(kept)]
            # this node back itself: the same check (the kept session ended meanwhile)
            store.sessions.end(kept)
            await node._resync()
            assert kept_closed == [1, 2] and node.sockets.tokens() == []
        finally:
            await node.bus.redis.aclose()
            store.close()

    asyncio.run(run())
