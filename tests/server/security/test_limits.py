"""Limits, tried as an abuser would: log-in guessing, spoofed addresses, half-sent requests,
connection floods, spectators, tables and bots, idle tables, reconnect windows, and a bad row
in the database at start-up."""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
from sqlalchemy import text
from starlette.testclient import TestClient
from websockets.asyncio.client import connect

from standpat.server.app import COOKIE, create_app
from standpat.server.config import ServerConfig
from standpat.store import Store
from tests.server.live import PATIENCE, log_in_operator

from ..live import Player, Server, operator, passive_policy
from .conftest import FAST, Room


@contextlib.contextmanager
def _client(server: Server, **headers: str) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=server.base, timeout=10, headers=headers) as client:
        yield client


def test_failed_log_ins_lock_the_guessers_address_first_and_the_account_much_later(
    sqlite_room: Room,
) -> None:
    """Guesses at one account from one address wait after a few failures, but the account's
    owner, logging in from elsewhere, is not locked out (any address could lock any account
    out before); guesses spread over many addresses lock the account only at a much higher
    count; other accounts are never affected."""
    server = sqlite_room("--account-logins", "3 per 5 minutes", "--account-lock",
                         "6 per 5 minutes", "--proxy", "127.0.0.1")

    def log_in(client: httpx.Client, name: str, password: str, address: str) -> httpx.Response:
        return client.post("/api/session", json={"name": name, "password": password},
                           headers={"x-forwarded-for": address})

    with _client(server) as client:
        for name in ("alice", "bob"):
            client.post("/api/accounts", json={"name": name, "password": f"{name}-password"},
                        headers={"x-forwarded-for": f"10.1.0.{len(name)}"})
        codes = [log_in(client, "alice", f"guess-{i}x", "10.0.0.66").status_code
                 for i in range(4)]
        assert codes == [401, 401, 401, 429]
        right = log_in(client, "ALICE", "alice-password", "10.0.0.66")
        assert right.status_code == 429
        assert "failed log-ins to this account from your address" in right.json()["error"][
            "message"]
        assert log_in(client, "alice", "alice-password", "10.0.0.1").status_code == 200
        # three more guesses from other addresses: six in all, the account-wide count
        assert [log_in(client, "alice", "guess-x", f"10.0.1.{i}").status_code
                for i in range(3)] == [401, 401, 401]
        owner = log_in(client, "alice", "alice-password", "10.0.0.1")
        assert owner.status_code == 429
        assert "too many failed log-ins for this account" in owner.json()["error"]["message"]
        assert log_in(client, "bob", "bob-password", "10.0.0.66").status_code == 200


def test_forwarded_addresses_are_trusted_only_from_named_proxies(sqlite_room: Room) -> None:
    """By default X-Forwarded-For is ignored, so a client cannot pick its own address for the
    per-address limit; behind a named proxy it is the client's address."""
    plain = sqlite_room("--login-rate", "0.2")  # two log-ins in 10 s per address
    with _client(plain) as client:
        codes = [client.post("/api/session", json={"name": f"n{i}x", "password": "whatever1"},
                             headers={"x-forwarded-for": f"10.0.0.{i}"}).status_code
                 for i in range(3)]
    assert codes == [401, 401, 429]
    proxied = sqlite_room("--login-rate", "0.2", "--proxy", "127.0.0.1")
    with _client(proxied) as client:
        codes = [client.post("/api/session", json={"name": f"n{i}x", "password": "whatever1"},
                             headers={"x-forwarded-for": f"10.0.0.{i}"}).status_code
                 for i in range(3)]
    assert codes == [401, 401, 401]


def test_half_sent_requests_are_closed(sqlite_room: Room) -> None:
    """Connections that never finish their headers, or their body, are closed after the
    header timeout; the server answers others meanwhile."""
    server = sqlite_room("--header-timeout", "1")
    held = []
    for i in range(20):
        raw = socket.create_connection(("127.0.0.1", server.port), timeout=20)
        raw.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\n" if i % 2 else
                    b"POST /api/accounts HTTP/1.1\r\nHost: x\r\nContent-Type: application/json"
                    b"\r\nContent-Length: 100\r\n\r\n{\"name\": ")
        held.append(raw)
    assert httpx.get(f"{server.base}/api/health").status_code == 200
    started = time.monotonic()
    for raw in held:
        data = b""
        with contextlib.suppress(ConnectionResetError):
            while chunk := raw.recv(4096):  # read until the server closes
                data += chunk
        assert data == b"" or b" 408 " in data.split(b"\r\n")[0], data[:80]
        raw.close()
    assert time.monotonic() - started < 15


def test_connections_per_address_are_capped(sqlite_room: Room) -> None:
    server = sqlite_room("--per-address", "8")
    held = [socket.create_connection(("127.0.0.1", server.port), timeout=10) for _ in range(8)]
    extra = socket.create_connection(("127.0.0.1", server.port), timeout=10)
    with contextlib.suppress(ConnectionResetError):
        extra.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n")
        assert extra.recv(4096) == b""  # closed at once, unanswered
    extra.close()
    for raw in held:
        raw.close()
    deadline = time.monotonic() + 10 * PATIENCE
    while time.monotonic() < deadline:  # the slots free as the server sees them close
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(f"{server.base}/api/health").status_code == 200:
                break
    else:
        raise AssertionError("the server did not take connections again")


def test_websockets_count_against_their_address_until_they_close(sqlite_room: Room) -> None:
    """A connection upgraded to a WebSocket still holds its address's slot (a spectator's
    socket, no log-in needed), and frees it when it closes, as an HTTP connection does."""
    server = sqlite_room("--per-address", "3")
    asyncio.run(_sockets_hold_slots(server))


async def _sockets_hold_slots(server: Server) -> None:
    url = server.base.replace("http", "ws") + "/ws"
    sockets = [await connect(url) for _ in range(3)]
    for held in sockets:
        assert json.loads(await held.recv())["type"] == "welcome"
    refused = await asyncio.to_thread(_answered, server)
    assert not refused  # three sockets: the fourth connection is closed unanswered
    await sockets[0].close()
    deadline = time.monotonic() + 10 * PATIENCE
    while not await asyncio.to_thread(_answered, server):  # freed as the server sees it close
        assert time.monotonic() < deadline, "the closed socket's slot was not freed"
    sockets[0] = await connect(url)  # the freed slot taken again: the next is refused again
    assert json.loads(await sockets[0].recv())["type"] == "welcome"
    assert not await asyncio.to_thread(_answered, server)
    for held in sockets:
        await held.close()


def _answered(server: Server) -> bool:
    """Whether a new connection to the server gets an answer (False: closed unanswered)."""
    raw = socket.create_connection(("127.0.0.1", server.port), timeout=10)
    try:
        raw.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        with contextlib.suppress(ConnectionResetError):
            return raw.recv(4096) != b""
        return False
    finally:
        raw.close()


def test_spectators_per_table_are_capped(sqlite_room: Room) -> None:
    server = sqlite_room("--max-watchers", "2")
    asyncio.run(_watchers(server))


async def _watchers(server: Server) -> None:
    owner = Player(server, "owner")
    owner.policy = None
    table = owner.http.post("/api/tables", json={"game": "five-card-draw", "seats": 2}).json()
    watchers = [Player(server, f"fan{i}") for i in range(3)]
    for fan in watchers:
        fan.policy = None
        await fan.connect()
        await fan.send(type="watch", table=table["id"], ref="watch")
    replies = [await fan.wait_for(lambda f: f.get("ref") == "watch" or f["type"] == "table",
                                  old=True) for fan in watchers]
    assert [r["type"] for r in replies] == ["table", "table", "error"]
    assert replies[2]["code"] == "too-many-watchers"
    # a player of the table always gets in, spectators or not
    await owner.connect()
    await owner.send(type="sit", table=table["id"], buy_in=200)
    await owner.wait_for(lambda f: f["type"] == "table" and f["you"] is not None, old=True)
    for fan in [owner, *watchers]:
        await fan.close()


def test_tables_and_bots_belong_to_their_owner(room: Room) -> None:
    """A player opens a few tables at most; only he seats bots at them, and one seat stays for
    a person; an operator may do more."""
    server = room("--max-tables", "2", "--operator", "boss")
    with _client(server) as alice, _client(server) as eve, \
            contextlib.closing(operator(server, "boss")) as boss:
        for client, name in ((alice, "alice"), (eve, "eve")):
            client.post("/api/accounts", json={"name": name, "password": f"{name}-password"})
        first = alice.post("/api/tables", json={"game": "five-card-draw", "seats": 3}).json()
        alice.post("/api/tables", json={"game": "five-card-draw", "seats": 3})
        third = alice.post("/api/tables", json={"game": "five-card-draw", "seats": 3})
        assert third.status_code == 409 and "open tables" in third.json()["error"]["message"]
        stranger = eve.post(f"/api/tables/{first['id']}/bots", json={"level": "strong"})
        assert stranger.status_code == 403 and stranger.json()["error"]["code"] == "forbidden"
        assert [alice.post(f"/api/tables/{first['id']}/bots", json={}).status_code
                for _ in range(3)] == [201, 201, 409]
        assert boss.post(f"/api/tables/{first['id']}/bots", json={}).status_code == 201
        assert all(boss.post("/api/tables", json={}).status_code == 201 for _ in range(3))
        line = alice.get(f"/api/tables/{first['id']}").json()
        assert line["owner"] == "alice" and line["taken"] == 3


def test_a_table_without_people_closes_and_returns_the_chips(room: Room) -> None:
    server = room(*FAST, "--idle-close", "1", "--max-tables", "1")
    with _client(server) as alice:
        alice.post("/api/accounts", json={"name": "alice", "password": "alice-password"})
        table = alice.post("/api/tables", json={"game": "five-card-draw", "seats": 3}).json()
        for _ in range(2):
            alice.post(f"/api/tables/{table['id']}/bots", json={"level": "house"})
        deadline = time.monotonic() + 30 * PATIENCE
        while time.monotonic() < deadline and alice.get("/api/tables").json()["tables"]:
            time.sleep(0.1)
        assert alice.get("/api/tables").json()["tables"] == []
        assert alice.get(f"/api/tables/{table['id']}").status_code == 404
        # her limit counts open tables only: she may open another
        assert alice.post("/api/tables", json={}).status_code == 201
    store = Store(server.db, migrate=False)
    assert store.tables.seats(table["id"]) == [] and store.tables.get(table["id"]).closed
    assert store.ledger.check() == []
    store.close()


def test_one_reconnect_window_per_disconnection(sqlite_room: Room) -> None:
    """Three tabs watched before the player sat in a fourth; all close while it is his turn:
    his clock is extended once, not once a tab."""
    server = sqlite_room("--between-hands", "0.05", "--bot-delay", "0", "--clock", "20",
                         "--reconnect", "20")
    asyncio.run(_tabs(server))


async def _tabs(server: Server) -> None:
    bob = Player(server, "bob")
    bob.policy = None
    table = bob.http.post("/api/tables", json={"game": "five-card-draw", "seats": 2}).json()["id"]
    watcher = Player(server, "watcher")
    watcher.policy = None
    await watcher.connect()
    await watcher.send(type="watch", table=table)
    tabs = [bob.another_tab() for _ in range(3)]
    for tab in tabs:
        await tab.connect()
        await tab.send(type="watch", table=table)
    await bob.connect()
    await bob.send(type="sit", table=table, buy_in=200)
    alice = Player(server, "alice")
    alice.policy = passive_policy
    await alice.connect()
    await alice.send(type="sit", table=table, buy_in=200)
    frame = await bob.wait_for(lambda f: f["type"] == "table" and bool(f["hand"])
                               and f["hand"]["to_act"] == f["you"]["seat"],
                               old=True, timeout=30 * PATIENCE)
    seat = frame["you"]["seat"]
    for tab in [bob, *tabs]:
        await tab.close(http=False)
    last = await watcher.wait_for(lambda f: f["type"] == "table" and any(
        s["seat"] == seat and not s["connected"] for s in f["seats"]), old=True)
    await asyncio.sleep(0)
    watcher.frames.clear()
    await watcher.send(type="watch", table=table)
    now = await watcher.wait_for(lambda f: f["type"] == "table")
    assert last["clock"] is not None and now["clock"]["seat"] == seat
    assert now["clock"]["remaining"] <= 20 + 20 + 1, now["clock"]  # his clock and one window
    for player in (watcher, alice):
        await player.close()
    bob.http.close()


def test_a_bad_table_row_does_not_keep_the_room_down(room: Room) -> None:
    """A stored table this version cannot deal (a row written by hand, or by an older bug):
    the room starts anyway, closes that table, returns its chips, and says so in its log."""
    server = room(*FAST)
    with _client(server) as alice:
        alice.post("/api/accounts", json={"name": "alice", "password": "alice-password"})
        good = alice.post("/api/tables", json={"game": "five-card-draw", "seats": 2}).json()
        bad = alice.post("/api/tables", json={"game": "five-card-draw", "seats": 2}).json()
    asyncio.run(_sit(server, bad["id"]))
    server.stop()
    store = Store(server.db, migrate=False)
    with store.tx.engine.begin() as conn:
        conn.execute(text("UPDATE tables SET stakes = '9/4', "
                          "game = 'stud' WHERE id = :id"), {"id": bad["id"]})
    server.start()
    lobby = httpx.get(f"{server.base}/api/tables").json()["tables"]
    assert [t["id"] for t in lobby] == [good["id"]]
    assert store.tables.get(bad["id"]).closed and store.tables.seats(bad["id"]) == []
    assert store.ledger.check() == []
    assert server.log is not None and f"table {bad['id']} cannot be started" in \
        server.log.read_text()
    store.close()


async def _sit(server: Server, table: int) -> None:
    sitter = Player(server, "sitter")
    sitter.policy = None
    await sitter.connect()
    await sitter.send(type="sit", table=table, buy_in=150)
    await sitter.wait_for(lambda f: f["type"] == "table" and f["you"] is not None, old=True)
    await sitter.close()
    assert json.dumps(sitter.errors) == "[]"


def test_fresh_accounts_do_not_pass_the_caps_on_tables_and_bots(tmp_path: Path) -> None:
    """The per-account table cap bypassed with fresh accounts (4 accounts opened 12 tables
    with 30 strong bots in 1.6 s): one address opens a few accounts an hour, and the tables
    and bots opened from it, and in the whole room, are capped too; an operator is not."""
    config = ServerConfig(db=f"sqlite:///{tmp_path / 'room.db'}", max_tables=3,
                          address_tables=6, address_bots=10, registrations="5 per hour",
                          operators=("boss",))
    with TestClient(create_app(config)) as client:
        people = [_person(client, f"flood{i}") for i in range(5)]
        extra = client.post("/api/accounts", json={"name": "flood5", "password": "pw-flood5"})
        assert extra.status_code == 429, extra.text
        assert "too many new accounts from your address" in extra.json()["error"]["message"]
        made = [client.post("/api/tables", json={"game": "five-card-draw"}, headers=person)
                for person in people[:3] for _ in range(3)]
        assert [r.status_code for r in made] == [201] * 6 + [409] * 3
        assert {r.json()["error"]["code"] for r in made[6:]} == {"too-many"}
        assert "tables opened from your address" in made[6].json()["error"]["message"]
        tables = [(r.json()["id"], people[i // 3]) for i, r in enumerate(made[:6])]
        seated = [client.post(f"/api/tables/{table}/bots", json={"level": "house"},
                              headers=person).status_code
                  for table, person in tables for _ in range(2)]
        assert seated == [201] * 10 + [409] * 2
        boss = {"Cookie": f"{COOKIE}={log_in_operator(client, 'boss').cookies[COOKIE]}"}
        client.cookies.clear()
        assert client.post("/api/tables", json={}, headers=boss).status_code == 201
        assert client.post(f"/api/tables/{tables[-1][0]}/bots", json={},
                           headers=boss).status_code == 201
    room = ServerConfig(db=f"sqlite:///{tmp_path / 'room2.db'}", room_tables=2, room_bots=3)
    with TestClient(create_app(room)) as client:
        first, second = _person(client, "ann"), _person(client, "ben")
        assert [client.post("/api/tables", json={}, headers=who).status_code
                for who in (first, first, second)] == [201, 201, 409]
        full = client.post("/api/tables", json={}, headers=second).json()["error"]["message"]
        assert "the room has 2 players' tables open" in full
        assert [client.post("/api/tables/1/bots", json={}, headers=first).status_code
                for _ in range(4)] == [201, 201, 201, 409]


def _person(client: TestClient, name: str) -> dict[str, str]:
    """A new account's cookie header (the client keeps none)."""
    made = client.post("/api/accounts", json={"name": name, "password": f"pw-{name}-pw"})
    assert made.status_code == 201, made.text
    client.cookies.clear()
    return {"Cookie": f"{COOKIE}={made.cookies[COOKIE]}"}
