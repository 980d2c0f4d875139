"""The additive rank keys give every rank multiset of a hand size its own sum."""

from __future__ import annotations

from collections import Counter
from itertools import combinations_with_replacement

import pytest

from standpat._keys import KEYS


@pytest.mark.parametrize("n", [5, 6, 7])
def test_rank_key_sums_are_unique(n: int) -> None:
    keys = KEYS[n]
    sums = [
        sum(keys[r] for r in combo)
        for combo in combinations_with_replacement(range(13), n)
        if max(Counter(combo).values()) <= 4
    ]
    assert len(sums) == len(set(sums))
    assert max(sums) < 2**23  # the suit fields sit above bit 23
