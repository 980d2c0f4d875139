"""The rate limits of a room of several nodes are the room's, not each node's: two throttles on
one real Redis (two nodes) count together; two without Redis count apart."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Awaitable, Callable

import pytest
import redis

from standpat.errors import ProtocolError
from standpat.server.config import ServerConfig
from standpat.server.throttle import KEY_PREFIX, Throttle


def node_config(redis_url: str | None) -> ServerConfig:
    """A node's settings: two log-ins per address in 10 s, two failed log-ins per account a
    minute, two chat lines in 10 s."""
    return ServerConfig(
        db="sqlite://", redis=redis_url,
        login_rate=0.2, account_logins="2/minute", chat_rate="2 per 10 seconds",
    )

Scenario = Callable[[Throttle, Throttle], Awaitable[None]]


def two_nodes(scenario: Scenario, redis_url: str | None) -> None:
    """Run ``scenario`` with the throttles of two nodes (on one Redis, or each on its own)."""

    async def run() -> None:
        first = Throttle(node_config(redis_url))
        second = Throttle(node_config(redis_url))
        try:
            await scenario(first, second)
        finally:
            await first.close()
            await second.close()

    asyncio.run(run())


def unique(what: str) -> str:
    """A key of this test's own (the tests share one Redis)."""
    return f"{what}-{uuid.uuid4().hex}"


def test_nodes_on_one_redis_share_the_log_in_limit(redis_url: str) -> None:
    address = unique("10.0.0.1")

    async def scenario(first: Throttle, second: Throttle) -> None:
        assert first.shared and second.shared
        await first.login(address)
        await second.login(address)
        with pytest.raises(ProtocolError, match="too many log-ins from your address"):
            await first.login(address)
        with pytest.raises(ProtocolError, match="too many log-ins from your address"):
            await second.login(address)
        await second.login(unique("10.0.0.2"))  # another address is counted apart

    two_nodes(scenario, redis_url)


def test_nodes_on_one_redis_share_the_failed_log_in_limit(redis_url: str) -> None:
    name = unique("alice")

    async def scenario(first: Throttle, second: Throttle) -> None:
        await first.check_account(name)
        await first.failed_login(name)
        await second.check_account(name)  # one failure: still let in
        await second.failed_login(name)
        for node in (first, second):
            with pytest.raises(ProtocolError, match="too many failed log-ins") as refused:
                await node.check_account(name)
            assert refused.value.code == "rate-limited"
            assert "try again in 60 s" in str(refused.value)
        await second.check_account(unique("bob"))

    two_nodes(scenario, redis_url)


def test_nodes_on_one_redis_share_the_chat_limit(redis_url: str) -> None:
    account = int(uuid.uuid4().int % 10**12)

    async def scenario(first: Throttle, second: Throttle) -> None:
        await first.chat(account)
        await second.chat(account)
        with pytest.raises(ProtocolError, match="you chat too fast"):
            await first.chat(account)
        await first.chat(account + 1)

    two_nodes(scenario, redis_url)


def test_the_windows_are_kept_in_redis(redis_url: str) -> None:
    address = unique("10.0.0.3")

    async def scenario(first: Throttle, second: Throttle) -> None:
        await first.login(address)

    two_nodes(scenario, redis_url)
    client = redis.Redis.from_url(redis_url)
    try:
        keys = [key.decode() for key in client.scan_iter(match=f"{KEY_PREFIX}*{address}*")]
    finally:
        client.close()
    assert len(keys) == 1, keys


def test_nodes_without_redis_count_apart() -> None:
    async def scenario(first: Throttle, second: Throttle) -> None:
        assert not first.shared and not second.shared
        await first.login("10.0.0.1")
        await first.login("10.0.0.1")
        with pytest.raises(ProtocolError, match="too many log-ins"):
            await first.login("10.0.0.1")
        await second.login("10.0.0.1")  # the second node has its own windows
        await first.failed_login("alice")
        await first.failed_login("alice")
        with pytest.raises(ProtocolError, match="too many failed log-ins"):
            await first.check_account("alice")
        await second.check_account("alice")
        await first.chat(7)
        await first.chat(7)
        with pytest.raises(ProtocolError, match="you chat too fast"):
            await first.chat(7)
        await second.chat(7)

    two_nodes(scenario, None)
