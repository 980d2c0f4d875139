"""Property-based fuzzing of the whole input surface of a real ``standpat serve``.

- REST: schemathesis generates requests from the room's own OpenAPI document (valid and
  invalid ones) for every operation; no answer is a 5xx, every answer matches the document.
- WebSocket: Hypothesis sends messages of every type with fields of any JSON value; every
  one is answered without the socket dropping, and the server log holds no traceback.

Afterwards the ledger balances.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis.checks import (
    content_type_conformance,
    negative_data_rejection,
    not_a_server_error,
    response_schema_conformance,
    status_code_conformance,
)
from websockets.sync.client import ClientConnection, connect

from standpat.server.openapi import OPENAPI
from standpat.server.schemas import CLIENT_TYPES
from standpat.store import Store

from ..live import Server

ROOM_OPTIONS = ("--login-rate", "100000", "--account-logins", "100000 per minute",
                "--operator", "fuzzer", "--rate", "100000", "--between-hands", "0.05",
                "--bot-delay", "0", "--clock", "5")


@pytest.fixture(scope="module")
def fuzz_room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, str]]:
    """A room with a table of bots playing, and a logged-in operator's cookie."""
    folder: Path = tmp_path_factory.mktemp("fuzz")
    server = Server(f"sqlite:///{folder / 'room.db'}", *ROOM_OPTIONS,
                    log=folder / "server.log").start()
    with httpx.Client(base_url=server.base, timeout=10) as client:
        client.post("/api/accounts", json={"name": "fuzzer", "password": "fuzzer-password"})
        table = client.post("/api/tables", json={"game": "five-card-draw", "seats": 3}).json()
        for _ in range(2):
            client.post(f"/api/tables/{table['id']}/bots", json={"level": "house"})
        cookie = "; ".join(f"{k}={v}" for k, v in client.cookies.items())
    yield server, cookie
    server.stop()
    store = Store(server.db, migrate=False)
    assert store.check_ledger() == []
    store.close()
    assert server.log is not None
    assert "Traceback" not in server.log.read_text()


schema = schemathesis.openapi.from_dict(OPENAPI)
"""The document the room serves at /api/openapi.json (checked equal to it below)."""


def test_the_room_serves_the_document_that_is_fuzzed(fuzz_room: tuple[Server, str]) -> None:
    server, _ = fuzz_room
    assert httpx.get(f"{server.base}/api/openapi.json").json() == json.loads(
        json.dumps(OPENAPI)
    )


@schema.parametrize()
@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
def test_the_rest_api_never_fails_and_keeps_to_its_document(
    case: Any, fuzz_room: tuple[Server, str]
) -> None:
    server, cookie = fuzz_room
    if case.method == "DELETE":  # logging out would end the session the other cases use
        with httpx.Client(base_url=server.base, timeout=10) as client:
            client.post("/api/session", json={"name": "fuzzer", "password": "fuzzer-password"})
            cookie = "; ".join(f"{k}={v}" for k, v in client.cookies.items())
    token = cookie.split("=", 1)[1]
    if case.cookies and "standpat_session" in case.cookies:  # a case with a session: ours
        case.cookies["standpat_session"] = token
    case.call_and_validate(
        base_url=server.base,
        checks=[not_a_server_error, status_code_conformance, content_type_conformance,
                response_schema_conformance, negative_data_rejection],
    )


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                  max_size=4),
    max_leaves=12,
)
_PLAUSIBLE = {
    "table": st.integers(0, 3) | _JSON,
    "seat": st.integers(-1, 10) | _JSON,
    "buy_in": st.integers(0, 500) | _JSON,
    "amount": st.integers(-5, 500) | _JSON,
    "hand": st.integers(0, 50) | _JSON,
    "post": st.booleans() | _JSON,
    "when": st.sampled_from(["next-hand", "next-big-blind"]) | _JSON,
    "choice": st.sampled_from(["post-bb", "post-all", "post-dead-sb", "wait-for-bb"]) | _JSON,
    "seed": st.text(max_size=70) | _JSON,
    "action": st.fixed_dictionaries(
        {"kind": st.sampled_from(["fold", "check", "call", "bet", "raise", "discard", "x"])},
        optional={"amount": st.integers(-5, 10**6) | _JSON,
                  "cards": st.lists(st.sampled_from(["As", "2c", "Td", "??", "1x"]), max_size=8)
                  | _JSON},
    ) | _JSON,
    "v": st.just(1) | _JSON,
    "ref": st.integers() | st.text(max_size=70) | _JSON,
}
_MESSAGES = st.one_of(
    st.fixed_dictionaries(
        {"type": st.sampled_from(sorted(CLIENT_TYPES))},
        optional={**_PLAUSIBLE, "junk": _JSON},
    ),
    _JSON,
)


@pytest.fixture(scope="module")
def socket(fuzz_room: tuple[Server, str]) -> Iterator[ClientConnection]:
    server, cookie = fuzz_room
    url = server.base.replace("http", "ws") + "/ws"
    with connect(url, additional_headers={"Cookie": cookie}, max_size=2**22) as ws:
        json.loads(ws.recv())  # welcome
        yield ws


@given(message=_MESSAGES)
@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
def test_every_websocket_message_is_answered_and_the_socket_stays(
    message: Any, socket: ClientConnection
) -> None:
    socket.send(json.dumps(message))
    socket.send(json.dumps({"type": "ping", "ref": "fuzz-alive"}))
    while True:  # whatever the message caused, the socket answers the ping after it
        reply = json.loads(socket.recv(timeout=20))
        assert reply.get("type") != "error" or reply["code"] != "internal", reply
        if reply.get("type") == "pong" and reply.get("ref") == "fuzz-alive":
            return
