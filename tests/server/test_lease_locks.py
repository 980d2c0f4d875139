"""How a node's leases and its batched writes share the lease rows (PostgreSQL): a renewal
never waits for a write, a takeover waits for the write in progress, and a batch of
several tables' writes in one transaction still fences each table."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

from sqlalchemy import Connection, select

from standpat.server.cluster.keeper import LeaseKeeper
from standpat.server.cluster.lease import FencedError, Leases
from standpat.server.live.writer import Writer
from standpat.store import Store, models


def _wait_expired(leases: Leases, table_id: int) -> None:
    deadline = time.monotonic() + 10
    while table_id not in leases.expired():
        assert time.monotonic() < deadline, "the lease never expired"
        time.sleep(0.02)


def test_renewals_do_not_wait_for_writes_and_takeovers_do(pg_store: Store) -> None:
    """A write's fence check holds its lease row against a takeover until it commits, but
    never holds up the renewal of the node's leases (one statement for all of them)."""
    a = Leases(pg_store.engine, "a", ttl=0.5)
    b = Leases(pg_store.engine, "b", ttl=30)
    tokens = {table: a.acquire(table) for table in (11, 12, 13)}
    assert tokens == {11: 1, 12: 1, 13: 1}
    with pg_store.engine.connect() as writing:
        with writing.begin():
            a.check(writing, 11, 1)  # a write of tables 11 and 12 in progress
            a.check(writing, 12, 1)
            assert a.renew_many({**tokens, 14: 1}) == {11, 12, 13}  # not held: 14
            _wait_expired(a, 11)
            started = time.monotonic()
            assert b.acquire(11) is None  # it waited for the write, then gave up
            assert time.monotonic() - started >= 0.4
        # the write committed: the takeover goes through, and a's renewal fails
        assert b.acquire(11) == 2
    assert 11 not in a.renew_many({11: 1})


def test_a_batch_of_writes_still_fences_each_table(pg_store: Store) -> None:
    """The writes of one turn of the event loop share one transaction on PostgreSQL too
    (four writer threads); a table whose lease was lost has its write refused and nothing
    of it written, while the others' writes of the same batch are committed."""
    account = pg_store.create_account("batch-player", "a-password")
    tables = [pg_store.create_table(name=f"t{i}", game="five-card-draw", structure="fixed-limit",
                                    stakes="2/4", seats=2, config={}, chain_top=b"\1" * 32,
                                    chain_length=10).id for i in range(5)]
    keeper = LeaseKeeper(Leases(pg_store.engine, "a", ttl=30), lambda t: None)
    short = Leases(pg_store.engine, "a", ttl=0.3)  # the same node; one lease left to lapse
    other = Leases(pg_store.engine, "b", ttl=30)
    writer = Writer(pg_store)
    assert writer.threads > 1

    def deal(table: int, token: int, number: int) -> Callable[[Connection], int]:
        fence = keeper.fence(table, token)

        def job(conn: Connection) -> int:
            fence(conn)
            return pg_store.start_hand(table, number, seed=b"\0" * 32, commitment="c",
                                       setup={}, players=[account.id], button=0, conn=conn)
        return job

    async def main() -> list[int | BaseException]:
        for table in tables[:4]:
            assert await keeper.claim(table) == 1
        assert short.acquire(tables[4]) == 1
        _wait_expired(short, tables[4])
        assert other.acquire(tables[4]) == 2  # the lost table
        commits = writer.commits
        # one turn: the four tables' first hands together, one commit
        await asyncio.gather(*(writer.write(deal(t, 1, 1)) for t in tables[:4]))
        assert writer.commits == commits + 1
        # one turn: their second hands and the lost table's write
        return await asyncio.gather(*(writer.write(deal(t, 1, 2)) for t in tables),
                                    return_exceptions=True)

    try:
        results = asyncio.run(main())
    finally:
        writer.close()
    assert all(isinstance(r, int) for r in results[:4])
    assert isinstance(results[4], FencedError)
    with pg_store.engine.connect() as conn:
        rows = conn.execute(select(models.hands.c.table_id, models.hands.c.number)).all()
    assert sorted(tuple(r) for r in rows) == sorted(
        (t, n) for t in tables[:4] for n in (1, 2))  # nothing of the lost table's write
