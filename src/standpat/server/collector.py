"""The garbage collector of a long-running room: few, short pauses.

A node of a busy room holds many live objects (every table's round, its views, the
connections and their buffers), and CPython's default thresholds (700, 10, 10) scan
them often: a node of 125 paced tables (``benchmarks/load.py --nodes 2 --tables 250
--think 0.5``) stopped its event loop 70-235 ms for each full collection, six a minute,
and 20-65 ms for each middle one, and those stops were the room's slowest answers (its
p99 of 200-330 ms). The room makes little cyclic garbage (its collections found 0 to a
few hundred objects), so collecting less often costs little memory.  :func:`tune`
freezes what the process holds once it is set up (its modules, the app: never garbage)
and raises the thresholds (:data:`THRESHOLDS`); ``standpat serve`` calls it before it
starts serving.
"""

from __future__ import annotations

import gc
from typing import Final

__all__ = ["THRESHOLDS", "tune"]

THRESHOLDS: Final = (10_000, 100, 100)
"""Allocations between young collections, and young (middle) collections between middle
(full) ones: a full collection about a hundred times rarer than by default."""


def tune() -> None:
    """Collect once, freeze every object alive now, and set :data:`THRESHOLDS`."""
    gc.collect()
    gc.freeze()  # set-up objects are left out of every later collection
    gc.set_threshold(*THRESHOLDS)
