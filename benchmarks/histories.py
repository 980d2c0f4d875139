"""Hand-history benchmark: writing, reading and replaying PHH, standpat against PokerKit.

Deals ``--hands`` random fixed-limit deuce-to-seven triple draw hands (2 to 6
players, deep stacks, random checks, calls, bets, raises, folds and draws),
then times, in CPU seconds of this process (median of ``--repeats`` runs):
making the records from the hands, writing them as one ``.phhs`` text,
reading it back, replaying every hand through the engine (from the seed, and
from the recorded cards), and writing the readable text.  PokerKit reads the
same ``.phhs`` text and replays every hand (``HandHistory.loads_all`` and
iterating its states); the ratio is standpat's read-and-replay against it.
Run: ``python benchmarks/histories.py``.
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import statistics
import time
import warnings
from collections.abc import Callable

from pokerkit import HandHistory

from standpat.engine import Action, ActionKind, Hand, Stakes
from standpat.history import dumps_all, format_hands, loads, record_from_hand, replay


def deal(count: int, seed: int) -> list[Hand]:
    """``count`` random triple draw hands, each seeded."""
    rng = random.Random(seed)
    hands = []
    for i in range(count):
        n = rng.randint(2, 6)
        hand = Hand("deuce-to-seven-triple-draw", "fixed-limit", Stakes.from_bets(2),
                    [rng.randint(150, 400) for _ in range(n)], button=rng.randrange(n),
                    rng=seed * 1_000_003 + i)
        while not hand.is_over:
            legal = hand.legal_actions()
            if legal.max_discard:
                cards = hand.cards_of(legal.seat)
                hand.apply(Action.discard([c for c in cards if rng.random() < 0.4]))
                continue
            kinds = sorted(legal.kinds - {ActionKind.FOLD}) + [ActionKind.FOLD] * (
                ActionKind.FOLD in legal.kinds and rng.random() < 0.15)
            kind = rng.choice(kinds)
            amount = legal.min_to if kind in (ActionKind.BET, ActionKind.RAISE) else 0
            hand.apply(Action(kind, amount))
        hands.append(hand)
    return hands


def timed(run: Callable[[], object], repeats: int) -> float:
    """Median CPU seconds of ``repeats`` runs."""
    times = []
    for _ in range(repeats):
        start = time.process_time()
        run()
        times.append(time.process_time() - start)
    return statistics.median(times)


def pokerkit_replay(text: str) -> None:
    """Read a ``.phhs`` text with PokerKit and play every hand to its end."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        for history in HandHistory.loads_all(text):
            for _ in history:
                pass


def main() -> None:
    """Run the benchmark and print one line per step."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    hands = deal(args.hands, args.seed)
    records = [record_from_hand(h) for h in hands]
    text = dumps_all(records)
    read = loads(text)
    unseeded = [dataclasses.replace(r, seed=None) for r in read]
    replays = [replay(r) for r in read]
    steps: list[tuple[str, Callable[[], object]]] = [
        ("record_from_hand", lambda: [record_from_hand(h) for h in hands]),
        ("dumps_all (PHH)", lambda: dumps_all(records)),
        ("loads (PHH)", lambda: loads(text)),
        ("replay from seed", lambda: [replay(r) for r in read]),
        ("replay from cards", lambda: [replay(r) for r in unseeded]),
        ("format_hands (text)", lambda: format_hands(replays)),
    ]
    n = args.hands
    actions = sum(len(h.actions) for h in hands)
    print(f"{n} hands, {actions / n:.1f} actions a hand, PHH {len(text) / n:.0f} bytes a hand")
    seconds = {}
    for name, run in steps:
        seconds[name] = timed(run, args.repeats)
        print(f"{name:<22} {n / seconds[name]:>10,.0f} hands/s")
    standpat = seconds["loads (PHH)"] + seconds["replay from cards"]
    pokerkit = timed(lambda: pokerkit_replay(text), args.repeats)
    print(f"{'read + replay':<22} {n / standpat:>10,.0f} hands/s standpat, "
          f"{n / pokerkit:,.0f} hands/s PokerKit: {pokerkit / standpat:.1f}x")


if __name__ == "__main__":
    main()
