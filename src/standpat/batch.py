"""Evaluate many hands at once: an (N, 5..7) array of card ints in, strengths out.

The strengths are the same ints as :meth:`standpat.ranking.Ranking.strength`
(bigger wins, under every ranking).  With numba installed (the ``fast`` extra)
the work runs in a compiled, parallel loop; otherwise in vectorised numpy.
numpy is imported on the first call, so ``import standpat`` stays light.

>>> import numpy as np
>>> hands = np.array([[51, 47, 43, 39, 35], [0, 1, 2, 3, 4]], dtype=np.uint8)
>>> s = evaluate_batch(hands, "high")
>>> bool(s[0] > s[1]), s.dtype.name
(True, 'int32')
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

from standpat._keys import KEYS
from standpat.cards import Card, format_cards
from standpat.errors import CardNotInDeckError, DuplicateCardError, HandSizeError
from standpat.ranking import Ranking, get_ranking

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["evaluate_batch", "has_numba"]


@cache
def _dense(name: str, n: int) -> tuple[Any, Any, Any]:
    """Dense numpy tables for one ranking and hand size: card keys, rank table, flush table."""
    import numpy as np

    ranking = get_ranking(name)
    table, flush = ranking.tables(n)
    dense = np.full(max(table) + 1, -1, dtype=np.int32)
    dense[np.fromiter(table.keys(), np.int64)] = np.fromiter(table.values(), np.int32)
    card_keys = np.array([KEYS[n][c >> 2] for c in range(52)], dtype=np.int64)
    return card_keys, dense, np.array(flush, dtype=np.int32)


@cache
def _kernel() -> Any:
    """The compiled kernel, or ``None`` when numba is not installed."""
    try:
        import numba
    except ImportError:
        return None
    import numpy as np

    @numba.njit(cache=True, nogil=True)
    def _one(row: Any, n: int, keys: Any, table: Any, flush: Any, deck: int, low: bool,
             keys5: Any, table5: Any) -> Any:
        key = 0
        seen = np.int64(0)
        fields = 0
        for j in range(n):
            c: Any = np.int64(row[j])
            if c < 0 or c > 51:
                return -1
            bit = np.int64(1) << c
            if seen & bit:
                return -2
            seen |= bit
            key += keys[c]
            fields += 1 << ((c & 3) << 2)
        if seen & ~deck:
            return -3
        hits = (fields + 0x3333) & 0x8888
        if hits == 0:
            return table[key]
        suit = 0
        while not (hits >> (4 * suit + 3)) & 1:
            suit += 1
        mask = 0
        for r in range(13):
            if (seen >> (4 * r + suit)) & 1:
                mask |= 1 << r
        if n == 5:
            return flush[mask]
        if not low:
            return max(flush[mask], table[key])
        best = -1
        cards = np.empty(n, np.int64)
        for j in range(n):
            cards[j] = row[j]
        for a in range(n):
            for b in range(a + 1, n):
                for c2 in range(b + 1, n):
                    for d in range(c2 + 1, n):
                        for e in range(d + 1, n):
                            s0 = cards[a] & 3
                            if (cards[b] & 3) == s0 and (cards[c2] & 3) == s0 and (
                                cards[d] & 3) == s0 and (cards[e] & 3) == s0:
                                m = ((1 << (cards[a] >> 2)) | (1 << (cards[b] >> 2))
                                     | (1 << (cards[c2] >> 2)) | (1 << (cards[d] >> 2))
                                     | (1 << (cards[e] >> 2)))
                                v = flush[m]
                            else:
                                v = table5[keys5[cards[a]] + keys5[cards[b]] + keys5[cards[c2]]
                                           + keys5[cards[d]] + keys5[cards[e]]]
                            best = max(best, v)
        return best

    @numba.njit(parallel=True, cache=True, nogil=True)
    def kernel(hands: Any, keys: Any, table: Any, flush: Any, deck: int, low: bool,
               keys5: Any, table5: Any, out: Any) -> None:
        n = hands.shape[1]
        for i in numba.prange(hands.shape[0]):
            out[i] = _one(hands[i], n, keys, table, flush, deck, low, keys5, table5)

    return kernel


def has_numba() -> bool:
    """Whether the compiled batch path is available."""
    return _kernel() is not None


def evaluate_batch(
    hands: npt.ArrayLike, ranking: str | Ranking, *, use_numba: bool | None = None
) -> np.ndarray[Any, np.dtype[np.int32]]:
    """Strengths of an (N, 5..7) integer array of card ints, as an int32 array of N.

    Rows are checked (card ints in range, distinct, in the ranking's deck);
    the first bad row raises the same errors as :func:`standpat.evaluate`.
    ``use_numba`` forces a path (default: numba when installed).
    """
    import numpy as np

    rank = get_ranking(ranking)
    arr = np.asarray(hands)
    if arr.ndim != 2 or not 5 <= arr.shape[1] <= 7:
        raise HandSizeError(
            f"evaluate_batch needs an (N, 5..7) array of card ints, got shape {arr.shape}."
        )
    if arr.dtype.kind not in "iu":
        raise HandSizeError(f"evaluate_batch needs integer card ints, got dtype {arr.dtype}.")
    n = arr.shape[1]
    keys, table, flush = _dense(rank.name.value, n)
    keys5, table5, _ = _dense(rank.name.value, 5)
    out = np.empty(arr.shape[0], dtype=np.int32)
    kernel = _kernel() if use_numba is not False else None
    if use_numba and kernel is None:
        raise RuntimeError("numba is not installed; install standpat[fast].")
    if kernel is not None:
        kernel(np.ascontiguousarray(arr), keys, table, flush, rank.deck_mask, rank.low,
               keys5, table5, out)
    else:
        _numpy_path(arr, rank, keys, table, flush, out)
    bad = np.flatnonzero(out < 0)
    if bad.size:
        _raise_for_row(arr[bad[0]], int(bad[0]), rank)
    return out


def _numpy_path(arr: Any, rank: Ranking, keys: Any, table: Any, flush: Any, out: Any) -> None:
    import numpy as np

    if arr.size and (arr.min() < 0 or arr.max() > 51):
        out[:] = 0
        out[np.flatnonzero(((arr < 0) | (arr > 51)).any(axis=1))] = -1
        return
    cards = arr.astype(np.int64)
    bits = np.left_shift(np.int64(1), cards)
    seen = np.bitwise_or.reduce(bits, axis=1)
    distinct = np.zeros(len(arr), dtype=np.int64)
    for j in range(cards.shape[1]):
        distinct += (np.bitwise_and(seen, bits[:, j]) != 0)
    dup = np.array([int(s).bit_count() for s in seen]) != cards.shape[1]
    off_deck = np.bitwise_and(seen, ~np.int64(rank.deck_mask)) != 0
    out[:] = table[keys[cards].sum(axis=1)]
    suits = cards & 3
    for suit in range(4):
        rows = np.flatnonzero((suits == suit).sum(axis=1) >= 5)
        for i in rows:
            out[i] = rank.strength([int(c) for c in cards[i]])
    out[dup] = -2
    out[off_deck & ~dup] = -3


def _raise_for_row(row: Any, index: int, rank: Ranking) -> None:
    values = [int(v) for v in row]
    if any(not 0 <= v < 52 for v in values):
        raise CardNotInDeckError(f"row {index} holds {values}, not card ints in 0..51.")
    text = format_cards(values)
    if len(set(values)) != len(values):
        raise DuplicateCardError(f"row {index} ({text!r}) holds the same card twice.")
    rank.check([Card(v) for v in values], f"row {index}: {text}")
    raise AssertionError(f"row {index} ({text!r}) was rejected without a reason.")

