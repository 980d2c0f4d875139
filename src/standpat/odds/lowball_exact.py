"""Lowball over several draws, exactly in fractions: the reference solver.

Deuce-to-seven, and ace-to-five on its own rank order (no straights or
flushes): see :class:`~standpat.odds.lowpolicy.LowRules`.

A recursive dynamic programme over rank states (:mod:`~standpat.odds.lowpolicy`)
with memoised values, in :class:`~fractions.Fraction` (or float).  It is the
reference that :mod:`standpat.odds.lowball`, the vectorised solver, is tested
against, and the one to use for exact fractions; it is slow on holds that
draw four or five cards with three draws to come.

>>> from fractions import Fraction
>>> from standpat.cards import parse_cards
>>> hand = parse_cards("7s 6d 3c 2h Kc")
>>> chance(hand, hand[:4], target=5, draws=1, exact=True)        # 8 outs in 47
Fraction(8, 47)
>>> chance(hand, hand[:4], target=5, draws=2, exact=True)        # 1 - (39/47)(38/46)
Fraction(340, 1081)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from fractions import Fraction
from functools import cache
from math import comb

from standpat.odds.lowpolicy import (
    DEUCE_TO_SEVEN,
    NONE,
    UNKNOWN,
    LowRules,
    RankState,
    check_target,
    initial_ranks,
    prune,
    straight,
    suit_chances,
)

__all__ = ["chance"]

Number = Fraction | float

class _Solver:
    """The dynamic programme for one target; values are memoised by state."""

    def __init__(self, target: int, exact: bool, rules: LowRules = DEUCE_TO_SEVEN) -> None:
        self.rules = rules
        self.target = check_target(target, rules)
        self.exact = exact
        self.memo: dict[tuple[tuple[RankState, ...], int, int, int], Number] = {}
        self.last_memo: dict[tuple[tuple[RankState, ...], int, int], Number] = {}
        convert = (lambda f: f) if exact else float
        self.chances = cache(lambda code, free: tuple(convert(x) for x in suit_chances(code, free)))

    def number(self, value: Fraction) -> Number:
        return value if self.exact else float(value)

    # -- the kept set ------------------------------------------------------------

    @staticmethod
    def kept_mask(ranks: Sequence[RankState]) -> int:
        return sum(1 << q for q, (_, code, _) in enumerate(ranks) if code != NONE)

    @staticmethod
    def available(ranks: Sequence[RankState]) -> int:
        return sum(1 << q for q, (left, _, _) in enumerate(ranks) if left)

    def flush_by_suit(self, ranks: Sequence[RankState], new: int = 0) -> list[Number]:
        """Chance that the kept cards and one new card of each rank in ``new`` share each suit."""
        table = self.chances
        if not self.rules.flushes:
            return [0, 0, 0, 0]
        found: list[Number] = [1, 1, 1, 1]
        for q, (_, code, free) in enumerate(ranks):
            if new >> q & 1:
                p = table(NONE, free)
            elif code != NONE:
                p = table(code, free)
            else:
                continue
            found = [f * x for f, x in zip(found, p, strict=True)]
        return found

    def drop(self, ranks: Sequence[RankState], kept: int) -> tuple[RankState, ...]:
        """The state keeping only the ranks of ``kept`` (the others' kept cards go dead)."""
        return tuple(
            (left, code if kept >> q & 1 else NONE, free)
            for q, (left, code, free) in enumerate(ranks)
        )

    def next_draw(self, ranks: Sequence[RankState], bad: int, draws: int) -> Number:
        """Value of a five-card hand that is not made, ``draws`` draws still to come."""
        if not draws:
            return self.number(Fraction(0))
        kept = prune(self.target, self.kept_mask(ranks), self.available(ranks),
                     self.rules.straights)
        state = self.drop(ranks, kept)
        return self.value(state, bad, 5 - kept.bit_count(), draws)

    def settle(self, ranks: tuple[RankState, ...], bad: int, draws: int) -> Number:
        """Value right after a draw: ``ranks`` hold the kept cards (extra cards are thrown)."""
        kept = self.kept_mask(ranks)
        if kept.bit_count() < 5:
            return self.next_draw(ranks, bad, draws)
        top = 1 << (kept.bit_length() - 1)
        if self.rules.straights and straight(kept):
            if not draws:
                return self.number(Fraction(0))
            return self.next_draw(self.drop(ranks, kept & ~top), bad, draws)
        by_suit = self.flush_by_suit(ranks)
        total: Number = 1 - sum(by_suit)
        if draws:
            for suit, p in enumerate(by_suit):
                if not p:
                    continue
                known = tuple(
                    (left, suit, free & ~(1 << suit) if code == UNKNOWN else free)
                    if code != NONE else (left, code, free)
                    for left, code, free in ranks
                )
                total += p * self.next_draw(self.drop(known, kept & ~top), bad,
                                                         draws)
        return total

    def first(self, hand: Sequence[int], keep: Sequence[int], stub: Sequence[int],
              draws: int) -> Number:
        """Value of keeping ``keep`` out of ``hand`` at the analysed draw."""
        ranks, bad = initial_ranks(self.target, list(keep), list(stub))
        size = len(hand) - len(keep)
        if not size:
            return self.settle(ranks, bad, draws - 1)
        if draws == 1:
            return self.value(ranks, bad, size, 1)
        total: Number = self.number(Fraction(0))
        for weight, after, bad_after in self.outcomes(ranks, bad, size):
            total += weight * self.settle(after, bad_after, draws - 1)
        return total / comb(len(stub), size)

    # -- a draw --------------------------------------------------------------------

    def value(self, ranks: tuple[RankState, ...], bad: int, size: int, draws: int) -> Number:
        """Chance to end made, drawing ``size`` cards now and ``draws - 1`` draws after."""
        key = (ranks, bad, size, draws)
        found = self.memo.get(key)
        if found is not None:
            return found
        stub = sum(left for left, _, _ in ranks) + bad
        ways = comb(stub, size)
        if draws == 1:
            found = self.last_draw(ranks, size, ways)
        else:
            total: Number = self.number(Fraction(0))
            for weight, after, bad_after in self.outcomes(ranks, bad, size):
                total += weight * self.settle(after, bad_after, draws - 1)
            found = total / ways
        self.memo[key] = found
        return found

    def last_draw(self, ranks: Sequence[RankState], size: int, ways: int) -> Number:
        """The final draw in closed form: one new card of each of ``size`` new ranks.

        Sums over the sets of new ranks by elementary symmetric polynomials of
        the ranks' weights (cards left, and cards left of each suit), less the
        sets that make a straight; memoised without the kept ranks' card counts,
        which only the stub size sees.
        """
        key = (tuple((0 if code != NONE else left, code, free) for left, code, free in ranks),
               size, ways)
        found = self.last_memo.get(key)
        if found is not None:
            return found
        kept = self.kept_mask(ranks)
        zero = self.number(Fraction(0))
        if kept.bit_count() + size != 5:
            self.last_memo[key] = zero
            return zero
        table = self.chances
        suited: list[Number] = [1, 1, 1, 1] if self.rules.flushes else [0, 0, 0, 0]
        plain: list[Number] = [1] + [zero] * size
        by_suit = [[1] + [zero] * size for _ in range(4)]
        weights: dict[int, tuple[int, tuple[Number, ...]]] = {}
        for q, (left, code, free) in enumerate(ranks):
            if code != NONE:
                suited = [f * x for f, x in zip(suited, table(code, free), strict=True)]
            elif left:
                p = table(NONE, free)
                weights[q] = (left, p)
                for j in range(size, 0, -1):
                    plain[j] += plain[j - 1] * left
                    for s in range(4):
                        by_suit[s][j] += by_suit[s][j - 1] * (left * p[s])
        total: Number = plain[size] - sum(
            suited[s] * by_suit[s][size] for s in range(4) if suited[s]
        )
        for low in range(self.target - 3 if self.rules.straights else 0):  # straights:
            run = 0b11111 << low
            if kept & ~run:
                continue
            extra = run & ~kept
            count: Number = 1
            flush = list(suited)
            for q in range(low, low + 5):
                if extra >> q & 1:
                    if q not in weights:
                        count = 0
                        break
                    left, p = weights[q]
                    count *= left
                    flush = [f * (left * x) for f, x in zip(flush, p, strict=True)]
            if count:
                total -= count - sum(flush)
        found = total / ways
        self.last_memo[key] = found
        return found

    def outcomes(self, ranks: tuple[RankState, ...], bad: int,
                 size: int) -> Iterator[tuple[int, tuple[RankState, ...], int]]:
        """Every draw of ``size`` cards by how many of each rank: ways, new ranks, bad left."""
        n = len(ranks)

        def walk(q: int, left: int, weight: int,
                 done: tuple[RankState, ...]) -> Iterator[tuple[int, tuple[RankState, ...], int]]:
            if q == n:
                if left <= bad:
                    yield weight * comb(bad, left), done, bad - left
                return
            have, code, free = ranks[q]
            for m in range(min(have, left) + 1):
                new_code = UNKNOWN if m and code == NONE else code
                yield from walk(q + 1, left - m, weight * comb(have, m),
                                (*done, (have - m, new_code, free)))

        yield from walk(0, size, 1, ())


def chance(hand: Sequence[int], keep: Sequence[int], *, target: int, draws: int,
           stub: Sequence[int] | None = None, exact: bool = False,
           rules: LowRules = DEUCE_TO_SEVEN) -> Number:
    """Chance that keeping ``keep`` out of ``hand`` ends at or under a ``target``-low.

    ``draws`` counts this draw and the ones after it (played by the policy of
    :mod:`~standpat.odds.lowpolicy`);
    ``stub`` is the cards the player may draw from (default: the 52-card deck
    without the hand).  ``exact`` gives a :class:`~fractions.Fraction`.
    ``target`` is a rank in the order of ``rules``
    (:meth:`~standpat.odds.lowpolicy.LowRules.target`).
    """
    pack = [c for c in range(52) if c not in set(hand)] if stub is None else list(stub)
    solver = _Solver(target, exact, rules)
    return solver.first(rules.cards(hand), rules.cards(keep), rules.cards(pack), draws)
