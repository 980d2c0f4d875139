"""A tournament's core driven as a room would drive it: tables dealing independently, random
hands and busts, late entrants and re-entries; every effect checked against the rules."""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import dataclass, field

import pytest

from standpat.errors import TournamentError
from standpat.tournament import Level, Structure, Tournament, TournamentSpec
from standpat.tournament.balance import Move
from standpat.tournament.core import (
    Busted,
    Charge,
    CloseTable,
    Effect,
    OpenTable,
    Pay,
    Phase,
    Refund,
    Seat,
)
from standpat.tournament.payouts import paid_places, prizes
from standpat.tournament.places import hand_for_hand

STRUCTURE = Structure("fast", (Level(10, 20), Level(20, 40), Level(50, 100, 10),
                               Level(100, 200, 20)), 60.0, 1_000)


@dataclass
class Room:
    """Carries out a tournament's effects as the room does and checks each against the rules;
    plays each hand as a random transfer of chips among the players dealt in."""

    t: Tournament
    rng: random.Random
    chips: dict[str, int] = field(default_factory=dict)
    """Player -> chips, the busted at 0."""
    seat_of: dict[str, tuple[int, int]] = field(default_factory=dict)
    dealt: dict[int, dict[int, int]] = field(default_factory=dict)
    """Table in a hand -> seat -> chips when it was dealt."""
    open: set[int] = field(default_factory=set)
    paid: Counter[str] = field(default_factory=Counter)
    charged: int = 0
    refunded: int = 0
    busted: list[Busted] = field(default_factory=list)
    log: list[Effect] = field(default_factory=list)
    hands: int = 0

    def carry_out(self, effects: list[Effect]) -> None:
        """Apply ``effects`` in order, each checked."""
        for effect in effects:
            self.log.append(effect)
            if isinstance(effect, Charge):
                self.charged += effect.buy_in + effect.fee
            elif isinstance(effect, Refund):
                self.refunded += effect.amount
            elif isinstance(effect, OpenTable):
                assert effect.table not in self.open
                self.open.add(effect.table)
            elif isinstance(effect, CloseTable):
                assert effect.table in self.open and effect.table not in self.dealt
                if self.t.phase is Phase.FINISHED:  # the winner leaves the last table
                    self.seat_of = {p: w for p, w in self.seat_of.items()
                                    if w[0] != effect.table}
                assert all(t != effect.table for t, _ in self.seat_of.values())
                self.open.discard(effect.table)
            elif isinstance(effect, Seat):
                assert effect.player not in self.seat_of and effect.table in self.open
                assert (effect.table, effect.seat) not in self.seat_of.values()
                self.seat_of[effect.player] = (effect.table, effect.seat)
                self.chips[effect.player] = effect.stack
            elif isinstance(effect, Move):
                # players move only from a table between hands; the final draw only when
                # every table is between hands
                assert effect.from_table not in self.dealt, effect
                if effect.why == "final":
                    assert not self.dealt, effect
                assert self.seat_of[effect.player] == (effect.from_table, effect.from_seat)
                self.seat_of[effect.player] = (effect.to_table, effect.to_seat)
            elif isinstance(effect, Busted):
                assert self.chips[effect.player] == 0 and effect.player not in self.seat_of
                self.busted.append(effect)
            elif isinstance(effect, Pay):
                self.paid[effect.player] += effect.amount
        if self.t.phase is Phase.RUNNING:
            self.check()

    def check(self) -> None:
        """The seats agree with the core's, none twice, and no chip is made or lost."""
        seated = {p: (t, s) for t, seats in self.t.tables.items() for s, p in seats.items()}
        assert seated == self.seat_of
        assert len(set(seated.values())) == len(seated)
        assert all(0 <= s < self.t.spec.seats for _, s in seated.values())
        assert set(seated) == {p for p in self.t.alive if self.chips[p] > 0}
        total = sum(self.t.entries.values()) * self.t.spec.structure.starting_stack
        assert sum(self.chips.values()) == total

    def deal(self, table: int) -> None:
        """Deal a hand at ``table``."""
        seats = self.t.tables[table]
        level = self.t.hand_started(table, self.rng.choice(sorted(seats)))
        assert level == self.t.spec.structure.level_at(self.t.moment().level)
        self.dealt[table] = {s: self.chips[p] for s, p in seats.items()}

    def finish(self, table: int) -> None:
        """End ``table``'s hand: one player wins a random part of another's chips, or all of
        them; now and then two players lose everything to a third."""
        at_start = self.dealt.pop(table)
        players = {s: self.t.tables[table][s] for s in at_start}
        order = list(players)
        self.rng.shuffle(order)
        winner, losers = order[0], order[1:1 + self.rng.choice((1, 1, 1, 2))]
        for loser in losers:
            lose = (self.chips[players[loser]] if self.rng.random() < 0.3
                    else self.rng.randint(0, self.chips[players[loser]]))
            self.chips[players[loser]] -= lose
            self.chips[players[winner]] += lose
        stacks = {s: self.chips[p] for s, p in self.t.tables[table].items()}
        start = {s: at_start.get(s, stacks[s]) for s in stacks}  # a player moved in mid-hand
        for p in self.t.tables[table].values():
            if self.chips[p] == 0:
                del self.seat_of[p]
        bubble = len(self.t.tables) > 1 and hand_for_hand(
            len(self.t.alive), paid_places(sum(self.t.entries.values())))
        self.hands += 1
        self.carry_out(self.t.hand_over(table, stacks, start))
        if bubble and self.dealt and table in self.t.tables:
            assert not self.t.may_deal(table)  # hand-for-hand: it waits for the others

    def step(self) -> bool:
        """Deal or finish one hand somewhere (False when the tournament is over)."""
        if self.t.phase is not Phase.RUNNING:
            return False
        ready = [t for t in sorted(self.t.tables) if self.t.may_deal(t)]
        busy = sorted(self.dealt)
        if not ready and not busy:
            assert self.t.moment().on_break, "the tournament stalled"
            self.t.advance(self.t.moment().seconds_left)
            return True
        self.t.advance(self.rng.uniform(0, 5))
        if ready and (not busy or self.rng.random() < 0.5):
            self.deal(self.rng.choice(ready))
        else:
            self.finish(self.rng.choice(busy))
        return True

    def settle(self) -> None:
        """Check the finished tournament: every entry placed once, the pool paid out."""
        t = self.t
        assert t.phase is Phase.FINISHED and not self.dealt and not self.open
        results = t.results()
        entries = sum(t.entries.values())
        assert len(results) == entries
        shared = Counter(f.places for f in results)
        assert all(len(places) == n for places, n in shared.items())
        assert sorted(p for places in shared for p in places) == list(range(1, entries + 1))
        assert sum(self.paid.values()) == t.pool
        assert self.charged - self.refunded == t.pool + t.spec.fee * entries
        amounts = prizes(t.pool, entries)
        assert {f.player for f in results if f.place <= len(amounts)
                if amounts[f.place - 1]} >= set(self.paid)
        winner = results[0].player
        assert self.chips[winner] == entries * t.spec.structure.starting_stack


def started(spec: TournamentSpec, seed: int, entrants: int, hands: int | None = None) -> Room:
    """A room whose tournament (drawn by ``seed``) has ``entrants`` bots registered and has
    started; its hands played by ``hands`` (by default ``seed + 1``)."""
    room = Room(Tournament(spec, random.Random(seed)),
                random.Random(seed + 1 if hands is None else hands))
    for n in range(entrants):
        room.carry_out(room.t.register(f"p{n:03}"))
    if room.t.phase is Phase.REGISTERING:
        room.carry_out(room.t.start())
    return room


def play(spec: TournamentSpec, seed: int, entrants: int) -> Room:
    """Register ``entrants`` bots, start, and play the tournament to its end."""
    room = started(spec, seed, entrants)
    while room.step():
        assert room.hands < 100_000
    room.settle()
    return room


@pytest.mark.parametrize(("seed", "entrants", "seats"),
                         [(1, 200, 9), (2, 200, 6), (3, 57, 8), (4, 19, 3), (5, 9, 9),
                          (3, 600, 4)])  # several tables break at once, one in a hand
def test_a_tournament_played_down_keeps_its_rules(seed: int, entrants: int, seats: int) -> None:
    spec = TournamentSpec("mtt", STRUCTURE, seats=seats, buy_in=100, fee=10)
    room = play(spec, seed, entrants)
    moves = [e for e in room.log if isinstance(e, Move)]
    assert entrants <= seats or moves
    # without late entries every bust's place is already the final one
    told = {b.player: b.places for b in room.busted}
    assert all(told[f.player] == f.places for f in room.t.results()[1:])


def test_the_same_seed_plays_the_same_tournament() -> None:
    spec = TournamentSpec("mtt", STRUCTURE, seats=6, buy_in=100, fee=10)
    assert play(spec, 7, 40).log == play(spec, 7, 40).log
    assert play(spec, 7, 40).log != play(spec, 8, 40).log


def test_late_entrants_and_reentries_are_seated_where_fewest_sit_and_placed_at_the_end() -> None:
    spec = TournamentSpec("late", STRUCTURE, seats=6, buy_in=100, fee=10, late_levels=2,
                          reentries=1)
    room = Room(Tournament(spec, random.Random(11)), random.Random(12))
    for n in range(30):
        room.carry_out(room.t.register(f"p{n:03}"))
    room.carry_out(room.t.start())
    late = 0
    while room.step():
        if not room.t.late_open() or room.rng.random() > 0.2:
            continue
        out = [b.player for b in room.busted if b.player not in room.t.alive
               and room.t.entries[b.player] <= spec.reentries]
        player = room.rng.choice(out) if out and room.rng.random() < 0.5 else f"late{late}"
        late += player.startswith("late")
        counts = {t: len(s) for t, s in room.t.tables.items() if len(s) < spec.seats}
        effects = room.t.register(player)
        seat = next(e for e in effects if isinstance(e, Seat))
        if counts:
            assert counts.get(seat.table) == min(counts.values())
        room.carry_out(effects)
    room.settle()
    assert late > 0 and sum(room.t.entries.values()) > 30 + late  # re-entries were bought
    assert max(room.t.entries.values()) == 2
    with pytest.raises(TournamentError, match="closed"):
        room.t.register("too-late")


def test_busts_of_one_hand_for_hand_round_are_placed_together_by_starting_stacks() -> None:
    # 12 entrants, 4 paid: the bubble is at 5 players, on two tables (3 seats each)
    spec = TournamentSpec("bubble", STRUCTURE, seats=3, buy_in=100, fee=0)
    t = Tournament(spec, random.Random(3))
    for n in range(12):
        t.register(f"p{n:02}")
    t.start()
    chips = dict.fromkeys(t.alive, 1_000)
    while len(t.alive) > 5:  # one bust a hand until the bubble
        table = next(x for x in sorted(t.tables) if t.may_deal(x))
        t.hand_started(table, min(t.tables[table]))
        seats = t.tables[table]
        loser, winner = sorted(seats)[:2]
        chips[seats[winner]] += chips[seats[loser]]
        chips[seats[loser]] = 0
        start = {s: 1_000 for s in seats}
        t.hand_over(table, {s: chips[p] for s, p in seats.items()}, start)
    assert len(t.tables) == 2 and hand_for_hand(5, paid_places(12))
    first, second = sorted(t.tables)
    for table in (first, second):
        t.hand_started(table, min(t.tables[table]))
    # the first table's player (500 at the deal) busts first, the second's (300) later
    a_seats, b_seats = dict(t.tables[first]), dict(t.tables[second])
    a_out, b_out = min(a_seats), min(b_seats)
    a = t.hand_over(first, {s: (0 if s == a_out else 1) for s in a_seats},
                    {s: (500 if s == a_out else 1) for s in a_seats})
    assert not [e for e in a if isinstance(e, Busted)]  # placed when the round ends
    assert not t.may_deal(first)
    b = t.hand_over(second, {s: (0 if s == b_out else 1) for s in b_seats},
                    {s: (300 if s == b_out else 1) for s in b_seats})
    busted = {e.player: e.places for e in b if isinstance(e, Busted)}
    assert busted == {a_seats[a_out]: (4,), b_seats[b_out]: (5,)}


def test_a_hand_is_played_at_the_level_it_was_dealt_at() -> None:
    spec = TournamentSpec("hu", STRUCTURE, seats=2, buy_in=100, max_entrants=2)
    t = Tournament(spec, random.Random(1))
    t.register("ann")
    t.register("bob")
    assert t.hand_started(1, 0) == Level(10, 20)
    t.advance(61)  # the level ends mid-hand
    t.hand_over(1, {0: 1_000, 1: 1_000}, {0: 1_000, 1: 1_000})
    assert t.hand_started(1, 1) == Level(20, 40)


def crash(room: Room) -> None:
    """The node dies: the tournament is read back from its last save, and each hand in play
    is void (its chips back where they were when it was dealt)."""
    t = room.t
    alive, played = set(t.alive), t.played
    room.t = t = Tournament.from_json(json.loads(json.dumps(t.to_json())))
    for table, at_start in sorted(room.dealt.items()):
        t.void_hand(table)
        for seat, chips in at_start.items():
            room.chips[t.tables[table][seat]] = chips
    room.dealt.clear()
    assert t.alive == alive and t.played == played  # nobody out, no time given away
    room.check()
    room.carry_out(t.deferred())  # a draw that waited for a voided hand (as the tables ask)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_tournament_read_back_from_its_save_plays_on_alike(seed: int) -> None:
    spec = TournamentSpec("saved", STRUCTURE, seats=6, buy_in=100, fee=10, late_levels=1,
                          reentries=1)
    whole = play(spec, seed, 80)
    room = started(spec, seed, 80)
    steps = 0
    while room.step():
        steps += 1
        if steps % 7 == 0:
            room.t = Tournament.from_json(json.loads(json.dumps(room.t.to_json())))
    room.settle()
    assert room.log == whole.log and room.t.results() == whole.t.results()


def test_a_crash_voids_the_hands_in_play_and_the_tournament_goes_on() -> None:
    spec = TournamentSpec("crash", STRUCTURE, seats=6, buy_in=100, fee=10)
    room = started(spec, 5, 120)
    crashes = 0
    while room.step():
        if room.dealt and room.rng.random() < 0.02:
            crash(room)
            crashes += 1
    room.settle()
    assert crashes > 10


@pytest.mark.parametrize(("seats", "entrants", "seed"),  # seeds whose play has the moment
                         [(6, 30, 1), (6, 30, 2), (6, 30, 6), (3, 6, 1), (3, 5, 5)])
def test_a_crash_while_the_final_draw_waits_for_a_hand_does_not_stall_it(
        seats: int, entrants: int, seed: int) -> None:
    """The final table is drawn when the last hand in play ends; a crash voids that hand
    instead, and the draw follows the void (else no table could ever deal again).  In these
    fields the bubble comes at the final table's size, so a table that finished its
    hand-for-hand hand waits as well."""
    spec = TournamentSpec("final", STRUCTURE, seats=seats, buy_in=100, fee=10)
    room = started(spec, seed, entrants, hands=seed + 10)
    crashes, waiting = 0, 0
    while room.step():
        t = room.t
        if len(t.tables) > 1 and len(t.alive) <= spec.seats and room.dealt:
            assert t.deferred() == []  # a hand in play: the draw waits for it
            waiting += bool(t.waiting)
            crash(room)
            crashes += 1
    room.settle()
    assert crashes and waiting


def test_a_voided_hand_gives_the_big_blind_back() -> None:
    spec = TournamentSpec("hu", STRUCTURE, seats=2, buy_in=100, max_entrants=2)
    t = Tournament(spec, random.Random(1))
    t.register("ann")
    t.register("bob")
    t.hand_started(1, 0)
    t.hand_over(1, {0: 1_000, 1: 1_000}, {0: 1_000, 1: 1_000})
    t.hand_started(1, 1)
    t.void_hand(1)
    assert t.last_big_blind[1] == 0 and t.may_deal(1)
    with pytest.raises(TournamentError, match="not in a hand"):
        t.void_hand(1)
    with pytest.raises(TournamentError, match="not a saved tournament"):
        Tournament.from_json({"spec": {}})
