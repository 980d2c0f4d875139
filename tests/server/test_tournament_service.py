"""The tournament service's hold on a tournament's lease (standpat.server.tournament_service):
a tournament over keeps its lease while a table of it still runs on this node, since the
table's last writes (its close, its chips back to the tournament's) are fenced by that lease
in a room of several nodes; the lease goes at the first look after the last table stopped.
Orders for a table that does not run at that moment wait for it (on one node or several).
"""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

from standpat.server.room import LocalHost
from standpat.server.tournament_service import TournamentService
from standpat.server.tournaments.director import CloseAt, Director, Paid, SeatAt
from standpat.store import Store, TableRecord
from standpat.tournament import Level, Structure, Tournament, TournamentSpec

FAST = Structure("fast", tuple(Level(10 * 2**i, 20 * 2**i) for i in range(4)), 30.0, 1000)


class Leases:
    """A placement of several nodes that records what it was asked."""

    several = True

    def __init__(self) -> None:
        self.released: list[int] = []

    async def claim(self, tournament: int) -> bool:
        return True

    async def run(self, tournament: int, record: TableRecord) -> bool:
        return True

    async def release(self, tournament: int) -> None:
        self.released.append(tournament)

    def line_elsewhere(self, tournament: int) -> dict[str, Any] | None:
        return None

    async def lead(self) -> bool:
        return False


def _finished() -> tuple[Director, list[object]]:
    """A heads-up tournament whose one hand busted a player: over, its table told to close."""
    spec = TournamentSpec("two", FAST, seats=2, buy_in=100, max_entrants=2)
    director = Director(Tournament(spec, random.Random(1)), {"a": 1, "b": 2})
    seats = {o.account: o.seat for n, e in (("a", 11), ("b", 12))
             for o in director.register(n, e) if isinstance(o, SeatAt)}
    director.hand_started(1, big_blind=seats[2])
    orders = director.hand_over(1, {seats[1]: 2000, seats[2]: 0},
                                {seats[1]: 1000, seats[2]: 1000})
    return director, list(orders)


def test_a_finished_tournament_keeps_its_lease_until_its_last_table_has_closed(
        tmp_path: Path) -> None:
    director, orders = _finished()
    assert director.over
    assert any(isinstance(o, CloseAt) for o in orders) and isinstance(orders[-1], Paid)
    store = Store(f"sqlite:///{tmp_path / 'room.db'}")
    host = SimpleNamespace(tables={7: object()}, fences={}, tournaments=None)
    leases = Leases()
    service = TournamentService(store, cast(LocalHost, host), placement=leases)
    service.directors[1] = director
    service.rooms[1] = {1: 7}

    async def look() -> None:
        service._last = service.now()
        await service._look()

    try:
        asyncio.run(look())
        assert leases.released == [], "the table still writes its close under the lease"
        assert service.directors == {1: director}
        del host.tables[7]
        host.fences[7] = object()  # starting again (after a failed write): still its own
        asyncio.run(look())
        assert leases.released == []
        del host.fences[7]
        asyncio.run(look())
        assert leases.released == [1] and service.directors == {}
        asyncio.run(look())
        assert leases.released == [1], "released once"
    finally:
        store.close()


def test_orders_queued_for_a_table_taken_over_reach_it_however_it_came_to_run_here(
        tmp_path: Path) -> None:
    """After a takeover, orders for a table not yet run here wait for it; when the table is
    found running here at a look (the host started it, or an earlier look did), they are
    sent to it. (The two-node 200-entrant tournament once stalled forever: a player moved to
    table 12 stayed on his way there, and the table waited for him.)"""
    director, _ = _finished()
    store = Store(f"sqlite:///{tmp_path / 'room.db'}")
    sent: list[tuple[int, Any]] = []

    async def send(table_id: int, command: Any) -> None:
        sent.append((table_id, command.payload))

    host = SimpleNamespace(tables={}, fences={7: object()}, tournaments=None, send=send)
    service = TournamentService(store, cast(LocalHost, host), placement=Leases())
    service.directors[1] = director
    service.rooms[1] = {12: 7}
    seat = SeatAt(number=12, seat=5, account=141, stack=1724, bot="normal")
    try:
        asyncio.run(service.carry_out(1, [seat]))
        assert sent == [] and service.queued == {7: [seat]}, "not run here yet: it waits"
        asyncio.run(service._gather(1))
        assert sent == [], "starting again: still waits"
        host.tables[7] = object()  # the host runs it now (its fence kept, as LocalHost does)
        asyncio.run(service._gather(1))
        assert sent == [(7, [seat])] and service.queued == {}
        asyncio.run(service._gather(1))
        assert sent == [(7, [seat])], "sent once"
    finally:
        store.close()


def test_on_one_node_orders_for_a_table_starting_again_wait_for_it(tmp_path: Path) -> None:
    """A room of one node: orders for a tournament table that does not run at that moment
    (starting again after a failure, or not started yet as the room starts) wait for it and
    reach it at the first look that finds it running; the service never starts a table
    itself (the host does)."""
    director, _ = _finished()
    store = Store(f"sqlite:///{tmp_path / 'room.db'}")
    sent: list[tuple[int, Any]] = []

    async def send(table_id: int, command: Any) -> None:
        sent.append((table_id, command.payload))

    host = SimpleNamespace(tables={}, fences={7: None}, tournaments=None, send=send)
    service = TournamentService(store, cast(LocalHost, host))
    service.directors[1] = director
    service.rooms[1] = {12: 7}
    seat = SeatAt(number=12, seat=5, account=141, stack=1724, bot="normal")
    try:
        asyncio.run(service.carry_out(1, [seat]))
        asyncio.run(service._gather(1))
        assert sent == [] and service.queued == {7: [seat]}, "starting again: it waits"
        host.tables[7] = object()
        asyncio.run(service._gather(1))
        assert sent == [(7, [seat])] and service.queued == {}
        asyncio.run(service.carry_out(1, [seat]))  # running: given at once
        assert sent == [(7, [seat])] * 2
    finally:
        store.close()
