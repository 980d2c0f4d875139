"""Load test of the card room: a real ``standpat serve`` on loopback, bot clients over WebSockets.

    python benchmarks/load.py                 # 50 tables x 4 clients, 60 s, SQLite in a temp dir
    python benchmarks/load.py --db postgresql://...  --tables 20 --seconds 30
    python benchmarks/load.py --nodes 2       # two nodes (each on its own core), PostgreSQL, Redis

Each client logs in, sits, and plays every turn at once with a random legal action (raises and
draws included; it adds chips when busted).  The run is bounded: it stops after ``--seconds``
and the server is shut down.  Printed: hands per second, the latency from an action being sent
to the last client at that table receiving the update that shows it (p50, p99, max), errors,
and the ledger check of the database afterwards.

With ``--nodes N`` the room is N ``standpat serve`` nodes of one machine sharing one PostgreSQL
(``--db postgresql://...``, or a throw-away one from ``scripts/ensure-postgres.sh``) and one Redis
(``--redis``, or a throw-away one from ``scripts/ensure-redis.sh``), each node pinned to its own
core; the clients are dealt to the nodes in turn, so a table's players sit on different nodes.
Without ``--nodes`` it is one process, as ever (SQLite allowed).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import json
import os
import random
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import orjson
import uvloop
from websockets.asyncio.client import ClientConnection, connect

from standpat.engine import GAMES as POKER

GAMES = list(zip([g.value for g in POKER],
                 itertools.cycle(("fixed-limit", "no-limit", "pot-limit")), strict=False))
"""Every poker game of the engine's registry, each under one structure (the structures in turn)."""


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
    """CPU seconds the server (every node) used while the clients played."""
    node_cpu: list[float] = field(default_factory=list)
    """The same, node by node."""
    clients_cpu: float = 0.0
    """CPU seconds this process (every client) used meanwhile."""
    machine_busy: float = 0.0
    """The share of the machine's cores that was busy while the clients played."""
    node_tables: list[int | None] = field(default_factory=list)
    """The tables each node ran at the end of the play (from its /metrics)."""
    steady_cpu: float = 0.0
    """CPU seconds the server (every node) used after the warm-up (``--warmup``)."""
    steady_actions: int = 0
    """Actions the clients sent after the warm-up."""
    steady_seconds: float = 0.0
    steady_from: int = 0
    """How many latencies were taken before the warm-up ended (the rest are steady play)."""
    """How long the clients played after the warm-up."""
    load_before: str = ""
    load_after: str = ""
    """The machine's load average (1 minute) when the play started and ended."""
    seated: list[float] = field(default_factory=list)
    """When each client first saw himself seated (perf_counter seconds)."""
    started: float = 0.0
    """When the clients started (perf_counter seconds)."""
    rss_before: int = 0
    rss_after: int = 0
    """The server's resident memory (every node's, bytes) before the clients came and when
    they stopped playing."""


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
        self.seated = False
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
                await self._on(orjson.loads(raw), ws)
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
        if not self.seated:
            self.seated = True
            self.stats.seated.append(now)
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
    returns the operator's session cookie (``loadadmin``, who opens the tables: the account
    ``--operator loadadmin`` reserves), then each player's."""
    from argon2 import PasswordHasher

    from standpat.store import Store
    from standpat.store.operator import account_id_of, reserve_operators

    store = Store(db)
    store.accounts.hasher = PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)
    reserve_operators(store, ("loadadmin",))
    cookies = [f"standpat_session={store.sessions.open(account_id_of(store, 'loadadmin'))}"]
    for number in range(1, count + 1):
        account = store.accounts.create(f"load{number}", f"load-password-{number}",
                                       grant=10_000)
        cookies.append(f"standpat_session={store.sessions.open(account.id)}")
    store.close()
    return cookies


async def main_async(
    args: argparse.Namespace, bases: list[str], cookies: list[str], pids: list[int],
    profiler: Profiler | None = None,
) -> Stats:
    stats = Stats()
    admin_cookie, cookies = cookies[0], cookies[1:]
    # the same session on every node: the room's accounts are shared
    admins = [httpx.AsyncClient(base_url=base, timeout=30, headers={"Cookie": admin_cookie})
              for base in bases]
    tables: list[int] = []
    for i in range(args.tables):
        game, structure = GAMES[i % len(GAMES)]
        made = await admins[i % len(admins)].post("/api/tables", json={
            "game": game, "structure": structure, "stakes": "2/4", "seats": args.clients})
        made.raise_for_status()
        tables.append(made.json()["id"])
    for admin in admins:
        await admin.aclose()
    urls = [base.replace("http", "ws") + "/ws" for base in bases]
    clients: list[Client] = []
    number = 0
    for table in tables:
        state = TableState()
        for _ in range(args.clients):
            number += 1
            state.clients.append(number)
            url = urls[(number - 1) % len(urls)]  # the players of a table on different nodes
            clients.append(Client(number, table, cookies[number - 1], url, state, stats))
            clients[-1].think = args.think
    stop = asyncio.Event()
    print(f"{len(clients)} clients at {len(tables)} tables on {len(bases)} "
          f"{'node' if len(bases) == 1 else 'nodes'}; playing for {args.seconds:.0f} s",
          flush=True)
    stats.rss_before = sum(rss_bytes(pid) for pid in pids)
    tasks = [asyncio.create_task(c.run(stop)) for c in clients]
    if profiler is not None:  # it samples from the warm-up's end, as the steady figures count
        profiler.start(pids)
    started = stats.started = time.perf_counter()
    cpu = [cpu_seconds(pid) for pid in pids]
    clients_cpu = cpu_seconds(os.getpid())
    machine = machine_ticks()
    stats.load_before = Path("/proc/loadavg").read_text().split()[0]
    warmup = min(args.warmup, args.seconds)
    await asyncio.sleep(warmup)  # the clients sit down and the first hands are dealt
    steady_cpu = sum(cpu_seconds(pid) for pid in pids)
    steady_actions = stats.actions
    stats.steady_from = len(stats.latencies)
    steady_started = time.perf_counter()
    await asyncio.sleep(args.seconds - warmup)
    stats.steady_cpu = sum(cpu_seconds(pid) for pid in pids) - steady_cpu
    stats.steady_actions = stats.actions - steady_actions
    stats.steady_seconds = time.perf_counter() - steady_started
    stats.node_cpu = [cpu_seconds(pid) - before for pid, before in zip(pids, cpu, strict=True)]
    stats.server_cpu = sum(stats.node_cpu)
    stats.clients_cpu = cpu_seconds(os.getpid()) - clients_cpu
    stats.machine_busy = machine_busy(machine, machine_ticks())
    stats.load_after = Path("/proc/loadavg").read_text().split()[0]
    stats.rss_after = sum(rss_bytes(pid) for pid in pids)
    stats.node_tables = [await tables_run(base) for base in bases]
    stop.set()
    elapsed = time.perf_counter() - started
    results = await asyncio.gather(*tasks, return_exceptions=True)
    for result in results:
        if isinstance(result, BaseException):
            stats.errors.append(repr(result))
    stats.latencies.append(-elapsed)  # carried to the report; removed there
    return stats


async def tables_run(base: str) -> int | None:
    """How many tables a node runs now, from its /metrics (None if it does not say)."""
    async with httpx.AsyncClient(base_url=base, timeout=10) as client:
        found = await client.get("/metrics")
    for line in found.text.splitlines():
        if line.startswith("standpat_tables "):
            return round(float(line.split()[1]))
    return None


def cpu_seconds(pid: int) -> float:
    """CPU time (user + system, every thread) a process has used so far (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_bytes(pid: int) -> int:
    """A process's resident memory now, in bytes (Linux /proc)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    return 0


def machine_ticks() -> tuple[int, int]:
    """The machine's CPU time so far, in clock ticks: (busy, total) over all cores."""
    ticks = [int(x) for x in Path("/proc/stat").read_text().splitlines()[0].split()[1:]]
    idle = ticks[3] + ticks[4]  # idle and iowait
    return sum(ticks) - idle, sum(ticks)


def machine_busy(before: tuple[int, int], after: tuple[int, int]) -> float:
    """The share of the machine's cores (0-1) that was busy between two ``machine_ticks``."""
    total = after[1] - before[1]
    return (after[0] - before[0]) / total if total else 0.0


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


SCRIPTS = Path(__file__).resolve().parent.parent / "scripts"


def profile_file(path: str, index: int) -> str:
    """Where node ``index``'s (0-based) py-spy samples go: ``path`` for the first node,
    ``name-node<i>.suffix`` for the others."""
    if index == 0:
        return path
    file = Path(path)
    return str(file.with_name(f"{file.stem}-node{index + 1}{file.suffix}"))


class Profiler:
    """py-spy sampling servers for the steady part of a run: each process from the end of the
    warm-up to the end of the run (the thread holding the GIL, raw collapsed stacks), into
    :func:`profile_file` of ``path``; nothing with no ``path``."""

    def __init__(self, path: str | None, warmup: float, seconds: float) -> None:
        self.path = path
        self.warmup = warmup
        self.seconds = seconds
        self.timer: threading.Timer | None = None
        self.spies: list[subprocess.Popen[bytes]] = []

    @staticmethod
    def find() -> str | None:
        """py-spy: the venv's own (the dev extra installs it), else one on the PATH."""
        return shutil.which("py-spy", path=f"{Path(sys.executable).parent}{os.pathsep}"
                                              f"{os.environ.get('PATH', '')}")

    def start(self, pids: list[int]) -> None:
        """Start sampling ``pids`` once the warm-up is over."""
        py_spy = self.find() if self.path else None
        if py_spy is None or self.path is None:
            return
        path = self.path

        def spy() -> None:
            for i, pid in enumerate(pids):
                self.spies.append(subprocess.Popen(
                    [py_spy, "record", "--format", "raw", "--output", profile_file(path, i),
                     "--pid", str(pid),
                     "--duration", str(max(1, int(self.seconds - self.warmup))),
                     "--nonblocking", "--gil"],
                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                ))

        self.timer = threading.Timer(self.warmup, spy)
        self.timer.start()

    def finish(self) -> None:
        """Wait for the samples to be written (after the run)."""
        if self.timer is not None:
            self.timer.join()
        for spied in self.spies:
            spied.wait(60)

    def cancel(self) -> None:
        """A run cut short: no py-spy is started on stopped servers."""
        if self.timer is not None:
            self.timer.cancel()


def services(args: argparse.Namespace) -> tuple[str, str | None]:
    """The PostgreSQL and Redis URLs of a run of several nodes (``--nodes``), or the
    PostgreSQL URL alone of one process on PostgreSQL (``--db postgres``: a fresh database).

    When one is missing (no ``--db``/``--redis``, and no ``STANDPAT_PG_URL``/``STANDPAT_REDIS_URL``
    from a wrapping script), the benchmark runs itself again inside ``scripts/ensure-postgres.sh``
    and/or ``scripts/ensure-redis.sh``, which start throw-away servers (this call does not
    return then).  A database of the wrapping script's server is a fresh one for this run."""
    wrappers = []
    fresh = args.db in (None, "postgres")
    if fresh and "STANDPAT_PG_URL" not in os.environ:
        wrappers.append(str(SCRIPTS / "ensure-postgres.sh"))
    if args.nodes and args.redis is None and "STANDPAT_REDIS_URL" not in os.environ:
        wrappers.append(str(SCRIPTS / "ensure-redis.sh"))
    if wrappers:
        if os.environ.get("STANDPAT_LOAD_WRAPPED") == "1":
            sys.exit("load: no PostgreSQL or no Redis could be started; pass --db and --redis")
        os.environ["STANDPAT_LOAD_WRAPPED"] = "1"
        os.execv(wrappers[0], [*wrappers, sys.executable, *sys.argv])
    redis = (args.redis or os.environ["STANDPAT_REDIS_URL"]) if args.nodes else None
    if not fresh:
        if not args.db.startswith("postgresql"):
            sys.exit("load: --nodes needs a PostgreSQL database (--db postgresql://...)")
        return args.db, redis
    import psycopg

    server = os.environ["STANDPAT_PG_URL"]
    name = f"standpat_load_{os.getpid()}_{int(time.time())}"
    with psycopg.connect(server, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    return f"{server.rpartition('/')[0]}/{name}", redis


def start_nodes(
    args: argparse.Namespace, db: str, redis: str | None, workdir: Path
) -> tuple[list[subprocess.Popen[bytes]], list[str], list[int | None]]:
    """Start the room: one process, or ``--nodes`` nodes each pinned to one core of this
    machine's (in turn, when there are more nodes than cores).  Returns the processes, their
    base URLs and the core each is pinned to (None: not pinned)."""
    cores = sorted(os.sched_getaffinity(0))
    processes: list[subprocess.Popen[bytes]] = []
    bases: list[str] = []
    pinned: list[int | None] = []
    for index in range(args.nodes or 1):
        port = free_port()
        command = [
            sys.executable, "-m", "standpat.cli", "serve", "--db", db, "--port", str(port),
            "--between-hands", args.between_hands, "--login-rate", "100000", "--rate", "100",
            "--log-level", "warning", "--operator", "loadadmin", "--per-address", "100000",
        ]
        core: int | None = None
        if args.nodes:
            assert redis is not None
            command += ["--redis", redis, "--node-id", f"load{index + 1}"]
            if args.lease is not None:
                command += ["--lease", str(args.lease)]
            core = cores[index % len(cores)]
        log = open(workdir / f"server{index + 1}.log", "wb")  # noqa: SIM115
        processes.append(subprocess.Popen(
            command, stdout=log, stderr=log, env={**os.environ},
            preexec_fn=None if core is None else pin(core),
        ))
        log.close()
        bases.append(f"http://127.0.0.1:{port}")
        pinned.append(core)
    return processes, bases, pinned


def pin(core: int) -> Callable[[], None]:
    """What a child runs before it becomes the node: keep to ``core`` (every thread the node
    starts inherits it)."""
    return lambda: os.sched_setaffinity(0, {core})


def wait_healthy(processes: list[subprocess.Popen[bytes]], bases: list[str]) -> bool:
    """Wait (up to 30 s) until every node answers /api/health; False if one does not."""
    deadline = time.monotonic() + 30
    for process, base in zip(processes, bases, strict=True):
        while True:
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(f"{base}/api/health", timeout=1).status_code == 200:
                    break
            if time.monotonic() > deadline or process.poll() is not None:
                return False
            time.sleep(0.1)
    return True


def stop_nodes(processes: list[subprocess.Popen[bytes]]) -> None:
    """Stop every node (SIGTERM, then SIGKILL after 20 s)."""
    for process in processes:
        process.terminate()
    for process in processes:
        try:
            process.wait(20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def add_pacing(parser: argparse.ArgumentParser) -> None:
    """The options of a run's pace that load.py and floor.py share: ``--warmup``, ``--think``."""
    parser.add_argument(
        "--warmup", type=float, default=5.0, metavar="S",
        help="seconds of play (counted in --seconds) before the steady figures are taken: "
             "the clients sitting down are not counted in them (default 5)",
    )
    parser.add_argument(
        "--think", type=float, default=0.0,
        help="a client's mean thinking time before it acts, s (default 0: act at once)",
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=50,
                        help="tables opened, one poker game each in turn (default 50)")
    parser.add_argument("--clients", type=int, default=4,
                        help="clients per table, each a player of its own (default 4)")
    parser.add_argument("--seconds", type=float, default=60.0,
                        help="seconds the clients play, their sitting down and the warm-up "
                        "included (default 60)")
    parser.add_argument("--between-hands", default="0.1",
                        help="the server's pause between hands, s (default 0.1)")
    add_pacing(parser)
    parser.add_argument(
        "--profile", default=None, metavar="FILE",
        help="sample each server with py-spy after the warm-up (the thread holding the GIL) "
             "and write its collapsed stacks here (with --nodes N > 1: node i's to FILE's name "
             "with -node<i> before its suffix)",
    )
    parser.add_argument(
        "--db", default=None,
        help="database URL (default: SQLite in a temp dir); 'postgres': a fresh database on the "
             "PostgreSQL of $STANDPAT_PG_URL, or on a throw-away one",
    )
    parser.add_argument(
        "--nodes", type=int, default=None, metavar="N",
        help="run the room as N nodes (standpat serve --redis), each pinned to a core; needs "
             "PostgreSQL and Redis (started through scripts/ensure-*.sh when not given)",
    )
    parser.add_argument(
        "--redis", default=None, metavar="URL",
        help="the Redis of the nodes (default with --nodes: $STANDPAT_REDIS_URL, or a "
             "throw-away one)",
    )
    parser.add_argument(
        "--lease", type=float, default=None, metavar="S",
        help="the nodes' --lease (default: standpat serve's)",
    )
    parser.add_argument(
        "--json", default=None, metavar="FILE",
        help="also write the run's figures to FILE as JSON (benchmarks/nodes.py reads them)",
    )
    args = parser.parse_args()
    if args.nodes is not None and args.nodes < 1:
        parser.error("--nodes must be at least 1")
    if args.profile and Profiler.find() is None:
        parser.error("--profile needs py-spy: `pip install py-spy` (the dev extra has it)")
    workdir = Path(tempfile.mkdtemp(prefix="standpat-load-"))
    redis: str | None = None
    if args.nodes or args.db == "postgres":
        db, redis = services(args)
    else:
        db = args.db or f"sqlite:///{workdir / 'load.db'}"
    started = time.perf_counter()
    cookies = make_players(db, args.tables * args.clients)
    print(f"{len(cookies)} accounts and sessions made in {time.perf_counter() - started:.1f} s",
          flush=True)
    processes, bases, pinned = start_nodes(args, db, redis, workdir)
    profiler = Profiler(args.profile, args.warmup, args.seconds)
    try:
        if not wait_healthy(processes, bases):
            print("a server did not start; see the logs in", workdir)
            return 1
        # the clients on uvloop and with the server's collector settings: a load generator
        # that costs the machine less, and whose own pauses do not count as the room's
        from standpat.server.collector import tune as tune_collector

        tune_collector()
        stats = uvloop.run(main_async(args, bases, cookies, [p.pid for p in processes],
                                      profiler))
        profiler.finish()
    finally:
        profiler.cancel()
        stop_nodes(processes)
    elapsed = -stats.latencies.pop()
    from standpat.store import BANK, Store

    store = Store(db, migrate=False)
    problems = store.ledger.check()
    with store.tx.engine.connect() as conn:
        from sqlalchemy import func, select

        from standpat.store import models

        done = conn.execute(select(func.count()).select_from(models.hands)
                            .where(models.hands.c.status == "done")).scalar_one()
        wallets = conn.execute(select(func.coalesce(func.sum(models.ledger.c.amount), 0))
                               .where(models.ledger.c.wallet != BANK)).scalar_one()
    bank = store.ledger.balance(BANK)
    store.close()
    lat = [x * 1000 for x in stats.latencies]
    steady = lat[stats.steady_from :]  # the latencies after the warm-up
    if args.nodes:
        where = ", ".join(f"node {i + 1} on core {core}" for i, core in enumerate(pinned))
        room = f"{args.nodes} {'node' if args.nodes == 1 else 'nodes'} ({where}), Redis"
    else:
        room = "one process"
    print(f"tables {args.tables} x clients {args.clients} = {args.tables * args.clients} players, "
          f"{elapsed:.1f} s, {room}, between hands {args.between_hands} s, think {args.think} s, "
          f"message rate limit 100/s, database {db.split(':')[0]}")
    print(f"hands finished: {len(stats.hands)} seen by clients, {done} in the database "
          f"-> {len(stats.hands) / elapsed:.1f} hands/s; actions {stats.actions} "
          f"({stats.actions / elapsed:.0f}/s)")
    if lat:
        print(f"action -> last client's update: p50 {percentile(lat, 0.5):.1f} ms, "
              f"p99 {percentile(lat, 0.99):.1f} ms, max {max(lat):.1f} ms, "
              f"mean {statistics.fmean(lat):.1f} ms over {len(lat)} actions")
    if stats.actions:
        per_node = ""
        if len(stats.node_cpu) > 1:
            per_node = " (" + ", ".join(
                f"node {i + 1} {100 * cpu / elapsed:.0f}%" for i, cpu in enumerate(stats.node_cpu)
            ) + ")"
        if len(stats.node_tables) > 1:
            print("tables run by each node at the end: "
                  + ", ".join(str(n) for n in stats.node_tables))
        print(f"server CPU: {stats.server_cpu:.1f} s ({100 * stats.server_cpu / elapsed:.0f}% "
              f"of one core{per_node}), {1000 * stats.server_cpu / stats.actions:.2f} ms "
              "per action")
    if stats.steady_actions:
        print(f"after the {min(args.warmup, args.seconds):.0f} s warm-up: "
              f"{stats.steady_actions / stats.steady_seconds:.0f} actions/s, server CPU "
              f"{1000 * stats.steady_cpu / stats.steady_actions:.2f} ms per action "
              f"({100 * stats.steady_cpu / stats.steady_seconds:.0f}% of one core)")
        if steady:
            print(f"  after the warm-up, action -> last client's update: p50 "
                  f"{percentile(steady, 0.5):.1f} ms, p99 {percentile(steady, 0.99):.1f} ms, "
                  f"max {max(steady):.1f} ms over {len(steady)} actions")
    if stats.seated:
        last = max(stats.seated) - stats.started
        print(f"seated: {len(stats.seated)} of {args.tables * args.clients} players, the last "
              f"{last:.1f} s after the clients started"
              + (" (after the warm-up: the steady figures include players sitting down)"
                 if last > args.warmup else ""))
    cores = os.cpu_count() or 1
    rest = cores * stats.machine_busy - (stats.server_cpu + stats.clients_cpu) / elapsed
    print(f"machine: {cores} cores {100 * stats.machine_busy:.0f}% busy during the run: "
          f"server {100 * stats.server_cpu / elapsed:.0f}%, clients "
          f"{100 * stats.clients_cpu / elapsed:.0f}%, everything else (databases, other jobs) "
          f"{100 * rest:.0f}% of one core; load average {stats.load_before} at the start, "
          f"{stats.load_after} at the end")
    print(f"server memory: {stats.rss_before / 2**20:.0f} MiB before the clients came, "
          f"{stats.rss_after / 2**20:.0f} MiB at the end of the play -> "
          f"{(stats.rss_after - stats.rss_before) / 2**10 / args.tables:.0f} KiB a table")
    print(f"errors: {len(stats.errors)}")
    for error in stats.errors[:10]:
        print("  ", error)
    unaccounted = wallets + bank
    print(f"ledger: {len(problems)} problems; chips in wallets {wallets}, issued by the bank "
          f"{-bank}, unaccounted {unaccounted}")
    for problem in problems[:10]:
        print("  ", problem)
    if args.json:
        Path(args.json).write_text(json.dumps({
            "nodes": args.nodes or 0, "tables": args.tables, "clients": args.clients,
            "think": args.think, "seconds": elapsed, "actions": stats.actions,
            "hands": len(stats.hands), "server_cpu": stats.server_cpu,
            "node_cpu": stats.node_cpu, "steady_cpu": stats.steady_cpu,
            "steady_actions": stats.steady_actions, "steady_seconds": stats.steady_seconds,
            "p50_ms": percentile(lat, 0.5) if lat else None,
            "p99_ms": percentile(lat, 0.99) if lat else None,
            "steady_p50_ms": percentile(steady, 0.5) if steady else None,
            "steady_p99_ms": percentile(steady, 0.99) if steady else None,
            "steady_max_ms": max(steady, default=None),
            "rss_before": stats.rss_before, "rss_after": stats.rss_after,
            "database": db.split(":")[0],
            "machine_busy": stats.machine_busy, "load_before": stats.load_before,
            "load_after": stats.load_after, "errors": len(stats.errors),
            "seated": len(stats.seated),
            "last_seated_s": max(stats.seated) - stats.started if stats.seated else None,
            "ledger_problems": len(problems), "unaccounted": int(unaccounted),
        }, indent=1))
    return 0 if not stats.errors and not problems and unaccounted == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
