"""The CPU a room's round writes cost, without the rest of the server: rounds of many tables
written through the room's writer (a round dealt, one write per action, a settled round),
as a live table writes them, on SQLite (a temporary file) or PostgreSQL (``--db``).

    python benchmarks/writes.py                      # SQLite, 50 tables x 40 rounds
    python benchmarks/writes.py --db postgresql://...

Printed: this process's CPU time (every thread: the writer's and the event loop's hand-over)
per write and per action, and the wall time.  Each table is a task that waits for each
write before the next, as a live table does, so the writer groups the writes that wait
together.  Run it with ``PYTHONPATH=<another checkout>/src`` to measure that checkout's
store and writer against this one's in the same conditions.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from pathlib import Path

from standpat.server.live.recorder import Recorder
from standpat.server.live.writer import Writer
from standpat.server.live.writes import BeginRound, LogActions, Settle
from standpat.store import Store

SEATS = 4
ACTIONS = 14
"""Actions of a round (about what the load benchmark's random clients play)."""


async def _table(store: Store, writer: Writer, table_id: int, accounts: list[int],
                 rounds: int) -> None:
    recorder = Recorder(store, table_id, writer)
    for number in range(1, rounds + 1):
        setup = {"game": "five-card-draw", "structure": "fixed-limit", "stakes": "2/4",
                 "accounts": accounts, "seats": list(range(SEATS))}
        (round_id,) = await recorder.write([BeginRound(
            number, bytes(32), "c" * 64, setup, accounts, number % SEATS)])
        for i in range(ACTIONS):  # one write per action, as a live table makes them
            action: dict[str, object] = {"kind": "raise", "amount": 4 + i}
            await recorder.write([LogActions(round_id, i, [(i % SEATS, action)])])
        net = {accounts[0]: 6, accounts[1]: -2, accounts[2]: -2, accounts[3]: -2}
        await recorder.write([Settle(round_id, net, {"pot": 8, "net": [6, -2, -2, -2],
                                                     "events": []})])


def run(db: str, tables: int, rounds: int) -> tuple[float, float, int]:
    """CPU seconds and wall seconds of the writes, and how many writes."""
    store = Store(db)
    table_ids, seated = [], []
    for t in range(tables):
        table_ids.append(store.tables.create(
            name=f"w{t}", game="five-card-draw", structure="fixed-limit", stakes="2/4",
            seats=SEATS, config={}, chain_top=bytes(32), chain_length=10_000).id)
        accounts = [store.accounts.create(f"bot-w{t}p{s}", None, bot=True, grant=1_000).id
                    for s in range(SEATS)]
        for seat, account in enumerate(accounts):
            store.tables.sit(table_ids[-1], seat, account, 200)
        seated.append(accounts)
    writer = Writer(store)

    async def main() -> None:
        await asyncio.gather(*(_table(store, writer, t, a, rounds)
                               for t, a in zip(table_ids, seated, strict=True)))

    cpu, wall = time.process_time(), time.perf_counter()
    asyncio.run(main())
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    writer.close()
    problems = store.ledger.check()
    if problems:
        raise SystemExit(f"the ledger does not balance: {problems[:3]}")
    store.close()
    return cpu, wall, writer.writes


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", default=None, help="database URL (default: SQLite, temp file)")
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--rounds", type=int, default=40)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    per_write, per_action, walls = [], [], []
    for _ in range(args.repeats):
        with tempfile.TemporaryDirectory() as tmp:
            db = args.db or f"sqlite:///{Path(tmp) / 'writes.db'}"
            if args.db and args.repeats > 1:
                raise SystemExit("--db: one repeat (the accounts' names are taken after it)")
            cpu, wall, writes = run(db, args.tables, args.rounds)
        actions = args.tables * args.rounds * ACTIONS
        per_write.append(cpu / writes * 1e6)
        per_action.append(cpu / actions * 1e6)
        walls.append(wall)
    print(f"{args.tables} tables x {args.rounds} rounds ({ACTIONS} actions each), "
          f"database {(args.db or 'sqlite').split(':')[0]}: CPU "
          f"{statistics.median(per_write):.1f} us per write, "
          f"{statistics.median(per_action):.1f} us per action (median of {args.repeats}: "
          f"{', '.join(f'{x:.1f}' for x in per_action)}), wall {statistics.median(walls):.2f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
