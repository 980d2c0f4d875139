"""A live table's memory stays flat however long it runs: after 20,000 hands it holds no more
than after 3,000 (its hosted table keeps no event log; the core keeps bounded records of the
rounds it played), measured on what the table retains, not on the process's RSS."""

from __future__ import annotations

from typing import Any

import pytest

from standpat.server.config import ServerConfig
from standpat.server.host import Command
from standpat.server.live import TableCore
from standpat.server.schemas import SeatBot, Watch
from standpat.store import TableRecord
from standpat.table.poker import HostedPoker
from tests.server.fake import Clock, Fake, Outbox

HANDS = 20_000
FIRST = 3_000
"""Hands after which every record the table keeps of its rounds is full (the lobby's hands
an hour keep the last 2,000)."""


def retained(core: TableCore) -> dict[str, int]:
    """The sizes of everything a table keeps that could grow with the hands it plays."""
    table = core.table
    assert isinstance(table, HostedPoker)
    return {
        "table events": table.table.event_count,
        "players gone": len(table.table._gone),
        "pots": len(core.pots),
        "finished": len(core.finished),
        "watchers": len(core.audience.watchers),
        "sent": len(core.audience.sent),
        "chat": len(core.chat.recent),
        "told": len(core.told),
        "offers": len(core.waiting.offers) + len(core.waiting.queue),
        "ghosts": len(core.ghosts._away_since) + len(core.ghosts._busted_since),
    }


@pytest.mark.long
def test_a_table_holds_no_more_after_20000_hands_than_after_3000() -> None:
    clock = Clock()
    config = ServerConfig(db="sqlite://", between_hands=0.0, bot_delay=0.0)
    record = TableRecord(id=1, name="t", game="five-card-draw", structure="fixed-limit",
                         stakes="2/4", seats=4, config={}, chain_top="11" * 32,
                         chain_length=HANDS + 10, hands_dealt=0, button=0, closed=False)
    core = TableCore(record, config, now=clock)
    fake = Fake(core)
    fake.run(core.start([]))
    for seat in range(4):
        fake.run(core.handle(Command("seat-bot", payload=SeatBot(operator=True, seat=seat,
                                                                  level="house"))))
    watcher = Outbox(1)  # (it watches the first hands, and leaves)
    fake.run(core.handle(Command("watch", None, watcher, Watch(type="watch", table=1))))
    sizes: dict[int, dict[str, Any]] = {}
    while HANDS not in sizes:
        clock.time += 0.01
        fake.run(core.tick())
        fake.effects.clear()  # (the fake's own record, not the table's)
        watcher.messages.clear()
        if core.number == 100 and watcher.id in core.audience.watchers:
            fake.run(core.handle(Command("unwatch", None, watcher)))
        for mark in (FIRST, HANDS):
            if core.number >= mark and mark not in sizes and not core.table.playing:
                sizes[mark] = retained(core)
    assert sizes[FIRST]["table events"] == 0
    assert sizes[HANDS] == sizes[FIRST], (sizes[FIRST], sizes[HANDS])
