"""The garbage collector of a long-running room: few, short pauses.

A node of a busy room holds many live objects (every table's round, its views, the
connections and their buffers), and CPython's default thresholds (700, 10, 10) scan
them often: a node of 125 paced tables (``benchmarks/load.py --nodes 2 --tables 250
--think 0.5``) stopped its event loop 70-235 ms for each full collection, six a minute,
and 20-65 ms for each middle one, and those stops were the room's slowest answers (its
p99 of 200-330 ms).

The young threshold counts allocations less deallocations.  A busy node makes and frees
tens of thousands of objects in a turn of its loop (each change's messages to four
thousand connections), so a threshold of 10,000 was crossed every second or two at 800
paced tables, and each young collection then scanned everything made since the last one
and still alive (up to 350,000 objects: rounds in play, queued messages, the connections'
waits): 23-28 young collections in 40 s, the longest 230-250 ms, and the node's p99 of
325-355 ms, against 145-230 ms with no collections at all.  The room makes almost no cyclic
garbage (what it freed was the statements of one store read, built anew every second, now
built once), so :data:`THRESHOLDS` sets the young threshold above what a turn makes and
frees: a steady room collects almost never, and a room that keeps growing (tables opening,
or garbage after all) still collects every 500,000 objects.  :func:`tune` also freezes what
the process holds once it is set up (its modules, the app: never garbage); ``standpat
serve`` calls it before it starts serving.
"""

from __future__ import annotations

import gc
from typing import Final

__all__ = ["THRESHOLDS", "tune"]

THRESHOLDS: Final = (500_000, 100, 100)
"""Allocations (less deallocations) between young collections, and young (middle)
collections between middle (full) ones."""


def tune() -> None:
    """Collect once, freeze every object alive now, and set :data:`THRESHOLDS`."""
    gc.collect()
    gc.freeze()  # set-up objects are left out of every later collection
    gc.set_threshold(*THRESHOLDS)
