"""Who moves where: balancing and breaking a tournament's tables, and the final table's draw.

As RULES.md (and the Tournament Directors Association) say: when table counts differ by two
or more, the player who would be big blind next at the bigger table moves to the worst
position at the smaller (the seat that posts the big blind soonest); a table is broken when
the others have room for its players, the one with the fewest players first (of equals, the
highest-numbered), and its players draw their seats at random, each at a table with the
fewest players; when everyone left fits at one table, the final table is drawn at random.

The big blind moves clockwise from last hand's big-blind seat to the next player dealt in
(every tournament player is dealt in), so a table's next big blind and its worst empty seat
follow from its seats and ``last_big_blind`` alone.  Decisions take a seeded
:class:`random.Random`: the same seed, the same moves.

>>> import random
>>> big = TableSeats(1, 9, {s: f"a{s}" for s in range(9)}, last_big_blind=2)
>>> small = TableSeats(2, 9, {0: "b0", 4: "b4", 5: "b5", 7: "b7", 8: "b8"}, last_big_blind=4)
>>> for move in balance([big, small], random.Random(1)):
...     print(move)
a3 moves from table 1 seat 3 to table 2 seat 6 (balance)
a4 moves from table 1 seat 4 to table 2 seat 1 (balance)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Literal

from standpat.errors import TournamentError

__all__ = ["Move", "TableSeats", "balance", "next_big_blind", "worst_seats"]

Why = Literal["balance", "break", "final"]


@dataclass(frozen=True)
class TableSeats:
    """One tournament table between hands: its seats, who sits where, and the seat that
    posted the big blind last hand (None before its first hand)."""

    table: int
    seats: int
    players: Mapping[int, str] = field(default_factory=dict)
    last_big_blind: int | None = None

    def __post_init__(self) -> None:
        if self.seats < 2:
            raise TournamentError(f"table {self.table} has {self.seats} seats; two at least.")
        bad = [s for s in self.players if not 0 <= s < self.seats]
        if bad:
            raise TournamentError(f"table {self.table} has no seat {bad[0]} (seats 0 to "
                                  f"{self.seats - 1}).")


@dataclass(frozen=True)
class Move:
    """A player's move to another seat (``why``: to balance the tables, because his table
    broke, or the final table's draw)."""

    player: str
    from_table: int
    from_seat: int
    to_table: int
    to_seat: int
    why: Why

    def __str__(self) -> str:
        return (f"{self.player} moves from table {self.from_table} seat {self.from_seat} to "
                f"table {self.to_table} seat {self.to_seat} ({self.why})")


def _clockwise_after(seat: int | None, seats: int) -> list[int]:
    start = -1 if seat is None else seat
    return [(start + 1 + i) % seats for i in range(seats)]


def next_big_blind(seats: int, players: Iterable[int], last_big_blind: int | None) -> int | None:
    """The seat that posts the big blind next hand: the first player clockwise after last
    hand's big blind (before a first hand, from seat 0); None at an empty table.

    >>> next_big_blind(6, [0, 2, 5], last_big_blind=2)
    5
    """
    taken = set(players)
    return next((s for s in _clockwise_after(last_big_blind, seats) if s in taken), None)


def worst_seats(seats: int, players: Iterable[int], last_big_blind: int | None) -> list[int]:
    """The empty seats, worst first: the first posts the big blind soonest (clockwise after
    last hand's big blind).

    >>> worst_seats(6, [0, 2, 5], last_big_blind=2)
    [3, 4, 1]
    """
    taken = set(players)
    return [s for s in _clockwise_after(last_big_blind, seats) if s not in taken]


class _Room:
    """The tables as the moves change them."""

    def __init__(self, tables: Iterable[TableSeats]) -> None:
        self.seats: dict[int, int] = {}
        self.players: dict[int, dict[int, str]] = {}
        self.last_bb: dict[int, int | None] = {}
        for t in tables:
            if t.table in self.seats:
                raise TournamentError(f"table {t.table} is given twice.")
            self.seats[t.table], self.players[t.table] = t.seats, dict(t.players)
            self.last_bb[t.table] = t.last_big_blind
        names = [p for players in self.players.values() for p in players.values()]
        if len(set(names)) != len(names):
            raise TournamentError("a player sits at two seats.")
        self.moves: list[Move] = []

    def count(self, table: int) -> int:
        return len(self.players[table])

    def move(self, table: int, seat: int, to_table: int, to_seat: int, why: Why) -> None:
        player = self.players[table].pop(seat)
        self.players[to_table][to_seat] = player
        self.moves.append(Move(player, table, seat, to_table, to_seat, why))


def balance(tables: Iterable[TableSeats], rng: random.Random) -> list[Move]:
    """The moves that leave the tables balanced (counts within one of each other), with
    every table broken that the others have room for, or everyone at a final table drawn
    at random; in the order to carry them out.  Tables left empty are broken (the room
    closes them).  No moves when the tables are balanced already."""
    room = _Room(tables)
    live = sorted(t for t in room.players if room.count(t))
    total = sum(room.count(t) for t in live)
    if len(live) > 1 and total <= max(room.seats[t] for t in live):
        _final(room, live, rng)
        return room.moves
    while len(live) > 1:
        breaking = min(live, key=lambda t: (room.count(t), -t))
        others = [t for t in live if t != breaking]
        if sum(room.seats[t] - room.count(t) for t in others) < room.count(breaking):
            break
        _break(room, breaking, others, rng)
        live = others
    while live:
        big = max(live, key=lambda t: (room.count(t), -t))
        small = min(live, key=lambda t: (room.count(t), t))
        if room.count(big) - room.count(small) < 2:
            break
        seat = next_big_blind(room.seats[big], room.players[big], room.last_bb[big])
        worst = worst_seats(room.seats[small], room.players[small], room.last_bb[small])
        if seat is None or not worst:
            break
        room.move(big, seat, small, worst[0], "balance")
    return room.moves


def _break(room: _Room, breaking: int, others: list[int], rng: random.Random) -> None:
    seats = sorted(room.players[breaking])
    rng.shuffle(seats)
    for seat in seats:
        fewest = min(room.count(t) for t in others if room.count(t) < room.seats[t])
        tables = [t for t in others if room.count(t) == fewest and room.count(t) < room.seats[t]]
        table = rng.choice(tables)
        empty = [s for s in range(room.seats[table]) if s not in room.players[table]]
        room.move(breaking, seat, table, rng.choice(empty), "break")


def _final(room: _Room, live: list[int], rng: random.Random) -> None:
    final = min(t for t in live if room.seats[t] >= sum(room.count(u) for u in live))
    everyone = [(t, s) for t in live for s in sorted(room.players[t])]
    drawn = rng.sample(range(room.seats[final]), len(everyone))
    names = {(t, s): room.players[t][s] for t, s in everyone}
    for t in live:
        room.players[t].clear()
    for (t, s), to_seat in zip(everyone, drawn, strict=True):
        room.players[final][to_seat] = names[t, s]
        room.moves.append(Move(names[t, s], t, s, final, to_seat, "final"))
