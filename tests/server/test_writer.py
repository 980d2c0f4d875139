"""The room's writer: writes of many tables grouped into few transactions, a failing write
failing alone, every result handed back to the table that waits for it."""

from __future__ import annotations

import asyncio
import threading
from functools import partial
from pathlib import Path

import pytest
from sqlalchemy import Connection, func, select

from standpat.errors import TableError
from standpat.server.live.writer import Writer
from standpat.store import Store, models


def _hand(store: Store, table_id: int, number: int, conn: Connection) -> int:
    return store.hands.start(table_id, number, seed=b"\0" * 32, commitment="c", setup={},
                            players=[PLAYER], button=0, conn=conn)


PLAYER = 1
"""The account every test round deals in (the first account of a fresh store)."""


def _store(path: Path) -> Store:
    store = Store(f"sqlite:///{path / 'w.db'}")
    assert store.accounts.create("writer-test", "a-password").id == PLAYER
    return store


async def _held(
    writer: Writer,
) -> tuple[asyncio.Future[bool], threading.Event, threading.Event]:
    """A write that holds the writer's thread until the returned gate is set; returned once
    it has started, so whatever is written next waits behind it."""
    started, gate = threading.Event(), threading.Event()

    def hold(conn: Connection) -> bool:
        started.set()
        return gate.wait(10)

    future = asyncio.ensure_future(writer.write(hold))
    while not started.is_set():
        await asyncio.sleep(0.001)
    return future, gate, started


def _table(store: Store, name: str) -> int:
    return store.tables.create(name=name, game="five-card-draw", structure="fixed-limit",
                              stakes="2/4", seats=2, config={}, chain_top=b"\1" * 32,
                              chain_length=10, owner=None, max_owned=None).id


def test_writes_waiting_together_share_one_commit(tmp_path: Path) -> None:
    store = _store(tmp_path)
    tables = [_table(store, f"t{i}") for i in range(8)]
    writer = Writer(store)

    async def main() -> list[int]:
        # the first write holds the thread until the others are queued behind it
        first, gate, _ = await _held(writer)
        rest = [asyncio.ensure_future(writer.write(partial(_hand, store, t, 1)))
                for t in tables]
        while writer.queued < len(tables):
            await asyncio.sleep(0.001)
        gate.set()
        await first
        return list(await asyncio.gather(*rest))

    try:
        ids = asyncio.run(main())
        assert len(set(ids)) == len(tables)
        assert writer.writes == len(tables) + 1
        assert writer.commits == 2  # the gate's, then the eight together
        with store.tx.engine.connect() as conn:
            stored = conn.execute(select(func.count()).select_from(models.hands)).scalar_one()
        assert stored == len(tables)
    finally:
        writer.close()
        store.close()


def test_a_busy_thread_lets_its_commits_be_paced_and_groups_what_comes_meanwhile(
    tmp_path: Path,
) -> None:
    """With ``every``, a write after a quiet spell commits at once; the writes that come
    sooner after that commit wait, each from its own turn of the loop and the thread free,
    and share the next commit (the pace is long here, so only closing the writer ends the
    wait: nothing depends on how fast the machine is)."""
    store = _store(tmp_path)
    tables = [_table(store, f"t{i}") for i in range(3)]
    writer = Writer(store, every=600.0)

    async def main() -> list[int]:
        first = await asyncio.wait_for(  # the first waits for nothing (not 600 s)
            writer.write(partial(_hand, store, tables[0], 1), tables[0]), 60)
        second = asyncio.ensure_future(writer.write(partial(_hand, store, tables[1], 1), tables[1]))
        while (writer._jobs.qsize() or writer.queued < 1) and not second.done():
            # until the thread took it, and waits
            await asyncio.sleep(0.001)
        assert writer.commits == 1 and not second.done()
        third = asyncio.ensure_future(writer.write(partial(_hand, store, tables[2], 1), tables[2]))
        while (writer._jobs.qsize() or writer.queued < 2) and not third.done():
            await asyncio.sleep(0.001)
        await asyncio.to_thread(writer.close)  # the wait ends: what it holds is made
        return [first, await second, await third]

    try:
        ids = asyncio.run(main())
        assert len(set(ids)) == 3
        assert writer.writes == 3
        assert writer.commits == 2  # the first alone, then the two that waited together
    finally:
        writer.close()
        store.close()


def test_a_lone_tables_writes_one_after_another_are_not_paced(tmp_path: Path) -> None:
    """A table that writes alone has nothing to share its commits with: its writes one after
    another commit at once, though the pace is 600 s (a second table writing makes the
    next write wait)."""
    store = _store(tmp_path)
    lone, other = _table(store, "lone"), _table(store, "other")
    writer = Writer(store, every=600.0)

    async def main() -> None:
        for number in range(1, 4):
            await asyncio.wait_for(writer.write(partial(_hand, store, lone, number), lone), 60)
        assert writer.commits == 3
        later = asyncio.ensure_future(writer.write(partial(_hand, store, other, 1), other))
        while (writer._jobs.qsize() or writer.queued < 1) and not later.done():
            await asyncio.sleep(0.001)
        await asyncio.sleep(0.2)  # long enough for an unpaced commit to be made
        assert not later.done() and writer.commits == 3
        await asyncio.to_thread(writer.close)  # the wait ends
        await later

    try:
        asyncio.run(main())
        assert writer.writes == writer.commits == 4
    finally:
        writer.close()
        store.close()


def test_a_failing_write_fails_alone(tmp_path: Path) -> None:
    store = _store(tmp_path)
    good, other = _table(store, "good"), _table(store, "other")
    writer = Writer(store)

    def settle_twice(conn: Connection) -> None:
        # a round settled twice: the store refuses the second
        hand = _hand(store, other, 1, conn)
        store.hands.finish(other, hand, {}, {}, conn=conn)
        store.hands.finish(other, hand, {}, {}, conn=conn)

    async def main() -> list[BaseException | int]:
        first, gate, _ = await _held(writer)
        ok = asyncio.ensure_future(writer.write(lambda conn: _hand(store, good, 1, conn)))
        bad = asyncio.ensure_future(writer.write(settle_twice))
        while writer.queued < 2:
            await asyncio.sleep(0.001)
        gate.set()
        await first
        try:
            await bad
        except TableError as error:
            return [await ok, error]
        return [await ok]

    try:
        ok, bad = asyncio.run(main())  # the bad write raised; the good one did not
        assert isinstance(ok, int)
        assert isinstance(bad, TableError)
        with store.tx.engine.connect() as conn:
            tables = conn.execute(select(models.hands.c.table_id)).scalars().all()
        assert tables == [good]  # the failing write left nothing, the good one is kept
    finally:
        writer.close()
        store.close()


def test_closing_makes_what_is_queued(tmp_path: Path) -> None:
    store = _store(tmp_path)
    table = _table(store, "t")
    writer = Writer(store)

    async def main(number: int) -> int:
        return await writer.write(lambda conn: _hand(store, table, number, conn))

    try:
        assert asyncio.run(main(1)) > 0
        writer.close()
        assert writer._pool == []
        # written to again, it starts again
        assert asyncio.run(main(2)) > 0
    finally:
        writer.close()
        store.close()


@pytest.mark.parametrize("threads", [1, 3])
def test_every_write_is_answered_under_load(tmp_path: Path, threads: int) -> None:
    store = _store(tmp_path)
    tables = [_table(store, f"t{i}") for i in range(5)]
    writer = Writer(store, threads=threads)

    async def table(t: int) -> list[int]:
        ids = []
        for n in range(1, 21):
            def job(conn: Connection, n: int = n) -> int:
                return _hand(store, t, n, conn)
            ids.append(await writer.write(job))
        return ids

    async def main() -> list[list[int]]:
        return list(await asyncio.gather(*(table(t) for t in tables)))

    try:
        ids = asyncio.run(main())
        assert sorted(i for row in ids for i in row) == list(range(1, 101))
        assert writer.writes == 100 and writer.commits <= 100
    finally:
        writer.close()
        store.close()
