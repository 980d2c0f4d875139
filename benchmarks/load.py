"""Load test of the card room: a real ``standpat serve`` on loopback, bot clients over WebSockets.

    python benchmarks/load.py                 # 50 tables x 4 clients, 60 s, SQLite in a temp dir
    python benchmarks/load.py --db postgresql://...  --tables 20 --seconds 30

Each client logs in, sits, and plays every turn at once with a random legal action (raises and
draws included; it adds chips when busted).  The run is bounded: it stops after ``--seconds``
and the server is shut down.  Printed: hands per second, the latency from an action being sent
to the last client at that table receiving the update that shows it (p50, p99, max), errors,
and the ledger check of the database afterwards.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

GAMES = [
    ("five-card-draw-7a", "fixed-limit"),
    ("five-card-draw", "no-limit"),
    ("seven-card-draw", "pot-limit"),
    ("deuce-to-seven-triple-draw", "fixed-limit"),
    ("deuce-to-seven-single-draw", "no-limit"),
]


@dataclass
class Pending:
    """An action in flight: when it was sent and which clients have not yet seen its result."""

    sent: float
    hand: int
    events: int
    waiting: set[int]


@dataclass
class TableState:
    clients: list[int] = field(default_factory=list)
    pending: list[Pending] = field(default_factory=list)


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    hands: set[tuple[int, int]] = field(default_factory=set)
    actions: int = 0
    server_cpu: float = 0.0
    """CPU seconds the server used while the clients played."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def choose(hand: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    legal = hand["legal"]
    kinds = legal["kinds"]
    if "discard" in kinds:
        count = rng.randint(0, legal["max_discard"])
        return {"kind": "discard", "cards": rng.sample(hand["hand"], count)}
    weights = {"fold": 1, "check": 5, "call": 5, "bet": 2, "raise": 1}
    kind = rng.choices(kinds, [weights[k] for k in kinds])[0]
    if kind in ("bet", "raise"):
        amount = legal["max_to"] if rng.random() < 0.05 else legal["min_to"]
        return {"kind": kind, "amount": amount}
    return {"kind": kind}


class Client:
    def __init__(self, number: int, table: int, cookie: str, url: str, state: TableState,
                 stats: Stats) -> None:
        self.number = number
        self.table = table
        self.cookie = cookie
        self.url = url
        self.state = state
        self.stats = stats
        self.rng = random.Random(number)
        self.socket: ClientConnection | None = None
        self.acted: set[tuple[int, int]] = set()
        self.rebuying = False
        self.think = 0.0
        self.later: set[asyncio.Task[None]] = set()

    async def run(self, stop: asyncio.Event) -> None:
        async with connect(self.url, additional_headers={"Cookie": self.cookie},
                           max_size=2**22) as ws:
            self.socket = ws
            await ws.send(json.dumps({"type": "sit", "table": self.table, "buy_in": 200}))
            reader = asyncio.create_task(self._read(ws))
            await stop.wait()
            reader.cancel()
            for task in self.later:
                task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await reader

    async def _read(self, ws: ClientConnection) -> None:
        try:
            async for raw in ws:
                await self._on(json.loads(raw), ws)
        except Exception as error:  # a dropped connection is an error of the run
            self.stats.errors.append(f"client {self.number}: {error!r}")

    async def _on(self, frame: dict[str, Any], ws: ClientConnection) -> None:
        if frame["type"] == "error":
            self.stats.errors.append(f"client {self.number}: {frame['code']}: {frame['message']}")
            return
        if frame["type"] != "table":
            return
        now = time.perf_counter()
        hand = frame.get("hand")
        if hand is not None:
            for pending in list(self.state.pending):
                if self.number in pending.waiting and (
                    hand["id"] != pending.hand or hand["event_count"] > pending.events
                ):
                    pending.waiting.discard(self.number)
                    if not pending.waiting:
                        self.stats.latencies.append(now - pending.sent)
                        self.state.pending.remove(pending)
        if hand is not None and hand["over"]:
            self.stats.hands.add((self.table, hand["id"]))
        you = frame.get("you")
        if you is None:
            return
        mine = [s for s in frame["seats"] if s["seat"] == you["seat"]]
        if mine and mine[0]["stack"] == 0 and not (hand and not hand["over"]):
            if not self.rebuying:
                self.rebuying = True
                await ws.send(json.dumps({"type": "add-chips", "table": self.table, "amount": 200}))
            return
        self.rebuying = False
        if not hand or hand["legal"] is None or hand["to_act"] != hand["you"]:
            return
        key = (hand["id"], hand["event_count"])
        if key in self.acted:
            return
        self.acted.add(key)
        action = choose(hand, self.rng)
        if self.think:
            delay = self.rng.uniform(0.5, 1.5) * self.think
            self.later.add(asyncio.create_task(self._act_later(ws, delay, hand, action)))
        else:
            await self._act(ws, hand, action)

    async def _act_later(
        self, ws: ClientConnection, delay: float, hand: dict[str, Any], action: dict[str, Any]
    ) -> None:
        await asyncio.sleep(delay)
        with contextlib.suppress(Exception):
            await self._act(ws, hand, action)

    async def _act(
        self, ws: ClientConnection, hand: dict[str, Any], action: dict[str, Any]
    ) -> None:
        self.state.pending.append(
            Pending(time.perf_counter(), hand["id"], hand["event_count"], set(self.state.clients))
        )
        self.stats.actions += 1
        await ws.send(json.dumps({"type": "act", "table": self.table, "hand": hand["id"],
                                  "action": action}))


def make_players(db: str, count: int) -> list[str]:
    """Create the clients' accounts and log-in sessions directly in the database, before the
    server starts: the players' set-up is not what is measured.  Their passwords are hashed
    with a cheap Argon2 setting (the server verifies a hash with the parameters stored in it);
    returns each player's session cookie."""
    from argon2 import PasswordHasher

    from standpat.store import Store

    store = Store(db)
    store._hasher = PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)
    cookies = []
    for number in range(1, count + 1):
        account = store.create_account(f"load{number}", f"load-password-{number}",
                                       grant=10_000)
        cookies.append(f"standpat_session={store.new_session(account.id)}")
    store.close()
    return cookies


async def main_async(
    args: argparse.Namespace, base: str, cookies: list[str], pid: int
) -> Stats:
    stats = Stats()
    admin = httpx.AsyncClient(base_url=base, timeout=30)
    await admin.post("/api/accounts", json={"name": "loadadmin", "password": "load-admin-pw"})
    tables: list[int] = []
    for i in range(args.tables):
        game, structure = GAMES[i % len(GAMES)]
        made = await admin.post("/api/tables", json={
            "game": game, "structure": structure, "stakes": "2/4", "seats": args.clients})
        made.raise_for_status()
        tables.append(made.json()["id"])
    await admin.aclose()
    url = base.replace("http", "ws") + "/ws"
    clients: list[Client] = []
    number = 0
    for table in tables:
        state = TableState()
        for _ in range(args.clients):
            number += 1
            state.clients.append(number)
            clients.append(Client(number, table, cookies[number - 1], url, state, stats))
            clients[-1].think = args.think
    stop = asyncio.Event()
    print(f"{len(clients)} clients at {len(tables)} tables; playing for {args.seconds:.0f} s",
          flush=True)
    tasks = [asyncio.create_task(c.run(stop)) for c in clients]
    started = time.perf_counter()
    cpu = cpu_seconds(pid)
    await asyncio.sleep(args.seconds)
    stats.server_cpu = cpu_seconds(pid) - cpu
    stop.set()
    elapsed = time.perf_counter() - started
    results = await asyncio.gather(*tasks, return_exceptions=True)
    for result in results:
        if isinstance(result, BaseException):
            stats.errors.append(repr(result))
    stats.latencies.append(-elapsed)  # carried to the report; removed there
    return stats


def cpu_seconds(pid: int) -> float:
    """CPU time (user + system, every thread) a process has used so far (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--clients", type=int, default=4, help="clients per table")
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--between-hands", default="0.1")
    parser.add_argument(
        "--think", type=float, default=0.0,
        help="a client's mean thinking time before it acts, s (default 0: act at once)",
    )
    parser.add_argument(
        "--profile", default=None, metavar="FILE",
        help="sample the server with py-spy during the run and write its collapsed stacks here",
    )
    parser.add_argument("--db", default=None, help="database URL (default: SQLite in a temp dir)")
    args = parser.parse_args()
    workdir = Path(tempfile.mkdtemp(prefix="standpat-load-"))
    db = args.db or f"sqlite:///{workdir / 'load.db'}"
    started = time.perf_counter()
    cookies = make_players(db, args.tables * args.clients)
    print(f"{len(cookies)} accounts and sessions made in {time.perf_counter() - started:.1f} s",
          flush=True)
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    log = open(workdir / "server.log", "wb")  # noqa: SIM115
    server = subprocess.Popen(
        [sys.executable, "-m", "standpat.cli", "serve", "--db", db, "--port", str(port),
         "--between-hands", args.between_hands, "--login-rate", "100000", "--rate", "100",
         "--log-level", "warning", "--operator", "loadadmin", "--per-address", "100000"],
        stdout=log, stderr=log, env={**os.environ},
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(f"{base}/api/health", timeout=1).status_code == 200:
                    break
            if time.monotonic() > deadline or server.poll() is not None:
                print("the server did not start; see", workdir / "server.log")
                return 1
            time.sleep(0.1)
        spy = None
        if args.profile:
            spy = subprocess.Popen(
                ["py-spy", "record", "--format", "raw", "--output", args.profile, "--pid",
                 str(server.pid), "--duration", str(int(args.seconds) + 5), "--nonblocking"],
                stdout=log, stderr=log,
            )
        stats = asyncio.run(main_async(args, base, cookies, server.pid))
        if spy is not None:
            spy.wait(60)
    finally:
        server.terminate()
        try:
            server.wait(20)
        except subprocess.TimeoutExpired:
            server.kill()
        log.close()
    elapsed = -stats.latencies.pop()
    from standpat.store import BANK, Store

    store = Store(db, migrate=False)
    problems = store.check_ledger()
    with store.engine.connect() as conn:
        from sqlalchemy import func, select

        from standpat.store import models

        done = conn.execute(select(func.count()).select_from(models.hands)
                            .where(models.hands.c.status == "done")).scalar_one()
        wallets = conn.execute(select(func.coalesce(func.sum(models.ledger.c.amount), 0))
                               .where(models.ledger.c.wallet != BANK)).scalar_one()
    bank = store.balance(BANK)
    store.close()
    lat = [x * 1000 for x in stats.latencies]
    print(f"tables {args.tables} x clients {args.clients}, {elapsed:.1f} s, "
          f"between hands {args.between_hands} s, think {args.think} s, message rate limit 100/s, "
          f"database {db.split(':')[0]}")
    print(f"hands finished: {len(stats.hands)} seen by clients, {done} in the database "
          f"-> {len(stats.hands) / elapsed:.1f} hands/s; actions {stats.actions} "
          f"({stats.actions / elapsed:.0f}/s)")
    if lat:
        print(f"action -> last client's update: p50 {percentile(lat, 0.5):.1f} ms, "
              f"p99 {percentile(lat, 0.99):.1f} ms, max {max(lat):.1f} ms, "
              f"mean {statistics.fmean(lat):.1f} ms over {len(lat)} actions")
    if stats.actions:
        print(f"server CPU: {stats.server_cpu:.1f} s ({100 * stats.server_cpu / elapsed:.0f}% "
              f"of one core), {1000 * stats.server_cpu / stats.actions:.2f} ms per action")
    print(f"errors: {len(stats.errors)}")
    for error in stats.errors[:10]:
        print("  ", error)
    unaccounted = wallets + bank
    print(f"ledger: {len(problems)} problems; chips in wallets {wallets}, issued by the bank "
          f"{-bank}, unaccounted {unaccounted}")
    for problem in problems[:10]:
        print("  ", problem)
    return 0 if not stats.errors and not problems and unaccounted == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
