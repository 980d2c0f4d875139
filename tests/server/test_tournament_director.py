"""The room's view of a running tournament (standpat.server.tournaments.director): whole
tournaments carried out through its orders on engine tables, as the room carries them out
on its live tables, with every order checked against what the room may do when."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from standpat.bots import bots_by_name
from standpat.errors import TournamentError
from standpat.server.live.tournament import TournamentLink
from standpat.server.tournaments.director import (
    CloseAt,
    Director,
    MoveTo,
    OpenAt,
    Order,
    Out,
    Paid,
    SeatAt,
    Unseat,
)
from standpat.table import Table
from standpat.tournament import Level, Structure, Tournament, TournamentSpec
from standpat.tournament.payouts import prizes

FAST = Structure("fast", tuple(Level(10 * 2**i, 20 * 2**i) for i in range(12)), 30.0, 1000)


class Room:
    """Engine tables standing for the room's tournament tables, carrying out orders with
    the room's rules: a player leaves a table only between its hands; chips leave the
    tournament's chips only to seat an entrant, and come back only from a table."""

    def __init__(self, director: Director, seats: int, seed: int) -> None:
        self.director = director
        self.seats = seats
        self.rng = random.Random(seed)
        self.tables: dict[int, Table] = {}
        self.chips = 0
        """The tournament's chips off the tables (negative: chips handed out)."""
        self.out: dict[int, tuple[int, ...]] = {}
        self.paid: dict[int, int] | None = None
        self.final: dict[int, int] = {}
        """The final places the payout gives the busted entries."""
        self.late: dict[str, int] = {}
        """Players who register late (name -> entry) once someone is out."""
        self.moves: Counter[str] = Counter()
        self.queued: dict[int, list[Order]] = {}
        """Each table's commands not taken yet."""
        self.decide = bots_by_name("easy", seed=seed)
        self.names = {a: n for n, a in director.accounts.items()}

    def carry_out(self, orders: list[Order], ended: int | None = None) -> None:
        """Carry the orders out as the room does: the table whose hand just ended (``ended``)
        its own share at once; every other table's share later, in order, as a command it
        takes when its turn comes (here: at a random later step)."""
        for order in orders:
            match order:
                case OpenAt(number=n):
                    assert n not in self.tables
                    self.tables[n] = Table("five-card-draw", "no-limit", FAST.level_at(0).stakes,
                                           seats=self.seats,
                                           min_buy_in=1, max_buy_in=2**62, tournament=True,
                                           rng=self.rng.randrange(2**63), log_events=False)
                case Unseat(number=n, seat=s):
                    assert n == ended, "a busted player leaves the table whose hand just ended"
                    assert self.tables[n].stack(s) == 0
                    self.tables[n].leave(s)
                case MoveTo(from_number=f) if f == ended:
                    self.deliver(f, order)
                case SeatAt(number=n) | CloseAt(number=n) | MoveTo(from_number=n):
                    self.queued.setdefault(n, []).append(order)
                case Out(entry=e, places=places):
                    assert e not in self.out
                    self.out[e] = places
                case Paid(prizes=paid, places=final):
                    self.paid = dict(paid)
                    self.final = dict(final)

    def deliver(self, number: int, order: Order) -> None:
        """One order carried out at its table."""
        match order:
            case SeatAt(number=n, seat=s, account=a, stack=stack):
                if not self.director.seat_pending(order):
                    return  # he was sent on elsewhere while on his way
                self.chips -= stack
                self.tables[n].sit(s, self.names[a], stack)
                self.director.done(a)
            case MoveTo(from_number=f, from_seat=s, account=a):
                move = self.director.pending_move(a, f)
                assert move is not None and move.from_seat == s
                source = self.tables[f]
                assert not source.playing, "a player moves only between his table's hands"
                stack = source.stack(s)
                source.leave(s)
                self.chips += stack
                seat = self.director.moved(move, stack)
                assert seat.stack == stack
                assert not self.director.may_deal(seat.number), "it waits for him to sit"
                self.queued.setdefault(seat.number, []).append(seat)
                self.moves[move.why] += 1
            case CloseAt(number=n):
                table = self.tables.pop(n)
                assert not table.playing
                self.chips += table.chips_in_play()

    def deliver_some(self) -> None:
        """A table (at random) takes the commands waiting for it."""
        if self.queued:
            number = self.rng.choice(sorted(self.queued))
            for order in self.queued.pop(number):
                self.deliver(number, order)

    def taken(self, number: int) -> list[int]:
        table = self.tables[number]
        return [s for s in range(self.seats) if table.player(s) is not None]

    def play(self) -> None:
        director, at_start = self.director, {}
        for _ in range(2_000_000):
            if director.over:
                while self.queued:
                    self.deliver_some()
                return
            if self.queued and self.rng.random() < 0.05:
                self.deliver_some()
            live = [n for n, t in sorted(self.tables.items()) if t.playing]
            ready = [n for n in sorted(self.tables) if n not in live and director.may_deal(n)]
            if ready and (not live or self.rng.random() < 0.5):
                n = self.rng.choice(ready)
                table = self.tables[n]
                if table.first_button is None:
                    table.first_button = self.rng.choice(self.taken(n))
                level = director.hand_started(n, table.next_plan().bb)
                table.stakes = level.stakes
                at_start[n] = {s: table.stack(s) for s in self.taken(n)}
                table.start_hand(self.rng)
            elif live:
                n = self.rng.choice(live)
                table = self.tables[n]
                seat, hand = table.to_act, table.hand
                assert seat is not None and hand is not None
                player = table.player(seat)
                assert player is not None
                table.act(seat, self.decide(player.name, hand.view(table.dealt.index(seat))))
                director.advance(1.0)
            elif self.queued:
                self.deliver_some()
                continue
            else:
                director.advance(director.core.moment().seconds_left)
                continue
            if not table.playing:
                stacks = {s: table.stack(s) for s in self.taken(n)}
                self.carry_out(director.hand_over(n, stacks, at_start.pop(n)), ended=n)
                if self.out and self.late and director.core.late_open():
                    for name, entry in self.late.items():
                        self.carry_out(director.register(name, entry))
                    self.late = {}
                if self.rng.random() < 0.2:  # as after a restart: the saved state read back
                    self.director = director = Director.from_json(director.to_json())
        raise AssertionError("the tournament did not end")


@pytest.mark.parametrize(("entrants", "seats", "seed"),
                         [(2, 2, 1), (9, 6, 2), (40, 6, 3), (90, 6, 4), (90, 5, 5), (150, 4, 6)])
def test_a_tournament_carried_out_through_its_orders(entrants: int, seats: int, seed: int) -> None:
    spec = TournamentSpec("t", FAST, seats=seats, buy_in=100, fee=10,
                          max_entrants=entrants)
    names = [f"p{i}" for i in range(entrants)]
    director = Director(Tournament(spec, random.Random(seed)),
                        {n: 100 + i for i, n in enumerate(names)})
    room = Room(director, seats, seed)
    for i, name in enumerate(names):
        orders = director.register(name, 1000 + i)
        room.carry_out(orders)
        while room.queued:
            room.deliver_some()
        # the field fills with the last one: the tables open and every entrant sits
        assert bool(orders) == (i == entrants - 1)
    assert room.chips == -entrants * FAST.starting_stack
    room.play()
    director = room.director
    assert room.tables == {} and room.chips == 0, "every chip came back with the last table"
    (winner,) = set(range(1000, 1000 + entrants)) - set(room.out)
    assert room.paid is not None and sum(room.paid.values()) == spec.buy_in * entrants
    assert room.paid[winner] == max(room.paid.values())
    assert sorted(room.paid.values(), reverse=True) == [
        p for p in prizes(spec.buy_in * entrants, entrants) if p]
    places = sorted(min(p) for p in room.out.values())
    assert places == sorted(places) and places[0] >= 2
    if entrants > seats:
        assert room.moves["final"] > 0
    if entrants > 2 * seats:
        assert room.moves["break"] + room.moves["balance"] > 0
    assert director.pending == {}
    # the director's state read back is the same
    again = Director.from_json(director.to_json())
    assert again.to_json() == director.to_json()


def test_a_late_registration_is_seated_and_a_stranger_refused() -> None:
    spec = TournamentSpec("late", FAST, seats=6, buy_in=10, max_entrants=None,
                          late_levels=2)
    director = Director(Tournament(spec, random.Random(5)), {"a": 1, "b": 2, "c": 3})
    assert director.register("a", 11) == [] and director.register("b", 12) == []
    started = director.start()
    assert [type(o) for o in started] == [OpenAt, SeatAt, SeatAt]
    late = director.register("c", 13)
    assert [(type(o), o.account) for o in late if isinstance(o, SeatAt)] == [(SeatAt, 3)]
    with pytest.raises(TournamentError, match="no account"):
        director.register("d", 14)


def test_a_bust_before_a_late_registration_gets_its_final_place_at_the_payout() -> None:
    # a player out while registration is open is told a provisional place (the field may
    # grow); the payout gives every busted entry its final one: places 2..N, none twice
    spec = TournamentSpec("late", FAST, seats=6, buy_in=10, late_levels=6)
    names = [f"p{i}" for i in range(5)]
    director = Director(Tournament(spec, random.Random(7)),
                        {n: 100 + i for i, n in enumerate([*names, "late"])})
    room = Room(director, 6, 7)
    for i, name in enumerate(names):
        room.carry_out(director.register(name, 1000 + i))
    room.carry_out(director.start())
    while room.queued:
        room.deliver_some()
    room.late = {"late": 1005}
    room.play()
    assert room.late == {}, "he registered after a bust"
    told = [min(p) for p in room.out.values()]
    assert len(set(told)) < len(told), "a provisional place was told twice"
    assert set(room.final) == set(room.out)
    assert sorted(room.final.values()) == list(range(2, 7))
    assert room.paid is not None and sum(room.paid.values()) == 60


def test_the_table_line_tells_places_by_chips_and_the_final_table_s_icm() -> None:
    spec = TournamentSpec("three", FAST, seats=6, buy_in=100, max_entrants=3)
    director = Director(Tournament(spec, random.Random(3)), {"a": 1, "b": 2, "c": 3})
    orders = [o for n, e in (("a", 11), ("b", 12), ("c", 13)) for o in director.register(n, e)]
    seats = {o.account: o.seat for o in orders if isinstance(o, SeatAt)}
    link = TournamentLink(1, 1, director, {1: 7})
    line = link.line()
    assert line["places"] == {str(s): 1 for s in seats.values()}  # all even: all first
    assert [round(v) for v in line["icm"].values()] == [100, 100, 100]
    director.hand_started(1, big_blind=seats[1])
    stacks = {seats[1]: 1500, seats[2]: 1000, seats[3]: 500}
    director.hand_over(1, stacks, {s: 1000 for s in seats.values()})
    line = link.line()
    assert line["places"] == {str(seats[1]): 1, str(seats[2]): 2, str(seats[3]): 3}
    icm = {a: line["icm"][str(s)] for a, s in seats.items()}
    assert icm[1] > icm[2] > icm[3] and abs(sum(icm.values()) - 300) <= 1
    assert link.line() is not line and link.standing() is link.standing()  # cached
