"""Cross-check the tracker layout with fpdb: does fpdb import standpat's text with every net right?

fpdb (the Free Poker Database, GPL) is not a dependency of standpat and none of
its code is in this repository: this script runs fpdb's own PokerStars parser
from a checkout you point it at, in a Python that has fpdb's few import-time
needs (``pytz``, ``colorlog``, ``defusedxml``, ``cachetools``; Qt is stubbed).

    python scripts/fpdb_crosscheck.py /path/to/fpdb-3 --python /path/to/venv/bin/python

It deals random hands of every game fpdb knows (5 Card Draw, 2-7 Single Draw
and 2-7 Triple Draw, in fixed, pot and no limit) and of the two it does not
(7-A and Seven Card Draw), writes each one as one player saw it
(``format_hand(..., hero=NAME, site="PokerStars")``), has fpdb's parser read
the text (``PokerStars.determineGameType`` then ``Hand.DrawHand``) and
compares every player's net (what fpdb counts collected minus committed)
with standpat's.  It prints one line per game and structure.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

from standpat.engine import Action, ActionKind, Hand, Post, Posted, PostKind, Stakes
from standpat.history import record_from_hand, replay
from standpat.history.text import format_hand
from standpat.history.tournament import tournament_fields

GAMES = ("five-card-draw", "deuce-to-seven-single-draw", "deuce-to-seven-triple-draw",
         "five-card-draw-7a", "seven-card-draw")
KNOWN = GAMES[:3]  # the draw games fpdb's PokerStars parser knows
STRUCTURES = ("fixed-limit", "pot-limit", "no-limit")
TOURNAMENT = 4_242
"""The tournament number of ``--tournament``'s hands."""
BETS = (2, 4, 10, 20)  # small bets whose big bet is a PokerStars fixed-limit level fpdb knows

DRIVER = r'''
import json, logging, os, re, sys
from decimal import Decimal
from unittest.mock import MagicMock
logging.disable(logging.CRITICAL)
legacy = os.path.join(sys.argv[1], "fpdb_3_legacy")
sys.path[:0] = [legacy, sys.argv[1]]
for name in ("PySide6", "PySide6.QtCore", "PySide6.QtGui", "PySide6.QtWidgets"):
    sys.modules[name] = MagicMock()
import Configuration
import Hand
from PokerStarsToFpdb import PokerStars
config = Configuration.Config()
parser = PokerStars(config, in_path="-", sitename="PokerStars", autostart=False)
for line in sys.stdin:
    item = json.loads(line)
    try:
        gametype = parser.determineGameType(item["text"])
        hand = Hand.DrawHand(config, parser, "PokerStars", gametype, item["text"])
        pot = hand.pot
        net = {p: str(hand.collectees.get(p, Decimal(0)) - pot.committed[p] - pot.common[p])
               for p in pot.committed}
        print(json.dumps({"id": item["id"], "net": net, "type": gametype.get("type"),
                          "tourno": str(getattr(hand, "tourNo", None))}), flush=True)
    except BaseException as error:  # fpdb's refusals are exceptions of many kinds
        print(json.dumps({"id": item["id"], "error": f"{type(error).__name__}: {error}"[:200]}),
              flush=True)
'''


def random_hand(rng: random.Random, game: str, structure: str, *, come_in: bool = True) -> Hand:
    """A random hand: 2..6 players (2..5 in 7-A), short and deep stacks, antes now and then,
    dead-button posts (a dead small blind, a player posting to come in; not with
    ``come_in`` False, as in tournaments, where nobody owes a blind), random play."""
    top = 5 if game == "five-card-draw-7a" else 6
    n = rng.randint(2, top)
    small = rng.choice(BETS)
    stakes = Stakes.from_bets(small, ante=rng.choice([0, 0, 0, small // 2]))
    stacks = [rng.choice([rng.randint(1, 6 * small), rng.randint(10 * small, 100 * small)])
              for _ in range(n)]
    button = rng.randrange(n)
    posts = None
    if come_in and n >= 3 and rng.random() < 0.25:
        sb, bb = (button + 1) % n, (button + 2) % n
        posts = [Post(s, PostKind.ANTE, stakes.ante) for s in range(n)] if stakes.ante else []
        posts += [Post(sb, PostKind.SMALL_BLIND, stakes.small_blind),
                  Post(bb, PostKind.BIG_BLIND, stakes.big_blind)]
        newcomer = rng.choice([s for s in range(n) if s not in (sb, bb)])
        posts.append(Post(newcomer, PostKind.BIG_BLIND, stakes.big_blind))
        if rng.random() < 0.5:  # he returns with 'post all': the small blind dead as well
            posts.append(Post(newcomer, PostKind.DEAD, stakes.small_blind))
    hand = Hand(game, structure, stakes, stacks, button=button, posts=posts,
                rng=rng.randrange(2**32))
    while not hand.is_over:
        legal = hand.legal_actions()
        if ActionKind.DISCARD in legal.kinds:
            cards = hand.cards_of(legal.seat)
            hand.apply(Action.discard(rng.sample(cards, rng.randint(0, legal.max_discard))))
            continue
        kind = rng.choice(sorted(legal.kinds))
        if kind in (ActionKind.BET, ActionKind.RAISE):
            to = rng.choice([legal.min_to, legal.max_to])
            hand.apply(Action(kind, to))
        else:
            hand.apply(Action(kind))
    return hand


def main() -> int:
    """Run the cross-check; exit 1 when fpdb gets a net of a game it knows wrong unexplained."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("fpdb", type=Path, help="a checkout of fpdb (with fpdb_3_legacy/)")
    parser.add_argument("--python", default=sys.executable,
                        help="the Python to run fpdb's parser in (default: this one)")
    parser.add_argument("--hands", type=int, default=200, help="hands per game and structure")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--tournament", action="store_true",
                        help="write every hand as a tournament hand (tournament number, "
                             "buy-in and level in the header) and check fpdb files it so")
    parser.add_argument("--show", type=int, default=0, metavar="N",
                        help="print the text of the first N hands whose nets differ")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    items: list[dict[str, str]] = []
    expected: dict[str, tuple[str, str, dict[str, int], bool]] = {}
    for game in GAMES:
        for structure in STRUCTURES:
            for k in range(args.hands):
                hand = random_hand(rng, game, structure, come_in=not args.tournament)
                names = [f"player{i + 1}" for i in range(hand.players)]
                extra = (tournament_fields(TOURNAMENT, "100+10", rng.randint(1, 30))
                         if args.tournament else {})
                record = record_from_hand(hand, players=names, hand_id=len(items) + 1,
                                          seats=list(range(1, hand.players + 1)),
                                          seat_count=6, button_seat=hand.button + 1,
                                          table=f"{TOURNAMENT} 1" if args.tournament else None,
                                          extra=extra)
                done = replay(record)
                hero = names[k % hand.players]
                text = format_hand(done, hero=hero, site="PokerStars")
                ident = str(len(items))
                items.append({"id": ident, "text": text})
                net = {done.record.name_of(i): b - a for i, (a, b) in enumerate(
                    zip(done.record.starting_stacks, done.finishing_stacks, strict=True))}
                short_dead = any(isinstance(e, Posted) and e.post is PostKind.DEAD and e.all_in
                                 for e in hand.events)
                expected[ident] = (game, structure, net, short_dead)
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as handle:
        handle.write(DRIVER)
        driver = handle.name
    feed = "".join(json.dumps(item) + "\n" for item in items)
    run = subprocess.run([args.python, driver, str(args.fpdb)], input=feed, text=True,
                         capture_output=True, check=False)
    Path(driver).unlink()
    if run.returncode:
        print(run.stderr, file=sys.stderr)
        return 2
    tally: Counter[tuple[str, str, str]] = Counter()
    examples: dict[tuple[str, str, str], str] = {}
    for line in run.stdout.splitlines():
        answer = json.loads(line)
        game, structure, net, short_dead = expected[answer["id"]]
        if "error" in answer:
            outcome = "refused: " + answer["error"].split(":")[0]
        else:
            got = {name: round(float(value)) for name, value in answer["net"].items()}
            filed = answer["type"] == "tour" and answer["tourno"] == str(TOURNAMENT)
            if args.tournament and not filed:
                outcome = f"not filed as tournament {TOURNAMENT} ({answer['type']})"
            else:
                outcome = "same nets" if got == net else (
                    "different nets (a dead small blind posted all-in: fpdb prices it in full)"
                    if short_dead else "different nets")
        key = (game, structure, outcome)
        tally[key] += 1
        if outcome.startswith("different nets") and args.show > 0:
            args.show -= 1
            print(items[int(answer["id"])]["text"], "\nstandpat:", net, "\nfpdb:", answer["net"],
                  end="\n\n")
        examples.setdefault(key, answer.get("error", "") or json.dumps(answer["net"]))
    bad = 0
    for game in GAMES:
        for structure in STRUCTURES:
            parts = [f"{count} {outcome}" for (g, s, outcome), count in sorted(tally.items())
                     if g == game and s == structure]
            print(f"{game:28} {structure:12} " + ", ".join(parts))
            bad += sum(count for (g, s, outcome), count in tally.items()
                       if g == game and s == structure and game in KNOWN
                       and (outcome == "different nets"
                            or outcome.startswith(("refused", "not filed"))))
    for key, example in sorted(examples.items()):
        if key[2] != "same nets":
            print(f"  e.g. {key[0]} {key[1]} {key[2]}: {example}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
