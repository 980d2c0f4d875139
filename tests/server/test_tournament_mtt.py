"""A multi-table tournament of 200 house bots dealt by the room to its end (a long test,
``make long``): a real ``standpat serve`` on SQLite and on PostgreSQL starts it at its time,
opens its tables, balances and breaks them as players bust, draws the final table and pays;
on PostgreSQL the server is also killed (kill -9) mid-tournament and started again; and a
room of two nodes (PostgreSQL, Redis) deals it too, the node running it killed (kill -9)
mid-tournament: the other takes the tournament and all its tables over.

What must hold: every hand dealt at one of its tables with 2 to 6 players; at every moment
the tournament's chips are at its tables (the ledger's check, which audits its chips wallet);
no table ever holds a player twice; the tables shrink to one, drawn afresh; every entry gets
one place, 1 to 200, the prizes by the payout table; after the crash nobody is out for it.
The balancing rules themselves are checked at every move where they are decided
(tests/tournament, tests/server/test_tournament_director.py)."""

from __future__ import annotations

import time
import uuid
from collections import Counter
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import select

from standpat.store import Store, chips_wallet
from standpat.store import models as m
from standpat.tournament import Level, Structure, TournamentSpec
from standpat.tournament.payouts import prizes
from tests.server.conftest import fresh_postgres_database
from tests.server.live import FAST, PATIENCE, Server
from tests.server.test_nodes import start_nodes

pytestmark = pytest.mark.long

ENTRANTS = 200
SEATS = 6
STRUCTURE = Structure("mtt", tuple(Level(10 * 3**i // 2**i, 20 * 3**i // 2**i, 0 if i < 4
                                         else 2 * 3**i // 2**i) for i in range(20)), 5.0, 1000)
"""Levels of 5 played seconds, each half as big again, antes from the fifth."""


@pytest.fixture(params=["sqlite", "postgresql", "two nodes"])
def db(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'room.db'}"
    else:
        for url in fresh_postgres_database():
            yield url + ("#nodes" if request.param == "two nodes" else "")


def _mtt(db: str) -> int:
    """The tournament, starting in a few seconds, with its 200 house bots registered."""
    store = Store(db)
    try:
        spec = TournamentSpec("Two hundred", STRUCTURE, seats=SEATS, buy_in=10, fee=1)
        starts = datetime.now(UTC) + timedelta(seconds=3)
        tid = store.tournaments.create(spec, game="five-card-draw", betting="no-limit",
                                       starts_at=starts)
        tag = uuid.uuid4().hex[:6]
        for n in range(ENTRANTS):
            bot = store.accounts.create(f"bot-M{n}-{tag}", None, bot=True, grant=11)
            store.tournaments.register(tid, bot.id)
        return tid
    finally:
        store.close()


def _detail(server: Server, tid: int) -> dict[str, Any]:
    response = httpx.get(f"{server.base}/api/tournaments/{tid}", timeout=30)
    assert response.status_code == 200, response.text
    return response.json()  # type: ignore[no-any-return]


def _until(test: Any, what: str, timeout: float) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = test()
        if value:
            return value
        time.sleep(0.5)
    raise AssertionError(f"{what}: not within {timeout} s")


def test_two_hundred_bots_to_the_end(db: str, tmp_path: Path, request: pytest.FixtureRequest
                                     ) -> None:
    nodes = db.endswith("#nodes")
    db = db.removesuffix("#nodes")
    crash = db.startswith("postgresql")
    Store(db).close()
    tid = _mtt(db)
    servers = _room(db, tmp_path, request) if nodes else [
        Server(db, *FAST, "--demo-tables", "0", log=tmp_path / "room.log").start()]
    server = servers[-1]
    try:
        if nodes:  # its tables as the node running it last said (a second ago, or two)
            running = _until(lambda: (d := _detail(server, tid))["status"] == "running"
                             and d["tables"] and d, "the start", 60 * PATIENCE)
        else:
            running = _until(lambda: (d := _detail(server, tid))["status"] == "running"
                             and len(d["tables"]) == 34 and d, "the start", 60 * PATIENCE)
            assert sum(t["players"] for t in running["tables"]) == ENTRANTS
        if crash:
            now = _until(lambda: (d := _detail(server, tid))["alive"] <= 150 and d,
                         "fifty out", 300 * PATIENCE)
            if nodes:
                server = _kill_the_tournament_s_node(servers, tid, now["tables"][0]["id"])
            else:
                server.kill()
                server.start()
        try:
            detail = _until(lambda: (d := _detail(server, tid))["status"] == "finished"
                            and d, "the end", 150 * PATIENCE)
        except AssertionError as error:
            raise AssertionError(f"{error}; {_stalled(db, tid, tmp_path)}") from None
    finally:
        for each in servers:
            each.stop()
    entries = detail["entries"]
    assert len(entries) == ENTRANTS
    assert sorted(e["place"] for e in entries)[0] == 1
    assert all(1 <= e["place"] <= ENTRANTS for e in entries)
    assert Counter(e["status"] for e in entries) == {"busted": ENTRANTS - 1, "won": 1}
    paid = sorted((e["prize"] for e in entries if e["prize"]), reverse=True)
    assert sum(paid) == 10 * ENTRANTS
    assert paid == [p for p in prizes(10 * ENTRANTS, ENTRANTS) if p] or len(
        {e["place"] for e in entries}) < ENTRANTS  # a tie splits its places' prizes
    store = Store(db, migrate=False)
    try:
        assert store.ledger.check() == []
        assert store.ledger.balance(chips_wallet(tid)) == 0
        tables = store.tournaments.tables(tid)
        assert len(tables) > 34, "the final table is drawn afresh"
        assert all(store.tables.get(t).closed for t in tables.values())
        with store.tx.read() as conn:
            hands = conn.execute(
                select(m.hands.c.id, m.hands.c.status, m.hands.c.setup)
                .where(m.hands.c.table_id.in_(list(tables.values()))).order_by(m.hands.c.id)
            ).all()
        assert hands
        for hand in hands:
            accounts = hand.setup["accounts"]
            assert 2 <= len(accounts) <= SEATS and len(set(accounts)) == len(accounts)
        # nobody is out for the crash: every player of a hand it voided is dealt his next
        # hand with the chips he had when the voided one was dealt
        voided = [h for h in hands if h.status == "void"]
        assert bool(voided) == crash
        for hand in voided:
            for account, stack in zip(hand.setup["accounts"], hand.setup["stacks"],
                                      strict=True):
                after = next(h for h in hands if h.id > hand.id and h.status == "done"
                             and account in h.setup["accounts"])
                assert after.setup["stacks"][after.setup["accounts"].index(account)] == stack
    finally:
        store.close()
    for log in tmp_path.glob("*.log"):
        assert "Traceback" not in log.read_text(), log


def _stalled(db: str, tid: int, tmp_path: Path) -> str:
    """What a tournament that does not end looks like: its saved director (the tables'
    players, the tables in a hand or waiting, the seats and moves not carried out), the
    room's tables as stored, and the end of each log."""
    store = Store(db, migrate=False)
    try:
        state = store.tournaments.state(tid) or {}
        core = state.get("core", {})
        stored = {room: (store.tables.get(room).closed,
                         [(s.seat, s.account_id) for s in store.tables.seats(room)])
                  for room in store.tournaments.tables(tid).values()}
    finally:
        store.close()
    logs = {log.name: log.read_text().splitlines()[-40:] for log in tmp_path.glob("*.log")}
    return (f"the director's tables {state.get('tables')}, its core's "
            f"{core.get('tables')}; alive {len(core.get('alive', []))}; busy "
            f"{core.get('busy')}, waiting {core.get('waiting')}, paused {core.get('paused')}, "
            f"played {core.get('played')}; pending {state.get('pending')}; the room's tables "
            f"(closed, seats) {stored}; the logs' ends {logs}")


def _room(db: str, tmp_path: Path, request: pytest.FixtureRequest) -> list[Server]:
    """A room of two nodes on the database and a Redis."""
    redis = request.getfixturevalue("redis_url")
    return start_nodes(db, redis, tmp_path, 2, "--demo-tables", "0")


def _kill_the_tournament_s_node(nodes: list[Server], tid: int, table: int) -> Server:
    """Kill (kill -9) the node that runs the tournament (its tables run where it runs);
    the other node, once it has taken the tournament and every one of its tables over."""
    by_name = {f"n{n}": node for n, node in enumerate(nodes, 1)}

    def running_node() -> str | None:  # a table of it that has not closed meanwhile
        for listed in [table] + [t["id"] for t in _detail(nodes[0], tid)["tables"]]:
            node = _node_of(nodes[0], listed)
            if node is not None:
                return node
        return None

    name = _until(running_node, "the node running it", 10 * PATIENCE)
    doomed = by_name[name]
    killed = time.monotonic()
    doomed.kill()
    other = next(node for node in nodes if node is not doomed)

    def taken() -> bool:  # (a table closed since the line was written is no table)
        tables = _detail(other, tid)["tables"]
        return bool(tables) and all(_node_of(other, t["id"]) in (other_name, None)
                                    for t in tables)

    other_name = next(n for n, node in by_name.items() if node is other)

    _until(taken, "the takeover", 60 * PATIENCE)
    print(f"the tournament's {name} killed: its tables run on the other node after "
          f"{time.monotonic() - killed:.1f} s")
    return other


def _node_of(node: Server, table: int) -> str | None:
    """The node running a table, as ``node`` knows it (None: no such table now)."""
    got = httpx.get(f"{node.base}/api/tables/{table}", timeout=10).json()
    return None if "node" not in got else str(got["node"])
