"""``standpat odds``: every hold of a hand with the exact chance of each outcome, best first."""

from __future__ import annotations

import argparse
import json
import sys
from fractions import Fraction

from standpat.cards import format_cards
from standpat.engine.games import GameName
from standpat.errors import StandpatError
from standpat.odds.analysis import IMPROVE, STRENGTH, Analysis, Hold, analyse, with_fractions

NAME = "odds"
HELP = "Draw odds: the chance of each outcome for every hold of a hand, best first."

EXAMPLES = """\
examples:
  standpat odds "Qs Qd 9c 4h 2s" --game five-card-draw
  standpat odds "Ah Kh 9h 8h 7c" --game five-card-draw-7a --aim flush
  standpat odds "As Ks 9c 8d 7h 6h" --game five-card-draw-7a --deck 36 --top 5
  standpat odds "7s 6d 3c 2h Kc" --game deuce-to-seven-single-draw --keep "7s 6d 3c 2h"
  standpat odds "8s 6d 3c 2h Kc" --game deuce-to-seven-triple-draw --draws 2 --aim 7-low
  standpat odds "8s 6d 3c 2h Kc" --game ace-to-five-triple-draw --aim 7-low
  standpat odds "Kd 8d 5h 2s" --game badugi --draws 1 --aim 8-badugi
  standpat odds "Kd 8d 5h 2s" --game badugi --keep "8d 5h 2s"
  standpat odds "Kc Kd 9s 7h 4c 3d 2h" --game seven-card-draw --json
  standpat odds "Qs Qd 9c 4h 2s" --game five-card-draw --dead "Qh 9d" --plot holds.png

Deuce-to-seven and ace-to-five chances are "at or under" each low (ace-to-five:
aces low, straights and flushes don't count, 5-low is the wheel); with two or
three draws the player re-draws toward that low (one card of each rank under it,
pairs broken, a made hand kept, his discards dead).  Badugi's are "at or under"
each badugi (4 = 4-3-2-A .. K = any badugi); over several draws the player keeps
a largest set of cards that play (at or under the target) and draws to it.
An aim is "improve" or an outcome, which means that outcome or better.
"""

_SHORT = {
    "straight-flush": "SF", "four-of-a-kind": "4K", "full-house": "FH", "flush": "FL",
    "straight": "ST", "three-of-a-kind": "3K", "two-pair": "2P", "pair": "1P",
    "high-card": "HC",
}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Arguments of ``standpat odds``."""
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.epilog = EXAMPLES
    parser.add_argument("cards", metavar="CARDS", help='the hand, e.g. "Qs Qd 9c 4h 2s"')
    parser.add_argument("--game", required=True, choices=[g.value for g in GameName],
                        metavar="GAME", help="one of: " + ", ".join(g.value for g in GameName))
    parser.add_argument("--keep", metavar="CARDS",
                        help="analyse only this hold (the cards kept)")
    parser.add_argument("--draws", type=int, metavar="N",
                        help="draws left, this one included (the triple draws and Badugi: 1-3, "
                        "default 3)")
    parser.add_argument("--dead", default="", metavar="CARDS",
                        help="cards known to be out of the stub (seen, folded, discarded)")
    parser.add_argument("--deck", type=int, choices=(32, 36),
                        help="Five Card Draw 7-A: 32 cards (7 to ace, default) or 36 (6 to ace)")
    parser.add_argument("--aim", default=IMPROVE, metavar="AIM",
                        help='sort holds by the chance to "improve" (default), by "strength" '
                        "(the final hand's mean share of all hands it beats; one draw, not "
                        'Seven Card Draw) or by the chance of an outcome or better, e.g. '
                        '"flush", "two-pair", "8-low", "8-badugi"')
    shown = parser.add_mutually_exclusive_group()
    shown.add_argument("--top", type=int, default=10, metavar="N",
                       help="holds to print (default 10)")
    shown.add_argument("--all", action="store_true", help="print every hold")
    parser.add_argument("--json", action="store_true",
                        help='print {"holds": [{"keep", "discard", "probabilities", "improve"}]}')
    parser.add_argument("--fractions", action="store_true",
                        help="exact fractions instead of percentages (several draws: the holds "
                        "shown are counted again exactly, up to seconds each)")
    parser.add_argument("--plot", metavar="FILE.png",
                        help="draw the outcomes of the best holds to a PNG (needs matplotlib)")


def _fail(message: str) -> int:
    print(f"standpat odds: error: {message}", file=sys.stderr)
    return 2


def run(args: argparse.Namespace) -> int:
    """Analyse and print; bad input goes to stderr with exit code 2."""
    if args.top is not None and args.top < 1:
        return _fail(f"--top must be at least 1, not {args.top}.")
    if (sys.stderr.isatty() and args.keep is None and args.draws != 1
            and args.game in (GameName.TRIPLE_DRAW.value, GameName.ACE_TO_FIVE_TRIPLE_DRAW.value,
                              GameName.BADUGI.value)):
        print("Following every hold over several draws (a few seconds)...", file=sys.stderr,
              flush=True)
    try:
        analysis = analyse(args.cards, args.game, keep=args.keep, dead=args.dead,
                           deck=args.deck, draws=args.draws, aim=args.aim)
    except StandpatError as error:
        return _fail(str(error))
    if args.plot:
        try:
            from standpat.odds.plot import plot_holds
        except ImportError:
            return _fail("--plot needs matplotlib: pip install 'standpat[plot]'.")
        try:
            plot_holds(analysis, args.plot, top=len(analysis.holds) if args.all else args.top)
        except OSError as error:
            return _fail(f"cannot write {args.plot!r}: {error.strerror or error}.")
    shown = analysis.holds if args.all or args.json else analysis.holds[:args.top]
    if args.fractions and not analysis.exact:
        if sys.stderr.isatty():
            print(f"Counting {len(shown)} holds exactly in fractions (up to seconds each)...",
                  file=sys.stderr, flush=True)
        shown = with_fractions(analysis, shown)
    if args.json:
        print(json.dumps({"holds": [h.to_json(fractions=args.fractions) for h in shown]}))
        return 0
    print("\n".join(render(analysis, shown, fractions=args.fractions)))
    if args.plot:
        print(f"Plot written to {args.plot}.")
    return 0


def _percent(p: float) -> str:
    if p == 0:
        return "-"
    if 0.9995 <= p < 1:
        return ">99.9%"
    return f"{100 * p:.2f}%" if p >= 0.0001 else "<0.01%"


def _fraction(value: Fraction) -> str:
    return "-" if not value else f"{value.numerator}/{value.denominator}"


def _cell(hold: Hold, name: str, fractions: bool) -> str:
    exact = hold.exact
    if fractions and exact is not None:
        return _fraction(exact[name])
    return _percent(hold.probabilities[name])


def render(analysis: Analysis, holds: tuple[Hold, ...], *, fractions: bool = False) -> list[str]:
    """The lines of the text report."""
    s = analysis.situation
    low = s.ranking.low
    draws = "one draw" if s.draws == 1 else f"{s.draws} draws"
    lines = [
        f"{s.game.title}, {len(s.deck)}-card deck, {draws}: {format_cards(s.hand)} "
        f"({analysis.now}); {len(s.stub)} cards to draw from"
        + (f" ({len(s.dead)} dead)." if s.dead else "."),
    ]
    aim = ("the chance to improve" if analysis.aim == IMPROVE else
           "the mean strength of the final hand (share of all hands it beats)"
           if analysis.aim == STRENGTH else f"the chance of {analysis.aim} or better")
    exact = all(h.exact is not None for h in holds)
    badugi = analysis.situation.game.ranking.value == "badugi"
    toward = ("keeping what plays toward each badugi" if badugi
              else "re-drawing toward each low")
    how = ("exact" if analysis.exact else
           f"{toward}; exact fractions" if fractions and exact else
           f"{toward}; floats to about 1e-15")
    total = len(analysis.holds)
    lines.append(f"Holds sorted by {aim} ({how}); {len(holds)} of {total} shown.")
    names = [n for n in analysis.outcomes if n in holds[0].probabilities] if holds else []
    labels = [n.split("-")[0] if low else _SHORT.get(n, n) for n in names]
    head = "at or under:" if low else ""
    width_keep = max([len(format_cards(h.keep)) for h in holds] + [9])
    fmt = [max(len(lbl), 7) for lbl in labels]
    if fractions and exact:
        fmt = [max(f, max(len(_cell(h, n, True)) for h in holds)) for f, n in
               zip(fmt, names, strict=True)]
    improve_width = max([11] + [len(_fraction(h.exact_improve)) for h in holds
                                if h.exact_improve is not None]) if fractions and exact else 8
    strength = analysis.aim == STRENGTH
    header = (f"{'#':>3}  {'keep':<{width_keep}}  draw  "
              + (f"{'strength':>8}  " if strength else "")
              + f"{'improve':>{improve_width}}  {head}"
              + " ".join(f"{lbl:>{w}}" for lbl, w in zip(labels, fmt, strict=True)))
    lines.append(header.rstrip())
    for i, hold in enumerate(holds, 1):
        keep = format_cards(hold.keep) or "(nothing)"
        if fractions and hold.exact_improve is not None:
            improve = _fraction(hold.exact_improve)
        else:
            improve = _percent(hold.improve)
        cells = " ".join(f"{_cell(hold, n, fractions):>{w}}" for n, w in
                         zip(names, fmt, strict=True))
        mean = f"{float(hold.strength or 0):8.4f}  " if strength else ""
        lines.append(f"{i:>3}  {keep:<{width_keep}}  {len(hold.discard):>4}  {mean}"
                     f"{improve:>{improve_width}}  {' ' * len(head)}{cells}".rstrip())
    return lines
