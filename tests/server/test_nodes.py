"""A room of several nodes: three ``standpat serve`` processes on loopback sharing one
PostgreSQL database and one Redis.

- Clients connected to different nodes play at the same tables; every frame passes the
  privacy check; the books balance.
- Failover: a node killed with SIGKILL mid-hand; its tables resume on the others, the hand
  voided, every chip accounted for, and its clients come back through another node.
- Split brain: a node paused (SIGSTOP) past its lease while another takes its table; when
  it wakes (SIGCONT) it writes nothing to that table, and says so in its log.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import time
from collections.abc import Callable, Coroutine, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from standpat.server.sessions import LOGGED_OUT
from standpat.store import Store
from tests.server.conftest import fresh_postgres_database
from tests.server.live import (
    FAST,
    PATIENCE,
    Player,
    Server,
    check_privacy,
    operator,
    random_policy,
)

LEASE = 2.0
"""Seconds of a table's lease in these tests (the room's default is 10)."""


@pytest.fixture
def pg_db() -> Iterator[str]:
    yield from fresh_postgres_database()


def start_nodes(db: str, redis: str, tmp_path: Path, count: int, *extra: str) -> list[Server]:
    nodes = []
    for n in range(1, count + 1):
        nodes.append(Server(db, *FAST, "--redis", redis, "--node-id", f"n{n}", "--lease",
                            str(LEASE), *extra, log=tmp_path / f"node{n}.log"))
    # the first node makes the database's tables; the others join it
    nodes[0].start()
    for node in nodes[1:]:
        node.start()
    return nodes


def run_nodes(
    db: str, redis: str, tmp_path: Path, count: int,
    play: Callable[[list[Server]], Coroutine[Any, Any, None]],
) -> None:
    """Start ``count`` nodes, run ``play`` against them, stop them; then the books must
    balance and no node may have logged a traceback."""
    nodes = start_nodes(db, redis, tmp_path, count)
    try:
        asyncio.run(play(nodes))
    finally:
        for node in nodes:
            node.stop()
    store = Store(db, migrate=False)
    assert store.ledger.check() == []
    store.close()
    for n in range(1, count + 1):
        assert "Traceback" not in (tmp_path / f"node{n}.log").read_text()


def owner_of(node: Server, table: int) -> str:
    got = httpx.get(f"{node.base}/api/tables/{table}", timeout=10).json()
    assert "node" in got, got
    return str(got["node"])


def wait_until(test: Any, what: str, timeout: float) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = test()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"{what}: not within {timeout} s")


async def wait_for(test: Any, what: str, timeout: float) -> Any:
    """``wait_until`` for a test whose clients run on this event loop."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = test()
        if value:
            return value
        await asyncio.sleep(0.05)
    raise AssertionError(f"{what}: not within {timeout} s")


def done_hands(store: Store, table: int) -> int:
    return sum(1 for h in store.hands.of_table(table) if h["status"] == "done")


def test_clients_of_three_nodes_play_at_the_same_tables(
    pg_db: str, redis_url: str, tmp_path: Path
) -> None:
    run_nodes(pg_db, redis_url, tmp_path, 3, three_nodes)


async def three_nodes(nodes: list[Server]) -> None:
    owner = Player(nodes[0], "owner")
    tables = []
    for _ in range(3):
        made = owner.http.post("/api/tables", json={"game": "five-card-draw",
                                                    "structure": "fixed-limit",
                                                    "stakes": "2/4", "seats": 3})
        assert made.status_code == 201, made.text
        tables.append(made.json()["id"])
    # new tables go to the least loaded node: one each
    assert sorted(owner_of(nodes[0], t) for t in tables) == ["n1", "n2", "n3"]
    # every node's lobby lists every table
    for node in nodes:
        listed = {line["id"] for line in httpx.get(f"{node.base}/api/tables").json()["tables"]}
        assert set(tables) <= listed
    players = []
    for k, table in enumerate(tables):
        for j in range(3):  # three people at each table, each on a different node
            node = nodes[(k + j) % 3]
            player = Player(node, f"p{k}{j}", seed=10 * k + j)
            await player.connect()
            await player.send(type="sit", table=table, buy_in=200)
            players.append(player)
    spectator = Player(nodes[1], "watcher")
    spectator.policy = None
    await spectator.connect()
    for table in tables:
        await spectator.send(type="watch", table=table)
    store = Store(nodes[0].db, migrate=False)
    deadline = time.monotonic() + 90 * PATIENCE
    while time.monotonic() < deadline:
        if min(done_hands(store, t) for t in tables) >= 4:
            break
        await asyncio.sleep(0.2)
    assert min(done_hands(store, t) for t in tables) >= 4

    def lobbies_current() -> bool:
        # each owner writes the lines that changed: every node's lobby shows the three
        # players seated and the hands played at every table
        for node in nodes:
            lines = {line["id"]: line for line in
                     httpx.get(f"{node.base}/api/tables", timeout=10).json()["tables"]}
            for table in tables:
                if lines[table]["taken"] != 3 or lines[table]["hands"] < 4:
                    return False
        return True

    await wait_for(lobbies_current, "every node's lobby current", 10 * PATIENCE)
    for player in players:
        assert player.errors == [], (player.name, player.errors)
        # each saw his own cards dealt at a table run by (usually) another node
        assert any(f.get("type") == "table" and f.get("you") for f in player.frames)
    assert check_privacy([*players, spectator], store) > 100
    # a session is valid on every node, and logging out on one closes its sockets on all
    first = players[0]
    tab = first.another_tab()
    tab.server = next(n for n in nodes if n is not first.server)
    await tab.connect()
    await tab.send(type="watch", table=tables[0])
    await tab.wait_for(lambda f: f.get("type") == "table" and f.get("you") is not None)
    assert first.http.delete("/api/session").status_code in (200, 204)
    for socket in (first.socket, tab.socket):
        assert socket is not None
        await asyncio.wait_for(socket.wait_closed(), 10 * PATIENCE)
        assert socket.close_code == LOGGED_OUT
    for player in [*players, spectator]:
        await player.close()
    owner.http.close()
    store.close()


def test_a_killed_node_s_tables_resume_on_the_others(
    pg_db: str, redis_url: str, tmp_path: Path
) -> None:
    run_nodes(pg_db, redis_url, tmp_path, 3, failover)


async def failover(nodes: list[Server]) -> None:
    db = nodes[0].db
    owner = Player(nodes[0], "owner")
    made = owner.http.post("/api/tables", json={"game": "five-card-draw", "stakes": "2/4",
                                                "structure": "fixed-limit", "seats": 3})
    table = made.json()["id"]
    by_name = {f"n{n}": node for n, node in enumerate(nodes, 1)}
    doomed = by_name[owner_of(nodes[0], table)]
    others = [n for n in nodes if n is not doomed]
    # one player on the doomed node, one on another; a bot makes three
    here = Player(doomed, "here", seed=1)
    there = Player(others[0], "there", seed=2)
    for player in (here, there):
        player.policy = None  # they do not act: the hand stays running until the kill
        await player.connect()
        await player.send(type="sit", table=table, buy_in=200)
    bot = owner.http.post(f"/api/tables/{table}/bots", json={"level": "house"})
    assert bot.status_code == 201, bot.text
    store = Store(db, migrate=False)
    running = wait_until(
        lambda: [h for h in store.hands.of_table(table) if h["status"] == "running"],
        "a hand running", 30 * PATIENCE)
    stacks_before = {s.seat: s.stack for s in store.tables.seats(table)}
    doomed.kill()
    killed_at = time.monotonic()
    # the table moves to one of the others within lease + a renewal period (+ load)
    def moved() -> str | None:  # one look at the lobby (two could see two states)
        owner = owner_of(others[1], table)
        return owner if owner and owner != doomed_name(doomed, by_name) else None

    new_owner = wait_until(moved, "the table taken over", 30 * PATIENCE)
    moved_in = time.monotonic() - killed_at
    assert new_owner in {name for name, n in by_name.items() if n is not doomed}
    # the hand in progress was voided; every bet went back (no chip moved for it)
    hand = store.hands.get(running[0]["id"])
    assert hand["status"] == "void"
    assert {s.seat: s.stack for s in store.tables.seats(table)} == stacks_before
    # the client of the dead node comes back through another node and plays on; the other
    # client's node sends its connection to the new owner by itself
    here.server = others[1]
    await here.connect()
    for player in (here, there):
        player.policy = random_policy
        await player.send(type="watch", table=table)
        await player.send(type="sit-in", table=table)
    before = done_hands(store, table)
    try:
        await wait_for(lambda: done_hands(store, table) >= before + 2, "play resumed",
                       60 * PATIENCE)
    finally:
        for p in (here, there):
            print(p.name, p.server.port, p.errors, [f.get("type") for f in p.frames][-10:])
            tables = [f for f in p.frames if f.get("type") == "table"]
            print(tables[-1] if tables else None)
    assert store.ledger.check() == []
    for player in (here, there):
        await player.close()
    owner.http.close()
    store.close()
    print(f"table {table} moved from its killed node in {moved_in:.1f} s")
    assert moved_in < 10 * PATIENCE


def doomed_name(doomed: Server, by_name: dict[str, Server]) -> str:
    return next(name for name, node in by_name.items() if node is doomed)


def test_a_paused_node_writes_nothing_to_a_table_taken_from_it(
    pg_db: str, redis_url: str, tmp_path: Path
) -> None:
    nodes = start_nodes(pg_db, redis_url, tmp_path, 2, "--operator", "boss")
    store = Store(pg_db, migrate=False)
    try:
        with contextlib.closing(operator(nodes[0], "boss")) as owner:
            made = owner.post("/api/tables", json={"game": "five-card-draw", "stakes": "2/4",
                                                   "structure": "fixed-limit", "seats": 2})
            table = made.json()["id"]
            names = {"n1": nodes[0], "n2": nodes[1]}
            paused_name = owner_of(nodes[0], table)
            paused = names[paused_name]
            other = next(n for n in nodes if n is not paused)
            for _ in range(2):  # operators' bots would need an operator: the owner seats them
                assert owner.post(f"/api/tables/{table}/bots", json={"level": "house"}
                                  ).status_code == 201
            wait_until(lambda: done_hands(store, table) >= 3, "bots playing", 30 * PATIENCE)
            assert paused.proc is not None
            os.kill(paused.proc.pid, signal.SIGSTOP)
            try:
                wait_until(lambda: owner_of(other, table) != paused_name, "the table taken over",
                           30 * PATIENCE)
                voided = [h["id"] for h in store.hands.of_table(table) if h["status"] == "void"]
                taken_at = max(h["id"] for h in store.hands.of_table(table))
                wait_until(lambda: done_hands(store, table) >= 0 and
                           max(h["id"] for h in store.hands.of_table(table)) > taken_at,
                           "play on the new node", 30 * PATIENCE)
            finally:
                os.kill(paused.proc.pid, signal.SIGCONT)
            log = Path(paused.log or "")
            wait_until(lambda: "lease" in log.read_text() and "table" in log.read_text(),
                       "the paused node notices", 30 * PATIENCE)
            # the woken node's lobby (and the other's) name the new owner
            wait_until(lambda: owner_of(paused, table) == owner_of(other, table) != paused_name,
                       "the woken node learns the table moved", 10 * PATIENCE)
            hands = store.hands.of_table(table)
            # the voided hand stays voided: the woken node's writes to it were refused
            assert all(h["status"] == "void" for h in hands if h["id"] in voided)
            # no hand number twice: the woken node dealt nothing more at this table
            numbers = [h["number"] for h in hands if h["status"] != "void"]
            assert len(numbers) == len(set(numbers)), numbers
            assert store.ledger.check() == []
            text = log.read_text()
            assert f"lost table {table}'s lease" in text or "refused" in text, text[-2000:]
            assert "Traceback" not in text
    finally:
        store.close()
        for node in nodes:
            node.stop()


def test_players_of_a_dead_node_are_disconnected_from_the_others_tables(
    pg_db: str, redis_url: str, tmp_path: Path
) -> None:
    run_nodes(pg_db, redis_url, tmp_path, 2, dead_node_players)


async def dead_node_players(nodes: list[Server]) -> None:
    owner = Player(nodes[0], "owner")
    made = [owner.http.post("/api/tables", json={"game": "five-card-draw", "seats": 3,
                                                 "structure": "fixed-limit", "stakes": "2/4"})
            for _ in range(2)]
    table = next(m.json()["id"] for m in made if owner_of(nodes[0], m.json()["id"]) == "n2")
    away = Player(nodes[0], "away")  # connected to n1, seated at n2's table
    away.policy = None
    await away.connect()
    await away.send(type="sit", table=table, buy_in=200)
    watcher = Player(nodes[1], "watcher")
    watcher.policy = None
    await watcher.connect()
    await watcher.send(type="watch", table=table)

    def connected(frame: dict[str, Any]) -> bool | None:
        if frame.get("type") != "table":
            return None
        seats = [s for s in frame["seats"] if s["name"] == "away"]
        return seats[0]["connected"] if seats else None

    await watcher.wait_for(lambda f: connected(f) is True, old=True)
    nodes[0].kill()
    # n2 sees n1 gone (its load key lapses with a lease) and disconnects its players
    await watcher.wait_for(lambda f: connected(f) is False, timeout=10 * LEASE * PATIENCE)
    await watcher.close()
    await away.close()
    owner.http.close()
