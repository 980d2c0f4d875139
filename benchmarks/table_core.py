"""CPU of a live table's core per action, alone: no sockets, no database, no event loop.

    python benchmarks/table_core.py [--hands 1500] [--runs 3] [--game five-card-draw]

Four players sit at a no-limit table whose core (:class:`standpat.server.live.TableCore`) is
driven in memory, as the server's tests drive it (``tests/server/fake.py``: its writes answered
as the store would, its sends kept). Each player watches the table, so every change is built
into the four ``table`` messages the room would send, their JSON text made. The players act
at random among their legal actions (``load.py``'s ``choose``), and busted players add chips.
The process CPU time (``time.process_time``) of each action's ``handle`` is summed: the
action, the table's work after it and the four messages. The deals and settlements between
hands are not timed. Printed: microseconds an action, median of ``--runs`` runs (each with
its own seed) and each run's figure, and each seed's count of actions with a digest of the
text of every message sent after them (as a connection writes it). A seed fixes the deals
(the seed chains' secrets) as well as the players' choices, so it plays the same hands on
every run: two builds of the core (pure Python, or compiled) that behave alike print the
same counts and digests.

Run it from the repository's root (it uses the tests' fake of the core's effects).
"""

from __future__ import annotations

import argparse
import hashlib
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from load import choose

from standpat.server.config import ServerConfig
from standpat.server.frames import encode
from standpat.server.host import Command
from standpat.server.live import TableCore
from standpat.server.schemas import Act, AddChips, Sit, Watch
from standpat.store import TableRecord
from tests.server.fake import Clock, Fake, Outbox

CONFIG = ServerConfig(db="sqlite://", between_hands=1.0, bot_delay=0.0, clock=10.0,
                      time_bank=0.0, rejoin=5.0)
SEATS = 4
BUY_IN = 100


def run(game: str, hands: int, seed: int) -> tuple[float, int, str]:
    """Microseconds of CPU an action over ``hands`` hands, the actions played, and a digest of
    the messages the players were sent after them (untimed): two builds that play a seed alike
    give the same digest."""
    rng = random.Random(seed)
    clock = Clock()
    record = TableRecord(id=7, name="t", game=game, structure="no-limit", stakes="1/2",
                         seats=SEATS, config={}, chain_top="00" * 32, chain_length=100,
                         hands_dealt=0, button=0, closed=False, state=None)
    chains = random.Random(f"chain-{seed}")  # the seed chains' secrets: the same deals each run
    core = TableCore(record, CONFIG, now=clock, entropy=chains.randbytes)
    fake = Fake(core)
    fake.run(core.start([]))
    fake.accounts.update({i + 1: f"p{i}" for i in range(SEATS)})
    boxes = [Outbox(i + 1) for i in range(SEATS)]
    for i, box in enumerate(boxes):
        fake.run(core.handle(Command("sit", i + 1, box, Sit(type="sit", table=7, seat=i,
                                                             buy_in=BUY_IN))))
        fake.run(core.handle(Command("watch", i + 1, box, Watch(type="watch", table=7))))
    actions, spent = 0, 0.0
    digest = hashlib.sha256()
    for _ in range(hands):
        clock.time += 2  # past the pause between hands: the next tick deals
        fake.run(core.tick())
        while core.table.playing:
            seat = core.table.turn()
            assert seat is not None
            box = boxes[seat]
            action = choose(box.messages[-1]["hand"], rng)
            command = Command("act", seat + 1, box, Act(type="act", table=7, hand=core.round_id,
                                                         action=action))  # type: ignore[arg-type]
            started = time.process_time()
            fake.run(core.handle(command))
            spent += time.process_time() - started
            actions += 1
            for kept in boxes:
                for message in kept.messages[1:]:
                    digest.update(encode(message).encode())
                del kept.messages[:-1]
        for line in core.table.lines():  # the short-stacked top up
            if line.stack < BUY_IN * 0.6:
                fake.run(core.handle(Command(
                    "add-chips", line.seat + 1, boxes[line.seat],
                    AddChips(type="add-chips", table=7, amount=BUY_IN - line.stack))))
    return spent / actions * 1e6, actions, digest.hexdigest()[:12]


def main() -> int:
    """Time the core's actions and print the median."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=1500, help="hands a run (default 1500)")
    parser.add_argument("--runs", type=int, default=3, help="runs, each its own seed (default 3)")
    parser.add_argument("--game", default="five-card-draw",
                        help="the game (default five-card-draw)")
    args = parser.parse_args()
    figures = []
    played = []
    for seed in range(args.runs):
        us, actions, digest = run(args.game, args.hands, seed)
        figures.append(us)
        played.append(f"{actions} ({digest})")
    print(f"{args.game}, {SEATS} players watching, {args.hands} hands a run: "
          f"{statistics.median(figures):.1f} us of CPU an action (median of {args.runs}: "
          f"{', '.join(f'{x:.1f}' for x in figures)}); actions (messages' digest) of each seed: "
          f"{', '.join(played)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
