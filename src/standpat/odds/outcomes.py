"""The outcomes a draw can end in, per ranking, best first.

Under the high rankings an outcome is the final hand's category, in the
ranking's own order (in ``short-7a`` and ``short-6a`` a flush beats a full
house).  Under ``deuce-to-seven`` the no-pair hands are split by their top
card ("7-low" is the best, "A-low" the worst), then come the categories that
count against a low hand, from pair down to straight flush.

>>> outcomes("short-7a")[:4]
('straight-flush', 'four-of-a-kind', 'flush', 'full-house')
>>> outcomes("deuce-to-seven")[:3], outcomes("deuce-to-seven")[8]
(('7-low', '8-low', '9-low'), 'pair')
>>> outcome_of("7s 5d 4c 3h 2s", "deuce-to-seven"), outcome_of("Qs Qd 9c 4h 2s", "high")
('7-low', 'pair')
>>> outcome_of("Kc Kd Ks 7h 7d 2c 3c", "high")       # best five of seven
'full-house'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from typing import Final

from standpat.cards import RANK_CHARS, as_cards
from standpat.ranking import Category, Ranking, RankingName, get_ranking

__all__ = ["LOWS", "category_outcomes", "low_name", "outcome_index", "outcome_of", "outcomes"]

LOWS: Final = tuple(f"{RANK_CHARS[r]}-low" for r in range(5, 13))
"""The deuce-to-seven no-pair outcomes by top card, best first: ``7-low`` .. ``A-low``."""

_LOW_TOP: Final = 5
"""Rank index of the seven, the lowest top card a deuce-to-seven hand can have."""


def low_name(top_rank: int) -> str:
    """The low outcome whose top card has ``top_rank`` (5 = seven .. 12 = ace).

    >>> low_name(6)
    '8-low'
    """
    return LOWS[top_rank - _LOW_TOP]


@cache
def outcomes(ranking: str | RankingName | Ranking) -> tuple[str, ...]:
    """The outcome names of ``ranking``, best first."""
    rank = get_ranking(ranking)
    categories = tuple(c.value for c in reversed(rank.order))
    if not rank.low:
        return categories
    # Lowball: the no-pair lows, then the high order's categories from the weakest up.
    return LOWS + tuple(c.value for c in rank.order if c is not Category.HIGH_CARD)


@cache
def category_outcomes(ranking: str | RankingName | Ranking) -> dict[Category, int]:
    """Outcome index of each category that is an outcome by itself (every one but lowball's
    high card, which splits by top card)."""
    names = outcomes(ranking)
    return {c: names.index(c.value) for c in Category if c.value in names}


def outcome_index(rank: Ranking, strength: int, top_rank: int) -> int:
    """Index in :func:`outcomes` of a hand with this strength and top card rank."""
    category = rank.category_of(strength)
    if rank.low and category is Category.HIGH_CARD:
        return top_rank - _LOW_TOP
    return category_outcomes(rank)[category]


def outcome_of(cards: str | Iterable[int], ranking: str | Ranking) -> str:
    """The outcome of a finished hand of 5 to 7 cards (checked like :func:`standpat.evaluate`)."""
    rank = get_ranking(ranking)
    value = rank.evaluate(cards)
    best: Sequence[int] = as_cards(value.best)
    return outcomes(rank)[outcome_index(rank, value.strength, max(c >> 2 for c in best))]
