"""``standpat admin`` against a running room, on SQLite and PostgreSQL: a suspended account
is logged out, stood up with its chips and cannot come back; a closed table cashes its
players out and tells its watchers; every adjustment is one booked movement."""

from __future__ import annotations

import asyncio
import io
import re
import threading
from pathlib import Path

import httpx
import pytest
from starlette.testclient import TestClient

from standpat.cli import main as cli_main
from standpat.errors import AccountError
from standpat.server.app import create_app
from standpat.server.config import ServerConfig
from standpat.store import Store, SuspendedError, models, user_wallet
from standpat.store.operator import ADJUST, accounts, adjust, suspend, tables, top_up

from ..live import Player, Server, operator, passive_policy
from .conftest import FAST, Room


def _lobby_taken(server: Server, table: int) -> int:
    return int(httpx.get(f"{server.base}/api/tables/{table}").json()["taken"])


def test_suspending_a_seated_player_and_closing_a_table(
    room: Room, capsys: pytest.CaptureFixture[str]
) -> None:
    server = room(*FAST, "--operator", "owner")
    asyncio.run(_suspend_and_close(server, capsys))


async def _suspend_and_close(server: Server, capsys: pytest.CaptureFixture[str]) -> None:
    owner = operator(server, "owner")
    table = owner.post("/api/tables", json={"game": "five-card-draw", "seats": 3}).json()["id"]
    owner.post(f"/api/tables/{table}/bots", json={"level": "house"})
    mallory, alice = Player(server, "mallory"), Player(server, "alice")
    watcher = Player(server, "watcher")
    for player in (mallory, alice):
        player.policy = passive_policy
        await player.connect()
        await player.send(type="sit", table=table, buy_in=200)
    watcher.policy = None
    await watcher.connect()
    await watcher.send(type="watch", table=table)
    await mallory.wait_for(lambda f: f["type"] == "table" and bool(f["hand"])
                           and f["hand"]["over"], old=True, timeout=30)
    assert _lobby_taken(server, table) == 3

    assert cli_main(["admin", "suspend", "MALLORY", "--db", server.db,
                     "--reason", "chip dumping"]) == 0
    assert "suspended; 1 session ended" in capsys.readouterr().out
    assert mallory.socket is not None
    await asyncio.wait_for(mallory.socket.wait_closed(), 10)
    assert mallory.socket.close_code == 4001
    deadline = asyncio.get_running_loop().time() + 20
    while _lobby_taken(server, table) != 2:  # his seat is freed, his chips cashed out
        assert asyncio.get_running_loop().time() < deadline, "mallory still seated"
        await asyncio.sleep(0.05)
    login = httpx.post(f"{server.base}/api/session",
                       json={"name": "mallory", "password": "pw-mallory-pw"})
    assert login.status_code == 403 and login.json()["error"]["code"] == "suspended"
    assert mallory.http.get("/api/me").status_code == 401  # the old cookie is dead
    assert alice.http.get("/api/me").status_code == 200  # others stay

    assert cli_main(["admin", "close", str(table), "--db", server.db,
                     "--reason", "maintenance"]) == 0
    closed = await watcher.wait_for(lambda f: f["type"] == "closed", old=True, timeout=30)
    assert closed["reason"] == "operator"
    assert httpx.get(f"{server.base}/api/tables/{table}").status_code == 404
    # alice was cashed out: her bankroll holds every chip, as her ledger says
    bankroll = alice.http.get("/api/me").json()["bankroll"]
    assert bankroll == sum(r["amount"] for r in _all_rows(alice)) and bankroll > 9_000
    assert cli_main(["admin", "tables", "--all", "--db", server.db]) == 0
    listing = capsys.readouterr().out
    assert f"{table:>4}  " in listing and "(closed)" in listing
    assert cli_main(["admin", "check", "--db", server.db]) == 0
    assert "the ledger balances" in capsys.readouterr().out
    assert cli_main(["admin", "unsuspend", "mallory", "--db", server.db]) == 0
    again = httpx.post(f"{server.base}/api/session",
                       json={"name": "mallory", "password": "pw-mallory-pw"})
    assert again.status_code == 200
    for player in (mallory, alice, watcher):
        await player.close()
    owner.close()


def _all_rows(player: Player) -> list[dict[str, int]]:
    rows: list[dict[str, int]] = []
    before = None
    while True:
        query = "/api/me/ledger?limit=200" + (f"&before={before}" if before else "")
        page = player.http.get(query).json()
        rows += page["rows"]
        before = page["next_before"]
        if before is None:
            return rows


def test_store_suspension_adjustments_and_listings(db_url: str) -> None:
    store = Store(db_url)
    alice = store.accounts.create("alice", "alice-password", grant=1_000)
    bob = store.accounts.create("bob", "bobs-password", grant=50)
    store.accounts.create("bot-x", None, bot=True)
    token = store.sessions.open(alice.id)
    order = suspend(store, alice.id, "  testing\n suspension ")
    assert order.reason == "testing suspension" and len(order.detail["sessions"]) == 1
    assert store.sessions.account(token) is None
    with pytest.raises(SuspendedError):
        store.accounts.authenticate("alice", "alice-password")
    table = store.tables.create(name="t", game="five-card-draw", structure="fixed-limit",
                               stakes="2/4", seats=6, config={}, chain_top=b"\0" * 32,
                               chain_length=10)
    with pytest.raises(SuspendedError, match="cannot sit"):
        store.tables.sit(table.id, 0, alice.id, 100)
    with pytest.raises(AccountError, match="suspended already"):
        suspend(store, alice.id, "again")
    with pytest.raises(AccountError, match="reason"):
        adjust(store, bob.id, 5, "   ")
    assert adjust(store, bob.id, 25, "a fault on table 1") == 75
    with pytest.raises(AccountError, match="cannot lose 76"):
        adjust(store, bob.id, -76, "too much")
    assert top_up(store, bob.id, 500, "welcome back") == 425
    assert top_up(store, bob.id, 100, "no-op") == 0
    rows = store.ledger.rows(user_wallet(bob.id), 3)
    assert [(r["kind"], r["amount"], r["note"]) for r in rows] == [
        (ADJUST, 425, "welcome back"), (ADJUST, 25, "a fault on table 1"), ("grant", 50, None)]
    store.tables.sit(table.id, 1, bob.id, 100)
    lines = {a.name: a for a in accounts(store)}
    assert set(lines) == {"alice", "bob"}
    assert (lines["bob"].bankroll, lines["bob"].on_tables) == (400, 100)
    assert lines["alice"].suspended is not None and lines["bob"].suspended is None
    assert "bot-x" in {a.name for a in accounts(store, bots=True)}
    assert [(t.id, t.taken, t.owner) for t in tables(store)] == [(table.id, 1, None)]
    assert store.ledger.check() == []
    store.close()


def test_parallel_take_backs_never_overdraw(db_url: str) -> None:
    store = Store(db_url)
    bob = store.accounts.create("bob", "bobs-password", grant=100)
    results: list[int | str] = []

    def take() -> None:
        try:
            results.append(adjust(store, bob.id, -30, "returned"))
        except AccountError as error:
            results.append(str(error))

    threads = [threading.Thread(target=take) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(r for r in results if isinstance(r, int)) == [10, 40, 70]
    assert store.ledger.balance(user_wallet(bob.id)) == 10
    assert store.ledger.check() == []
    store.close()


def test_admin_command_line_errors_and_check(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = f"sqlite:///{tmp_path}/room.db"
    store = Store(db)
    alice = store.accounts.create("alice", "alice-password", grant=100)
    assert cli_main(["admin", "adjust", "nobody", "5", "--db", db, "--reason", "x"]) == 1
    assert "there is no account 'nobody'" in capsys.readouterr().err
    assert cli_main(["admin", "close", "9", "--db", db, "--reason", "x"]) == 1
    assert "there is no table 9" in capsys.readouterr().err
    with pytest.raises(SystemExit):  # --reason is required
        cli_main(["admin", "adjust", "alice", "5", "--db", db])
    capsys.readouterr()
    assert cli_main(["admin", "--db", db, "adjust", "Alice", "-40", "--reason", "r"]) == 0
    assert capsys.readouterr().out.strip().lower() == "alice: -40 chips; bankroll 60."
    assert cli_main(["admin", "accounts", "--db", db]) == 0
    assert "alice" in capsys.readouterr().out
    with store.tx.begin() as conn:  # a movement that does not sum to zero: the check fails
        store.ledger.move(conn, {user_wallet(alice.id): 5, "bank": -5}, "grant")
        conn.execute(models.ledger.update().where(models.ledger.c.amount == -5)
                     .values(amount=-4))
    assert cli_main(["admin", "check", "--db", db]) == 1
    assert "PROBLEM: movement" in capsys.readouterr().out
    store.close()


def test_operators_are_made_by_the_operator_never_by_registering(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """'--operator boss' reserves the name at start: a stranger who registers 'B0SS' (or
    'boss') first gets nothing (he got operator rights: bots at anyone's table, tables
    without limit, and the operator was locked out); the operator gives the reserved
    account a password with 'standpat admin password', and makes others with 'standpat
    admin operator'."""
    db = f"sqlite:///{tmp_path / 'room.db'}"
    config = ServerConfig(db=db, operators=("boss",))
    with TestClient(create_app(config)) as client:
        for look_alike in ("B0SS", "boss", "Boss"):
            taken = client.post("/api/accounts",
                                json={"name": look_alike, "password": "a-strangers-password"})
            assert taken.status_code == 409, taken.text
        assert client.post("/api/session", json={"name": "boss", "password": "a-strangers-"
                                                 "password"}).status_code == 401
        carol = client.post("/api/accounts", json={"name": "carol", "password": "carols-pw-1"})
        assert carol.status_code == 201 and carol.json()["operator"] is False
        table = client.post("/api/tables", json={"game": "five-card-draw", "seats": 3}).json()
        client.cookies.clear()
        monkeypatch.setattr("sys.stdin", io.StringIO("the-bosses-password\n"))
        assert cli_main(["admin", "password", "boss", "--db", db]) == 0
        boss = client.post("/api/session", json={"name": "BOSS",
                                                 "password": "the-bosses-password"})
        assert boss.status_code == 200 and boss.json()["operator"] is True
        assert client.post(f"/api/tables/{table['id']}/bots", json={}).status_code == 201
        client.cookies.clear()
        assert cli_main(["admin", "operator", "carol", "--db", db]) == 0
        client.post("/api/session", json={"name": "carol", "password": "carols-pw-1"})
        assert client.get("/api/me").json()["operator"] is True
        assert cli_main(["admin", "operator", "carol", "--revoke", "--db", db]) == 0
        assert client.get("/api/me").json()["operator"] is False
        capsys.readouterr()
        assert cli_main(["admin", "accounts", "--db", db]) == 0
        listing = capsys.readouterr().out
        assert re.search(r"\bboss\b.*\boperator\b", listing)
        assert not re.search(r"\bcarol\b.*\boperator\b", listing)
    # a look-alike registered before the operator named it: the room does not start
    Store(db, migrate=False).accounts.create("ch1ef", "a-strangers-password")
    with pytest.raises(AccountError, match="'chief' is taken by the account 'ch1ef', which "
                                           "is no operator"):
        create_app(ServerConfig(db=db, operators=("boss", "chief")))
    assert cli_main(["serve", "--db", db, "--operator", "chief", "--port", "1"]) == 2
    assert "taken by the account 'ch1ef'" in capsys.readouterr().err
