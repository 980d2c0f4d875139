"""``standpat simulate``: bots against bots over many hands, on every core or on Ray."""

from __future__ import annotations

import argparse
import sys

from standpat.bots import LEVELS, SAMPLES
from standpat.engine import GameName, Structure

NAME = "simulate"
HELP = "Play many hands between bots: each seat's bb/100 with its 95 percent interval."


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Arguments of ``standpat simulate``."""
    parser.add_argument("--game", required=True, choices=[g.value for g in GameName])
    parser.add_argument("--structure", default=Structure.FIXED_LIMIT.value,
                        choices=[s.value for s in Structure])
    parser.add_argument("--seats", default="strong,normal,easy",
                        help=f"bot level of each seat, comma-separated ({', '.join(LEVELS)})")
    parser.add_argument("--hands", type=int, default=10_000, help="hands to play")
    parser.add_argument("--stakes", default="2/4", help="small bet / big bet (default 2/4)")
    parser.add_argument("--stack", type=int, default=100, help="stacks in big blinds")
    parser.add_argument("--duplicate", action="store_true",
                        help="play every deal once per rotation of the bots round the table")
    parser.add_argument("--chunk", type=int, default=None,
                        help="hands per task (default: a 32nd of the hands, 100 to 2,000)")
    parser.add_argument("--workers", type=int, default=None,
                        help="local processes (default: every core)")
    parser.add_argument("--ray", nargs="?", const=True, default=None, metavar="ADDRESS",
                        help="run the tasks on a Ray cluster (no ADDRESS: a local one)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--samples", type=int, default=SAMPLES,
                        help=f"the strong bot's simulated deals a betting decision "
                             f"(default {SAMPLES}; it never looks at a clock)")
    parser.add_argument("--plot", default="simulation.png", metavar="PNG",
                        help="where to save the chart (default simulation.png)")
    parser.add_argument("--no-plot", action="store_true", help="save no chart")
    parser.add_argument("--csv", metavar="FILE", help="also write the table as CSV")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")


def run(args: argparse.Namespace) -> int:
    """Run the simulation and print the table; errors go to stderr with exit code 2."""
    from standpat.simulation import simulate

    try:
        result = simulate(
            args.game, args.structure, args.seats, hands=args.hands, stakes=args.stakes,
            stack_bbs=args.stack, duplicate=args.duplicate, chunk=args.chunk,
            workers=args.workers, ray=args.ray, seed=args.seed, samples=args.samples,
            progress=not args.quiet,
        )
    except ValueError as error:
        print(f"standpat simulate: error: {error}", file=sys.stderr)
        return 2
    print(result.text())
    hands = result["hands"][0]
    print(f"{hands:,} hands in {result.seconds:.1f} s ({hands / result.seconds:,.0f} hands/s)")
    if not args.no_plot:
        result.plot(args.plot)
        print(f"chart: {args.plot}")
    if args.csv:
        import csv

        with open(args.csv, "w", newline="") as out:
            writer = csv.DictWriter(out, fieldnames=list(result))
            writer.writeheader()
            writer.writerows(result.rows())
    return 0
