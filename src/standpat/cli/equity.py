"""``standpat equity``: hands and ranges against each other at a draw, win/tie/lose each."""

from __future__ import annotations

import argparse
import json
import sys

from standpat.engine.games import GameName
from standpat.errors import StandpatError
from standpat.odds.equities import EXACT_LIMIT, Equity, equity, parse_seat
from standpat.odds.outcomes import LOWS

NAME = "equity"
HELP = "Equity at a draw: hands or ranges, each drawing or pat, win/tie/lose for each player."

EXAMPLES = f"""\
A player is the cards he keeps and how many he draws ("7s 5d 3c 2h draws 1", or
just the kept cards), a pat hand ("pat 9c 8d 6h 4s 2c"), holdings split by '|'
("Ks Kd | Qs Qd draws 3"), a pattern of pat hands ("pat 9-low+": any pat
nine-low or better; "pat flush+"), or "random draws N".  Players are split by
"vs".  The count is exact when it needs at most {EXACT_LIMIT:,} final hands, else
Monte Carlo until every equity is within --precision (95% interval).

examples:
  standpat equity --game deuce-to-seven-single-draw "7s 5d 3c 2h" draws 1 vs pat "9c 8d 6h 4s 2c"
  standpat equity --game deuce-to-seven-triple-draw --draws-left 2 "7s 5d 3c 2h" vs pat 9-low+
  standpat equity --game five-card-draw "Qs Qd" draws 3 vs "9c 9d 9s" draws 2
  standpat equity --game five-card-draw-7a "Ah Kh 9h 8h" vs "Qs Qd 9c 9d" vs "7c 7d" vs "Jc Tc"
  standpat equity --game seven-card-draw "Kc Kd Ks 7h" vs "As Ad Qc Qh 9s" --json
"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Arguments of ``standpat equity``."""
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.epilog = EXAMPLES
    parser.add_argument("players", nargs="+", metavar="PLAYER",
                        help='players split by "vs", e.g. "7s 5d 3c 2h" draws 1 vs pat 9-low+')
    parser.add_argument("--game", required=True, choices=[g.value for g in GameName],
                        metavar="GAME", help="one of: " + ", ".join(g.value for g in GameName))
    parser.add_argument("--dead", default="", metavar="CARDS",
                        help="cards out of play (seen, folded)")
    parser.add_argument("--deck", type=int, choices=(32, 36),
                        help="Five Card Draw 7-A: 32 cards (default) or 36 (five players)")
    parser.add_argument("--draws-left", type=int, default=1, metavar="N",
                        help="draws left, this one included (triple draw: 1-3; default 1)")
    parser.add_argument("--target", default=LOWS[1], choices=LOWS, metavar="LOW",
                        help="with draws left after this one, drawing players re-draw toward "
                        "this low (default %(default)s)")
    method = parser.add_mutually_exclusive_group()
    method.add_argument("--exact", action="store_true", help="count every deal (may be slow)")
    method.add_argument("--monte-carlo", action="store_true", help="sample deals")
    parser.add_argument("--precision", type=float, default=0.005, metavar="P",
                        help="Monte Carlo stops when every 95%% interval is within ±P "
                        "(default 0.005)")
    parser.add_argument("--seconds", type=float, default=10.0, metavar="S",
                        help="Monte Carlo stops after S seconds anyway (default 10)")
    parser.add_argument("--seed", type=int, help="seed of the Monte Carlo")
    parser.add_argument("--fractions", action="store_true",
                        help="exact fractions instead of percentages (counts every deal, like "
                        "--exact; an error where no exact count is possible)")
    parser.add_argument("--json", action="store_true",
                        help='print {"method", "deals", "seconds", "players": [...]}')


def _fail(message: str) -> int:
    print(f"standpat equity: error: {message}", file=sys.stderr)
    return 2


def _groups(tokens: list[str]) -> list[str]:
    groups: list[list[str]] = [[]]
    for token in tokens:
        if token.lower() == "vs":
            groups.append([])
        else:
            groups[-1].append(token)
    return [" ".join(g) for g in groups]


def run(args: argparse.Namespace) -> int:
    """Count or sample, and print; bad input goes to stderr with exit code 2."""
    if not 0 < args.precision < 0.5:
        return _fail(f"--precision must be between 0 and 0.5, not {args.precision}.")
    if args.seconds <= 0:
        return _fail(f"--seconds must be positive, not {args.seconds}.")
    if args.fractions and args.monte_carlo:
        return _fail("--fractions needs an exact count, not --monte-carlo.")
    exact = True if args.exact or args.fractions else False if args.monte_carlo else None
    if sys.stderr.isatty() and not exact:
        print(f"Counting, or sampling for up to {args.seconds:g} s...", file=sys.stderr,
              flush=True)
    texts = _groups(args.players)
    if any(not t for t in texts):
        return _fail('every player needs cards, a pattern or "random": check the "vs".')
    try:
        seats = [parse_seat(t, args.game) for t in texts]
        result = equity(seats, args.game, dead=args.dead, deck=args.deck,
                        draws_left=args.draws_left, target=5 + LOWS.index(args.target),
                        precision=args.precision, max_seconds=args.seconds, rng=args.seed,
                        exact=exact)
    except StandpatError as error:
        return _fail(str(error))
    if args.json:
        print(json.dumps(result.to_json(fractions=args.fractions)))
        return 0
    print("\n".join(render(result, fractions=args.fractions)))
    return 0


def render(result: Equity, *, fractions: bool = False) -> list[str]:
    """The lines of the text report (``fractions``: exact ones, from an exact count)."""
    if fractions and result.method == "exact":
        return _render_fractions(result)
    if result.method == "exact":
        how = f"exact, every one of {result.deals:,} deals"
    else:
        widest = max(s.ci95 or 0.0 for s in result.seats)
        how = (f"Monte Carlo, {result.deals:,} deals, 95% interval within "
               f"±{100 * widest:.2f} points")
    width = max(len(s.seat.text) for s in result.seats)
    lines = [f"{how} ({result.seconds:.1f} s).",
             f"{'player':<{width}}  {'draws':>5}  {'win':>7}  {'tie':>7}  {'lose':>7}  "
             f"{'equity':>7}"]
    for s in result.seats:
        draws = "pat" if not s.seat.draws else str(s.seat.draws)
        ci = f" ±{100 * s.ci95:.2f}" if s.ci95 is not None else ""
        lines.append(f"{s.seat.text:<{width}}  {draws:>5}  {100 * s.win:6.2f}%  "
                     f"{100 * s.tie:6.2f}%  {100 * s.lose:6.2f}%  {100 * s.equity:6.2f}%{ci}")
    return lines


def _render_fractions(result: Equity) -> list[str]:
    rows = []
    for s in result.seats:
        exact = s.exact_fractions()
        assert exact is not None
        rows.append([s.seat.text, "pat" if not s.seat.draws else str(s.seat.draws),
                     *("-" if not v else f"{v.numerator}/{v.denominator}"
                       for v in exact.values())])
    head = ["player", "draws", "win", "tie", "lose", "equity"]
    widths = [max(len(r[i]) for r in [head, *rows]) for i in range(len(head))]
    lines = [f"exact fractions, every one of {result.deals:,} deals ({result.seconds:.1f} s)."]
    for row in [head, *rows]:
        lines.append("  ".join(c.ljust(w) if i == 0 else c.rjust(w)
                               for i, (c, w) in enumerate(zip(row, widths, strict=True))))
    return lines
