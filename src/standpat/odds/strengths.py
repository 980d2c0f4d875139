"""Strengths of many final hands at once, from the ranking's own lookup tables, in numpy.

The odds rank up to millions of final hands per question in a fresh process
(a command-line call).  :func:`standpat.evaluate_batch` is the project's
batch evaluator, but its numba kernel is compiled again in every process
(tens of seconds; its cache is not reused) and its numpy fallback ranks
flush rows one at a time (about 0.25 M seven-card hands a second).  This
module ranks five-card hands of any ranking and six- or seven-card hands of
the high rankings through :meth:`standpat.ranking.Ranking.tables`, the same
tables the batch path reads, with flushes vectorised too.  The tests check
it against ``Ranking.strength``; ``benchmarks/odds.py`` times it.

>>> import numpy as np
>>> rows = np.array([[51, 47, 43, 39, 35], [0, 4, 8, 12, 17]], dtype=np.uint8)
>>> [int(s) for s in strengths(rows, "high")] == [
...     get_ranking("high").strength(r) for r in rows.tolist()]
True
"""

from __future__ import annotations

from functools import cache
from typing import Any

import numpy as np

from standpat._keys import KEYS
from standpat.ranking import Ranking, RankingName, get_ranking

__all__ = ["strengths"]


@cache
def _tables(name: RankingName, n: int) -> tuple[Any, Any, Any]:
    """Per-rank keys, the dense rank-key table (strength by key sum), the flush table."""
    table, flush = get_ranking(name).tables(n)
    dense = np.zeros(max(table) + 1, dtype=np.int32)
    dense[np.fromiter(table.keys(), np.int64)] = np.fromiter(table.values(), np.int64)
    return np.array(KEYS[n], dtype=np.int64), dense, np.array(flush, dtype=np.int32)


def strengths(rows: Any, ranking: str | Ranking) -> Any:
    """Strength of each row of an (N, n) card-int array, as ``Ranking.strength`` gives it.

    ``n`` is 5 for every ranking, 5 to 7 for the high rankings (no checking:
    the cards must be distinct and in the ranking's deck).
    """
    rank = get_ranking(ranking)
    cards = np.asarray(rows)
    n = cards.shape[1]
    if n != 5 and rank.low:
        raise ValueError("lowball hands of more than five cards are not ranked here.")
    keys, dense, flush = _tables(rank.name, n)
    ranks = cards >> 2
    suits = cards & 3
    out = dense[keys[ranks].sum(axis=1)]
    for suit in range(4):
        mine = suits == suit
        suited = np.flatnonzero(mine.sum(axis=1) >= 5)
        if not suited.size:
            continue
        masks = (np.where(mine[suited], 1 << ranks[suited].astype(np.int64), 0)).sum(axis=1)
        found = flush[masks]
        out[suited] = found if n == 5 else np.maximum(out[suited], found)
    return out
