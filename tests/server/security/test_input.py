"""Bad input, tried as an attacker would: huge and deep bodies, out-of-range ids, mistyped
fields, look-alike names, cross-site requests.  Every one gets a 4xx in the documented shape
(or an error message, over the WebSocket), and the server log holds no traceback."""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from ..live import Server
from .conftest import Room


@contextlib.contextmanager
def _client(server: Server, name: str | None = None) -> Iterator[httpx.Client]:
    """An HTTP client of the room, logged in as a new account ``name`` if given."""
    with httpx.Client(base_url=server.base, timeout=10) as client:
        if name is not None:
            made = client.post("/api/accounts", json={"name": name, "password": f"{name}-password"})
            assert made.status_code == 201, made.text
        yield client


def _error(response: httpx.Response, status: int, code: str | None = None) -> dict[str, Any]:
    assert response.status_code == status, (response.status_code, response.text)
    body: dict[str, Any] = response.json()["error"]
    assert set(body) == {"code", "message"} and body["message"]
    if code is not None:
        assert body["code"] == code, body
    return body


def _no_tracebacks(server: Server) -> None:
    assert server.log is not None
    assert "Traceback" not in server.log.read_text()


def test_huge_bodies_are_refused_unread(sqlite_room: Room) -> None:
    """A 200 MiB Content-Length is refused before a byte of it is read; a body with no length
    is refused once it passes the limit; the server's memory does not grow."""
    server = sqlite_room()
    assert server.proc is not None
    before = _rss(server.proc.pid)
    for _ in range(4):
        with socket.create_connection(("127.0.0.1", server.port), timeout=10) as raw:
            raw.sendall(b"POST /api/accounts HTTP/1.1\r\nHost: x\r\nContent-Type: "
                        b"application/json\r\nContent-Length: 209715200\r\n\r\n")
            assert raw.recv(4096).startswith(b"HTTP/1.1 413")

    def chunks() -> Any:
        for _ in range(2000):  # 50 MiB if it were all read
            yield b"x" * 25_000

    with _client(server) as client:
        for _ in range(2):
            answer = client.post("/api/accounts", content=chunks(),
                                 headers={"content-type": "application/json"})
            _error(answer, 413, "too-large")
    assert _rss(server.proc.pid) - before < 30 * 2**20
    _no_tracebacks(server)


def _rss(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    raise AssertionError("no VmRSS")


def test_deep_json_is_a_400_and_never_drops_the_socket(sqlite_room: Room) -> None:
    server = sqlite_room()
    deep = "[" * 2000 + "]" * 2000
    with _client(server) as client:
        answer = client.post("/api/accounts", content=deep,
                             headers={"content-type": "application/json"})
        _error(answer, 400, "bad-json")
    asyncio.run(_deep_over_websocket(server, deep))
    _no_tracebacks(server)


async def _deep_over_websocket(server: Server, deep: str) -> None:
    url = server.base.replace("http", "ws") + "/ws"
    async with connect(url) as ws:
        await ws.recv()  # welcome
        for raw in (deep, '{"type": "watch", "table": ' + deep + "}", "{" * 1500):
            await ws.send(raw)
            reply = json.loads(await ws.recv())
            assert reply["type"] == "error" and reply["code"] in ("bad-json", "too-large")
        await ws.send(json.dumps({"type": "ping", "ref": 1}))
        assert json.loads(await ws.recv())["type"] == "pong"


def test_ids_out_of_range_are_404s(room: Room) -> None:
    """Beyond 64 bits, beyond 32 bits (PostgreSQL's integer), zero: no such table or hand."""
    server = room()
    with _client(server, "alice") as client:
        for path in ("/api/hands/99999999999999999999", "/api/hands/9223372036854775808/phh",
                     "/api/hands/2147483648/text", "/api/hands/2147483648",
                     "/api/hands/0", "/api/tables/2147483648", "/api/tables/99999999999999999999"):
            _error(client.get(path), 404, "not-found")
        _error(client.post("/api/tables/99999999999999999999/bots", json={}), 404, "not-found")
        _error(client.get("/api/hands", params={"table": "99999999999999999999"}), 400,
               "bad-query")
        _error(client.get("/api/nothing-here"), 404, "not-found")
        _error(client.put("/api/tables"), 405, "bad-method")
    _no_tracebacks(server)


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"name": None, "password": "long-password"}, "name"),
        ({"name": "alice", "password": 12345678}, "password"),
        ({"name": "alice", "password": ["a", "b"]}, "password"),
        ({"name": "alice"}, "password"),
        ({"name": "alice", "password": "long-password", "admin": True}, "admin"),
        ([], None),
    ],
)
def test_bodies_are_checked_against_the_schema_not_coerced(
    sqlite_room: Room, body: Any, field: str | None
) -> None:
    server = sqlite_room()
    with _client(server) as client:
        error = _error(client.post("/api/accounts", json=body), 400, "bad-message")
        if field is not None:
            assert repr(field) in error["message"]
        assert client.get("/api/tables").status_code == 200
    with _client(server, "bob") as client:
        _error(client.put("/api/me/client-seed", json={"seed": None}), 400, "bad-message")
        _error(client.post("/api/tables", json={"seats": "3"}), 400, "bad-message")
        _error(client.post("/api/tables", json={"clock": True}), 400, "bad-message")
        _error(client.post("/api/tables/1/bots", json={"level": "god"}), 400, "bad-message")
        assert client.get("/api/me").json()["client_seed"] == ""
    _no_tracebacks(server)


def test_names_are_case_folded_and_look_alikes_refused(room: Room) -> None:
    server = room()
    with _client(server, "cara_ux"), _client(server, "bob"), _client(server) as client:
        for name in ("CARA_UX", "cara-ux", "Cara.Ux", "B0B", "BOB", "b0b"):
            answer = client.post("/api/accounts", json={"name": name, "password": "long-password"})
            assert "taken" in _error(answer, 409, "name-taken")["message"]
        cyrillic = "c\u0430ra_ux"  # a Cyrillic a: not an ASCII name at all
        answer = client.post("/api/accounts", json={"name": cyrillic, "password": "long-password"})
        assert "letters" in _error(answer, 400, "bad-message")["message"]
        for name in ("bot-1-0-ab12", "BOT_7", "b0t.house"):
            answer = client.post("/api/accounts", json={"name": name, "password": "long-password"})
            assert "bots" in _error(answer, 409, "name-taken")["message"]
        # log-in folds case too: one account, whatever the case typed
        login = client.post(
            "/api/session", json={"name": "CARA_UX", "password": "cara_ux-password"}
        )
        assert login.status_code == 200 and login.json()["name"] == "cara_ux"
    _no_tracebacks(server)


def test_cross_site_requests_are_refused(sqlite_room: Room) -> None:
    server = sqlite_room()
    evil = {"origin": "http://evil.example"}
    with _client(server) as client:
        # a form post from another site (text/plain needs no preflight): refused, no cookie
        _error(client.post("/api/accounts", content='{"name": "mallory", "password": "x" }',
                           headers={"content-type": "text/plain"}), 415, "not-json")
        answer = client.post("/api/accounts", json={"name": "mallory", "password": "long-pw-1"},
                             headers=evil)
        _error(answer, 403, "foreign-origin")
        assert "set-cookie" not in answer.headers
    with _client(server, "alice") as client:
        _error(client.post("/api/session", json={"name": "alice", "password": "alice-password"},
                           headers=evil), 403, "foreign-origin")
        _error(client.post("/api/tables", json={}, headers=evil), 403, "foreign-origin")
        _error(client.post("/api/tables", json={}, headers={"sec-fetch-site": "cross-site"}),
               403, "foreign-origin")
        _error(client.delete("/api/session", headers=evil), 403, "foreign-origin")
        ours = client.post("/api/tables", json={}, headers={"origin": server.base})
        assert ours.status_code == 201
        assert client.get("/api/tables", headers=evil).status_code == 200  # reading is fine
    asyncio.run(_cross_site_sockets(server))
    _no_tracebacks(server)


async def _cross_site_sockets(server: Server) -> None:
    url = server.base.replace("http", "ws") + "/ws"
    host = server.base.removeprefix("http://")
    for origin in ("http://evil.example", f"https://{host}", "null"):
        with pytest.raises(InvalidStatus) as refused:  # the handshake is refused
            async with connect(url, origin=origin):  # type: ignore[arg-type]
                pass
        assert refused.value.response.status_code == 403
    async with connect(url, origin=server.base) as ws:  # type: ignore[arg-type]
        assert json.loads(await ws.recv())["type"] == "welcome"


def test_a_websocket_frame_over_the_limit_is_refused_by_the_server(sqlite_room: Room) -> None:
    server = sqlite_room()
    asyncio.run(_big_frame(server))
    _no_tracebacks(server)


async def _big_frame(server: Server) -> None:
    url = server.base.replace("http", "ws") + "/ws"
    async with connect(url, max_size=2**20) as ws:
        await ws.recv()
        await ws.send(json.dumps({"type": "ping", "pad": "x" * 2**20}))
        with pytest.raises(ConnectionClosed):
            await ws.recv()
        assert ws.close_code == 1009


def test_websocket_messages_are_checked_against_the_schema(sqlite_room: Room) -> None:
    server = sqlite_room()
    asyncio.run(_bad_messages(server))
    _no_tracebacks(server)


async def _bad_messages(server: Server) -> None:
    with _client(server, "alice") as client:
        client.post("/api/tables", json={"game": "five-card-draw"})
        cookie = "; ".join(f"{k}={v}" for k, v in client.cookies.items())
    url = server.base.replace("http", "ws") + "/ws"
    cases: list[tuple[Any, str]] = [
        ({"type": "sit", "table": "1"}, "bad-message"),
        ({"type": "sit", "table": 1, "buy_in": 100.5}, "bad-message"),
        ({"type": "sit", "table": 1, "buy_in": True}, "bad-message"),
        ({"type": "client-seed", "seed": None}, "bad-message"),
        ({"type": "act", "table": 1, "action": {"kind": "raise", "amount": "all"}}, "bad-message"),
        ({"type": "act", "table": 1, "action": {"kind": "discard", "cards": "As"}},
         "bad-message"),
        ({"type": "watch", "table": 1, "extra": 1}, "bad-message"),
        ({"type": "watch", "table": 2**40}, "bad-message"),
        ({"type": "add-chips", "table": 1, "amount": -5}, "bad-message"),
        ({"type": "sit-out", "table": 1, "when": "never"}, "bad-message"),
        ({"type": None}, "unknown-type"),
        ("not json", "bad-json"),
    ]
    async with connect(url, additional_headers={"Cookie": cookie}) as ws:
        await ws.recv()
        for n, (message, code) in enumerate(cases):
            await ws.send(message if isinstance(message, str) else json.dumps(
                {**message, "ref": n} if isinstance(message, dict) else message))
            reply = json.loads(await ws.recv())
            assert reply["type"] == "error" and reply["code"] == code, (message, reply)
            assert reply.get("ref") == (n if isinstance(message, dict) else None), reply
        await ws.send(json.dumps({"type": "client-seed", "seed": "mine"}))
        assert json.loads(await ws.recv()) == {"v": 1, "type": "client-seed", "seed": "mine"}


def test_every_stake_is_bounded_and_names_hold_no_control_or_direction_marks(
    sqlite_room: Room,
) -> None:
    """Only the small bet was capped ('1/10000000000000000000' and '2/4 ante 1000000000' were
    tables); a table name took control characters and U+202E, which turns the text after it
    around (a name passing itself off as another)."""
    server = sqlite_room()
    with _client(server, "mallory") as client:
        for stakes, said in (("1/10000000000000000000", "the big bet is at most 10 small bets"),
                             ("2/4 ante 1000000000", "the ante is at most the small bet"),
                             ("1000001/2000002", "the small bet is at most 1,000,000")):
            refused = client.post("/api/tables", json={"stakes": stakes})
            assert said in _error(refused, 409, "bad-stakes")["message"]
        for name in ("lobby\u202etxt.exe", "two\nlines", "bell\x07", "quiet\u2066isolate",
                     "mark\u200f"):
            refused = client.post("/api/tables", json={"name": name})
            assert "one line of plain text" in _error(refused, 400, "bad-message")["message"]
        assert client.get("/api/tables").json()["tables"] == []
        made = client.post("/api/tables", json={"name": "Caf\u00e9 \u2660 \u05e9\u05dc\u05d5\u05dd",
                                                 "stakes": "2/20 ante 2"})
        assert made.status_code == 201, made.text
        assert made.json()["name"] == "Caf\u00e9 \u2660 \u05e9\u05dc\u05d5\u05dd"
    _no_tracebacks(server)


def test_every_websocket_refusal_echoes_its_ref(sqlite_room: Room) -> None:
    """A ref past 64 bits closed the socket (1011: it could not be echoed); a refused chat
    line or action, and a chat mode refused to a stranger, did not echo the ref."""
    server = sqlite_room()
    asyncio.run(_refs(server))
    _no_tracebacks(server)


async def _refs(server: Server) -> None:
    with _client(server, "alice") as alice, _client(server, "bob") as bob:
        table = alice.post("/api/tables", json={"game": "five-card-draw"}).json()["id"]
        cookie = "; ".join(f"{k}={v}" for k, v in bob.cookies.items())
    url = server.base.replace("http", "ws") + "/ws"
    async with connect(url, additional_headers={"Cookie": cookie}) as ws:
        await ws.recv()
        await ws.send(json.dumps({"type": "ping", "ref": 2**64}))
        reply = json.loads(await ws.recv())
        assert (reply["type"], reply["code"], reply.get("ref")) == ("error", "bad-message", None)
        assert "'ref'" in reply["message"]
        await ws.send(json.dumps({"type": "watch", "table": table, "ref": 1}))
        while (json.loads(await ws.recv()))["type"] != "table":
            pass
        await ws.send(json.dumps({"type": "sit", "table": table, "buy_in": 100, "ref": 2}))
        cases: list[tuple[dict[str, Any], str]] = [
            ({"type": "chat", "table": table, "text": "hi \u202eereht"}, "bad-message"),
            ({"type": "chat", "table": table, "text": "ring\x07"}, "bad-message"),
            ({"type": "act", "table": table, "action": {"kind": "bet", "amount": -1}},
             "bad-message"),
            ({"type": "chat-mode", "table": table, "mode": "off"}, "forbidden"),
            ({"type": "ping", "ref": 2**53 - 1}, "pong"),
        ]
        for n, (message, code) in enumerate(cases, 10):
            ref = message.pop("ref", n)
            await ws.send(json.dumps({**message, "ref": ref}))
            while True:
                reply = json.loads(await ws.recv())
                if reply["type"] in ("error", "pong"):
                    break
            assert reply.get("code", reply["type"]) == code and reply.get("ref") == ref, (
                message, reply)


def test_the_answers_keep_to_the_openapi_document(tmp_path: Path) -> None:
    """A 405 names every method of its path in Allow (/api/me/refill said 'GET, HEAD',
    /api/session 'POST'), and requests the document calls valid are taken or refused by
    the rules (409), never as malformed: a seat written 2.0, the stakes 'entry 10' of the
    document's examples at a poker table; an empty file to replay is malformed (the
    document says so now) and a file that is no hand history is 422."""
    from starlette.testclient import TestClient

    from standpat.server.app import create_app
    from standpat.server.config import ServerConfig
    from standpat.server.openapi import OPENAPI

    with TestClient(create_app(ServerConfig(db=f"sqlite:///{tmp_path / 'r.db'}"))) as client:
        for path, operations in OPENAPI["paths"].items():
            concrete = path.replace("{table_id}", "1").replace("{hand_id}", "1").replace(
                "{session_id}", "0123456789abcdef").replace("{token}", "x" * 16).replace(
                "{tournament_id}", "1")
            documented = {method.upper() for method in operations}
            refused = client.request("PATCH", concrete)
            assert refused.status_code == 405, (path, refused.status_code)
            allowed = set(refused.headers["allow"].split(", "))
            assert allowed == documented | ({"HEAD"} if "GET" in documented else set()), path
        made = client.post("/api/accounts", json={"name": "alice", "password": "pw-alice-pw"})
        assert made.status_code == 201
        table = client.post("/api/tables", json={"game": "five-card-draw", "seats": 4.0})
        assert table.status_code == 201 and table.json()["seats"] == 4
        seated = client.post(f"/api/tables/{table.json()['id']}/bots", json={"seat": 2.0})
        assert seated.status_code == 201 and seated.json()["seat"] == 2
        half = client.post(f"/api/tables/{table.json()['id']}/bots", json={"seat": 2.5})
        assert half.status_code == 400
        entry = client.post("/api/tables", json={"game": "five-card-draw", "stakes": "entry 10"})
        assert entry.status_code == 409 and entry.json()["error"]["code"] == "bad-stakes"
        empty = client.post("/api/replays/phh", json={"text": ""})
        assert empty.status_code == 400 and empty.json()["error"]["code"] == "bad-message"
        junk = client.post("/api/replays/phh", json={"text": "no poker today"})
        assert junk.status_code == 422 and junk.json()["error"]["code"] == "bad-history"
