"""Whole tournaments of bots on the rules engine's tables: seats, chips, moves and prizes
checked at every step."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from standpat.bots import bots_by_name
from standpat.tournament import Level, Structure, TournamentSpec, prizes
from standpat.tournament.balance import Move
from standpat.tournament.core import Busted, Phase
from standpat.tournament.play import TournamentPlay

FAST = Structure("fast", tuple(Level(b // 2, b, b // 10 if i >= 4 else 0) for i, b in
                               enumerate((20, 40, 60, 100, 150, 200, 300, 400, 600, 800, 1_000,
                                          1_500, 2_000, 3_000, 4_000, 6_000, 8_000))),
                 120.0, 1_500)



def played(game: str, structure: str, entrants: int, seats: int, seed: int) -> TournamentPlay:
    spec = TournamentSpec("mtt", FAST, seats=seats, buy_in=100, fee=10)
    play = TournamentPlay(spec, game, structure, bots_by_name("easy", seed), random.Random(seed))
    for n in range(entrants):
        play.register(f"p{n:03}")
    play.start()
    t = play.tournament
    total = entrants * FAST.starting_stack
    while True:
        live = {n for n, table in play.tables.items() if table.playing}
        before = len(play.effects)
        if not play.step():
            break
        assert play.chips() == (total if t.phase is Phase.RUNNING else 0)
        # the tables that were in a hand through the step (not the one whose hand ended)
        still = {n for n in live if n in play.tables and play.tables[n].playing}
        for effect in play.effects[before:]:
            if isinstance(effect, Move):  # moved only from a table between hands
                assert effect.from_table not in still
                if effect.why == "final":
                    assert not still
        if t.phase is Phase.RUNNING:
            for n, table in play.tables.items():
                sitting = {s: p.name for s in range(table.seats) if (p := table.player(s))}
                assert sitting == t.tables[n]
                assert len(sitting) <= seats
    return play


@pytest.mark.parametrize(("game", "structure", "entrants", "seats", "seed"), [
    ("five-card-draw", "no-limit", 200, 6, 1),
    ("five-card-draw-7a", "pot-limit", 60, 5, 2),
    ("deuce-to-seven-triple-draw", "fixed-limit", 30, 6, 3),
    ("seven-card-draw", "no-limit", 20, 6, 4),
    ("five-card-draw", "fixed-limit", 20, 6, 5),
])
def test_a_tournament_of_bots_is_played_to_its_end(game: str, structure: str, entrants: int,
                                                   seats: int, seed: int) -> None:
    play = played(game, structure, entrants, seats, seed)
    t = play.tournament
    assert t.phase is Phase.FINISHED and not play.tables
    results = t.results()
    assert len(results) == entrants == len({f.player for f in results})
    shared = Counter(f.places for f in results)
    assert sorted(p for places in shared for p in places) == list(range(1, entrants + 1))
    pool = entrants * 100
    assert play.charged == entrants * 110 and sum(play.paid.values()) == pool
    amounts = prizes(pool, entrants)
    for finish in results:
        if len(finish.places) == 1:
            won = amounts[finish.place - 1] if finish.place <= len(amounts) else 0
            assert play.paid[finish.player] == won
    busted = [e for e in play.effects if isinstance(e, Busted)]
    assert len(busted) == entrants - 1
    assert entrants <= seats or any(isinstance(e, Move) for e in play.effects)
    assert play.hands > entrants // seats


def test_the_same_seed_plays_the_same_tournament_hand_for_hand() -> None:
    one, two = (played("five-card-draw", "no-limit", 18, 6, 9) for _ in range(2))
    assert one.effects == two.effects and one.hands == two.hands
