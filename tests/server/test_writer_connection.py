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
        with pg_store.engine.connect() as other:
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
