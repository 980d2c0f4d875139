"""Combinations as numpy arrays, in colex order, and their ranks.

Row ``i`` of ``colex(n, k)`` is the ``i``-th ``k``-subset of ``range(n)`` in
colexicographic order, its elements ascending, so a subset's row number is
``sum(comb(p[i], i + 1))`` over its sorted elements ``p``: :func:`colex_rank`.

>>> colex(4, 2).tolist()
[[0, 1], [0, 2], [1, 2], [0, 3], [1, 3], [2, 3]]
>>> int(colex_rank(binomials(4), [[1, 3]])[0])
4
"""

from __future__ import annotations

from functools import cache
from math import comb
from typing import Any

import numpy as np

__all__ = ["binomials", "colex", "colex_rank"]


@cache
def binomials(n: int, k: int = 7) -> Any:
    """``b[x, j] = comb(x, j)`` for ``x`` in ``0..n`` and ``j`` in ``0..k``, as int64."""
    return np.array([[comb(x, j) for j in range(k + 1)] for x in range(n + 1)], dtype=np.int64)


@cache
def colex(n: int, k: int) -> Any:
    """Every ``k``-subset of ``range(n)`` in colex order, as an (comb(n, k), k) uint8 array.

    Cached and read-only: copy before changing it.
    """
    if k == 0:
        out = np.zeros((1, 0), dtype=np.uint8)
    elif n < k:
        out = np.zeros((0, k), dtype=np.uint8)
    else:
        blocks = []
        for top in range(k - 1, n):
            head = colex(top, k - 1)
            tail = np.full((head.shape[0], 1), top, dtype=np.uint8)
            blocks.append(np.hstack([head, tail]))
        out = np.vstack(blocks)
    out.flags.writeable = False
    return out


def colex_rank(binom: Any, subsets: Any) -> Any:
    """Row numbers in ``colex(n, k)`` of an (m, k) array of ascending subsets."""
    rows = np.asarray(subsets, dtype=np.int64)
    if rows.shape[1] == 0:
        return np.zeros(rows.shape[0], dtype=np.int64)
    return binom[rows, np.arange(1, rows.shape[1] + 1)].sum(axis=1)
