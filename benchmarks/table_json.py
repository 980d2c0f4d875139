"""A table's event JSON: ``event_json`` against the plain ``event_to_json(reseat(...))``.

    python benchmarks/table_json.py [--hands 200] [--repeats 5]

``standpat.table.poker.event_json`` writes an engine event with table seats without making the
reseated copy of the event first (it sets the ``seat`` of ``event_to_json``'s output); it is a
second statement of :func:`standpat.engine.reseat`'s rule, kept for speed: every event of a
hand is made into JSON once for each viewer of a live table. This benchmark checks that both
give the same JSON for every event of seeded hands of the five draw games, every viewer's, and
times both in this process (medians of ``--repeats``), reporting microseconds an event and the
ratio.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable

from load import choose

from standpat.engine import Event, Stakes, reseat
from standpat.engine.codec import event_to_json
from standpat.table.poker import HostedPoker, event_json

GAMES = ("five-card-draw", "five-card-draw-7a", "seven-card-draw", "deuce-to-seven-triple-draw",
         "badugi")


def events_of_hands(hands: int) -> list[tuple[Event, tuple[int, ...]]]:
    """Every viewer's events of ``hands`` seeded hands (each with its hand's table seats)."""
    rng = random.Random(7)
    found: list[tuple[Event, tuple[int, ...]]] = []
    for n in range(hands):
        table = HostedPoker(GAMES[n % len(GAMES)], "fixed-limit", Stakes.parse("2/4"), seats=4)
        for seat in range(4):
            table.sit(seat, f"p{seat}", 200)
            table.come_in(seat)
        table.deal(rng)
        hand = table.table.hand
        assert hand is not None
        while (turn := table.turn()) is not None:
            # a random legal action, as the load benchmark's clients choose one
            table.act(turn, table.parse_action(choose(table.view(turn), rng)))
        seats = tuple(table.table.dealt)
        for viewer in (None, *range(len(seats))):
            found += [(e, seats) for e in hand.events_for(viewer)]
    return found


def timed(make: Callable[[Event, tuple[int, ...]], object],
          events: list[tuple[Event, tuple[int, ...]]], repeats: int) -> float:
    """Median microseconds an event over ``repeats`` passes."""
    runs = []
    for _ in range(repeats):
        started = time.perf_counter()
        for event, seats in events:
            make(event, seats)
        runs.append((time.perf_counter() - started) / len(events) * 1e6)
    return statistics.median(runs)


def main() -> int:
    """Check and time both ways."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=200, help="seeded hands (default 200)")
    parser.add_argument("--repeats", type=int, default=5, help="timed passes (default 5)")
    args = parser.parse_args()
    events = events_of_hands(args.hands)
    for event, seats in events:
        assert event_json(event, seats) == event_to_json(reseat(event, seats)), event
    plain = timed(lambda e, s: event_to_json(reseat(e, s)), events, args.repeats)
    fast = timed(event_json, events, args.repeats)
    print(f"{len(events)} events of {args.hands} hands, the same JSON both ways")
    print(f"event_to_json(reseat(...)): {plain:.2f} us an event")
    print(f"event_json:                 {fast:.2f} us an event ({plain / fast:.2f}x faster)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
