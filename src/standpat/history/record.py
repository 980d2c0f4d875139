"""The hand record: everything a history file holds about one hand.

A :class:`HandRecord` is what the PHH reader produces and the writers
consume.  It says how the hand was set up (game, structure, stakes, stacks,
forced bets), which cards were dealt, and what each player did, draws and
drawn cards included; the chip movements follow from replaying it through
the engine (:func:`standpat.history.replay`).

Players are numbered in **PHH order**: index 0 (``p1`` in PHH) is the first
player dealt in to the left of the button, the last index is the button (the
player who acts last after the draw).  Heads-up, index 0 is the big blind and
index 1 the button, who posts the small blind.

>>> step = Step(0, StepKind.BET_RAISE, 4)
>>> step
Step(seat=0, kind=StepKind.BET_RAISE, amount=4)
>>> str(step)
'p1 cbr 4'
>>> from standpat.cards import parse_cards
>>> str(Step(2, StepKind.DISCARD, cards=parse_cards("7c 9h"), drawn=parse_cards("2d 3s")))
'p3 sd 7c9h'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType

from standpat.cards import Card

__all__ = [
    "HandRecord",
    "PostRecord",
    "Source",
    "Step",
    "StepKind",
    "format_phh_cards",
]

class StepKind(StrEnum):
    """What a player did, at the precision of a history file.

    PHH writes a check and a call the same way (``cc``), and a bet and a raise
    the same way (``cbr``); the engine tells them apart when the hand is
    replayed.  ``SHOW`` and ``MUCK`` are the showdown as the history
    recorded it (the engine decides the showdown by itself: cards speak).
    """

    FOLD = "f"
    CHECK_CALL = "cc"
    BET_RAISE = "cbr"
    DISCARD = "sd"
    SHOW = "sm"
    MUCK = "muck"


def format_phh_cards(cards: Sequence[Card | None]) -> str:
    """Cards written together as PHH does: ``'7c9h'``; an unknown card is ``'??'``.

    >>> format_phh_cards([Card("7c"), None])
    '7c??'
    """
    return "".join("??" if card is None else str(card) for card in cards)


@dataclass(frozen=True, slots=True)
class Source:
    """Where a record came from: file name, hand name, line, and place in the file (from 1).

    ``result_line`` is the line that states the hand's result (the finishing
    stacks, or a text's pots), when the file has one: a replay that does not
    reach that result names it.
    """

    file: str = "<string>"
    hand: str = "1"
    line: int = 0
    index: int = 1
    result_line: int = 0

    def __str__(self) -> str:
        where = f"{self.file}: hand {self.hand}"
        return f"{where}, line {self.line}" if self.line else where


@dataclass(frozen=True, slots=True)
class PostRecord:
    """A forced bet: ``seat`` (PHH order), ``kind`` (a ``PostKind`` value) and ``amount``."""

    seat: int
    kind: str
    amount: int

    def __str__(self) -> str:
        return f"p{self.seat + 1} {self.kind} {self.amount}"


@dataclass(frozen=True, slots=True)
class Step:
    """One thing a player did.

    ``amount`` is the total bet for the round after a ``BET_RAISE``; ``cards``
    are the discards of a ``DISCARD`` (empty: stand pat), the shown cards of
    a ``SHOW``, or the cards a text history says a player mucked (a ``MUCK``;
    PHH has no way to say it); ``drawn`` are the cards a ``DISCARD`` received.  Unknown
    cards (``??`` in PHH) are ``None``.  ``line`` is the line of the file it
    came from (0 when not read from a file) and takes no part in equality.
    """

    seat: int
    kind: StepKind
    amount: int = 0
    cards: tuple[Card | None, ...] = ()
    drawn: tuple[Card | None, ...] = ()
    line: int = field(default=0, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", tuple(self.cards))
        object.__setattr__(self, "drawn", tuple(self.drawn))

    def __repr__(self) -> str:
        parts = [f"seat={self.seat}", f"kind=StepKind.{self.kind.name}"]
        if self.amount:
            parts.append(f"amount={self.amount}")
        if self.cards:
            parts.append(f"cards=parse_cards({format_phh_cards(self.cards)!r})")
        if self.drawn:
            parts.append(f"drawn=parse_cards({format_phh_cards(self.drawn)!r})")
        return f"Step({', '.join(parts)})"

    def __str__(self) -> str:
        """The PHH action notation (without the drawn cards, which the dealer deals)."""
        actor = f"p{self.seat + 1}"
        if self.kind is StepKind.BET_RAISE:
            return f"{actor} cbr {self.amount}"
        if self.kind in (StepKind.DISCARD, StepKind.SHOW):
            return f"{actor} {self.kind.value} {format_phh_cards(self.cards)}".rstrip()
        if self.kind is StepKind.MUCK:
            return f"{actor} sm"
        return f"{actor} {self.kind.value}"


@dataclass(frozen=True, slots=True)
class HandRecord:
    """One hand as a history holds it; every per-player sequence is in PHH order.

    ``posts`` is ``None`` when the forced bets are the standard ones for the
    stakes (blinds left of the button, antes from everyone); otherwise it is
    the exact list, as with a dead small blind or a player posting to come in.
    ``finishing_stacks`` and ``winnings`` are what the file claims (``None``
    when it does not say); a replay checks them.  ``rake`` is what the house
    took from the pot (a room's text history says it): the winners' finishing
    stacks are that much below the engine's, which has no rake.  ``players`` are names,
    ``seats`` table seat numbers, ``button_seat`` the table seat of the
    button (possibly empty: a dead button).  ``extra`` keeps other PHH fields
    (``event``, ``time``, ...) so that they are written back unchanged.
    ``seed`` is the engine's seed for the hand when it had one: a replay then
    deals from the seed and checks that it deals the recorded cards, burns and
    reshuffles included.  ``room_rules`` is True for a hand read from text in a room's
    layout (PokerStars'), whoever played it: it is replayed with the engine's
    ``room_rules``, which allow what such a room allows beyond standpat's own rules (a fold
    where a check was free; in fixed limit, a raise that completes a short all-in).
    ``native`` is False for a PHH file that standpat did not write (it has no
    ``_standpat_game`` field): it follows PHH's reading of the rules.
    """

    game: str
    structure: str
    small_bet: int
    big_bet: int
    small_blind: int
    big_blind: int
    starting_stacks: tuple[int, ...]
    hole_cards: tuple[tuple[Card | None, ...], ...]
    steps: tuple[Step, ...] = ()
    ante: int = 0
    posts: tuple[PostRecord, ...] | None = None
    players: tuple[str, ...] = ()
    seats: tuple[int, ...] = ()
    seat_count: int | None = None
    button_seat: int | None = None
    hand: int | str | None = None
    table: str | None = None
    finishing_stacks: tuple[int, ...] | None = None
    winnings: tuple[int, ...] | None = None
    seed: int | None = None
    rake: int = 0
    room_rules: bool = False
    extra: Mapping[str, object] = field(default_factory=dict, compare=False)
    source: Source = field(default_factory=Source, compare=False)
    native: bool = field(default=True, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "starting_stacks", tuple(self.starting_stacks))
        object.__setattr__(self, "hole_cards", tuple(tuple(h) for h in self.hole_cards))
        object.__setattr__(self, "steps", tuple(self.steps))
        if self.posts is not None:
            object.__setattr__(self, "posts", tuple(self.posts))
        object.__setattr__(self, "players", tuple(self.players))
        object.__setattr__(self, "seats", tuple(self.seats))
        for name in ("finishing_stacks", "winnings"):
            value = getattr(self, name)
            if value is not None:
                object.__setattr__(self, name, tuple(value))
        object.__setattr__(self, "extra", MappingProxyType(dict(self.extra)))

    @property
    def player_count(self) -> int:
        """How many players were dealt in."""
        return len(self.starting_stacks)

    def known_cards(self) -> frozenset[Card]:
        """Every card the record names (dealt, discarded, drawn or shown)."""
        cards = {c for h in self.hole_cards for c in h if c is not None}
        for step in self.steps:
            cards.update(c for c in (*step.cards, *step.drawn) if c is not None)
        return frozenset(cards)

    @property
    def complete(self) -> bool:
        """Whether every card dealt is known (no ``??``)."""
        return all(c is not None for h in self.hole_cards for c in h) and all(
            c is not None for s in self.steps for c in (*s.cards, *s.drawn)
        )

    def name_of(self, seat: int) -> str:
        """The player's name, or ``p1``, ``p2`` ... when the record has none."""
        if seat < len(self.players) and self.players[seat]:
            return self.players[seat]
        return f"p{seat + 1}"

    def table_seat(self, seat: int) -> int:
        """The table seat number of a player (his PHH number when the record has none)."""
        if seat < len(self.seats):
            return self.seats[seat]
        return seat + 1
