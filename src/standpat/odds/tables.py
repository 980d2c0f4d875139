"""Precomputed class counts and the exact single draw of a five-card hand by inclusion-exclusion.

For every set ``S`` of up to four cards of a deck, ``ClassCounts.counts[len(S)]``
holds how many five-card hands of the deck contain ``S``, by outcome
(:mod:`standpat.odds.outcomes`); ``counts[5]`` is the outcome of each
five-card hand.  Rows are numbered by :func:`~standpat.odds.combos.colex_rank`
over the cards' places in the deck.  A draw that keeps ``K`` out of the hand
``H`` ends in a hand ``F`` with ``F`` and ``H`` sharing exactly ``K`` (the
discards are out of the stub), and with no dead card; so, with ``W`` the hand
and the dead cards,

    completions(K) = sum over S with K <= S <= W of (-1)**|S - K| * contains(S),

a superset Moebius transform over the subsets of ``W``, done for every hold
at once.  Building the tables evaluates every five-card hand once (about a
second for 52 cards); they are then kept on disk (:func:`cache_dir`) and
checked against the ranking on load.

>>> counts = hold_counts(class_counts("high"), [40, 41, 31, 10, 0], [])   # Qs Qd 9c 4h 2c
>>> pair = 0b00011                                   # keep the queens, draw three
>>> int(counts[pair].sum()), int(counts[pair][-2])   # completions; still one pair
(16215, 11559)
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from math import comb
from pathlib import Path
from typing import Any, Final

import numpy as np

from standpat.odds.combos import binomials, colex, colex_rank
from standpat.odds.outcomes import low_rank, outcome_index, outcomes
from standpat.odds.strengths import strengths
from standpat.ranking import Ranking, RankingName, get_ranking

__all__ = [
    "DENSE_LIMIT",
    "ClassCounts",
    "ValueSums",
    "build_class_counts",
    "build_value_sums",
    "cache_dir",
    "class_counts",
    "hand_strengths",
    "hold_counts",
    "hold_values",
    "strength_classes",
    "strength_percentiles",
]

VERSION: Final = 1
"""Format version of the cached tables (part of the file name)."""
DENSE_LIMIT: Final = 15
"""Most cards (hand plus dead) the transform works over; more dead cards go by enumeration."""
_CHECKS: Final = 997
"""Five-card hands re-ranked on load to catch a stale cache (one in every this many)."""


def cache_dir() -> Path:
    """Where the tables are kept: ``$STANDPAT_CACHE_DIR``, else ``$XDG_CACHE_HOME/standpat``,
    else ``~/.cache/standpat``."""
    explicit = os.environ.get("STANDPAT_CACHE_DIR")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "standpat"


@dataclass(frozen=True, eq=False)
class ClassCounts:
    """The class-count tables of one ranking's deck (see the module docstring)."""

    ranking: RankingName
    deck: tuple[int, ...]
    """The deck's card ints in deck order (a card's place is its index here)."""
    counts: tuple[Any, ...]
    """``counts[s]``, s = 0..4: (comb(N, s), classes) arrays; ``counts[5]``: outcome per hand."""
    lows: Any
    """Smallest strength of each outcome (index = outcome), for :func:`strength_classes`."""

    @property
    def classes(self) -> int:
        """Number of outcomes."""
        return int(self.counts[0].shape[1])

    @property
    def places(self) -> Any:
        """Place in the deck of each card int 0..51 (-1 when the deck lacks it)."""
        places = np.full(52, -1, dtype=np.int64)
        places[np.array(self.deck)] = np.arange(len(self.deck))
        return places


def _outcomes_of(rank: Ranking, cards: Any) -> tuple[Any, Any]:
    """Outcome of each row of five cards, and the smallest strength of each outcome."""
    found = strengths(cards, rank)
    values, first, inverse = np.unique(found, return_index=True, return_inverse=True)
    ranks = cards[first] >> 2
    tops = ((ranks + 1) % 13 if rank.ace_low else ranks).max(axis=1)  # low_rank of each
    by_value = np.array(
        [outcome_index(rank, int(v), int(t)) for v, t in zip(values, tops, strict=True)],
        dtype=np.uint8,
    )
    lows = np.array(
        [int(values[by_value == c].min()) for c in range(len(outcomes(rank)))], dtype=np.int64
    )
    return by_value[inverse.reshape(-1)], lows


def build_class_counts(ranking: str | Ranking) -> ClassCounts:
    """Build the tables of ``ranking``'s deck from every five-card hand (no cache)."""
    rank = get_ranking(ranking)
    deck = np.array(rank.deck, dtype=np.uint8)
    n = len(deck)
    hands = colex(n, 5)
    classes, lows = _outcomes_of(rank, deck[hands])
    tables: list[Any] = []
    for total in _superset_sums(n, hands, classes.astype(np.int64), len(outcomes(rank))):
        most = int(total.max())
        dtype = np.uint8 if most < 1 << 8 else np.uint16 if most < 1 << 16 else np.uint32
        tables.append(total.astype(dtype))
    tables.append(classes)
    return ClassCounts(rank.name, tuple(int(c) for c in rank.deck), tuple(tables), lows)


def _path(name: RankingName) -> Path:
    return cache_dir() / f"odds-{name.value}-v{VERSION}.npz"


def _load(name: RankingName) -> ClassCounts | None:
    """The cached tables if they are there, whole, and agree with the ranking; else ``None``."""
    path = _path(name)
    try:
        with np.load(path) as data:
            arrays = {key: data[key] for key in data.files}
    except (OSError, ValueError, EOFError):
        return None
    rank = get_ranking(name)
    deck = tuple(int(c) for c in arrays.get("deck", ()))
    n = len(rank.deck)
    try:
        tables = tuple(arrays[f"c{s}"] for s in range(6))
        lows = arrays["lows"]
    except KeyError:
        return None
    if deck != tuple(int(c) for c in rank.deck) or lows.shape != (len(outcomes(rank)),):
        return None
    for s in range(5):
        if tables[s].shape != (comb(n, s), lows.size) or int(
            tables[s].sum(dtype=np.int64)
        ) != comb(n, 5) * comb(5, s):
            return None
    if tables[5].shape != (comb(n, 5),):
        return None
    hands = np.array(rank.deck, dtype=np.uint8)[colex(n, 5)[::_CHECKS]].tolist()
    expected = [outcome_index(rank, rank.strength(h), max(low_rank(rank, c >> 2) for c in h))
                for h in hands]
    if expected != tables[5][::_CHECKS].tolist():
        return None
    return ClassCounts(name, deck, tables, lows)


def _write(path: Path, arrays: dict[str, Any]) -> None:
    """Write arrays atomically; a cache that cannot be written is left alone."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temp = tempfile.mkstemp(dir=path.parent, suffix=".npz.tmp")
        with os.fdopen(handle, "wb") as out:
            np.savez(out, **arrays)
        os.replace(temp, path)
    except OSError:
        return


def _save(found: ClassCounts) -> None:
    """Write the tables to the cache."""
    _write(_path(found.ranking), {"deck": np.array(found.deck), "lows": found.lows,
                                  **{f"c{s}": t for s, t in enumerate(found.counts)}})


@cache
def class_counts(ranking: str | RankingName | Ranking) -> ClassCounts:
    """The tables of ``ranking``'s deck: from the disk cache, else built (and cached)."""
    name = get_ranking(ranking).name
    found = _load(name)
    if found is None:
        found = build_class_counts(name)
        _save(found)
    return found


def strength_classes(table: ClassCounts, strengths: Any) -> Any:
    """Outcome index of each strength (5 to 7 cards: the best five), as an int64 array.

    Outcomes are contiguous ranges of strength, the best outcome highest.
    """
    order = np.argsort(table.lows)
    found = np.searchsorted(table.lows[order], np.asarray(strengths), side="right") - 1
    return order[found]


@cache
def _subsets(n: int) -> tuple[tuple[Any, Any], ...]:
    """For each size s = 0..5: the masks over ``n`` bits with s bits set, and those bits."""
    by_size = []
    for size in range(6):
        found = list(combinations(range(n), size))
        bits = np.array(found, dtype=np.int64).reshape(len(found), size)
        masks = (np.int64(1) << bits).sum(axis=1) if size else np.zeros(1, dtype=np.int64)
        by_size.append((masks, bits))
    return tuple(by_size)


def _superset_sums(deck_size: int, hands: Any, values: Any, width: int = 0) -> list[Any]:
    """``sums[s][row]``: total of ``values`` over the five-card hands (colex order) that
    contain each set of ``s`` cards, for s = 0..4, as int64.

    With ``width``, ``values`` are outcome indexes and the totals count each outcome
    (rows of ``width``).  The four-card sums come from the hands; each smaller size from
    the next: a hand holding a set of ``s`` cards holds ``5 - s`` of its sets of ``s + 1``.
    """
    binom = binomials(deck_size)
    size = comb(deck_size, 4)
    upper: Any
    if width:
        flat = np.zeros(size * width, dtype=np.int64)
        for choice in combinations(range(5), 4):
            rows = colex_rank(binom, hands[:, list(choice)])
            flat += np.bincount(rows * width + values, minlength=flat.size)
        upper = flat.reshape(size, width)
    else:
        upper = np.zeros(size, dtype=np.int64)
        for choice in combinations(range(5), 4):
            rows = colex_rank(binom, hands[:, list(choice)])
            upper += np.bincount(rows, weights=values, minlength=size).astype(np.int64)
    out = [upper]
    for small in range(3, -1, -1):
        sets = colex(deck_size, small + 1)
        total: Any = np.zeros((comb(deck_size, small), *upper.shape[1:]), dtype=np.int64)
        for part in combinations(range(small + 1), small):
            rows = colex_rank(binom, sets[:, list(part)])
            if width:
                for column in range(width):
                    total[:, column] += np.bincount(rows, weights=upper[:, column],
                                                    minlength=total.shape[0]).astype(np.int64)
            else:
                total += np.bincount(rows, weights=upper, minlength=total.size).astype(np.int64)
        upper = total // (5 - small)
        out.append(upper)
    return out[::-1]


@dataclass(frozen=True, eq=False)
class ValueSums:
    """Sums of an integer value of every five-card hand over the hands containing each set
    of up to four cards: with them :func:`hold_values` gives every hold's exact mean value.

    ``sums[5]`` is the value of each hand; a mean is a sum over ``scale`` times the
    number of completions (values are integers, ``scale`` turns them into what they mean).
    """

    ranking: RankingName
    deck: tuple[int, ...]
    sums: tuple[Any, ...]
    scale: int

    @property
    def places(self) -> Any:
        """Place in the deck of each card int 0..51 (-1 when the deck lacks it)."""
        places = np.full(52, -1, dtype=np.int64)
        places[np.array(self.deck)] = np.arange(len(self.deck))
        return places


def build_value_sums(ranking: str | Ranking, values: Any, scale: int) -> ValueSums:
    """Tables of ``values`` (an int per five-card hand of the deck, in colex order).

    Kept on disk by the values' digest: the same values load instead of being summed again.
    """
    rank = get_ranking(ranking)
    n = len(rank.deck)
    hands = colex(n, 5)
    ints = np.ascontiguousarray(values, dtype=np.int64)
    if ints.shape != (hands.shape[0],) or int(np.abs(ints).max(initial=0)) * comb(n, 5) >= 2**53:
        raise ValueError(f"values must be {hands.shape[0]} integers small enough to add "
                         "up exactly.")
    digest = hashlib.sha1(ints.tobytes()).hexdigest()[:16]
    path = cache_dir() / f"odds-values-{rank.name.value}-{digest}-v{VERSION}.npz"
    deck = tuple(int(c) for c in rank.deck)
    total = int(ints.sum())
    try:
        with np.load(path) as data:
            sums = [data[f"s{size}"] for size in range(5)]
        if all(x.shape == (comb(n, size),) and int(x.sum()) == total * comb(5, size)
               for size, x in enumerate(sums)):
            return ValueSums(rank.name, deck, (*sums, ints), scale)
    except (OSError, ValueError, KeyError, EOFError):
        pass
    sums = _superset_sums(n, hands, ints.astype(np.float64))
    _write(path, {f"s{size}": x for size, x in enumerate(sums)})
    return ValueSums(rank.name, deck, (*sums, ints), scale)


def hand_strengths(ranking: str | Ranking) -> Any:
    """The strength of every five-card hand of the deck, in colex order (int32)."""
    rank = get_ranking(ranking)
    deck = np.array(rank.deck, dtype=np.uint8)
    return strengths(deck[colex(len(deck), 5)], rank)


@cache
def strength_percentiles(ranking: str | RankingName | Ranking) -> ValueSums:
    """Value tables of each hand's share of the deck's five-card hands that it beats (ties
    half): the mean is the expected strength of a hold's final hand, 0 (worst) to 1 (best)."""
    rank = get_ranking(ranking)
    found = hand_strengths(rank)
    ordered = np.sort(found)
    below = np.searchsorted(ordered, found, side="left")
    upto = np.searchsorted(ordered, found, side="right")
    return build_value_sums(rank, below + upto, 2 * found.size)


def _transform(places: Any, deck_size: int, by_size: Sequence[Any], top: Any,
               hand: Sequence[int], dead: Sequence[int]) -> Any:
    """Superset Moebius transform over hand plus dead cards, read at the hand's holds.

    ``by_size[s]`` holds a row (an array of any trailing shape) per set of s cards;
    ``top(rows, dense, masks)`` writes the five-card sets' contributions.
    """
    cards = [*hand, *dead]
    n = len(cards)
    if n > DENSE_LIMIT:
        raise ValueError(f"a hold analysis works over at most {DENSE_LIMIT} cards, not {n}.")
    where = places[np.array(cards, dtype=np.int64)]
    order = np.argsort(where)
    ascending = where[order]
    bit_of = np.empty(n, dtype=np.int64)
    bit_of[order] = np.arange(n)
    binom = binomials(deck_size)
    dense = np.zeros((1 << n, *by_size[0].shape[1:]), dtype=np.int64)
    for size, (masks, bits) in enumerate(_subsets(n)):
        rows = colex_rank(binom, ascending[bits])
        if size < 5:
            dense[masks] = by_size[size][rows]
        else:
            top(rows, dense, masks)
    tail = dense.shape[1:]
    for b in range(n):  # superset Moebius transform, one bit at a time
        view = dense.reshape(-1, 2, 1 << b, *tail)
        view[:, 0] -= view[:, 1]
    holds = np.arange(1 << len(hand))
    wide = np.zeros(holds.size, dtype=np.int64)
    for i in range(len(hand)):
        wide |= ((holds >> i) & 1) << bit_of[i]
    return dense[wide]


def hold_values(table: ValueSums, hand: Sequence[int], dead: Sequence[int]) -> Any:
    """Total value of the completions of every hold of a five-card hand: (32,) int64.

    Divide by ``table.scale`` and the number of completions for the mean.
    """

    def top(rows: Any, dense: Any, masks: Any) -> None:
        dense[masks] = table.sums[5][rows]

    return _transform(table.places, len(table.deck), table.sums, top, hand, dead)


def hold_counts(table: ClassCounts, hand: Sequence[int], dead: Sequence[int]) -> Any:
    """Completions of every hold of a five-card hand, by outcome: a (32, classes) int64 array.

    Row ``m`` is the hold keeping ``hand[i]`` for each bit ``i`` of ``m``; the
    draw comes from the deck without the hand and ``dead``.  Cards are card
    ints of the table's deck, distinct (not checked: see
    :class:`~standpat.odds.situation.Situation`).  At most
    :data:`DENSE_LIMIT` cards in all.
    """

    def top(rows: Any, dense: Any, masks: Any) -> None:
        dense[masks, table.counts[5][rows]] = 1

    return _transform(table.places, len(table.deck), table.counts, top, hand, dead)
