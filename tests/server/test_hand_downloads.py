"""Hand histories to download (PHH and text) and the summed-up hand list, in process.

Alice plays heads-up against a bot at two tables over the WebSocket (checking and calling,
drawing at random); the downloads of her hands are then checked against the stored hands,
which hold every card the engine dealt.
"""

from __future__ import annotations

import json
import random
import re
import time
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from standpat.engine import Hand, Post, PostKind, Stakes, shown_cards
from standpat.engine.codec import action_from_json, event_to_json
from standpat.errors import IllegalHistoryError
from standpat.fairness import FairRandom, hand_key
from standpat.history import loads, read_text, replay
from standpat.server.app import COOKIE, create_app
from standpat.server.config import ServerConfig
from standpat.store import Store
from tests.server.live import PATIENCE, card_names, visible_cards

CARD = re.compile(r"\b[2-9TJQKA][cdhs]\b")
TABLES = {
    1: {"game": "deuce-to-seven-triple-draw", "structure": "fixed-limit", "stakes": "2/4"},
    2: {"game": "five-card-draw", "structure": "no-limit", "stakes": "1/2"},
}


@dataclass
class Room:
    """The played room: a client logged in as alice, her account id and the store."""

    client: TestClient
    alice: int
    store: Store

    def hand(self, hand_id: int) -> dict[str, Any]:
        return self.store.hands.get(hand_id)

    def done(self, table: int | None = None) -> list[dict[str, Any]]:
        rows = self.store.hands.of(self.alice, 200, table_id=table)
        return [self.hand(r["id"]) for r in rows if r["status"] == "done"]


def register(client: TestClient, name: str) -> int:
    response = client.post("/api/accounts", json={"name": name, "password": f"pw-{name}-pw"})
    assert response.status_code == 201, response.text
    return int(response.json()["id"])


def seat_of(stored: dict[str, Any], account: int) -> int:
    return list(stored["setup"]["accounts"]).index(account)


def won_at_showdown(stored: dict[str, Any], account: int) -> bool:
    me = seat_of(stored, account)
    kinds = {e["kind"] for e in stored["record"]["events"] if e.get("seat") == me}
    return {"show", "win"} <= kinds


def unseen(stored: dict[str, Any], account: int) -> set[str]:
    """The cards of a finished hand that the player never saw (burns included)."""
    every: set[str] = set()
    for event in stored["record"]["events"]:
        every.update(card_names(event.get("cards")), card_names(event.get("drawn")))
    return every - visible_cards(stored["record"], seat_of(stored, account))


def play(client: TestClient, store: Store, alice: int, table: int, enough: Any) -> None:
    """Alice sits at ``table`` and plays until ``enough(store)`` after a hand, then leaves."""
    rng = random.Random(table)
    acted: set[tuple[int, int]] = set()
    deadline = time.monotonic() + 120 * PATIENCE
    with client.websocket_connect("/ws") as ws:
        assert ws.receive_json()["type"] == "welcome"
        ws.send_json({"type": "sit", "table": table})
        while True:
            frame = ws.receive_json()
            assert frame["type"] != "error", frame
            if frame["type"] != "table" or frame["table"] != table:
                continue
            hand = frame["hand"]
            if hand and hand["over"]:
                if enough(store):
                    break
                assert time.monotonic() < deadline, "the hands wanted did not come in 120 s"
                you = frame["you"]
                mine = [s for s in frame["seats"] if you and s["seat"] == you["seat"]]
                if mine and mine[0]["stack"] == 0:
                    ws.send_json({"type": "add-chips", "table": table, "amount": 50})
            if not hand or hand["legal"] is None or hand["to_act"] != hand["you"]:
                continue
            key = (hand["id"], hand["event_count"])
            if key in acted:
                continue
            acted.add(key)
            kinds = hand["legal"]["kinds"]
            if "discard" in kinds:
                count = rng.randint(0, min(2, hand["legal"]["max_discard"]))
                action = {"kind": "discard", "cards": rng.sample(hand["hand"], count)}
            else:
                action = {"kind": "check" if "check" in kinds else "call"}
            ws.send_json({"type": "act", "table": table, "hand": hand["id"], "action": action})
        ws.send_json({"type": "leave", "table": table})
        while ws.receive_json()["type"] != "left":
            pass


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Room]:
    path: Path = tmp_path_factory.mktemp("room") / "room.db"
    # hands follow at once, so alice sends more than the 20 messages a second of a real room
    config = ServerConfig(
        db=f"sqlite:///{path}", between_hands=0.01, bot_delay=0, rate=1000.0, burst=1000,
        site="PokerStars",
    )
    with TestClient(create_app(config)) as client:
        alice = register(client, "alice")
        store: Store = client.app.state.store  # type: ignore[attr-defined]
        for spec in TABLES.values():
            assert client.post("/api/tables", json={**spec, "seats": 2}).status_code == 201
        for table in TABLES:
            assert client.post(f"/api/tables/{table}/bots", json={"level": "normal"}).status_code \
                == 201

        def table_one_done(store: Store) -> bool:
            hands = Room(client, alice, store).done(1)
            return (
                len(hands) >= 4
                and any(won_at_showdown(h, alice) for h in hands)
                and any(unseen(h, alice) - unseen_burns(h) for h in hands)
            )

        play(client, store, alice, 1, table_one_done)
        play(client, store, alice, 2, lambda s: len(Room(client, alice, s).done(2)) >= 2)
        yield Room(client, alice, store)


def unseen_burns(stored: dict[str, Any]) -> set[str]:
    cards: set[str] = set()
    for event in stored["record"]["events"]:
        if event["kind"] in ("burn", "reshuffle"):
            cards.update(card_names(event.get("cards")))
    return cards


def dealt_from_seed(stored: dict[str, Any]) -> Hand:
    """The hand dealt again from its stored seed and actions: the engine's actual cards."""
    setup = stored["setup"]
    clients = dict(enumerate(setup["client_seeds"]))
    stream = FairRandom(hand_key(bytes.fromhex(stored["seed"]), stored["number"], clients))
    stream.randrange(2**63)  # the table's hand seed; the cards come from the stream after it
    posts = [Post(seat, PostKind(kind), amount) for seat, kind, amount in setup["posts"]]
    hand = Hand(setup["game"], setup["structure"], Stakes.parse(setup["stakes"]),
                setup["stacks"], button=setup["button"], posts=posts, rng=stream)
    for action in stored["actions"]:
        hand.apply(action_from_json(json.loads(action["action"])))
    assert hand.is_over
    return hand


def net_by_name(stored: dict[str, Any]) -> dict[str, int]:
    setup = stored["setup"]
    return dict(zip(setup["names"], stored["record"]["net"], strict=True))


def test_a_won_showdown_downloads_as_phh_and_text(room: Room) -> None:
    stored = next(h for h in room.done(1) if won_at_showdown(h, room.alice))
    hand_id = stored["id"]
    me = seat_of(stored, room.alice)
    phh = room.client.get(f"/api/hands/{hand_id}/phh")
    assert phh.status_code == 200
    assert phh.headers["content-type"].startswith("application/toml")
    assert phh.headers["content-disposition"] == (
        f'attachment; filename="standpat-hand-{hand_id}.phh"'
    )
    [record] = loads(phh.text, "download.phh")
    assert record.hand == hand_id and record.table == room.store.tables.get(1).name
    assert record.game == "deuce-to-seven-triple-draw" and record.seed is None
    assert "_standpat_seed" not in phh.text
    assert sorted(record.players) == sorted(stored["setup"]["names"])
    # the file's result is the stored one: stacks after = before + net, for every player
    assert record.finishing_stacks is not None
    stated = {
        name: end - start
        for name, start, end in zip(
            record.players, record.starting_stacks, record.finishing_stacks, strict=True
        )
    }
    assert stated == net_by_name(stored)
    assert stated["alice"] > 0
    # her own cards are all there, as dealt
    dealt = next(card_names(e["cards"]) for e in stored["record"]["events"]
                 if e["kind"] == "deal" and e["seat"] == me)
    mine = record.players.index("alice")
    assert [str(c) for c in record.hole_cards[mine]] == dealt
    # it replays to the same stacks, unless the bot mucked: unseen cards cannot be judged
    mucked = any(e["kind"] == "muck" and e["seat"] != me for e in stored["record"]["events"])
    try:
        assert replay(record).finishing_stacks == record.finishing_stacks
    except IllegalHistoryError as error:
        assert mucked and "not known" in str(error)
    text = room.client.get(f"/api/hands/{hand_id}/text")
    assert text.status_code == 200
    assert text.headers["content-type"].startswith("text/plain")
    assert text.headers["content-disposition"] == (
        f'attachment; filename="standpat-hand-{hand_id}.txt"'
    )
    lines = text.text.splitlines()
    # as a tracker imports it: the room's site name, the date, her cards only
    started = stored["started_at"].astimezone(UTC).strftime("%Y/%m/%d %H:%M:%S")
    assert lines[0] == (f"PokerStars Hand #{hand_id}: Triple Draw 2-7 Lowball Limit (2/4) - "
                        f"{started} UTC")
    assert f"Dealt to alice [{' '.join(dealt)}]" in lines
    assert [line for line in lines if line.startswith("Dealt to ")] == [
        line for line in lines if line.startswith("Dealt to alice ")]
    assert "??" not in text.text
    won = sum(int(e.get("amount", 0)) for e in stored["record"]["events"]
              if e["kind"] == "win" and e["seat"] == me)
    assert f"alice collected {won} from pot" in lines
    back = read_text(text.text, "download.txt")
    assert back.errors == []
    assert back.hands[0].steps == record.steps
    assert back.hands[0].hole_cards == record.hole_cards


def test_downloads_never_show_cards_the_player_did_not_see(room: Room) -> None:
    hidden_somewhere = 0
    for stored in room.done():
        me = seat_of(stored, room.alice)
        allowed = visible_cards(stored["record"], me)
        hidden = unseen(stored, room.alice)
        # the stored record holds the cards the seed deals
        dealt = dealt_from_seed(stored)
        assert [event_to_json(e) for e in dealt.events] == stored["record"]["events"]
        opponent_cards = {str(c) for e in dealt.events if e.seat not in (None, me)
                          for c in shown_cards(e)}
        for kind in ("phh", "text"):
            body = room.client.get(f"/api/hands/{stored['id']}/{kind}").text
            named = set(CARD.findall(body))
            assert named <= allowed, (kind, stored["id"], named - allowed)
            assert not named & hidden
            assert named & opponent_cards <= allowed  # only what he showed
        [record] = loads(room.client.get(f"/api/hands/{stored['id']}/phh").text)
        assert {str(c) for c in record.known_cards()} <= allowed
        opponent = 1 - record.players.index("alice")
        # the opponent's deal is never seen (what he shows at the showdown is in his `sm`)
        assert all(c is None for c in record.hole_cards[opponent])
        hidden_somewhere += bool(opponent_cards - allowed)
    assert hidden_somewhere >= 1


def test_downloads_are_for_players_dealt_in(room: Room) -> None:
    client = room.client
    hand_id = room.done(1)[0]["id"]
    cookie = client.cookies.get(COOKIE)
    client.cookies.clear()
    try:
        for kind in ("phh", "text"):
            response = client.get(f"/api/hands/{hand_id}/{kind}")
            assert response.status_code == 401
            assert response.json()["error"]["code"] == "not-logged-in"
        register(client, "bob")  # never dealt in
        for kind in ("phh", "text"):
            response = client.get(f"/api/hands/{hand_id}/{kind}")
            assert response.status_code == 404
            assert response.json()["error"]["message"] == f"there is no hand {hand_id} of yours."
            assert client.get(f"/api/hands/99999/{kind}").status_code == 404
        assert client.get(f"/api/hands/{hand_id}").status_code == 404
        assert client.get("/api/hands").json() == {"hands": []}
    finally:
        client.cookies.clear()
        assert cookie is not None
        client.cookies.set(COOKIE, cookie)


def test_the_hand_list_is_filtered_and_summed_up(room: Room) -> None:
    client = room.client
    every = client.get("/api/hands", params={"limit": 200}).json()["hands"]
    ids = [line["id"] for line in every]
    assert ids == sorted(ids, reverse=True) and len(ids) >= 6
    assert client.get("/api/hands").json()["hands"] == every[:50]
    assert client.get("/api/hands?limit=2").json()["hands"] == every[:2]
    for table, spec in TABLES.items():
        lines = client.get(f"/api/hands?table={table}&limit=200").json()["hands"]
        assert lines == [line for line in every if line["table_id"] == table]
        for line in lines:
            assert set(line) == {"id", "table_id", "number", "status", "revealed", "game",
                                 "structure", "stakes", "net", "winners", "ended_at"}
            assert (line["game"], line["structure"], line["stakes"]) == (
                spec["game"], spec["structure"], spec["stakes"])
            stored = room.hand(line["id"])
            assert line["number"] == stored["number"] and line["status"] == stored["status"]
            if stored["status"] != "done":
                assert line["net"] is None and line["winners"] == []
                continue
            assert line["net"] == net_by_name(stored)["alice"]
            won: dict[str, int] = {}
            names = stored["setup"]["names"]
            for event in stored["record"]["events"]:
                if event["kind"] == "win":
                    name = names[event["seat"]]
                    won[name] = won.get(name, 0) + event["amount"]
            assert {w["name"]: w["amount"] for w in line["winners"]} == won
            assert sum(won.values()) >= abs(line["net"])
            assert datetime.fromisoformat(line["ended_at"]).utcoffset() is not None
    assert client.get("/api/hands?table=3").json() == {"hands": []}
    for query in ("limit=0", "limit=201", "limit=abc", "limit=-1", "limit=", "table=x",
                  "table=0", "limit=1.5"):
        response = client.get(f"/api/hands?{query}")
        assert response.status_code == 400, query
        error = response.json()["error"]
        assert error["code"] == "bad-query" and error["message"].endswith("."), query


def test_unfinished_hands_are_refused_with_409(tmp_path: Path) -> None:
    config = ServerConfig(db=f"sqlite:///{tmp_path / 'room.db'}")
    with TestClient(create_app(config)) as client:
        alice = register(client, "alice")
        store: Store = client.app.state.store  # type: ignore[attr-defined]
        table = store.tables.create(
            name="quiet", game="five-card-draw", structure="fixed-limit", stakes="2/4", seats=2,
            config={}, chain_top=bytes(32), chain_length=10,
        ).id
        hand_id = store.hands.start(
            table, 1, seed=bytes(32), commitment="c" * 64, setup={"accounts": [alice]},
            players=[alice], button=0,
        )
        for kind in ("phh", "text"):
            response = client.get(f"/api/hands/{hand_id}/{kind}")
            assert response.status_code == 409
            assert response.json()["error"] == {
                "code": "unfinished-hand",
                "message": f"hand {hand_id} is still being played; its history can be "
                           "downloaded once it is over.",
            }
        assert [v.id for v in store.hands.void_running()] == [hand_id]
        response = client.get(f"/api/hands/{hand_id}/phh")
        assert response.status_code == 409 and "voided" in response.json()["error"]["message"]
        [line] = client.get("/api/hands").json()["hands"]
        assert line["status"] == "void" and line["net"] is None and line["winners"] == []
        assert line["ended_at"] is not None
