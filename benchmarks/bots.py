"""Bot-strength benchmark: heads-up duplicate matches, big blinds per 100 hands with a 95% CI.

Pairings ``strong`` vs ``normal`` and ``normal`` vs ``easy`` in every game and betting
structure (or the ones named).  Each deal is played twice with the seats swapped (same
cards, same button), the button alternating from deal to deal; stacks are 100 big blinds
at the start of every hand; stakes 1/2 blinds (small bet 2, big bet 4).  The figure is the
first bot's win rate, with the half-width of its 95% confidence interval over the deals.

Run: ``python benchmarks/bots.py --hands 2000 --game five-card-draw --structure no-limit``;
``--out results.jsonl`` appends one JSON line per match.  Progress goes to stderr.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from standpat.bots import SAMPLES
from standpat.bots.match import MatchResult, duplicate_match
from standpat.engine import GAMES, Structure

PAIRINGS = {
    "strong-normal": ("strong", "normal"),
    "normal-easy": ("normal", "easy"),
    # the strong bot with exact draw odds against itself without them (benchmark only)
    "strong-sampled": ("strong", "strong-sampled"),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000, help="hands per pairing and cell")
    parser.add_argument("--game", action="append", choices=[g.value for g in GAMES],
                        help="a game (repeatable; default all)")
    parser.add_argument("--structure", action="append", choices=[s.value for s in Structure],
                        help="a structure (repeatable; default all)")
    parser.add_argument("--pairing", action="append", choices=list(PAIRINGS),
                        help="a pairing (repeatable; default strong-normal and normal-easy)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--samples", type=int, default=SAMPLES,
                        help="the strong bot's simulated deals a betting decision")
    parser.add_argument("--every", type=int, default=500, help="progress every N hands")
    parser.add_argument("--out", help="append one JSON line per match to this file")
    args = parser.parse_args()
    games = args.game or [g.value for g in GAMES]
    structures = args.structure or [s.value for s in Structure]
    pairings = args.pairing or ["strong-normal", "normal-easy"]
    print("| pairing | game | structure | hands | bb/100 | 95% CI | s/hand | worst decision |")
    print("|---|---|---|---:|---:|---:|---:|---:|")
    for pairing in pairings:
        first, second = PAIRINGS[pairing]
        for game in games:
            for structure in structures:
                start = time.perf_counter()
                label = f"{pairing} {game} {structure}"

                def progress(done: int, result: MatchResult, start: float = start,
                             label: str = label) -> None:
                    if done % args.every == 0:
                        rate = (time.perf_counter() - start) / done
                        print(f"  {label}: {done} hands, "
                              f"{result.bb_per_100:+.1f} ± {result.ci95:.1f} bb/100, "
                              f"{rate * 1000:.1f} ms/hand", file=sys.stderr, flush=True)

                result = duplicate_match(game, structure, first, second, hands=args.hands,
                                         seed=args.seed, samples=args.samples, progress=progress)
                seconds = time.perf_counter() - start
                worst = max(result.clock.worst.values(), default=0.0)
                print(f"| {first} vs {second} | {game} | {structure} | {result.hands:,} | "
                      f"{result.bb_per_100:+.1f} | ±{result.ci95:.1f} | "
                      f"{seconds / result.hands:.4f} | {worst * 1000:.0f} ms |", flush=True)
                if args.out:
                    with open(args.out, "a") as out:
                        out.write(json.dumps({
                            "first": first, "second": second, "game": game,
                            "structure": structure, "hands": result.hands,
                            "bb_per_100": round(result.bb_per_100, 2),
                            "ci95": round(result.ci95, 2), "seconds": round(seconds, 1),
                            "worst_decision_ms": round(worst * 1000, 1),
                            "mean_decision_ms": {k: round(result.clock.mean(k) * 1000, 2)
                                                 for k in result.clock.count},
                        }) + "\n")


if __name__ == "__main__":
    main()
