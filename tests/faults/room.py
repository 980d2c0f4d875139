"""A room of three nodes for the fault suite: PostgreSQL, Redis and three ``standpat serve``
processes of its own, three tables with people on every node and a bot each, and the checks
every fault is held to (see tests/faults/test_faults.py)."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import os
import subprocess
import sys
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect

from standpat.store import Store
from tests.faults.services import Postgres, Redis
from tests.server.live import PATIENCE, Player, Server, random_policy

LEASE = 10.0
"""Seconds of a table's lease: the room's default."""
FLAGS = ("--between-hands", "0.3", "--bot-delay", "0.1", "--clock", "10",
         "--max-tables", "10", "--lease", str(LEASE), "--rejoin", "5")
"""Hands at a lively pace; a short clock (with the default time bank of 60 s)."""
BOUND = float(os.environ.get("STANDPAT_FAULT_BOUND", "15"))
"""Seconds after a fault ends within which play must be back (the room's promise)."""
RESULTS = Path(__file__).resolve().parents[2] / "build" / "faults"
"""Where each fault's measured cost is written (docs/server.md's table comes from them)."""


class Person(Player):
    """A person at a table: plays at random, notes when each frame came, and acts again on
    the state a table sends afresh (after a takeover or a Redis outage his last action may
    never have arrived)."""

    def __init__(self, server: Server, name: str, *, seed: int = 0) -> None:
        super().__init__(server, name, seed=seed)
        self.policy = random_policy
        self.times: list[float] = []
        self.table: int | None = None
        self.seat: int | None = None
        self.back: int | None = None
        self.posted: int | None = None
        """The hand number after which he last chose to post."""
        """The table he last sat in again at (once per time he finds himself out)."""

    async def _read(self) -> None:
        assert self.socket is not None
        async for raw in self.socket:
            frame = json.loads(raw)
            self.times.append(time.monotonic())
            self.frames.append(frame)
            if frame["type"] == "error":
                self.errors.append(frame)
            if frame["type"] == "table":
                hand = frame.get("hand")
                if hand and hand.get("events_from") == 0:  # a table's whole state, afresh
                    self.acted = {key for key in self.acted if key[0] != hand["id"]}
                if frame.get("you"):
                    self.seat = frame["you"]["seat"]
                    await self._come_back(frame)
                if self.policy is not None:
                    await self._maybe_act(frame)
                    await self._maybe_rebuy(frame)

    async def _come_back(self, frame: dict[str, Any]) -> None:
        """A player who finds himself sitting out (his clock ran out on a slow machine) sits
        in again, and posts what he owes, as a person at the table would."""
        mine = [s for s in frame["seats"] if s["seat"] == self.seat]
        you = frame["you"]
        if not mine or you.get("leaving") or self.policy is None:
            return
        if mine[0]["sitting_out"] and mine[0]["stack"] > 0 and self.back != frame["table"]:
            self.back = frame["table"]
            await self.send(type="sit-in", table=frame["table"])
        elif not mine[0]["sitting_out"]:
            self.back = None
        offered = [c for c in ("post-bb", "post-all") if c in you.get("choices", [])]
        if offered and self.posted != frame.get("hand_number"):
            self.posted = frame.get("hand_number")  # once between two hands
            await self.send(type="choose", table=frame["table"], choice=offered[0])

    def state(self) -> str:
        """What he saw last of his seat (for a failure's message)."""
        for frame in reversed(self.frames):
            if frame["type"] == "table" and frame.get("you"):
                line = [s for s in frame["seats"] if s["seat"] == self.seat]
                hand = frame.get("hand") or {}
                recent = [f["type"] for f in self.frames[-8:]]
                return (f"{self.name} on {self.server.base}: seat {line}, hand "
                        f"{hand.get('id')} to act {hand.get('to_act')}, "
                        f"{len(self.frames)} frames (the last: {recent}), errors "
                        f"{self.errors[-3:]}")
        return f"{self.name}: no table frame"

    def asked_since(self, since: float) -> float | None:
        """When he was first asked to act after ``since`` (monotonic), if he was."""
        for at, frame in zip(self.times, self.frames, strict=True):
            hand = frame.get("hand") if frame["type"] == "table" else None
            if (at >= since and hand and hand.get("legal") is not None
                    and hand.get("to_act") == hand.get("you")):
                return at
        return None

    def longest_gap(self, start: float, end: float) -> float:
        """The longest time between two table frames he was sent in [start, end]."""
        seen = [at for at, f in zip(self.times, self.frames, strict=True)
                if f["type"] == "table" and start <= at <= end]
        marks = [start, *seen, end]
        return max(b - a for a, b in itertools.pairwise(marks))

    def left(self) -> list[dict[str, Any]]:
        return [f for f in self.frames if f["type"] == "left"]


@dataclass
class Cost:
    """What one fault cost the people at the tables, as measured."""

    fault: str
    back_in: float = 0.0
    """Seconds from the fault's end to the last person asked to act again."""
    dealt_in: float = 0.0
    """Seconds from the fault's end to the last table dealing again."""
    longest_pause: float = 0.0
    """The longest time a person on a live node waited for his table's next message."""
    voided: int = 0
    """Hands voided by the fault."""
    notes: list[str] = field(default_factory=list)


class Room:
    """Three nodes on one database and one Redis, three tables, two people and a bot at each
    (the people's sockets on different nodes)."""

    def __init__(self, pg: Postgres, tmp_path: Path) -> None:
        self.tmp = tmp_path
        self.db = pg.database()
        self.pg = pg
        self.redis = Redis()
        self.redis.start()
        self.nodes: dict[str, Server] = {}
        for name in ("n1", "n2", "n3"):
            self.nodes[name] = self.node(name)
        self.nodes["n1"].start()
        self.nodes["n2"].start()
        self.nodes["n3"].start()
        self.store = Store(self.db, migrate=False)
        self.tables: list[int] = []
        self.people: list[Person] = []
        self.dead: set[str] = set()
        self.owner: httpx.Client | None = None

    def node(self, name: str) -> Server:
        return Server(self.db, *FLAGS, "--redis", self.redis.url, "--node-id", name,
                      log=self.tmp / f"{name}.log")

    def live(self) -> list[Server]:
        return [n for name, n in self.nodes.items() if name not in self.dead]

    def owner_of(self, table: int) -> str:
        """The node that runs ``table``, as the room's database says (its lease)."""
        with self.store.tx.engine.connect() as conn:
            from sqlalchemy import text
            row = conn.execute(text("SELECT node FROM table_leases WHERE table_id = :t "
                                    "AND expires_at > now()"), {"t": table}).first()
        return "" if row is None else str(row[0])

    async def seat_everyone(self) -> None:
        """Three tables (one per node, by placement), each with a house bot and two people:
        one whose socket is on the table's node, one on another node."""
        entry = self.nodes["n1"]
        owner = Player(entry, "owner")
        self.owner = owner.http
        for _ in range(3):
            made = owner.http.post("/api/tables", json={"game": "five-card-draw", "seats": 4,
                                                        "structure": "fixed-limit",
                                                        "stakes": "2/4"})
            assert made.status_code == 201, made.text
            self.tables.append(made.json()["id"])
        names = sorted(self.nodes)
        for k, table in enumerate(self.tables):
            home = await _until(lambda t=table: self.owner_of(t), "the table runs",
                                30 * PATIENCE)
            away = names[(names.index(home) + 1) % 3]
            for j, node in enumerate((home, away)):
                person = Person(self.nodes[node], f"p{k}{j}", seed=10 * k + j)
                await person.connect()
                await person.send(type="sit", table=table, buy_in=200)
                person.table = table
                self.people.append(person)
            bot = owner.http.post(f"/api/tables/{table}/bots", json={"level": "house"})
            assert bot.status_code == 201, bot.text
        await self.wait_hands(2)

    async def wait_hands(self, count: int) -> None:
        base = {t: self.done(t) for t in self.tables}
        await _until(lambda: all(self.done(t) >= base[t] + count for t in self.tables),
                     f"{count} hands at every table", 60 * PATIENCE)

    def done(self, table: int) -> int:
        return sum(1 for h in self.store.hands.of_table(table) if h["status"] == "done")

    def last_deal(self, table: int) -> datetime | None:
        hands = self.store.hands.of_table(table)
        return max((h["started_at"] for h in hands), default=None)

    def at(self, node: str) -> list[Person]:
        return [p for p in self.people if p.server is self.nodes[node]]

    async def check(self, cost: Cost, started: float, ended: float,
                    ended_wall: datetime) -> None:
        """What every fault is held to, from the moment it ended (``ended``, monotonic and
        wall clock): every person on a live node keeps his seat and is asked to act again,
        every table deals again, each within :data:`BOUND` seconds; the books balance."""
        alive = [p for p in self.people if p.server in self.live()]

        def asked() -> bool:
            return all(p.asked_since(ended) is not None for p in alive)

        try:
            await _until(asked, "every person asked to act again", BOUND * 3)
        except AssertionError:
            late = [p.state() for p in alive if p.asked_since(ended) is None]
            raise AssertionError(f"not asked to act again: {late}") from None
        cost.back_in = max(p.asked_since(ended) or 0 for p in alive) - ended

        def dealt() -> bool:
            return all((self.last_deal(t) or ended_wall) > ended_wall for t in self.tables)

        await _until(dealt, "every table dealing again", BOUND * 3)
        cost.dealt_in = max(
            (min(h["started_at"] for h in self.store.hands.of_table(table)
                 if h["started_at"] > ended_wall) - ended_wall).total_seconds()
            for table in self.tables)
        cost.longest_pause = max(p.longest_gap(started, ended + BOUND) for p in alive)
        for person in alive:
            assert person.left() == [], (person.name, person.left())
            seated = {s.account_id for s in self.store.tables.seats(person.table or 0)}
            assert person.account in seated, f"{person.name} lost his seat"
        assert self.store.ledger.check() == []
        assert cost.back_in <= BOUND, f"asked again {cost.back_in:.1f} s after the fault"
        assert cost.dealt_in <= BOUND, f"dealt again {cost.dealt_in:.1f} s after the fault"

    async def commands(self, probe_name: str) -> None:
        """Every client command type, sent through a node that does not run the table, gets
        its answer or its error with the right code."""
        table = self.tables[0]
        home = self.owner_of(table)
        via = next(n for n in self.live() if n is not self.nodes[home])
        probe = Player(via, probe_name)
        probe.policy = None
        await probe.connect()
        ref = iter(range(1, 10**6))

        async def answer(kind: str, test: Any, **message: Any) -> dict[str, Any]:
            since = len(probe.frames)
            await probe.send(type=kind, **message)
            try:
                return await probe.wait_for(test, timeout=20 * PATIENCE, since=since)
            except AssertionError as error:
                recent = [(f["type"], f.get("code") or f.get("reason") or f.get("ref"))
                          for f in probe.frames[since:]]
                raise AssertionError(f"{kind} {message}: no answer: {error}; frames since the "
                                     f"command: {recent}; errors: {probe.errors}") from None

        def error(code: str, number: int) -> Any:
            return lambda f: f["type"] == "error" and f.get("ref") == number and (
                f["code"] == code or _unexpected(f, code))

        def mine(test: Any) -> Any:
            return lambda f: f["type"] == "table" and f["table"] == table and f.get(
                "you") and test(f)

        assert (await answer("ping", lambda f: f["type"] == "pong", ref=next(ref)))
        await answer("watch", lambda f: f["type"] == "table" and f["table"] == table,
                     table=table)
        seat = await answer("sit", mine(lambda f: True), table=table, buy_in=100)
        number = seat["you"]["seat"]
        n = next(ref)
        await answer("sit", error("table", n), table=table, buy_in=100, ref=n)
        n = next(ref)
        await answer("chat", lambda f: f["type"] == "chat" and f["text"] == "hello",
                     table=table, text="hello", ref=n)
        await answer("client-seed", lambda f: f["type"] == "client-seed", seed="probe seed")
        await answer("sit-out", mine(lambda f: _line(f, number)["sitting_out"]), table=table,
                     when="next-hand")
        await answer("sit-in", mine(lambda f: not _line(f, number)["sitting_out"]),
                     table=table)
        await answer("choose", mine(lambda f: True), table=table, choice="wait-for-bb")
        await answer("add-chips", mine(lambda f: True), table=table, amount=10)
        n = next(ref)
        await answer("add-chips", error("table", n), table=table, amount=10**6, ref=n)
        n = next(ref)
        # an act for the room's first hand, long over: refused whether or not the probe,
        # dealt in meanwhile (he waits for the big blind), is to act now
        await answer("act", lambda f: f["type"] == "error" and f.get("ref") == n and f[
            "code"] in ("no-hand", "stale"), table=table, hand=1,
            action={"kind": "check"}, ref=n)
        n = next(ref)
        await answer("wait", error("table", n), table=table, ref=n)
        await answer("unwait", lambda f: f["type"] == "waiting" and f["position"] is None,
                     table=table)
        await answer("chat-mode", lambda f: f["type"] == "error" and f["code"] == "forbidden",
                     table=table, mode="off")
        await probe.send(type="unwatch", table=table)
        await answer("leave", lambda f: f["type"] == "left" and f["table"] == table,
                     table=table)
        # the REST side: seating a bot at another's table, through a node that does not
        # run it, is refused as forbidden (403), not as a generic error
        refused = probe.http.post(f"/api/tables/{table}/bots", json={"level": "house"})
        assert refused.status_code == 403, refused.text
        assert refused.json()["error"]["code"] == "forbidden"
        assert [f["code"] for f in probe.errors if not f.get("ref")] == ["forbidden"], (
            probe.errors)
        await probe.close()

    def admin_check(self) -> None:
        """``standpat admin check``: the ledger balances."""
        done = subprocess.run([sys.executable, "-m", "standpat.cli", "admin", "check", "--db",
                               self.db], capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stdout + done.stderr

    async def close(self) -> None:
        for person in self.people:
            await person.close()
        if self.owner is not None:
            self.owner.close()
        for node in self.nodes.values():
            node.stop()
        self.store.close()
        self.redis.close()

    def tracebacks(self) -> list[str]:
        return [name for name in self.nodes
                if "Traceback" in (self.tmp / f"{name}.log").read_text()]


def _line(frame: dict[str, Any], seat: int) -> dict[str, Any]:
    return next(s for s in frame["seats"] if s["seat"] == seat)


def _unexpected(frame: dict[str, Any], code: str) -> bool:
    raise AssertionError(f"expected the code {code!r}, got {frame}")


async def _until(test: Any, what: str, timeout: float) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = test()
        if value:
            return value
        await asyncio.sleep(0.1)
    raise AssertionError(f"{what}: not within {timeout} s")


def now() -> tuple[float, datetime]:
    """This moment, monotonic and on the wall clock (the database's timestamps)."""
    return time.monotonic(), datetime.now(UTC)


async def reconnect(person: Person, server: Server) -> None:
    """His browser connects again, through another node, and watches his table."""
    if person.reader is not None:  # the old socket is gone with its node
        person.reader.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await person.reader
    person.server = server
    cookie = "; ".join(f"{k}={v}" for k, v in person.http.cookies.items())
    url = server.base.replace("http", "ws") + "/ws"
    person.socket = await connect(url, additional_headers={"Cookie": cookie}, max_size=2**22)
    person.reader = asyncio.create_task(person._read())
    cookies = person.http.cookies
    person.http.close()
    person.http = httpx.Client(base_url=server.base, cookies=cookies, timeout=10)
    await person.send(type="watch", table=person.table)
