"""The writer keeps each thread's connection between transactions; one the database dropped
(a restart, an operator ending it) costs no write: the write is made on a new connection."""

from __future__ import annotations

import asyncio

from sqlalchemy import Connection, text

from standpat.server.live.writer import Writer
from standpat.store import Store


def test_a_connection_the_database_dropped_loses_no_write(pg_store: Store) -> None:
    writer = Writer(pg_store, threads=1)

    def backend(conn: Connection) -> int:
        return int(conn.execute(text("SELECT pg_backend_pid()")).scalar_one())

    async def main() -> tuple[int, int, int]:
        first = await writer.write(backend)
        again = await writer.write(backend)
        # the database ends the writer's connection between two writes
        with pg_store.tx.engine.connect() as other:
            other.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": first})
            other.commit()
        after = await writer.write(backend)
        return first, again, after

    try:
        first, again, after = asyncio.run(main())
    finally:
        writer.close()
    assert again == first  # kept between transactions
    assert after != first  # the dropped one was replaced, and the write made


def test_a_dropped_connection_loses_no_round_write(pg_store: Store) -> None:
    """A round's writes run on the driver's own cursor (no SQLAlchemy statement): the
    driver's error on a connection the database dropped still makes the write again."""
    player = pg_store.accounts.create("dropped-conn", "a-password").id
    table = pg_store.tables.create(name="dropped", game="five-card-draw", structure="fixed-limit",
                                  stakes="2/4", seats=2, config={}, chain_top=b"\1" * 32,
                                  chain_length=10).id
    writer = Writer(pg_store, threads=1)

    def backend(conn: Connection) -> int:
        return int(conn.execute(text("SELECT pg_backend_pid()")).scalar_one())

    def deal(conn: Connection) -> int:
        return pg_store.hands.start(table, 1, seed=b"\0" * 32, commitment="c", setup={"a": 1},
                                   players=[player], button=0, conn=conn)

    async def main() -> tuple[int, int, int]:
        first = await writer.write(backend)
        with pg_store.tx.engine.connect() as other:
            other.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": first})
            other.commit()
        hand = await writer.write(deal)
        return first, hand, await writer.write(backend)

    try:
        first, hand, after = asyncio.run(main())
    finally:
        writer.close()
    assert after != first  # made on a new connection
    assert pg_store.hands.get(hand)["setup"] == {"a": 1}
    assert pg_store.hands.get(hand)["status"] == "running"
