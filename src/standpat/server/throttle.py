"""The room's rate limits, kept by well-kept libraries.

- log-ins and registrations per client address, and registrations per address over a longer
  window (opening accounts is what a flood of tables and bots starts with): ``limits``'
  moving windows;
- failed log-ins per account name: first per address and account (a stranger guessing from
  one address locks that address out of the account, not its owner), then, at a much higher
  count, per account from every address (so spreading guesses over many addresses does not
  help either);
- chat lines per account: a moving window too (``chat_rate``);
- WebSocket messages per connection: ``aiolimiter``'s leaky bucket (a rate with a burst).

The moving windows live in this process's memory, or, when the room runs as several nodes
(``config.redis`` set), in the Redis the nodes share, so that a limit holds across the room and
not once per node: ``limits.aio``'s Redis storage, through the asyncio client of ``redis``, so
no round trip blocks the event loop.  While Redis cannot be reached, the windows are this
process's own (the outage is logged once, and Redis is tried again every
:data:`RETRY_REDIS` seconds): log-in and registration keep answering, each node counting
apart.  The per-connection bucket stays with its connection.

>>> import asyncio
>>> from standpat.server.config import ServerConfig
>>> throttle = Throttle(ServerConfig(db="sqlite://", account_logins="2/minute"))
>>> async def guess_twice() -> None:
...     await throttle.failed_login("alice", "10.0.0.9")
...     await throttle.failed_login("alice", "10.0.0.9")
...     await throttle.check_account("alice", "10.0.0.1")  # her own address: let in
...     await throttle.check_account("alice", "10.0.0.9")
>>> asyncio.run(guess_twice())
Traceback (most recent call last):
...
standpat.errors.ProtocolError: too many failed log-ins to this account from your address; \
try again in 60 s.
"""

from __future__ import annotations

import logging
import math
import time
from typing import TYPE_CHECKING, Any, Final, Protocol, cast

from aiolimiter import AsyncLimiter
from limits import RateLimitItem, RateLimitItemPerSecond, WindowStats, parse
from limits.aio.storage import RedisStorage
from limits.aio.storage.redis.redispy import RedispyBridge
from limits.aio.strategies import MovingWindowRateLimiter as AsyncMovingWindowRateLimiter
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter
from redis.exceptions import RedisError

from standpat.errors import ProtocolError
from standpat.server.config import ServerConfig

if TYPE_CHECKING:
    import redis.asyncio

__all__ = ["RETRY_REDIS", "Throttle", "shared_storage_uri"]

log = logging.getLogger("standpat.server")
_WINDOW = 10
"""Seconds of the per-address log-in window."""
RETRY_REDIS: Final = 5.0
"""Seconds between two tries of a Redis that could not be reached (meanwhile the windows are
this process's own)."""
REDIS_TIMEOUT: Final = 1.0
"""Seconds a round trip to Redis (or a connection to it) may take before it counts as down."""

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
            shared_storage_uri(url), implementation="redispy", key_prefix=KEY_PREFIX,
            socket_timeout=REDIS_TIMEOUT, socket_connect_timeout=REDIS_TIMEOUT,
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


class _SharedOrLocal:
    """The shared windows in Redis, or this process's while Redis cannot be reached."""

    def __init__(self, shared: _Limiter, retry: float = RETRY_REDIS) -> None:
        self.shared = shared
        self.local = _LocalLimiter()
        self.retry = retry
        self.down_until: float | None = None
        """While Redis is down: when to try it again."""

    async def _call(self, method: str, *args: Any, **kwargs: Any) -> Any:
        now = time.monotonic()
        if self.down_until is None or now >= self.down_until:
            try:
                result = await getattr(self.shared, method)(*args, **kwargs)
            except (RedisError, OSError) as error:
                if self.down_until is None:
                    log.warning("Redis cannot be reached (%s): the rate limits are this "
                                "node's own until it answers", error)
                self.down_until = now + self.retry
            else:
                if self.down_until is not None:
                    log.warning("Redis answers again: the rate limits are the room's again")
                    self.down_until = None
                return result
        return await getattr(self.local, method)(*args, **kwargs)

    async def hit(self, item: RateLimitItem, *identifiers: str, cost: int = 1) -> bool:
        """Count a hit; False past the limit."""
        return bool(await self._call("hit", item, *identifiers, cost=cost))

    async def test(self, item: RateLimitItem, *identifiers: str, cost: int = 1) -> bool:
        """Whether a hit would pass, without counting it."""
        return bool(await self._call("test", item, *identifiers, cost=cost))

    async def get_window_stats(self, item: RateLimitItem, *identifiers: str) -> WindowStats:
        """When the window resets, and what is left in it."""
        return cast(WindowStats, await self._call("get_window_stats", item, *identifiers))

    async def close(self) -> None:
        """Close the connections to Redis."""
        await self.shared.close()


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
            _SharedOrLocal(_SharedLimiter(config.redis)) if config.redis is not None
            else _LocalLimiter()
        )
        self.logins: RateLimitItem = RateLimitItemPerSecond(
            max(1, round(config.login_rate * _WINDOW)), _WINDOW
        )
        self.registrations: RateLimitItem = parse(config.registrations)
        self.account_logins: RateLimitItem = parse(config.account_logins)
        self.account_lock: RateLimitItem = parse(config.account_lock)
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

    async def register(self, address: str) -> None:
        """Count a registration from ``address`` (and a log-in); 429 past either limit."""
        await self.login(address)
        if not await self.limiter.hit(self.registrations, "register", address):
            wait = await self._wait(self.registrations, "register", address)
            raise ProtocolError(
                "rate-limited",
                f"too many new accounts from your address; try again in {wait} s.",
            )

    async def check_account(self, key: str, address: str) -> None:
        """Refuse (429) a log-in to an account with too many recent failures from this
        address, or (a much higher count) from everywhere."""
        if not await self.limiter.test(self.account_logins, "account", key, address):
            wait = await self._wait(self.account_logins, "account", key, address)
            raise ProtocolError(
                "rate-limited",
                f"too many failed log-ins to this account from your address; try again in "
                f"{wait} s.",
            )
        if not await self.limiter.test(self.account_lock, "account-all", key):
            wait = await self._wait(self.account_lock, "account-all", key)
            raise ProtocolError(
                "rate-limited",
                f"too many failed log-ins for this account; try again in {wait} s.",
            )

    async def failed_login(self, key: str, address: str) -> None:
        """Count a failed log-in from ``address`` to the account whose name key is ``key``."""
        await self.limiter.hit(self.account_logins, "account", key, address)
        await self.limiter.hit(self.account_lock, "account-all", key)

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
