"""Badugi over several draws: the chance of a hold to end with a badugi at or under a target.

After the analysed draw the player re-draws toward the target, his own
discards dead (the draws come from the cards he has not seen): of his four
cards he keeps a largest set that plays (different ranks, different suits,
every card at or under the target), the one with the best chance when there
are several, and draws to the rest; four that play stand pat, and are made.

Toward one target every rank at or under it is as good as another, and so is
every suit: a state is the grid of those ranks by the four suits (each card
gone, in the stub, or kept) up to a change of ranks and of suits, and the
number of cards above the target left in the stub.  A draw is enumerated by
which grid cards it brings, rows alike taken together; the last draw is
counted in closed form (the sets that give each missing suit a new rank).
Floats, or fractions with ``exact``.

>>> from fractions import Fraction
>>> from standpat.cards import parse_cards
>>> hand = parse_cards("Kd 8d 5h 2s")
>>> stub = [c for c in range(52) if c not in hand]
>>> chance(hand[1:], stub, target=7, draws=1, exact=True)   # 8-5-2: five clubs
Fraction(5, 48)
>>> chance(hand[1:], stub, target=7, draws=2, exact=True)   # 1 - (43/48)(42/47)
Fraction(75, 376)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from fractions import Fraction
from functools import cache
from itertools import combinations, permutations
from math import comb, factorial
from typing import Final

__all__ = ["TARGETS", "ace_low_rank", "chance", "chances", "plays"]

TARGETS: Final = range(3, 13)
"""Target top cards, aces low: 3 is the four ("4-badugi") .. 12 the king ("K-badugi")."""

GONE: Final = 0
STUB: Final = 1
KEPT: Final = 2

Row = tuple[int, int, int, int]
"""One rank at or under the target, by suit: GONE, STUB or KEPT."""
State = tuple[tuple[Row, ...], int]
"""The grid's rows (ranks with nothing left dropped) and the cards above the target left."""

_PERMUTATIONS: Final = tuple(permutations(range(4)))


def ace_low_rank(card: int) -> int:
    """A card's rank with aces low, as Badugi reads it: ace 0, deuce 1 .. king 12."""
    return ((card >> 2) + 1) % 13


def _canonical(rows: Sequence[Row]) -> tuple[Row, ...]:
    """The rows up to a change of ranks (their order) and of suits, and without empty rows."""
    return _canonical_sorted(tuple(sorted(r for r in rows if any(r))))


@cache
def _canonical_sorted(rows: tuple[Row, ...]) -> tuple[Row, ...]:
    # only the changes of suit that order the suits by their counts of kept and stub cards
    sig = [(sum(r[s] == KEPT for r in rows), sum(r[s] == STUB for r in rows)) for s in range(4)]
    order = sorted(sig, reverse=True)
    return min(tuple(sorted((r[p[0]], r[p[1]], r[p[2]], r[p[3]]) for r in rows))
               for p in _PERMUTATIONS if all(sig[p[s]] == order[s] for s in range(4)))


@cache
def _subsets(row: Row) -> tuple[tuple[int, ...], ...]:
    """The non-empty sets of a row's stub cards (as suits)."""
    present = [s for s in range(4) if row[s] == STUB]
    return tuple(c for k in range(1, len(present) + 1) for c in combinations(present, k))


def plays(cards: Sequence[tuple[int, int]]) -> bool:
    """Whether (rank, suit) cards play together in Badugi: no two of a rank or of a suit."""
    return (len({r for r, _ in cards}) == len(cards)
            and len({s for _, s in cards}) == len(cards))


def _best_sets(cards: Sequence[tuple[int, int]]) -> list[tuple[tuple[int, int], ...]]:
    """The largest sets of (row, suit) cards that play."""
    for size in range(len(cards), 0, -1):
        found = [c for c in combinations(cards, size) if plays(c)]
        if found:
            return found
    return [()]


class _Solver:
    """The dynamic programme toward one target; values memoised by state."""

    def __init__(self, exact: bool) -> None:
        self.exact = exact
        self.memo: dict[tuple[State, int, int], Fraction | float] = {}

    def ratio(self, num: int | Fraction | float, den: int) -> Fraction | float:
        return Fraction(num) / den if self.exact else float(num) / den

    def value(self, rows: tuple[Row, ...], bad: int, size: int, draws: int) -> Fraction | float:
        """Chance to end made: draw ``size`` cards now, ``draws - 1`` draws after."""
        key = ((rows, bad), size, draws)
        found = self.memo.get(key)
        if found is None:
            found = self.last(rows, bad, size) if draws == 1 else self.draw(rows, bad, size, draws)
            self.memo[key] = found
        return found

    def last(self, rows: Sequence[Row], bad: int, size: int) -> Fraction | float:
        """The last draw: sets of ``size`` stub cards that give each free suit a free rank."""
        kept = [(q, s) for q, r in enumerate(rows) for s in range(4) if r[s] == KEPT]
        stub = sum(r.count(STUB) for r in rows) + bad
        if not plays(kept) or len(kept) + size != 4 or size > stub:
            return self.ratio(0, 1)
        free = [s for s in range(4) if all(r[s] != KEPT for r in rows)]
        ways = {0: 1}
        for r in rows:
            if KEPT in r:
                continue
            after = dict(ways)
            for mask, n in ways.items():
                for s in free:
                    if r[s] == STUB and not mask >> s & 1:
                        after[mask | 1 << s] = after.get(mask | 1 << s, 0) + n
            ways = after
        return self.ratio(ways.get(sum(1 << s for s in free), 0), comb(stub, size))

    def draw(self, rows: tuple[Row, ...], bad: int, size: int, draws: int) -> Fraction | float:
        """A draw with more to come: every set of grid cards it brings, rows alike together."""
        stub = sum(r.count(STUB) for r in rows) + bad
        total: Fraction | float = self.ratio(0, 1)
        for ways, drawn in _draws(rows, size):
            rest = size - len(drawn)
            if rest > bad:
                continue
            weight = ways * comb(bad, rest)
            total += weight * self.settle(rows, drawn, bad - rest, draws - 1)
        return total / comb(stub, size)

    def settle(self, rows: Sequence[Row], drawn: Sequence[tuple[int, int]], bad: int,
               draws: int) -> Fraction | float:
        """After a draw: made, or the best of the largest sets that play kept, the rest dead."""
        kept = [(q, s) for q, r in enumerate(rows) for s in range(4) if r[s] == KEPT]
        best = _best_sets([*kept, *drawn])
        if len(best[0]) == 4:
            return self.ratio(1, 1)
        if not draws:
            return self.ratio(0, 1)
        value: Fraction | float | None = None
        for keep in best:
            grid = [list(r) for r in rows]
            for q, s in (*kept, *drawn):
                grid[q][s] = GONE
            for q, s in keep:
                grid[q][s] = KEPT
            found = self.value(_canonical([(r[0], r[1], r[2], r[3]) for r in grid]), bad,
                               4 - len(keep), draws)
            value = found if value is None or found > value else value
        assert value is not None
        return value


def _draws(rows: Sequence[Row], size: int) -> Iterator[tuple[int, list[tuple[int, int]]]]:
    """Sets of up to ``size`` stub cards of the grid, alike rows taken together: (the number
    of sets like it, one of them as (row, suit) cards)."""
    groups: dict[Row, list[int]] = {}
    for q, r in enumerate(rows):
        groups.setdefault(r, []).append(q)
    order = list(groups.items())

    def walk(g: int, left: int, ways: int,
             cards: list[tuple[int, int]]) -> Iterator[tuple[int, list[tuple[int, int]]]]:
        if g == len(order):
            yield ways, cards
            return
        row, members = order[g]
        options = _subsets(row)
        for chosen in _multisets(len(options), len(members), left, tuple(len(o) for o in options)):
            used = len(chosen)
            through = factorial(len(members)) // factorial(len(members) - used)
            for i in set(chosen):
                through //= factorial(chosen.count(i))
            more = [(members[k], suit) for k, i in enumerate(chosen) for suit in options[i]]
            yield from walk(g + 1, left - sum(len(options[i]) for i in chosen), ways * through,
                            [*cards, *more])

    yield from walk(0, size, 1, [])


@cache
def _multisets(options: int, most: int, left: int,
               sizes: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Non-decreasing tuples of option indexes, at most ``most`` long, sizes summing to at most
    ``left``."""
    found: list[tuple[int, ...]] = []

    def grow(start: int, picked: tuple[int, ...], left: int) -> None:
        found.append(picked)
        if len(picked) == most:
            return
        for i in range(start, options):
            if sizes[i] <= left:
                grow(i, (*picked, i), left - sizes[i])

    grow(0, (), left)
    return tuple(found)


def _start(keep: Sequence[int], stub: Sequence[int], target: int) -> tuple[tuple[Row, ...], int]:
    """The grid of a hold: its cards at or under the target kept, the stub's in it."""
    grid = [[GONE] * 4 for _ in range(target + 1)]
    for card in stub:
        if ace_low_rank(card) <= target:
            grid[ace_low_rank(card)][card & 3] = STUB
    for card in keep:
        if ace_low_rank(card) <= target:
            grid[ace_low_rank(card)][card & 3] = KEPT
    bad = sum(1 for c in stub if ace_low_rank(c) > target)
    return tuple((r[0], r[1], r[2], r[3]) for r in grid if any(r)), bad


def _check(target: int) -> None:
    if target not in TARGETS:
        raise ValueError(f"a Badugi target is a rank from 3 (four) to 12 (king), not {target}.")


def _first(solver: _Solver, keep: Sequence[int], stub: Sequence[int], target: int,
           draws: int) -> Fraction | float:
    rows, bad = _start(keep, stub, target)
    size = 4 - len(keep)
    if any(ace_low_rank(c) > target for c in keep) and draws == 1:
        return solver.ratio(0, 1)
    if draws == 1:
        return solver.last(rows, bad, size)
    if not size:
        return solver.settle(rows, [], bad, draws - 1)
    return solver.draw(rows, bad, size, draws)


def chance(keep: Sequence[int], stub: Sequence[int], *, target: int, draws: int,
           exact: bool = False) -> Fraction | float:
    """Chance that keeping ``keep`` (0 to 4 cards) ends with a badugi whose top card is at
    or under ``target`` (aces low: 3 = four .. 12 = king), ``draws`` draws to come, this one
    included, from ``stub``; a :class:`~fractions.Fraction` with ``exact``."""
    _check(target)
    return _first(_Solver(exact), list(keep), list(stub), target, draws)


def chances(holds: Sequence[Sequence[int]], stub: Sequence[int], *, target: int,
            draws: int) -> list[float]:
    """:func:`chance` of each hold, in floats (the holds share the states they reach)."""
    _check(target)
    solver = _Solver(False)
    return [float(_first(solver, list(k), list(stub), target, draws)) for k in holds]
