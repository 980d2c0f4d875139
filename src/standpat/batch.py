"""Evaluate many hands at once: an (N, 5..7) array of card ints in, strengths out
(Badugi: (N, 4)).

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
from standpat.ranking import COLEX, BadugiRanking, Ranking, get_ranking

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["evaluate_batch", "has_numba"]


@cache
def _dense(name: str, n: int) -> tuple[Any, Any, Any, Any]:
    """Numpy tables for one ranking and hand size.

    Returns the per-card words (see :data:`INFO_BAD`), the rank table as uint16 places
    (indexed by the key sum), the int32 strength of each place, and the flush table.
    """
    import numpy as np

    ranking = get_ranking(name)
    table, flush = ranking.tables(n)
    values = np.array(sorted(set(table.values())), dtype=np.int32)
    places = np.zeros(max(table) + 1, dtype=np.uint16)
    places[np.fromiter(table.keys(), np.int64)] = np.searchsorted(
        values, np.fromiter(table.values(), np.int32)
    )
    info = np.full(256, INFO_BAD, dtype=np.int64)
    for c in range(52):
        info[c] = KEYS[n][c >> 2] | 1 << (32 + 4 * (c & 3))
    return info, places, values, np.array(flush, dtype=np.int32)


INFO_BAD = 1 << 56
"""A card's word for the batch kernel: its rank key in bits 0-31 and a one in its suit's
nibble of bits 32-47, so that one sum over a hand gives the table key and the four suit
counts at once; values 52..255 (not cards) are ``INFO_BAD``, which the sum counts in bits
56 and up."""


@cache
def _kernel() -> Any:
    """The compiled kernel, or ``None`` when numba is not installed."""
    try:
        import numba
    except ImportError:
        return None
    import numpy as np
    from numba import types
    from numba.extending import intrinsic

    @intrinsic
    def popcount(typingctx: Any, x: Any) -> Any:
        """The bits set in an int64 (LLVM's ctpop: one instruction)."""
        def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
            return builder.ctpop(args[0])
        return types.int64(types.int64), codegen

    @numba.njit(cache=True, nogil=True)
    def low_flush(row: Any, n: int, keys5: Any, places5: Any, values5: Any, flush: Any) -> Any:
        """Best lowball five of six or seven cards that hold a flush: try every five."""
        best = -1
        for m in range(1 << n):
            if m >> n or bin_count(m) != 5:
                continue
            key = 0
            suits = 0
            ranks = 0
            for j in range(n):
                if (m >> j) & 1:
                    c: Any = np.int64(row[j])
                    key += keys5[c]
                    suits |= 1 << (c & 3)
                    ranks |= 1 << (c >> 2)
            key &= 0xFFFFFFFF
            value = flush[ranks] if suits & (suits - 1) == 0 else values5[places5[key]]
            best = max(best, value)
        return best

    @numba.njit(cache=True, nogil=True)
    def bin_count(m: int) -> int:
        count = 0
        while m:
            m &= m - 1
            count += 1
        return count

    @numba.njit(cache=True, nogil=True, inline="always")
    def one(row: Any, n: int, info: Any, places: Any, values: Any, flush: Any, deck: int,
            low: bool, keys5: Any, places5: Any, values5: Any) -> Any:
        words: Any = np.int64(0)  # the sum of the cards' words: key, suit counts, bad cards
        seen: Any = np.int64(0)  # the cards' bits, added: n bits set unless a card repeats
        for j in range(n):
            c: Any = min(np.uint64(row[j]), np.uint64(255))  # a negative int wraps to 255
            words += info[c]
            seen += np.int64(1) << np.int64(c & np.uint64(63))
        if words >> 56:
            return -1
        if popcount(seen) != n:  # type: ignore[call-arg]  # a repeated card: fewer bits
            return -2
        if seen & ~deck:
            return -3
        key = words & 0xFFFFFFFF
        hits = ((words >> 32) + 0x3333) & 0x8888  # the suits held five times or more
        if hits == 0:
            return values[places[key]]
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
            return max(flush[mask], values[places[key]])
        return low_flush(row, n, keys5, places5, values5, flush)

    @numba.njit(cache=True, nogil=True)
    def serial(hands: Any, keys: Any, places: Any, values: Any, flush: Any, deck: int,
               low: bool, keys5: Any, places5: Any, values5: Any, out: Any) -> int:
        """The kernel on one thread: no thread-pool launch for a small batch."""
        n = hands.shape[1]
        bad = 0
        for i in range(hands.shape[0]):
            row = hands[i]
            if n == 5:
                v = one(row, 5, keys, places, values, flush, deck, low, keys5, places5, values5)
            elif n == 6:
                v = one(row, 6, keys, places, values, flush, deck, low, keys5, places5, values5)
            else:
                v = one(row, 7, keys, places, values, flush, deck, low, keys5, places5, values5)
            out[i] = v
            bad += v < 0
        return bad

    @numba.njit(parallel=True, cache=True, nogil=True)
    def kernel(hands: Any, keys: Any, places: Any, values: Any, flush: Any, deck: int,
               low: bool, keys5: Any, places5: Any, values5: Any, out: Any) -> int:
        n = hands.shape[1]
        bad = 0  # rows that are not hands, counted here rather than by a pass over out
        for i in numba.prange(hands.shape[0]):
            row = hands[i]
            if n == 5:  # a literal size lets the compiler unroll each case
                v = one(row, 5, keys, places, values, flush, deck, low, keys5, places5, values5)
            elif n == 6:
                v = one(row, 6, keys, places, values, flush, deck, low, keys5, places5, values5)
            else:
                v = one(row, 7, keys, places, values, flush, deck, low, keys5, places5, values5)
            out[i] = v
            bad += v < 0
        return bad

    @numba.njit(cache=True, nogil=True, inline="always")
    def four(row: Any, table: Any, colex: Any, deck: int) -> Any:
        """A 4-card hand read from its ranking's table at its colex index; -1..-3 if bad."""
        a: Any = min(np.uint64(row[0]), np.uint64(255))
        b: Any = min(np.uint64(row[1]), np.uint64(255))
        c: Any = min(np.uint64(row[2]), np.uint64(255))
        d: Any = min(np.uint64(row[3]), np.uint64(255))
        if max(max(a, b), max(c, d)) > 51:
            return -1
        lo1, hi1, lo2, hi2 = min(a, b), max(a, b), min(c, d), max(c, d)
        a, x, y, d = min(lo1, lo2), max(lo1, lo2), min(hi1, hi2), max(hi1, hi2)
        b, c = min(x, y), max(x, y)  # a sorting network of min and max: no branches
        if a == b or b == c or c == d:
            return -2
        one: Any = np.uint64(1)
        if ((one << a) | (one << b) | (one << c) | (one << d)) & ~np.uint64(deck):
            return -3
        return table[colex[0, a] + colex[1, b] + colex[2, c] + colex[3, d]]

    @numba.njit(cache=True, nogil=True)
    def four_serial(hands: Any, table: Any, colex: Any, deck: int, out: Any) -> int:
        """The 4-card kernel on one thread."""
        bad = 0
        for i in range(hands.shape[0]):
            v = four(hands[i], table, colex, deck)
            out[i] = v
            bad += v < 0
        return bad

    @numba.njit(parallel=True, cache=True, nogil=True)
    def four_parallel(hands: Any, table: Any, colex: Any, deck: int, out: Any) -> int:
        """The 4-card kernel on every core."""
        bad = 0
        for i in numba.prange(hands.shape[0]):
            v = four(hands[i], table, colex, deck)
            out[i] = v
            bad += v < 0
        return bad

    return kernel, serial, four_parallel, four_serial


@cache
def _four_tables(name: str) -> tuple[Any, Any]:
    """A 4-card ranking's table by colex index, as uint16 (Badugi's strengths fit: half the
    cache of int32), and :data:`COLEX` as an array."""
    import numpy as np

    ranking = get_ranking(name)
    assert isinstance(ranking, BadugiRanking)
    table = np.frombuffer(ranking.table(), dtype=np.int32)
    assert table.min() >= 0 and table.max() < 1 << 16
    return table.astype(np.uint16), np.array(COLEX, dtype=np.int32)


SERIAL_BELOW = 32_768
"""Batches smaller than this run on one thread (a parallel launch costs more than it saves)."""
PARALLEL_CHUNK = 16_384
"""Rows a thread takes at a time in a parallel batch.  Threads take chunks as they finish
them, so a thread whose core is busy with another process does less of the batch, rather
than the whole batch waiting for its fixed half."""


def has_numba() -> bool:
    """Whether the compiled batch path is available."""
    return _kernel() is not None


def evaluate_batch(
    hands: npt.ArrayLike, ranking: str | Ranking, *, use_numba: bool | None = None
) -> np.ndarray[Any, np.dtype[np.int32]]:
    """Strengths of an (N, 5..7) integer array of card ints (Badugi: (N, 4)), as an int32
    array of N.

    Rows are checked (card ints in range, distinct, in the ranking's deck);
    the first bad row raises the same errors as :func:`standpat.evaluate`.
    ``use_numba`` forces a path (default: numba when installed).
    """
    import numpy as np

    rank = get_ranking(ranking)
    arr = hands if isinstance(hands, np.ndarray) else np.asarray(hands)
    if arr.ndim != 2 or arr.shape[1] not in rank.sizes:
        need = "4" if rank.sizes == (4,) else "5..7"
        raise HandSizeError(
            f"evaluate_batch needs an (N, {need}) array of card ints under "
            f"{rank.name.value!r}, got shape {arr.shape}."
        )
    if arr.dtype.kind not in "iu":
        raise HandSizeError(f"evaluate_batch needs integer card ints, got dtype {arr.dtype}.")
    if rank.sizes == (4,):
        return _four_batch(arr, rank, use_numba)
    n = arr.shape[1]
    name = rank.name.value
    keys, places, values, flush = _dense(name, n)
    keys5, places5, values5, _ = _dense(name, 5)
    out = np.empty(arr.shape[0], dtype=np.int32)
    kernels = _kernel() if use_numba is not False else None
    if use_numba and kernels is None:
        raise RuntimeError("numba is not installed; install standpat[fast].")
    if kernels is not None:
        if not arr.flags.c_contiguous:
            arr = np.ascontiguousarray(arr)
        tables = (keys, places, values, flush, rank.deck_mask, rank.flush_hurts, keys5, places5,
                  values5)
        if arr.shape[0] < SERIAL_BELOW:
            bad = kernels[1](arr, *tables, out)
        else:
            import numba

            prior = numba.set_parallel_chunksize(PARALLEL_CHUNK)
            try:
                bad = kernels[0](arr, *tables, out)
            finally:
                numba.set_parallel_chunksize(prior)
    else:
        _numpy_path(arr, rank, keys, values[places], out)
        bad = out.size and out.min() < 0
    if bad:
        bad = int(np.argmax(out < 0))
        _raise_for_row(arr[bad], bad, rank)
    return out


def _four_batch(
    arr: Any, rank: Ranking, use_numba: bool | None
) -> np.ndarray[Any, np.dtype[np.int32]]:
    """:func:`evaluate_batch` for a 4-card ranking: sort each row, read its colex index."""
    import numpy as np

    table, colex = _four_tables(rank.name.value)
    out = np.empty(arr.shape[0], dtype=np.int32)
    kernels = _kernel() if use_numba is not False else None
    if use_numba and kernels is None:
        raise RuntimeError("numba is not installed; install standpat[fast].")
    if kernels is not None:
        if not arr.flags.c_contiguous:
            arr = np.ascontiguousarray(arr)
        if arr.shape[0] < SERIAL_BELOW:
            bad = kernels[3](arr, table, colex, rank.deck_mask, out)
        else:
            import numba

            prior = numba.set_parallel_chunksize(PARALLEL_CHUNK)
            try:
                bad = kernels[2](arr, table, colex, rank.deck_mask, out)
            finally:
                numba.set_parallel_chunksize(prior)
    else:
        wide = arr.astype(np.int64)
        off_range = ((wide < 0) | (wide > 51)).any(axis=1)
        cards = np.sort(np.where(off_range[:, None], 0, wide), axis=1)
        dup = (np.diff(cards, axis=1) == 0).any(axis=1) & ~off_range
        off_deck = ~np.isin(cards, np.array(rank.deck)).all(axis=1) & ~off_range & ~dup
        index = np.minimum(sum(colex[k][cards[:, k]] for k in range(4)), len(table) - 1)
        out[:] = table[index]
        out[off_range] = -1
        out[dup] = -2
        out[off_deck] = -3
        bad = out.size and out.min() < 0
    if bad:
        first = int(np.argmax(out < 0))
        _raise_for_row(arr[first], first, rank)
    return out


def _numpy_path(arr: Any, rank: Ranking, keys: Any, table: Any, out: Any) -> None:
    """The same as the kernel in vectorised numpy; flush rows go through the scalar path."""
    import numpy as np

    wide = arr.astype(np.int64)
    off_range = ((wide < 0) | (wide > 51)).any(axis=1)
    cards = np.where(off_range[:, None], 0, wide)
    dup = (np.diff(np.sort(cards, axis=1), axis=1) == 0).any(axis=1) & ~off_range
    off_deck = ~np.isin(cards, np.array(rank.deck)).all(axis=1) & ~off_range & ~dup
    good = ~(off_range | dup | off_deck)
    sums = np.minimum((keys[cards] & 0xFFFFFFFF).sum(axis=1), len(table) - 1)
    out[:] = np.where(good, table[sums], -1)
    suit_counts = np.stack([((cards & 3) == s).sum(axis=1) for s in range(4)], axis=1)
    for i in np.flatnonzero(good & (suit_counts.max(axis=1) >= 5)):
        out[i] = rank.strength(cards[i].tolist())
    out[off_range] = -1
    out[dup] = -2
    out[off_deck] = -3


def _raise_for_row(row: Any, index: int, rank: Ranking) -> None:
    values = [int(v) for v in row]
    if any(not 0 <= v < 52 for v in values):
        raise CardNotInDeckError(f"row {index} holds {values}, not card ints in 0..51.")
    text = format_cards(values)
    if len(set(values)) != len(values):
        raise DuplicateCardError(f"row {index} ({text!r}) holds the same card twice.")
    rank.check([Card(v) for v in values], f"row {index}: {text}")
    raise AssertionError(f"row {index} ({text!r}) was rejected without a reason.")

