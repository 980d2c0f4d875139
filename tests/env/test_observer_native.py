"""The observer's C recorder against its pure-Python one: the same numbers, step by step."""

from __future__ import annotations

import copy
import dataclasses
import random

import numpy as np
import pytest

from standpat.engine import Action, ActionKind, Called, GameName, Hand, Stakes, get_game
from standpat.env import observe
from standpat.env.observe import PokerObserver

pytestmark = pytest.mark.skipif(observe._Recorder is None,
                                reason="the C recorder is not built here")


def random_action(hand: Hand, pick: random.Random) -> Action:
    """A uniform choice among the kinds of action; a discard of a random subset."""
    legal = hand.legal_actions()
    if ActionKind.DISCARD in legal.kinds:
        k = pick.randrange(legal.max_discard + 1)
        return Action.discard(pick.sample(list(legal.cards), k))
    return pick.choice(legal.sample())


def observers(game: str, structure: str, table: int, chips: int) -> tuple[PokerObserver, ...]:
    """The C and the Python observer of one table."""
    return tuple(PokerObserver(game, structure, table, big_blind=2, total_chips=chips,
                               native=native) for native in (True, False))


def assert_same(c: PokerObserver, py: PokerObserver, hand: Hand, table: int) -> None:
    """Every seat's observation (bytes, so that -0.0 and NaN are told apart) and the state."""
    for seat in range(table):
        a, b = c.observe(seat, hand), py.observe(seat, hand)
        assert a.tobytes() == b.tobytes(), (seat, np.flatnonzero(a != b).tolist())
    for name in ("street", "draw", "pointed"):
        assert getattr(c._recorder, name) == getattr(py._recorder, name), name


@pytest.mark.parametrize("structure", ["fixed-limit", "pot-limit", "no-limit"])
@pytest.mark.parametrize("game", [name.value for name in GameName])
def test_the_c_recorder_writes_what_the_python_one_writes(game: str, structure: str) -> None:
    """Random play of every poker game, full tables and tables with empty seats, short stacks
    (all-ins, side pots, hands that open in the draw): after every apply, every seat's
    observation from the C recorder is byte for byte the Python recorder's."""
    spec = get_game(game)
    pick = random.Random(f"{game}/{structure}")
    stakes = Stakes.from_bets(2)
    steps = 0
    for table in sorted({spec.min_players, 3, spec.max_players} & set(
            range(spec.min_players, spec.max_players + 1))):
        for deal in range(12):
            players = pick.randint(spec.min_players, table)
            seats = sorted(pick.sample(range(table), players))
            stacks = [pick.choice((1, 3, 8, 40, 200)) for _ in seats]
            c, py = observers(game, structure, table, sum(stacks))
            hand = Hand(game, structure, stakes, stacks, button=deal % players, rng=deal)
            share = deal / 12
            c.start_hand(hand, seats, share)
            py.start_hand(hand, seats, share)
            assert_same(c, py, hand, table)
            while not hand.is_over:
                events = hand.apply(random_action(hand, pick))
                c.record(hand, events)
                py.record(hand, events)
                assert_same(c, py, hand, table)
                steps += 1
    assert steps > 100


def test_a_copy_of_a_c_observer_carries_its_round_draw_and_turn() -> None:
    """A deep copy mid-hand (OpenSpiel's clone) goes on exactly as the original would."""
    game, stakes = "deuce-to-seven-triple-draw", Stakes.from_bets(2)
    pick = random.Random(5)
    hand = Hand(game, "fixed-limit", stakes, [100] * 4, rng=11)
    observer, _ = observers(game, "fixed-limit", 4, 400)
    observer.start_hand(hand, range(4))
    while observer._recorder.draw < 2 and not hand.is_over:  # into the second draw
        observer.record(hand, hand.apply(random_action(hand, pick)))
    assert not hand.is_over
    twin, twin_hand = copy.deepcopy(observer), hand.clone()
    assert (twin._recorder.street, twin._recorder.draw, twin._recorder.pointed) == (
        observer._recorder.street, observer._recorder.draw, observer._recorder.pointed)
    while not hand.is_over:
        action = random_action(hand, pick)
        observer.record(hand, hand.apply(action))
        twin.record(twin_hand, twin_hand.apply(action))
        assert_same(observer, twin, hand, 4)


def test_the_c_recorder_refuses_what_is_not_an_event() -> None:
    """Bad input is a Python error, not a write out of the blocks."""
    hand = Hand("five-card-draw", "fixed-limit", Stakes.from_bets(2), [40, 40], rng=1)
    observer, _ = observers("five-card-draw", "fixed-limit", 2, 80)
    observer.start_hand(hand, (0, 1))
    with pytest.raises(TypeError):
        observer.record(hand, [("fold", 0)])  # type: ignore[list-item]
    call = hand.apply(Action.call())[0]
    assert isinstance(call, Called)
    bad_seat = dataclasses.replace(call, seat=7)
    with pytest.raises(ValueError, match="hand seat"):
        observer.record(hand, [bad_seat])
    with pytest.raises(ValueError, match="seat"):
        observer._recorder.set_seats([0, 5])
    observer._recorder.draw = 9  # its state is settable, but never used out of range
    with pytest.raises(ValueError, match="out of range"):
        observer.observe(0)
    recorder = observe._Recorder
    assert recorder is not None  # (the module is skipped without it)
    blank = recorder.__new__(recorder)  # never initialised
    with pytest.raises(TypeError, match="not initialised"):
        blank.block(0)
