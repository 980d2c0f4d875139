"""Draw-odds benchmark: the exact analysis of a hand against brute-force enumeration.

For each deck, the same random five-card hands go through

- ``standpat.odds.analyse`` (all 32 holds, exact fractions, sorted; the class
  counts come from the disk cache) and its core ``hold_counts`` alone;
- brute force, vectorised: every completion of every hold dealt out and
  ranked in numpy batches (``completion_counts``);
- brute force, one hand at a time: every completion ranked by
  ``Ranking.strength`` in a Python loop (fewer hands: it takes seconds).

Per-hand times are the median over the hands of each run, and each figure
the median of ``--runs`` runs; the ratios are brute force over the analysis.
Then: Seven Card Draw (every completion is the exact path there), and
deuce-to-seven triple draw over three draws (vectorised programme against
the exact-fraction one); Badugi and Ace-to-Five Triple Draw over one draw and
three.  Run: ``python benchmarks/odds.py [--hands 50] [--runs 3]``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from itertools import combinations
from typing import Any

from standpat.odds.analysis import analyse
from standpat.odds.completions import completion_counts
from standpat.odds.lowball import chances
from standpat.odds.lowball_exact import chance
from standpat.odds.situation import Situation
from standpat.odds.tables import ClassCounts, build_class_counts, class_counts, hold_counts

DECKS = [
    ("five-card-draw-7a", 32, "32 cards (short-7a)"),
    ("five-card-draw-7a", 36, "36 cards (short-6a)"),
    ("five-card-draw", None, "52 cards (high)"),
    ("deuce-to-seven-single-draw", None, "52 cards (deuce-to-seven)"),
]


def per_hand(items: list[Any], work: Callable[[Any], object]) -> float:
    """Median seconds of ``work`` over the items."""
    times = []
    for item in items:
        start = time.perf_counter()
        work(item)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def scalar_brute_force(situation: Situation) -> None:
    """Every completion of every hold, ranked one final hand at a time."""
    score = situation.ranking.strength
    stub = situation.stub
    hand = situation.hand
    for mask in range(32):
        keep = [c for i, c in enumerate(hand) if mask >> i & 1]
        for drawn in combinations(stub, 5 - len(keep)):
            score([*keep, *drawn])


def _stub(hand: list[int]) -> list[int]:
    return [c for c in range(52) if c not in hand]


def hands_for(game: str, deck: int | None, count: int, seed: int) -> list[Situation]:
    rng = random.Random(seed)
    pack = list(Situation.of("Ac Kd Qh Js Tc", game, deck=deck).deck)
    return [Situation.of(rng.sample(pack, 5), game, deck=deck) for _ in range(count)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=50, help="hands per deck and run")
    parser.add_argument("--runs", type=int, default=3, help="runs (the figures are medians)")
    parser.add_argument("--scalar-hands", type=int, default=2,
                        help="hands per run for the one-at-a-time brute force")
    args = parser.parse_args()

    print("| deck | analyse (32 holds) | hold_counts | brute force, numpy | ratio | "
          "brute force, one at a time | ratio | table build |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for game, deck, label in DECKS:
        ranking = Situation.of("Ac Kd Qh Js Tc", game, deck=deck).ranking
        start = time.perf_counter()
        build_class_counts(ranking)  # from scratch, not from the disk cache
        build = time.perf_counter() - start
        table = class_counts(ranking)
        fast, core, brute, scalar = [], [], [], []
        for run in range(args.runs):
            hands = hands_for(game, deck, args.hands, 1000 * run + (deck or 52))

            def analysed(s: Situation, d: int | None = deck) -> object:
                return analyse(s.hand, s.game, deck=d)

            def counted(s: Situation, t: ClassCounts = table) -> object:
                return hold_counts(t, s.hand, [])

            fast.append(per_hand(hands, analysed))
            core.append(per_hand(hands, counted))
            few = hands[: max(2, args.hands // (10 if deck else 25))]
            brute.append(per_hand(few, lambda s: completion_counts(s, range(32))))
            scalar.append(per_hand(hands[: args.scalar_hands], scalar_brute_force))
        f, c, b, s = (statistics.median(x) for x in (fast, core, brute, scalar))
        print(f"| {label} | {f * 1e3:.2f} ms | {c * 1e3:.2f} ms | {b * 1e3:.0f} ms | "
              f"{b / f:,.0f}x | {s:.2f} s | {s / f:,.0f}x | {build:.1f} s |", flush=True)

    seven = []
    for run in range(args.runs):
        rng = random.Random(7 + run)
        sevens = [rng.sample(range(52), 7) for _ in range(max(2, args.hands // 25))]
        seven.append(per_hand(sevens, lambda h: analyse(h, "seven-card-draw")))
    print(f"\nSeven Card Draw, every completion of the 99 holds of 3-7 cards "
          f"(5.7 million final hands): {statistics.median(seven):.2f} s a hand (median).")

    vector, exact = [], []
    for run in range(args.runs):
        rng = random.Random(70 + run)
        spots = []
        for _ in range(3):
            cards = rng.sample(range(52), 5)
            lows = sorted(cards, key=lambda c: c >> 2)[:3]
            spots.append((cards, lows))
        vector.append(per_hand(spots, lambda s: chances(s[0], [s[1]], _stub(s[0]),
                                                        target=6, draws=3)))
        exact.append(per_hand(spots, lambda s: chance(s[0], s[1], target=6, draws=3,
                                                      stub=_stub(s[0]), exact=True)))
    v, e = statistics.median(vector), statistics.median(exact)
    print(f"Triple draw, keep the three lowest cards, chance of an 8-low in three draws: "
          f"vectorised {v * 1e3:.0f} ms, exact fractions {e * 1e3:.0f} ms ({e / v:.1f}x).")
    holds_all = []
    for run in range(args.runs):
        rng = random.Random(90 + run)
        hand = rng.sample(range(52), 5)
        stub = [x for x in range(52) if x not in hand]
        every = [[c for i, c in enumerate(hand) if m >> i & 1] for m in range(32)]
        start = time.perf_counter()
        for target in range(5, 9):
            chances(hand, every, stub, target=target, draws=3)
        holds_all.append(time.perf_counter() - start)
    print(f"Triple draw, all 32 holds, 7-low to T-low, three draws: "
          f"{statistics.median(holds_all):.1f} s a hand (median).")
    new_games(args.hands, args.runs)


def new_games(hands: int, runs: int) -> None:
    """Badugi and Ace-to-Five Triple Draw: ``analyse`` of every hold, one draw and three
    (the default aim, "improve"; random hands, each figure the median of the runs' medians)."""
    print("\n| game | one draw, every hold | three draws, every hold |")
    print("|---|---:|---:|")
    for game, size in (("ace-to-five-triple-draw", 5), ("badugi", 4)):
        one, three = [], []
        for run in range(runs):
            rng = random.Random(500 + run)
            dealt = [rng.sample(range(52), size) for _ in range(hands)]

            def once(h: list[int], g: str = game) -> object:
                return analyse(h, g, draws=1)

            def thrice(h: list[int], g: str = game) -> object:
                return analyse(h, g, draws=3)

            one.append(per_hand(dealt, once))
            three.append(per_hand(dealt[:2], thrice))
        print(f"| {game} | {statistics.median(one) * 1e3:.1f} ms | "
              f"{statistics.median(three):.2f} s |", flush=True)


if __name__ == "__main__":
    main()
