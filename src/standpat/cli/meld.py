"""``standpat meld``: the pinochle meld in a hand for a trump suit.

>>> main(["Qs Js Ks Jd Qs 9h", "--trump", "spades"])
marriage in trump   Ks Qs        4
pinochle            Jd Qs        4
total                            8
0
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Sequence

from standpat.cards import format_cards, parse_cards
from standpat.errors import CardNotInDeckError, StandpatError
from standpat.pinochle import Suit, meld

NAME = "meld"
HELP = "Count the pinochle meld in a hand (Bruce's Pinochle table) for a trump suit."


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Arguments of ``standpat meld``."""
    parser.add_argument("cards", nargs="+", metavar="CARDS", help='cards, e.g. "Qs Js Ks Jd 9h"')
    parser.add_argument(
        "--trump", required=True, metavar="SUIT",
        help="trump suit: clubs, diamonds, hearts or spades (or c, d, h, s)",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def run(args: argparse.Namespace) -> int:
    """Print each meld and the total; errors go to stderr with exit code 2."""
    text = " ".join(args.cards)
    try:
        trump = Suit.parse(args.trump)
        cards = parse_cards(text)
        if not cards:
            raise CardNotInDeckError(f"{text!r} names no cards.")
        for card in cards:
            if card.rank < 7:
                raise CardNotInDeckError(
                    f"{card} in {text!r} is not in the pinochle deck (9, J, Q, K, 10, A only)."
                )
        extra = [c for c, n in Counter(cards).items() if n > 2]
        if extra:
            raise CardNotInDeckError(
                f"{extra[0]} appears more than twice in {text!r}; the deck holds two of each."
            )
    except StandpatError as error:
        print(f"standpat meld: error: {error}", file=sys.stderr)
        return 2
    result = meld(cards, trump)
    if args.json:
        doc = {
            "trump": trump.value,
            "melds": [
                {"name": m.name, "kind": m.kind.value, "points": m.points,
                 "cards": [str(c) for c in m.cards]}
                for m in result.melds
            ],
            "total": result.total,
        }
        print(json.dumps(doc))
        return 0
    if not result.melds:
        print("no meld")
    for m in result.melds:
        print(f"{m.name:<19} {format_cards(m.cards):<11} {m.points:>2}")
    print(f"{'total':<19} {'':<11} {result.total:>2}")
    return 0


def main(argv: Sequence[str]) -> int:
    """Run ``standpat meld`` with ``argv`` (for tests and doctests)."""
    parser = argparse.ArgumentParser(prog="standpat meld")
    add_arguments(parser)
    return run(parser.parse_args(argv))
