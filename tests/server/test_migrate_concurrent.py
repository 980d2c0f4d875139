"""Nodes of a room started at the same moment on a new PostgreSQL database: one of them brings
the schema to the newest revision, the others wait for it and find nothing to do."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import text

from standpat.store import Store

from .conftest import fresh_postgres_database

NODES = 3

OPEN_WHEN_TOLD = """
import os, sys, time
from standpat.store import Store
start = sys.argv[2]
deadline = time.monotonic() + 60
while not os.path.exists(start) and time.monotonic() < deadline:
    time.sleep(0.005)
Store(sys.argv[1]).close()
"""
"""A node's start-up, as far as the database: open the store (migrating it) once told to."""


@pytest.fixture
def new_database() -> Iterator[str]:
    """A new, empty PostgreSQL database."""
    yield from fresh_postgres_database()


def test_nodes_starting_together_on_a_new_database_all_start(
    new_database: str, tmp_path: Path
) -> None:
    start = tmp_path / "start"
    nodes = [
        subprocess.Popen([sys.executable, "-c", OPEN_WHEN_TOLD, new_database, str(start)],
                         stderr=subprocess.PIPE, text=True)
        for _ in range(NODES)
    ]
    start.touch()  # every process is past its imports, or nearly: they open the store together
    failures = []
    for node in nodes:
        _, err = node.communicate(timeout=120)
        if node.returncode != 0:
            failures.append(next(line for line in reversed(err.splitlines()) if "Error" in line))
    assert failures == []
    store = Store(new_database, migrate=False)
    try:
        with store.tx.engine.connect() as conn:
            versions = conn.execute(text("SELECT version_num FROM alembic_version")).all()
    finally:
        store.close()
    assert len(versions) == 1
