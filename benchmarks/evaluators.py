"""Hand-evaluator benchmark: standpat (scalar and batch) against its peers, in one process.

Times the same random hands (four cards for Badugi) through standpat's scalar path
(``Ranking.scorer(n)`` on pre-encoded card ints: the C scorer when built), its pure-Python path
(``Ranking.python_strength``), standpat's batch path (``evaluate_batch`` on an (N, k) uint8
array), eval7, phevaluator, treys and PokerKit, each with its own pre-encoded cards.
Prints evals/s per evaluator and standpat's ratios.  Each figure is the median of
``--repeats`` timed runs; ``--only`` picks rankings.  Run: ``python benchmarks/evaluators.py``.
"""

from __future__ import annotations

import argparse
import statistics
import time
import warnings
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

import numpy as np

from standpat import evaluate_batch, format_cards, get_ranking

with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)
    import eval7
import phevaluator
import pokerkit
import treys


def deal(deck: Sequence[int], n: int, count: int, seed: int) -> Any:
    rng = np.random.default_rng(seed)
    order = np.argsort(rng.random((count, len(deck))), axis=1)[:, :n]
    return np.asarray(deck, dtype=np.uint8)[order]


def rate(run: Callable[[], object], count: int, repeats: int) -> float:
    """Median evaluations per second over ``repeats`` runs."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return count / statistics.median(times)


def scalar_runners(name: str, hands: Any) -> dict[str, tuple[Callable[[], object], int]]:
    ints = hands.tolist()
    ranking = get_ranking(name)
    score = ranking.scorer(hands.shape[1])
    python = ranking.python_strength
    runners: dict[str, tuple[Callable[[], object], int]] = {
        "standpat scalar": (lambda: [score(h) for h in ints], len(ints)),
        "standpat pure Python": (lambda: [python(h) for h in ints], len(ints)),
    }
    texts = [format_cards(h).split() for h in ints]
    if name == "high":
        cards7 = {t: eval7.Card(t) for t in format_cards(range(52)).split()}
        e7 = [[cards7[t] for t in h] for h in texts]
        runners["eval7"] = (lambda: [eval7.evaluate(h) for h in e7], len(e7))
        ph = [[phevaluator.Card(t) for t in h] for h in texts]
        runners["phevaluator"] = (lambda: [phevaluator.evaluate_cards(*h) for h in ph], len(ph))
        ev = treys.Evaluator()
        tr = [[treys.Card.new(t) for t in h] for h in texts[:20_000]]
        runners["treys"] = (lambda: [ev.evaluate(h[:2], h[2:]) for h in tr], len(tr))
    kind = {
        "high": pokerkit.StandardHighHand,
        "deuce-to-seven": pokerkit.StandardLowHand,
        "short-6a": pokerkit.ShortDeckHoldemHand,
        "ace-to-five": pokerkit.RegularLowHand,
        "badugi": pokerkit.BadugiHand,
    }.get(name)
    if kind is not None:
        pk = [list(pokerkit.Card.parse("".join(h))) for h in texts[:2_000]]
        runners["pokerkit"] = (lambda: [kind.from_game(h) for h in pk], len(pk))
    return runners


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200_000, help="hands per scalar run")
    parser.add_argument("--batch", type=int, default=1_000_000, help="hands per batch run")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument(
        "--only", nargs="+", metavar="RANKING", help="rank only these rankings (default: all)"
    )
    args = parser.parse_args()
    cases = [("high", 5), ("high", 7), ("short-7a", 5), ("short-6a", 5),
             ("deuce-to-seven", 5), ("deuce-to-seven", 7), ("ace-to-five", 5),
             ("ace-to-five", 7), ("badugi", 4)]
    for name, n in cases:
        if args.only and name not in args.only:
            continue
        deck = get_ranking(name).deck
        hands = deal(deck, n, args.hands, seed=n)
        big = deal(deck, n, args.batch, seed=100 + n)
        evaluate_batch(big, name)  # compile, build tables, start threads outside the timing
        [get_ranking(name).strength(h) for h in hands[:1000].tolist()]
        rates = {
            "standpat batch": rate(partial(evaluate_batch, big, name), len(big), args.repeats),
        }
        for label, (run, count) in scalar_runners(name, hands).items():
            rates[label] = rate(run, count, args.repeats)
        print(f"\n{name}, {n} cards")
        for label, value in rates.items():
            print(f"  {label:<28} {value / 1e6:10.3f} M evals/s")
        for mine in ("standpat scalar", "standpat pure Python", "standpat batch"):
            ratios = [f"{rates[mine] / rates[peer]:,.1f}x {peer}"
                      for peer in ("eval7", "phevaluator", "treys", "pokerkit") if peer in rates]
            print(f"  {mine} / peers: " + ", ".join(ratios))


if __name__ == "__main__":
    main()
