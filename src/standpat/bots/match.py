"""Bot against bot: single hands, and heads-up duplicate matches with big blinds per 100.

A duplicate match plays every deal twice with the seats swapped (same seed,
same button), so both bots hold the same cards against each other; luck of the
deal cancels and the confidence interval shrinks.

>>> result = duplicate_match("five-card-draw", "fixed-limit", "normal", "easy", hands=20, seed=1)
>>> result.hands, len(result.pair_nets)
(20, 10)
>>> result.bb_per_100 == 100 * sum(result.pair_nets) / result.hands / result.big_blind
True
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from standpat.bots import SAMPLED_STRONG, SAMPLES, Bot, make_bot
from standpat.bots.strong import prepare_game
from standpat.engine import Hand, Stakes, Structure, get_game
from standpat.errors import IllegalActionError

__all__ = ["DecisionClock", "MatchResult", "duplicate_match", "play_hand"]


@dataclass
class DecisionClock:
    """Time spent per decision, by bot name."""

    worst: dict[str, float] = field(default_factory=dict)
    total: dict[str, float] = field(default_factory=dict)
    count: dict[str, int] = field(default_factory=dict)

    def add(self, name: str, seconds: float) -> None:
        """Record one decision."""
        self.worst[name] = max(self.worst.get(name, 0.0), seconds)
        self.total[name] = self.total.get(name, 0.0) + seconds
        self.count[name] = self.count.get(name, 0) + 1

    def mean(self, name: str) -> float:
        """Mean seconds per decision of ``name`` (0 before any)."""
        return self.total.get(name, 0.0) / max(1, self.count.get(name, 0))


def play_hand(hand: Hand, bots: Sequence[Bot], *, names: Sequence[str] | None = None,
              clock: DecisionClock | None = None) -> tuple[int, ...]:
    """Play ``hand`` to the end with ``bots[seat]`` deciding for each seat; the nets.

    Every action is checked against the view's legal actions and the engine;
    an illegal one raises :class:`~standpat.errors.IllegalActionError`.
    """
    while not hand.is_over:
        seat = hand.to_act
        assert seat is not None
        view = hand.view(seat)
        start = time.perf_counter()
        action = bots[seat].act(view)
        spent = time.perf_counter() - start
        if clock is not None:
            clock.add(names[seat] if names else str(seat), spent)
        assert view.legal is not None
        if action not in view.legal:
            raise IllegalActionError(f"bot at seat {seat} chose {action} outside {view.legal}.")
        hand.apply(action)
    return hand.net


@dataclass(frozen=True)
class MatchResult:
    """The result of a duplicate match, for the first bot."""

    game: str
    structure: str
    first: str
    second: str
    hands: int
    big_blind: int
    pair_nets: tuple[int, ...]
    """The first bot's chips won over each deal played twice."""
    clock: DecisionClock

    @property
    def bb_per_100(self) -> float:
        """The first bot's winnings in big blinds per 100 hands."""
        return 100 * sum(self.pair_nets) / max(1, self.hands) / self.big_blind

    @property
    def ci95(self) -> float:
        """Half-width of the 95% confidence interval of :attr:`bb_per_100`."""
        n = len(self.pair_nets)
        if n < 2:
            return math.inf
        mean = sum(self.pair_nets) / n
        var = sum((x - mean) ** 2 for x in self.pair_nets) / (n - 1)
        # each pair is two hands: per-hand mean = pair mean / 2
        return 1.96 * math.sqrt(var / n) / 2 * 100 / self.big_blind


def duplicate_match(game: str, structure: str | Structure, first: str, second: str, *,
                    hands: int, seed: int = 0, stakes: Stakes | None = None,
                    stack_bbs: int = 100, samples: int = SAMPLES,
                    progress: Callable[[int, MatchResult], None] | None = None) -> MatchResult:
    """Heads-up duplicate match of bot level ``first`` against ``second``.

    ``hands`` (rounded down to even) are played as deals played twice, seats
    swapped; the button alternates from deal to deal; stacks are
    ``stack_bbs`` big blinds at the start of every hand.  ``progress`` is
    called after every deal with the hands played and the result so far.
    """
    stakes = stakes or Stakes.from_bets(2)
    rng = random.Random(seed)
    bots = {
        name: make_bot(level, rng=random.Random(rng.getrandbits(32)), samples=samples)
        for name, level in (("first", first), ("second", second))
    }
    clock = DecisionClock()
    nets: list[int] = []
    stack = stack_bbs * stakes.big_blind
    game_name = get_game(game).name.value
    structure = Structure(structure)

    def result() -> MatchResult:
        return MatchResult(game_name, structure.value, first, second, 2 * len(nets),
                           stakes.big_blind, tuple(nets), clock)

    prepare_game(game)
    if SAMPLED_STRONG in (first, second):
        prepare_game(game, exact=False)
    for deal in range(hands // 2):
        deal_seed = rng.getrandbits(48)
        pair = 0
        for seats in (("first", "second"), ("second", "first")):
            hand = Hand(game, structure, stakes, [stack, stack], button=deal % 2, rng=deal_seed)
            net = play_hand(hand, [bots[s] for s in seats], names=seats, clock=clock)
            pair += net[seats.index("first")]
        nets.append(pair)
        if progress is not None:
            progress(2 * len(nets), result())
    return result()
