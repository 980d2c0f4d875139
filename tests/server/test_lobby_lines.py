"""Which node runs a table, as another node learns it: a line from an owner the table has
since left (a lower lease token) never routes commands back to it, whether it comes
announced on the bus or read from the lobby's shared hash.

Found by the fault suite: a node woken from a pause past its lease listed its lost table
once more in the shared hash, and the others sent that table's commands to it for as long
as the new owner's line stayed the same (a player's ``leave`` answered "not run by this
node" for 30 s)."""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Iterator
from typing import cast

import orjson
import pytest

from standpat.server.cluster import envelopes as e
from standpat.server.cluster.host import ClusterHost
from standpat.server.cluster.keeper import LeaseKeeper
from standpat.server.cluster.lease import Leases
from standpat.server.config import ServerConfig
from standpat.server.live.task import LiveTable
from standpat.store import Store
from tests.server.conftest import fresh_postgres_database, need_redis


@pytest.fixture
def host() -> Iterator[ClusterHost]:
    url = need_redis()
    for db in fresh_postgres_database():
        store = Store(db)
        node = ClusterHost(store, ServerConfig(db=db, redis=url, node_id="n2"))
        node.bus.prefix = f"test-{secrets.token_hex(4)}"
        try:
            yield node
        finally:
            store.close()


def _line(node: str, lease: int) -> dict[str, object]:
    return {"id": 1, "name": "t", "node": node, "lease": lease}


def test_an_announced_takeover_is_not_undone_by_the_old_owner_s_line(host: ClusterHost) -> None:
    host._arrived(e.Owner(table=1, line=_line("n1", 1)))
    assert host._owner(1) == "n1"
    host._arrived(e.Owner(table=1, line=_line("n3", 2)))
    assert host._owner(1) == "n3"
    host._arrived(e.Owner(table=1, line=_line("n1", 1)))  # late, from before the takeover
    assert host._owner(1) == "n3"
    host._arrived(e.Owner(table=1, line=_line("n1", 3)))  # n1 took it back since
    assert host._owner(1) == "n1"


def test_the_shared_hash_s_stale_line_is_not_read_over_a_newer_one(host: ClusterHost) -> None:
    async def run() -> None:
        key = host.bus.key("tables")
        try:
            host._arrived(e.Owner(table=1, line=_line("n3", 2)))
            # the hash still holds the old owner's line (the new one writes its own later)
            await host.bus.redis.hset(key, "1", orjson.dumps(_line("n1", 1)))
            await host._read_lobby()
            assert host._owner(1) == "n3"
            await host.bus.redis.hset(key, "1", orjson.dumps(_line("n3", 2) | {"name": "u"}))
            await host._read_lobby()
            assert host.lobby[1]["name"] == "u"
        finally:
            await host.bus.redis.delete(key)
            await host.bus.redis.aclose()

    asyncio.run(run())


def test_a_node_lists_no_table_whose_lease_it_lost(host: ClusterHost) -> None:
    """Woken from a pause, a node still runs its lost table for a moment (the table stops on
    its first refused write): its lobby turn must not list it."""

    async def run() -> None:
        key = host.bus.key("tables")
        host.keeper = LeaseKeeper(Leases(host.store.tx.engine, "n2"), lambda table: None)
        host.local.tables[7] = cast(LiveTable, None)  # still here; its lease is not held
        try:
            await host._write_lobby()
            assert await host.bus.redis.hgetall(key) == {}
        finally:
            del host.local.tables[7]
            await host.bus.redis.delete(key)
            await host.bus.redis.aclose()

    asyncio.run(run())
