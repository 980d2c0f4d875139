"""Shared hands and the replayer's data, on SQLite and PostgreSQL: a shared hand never shows
more than its sharer saw (never the seed, not even once it is revealed to him)."""

from __future__ import annotations

import asyncio

import httpx

from ..live import Player, Server, cards_in, operator, passive_policy
from .conftest import FAST, Room


def test_a_shared_hand_shows_the_sharers_view_only(room: Room) -> None:
    server = room(*FAST, "--operator", "owner")
    asyncio.run(_share(server))


async def _share(server: Server) -> None:
    owner = operator(server, "owner")
    table = owner.post("/api/tables", json={"game": "seven-card-draw", "seats": 3}).json()["id"]
    owner.post(f"/api/tables/{table}/bots", json={"level": "house"})
    alice, bob = Player(server, "alice", seed=1), Player(server, "bob", seed=2)
    for player in (alice, bob):
        player.policy = passive_policy
        await player.connect()
        await player.send(type="sit", table=table, buy_in=200)
    deadline = asyncio.get_running_loop().time() + 60
    while True:
        done = [h for h in alice.http.get("/api/hands").json()["hands"]
                if h["status"] == "done" and h["id"] in
                {b["id"] for b in bob.http.get("/api/hands").json()["hands"]}]
        if len(done) >= 2:
            break
        assert asyncio.get_running_loop().time() < deadline, "no hand of both"
        await asyncio.sleep(0.1)
    hand = done[-1]["id"]
    made = alice.http.post(f"/api/hands/{hand}/share")
    assert made.status_code == 201, made.text
    link = made.json()
    assert link["path"] == f"/shared/{link['token']}"
    shared = httpx.get(f"{server.base}/api/shared/{link['token']}").json()
    mine = alice.http.get(f"/api/hands/{hand}").json()
    theirs = bob.http.get(f"/api/hands/{hand}").json()
    assert shared["seed"] is None and shared["you"] == mine["you"]
    assert shared["events"] == mine["events"] and shared["actions"] == mine["actions"]
    assert cards_in(shared) <= cards_in(mine)
    bob_seat = theirs["you"]
    bob_dealt = {c for e in theirs["events"] if e["kind"] == "deal" and e.get("seat") == bob_seat
                 for c in e.get("cards", [])}
    bob_shown = {c for e in theirs["events"] if e["kind"] == "show"
                 and e.get("seat") == bob_seat for c in e.get("cards", [])}
    assert bob_dealt and not (cards_in(shared) & (bob_dealt - bob_shown))
    # a hand is shared by its own players only; a bad or unknown token is a 404
    assert bob.http.post(f"/api/hands/{hand}/share").status_code == 201
    assert owner.post(f"/api/hands/{hand}/share").status_code == 404
    assert httpx.get(f"{server.base}/api/shared/{'x' * 22}").status_code == 404
    assert httpx.get(f"{server.base}/api/shared/<script>").status_code == 404
    # once alice leaves, her hands' seeds are hers; the shared view still has no seed
    await alice.send(type="leave", table=table)
    await alice.wait_for(lambda f: f["type"] == "left", old=True, timeout=30)
    assert alice.http.get(f"/api/hands/{hand}").json()["seed"] is not None
    again = httpx.get(f"{server.base}/api/shared/{link['token']}").json()
    assert again["seed"] is None and again["events"] == shared["events"]
    assert again["actions"] == shared["actions"]
    for player in (alice, bob):
        await player.close()
    owner.close()
