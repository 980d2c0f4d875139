"""Replay real PokerStars draw hand histories: fpdb's regression files of the draw games.

The files are not ours to ship (fpdb is GPL, the files are users' hands), so
the tests use fixtures of our own; this script reads the real ones from a
checkout of fpdb you point it at (the folder that holds ``regression-test-files``,
``pyfpdb`` in some of fpdb's repositories):

    python scripts/pokerstars_files.py /path/to/fpdb-3

Every hand of every file under ``regression-test-files/*/Stars/Draw`` is read
and replayed, and must reach the stacks its summary implies (the text's own
posts, bets, uncalled bets, pots collected and rake); a hand that does not is
reported with the line that stops it.  It prints one line per file, the
reasons, a line per game (hands replayed and refused), and exits 1 when a hand
fails for a reason other than a refusal the docs describe (a cancelled hand, a
game standpat does not deal, a fold of a player who is all in).
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import Counter
from pathlib import Path

from standpat.engine import get_game
from standpat.history.files import load
from standpat.history.replay import ALL_IN_FOLD
from standpat.history.text import GAME_TITLES

EXPLAINED = (
    "'Hand cancelled'",
    "is not the header of a draw game standpat deals",
    ALL_IN_FOLD,
)
"""The refusals docs/hand-histories.md explains."""

def _games(path: Path) -> dict[str, str]:
    """Each hand's game by hand number, as standpat names it (its header's title), or the
    header's own words for a game standpat does not deal."""
    found = {}
    for line in path.read_text(encoding="utf-8-sig", errors="replace").splitlines():
        header = re.match(r"\ufeff?\S.*? (?:Hand|Game) #(\d+):\s+(.*)", line)
        if header is None:
            continue
        rest = header.group(2)
        titles = [game for game, title in GAME_TITLES.items() if f"{title} " in rest]
        found[header.group(1)] = titles[0] if titles else rest.split(" - ")[0]
    return found


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
    by_game: Counter[tuple[str, str]] = Counter()
    for path in files:
        loaded = load(path)
        games = _games(path)
        replayed += len(loaded.hands)
        refused += len(loaded.errors)
        for hand in loaded.hands:
            by_game[hand.record.game, "replayed"] += 1
        name = path.relative_to(args.fpdb / "regression-test-files")
        print(f"{len(loaded.hands):4d} replayed {len(loaded.errors):3d} refused  {name}")
        for error in loaded.errors:
            explained = any(reason in str(error) for reason in EXPLAINED)
            unexplained += not explained
            number = re.search(r"hand (\d+),", str(error))
            game = games.get(number.group(1), "?") if number else "?"
            by_game[game, "refused"] += 1
            print(f"      {'' if explained else 'UNEXPLAINED '}{str(error).split(': ', 1)[1]}")
    for game in sorted({g for g, _ in by_game}):
        title = get_game(game).title if game in GAME_TITLES else game
        print(f"{title}: {by_game[game, 'replayed']} replayed, {by_game[game, 'refused']} refused")
    print(f"{replayed} hands replayed to the stacks their summaries imply, {refused} refused "
          f"({unexplained} for a reason the docs do not give), in {len(files)} files")
    return 1 if unexplained else 0


if __name__ == "__main__":
    sys.exit(main())
