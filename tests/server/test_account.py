"""The account's own tools: password change, sessions, the ledger page, play-money refills.

Store-level tests run on SQLite and PostgreSQL; the API tests run the app in process.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from standpat.errors import AccountError, NotFoundError
from standpat.server.app import COOKIE, create_app
from standpat.server.config import ServerConfig
from standpat.server.openapi import OPENAPI
from standpat.server.sessions import LOGGED_OUT
from standpat.store import Store, user_wallet
from standpat.store.refill import REFILL, RefillRule

RULE = RefillRule(below=1_000, to=10_000, every=3600)


def test_password_change_ends_every_other_session(db_url: str) -> None:
    store = Store(db_url)
    alice = store.accounts.create("alice", "first-password", grant=100)
    bob = store.accounts.create("bob", "bobs-password", grant=100)
    here, there, elsewhere = (store.sessions.open(alice.id, "A") for _ in range(3))
    bobs = store.sessions.open(bob.id)
    with pytest.raises(AccountError, match="current password is wrong"):
        store.accounts.change_password(alice.id, "not-it", "second-password", keep=here)
    with pytest.raises(AccountError, match="8 to 256"):
        store.accounts.change_password(alice.id, "first-password", "short", keep=here)
    assert all(store.sessions.account(t) for t in (here, there, elsewhere))
    ended = store.accounts.change_password(alice.id, "first-password", "second-password", keep=here)
    assert len(ended) == 2
    assert store.sessions.account(here) == alice
    assert store.sessions.account(there) is None and store.sessions.account(elsewhere) is None
    assert store.sessions.account(bobs) == bob  # another account's sessions stay
    with pytest.raises(AccountError):
        store.accounts.authenticate("alice", "first-password")
    assert store.accounts.authenticate("alice", "second-password") == alice
    store.close()


def test_sessions_are_listed_and_ended_one_by_one(db_url: str) -> None:
    store = Store(db_url)
    alice = store.accounts.create("alice", "first-password")
    bob = store.accounts.create("bob", "bobs-password")
    phone = store.sessions.open(alice.id, "Phone/1.0 " + "x" * 200)
    desk = store.sessions.open(alice.id, "Desk/2.0")
    listed = store.sessions.of(alice.id)
    assert {s["agent"] for s in listed} == {"Desk/2.0", ("Phone/1.0 " + "x" * 200)[:120]}
    ids = {s["agent"][:5]: s["id"] for s in listed}
    assert all(len(i) == 16 for i in ids.values())
    with pytest.raises(NotFoundError):  # bob cannot end alice's session
        store.sessions.end_of(bob.id, ids["Phone"])
    with pytest.raises(NotFoundError):  # nor can a prefix shorter than an id end one
        store.sessions.end_of(alice.id, ids["Phone"][:4])
    store.sessions.end_of(alice.id, ids["Phone"])
    assert store.sessions.account(phone) is None and store.sessions.account(desk) == alice
    assert [s["agent"] for s in store.sessions.of(alice.id)] == ["Desk/2.0"]
    store.close()


def test_the_refill_rule_is_applied_once_and_booked(db_url: str) -> None:
    store = Store(db_url)
    alice = store.accounts.create("alice", "first-password", grant=5_000)
    with pytest.raises(AccountError, match="needs less than 1,000"):
        store.ledger.refill(alice.id, RULE)
    table = store.tables.create(name="t", game="five-card-draw", structure="fixed-limit",
                               stakes="2/4", seats=6, config={}, chain_top=b"\0" * 32,
                               chain_length=10)
    store.tables.sit(table.id, 0, alice.id, 4_400)  # 600 left in the bankroll, 4,400 on the table
    with pytest.raises(AccountError, match="600 in your bankroll, 4,400 on tables"):
        store.ledger.refill(alice.id, RULE)
    assert store.ledger.refill_state(alice.id, RULE)["on_tables"] == 4_400
    store.tables.stand(table.id, 0)
    with store.tx.begin() as conn:  # alice loses 4,700 chips (to the bank, the ledger's way)
        store.ledger.move(conn, {user_wallet(alice.id): -4_700, "bank": 4_700}, "hand")
    state = store.ledger.refill_state(alice.id, RULE)
    assert state["bankroll"] == 300 and state["amount"] == 9_700 and state["allowed"]
    assert store.ledger.refill(alice.id, RULE) == 9_700
    assert store.ledger.balance(user_wallet(alice.id)) == 10_000
    rows = store.ledger.rows(user_wallet(alice.id), 1)
    assert rows[0]["kind"] == REFILL and rows[0]["amount"] == 9_700
    assert rows[0]["note"] == "refill to 10,000"
    with store.tx.begin() as conn:
        store.ledger.move(conn, {user_wallet(alice.id): -9_500, "bank": 9_500}, "hand")
    with pytest.raises(AccountError, match="next refill is allowed from"):
        store.ledger.refill(alice.id, RULE)
    assert store.ledger.refill_state(alice.id, RULE)["next_at"] is not None
    assert store.ledger.refill(alice.id, RefillRule(below=1_000, to=10_000, every=0)) == 9_500
    assert store.ledger.check() == []
    store.close()


def test_parallel_refills_give_the_chips_once(db_url: str) -> None:
    store = Store(db_url)
    alice = store.accounts.create("alice", "first-password")
    results: list[Any] = []

    def ask() -> None:
        try:
            results.append(store.ledger.refill(alice.id, RULE))
        except AccountError as error:
            results.append(error)

    threads = [threading.Thread(target=ask) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(r for r in results if isinstance(r, int)) == [10_000]
    assert store.ledger.balance(user_wallet(alice.id)) == 10_000
    assert store.ledger.check() == []
    store.close()


def test_the_ledger_is_paged(db_url: str) -> None:
    store = Store(db_url)
    alice = store.accounts.create("alice", "first-password", grant=10)
    for amount in range(1, 8):
        store.ledger.grant(alice.id, amount)
    wallet = user_wallet(alice.id)
    first = store.ledger.rows(wallet, 3)
    assert [r["amount"] for r in first] == [7, 6, 5]
    second = store.ledger.rows(wallet, 3, before=first[-1]["id"])
    assert [r["amount"] for r in second] == [4, 3, 2]
    assert [r["amount"] for r in store.ledger.rows(wallet, 3, before=second[-1]["id"])] == [1, 10]
    store.close()


# -- the REST API ------------------------------------------------------------------


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    config = ServerConfig(db=f"sqlite:///{tmp_path / 'room.db'}", refill_every=3600)
    with TestClient(create_app(config)) as test_client:
        yield test_client


def _log_in(client: TestClient, name: str, password: str, agent: str) -> str:
    response = client.post("/api/session", json={"name": name, "password": password},
                           headers={"User-Agent": agent})
    assert response.status_code == 200, response.text
    token = response.cookies[COOKIE]
    client.cookies.clear()
    return str(token)


def _as(token: str) -> dict[str, str]:
    return {"Cookie": f"{COOKIE}={token}"}


def test_api_password_change_closes_other_sessions_sockets(client: TestClient) -> None:
    assert client.post("/api/accounts", json={"name": "alice", "password": "first-pass"}
                       ).status_code == 201
    client.cookies.clear()
    here = _log_in(client, "alice", "first-pass", "Here/1")
    there = _log_in(client, "alice", "first-pass", "There/1")
    mallory = client.post("/api/accounts", json={"name": "mallory", "password": "mallorys"})
    mallory_token = mallory.cookies[COOKIE]
    client.cookies.clear()
    sessions = client.get("/api/me/sessions", headers=_as(here)).json()["sessions"]
    assert len(sessions) == 3
    assert [s["agent"] for s in sessions if s["current"]] == ["Here/1"]
    # privacy: another account sees only its own sessions and cannot end alice's
    theirs = client.get("/api/me/sessions", headers=_as(mallory_token)).json()["sessions"]
    assert len(theirs) == 1 and theirs[0]["current"]
    assert client.delete(f"/api/me/sessions/{sessions[0]['id']}",
                         headers=_as(mallory_token)).status_code == 404
    bad = client.delete("/api/me/sessions/<script>", headers=_as(here))
    assert bad.status_code == 404 and bad.json()["error"]["code"] == "not-found"
    with client.websocket_connect("/ws", headers=_as(there)) as socket:
        assert socket.receive_json()["account"]["name"] == "alice"
        wrong = client.put("/api/me/password", json={"old": "nope", "new": "second-pass"},
                           headers=_as(here))
        assert wrong.status_code == 403 and "current password" in wrong.json()["error"]["message"]
        assert wrong.json()["error"]["code"] == "wrong-password"
        short = client.put("/api/me/password", json={"old": "first-pass", "new": "short"},
                           headers=_as(here))
        assert short.status_code == 400 and "'new'" in short.json()["error"]["message"]
        done = client.put("/api/me/password", json={"old": "first-pass", "new": "second-pass"},
                          headers=_as(here))
        assert done.status_code == 200 and done.json() == {"ended": 2}
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
        assert closed.value.code == LOGGED_OUT
    assert client.get("/api/me", headers=_as(there)).status_code == 401
    assert client.get("/api/me", headers=_as(here)).json()["name"] == "alice"
    assert client.get("/api/me", headers=_as(mallory_token)).json()["name"] == "mallory"


def test_api_ending_one_session(client: TestClient) -> None:
    client.post("/api/accounts", json={"name": "alice", "password": "first-pass"})
    client.cookies.clear()
    here = _log_in(client, "alice", "first-pass", "Here/1")
    there = _log_in(client, "alice", "first-pass", "There/1")
    listed = client.get("/api/me/sessions", headers=_as(here)).json()["sessions"]
    other = next(s["id"] for s in listed if s["agent"] == "There/1")
    with client.websocket_connect("/ws", headers=_as(there)) as socket:
        socket.receive_json()
        assert client.delete(f"/api/me/sessions/{other}", headers=_as(here)).status_code == 204
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
        assert closed.value.code == LOGGED_OUT
    assert client.get("/api/me", headers=_as(there)).status_code == 401
    assert client.delete(f"/api/me/sessions/{other}", headers=_as(here)).status_code == 404


def test_api_ledger_page_and_refill(client: TestClient) -> None:
    client.post("/api/accounts", json={"name": "alice", "password": "first-pass"})
    assert client.get("/api/me/ledger?limit=0").status_code == 400
    page = client.get("/api/me/ledger?limit=1").json()
    assert page["bankroll"] == 10_000 and page["next_before"] is None
    assert page["rows"][0]["kind"] == "grant"
    rule = client.get("/api/me/refill").json()
    assert rule["allowed"] is False and rule["amount"] == 0 and "1,000" in rule["rule"]
    refused = client.post("/api/me/refill")
    assert refused.status_code == 409 and "needs less than 1,000" in refused.json()["error"][
        "message"]
    store: Store = client.app.state.store  # type: ignore[attr-defined]
    me = client.get("/api/me").json()["id"]
    with store.tx.begin() as conn:
        store.ledger.move(conn, {user_wallet(me): -9_800, "bank": 9_800}, "hand")
    given = client.post("/api/me/refill").json()
    assert given["refilled"] == 9_800 and given["bankroll"] == 10_000
    assert given["allowed"] is False and given["next_at"] is not None
    page = client.get("/api/me/ledger?limit=2").json()
    assert [r["kind"] for r in page["rows"]] == ["refill", "hand"]
    assert page["next_before"] == page["rows"][-1]["id"]
    older = client.get(f"/api/me/ledger?limit=2&before={page['next_before']}").json()
    assert [r["kind"] for r in older["rows"]] == ["grant"] and older["next_before"] is None
    client.cookies.clear()
    assert client.get("/api/me/ledger").status_code == 401
    assert client.post("/api/me/refill").status_code == 401


def test_openapi_documents_the_account_endpoints() -> None:
    paths = OPENAPI["paths"]
    assert "put" in paths["/api/me/password"]
    params = paths["/api/me/sessions/{session_id}"]["delete"]["parameters"]
    assert params[0]["schema"]["pattern"] == "^[0-9a-f]{16}$"
    assert {p["name"] for p in paths["/api/me/ledger"]["get"]["parameters"]} == {
        "before", "limit"}
    assert "post" in paths["/api/me/refill"] and "get" in paths["/api/me/refill"]
