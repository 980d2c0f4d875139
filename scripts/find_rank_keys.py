"""Search the additive rank keys used by standpat's table lookups.

A hand of ``T`` cards (5, 6 or 7) maps to the sum of one key per card's rank.
The keys are chosen greedily, smallest first, so that two different rank
multisets of ``T`` cards (each rank at most four times) never share a sum;
the sum then indexes a small direct table.  Forbidden keys are found with an
FFT correlation of the sets of partial sums, so the search takes seconds.

Run ``python scripts/find_rank_keys.py`` and paste its output into
``src/standpat/_keys.py``; ``tests/test_keys.py`` re-checks the property.
"""

from __future__ import annotations

import numpy as np


def _partial_sums(keys: list[int], total: int) -> list[np.ndarray]:
    sums: list[np.ndarray] = [np.zeros(1, dtype=np.int64)] + [
        np.zeros(0, dtype=np.int64) for _ in range(total)
    ]
    for key in keys:
        new = []
        for t in range(total + 1):
            parts = [sums[t - j] + j * key for j in range(min(4, t) + 1) if sums[t - j].size]
            new.append(np.unique(np.concatenate(parts)) if parts else np.zeros(0, np.int64))
        sums = new
    return sums


def _forbidden(sums: list[np.ndarray], total: int) -> np.ndarray:
    top = max(int(s.max()) for s in sums if s.size) + 1
    size = 1 << (2 * top).bit_length()
    spectra = []
    for s in sums:
        ind = np.zeros(size)
        ind[s] = 1.0
        spectra.append(np.fft.rfft(ind))
    bad = np.zeros(top + 1, dtype=bool)
    for t1 in range(1, total + 1):
        for d in range(1, 5):
            t2 = t1 - d
            if t2 < 0 or not sums[t1].size or not sums[t2].size:
                continue
            corr = np.fft.irfft(spectra[t1] * np.conj(spectra[t2]), size)[:top]
            diffs = np.nonzero(corr > 0.5)[0]
            diffs = diffs[diffs % d == 0] // d
            bad[diffs[diffs <= top]] = True
    return bad


def search(total: int, ranks: int = 13) -> list[int]:
    """Greedy keys for hands of exactly ``total`` cards over ``ranks`` ranks."""
    keys = [0]
    while len(keys) < ranks:
        sums = _partial_sums(keys, total)
        bad = _forbidden(sums, total)
        w = keys[-1] + 1
        while w < bad.size and bad[w]:
            w += 1
        keys.append(w)
    return keys


if __name__ == "__main__":
    for total in (5, 6, 7):
        keys = search(total)
        print(f"KEYS_{total} = {tuple(keys)}  # max sum {4 * keys[-1] + (total - 4) * keys[-2]}")
