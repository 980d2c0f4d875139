"""Actions a seat takes, the frozen events that applying them returns, and phases.

Every value here is a frozen, slotted dataclass whose ``repr`` is code you can
paste back.

>>> Discard((DeckCard("Qs", 1), DeckCard("9h")))
Discard(cards=(DeckCard('9h', 0), DeckCard('Qs', 1)))
>>> Bid(3) in LegalActions((Pass(),), min_bid=2), Bid(1) in LegalActions((Pass(),), min_bid=2)
(True, False)
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from enum import StrEnum

from standpat.pinochle.cards import DeckCard, Suit

__all__ = [
    "Action",
    "Bid",
    "BidMade",
    "CardPlayed",
    "Discard",
    "Drew",
    "Event",
    "LegalActions",
    "NameTrump",
    "Pass",
    "Passed",
    "Phase",
    "Play",
    "RenegeCharged",
    "TrumpNamed",
    "describe",
]


class Phase(StrEnum):
    """Where a hand stands; the value is the wire spelling."""

    BIDDING = "bidding"
    TRUMP = "trump"
    DRAW = "draw"
    PLAY = "play"
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Bid:
    """Bid ``amount`` points (at least 1, and above the current high bid)."""

    amount: int


@dataclass(frozen=True, slots=True)
class Pass:
    """Pass in the bidding."""


@dataclass(frozen=True, slots=True)
class NameTrump:
    """The bidder names the trump suit."""

    suit: Suit


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard these cards and draw as many from the stock; ``Discard(())`` keeps the hand.

    The cards are kept sorted by deck index so equal discards compare equal.
    """

    cards: tuple[DeckCard, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", tuple(sorted(self.cards)))


@dataclass(frozen=True, slots=True)
class Play:
    """Play one physical card to the trick."""

    card: DeckCard


Action = Bid | Pass | NameTrump | Discard | Play
"""Anything a seat may do when it is to act."""


def describe(action: object) -> str:
    """An action in the words a player types (used in error messages).

    >>> describe(Play(DeckCard("Qs", 1))), describe(Discard(())), describe(Bid(3))
    ('play Qs', 'keep', 'bid 3')
    """
    if isinstance(action, Bid):
        return f"bid {action.amount}"
    if isinstance(action, Pass):
        return "pass"
    if isinstance(action, NameTrump):
        return f"trump {action.suit}"
    if isinstance(action, Discard):
        cards = " ".join(str(c) for c in action.cards)
        return f"discard {cards}" if cards else "keep"
    if isinstance(action, Play):
        return f"play {action.card}"
    return repr(action)


@dataclass(frozen=True, slots=True)
class BidMade:
    """``seat`` bid ``amount``."""

    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class Passed:
    """``seat`` passed; ``forced`` is True when everyone passed and the dealer takes it at 1."""

    seat: int
    forced: bool = False


@dataclass(frozen=True, slots=True)
class TrumpNamed:
    """The bidder at ``seat`` named ``suit`` trump."""

    seat: int
    suit: Suit


@dataclass(frozen=True, slots=True)
class Drew:
    """``seat`` discarded ``discarded`` (dead) and drew ``drawn`` from the stock."""

    seat: int
    discarded: tuple[DeckCard, ...]
    drawn: tuple[DeckCard, ...]


@dataclass(frozen=True, slots=True)
class CardPlayed:
    """``seat`` played ``card``; ``taken_by`` is the trick's taker when this card ended it."""

    seat: int
    card: DeckCard
    taken_by: int | None = None


@dataclass(frozen=True, slots=True)
class RenegeCharged:
    """A renege was charged to ``seat``; the hand is over."""

    seat: int


Event = BidMade | Passed | TrumpNamed | Drew | CardPlayed | RenegeCharged
"""What applying an action (or charging a renege) returns."""


@dataclass(frozen=True, slots=True)
class LegalActions:
    """Exactly the legal actions of the seat to act.

    ``actions`` is the finite part.  While bidding, ``min_bid`` is set and every
    ``Bid(n)`` with ``n >= min_bid`` is legal as well (there is no maximum), so
    ``actions`` holds only ``Pass()`` and iteration yields ``Pass()`` then
    ``Bid(min_bid)`` as the representative bid.  ``in`` is exact.
    """

    actions: tuple[Action, ...] = ()
    min_bid: int | None = None

    def __contains__(self, action: object) -> bool:
        if isinstance(action, Bid) and self.min_bid is not None:
            return action.amount >= self.min_bid
        return action in self.actions

    def __iter__(self) -> Iterator[Action]:
        yield from self.actions
        if self.min_bid is not None:
            yield Bid(self.min_bid)

    def __len__(self) -> int:
        """Number of distinct actions listed by iteration (bids count once)."""
        return len(self.actions) + (self.min_bid is not None)

    def __bool__(self) -> bool:
        return bool(self.actions) or self.min_bid is not None
