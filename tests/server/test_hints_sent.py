"""The practice-table hint (issue 20): computed at a person's draw and sent to him only."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from standpat.server.app import create_app
from standpat.server.config import ServerConfig


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    config = ServerConfig(
        db=f"sqlite:///{tmp_path / 'room.db'}", between_hands=0.05, bot_delay=0, max_tables=5
    )
    with TestClient(create_app(config)) as test_client:
        yield test_client


def register(client: TestClient, name: str) -> None:
    response = client.post("/api/accounts", json={"name": name, "password": "pass-" + name})
    assert response.status_code == 201, response.text


def play_hand(ws: Any, table: int, *, wait_hint: bool = False) -> list[dict[str, Any]]:
    """Check or call, stand pat at the draw (``wait_hint``: once the hint came), until a hand
    this player was dealt into ends; return every message received meanwhile."""
    seen: list[dict[str, Any]] = []
    for _ in range(2000):
        body = ws.receive_json()
        seen.append(body)
        hand = body.get("hand") if body.get("type") == "table" else None
        if not hand:
            continue
        if hand.get("over") and hand.get("hand") and any(m.get("type") == "table" and (
                m.get("hand") or {}).get("legal") for m in seen):
            return seen
        legal = hand.get("legal")
        if not legal or hand.get("over"):
            continue
        if "discard" in legal["kinds"]:
            while wait_hint and not any(m["type"] == "hint" for m in seen):
                seen.append(ws.receive_json())  # the hint is computed in a worker thread
            action: dict[str, Any] = {"kind": "discard", "cards": []}
        else:
            action = {"kind": "check" if "check" in legal["kinds"] else "call"}
        ws.send_json({"type": "act", "table": table, "hand": hand["id"], "action": action})
    raise AssertionError("no end of hand")


def test_a_practice_table_hints_at_the_draw(client: TestClient) -> None:
    register(client, "alice")
    table = client.post("/api/tables", json={"game": "five-card-draw", "seats": 2}).json()["id"]
    with client.websocket_connect("/ws") as ws:
        ws.receive_json()
        ws.send_json({"type": "sit", "table": table, "seat": 0, "buy_in": 100})
        assert client.post(f"/api/tables/{table}/bots", json={"seat": 1}).status_code == 201
        seen = play_hand(ws, table, wait_hint=True)
    hints = [m for m in seen if m["type"] == "hint"]
    assert hints, "no hint at the draw"
    hint = hints[0]
    assert hint["table"] == table and hint["seat"] == 0
    dealt = next(m["hand"]["hand"] for m in seen if m["type"] == "table" and m.get("hand")
                 and m["hand"]["id"] == hint["hand"] and len(m["hand"]["hand"]) == 5)
    assert hint["hint"]["hand"] == dealt  # his own cards, as he held them at the draw
    for hold in hint["hint"]["holds"]:
        assert sorted(hold["keep"] + hold["discard"]) == sorted(dealt)


def test_no_hint_where_the_table_says_so(client: TestClient) -> None:
    register(client, "alice")
    off = client.post("/api/tables", json={"game": "five-card-draw", "seats": 2,
                                           "hints": False}).json()["id"]
    with client.websocket_connect("/ws") as ws:
        ws.receive_json()
        ws.send_json({"type": "sit", "table": off, "seat": 0, "buy_in": 100})
        assert client.post(f"/api/tables/{off}/bots", json={"seat": 1}).status_code == 201
        seen = play_hand(ws, off)
        seen += play_hand(ws, off)  # a hint computed late would have come by the next hand
        assert not [m for m in seen if m["type"] == "hint"]



def test_hints_are_on_by_default_only_while_the_opener_sits_with_bots(tmp_path: Path) -> None:
    from tests.server.tables import Room

    async def main() -> None:
        def room(name: str, options: dict[str, Any]) -> Room:
            (tmp_path / name).mkdir()
            return Room(tmp_path / name, table=options, owner="ann")

        practice = room("practice", {})
        await practice.sit("ann", 0)
        await practice.bot()
        sitters = practice.core.sitters
        assert practice.core.hints_for(sitters[0])  # the opener with a bot
        await practice.sit("bob", 2)
        assert not practice.core.hints_for(sitters[0])  # another person sits: off
        assert not practice.core.hints_for(sitters[2])
        forced = room("forced", {"hints": True})
        await forced.sit("bob", 0)
        await forced.sit("ann", 1)
        assert forced.core.hints_for(forced.core.sitters[0])  # the table's option wins
        off = room("off", {"hints": False})
        await off.sit("ann", 0)
        await off.bot()
        assert not off.core.hints_for(off.core.sitters[0])
        for made in (practice, forced, off):
            made.close()

    asyncio.run(main())


def test_a_page_that_reconnects_at_the_draw_gets_the_hint_again(tmp_path: Path) -> None:
    config = ServerConfig(db=f"sqlite:///{tmp_path / 'room.db'}", between_hands=0.05,
                          bot_delay=0, clock=15, time_bank=0)
    with TestClient(create_app(config)) as client:
        register(client, "carol")
        table = client.post("/api/tables", json={"game": "five-card-draw", "seats": 2}
                            ).json()["id"]
        with client.websocket_connect("/ws") as ws:
            ws.receive_json()
            ws.send_json({"type": "sit", "table": table, "seat": 0, "buy_in": 100})
            assert client.post(f"/api/tables/{table}/bots", json={"seat": 1}).status_code == 201
            for _ in range(2000):  # to his draw and its hint
                body = ws.receive_json()
                if body["type"] == "hint":
                    break
                legal = (body.get("hand") or {}).get("legal") if body["type"] == "table" else None
                if legal and "discard" not in legal["kinds"]:
                    kind = "check" if "check" in legal["kinds"] else "call"
                    ws.send_json({"type": "act", "table": table, "hand": body["hand"]["id"],
                                  "action": {"kind": kind}})
            else:
                raise AssertionError("no hint at the draw")
            hand = body["hand"]
        with client.websocket_connect("/ws") as again:  # the page is reloaded at his draw
            again.receive_json()
            again.send_json({"type": "watch", "table": table})
            body = again.receive_json()
            while body["type"] != "hint":  # the table stands still at his turn, to his clock
                assert body["type"] != "timed-out", "no hint after the reconnect"
                body = again.receive_json()
            assert body["hand"] == hand and body["seat"] == 0
