"""The WebSocket stack's own floor of server CPU per action: the room's connection model, no poker.

    python benchmarks/floor.py                          # 50 tables x 4 clients, 30 s, --mode room
    python benchmarks/floor.py --mode direct            # the table task sends itself: no outbox
    python benchmarks/floor.py --tables 100 --think 0.5 --seconds 25 --json floor.json

A minimal server runs in a subprocess on 127.0.0.1 with the room's uvicorn settings
(``standpat serve``'s ``uvicorn.run``: ``ws="websockets-sansio"``, no per-message deflate,
``ws_max_size`` 4096 (the room's message limit), uvicorn's default loop (uvloop) and the h11
HTTP protocol the room's guarded protocol is built on (``--http httptools``: the other one; the
HTTP protocol only serves the handshake), and the room's collector tuning.  It does what the
room's connection model does (``standpat.server.ws`` and ``standpat.server.live.task``) with
no poker at all: each connection is accepted, its received messages are decoded with orjson
and put on its table's command queue; each table (4 connections) is an asyncio task that reads
that queue and, for each action, builds one realistic ``table`` message (about 1,800 bytes of
JSON, the room's median being 1,760) and encodes it with orjson once per receiver (4 encodes, as
the room encodes each seat's view).  How the 4 texts reach the sockets is ``--mode``:

* ``room``: onto each connection's outbox (an ``asyncio.Queue``), drained by the connection's
  sender task with Starlette's ``WebSocket.send_text`` (as ``ws.py``'s ``sender``); received
  through Starlette's ``WebSocket.receive``;
* ``direct``: no outbox and no sender task: the table task awaits ``send_text`` on each socket;
* ``raw``: as ``room``, but the endpoint is a plain ASGI app behind Starlette's route, sending
  and receiving through the ASGI ``send`` and ``receive`` callables it is given (Starlette's
  ``WebSocket`` state checks left out);
* ``bare``: as ``raw``, with no Starlette at all: uvicorn serves the plain ASGI app;
* ``wire``: as ``room``, with the room's guarded WebSocket protocol, whose
  ``standpat.write_text`` writes a message in the table's own turn when the socket takes it at
  once and nothing is queued before it (``standpat.server.ws``'s ``Connection``); the outbox
  and its sender task carry the rest.

The clients, in this process (the websockets asyncio client, on uvloop, as
``benchmarks/load.py``'s), play in turn: a client whose seat the message names in ``to_act``
sends ``{"type": "act", ...}`` after ``--think`` seconds (uniform 0.5-1.5 x think; 0: at once).
Printed, as load.py prints them: actions/s, the server's CPU per action over the whole run and
after the warm-up (``--warmup``; read from the server process's /proc), its busy share of one
core, the latency from an action being sent to the last of the table's 4 clients receiving the
message it brings (p50, p99, max), the mean message size received, errors; and the time this
process takes to build and encode one action's 4 messages alone (the part of the server's CPU
that is this benchmark's stand-in for the room's own work, not the web stack's).
``--profile FILE`` samples the server with py-spy after the warm-up; ``--json FILE`` writes the
figures.
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
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orjson
from load import (
    Pending,
    Profiler,
    TableState,
    add_pacing,
    cpu_seconds,
    free_port,
    machine_busy,
    machine_ticks,
    percentile,
    stop_nodes,
)
from load import Stats as LoadStats
from starlette.websockets import WebSocket
from websockets.asyncio.client import ClientConnection, connect

from standpat.server.guard import WRITE_TEXT, guarded_protocols

SEATS = 4
"""Players (connections) at a table."""
ACTIONS_PER_HAND = 8
"""Actions of a hand before the next one is dealt (the message's ``events`` grow meanwhile)."""
MAX_MESSAGE = 4096
"""The room's ``ws_max_size`` (``ServerConfig.max_message``)."""
MODES = ("room", "direct", "raw", "bare", "wire")

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]


# --- the server -------------------------------------------------------------------------------

NAMES = ("alice", "bob", "carol", "dave")
CARDS = (["9s", "8c", "Kh", "Qd", "7c"], ["2d", "Ts", "Jc", "4h", "4s"],
         ["Ac", "3d", "6h", "8s", "Qc"], ["5c", "5d", "Kd", "9h", "2s"])
LEGAL = {"kinds": ["fold", "call", "raise"], "to_call": 2, "min_to": 4, "max_to": 4,
         "max_discard": 0}


class Play:
    """A table's made-up play: a counter of actions, whose turn it is, the hand's events."""

    def __init__(self, table: int) -> None:
        self.table = table
        self.hand = 1
        self.count = 0
        """Actions so far (the messages' ``event_count``: it grows by one each action)."""
        self.to_act = 0
        self.acted = 0
        """Actions of this hand."""
        self.events: list[dict[str, Any]] = []
        self.deal()

    def deal(self) -> None:
        self.acted = 0
        button = self.hand % SEATS
        self.events = [
            {"kind": "post", "seat": (button + 1) % SEATS, "amount": 1, "post": "small-blind",
             "all_in": False},
            {"kind": "post", "seat": (button + 2) % SEATS, "amount": 2, "post": "big-blind",
             "all_in": False},
            {"kind": "deal", "seat": button, "cards": [], "hidden": 5},
            {"kind": "street", "number": 0},
        ]

    def act(self) -> None:
        """The player to act calls; after :data:`ACTIONS_PER_HAND` actions a new hand."""
        self.events.append({"kind": "call", "seat": self.to_act, "added": 2, "all_in": False})
        self.count += 1
        self.acted += 1
        self.to_act = (self.to_act + 1) % SEATS
        if self.acted == ACTIONS_PER_HAND:
            self.hand += 1
            self.deal()

    def texts(self) -> list[str]:
        """The ``table`` message now: built once, encoded for each seat (its own view)."""
        count, hand, button = self.count, self.hand, self.hand % SEATS
        stacks = [200 - (count + 3 * s) % 50 for s in range(SEATS)]
        message: dict[str, Any] = {
            "v": 1, "type": "table", "table": self.table,
            "seats": [{"seat": s, "name": NAMES[s], "stack": stacks[s], "bot": None,
                       "sitting_out": False, "waiting": False, "in_hand": True, "marker": None,
                       "connected": True} for s in range(SEATS)],
            "button": button, "small_blind": (button + 1) % SEATS,
            "big_blind": (button + 2) % SEATS, "dead_button": False,
            "hand": {"id": hand, "number": hand, "game": "five-card-draw",
                     "structure": "fixed-limit", "stakes": "2/4", "ranking": "high",
                     "phase": "betting", "street": 0, "button": button, "to_act": self.to_act,
                     "you": None, "hand": None, "legal": None, "pot": 3 + 2 * self.acted,
                     "pots": [],
                     "draws_left": 1, "stub": 32, "deck": 52, "events_from": 0,
                     "event_count": count,
                     "players": [{"seat": s, "stack": stacks[s], "bet": 2, "folded": False,
                                  "all_in": False, "cards": 5} for s in range(SEATS)],
                     "events": self.events, "over": False},
            "clock": {"seat": self.to_act, "remaining": 30.0, "time_bank": False},
            "you": None,
        }
        inner = message["hand"]
        texts = []
        for seat in range(SEATS):
            inner["you"] = seat
            inner["hand"] = CARDS[seat]
            inner["legal"] = LEGAL if seat == self.to_act else None
            message["you"] = {"seat": seat, "time_bank": 60.0, "reconnects": 3, "choices": [],
                              "sit_out_next_big_blind": False, "leaving": False}
            texts.append(orjson.dumps(message).decode())
        return texts


class Seat:
    """One connection at a table: its outbox (``None`` in ``direct`` mode) and how to send."""

    __slots__ = ("busy", "outbox", "send_text", "write")

    def __init__(self, outbox: asyncio.Queue[str | None] | None,
                 send_text: Callable[[str], Awaitable[None]],
                 write: Callable[[bytes], bool] | None = None) -> None:
        self.outbox = outbox
        self.send_text = send_text
        self.write = write
        """``wire`` mode: the protocol's write at once."""
        self.busy = False
        """``wire`` mode: the sender task is sending a message."""


Command = tuple[str, int, Any]
"""What a connection tells its table: (``join``/``act``/``gone``, seat, a Seat or the action)."""


class Table:
    """One table's task and its command queue (as ``LiveTable.run``)."""

    def __init__(self, number: int, direct: bool) -> None:
        self.play = Play(number)
        self.direct = direct
        self.queue: asyncio.Queue[Command] = asyncio.Queue()
        self.seats: dict[int, Seat] = {}
        self.started = False
        self.task = asyncio.create_task(self.run())

    async def run(self) -> None:
        queue = self.queue
        while True:
            try:  # a command already queued goes first, as LiveTable.run takes it
                kind, seat, payload = queue.get_nowait()
            except asyncio.QueueEmpty:
                kind, seat, payload = await queue.get()
            if kind == "act":
                if seat != self.play.to_act or payload.get("hand") != self.play.hand:
                    await self.tell(seat, orjson.dumps({"type": "error", "code": "not-your-turn",
                                                        "message": f"seat {seat}"}).decode())
                    continue
                self.play.act()
                await self.publish()
            elif kind == "join":
                self.seats[seat] = payload
                if len(self.seats) == SEATS and not self.started:
                    self.started = True
                    await self.publish()
            else:
                self.seats.pop(seat, None)

    async def publish(self) -> None:
        texts = self.play.texts()
        for seat, conn in list(self.seats.items()):
            await self.deliver(seat, conn, texts[seat])

    async def tell(self, seat: int, text: str) -> None:
        conn = self.seats.get(seat)
        if conn is not None:
            await self.deliver(seat, conn, text)

    async def deliver(self, seat: int, conn: Seat, text: str) -> None:
        if conn.outbox is not None:
            if (conn.write is not None and not conn.busy and conn.outbox.empty()
                    and conn.write(text.encode())):
                return
            conn.outbox.put_nowait(text)
            return
        try:
            await conn.send_text(text)
        except Exception:  # the client is gone (its receive loop tells the table too)
            self.seats.pop(seat, None)


TABLES: dict[int, Table] = {}


def table_of(number: int, direct: bool) -> Table:
    table = TABLES.get(number)
    if table is None:
        table = TABLES[number] = Table(number, direct)
    return table


async def connection(table: Table, seat: int, outbox: asyncio.Queue[str | None] | None,
                     send_text: Callable[[str], Awaitable[None]],
                     receive: Callable[[], Awaitable[Message]],
                     write: Callable[[bytes], bool] | None = None) -> None:
    """One accepted connection at ``table``: its sender task draining ``outbox`` (none in
    ``direct`` mode: the table sends itself), and its receive loop putting each action on the
    table's command queue (as ``serve_socket``)."""
    send_task: asyncio.Task[None] | None = None
    me = Seat(outbox, send_text, write)
    if outbox is not None:
        queue = outbox

        async def sender() -> None:
            with contextlib.suppress(Exception):  # the client is gone
                while True:
                    text = await queue.get()
                    if text is None:
                        break
                    me.busy = True
                    await send_text(text)
                    me.busy = False

        send_task = asyncio.create_task(sender())
    commands = table.queue
    commands.put_nowait(("join", seat, me))
    try:
        while True:
            raw = await receive()
            if raw["type"] == "websocket.disconnect":
                break
            text = raw.get("text")
            if text is None:
                text = raw.get("bytes") or b""
            commands.put_nowait(("act", seat, orjson.loads(text)))
    finally:
        commands.put_nowait(("gone", seat, None))
        if outbox is not None and send_task is not None:
            outbox.put_nowait(None)
            send_task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await send_task


async def serve_room(socket: WebSocket) -> None:
    """``room``/``direct``: a Starlette ``WebSocket`` (as ``serve_socket``)."""
    direct = MODE == "direct"
    await socket.accept()
    number, seat = int(socket.path_params["table"]), int(socket.path_params["seat"])
    outbox: asyncio.Queue[str | None] | None = None if direct else asyncio.Queue()
    write = socket.scope["extensions"].get(WRITE_TEXT) if MODE == "wire" else None
    await connection(table_of(number, direct), seat, outbox, socket.send_text, socket.receive,
                     write)


async def serve_raw(scope: Scope, receive: Receive, send: Send) -> None:
    """``raw``/``bare``: the same as ``room``, through the ASGI callables themselves."""
    if MODE == "raw":
        number, seat = int(scope["path_params"]["table"]), int(scope["path_params"]["seat"])
    else:
        _, _, number_text, seat_text = scope["path"].split("/")
        number, seat = int(number_text), int(seat_text)
    if (await receive())["type"] != "websocket.connect":
        return
    await send({"type": "websocket.accept"})

    async def send_text(text: str) -> None:
        await send({"type": "websocket.send", "text": text})

    await connection(table_of(number, False), seat, asyncio.Queue(), send_text, receive)


class RawEndpoint:
    """A plain ASGI app behind Starlette's route (a class instance: Starlette does not wrap it
    in a ``WebSocket`` session)."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        await serve_raw(scope, receive, send)


async def bare_app(scope: Scope, receive: Receive, send: Send) -> None:
    """``bare``: uvicorn's ASGI app with no framework (lifespan answered, websockets served)."""
    if scope["type"] == "lifespan":
        while True:
            message = await receive()
            if message["type"] == "lifespan.startup":
                await send({"type": "lifespan.startup.complete"})
            elif message["type"] == "lifespan.shutdown":
                await send({"type": "lifespan.shutdown.complete"})
                return
    elif scope["type"] == "websocket":
        await serve_raw(scope, receive, send)


MODE = "room"
"""The server process's ``--mode`` (set by :func:`serve`)."""


def serve(port: int, mode: str, http: str) -> None:
    """The server process: uvicorn with the room's settings, serving ``mode``."""
    global MODE
    import uvicorn
    from starlette.applications import Starlette
    from starlette.routing import WebSocketRoute

    from standpat.server.collector import tune as tune_collector

    MODE = mode
    path = "/ws/{table:int}/{seat:int}"
    app: Any
    if mode == "bare":
        app = bare_app
    elif mode == "raw":
        app = Starlette(routes=[WebSocketRoute(path, RawEndpoint())])
    else:
        app = Starlette(routes=[WebSocketRoute(path, serve_room)])
    tune_collector()  # as standpat serve does before it serves
    ws: Any = "websockets-sansio"
    if mode == "wire":
        _, ws = guarded_protocols(header_timeout=10.0, per_address=1_000_000)
    uvicorn.run(
        app, host="127.0.0.1", port=port, log_level="warning", http=http,
        ws=ws, ws_max_size=MAX_MESSAGE, ws_per_message_deflate=False,
        proxy_headers=False, timeout_keep_alive=5,
    )


# --- the clients ------------------------------------------------------------------------------


@dataclass
class Stats(LoadStats):
    """load.py's figures, and the two this benchmark adds, which load.py's ``Stats`` has not:
    the messages received and the play's length (load.py passes that in its latencies).  Its
    fields for the room's hands, nodes and memory stay unused here."""

    frames: int = 0
    frame_bytes: int = 0
    """Messages the clients received, and their characters (bytes: the JSON is ASCII)."""
    elapsed: float = 0.0
    """How long the clients played, the warm-up included."""


class Client:
    def __init__(self, number: int, table: int, seat: int, url: str, state: TableState,
                 stats: Stats, think: float) -> None:
        self.number = number
        self.table = table
        self.seat = seat
        self.url = url
        self.state = state
        self.stats = stats
        self.think = think
        self.rng = random.Random(number)
        self.acted: tuple[int, int] | None = None
        self.later: set[asyncio.Task[None]] = set()

    async def run(self, stop: asyncio.Event) -> None:
        async with connect(self.url, max_size=2**22) as ws:
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
                self.stats.frames += 1
                self.stats.frame_bytes += len(raw)
                await self._on(orjson.loads(raw), ws)
        except Exception as error:  # a dropped connection is an error of the run
            self.stats.errors.append(f"client {self.number}: {error!r}")

    async def _on(self, frame: dict[str, Any], ws: ClientConnection) -> None:
        if frame["type"] == "error":
            self.stats.errors.append(f"client {self.number}: {frame['code']}: {frame['message']}")
            return
        now = time.perf_counter()
        hand = frame["hand"]
        for pending in list(self.state.pending):
            if self.number in pending.waiting and (
                hand["id"] != pending.hand or hand["event_count"] > pending.events
            ):
                pending.waiting.discard(self.number)
                if not pending.waiting:
                    self.stats.latencies.append(now - pending.sent)
                    self.state.pending.remove(pending)
        if hand["to_act"] != self.seat:
            return
        key = (hand["id"], hand["event_count"])
        if key == self.acted:
            return
        self.acted = key
        if self.think:
            delay = self.rng.uniform(0.5, 1.5) * self.think
            self.later.add(asyncio.create_task(self._act_later(ws, delay, hand)))
        else:
            await self._act(ws, hand)

    async def _act_later(self, ws: ClientConnection, delay: float, hand: dict[str, Any]) -> None:
        await asyncio.sleep(delay)
        with contextlib.suppress(Exception):
            await self._act(ws, hand)

    async def _act(self, ws: ClientConnection, hand: dict[str, Any]) -> None:
        self.state.pending.append(
            Pending(time.perf_counter(), hand["id"], hand["event_count"], set(self.state.clients))
        )
        self.stats.actions += 1
        await ws.send(json.dumps({"type": "act", "table": self.table, "hand": hand["id"],
                                  "action": {"kind": "call"}}))


async def main_async(args: argparse.Namespace, base: str, pid: int) -> Stats:
    stats = Stats()
    clients: list[Client] = []
    for table in range(1, args.tables + 1):
        state = TableState()
        for seat in range(SEATS):
            number = len(clients) + 1
            state.clients.append(number)
            clients.append(Client(number, table, seat, f"{base}/ws/{table}/{seat}",
                                  state, stats, args.think))
    stop = asyncio.Event()
    print(f"{len(clients)} clients at {args.tables} tables, --mode {args.mode}; playing for "
          f"{args.seconds:.0f} s", flush=True)
    tasks = [asyncio.create_task(c.run(stop)) for c in clients]
    started = time.perf_counter()
    cpu = cpu_seconds(pid)
    clients_cpu = cpu_seconds(os.getpid())
    machine = machine_ticks()
    stats.load_before = Path("/proc/loadavg").read_text().split()[0]
    warmup = min(args.warmup, args.seconds)
    await asyncio.sleep(warmup)  # the clients connect and the first messages go round
    steady_cpu = cpu_seconds(pid)
    steady_actions = stats.actions
    stats.steady_from = len(stats.latencies)
    steady_started = time.perf_counter()
    await asyncio.sleep(args.seconds - warmup)
    stats.steady_cpu = cpu_seconds(pid) - steady_cpu
    stats.steady_actions = stats.actions - steady_actions
    stats.steady_seconds = time.perf_counter() - steady_started
    stats.server_cpu = cpu_seconds(pid) - cpu
    stats.clients_cpu = cpu_seconds(os.getpid()) - clients_cpu
    stats.machine_busy = machine_busy(machine, machine_ticks())
    stats.load_after = Path("/proc/loadavg").read_text().split()[0]
    stats.elapsed = time.perf_counter() - started
    stop.set()
    results = await asyncio.gather(*tasks, return_exceptions=True)
    for result in results:
        if isinstance(result, BaseException):
            stats.errors.append(repr(result))
    return stats


# --- measuring --------------------------------------------------------------------------------


def building_us(rounds: int = 2000) -> tuple[float, float]:
    """Microseconds this process takes to build and encode one action's 4 messages (the
    server's stand-in for the room's own work), the median of 5 passes; and their mean size."""
    play = Play(1)
    sizes: list[int] = []
    for _ in range(ACTIONS_PER_HAND * 2):
        play.act()
        sizes += [len(t) for t in play.texts()]
    runs = []
    for _ in range(5):
        started = time.perf_counter()
        for _ in range(rounds):
            play.act()
            play.texts()
        runs.append((time.perf_counter() - started) / rounds * 1e6)
    return statistics.median(runs), statistics.fmean(sizes)


def wait_listening(process: subprocess.Popen[bytes], port: int) -> bool:
    """Wait (up to 30 s) until the server accepts connections; False if it does not."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and process.poll() is None:
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.5):
            return True
        time.sleep(0.1)
    return False


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=50,
                        help="tables, each of 4 clients (default 50)")
    parser.add_argument("--seconds", type=float, default=30.0,
                        help="seconds the clients play, their connecting and the warm-up "
                        "included (default 30)")
    add_pacing(parser)
    parser.add_argument(
        "--mode", choices=MODES, default="room",
        help="how the server's tables reach the sockets: room (an outbox queue and a sender "
             "task per connection, Starlette's WebSocket), direct (the table task sends "
             "itself), raw (as room, through the ASGI send/receive behind Starlette's route), "
             "bare (as raw, no Starlette), wire (as room, a message written at once when the "
             "socket takes it) (default room)",
    )
    parser.add_argument(
        "--http", choices=("h11", "httptools"), default="h11",
        help="uvicorn's HTTP protocol, which serves the handshake only (default h11, the one "
             "standpat serve's guarded protocol is built on)",
    )
    parser.add_argument(
        "--profile", default=None, metavar="FILE",
        help="sample the server with py-spy after the warm-up (the thread holding the GIL) "
             "and write its collapsed stacks here",
    )
    parser.add_argument("--json", default=None, metavar="FILE",
                        help="also write the run's figures to FILE as JSON")
    parser.add_argument("--serve", type=int, default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve is not None:  # the server process this benchmark starts
        serve(args.serve, args.mode, args.http)
        return 0
    if args.profile and Profiler.find() is None:
        parser.error("--profile needs py-spy: `pip install py-spy` (the dev extra has it)")
    build, size = building_us()
    workdir = Path(tempfile.mkdtemp(prefix="standpat-floor-"))
    port = free_port()
    log = open(workdir / "server.log", "wb")  # noqa: SIM115
    process = subprocess.Popen(
        [sys.executable, str(Path(__file__).resolve()), "--serve", str(port),
         "--mode", args.mode, "--http", args.http],
        stdout=log, stderr=log, env={**os.environ},
    )
    log.close()
    profiler = Profiler(args.profile, args.warmup, args.seconds)
    try:
        if not wait_listening(process, port):
            print("the server did not start; see the log in", workdir)
            return 1
        profiler.start([process.pid])
        # the clients on uvloop and with the server's collector settings, as load.py's
        import uvloop

        from standpat.server.collector import tune as tune_collector

        tune_collector()
        stats = uvloop.run(main_async(args, f"ws://127.0.0.1:{port}", process.pid))
        profiler.finish()
    finally:
        profiler.cancel()
        stop_nodes([process])
    elapsed = stats.elapsed
    lat = [x * 1000 for x in stats.latencies]
    steady = lat[stats.steady_from :]  # the latencies after the warm-up
    frames = stats.frame_bytes / stats.frames if stats.frames else 0.0
    print(f"tables {args.tables} x clients {SEATS} = {args.tables * SEATS} connections, "
          f"{elapsed:.1f} s, --mode {args.mode}, --http {args.http}, think {args.think} s")
    print(f"actions {stats.actions} ({stats.actions / elapsed:.0f}/s); messages received "
          f"{stats.frames}, {frames:.0f} bytes on average")
    if lat:
        print(f"action -> last client's update: p50 {percentile(lat, 0.5):.2f} ms, "
              f"p99 {percentile(lat, 0.99):.2f} ms, max {max(lat):.1f} ms, "
              f"mean {statistics.fmean(lat):.2f} ms over {len(lat)} actions")
    if stats.actions:
        print(f"server CPU: {stats.server_cpu:.1f} s ({100 * stats.server_cpu / elapsed:.0f}% "
              f"of one core), {1000 * stats.server_cpu / stats.actions:.3f} ms per action")
    if stats.steady_actions:
        print(f"after the {min(args.warmup, args.seconds):.0f} s warm-up: "
              f"{stats.steady_actions / stats.steady_seconds:.0f} actions/s, server CPU "
              f"{1000 * stats.steady_cpu / stats.steady_actions:.3f} ms per action "
              f"({100 * stats.steady_cpu / stats.steady_seconds:.0f}% of one core)")
        if steady:
            print(f"  after the warm-up, action -> last client's update: p50 "
                  f"{percentile(steady, 0.5):.2f} ms, p99 {percentile(steady, 0.99):.2f} ms, "
                  f"max {max(steady):.1f} ms over {len(steady)} actions")
    print(f"of which building and encoding the 4 messages alone (in this process): "
          f"{build:.1f} us per action ({size:.0f} bytes a message)")
    cores = os.cpu_count() or 1
    rest = cores * stats.machine_busy - (stats.server_cpu + stats.clients_cpu) / elapsed
    print(f"machine: {cores} cores {100 * stats.machine_busy:.0f}% busy during the run: "
          f"server {100 * stats.server_cpu / elapsed:.0f}%, clients "
          f"{100 * stats.clients_cpu / elapsed:.0f}%, everything else "
          f"{100 * rest:.0f}% of one core; load average {stats.load_before} at the start, "
          f"{stats.load_after} at the end")
    print(f"errors: {len(stats.errors)}")
    for error in stats.errors[:10]:
        print("  ", error)
    if args.json:
        Path(args.json).write_text(json.dumps({
            "mode": args.mode, "http": args.http, "tables": args.tables, "clients": SEATS,
            "think": args.think, "seconds": elapsed, "actions": stats.actions,
            "server_cpu": stats.server_cpu, "steady_cpu": stats.steady_cpu,
            "steady_actions": stats.steady_actions, "steady_seconds": stats.steady_seconds,
            "cpu_ms_per_action": 1000 * stats.server_cpu / stats.actions if stats.actions
            else None,
            "steady_cpu_ms_per_action": 1000 * stats.steady_cpu / stats.steady_actions
            if stats.steady_actions else None,
            "p50_ms": percentile(lat, 0.5) if lat else None,
            "p99_ms": percentile(lat, 0.99) if lat else None,
            "steady_p50_ms": percentile(steady, 0.5) if steady else None,
            "steady_p99_ms": percentile(steady, 0.99) if steady else None,
            "steady_max_ms": max(steady, default=None),
            "message_bytes": frames, "build_us_per_action": build,
            "clients_cpu": stats.clients_cpu, "machine_busy": stats.machine_busy,
            "load_before": stats.load_before, "load_after": stats.load_after,
            "errors": len(stats.errors),
        }, indent=1))
    return 0 if not stats.errors else 1


if __name__ == "__main__":
    sys.exit(main())
