"""``standpat replay``: step through the hands of a PHH file, or print their results.

Every hand is replayed through the engine, which checks each action.  By
default the hands are shown street by street with every card face up (a
history is read after the fact), pausing between streets when the terminal
is interactive.  ``--summary`` prints one line per hand; ``--summary --json``
one JSON object per line per hand, with ``hand`` (its place in the file,
from 1), ``game``, ``structure``, ``stakes``, ``players``,
``starting_stacks``, ``finishing_stacks`` and ``net`` in PHH seat order.
``--text`` prints the hands as readable text and ``--phh`` as PHH, which
converts a file from one format to the other; ``--text --hero NAME`` prints
the hands NAME played as he saw them, the layout trackers import, and
``--site`` names the room in the headers.  Both formats are read, and
PokerStars' own draw hand histories too.  Hands that cannot be read or
replayed are reported on stderr and the exit code is 2; the others are still
shown.
"""

from __future__ import annotations

import argparse
import json
import os
import sys

from standpat.errors import HistoryError
from standpat.history.files import load, load_text
from standpat.history.phh import dumps_all
from standpat.history.replay import Replay
from standpat.history.text import (
    GAME_TITLES,
    SITE,
    STRUCTURE_TITLES,
    format_hand,
    stakes_title,
)

NAME = "replay"
HELP = ("Replay the hands of a hand-history file (PHH .phh/.phhs, or readable text: "
        "standpat's or PokerStars').")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Arguments of ``standpat replay``."""
    parser.add_argument("file", metavar="FILE",
                        help="a .phh or .phhs file, or readable text ('-': stdin)")
    parser.add_argument("--summary", action="store_true",
                        help="print only the result of each hand")
    parser.add_argument("--json", action="store_true",
                        help="with --summary: one JSON object per line per hand")
    parser.add_argument("--text", action="store_true",
                        help="print the hands as readable text (PokerStars layout)")
    parser.add_argument("--phh", action="store_true",
                        help="print the hands as PHH (a .phhs file: one table per hand)")
    parser.add_argument("--hand", type=int, metavar="N",
                        help="only the N-th hand of the file (from 1)")
    parser.add_argument("--hero", metavar="NAME",
                        help="with --text: the hands NAME played, as he saw them (his cards "
                             "only: the layout trackers import)")
    parser.add_argument("--site", metavar="NAME", default=SITE,
                        help=f"with --text: the room the headers name (default {SITE}; "
                             "trackers such as fpdb import only rooms they know, e.g. "
                             "PokerStars)")


def summary(replay: Replay) -> dict[str, object]:
    """The result of one hand as a JSON-ready dict (PHH seat order)."""
    record = replay.record
    start, end = record.starting_stacks, replay.finishing_stacks
    return {
        "hand": record.source.index,
        "name": str(record.hand) if record.hand is not None else record.source.hand,
        "game": record.game,
        "structure": record.structure,
        "stakes": f"{record.small_bet}/{record.big_bet}",
        "players": [record.name_of(i) for i in range(record.player_count)],
        "starting_stacks": list(start),
        "finishing_stacks": list(end),
        "net": [b - a for a, b in zip(start, end, strict=True)],
    }


def _summary_line(replay: Replay) -> str:
    record = replay.record
    game = (f"{GAME_TITLES[record.game]} {STRUCTURE_TITLES[record.structure]} "
            f"{stakes_title(record)}")
    parts = [
        f"{record.name_of(i)} {a} -> {b} ({b - a:+d})"
        for i, (a, b) in enumerate(zip(record.starting_stacks, replay.finishing_stacks,
                                       strict=True))
    ]
    return f"hand {record.source.index} ({game}): " + ", ".join(parts)


def _step_through(replay: Replay, interactive: bool) -> bool:
    """Show one hand street by street; False when the user quits."""
    sections: list[list[str]] = [[]]
    for line in format_hand(replay, replay.record.source.index).splitlines():
        if line.startswith("*** ") and sections[-1]:
            sections.append([])
        sections[-1].append(line)
    for i, section in enumerate(sections):
        print("\n".join(section))
        if interactive and i < len(sections) - 1:
            try:
                answer = input("-- Enter: next street, q: quit -- ")
            except EOFError:
                return False
            if answer.strip().lower().startswith("q"):
                return False
    print()
    return True


def _show(args: argparse.Namespace, hands: list[Replay], interactive: bool) -> None:
    """Print the hands in the form the arguments ask for."""
    if args.phh and not (args.json or args.summary):
        if hands:
            print(dumps_all(h.finished_record for h in hands), end="", flush=True)
        return
    for replay in hands:
        if args.json:
            print(json.dumps(summary(replay)))
        elif args.summary:
            print(_summary_line(replay))
        elif args.text:
            if args.hero is None or args.hero in replay.record.players:
                print(format_hand(replay, replay.record.source.index, hero=args.hero,
                                  site=args.site) + "\n\n")
        elif not _step_through(replay, interactive):
            break
    sys.stdout.flush()


def run(args: argparse.Namespace) -> int:
    """Replay the file; errors go to stderr with exit code 2."""
    try:
        loaded = load_text(sys.stdin.read(), "<stdin>") if args.file == "-" else load(args.file)
    except OSError as failure:
        print(f"standpat replay: error: cannot read {args.file}: {failure.strerror}",
              file=sys.stderr)
        return 2
    hands = loaded.hands
    errors: list[HistoryError] = loaded.errors
    if args.hand is not None:
        hands = [h for h in hands if h.record.source.index == args.hand]
        errors = [e for e, i in zip(errors, loaded.failed, strict=True) if i == args.hand]
        if not hands and not errors:
            print(f"standpat replay: error: {args.file} has no hand {args.hand}.",
                  file=sys.stderr)
            return 2
    interactive = args.file != "-" and sys.stdin.isatty() and sys.stdout.isatty()
    try:
        _show(args, hands, interactive)
    except BrokenPipeError:  # the reader went away (``standpat replay --text F | head``)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    for problem in errors:
        print(f"standpat replay: error: {problem}", file=sys.stderr)
    return 2 if errors else 0

