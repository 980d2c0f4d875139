"""A player's statistics from a real room, on SQLite and PostgreSQL: the figures the
database adds up equal those computed by hand from his own hand records, and they hold
nothing of anyone else (no card, no other player's result)."""

from __future__ import annotations

import asyncio
import csv
import io
from typing import Any

import httpx

from ..live import CARD, Player, Server, operator, passive_policy
from .conftest import FAST, Room


def test_statistics_match_the_hand_records(room: Room) -> None:
    server = room(*FAST, "--operator", "owner")
    asyncio.run(_play_and_count(server))


def _by_hand(records: list[dict[str, Any]]) -> dict[str, Any]:
    """The figures, computed in Python from the player's own records (his events)."""
    hands = len(records)
    vpip = pfr = showdown = won = 0
    draws = {0: 0, 1: 0, 2: 0, 3: 0}
    net = 0
    for record in records:
        me = record["you"]
        net += record["net"][me]
        drawn = put_in = raised = shown = winner = False
        for event in record["events"]:
            if event.get("seat") != me:
                if event["kind"] == "discard":
                    drawn = True
                continue
            if event["kind"] == "discard":
                drawn = True
                draws[event.get("amount", 0)] += 1
            elif event["kind"] in ("call", "bet", "raise") and not drawn:
                put_in = True
                raised = raised or event["kind"] != "call"
            elif event["kind"] in ("show", "muck"):
                shown = True
            elif event["kind"] == "win":
                winner = True
        vpip += put_in
        pfr += raised
        showdown += shown
        won += shown and winner
    total = sum(draws.values())
    return {"hands": hands, "net": net, "vpip": round(100 * vpip / hands, 1),
            "pfr": round(100 * pfr / hands, 1), "showdown": round(100 * showdown / hands, 1),
            "pat": round(100 * draws[0] / total, 1) if total else None,
            "won_showdown": round(100 * won / showdown, 1) if showdown else None}


async def _play_and_count(server: Server) -> None:
    owner = operator(server, "owner")
    table = owner.post("/api/tables", json={"game": "five-card-draw", "seats": 3,
                                            "stakes": "2/4"}).json()["id"]
    for _ in range(2):
        owner.post(f"/api/tables/{table}/bots", json={"level": "normal"})
    player = Player(server, "stan", seed=3)
    player.policy = passive_policy
    await player.connect()
    await player.send(type="sit", table=table, buy_in=200)
    deadline = asyncio.get_running_loop().time() + 90
    while True:
        done = [h for h in player.http.get("/api/hands?limit=200").json()["hands"]
                if h["status"] == "done"]
        if len(done) >= 6:
            break
        assert asyncio.get_running_loop().time() < deadline, "too few hands"
        await asyncio.sleep(0.2)
    await player.send(type="leave", table=table)
    await player.wait_for(lambda f: f["type"] == "left", old=True, timeout=30)
    hands = [h for h in player.http.get("/api/hands?limit=200").json()["hands"]
             if h["status"] == "done"]
    records = [player.http.get(f"/api/hands/{h['id']}").json() for h in hands]
    stats = player.http.get("/api/me/stats").json()
    expected = _by_hand(records)
    for key, value in expected.items():
        assert stats[key] == value, (key, stats[key], value)
    assert stats["bb_per_100"] == round(100 * (expected["net"] / 2) / expected["hands"], 2)
    assert [(b["game"], b["structure"], b["hands"]) for b in stats["by"]] == [
        ("five-card-draw", "fixed-limit", expected["hands"])]
    assert len(stats["series"]) == expected["hands"]
    assert stats["series"][-1]["net"] == expected["net"]
    # the series, point by point, computed by hand: the running net and bb/100 (big blind 2)
    by_id = {r["hand"]: r for r in records}
    net, bbs = 0, 0.0
    for count, point in enumerate(stats["series"], 1):
        record = by_id[point["hand"]]
        net += record["net"][record["you"]]
        bbs += record["net"][record["you"]] / 2
        assert (point["net"], point["bb_per_100"]) == (net, round(100 * bbs / count, 2)), count
    assert stats["series"][-1]["bb_per_100"] == stats["bb_per_100"]
    # only his own figures: nothing in them is a card, and another player's are his own
    assert not any(CARD.match(str(v)) for v in _leaves(stats))
    other = owner.get("/api/me/stats").json()
    assert other["hands"] == 0 and other["series"] == []
    filtered = player.http.get("/api/me/stats?game=seven-card-draw").json()
    assert filtered["hands"] == 0 and filtered["vpip"] is None
    for bad in ("since=yesterday", "until=0", "since=2026-02-30"):
        assert player.http.get(f"/api/me/stats?{bad}").status_code == 400, bad
    text = player.http.get("/api/me/stats/csv")
    assert text.headers["content-type"].startswith("text/csv")
    rows = list(csv.DictReader(io.StringIO(text.text)))
    assert rows[0]["game"] == "all" and int(rows[0]["hands"]) == expected["hands"]
    assert int(rows[1]["net"]) == expected["net"] and rows[1]["game"] == "five-card-draw"
    assert httpx.get(f"{server.base}/api/me/stats").status_code == 401
    await player.close()
    owner.close()


def _leaves(value: Any) -> list[Any]:
    if isinstance(value, dict):
        return [leaf for v in value.values() for leaf in _leaves(v)]
    if isinstance(value, list):
        return [leaf for v in value for leaf in _leaves(v)]
    return [value]
