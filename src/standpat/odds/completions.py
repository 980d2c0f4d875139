"""Every completion of a hold, evaluated: the brute-force count of a single draw.

For each hold, every set of cards the draw can bring is dealt out of the stub
and the final hands are ranked in batches (:func:`~standpat.odds.strengths.strengths`).
This is the reference the inclusion-exclusion of :mod:`standpat.odds.tables`
is tested and benchmarked against, and the exact path wherever the tables do
not apply: Seven Card Draw's seven-card hands, and many dead cards.  Badugi's
four-card hands are read from its ranking's table of every four-card hand
(:func:`badugi_counts`).

>>> from standpat.odds.situation import Situation
>>> s = Situation.of("7s 6d 3c 2h Kc", "deuce-to-seven-single-draw")
>>> counts = completion_counts(s, [0b01111])        # keep 7-6-3-2, draw one
>>> int(counts[0b01111].sum()), int(counts[0b01111][0])   # completions; 7-lows
(47, 8)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from typing import Any, Final

import numpy as np

from standpat.odds.combos import colex
from standpat.odds.outcomes import outcome_index, outcomes
from standpat.odds.situation import Situation
from standpat.odds.strengths import codes, from_codes
from standpat.odds.tables import class_counts, strength_classes
from standpat.ranking import COLEX, BadugiRanking, RankingName, get_ranking

__all__ = ["badugi_counts", "completion_counts"]

CHUNK: Final = 1 << 20
"""Final hands ranked per batch call (about)."""


def completion_counts(situation: Situation, holds: Iterable[int]) -> dict[int, Any]:
    """Completions of each hold by outcome, as int64 arrays, keyed by hold mask.

    A hold mask keeps ``situation.hand[i]`` for each bit ``i``.  Every set of
    cards the draw can bring is listed once per draw size, with the sums of
    its cards' codes (:func:`~standpat.odds.strengths.codes`); a hold adds its
    own cards' sums, and the strengths follow from the totals.
    """
    table = class_counts(situation.ranking)
    width = table.classes
    hand = np.array(situation.hand, dtype=np.int64)
    stub = np.array(situation.stub, dtype=np.int64)
    n = len(hand)
    keys, masks = codes(situation.ranking, n)
    drawn: dict[int, tuple[Any, Any]] = {}
    found: dict[int, Any] = {}
    for mask in holds:
        kept = hand[[i for i in range(n) if mask >> i & 1]]
        size = n - kept.size
        if size not in drawn:
            combos = colex(stub.size, size).astype(np.int64)
            picked = stub[combos]
            drawn[size] = (keys[picked].sum(axis=1), masks[picked].sum(axis=1))
        key_sums, mask_sums = drawn[size]
        total = np.zeros(width, dtype=np.int64)
        for start in range(0, key_sums.size, CHUNK):
            found_strengths = from_codes(key_sums[start:start + CHUNK] + keys[kept].sum(),
                                         mask_sums[start:start + CHUNK] + masks[kept].sum(),
                                         situation.ranking, n)
            total += np.bincount(strength_classes(table, found_strengths), minlength=width)
        found[mask] = total
    return found


@cache
def _badugi_classes() -> tuple[Any, Any, int]:
    """Badugi, by strength: the outcome index, and twice the four-card hands it beats
    (ties once); and the number of four-card hands."""
    rank = get_ranking(RankingName.BADUGI)
    assert isinstance(rank, BadugiRanking)
    table = np.frombuffer(rank.table(), dtype=np.int32).astype(np.int64)
    values, counts = np.unique(table, return_counts=True)
    classes = np.zeros(int(values[-1]) + 1, dtype=np.int64)
    classes[values] = [outcome_index(rank, int(v), 0) for v in values.tolist()]
    below = np.cumsum(counts) - counts
    beats = np.zeros(int(values[-1]) + 1, dtype=np.int64)
    beats[values] = 2 * below + counts
    return classes, beats, int(table.size)


def badugi_counts(situation: Situation, holds: Sequence[int]) -> tuple[Any, list[int], int]:
    """Badugi's single draw, every completion: the final hands of each hold by outcome
    ((holds, outcomes) int64), the sum over them of twice the four-card hands each beats
    (ties once), and twice the number of four-card hands (the scale of those sums)."""
    rank = get_ranking(RankingName.BADUGI)
    assert isinstance(rank, BadugiRanking)
    table = np.frombuffer(rank.table(), dtype=np.int32)
    colex_of = np.array(COLEX, dtype=np.int64)
    classes, beats, total = _badugi_classes()
    hand = np.array(situation.hand, dtype=np.int64)
    stub = np.array(situation.stub, dtype=np.int64)
    rows = np.zeros((len(holds), len(outcomes(rank))), dtype=np.int64)
    sums = []
    for i, mask in enumerate(holds):
        kept = hand[[j for j in range(4) if mask >> j & 1]]
        drawn = stub[colex(stub.size, 4 - kept.size)]
        cards = np.sort(np.hstack([np.broadcast_to(kept, (drawn.shape[0], kept.size)), drawn]),
                        axis=1)
        found = table[sum(colex_of[k][cards[:, k]] for k in range(4))]
        rows[i] = np.bincount(classes[found], minlength=rows.shape[1])
        sums.append(int(beats[found].sum()))
    return rows, sums, 2 * total
