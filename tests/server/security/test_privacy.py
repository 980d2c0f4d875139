"""Privacy, tried as an attacker would: every answer holds only what its receiver may see;
revealed seeds never help a seated player; log-out ends the session's sockets."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect

from standpat.cli import main as cli_main
from standpat.store import Store
from tests.server.live import PATIENCE

from ..live import CARD, Player, Server, operator, passive_policy, visible_cards
from .conftest import FAST, Room


def test_running_hands_show_no_opponent_card_over_rest(room: Room) -> None:
    """Poll one's own running triple-draw hands: no answer names another player's card."""
    server = room(*FAST, "--between-hands", "0.2")
    asyncio.run(_poll_running_hands(server))


async def _poll_running_hands(server: Server) -> None:
    players = [Player(server, name, seed=i) for i, name in enumerate(("ann", "ben", "cid"))]
    table = players[0].http.post(
        "/api/tables", json={"game": "deuce-to-seven-triple-draw", "seats": 3}
    ).json()["id"]
    for player in players:
        await player.connect()
        await player.send(type="sit", table=table, buy_in=200)
    spy = players[0]
    answers: list[dict[str, Any]] = []
    deadline = time.monotonic() + 60 * PATIENCE
    while time.monotonic() < deadline and (
        len(answers) < 60 or not any(_discards_named(a) for a in answers)
    ):
        for line in spy.http.get("/api/hands", params={"table": table}).json()["hands"]:
            if line["status"] == "running":
                answers.append(spy.http.get(f"/api/hands/{line['id']}").json())
        await asyncio.sleep(0.02)
    assert len(answers) >= 60, len(answers)
    assert any(_discards_named(a) for a in answers), "no running hand had discards yet"
    store = Store(server.db, migrate=False)
    for _ in range(200):  # the hands polled end: their full records say who may see what
        if all(store.hands.get(a["hand"])["status"] == "done" for a in answers):
            break
        await asyncio.sleep(0.1)
    checked = 0
    for answer in answers:
        stored = store.hands.get(answer["hand"])
        if stored["status"] != "done":
            continue
        index = stored["setup"]["accounts"].index(spy.account)
        leaked = _card_words(answer) - visible_cards(stored["record"], index)
        assert not leaked, f"hand {answer['hand']} showed {leaked} to {spy.name}"
        assert answer["seed"] is None
        checked += 1
    assert checked >= 50
    store.close()
    for player in players:
        await player.close()


def _card_words(value: Any) -> set[str]:
    """Every word that is a card, anywhere in a JSON value (``discard 7c 9h`` holds two)."""
    if isinstance(value, str):
        return {word for word in value.split() if CARD.match(word)}
    if isinstance(value, dict):
        value = list(value.values())
    if isinstance(value, list):
        return set().union(*(_card_words(item) for item in value)) if value else set()
    return set()


def _discards_named(answer: dict[str, Any]) -> bool:
    """Whether a running hand's answer lists discards (of any card) among its actions."""
    return any(a["kind"] == "discard" and a.get("cards") for a in answer["actions"])


def test_a_revealed_seed_does_not_seat_its_holder_again(room: Room, tmp_path: Path) -> None:
    """He leaves, is shown his hands' seeds (and verifies one), and may not sit at that table
    again during the cool-off; elsewhere, and after it, he may."""
    server = room(*FAST, "--cool-off", "3600", "--operator", "owner")
    asyncio.run(_leave_and_come_back(server, tmp_path))


async def _leave_and_come_back(server: Server, tmp_path: Path) -> None:
    owner = operator(server, "owner")
    tables = [owner.post("/api/tables", json={"game": "five-card-draw", "seats": 2}).json()["id"]
              for _ in range(2)]
    for table in tables:
        owner.post(f"/api/tables/{table}/bots", json={"level": "house"})
    owner.close()
    player = Player(server, "leaver")
    player.policy = passive_policy
    await player.connect()
    await player.send(type="sit", table=tables[0], buy_in=200)
    await player.wait_for(lambda f: f["type"] == "table" and bool(f["hand"])
                          and f["hand"]["over"], old=True, timeout=30 * PATIENCE)
    await player.send(type="leave", table=tables[0])
    await player.wait_for(lambda f: f["type"] == "left", old=True, timeout=30 * PATIENCE)
    revealed = [h for h in player.http.get("/api/hands").json()["hands"]
                if h["revealed"] and h["status"] == "done"]
    assert revealed
    record = player.http.get(f"/api/hands/{revealed[0]['id']}").json()
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(record))
    assert cli_main(["verify", str(path)]) == 0
    await player.send(type="sit", table=tables[0], buy_in=200, ref="again")
    refused = await player.wait_for(lambda f: f.get("ref") == "again", old=True)
    assert refused["type"] == "error" and "may sit there again from" in refused["message"]
    await player.send(type="sit", table=tables[1], buy_in=200)  # another table is fine
    await player.wait_for(lambda f: f["type"] == "table" and f["table"] == tables[1]
                          and f["you"] is not None, old=True)
    await player.close()


def test_with_no_cool_off_a_player_may_sit_straight_back(sqlite_room: Room) -> None:
    server = sqlite_room(*FAST, "--cool-off", "0")
    asyncio.run(_sit_leave_sit(server))


async def _sit_leave_sit(server: Server) -> None:
    player = Player(server, "back")
    player.policy = None
    table = player.http.post("/api/tables", json={"game": "five-card-draw", "seats": 2}).json()
    await player.connect()
    for _ in range(2):
        await player.send(type="sit", table=table["id"], buy_in=200)
        await player.wait_for(lambda f: f["type"] == "table" and f["you"] is not None)
        await player.send(type="leave", table=table["id"])
        await player.wait_for(lambda f: f["type"] == "left")
    assert player.errors == []
    await player.close()


def test_logging_out_closes_the_sessions_sockets(room: Room) -> None:
    server = room(*FAST)
    asyncio.run(_log_out(server))


async def _log_out(server: Server) -> None:
    alice, bob = Player(server, "alice"), Player(server, "bob")
    for player in (alice, bob):
        player.policy = None
        await player.connect()
    second = alice.another_tab()
    await second.connect()
    table = alice.http.post("/api/tables", json={"game": "five-card-draw", "seats": 2}).json()
    await alice.send(type="watch", table=table["id"])
    cookie = "; ".join(f"{k}={v}" for k, v in alice.http.cookies.items())
    assert alice.http.delete("/api/session").status_code == 204
    for tab in (alice, second):
        assert tab.socket is not None
        await asyncio.wait_for(tab.socket.wait_closed(), 10)
        assert tab.socket.close_code == 4001
    # bob's socket is his own session's: it stays open and answers
    await bob.send(type="ping", ref="still")
    await bob.wait_for(lambda f: f.get("ref") == "still" and f["type"] == "pong", old=True)
    # the old cookie is dead: a socket opened with it is a spectator's
    url = server.base.replace("http", "ws") + "/ws"
    async with connect(url, additional_headers={"Cookie": cookie}) as late:
        welcome = json.loads(await late.recv())
        assert welcome["type"] == "welcome" and welcome["account"] is None
    for tab in (alice, second, bob):
        await tab.close(http=False)
    alice.http.close()
    bob.http.close()


@pytest.mark.parametrize("kind", ["phh", "text"])
def test_downloads_refuse_a_hand_that_is_not_ones_own(sqlite_room: Room, kind: str) -> None:
    server = sqlite_room(*FAST)
    asyncio.run(_not_mine(server, kind))


async def _not_mine(server: Server, kind: str) -> None:
    alice, bob, eve = (Player(server, n) for n in ("alice", "bob", "eve"))
    alice.policy = bob.policy = passive_policy
    table = alice.http.post("/api/tables", json={"game": "five-card-draw", "seats": 2}).json()
    for player in (alice, bob):
        await player.connect()
        await player.send(type="sit", table=table["id"], buy_in=200)
    await alice.wait_for(lambda f: f["type"] == "table" and bool(f["hand"])
                         and f["hand"]["over"], old=True, timeout=30 * PATIENCE)
    hand = alice.http.get("/api/hands").json()["hands"][-1]["id"]
    for path in (f"/api/hands/{hand}", f"/api/hands/{hand}/{kind}"):
        answer = eve.http.get(path)
        assert answer.status_code == 404 and answer.json()["error"]["code"] == "not-found"
    for player in (alice, bob):
        await player.close()
    eve.http.close()
