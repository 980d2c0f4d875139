"""Deuce-to-seven over several draws: both solvers against every card of every draw."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from standpat.cards import parse_cards
from standpat.odds.lowball import chances
from standpat.odds.lowball_exact import chance
from standpat.odds.lowpolicy import can_make, prune

from .reference import multi_draw


def _ints(text: str) -> list[int]:
    return [int(c) for c in parse_cards(text)]


@pytest.mark.slow
def test_the_exact_solver_matches_every_card_of_every_draw() -> None:
    """100 random spots over two draws and 4 over three, with 10 to 12 cards left to draw
    (small enough to deal every card of every draw one by one)."""
    rng = random.Random("brute")
    spots = [(2, rng.randint(10, 11), rng.randint(0, 4)) for _ in range(100)]
    spots += [(3, 12, rng.randint(3, 4)) for _ in range(4)]
    for draws, left, kept in spots:
        deck = list(range(52))
        rng.shuffle(deck)
        hand, stub = deck[:5], deck[5:5 + left]
        keep = rng.sample(hand, kept)
        target = rng.randint(5, 9)
        assert chance(hand, keep, target=target, draws=draws, stub=stub, exact=True) == \
            multi_draw(hand, keep, stub, target, draws), (hand, keep, stub, target, draws)


@pytest.mark.slow
def test_the_vectorised_solver_matches_the_exact_one() -> None:
    """200 random spots (full and partly dead stubs, targets 7 to T, 1 to 3 draws): the
    forward vectorised programme against the recursive one (run in floats here; in
    fractions it is checked card by card above)."""
    rng = random.Random("fast")
    worst = 0.0
    for trial in range(200):
        deck = list(range(52))
        rng.shuffle(deck)
        hand = deck[:5]
        stub = deck[5:] if trial % 2 else deck[5:5 + rng.randint(15, 35)]
        draws = rng.choice((1, 2, 3))
        holds = [[c for c in hand if rng.random() < 0.7] for _ in range(3)]
        holds = [h for h in holds if draws < 3 or len(h) >= 2] or [hand[:3]]
        target = rng.randint(5, 8)
        fast = chances(hand, holds, stub, target=target, draws=draws)
        for keep, value in zip(holds, fast, strict=True):
            exact = chance(hand, keep, target=target, draws=draws, stub=stub)
            worst = max(worst, abs(float(value) - float(exact)))
    assert worst < 1e-12


def test_drawing_one_to_7_6_3_2_is_8_outs_per_draw() -> None:
    """The published 8/47, then one minus the chance of missing every draw."""
    hand = _ints("7s 6d 3c 2h Kc")
    keep = hand[:4]
    assert chance(hand, keep, target=5, draws=1, exact=True) == Fraction(8, 47)
    assert chance(hand, keep, target=5, draws=2, exact=True) == 1 - Fraction(39 * 38, 47 * 46)
    assert chance(hand, keep, target=5, draws=3, exact=True) == \
        1 - Fraction(39 * 38 * 37, 47 * 46 * 45) == Fraction(7076, 16215)


def test_the_first_draw_throws_a_pair_card_and_keeps_the_low_one() -> None:
    """Keeping a pair: after the draw the policy keeps one of them (the lower card)."""
    hand = _ints("7s 7d 3c 2h Kc")
    with_pair = chance(hand, hand[:4], target=5, draws=2, exact=True)
    # the hold 7-7-3-2 draws one card now; 7-3-2 plus it is at most four low ranks, so the
    # first draw never makes a 7-low, and the second draws from 46 cards to 7-3-2 + one
    assert 0 < with_pair < chance(hand, hand[1:4], target=5, draws=2, exact=True)
    assert chance(hand, hand[:4], target=5, draws=1, exact=True) == 0


def test_the_policy_throws_what_cannot_make_the_target() -> None:
    six_five_four_three = 0b11110
    assert not can_make(5, six_five_four_three, 0b111111)
    assert prune(5, six_five_four_three, 0b111111) == 0b01110
    # with every deuce gone, 7-5-4-3 cannot become a 7-low either: the seven goes, then more
    assert prune(5, 0b101110, 0b111110) == 0


@pytest.mark.parametrize("target", [5, 6, 7])
def test_a_made_hand_stands_pat(target: int) -> None:
    hand = _ints("7s 5d 4c 3h 2s")
    assert chances(hand, [hand], [c for c in range(52) if c not in hand], target=target,
                   draws=3)[0] == 1.0
