"""Tournament benchmark: a multi-table tournament of bots with instant actions, to the end.

Plays :class:`standpat.tournament.play.TournamentPlay` (the tournament core carried out on
the engine's tournament tables, every decision a bot's) for ``--entrants`` players and
reports the entrants, hands, wall time, CPU per hand, and the median and 99th percentile of
the CPU time of a hand's end that moved players (the core's answer: busts, balancing,
breaking, the final draw, and the moves carried out at the tables).  Each run is seeded;
``--runs`` plays several seeds and reports each and the medians.

Run: ``python benchmarks/tournament.py --entrants 1000 --runs 3``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from tqdm import tqdm

from standpat.bots import bots_by_name
from standpat.tournament import TournamentSpec, shipped
from standpat.tournament.play import TournamentPlay


def run(entrants: int, seats: int, game: str, structure: str, level: str,
        seed: int) -> dict[str, float]:
    """Play one tournament; its figures."""
    spec = TournamentSpec("bench", shipped("turbo"), seats=seats, buy_in=100, fee=10)
    play = TournamentPlay(spec, game, structure, bots_by_name(level, seed), random.Random(seed))
    for n in range(entrants):
        play.register(f"p{n:04}")
    wall, cpu = time.perf_counter(), time.process_time()
    play.start()
    with tqdm(total=entrants - 1, desc=f"seed {seed}", unit="out", leave=False) as bar:
        while play.step():
            bar.update(entrants - len(play.tournament.alive) - bar.n)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    moves = sorted(play.move_seconds)
    return {
        "seed": seed, "entrants": entrants, "hands": play.hands, "wall_s": wall,
        "cpu_ms_per_hand": 1_000 * cpu / play.hands,
        "move_ms_median": 1_000 * statistics.median(moves),
        "move_ms_p99": 1_000 * moves[min(len(moves) - 1, int(0.99 * len(moves)))],
        "moving_hands": len(moves),
    }


def main() -> None:
    """Parse the arguments, play the runs and print a table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entrants", type=int, default=1_000)
    parser.add_argument("--seats", type=int, default=6, help="seats a table (default 6)")
    parser.add_argument("--game", default="five-card-draw")
    parser.add_argument("--structure", default="no-limit",
                        help="fixed-limit, pot-limit or no-limit (default no-limit)")
    parser.add_argument("--level", default="easy", help="the bots' level (default easy)")
    parser.add_argument("--runs", type=int, default=3, help="seeds 1..RUNS (default 3)")
    args = parser.parse_args()
    rows = [run(args.entrants, args.seats, args.game, args.structure, args.level, seed)
            for seed in range(1, args.runs + 1)]
    keys = list(rows[0])
    print(" ".join(f"{k:>15}" for k in keys))
    for row in rows:
        print(" ".join(f"{row[k]:>15.3f}" if isinstance(row[k], float) else f"{row[k]:>15}"
                       for k in keys))
    print(" ".join(f"{'median':>15}" if k == "seed" else
                   f"{statistics.median(r[k] for r in rows):>15.3f}" for k in keys))


if __name__ == "__main__":
    main()
