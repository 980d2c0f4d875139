"""``standpat rank``: rank hands under one ranking and name the winner(s)."""

from __future__ import annotations

import argparse
import json
import sys

from standpat.errors import StandpatError
from standpat.ranking import HandValue, RankingName, evaluate

NAME = "rank"
HELP = "Rank poker hands (5-7 cards each) and name the winner(s)."


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Arguments of ``standpat rank``."""
    parser.add_argument(
        "hands", nargs="+", metavar="HAND", help='a hand as text, e.g. "As Kd 7h 7c 2s"'
    )
    parser.add_argument(
        "--ranking",
        default=RankingName.HIGH.value,
        choices=[n.value for n in RankingName],
        help="hand ranking (default: high)",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def run(args: argparse.Namespace) -> int:
    """Rank the hands; errors go to stderr with exit code 2."""
    values: list[HandValue] = []
    for text in args.hands:
        try:
            values.append(evaluate(text, args.ranking))
        except StandpatError as error:
            print(f"standpat rank: error: {error}", file=sys.stderr)
            return 2
    best = max(values)
    winners = [i for i, v in enumerate(values) if v == best]
    if args.json:
        doc = {
            "ranking": args.ranking,
            "hands": [
                {
                    "hand": text,
                    "value": str(v),
                    "category": v.category.value,
                    "best": [str(c) for c in v.best],
                    "strength": v.strength,
                }
                for text, v in zip(args.hands, values, strict=True)
            ],
            "winners": winners,
        }
        print(json.dumps(doc))
        return 0
    width = max(len(t) for t in args.hands)
    for i, (text, v) in enumerate(zip(args.hands, values, strict=True)):
        mark = "  <- wins" if i in winners and len(winners) == 1 else (
            "  <- splits" if i in winners else "")
        print(f"{text:<{width}}  {v}{mark}")
    return 0
