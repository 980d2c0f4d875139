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

__all__ = ["codes", "from_codes", "strengths"]


_SUIT_SHIFT = 23
"""Suit counters sit above the largest rank-key sum (7,825,759 < 2**23)."""


@cache
def _tables(name: RankingName, n: int) -> tuple[Any, Any, Any, Any]:
    """Per-card codes (rank key plus a suit counter; a bit in a 13-bit field per suit),
    the dense rank-key table (strength by key sum) and the flush table."""
    table, flush = get_ranking(name).tables(n)
    dense = np.zeros(max(table) + 1, dtype=np.int32)
    dense[np.fromiter(table.keys(), np.int64)] = np.fromiter(table.values(), np.int64)
    cards = np.arange(52, dtype=np.int64)
    keys = np.array(KEYS[n], dtype=np.int64)[cards >> 2] + (
        np.int64(1) << (_SUIT_SHIFT + 4 * (cards & 3)))
    masks = np.int64(1) << (13 * (cards & 3) + (cards >> 2))
    return keys, masks, dense, np.array(flush, dtype=np.int32)


def codes(ranking: str | Ranking, n: int) -> tuple[Any, Any]:
    """Two int64 codes per card int, additive over a hand of ``n`` distinct cards: sum
    them over a hand (or over parts of it) and pass the sums to :func:`from_codes`."""
    keys, masks, _, _ = _tables(get_ranking(ranking).name, n)
    return keys, masks


def from_codes(key_sums: Any, mask_sums: Any, ranking: str | Ranking, n: int) -> Any:
    """Strengths of hands of ``n`` cards from the sums of their :func:`codes`."""
    rank = get_ranking(ranking)
    if n != 5 and rank.low:
        raise ValueError("lowball hands of more than five cards are not ranked here.")
    _, _, dense, flush = _tables(rank.name, n)
    key_sums = np.asarray(key_sums, dtype=np.int64)
    out = dense[key_sums & ((1 << _SUIT_SHIFT) - 1)]
    fields = key_sums >> _SUIT_SHIFT
    for suit in range(4):
        rows = np.flatnonzero(((fields >> (4 * suit)) & 15) >= 5)
        if not rows.size:
            continue
        found = flush[(np.asarray(mask_sums)[rows] >> (13 * suit)) & 0x1FFF]
        out[rows] = found if n == 5 else np.maximum(out[rows], found)
    return out


def strengths(rows: Any, ranking: str | Ranking) -> Any:
    """Strength of each row of an (N, n) card-int array, as ``Ranking.strength`` gives it.

    ``n`` is 5 for every ranking, 5 to 7 for the high rankings (no checking:
    the cards must be distinct and in the ranking's deck).
    """
    cards = np.asarray(rows).astype(np.int64)
    n = cards.shape[1]
    keys, masks = codes(ranking, n)
    return from_codes(keys[cards].sum(axis=1), masks[cards].sum(axis=1), ranking, n)
