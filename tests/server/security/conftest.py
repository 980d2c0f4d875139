"""Fixtures for the security tests: a real ``standpat serve`` on loopback, on SQLite and on
PostgreSQL, each test with a fresh database."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from ..conftest import fresh_postgres_database
from ..live import Server

FAST = ("--between-hands", "0.05", "--bot-delay", "0", "--clock", "10")
"""Options for tests that play hands quickly."""

Room = Callable[..., Server]


@pytest.fixture(params=["sqlite", "postgresql"])
def room(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Room]:
    """Start rooms with the given options on a fresh database of each kind (stopped after)."""
    servers: list[Server] = []
    databases: list[Iterator[str]] = []

    def start(*args: str) -> Server:
        if request.param == "sqlite":
            db = f"sqlite:///{tmp_path / f'room{len(servers)}.db'}"
        else:
            maker = fresh_postgres_database()
            databases.append(maker)
            db = next(maker)
        server = Server(db, *args, log=tmp_path / f"server{len(servers)}.log").start()
        servers.append(server)
        return server

    yield start
    for server in servers:
        server.stop()
    for maker in databases:
        for _ in maker:  # drops the database
            pass


@pytest.fixture
def sqlite_room(tmp_path: Path) -> Iterator[Room]:
    """Start rooms on SQLite only (for what does not involve the store)."""
    servers: list[Server] = []

    def start(*args: str) -> Server:
        db = f"sqlite:///{tmp_path / f'room{len(servers)}.db'}"
        server = Server(db, *args, log=tmp_path / f"server{len(servers)}.log").start()
        servers.append(server)
        return server

    yield start
    for server in servers:
        server.stop()
