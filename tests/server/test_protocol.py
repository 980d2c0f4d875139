"""In-process tests of the REST API and the WebSocket protocol (Starlette's test client)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from standpat.engine import GameName
from standpat.server.app import COOKIE, create_app
from standpat.server.config import ServerConfig
from standpat.server.schemas import SeatBot, TableSpec
from standpat.server.seatbots import calling_station, game_bot
from tests.server.live import PATIENCE, log_in_operator


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    config = ServerConfig(
        db=f"sqlite:///{tmp_path / 'room.db'}", between_hands=0.05, bot_delay=0,
        max_tables=len(GameName), address_tables=len(GameName),  # one of each poker game
    )
    with TestClient(create_app(config)) as test_client:
        yield test_client


def register(client: TestClient, name: str) -> dict[str, Any]:
    response = client.post("/api/accounts", json={"name": name, "password": "pass-" + name})
    assert response.status_code == 201, response.text
    return dict(response.json())


def test_accounts_and_cookies(client: TestClient) -> None:
    account = register(client, "alice")
    assert account["bankroll"] == 10_000
    cookie = client.cookies.get(COOKIE)
    assert cookie
    login = client.post("/api/session", json={"name": "alice", "password": "pass-alice"})
    header = login.headers["set-cookie"]
    assert "HttpOnly" in header and "SameSite=lax" in header
    assert client.get("/api/me").json()["name"] == "alice"
    bad = client.post("/api/session", json={"name": "alice", "password": "wrong-password"})
    assert bad.status_code == 401 and bad.json()["error"]["code"] == "wrong-login"
    taken = client.post("/api/accounts", json={"name": "alice", "password": "whatever-else"})
    assert taken.status_code == 409 and "taken" in taken.json()["error"]["message"]
    assert taken.json()["error"]["code"] == "name-taken"
    assert client.delete("/api/session").status_code == 204
    client.cookies.clear()
    assert client.get("/api/me").status_code == 401
    bad_json = client.post(
        "/api/session", content=b"{not json", headers={"content-type": "application/json"}
    )
    assert bad_json.status_code == 400 and bad_json.json()["error"]["code"] == "bad-json"


def test_the_session_answers_who_is_logged_in_without_a_401(client: TestClient) -> None:
    nobody = client.get("/api/session")
    assert nobody.status_code == 200 and nobody.json() == {"account": None}
    account = register(client, "alice")
    assert client.get("/api/session").json() == {"account": account}
    assert client.delete("/api/session").status_code == 204
    assert client.get("/api/session").json() == {"account": None}
    assert client.get("/api/me").status_code == 401


def test_login_rate_limit(client: TestClient) -> None:
    """Per address: 10 attempts in 10 s, whatever the names."""
    codes = [
        client.post("/api/session", json={"name": f"x{i}", "password": "yyyyyyyy"}).status_code
        for i in range(12)
    ]
    assert codes[:10] == [401] * 10 and codes[-1] == 429


def test_lobby_tables_and_openapi(client: TestClient) -> None:
    assert client.post("/api/tables", json={"game": "five-card-draw"}).status_code == 401
    register(client, "alice")
    games = [g for g in client.get("/api/games").json()["games"] if g["kind"] == "poker"]
    assert [g["name"] for g in games] == [g.value for g in GameName]
    for game in games:
        made = client.post(
            "/api/tables", json={"game": game["name"], "structure": "pot-limit", "stakes": "2/4"}
        )
        assert made.status_code == 201, made.text
        assert made.json()["seats"] == game["max"]
    bad = client.post("/api/tables", json={"game": "stud"})
    assert bad.status_code == 400 and bad.json()["error"]["code"] == "unknown-game"
    bad = client.post("/api/tables", json={"game": "five-card-draw", "stakes": "4/2"})
    assert bad.status_code == 409 and bad.json()["error"]["code"] == "bad-stakes"
    seat = client.post("/api/tables/1/bots", json={"level": "house"})
    assert seat.status_code == 201 and seat.json()["seat"] == 0
    lobby = client.get("/api/tables").json()["tables"]
    assert len(lobby) == len(GameName) and lobby[0]["taken"] == 1
    assert client.get("/api/tables/99").status_code == 404
    doc = client.get("/api/openapi.json").json()
    assert doc["openapi"].startswith("3.")
    app: Any = client.app
    routes = {r.path.replace(":int", "") for r in app.routes if hasattr(r, "path")}
    assert {p for p in routes if p.startswith("/api") and p != "/api/openapi.json"} == set(
        doc["paths"]
    )


def test_bad_websocket_input_gets_coded_errors(client: TestClient) -> None:
    register(client, "alice")
    client.post("/api/tables", json={"game": "five-card-draw"})
    with client.websocket_connect("/ws") as ws:
        welcome = ws.receive_json()
        assert welcome["type"] == "welcome" and welcome["account"]["name"] == "alice"
        cases = [
            ("{oops", "bad-json"),
            ('["a list"]', "bad-message"),
            ('{"type": "dance"}', "unknown-type"),
            ('{"v": 9, "type": "ping"}', "bad-version"),
            ('{"type": "watch"}', "bad-message"),
            ('{"type": "watch", "table": 42}', "no-table"),
            ('{"type": "act", "table": 1, "action": {"kind": "call"}}', "not-seated"),
            ('{"type": "sit", "table": 1, "seat": 9}', "table"),
            ('{"type": "client-seed", "seed": "bad\\nseed"}', "bad-seed"),
            ('{"type": "ping", "pad": "' + "x" * 5000 + '"}', "too-large"),
        ]
        for raw, code in cases:
            ws.send_text(raw)
            reply = ws.receive_json()
            assert reply["type"] == "error" and reply["code"] == code, (raw, reply)
        ws.send_json({"type": "ping", "ref": 7})
        assert ws.receive_json() == {"v": 1, "type": "pong", "ref": 7}


def test_spectators_cannot_play(client: TestClient) -> None:
    register(client, "alice")
    client.post("/api/tables", json={"game": "five-card-draw"})
    client.cookies.clear()
    with client.websocket_connect("/ws") as ws:
        assert ws.receive_json()["account"] is None
        ws.send_json({"type": "watch", "table": 1})
        state = ws.receive_json()
        assert state["type"] == "table" and state["you"] is None and state["hand"] is None
        ws.send_json({"type": "sit", "table": 1, "seat": 0})
        assert ws.receive_json()["code"] == "not-logged-in"


def test_flood_is_rate_limited(tmp_path: Path) -> None:
    config = ServerConfig(db=f"sqlite:///{tmp_path / 'room.db'}", rate=0.001, burst=3)
    with TestClient(create_app(config)) as client, client.websocket_connect("/ws") as ws:
        ws.receive_json()
        replies = []
        for _ in range(5):
            ws.send_json({"type": "ping"})
            replies.append(ws.receive_json()["type"])
        assert replies == ["pong", "pong", "pong", "error", "error"]


def test_cross_site_websocket_is_refused(client: TestClient) -> None:
    from starlette.websockets import WebSocketDisconnect

    with pytest.raises(WebSocketDisconnect), client.websocket_connect(
        "/ws", headers={"origin": "http://evil.example"}
    ) as ws:
        ws.receive_json()


def test_blind_choices_are_offered(client: TestClient) -> None:
    register(client, "alice")
    client.post("/api/tables", json={"game": "five-card-draw", "seats": 3})
    with client.websocket_connect("/ws") as ws:
        ws.receive_json()
        ws.send_json({"type": "sit", "table": 1, "seat": 0, "buy_in": 100, "post": False})
        state = ws.receive_json()
        assert state["type"] == "table" and state["you"]["seat"] == 0
        assert set(state["you"]["choices"]) == {"post-bb", "wait-for-bb"}
        ws.send_json({"type": "choose", "table": 1, "choice": "post-all"})
        reply = ws.receive_json()
        assert reply["type"] == "error" and reply["code"] == "table"
        assert "may choose" in reply["message"]
        ws.send_json({"type": "sit", "table": 1, "seat": 1, "buy_in": 100})
        assert ws.receive_json()["code"] == "table"  # one seat per player
        ws.send_json({"type": "sit-out", "table": 1, "when": "next-big-blind"})
        assert ws.receive_json()["you"]["sit_out_next_big_blind"] is True
        ws.send_json({"type": "leave", "table": 1})
        left = {"v": 1, "type": "left", "table": 1, "seat": 0, "reason": "left"}
        assert ws.receive_json() == left
    assert client.get("/api/me").json()["bankroll"] == 10_000


def test_a_failing_bot_gets_the_default_action(tmp_path: Path) -> None:
    import time

    from standpat.engine import Action, SeatView

    def broken(view: SeatView) -> Action:
        raise RuntimeError("this bot is broken")

    def bots(level: str) -> Any:
        return broken if level == "easy" else game_bot("poker", level, random.Random(1))

    config = ServerConfig(
        db=f"sqlite:///{tmp_path / 'room.db'}", between_hands=0.01, bot_delay=0,
        operators=("alice",),
    )
    with TestClient(create_app(config, bots=bots)) as client:
        log_in_operator(client, "alice")
        client.post("/api/tables", json={"game": "deuce-to-seven-triple-draw", "seats": 2})
        client.post("/api/tables/1/bots", json={"level": "easy"})
        client.post("/api/tables/1/bots", json={"level": "house"})
        deadline = time.monotonic() + 20 * PATIENCE
        while client.get("/api/tables/1").json()["hands"] < 3 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert client.get("/api/tables/1").json()["hands"] >= 3
        store = client.app.state.store  # type: ignore[attr-defined]
        assert store.ledger.check() == []


def test_a_slow_bot_does_not_hold_up_the_room(tmp_path: Path) -> None:
    """A bot thinks in a worker thread: the event loop (sockets, other tables) runs meanwhile."""
    import asyncio
    import threading
    import time

    from standpat.engine import Action, SeatView
    from standpat.server.host import Command
    from standpat.server.room import LocalHost
    from standpat.store import Store

    thinking = threading.Event()
    started: list[float] = []

    def slow(view: SeatView) -> Action:
        if not thinking.is_set():  # the first decision takes 2 s
            started.append(time.monotonic())
            thinking.set()
            time.sleep(2.0)
        return calling_station(view)

    def bots(level: str) -> Any:
        return slow if level == "slow" else game_bot("poker", level, random.Random(1))

    async def main() -> float:
        config = ServerConfig(db=f"sqlite:///{tmp_path / 'room.db'}", between_hands=0.01,
                              bot_delay=0)
        store = Store(config.db)
        host = LocalHost(store, config, bots)
        await host.start()
        try:
            table = await host.open_table(
                TableSpec(game=GameName.FIVE_CARD_DRAW, seats=2), owner=None, operator=True
            )
            for level in ("slow", "house"):
                await host.ask(
                    table, Command("seat-bot", payload=SeatBot(level=level, operator=True))
                )
            deadline = time.monotonic() + 20 * PATIENCE
            while not thinking.is_set():
                assert time.monotonic() < deadline, "the slow bot was never asked to act"
                await asyncio.sleep(0.01)
            # This loop sees the bot start at once unless the bot's thinking blocks it.
            return time.monotonic() - started[0]
        finally:
            await host.stop()
            store.close()

    assert asyncio.run(main()) < 1.0, "the event loop waited for the bot"
