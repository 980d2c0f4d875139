"""Every completion of a hold, evaluated: the brute-force count of a single draw.

For each hold, every set of cards the draw can bring is dealt out of the stub
and the final hands are ranked in batches (:func:`~standpat.odds.strengths.strengths`).
This is the reference the inclusion-exclusion of :mod:`standpat.odds.tables`
is tested and benchmarked against, and the exact path wherever the tables do
not apply: Seven Card Draw's seven-card hands, and many dead cards.

>>> from standpat.odds.situation import Situation
>>> s = Situation.of("7s 6d 3c 2h Kc", "deuce-to-seven-single-draw")
>>> counts = completion_counts(s, [0b01111])        # keep 7-6-3-2, draw one
>>> int(counts[0b01111].sum()), int(counts[0b01111][0])   # completions; 7-lows
(47, 8)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final

import numpy as np

from standpat.odds.combos import colex
from standpat.odds.situation import Situation
from standpat.odds.strengths import strengths
from standpat.odds.tables import class_counts, strength_classes

__all__ = ["completion_counts"]

CHUNK: Final = 1 << 20
"""Final hands ranked per batch call (about)."""


def completion_counts(situation: Situation, holds: Iterable[int]) -> dict[int, Any]:
    """Completions of each hold by outcome, as int64 arrays, keyed by hold mask.

    A hold mask keeps ``situation.hand[i]`` for each bit ``i``.  The final
    hands of all holds are ranked together, :data:`CHUNK` at a time.
    """
    table = class_counts(situation.ranking)
    width = table.classes
    hand = np.array(situation.hand, dtype=np.uint8)
    stub = np.array(situation.stub, dtype=np.uint8)
    n = len(hand)
    masks = list(holds)
    totals = np.zeros((len(masks), width), dtype=np.int64)
    pending: list[Any] = []
    owners: list[Any] = []
    size = 0

    def flush() -> None:
        nonlocal size
        if not pending:
            return
        rows = np.vstack(pending)
        classes = strength_classes(table, strengths(rows, situation.ranking))
        owner = np.concatenate(owners)
        totals.reshape(-1)[:] += np.bincount(owner * width + classes,
                                             minlength=totals.size)
        pending.clear()
        owners.clear()
        size = 0

    for index, mask in enumerate(masks):
        kept = hand[[i for i in range(n) if mask >> i & 1]]
        combos = colex(stub.size, n - kept.size)
        for start in range(0, combos.shape[0], CHUNK):
            drawn = stub[combos[start:start + CHUNK]]
            pending.append(np.hstack([np.broadcast_to(kept, (drawn.shape[0], kept.size)),
                                      drawn]))
            owners.append(np.full(drawn.shape[0], index, dtype=np.int64))
            size += drawn.shape[0]
            if size >= CHUNK:
                flush()
    flush()
    return {mask: totals[i] for i, mask in enumerate(masks)}
