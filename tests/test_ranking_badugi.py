"""Badugi: every 4-card hand against a brute force of the rule, its order, names and PokerKit.

The hand is the largest subset of cards of distinct ranks and distinct suits; more cards beat
fewer; among as many, the lowest top card wins, then the next (aces low).
"""

from __future__ import annotations

import random
from collections import Counter
from functools import cache
from itertools import combinations, pairwise
from math import comb
from typing import Any

import numpy as np
import pokerkit
import pytest

from standpat import (
    CardNotInDeckError,
    Category,
    DuplicateCardError,
    HandSizeError,
    HandValue,
    evaluate,
    evaluate_batch,
    format_cards,
    get_ranking,
    parse_cards,
)
from tests.test_peers import assert_same_order, pokerkit_values, random_hands

C = Category
NAME = "badugi"
python_evaluate = getattr(evaluate, "__wrapped__", evaluate)
CATEGORY_OF_SIZE = {4: C.BADUGI, 3: C.THREE_CARD, 2: C.TWO_CARD, 1: C.ONE_CARD}


def rule_key(hand: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
    """The rule by brute force: (cards that play, their ace-low ranks high to low, negated);
    a bigger key is a better hand."""
    best: tuple[int, tuple[int, ...]] = (0, ())
    for size in range(1, 5):
        for subset in combinations(hand, size):
            ranks = {(c // 4 + 1) % 13 for c in subset}  # ace 0, deuce 1 .. king 12
            if len(ranks) == size and len({c % 4 for c in subset}) == size:
                best = max(best, (size, tuple(-r for r in sorted(ranks, reverse=True))))
    return best


@cache
def every_hand() -> tuple[Any, list[tuple[int, tuple[int, ...]]]]:
    """All C(52, 4) hands as a uint8 array, and the rule's key of each."""
    hands = list(combinations(range(52), 4))
    return np.array(hands, dtype=np.uint8), [rule_key(h) for h in hands]


def test_every_four_card_hand_against_the_rule() -> None:
    hands, keys = every_hand()
    places = {key: i for i, key in enumerate(sorted(set(keys)))}
    strengths = evaluate_batch(hands, NAME)
    assert_same_order(strengths, [places[k] for k in keys])
    ranking = get_ranking(NAME)
    ours = Counter(ranking.category_of(s) for s in strengths.tolist())
    brute = Counter(CATEGORY_OF_SIZE[size] for size, _ in keys)
    assert ours == brute
    assert brute[C.BADUGI] == 13 * 12 * 11 * 10  # four suits, four different ranks
    assert brute[C.ONE_CARD] == 4 * comb(13, 4) + 13  # one suit, or one rank
    assert sum(brute.values()) == comb(52, 4)
    classes = Counter(ranking.category_of(s) for s in set(strengths.tolist()))
    assert classes == Counter(CATEGORY_OF_SIZE[size] for size, _ in places)
    assert classes == {C.BADUGI: comb(13, 4), C.THREE_CARD: comb(13, 3),
                       C.TWO_CARD: comb(13, 2), C.ONE_CARD: 13}


def test_scalar_paths_on_every_hand() -> None:
    hands, _ = every_hand()
    ranking = get_ranking(NAME)
    rows = hands.tolist()
    want = evaluate_batch(hands, NAME).tolist()
    assert [ranking.python_strength(h) for h in rows] == want
    assert [ranking.scorer(4)(h) for h in rows] == want  # the C scorer when built
    assert evaluate_batch(hands, NAME, use_numba=False).tolist() == want


def v(cards: str) -> HandValue:
    return evaluate(cards, NAME)


def test_order_properties() -> None:
    hands, _ = every_hand()
    strengths = evaluate_batch(hands, NAME)
    ranking = get_ranking(NAME)
    assert v("4s 3c 2d Ah").strength == int(strengths.max())  # 4-3-2-A rainbow is the nuts
    by_category: dict[Category, list[int]] = {}
    for s in np.unique(strengths).tolist():
        by_category.setdefault(ranking.category_of(s), []).append(s)
    order = [C.ONE_CARD, C.TWO_CARD, C.THREE_CARD, C.BADUGI]
    for worse, better in pairwise(order):
        assert max(by_category[worse]) < min(by_category[better])  # more cards always win
    assert v("Ks Qc Jd Th") > v("3s 2s Ad 2h")  # the worst badugi beats the best three-card
    assert v("8h 5c 3d As") > v("8h 5c 4d As")  # 8-5-3 beats 8-5-4
    assert v("7h 5c 4d 3s") > v("8h 3c 2d As")  # the top card decides first
    assert v("Ah Ad 2c Ks") == v("Ah Ad 2s Kc")  # a pair of aces: one plays, K-2-A
    assert v("Kh Qd 2c As") > v("Kh Qd 2c Ad")  # four suits beat a pair of diamonds
    assert v("7h 4c 2d 2s") == v("7d 4c 2h 2s")  # suits never break ties


def test_names_and_cards_that_play() -> None:
    assert str(v("8h 5c 3d As")) == "8-5-3-A badugi"
    assert str(v("7h 4c 2d 2s")) == "three-card 7-4-2"
    assert str(v("As Ac 2d 2h")) == "two-card 2-A"
    assert str(v("Kh Kd Ks Kc")) == "one-card K"
    value = v("As 2s 3d 4h")  # the ace and the deuce share a suit: the ace plays
    assert value.category is C.THREE_CARD and str(value) == "three-card 4-3-A"
    assert value.best == tuple(parse_cards("4h 3d As"))
    assert v("8h 5c 3d As").best == tuple(parse_cards("8h 5c 3d As"))
    ranking = get_ranking(NAME)
    assert ranking.name_parts(value.strength) == ("three-card", (2, 1, 12))
    assert eval(repr(value), {"evaluate": evaluate}) == value


def test_best_cards_are_a_badugi_of_the_value() -> None:
    ranking = get_ranking(NAME)
    rng = random.Random("badugi-best")
    for _ in range(3000):
        hand = rng.sample(range(52), 4)
        value = evaluate(hand, NAME)
        best = value.best
        assert len(best) == value.strength >> 13 == {C.BADUGI: 4, C.THREE_CARD: 3,
                                                      C.TWO_CARD: 2, C.ONE_CARD: 1}[
            value.category]
        assert set(best) <= set(value.cards)
        assert len({c.rank for c in best}) == len({c.suit for c in best}) == len(best)
        assert rule_key(tuple(int(c) for c in best)) == rule_key(tuple(hand))
        assert ranking.describe(value.strength) == str(value)


def test_fast_evaluate_equals_the_python_path() -> None:
    rng = random.Random("badugi-fast")
    for _ in range(3000):
        ints = rng.sample(range(52), 4)
        want = python_evaluate(ints, NAME)
        for given in (ints, tuple(ints), format_cards(ints)):
            got = evaluate(given, NAME)
            assert (got.strength, got.cards, str(got)) == (want.strength, want.cards, str(want))


def test_errors() -> None:
    with pytest.raises(HandSizeError, match="needs 4 cards"):
        evaluate("As 2c 3d 4h 5s", NAME)
    with pytest.raises(HandSizeError, match="needs 4 cards"):
        evaluate("As 2c 3d", NAME)
    with pytest.raises(DuplicateCardError):
        evaluate("As As 3d 4h", NAME)
    with pytest.raises(HandSizeError):
        evaluate("As 2c 3d 4h", "deuce-to-seven")
    with pytest.raises(HandSizeError):
        evaluate_batch(np.zeros((3, 5), dtype=np.uint8), NAME)


@pytest.mark.parametrize("use_numba", [None, False])
def test_batch_errors_name_the_first_bad_row(use_numba: bool | None) -> None:
    good = [0, 5, 10, 15]
    with pytest.raises(DuplicateCardError, match="row 1"):
        evaluate_batch(np.array([good, [0, 15, 10, 15]]), NAME, use_numba=use_numba)
    for bad in ([0, 5, 10, 52], [-1, 5, 10, 15]):
        with pytest.raises(CardNotInDeckError, match=r"row 2 holds .* not card ints"):
            evaluate_batch(np.array([good, good, bad, [0, 0, 0, 0]]), NAME, use_numba=use_numba)


def test_against_pokerkit() -> None:
    hands = random_hands(52, 4, 30_000, seed=90)
    assert_same_order(evaluate_batch(hands, NAME), pokerkit_values(pokerkit.BadugiHand, hands))


@pytest.mark.slow
def test_every_hand_against_pokerkit() -> None:
    hands, _ = every_hand()
    assert_same_order(evaluate_batch(hands, NAME), pokerkit_values(pokerkit.BadugiHand, hands))


def test_pokerkit_orientation() -> None:
    """Guard for the helper: PokerKit's 4-3-2-A badugi must come out above its K-Q-J-T."""
    nuts, worst = pokerkit_values(pokerkit.BadugiHand,
                                  np.array([[51, 0, 5, 10], [47, 40, 37, 34]]))
    assert nuts > worst
