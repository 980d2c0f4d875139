"""How a lowball player re-draws toward a target low, on ranks: the policy's facts.

After the analysed draw the player re-draws by this policy, his own discards
dead (the draws come from the cards he has not seen):

1. a made hand (five ranks at or under the target, no pair, no straight, no
   flush; in ace-to-five straights and flushes do not count) stands pat;
2. keep one card of each rank at or under the target (of a pair, the card
   held longer; of two or more new cards of one rank, any one); throw the rest;
3. five kept cards that make a straight or a flush: throw the highest;
4. while the kept cards cannot make the target with the ranks still unseen
   (ignoring suits), throw the highest.

Only rule 3 looks at suits, and only to break a flush.  So a rank's cards
are interchangeable but for flushes, and a rank's state is: cards left in
the stub, the kept card (none, a known suit, or a drawn card whose suit is
uniform over the rank's suits not yet placed), and those unplaced suits.
Both solvers (:mod:`~standpat.odds.lowball` and
:mod:`~standpat.odds.lowball_exact`) follow ranks this way.

Targets are rank indexes: 5 is the seven ("7-low") .. 12 the ace ("A-low").
Ace-to-five is solved the same way on its own rank order (:class:`LowRules`
maps each card to it: ace 0, deuce 1 .. king 12, so 4 is the five, "5-low"),
with straights and flushes never counted.

>>> can_make(5, 0b11110, 0b111111)     # 6-5-4-3 toward a 7: each out makes a straight
False
>>> bin(prune(5, 0b11110, 0b111111))     # so the six goes: 5-4-3 stays
'0b1110'
>>> straight(0b11111 << 4)
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import combinations
from typing import Final

from standpat.odds.outcomes import low_rank, lowest_top, lows
from standpat.ranking import Ranking, RankingName, get_ranking

__all__ = [
    "ACE_TO_FIVE",
    "DEUCE_TO_SEVEN",
    "NONE",
    "TARGETS",
    "UNKNOWN",
    "LowRules",
    "can_make",
    "check_target",
    "initial_ranks",
    "keep_toward",
    "low_rules",
    "prune",
    "straight",
    "suit_chances",
]

UNKNOWN: Final = 4
"""Kept-card code: a drawn card whose suit is uniform over the rank's unplaced suits."""
NONE: Final = -1
"""Kept-card code: no card of this rank is kept."""
TARGETS: Final = range(5, 13)
"""The target ranks, seven to ace."""

RankState = tuple[int, int, int]
"""One rank at or under the target: (cards left in the stub, kept code, unplaced suits mask)."""


@dataclass(frozen=True, slots=True)
class LowRules:
    """A five-card lowball ranking as the solvers see it: its rank order and what counts
    against a low besides pairs (get one with :func:`low_rules`)."""

    ranking: Ranking
    straights: bool
    """Five consecutive ranks make a straight (deuce-to-seven; no wheel)."""
    flushes: bool
    """Five cards of one suit make a flush."""

    @property
    def targets(self) -> range:
        """The target ranks in the ranking's order, best first."""
        return range(lowest_top(self.ranking), 13)

    def target(self, low: str) -> int:
        """The target rank of a low's name ("7-low" is 5 in deuce-to-seven, 6 in ace-to-five)."""
        return self.targets[lows(self.ranking).index(low)]

    def card(self, card: int) -> int:
        """The card int the solvers use: the same suit, the rank in the ranking's order."""
        return low_rank(self.ranking, card >> 2) << 2 | (card & 3)

    def cards(self, cards: Iterable[int]) -> list[int]:
        """:meth:`card` of each."""
        return [self.card(c) for c in cards]


@cache
def low_rules(ranking: str | RankingName | Ranking) -> LowRules:
    """The rules of a five-card lowball ranking (``deuce-to-seven``, ``ace-to-five``)."""
    rank = get_ranking(ranking)
    if not rank.low or rank.name is RankingName.BADUGI:
        raise ValueError(f"{rank.name.value} is not a five-card lowball ranking.")
    return LowRules(rank, bool(rank.straights), rank.flushes)


DEUCE_TO_SEVEN: Final = low_rules(RankingName.DEUCE_TO_SEVEN)
"""Deuce-to-seven: aces high, straights and flushes count against a low."""
ACE_TO_FIVE: Final = low_rules(RankingName.ACE_TO_FIVE)
"""Ace-to-five: aces low, straights and flushes do not count."""


def check_target(target: int, rules: LowRules = DEUCE_TO_SEVEN) -> int:
    """``target`` if it is a target rank of ``rules`` (deuce-to-seven: 5 = seven .. 12 =
    ace), else ``ValueError``."""
    if target not in rules.targets:
        first = rules.targets[0]
        raise ValueError(
            f"a {rules.ranking.name.value} target is a rank from {first} "
            f"({lows(rules.ranking)[0]}) to 12, not {target}."
        )
    return target


def straight(ranks: int) -> bool:
    """Whether five distinct ranks (a bitmask) are consecutive (no wheel in deuce-to-seven)."""
    low = ranks & -ranks
    return ranks == low * 0b11111


@cache
def can_make(target: int, kept: int, available: int, straights: bool = True) -> bool:
    """Whether kept ranks (bitmask) can become a made low with the ``available`` ranks
    (``straights``: whether a straight counts against it)."""
    choices = [q for q in range(target + 1) if available >> q & 1 and not kept >> q & 1]
    for extra in combinations(choices, 5 - kept.bit_count()):
        if not (straights and straight(kept | sum(1 << q for q in extra))):
            return True
    return False


@cache
def prune(target: int, kept: int, available: int, straights: bool = True) -> int:
    """Rule 4: throw the highest kept rank while the target is out of reach."""
    while kept and not can_make(target, kept, available, straights):
        kept &= ~(1 << (kept.bit_length() - 1))
    return kept


@cache
def suit_chances(code: int, free: int) -> tuple[Fraction, ...]:
    """Chance of each suit for a rank's card: known (``code`` 0..3), or uniform over
    ``free`` (a kept drawn card, :data:`UNKNOWN`, or a new one, :data:`NONE`)."""
    if 0 <= code < 4:
        return tuple(Fraction(int(code == suit)) for suit in range(4))
    if not free:
        return (Fraction(0),) * 4
    return tuple(Fraction(free >> suit & 1, free.bit_count()) for suit in range(4))


def initial_ranks(target: int, keep: tuple[int, ...] | list[int],
                  stub: tuple[int, ...] | list[int]) -> tuple[tuple[RankState, ...], int]:
    """The rank states of the hold ``keep`` with ``stub`` left to draw, and the cards of the
    stub above the target.  Of a pair in the hold the lower card int is the one kept."""
    ranks = []
    for q in range(target + 1):
        suits = sum(1 << (c & 3) for c in stub if c >> 2 == q)
        mine = sorted(c for c in keep if c >> 2 == q)
        ranks.append((suits.bit_count(), mine[0] & 3 if mine else NONE, suits))
    bad = sum(1 for c in stub if c >> 2 > target)
    return tuple(ranks), bad


def keep_toward(hand: Sequence[int], target: int, unseen: Iterable[int],
                rules: LowRules = DEUCE_TO_SEVEN) -> list[int]:
    """The cards the policy keeps out of a five-card ``hand`` listed oldest first.

    ``unseen`` is every card the player has not seen (the stub and the other
    players' cards): rule 4 looks at its ranks.  ``target`` is in the order of
    ``rules`` (:meth:`LowRules.target`).

    >>> from standpat.cards import format_cards, parse_cards
    >>> hand = parse_cards("7s 7d 5c 3h Kd")
    >>> format_cards(keep_toward(hand, 5, set(range(52)) - set(hand)))
    '3h 5c 7s'
    >>> hand = parse_cards("5s 4s 3s 2s As")                # ace-to-five: the wheel stands
    >>> format_cards(keep_toward(hand, 4, set(range(52)) - set(hand), ACE_TO_FIVE))
    '2s 3s 4s 5s As'
    """
    mine = {rules.card(c): c for c in hand}
    by_rank: dict[int, int] = {}
    for card in sorted(mine, key=lambda c: hand.index(mine[c])):
        if card >> 2 <= target:
            by_rank.setdefault(card >> 2, card)
    kept = sorted(by_rank.values())
    ranks = sum(1 << (c >> 2) for c in kept)
    if len(kept) == 5:
        if not (rules.straights and straight(ranks)) and not (
                rules.flushes and len({c & 3 for c in kept}) == 1):
            return sorted(mine[c] for c in kept)  # made: stand pat
        ranks &= ~(1 << (kept[-1] >> 2))  # a straight or a flush: throw the highest
    available = 0
    for card in rules.cards(unseen):
        if card >> 2 <= target:
            available |= 1 << (card >> 2)
    ranks = prune(target, ranks, available, rules.straights)
    return sorted(mine[c] for c in kept if ranks >> (c >> 2) & 1)
