"""Hand-engine benchmark: standpat against PokerKit on fixed-limit deuce-to-seven triple draw.

Every player checks or calls, and at each draw discards a random subset of his
hand (each card with probability 1/2).  Both engines play the same policy with
full rule checking: standpat through ``legal_actions()`` and ``apply()`` (which
verifies every action), PokerKit through its own dealing, burning, showdown and
chip pushing automations.  Each engine shuffles with one generator for the
whole run (PokerKit uses the ``random`` module's).  Heads-up and 6-handed; prints hands/s for each
engine and standpat's ratio, one line per table size.  Each figure is the
median of ``--repeats`` timed runs, timed in CPU seconds of this process
(``time.process_time``), which the other jobs of a shared machine disturb less
than the wall clock.  The first line says whether standpat's engine is the
mypyc build of ``hand.py`` (see setup.py) or the source run as plain Python.

A second line per table size times the same standpat play with ``Hand.view``
of the seat to act before every decision (as an agent or a client does): its
hands/s, its ratio to PokerKit, and the cost of one view in microseconds
(the median extra CPU time of the viewed runs over the plain ones, divided by
the views made).  Run: ``python benchmarks/engine.py``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
import warnings
from collections.abc import Callable

from pokerkit import Automation, FixedLimitDeuceToSevenLowballTripleDraw

import standpat.engine.hand
from standpat.engine import Action, Hand, Stakes

STAKES = Stakes.from_bets(2)
STACK = 1_000
AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING,
    Automation.HOLE_DEALING,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)


def standpat_hands(players: int, count: int, seed: int, *, views: bool = False) -> int:
    """Play ``count`` hands in standpat (``views``: a view for the seat to act at each
    decision); return the number of views made."""
    rnd = random.Random(seed)
    call, check = Action.call(), Action.check()
    stacks = [STACK] * players
    made = 0
    for i in range(count):
        hand = Hand(
            "deuce-to-seven-triple-draw", "fixed-limit", STAKES, stacks,
            button=i % players, rng=rnd,
        )
        while not hand.is_over:
            if views:
                hand.view(hand.to_act)
                made += 1
            legal = hand.legal_actions()
            if legal.max_discard:
                hand.apply(Action.discard([c for c in legal.cards if rnd.random() < 0.5]))
            else:
                hand.apply(call if legal.to_call else check)
    return made


def standpat_viewed(players: int, count: int, seed: int) -> int:
    """Play ``count`` hands in standpat with a view per decision; return the views made."""
    return standpat_hands(players, count, seed, views=True)


def pokerkit_hands(players: int, count: int, seed: int) -> int:
    """Play ``count`` hands in PokerKit."""
    rnd = random.Random(seed)
    game = FixedLimitDeuceToSevenLowballTripleDraw(
        AUTOMATIONS, True, 0, (STAKES.small_blind, STAKES.big_blind),
        STAKES.small_bet, STAKES.big_bet,
    )
    stacks = (STACK,) * players
    for _ in range(count):
        state = game(stacks, players)
        while state.status:
            index = state.stand_patter_or_discarder_index
            if index is not None:
                held = state.hole_cards[index]
                state.stand_pat_or_discard([c for c in held if rnd.random() < 0.5])
            else:
                state.check_or_call()
    return 0


Play = Callable[[int, int, int], int]


def timings(play: Play, players: int, count: int, repeats: int) -> tuple[list[float], int]:
    """CPU seconds of ``repeats`` runs of ``count`` hands (run ``r`` seeded ``1000 * r``),
    and the sum of what the runs returned (the views made)."""
    times = []
    made = 0
    for repeat in range(repeats):
        start = time.process_time()
        made += play(players, count, 1000 * repeat)
        times.append(time.process_time() - start)
    return times, made


def rate(play: Play, players: int, count: int, repeats: int) -> float:
    """Median hands per CPU second over ``repeats`` runs."""
    return count / statistics.median(timings(play, players, count, repeats)[0])


def main() -> None:
    """Run the benchmark and print one line per table size."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=3000, help="standpat hands per run")
    parser.add_argument("--pokerkit-hands", type=int, default=300, help="PokerKit hands per run")
    parser.add_argument("--repeats", type=int, default=3, help="runs per figure (median)")
    args = parser.parse_args()
    compiled = not standpat.engine.hand.__file__.endswith(".py")
    print(f"standpat engine: {'compiled by mypyc' if compiled else 'pure Python (not built)'}")
    with warnings.catch_warnings():
        # PokerKit warns when its stub runs out and it deals from its muck.
        warnings.simplefilter("ignore", UserWarning)
        for warm_up in (standpat_hands, pokerkit_hands):  # build lookup tables untimed
            warm_up(6, 20, 1)
        for players, label in ((2, "heads-up"), (6, "6-max")):
            plain, _ = timings(standpat_hands, players, args.hands, args.repeats)
            viewed, views = timings(standpat_viewed, players, args.hands, args.repeats)
            theirs = rate(pokerkit_hands, players, args.pokerkit_hands, args.repeats)
            ours = args.hands / statistics.median(plain)
            print(
                f"{label}: standpat {ours:,.0f} hands/s, pokerkit {theirs:,.0f} hands/s, "
                f"{ours / theirs:.1f}x"
            )
            # run r of both plays the same hands, so each pair differs by its views alone
            extra = statistics.median(v - p for v, p in zip(viewed, plain, strict=True))
            per_view = 1e6 * extra / (views / args.repeats)
            with_views = args.hands / statistics.median(viewed)
            print(
                f"{label} with a view per decision: standpat {with_views:,.0f} hands/s, "
                f"{with_views / theirs:.1f}x pokerkit; {per_view:.1f} us a view "
                f"({views / args.hands / args.repeats:.0f} views a hand)"
            )


if __name__ == "__main__":
    main()
