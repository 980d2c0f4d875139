"""The outcomes a draw can end in, per ranking, best first.

Under the high rankings an outcome is the final hand's category, in the
ranking's own order (in ``short-7a`` and ``short-6a`` a flush beats a full
house).  Under the low rankings the made hands are split by their top card,
best first (:func:`lows`), then come the hands that do not make one, best
first: in ``deuce-to-seven`` "7-low" .. "A-low", then pair down to straight
flush; in ``ace-to-five`` (aces low, no straights or flushes) "5-low" (the
wheel) .. "K-low", then pair .. four of a kind; in ``badugi`` "4-badugi"
(4-3-2-A) .. "K-badugi", then the three-, two- and one-card hands.

>>> outcomes("short-7a")[:4]
('straight-flush', 'four-of-a-kind', 'flush', 'full-house')
>>> outcomes("deuce-to-seven")[:3], outcomes("deuce-to-seven")[8]
(('7-low', '8-low', '9-low'), 'pair')
>>> outcomes("ace-to-five")[:2], outcomes("ace-to-five")[9:]
(('5-low', '6-low'), ('pair', 'two-pair', 'three-of-a-kind', 'full-house', 'four-of-a-kind'))
>>> outcomes("badugi")[0], outcomes("badugi")[9:]
('4-badugi', ('K-badugi', 'three-card', 'two-card', 'one-card'))
>>> outcome_of("7s 5d 4c 3h 2s", "deuce-to-seven"), outcome_of("Qs Qd 9c 4h 2s", "high")
('7-low', 'pair')
>>> outcome_of("5s 4d 3c 2h As", "ace-to-five"), outcome_of("8h 5c 3d As", "badugi")
('5-low', '8-badugi')
>>> outcome_of("Kc Kd Ks 7h 7d 2c 3c", "high")       # best five of seven
'full-house'
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import Final

from standpat.cards import RANK_CHARS, as_cards
from standpat.ranking import Category, Ranking, RankingName, get_ranking

__all__ = [
    "LOWS", "category_outcomes", "low_name", "low_rank", "lowest_top", "lows", "made_category",
    "outcome_index", "outcome_of", "outcomes",
]

LOWS: Final = tuple(f"{RANK_CHARS[r]}-low" for r in range(5, 13))
"""The deuce-to-seven no-pair outcomes by top card, best first: ``7-low`` .. ``A-low``."""

_LOW_TOP: Final = 5
"""Rank index of the seven, the lowest top card a deuce-to-seven hand can have."""
_LOWEST: Final = {RankingName.DEUCE_TO_SEVEN: 5, RankingName.ACE_TO_FIVE: 4,
                  RankingName.BADUGI: 3}
"""The best top card of a made hand of each low ranking, as a :func:`low_rank`."""
_SUFFIX: Final = {RankingName.BADUGI: "badugi"}


def low_name(top_rank: int) -> str:
    """The deuce-to-seven low outcome whose top card has ``top_rank`` (5 = seven .. 12 = ace).

    >>> low_name(6)
    '8-low'
    """
    return LOWS[top_rank - _LOW_TOP]


def low_rank(ranking: Ranking, rank: int) -> int:
    """A card's rank index (0 = deuce .. 12 = ace) in the ranking's own order: the same,
    but for rankings with aces low, where the ace is 0, the deuce 1 .. the king 12.

    >>> low_rank(get_ranking("ace-to-five"), 12), low_rank(get_ranking("deuce-to-seven"), 12)
    (0, 12)
    """
    return (rank + 1) % 13 if ranking.ace_low else rank


def lowest_top(ranking: str | RankingName | Ranking) -> int:
    """The best top card of a made low under ``ranking``, as a :func:`low_rank`: the seven
    (5) in deuce-to-seven, the five (4) in ace-to-five, the four (3) in badugi."""
    return _LOWEST[get_ranking(ranking).name]


@cache
def lows(ranking: str | RankingName | Ranking) -> tuple[str, ...]:
    """The made hands of a low ranking by top card, best first (none for a high ranking).

    >>> lows("ace-to-five")[-1], lows("badugi")[:2], lows("high")
    ('K-low', ('4-badugi', '5-badugi'), ())
    """
    rank = get_ranking(ranking)
    if not rank.low:
        return ()
    suffix = _SUFFIX.get(rank.name, "low")
    first = _LOWEST[rank.name]
    # a low rank q is the rank index q - 1 with aces low (the ace, 0, never tops a made hand)
    return tuple(f"{RANK_CHARS[q - 1 if rank.ace_low else q]}-{suffix}" for q in range(first, 13))


def made_category(ranking: Ranking) -> Category:
    """The category a low ranking splits by top card: Badugi's badugi, else high card."""
    return Category.BADUGI if ranking.name is RankingName.BADUGI else Category.HIGH_CARD


@cache
def outcomes(ranking: str | RankingName | Ranking) -> tuple[str, ...]:
    """The outcome names of ``ranking``, best first."""
    rank = get_ranking(ranking)
    categories = tuple(c.value for c in reversed(rank.order))
    if not rank.low:
        return categories
    if rank.name is RankingName.BADUGI:
        rest: tuple[Category, ...] = (Category.THREE_CARD, Category.TWO_CARD, Category.ONE_CARD)
    else:
        # Lowball: the high order's categories from the weakest up, those that count.
        skipped = {Category.HIGH_CARD} | (set() if rank.straights else {
            Category.STRAIGHT, Category.STRAIGHT_FLUSH}) | (
            set() if rank.flushes else {Category.FLUSH, Category.STRAIGHT_FLUSH})
        rest = tuple(c for c in rank.order if c not in skipped)
    return lows(rank) + tuple(c.value for c in rest)


@cache
def category_outcomes(ranking: str | RankingName | Ranking) -> dict[Category, int]:
    """Outcome index of each category that is an outcome by itself (every one but a low
    ranking's made hands, which split by top card)."""
    names = outcomes(ranking)
    return {c: names.index(c.value) for c in Category if c.value in names}


def outcome_index(rank: Ranking, strength: int, top_rank: int) -> int:
    """Index in :func:`outcomes` of a hand with this strength and top card, a
    :func:`low_rank` (Badugi reads its top card from the strength)."""
    category = rank.category_of(strength)
    if rank.low and category is made_category(rank):
        if rank.name is RankingName.BADUGI:
            top_rank = low_rank(rank, rank.name_parts(strength)[1][0])
        return top_rank - _LOWEST[rank.name]
    return category_outcomes(rank)[category]


def outcome_of(cards: str | Iterable[int], ranking: str | Ranking) -> str:
    """The outcome of a finished hand of 5 to 7 cards, Badugi's of 4 (checked like
    :func:`standpat.evaluate`)."""
    rank = get_ranking(ranking)
    value = rank.evaluate(cards)
    top = max(low_rank(rank, c >> 2) for c in as_cards(value.best))
    return outcomes(rank)[outcome_index(rank, value.strength, top)]
