"""The services a room of several nodes depends on, each a process of the test's own that the
fault suite may stop, kill, pause and start again: a PostgreSQL server, a Redis server, and
the room's nodes (``standpat serve``), all on loopback."""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import signal
import subprocess
import tempfile
import time
import uuid
from pathlib import Path

import pytest

from tests.server.live import PATIENCE, free_port


def _required(what: str, env: str) -> None:
    if os.environ.get(env) == "1":
        pytest.fail(f"{env}=1 but {what} is not installed")
    pytest.skip(f"{what} is not installed (scripts/ensure-postgres.sh and ensure-redis.sh "
                "install it)")


class Postgres:
    """A private PostgreSQL cluster (initdb in a temporary folder), as Debian installs it."""

    def __init__(self) -> None:
        found = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"))
        if not found:
            _required("PostgreSQL", "STANDPAT_REQUIRE_PG")
        self.bin = Path(found[-1]).parent
        self.dir = Path(tempfile.mkdtemp(prefix="standpat-faults-pg."))
        self.owner: str | None = None
        if os.geteuid() == 0:  # PostgreSQL refuses to run as root
            self.owner = "postgres"
            try:
                pwd.getpwnam(self.owner)
            except KeyError:
                self.owner = "nobody"
            shutil.chown(self.dir, self.owner)
        self.port = free_port()
        self._run("initdb", "-D", str(self.dir / "data"), "-U", "standpat", "--auth=trust",
                  "-E", "UTF8")

    def _run(self, tool: str, *args: str) -> None:
        command = [str(self.bin / tool), *args]
        if self.owner is not None:
            command = ["runuser", "-u", self.owner, "--", *command]
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://standpat@127.0.0.1:{self.port}/{database}"

    def start(self) -> None:
        self._run("pg_ctl", "-D", str(self.dir / "data"), "-l", str(self.dir / "server.log"),
                  "-w", "-t", "60", "-o",
                  f"-c listen_addresses=127.0.0.1 -p {self.port} -k {self.dir} -c fsync=off",
                  "start")

    def stop(self) -> None:
        """A fast shutdown: open transactions are rolled back, connections dropped."""
        self._run("pg_ctl", "-D", str(self.dir / "data"), "-m", "fast", "-w", "stop")

    def database(self) -> str:
        """A new, empty database; its URL."""
        import psycopg

        name = f"room_{uuid.uuid4().hex[:10]}"
        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self._run("pg_ctl", "-D", str(self.dir / "data"), "-m", "immediate", "stop")
        shutil.rmtree(self.dir, ignore_errors=True)


class Redis:
    """A private Redis server without persistence (a restart forgets everything, as a
    room's Redis may)."""

    def __init__(self) -> None:
        if shutil.which("redis-server") is None:
            _required("Redis", "STANDPAT_REQUIRE_REDIS")
        self.dir = Path(tempfile.mkdtemp(prefix="standpat-faults-redis."))
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.proc = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--dir",
             str(self.dir), "--save", "", "--appendonly", "no"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 10 * PATIENCE
        import socket

        while time.monotonic() < deadline:
            with contextlib.suppress(OSError), socket.create_connection(
                    ("127.0.0.1", self.port), timeout=0.5) as s:
                s.sendall(b"PING\r\n")
                if s.recv(16).startswith(b"+PONG"):
                    return
            time.sleep(0.05)
        raise RuntimeError("redis-server did not start")

    def stop(self) -> None:
        """Killed: its clients' connections break at once."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait()

    def close(self) -> None:
        self.stop()
        shutil.rmtree(self.dir, ignore_errors=True)
