"""Hand strength on cards alone: percentiles against what players end up holding.

A :class:`DrawModel` describes one game's cards (ranking, deck, hand size,
draws, discard cap).  Its :meth:`~DrawModel.final_table` is the sorted
strengths that a player who draws by :func:`~standpat.bots.draws.choose_discards`
holds at the showdown, sampled once per process with a fixed seed;
:meth:`~DrawModel.percentile` places a hand in it (0 = worst, 1 = best) and
:meth:`~DrawModel.potential` estimates where a hand that still draws will land.

>>> model = DrawModel.of("short-7a", 5, draws=1, max_discard=5)
>>> from standpat.cards import parse_cards
>>> flush = model.strength(parse_cards("Ah Jh 9h 8h 7h"))
>>> pair = model.strength(parse_cards("9c 9d Ks Jh 7c"))
>>> model.percentile(flush) > 0.95 > model.percentile(pair)
True

The scalar scorer (``Ranking.scorer``) is used everywhere here: one call costs
about 0.1 microsecond, while one ``evaluate_batch`` call costs 10 microseconds
or more (milliseconds when numba's thread pool is busy), so a batch only pays
for itself on thousands of hands at once, which bots never hold.
"""

from __future__ import annotations

import random
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache

from standpat.bots.draws import keep_cards
from standpat.ranking import Ranking, RankingName, get_ranking

__all__ = ["DrawModel"]

TABLE_SIZE = 4000
"""Hands sampled for a model's final-strength table."""


@dataclass(eq=False)
class DrawModel:
    """The cards of one game: ranking, deck, hand size, draw rounds, discard cap."""

    ranking: Ranking
    hand_size: int
    draws: int
    max_discard: int
    deck: tuple[int, ...] = field(init=False)
    strength: Callable[[Sequence[int]], int] = field(init=False)
    """The scalar scorer for ``hand_size`` cards (no checking)."""

    def __post_init__(self) -> None:
        self.deck = tuple(int(c) for c in self.ranking.deck)
        self.strength = self.ranking.scorer(self.hand_size)
        self._final: list[int] = []
        self._keeps: dict[tuple[int, int], int] = {}

    @classmethod
    def of(cls, ranking: str | RankingName | Ranking, hand_size: int, draws: int,
           max_discard: int) -> DrawModel:
        """The shared model for these cards (built once per process)."""
        return _model(get_ranking(ranking).name, hand_size, draws, max_discard)

    def keep(self, hand: Sequence[int], draws_left: int) -> frozenset[int]:
        """The cards the rule-of-thumb draw keeps."""
        mask = self.keep_mask(hand, draws_left)
        return frozenset(c for c in hand if mask >> c & 1)

    def keep_mask(self, hand: Sequence[int], draws_left: int) -> int:
        """The kept cards as a 52-bit mask (cached by hand: ints keep the cache cheap)."""
        key = (sum(1 << c for c in hand), draws_left)
        kept = self._keeps.get(key)
        if kept is None:
            if len(self._keeps) > 200_000:
                self._keeps.clear()
            cards = keep_cards(hand, self.ranking, self.max_discard, draws_left)
            kept = self._keeps[key] = sum(1 << c for c in cards)
        return kept

    def play_out(self, hand: list[int], stub: list[int], draws_left: int) -> list[int]:
        """Draw ``draws_left`` times by the rule of thumb, taking cards off ``stub``'s end.

        A draw the stub cannot serve is skipped (the simulation does not reshuffle).
        """
        n = self.hand_size
        for left in range(draws_left, 0, -1):
            kept = self.keep_mask(hand, left)
            held = [c for c in hand if kept >> c & 1]
            if len(held) < n and n - len(held) <= len(stub):
                while len(held) < n:
                    held.append(stub.pop())
                hand = held
        return hand

    def final_table(self) -> list[int]:
        """Sorted showdown strengths of rule-of-thumb players, from a fixed seed."""
        if not self._final:
            rng = random.Random(20261203)
            deck = list(self.deck)
            table = []
            need = min(len(deck), self.hand_size + self.max_discard * self.draws)
            for _ in range(TABLE_SIZE):
                stub = rng.sample(deck, need)
                hand = self.play_out(stub[-self.hand_size:], stub[:-self.hand_size], self.draws)
                table.append(self.strength(hand))
            table.sort()
            self._final = table
        return self._final

    def percentile(self, strength: int) -> float:
        """Share of showdown hands this strength beats (ties count half), 0..1."""
        table = self.final_table()
        return (bisect_left(table, strength) + bisect_right(table, strength)) / (2 * len(table))

    def potential(self, hand: Sequence[int], draws_left: int, dead: Sequence[int] = (),
                  *, samples: int = 24, rng: random.Random | None = None,
                  keep: frozenset[int] | None = None) -> float:
        """Mean showdown percentile of ``hand`` after ``draws_left`` rule-of-thumb draws.

        ``dead`` are cards known to be out of the stub (own earlier discards);
        ``keep`` forces the cards kept on the first draw.
        """
        if draws_left <= 0:
            return self.percentile(self.strength(hand))
        rng = rng or random.Random(0)
        out = set(hand) | set(dead)
        unseen = [c for c in self.deck if c not in out]
        first = keep if keep is not None else self.keep(hand, draws_left)
        total = 0.0
        need = min(len(unseen), self.max_discard * draws_left)
        for _ in range(samples):
            stub = rng.sample(unseen, need)
            now = [c for c in hand if c in first]
            while len(now) < self.hand_size:
                now.append(stub.pop())
            now = self.play_out(now, stub, draws_left - 1)
            total += self.percentile(self.strength(now))
        return total / samples


@cache
def _model(name: RankingName, hand_size: int, draws: int, max_discard: int) -> DrawModel:
    return DrawModel(get_ranking(name), hand_size, draws, max_discard)
