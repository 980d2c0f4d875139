"""Balancing and breaking tables: the rules of RULES.md checked at every move of many
seeded tournaments played down from full tables to the final table."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from standpat.errors import TournamentError
from standpat.tournament import Move, TableSeats, balance
from standpat.tournament.balance import next_big_blind, worst_seats


def apply(tables: dict[int, TableSeats], moves: list[Move]) -> dict[int, TableSeats]:
    """The tables after ``moves`` (checking each leaves a taken seat and fills an empty one;
    the final table's draw seats everyone at once)."""
    seats = {t: dict(v.players) for t, v in tables.items()}
    final = [m for m in moves if m.why == "final"]
    for move in final:
        assert seats[move.from_table].pop(move.from_seat) == move.player
    for move in final:
        assert move.to_seat not in seats[move.to_table], move
        seats[move.to_table][move.to_seat] = move.player
    for move in moves:
        if move.why == "final":
            continue
        assert seats[move.from_table].pop(move.from_seat) == move.player
        assert move.to_seat not in seats[move.to_table], move
        seats[move.to_table][move.to_seat] = move.player
    return {t: TableSeats(t, v.seats, seats[t], v.last_big_blind) for t, v in tables.items()
            if seats[t] or not moves}


def test_the_next_big_blind_moves_to_the_worst_seat_of_the_smallest_table() -> None:
    big = TableSeats(1, 6, {s: f"a{s}" for s in range(6)}, last_big_blind=5)
    small = TableSeats(2, 6, {1: "b1", 2: "b2", 3: "b3", 4: "b4"}, last_big_blind=1)
    # 6 and 4 differ by 2: seat 0 is big blind next at table 1 (after seat 5), and seat 5
    # of table 2 posts it soonest (after seat 1, seats 2-4 are taken)
    assert balance([big, small], random.Random(0)) == [Move("a0", 1, 0, 2, 5, "balance")]
    small = TableSeats(2, 6, {1: "b1", 3: "b3", 4: "b4"}, last_big_blind=1)
    moves = balance([big, small], random.Random(0))
    # 6 and 3: one move makes 5 and 4; seat 2 of table 2 is now the worst
    assert moves == [Move("a0", 1, 0, 2, 2, "balance")]


def test_balanced_tables_stay_put_and_a_table_breaks_when_the_others_have_room() -> None:
    full = [TableSeats(t, 9, {s: f"{t}-{s}" for s in range(n)}) for t, n in
            ((1, 8), (2, 8), (3, 7))]
    assert balance(full, random.Random(3)) == []
    # 8 + 8 + 2 = 18 players: table 3 (fewest) breaks, its two go one to each other table
    short = [*full[:2], TableSeats(3, 9, {0: "x", 5: "y"})]
    moves = balance(short, random.Random(3))
    assert {m.player for m in moves} == {"x", "y"} and all(m.why == "break" for m in moves)
    assert sorted(m.to_table for m in moves) == [1, 2]


def test_of_equal_tables_the_highest_numbered_breaks() -> None:
    tables = [TableSeats(t, 6, {0: f"{t}a", 1: f"{t}b", 2: f"{t}c"}) for t in (1, 2, 3)]
    moves = balance(tables, random.Random(1))
    assert {m.from_table for m in moves} == {3}


def test_the_final_table_is_drawn_at_random_for_everyone() -> None:
    tables = [TableSeats(1, 9, {s: f"a{s}" for s in (0, 2, 4, 6, 8)}),
              TableSeats(2, 9, {s: f"b{s}" for s in (1, 3, 5, 7)})]
    moves = balance(tables, random.Random(7))
    assert len(moves) == 9 and {m.why for m in moves} == {"final"}
    assert {m.to_table for m in moves} == {1}
    assert len({m.to_seat for m in moves}) == 9
    again = balance(tables, random.Random(7))
    assert again == moves  # seeded
    assert balance(tables, random.Random(8)) != moves


def test_helpers_follow_the_big_blind_clockwise() -> None:
    assert next_big_blind(9, [1, 4, 8], last_big_blind=8) == 1
    assert next_big_blind(9, [], last_big_blind=3) is None
    assert next_big_blind(9, [4, 2], last_big_blind=None) == 2
    assert worst_seats(4, [0, 1], last_big_blind=1) == [2, 3]
    assert worst_seats(4, [0, 1], last_big_blind=3) == [2, 3]


def test_bad_tables_are_refused_with_their_reason() -> None:
    with pytest.raises(TournamentError, match="no seat 9"):
        TableSeats(1, 9, {9: "x"})
    with pytest.raises(TournamentError, match="two seats"):
        balance([TableSeats(1, 9, {0: "x"}), TableSeats(2, 9, {0: "x"})], random.Random(0))


def play_down(entrants: int, size: int, seed: int) -> int:
    """A tournament of ``entrants`` at tables of ``size``, players busting at random, the
    tables balanced after each bust; every rule checked after every balancing.  The number
    of moves made."""
    rng = random.Random(seed)
    count = -(-entrants // size)
    names = [f"p{i}" for i in range(entrants)]
    tables = {t: TableSeats(t, size, {}) for t in range(1, count + 1)}
    seats: dict[int, dict[int, str]] = {t: {} for t in tables}
    for i, name in enumerate(names):  # dealt round the tables, as a seat draw would
        t = 1 + i % count
        seats[t][len(seats[t])] = name
    tables = {t: TableSeats(t, size, seats[t], rng.randrange(size)) for t in tables}
    left = set(names)
    made = 0
    while len(left) > 1:
        table = rng.choice([t for t in tables.values() if len(t.players) > 1])
        seat = rng.choice(sorted(table.players))
        left.discard(table.players[seat])
        players = {s: p for s, p in table.players.items() if s != seat}
        tables[table.table] = TableSeats(table.table, size, players,
                                         rng.choice(sorted(players)))
        before = {t: len(v.players) for t, v in tables.items()}
        moves = balance(tables.values(), random.Random(rng.random()))
        made += len(moves)
        after = apply(tables, moves)
        counts = {t: len(v.players) for t, v in after.items()}
        assert sorted(p for v in after.values() for p in v.players.values()) == sorted(left)
        if any(m.why == "final" for m in moves):
            assert len(counts) == 1 and all(m.why == "final" for m in moves)
            assert len(moves) == len(left)
        else:
            assert max(counts.values()) - min(counts.values()) <= 1, (before, counts)
            # no table left that the others had room for
            smallest = min(counts, key=lambda t: (counts[t], -t))
            room = sum(size - c for t, c in counts.items() if t != smallest)
            assert len(counts) == 1 or room < counts[smallest]
            for move in moves:
                if move.why == "balance":  # from a bigger table to a smaller one
                    assert before[move.from_table] > before[move.to_table]
                if move.why == "break":
                    assert counts.get(move.from_table, 0) == 0
        tables = after
    return made


@pytest.mark.parametrize(("entrants", "size"), [(200, 9), (57, 6), (20, 2), (31, 10)])
def test_a_tournament_played_down_keeps_every_rule(entrants: int, size: int) -> None:
    assert play_down(entrants, size, seed=entrants) > 0


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 120), st.integers(2, 10), st.integers(0, 2**32))
def test_any_tournament_played_down_keeps_every_rule(entrants: int, size: int, seed: int) -> None:
    play_down(entrants, size, seed)
