"""The events a hand records: one frozen class per kind, each field meaning one thing.

``Hand.apply`` returns them and ``Hand.events`` lists them; :data:`Event` is their
union.  Each class's ``kind`` is its :class:`EventKind`, the wire and history
spelling (``standpat.engine.codec`` writes and reads them).  Events of no seat
(the opening of a round or draw, a burn, a reshuffle) have ``seat`` ``None``.
A redacted event (``redact``) has no cards; ``hidden`` says how many it had.

>>> from standpat.cards import as_cards
>>> Called(2, added=4)
Called(seat=2, added=4, all_in=False)
>>> Raised(1, to=8).kind, StreetOpened(0).seat
(<EventKind.RAISE: 'raise'>, None)
>>> Discarded(1, 2, tuple(as_cards("7c 9h")), tuple(as_cards("Ks Qd")))
Discarded(seat=1, count=2, cards=(Card('7c'), Card('9h')), drawn=(Card('Ks'), Card('Qd')), hidden=0)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import ClassVar

from standpat.cards import Card
from standpat.engine.games import PostKind

__all__ = [
    "EVENT_TYPES",
    "BetMade",
    "Burned",
    "Called",
    "Checked",
    "Dealt",
    "Discarded",
    "DrawOpened",
    "Event",
    "EventKind",
    "Folded",
    "Mucked",
    "Posted",
    "Raised",
    "Reshuffled",
    "Returned",
    "Shown",
    "StreetOpened",
    "Won",
    "reseat",
    "shown_cards",
]


class EventKind(StrEnum):
    """The kinds of event a hand records; the value is the wire and history spelling."""

    POST = "post"
    DEAL = "deal"
    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"
    STREET = "street"
    DRAW = "draw"
    BURN = "burn"
    DISCARD = "discard"
    RESHUFFLE = "reshuffle"
    RETURN = "return"
    SHOW = "show"
    MUCK = "muck"
    WIN = "win"


@dataclass(frozen=True, slots=True)
class Posted:
    """``seat`` posted ``amount`` chips as a ``post`` (``all_in``: all it had)."""

    kind: ClassVar[EventKind] = EventKind.POST
    seat: int
    amount: int
    post: PostKind
    all_in: bool = False


@dataclass(frozen=True, slots=True)
class Dealt:
    """``seat`` was dealt ``cards`` (none shown: ``hidden`` cards)."""

    kind: ClassVar[EventKind] = EventKind.DEAL
    seat: int
    cards: tuple[Card, ...] = ()
    hidden: int = 0

    @property
    def count(self) -> int:
        """How many cards were dealt, shown or not."""
        return len(self.cards) or self.hidden


@dataclass(frozen=True, slots=True)
class Folded:
    """``seat`` folded."""

    kind: ClassVar[EventKind] = EventKind.FOLD
    seat: int


@dataclass(frozen=True, slots=True)
class Checked:
    """``seat`` checked."""

    kind: ClassVar[EventKind] = EventKind.CHECK
    seat: int


@dataclass(frozen=True, slots=True)
class Called:
    """``seat`` called, adding ``added`` chips (``all_in``: all it had)."""

    kind: ClassVar[EventKind] = EventKind.CALL
    seat: int
    added: int
    all_in: bool = False


@dataclass(frozen=True, slots=True)
class BetMade:
    """``seat`` opened the betting with a bet of ``to`` chips (``all_in``: all it had)."""

    kind: ClassVar[EventKind] = EventKind.BET
    seat: int
    to: int
    all_in: bool = False


@dataclass(frozen=True, slots=True)
class Raised:
    """``seat`` raised, making its bet for the round ``to`` chips (``all_in``: all it had)."""

    kind: ClassVar[EventKind] = EventKind.RAISE
    seat: int
    to: int
    all_in: bool = False


@dataclass(frozen=True, slots=True)
class StreetOpened:
    """Betting round ``number`` opened (0 before the first draw, then one after each draw)."""

    kind: ClassVar[EventKind] = EventKind.STREET
    seat: ClassVar[None] = None
    number: int


@dataclass(frozen=True, slots=True)
class DrawOpened:
    """Draw ``number`` opened (1 for the first draw)."""

    kind: ClassVar[EventKind] = EventKind.DRAW
    seat: ClassVar[None] = None
    number: int


@dataclass(frozen=True, slots=True)
class Burned:
    """``cards`` were burned from the stub (none shown: ``hidden`` cards)."""

    kind: ClassVar[EventKind] = EventKind.BURN
    seat: ClassVar[None] = None
    cards: tuple[Card, ...] = ()
    hidden: int = 0


@dataclass(frozen=True, slots=True)
class Discarded:
    """``seat`` discarded ``count`` cards (0: stood pat), ``cards``, and drew ``drawn``.

    Another seat's view shows neither (``hidden``: the larger of their numbers).
    """

    kind: ClassVar[EventKind] = EventKind.DISCARD
    seat: int
    count: int
    cards: tuple[Card, ...] = ()
    drawn: tuple[Card, ...] = ()
    hidden: int = 0


@dataclass(frozen=True, slots=True)
class Reshuffled:
    """The stub ran short: the discards ``cards`` were shuffled into a new stub
    (none shown: ``hidden`` cards)."""

    kind: ClassVar[EventKind] = EventKind.RESHUFFLE
    seat: ClassVar[None] = None
    cards: tuple[Card, ...] = ()
    hidden: int = 0

    @property
    def count(self) -> int:
        """How many cards went into the new stub, shown or not."""
        return len(self.cards) or self.hidden


@dataclass(frozen=True, slots=True)
class Returned:
    """The uncalled ``amount`` of ``seat``'s bet went back to it."""

    kind: ClassVar[EventKind] = EventKind.RETURN
    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class Shown:
    """``seat`` showed ``cards`` at the showdown."""

    kind: ClassVar[EventKind] = EventKind.SHOW
    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Mucked:
    """``seat`` mucked ``cards`` at the showdown (none shown: ``hidden`` cards)."""

    kind: ClassVar[EventKind] = EventKind.MUCK
    seat: int
    cards: tuple[Card, ...] = ()
    hidden: int = 0


@dataclass(frozen=True, slots=True)
class Won:
    """``seat`` won ``amount`` chips from pot number ``pot`` (0: the main pot) with ``cards``
    (none: uncontested)."""

    kind: ClassVar[EventKind] = EventKind.WIN
    seat: int
    amount: int
    cards: tuple[Card, ...] = ()
    pot: int = 0


Event = (
    Posted | Dealt | Folded | Checked | Called | BetMade | Raised | StreetOpened | DrawOpened
    | Burned | Discarded | Reshuffled | Returned | Shown | Mucked | Won
)
"""Anything a hand records."""

EVENT_TYPES: dict[EventKind, type[Event]] = {
    cls.kind: cls for cls in (
        Posted, Dealt, Folded, Checked, Called, BetMade, Raised, StreetOpened, DrawOpened,
        Burned, Discarded, Reshuffled, Returned, Shown, Mucked, Won,
    )
}
"""Each kind's class (the readers' table)."""


def reseat(event: Event, seats: Sequence[int]) -> Event:
    """The event with its seat ``i`` given as ``seats[i]`` (a hand's seat as a table's seat).

    >>> reseat(Folded(1), (4, 7)), reseat(StreetOpened(2), (4, 7))
    (Folded(seat=7), StreetOpened(number=2))
    """
    if event.seat is None:
        return event
    return replace(event, seat=seats[event.seat])


def shown_cards(event: Event) -> tuple[Card, ...]:
    """Every card the event shows: its ``cards``, then a discard's ``drawn``.

    >>> from standpat.cards import as_cards
    >>> shown_cards(Discarded(0, 1, tuple(as_cards("2c")), tuple(as_cards("Ah"))))
    (Card('2c'), Card('Ah'))
    >>> shown_cards(Called(0, 2))
    ()
    """
    if isinstance(event, Discarded):
        return event.cards + event.drawn
    if isinstance(event, Dealt | Burned | Reshuffled | Shown | Mucked | Won):
        return event.cards
    return ()
