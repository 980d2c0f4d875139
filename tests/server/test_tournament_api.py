"""The tournaments' REST endpoints, through the room's ASGI app on SQLite and PostgreSQL:
the list, one tournament, registering and unregistering with the chips they move, and
every refusal in the documented shape."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import httpx2
import pytest
from starlette.testclient import TestClient

from standpat.server.app import COOKIE, create_app
from standpat.server.config import ServerConfig
from standpat.server.openapi import OPENAPI
from standpat.store import HOUSE, Store, tournament_wallet, user_wallet
from standpat.tournament import TournamentSpec, shipped

BANKROLL = 10_000
"""Every new account's bankroll (the room's ``starting_bankroll``)."""


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    """The room's app on a fresh database of each kind."""
    config = ServerConfig(db=db_url, starting_bankroll=BANKROLL)
    with TestClient(create_app(config)) as test_client:
        yield test_client


def _store(client: TestClient) -> Store:
    store: Store = client.app.state.store  # type: ignore[attr-defined]
    return store


def _create(client: TestClient, name: str = "Sunday", *, buy_in: int = 100, fee: int = 10,
            max_entrants: int | None = 6, starts_at: datetime | None = None) -> int:
    spec = TournamentSpec(name, shipped("turbo"), seats=6, buy_in=buy_in, fee=fee,
                          max_entrants=max_entrants)
    return _store(client).tournaments.create(spec, game="five-card-draw", betting="no-limit",
                                              starts_at=starts_at)


def _player(client: TestClient, name: str) -> str:
    """A new account's session token (the client's cookies are cleared after)."""
    made = client.post("/api/accounts", json={"name": name, "password": f"{name}-password"})
    assert made.status_code == 201, made.text
    token = str(made.cookies[COOKIE])
    client.cookies.clear()
    return token


def _as(token: str) -> dict[str, str]:
    return {"Cookie": f"{COOKIE}={token}"}


def _error(response: httpx2.Response, status: int, code: str) -> str:
    assert response.status_code == status, (response.status_code, response.text)
    body: dict[str, Any] = response.json()["error"]
    assert body["code"] == code, body
    message: str = body["message"]
    return message


def test_the_list_and_one_tournament(client: TestClient) -> None:
    later = datetime(2030, 1, 5, 20, 0, tzinfo=UTC)
    scheduled = _create(client, "Saturday", max_entrants=None, starts_at=later)
    sng = _create(client, "Six-max", buy_in=50, fee=5)
    gone = _create(client, "Called off")
    _store(client).tournaments.cancel(gone)
    listed = client.get("/api/tournaments")
    assert listed.status_code == 200
    lines = listed.json()["tournaments"]
    assert [t["id"] for t in lines] == [sng, scheduled]  # sit-and-gos first; none cancelled
    first = lines[0]
    assert {k: first[k] for k in ("name", "game", "betting", "structure", "buy_in", "fee",
                                  "seats", "entrants", "max_entrants", "status", "starts_at",
                                  "sit_and_go", "registration_open")} == {
        "name": "Six-max", "game": "five-card-draw", "betting": "no-limit",
        "structure": "turbo", "buy_in": 50, "fee": 5, "seats": 6, "entrants": 0,
        "max_entrants": 6, "status": "registering", "starts_at": None, "sit_and_go": True,
        "registration_open": True}
    assert datetime.fromisoformat(lines[1]["starts_at"]) == later
    assert lines[1]["sit_and_go"] is False and lines[1]["max_entrants"] is None

    alice = _player(client, "alice")
    assert client.post(f"/api/tournaments/{sng}/register", json={},
                       headers=_as(alice)).status_code == 201
    shown = client.get(f"/api/tournaments/{sng}")  # anyone may look: no session
    assert shown.status_code == 200
    detail = shown.json()
    assert detail["entrants"] == 1 and detail["pool"] == 50
    assert detail["entries"] == [{"id": detail["entries"][0]["id"], "name": "alice",
                                  "number": 1, "status": "live", "place": None,
                                  "prize": None, "table": None, "chips": None}]
    assert detail["levels"][0] == {"small_blind": 10, "big_blind": 20, "ante": 0}
    assert len(detail["levels"]) == len(shipped("turbo").levels)
    assert "account_id" not in detail["entries"][0]
    # a cancelled tournament is not in the list but is still shown, its entries refunded
    _store(client).tournaments.cancel(sng)
    assert [e["status"] for e in client.get(f"/api/tournaments/{sng}").json()["entries"]] == [
        "refunded"]
    assert client.get(f"/api/tournaments/{sng}").json()["status"] == "cancelled"


def test_unknown_tournaments_are_404s(client: TestClient) -> None:
    token = _player(client, "alice")
    for path in ("/api/tournaments/7", "/api/tournaments/0", "/api/tournaments/2147483648"):
        message = _error(client.get(path), 404, "not-found")
        assert "tournament" in message
    message = _error(client.post("/api/tournaments/7/register", json={}, headers=_as(token)),
                     404, "not-found")
    assert message == "there is no tournament 7."
    _error(client.post("/api/tournaments/7/unregister", json={}, headers=_as(token)),
           404, "not-found")


def test_register_and_unregister_move_the_chips(client: TestClient) -> None:
    store = _store(client)
    t = _create(client, buy_in=100, fee=10)
    alice = _player(client, "alice")
    me = client.get("/api/me", headers=_as(alice)).json()
    made = client.post(f"/api/tournaments/{t}/register", json={}, headers=_as(alice))
    assert made.status_code == 201, made.text
    answer = made.json()
    assert answer["bankroll"] == BANKROLL - 110
    assert {k: answer["entry"][k] for k in ("name", "number", "status")} == {
        "name": "alice", "number": 1, "status": "live"}
    assert store.ledger.balance(tournament_wallet(t)) == 100
    assert store.ledger.balance(HOUSE) == 10
    rows = client.get("/api/me/ledger?limit=1", headers=_as(alice)).json()["rows"]
    assert (rows[0]["kind"], rows[0]["amount"]) == ("buy-in", -110)

    again = client.post(f"/api/tournaments/{t}/register", json={}, headers=_as(alice))
    assert "registered" in _error(again, 409, "tournament")
    assert store.ledger.balance(user_wallet(me["id"])) == BANKROLL - 110  # nothing moved

    back = client.post(f"/api/tournaments/{t}/unregister", json={}, headers=_as(alice))
    assert back.status_code == 200, back.text
    assert back.json()["bankroll"] == BANKROLL
    assert back.json()["entry"]["status"] == "unregistered"
    assert store.ledger.balance(tournament_wallet(t)) == 0 and store.ledger.balance(HOUSE) == 0
    assert client.get(f"/api/tournaments/{t}").json()["entries"] == []
    twice = client.post(f"/api/tournaments/{t}/unregister", json={}, headers=_as(alice))
    assert "not registered" in _error(twice, 409, "tournament")

    # registered again, then the tournament starts: no unregistering from then on
    bob = _player(client, "bob")
    for token in (alice, bob):
        assert client.post(f"/api/tournaments/{t}/register", headers=_as(token),
                           json={}).status_code == 201
    store.tournaments.start(t)
    late = client.post(f"/api/tournaments/{t}/unregister", json={}, headers=_as(bob))
    assert "before the start" in _error(late, 409, "tournament")
    closed = client.post(f"/api/tournaments/{t}/register", json={}, headers=_as(_player(
        client, "carol")))
    assert "closed" in _error(closed, 409, "tournament")
    assert store.ledger.check() == []


def test_a_full_field_and_a_short_bankroll_are_refused(client: TestClient) -> None:
    store = _store(client)
    small = _create(client, "Heads-up", max_entrants=2)
    tokens = [_player(client, name) for name in ("ann", "bob", "cat")]
    for token in tokens[:2]:
        assert client.post(f"/api/tournaments/{small}/register", json={},
                           headers=_as(token)).status_code == 201
    # the field is full: the sit-and-go starts at once, and registration closes
    assert client.get(f"/api/tournaments/{small}").json()["status"] == "running"
    full = client.post(f"/api/tournaments/{small}/register", json={}, headers=_as(tokens[2]))
    assert "closed" in _error(full, 409, "tournament")

    dear = _create(client, "High roller", buy_in=BANKROLL, fee=1)
    short = client.post(f"/api/tournaments/{dear}/register", json={}, headers=_as(tokens[2]))
    _error(short, 400, "account")
    cat = client.get("/api/me", headers=_as(tokens[2])).json()
    assert cat["bankroll"] == BANKROLL  # nothing moved
    assert store.ledger.balance(tournament_wallet(dear)) == 0
    assert client.get(f"/api/tournaments/{dear}").json()["entrants"] == 0
    assert store.ledger.check() == []


def test_not_logged_in_bad_bodies_and_foreign_origins(client: TestClient) -> None:
    t = _create(client)
    for action in ("register", "unregister"):
        _error(client.post(f"/api/tournaments/{t}/{action}", json={}), 401, "not-logged-in")
    token = _player(client, "alice")
    path = f"/api/tournaments/{t}/register"
    assert "'seat'" in _error(client.post(path, json={"seat": 3}, headers=_as(token)),
                              400, "bad-message")
    _error(client.post(path, json=[], headers=_as(token)), 400, "bad-message")
    _error(client.post(path, content=b"{", headers={**_as(token),
                                                   "content-type": "application/json"}),
           400, "bad-json")
    _error(client.post(path, content=b"x=1", headers={
        **_as(token), "content-type": "application/x-www-form-urlencoded"}), 415, "not-json")
    _error(client.post(path, json={}, headers={**_as(token), "origin": "https://evil.example"}),
           403, "foreign-origin")
    _error(client.put(path, json={}, headers=_as(token)), 405, "bad-method")
    assert client.get(f"/api/tournaments/{t}").json()["entrants"] == 0  # none of them bought
    # an empty body, sent as JSON, is the empty object
    empty = client.post(path, content=b"", headers={**_as(token),
                                                    "content-type": "application/json"})
    assert empty.status_code == 201, empty.text


def test_scheduled_tournaments_come_soonest_first(client: TestClient) -> None:
    """Scheduled tournaments come after the sit-and-gos, the soonest first."""
    soon = datetime.now(UTC) + timedelta(hours=1)
    late = _create(client, "Late", max_entrants=None, starts_at=soon + timedelta(days=1))
    early = _create(client, "Early", max_entrants=None, starts_at=soon)
    sng = _create(client, "SNG")
    ids = [t["id"] for t in client.get("/api/tournaments").json()["tournaments"]]
    assert ids == [sng, early, late]


def test_the_openapi_document_has_the_tournaments() -> None:
    paths = OPENAPI["paths"]
    register = paths["/api/tournaments/{tournament_id}/register"]["post"]
    assert register["requestBody"]["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/TournamentEntryBody"}
    assert {"201", "400", "401", "404", "409"} <= set(register["responses"])
    assert register["parameters"][0]["name"] == "tournament_id"
    shown = paths["/api/tournaments/{tournament_id}"]["get"]["responses"]["200"]
    assert shown["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/TournamentDetail"}
    schemas = OPENAPI["components"]["schemas"]
    assert schemas["TournamentEntryBody"]["additionalProperties"] is False
    assert "entries" in schemas["TournamentDetail"]["properties"]
    assert "post" in paths["/api/tournaments/{tournament_id}/unregister"]
    assert "get" in paths["/api/tournaments"]
