"""What each place wins: the shipped payout table, prizes in whole chips, and ties.

The prize pool is the entrants' buy-ins (fees are the house's). Small fields pay by a fixed
table, as sit-and-gos do; from 19 entrants on, about the top 15% are paid (at least five
places) with shares falling as 1, 1/2, 1/3 ... (harmonic) of the first. Shares are in basis
points (1/100 of a percent) so that the table is exact; prizes are whole chips, and what
rounding leaves goes to the first place (RULES.md).

>>> payout_shares(6)
(6500, 3500)
>>> prizes(1000, 6)
(650, 350)
>>> prizes(101, 6)       # 65.65 and 35.35: the odd chip goes to the first place
(66, 35)
>>> len(payout_shares(200)), payout_shares(200)[:3]
(30, (2517, 1251, 834))
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from standpat.errors import TournamentError

__all__ = ["BASIS", "SMALL_FIELDS", "paid_places", "payout_shares", "prizes", "split_prizes"]

BASIS = 10_000
"""The shares' unit: basis points of the prize pool."""

SMALL_FIELDS: tuple[tuple[int, tuple[int, ...]], ...] = (
    (4, (10_000,)),
    (7, (6_500, 3_500)),
    (10, (5_000, 3_000, 2_000)),
    (18, (4_000, 3_000, 2_000, 1_000)),
)
"""(most entrants, shares): the fixed table of fields up to 18 entrants."""


def paid_places(entrants: int) -> int:
    """How many places are paid in a field of ``entrants``."""
    if entrants < 2:
        raise TournamentError(f"a tournament needs two entrants at least, not {entrants}.")
    for most, shares in SMALL_FIELDS:
        if entrants <= most:
            return len(shares)
    return max(5, math.ceil(0.15 * entrants))


def payout_shares(entrants: int) -> tuple[int, ...]:
    """Each paid place's share of the prize pool in basis points (summing to 10,000), first
    place first."""
    paid = paid_places(entrants)
    for most, shares in SMALL_FIELDS:
        if entrants <= most:
            return shares
    harmonic = sum(1 / place for place in range(1, paid + 1))
    weights = [math.floor(BASIS / (place * harmonic)) for place in range(1, paid + 1)]
    weights[0] += BASIS - sum(weights)
    return tuple(weights)


def prizes(pool: int, entrants: int) -> tuple[int, ...]:
    """Each paid place's prize in whole chips of a ``pool``, first place first; the chips
    that rounding leaves go to the first place."""
    if pool < 0:
        raise TournamentError(f"a prize pool cannot be {pool}.")
    amounts = [pool * share // BASIS for share in payout_shares(entrants)]
    amounts[0] += pool - sum(amounts)
    return tuple(amounts)


def split_prizes(prizes_by_place: Sequence[int], places: Sequence[int]) -> tuple[int, ...]:
    """What tied players sharing ``places`` (numbers from 1) each win: the prizes of those
    places in equal parts, the odd chips one each to the earlier places; in the order of
    ``places`` sorted (a place past the paid ones wins nothing).

    >>> split_prizes((500, 300, 200), [2, 3])
    (250, 250)
    >>> split_prizes((500, 301, 200, 0), [3, 2, 4])
    (167, 167, 167)
    >>> split_prizes((500, 300, 200), [3, 4])
    (100, 100)
    """
    ordered = sorted(places)
    if not ordered or ordered[0] < 1 or len(set(ordered)) != len(ordered):
        raise TournamentError(f"tied places must be distinct numbers from 1, not {places}.")
    total = sum(prizes_by_place[p - 1] for p in ordered if p <= len(prizes_by_place))
    part, odd = divmod(total, len(ordered))
    return tuple(part + (1 if i < odd else 0) for i in range(len(ordered)))
