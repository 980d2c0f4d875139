"""Meld: the table of seed 004 and the sharing rule.

======================  ======  =============================================
meld                    points  cards
======================  ======  =============================================
aces around             10      one ace of each suit
kings around            8       one king of each suit
queens around           6       one queen of each suit
jacks around            4       one jack of each suit
run in trump            15      A 10 K Q J of trump (its marriage included)
marriage in trump       4       K Q of trump
marriage                2       K Q of one other suit
nine of trump           1       each 9 of trump
pinochle                4       J of diamonds + Q of spades
double pinochle         30      both J of diamonds + both Q of spades
======================  ======  =============================================

Sharing: a card may count in melds of different *kinds*, never twice in the
same kind.  The kinds are: each "around" (aces, kings, queens, jacks), the
marriage kind (runs, trump marriages and other marriages together, since a run
"includes its marriage"), nines of trump, and pinochle.  Consequences, all
pinned by tests:

- Two disjoint sets of the same meld score twice: a double marriage is two
  marriages, eight aces are aces around twice (20).
- A run's K and Q are its marriage, so they do not also make a trump marriage;
  a second K and Q of trump make one more marriage in trump (run 15 + 4).
- A double run (two of each A 10 K Q J of trump) is two runs, 30; there is no
  separate double-run bonus in the table.
- Double pinochle (30) replaces the two single pinochles; with two J of
  diamonds and one Q of spades there is one pinochle only.
- The queen of spades may be in a pinochle, a marriage and queens around at once.

>>> from standpat.cards import parse_cards
>>> result = meld(parse_cards("Qs Js Ks Jd Qs 9h"), Suit.SPADES)
>>> [(m.name, m.points) for m in result.melds], result.total
([('marriage in trump', 4), ('pinochle', 4)], 8)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from standpat.cards import CARDS, Card, format_cards
from standpat.pinochle.cards import Suit

__all__ = ["MELD_POINTS", "Meld", "MeldKind", "MeldResult", "meld"]

_ACE, _TEN, _KING, _QUEEN, _JACK, _NINE = 12, 8, 11, 10, 9, 7


class MeldKind(StrEnum):
    """A row of the meld table; the value is the wire spelling."""

    ACES_AROUND = "aces-around"
    KINGS_AROUND = "kings-around"
    QUEENS_AROUND = "queens-around"
    JACKS_AROUND = "jacks-around"
    RUN = "run"
    TRUMP_MARRIAGE = "trump-marriage"
    MARRIAGE = "marriage"
    NINE_OF_TRUMP = "nine-of-trump"
    PINOCHLE = "pinochle"
    DOUBLE_PINOCHLE = "double-pinochle"

    @property
    def label(self) -> str:
        """The name in words, e.g. ``"marriage in trump"``."""
        return _LABELS[self]


_LABELS: Final = {
    MeldKind.ACES_AROUND: "aces around",
    MeldKind.KINGS_AROUND: "kings around",
    MeldKind.QUEENS_AROUND: "queens around",
    MeldKind.JACKS_AROUND: "jacks around",
    MeldKind.RUN: "run in trump",
    MeldKind.TRUMP_MARRIAGE: "marriage in trump",
    MeldKind.MARRIAGE: "marriage",
    MeldKind.NINE_OF_TRUMP: "nine of trump",
    MeldKind.PINOCHLE: "pinochle",
    MeldKind.DOUBLE_PINOCHLE: "double pinochle",
}

MELD_POINTS: Final[dict[MeldKind, int]] = {
    MeldKind.ACES_AROUND: 10,
    MeldKind.KINGS_AROUND: 8,
    MeldKind.QUEENS_AROUND: 6,
    MeldKind.JACKS_AROUND: 4,
    MeldKind.RUN: 15,
    MeldKind.TRUMP_MARRIAGE: 4,
    MeldKind.MARRIAGE: 2,
    MeldKind.NINE_OF_TRUMP: 1,
    MeldKind.PINOCHLE: 4,
    MeldKind.DOUBLE_PINOCHLE: 30,
}
"""Points of each meld."""

_AROUND: Final = (
    (MeldKind.ACES_AROUND, _ACE),
    (MeldKind.KINGS_AROUND, _KING),
    (MeldKind.QUEENS_AROUND, _QUEEN),
    (MeldKind.JACKS_AROUND, _JACK),
)


@dataclass(frozen=True, slots=True)
class Meld:
    """One scored meld: its kind and the card faces in it.

    >>> Meld(MeldKind.PINOCHLE, (Card('Jd'), Card('Qs')))
    Meld(MeldKind.PINOCHLE, (Card('Jd'), Card('Qs')))
    >>> _.points, _.name
    (4, 'pinochle')
    """

    kind: MeldKind
    cards: tuple[Card, ...]

    @property
    def points(self) -> int:
        """Points of this meld."""
        return MELD_POINTS[self.kind]

    @property
    def name(self) -> str:
        """The meld's name in words."""
        return self.kind.label

    def __repr__(self) -> str:
        return f"Meld(MeldKind.{self.kind.name}, {self.cards!r})"

    def __str__(self) -> str:
        return f"{self.name} ({format_cards(self.cards)}): {self.points}"


@dataclass(frozen=True, slots=True)
class MeldResult:
    """Every meld in a hand for one trump suit, with totals.

    ``nines`` (the 9s of trump) is kept apart because it is always kept; ``rest``
    is the meld kept only with a trick point.
    """

    trump: Suit
    melds: tuple[Meld, ...]

    @property
    def total(self) -> int:
        """All meld points."""
        return sum(m.points for m in self.melds)

    @property
    def nines(self) -> int:
        """Points from 9s of trump (always kept)."""
        return sum(m.points for m in self.melds if m.kind is MeldKind.NINE_OF_TRUMP)

    @property
    def rest(self) -> int:
        """Meld points other than 9s of trump."""
        return self.total - self.nines


def meld(cards: Iterable[int], trump: Suit) -> MeldResult:
    """Every meld in ``cards`` (card faces, duplicates allowed) with ``trump`` as trump.

    >>> from standpat.cards import parse_cards
    >>> r = meld(parse_cards("Ah Th Kh Qh Jh Kh Qh"), Suit.HEARTS)
    >>> [m.name for m in r.melds], r.total
    (['run in trump', 'marriage in trump'], 19)
    >>> meld(parse_cards("Qs Ks Jd"), Suit.CLUBS).total  # Q of spades counted twice
    6
    """
    count = Counter(int(c) for c in cards)
    t = trump.number

    def n(rank: int, suit: int) -> int:
        return count[rank * 4 + suit]

    def face(rank: int, suit: int) -> Card:
        return CARDS[rank * 4 + suit]

    out: list[Meld] = []
    for kind, rank in _AROUND:
        sets = min(n(rank, s) for s in range(4))
        out += [Meld(kind, tuple(face(rank, s) for s in range(4)))] * sets
    runs = min(n(r, t) for r in (_ACE, _TEN, _KING, _QUEEN, _JACK))
    run_cards = tuple(face(r, t) for r in (_ACE, _TEN, _KING, _QUEEN, _JACK))
    out += [Meld(MeldKind.RUN, run_cards)] * runs
    for s in range(4):
        pairs = min(n(_KING, s), n(_QUEEN, s))
        kind = MeldKind.TRUMP_MARRIAGE if s == t else MeldKind.MARRIAGE
        if s == t:
            pairs -= runs
        out += [Meld(kind, (face(_KING, s), face(_QUEEN, s)))] * pairs
    out += [Meld(MeldKind.NINE_OF_TRUMP, (face(_NINE, t),))] * n(_NINE, t)
    jd, qs = n(_JACK, 1), n(_QUEEN, 3)
    if jd >= 2 and qs >= 2:
        out.append(Meld(MeldKind.DOUBLE_PINOCHLE, (face(_JACK, 1),) * 2 + (face(_QUEEN, 3),) * 2))
    else:
        out += [Meld(MeldKind.PINOCHLE, (face(_JACK, 1), face(_QUEEN, 3)))] * min(jd, qs)
    return MeldResult(trump, tuple(out))
