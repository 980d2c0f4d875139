"""Replay real PokerStars draw hand histories: fpdb's regression files of the draw games.

The files are not ours to ship (fpdb is GPL, the files are users' hands), so
the tests use fixtures of our own; this script reads the real ones from a
checkout of fpdb you point it at:

    python scripts/pokerstars_files.py /path/to/fpdb-3

Every hand of every file under ``regression-test-files/*/Stars/Draw`` is read
and replayed, and must reach the stacks its summary implies (the text's own
posts, bets, uncalled bets, pots collected and rake); a hand that does not is
reported with the line that stops it.  It prints one line per file and the
reasons, and exits 1 when a hand fails for a reason other than a refusal
the docs describe (a cancelled hand, a game standpat does not deal).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from standpat.history.files import load

EXPLAINED = (
    "'Hand cancelled'",
    "is not the header of a draw game standpat deals",
)
"""The refusals docs/hand-histories.md explains."""


def main() -> int:
    """Read and replay every PokerStars draw file of the checkout; print the tally."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("fpdb", type=Path, help="a checkout of fpdb (with regression-test-files/)")
    args = parser.parse_args()
    files = sorted(args.fpdb.glob("regression-test-files/*/Stars/Draw/*.txt"))
    if not files:
        print(f"no PokerStars draw files under {args.fpdb}/regression-test-files", file=sys.stderr)
        return 2
    replayed = refused = unexplained = 0
    for path in files:
        loaded = load(path)
        replayed += len(loaded.hands)
        refused += len(loaded.errors)
        name = path.relative_to(args.fpdb / "regression-test-files")
        print(f"{len(loaded.hands):4d} replayed {len(loaded.errors):3d} refused  {name}")
        for error in loaded.errors:
            explained = any(reason in str(error) for reason in EXPLAINED)
            unexplained += not explained
            print(f"      {'' if explained else 'UNEXPLAINED '}{str(error).split(': ', 1)[1]}")
    print(f"{replayed} hands replayed to the stacks their summaries imply, {refused} refused "
          f"({unexplained} for a reason the docs do not give), in {len(files)} files")
    return 1 if unexplained else 0


if __name__ == "__main__":
    sys.exit(main())
