"""Money, tried as an attacker would: double spending, chips moved on a refusal, absurd stakes,
and the ledger check on a live room.  Against a real ``standpat serve``, on SQLite and
PostgreSQL."""

from __future__ import annotations

import asyncio
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx

from standpat.errors import StandpatError
from standpat.store import Store, user_wallet
from tests.server.live import PATIENCE

from ..live import Player, Server, operator, passive_policy, register
from .conftest import FAST, Room

TABLES = 24
"""Tables one account tries to buy into at the same instant."""


def test_one_bankroll_cannot_be_spent_twice_by_sitting(room: Room) -> None:
    """Dozens of sits at once, each for 40% of the bankroll: two are accepted, none more."""
    server = room(*FAST, "--operator", "owner")
    asyncio.run(_sit_everywhere(server))


async def _sit_everywhere(server: Server) -> None:
    tables = _open_tables(server, "100/200")
    racer = Player(server, "racer")
    bankroll = racer.http.get("/api/me").json()["bankroll"]
    buy_in = bankroll * 4 // 10
    tabs = [racer.another_tab() for _ in tables]  # one connection a table, one account
    for tab in tabs:
        await tab.connect()
    await asyncio.gather(*(
        tab.send(type="sit", table=t, buy_in=buy_in, ref=t)
        for tab, t in zip(tabs, tables, strict=True)
    ))
    for tab, table in zip(tabs, tables, strict=True):
        def answered(f: dict[str, Any], t: int = table) -> bool:
            return bool(f.get("ref") == t or (
                f["type"] == "table" and f["table"] == t and f["you"] is not None))

        await tab.wait_for(answered, old=True)
    seated = [t for t in tables if "racer" in _names(server, t)]
    assert len(seated) == bankroll // buy_in == 2, seated
    assert racer.http.get("/api/me").json()["bankroll"] == bankroll - 2 * buy_in
    refused = [f for tab in tabs for f in tab.errors]
    assert len(refused) == TABLES - 2 and all("bankroll" in f["message"] for f in refused)
    for tab in tabs:
        await tab.close(http=False)
    racer.http.close()
    _ledger_balanced(server)


def test_one_bankroll_cannot_be_spent_twice_by_adding_chips(room: Room) -> None:
    """Seated at many tables with the least buy-in, the player adds chips at all at once."""
    server = room(*FAST, "--operator", "owner")
    asyncio.run(_add_everywhere(server))


async def _add_everywhere(server: Server) -> None:
    tables = _open_tables(server, "2/4")
    drain = _open_tables(server, "100/200", count=1, owner="owner2")[0]
    racer = Player(server, "racer")
    racer.policy = None
    await racer.connect()
    await racer.send(type="sit", table=drain, buy_in=9000)  # most of his bankroll
    for table in tables:  # alone at each table: no hand starts
        await racer.send(type="sit", table=table, buy_in=20, ref=f"sit {table}")
        def seated(f: dict[str, Any], t: int = table) -> bool:
            return bool(f["type"] == "table" and f["table"] == t and f["you"] is not None)

        await racer.wait_for(seated, old=True)
    bankroll = racer.http.get("/api/me").json()["bankroll"]
    assert bankroll == 10_000 - 9000 - 20 * TABLES
    add = 180  # each table takes it (its maximum is 200); the bankroll pays for two
    tabs = [racer.another_tab() for _ in tables]
    for tab in tabs:
        await tab.connect()
    await asyncio.gather(*(
        tab.send(type="add-chips", table=t, amount=add, ref=t)
        for tab, t in zip(tabs, tables, strict=True)
    ))
    deadline = time.monotonic() + 30 * PATIENCE
    while time.monotonic() < deadline:
        stacks = [_stack(server, t, "racer") for t in tables]
        errors = sum(len(tab.errors) for tab in tabs)
        if errors + sum(1 for s in stacks if s > 20) == TABLES:
            break
        await asyncio.sleep(0.05)
    after = racer.http.get("/api/me").json()["bankroll"]
    added = sum(stacks) - 20 * TABLES
    assert after >= 0 and added == bankroll - after
    assert added == (bankroll // add) * add == 2 * add
    for tab in [racer, *tabs]:
        await tab.close(http=False)
    racer.http.close()
    _ledger_balanced(server)


def test_store_debits_are_atomic_under_threads(room: Room) -> None:
    """The same race straight at the store, from many threads (no server in between), a few
    rounds over: every round accepts exactly what the bankroll pays for."""
    server = room()
    server.stop()
    store = Store(server.db)
    for round_ in range(4):
        account = store.accounts.create(f"racer{round_}", "long password", grant=1000)
        tables = [
            store.tables.create(name="t", game="five-card-draw", structure="fixed-limit",
                               stakes="2/4", seats=2, config={}, chain_top=bytes(32),
                               chain_length=10).id
            for _ in range(TABLES)
        ]
        barrier = threading.Barrier(TABLES)

        def sit(table: int, account_id: int = account.id, barrier: Any = barrier) -> bool:
            barrier.wait()
            try:
                store.tables.sit(table, 0, account_id, 400)
            except StandpatError:
                return False
            return True

        with ThreadPoolExecutor(TABLES) as pool:
            accepted = sum(pool.map(sit, tables))
        assert accepted == 2, (round_, accepted)
        assert store.ledger.balance(user_wallet(account.id)) == 200
    assert store.ledger.check() == []
    store.close()


def test_adding_chips_after_leaving_moves_nothing(room: Room) -> None:
    """He leaves in the middle of his hand (his seat empties when it ends), then asks for
    chips: refused, and his bankroll and the ledger agree with the refusal."""
    server = room(*FAST, "--between-hands", "0.5")
    asyncio.run(_add_after_leaving(server))


async def _add_after_leaving(server: Server) -> None:
    alice, bob = Player(server, "alice"), Player(server, "bob")
    alice.policy = passive_policy
    bob.policy = None  # bob never acts: the hand waits on him
    table = alice.http.post("/api/tables", json={"game": "five-card-draw", "seats": 2}).json()["id"]
    for player in (alice, bob):
        await player.connect()
        await player.send(type="sit", table=table, buy_in=200)
    await bob.wait_for(lambda f: f["type"] == "table" and bool(f["hand"])
                       and not f["hand"]["over"], old=True)
    before = bob.http.get("/api/me").json()["bankroll"]
    await bob.send(type="leave", table=table)
    await bob.send(type="add-chips", table=table, amount=50, ref="add")
    reply = await bob.wait_for(lambda f: f.get("ref") == "add", old=True)
    assert reply["type"] == "error"
    await bob.wait_for(lambda f: f["type"] == "left", old=True, timeout=30 * PATIENCE)
    stand = await asyncio.to_thread(bob.http.get, "/api/me")
    ledger = bob.http.get("/api/me/ledger").json()["rows"]
    assert stand.json()["bankroll"] >= before  # he got his stack back, and paid nothing more
    assert not [r for r in ledger if r["kind"] == "buy-in" and r["amount"] == -50]
    for player in (alice, bob):
        await player.close()
    _ledger_balanced(server)


def test_absurd_stakes_are_refused_and_the_room_restarts(room: Room) -> None:
    """Stakes that would overflow 64-bit sums, or whose big bet or ante dwarf the small bet,
    are refused before anything is stored."""
    server = room()
    client = httpx.Client(base_url=server.base, timeout=10)
    client.post("/api/accounts", json={"name": "greedy", "password": "greedy-password"})
    for stakes, said in (("40000000000000000/80000000000000000", "at most 1,000,000"),
                         ("1000001/2000002", "at most 1,000,000"),
                         ("1/10000000000000000000", "at most 10 small bets"),
                         ("2/4 ante 1000000000", "the ante is at most the small bet")):
        refused = client.post("/api/tables", json={"stakes": stakes})
        assert refused.status_code == 409, refused.text
        assert refused.json()["error"]["code"] == "bad-stakes"
        assert said in refused.json()["error"]["message"]
    assert client.get("/api/tables").json()["tables"] == []
    big = client.post("/api/tables", json={"stakes": "1000000/2000000", "seats": 2})
    assert big.status_code == 201
    client.close()
    server.stop()
    server.start()  # the next start works, and the table is there
    assert [t["stakes"] for t in httpx.get(f"{server.base}/api/tables").json()["tables"]] == [
        "1000000/2000000"
    ]
    store = Store(server.db, migrate=False)
    assert store.ledger.check() == []
    store.close()


def test_the_ledger_check_reads_one_snapshot_while_the_room_plays(room: Room) -> None:
    """Bots play as fast as they can while the ledger is checked again and again from another
    process: it never reports a difference that is not there."""
    server = room(*FAST, "--between-hands", "0", "--operator", "owner")
    client = operator(server, "owner")
    for _ in range(3):
        table = client.post("/api/tables", json={"game": "five-card-draw", "seats": 3}).json()
        for _ in range(3):
            client.post(f"/api/tables/{table['id']}/bots", json={"level": "house"})
    store = Store(server.db, migrate=False)
    checks, hands = 0, 0
    deadline = time.monotonic() + 60 * PATIENCE
    while (checks < 150 or hands < 30) and time.monotonic() < deadline:
        assert store.ledger.check() == []
        checks += 1
        hands = sum(t["hands"] for t in client.get("/api/tables").json()["tables"])
    assert checks >= 150 and hands >= 30, (checks, hands)
    store.close()
    client.close()


def _open_tables(
    server: Server, stakes: str, *, count: int = TABLES, owner: str = "owner"
) -> list[int]:
    """``count`` tables opened by ``owner`` (the operator the room reserved, or a player)."""
    client = operator(server, owner) if owner == "owner" else register(server, owner)
    tables = [
        client.post("/api/tables", json={"game": "five-card-draw", "stakes": stakes,
                                          "seats": 2}).json()["id"]
        for _ in range(count)
    ]
    client.close()
    return tables


def _names(server: Server, table: int) -> list[str]:
    return [p["name"] for p in _lobby_line(server, table)["players"]]


def _stack(server: Server, table: int, name: str) -> int:
    players = _lobby_line(server, table)["players"]
    stack: int = next(p["stack"] for p in players if p["name"] == name)
    return stack


def _lobby_line(server: Server, table: int) -> dict[str, Any]:
    line: dict[str, Any] = httpx.get(f"{server.base}/api/tables/{table}").json()
    return line


def _ledger_balanced(server: Server) -> None:
    store = Store(server.db, migrate=False)
    assert store.ledger.check() == []
    store.close()
