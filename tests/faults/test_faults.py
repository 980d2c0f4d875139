"""The node fault suite: a room of three nodes on PostgreSQL and Redis survives the faults a
deployment meets.  Each test starts its own room (three ``standpat serve`` processes, a Redis
and a database of their own), seats people on every node at tables of every node, plays,
then causes one fault, and holds the room to the same promises after it:

- every person whose socket is on a live node keeps his seat and is asked to act again, and
  every table deals again, within 15 s of the fault's end (:data:`tests.faults.room.BOUND`);
- no chip is lost: the ledger balances (``standpat admin check``);
- every client command type, sent through a node that does not run the table, gets its
  answer or its error with the right code;
- no surviving node logs a traceback.

Each fault's cost, as measured, is written to build/faults/ (docs/server.md has the table).
They run with ``make long`` (a part of CI, apart from ``make test``).
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from standpat.store import user_wallet
from tests.faults.room import LEASE, RESULTS, Cost, Person, Room, _until, now, reconnect
from tests.faults.services import Postgres
from tests.server.live import PATIENCE

pytestmark = pytest.mark.long


@pytest.fixture(scope="module")
def pg() -> Iterator[Postgres]:
    server = Postgres()
    server.start()
    try:
        yield server
    finally:
        server.close()


@pytest.fixture
def room(pg: Postgres, tmp_path: Path) -> Iterator[Room]:
    made = Room(pg, tmp_path)
    try:
        yield made
    finally:
        for node in made.nodes.values():
            node.stop()
        made.redis.close()


def _save(cost: Cost) -> None:
    RESULTS.mkdir(parents=True, exist_ok=True)
    name = cost.fault.split(":")[0].replace(" ", "-")
    (RESULTS / f"{name}.json").write_text(json.dumps(dataclasses.asdict(cost), indent=1))
    print(f"{cost.fault}: asked again after {cost.back_in:.1f} s, dealt again after "
          f"{cost.dealt_in:.1f} s, longest pause {cost.longest_pause:.1f} s, "
          f"{cost.voided} hands voided")


def _voided(room: Room) -> int:
    return sum(1 for t in room.tables for h in room.store.hands.of_table(t)
               if h["status"] == "void")


async def _running_hand(room: Room, table: int) -> int:
    hands = await _until(lambda: [h for h in room.store.hands.of_table(table)
                                  if h["status"] == "running"], "a hand running", 30)
    return int(hands[0]["id"])


def _no_tracebacks(room: Room, but: set[str] = frozenset()) -> None:  # type: ignore[assignment]
    assert [n for n in room.tracebacks() if n not in but] == []


def test_kill_9_of_the_node_running_a_table_mid_hand(room: Room) -> None:
    async def main() -> None:
        try:
            await room.seat_everyone()
            table = room.tables[0]
            victim = room.owner_of(table)
            running = await _running_hand(room, table)
            started, wall = now()
            await asyncio.to_thread(room.nodes[victim].kill)
            ended = started
            room.dead.add(victim)
            survivor = room.live()[0]
            for person in room.at(victim):  # their browsers connect again, to a live node
                await reconnect(person, survivor)
            cost = Cost("kill -9: the node running a table, mid-hand")
            await room.check(cost, started, ended, wall)
            assert room.store.hands.get(running)["status"] == "void"
            assert room.owner_of(table) not in ("", victim)
            cost.voided = _voided(room)
            await room.commands("probe")
            await asyncio.to_thread(room.admin_check)
            _save(cost)
        finally:
            await room.close()

    asyncio.run(main())
    _no_tracebacks(room)


def test_a_node_paused_past_its_lease_is_fenced_and_cashes_nobody_out_twice(room: Room) -> None:
    async def main() -> None:
        try:
            await room.seat_everyone()
            table = room.tables[0]
            victim = room.owner_of(table)
            # one more player at that table, on a live node, who leaves as the node stops
            elsewhere = next(n for name, n in room.nodes.items() if name != victim)
            leaver = Person(elsewhere, "leaver", seed=99)
            await leaver.connect()
            await leaver.send(type="sit", table=table, buy_in=200)
            await leaver.wait_for(lambda f: f["type"] == "table" and bool(f.get("you")))
            await leaver.send(type="leave", table=table)
            proc = room.nodes[victim].proc
            assert proc is not None
            started = time.monotonic()
            os.kill(proc.pid, signal.SIGSTOP)
            try:
                await _until(lambda: room.owner_of(table) not in ("", victim),
                             "the table taken over", 3 * LEASE * PATIENCE)
            finally:
                os.kill(proc.pid, signal.SIGCONT)
            ended, wall = now()
            cost = Cost("SIGSTOP past the lease, then SIGCONT: the node running a table")
            await room.check(cost, started, ended, wall)
            log = (room.tmp / f"{victim}.log").read_text()
            await _until(lambda: "lease" in (room.tmp / f"{victim}.log").read_text(),
                         "the woken node notices", 30)
            # his leave reached the table once, before the pause or after it: if not, he
            # leaves now, through the new owner
            seated = {s.account_id for s in room.store.tables.seats(table)}
            if leaver.account in seated:
                await leaver.send(type="leave", table=table)
            try:
                await _until(lambda: leaver.account not in {
                    s.account_id for s in room.store.tables.seats(table)},
                    "the leaver cashed out", 30)
            except AssertionError as failed:
                frames = [f for f in leaver.frames if f["type"] != "table"][-6:]
                raise AssertionError(
                    f"{failed}; seated at the check: {leaver.account in seated}; "
                    f"{leaver.state()}; his last frames not of the table: {frames}; "
                    f"the seats stored: {room.store.tables.seats(table)}; the owner now: "
                    f"{room.owner_of(table)} (was {victim})") from None
            outs = [r for r in room.store.ledger.rows(user_wallet(leaver.account), 500)
                    if r["kind"] == "cash-out" and r["table_id"] == table]
            assert len(outs) == 1, outs
            cost.voided = _voided(room)
            cost.notes.append("the paused node's writes were refused" if "refused" in log
                              or "lost table" in log else "")
            await room.commands("probe")
            await asyncio.to_thread(room.admin_check)
            await leaver.close()
            _save(cost)
        finally:
            await room.close()

    asyncio.run(main())
    _no_tracebacks(room)


def test_redis_restarted(room: Room) -> None:
    async def main() -> None:
        try:
            await room.seat_everyone()
            owners = {t: room.owner_of(t) for t in room.tables}
            started = time.monotonic()
            room.redis.stop()
            # during the outage: log-in and the lobby answer, or say 503 with Retry-After
            for node in room.live():
                async with httpx.AsyncClient(base_url=node.base, timeout=10) as http:
                    lobby = await http.get("/api/tables")
                    assert lobby.status_code == 200, lobby.text
                    login = await http.post("/api/session", json={"name": "p00",
                                                                  "password": "pw-p00-pw"})
                    assert login.status_code in (200, 503), login.text
                    if login.status_code == 503:
                        assert login.headers.get("Retry-After")
            await asyncio.sleep(max(0.0, 7 - (time.monotonic() - started)))  # down ~7 s
            await asyncio.to_thread(room.redis.start)
            ended, wall = now()
            cost = Cost("Redis restarted: down 7 s")
            await room.check(cost, started, ended, wall)
            assert {t: room.owner_of(t) for t in room.tables} == owners  # nothing moved
            cost.voided = _voided(room)
            assert cost.voided == 0
            await room.commands("probe")
            await asyncio.to_thread(room.admin_check)
            _save(cost)
        finally:
            await room.close()

    asyncio.run(main())
    _no_tracebacks(room)


def test_postgresql_restarted_within_the_lease(room: Room, pg: Postgres) -> None:
    async def main() -> None:
        try:
            await room.seat_everyone()
            owners = {t: room.owner_of(t) for t in room.tables}
            voided = _voided(room)
            room.store.tx.engine.dispose()
            started = time.monotonic()
            await asyncio.to_thread(pg.stop)
            await asyncio.sleep(5)  # down 5 s, within the lease of 10 s
            await asyncio.to_thread(pg.start)
            ended, wall = now()
            cost = Cost("PostgreSQL restarted: down 5 s")
            await room.check(cost, started, ended, wall)
            # a blip shorter than the lease voids no hand and moves no table
            assert _voided(room) == voided
            assert {t: room.owner_of(t) for t in room.tables} == owners
            await room.commands("probe")
            await asyncio.to_thread(room.admin_check)
            _save(cost)
        finally:
            await room.close()

    asyncio.run(main())
    _no_tracebacks(room)


def test_one_node_restarted(room: Room) -> None:
    async def main() -> None:
        try:
            await room.seat_everyone()
            victim = room.owner_of(room.tables[0])
            started = time.monotonic()
            await asyncio.to_thread(room.nodes[victim].stop)  # SIGTERM: it gives its leases up
            await asyncio.to_thread(room.nodes[victim].start)
            ended, wall = now()
            for person in room.at(victim):  # their browsers connect again to their node
                await reconnect(person, room.nodes[victim])
            cost = Cost("one node restarted (SIGTERM, then started again)")
            await room.check(cost, started, ended, wall)
            cost.voided = _voided(room)
            await room.commands("probe")
            await asyncio.to_thread(room.admin_check)
            _save(cost)
        finally:
            await room.close()

    asyncio.run(main())
    _no_tracebacks(room)


def test_a_node_started_with_a_duplicate_id_is_refused(room: Room) -> None:
    async def main() -> None:
        try:
            await room.seat_everyone()
            twin = room.node("n2")
            started = time.monotonic()
            done = await asyncio.to_thread(
                subprocess.run,
                [sys.executable, "-m", "standpat.cli", "serve", "--db", room.db, "--port",
                 str(twin.port), "--redis", room.redis.url, "--node-id", "n2",
                 "--lease", str(LEASE)],
                capture_output=True, text=True, timeout=60 * PATIENCE)
            assert done.returncode == 2, done.stdout + done.stderr
            assert "already running" in done.stderr, done.stderr
            ended, wall = now()
            cost = Cost("a node started with a duplicate id: refused")
            await room.check(cost, started, ended, wall)
            cost.voided = _voided(room)
            assert cost.voided == 0
            await room.commands("probe")
            await asyncio.to_thread(room.admin_check)
            _save(cost)
        finally:
            await room.close()

    asyncio.run(main())
    _no_tracebacks(room)
