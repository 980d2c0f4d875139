"""The lobby's filters and order, and a full table's waiting list (in process)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from standpat.server.app import COOKIE, create_app
from standpat.server.config import ServerConfig


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    config = ServerConfig(db=f"sqlite:///{tmp_path / 'room.db'}", between_hands=0.05,
                          bot_delay=0, seat_offer=1.0, max_tables=10)
    with TestClient(create_app(config)) as test_client:
        yield test_client


def _account(client: TestClient, name: str) -> dict[str, str]:
    response = client.post("/api/accounts", json={"name": name, "password": f"pw-{name}-pw"})
    assert response.status_code == 201, response.text
    token = response.cookies[COOKIE]
    client.cookies.clear()
    return {"Cookie": f"{COOKIE}={token}"}


def _next(ws: Any, kind: str) -> dict[str, Any]:
    while True:
        frame: dict[str, Any] = ws.receive_json()
        if frame["type"] == kind or frame["type"] == "error":
            return frame


def _ids(client: TestClient, query: str) -> list[int]:
    response = client.get(f"/api/tables?{query}")
    assert response.status_code == 200, response.text
    return [t["id"] for t in response.json()["tables"]]


def test_filters_and_order(client: TestClient) -> None:
    alice = _account(client, "alice")
    specs = [
        {"game": "five-card-draw", "structure": "no-limit", "stakes": "1/2", "seats": 2},
        {"game": "deuce-to-seven-triple-draw", "structure": "fixed-limit", "stakes": "10/20",
         "seats": 4},
        {"game": "five-card-draw", "structure": "pot-limit", "stakes": "5/10", "seats": 6},
    ]
    ids = [client.post("/api/tables", json=s, headers=alice).json()["id"] for s in specs]
    one, two, three = ids
    client.post(f"/api/tables/{two}/bots", json={"level": "house"}, headers=alice)
    client.post(f"/api/tables/{one}/bots", json={"level": "house"}, headers=alice)
    assert _ids(client, "") == ids
    assert _ids(client, "game=five-card-draw") == [one, three]
    assert _ids(client, "structure=fixed-limit") == [two]
    assert _ids(client, "min_stakes=5") == [two, three]
    assert _ids(client, "min_stakes=2&max_stakes=9") == [three]
    assert _ids(client, "seats=4") == [two]
    assert _ids(client, "hide_empty=true") == [one, two]
    assert _ids(client, "sort=stakes&order=desc") == [two, three, one]
    assert _ids(client, "sort=players&order=desc&hide_empty=1") == [one, two]
    line = client.get("/api/tables").json()["tables"][0]
    assert line["hands_per_hour"] >= 0 and line["waiting"] == 0
    for bad, word in (("sort=colour", "sort"), ("min_stakes=-1", "min_stakes"),
                      ("hide_full=perhaps", "hide_full"), ("flavour=1", "flavour")):
        response = client.get(f"/api/tables?{bad}")
        assert response.status_code == 400 and word in response.json()["error"]["message"]


def test_a_freed_seat_is_offered_to_the_waiting_list(client: TestClient) -> None:
    alice, bob, carol, dave = (_account(client, n) for n in ("alice", "bob", "carol", "dave"))
    table = client.post("/api/tables", json={"game": "five-card-draw", "seats": 2},
                        headers=alice).json()["id"]
    with client.websocket_connect("/ws", headers=alice) as a, \
            client.websocket_connect("/ws", headers=bob) as b, \
            client.websocket_connect("/ws", headers=carol) as c, \
            client.websocket_connect("/ws", headers=dave) as d:
        for ws in (a, b, c, d):
            ws.receive_json()
        c.send_json({"type": "wait", "table": table})
        assert "free seat" in _next(c, "waiting")["message"]  # not full yet: sit down
        a.send_json({"type": "sit", "table": table, "seat": 0, "buy_in": 100})
        _next(a, "table")
        b.send_json({"type": "sit", "table": table, "seat": 1, "buy_in": 100})
        _next(b, "table")
        c.send_json({"type": "wait", "table": table})
        assert _next(c, "waiting")["position"] == 1
        d.send_json({"type": "wait", "table": table})
        assert _next(d, "waiting")["position"] == 2
        d.send_json({"type": "wait", "table": table})
        assert "already" in _next(d, "waiting")["message"]
        assert client.get(f"/api/tables/{table}").json()["waiting"] == 2

        b.send_json({"type": "leave", "table": table})
        offered = _next(c, "seat-offered")
        assert offered["seat"] == 1 and 0 < offered["accept"] <= 1.0
        d.send_json({"type": "sit", "table": table, "seat": 1, "buy_in": 100})
        refused = _next(d, "table")
        assert refused["type"] == "error" and "offered to the first" in refused["message"]
        c.send_json({"type": "sit", "table": table, "seat": 1, "buy_in": 100})
        assert _next(c, "table")["you"]["seat"] == 1

        a.send_json({"type": "leave", "table": table})
        offered = _next(d, "seat-offered")
        assert offered["seat"] == 0
        expired = _next(d, "seat-offer-expired")  # a second later, not taken
        assert expired["seat"] == 0
        assert client.get(f"/api/tables/{table}").json()["waiting"] == 0
        d.send_json({"type": "sit", "table": table, "seat": 0, "buy_in": 100})
        assert _next(d, "table")["you"]["seat"] == 0  # free for anyone now


def test_pinochle_tables_stand_beside_poker_ones_and_filter_like_them(client: TestClient) -> None:
    alice = _account(client, "alice")
    poker = client.post("/api/tables", json={"game": "five-card-draw", "structure": "no-limit",
                                             "stakes": "5/10", "seats": 4}, headers=alice)
    pinochle = client.post("/api/tables", json={"game": "pinochle-5", "seats": 3,
                                                "stakes": "entry 20"}, headers=alice)
    assert poker.status_code == pinochle.status_code == 201, pinochle.text
    one, two = poker.json()["id"], pinochle.json()["id"]
    assert _ids(client, "") == [one, two]
    assert _ids(client, "game=pinochle-5") == [two]
    assert _ids(client, "structure=no-limit") == [one]  # a pinochle table has no structure
    assert _ids(client, "seats=3") == [two]
    assert _ids(client, "sort=stakes&order=desc") == [two, one]  # an entry of 20 over 5/10
    line = next(t for t in client.get("/api/tables").json()["tables"] if t["id"] == two)
    assert line["game"] == "pinochle-5" and line["stakes"] == "entry 20"


def test_a_table_opened_without_a_structure_says_the_one_it_plays(client: TestClient) -> None:
    """Left out, a poker table's structure is its default (fixed limit), and the lobby, the
    table's own line and its filter say so; a pinochle table's stays empty."""
    alice = _account(client, "alice")
    made = client.post("/api/tables", json={"game": "seven-card-draw"}, headers=alice)
    assert made.status_code == 201, made.text
    table = made.json()["id"]
    assert made.json()["structure"] == "fixed-limit"
    assert client.get(f"/api/tables/{table}").json()["structure"] == "fixed-limit"
    assert _ids(client, "structure=fixed-limit") == [table]
    pinochle = client.post("/api/tables", json={"game": "pinochle-5", "seats": 3},
                           headers=alice).json()
    assert pinochle["structure"] == ""
