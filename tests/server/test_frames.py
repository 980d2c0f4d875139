"""The messages a table sends are frames whose JSON text is the message itself: spliced from
cached parts, it must read back as the same message; spectators share one frame a change."""

from __future__ import annotations

import asyncio
import json
import re
import time
from pathlib import Path
from typing import Any

from standpat.server.config import ServerConfig
from standpat.server.frames import Frame
from standpat.server.host import Command
from standpat.server.room import LocalHost
from standpat.server.schemas import SeatBot, TableSpec, Watch
from standpat.store import Store

CARD_WORD = re.compile(r"(?<![A-Za-z0-9])[2-9TJQKA][cdhs](?![A-Za-z0-9])")
"""A card's name (``7c``, ``As``) standing alone: what no spectator's events may hold before
the showdown."""


class Outbox:
    """A spectator's connection that keeps what it is sent."""

    def __init__(self, ident: int) -> None:
        self.id = ident
        self.frames: list[dict[str, Any]] = []

    def send(self, message: dict[str, Any]) -> None:
        self.frames.append(message)


def test_frames_read_back_as_their_message_and_spectators_share_them(tmp_path: Path) -> None:
    async def main() -> tuple[Outbox, Outbox]:
        config = ServerConfig(db=f"sqlite:///{tmp_path / 'room.db'}", between_hands=0.0,
                              bot_delay=0.0)
        store = Store(config.db)
        host = LocalHost(store, config)
        await host.start()
        try:
            table = await host.open_table(TableSpec(seats=3), owner=None, operator=True)
            first, second = Outbox(1), Outbox(2)
            for outbox in (first, second):
                await host.ask(table, Command("watch", None, outbox,
                                              Watch(type="watch", table=table)))
            for _ in range(3):
                await host.ask(table, Command("seat-bot", payload=SeatBot(level="house",
                                                                           operator=True)))
            deadline = time.monotonic() + 30
            while sum(f["type"] == "hand-start" for f in first.frames) < 3:
                assert time.monotonic() < deadline, "three rounds were not dealt"
                await asyncio.sleep(0.01)
            return first, second
        finally:
            await host.stop()
            store.close()

    first, second = asyncio.run(main())
    tables = [f for f in first.frames if f["type"] == "table"]
    assert len(tables) > 10
    for frame in first.frames:
        assert isinstance(frame, Frame)
        assert json.loads(frame.text) == json.loads(json.dumps(frame))
    # after the first message of each (sent on its own watch), both spectators were sent the
    # same frame objects for the same changes
    shared = [a for a in first.frames[1:] if any(a is b for b in second.frames)]
    assert len(shared) >= len(tables) - 2
    # and a spectator's rounds hide the cards: no player's hand shows before a showdown
    for frame in tables:
        hand = frame["hand"]
        if hand and not hand["over"]:
            assert all("shown" not in p for p in hand["players"]), hand
            assert not hand.get("hand"), hand
            # the events too: deals and draws go to a spectator as counts, never as cards
            assert not CARD_WORD.findall(json.dumps(hand.get("events", []))), hand["events"]
    assert sum(len(f["hand"].get("events", [])) for f in tables if f["hand"]) > 30


def test_a_card_word_is_found_in_an_event_and_not_in_a_kind_or_name() -> None:
    leak = [{"kind": "discard", "seat": 1, "count": 2, "drawn": ["Ks", "7c"]}]
    assert CARD_WORD.findall(json.dumps(leak)) == ["Ks", "7c"]
    clean = [{"kind": "deal", "seat": 0, "hidden": 5, "name": "Ada"}, {"kind": "reshuffle"}]
    assert CARD_WORD.findall(json.dumps(clean)) == []
