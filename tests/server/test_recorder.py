"""A table's recorder writes what the table played: each action's stored text (compact
JSON) reads back as the action the table played, and a settled round moves its chips,
for a poker game and for pinochle."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path

import pytest
from sqlalchemy import func, select

from standpat.server.live.recorder import Recorder
from standpat.server.live.writer import Writer
from standpat.server.live.writes import BeginRound, LogActions, Settle
from standpat.server.seatbots import game_bot
from standpat.store import Store, models
from standpat.table.codec import Json
from standpat.table.rooms import hosted_table
from standpat.table.stats import round_facts


@pytest.mark.parametrize(("game", "structure", "stakes", "seats"), [
    ("deuce-to-seven-triple-draw", "fixed-limit", "2/4", 4),
    ("pinochle-7", None, "entry 5", 3),
])
def test_the_recorder_stores_what_the_table_played(
    tmp_path: Path, game: str, structure: str | None, stakes: str, seats: int
) -> None:
    store = Store(f"sqlite:///{tmp_path / 'r.db'}")
    table = hosted_table(game, structure, stakes, seats=seats, button=0)
    record = store.tables.create(name="r", game=game, structure=structure or "", stakes=stakes,
                                seats=seats, config={}, chain_top=b"\1" * 32, chain_length=10)
    accounts = {}
    for seat in range(seats):
        account = store.accounts.create(f"player-{seat}", "a-password", grant=10_000).id
        store.tables.sit(record.id, seat, account, table.options.default_buy_in)
        accounts[seat] = account
        table.sit(seat, f"player-{seat}", table.options.default_buy_in)
        table.come_in(seat)
    bot = game_bot(table.kind, "easy", random.Random(3))
    writer = Writer(store)
    recorder = Recorder(store, record.id, writer)

    async def play() -> tuple[int, list[tuple[int, Json]]]:
        deal = table.deal(random.Random(4))
        players = [accounts[s] for s in deal.seats]
        setup = {**deal.setup, "accounts": players}
        (round_id,) = await recorder.write([BeginRound(
            1, b"\0" * 32, "c", setup, players, deal.button)])
        written = 0
        while not table.over:
            seat = table.turn()
            assert seat is not None
            table.act(seat, bot(table.bot_view(seat)))
            new = table.played(written)
            await recorder.write([LogActions(round_id, written, new)])
            written += len(new)
        played = table.played(0)
        outcome = table.outcome()
        result = {**outcome.record, **outcome.summary}
        await recorder.write([Settle(round_id, {accounts[s]: n for s, n in outcome.net.items()},
                                     result, tuple(round_facts(setup, result)))])
        return round_id, played

    try:
        round_id, played = asyncio.run(play())
    finally:
        writer.close()
    stored = store.hands.get(round_id)
    assert stored["status"] == "done"
    assert len(played) > 3
    assert [(a["seat"], json.loads(a["action"])) for a in stored["actions"]] == [
        (table_seat, action) for table_seat, action in played]
    assert all(a["action"] == json.dumps(json.loads(a["action"]), separators=(",", ":"),
                                         ensure_ascii=False) for a in stored["actions"])
    assert store.ledger.check() == []
    with store.tx.engine.connect() as conn:
        facts = conn.execute(select(func.count()).select_from(models.hand_facts)).scalar_one()
    assert facts == (seats if table.kind == "poker" else 0)  # statistics: poker rounds only
    store.close()
