"""Pinochle cards: physical card identities, suits, trick order and counters.

A pinochle deck holds every card twice, so a hand is a multiset of
:class:`~standpat.cards.Card` ints.  Where identity matters (legal plays,
histories) each physical card is a :class:`DeckCard`, its index ``0..47`` in
:data:`~standpat.cards.PINOCHLE`; the two copies of a card are ``2k`` and
``2k + 1``.

>>> DeckCard("Qs", 1)
DeckCard('Qs', 1)
>>> str(DeckCard("10h")), DeckCard("Qs", 1).card, int(DeckCard("9c", 1))
('Th', Card('Qs'), 1)
>>> [str(c) for c in sorted(parse_cards("9h Ah Kh Th Jh Qh"), key=power, reverse=True)]
['Ah', 'Th', 'Kh', 'Qh', 'Jh', '9h']
>>> Suit.parse("s"), Suit.HEARTS.number
(<Suit.SPADES: 'spades'>, 2)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import StrEnum
from typing import Final, SupportsIndex

from standpat.cards import PINOCHLE, Card, format_cards, parse_cards
from standpat.errors import CardNotInDeckError, CardParseError

__all__ = [
    "COUNTER_RANKS",
    "DECK",
    "POWER",
    "DeckCard",
    "Suit",
    "deck_cards",
    "format_cards",
    "is_counter",
    "parse_cards",
    "power",
    "sort_hand",
]

_FIRST: Final = 28
"""The int of the lowest pinochle card, the nine of clubs (rank 7 * 4)."""

POWER: Final[dict[int, int]] = {12: 5, 8: 4, 11: 3, 10: 2, 9: 1, 7: 0}
"""Trick-taking power by standard rank index: A > 10 > K > Q > J > 9."""

COUNTER_RANKS: Final = frozenset({12, 8, 11})
"""Ranks worth one point in tricks: ace, ten and king."""


class Suit(StrEnum):
    """A suit by name; the value is the wire spelling; ``number`` is the card suit 0..3."""

    CLUBS = "clubs"
    DIAMONDS = "diamonds"
    HEARTS = "hearts"
    SPADES = "spades"

    @property
    def number(self) -> int:
        """The suit index used by card ints (clubs 0 .. spades 3)."""
        return _SUIT_ORDER.index(self)

    @property
    def symbol(self) -> str:
        """The one-letter suit used in card text (``c d h s``)."""
        return "cdhs"[self.number]

    @classmethod
    def of(cls, index: int) -> Suit:
        """The suit with card suit index ``index``.

        >>> Suit.of(1)
        <Suit.DIAMONDS: 'diamonds'>
        """
        return _SUIT_ORDER[index]

    @classmethod
    def parse(cls, text: str) -> Suit:
        """A suit from its name, plural or singular, or its letter (any case).

        >>> Suit.parse("Heart"), Suit.parse("D")
        (<Suit.HEARTS: 'hearts'>, <Suit.DIAMONDS: 'diamonds'>)
        """
        key = text.strip().lower()
        for suit in _SUIT_ORDER:
            if key in (suit.value, suit.value[:-1], suit.value[0]):
                return suit
        raise CardParseError(
            f"{text!r} is not a suit: expected clubs, diamonds, hearts or spades (or c, d, h, s)."
        )


_SUIT_ORDER: Final = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)


class DeckCard(int):
    """One physical pinochle card: its index ``0..47`` in the 48-card deck.

    ``DeckCard("Qs")`` is the first copy of the queen of spades, ``DeckCard("Qs", 1)``
    the second; ``DeckCard(31)`` the card with deck index 31.

    >>> DeckCard(31), DeckCard("Qs", 1) == 31
    (DeckCard('Qs', 1), True)
    >>> DeckCard("As").rank, DeckCard("As").suit, DeckCard("As").copy
    (12, 3, 0)
    """

    __slots__ = ()

    def __new__(cls, value: str | SupportsIndex, copy: int = 0) -> DeckCard:
        """Make a physical card from card text and copy (0 or 1), or from a deck index."""
        if isinstance(value, str):
            card = Card(value)
            if card < _FIRST:
                raise CardNotInDeckError(f"{value!r} is not in the pinochle deck (9 to A only).")
            if copy not in (0, 1):
                raise CardParseError(f"copy {copy!r} of {value!r} must be 0 or 1.")
            return DECK[(card - _FIRST) * 2 + copy]
        index = int(value)
        if not 0 <= index < 48:
            raise CardParseError(f"deck index {index!r} is outside 0..47.")
        return super().__new__(cls, index)

    @property
    def card(self) -> Card:
        """The card face, a :class:`~standpat.cards.Card`."""
        return PINOCHLE[self]

    @property
    def copy(self) -> int:
        """Which of the two identical cards this is: 0 or 1."""
        return int(self) & 1

    @property
    def rank(self) -> int:
        """Standard rank index: 7 (nine), 8 (ten), 9 (jack), 10 (queen), 11 (king), 12 (ace)."""
        return PINOCHLE[self] >> 2

    @property
    def suit(self) -> int:
        """Suit index 0 (clubs) .. 3 (spades)."""
        return PINOCHLE[self] & 3

    def __repr__(self) -> str:
        return f"DeckCard({str(self)!r}, {self.copy})"

    def __str__(self) -> str:
        return str(PINOCHLE[self])


DECK: Final[tuple[DeckCard, ...]] = tuple(int.__new__(DeckCard, i) for i in range(48))
"""The 48 physical cards in deck order (9c, 9c, 9d, 9d, ..., As, As)."""


def power(card: int) -> int:
    """Trick power of a card face (a ``Card`` int, not a deck index): 9 = 0 .. A = 5."""
    return POWER[card >> 2]


def is_counter(card: int) -> bool:
    """Whether a card face is worth a point in tricks (A, 10 or K).

    >>> is_counter(Card("Kd")), is_counter(Card("Qd"))
    (True, False)
    """
    return card >> 2 in COUNTER_RANKS


def deck_cards(text: str, held: Sequence[DeckCard] = ()) -> list[DeckCard]:
    """Physical cards for card text, taking copies from ``held`` when given.

    With ``held``, each named card must be in it (a second ``Qs`` needs both
    copies); without, the first unused copy of each card is taken.

    >>> deck_cards("Qs Qs Jd")
    [DeckCard('Qs', 0), DeckCard('Qs', 1), DeckCard('Jd', 0)]
    >>> deck_cards("Qs", [DeckCard("Qs", 1), DeckCard("Ah", 0)])
    [DeckCard('Qs', 1)]
    """
    pool = list(held) if held else list(DECK)
    out: list[DeckCard] = []
    for card in parse_cards(text):
        match = next((d for d in pool if d.card == card), None)
        if match is None:
            where = f"the hand {format_cards(d.card for d in held)!r}" if held else "the deck"
            raise CardNotInDeckError(f"{card} in {text!r} is not in {where}.")
        pool.remove(match)
        out.append(match)
    return out


def sort_hand(cards: Iterable[DeckCard]) -> list[DeckCard]:
    """Cards sorted for display: by suit (c d h s), then by power, strongest first.

    >>> [str(c) for c in sort_hand(deck_cards("9s As Kc Ts Ac"))]
    ['Ac', 'Kc', 'As', 'Ts', '9s']
    """
    return sorted(cards, key=lambda d: (d.suit, -POWER[d.rank], int(d)))

