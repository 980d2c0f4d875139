"""A tournament in a room of two nodes, as a player sees it (a long test, ``make long``):
two ``standpat serve`` nodes on loopback sharing a PostgreSQL and a Redis, a scheduled
tournament of house bots (deuce-to-seven triple draw, fixed limit: the other room tests
deal five card draw, no limit) with late registration, and a person connected to the node that
does not run it.

What must hold: his late registration, made through that node, seats him within a second or
two at a table of the other node; he plays through his node; when the node running the
tournament is killed (kill -9) in the middle of his hand, his node takes the tournament and
all its tables over, the hand is voided and he is dealt his next hand with the chips he had,
and the tournament goes on to its end with every place given and every chip accounted for.
Both nodes are given the same recurring sit-and-gos file: the room keeps exactly the
instances it asks for open, not one set per node.
"""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select

from standpat.store import Store, chips_wallet
from standpat.store import models as m
from standpat.tournament import TournamentSpec
from tests.server.conftest import fresh_postgres_database
from tests.server.live import PATIENCE, Player, Server, random_policy
from tests.server.test_nodes import start_nodes
from tests.server.test_tournament_mtt import _node_of
from tests.server.test_tournament_room import STRUCTURE, _detail, _sit_at_my_table, _until

pytestmark = pytest.mark.long

BOTS = 11
"""With the person, two tables of six."""
SIT_AND_GOS = """
[[sit_and_go]]
name = "Kept open"
structure = "turbo"
seats = 6
players = 6
buy_in = 10
open = 2
"""


@pytest.fixture
def pg_db() -> Iterator[str]:
    yield from fresh_postgres_database()


def _tournament(db: str) -> int:
    """A tournament starting in a few seconds, late registration for three levels, with its
    house bots registered."""
    store = Store(db)
    try:
        spec = TournamentSpec("Two nodes", STRUCTURE, seats=6, buy_in=100, fee=10,
                              late_levels=3)
        tid = store.tournaments.create(spec, game="deuce-to-seven-triple-draw",
                                       betting="fixed-limit",
                                       starts_at=datetime.now(UTC) + timedelta(seconds=3))
        tag = uuid.uuid4().hex[:6]
        for n in range(BOTS):
            bot = store.accounts.create(f"bot-N{n}-{tag}", None, bot=True, grant=110)
            store.tournaments.register(tid, bot.id)
        return tid
    finally:
        store.close()


def _running_node(node: Server, tid: int) -> str | None:
    """The node that runs the tournament: the one running its tables."""
    for table in _detail(node, tid)["tables"]:
        running = _node_of(node, table["id"])
        if running is not None:
            return running
    return None


def test_a_player_keeps_his_seat_when_the_node_running_his_tournament_dies(
    pg_db: str, redis_url: str, tmp_path: Path
) -> None:
    Store(pg_db).close()
    tid = _tournament(pg_db)
    sit_and_gos = tmp_path / "sit-and-gos.toml"
    sit_and_gos.write_text(SIT_AND_GOS)
    nodes = start_nodes(pg_db, redis_url, tmp_path, 2, "--demo-tables", "0",
                        "--tournament", str(sit_and_gos))
    by_name = {f"n{n}": node for n, node in enumerate(nodes, 1)}
    try:
        _until_sync(lambda: _detail(nodes[0], tid)["status"] == "running", "the start")
        running = _until_sync(lambda: _running_node(nodes[0], tid), "its node")
        doomed = by_name[running]
        his = next(node for node in nodes if node is not doomed)
        person = Player(his, "ann", seed=7)

        async def main() -> dict[str, Any]:
            try:
                return await play()
            finally:
                await person.close()

        async def play() -> dict[str, Any]:
            await person.connect()
            registered = person.http.post(f"/api/tournaments/{tid}/register", json={})
            assert registered.status_code == 201, registered.text
            table = await _sit_at_my_table(person, his, tid)
            assert _running_node(his, tid) == running, "he plays at the other node's table"
            # the node running it dies while he thinks (his hand is running)
            person.policy = None
            await person.wait_for(lambda f: f["type"] == "table" and f["table"] == table
                                  and bool((h := f.get("hand")) and h["legal"] is not None
                                           and h["to_act"] == h["you"]),
                                  since=len(person.frames), timeout=60 * PATIENCE)
            alive = _detail(his, tid)["alive"]
            doomed.kill()
            person.policy = random_policy
            # his node takes the tournament over; he is sent his table again, seated
            back = len(person.frames)
            await person.wait_for(lambda f: f["type"] == "table" and bool(f.get("you")),
                                  since=back, timeout=60 * PATIENCE)
            detail = _detail(his, tid)
            assert detail["status"] == "running"
            assert detail["alive"] <= alive
            finished: dict[str, Any] = await _until(
                lambda: (d := _detail(his, tid))["status"] == "finished" and d,
                "the end of the tournament", 300 * PATIENCE)
            return finished

        finished = asyncio.run(main())
        # the recurring sit-and-gos: two kept open by the room, not two per node
        store = Store(pg_db, migrate=False)
        try:
            assert store.tournaments.instances("Kept open") == (2, 2)
        finally:
            store.close()
    finally:
        for node in nodes:
            node.stop()
    entries = finished["entries"]
    assert len(entries) == BOTS + 1
    assert sorted(e["status"] for e in entries) == ["busted"] * BOTS + ["won"]
    assert sorted(e["place"] for e in entries)[0] == 1
    store = Store(pg_db, migrate=False)
    try:
        assert store.ledger.check() == []
        assert store.ledger.balance(chips_wallet(tid)) == 0
        tables = list(store.tournaments.tables(tid).values())
        with store.tx.read() as conn:
            hands = conn.execute(
                select(m.hands.c.id, m.hands.c.status, m.hands.c.setup)
                .where(m.hands.c.table_id.in_(tables)).order_by(m.hands.c.id)).all()
        # his hand, cut short by the kill, was voided; he was dealt his next hand with the
        # chips he had when it was dealt (nobody is out for the crash)
        mine = [h for h in hands if person.account in h.setup["accounts"]]
        voided = [h for h in mine if h.status == "void"]
        assert len(voided) == 1, [h.status for h in mine]
        cut = voided[0]
        after = next(h for h in mine if h.id > cut.id and h.status == "done")
        index = cut.setup["accounts"].index(person.account)
        assert after.setup["stacks"][after.setup["accounts"].index(person.account)] == \
            cut.setup["stacks"][index]
    finally:
        store.close()
    for log in tmp_path.glob("node*.log"):
        assert "Traceback" not in log.read_text(), log


def _until_sync(test: Any, what: str) -> Any:
    return asyncio.run(_until(test, what, 60 * PATIENCE))
