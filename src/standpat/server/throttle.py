"""The room's rate limits, kept by well-kept libraries.

- log-ins and registrations per client address, and failed log-ins per account name (so
  spreading guesses over many addresses does not help): ``limits``' moving windows;
- chat lines per account: a moving window too (``chat_rate``);
- WebSocket messages per connection: ``aiolimiter``'s leaky bucket (a rate with a burst).

The moving windows live in this process's memory, or, when the room runs as several nodes
(``config.redis`` set), in the Redis the nodes share, so that a limit holds across the room and
not once per node: ``limits.aio``'s Redis storage, through the asyncio client of ``redis``, so
no round trip blocks the event loop.  The per-connection bucket stays with its connection.

>>> import asyncio
>>> from standpat.server.config import ServerConfig
>>> throttle = Throttle(ServerConfig(db="sqlite://", account_logins="2/minute"))
>>> async def guess_twice() -> None:
...     await throttle.failed_login("alice"); await throttle.failed_login("alice")
...     await throttle.check_account("alice")
>>> asyncio.run(guess_twice())
Traceback (most recent call last):
...
standpat.errors.ProtocolError: too many failed log-ins for this account; try again in 60 s.
"""

from __future__ import annotations

import math
import time
from typing import TYPE_CHECKING, Protocol, cast

from aiolimiter import AsyncLimiter
from limits import RateLimitItem, RateLimitItemPerSecond, WindowStats, parse
from limits.aio.storage import RedisStorage
from limits.aio.storage.redis.redispy import RedispyBridge
from limits.aio.strategies import MovingWindowRateLimiter as AsyncMovingWindowRateLimiter
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter

from standpat.errors import ProtocolError
from standpat.server.config import ServerConfig

if TYPE_CHECKING:
    import redis.asyncio

__all__ = ["Throttle", "shared_storage_uri"]

_WINDOW = 10
"""Seconds of the per-address log-in window."""

KEY_PREFIX = "standpat-limits"
"""The prefix of the rate-limit keys a room keeps in Redis."""


class _Limiter(Protocol):
    """The part of ``limits``' moving-window limiter the throttle uses, awaited."""

    async def hit(self, item: RateLimitItem, *identifiers: str, cost: int = 1) -> bool: ...

    async def test(self, item: RateLimitItem, *identifiers: str, cost: int = 1) -> bool: ...

    async def get_window_stats(self, item: RateLimitItem, *identifiers: str) -> WindowStats: ...

    async def close(self) -> None: ...


class _LocalLimiter:
    """One process's windows in its memory: ``limits``' synchronous memory storage (no I/O,
    so nothing to await; its asyncio twin would hop to a thread per key on every hit to expire
    old entries)."""

    def __init__(self) -> None:
        self.limiter = MovingWindowRateLimiter(MemoryStorage())

    async def hit(self, item: RateLimitItem, *identifiers: str, cost: int = 1) -> bool:
        """Count a hit; False past the limit."""
        return self.limiter.hit(item, *identifiers, cost=cost)

    async def test(self, item: RateLimitItem, *identifiers: str, cost: int = 1) -> bool:
        """Whether a hit would pass, without counting it."""
        return self.limiter.test(item, *identifiers, cost=cost)

    async def get_window_stats(self, item: RateLimitItem, *identifiers: str) -> WindowStats:
        """When the window resets, and what is left in it."""
        return self.limiter.get_window_stats(item, *identifiers)

    async def close(self) -> None:
        """Nothing to close."""


class _SharedLimiter:
    """The windows of every node of a room, in the Redis they share."""

    def __init__(self, url: str) -> None:
        self.storage = RedisStorage(
            shared_storage_uri(url), implementation="redispy", key_prefix=KEY_PREFIX
        )
        self.limiter = AsyncMovingWindowRateLimiter(self.storage)

    async def hit(self, item: RateLimitItem, *identifiers: str, cost: int = 1) -> bool:
        """Count a hit; False past the limit."""
        return await self.limiter.hit(item, *identifiers, cost=cost)

    async def test(self, item: RateLimitItem, *identifiers: str, cost: int = 1) -> bool:
        """Whether a hit would pass, without counting it."""
        return await self.limiter.test(item, *identifiers, cost=cost)

    async def get_window_stats(self, item: RateLimitItem, *identifiers: str) -> WindowStats:
        """When the window resets, and what is left in it."""
        return await self.limiter.get_window_stats(item, *identifiers)

    async def close(self) -> None:
        """Close the connections to Redis."""
        bridge = self.storage.bridge
        if isinstance(bridge, RedispyBridge):
            client = cast("redis.asyncio.Redis", bridge.get_connection())
            await client.aclose()


def shared_storage_uri(url: str) -> str:
    """The ``limits`` asyncio storage URI of a Redis URL.

    >>> shared_storage_uri("redis://127.0.0.1:6379/0")
    'async+redis://127.0.0.1:6379/0'
    >>> shared_storage_uri("unix:///run/redis.sock?db=1")
    'async+redis+unix:///run/redis.sock?db=1'
    """
    if url.startswith("unix://"):
        return "async+redis+" + url
    if url.startswith(("redis://", "rediss://")):
        return "async+" + url
    raise ValueError(f"not a Redis URL: {url!r}")


class Throttle:
    """Every rate limit of one server process (shared with the other nodes through Redis)."""

    def __init__(self, config: ServerConfig) -> None:
        self.shared = config.redis is not None
        self.limiter: _Limiter = (
            _SharedLimiter(config.redis) if config.redis is not None else _LocalLimiter()
        )
        self.logins: RateLimitItem = RateLimitItemPerSecond(
            max(1, round(config.login_rate * _WINDOW)), _WINDOW
        )
        self.account_logins: RateLimitItem = parse(config.account_logins)
        self.chat_lines: RateLimitItem = parse(config.chat_rate)
        self.rate = config.rate
        self.burst = config.burst

    async def login(self, address: str) -> None:
        """Count a log-in or registration from ``address``; 429 past the limit."""
        if not await self.limiter.hit(self.logins, "login", address):
            wait = await self._wait(self.logins, "login", address)
            raise ProtocolError(
                "rate-limited", f"too many log-ins from your address; try again in {wait} s."
            )

    async def check_account(self, key: str) -> None:
        """Refuse (429) a log-in to an account with too many recent failures."""
        if not await self.limiter.test(self.account_logins, "account", key):
            wait = await self._wait(self.account_logins, "account", key)
            raise ProtocolError(
                "rate-limited",
                f"too many failed log-ins for this account; try again in {wait} s.",
            )

    async def failed_login(self, key: str) -> None:
        """Count a failed log-in to the account whose name key is ``key``."""
        await self.limiter.hit(self.account_logins, "account", key)

    async def chat(self, account_id: int) -> None:
        """Count a chat line of an account (on any table); refused past ``chat_rate``."""
        if not await self.limiter.hit(self.chat_lines, "chat", str(account_id)):
            wait = await self._wait(self.chat_lines, "chat", str(account_id))
            raise ProtocolError(
                "rate-limited", f"you chat too fast; wait {wait} s before the next line."
            )

    def messages(self) -> AsyncLimiter:
        """A new connection's message limit: ``rate`` a second, ``burst`` at once."""
        return AsyncLimiter(self.burst, self.burst / self.rate)

    async def close(self) -> None:
        """Let go of the shared storage's connections (nothing to do in memory)."""
        await self.limiter.close()

    async def _wait(self, item: RateLimitItem, *keys: str) -> int:
        reset = (await self.limiter.get_window_stats(item, *keys)).reset_time
        return max(1, math.ceil(reset - time.time()))
