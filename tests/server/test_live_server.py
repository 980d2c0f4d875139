"""A real ``standpat serve`` on loopback with real WebSocket clients: play, privacy, crash."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from standpat.cli import main as cli_main
from standpat.engine import GAMES as POKER
from standpat.store import BANK, Store, seat_wallet, user_wallet
from tests.server.live import PATIENCE

from .live import FAST, Player, Server, check_privacy, passive_policy, play_in_a_room

GAMES = list(zip([g.value for g in POKER],
                 itertools.cycle(("fixed-limit", "no-limit", "pot-limit")), strict=False))
"""Every poker game of the engine's registry, each under one structure (the structures in turn)."""


def finished_hands(store: Store, table: int) -> list[dict[str, Any]]:
    return [
        store.hands.get(h["id"])
        for h in store.hands.of_table(table)
        if h["status"] == "done"
    ]


def test_players_and_bots_play_every_game_privately(tmp_path: Path) -> None:
    """Two players and a bot at a table of each game; every frame is checked for leaks."""
    play_in_a_room(tmp_path, play_every_game)


async def play_every_game(server: Server, tmp_path: Path) -> None:
    players: list[tuple[int, Player]] = []
    owner = Player(server, "owner")
    spectator = Player(server, "watcher")
    spectator.policy = None
    await spectator.connect()
    for n, (game, structure) in enumerate(GAMES):
        made = owner.http.post(
            "/api/tables", json={"game": game, "structure": structure, "stakes": "2/4", "seats": 3}
        )
        table = made.json()["id"]
        bot = owner.http.post(f"/api/tables/{table}/bots", json={"level": "house"})
        assert bot.status_code == 201
        await spectator.send(type="watch", table=table)
        for k in range(2):
            player = Player(server, f"p{n}{k}", seed=n * 10 + k)
            await player.connect()
            await player.send(type="client-seed", seed=f"seed of p{n}{k}")
            await player.send(type="sit", table=table, buy_in=200)
            players.append((table, player))
    # play until every table finished five hands
    store = Store(server.db, migrate=False)
    deadline = time.monotonic() + 60 * PATIENCE
    while time.monotonic() < deadline:
        done = [len(finished_hands(store, t)) for t in range(1, len(GAMES) + 1)]
        if min(done) >= 5:
            break
        await asyncio.sleep(0.2)
    assert min(done) >= 5, done
    for table, player in players:
        assert player.errors == [], player.errors
        await player.send(type="leave", table=table)
    # privacy: every frame a connection received holds only cards its receiver may see
    checked = check_privacy([p for _, p in players] + [spectator], store)
    assert checked > 100
    # the seeds are revealed to the players who left, and standpat verify accepts their hands
    # (a player who leaves mid-hand is seated until the hand ends: wait for it on a busy machine)
    table, player = players[0]
    deadline = time.monotonic() + 30 * PATIENCE
    while True:
        hands = player.http.get("/api/hands").json()["hands"]
        revealed = [h for h in hands if h["revealed"] and h["status"] == "done"]
        if revealed or time.monotonic() > deadline:
            break
        await asyncio.sleep(0.2)
    assert revealed
    record = player.http.get(f"/api/hands/{revealed[0]['id']}").json()
    assert record["seed"] and record["client_seeds"][record["you"]] == player_seed(player)
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(record))
    assert cli_main(["verify", str(path)]) == 0
    mine = [e for e in record["events"] if e["kind"] == "deal" and e["seat"] == record["you"]]
    assert len(mine[0]["cards"]) == 5
    fake = ["2c", "3c", "4c", "5c", "6c"]
    mine[0]["cards"] = fake if mine[0]["cards"] != fake else ["2d", *fake[1:]]
    path.write_text(json.dumps(record))
    assert cli_main(["verify", str(path)]) == 1
    # a spectator is never shown a seed
    still = spectator.http.get("/api/hands").json()["hands"]
    assert still == []
    await spectator.close()
    owner.http.close()
    for _, player in players:
        await player.close()
    store.close()


def player_seed(player: Player) -> str:
    return f"seed of {player.name}"


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_kill_9_mid_hand_loses_no_chip(backend: str, tmp_path: Path) -> None:
    """kill -9 the server in the middle of a hand, restart it: the hand is void, no chip is lost."""
    if backend == "sqlite":
        db = f"sqlite:///{tmp_path / 'room.db'}"
        cleanup = None
    else:
        from .conftest import fresh_postgres_database

        cleanup = fresh_postgres_database()
        db = next(cleanup)
    try:
        crash_and_restart(db, tmp_path)
    finally:
        if cleanup is not None:
            with contextlib.suppress(StopIteration):
                next(cleanup)


def crash_and_restart(db: str, tmp_path: Path) -> None:
    args = ("--between-hands", "0.05", "--bot-delay", "0.15", "--demo-tables", "2")
    server = Server(db, *args, log=tmp_path / "crash.log").start()
    store = Store(db, migrate=False)
    try:
        # wait until a hand is running with at least two actions logged, then kill -9
        deadline = time.monotonic() + 30 * PATIENCE
        running: dict[str, Any] | None = None
        while time.monotonic() < deadline and running is None:
            for table in (1, 2):
                for h in store.hands.of_table(table):
                    hand = store.hands.get(h["id"])
                    if hand["status"] == "running" and len(hand["actions"]) >= 2:
                        running = hand
            time.sleep(0.02)
        assert running is not None
        server.kill()
    finally:
        server.stop()
    # the hands cut short are those still running now (the one seen above may have ended
    # between the look and the kill, and the table dealt the next)
    cut = [store.hands.get(h["id"]) for t in (1, 2) for h in store.hands.of_table(t)
           if h["status"] == "running"]
    assert cut
    before = {s.account_id: s.stack for t in (1, 2) for s in store.tables.seats(t)}
    # the seats' stacks are those at the start of the cut-short hands
    for hand in cut:
        setup = hand["setup"]
        for account, stack in zip(setup["accounts"], setup["stacks"], strict=True):
            assert before[account] == stack
    server = Server(db, *args, log=tmp_path / "crash.log").start()
    try:
        assert store.ledger.check() == []
        for hand in cut:
            assert store.hands.get(hand["id"])["status"] == "void"
            setup = hand["setup"]
            for account, stack in zip(setup["accounts"], setup["stacks"], strict=True):
                assert store.ledger.balance(seat_wallet(setup["table"], account)) == stack
        # play goes on after the restart
        dealt = max(h["number"] for h in store.hands.of_table(setup["table"]))
        deadline = time.monotonic() + 20 * PATIENCE
        while time.monotonic() < deadline:
            done = [h for h in store.hands.of_table(setup["table"]) if h["status"] == "done"]
            if any(h["number"] > dealt for h in done):
                break
            time.sleep(0.1)
        else:
            raise AssertionError("no hand finished after the restart")
    finally:
        server.stop()
    assert store.ledger.check() == []
    total = sum(store.ledger.balance(user_wallet(a)) for a in before)
    seated = [(t, s.account_id) for t in (1, 2) for s in store.tables.seats(t)]
    total += sum(store.ledger.balance(seat_wallet(t, a)) for t, a in seated)
    assert total == -store.ledger.balance(BANK)
    store.close()


def test_time_out_reconnect_and_sit_out(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'room.db'}"
    args = ("--between-hands", "0.05", "--bot-delay", "0", "--clock", "0.6",
            "--time-bank", "0.4", "--reconnect", "0.8")
    server = Server(db, *args, log=tmp_path / "server.log").start()
    try:
        asyncio.run(time_outs(server))
    finally:
        server.stop()


async def time_outs(server: Server) -> None:
    alice = Player(server, "alice")
    bob = Player(server, "bob")
    bob.policy = None  # bob never acts: the clock, then his time bank, then the default action
    table = alice.http.post("/api/tables", json={"game": "five-card-draw", "seats": 2}).json()["id"]
    await alice.connect()
    await bob.connect()
    await alice.send(type="sit", table=table, buy_in=200)
    await bob.send(type="sit", table=table, buy_in=200)
    await bob.wait_for(lambda f: f["type"] == "table" and bool(f["hand"]), old=True)
    bank = await bob.wait_for(
        lambda f: f["type"] == "table" and bool(f["clock"]) and f["clock"]["time_bank"]
        and f["clock"]["seat"] == f["you"]["seat"]
    )
    assert bank["you"]["seat"] == bank["clock"]["seat"]
    await bob.wait_for(lambda f: f["type"] == "timed-out", old=True)
    # timed out: sat out after the hand, so no new hand starts until he sits in
    await bob.wait_for(
        lambda f: f["type"] == "table" and any(s["sitting_out"] for s in f["seats"]),
        timeout=10,
        old=True,
    )
    # reconnecting restores the exact view
    alice.policy = passive_policy
    await bob.send(type="sit-in", table=table)
    frame = await bob.wait_for(
        lambda f: f["type"] == "table" and bool(f["hand"]) and not f["hand"]["over"]
    )
    hand_id, cards = frame["hand"]["id"], frame["hand"]["hand"]
    assert len(cards) == 5
    await bob.close(http=False)
    bob.frames.clear()
    await bob.connect()
    await bob.send(type="watch", table=table)
    again = await bob.wait_for(lambda f: f["type"] == "table", old=True)
    assert again["hand"], (frame, again)
    assert again["hand"]["id"] == hand_id and again["hand"]["hand"] == cards
    assert again["you"]["reconnects"] <= 3
    await alice.close()
    await bob.close()
    status = httpx.get(f"{server.base}/api/tables/{table}").json()
    assert status["taken"] == 2


def test_bad_actions_change_nothing(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'room.db'}"
    server = Server(db, *FAST, log=tmp_path / "server.log").start()
    try:
        asyncio.run(bad_actions(server))
    finally:
        server.stop()


async def bad_actions(server: Server) -> None:
    alice, bob, carol = (Player(server, name) for name in ("alice", "bob", "carol"))
    for player in (alice, bob, carol):
        player.policy = None
        await player.connect()
    table = alice.http.post("/api/tables", json={"game": "five-card-draw", "seats": 3}).json()["id"]
    for player in (alice, bob, carol):
        await player.send(type="sit", table=table, buy_in=200)
    frame = await carol.wait_for(
        lambda f: f["type"] == "table" and bool(f["hand"]) and f["hand"]["to_act"] is not None,
        old=True,
    )
    hand = frame["hand"]
    by_seat = {p.account: p for p in (alice, bob, carol)}
    seats = {s["seat"]: s["name"] for s in frame["seats"]}
    actor = next(p for p in by_seat.values() if p.name == seats[hand["to_act"]])
    other = next(p for p in by_seat.values() if p is not actor)
    await other.send(type="act", table=table, hand=hand["id"], action={"kind": "call"}, ref=1)
    error = await other.wait_for(lambda f: f["type"] == "error", old=True)
    assert error["code"] == "not-your-turn" and error["ref"] == 1
    await actor.send(type="act", table=table, hand=hand["id"],
                     action={"kind": "raise", "amount": 99_999}, ref=2)
    error = await actor.wait_for(lambda f: f["type"] == "error", old=True)
    assert error["code"] == "illegal-action" and error["ref"] == 2
    await actor.send(type="act", table=table, hand=hand["id"] + 1, action={"kind": "fold"})
    assert (await actor.wait_for(lambda f: f["type"] == "error"))["code"] == "stale"
    # nothing changed: the same player is still to act, and only the senders heard of it
    await actor.send(type="watch", table=table)
    again = await actor.wait_for(lambda f: f["type"] == "table")
    assert again["hand"]["to_act"] == hand["to_act"]
    assert again["hand"]["event_count"] == hand["event_count"]
    bystander = next(p for p in by_seat.values() if p not in (actor, other))
    assert not any(f["type"] == "error" for f in bystander.frames)
    await actor.send(type="act", table=table, hand=hand["id"], action={"kind": "fold"})
    await bystander.wait_for(
        lambda f: f["type"] == "table" and bool(f["hand"]) and f["hand"]["event_count"]
        > hand["event_count"]
    )
    for player in (alice, bob, carol):
        await player.close()


def test_leaving_on_ones_turn_when_the_fold_ends_the_hand(tmp_path: Path) -> None:
    """Heads-up against a bot, the player leaves when it is his turn: the table folds for him,
    which ends the hand; the hand is finished and recorded, his seat empties, its seed is his."""
    db = f"sqlite:///{tmp_path / 'room.db'}"
    server = Server(db, *FAST, log=tmp_path / "server.log").start()

    async def play() -> None:
        owner = Player(server, "owner")
        owner.http.post("/api/tables", json={"game": "five-card-draw", "seats": 2})
        owner.http.post("/api/tables/1/bots", json={"level": "house"})
        player = Player(server, "leaver")
        player.policy = None  # he only leaves
        await player.connect()
        await player.send(type="watch", table=1)
        await player.send(type="sit", table=1, buy_in=200)
        turn = await player.wait_for(
            lambda f: f["type"] == "table" and bool(f.get("hand")) and f["hand"]["legal"]
            is not None and f["hand"]["to_act"] == f["hand"]["you"] and not f["hand"]["over"],
            30)
        hand_id = turn["hand"]["id"]
        await player.send(type="leave", table=1)
        await player.wait_for(lambda f: f["type"] == "left", 10)
        deadline = time.monotonic() + 10 * PATIENCE
        while True:
            line = player.http.get(f"/api/hands/{hand_id}").json()
            if (line["status"] == "done" and line["seed"]) or time.monotonic() > deadline:
                break
            await asyncio.sleep(0.1)
        assert line["status"] == "done" and line["seed"], line
        assert player.errors == []
        await player.close()
        owner.http.close()

    try:
        asyncio.run(play())
    finally:
        server.stop()

