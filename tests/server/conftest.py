"""Fixtures for the card room's tests: databases on SQLite and on a real PostgreSQL, and a real
Redis for the rooms of several nodes."""

from __future__ import annotations

import os
import uuid
from collections.abc import Generator, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from standpat.store import Store


def postgres_url() -> str | None:
    """The throw-away PostgreSQL server of scripts/ensure-postgres.sh, if there is one."""
    return os.environ.get("STANDPAT_PG_URL")


def need_postgres() -> str:
    """The PostgreSQL URL, or skip (fail when STANDPAT_REQUIRE_PG=1)."""
    url = postgres_url()
    if url is None:
        if os.environ.get("STANDPAT_REQUIRE_PG") == "1":
            pytest.fail("STANDPAT_REQUIRE_PG=1 but STANDPAT_PG_URL is not set")
        pytest.skip("no PostgreSQL server (run through scripts/ensure-postgres.sh)")
    return url


def fresh_postgres_database() -> Generator[str, None, None]:
    """A new, empty database on the PostgreSQL server; dropped afterwards."""
    import psycopg

    url = need_postgres()
    name = f"standpat_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    base, _, _ = url.rpartition("/")
    try:
        yield f"{base}/{name}"
    finally:
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh database URL: a SQLite file, then a PostgreSQL database."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'standpat.db'}"
    else:
        yield from fresh_postgres_database()


@pytest.fixture
def pg_store() -> Iterator[Store]:
    """A store on a fresh PostgreSQL database of its own."""
    from standpat.store import Store

    for url in fresh_postgres_database():
        store = Store(url)
        try:
            yield store
        finally:
            store.close()


def need_redis() -> str:
    """The Redis URL of scripts/ensure-redis.sh, or skip (fail when STANDPAT_REQUIRE_REDIS=1)."""
    url = os.environ.get("STANDPAT_REDIS_URL")
    if url is None:
        if os.environ.get("STANDPAT_REQUIRE_REDIS") == "1":
            pytest.fail("STANDPAT_REQUIRE_REDIS=1 but STANDPAT_REDIS_URL is not set")
        pytest.skip("no Redis server (run through scripts/ensure-redis.sh)")
    return url


@pytest.fixture
def redis_url() -> str:
    """The URL of a real Redis server (shared by the tests: use keys of your own)."""
    return need_redis()


@pytest.fixture(autouse=True)
def _clients_closed(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every httpx client and every store a test opens is closed when the test ends, passed
    or failed.

    A client or a store's database connection that a test leaves open is otherwise
    collected later, and its ResourceWarning (an error under this suite's warning filter)
    fails whichever test runs next on the same worker."""
    import httpx

    from standpat.store import Store

    opened: list[httpx.Client | Store] = []
    for kind in (httpx.Client, Store):
        monkeypatch.setattr(kind, "__init__", _tracked(kind.__init__, opened))
    yield
    for opener in reversed(opened):
        opener.close()


def _tracked(init: Any, opened: list[Any]) -> Any:
    """``init`` that also notes the object it made in ``opened``."""

    def tracked(self: Any, *args: Any, **kwargs: Any) -> None:
        init(self, *args, **kwargs)
        opened.append(self)

    return tracked
