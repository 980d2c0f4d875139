"""A table that has dealt every seed of its chain goes on with a new chain and a new anchor."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest

from standpat.engine import GameName
from standpat.server import room
from standpat.server.config import ServerConfig
from standpat.server.host import Command
from standpat.server.room import LocalHost
from standpat.server.schemas import SeatBot, TableSpec
from standpat.store import Store
from standpat.table.records import player_record, verify_record
from tests.server.live import PATIENCE


def test_a_used_up_chain_is_replaced_and_every_hand_still_verifies(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(room, "CHAIN_LENGTH", 3)
    config = ServerConfig(db=f"sqlite:///{tmp_path / 'room.db'}", between_hands=0.0,
                          bot_delay=0.0)

    async def play() -> int:
        store = Store(config.db)
        host = LocalHost(store, config)
        await host.start()
        try:
            table = await host.open_table(
                TableSpec(game=GameName.FIVE_CARD_DRAW, seats=2), owner=None, operator=True
            )
            for _ in range(2):
                await host.ask(
                    table, Command("seat-bot", payload=SeatBot(level="house", operator=True))
                )
            deadline = time.monotonic() + 30 * PATIENCE
            while host.summary(table)["hands"] < 9:  # eight done, the ninth started
                assert time.monotonic() < deadline, "the table stopped dealing"
                await asyncio.sleep(0.02)
            return table
        finally:
            await host.stop()
            store.close()

    table = asyncio.run(play())
    store = Store(config.db)
    try:
        record = store.tables.get(table)
        assert record.chain_start >= 6 and record.chain_length == 3  # the third chain at least
        anchors = []
        for line in store.hands.of_table(table):
            stored = store.hands.get(line["id"])
            if stored["status"] != "done":
                continue
            setup = stored["setup"]
            number = stored["number"]
            assert setup["chain_index"] == (number - 1) % 3 + 1
            anchors.append(setup["anchor"])
            account = setup["accounts"][0]
            doc = player_record(stored, account, revealed=True)
            checked = verify_record(doc)
            assert f"{setup['chain_index']} steps up" in checked[1]
            if number <= 3:  # a record from before chains were replaced has no chain_index
                del stored["setup"]["chain_index"]
                assert verify_record(player_record(stored, account, revealed=True)) == checked
        assert len(anchors) >= 8
        assert len(set(anchors)) == (len(anchors) + 2) // 3  # a new anchor every three hands
        assert store.ledger.check() == []
    finally:
        store.close()

