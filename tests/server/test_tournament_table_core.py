"""A tournament table's live core, alone (no store, no socket, no event loop), where what
a table does for its tournament after a restart is decided: driven by the in-memory fake of
tests/server/fake.py, its tournament's director real."""

from __future__ import annotations

import random

import pytest

from standpat.server.config import ServerConfig
from standpat.server.live import TableCore
from standpat.server.live import writes as w
from standpat.server.live.effects import Forward, Write
from standpat.server.live.restart import Restart
from standpat.server.live.tournament import TournamentLink
from standpat.server.tournaments.director import Director, MoveTo, OpenAt, SeatAt, Unseat
from standpat.store import SeatRecord, TableRecord
from standpat.tournament import Level, Structure, Tournament, TournamentSpec
from tests.server.fake import Clock, Fake

CONFIG = ServerConfig(db="sqlite://", between_hands=1.0, bot_delay=0.0, clock=10.0,
                      time_bank=0.0)
SPEC = TournamentSpec("final", Structure("s", (Level(10, 20),), 600.0, 500), seats=3,
                      buy_in=10, max_entrants=6)
ROOMS = {1: 71, 2: 72}
"""The tournament's table numbers -> the room's table ids."""


def _final_draw_waits_for_table_1() -> Director:
    """Six players at two tables of three: three bust, the last of them at table 2 while
    table 1 is in a hand, so the final table's draw waits for that hand's end."""
    director = Director(Tournament(SPEC, random.Random(3)), {}, name="final")
    for n, name in enumerate("abcdef"):
        director.register(name, 100 + n, n + 1, "normal")
    for account in list(director.pending):
        director.done(account)  # the tables seated them
    core = director.core
    assert set(director.tables.values()) == {1, 2}

    def seats(number: int) -> dict[int, str]:
        return core.tables[director.core_table(number)]

    def hand(number: int, losers: int) -> None:
        players = sorted(seats(number))
        stacks = {s: director.chips[seats(number)[s]] for s in players}
        for loser in players[:losers]:
            stacks[players[-1]] += stacks[loser]
            stacks[loser] = 0
        director.hand_over(number, stacks, {s: director.chips[seats(number)[s]]
                                            for s in players})

    for number in (1, 2):
        director.hand_started(number, min(seats(number)))
    hand(1, 1)
    director.hand_started(1, min(seats(1)))
    hand(2, 2)
    assert len(core.alive) == 3 and director.busy_tables() == {1}
    assert not director.may_deal(1) and not director.may_deal(2)
    assert director.deferred() == []  # it waits for table 1's hand
    return director


@pytest.mark.parametrize("voided", [True, False], ids=["hand voided", "hand never written"])
def test_a_table_whose_voided_hand_held_up_the_final_draw_draws_it_once_it_runs_again(
        voided: bool) -> None:
    """The node died during the last hand before the final table's draw: that hand is void
    (nobody's hand ends), so nothing would ever draw the final table.  The table, started
    again, draws it: its own players leave for the final table in its write, with the
    tournament's state; the rest go to the tournament's service.  The same when the table
    starts again after its hand's first write failed (the store has no hand to void, the
    director still has the table in a hand)."""
    director = _final_draw_waits_for_table_1()
    at_1 = dict(director.core.tables[director.core_table(1)])
    clock = Clock()
    record = TableRecord(id=ROOMS[1], name="final - table 1", game="five-card-draw",
                         structure="no-limit", stakes="10/20", seats=3,
                         config={"clock": 10.0, "tournament": {"id": 9, "number": 1}},
                         chain_top="00" * 32, chain_length=100, hands_dealt=2, button=0,
                         closed=False, state=None)
    core = TableCore(record, CONFIG, now=clock,
                     tournament=TournamentLink(9, 1, director, dict(ROOMS)))
    fake = Fake(core)
    players = [SeatRecord(ROOMS[1], seat, director.accounts[name], name,
                          director.chips[name], "normal") for seat, name in sorted(at_1.items())]
    hands = {500: [p.account_id for p in players]} if voided else {}
    fake.run(core.start(players, Restart("restart", hands)))
    assert director.busy_tables() == set()  # its hand voided: no hand in play anywhere

    clock.time += 2
    fake.run(core.tick())
    assert not core.table.playing  # no hand dealt: the table is drawn away
    (final,) = director.tables.values()
    assert final not in ROOMS  # a fresh table
    assert sorted(director.core.tables[director.core_table(final)].values()) == sorted(
        director.core.alive)
    # table 1's players left it in its write, with the tournament's new state
    write = next(e for e in fake.effects if isinstance(e, Write)
                 and any(isinstance(op, w.SaveTournament) for op in e.ops)
                 and any(isinstance(op, w.Stand) for op in e.ops))
    assert sorted(op.seat for op in write.ops if isinstance(op, w.Stand)) == sorted(at_1)
    saved = next(op for op in write.ops if isinstance(op, w.SaveTournament))
    assert saved.state == director.to_json()
    assert core.sitters == {}
    # the rest for the service: the final table opened, table 1's players seated at it, the
    # players of table 2 moved to it
    forwarded = [o for e in fake.effects if isinstance(e, Forward) for o in e.orders]
    assert OpenAt(final) in forwarded
    seated = {o.account for o in forwarded if isinstance(o, SeatAt) and o.number == final}
    assert seated == {director.accounts[name] for name in at_1.values()}
    moved = {o.account for o in forwarded if isinstance(o, MoveTo) and o.from_number == 2}
    assert moved == {director.accounts[n] for n in director.core.alive} - seated
    assert director.deferred() == []  # drawn once


def test_a_player_on_his_way_is_seated_in_the_seat_a_bust_just_freed() -> None:
    """A table's hand ends with a bust, and in the same orders the director sends a player
    on his way (his table broke while he went to it) to the very seat the bust freed: the
    busted player leaves, the newcomer sits, in one write. (Found by the 200-bot long test:
    the newcomer's order was skipped as "seat taken" while the busted player was still in
    the table's sitters, his seat stayed pending, and the table never dealt again.)"""
    spec = TournamentSpec("seat", Structure("s", (Level(10, 20),), 600.0, 500), seats=3,
                          buy_in=10, max_entrants=3)
    director = Director(Tournament(spec, random.Random(5)), {}, name="seat")
    for n, name in enumerate("abc"):
        director.register(name, 100 + n, n + 1, "normal")
    for account in list(director.pending):
        director.done(account)
    (number,) = set(director.tables.values())
    seated = director.core.tables[director.core_table(number)]
    record = TableRecord(id=71, name="seat - table 1", game="five-card-draw",
                         structure="no-limit", stakes="10/20", seats=3,
                         config={"clock": 10.0, "tournament": {"id": 9, "number": number}},
                         chain_top="00" * 32, chain_length=100, hands_dealt=0, button=0,
                         closed=False, state=None)
    core = TableCore(record, CONFIG, now=Clock(), tournament=TournamentLink(9, number, director,
                                                                           {number: 71}))
    fake = Fake(core)
    players = [SeatRecord(71, seat, director.accounts[name], name, 500, "normal")
               for seat, name in sorted(seated.items())]
    fake.run(core.start(players, None))
    busted = min(seated)
    leaving = core.sitters[busted]
    director.accounts["d"] = 4  # the player on his way (his old table broke meanwhile)
    coming = SeatAt(number, busted, 4, 700, "normal")
    director.pending[4] = coming
    fake.run(core.tournament_orders([Unseat(number, busted), coming]))
    assert core.sitters[busted].account == 4 and core.sitters[busted].name == "d"
    assert 4 not in director.pending, "his seat is taken"
    assert director.may_deal(number) or director.pending == {}
    write = next(e for e in fake.effects if isinstance(e, Write)
                 and any(isinstance(op, w.SeatEntrant) for op in e.ops))
    kinds = [(type(op).__name__, getattr(op, "seat", None)) for op in write.ops
             if isinstance(op, w.Stand | w.SeatEntrant)]
    assert kinds == [("Stand", busted), ("SeatEntrant", busted)]
    assert leaving not in core.sitters.values()
    assert core.table.stack(busted) == 700
