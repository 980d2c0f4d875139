"""A tournament table's write that fails while the room lives on (the database refused it
past the writer's patience): the tournament goes on from what its store holds, as after a
crash, never from the director's change that was not saved.

The director of a tournament is shared by its tables in memory; a hand's end changes it (a
bust placed, a player moved) in the same write that settles the hand. If that write fails,
the hand is void and its table starts again from the store, so the director must too: else
it would hold a bust the books never saw, and the next write of another table would save it.
"""

from __future__ import annotations

import asyncio
import time
import uuid
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.exc import IntegrityError, OperationalError

from standpat.server.config import ServerConfig
from standpat.server.live import recorder
from standpat.server.live import writes as w
from standpat.server.room import LocalHost
from standpat.server.tournament_service import TournamentService
from standpat.store import Store, chips_wallet
from standpat.tournament import Level, Phase, Structure, TournamentSpec
from standpat.tournament.payouts import prizes

STRUCTURE = Structure("quick", tuple(Level(5 * 2**i, 10 * 2**i) for i in range(14)), 2.0, 400)
"""Levels of 2 played seconds that double: a field of bots ends in seconds."""
WAIT = 120.0
"""Seconds the tournament has to end before the test fails."""


@pytest.mark.parametrize("fault", ["database away", "write refused"])
@pytest.mark.parametrize("entrants,seats", [(6, 6), (9, 3)], ids=["one table", "three tables"])
def test_a_failed_write_of_a_bust_does_not_place_the_player(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, entrants: int, seats: int,
        fault: str) -> None:
    """The first bust's write fails: the database out of reach past the writer's patience
    (with the other writes of its group), or the write alone refused (the writes grouped
    with it are made alone, and a later save of the tournament refused as stale)."""
    db = f"sqlite:///{tmp_path / 'room.db'}"
    store = Store(db)
    spec = TournamentSpec("Quick", STRUCTURE, seats=seats, buy_in=100, fee=10,
                          max_entrants=entrants)
    tid = store.tournaments.create(spec, game="five-card-draw", betting="no-limit")
    for n in range(entrants):
        bot = store.accounts.create(f"bot-T{n}-{uuid.uuid4().hex[:8]}", None, bot=True,
                                    grant=110)
        store.tournaments.register(tid, bot.id)
    refused: list[w.BustEntry] = []
    restarted: list[int] = []
    made = recorder.make
    start_again = LocalHost.start_again

    def refusing(store: Store, table_id: int, op: w.WriteOp, conn: Any) -> Any:
        # the first bust's write is refused on every try, until its table starts again
        if isinstance(op, w.BustEntry) and (not refused or refused[0] == op) and (
                not restarted):
            refused.append(op)
            if fault == "database away":
                raise OperationalError("UPDATE", {}, Exception("the database went away"))
            raise IntegrityError("UPDATE", {}, Exception("the write was refused"))
        return made(store, table_id, op, conn)

    def starting_again(host: LocalHost, table_id: int) -> None:
        restarted.append(table_id)
        start_again(host, table_id)

    monkeypatch.setattr(recorder, "make", refusing)
    monkeypatch.setattr(LocalHost, "start_again", starting_again)
    config = ServerConfig(db=db, between_hands=0.0, bot_delay=0.0, write_patience=0.3,
                          commit_every=0.0)

    async def main() -> None:
        host = LocalHost(store, config)
        service = TournamentService(store, host)
        await service.load()
        await host.start()
        await service.start()
        try:
            await service.start_tournament(tid)
            deadline = time.monotonic() + WAIT
            while store.tournaments.get(tid).status is not Phase.FINISHED:
                assert time.monotonic() < deadline, "the tournament did not end"
                await asyncio.sleep(0.1)
        finally:
            await service.stop()
            await host.stop()

    asyncio.run(main())
    assert refused and restarted, "the bust's write failed, and its table started again"
    entries = store.tournaments.entries(tid)
    places = sorted(e.place for e in entries if e.place is not None)
    assert places == list(range(1, entrants + 1)), places
    paid = sorted((e.prize for e in entries if e.prize), reverse=True)
    assert paid == [p for p in prizes(100 * entrants, entrants) if p]
    assert store.ledger.check() == []
    assert store.ledger.balance(chips_wallet(tid)) == 0
    store.close()
