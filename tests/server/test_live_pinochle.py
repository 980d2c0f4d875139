"""Bruce's Pinochle in a real ``standpat serve`` with real WebSocket clients: whole games of
5 and 7 cards with 2 to 6 players, people and bots; every frame checked for cards its
receiver may not see; the money; a leaver; kill -9 in the middle of a game."""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from standpat.cli import main as cli_main
from standpat.store import BANK, Store, seat_wallet, user_wallet

from .live import (
    FAST,
    Player,
    Server,
    operator,
    pinochle_policy,
    pinochle_tokens,
    pinochle_visible,
    play_in_a_room,
)

# game, seats, people, bots (levels)
TABLES = [
    ("pinochle-5", 6, 2, ["normal", "easy", "normal", "easy"]),
    ("pinochle-7", 2, 1, ["normal"]),
    ("pinochle-5", 3, 3, []),
    ("pinochle-7", 5, 2, ["easy", "normal", "normal"]),
    ("pinochle-5", 4, 1, ["easy", "normal", "easy"]),
]


def done_games(store: Store, table: int) -> list[dict[str, Any]]:
    return [store.hands.get(h["id"]) for h in store.hands.of_table(table) if h["status"] == "done"]


def test_people_and_bots_play_whole_pinochle_games_privately(tmp_path: Path) -> None:
    play_in_a_room(tmp_path, play_pinochle)


async def play_pinochle(server: Server, tmp_path: Path) -> None:
    owner = Player(server, "owner")
    spectator = Player(server, "watcher")
    spectator.policy = None
    await spectator.connect()
    people: list[tuple[int, Player]] = []
    tables: list[int] = []
    for n, (kind, seats, humans, bots) in enumerate(TABLES):
        made = owner.http.post("/api/tables", json={"game": kind, "seats": seats,
                                                     "stakes": "entry 10"})
        assert made.status_code == 201, made.text
        line = made.json()
        assert (line["kind"], line["stakes"], line["structure"]) == ("pinochle", "entry 10", "")
        assert line["buy_in"] == {"min": 10, "max": 500}
        table = line["id"]
        tables.append(table)
        for level in bots:
            bot = owner.http.post(f"/api/tables/{table}/bots", json={"level": level})
            assert bot.status_code == 201, bot.text
        await spectator.send(type="watch", table=table)
        for k in range(humans):
            player = Player(server, f"q{n}{k}", seed=n * 10 + k)
            player.policy = pinochle_policy
            await player.connect()
            await player.send(type="client-seed", seed=f"seed of q{n}{k}")
            await player.send(type="sit", table=table, buy_in=100)
            people.append((table, player))
    # the room refuses what pinochle has not: strong bots, structures, poker stakes, seats
    empty = owner.http.post("/api/tables", json={"game": "pinochle-5", "seats": 2}).json()["id"]
    strong = owner.http.post(f"/api/tables/{empty}/bots", json={"level": "house"})
    assert strong.status_code == 409 and "pinochle" in strong.json()["error"]["message"]
    bad = owner.http.post("/api/tables", json={"game": "pinochle-5", "structure": "no-limit"})
    assert bad.status_code == 409 and "structure" in bad.json()["error"]["message"]
    bad = owner.http.post("/api/tables", json={"game": "pinochle-5", "stakes": "2/4"})
    assert bad.status_code == 409 and bad.json()["error"]["code"] == "bad-stakes"
    bad = owner.http.post("/api/tables", json={"game": "pinochle-7", "seats": 6})
    assert bad.status_code == 409
    # play until every table has finished a game with every seat taken (the bots may have
    # played one before the people sat down)
    store = Store(server.db, migrate=False)
    deadline = time.monotonic() + 150
    while time.monotonic() < deadline:
        done = [sum(len(g["setup"]["seats"]) == seats for g in done_games(store, t))
                for t, (_, seats, _, _) in zip(tables, TABLES, strict=True)]
        if min(done) >= 1:
            break
        await asyncio.sleep(0.2)
    assert min(done) >= 1, done
    for table, player in people:
        assert player.errors == [], player.errors
        await player.send(type="leave", table=table)
    # the money: each finished game moved one entry fee from every loser to its winner
    for table in tables:
        for game in done_games(store, table):
            net = game["record"]["net"]
            seats = len(game["setup"]["seats"])
            assert len(net) == seats >= 2
            assert sorted(net) == [-10] * (seats - 1) + [10 * (seats - 1)]
            winner = game["setup"]["seats"][net.index(10 * (seats - 1))]
            assert game["record"]["winner"] == winner
            assert max(game["record"]["scores"]) >= 50
            kinds = {e["kind"] for e in game["record"]["events"]}
            assert kinds >= {"new-hand", "dealt", "trump", "draw", "meld", "play",
                             "trick", "score", "game-over"}, kinds
            # a bid, or every hand of the game passed out to the dealer forced at 1 (a game
            # may have no pass at all: one chance each, and every player may bid higher)
            assert "bid" in kinds or any(e["kind"] == "pass" and e["forced"]
                                         for e in game["record"]["events"])
    # privacy: no frame holds a card its receiver could not know at that moment
    checked = 0
    games: dict[int, dict[str, Any]] = {}
    for player in [*(p for _, p in people), spectator]:
        for frame in player.frames:
            hand = frame.get("hand") if frame["type"] == "table" else None
            if not hand:
                continue
            if hand["id"] not in games:
                games[hand["id"]] = store.hands.get(hand["id"])
            stored = games[hand["id"]]
            if stored["status"] != "done":
                continue
            you = frame["you"]["seat"] if frame.get("you") else None
            seat = you if you in stored["setup"]["seats"] else None
            assert hand["you"] == seat
            ids, faces = pinochle_tokens(frame)
            may_ids, may_faces = pinochle_visible(
                stored["record"]["events"][: hand["event_count"]], seat)
            assert not ids - may_ids, f"{player.name} saw {ids - may_ids} in {hand['id']}"
            assert not faces - may_faces, f"{player.name} saw {faces - may_faces}"
            assert set(hand["hand"]) <= may_ids
            checked += 1
    assert checked > 500, checked
    assert all(f["hand"]["hand"] == [] for f in spectator.frames
               if f["type"] == "table" and f["hand"])
    # the history: the JSON record, verified once the seed is revealed; no PHH for pinochle
    _, player = people[0]
    deadline = time.monotonic() + 30
    while True:
        hands = player.http.get("/api/hands").json()["hands"]
        revealed = [h for h in hands if h["revealed"] and h["status"] == "done"]
        if revealed or time.monotonic() > deadline:
            break
        await asyncio.sleep(0.2)
    assert revealed and revealed[0]["game"].startswith("pinochle")
    line = revealed[0]
    assert len(line["winners"]) == 1 and line["winners"][0]["amount"] == line["net"] + 10 \
        if line["net"] > 0 else line["net"] == -10
    hand_id = line["id"]
    record = player.http.get(f"/api/hands/{hand_id}").json()
    assert record["format"] == "standpat-pinochle/1" and record["seed"]
    assert record["client_seeds"][record["you"]] == f"seed of {player.name}"
    download = player.http.get(f"/api/hands/{hand_id}/json")
    assert download.status_code == 200
    assert download.headers["content-disposition"] == \
        f'attachment; filename="standpat-hand-{hand_id}.json"'
    assert download.json() == record
    for kind in ("phh", "text"):
        refused = player.http.get(f"/api/hands/{hand_id}/{kind}")
        assert refused.status_code == 400 and refused.json()["error"]["code"] == "no-phh"
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    assert cli_main(["verify", str(path)]) == 0
    mine = next(e for e in record["events"] if e["kind"] == "dealt" and "cards" in e)
    mine["cards"][0] = "As.1" if mine["cards"][0] != "As.1" else "As.0"
    path.write_text(json.dumps(record))
    assert cli_main(["verify", str(path)]) == 1
    await spectator.close()
    owner.http.close()
    for _, player in people:
        await player.close()
    store.close()


def test_a_player_who_leaves_mid_game_is_played_for_until_it_ends(tmp_path: Path) -> None:
    """Heads-up against a bot, the player leaves on his turn: the table plays his turns (pass,
    keep, his lowest legal card) until the game ends; it is recorded, his seat empties and
    the game's seed is his."""
    db = f"sqlite:///{tmp_path / 'room.db'}"
    server = Server(db, *FAST, log=tmp_path / "server.log").start()

    async def play() -> None:
        owner = Player(server, "owner")
        table = owner.http.post("/api/tables", json={"game": "pinochle-7", "seats": 2}).json()
        owner.http.post(f"/api/tables/{table['id']}/bots", json={"level": "normal"})
        player = Player(server, "leaver")
        player.policy = None
        await player.connect()
        await player.send(type="watch", table=table["id"])
        await player.send(type="sit", table=table["id"], buy_in=50)
        turn = await player.wait_for(
            lambda f: f["type"] == "table" and bool(f.get("hand")) and f["hand"]["legal"]
            is not None and f["hand"]["to_act"] == f["hand"]["you"], 30)
        game_id = turn["hand"]["id"]
        await player.send(type="leave", table=table["id"])
        await player.wait_for(lambda f: f["type"] == "left", 30)
        deadline = time.monotonic() + 20
        while True:
            record = player.http.get(f"/api/hands/{game_id}").json()
            if (record["status"] == "done" and record["seed"]) or time.monotonic() > deadline:
                break
            await asyncio.sleep(0.1)
        assert record["status"] == "done" and record["seed"], record
        mine = [a["action"] for a in record["actions"] if a["seat"] == turn["hand"]["you"]]
        assert mine and mine[0] == {"kind": "pass"}  # his first turn, played for him
        status = httpx.get(f"{server.base}/api/tables/{table['id']}").json()
        assert status["taken"] == 1
        assert player.http.get("/api/me").json()["bankroll"] in (10_000 - 10, 10_000 + 10)
        path = tmp_path / "game.json"
        path.write_text(json.dumps(record))
        assert cli_main(["verify", str(path)]) == 0
        assert player.errors == []
        await player.close()
        owner.http.close()

    try:
        asyncio.run(play())
    finally:
        server.stop()


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_kill_9_mid_game_voids_it_and_loses_no_chip(backend: str, tmp_path: Path) -> None:
    if backend == "sqlite":
        db = f"sqlite:///{tmp_path / 'room.db'}"
        cleanup = None
    else:
        from .conftest import fresh_postgres_database

        cleanup = fresh_postgres_database()
        db = next(cleanup)
    try:
        asyncio.run(crash_mid_game(db, tmp_path))
    finally:
        if cleanup is not None:
            with contextlib.suppress(StopIteration):
                next(cleanup)


async def crash_mid_game(db: str, tmp_path: Path) -> None:
    args = ("--between-hands", "0.05", "--bot-delay", "0.02", "--operator", "boss")
    server = Server(db, *args, log=tmp_path / "crash.log").start()
    store = Store(db, migrate=False)
    boss = Player(server, "boss", http=operator(server, "boss"))
    boss.policy = pinochle_policy
    try:
        table = boss.http.post("/api/tables", json={"game": "pinochle-5", "seats": 4}).json()["id"]
        for _ in range(3):
            assert boss.http.post(f"/api/tables/{table}/bots",
                                  json={"level": "normal"}).status_code == 201
        await boss.connect()
        await boss.send(type="sit", table=table, buy_in=100)
        # wait until a game is running with a few actions written, then kill -9
        deadline = time.monotonic() + 60
        running: dict[str, Any] | None = None
        while time.monotonic() < deadline and running is None:
            for h in store.hands.of_table(table):
                game = store.hands.get(h["id"])
                if game["status"] == "running" and len(game["actions"]) >= 8:
                    running = game
            await asyncio.sleep(0.02)
        assert running is not None
        server.kill()
        await boss.close(http=False)
    finally:
        server.stop()
    cut = [store.hands.get(h["id"]) for h in store.hands.of_table(table)
           if h["status"] == "running"]
    assert len(cut) == 1
    setup = cut[0]["setup"]
    before = {s.account_id: s.stack for s in store.tables.seats(table)}
    assert [before[a] for a in setup["accounts"]] == setup["stacks"]
    server = Server(db, *args, log=tmp_path / "crash.log").start()
    try:
        assert store.ledger.check() == []
        assert store.hands.get(cut[0]["id"])["status"] == "void"
        for account, stack in zip(setup["accounts"], setup["stacks"], strict=True):
            assert store.ledger.balance(seat_wallet(table, account)) == stack
        # the table deals again, and the person keeps his seat: still away when the wait for
        # him ends, he is dealt in while his grace lasts (server/live/restart.py, rule 5)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            again = [h for h in store.hands.of_table(table) if h["number"] > cut[0]["number"]]
            if again:
                break
            await asyncio.sleep(0.1)
        else:
            raise AssertionError("no game dealt after the restart")
        game = store.hands.get(again[0]["id"])
        assert len(game["setup"]["seats"]) == 4 and boss.account in game["setup"]["accounts"]
    finally:
        server.stop()
    assert store.ledger.check() == []
    accounts = set(before)
    seated = [s.account_id for s in store.tables.seats(table)]
    total = sum(store.ledger.balance(user_wallet(a)) for a in accounts)
    total += sum(store.ledger.balance(seat_wallet(table, a)) for a in seated)
    assert total == -store.ledger.balance(BANK)
    boss.http.close()
    store.close()
