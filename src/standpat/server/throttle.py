"""The room's rate limits, kept by well-kept libraries.

- log-ins and registrations per client address, and failed log-ins per account name (so
  spreading guesses over many addresses does not help): ``limits``' moving windows;
- chat lines per account: a moving window too (``chat_rate``);
- WebSocket messages per connection: ``aiolimiter``'s leaky bucket (a rate with a burst).

>>> from standpat.server.config import ServerConfig
>>> throttle = Throttle(ServerConfig(db="sqlite://", account_logins="2/minute"))
>>> throttle.failed_login("alice"); throttle.failed_login("alice")
>>> throttle.check_account("alice")
Traceback (most recent call last):
...
standpat.errors.ProtocolError: too many failed log-ins for this account; try again in 60 s.
"""

from __future__ import annotations

import math
import time

from aiolimiter import AsyncLimiter
from limits import RateLimitItem, RateLimitItemPerSecond, parse
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter

from standpat.errors import ProtocolError
from standpat.server.config import ServerConfig

__all__ = ["Throttle"]

_WINDOW = 10
"""Seconds of the per-address log-in window."""


class Throttle:
    """Every rate limit of one server process."""

    def __init__(self, config: ServerConfig) -> None:
        self.limiter = MovingWindowRateLimiter(MemoryStorage())
        self.logins: RateLimitItem = RateLimitItemPerSecond(
            max(1, round(config.login_rate * _WINDOW)), _WINDOW
        )
        self.account_logins: RateLimitItem = parse(config.account_logins)
        self.chat_lines: RateLimitItem = parse(config.chat_rate)
        self.rate = config.rate
        self.burst = config.burst

    def login(self, address: str) -> None:
        """Count a log-in or registration from ``address``; 429 past the limit."""
        if not self.limiter.hit(self.logins, "login", address):
            wait = self._wait(self.logins, "login", address)
            raise ProtocolError(
                "rate-limited", f"too many log-ins from your address; try again in {wait} s."
            )

    def check_account(self, key: str) -> None:
        """Refuse (429) a log-in to an account with too many recent failures."""
        if not self.limiter.test(self.account_logins, "account", key):
            raise ProtocolError(
                "rate-limited",
                "too many failed log-ins for this account; try again in "
                f"{self._wait(self.account_logins, 'account', key)} s.",
            )

    def failed_login(self, key: str) -> None:
        """Count a failed log-in to the account whose name key is ``key``."""
        self.limiter.hit(self.account_logins, "account", key)

    def chat(self, account_id: int) -> None:
        """Count a chat line of an account (on any table); refused past ``chat_rate``."""
        if not self.limiter.hit(self.chat_lines, "chat", str(account_id)):
            wait = self._wait(self.chat_lines, "chat", str(account_id))
            raise ProtocolError(
                "rate-limited", f"you chat too fast; wait {wait} s before the next line."
            )

    def messages(self) -> AsyncLimiter:
        """A new connection's message limit: ``rate`` a second, ``burst`` at once."""
        return AsyncLimiter(self.burst, self.burst / self.rate)

    def _wait(self, item: RateLimitItem, *keys: str) -> int:
        reset = self.limiter.get_window_stats(item, *keys).reset_time
        return max(1, math.ceil(reset - time.time()))
