"""Levels, prizes, places and ICM of a tournament, against hand-worked cases and brute force."""

from __future__ import annotations

import itertools
import math
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from standpat.errors import TournamentError
from standpat.tournament import (
    Bust,
    Level,
    icm,
    load_structure,
    payout_shares,
    places,
    prizes,
    shipped,
    split_prizes,
)
from standpat.tournament.payouts import paid_places
from standpat.tournament.places import hand_for_hand
from standpat.tournament.structure import SHIPPED, Structure


@pytest.mark.parametrize("name", SHIPPED)
def test_shipped_structures_read_and_rise(name: str) -> None:
    structure = shipped(name)
    assert structure.name == name and len(structure.levels) >= 20
    bigs = [level.big_blind for level in structure.levels]
    assert bigs == sorted(bigs) and len(set(bigs)) == len(bigs)
    assert structure.starting_stack >= 50 * structure.levels[0].big_blind
    assert structure.levels[6].ante > 0 == structure.levels[5].ante


def test_the_clock_counts_levels_and_breaks_and_never_gives_a_level_away() -> None:
    quick = Structure("quick", (Level(5, 10), Level(10, 20), Level(15, 30, 3)), 60.0, 1000,
                      break_every=2, break_seconds=30.0)
    assert quick.moment(0) == (0, False, 60.0)
    assert quick.moment(59.5) == (0, False, 0.5)
    assert quick.moment(60) == (1, False, 60.0)
    assert quick.moment(120) == (2, True, 30.0)   # the break after two levels: level 2 next
    assert quick.moment(149) == (2, True, 1.0)
    assert quick.moment(150) == (2, False, 60.0)
    assert quick.moment(150 + 120) == (4, True, 30.0)
    assert quick.level_at(4) == Level(15, 30, 3)  # past the last level, the last stays
    for level in range(8):  # each level starts where played_until says
        start = quick.played_until(level)
        assert quick.moment(start) == (level, False, 60.0), level
    no_breaks = Structure("flat", (Level(1, 2),), 10.0, 100)
    assert no_breaks.moment(35) == (3, False, 5.0)


def test_structures_read_from_files_and_refuse_what_makes_no_sense(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text('name = "mine"\nlevel_minutes = 2\nstarting_stack = 500\n'
                    'break_every = 4\nbreak_minutes = 1\n'
                    '[[levels]]\nsmall_blind = 5\nbig_blind = 10\n'
                    '[[levels]]\nsmall_blind = 10\nbig_blind = 20\nante = 1\n')
    mine = load_structure(path)
    assert (mine.level_seconds, mine.break_seconds, mine.levels[1].stakes.ante) == (120, 60, 1)
    assert load_structure(str(path)) == mine
    bad = {
        "starting_stack = 5\nlevel_minutes = 1\nlevels = [{small_blind = 5, big_blind = 10}]":
            "less than two big blinds",
        "starting_stack = 500\nlevel_minutes = 1\nlevels = [{small_blind = 20, big_blind = 10}]":
            "makes no sense",
        "starting_stack = 500\nlevels = [{small_blind = 5, big_blind = 10}]": "'level_minutes'",
        "starting_stack = 500\nlevel_minutes = 0\nlevels = [{small_blind = 5, big_blind = 10}]":
            "must last",
        "starting_stack = 500\nlevel_minutes = 1\nlevels = [{small_blind = 5, big_blind = 10}, "
        "{small_blind = 2, big_blind = 4}]": "go down",
        "starting_stack = 500\nlevel_minute = 1\nlevels = []": "unknown keys level_minute",
        "starting_stack = [": "is not TOML",
    }
    for text, why in bad.items():
        with pytest.raises(TournamentError, match=why):
            load_structure(text)
    with pytest.raises(TournamentError, match="cannot read"):
        load_structure(tmp_path / "none.toml")
    with pytest.raises(TournamentError, match="turbo, regular, deep"):
        shipped("hyper")


@given(st.integers(2, 5000), st.integers(0, 10**9))
def test_prizes_are_whole_chips_that_add_up_to_the_pool(entrants: int, pool: int) -> None:
    shares = payout_shares(entrants)
    assert sum(shares) == 10_000 and list(shares) == sorted(shares, reverse=True)
    assert len(shares) == paid_places(entrants) <= max(5, math.ceil(0.15 * entrants))
    paid = prizes(pool, entrants)
    assert sum(paid) == pool and all(p >= 0 for p in paid)
    if len(paid) > 1:  # the rounding's remainder goes to the first place, less than a chip each
        exact = [pool * s / 10_000 for s in shares]
        assert 0 <= paid[0] - exact[0] < len(paid)
        assert all(abs(p - e) < 1 for p, e in zip(paid[1:], exact[1:], strict=True))


def test_the_paid_places_grow_with_the_field() -> None:
    assert [paid_places(n) for n in (2, 4, 5, 7, 8, 10, 11, 18, 19, 40, 200, 1000)] == \
        [1, 1, 2, 2, 3, 3, 4, 4, 5, 6, 30, 150]
    with pytest.raises(TournamentError, match="two entrants"):
        paid_places(1)


def test_ties_share_their_places_and_the_odd_chip_goes_first() -> None:
    assert split_prizes((100, 50, 25), [1, 2]) == (75, 75)
    assert split_prizes((100, 51, 0), [2, 3]) == (26, 25)
    assert split_prizes((10, 0), [5]) == (0,)
    with pytest.raises(TournamentError, match="distinct"):
        split_prizes((10, 0), [2, 2])


def test_players_busting_in_one_hand_are_placed_by_their_stacks_at_its_start() -> None:
    finishes = places([Bust("a", 100), Bust("b", 400), Bust("c", 250)], left=3 + 6)
    assert [(f.player, f.places) for f in finishes] == [("b", (7,)), ("c", (8,)), ("a", (9,))]
    tied = places([Bust("a", 100), Bust("b", 100)], left=3)
    assert [f.places for f in tied] == [(2, 3), (2, 3)] and tied[0].place == 2
    assert places([], left=5) == []
    with pytest.raises(TournamentError, match="one at least stays"):
        places([Bust("a", 1), Bust("b", 2)], left=2)
    with pytest.raises(TournamentError, match="twice"):
        places([Bust("a", 1), Bust("a", 2)], left=5)


def test_hand_for_hand_is_the_bubble_only() -> None:
    paid = paid_places(200)
    assert [left for left in range(1, 201) if hand_for_hand(left, paid)] == [paid + 1]


def brute_icm(stacks: list[int], paid: list[int]) -> list[float]:
    """ICM by every order of finish, each with its Malmuth-Harville chance."""
    equity = [0.0] * len(stacks)
    alive = [i for i, s in enumerate(stacks) if s]
    for order in itertools.permutations(alive):
        chance, left = 1.0, sum(stacks)
        for i in order:
            chance *= stacks[i] / left
            left -= stacks[i]
        for place, i in enumerate(order[: len(paid)]):
            equity[i] += chance * paid[place]
    return equity


@given(st.lists(st.integers(0, 5000), min_size=2, max_size=6).filter(lambda s: sum(s) > 0),
       st.lists(st.integers(0, 1000), min_size=1, max_size=6))
def test_icm_matches_every_order_of_finish(stacks: list[int], paid: list[int]) -> None:
    assert icm(stacks, paid) == pytest.approx(brute_icm(stacks, paid), abs=1e-6)
    alive = sum(1 for s in stacks if s)
    assert sum(icm(stacks, paid)) == pytest.approx(sum(paid[:alive]))


def test_icm_refuses_what_is_not_a_final_table() -> None:
    with pytest.raises(TournamentError, match="not chips"):
        icm([0, 0], [1])
    with pytest.raises(TournamentError, match="final table"):
        icm([100] * 200, list(range(100, 70, -1)))
