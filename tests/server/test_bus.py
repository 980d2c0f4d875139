"""The nodes' bus on a real Redis: envelopes arrive in order and packed, a lost connection
is an outage that ends by itself (said with ``on_down`` and ``on_up``), and what was
published while Redis was away is dropped, never delivered late."""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Callable

import hiredis
import pytest
import redis.asyncio as redis

from standpat.server.cluster.bus import Bus, Link, resp
from standpat.server.cluster.envelopes import Closed, Envelope, Msg
from tests.server.conftest import need_redis

WAIT = 10.0
"""Seconds a test waits for what it expects before it fails."""


class Inbox:
    """What a bus's node received, with a way to wait for a count of envelopes."""

    def __init__(self) -> None:
        self.got: list[Envelope] = []
        self._changed = asyncio.Event()

    def __call__(self, envelope: Envelope) -> None:
        self.got.append(envelope)
        self._changed.set()

    async def until(self, count: int) -> list[Envelope]:
        """Wait until ``count`` envelopes arrived (fail after :data:`WAIT` seconds)."""
        async with asyncio.timeout(WAIT):
            while len(self.got) < count:
                self._changed.clear()
                await self._changed.wait()
        return self.got


def flag() -> tuple[asyncio.Event, Callable[[], None]]:
    """An event and a callback that sets it."""
    event = asyncio.Event()
    return event, event.set


@pytest.fixture
def url() -> str:
    return need_redis()


def test_envelopes_cross_in_order_and_one_publish_per_node(url: str) -> None:
    async def run() -> None:
        prefix = f"test-{secrets.token_hex(4)}"
        inbox_a, inbox_b = Inbox(), Inbox()
        a = Bus(url, "a", inbox_a, prefix=prefix)
        b = Bus(url, "b", inbox_b, prefix=prefix)
        await a.start()
        await b.start()
        try:
            for conn in range(200):
                a.send("b", Msg(to="i", conn=conn, text=f'{{"n":{conn}}}'))
            a.broadcast(Closed(table=7))
            got = await inbox_b.until(201)
            assert [m.conn for m in got[:200] if isinstance(m, Msg)] == list(range(200))
            assert got[200] == Closed(table=7)
            assert await inbox_a.until(1) == [Closed(table=7)]  # a broadcast reaches its sender
            # every publish is answered
            async with asyncio.timeout(WAIT):
                while a._owed:
                    await asyncio.sleep(0.01)
        finally:
            await a.stop()
            await b.stop()
        assert len(inbox_b.got) == 201 and len(inbox_a.got) == 1

    asyncio.run(run())


def test_a_lost_connection_is_an_outage_that_ends_by_itself(url: str) -> None:
    async def run() -> None:
        prefix = f"test-{secrets.token_hex(4)}"
        inbox = Inbox()
        down, on_down = flag()
        up, on_up = flag()
        a = Bus(url, "a", Inbox(), prefix=prefix)
        b = Bus(url, "b", inbox, prefix=prefix, on_down=on_down, on_up=on_up)
        await a.start()
        await b.start()
        admin = redis.Redis.from_url(url)
        try:
            a.send("b", Closed(table=1))
            await inbox.until(1)
            # Redis drops every pub/sub connection (as in a restart): b's listener is cut
            await admin.client_kill_filter(_type="pubsub")
            async with asyncio.timeout(WAIT):
                await down.wait()
                await up.wait()
            assert b.up and b.outages == 1
            a.send("b", Closed(table=2))
            got = await inbox.until(2)
            assert got == [Closed(table=1), Closed(table=2)]
        finally:
            await admin.aclose()
            await a.stop()
            await b.stop()

    asyncio.run(run())


def test_while_redis_is_away_the_bus_drops_what_it_cannot_send(url: str) -> None:
    async def run() -> None:
        prefix = f"test-{secrets.token_hex(4)}"
        inbox = Inbox()
        down, on_down = flag()
        a = Bus(url, "a", Inbox(), prefix=prefix, on_down=on_down)
        b = Bus(url, "b", inbox, prefix=prefix)
        await a.start()
        await b.start()
        try:
            a.send("b", Closed(table=1))
            await inbox.until(1)
            a._down(ConnectionError("a test"))  # as when a's listener lost Redis
            assert down.is_set() and not a.up
            a.send("b", Closed(table=2))  # dropped: the nodes resynchronise instead
            async with asyncio.timeout(WAIT):
                while not a._outgoing.empty():  # the publisher took it (and saw a down)
                    await asyncio.sleep(0)
            a.up = True
            a.send("b", Closed(table=3))
            got = await inbox.until(2)
            assert got == [Closed(table=1), Closed(table=3)]
        finally:
            await a.stop()
            await b.stop()

    asyncio.run(run())


def test_a_link_speaks_resp_and_raises_redis_errors(url: str) -> None:
    async def run() -> None:
        replies: list[object] = []
        link = await Link.open(url, replies.append)
        try:
            assert await link.ask("PING") == b"PONG"
            with pytest.raises(redis.ResponseError):
                await link.ask("NO-SUCH-COMMAND")
            link.write(resp("ECHO", b"x\r\ny") + resp("PUBLISH", "nobody", "hi"))
            async with asyncio.timeout(WAIT):
                while len(replies) < 2:
                    await asyncio.sleep(0.01)
            assert replies == [b"x\r\ny", 0]
        finally:
            link.close()
        error = await asyncio.wait_for(link.lost, WAIT)
        assert isinstance(error, Exception)
        with pytest.raises(redis.ConnectionError):
            link.write(resp("PING"))
        assert hiredis.pack_command(("PING",)) == resp("PING")

    asyncio.run(run())
