"""Table leases among nodes (PostgreSQL): one holder at a time, a takeover only after
expiry with a higher fencing token, and a stale holder's writes refused whole; how the
leases and the batched writes share the lease rows (a renewal never waits for a write, a
takeover waits for the write in progress, a batch of several tables' writes in one
transaction still fences each table)."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable

import pytest
from sqlalchemy import Connection, func, select

from standpat.server.cluster.keeper import LeaseKeeper
from standpat.server.cluster.lease import FencedError, Leases
from standpat.server.live.writer import Writer
from standpat.store import Store, models


def _dealt(store: Store, table: int, number: int, player: int,
           fence: Callable[[Connection], object]) -> Callable[[Connection], int]:
    """A write that records hand ``number`` of ``table`` after ``fence`` let it through."""
    def job(conn: Connection) -> int:
        fence(conn)
        return store.hands.start(table, number, seed=b"\0" * 32, commitment="c", setup={},
                                players=[player], button=0, conn=conn)
    return job


def _wait_expired(leases: Leases, table_id: int) -> None:
    deadline = time.monotonic() + 10
    while table_id not in leases.expired():
        assert time.monotonic() < deadline, "the lease never expired"
        time.sleep(0.02)


def test_one_holder_then_a_takeover_after_expiry(pg_store: Store) -> None:
    a = Leases(pg_store.tx.engine, "a", ttl=0.3)
    b = Leases(pg_store.tx.engine, "b", ttl=0.3)
    first = a.acquire(7)
    assert first == 1
    assert b.acquire(7) is None  # held
    assert a.acquire(7) is None  # held, by a itself: it renews instead
    assert a.renew(7, first)
    _wait_expired(a, 7)
    second = b.acquire(7)
    assert second == 2
    assert not a.renew(7, first)  # lost: a must stop running table 7
    assert b.renew(7, second)
    b.release(7, second)
    assert a.acquire(7) == 3


def test_a_stale_holder_writes_nothing(pg_store: Store) -> None:
    account = pg_store.accounts.create("lease-player", "a-password")
    table = pg_store.tables.create(name="t", game="five-card-draw", structure="fixed-limit",
                                  stakes="2/4", seats=2, config={}, chain_top=b"\1" * 32,
                                  chain_length=10).id
    a = Leases(pg_store.tx.engine, "a", ttl=0.3)
    b = Leases(pg_store.tx.engine, "b", ttl=30)
    token = a.acquire(table)
    assert token is not None
    writer = Writer(pg_store)

    def deal(leases: Leases, lease: int, number: int) -> Callable[[Connection], int]:
        return _dealt(pg_store, table, number, account.id,
                      lambda conn: leases.check(conn, table, lease))

    async def main() -> tuple[int, BaseException | None, int]:
        mine = await writer.write(deal(a, token, 1))
        _wait_expired(a, table)  # a is paused past its lease ...
        taken = b.acquire(table)
        assert taken == token + 1
        refused = None
        try:  # ... and wakes up: its next write is fenced
            await writer.write(deal(a, token, 2))
        except FencedError as error:
            refused = error
        theirs = await writer.write(deal(b, taken, 2))
        return mine, refused, theirs

    try:
        mine, refused, theirs = asyncio.run(main())
    finally:
        writer.close()
    assert refused is not None and "no longer holds" in str(refused)
    with pg_store.tx.engine.connect() as conn:
        rows = conn.execute(select(models.hands.c.id, models.hands.c.number)
                            .order_by(models.hands.c.number)).all()
        count = conn.execute(select(func.count()).select_from(models.hand_players)).scalar_one()
    assert [tuple(r) for r in rows] == [(mine, 1), (theirs, 2)]  # nothing of a's second write
    assert count == 2


def test_a_node_paused_past_its_lease_loses_the_table_and_says_so(
    pg_store: Store, caplog: pytest.LogCaptureFixture
) -> None:
    account = pg_store.accounts.create("keeper-player", "a-password")
    table = pg_store.tables.create(name="t", game="five-card-draw", structure="fixed-limit",
                                  stakes="2/4", seats=2, config={}, chain_top=b"\1" * 32,
                                  chain_length=10).id
    lost: list[int] = []
    stale = LeaseKeeper(Leases(pg_store.tx.engine, "node-1", ttl=0.3), lost.append)
    other = LeaseKeeper(Leases(pg_store.tx.engine, "node-2", ttl=30), lambda t: None, confirm=0)
    writer = Writer(pg_store)

    def deal(keeper: LeaseKeeper, token: int, number: int) -> Callable[[Connection], int]:
        return _dealt(pg_store, table, number, account.id, keeper.fence(table, token))

    async def main() -> tuple[list[int], list[int], bool]:
        token = await stale.claim(table)
        assert token is not None and await other.claim(table) is None
        assert await stale.renew_all() == []
        await writer.write(deal(stale, token, 1))
        # node-1 is paused (its renewals do not run) past its lease; node-2 takes over
        _wait_expired(stale.leases, table)
        taken = await other.take_over()
        refused = False
        try:  # node-1 wakes up mid-round and tries its next write first
            await writer.write(deal(stale, token, 2))
        except FencedError:
            refused = True
        return taken, await stale.renew_all(), refused

    with caplog.at_level(logging.WARNING, logger="standpat.server"):
        try:
            taken, lost_now, refused = asyncio.run(main())
        finally:
            writer.close()
    assert taken == [table] and other.held == {table: 2}
    assert refused and lost_now == [table] and lost == [table] and stale.held == {}
    messages = [r.getMessage() for r in caplog.records]
    assert any("node-1: a write to table" in m and "refused" in m for m in messages)
    assert any("node-1 lost table" in m for m in messages)
    assert any("node-2 takes table" in m for m in messages)
    with pg_store.tx.engine.connect() as conn:
        numbers = conn.execute(select(models.hands.c.number)).scalars().all()
    assert numbers == [1]  # the stale node's second write left nothing


def test_the_tables_of_a_dead_node_are_shared_by_the_live_ones(pg_store: Store) -> None:
    dead = Leases(pg_store.tx.engine, "dead", ttl=0.3)
    for table in (1, 2, 3, 4, 5):
        assert dead.acquire(table) == 1
    for table in (1, 2, 3, 4, 5):
        _wait_expired(dead, table)
    first = LeaseKeeper(Leases(pg_store.tx.engine, "first", ttl=30), lambda t: None, confirm=0)
    second = LeaseKeeper(Leases(pg_store.tx.engine, "second", ttl=30), lambda t: None, confirm=0)

    async def main() -> tuple[list[int], list[int], list[int]]:
        # two live nodes: each takes half (rounded up) of what is still expired on its turn
        return (await first.take_over(2), await second.take_over(2),
                await first.take_over(2))

    one, two, again = asyncio.run(main())
    assert (one, two, again) == ([1, 2, 3], [4], [5])
    assert set(first.held) == {1, 2, 3, 5} and set(second.held) == {4}


def test_a_lease_that_expired_unclaimed_is_still_its_holders(pg_store: Store) -> None:
    """A database out of reach for longer than a lease lets every lease expire; when it is
    back the holder renews first (it tries every quarter of a second), and a node takes a
    lease over only once it has seen it expired on two looks a moment apart.  Meanwhile the
    holder's writes are still fenced by its token alone: nobody else can have written."""
    holder = LeaseKeeper(Leases(pg_store.tx.engine, "holder", ttl=0.5), lambda t: None)
    other = LeaseKeeper(Leases(pg_store.tx.engine, "other", ttl=30), lambda t: None, confirm=0.3)
    account = pg_store.accounts.create("blip-player", "a-password")
    table = pg_store.tables.create(name="t", game="five-card-draw", structure="fixed-limit",
                                  stakes="2/4", seats=2, config={}, chain_top=b"\1" * 32,
                                  chain_length=10).id
    writer = Writer(pg_store)

    async def main() -> tuple[list[int], list[int], list[int]]:
        token = await holder.claim(table)
        assert token is not None
        _wait_expired(holder.leases, table)  # the database was away: nobody renewed
        first_look = await other.take_over()  # the lease looks expired: noted, not taken
        await writer.write(_dealt(pg_store, table, 1, account.id,
                                  holder.fence(table, token)))  # its token still fences
        holder.leases.ttl = 30  # (a long lease from now on: the test does not race it)
        lost = await holder.renew_all()  # the holder renews as soon as it can
        second_look = await other.take_over()
        return first_look, lost, second_look

    try:
        first_look, lost, second_look = asyncio.run(main())
    finally:
        writer.close()
    assert first_look == [] and lost == [] and second_look == []
    assert holder.held == {table: 1} and other.held == {}
    with pg_store.tx.engine.connect() as conn:
        assert conn.execute(select(models.hands.c.number)).scalars().all() == [1]


def test_an_expired_lease_is_taken_over_once_seen_expired_for_a_moment(
    pg_store: Store,
) -> None:
    dead = Leases(pg_store.tx.engine, "dead", ttl=0.2)
    assert dead.acquire(7) == 1
    _wait_expired(dead, 7)
    taker = LeaseKeeper(Leases(pg_store.tx.engine, "taker", ttl=30), lambda t: None, confirm=0.3)

    async def main() -> tuple[list[int], list[int]]:
        first = await taker.take_over()
        await asyncio.sleep(0.35)
        return first, await taker.take_over()

    assert asyncio.run(main()) == ([], [7])
    assert taker.held == {7: 2}


def test_renewals_do_not_wait_for_writes_and_takeovers_do(pg_store: Store) -> None:
    """A write's fence check holds its lease row against a takeover until it commits, but
    never holds up the renewal of the node's leases (one statement for all of them)."""
    a = Leases(pg_store.tx.engine, "a", ttl=0.5)
    b = Leases(pg_store.tx.engine, "b", ttl=30)
    tokens: dict[int, int] = {}
    for table in (11, 12, 13):
        token = a.acquire(table)
        assert token is not None, table
        tokens[table] = token
    assert tokens == {11: 1, 12: 1, 13: 1}
    with pg_store.tx.engine.connect() as writing:
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
    account = pg_store.accounts.create("batch-player", "a-password")
    tables = [pg_store.tables.create(name=f"t{i}", game="five-card-draw", structure="fixed-limit",
                                    stakes="2/4", seats=2, config={}, chain_top=b"\1" * 32,
                                    chain_length=10).id for i in range(5)]
    keeper = LeaseKeeper(Leases(pg_store.tx.engine, "a", ttl=30), lambda t: None)
    short = Leases(pg_store.tx.engine, "a", ttl=0.3)  # the same node; one lease left to lapse
    other = Leases(pg_store.tx.engine, "b", ttl=30)
    writer = Writer(pg_store)
    assert writer.threads > 1

    def deal(table: int, token: int, number: int) -> Callable[[Connection], int]:
        return _dealt(pg_store, table, number, account.id, keeper.fence(table, token))

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
    with pg_store.tx.engine.connect() as conn:
        rows = conn.execute(select(models.hands.c.table_id, models.hands.c.number)).all()
    assert sorted(tuple(r) for r in rows) == sorted(
        (t, n) for t in tables[:4] for n in (1, 2))  # nothing of the lost table's write


def test_a_second_process_under_a_live_nodes_name_is_refused_as_running(
        pg_store: Store) -> None:
    """A process that starts under the name of a node that beats is refused as "already
    running" once it has seen one more beat, however fresh the beat it saw first was (the
    test beats just before each look, so the first beat seen is always the freshest)."""
    from standpat.server.cluster.host import ClusterHost
    from standpat.server.cluster.lease import DuplicateNodeError, Nodes
    from standpat.server.config import ServerConfig

    Leases(pg_store.tx.engine, "twin", ttl=3.0)  # the room's tables of leases and nodes
    live = Nodes(pg_store.tx.engine, "twin", "first-instance", ttl=3.0)
    assert live.register()
    config = ServerConfig(db="postgresql://unused", redis="redis://127.0.0.1:1",
                          node_id="twin", lease=3.0)
    second = ClusterHost(pg_store, config)
    real = Nodes.holder

    def holder(self: Nodes) -> object:
        assert live.beat(0)  # the live process beats a moment before every look
        return real(self)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Nodes, "holder", holder)
        started = time.monotonic()
        with pytest.raises(DuplicateNodeError, match="already running"):
            second.register()
    assert time.monotonic() - started < 3.0
    still = real(live)
    assert still is not None and still[0] == "first-instance"  # nothing taken
