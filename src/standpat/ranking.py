"""The hand rankings of standpat and the values they give to hands.

A :class:`Ranking` turns 5, 6 or 7 cards (Badugi: 4) into an int *strength*: under every
ranking, lowball included, a bigger strength wins and equal strengths split.
:func:`evaluate` wraps a strength in a :class:`HandValue`, which knows its
category, the five cards that play and a readable name.

>>> evaluate("Ah 7c 8d 9s Th", "short-7a").category
<Category.STRAIGHT: 'straight'>
>>> evaluate("Ah 7h 8h 9h Kh", "short-7a") > evaluate("Kc Kd Ks 7h 7d", "short-7a")
True
>>> evaluate("Ah 7h 8h 9h Kh", "high") > evaluate("Kc Kd Ks 7h 7d", "high")
False
>>> str(evaluate("7c 5d 4h 3s 2c", "deuce-to-seven"))
'Seven-five low'
>>> evaluate("8s 6d 4c 3h 2s", "deuce-to-seven") > evaluate("8s 7d 4c 3h 2s", "deuce-to-seven")
True
>>> str(evaluate("5h 4c 3d 2s Ah", "ace-to-five"))
'Five-four low'
"""

from __future__ import annotations

from array import array
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from itertools import chain, combinations, combinations_with_replacement
from math import comb
from typing import Any, ClassVar, Final

from standpat._keys import KEYS
from standpat.cards import (
    CARDS,
    RANK_CHARS,
    RANK_NAMES,
    RANK_PLURALS,
    SHORT_6A,
    SHORT_7A,
    STANDARD,
    Card,
    as_cards,
    format_cards,
)
from standpat.errors import (
    CardNotInDeckError,
    DuplicateCardError,
    HandSizeError,
    UnknownRankingError,
)

__all__ = ["Category", "HandValue", "Ranking", "RankingName", "evaluate", "get_ranking"]


class Category(StrEnum):
    """The kind of a poker hand; the value is its wire spelling.

    Five-card rankings use the first nine; Badugi's four say how many cards play.
    """

    HIGH_CARD = "high-card"
    PAIR = "pair"
    TWO_PAIR = "two-pair"
    THREE_OF_A_KIND = "three-of-a-kind"
    STRAIGHT = "straight"
    FLUSH = "flush"
    FULL_HOUSE = "full-house"
    FOUR_OF_A_KIND = "four-of-a-kind"
    STRAIGHT_FLUSH = "straight-flush"
    ONE_CARD = "one-card"
    TWO_CARD = "two-card"
    THREE_CARD = "three-card"
    BADUGI = "badugi"


class RankingName(StrEnum):
    """The names of standpat's hand rankings."""

    HIGH = "high"
    SHORT_7A = "short-7a"
    SHORT_6A = "short-6a"
    DEUCE_TO_SEVEN = "deuce-to-seven"
    ACE_TO_FIVE = "ace-to-five"
    BADUGI = "badugi"


C = Category
_HIGH_ORDER: Final = (
    C.HIGH_CARD, C.PAIR, C.TWO_PAIR, C.THREE_OF_A_KIND, C.STRAIGHT,
    C.FLUSH, C.FULL_HOUSE, C.FOUR_OF_A_KIND, C.STRAIGHT_FLUSH,
)
_SHORT_ORDER: Final = (
    C.HIGH_CARD, C.PAIR, C.TWO_PAIR, C.THREE_OF_A_KIND, C.STRAIGHT,
    C.FULL_HOUSE, C.FLUSH, C.FOUR_OF_A_KIND, C.STRAIGHT_FLUSH,
)
_PATTERNS: Final = {
    (4, 1): C.FOUR_OF_A_KIND,
    (3, 2): C.FULL_HOUSE,
    (3, 1, 1): C.THREE_OF_A_KIND,
    (2, 2, 1): C.TWO_PAIR,
    (2, 1, 1, 1): C.PAIR,
}
_LEVEL_SHIFT: Final = 20
_LOW_BASE: Final = 1 << 24
_SUIT_SHIFT: Final = 23  # above the largest rank-key sum (7,825,759 < 2**23)
_FLUSH_ADD: Final = 0x3333  # a 4-bit suit field of 5..7 reaches bit 3 after adding 3
_FLUSH_BITS: Final = 0x8888


def _straights(ranks: Sequence[int], wheel: tuple[int, ...] | None) -> dict[int, int]:
    """Map each 5-rank straight mask to its top rank (the wheel's top is its fifth card)."""
    allowed = set(ranks)
    found: dict[int, int] = {}
    for low in range(13 - 4):
        run = range(low, low + 5)
        if all(r in allowed for r in run):
            found[sum(1 << r for r in run)] = low + 4
    if wheel is not None:
        found[sum(1 << r for r in wheel)] = max(r for r in wheel if r != 12)
    return found


@dataclass(eq=False, repr=False)
class Ranking:
    """One hand ranking: its deck, its order of categories and its lookup tables.

    Get one with :func:`get_ranking`.  :meth:`strength` is the engine's fast
    path: card ints in, int out, no checking.
    """

    sizes: ClassVar[tuple[int, ...]] = (5, 6, 7)
    """The hand sizes this ranking ranks."""

    name: RankingName
    deck: tuple[Card, ...]
    order: tuple[Category, ...]
    low: bool
    straights: dict[int, int]
    ace_low: bool = False
    """Aces rank below deuces (ace-to-five): the ace is the best card of a low."""
    flushes: bool = True
    """Whether five cards of one suit make a flush; without, suits never matter."""
    deck_mask: int = field(init=False)
    flush_hurts: bool = field(init=False)
    """A flush can make a hand worse (a lowball with flushes): the best five of six or seven
    cards holding one may leave it out, so a flush among them needs every five tried."""
    _ranks: tuple[int, ...] = field(init=False)
    _tables: dict[int, dict[int, int]] = field(init=False, default_factory=dict)
    _flush: list[int] = field(init=False, default_factory=list)
    _card_keys: dict[int, list[int]] = field(init=False, default_factory=dict)
    _places: dict[int, array[int]] = field(init=False, default_factory=dict)
    _values: dict[int, list[int]] = field(init=False, default_factory=dict)
    python_strength: Callable[[Sequence[int]], int] = field(init=False)
    """The pure-Python scalar path (what :attr:`strength` uses without the C extension)."""
    strength: Callable[[Sequence[int]], int] = field(init=False)
    """Strength of 5, 6 or 7 (Badugi: 4) distinct card ints; bigger wins.  The fast path: no
    checking.

    >>> get_ranking("high").strength([51, 47, 43, 39, 35]) > 0
    True
    """

    def __post_init__(self) -> None:
        self.deck_mask = sum(1 << c for c in self.deck)
        self.flush_hurts = self.low and self.flushes
        self._ranks = tuple(sorted({c.rank for c in self.deck}))
        for n, keys in KEYS.items():
            self._card_keys[n] = [
                keys[c >> 2] + (1 << (_SUIT_SHIFT + 4 * (c & 3))) for c in range(52)
            ]
            self._places[n] = array("H")
            self._values[n] = []
        self.python_strength = self._make_strength()
        self._scorers: dict[int, Callable[[Sequence[int]], int]] = {}
        self.strength = self._make_dispatch()

    def __repr__(self) -> str:
        return f"get_ranking({self.name.value!r})"

    # -- values of five cards -------------------------------------------------

    def _high_value(self, ranks: Sequence[int], suited: bool) -> int:
        """Value under this ranking's high order (for lowball: the 2-7 high order).

        With aces low the ranks are counted ace = 0, deuce = 1 .. king = 12.
        """
        if self.ace_low:
            ranks = [(r + 1) % 13 for r in ranks]
        suited = suited and self.flushes
        groups = sorted(((n, r) for r, n in Counter(ranks).items()), reverse=True)
        if len(groups) == 5:
            top = self.straights.get(sum(1 << r for r in ranks))
            if top is not None:
                cat, tiebreak = (C.STRAIGHT_FLUSH if suited else C.STRAIGHT), [top]
            else:
                cat, tiebreak = (C.FLUSH if suited else C.HIGH_CARD), [r for _, r in groups]
        else:
            cat = _PATTERNS[tuple(n for n, _ in groups)]
            tiebreak = [r for _, r in groups]
        packed = 0
        for i, r in enumerate(tiebreak):
            packed |= r << (16 - 4 * i)
        return self.order.index(cat) << _LEVEL_SHIFT | packed

    def _value5(self, ranks: Sequence[int], suited: bool) -> int:
        value = self._high_value(ranks, suited)
        return _LOW_BASE - value if self.low else value

    # -- lookup tables, built on first use -------------------------------------

    def _table(self, n: int) -> dict[int, int]:
        table = self._tables.get(n)
        if table is not None:
            return table
        keys = KEYS[n]
        table = {}
        for combo in combinations_with_replacement(self._ranks, n):
            if max(Counter(combo).values()) > 4:
                continue
            if n == 5:
                value = self._value5(combo, False)
            else:
                smaller = KEYS[n - 1]
                prev = self._table(n - 1)
                base = sum(smaller[r] for r in combo)
                value = max(prev[base - smaller[r]] for r in set(combo))
            table[sum(keys[r] for r in combo)] = value
        self._tables[n] = table
        return table

    def _flush_table(self) -> list[int]:
        if self._flush:
            return self._flush
        flush = [-1] * 8192
        for n in (5, 6, 7):
            for combo in combinations(self._ranks, n):
                mask = sum(1 << r for r in combo)
                if n == 5:
                    flush[mask] = self._value5(combo, True)
                else:
                    flush[mask] = max(flush[mask & ~(1 << r)] for r in combo)
        self._flush = flush
        return flush

    def tables(self, n: int) -> tuple[dict[int, int], list[int]]:
        """The rank-key table for ``n`` cards and the flush table (for the batch path)."""
        return self._table(n), self._flush_table()

    # -- the fast path ----------------------------------------------------------

    def _fill(self, n: int) -> None:
        """Fill the dense lookup of ``n`` cards: key sum -> place, place -> strength."""
        table = self._table(n)
        values = sorted(set(table.values()))
        place = {v: i for i, v in enumerate(values)}
        places = array("H", bytes(2 * (max(table) + 1)))
        for key, value in table.items():
            places[key] = place[value]
        self._places[n].extend(places)
        self._values[n].extend(values)

    def _make_strength(self) -> Callable[[Sequence[int]], int]:
        """The fast path as a closure over its tables (no attribute look-ups per call)."""
        k5, k6, k7 = self._card_keys[5], self._card_keys[6], self._card_keys[7]
        p5, p6, p7 = self._places[5], self._places[6], self._places[7]
        v5, v6, v7 = self._values[5], self._values[6], self._values[7]
        flushed, fill = self._flushed, self._fill
        mask = (1 << _SUIT_SHIFT) - 1

        def strength(cards: Sequence[int]) -> int:
            n = len(cards)
            try:
                if n == 5:
                    a, b, c, d, e = cards
                    key = k5[a] + k5[b] + k5[c] + k5[d] + k5[e]
                    if (key >> _SUIT_SHIFT) + _FLUSH_ADD & _FLUSH_BITS:
                        return flushed(cards, key)
                    return v5[p5[key & mask]]
                if n == 7:
                    a, b, c, d, e, f, g = cards
                    key = k7[a] + k7[b] + k7[c] + k7[d] + k7[e] + k7[f] + k7[g]
                    if (key >> _SUIT_SHIFT) + _FLUSH_ADD & _FLUSH_BITS:
                        return flushed(cards, key)
                    return v7[p7[key & mask]]
                a, b, c, d, e, f = cards
                key = k6[a] + k6[b] + k6[c] + k6[d] + k6[e] + k6[f]
                if (key >> _SUIT_SHIFT) + _FLUSH_ADD & _FLUSH_BITS:
                    return flushed(cards, key)
                return v6[p6[key & mask]]
            except IndexError:
                built = {5: v5, 6: v6, 7: v7}.get(n)
                if built is None or built:
                    raise
                fill(n)  # first use of this hand size: build its table
                return strength(cards)

        return strength

    def scorer(self, n: int) -> Callable[[Sequence[int]], int]:
        """The fastest strength function for exactly ``n`` cards (5, 6 or 7); no checking.

        It is the compiled scorer when the C extension is built, else the
        pure-Python :attr:`strength`; both give the same strengths.

        >>> score = get_ranking("short-7a").scorer(5)
        >>> score([51, 47, 43, 39, 35]) == get_ranking("short-7a").strength([51, 47, 43, 39, 35])
        True
        """
        found = self._scorers.get(n)
        if found is None:
            found = self._scorers[n] = self._native(n) or self.python_strength
        return found

    def _make_dispatch(self) -> Callable[[Sequence[int]], int]:
        """:attr:`strength`: each hand size goes to its scorer, made on first use."""
        python = self.python_strength
        by_size: list[Callable[[Sequence[int]], int]] = [python] * 8

        def first_use(n: int) -> Callable[[Sequence[int]], int]:
            def make(cards: Sequence[int]) -> int:
                by_size[n] = self.scorer(n)
                return by_size[n](cards)

            return make

        for n in self.sizes:
            by_size[n] = first_use(n)

        def strength(cards: Sequence[int]) -> int:
            return by_size[len(cards)](cards)

        return strength

    def _native(self, n: int) -> Callable[[Sequence[int]], int] | None:
        """The C scorer for ``n`` cards, or ``None`` when the extension is not built."""
        if n not in KEYS:
            raise HandSizeError(f"a scorer ranks 5, 6 or 7 cards, not {n}.")
        try:
            from standpat._native.scorer import Scorer
        except ImportError:
            return None
        for size in {n, 5}:
            if not self._values[size]:
                self._fill(size)
        native = Scorer(
            array("q", self._card_keys[n]), self._places[n], array("i", self._values[n]),
            array("i", self._flush_table()), n, self.flush_hurts,
            array("q", self._card_keys[5]), self._places[5], array("i", self._values[5]),
        )
        return native

    def _flushed(self, cards: Sequence[int], key: int) -> int:
        fields = (key >> _SUIT_SHIFT) + _FLUSH_ADD & _FLUSH_BITS
        suit = (fields.bit_length() - 4) // 4
        mask = 0
        for c in cards:
            if c & 3 == suit:
                mask |= 1 << (c >> 2)
        flush = self._flush_table()
        if len(cards) == 5:
            return flush[mask]
        if not self.flush_hurts:
            return max(flush[mask], self._table(len(cards))[key & 0x7FFFFF])
        return max(self.python_strength(combo) for combo in combinations(cards, 5))

    # -- decoding ----------------------------------------------------------------

    def category_of(self, strength: int) -> Category:
        """The category of a strength this ranking produced."""
        if self.low:
            return _HIGH_ORDER[(_LOW_BASE - strength) >> _LEVEL_SHIFT]
        return self.order[strength >> _LEVEL_SHIFT]

    def name_parts(self, strength: int) -> tuple[str, tuple[int, ...]]:
        """What a strength's name says: a key and the ranks (0 = deuce .. 12 = ace) it
        names, so that any language can word it; :meth:`describe` words it in English.

        The keys are the categories' values, plus ``low`` (a lowball high-card hand,
        named by its two top cards) and ``royal-flush``.  The ranks: the group's rank for
        quads, trips and a pair; both groups for a full house and two pair; the top card
        for a straight; the top two cards for a flush, a high-card hand and a low.

        >>> high = get_ranking("high")
        >>> high.name_parts(high.strength(as_cards("Kc Kd Ks 7h 7c")))
        ('full-house', (11, 5))
        """
        value = _LOW_BASE - strength if self.low else strength
        cat = self.category_of(strength)
        ranks = [(value >> (16 - 4 * i)) & 15 for i in range(5)]
        if self.ace_low:
            ranks = [(r + 12) % 13 for r in ranks]
        if self.low and cat is C.HIGH_CARD:
            return "low", (ranks[0], ranks[1])
        if cat is C.STRAIGHT_FLUSH and ranks[0] == 12:
            return "royal-flush", ()
        if cat in (C.STRAIGHT_FLUSH, C.STRAIGHT, C.FOUR_OF_A_KIND, C.THREE_OF_A_KIND, C.PAIR):
            return cat.value, (ranks[0],)
        return cat.value, (ranks[0], ranks[1])

    def describe(self, strength: int) -> str:
        """A readable name for a strength, e.g. ``'Full house, kings full of sevens'``."""
        key, ranks = self.name_parts(strength)
        one, many = RANK_NAMES, RANK_PLURALS
        if key == "low":
            return f"{one[ranks[0]].capitalize()}-{one[ranks[1]]} low"
        if key == "royal-flush":
            return "Royal flush"
        cat = C(key)
        if cat is C.STRAIGHT_FLUSH:
            return f"Straight flush, {one[ranks[0]]} high"
        if cat is C.FOUR_OF_A_KIND:
            return f"Four of a kind, {many[ranks[0]]}"
        if cat is C.FULL_HOUSE:
            return f"Full house, {many[ranks[0]]} full of {many[ranks[1]]}"
        if cat is C.FLUSH:
            return f"Flush, {one[ranks[0]]}-{one[ranks[1]]} high"
        if cat is C.STRAIGHT:
            return f"Straight, {one[ranks[0]]} high"
        if cat is C.THREE_OF_A_KIND:
            return f"Three of a kind, {many[ranks[0]]}"
        if cat is C.TWO_PAIR:
            return f"Two pair, {many[ranks[0]]} and {many[ranks[1]]}"
        if cat is C.PAIR:
            return f"Pair of {many[ranks[0]]}"
        return f"High card, {one[ranks[0]]}-{one[ranks[1]]} high"

    # -- checked evaluation ------------------------------------------------------

    def check(self, cards: Sequence[Card], text: object) -> None:
        """Raise the right error if ``cards`` cannot be ranked here."""
        if len(cards) not in self.sizes:
            need = " or ".join(map(str, self.sizes)).replace(" or ", ", ", len(self.sizes) - 2)
            raise HandSizeError(
                f"a hand to rank needs {need} cards, got {len(cards)} in {text!r}."
            )
        seen = 0
        for c in cards:
            bit = 1 << c
            if seen & bit:
                raise DuplicateCardError(f"card {c} appears twice in {text!r}.")
            seen |= bit
            if not self.deck_mask & bit:
                raise CardNotInDeckError(
                    f"card {c} is not in the {len(self.deck)}-card deck of the "
                    f"{self.name.value!r} ranking (in {text!r})."
                )

    def best_cards(self, cards: Sequence[Card], strength: int) -> tuple[Card, ...]:
        """The cards that play in a hand of this strength, in reading order."""
        five: Sequence[Card] = cards
        if len(five) > 5:
            score = self.python_strength
            five = next(c for c in combinations(five, 5) if score(c) == strength)
        return _display_order(five, self)

    def evaluate(self, cards: str | Iterable[int]) -> HandValue:
        """Check and rank the cards (5, 6 or 7; Badugi: 4); see :func:`evaluate`."""
        parsed = as_cards(cards)
        self.check(parsed, cards if isinstance(cards, str) else format_cards(parsed))
        return HandValue(self.name, self.strength(parsed), parsed)


_COUNT_SHIFT: Final = 13
_BADUGI_CATEGORIES: Final = (None, C.ONE_CARD, C.TWO_CARD, C.THREE_CARD, C.BADUGI)
COLEX: Final = tuple(tuple(comb(c, k) for c in range(52)) for k in range(1, 5))
"""``COLEX[k][c]`` is C(c, k + 1): four sorted card ints a < b < c < d have the colex index
``COLEX[0][a] + COLEX[1][b] + COLEX[2][c] + COLEX[3][d]``, 0 .. C(52, 4) - 1."""


def badugi_value(cards: Sequence[int]) -> int:
    """The Badugi strength of a set of cards, by its rule alone (slow; tables are built on it).

    The best subset of cards of distinct ranks and distinct suits: more cards beat fewer,
    then the lower top card, and so on down (aces low).  The strength is the count in bits 13
    and up, and 8191 minus the subset's ranks as a mask (ace = bit 0 .. king = bit 12) below.
    """
    best = 0
    for size in range(len(cards), 0, -1):
        for subset in combinations(cards, size):
            ranks = {(c >> 2) + 1 for c in subset}
            if len(ranks) == size == len({c & 3 for c in subset}):
                mask = sum(1 << (r % 13) for r in ranks)
                best = max(best, size << _COUNT_SHIFT | (8191 - mask))
        if best:
            return best
    return best


def _badugi_table() -> array[int]:
    """The strength of every 4-card hand at its colex index, built with numpy (~0.1 s)."""
    import numpy as np

    hands = np.fromiter(chain.from_iterable(combinations(range(52), 4)), dtype=np.int64)
    hands = hands.reshape(-1, 4)
    colex = np.array(COLEX, dtype=np.int64)
    index = sum(colex[k][hands[:, k]] for k in range(4))
    ranks, suits = ((hands >> 2) + 1) % 13, hands & 3  # ranks: ace 0 .. king 12
    best = np.zeros(len(hands), dtype=np.int64)
    for subset in range(1, 16):
        held = [k for k in range(4) if subset >> k & 1]
        distinct = np.ones(len(hands), dtype=bool)
        for i, j in combinations(held, 2):
            distinct &= (ranks[:, i] != ranks[:, j]) & (suits[:, i] != suits[:, j])
        mask = sum((np.int64(1) << ranks[:, k] for k in held), np.zeros(len(hands), np.int64))
        value = len(held) << _COUNT_SHIFT | (8191 - mask)
        best = np.maximum(best, np.where(distinct, value, 0))
    table = np.zeros(len(hands), dtype=np.int32)
    table[index] = best
    return array("i", table.tobytes())


@dataclass(eq=False, repr=False)
class BadugiRanking(Ranking):
    """Badugi: four cards, the largest subset of distinct ranks and distinct suits plays.

    More cards beat fewer; among as many, the lowest top card wins, then the next (aces
    low): 4-3-2-A of four suits is the best hand.  The strength of any four cards is read
    from one table of all C(52, 4) hands, at the sorted cards' colex index.

    >>> badugi = get_ranking("badugi")
    >>> badugi.describe(badugi.strength(as_cards("8h 5c 3d As")))
    '8-5-3-A badugi'
    """

    sizes: ClassVar[tuple[int, ...]] = (4,)

    def __post_init__(self) -> None:
        self.deck_mask = sum(1 << c for c in self.deck)
        self.flush_hurts = False
        self._ranks = tuple(sorted({c.rank for c in self.deck}))
        self._four: array[int] = array("i")
        self.python_strength = self._make_strength()
        self._scorers: dict[int, Callable[[Sequence[int]], int]] = {}
        self.strength = self._make_dispatch()

    def table(self) -> array[int]:
        """The strength of every 4-card hand at its colex index (see :data:`COLEX`)."""
        if not self._four:
            self._four.extend(_badugi_table())
        return self._four

    def tables(self, n: int) -> tuple[dict[int, int], list[int]]:
        """Badugi has no rank-key tables: its batch path reads :meth:`table`."""
        raise HandSizeError("Badugi ranks four cards from one table: see BadugiRanking.table.")

    def _make_strength(self) -> Callable[[Sequence[int]], int]:
        table, build = self._four, self.table
        _, c2, c3, c4 = COLEX

        def strength(cards: Sequence[int]) -> int:
            a, b, c, d = sorted(cards)
            try:
                return table[a + c2[b] + c3[c] + c4[d]]
            except IndexError:
                if table:
                    raise
                build()  # first use: build the table
                return table[a + c2[b] + c3[c] + c4[d]]

        return strength

    def _native(self, n: int) -> Callable[[Sequence[int]], int] | None:
        if n != 4:
            raise HandSizeError(f"a Badugi scorer ranks 4 cards, not {n}.")
        try:
            from standpat._native.scorer import Scorer
        except ImportError:
            return None
        return Scorer(  # a 4-card scorer reads the table alone
            array("q", bytes(8 * 52)), array("H"), self.table(), array("i", bytes(4 * 8192)),
            4, False,
        )

    def scorer(self, n: int) -> Callable[[Sequence[int]], int]:
        """The fastest strength function for four cards (the C scorer when built).

        >>> get_ranking("badugi").scorer(4)([0, 5, 10, 15]) > 0
        True
        """
        return super().scorer(n)

    def category_of(self, strength: int) -> Category:
        """Badugi, three-card, two-card or one-card hand."""
        found = _BADUGI_CATEGORIES[strength >> _COUNT_SHIFT]
        assert found is not None
        return found

    def name_parts(self, strength: int) -> tuple[str, tuple[int, ...]]:
        """The category's value and the ranks that play (0 = deuce .. 12 = ace), high to
        low with aces low.

        >>> badugi = get_ranking("badugi")
        >>> badugi.name_parts(badugi.strength(as_cards("7h 4c 2d 2s")))
        ('three-card', (5, 2, 0))
        """
        mask = 8191 - (strength & 8191)
        ranks = tuple((bit + 12) % 13 for bit in range(12, -1, -1) if mask >> bit & 1)
        return self.category_of(strength).value, ranks

    def describe(self, strength: int) -> str:
        """``'8-5-3-A badugi'``, ``'three-card 7-4-2'``, ``'two-card 5-A'``, ``'one-card 2'``."""
        key, ranks = self.name_parts(strength)
        cards = "-".join(RANK_CHARS[r] for r in ranks)
        return f"{cards} badugi" if key == C.BADUGI.value else f"{key} {cards}"

    def best_cards(self, cards: Sequence[Card], strength: int) -> tuple[Card, ...]:
        """The cards of the badugi, high to low (aces low; of two alike, the first given)."""
        playing = next(
            subset for subset in combinations(cards, strength >> _COUNT_SHIFT)
            if badugi_value(subset) == strength
        )
        return tuple(sorted(playing, key=lambda c: (c.rank + 1) % 13, reverse=True))


def _display_order(cards: Sequence[Card], ranking: Ranking) -> tuple[Card, ...]:
    """Order five cards as a player reads them: groups first, high to low, wheel ace last
    (every ace last where aces are low)."""
    counts = Counter(c.rank for c in cards)
    shift = 1 if ranking.ace_low else 0
    ordered = sorted(
        cards, key=lambda c: (counts[c.rank], (c.rank + shift) % 13, c.suit), reverse=True
    )
    mask = sum(1 << c.rank for c in cards)
    top = ranking.straights.get(mask)
    if top is not None and ordered[0].rank == 12 and top != 12:
        ordered = ordered[1:] + ordered[:1]
    return tuple(ordered)


_RANKINGS: Final = {
    RankingName.HIGH: Ranking(
        RankingName.HIGH, STANDARD, _HIGH_ORDER, False,
        _straights(range(13), (12, 0, 1, 2, 3)),
    ),
    RankingName.SHORT_7A: Ranking(
        RankingName.SHORT_7A, SHORT_7A, _SHORT_ORDER, False,
        _straights(range(5, 13), (12, 5, 6, 7, 8)),
    ),
    RankingName.SHORT_6A: Ranking(
        RankingName.SHORT_6A, SHORT_6A, _SHORT_ORDER, False,
        _straights(range(4, 13), (12, 4, 5, 6, 7)),
    ),
    RankingName.DEUCE_TO_SEVEN: Ranking(
        RankingName.DEUCE_TO_SEVEN, STANDARD, _HIGH_ORDER, True,
        _straights(range(13), None),
    ),
    RankingName.ACE_TO_FIVE: Ranking(
        RankingName.ACE_TO_FIVE, STANDARD, _HIGH_ORDER, True, {}, ace_low=True, flushes=False,
    ),
    RankingName.BADUGI: BadugiRanking(
        RankingName.BADUGI, STANDARD, (), True, {}, ace_low=True, flushes=False,
    ),
}


def get_ranking(name: str | Ranking) -> Ranking:
    """The ranking with that name: ``high``, ``short-7a``, ``short-6a``, ``deuce-to-seven``,
    ``ace-to-five``, ``badugi``.

    >>> get_ranking("short-7a")
    get_ranking('short-7a')
    """
    if isinstance(name, Ranking):
        return name
    try:
        return _RANKINGS[RankingName(name)]
    except ValueError:
        known = ", ".join(n.value for n in RankingName)
        raise UnknownRankingError(f"unknown ranking {name!r}; known rankings: {known}.") from None


class HandValue:
    """The value of a hand under one ranking; ``a > b`` exactly when ``a`` wins.

    Immutable.  ``cards`` are the cards ranked, as given; ``best`` (the five that
    play, in reading order), ``category`` and the name are worked out when first
    asked for.  Values of different rankings cannot be compared (``TypeError``).

    >>> v = evaluate("Kc Kd Ks 7h 7d 2c 3c", "high")
    >>> v.category, str(v)
    (<Category.FULL_HOUSE: 'full-house'>, 'Full house, kings full of sevens')
    >>> v.best
    (Card('Ks'), Card('Kd'), Card('Kc'), Card('7h'), Card('7d'))
    >>> v
    evaluate('Ks Kd Kc 7h 7d', 'high')
    """

    __slots__ = ("_best", "cards", "ranking", "strength")

    ranking: RankingName
    strength: int
    cards: tuple[Card, ...]
    _best: tuple[Card, ...]

    def __init__(self, ranking: RankingName | str, strength: int, cards: Iterable[Card]) -> None:
        """The value ``strength`` of ``cards`` under ``ranking``."""
        put = object.__setattr__
        put(self, "ranking", RankingName(ranking))
        put(self, "strength", strength)
        put(self, "cards", tuple(cards))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a HandValue is immutable: cannot set {name!r}.")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a HandValue is immutable: cannot delete {name!r}.")

    def __reduce__(self) -> tuple[type[HandValue], tuple[RankingName, int, tuple[Card, ...]]]:
        return HandValue, (self.ranking, self.strength, self.cards)

    @property
    def best(self) -> tuple[Card, ...]:
        """The cards that play, in reading order: five, groups first, high to low (a wheel's
        ace last); under Badugi the badugi's cards, high to low."""
        try:
            found: tuple[Card, ...] = self._best
            return found
        except AttributeError:
            pass
        found = _RANKINGS[self.ranking].best_cards(self.cards, self.strength)
        object.__setattr__(self, "_best", found)
        return found

    @property
    def category(self) -> Category:
        """The hand's category (pair, flush, ...)."""
        return _RANKINGS[self.ranking].category_of(self.strength)

    def _key(self, other: object) -> int:
        if not isinstance(other, HandValue):
            raise TypeError(f"cannot compare a HandValue with {type(other).__name__}.")
        if other.ranking != self.ranking:
            raise TypeError(
                f"cannot compare hand values of different rankings: "
                f"{self.ranking.value!r} and {other.ranking.value!r}."
            )
        return other.strength

    def __lt__(self, other: object) -> bool:
        return self.strength < self._key(other)

    def __le__(self, other: object) -> bool:
        return self.strength <= self._key(other)

    def __gt__(self, other: object) -> bool:
        return self.strength > self._key(other)

    def __ge__(self, other: object) -> bool:
        return self.strength >= self._key(other)

    def __eq__(self, other: object) -> bool:
        return self.strength == self._key(other)

    def __ne__(self, other: object) -> bool:
        return self.strength != self._key(other)

    def __hash__(self) -> int:
        return hash((self.ranking, self.strength))

    def __str__(self) -> str:
        return _RANKINGS[self.ranking].describe(self.strength)

    def __repr__(self) -> str:
        shown = self.best
        if len(shown) < 5:  # Badugi: the cards that do not play too, so that it evaluates
            shown += tuple(c for c in self.cards if c not in shown)
        return f"evaluate({format_cards(shown)!r}, {self.ranking.value!r})"


def evaluate(cards: str | Iterable[int], ranking: str | Ranking) -> HandValue:
    """Rank 5, 6 or 7 cards (more than five: the best five) under a ranking; Badugi ranks 4.

    ``cards`` is card text or a sequence of card ints; ``ranking`` is one of ``high``,
    ``short-7a``, ``short-6a``, ``deuce-to-seven``, ``ace-to-five``, ``badugi``.  Bad input
    raises a :class:`ValueError` subclass that names the problem and quotes the input.
    With the C extension built, the common case (a list or tuple of card ints, or
    card text) runs in C and only the rest comes here.

    >>> evaluate("Ah Kh Qh Jh Th", "high")
    evaluate('Ah Kh Qh Jh Th', 'high')
    >>> evaluate([Card("7c"), Card("8c"), Card("9h"), Card("Ts"), Card("Jd")], "short-7a")
    evaluate('Jd Ts 9h 8c 7c', 'short-7a')
    >>> evaluate("2c 7d 8h 9s Ts", "short-7a")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    standpat.errors.CardNotInDeckError: card 2c is not in the 32-card deck of the 'short-7a' ...
    """
    rank = get_ranking(ranking)
    value = rank.evaluate(cards)
    if _NATIVE is not None:
        evaluator, scorer_type, installed = _NATIVE
        key = (rank.name, len(value.cards))
        if key not in installed:  # first use of this ranking and size: hand C its scorer
            installed.add(key)
            scorer = rank.scorer(key[1])
            if isinstance(scorer, scorer_type):
                evaluator.install(_INDEX[rank.name], key[1], scorer)
    return value


_INDEX: Final = {name: i for i, name in enumerate(_RANKINGS)}


def _make_native() -> tuple[Any, type, set[tuple[RankingName, int]]] | None:
    """The C evaluator, the C scorer type and the scorers handed to it; None without C."""
    try:
        from standpat._native.scorer import Evaluator, Scorer
    except ImportError:
        return None
    keys: dict[object, int] = {}
    for name, i in _INDEX.items():
        keys[name.value] = i
        keys[_RANKINGS[name]] = i
    made = Evaluator(
        keys, tuple((None, None, None, None) for _ in _INDEX),
        tuple(_RANKINGS[name].deck_mask for name in _INDEX), tuple(_INDEX), CARDS,
        HandValue, evaluate,
    )
    for attribute in ("__doc__", "__name__", "__qualname__", "__module__"):
        setattr(made, attribute, getattr(evaluate, attribute))
    made.__wrapped__ = evaluate  # type: ignore[attr-defined]
    return made, Scorer, set()


_NATIVE: Final = _make_native()
if _NATIVE is not None:
    evaluate = _NATIVE[0]
