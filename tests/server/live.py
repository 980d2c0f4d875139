"""Helpers for tests against a real ``standpat serve`` process with real WebSocket clients."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

import httpx
import httpx2
from starlette.testclient import TestClient
from websockets.asyncio.client import ClientConnection, connect

PATIENCE = float(os.environ.get("STANDPAT_TEST_PATIENCE", "4"))
"""How many times longer than on a quiet machine a waiting test allows (a deadline only
bounds how long a failing test takes to fail: a loaded 2-core machine runs servers several
times slower)."""

CARD = re.compile(r"^[2-9TJQKA][cdhs]$")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """A ``standpat serve`` child process on loopback."""

    def __init__(self, db: str, *args: str, log: Path | None = None) -> None:
        self.db = db
        self.args = args
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log = log
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> Server:
        out = open(self.log, "ab") if self.log else subprocess.DEVNULL  # noqa: SIM115
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "standpat.cli", "serve", "--db", self.db,
             "--port", str(self.port), "--login-rate", "1000",
             # STANDPAT_TEST_LOG=info: uvicorn's log too (each socket accepted, ...)
             "--log-level", os.environ.get("STANDPAT_TEST_LOG", "warning"),
             # tests open many accounts, tables and bots from one address (the limits are
             # tested on their own)
             "--registrations", "1000 per minute", "--address-tables", "1000",
             "--address-bots", "1000",
             # test clients act the instant it is their turn, faster than any person: the
             # flood limit is tested on its own (a later --rate wins)
             "--rate", "1000",
             *self.args],
            stdout=out,
            stderr=out,
        )
        if self.log:
            out.close()  # type: ignore[union-attr]
        deadline = time.monotonic() + 30 * PATIENCE
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"standpat serve exited with {self.proc.returncode}")
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(f"{self.base}/api/health", timeout=1).status_code == 200:
                    return self
            time.sleep(0.1)
        raise RuntimeError(f"standpat serve did not start in {30 * PATIENCE} s")

    def kill(self) -> None:
        """kill -9."""
        assert self.proc is not None
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait()

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


def register(server: Server, name: str) -> httpx.Client:
    client = httpx.Client(base_url=server.base, timeout=10)
    response = client.post("/api/accounts", json={"name": name, "password": f"pw-{name}-pw"})
    assert response.status_code == 201, response.text
    return client


def operator(server: Server, name: str) -> httpx.Client:
    """Log in as the operator the room reserved at start (``--operator NAME``), after giving
    his account a password with ``standpat admin password`` (as an operator does)."""
    password = f"pw-{name}-pw"
    subprocess.run([sys.executable, "-m", "standpat.cli", "admin", "password", name,
                    "--db", server.db], input=password + "\n", text=True, check=True,
                   capture_output=True)
    client = httpx.Client(base_url=server.base, timeout=10)
    response = client.post("/api/session", json={"name": name, "password": password})
    assert response.status_code == 200 and response.json()["operator"], response.text
    return client


def log_in_operator(client: TestClient, name: str) -> httpx2.Response:
    """In a room run in this process (``operators=(name,)``): give the account the room
    reserved for operator ``name`` the password ``pw-NAME-pw``, as ``standpat admin
    password`` does, and log in with it; returns the log-in's answer (its cookie)."""
    from standpat.store.operator import account_id_of

    store = client.app.state.store  # type: ignore[attr-defined]
    password = f"pw-{name}-pw"
    store.accounts.set_password(account_id_of(store, name), password)
    response = client.post("/api/session", json={"name": name, "password": password})
    assert response.status_code == 200 and response.json()["operator"], response.text
    return response


Policy = Callable[[dict[str, Any], random.Random], dict[str, Any]]


def random_policy(hand: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A legal action chosen at random from what the view offers (raises and draws included)."""
    legal = hand["legal"]
    kinds = legal["kinds"]
    if "discard" in kinds:
        count = rng.randint(0, legal["max_discard"])
        return {"kind": "discard", "cards": rng.sample(hand["hand"], count)}
    weights = {"fold": 1, "check": 4, "call": 4, "bet": 2, "raise": 1}
    kind = rng.choices(kinds, [weights[k] for k in kinds])[0]
    if kind in ("bet", "raise"):
        amount = legal["max_to"] if rng.random() < 0.1 else legal["min_to"]
        return {"kind": kind, "amount": amount}
    return {"kind": kind}


def passive_policy(hand: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """Check, else call, else stand pat: never ends a hand early."""
    kinds = hand["legal"]["kinds"]
    for kind in ("check", "call"):
        if kind in kinds:
            return {"kind": kind}
    return {"kind": "discard", "cards": []}


class Player:
    """A real WebSocket client that records every frame and (optionally) plays by a policy."""

    def __init__(
        self, server: Server, name: str, *, seed: int = 0, http: httpx.Client | None = None
    ) -> None:
        self.server = server
        self.name = name
        self.http = register(server, name) if http is None else http
        self.account = self.http.get("/api/me").json()["id"]
        self.frames: list[dict[str, Any]] = []
        self.rng = random.Random(seed)
        self.policy: Policy | None = random_policy
        self.socket: ClientConnection | None = None
        self.reader: asyncio.Task[None] | None = None
        self.acted: set[tuple[int, int]] = set()
        self.errors: list[dict[str, Any]] = []
        self.rebought: set[int] = set()

    def another_tab(self) -> Player:
        """The same account in another connection (its own socket, no policy)."""
        tab = Player(self.server, self.name, http=self.http)
        tab.policy = None
        return tab

    async def connect(self) -> None:
        cookie = "; ".join(f"{k}={v}" for k, v in self.http.cookies.items())
        url = self.server.base.replace("http", "ws") + "/ws"
        self.socket = await connect(url, additional_headers={"Cookie": cookie}, max_size=2**22)
        self.reader = asyncio.create_task(self._read())

    async def close(self, *, http: bool = True) -> None:
        if http:
            self.http.close()
        if self.socket is not None:
            await self.socket.close()
        if self.reader is not None:
            self.reader.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self.reader

    async def send(self, **message: Any) -> None:
        assert self.socket is not None
        await self.socket.send(json.dumps(message))

    async def _read(self) -> None:
        assert self.socket is not None
        async for raw in self.socket:
            frame = json.loads(raw)
            self.frames.append(frame)
            if frame["type"] == "error":
                self.errors.append(frame)
            if frame["type"] == "table" and self.policy is not None:
                await self._maybe_act(frame)
                await self._maybe_rebuy(frame)

    async def _maybe_rebuy(self, frame: dict[str, Any]) -> None:
        you = frame.get("you")
        if you is None or (frame["hand"] and not frame["hand"]["over"]):
            return
        mine = [s for s in frame["seats"] if s["seat"] == you["seat"]]
        if mine and mine[0]["stack"] == 0 and you["seat"] not in self.rebought:
            self.rebought.add(you["seat"])
            await self.send(type="add-chips", table=frame["table"], amount=200)
        elif mine and mine[0]["stack"] > 0:
            self.rebought.discard(you["seat"])

    async def _maybe_act(self, frame: dict[str, Any]) -> None:
        hand = frame.get("hand")
        if not hand or hand["legal"] is None or hand["to_act"] != hand["you"]:
            return
        key = (hand["id"], hand["event_count"])
        if key in self.acted:
            return
        self.acted.add(key)
        assert self.policy is not None
        action = self.policy(hand, self.rng)
        await self.send(type="act", table=frame["table"], hand=hand["id"], action=action)

    async def wait_for(
        self, test: Callable[[dict[str, Any]], bool], timeout: float = 20 * PATIENCE, *,
        old: bool = False, since: int | None = None
    ) -> dict[str, Any]:
        """The first frame passing ``test`` (from now on; ``old``: from the first frame;
        ``since``: from that index of :attr:`frames`, as taken before sending a command, so
        that an answer that came while the command was being sent is not missed)."""
        deadline = time.monotonic() + timeout
        seen = 0 if old else len(self.frames) if since is None else since
        while time.monotonic() < deadline:
            while seen < len(self.frames):
                frame = self.frames[seen]
                seen += 1
                if test(frame):
                    return frame
            await asyncio.sleep(0.01)
        raise AssertionError(f"{self.name}: no such frame in {timeout} s; last {self.frames[-1:]}")


def cards_in(value: Any) -> set[str]:
    """Every card text anywhere in a JSON value."""
    found: set[str] = set()
    if isinstance(value, str):
        tokens = value.split()
        if tokens and all(CARD.match(t) for t in tokens):
            found.update(tokens)
    elif isinstance(value, dict):
        for item in value.values():
            found |= cards_in(item)
    elif isinstance(value, list):
        for item in value:
            found |= cards_in(item)
    return found


def card_names(value: Any) -> list[str]:
    """The cards of a stored event's field: a list of names (or, in older records, one
    string of them)."""
    if not value:
        return []
    return value.split() if isinstance(value, str) else list(value)


def visible_cards(record: dict[str, Any], index: int | None) -> set[str]:
    """Cards hand-seat ``index`` (None: a spectator) may see in a finished hand's full record."""
    allowed: set[str] = set()
    for event in record["events"]:
        kind = event["kind"]
        mine = index is not None and event.get("seat") == index
        if (kind in ("deal", "discard", "muck") and mine) or kind in ("show", "win"):
            allowed.update(card_names(event.get("cards")), card_names(event.get("drawn")))
    return allowed


# -- pinochle --------------------------------------------------------------------------------

PINOCHLE_ID = re.compile(r"^[9TJQKA][cdhs]\.[01]$")
PINOCHLE_FACE = re.compile(r"^[9TJQKA][cdhs]$")


def check_privacy(players: list[Player], store: Any) -> int:
    """Check every ``table`` frame each player received against what he may see of its
    finished hand (his own cards, and what was shown); how many frames were checked."""
    checked = 0
    for player in players:
        for frame in player.frames:
            hand = frame.get("hand") if frame.get("type") == "table" else None
            if not hand:
                continue
            stored = store.hands.get(hand["id"])
            if stored["status"] != "done":
                continue
            accounts = stored["setup"]["accounts"]
            index = accounts.index(player.account) if player.account in accounts else None
            leaked = cards_in(frame) - visible_cards(stored["record"], index)
            assert not leaked, f"{player.name} saw {leaked} in hand {hand['id']}"
            checked += 1
    return checked


def pinochle_policy(hand: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A legal pinochle action at random: pass or bid the minimum (or a little more), any
    trump, a random discard within the cap, a random legal card."""
    legal = hand["legal"]
    kinds = legal["kinds"]
    if "bid" in kinds:
        if rng.random() < 0.4:
            return {"kind": "bid", "amount": legal["min_bid"] + rng.randrange(3)}
        return {"kind": "pass"}
    if "trump" in kinds:
        return {"kind": "trump", "suit": rng.choice(legal["suits"])}
    if "discard" in kinds:
        count = rng.randint(0, min(legal["max_discard"], len(hand["hand"])))
        return {"kind": "discard", "cards": rng.sample(hand["hand"], count)}
    return {"kind": "play", "card": rng.choice(legal["cards"])}


def pinochle_tokens(value: Any) -> tuple[set[str], set[str]]:
    """Every physical card name (``Qs.1``) and every card face (``Qs``) in a JSON value."""
    ids: set[str] = set()
    faces: set[str] = set()
    if isinstance(value, str):
        if PINOCHLE_ID.match(value):
            ids.add(value)
        elif PINOCHLE_FACE.match(value):
            faces.add(value)
    elif isinstance(value, dict | list):
        for item in value.values() if isinstance(value, dict) else value:
            more_ids, more_faces = pinochle_tokens(item)
            ids |= more_ids
            faces |= more_faces
    return ids, faces


def pinochle_visible(events: list[dict[str, Any]], seat: int | None) -> tuple[set[str], set[str]]:
    """What table seat ``seat`` (None: a spectator) may know after a game's first ``events``
    (taken from the full stored record): the physical cards he was dealt or drew, every card
    played; and as faces, those and every meld shown."""
    ids: set[str] = set()
    faces: set[str] = set()
    for event in events:
        kind = event["kind"]
        if kind in ("dealt", "draw") and seat is not None and event["seat"] == seat:
            ids |= set(event.get("cards", [])) | set(event.get("drawn", []))
            ids |= set(event.get("discarded", []))
        elif kind == "play":
            ids.add(event["card"])
        elif kind == "meld":
            for meld in event["melds"]:
                faces |= set(meld["cards"])
    return ids, faces | {i.split(".")[0] for i in ids}


FAST = ("--between-hands", "0.05", "--bot-delay", "0", "--clock", "10", "--max-tables", "10")
"""Server flags for tests that play many rounds: no pauses, instant bots, a short clock."""


def play_in_a_room(tmp_path: Path,
                   play: Callable[[Server, Path], Coroutine[Any, Any, None]]) -> None:
    """Run ``play`` against a real ``standpat serve`` on a fresh SQLite room (``FAST``), stop
    the server, then check that the books balance and the server logged no traceback."""
    from standpat.store import Store

    db = f"sqlite:///{tmp_path / 'room.db'}"
    server = Server(db, *FAST, log=tmp_path / "server.log").start()
    try:
        asyncio.run(play(server, tmp_path))
    finally:
        server.stop()
    store = Store(db)
    assert store.ledger.check() == []
    store.close()
    assert "Traceback" not in (tmp_path / "server.log").read_text()
