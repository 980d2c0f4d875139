"""Property-based fuzzing of the whole input surface of a real ``standpat serve``.

- REST: ``schemathesis run`` against the room's own ``/api/openapi.json``, every check and
  every phase (examples, coverage, fuzzing, stateful: valid and invalid requests to every
  operation, methods the document does not give, requests without the session): no failure
  of any kind, so the document and what the room does agree.
- WebSocket: Hypothesis sends messages of every type with fields of any JSON value; every
  one is answered without the socket dropping, and the server log holds no traceback.

Afterwards the ledger balances.
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from websockets.sync.client import ClientConnection, connect

from standpat.server.openapi import ENDPOINTS
from standpat.server.schemas import CLIENT_TYPES
from standpat.store import Store
from standpat.tournament import TournamentSpec, shipped

from ..live import PATIENCE, Player, Server, operator, passive_policy

ROOM_OPTIONS = ("--login-rate", "100000", "--account-logins", "100000 per minute",
                "--account-lock", "100000 per minute", "--registrations", "100000 per minute",
                "--operator", "fuzzer", "--rate", "100000", "--between-hands", "0.05",
                "--bot-delay", "0", "--clock", "5")
SCHEMATHESIS_CONFIG = """\
# The fuzzer logs in as the room's operator, and again whenever a case logged him out.
[auth.dynamic.openapi.session]
path = "/api/session"
method = "post"
payload = { name = "fuzzer", password = "pw-fuzzer-pw" }
extract_from = "cookie"
extract_selector = "standpat_session"

# A file of the documented shape may still not be a hand history: the room refuses it with
# 422, as the document says (no schema tells a hand history from other text).
[[operations]]
include-path = "/api/replays/phh"
checks.positive_data_acceptance.expected-statuses = [
    "2xx", "401", "403", "404", "409", "422", "429", "5xx"]
"""
"""schemathesis' settings for the room (its configuration file)."""


@pytest.fixture(scope="module")
def fuzz_room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, str]]:
    """A room with a table of bots playing, an operator who played a few hands at it (so
    that his hands can be fetched, downloaded and shared), a tournament open for
    registration (for him to register for and unregister from), and his cookie."""
    folder: Path = tmp_path_factory.mktemp("fuzz")
    server = Server(f"sqlite:///{folder / 'room.db'}", *ROOM_OPTIONS,
                    log=folder / "server.log").start()
    client = operator(server, "fuzzer")
    table = client.post("/api/tables", json={"game": "five-card-draw", "seats": 3}).json()
    for _ in range(2):
        client.post(f"/api/tables/{table['id']}/bots", json={"level": "house"})
    asyncio.run(_play_a_hand(server, client, table["id"]))
    store = Store(server.db, migrate=False)
    store.tournaments.create(TournamentSpec("fuzz", shipped("turbo"), seats=6, buy_in=10, fee=1,
                                            max_entrants=100),
                             game="five-card-draw", betting="no-limit")
    store.close()
    cookie = "; ".join(f"{k}={v}" for k, v in client.cookies.items())
    client.close()
    yield server, cookie
    server.stop()
    store = Store(server.db, migrate=False)
    assert store.ledger.check() == []
    store.close()
    assert server.log is not None
    assert "Traceback" not in server.log.read_text()


async def _play_a_hand(server: Server, client: httpx.Client, table: int) -> None:
    fuzzer = Player(server, "fuzzer", http=client)
    fuzzer.policy = passive_policy
    await fuzzer.connect()
    await fuzzer.send(type="sit", table=table, buy_in=200)
    await fuzzer.wait_for(lambda f: f["type"] == "table" and bool(f["hand"])
                          and f["hand"]["over"], old=True, timeout=30 * PATIENCE)
    await fuzzer.send(type="leave", table=table)
    await fuzzer.wait_for(lambda f: f["type"] == "left", timeout=30 * PATIENCE)
    await fuzzer.close(http=False)


def test_schemathesis_finds_nothing_against_the_rooms_document(
    fuzz_room: tuple[Server, str], tmp_path: Path
) -> None:
    """``schemathesis run`` on the document the room serves, every check, every phase: not
    one failure (a 405 without every method in its Allow, a schema-valid request refused,
    a schema-invalid one taken, an answer off the document, a 5xx)."""
    server, _ = fuzz_room
    config = tmp_path / "schemathesis.toml"
    config.write_text(SCHEMATHESIS_CONFIG)
    run = subprocess.run(
        [sys.executable, "-m", "schemathesis.cli", "--config-file", str(config), "run",
         f"{server.base}/api/openapi.json", "--checks", "all", "--max-examples", "15",
         "--seed", "34", "--request-timeout", str(10 * PATIENCE), "--no-color"],
        capture_output=True, text=True, timeout=900 * PATIENCE, check=False,
        cwd=tmp_path,  # where it keeps its cache
    )
    summary = run.stdout[run.stdout.rfind("SUMMARY"):]
    assert run.returncode == 0, run.stdout[-20_000:] + run.stderr[-5_000:]
    assert "Failures:" not in summary and "passed" in summary, summary
    assert f"Tested: {len(ENDPOINTS)}" in summary, summary  # every operation


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
    # no keepalive pings: the client's ping thread draws its payload from the global
    # `random`, and Hypothesis fails a test whose global random changes while it draws
    with connect(url, additional_headers={"Cookie": cookie}, max_size=2**22,
                 ping_interval=None) as ws:
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
