"""Seeded heads-up hands of each bot level, every action printed (run as a process).

``python -m tests.bots.seeded_play GAME HANDS SEED LEVEL...`` plays ``HANDS`` hands
of ``GAME`` (fixed limit) for each ``LEVEL`` against the ``normal`` bot, seats and
button alternating, and prints one JSON line per level: the level and every action
taken, in order.  tests/bots/test_reproducible.py runs it twice, in two processes
under CPU load, and compares the lines.
"""

from __future__ import annotations

import json
import random
import sys

from standpat.bots import make_bot, prepare_game
from standpat.engine import Hand, Stakes


def play(game: str, level: str, hands: int, seed: int) -> list[str]:
    """Every action of ``hands`` seeded hands of ``level`` against ``normal``."""
    rng = random.Random(f"{seed}/{level}")
    bots = [make_bot(level, rng=random.Random(rng.getrandbits(64))),
            make_bot("normal", rng=random.Random(rng.getrandbits(64)))]
    actions: list[str] = []
    for number in range(hands):
        hand = Hand(game, "fixed-limit", Stakes.from_bets(2), [200, 200], button=number % 2,
                    rng=rng.getrandbits(63))
        seated = bots if number % 4 < 2 else bots[::-1]
        while not hand.is_over:
            seat = hand.to_act
            assert seat is not None
            action = seated[seat].act(hand.view(seat))
            actions.append(f"{seat}:{action!r}")
            hand.apply(action)
        actions.append(f"net:{hand.net[0]}")
    return actions


def main(argv: list[str]) -> None:
    """Play and print (see the module docstring)."""
    game, hands, seed, *levels = argv
    prepare_game(game)
    for level in levels:
        print(json.dumps({"level": level, "actions": play(game, level, int(hands), int(seed))}))


if __name__ == "__main__":
    main(sys.argv[1:])
