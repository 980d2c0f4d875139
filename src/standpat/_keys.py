"""Additive rank keys for table lookups (found by ``scripts/find_rank_keys.py``).

For a hand of exactly ``n`` cards, the sum of ``KEYS_n[rank]`` over its cards is
different for every rank multiset (each rank at most four times), so the sum
indexes a direct table.  ``tests/test_keys.py`` re-checks that property.
"""

from __future__ import annotations

from typing import Final

KEYS_5: Final = (0, 1, 5, 22, 94, 312, 992, 2422, 5624, 12522, 19998, 43258, 79415)
KEYS_6: Final = (0, 1, 5, 22, 98, 422, 1734, 5760, 14270, 37951, 90838, 206930, 436437)
KEYS_7: Final = (0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181)
KEYS: Final = {5: KEYS_5, 6: KEYS_6, 7: KEYS_7}
"""Rank keys by hand size."""
