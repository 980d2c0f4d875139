"""Ace-to-five low (California lowball): checked against brute force, its order and PokerKit.

Aces are low, straights and flushes do not count, pairs are bad; A-2-3-4-5 (the wheel) is the
best hand.  Every 5-card hand is ranked and compared with an independent key worked out here
from the rule alone.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations, combinations_with_replacement
from typing import Any

import numpy as np
import pokerkit
import pytest

from standpat import Category, HandSizeError, HandValue, evaluate, evaluate_batch, get_ranking
from tests.conftest import all_five_card_hands, exhaustive_strengths
from tests.test_peers import assert_same_order, pokerkit_values, random_hands

C = Category
NAME = "ace-to-five"
python_evaluate = getattr(evaluate, "__wrapped__", evaluate)


def rule_keys(hands: Any) -> Any:
    """The rule's order as one int per hand, smaller = better, computed from the rule alone.

    The hand's rank groups (ace = 0 .. king = 12) sorted by size, then rank, both descending;
    the key compares first the group sizes (1-1-1-1-1 < 2-1-1-1 < 2-2-1 < 3-1-1 < 3-2 < 4-1),
    then the ranks in that order.
    """
    ranks = ((hands.astype(np.int64) >> 2) + 1) % 13
    counts = (ranks[:, :, None] == ranks[:, None, :]).sum(axis=2)
    order = np.argsort(-(counts * 16 + ranks), axis=1, kind="stable")
    counts = np.take_along_axis(counts, order, axis=1)
    ranks = np.take_along_axis(ranks, order, axis=1)
    key = np.zeros(len(hands), dtype=np.int64)
    for i in range(5):
        key = key * 5 + counts[:, i]
    for i in range(5):
        key = key * 16 + ranks[:, i]
    return key


PATTERN = {
    (1, 1, 1, 1, 1): C.HIGH_CARD, (2, 1, 1, 1): C.PAIR, (2, 2, 1): C.TWO_PAIR,
    (3, 1, 1): C.THREE_OF_A_KIND, (3, 2): C.FULL_HOUSE, (4, 1): C.FOUR_OF_A_KIND,
}


def test_every_five_card_hand_against_the_rule() -> None:
    hands = all_five_card_hands(NAME)
    strengths = exhaustive_strengths(NAME)
    assert_same_order(strengths, -rule_keys(hands))
    ranking = get_ranking(NAME)
    # categories by brute force over the rank multisets, each one's hands counted by suits
    brute: Counter[Category] = Counter()
    classes: Counter[Category] = Counter()
    for multiset in combinations_with_replacement(range(13), 5):
        ranks = Counter(multiset)
        if max(ranks.values()) > 4:
            continue
        category = PATTERN[tuple(sorted(ranks.values(), reverse=True))]
        suits = 1
        for n in ranks.values():
            suits *= (4, 6, 4, 1)[n - 1]  # C(4, n) ways to suit n cards of one rank
        brute[category] += suits
        classes[category] += 1
    ours: Counter[Category] = Counter()
    ours_classes: Counter[Category] = Counter()
    uniques, counts = np.unique(strengths, return_counts=True)
    for value, count in zip(uniques.tolist(), counts.tolist(), strict=True):
        ours[ranking.category_of(value)] += count
        ours_classes[ranking.category_of(value)] += 1
    assert ours == brute
    assert ours_classes == classes
    assert brute[C.HIGH_CARD] == 1287 * 4**5 and sum(brute.values()) == 2_598_960
    assert set(ours) == set(PATTERN.values())  # no straight, no flush


def test_the_wheel_is_the_best_hand_and_suits_never_count() -> None:
    best = int(exhaustive_strengths(NAME).max())
    wheel = evaluate("As 2c 3d 4h 5s", NAME)
    assert wheel.strength == best
    assert evaluate("Ah 2h 3h 4h 5h", NAME).strength == best  # a suited wheel too
    assert str(wheel) == "Five-four low" and wheel.category is C.HIGH_CARD
    assert [str(c) for c in wheel.best] == ["5s", "4h", "3d", "2c", "As"]


def v(cards: str) -> HandValue:
    return evaluate(cards, NAME)


def test_order_of_hands() -> None:
    assert v("6s 4c 3d 2h Ah") > v("6s 5c 3d 2h Ah")  # 6-4 beats 6-5
    assert v("6s 5c 4d 3h 2h") > v("7s 4c 3d 2h Ah")  # a straight is only a six-low
    assert v("Kh Qh Jh Th 8h") > v("As Ac 2d 3h 4h")  # no pair beats a pair; no flush
    assert v("As Ac 4d 3h 2h") > v("2s 2c 5d 4h 3h")  # aces are the best pair
    assert v("2s 2c 3d 3h Kh") > v("As Ac Kd Kh Qh")  # two pair: the higher pair decides
    assert v("Ks Kc Kd 2h 3h") < v("Qs Qc 2d 2h 3h")  # trips lose to two pair
    assert v("9s 9c 9d Ah Ac") > v("As Ac Ad Ah Kc")  # a full house beats quads
    assert str(v("8s 6c 4d 2h As")) == "Eight-six low"
    assert str(v("As Ac 4d 3h 2h")) == "Pair of aces"
    assert str(v("As Ac Kd Kh Qh")) == "Two pair, kings and aces"
    assert [str(c) for c in v("As Ac 4d 3h 2h").best] == ["As", "Ac", "4d", "3h", "2h"]


@pytest.mark.parametrize("n", [6, 7])
def test_more_than_five_is_the_best_five(n: int) -> None:
    ranking = get_ranking(NAME)
    rng = random.Random(f"a5-{n}")
    deck = list(ranking.deck)
    suited = [c for c in deck if c.suit == 2]
    hands = [rng.sample(deck, n) for _ in range(3000)]
    hands += [rng.sample(suited, 5) + rng.sample([c for c in deck if c.suit != 2], n - 5)
              for _ in range(500)]
    for hand in hands:
        brute = max(ranking.python_strength(combo) for combo in combinations(hand, 5))
        assert ranking.python_strength(hand) == brute, hand
    assert str(v("As 2c 3d 4h 5h 6h Kc")) == "Five-four low"


@pytest.mark.parametrize("n", [5, 6, 7])
def test_scalar_batch_and_c_agree(n: int) -> None:
    ranking = get_ranking(NAME)
    hands = random_hands(52, n, 20_000, seed=700 + n)
    # and 2,000 hands holding a flush (hearts), which no path may count
    suited = random_hands(13, 5, 2_000, seed=710 + n) * 4 + 2
    others = np.array([c for c in range(52) if c % 4 != 2], dtype=np.uint8)
    rest = others[random_hands(39, n - 5, 2_000, seed=720 + n)]
    hands = np.concatenate([hands, np.concatenate([suited, rest], axis=1)])
    rows = hands.tolist()
    python = [ranking.python_strength(h) for h in rows]
    assert [ranking.scorer(n)(h) for h in rows] == python  # the C scorer when built
    assert evaluate_batch(hands, NAME).tolist() == python
    assert evaluate_batch(hands, NAME, use_numba=False).tolist() == python
    for row in rows[:2000]:
        fast, slow = evaluate(row, NAME), python_evaluate(row, NAME)
        assert (fast.strength, fast.cards, str(fast)) == (slow.strength, slow.cards, str(slow))


def test_hand_size() -> None:
    with pytest.raises(HandSizeError):
        evaluate("As 2c 3d 4h", NAME)


def test_five_cards_against_pokerkit() -> None:
    hands = random_hands(52, 5, 200_000, seed=71)
    assert_same_order(evaluate_batch(hands, NAME), pokerkit_values(pokerkit.RegularLowHand,
                                                                   hands))


def test_pokerkit_orientation() -> None:
    """Guard for the helper: PokerKit's wheel must come out above its six-four."""
    wheel, six = pokerkit_values(pokerkit.RegularLowHand,
                                 np.array([[51, 0, 4, 8, 12], [51, 0, 4, 8, 16]]))
    assert wheel > six


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(4))
def test_seven_cards_against_pokerkit(chunk: int) -> None:
    hands = random_hands(52, 7, 25_000, seed=80 + chunk)
    assert_same_order(evaluate_batch(hands, NAME), pokerkit_values(pokerkit.RegularLowHand,
                                                                   hands))
