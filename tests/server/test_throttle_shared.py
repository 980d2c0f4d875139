"""The rate limits of a room of several nodes are the room's, not each node's: two throttles on
one real Redis (two nodes) count together; two without Redis count apart."""

from __future__ import annotations

import asyncio
import logging
import shutil
import subprocess
import time
import uuid
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import redis
from starlette.testclient import TestClient

from standpat.errors import ProtocolError
from standpat.server.app import create_app
from standpat.server.config import ServerConfig
from standpat.server.host import Command
from standpat.server.room import LocalHost
from standpat.server.throttle import KEY_PREFIX, Throttle
from standpat.store import Store
from tests.server.conftest import need_redis
from tests.server.live import PATIENCE, free_port


def node_config(redis_url: str | None) -> ServerConfig:
    """A node's settings: two log-ins per address in 10 s, two failed log-ins per account a
    minute, two chat lines in 10 s."""
    return ServerConfig(
        db="sqlite://", redis=redis_url,
        login_rate=0.2, account_logins="2/minute", chat_rate="2 per 10 seconds",
    )

Scenario = Callable[[Throttle, Throttle], Awaitable[None]]


def two_nodes(scenario: Scenario, redis_url: str | None) -> None:
    """Run ``scenario`` with the throttles of two nodes (on one Redis, or each on its own)."""

    async def run() -> None:
        first = Throttle(node_config(redis_url))
        second = Throttle(node_config(redis_url))
        try:
            await scenario(first, second)
        finally:
            await first.close()
            await second.close()

    asyncio.run(run())


def unique(what: str) -> str:
    """A key of this test's own (the tests share one Redis)."""
    return f"{what}-{uuid.uuid4().hex}"


def test_nodes_on_one_redis_share_the_log_in_limit(redis_url: str) -> None:
    address = unique("10.0.0.1")

    async def scenario(first: Throttle, second: Throttle) -> None:
        assert first.shared and second.shared
        await first.login(address)
        await second.login(address)
        with pytest.raises(ProtocolError, match="too many log-ins from your address"):
            await first.login(address)
        with pytest.raises(ProtocolError, match="too many log-ins from your address"):
            await second.login(address)
        await second.login(unique("10.0.0.2"))  # another address is counted apart

    two_nodes(scenario, redis_url)


def test_nodes_on_one_redis_share_the_failed_log_in_limit(redis_url: str) -> None:
    name = unique("alice")

    async def scenario(first: Throttle, second: Throttle) -> None:
        await first.check_account(name, "10.0.0.4")
        await first.failed_login(name, "10.0.0.4")
        await second.check_account(name, "10.0.0.4")  # one failure: still let in
        await second.failed_login(name, "10.0.0.4")
        for node in (first, second):
            with pytest.raises(ProtocolError, match="too many failed log-ins") as refused:
                await node.check_account(name, "10.0.0.4")
            assert refused.value.code == "rate-limited"
            assert "try again in 60 s" in str(refused.value)
        await second.check_account(unique("bob"), "10.0.0.4")

    two_nodes(scenario, redis_url)


def test_nodes_on_one_redis_share_the_chat_limit(redis_url: str) -> None:
    account = int(uuid.uuid4().int % 10**12)

    async def scenario(first: Throttle, second: Throttle) -> None:
        await first.chat(account)
        await second.chat(account)
        with pytest.raises(ProtocolError, match="you chat too fast"):
            await first.chat(account)
        await first.chat(account + 1)

    two_nodes(scenario, redis_url)


def test_the_windows_are_kept_in_redis(redis_url: str) -> None:
    address = unique("10.0.0.3")

    async def scenario(first: Throttle, second: Throttle) -> None:
        await first.login(address)

    two_nodes(scenario, redis_url)
    client = redis.Redis.from_url(redis_url)
    try:
        keys = [key.decode() for key in client.scan_iter(match=f"{KEY_PREFIX}*{address}*")]
    finally:
        client.close()
    assert len(keys) == 1, keys


def test_nodes_without_redis_count_apart() -> None:
    async def scenario(first: Throttle, second: Throttle) -> None:
        assert not first.shared and not second.shared
        await first.login("10.0.0.1")
        await first.login("10.0.0.1")
        with pytest.raises(ProtocolError, match="too many log-ins"):
            await first.login("10.0.0.1")
        await second.login("10.0.0.1")  # the second node has its own windows
        await first.failed_login("alice", "10.0.0.1")
        await first.failed_login("alice", "10.0.0.1")
        with pytest.raises(ProtocolError, match="too many failed log-ins"):
            await first.check_account("alice", "10.0.0.1")
        await second.check_account("alice", "10.0.0.1")
        await first.chat(7)
        await first.chat(7)
        with pytest.raises(ProtocolError, match="you chat too fast"):
            await first.chat(7)
        await second.chat(7)

    two_nodes(scenario, None)


@pytest.fixture
def own_redis(tmp_path: Path) -> Iterator[RedisServer]:
    """A throw-away Redis server of this test's own on loopback (stopped and started again
    by the test), stopped at the end."""
    if shutil.which("redis-server") is None:
        need_redis()  # skips, or fails when Redis is required
        pytest.skip("no redis-server")
    server = RedisServer(tmp_path, free_port())
    server.start()
    yield server
    server.stop()


class RedisServer:
    """A ``redis-server`` child process without persistence."""

    def __init__(self, folder: Path, port: int) -> None:
        self.folder = folder
        self.port = port
        self.url = f"redis://127.0.0.1:{port}/0"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.proc = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--dir",
             str(self.folder), "--save", "", "--appendonly", "no"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 10 * PATIENCE
        while True:
            try:
                with redis.Redis.from_url(self.url) as client:
                    client.ping()
                return
            except redis.exceptions.ConnectionError:
                assert time.monotonic() < deadline, "redis-server did not start"
                time.sleep(0.05)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(10 * PATIENCE)

    def limit_keys(self) -> list[str]:
        """The rate-limit windows kept in it."""
        with redis.Redis.from_url(self.url) as client:
            return [key.decode() for key in client.scan_iter(match=f"{KEY_PREFIX}*")]


def test_log_in_and_registration_answer_while_redis_is_down(
    own_redis: RedisServer, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """A room of several nodes answered every log-in with 500 while its Redis was down (the
    rate-limit windows live there): now this process's own windows count meanwhile (the
    outage is logged once), and once Redis answers again the room's are used again."""
    caplog.set_level(logging.WARNING, logger="standpat.server")
    config = ServerConfig(db=f"sqlite:///{tmp_path / 'room.db'}", redis=own_redis.url,
                          account_logins="3 per minute")
    store = Store(config.db)
    with TestClient(create_app(config, store=store, host=LocalHost(store, config))) as client:
        assert client.post("/api/accounts", json={"name": "alice", "password": "pw-alice-pw"}
                           ).status_code == 201
        assert own_redis.limit_keys()  # the windows are the room's, in Redis
        own_redis.stop()
        client.cookies.clear()
        login = client.post("/api/session", json={"name": "alice", "password": "pw-alice-pw"})
        assert login.status_code == 200, login.text
        assert client.post("/api/accounts", json={"name": "bob", "password": "pw-bob-pw-x"}
                           ).status_code == 201
        guesses = [client.post("/api/session", json={"name": "alice", "password": f"no-{i}"})
                   .status_code for i in range(4)]
        assert guesses == [401, 401, 401, 429]  # counted all the same, in this process
        down = [r for r in caplog.records if "Redis cannot be reached" in r.getMessage()]
        assert len(down) == 1
        own_redis.start()
        deadline = time.monotonic() + 30 * PATIENCE
        while not any("Redis answers again" in r.getMessage() for r in caplog.records):
            assert time.monotonic() < deadline, "the throttle never went back to Redis"
            client.post("/api/session", json={"name": "bob", "password": "a-wrong-one"})
            time.sleep(0.2)
        assert any("bob" in key for key in own_redis.limit_keys())  # a failure counted there
    store.close()


def test_what_needs_redis_and_cannot_do_without_answers_503(tmp_path: Path) -> None:
    """A request of a room of several nodes that cannot be served without Redis (its tables'
    lobby lines, its messages to other nodes) is answered 503 with Retry-After and the code
    'unavailable' (it was a 500), over REST and over the WebSocket."""

    class OutOfReach(LocalHost):
        def table_ids(self) -> list[int]:
            return [1]

        def has_table(self, table_id: int) -> bool:
            return table_id == 1

        def summary(self, table_id: int) -> dict[str, Any]:
            raise redis.exceptions.ConnectionError("Error 111 connecting to redis")

        async def send(self, table_id: int, command: Command) -> None:
            raise redis.exceptions.ConnectionError("Error 111 connecting to redis")

    config = ServerConfig(db=f"sqlite:///{tmp_path / 'room.db'}")
    store = Store(config.db)
    with TestClient(create_app(config, store=store, host=OutOfReach(store, config))) as client:
        for path in ("/api/tables/1", "/api/tables"):
            answer = client.get(path)
            assert answer.status_code == 503, answer.text
            assert answer.headers["retry-after"] == "5"
            assert answer.json()["error"]["code"] == "unavailable"
        with client.websocket_connect("/ws") as ws:
            ws.receive_json()
            ws.send_json({"type": "watch", "table": 1, "ref": "w"})
            refused = ws.receive_json()
            assert (refused["code"], refused["ref"]) == ("unavailable", "w")
            ws.send_json({"type": "ping"})
            assert ws.receive_json()["type"] == "pong"
    store.close()
