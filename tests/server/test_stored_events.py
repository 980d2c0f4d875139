"""Hands stored before events had named fields read back as the hands stored now: the
player's record, its verification and the statistics are the same, and every event the
room answers with is a poker event of the OpenAPI document."""

from __future__ import annotations

import asyncio
import copy
import time
from pathlib import Path
from typing import Any

import pytest
from pydantic import TypeAdapter, ValidationError

from standpat.engine import GameName
from standpat.server.answers import PokerEvent
from standpat.server.config import ServerConfig
from standpat.server.host import Command
from standpat.server.room import LocalHost
from standpat.server.schemas import SeatBot, TableSpec
from standpat.store import Store
from standpat.table.records import player_record, verify_record
from standpat.table.stats import round_facts
from tests.engine.test_events import flat
from tests.server.live import PATIENCE

EVENTS: TypeAdapter[list[Any]] = TypeAdapter(list[PokerEvent])


def test_hands_stored_with_flat_events_read_as_the_hands_stored_now(tmp_path: Path) -> None:
    config = ServerConfig(db=f"sqlite:///{tmp_path / 'room.db'}", between_hands=0.0,
                          bot_delay=0.0)

    async def play() -> int:
        store = Store(config.db)
        host = LocalHost(store, config)
        await host.start()
        try:
            table = await host.open_table(
                TableSpec(game=GameName.TRIPLE_DRAW, seats=3), owner=None, operator=True
            )
            for _ in range(3):
                await host.ask(
                    table, Command("seat-bot", payload=SeatBot(level="house", operator=True))
                )
            deadline = time.monotonic() + 30 * PATIENCE
            while host.summary(table)["hands"] < 7:
                assert time.monotonic() < deadline, "the table stopped dealing"
                await asyncio.sleep(0.02)
            return table
        finally:
            await host.stop()
            store.close()

    table = asyncio.run(play())
    store = Store(config.db)
    kinds: set[str] = set()
    try:
        done = [store.hands.get(line["id"]) for line in store.hands.of_table(table)]
        done = [stored for stored in done if stored["status"] == "done"]
        assert len(done) >= 5
        for stored in done:
            old = copy.deepcopy(stored)
            old["record"]["events"] = [flat(e) for e in stored["record"]["events"]]
            assert old["record"]["events"] != stored["record"]["events"]
            kinds.update(e["kind"] for e in stored["record"]["events"])
            setup = stored["setup"]
            assert round_facts(setup, old["record"]) == round_facts(setup, stored["record"])
            for account in setup["accounts"]:
                for revealed in (False, True):
                    now = player_record(stored, account, revealed=revealed)
                    assert player_record(old, account, revealed=revealed) == now
                    EVENTS.validate_python(now["events"])
                doc = player_record(old, account, revealed=True)
                assert verify_record(doc) == verify_record(player_record(stored, account,
                                                                         revealed=True))
    finally:
        store.close()
    assert {"post", "deal", "street", "draw", "burn", "discard", "win"} <= kinds


@pytest.mark.parametrize("doc", [
    {"kind": "call", "seat": 1, "amount": 4},  # a flat record: the wire names the chips 'added'
    {"kind": "street"},
    {"kind": "raise", "seat": 1, "to": 8},  # every field, always
    {"kind": "shove", "seat": 1},
])
def test_the_schema_refuses_what_is_not_a_poker_event(doc: dict[str, Any]) -> None:
    with pytest.raises(ValidationError):
        EVENTS.validate_python([doc])
