"""Cards, card text, card sets and decks.

Inside standpat a card is a small int: ``rank * 4 + suit``, with ranks
``0..12`` for deuce to ace and suits ``0..3`` for clubs, diamonds, hearts and
spades.  :class:`Card` is an ``int`` subclass whose ``repr`` is code you can
paste back; text appears only at the edges.

>>> parse_cards("As Kd, 7h 10c")
[Card('As'), Card('Kd'), Card('7h'), Card('Tc')]
>>> format_cards(parse_cards("as KD 7h"))
'As Kd 7h'
>>> int(Card("2c")), int(Card("As"))
(0, 51)
>>> len(STANDARD), len(SHORT_7A), len(SHORT_6A), len(PINOCHLE)
(52, 32, 36, 48)
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Final, SupportsIndex

from standpat.errors import CardParseError, DuplicateCardError

__all__ = [
    "CARDS",
    "PINOCHLE",
    "RANK_CHARS",
    "SHORT_6A",
    "SHORT_7A",
    "STANDARD",
    "SUIT_CHARS",
    "Card",
    "CardSet",
    "format_cards",
    "parse_card",
    "parse_cards",
    "rank_of",
    "suit_of",
]

RANK_CHARS: Final = "23456789TJQKA"
"""Rank letters in rank order; a card's rank is its index here."""
SUIT_CHARS: Final = "cdhs"
"""Suit letters in suit order (clubs, diamonds, hearts, spades)."""

RANK_NAMES: Final = (
    "deuce", "three", "four", "five", "six", "seven", "eight",
    "nine", "ten", "jack", "queen", "king", "ace",
)
"""English rank names, singular, in rank order."""
RANK_PLURALS: Final = (
    "deuces", "threes", "fours", "fives", "sixes", "sevens", "eights",
    "nines", "tens", "jacks", "queens", "kings", "aces",
)
"""English rank names, plural, in rank order."""
SUIT_NAMES: Final = ("clubs", "diamonds", "hearts", "spades")
"""English suit names, in suit order."""

_TOKEN: Final = re.compile(r"(10|[2-9tjqka])([cdhs])", re.IGNORECASE)
_SEPARATORS: Final = re.compile(r"[\s,;]+")


class Card(int):
    """One playing card, an ``int`` in ``0..51`` with a readable ``repr``.

    >>> Card("Th")
    Card('Th')
    >>> Card(51).rank, Card(51).suit
    (12, 3)
    >>> str(Card("10s"))
    'Ts'
    """

    __slots__ = ()

    def __new__(cls, value: str | SupportsIndex) -> Card:
        """Make a card from its text (``"As"``, ``"10h"``) or its index ``0..51``."""
        if isinstance(value, str):
            return CARDS[_parse_token(value, value)]
        index = int(value)
        if not 0 <= index < 52:
            raise CardParseError(f"card index {index!r} is outside 0..51.")
        return super().__new__(cls, index)

    @property
    def rank(self) -> int:
        """Rank index, 0 (deuce) to 12 (ace)."""
        return int(self) >> 2

    @property
    def suit(self) -> int:
        """Suit index, 0 (clubs) to 3 (spades)."""
        return int(self) & 3

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    def __str__(self) -> str:
        return _NAMES[self]


_NAMES: Final = tuple(r + s for r in RANK_CHARS for s in SUIT_CHARS)
CARDS: Final[tuple[Card, ...]] = tuple(int.__new__(Card, i) for i in range(52))
"""The 52 cards, indexed by their int value."""


def rank_of(card: int) -> int:
    """Rank index of a card int (0 = deuce .. 12 = ace)."""
    return card >> 2


def suit_of(card: int) -> int:
    """Suit index of a card int (0 = clubs .. 3 = spades)."""
    return card & 3


def _parse_token(token: str, text: str) -> int:
    match = _TOKEN.fullmatch(token.strip())
    if match is None:
        raise CardParseError(
            f"{token!r} is not a card in {text!r}: expected a rank (2-9, T or 10, J, Q, K, A) "
            "and a suit (c, d, h, s), like 'As' or '10h'."
        )
    rank_text, suit_text = match.groups()
    rank = 8 if rank_text == "10" else RANK_CHARS.index(rank_text.upper())
    return rank * 4 + SUIT_CHARS.index(suit_text.lower())


def parse_card(text: str) -> Card:
    """Parse one card: ``"As"``, ``"td"``, ``"10d"``.

    >>> parse_card("qH")
    Card('Qh')
    """
    return CARDS[_parse_token(text, text)]


def parse_cards(text: str) -> list[Card]:
    """Parse card text separated by spaces or commas; runs like ``"AsKd"`` also work.

    Duplicates are kept here (a pinochle hand holds pairs); ranking and deck
    code reject them where they are wrong.

    >>> parse_cards("AsKd 10h")
    [Card('As'), Card('Kd'), Card('Th')]
    """
    fast = _FAST
    cards: list[Card] = []
    for token in text.split():
        found = fast.get(token)
        if found is None:
            break
        cards.append(found)
    else:
        return cards  # every token one plain card ("As Kd 7h"): no regex needed
    cards = []
    for chunk in _SEPARATORS.split(text.strip()):
        if not chunk:
            continue
        pos = 0
        while pos < len(chunk):
            match = _TOKEN.match(chunk, pos)
            if match is None:
                bad = chunk[pos:] if pos else chunk
                _parse_token(bad, text)  # raises with the message
                raise AssertionError  # pragma: no cover
            cards.append(CARDS[_parse_token(match.group(0), text)])
            pos = match.end()
    return cards


_FAST: Final[dict[str, Card]] = {
    r + u: CARDS[RANK_CHARS.index(rank) * 4 + SUIT_CHARS.index(suit)]
    for rank in RANK_CHARS
    for r in {rank, rank.lower(), *(["10"] if rank == "T" else [])}
    for suit in SUIT_CHARS
    for u in (suit, suit.upper())
}
"""Every spelling of one card as a whole token ("As", "as", "AS", "10h", "Th"), for parse_cards."""


def format_cards(cards: Iterable[int]) -> str:
    """Cards as text, separated by single spaces.

    >>> format_cards([51, 0])
    'As 2c'
    """
    return " ".join(_NAMES[c] for c in cards)


def as_cards(cards: str | Iterable[int]) -> list[Card]:
    """Cards from text or from ints (``Card`` or plain ``int``)."""
    if isinstance(cards, str):
        return parse_cards(cards)
    return [c if isinstance(c, Card) else Card(c) for c in cards]


class CardSet:
    """A set of distinct cards held as a 52-bit mask.

    >>> hand = CardSet.parse("As Kd 7h")
    >>> Card("Kd") in hand, len(hand)
    (True, 3)
    >>> hand | CardSet.parse("2c")
    CardSet('2c 7h Kd As')
    >>> CardSet(STANDARD) - hand == CardSet(c for c in STANDARD if c not in hand)
    True
    """

    __slots__ = ("mask",)

    mask: int

    def __init__(self, cards: str | Iterable[int] = (), *, mask: int = 0) -> None:
        """Build from card text or cards (duplicates raise), or from a ``mask`` int."""
        if isinstance(cards, str):
            cards = parse_cards(cards)
        for card in cards:
            bit = 1 << card
            if mask & bit:
                raise DuplicateCardError(f"card {_NAMES[card]} appears twice in the set.")
            mask |= bit
        self.mask = mask

    @classmethod
    def parse(cls, text: str) -> CardSet:
        """A card set from card text."""
        return cls(text)

    def __contains__(self, card: object) -> bool:
        return isinstance(card, int) and 0 <= card < 52 and bool(self.mask >> card & 1)

    def __iter__(self) -> Iterator[Card]:
        mask = self.mask
        while mask:
            low = mask & -mask
            yield CARDS[low.bit_length() - 1]
            mask ^= low

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __or__(self, other: CardSet) -> CardSet:
        return CardSet(mask=self.mask | other.mask)

    def __and__(self, other: CardSet) -> CardSet:
        return CardSet(mask=self.mask & other.mask)

    def __sub__(self, other: CardSet) -> CardSet:
        return CardSet(mask=self.mask & ~other.mask)

    def __xor__(self, other: CardSet) -> CardSet:
        return CardSet(mask=self.mask ^ other.mask)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CardSet) and self.mask == other.mask

    def __hash__(self) -> int:
        return hash(self.mask)

    def __bool__(self) -> bool:
        return bool(self.mask)

    def __repr__(self) -> str:
        return f"CardSet({format_cards(self)!r})"

    def __str__(self) -> str:
        return format_cards(self)


STANDARD: Final[tuple[Card, ...]] = CARDS
"""The 52-card deck."""
SHORT_7A: Final[tuple[Card, ...]] = tuple(c for c in CARDS if c.rank >= 5)
"""The 32-card deck of Five Card Draw 7-A: sevens to aces."""
SHORT_6A: Final[tuple[Card, ...]] = tuple(c for c in CARDS if c.rank >= 4)
"""The 36-card deck of Five Card Draw 7-A with five players: sixes to aces."""
PINOCHLE: Final[tuple[Card, ...]] = tuple(
    c for c in CARDS if c.rank >= 7 for _copy in range(2)
)
"""The 48-card pinochle deck: two each of 9, T, J, Q, K, A in four suits."""
