"""Token buckets for per-connection and per-address rate limits."""

from __future__ import annotations

import time
from collections import OrderedDict


class TokenBucket:
    """``rate`` tokens a second up to ``burst``; :meth:`take` spends one if there is one.

    >>> bucket = TokenBucket(rate=1.0, burst=2, now=0.0)
    >>> [bucket.take(now=0.0) for _ in range(3)]
    [True, True, False]
    >>> bucket.take(now=1.0)
    True
    """

    __slots__ = ("burst", "rate", "stamp", "tokens")

    def __init__(self, rate: float, burst: int, *, now: float | None = None) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = float(burst)
        self.stamp = time.monotonic() if now is None else now

    def take(self, *, now: float | None = None) -> bool:
        """Spend one token; False when the bucket is empty."""
        now = time.monotonic() if now is None else now
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False


class KeyedLimiter:
    """One token bucket per key (a client address), forgetting the oldest past ``size`` keys."""

    def __init__(self, rate: float, burst: int, size: int = 10_000) -> None:
        self.rate = rate
        self.burst = burst
        self.size = size
        self._buckets: OrderedDict[str, TokenBucket] = OrderedDict()

    def take(self, key: str) -> bool:
        """Spend one token of ``key``'s bucket."""
        bucket = self._buckets.get(key)
        if bucket is None:
            bucket = self._buckets[key] = TokenBucket(self.rate, self.burst)
            if len(self._buckets) > self.size:
                self._buckets.popitem(last=False)
        self._buckets.move_to_end(key)
        return bucket.take()
