"""Table chat over the WebSocket (in process): who may speak, who hears, the limits."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from standpat.server.app import COOKIE, create_app
from standpat.server.config import ServerConfig
from standpat.server.openapi import OPENAPI
from standpat.server.schemas import MAX_CHAT
from tests.server.live import log_in_operator


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    config = ServerConfig(db=f"sqlite:///{tmp_path / 'room.db'}", between_hands=0.05,
                          bot_delay=0, chat_rate="4 per minute", operators=("boss",))
    with TestClient(create_app(config)) as test_client:
        yield test_client


def _account(client: TestClient, name: str) -> dict[str, str]:
    if name == "boss":  # the operator the room reserved
        response = log_in_operator(client, name)
    else:
        response = client.post("/api/accounts", json={"name": name, "password": f"pw-{name}-pw"})
        assert response.status_code == 201, response.text
    token = response.cookies[COOKIE]
    client.cookies.clear()
    return {"Cookie": f"{COOKIE}={token}"}


def _next(ws: Any, kind: str | None = None) -> dict[str, Any]:
    """The next frame that is not a table update (or the next of type ``kind``)."""
    while True:
        frame: dict[str, Any] = ws.receive_json()
        if (kind is None and frame["type"] != "table") or frame["type"] == kind:
            return frame


def _close_chat(client: TestClient, headers: dict[str, str], table: int) -> None:
    """Set a table's chat ``off`` over a WebSocket of ``headers``' account (told back)."""
    with client.websocket_connect("/ws", headers=headers) as ws:
        ws.receive_json()
        ws.send_json({"type": "watch", "table": table})
        _next(ws, "table")
        ws.send_json({"type": "chat-mode", "table": table, "mode": "off"})
        assert _next(ws)["mode"] == "off"


def test_chat_reaches_only_the_tables_audience(client: TestClient) -> None:
    alice, carol, dave = (_account(client, n) for n in ("alice", "carol", "dave"))
    one = client.post("/api/tables", json={"game": "five-card-draw", "seats": 3},
                      headers=alice).json()
    two = client.post("/api/tables", json={"game": "five-card-draw", "seats": 3},
                      headers=alice).json()
    assert one["chat"] == "players"
    with client.websocket_connect("/ws", headers=alice) as a, \
            client.websocket_connect("/ws", headers=carol) as c, \
            client.websocket_connect("/ws", headers=dave) as d, \
            client.websocket_connect("/ws") as anonymous:
        for ws in (a, c, d, anonymous):
            ws.receive_json()  # welcome
        a.send_json({"type": "sit", "table": one["id"], "buy_in": 100})
        _next(a, "table")
        for ws in (c, anonymous):
            ws.send_json({"type": "watch", "table": one["id"]})
            _next(ws, "table")
        d.send_json({"type": "watch", "table": two["id"]})
        _next(d, "table")

        payload = '<img src=x onerror="alert(1)"> & <b>bold</b>'
        a.send_json({"type": "chat", "table": one["id"], "text": f"  {payload} "})
        for ws in (a, c, anonymous):
            line = _next(ws)
            assert line["type"] == "chat" and line["text"] == payload  # text, kept as sent
            assert line["name"] == "alice" and line["seat"] == 0 and line["table"] == one["id"]

        c.send_json({"type": "chat", "table": one["id"], "text": "hello", "ref": 1})
        refused = _next(c)
        assert refused["code"] == "table" and "only the players" in refused["message"]
        anonymous.send_json({"type": "chat", "table": one["id"], "text": "hi"})
        assert _next(anonymous)["code"] == "not-logged-in"
        c.send_json({"type": "chat-mode", "table": one["id"], "mode": "everyone"})
        assert _next(c)["code"] == "forbidden"

        a.send_json({"type": "chat-mode", "table": one["id"], "mode": "everyone"})
        for ws in (a, c):
            assert _next(ws) == {"v": 1, "type": "chat-mode", "mode": "everyone",
                                 "table": one["id"]}
        assert client.get(f"/api/tables/{one['id']}").json()["chat"] == "everyone"
        c.send_json({"type": "chat", "table": one["id"], "text": "now I may"})
        for ws in (a, c):
            line = _next(ws)
            assert line["name"] == "carol" and line["seat"] is None

        for text, word in (("", "at least 1"), ("x" * (MAX_CHAT + 1), "at most 200"),
                           ("two\nlines", "one line"), ("   ", "says something")):
            a.send_json({"type": "chat", "table": one["id"], "text": text})
            error = _next(a)
            assert error["code"] == "bad-message" and word in error["message"], error

        a.send_json({"type": "chat", "table": one["id"], "text": "two"})
        a.send_json({"type": "chat", "table": one["id"], "text": "three"})
        a.send_json({"type": "chat", "table": one["id"], "text": "four"})
        assert [_next(a)["text"] for _ in range(3)] == ["two", "three", "four"]
        a.send_json({"type": "chat", "table": one["id"], "text": "five"})
        limited = _next(a)
        assert limited["code"] == "rate-limited" and "chat too fast" in limited["message"]

        a.send_json({"type": "chat-mode", "table": one["id"], "mode": "off"})
        assert _next(a)["mode"] == "off"
        c.send_json({"type": "chat", "table": one["id"], "text": "still?"})
        assert _next(c, "chat-mode")["mode"] == "off"
        assert "chat is off" in _next(c)["message"]

        # dave watches the other table: the next thing he hears answers his ping, so no
        # line of table one's chat was ever queued for him
        d.send_json({"type": "ping", "ref": "after"})
        assert _next(d) == {"v": 1, "type": "pong", "ref": "after"}

        # one who comes to watch later is sent what was said, numbered, after the table
        d.send_json({"type": "watch", "table": one["id"]})
        _next(d, "table")
        d.send_json({"type": "ping", "ref": "lines"})
        said = []
        while (frame := _next(d))["type"] != "pong":
            said.append(frame)
        assert [(line["type"], line["text"]) for line in said] == [
            ("chat", text) for text in (payload, "now I may", "two", "three", "four")]
        assert [line["id"] for line in said] == [1, 2, 3, 4, 5]
        assert len({line["epoch"] for line in said}) == 1  # one start of the table


def test_an_operator_sets_any_tables_chat(client: TestClient) -> None:
    alice, boss = _account(client, "alice"), _account(client, "boss")
    assert client.get("/api/me", headers=boss).json()["operator"] is True
    assert client.get("/api/me", headers=alice).json()["operator"] is False
    table = client.post("/api/tables", json={"game": "five-card-draw"}, headers=alice).json()
    _close_chat(client, boss, table["id"])


def test_a_tables_chat_mode_is_kept_across_a_restart(tmp_path: Path) -> None:
    config = ServerConfig(db=f"sqlite:///{tmp_path / 'room.db'}", between_hands=0.05,
                          bot_delay=0, operators=("boss",))
    with TestClient(create_app(config)) as client:
        olga = _account(client, "olga")
        table = client.post("/api/tables", json={"game": "five-card-draw"}, headers=olga).json()
        _close_chat(client, olga, table["id"])
    with TestClient(create_app(config)) as client:  # the room starts again on its database
        line = next(t for t in client.get("/api/tables").json()["tables"]
                    if t["id"] == table["id"])
        assert line["chat"] == "off"
        gus = _account(client, "gus")
        with client.websocket_connect("/ws", headers=gus) as ws:
            ws.receive_json()
            ws.send_json({"type": "sit", "table": table["id"], "seat": 0, "buy_in": 100})
            _next(ws, "table")
            ws.send_json({"type": "chat", "table": table["id"], "text": "is it on again?"})
            assert "chat is off" in _next(ws)["message"]


def test_the_chat_messages_are_in_the_schema() -> None:
    mapping = OPENAPI["components"]["schemas"]["ClientMessage"]["discriminator"]["mapping"]
    assert {"chat", "chat-mode"} <= set(mapping)
    chat = OPENAPI["components"]["schemas"]["Chat"]["properties"]["text"]
    assert chat["maxLength"] == MAX_CHAT
