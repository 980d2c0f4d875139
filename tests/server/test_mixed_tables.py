"""Mixed tables in the room: opened through the lobby's API with a rotation of games, each
round dealt (and recorded) in its game, the next game shown to every watcher and in the
lobby, and a table taken up again (after a restart or a takeover) deals on in the right
game."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from standpat.server.app import create_app
from standpat.server.config import ServerConfig
from standpat.server.host import Command
from standpat.server.live import TableCore
from standpat.server.live import writes as w
from standpat.server.schemas import SeatBot, Watch
from standpat.store import SeatRecord, TableRecord
from tests.server.fake import Clock, Fake, Outbox

CONFIG = ServerConfig(db="sqlite://", between_hands=1.0, bot_delay=0.0, clock=10.0,
                      time_bank=0.0)
MIX = {"games": ["deuce-to-seven-triple-draw", "five-card-draw", "seven-card-draw"],
       "hands": 2}


def _record(state: dict[str, Any] | None = None, hands: int = 0) -> TableRecord:
    return TableRecord(id=7, name="mix", game="deuce-to-seven-triple-draw",
                       structure="fixed-limit", stakes="2/4", seats=3,
                       config={"rotation": MIX}, chain_top="00" * 32, chain_length=100,
                       hands_dealt=hands, button=0, closed=False, state=state)


def _play(core: TableCore, fake: Fake, clock: Clock, rounds: int) -> None:
    for _ in range(rounds):
        clock.time += 2
        fake.run(core.tick())
        assert core.table.playing
        for _ in range(500):
            if not core.table.playing:
                break
            fake.run(core.tick())
        assert not core.table.playing


def _games(fake: Fake) -> list[str]:
    return [op.setup["game"] for op in fake.writes() if isinstance(op, w.BeginRound)]


def test_a_mixed_table_deals_each_round_in_its_game_and_shows_the_next() -> None:
    clock = Clock()
    core = TableCore(_record(), CONFIG, now=clock)
    fake = Fake(core)
    fake.run(core.start([]))
    for seat in range(3):
        fake.run(core.handle(Command("seat-bot", payload=SeatBot(operator=True, seat=seat,
                                                                  level="house"))))
    watcher = Outbox(50)
    fake.run(core.handle(Command("watch", None, watcher, Watch(type="watch", table=7))))
    assert core.summary()["title"] == "Mixed: 2-7 Triple Draw / Five Card Draw / Seven Card Draw"
    _play(core, fake, clock, 7)
    assert _games(fake) == ["deuce-to-seven-triple-draw"] * 2 + ["five-card-draw"] * 2 + [
        "seven-card-draw"] * 2 + ["deuce-to-seven-triple-draw"]
    frames = [m for m in watcher.messages if m["type"] == "table"]
    assert frames[-1]["rotation"] == {**MIX, "next": "deuce-to-seven-triple-draw", "left": 1,
                                      "then": "five-card-draw"}
    assert frames[-1]["hand"]["game"] == "deuce-to-seven-triple-draw"
    assert core.summary()["rotation"] == frames[-1]["rotation"]


def test_a_mixed_table_taken_up_again_deals_on_in_the_right_game() -> None:
    clock = Clock()
    core = TableCore(_record(), CONFIG, now=clock)
    fake = Fake(core)
    fake.run(core.start([]))
    for seat in range(3):
        fake.run(core.handle(Command("seat-bot", payload=SeatBot(operator=True, seat=seat,
                                                                  level="house"))))
    _play(core, fake, clock, 3)  # 2-7, 2-7, Five Card Draw: one hand of it left
    saved = [op for op in fake.writes() if isinstance(op, w.SaveState)][-1].state
    books = [SeatRecord(7, s.seat, s.account, s.name, core.table.stack(s.seat), s.bot)
             for s in core.sitters.values()]
    again = TableCore(_record(saved, hands=core.number), CONFIG, now=clock)
    taken = Fake(again)
    taken.accounts.update(fake.accounts)
    taken.run(again.start(books))
    _play(again, taken, clock, 3)
    assert _games(taken) == ["five-card-draw", "seven-card-draw", "seven-card-draw"]


@pytest.fixture
def client(tmp_path: Path) -> Any:
    config = ServerConfig(db=f"sqlite:///{tmp_path / 'room.db'}", between_hands=0.01,
                          bot_delay=0)
    with TestClient(create_app(config)) as made:
        assert made.post("/api/accounts", json={"name": "ada", "password": "pw-ada-pw"}
                         ).status_code == 201
        yield made


def test_a_mixed_table_is_opened_through_the_lobby(client: TestClient) -> None:
    made = client.post("/api/tables", json={"rotation": MIX["games"], "rotation_hands": 2,
                                            "stakes": "2/4", "seats": 4})
    assert made.status_code == 201, made.text
    line = made.json()
    assert line["game"] == "deuce-to-seven-triple-draw"
    assert line["title"] == "Mixed: 2-7 Triple Draw / Five Card Draw / Seven Card Draw"
    assert line["rotation"] == {**MIX, "next": "deuce-to-seven-triple-draw", "left": 2,
                                "then": "five-card-draw"}
    listed = client.get("/api/tables").json()["tables"]
    assert [t["rotation"]["games"] for t in listed if t["id"] == line["id"]] == [MIX["games"]]
    one = client.post("/api/tables", json={"game": "five-card-draw"}).json()
    assert one["rotation"] is None


@pytest.mark.parametrize(("body", "status", "code", "says"), [
    ({"rotation": ["five-card-draw", "pinochle-5"]}, 409, "bad-table", "poker games only"),
    ({"rotation": ["five-card-draw", "five-card-draw"]}, 409, "bad-table", "each game once"),
    ({"rotation": ["five-card-draw"]}, 400, "bad-message", "at least 2"),
    ({"rotation": ["five-card-draw", "holdem"]}, 400, "bad-message", "holdem"),
    ({"game": "seven-card-draw", "rotation": ["five-card-draw", "seven-card-draw"]}, 409,
     "bad-table", "first of its rotation"),
    ({"rotation_hands": 4}, 409, "bad-table", "give its rotation"),
    ({"rotation": ["five-card-draw", "five-card-draw-7a"], "seats": 6}, 409, "table",
     "2 to 5 seats"),
])
def test_a_rotation_the_room_cannot_deal_is_refused_with_its_reason(
        client: TestClient, body: dict[str, Any], status: int, code: str, says: str) -> None:
    refused = client.post("/api/tables", json=body)
    assert refused.status_code == status, refused.text
    error = refused.json()["error"]
    assert error["code"] == code and says in error["message"], error
    assert client.get("/api/tables").json()["tables"] == []  # nothing stored
