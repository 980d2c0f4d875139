"""Cross-checks against established evaluators: eval7, phevaluator, treys and PokerKit.

Each check ranks the same hands with standpat and a peer and requires the two orders to be
the same order: sorting by one sorts by the other, and ties are the same ties.
"""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import phevaluator
import pokerkit
import pytest
import treys

from standpat import evaluate_batch, format_cards, get_ranking
from tests.conftest import all_five_card_hands, exhaustive_strengths

with warnings.catch_warnings():  # eval7 uses pyparsing names that now warn
    warnings.simplefilter("ignore", DeprecationWarning)
    import eval7

RANDOM_HANDS = 200_000


def random_hands(deck_size: int, n: int, count: int, seed: int) -> Any:
    """``count`` hands of ``n`` distinct cards from the first ``deck_size`` deck cards."""
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((count, deck_size)), axis=1)[:, :n].astype(np.uint8)


def assert_same_order(ours: Any, theirs: Any) -> None:
    """Both arrays (bigger = stronger) order the hands identically, ties included."""
    ours = np.asarray(ours, dtype=np.int64)
    theirs = np.asarray(theirs, dtype=np.int64)
    pairs = np.unique(np.stack([ours, theirs], axis=1), axis=0)  # sorted by ours, then theirs
    assert len(np.unique(pairs[:, 0])) == len(pairs), "one standpat value, two peer values"
    assert len(np.unique(pairs[:, 1])) == len(pairs), "one peer value, two standpat values"
    assert np.all(np.diff(pairs[:, 1]) > 0), "the peer orders some hands the other way"


def texts(hands: Any) -> list[list[str]]:
    return [format_cards(h).split() for h in hands.tolist()]


@pytest.mark.parametrize("n", [5, 7])
def test_high_against_eval7(n: int) -> None:
    hands = random_hands(52, n, RANDOM_HANDS, seed=n)
    deck = {text: eval7.Card(text) for text in format_cards(range(52)).split()}
    theirs = [eval7.evaluate([deck[t] for t in hand]) for hand in texts(hands)]
    assert_same_order(evaluate_batch(hands, "high"), theirs)


@pytest.mark.parametrize("n", [5, 7])
def test_high_against_phevaluator(n: int) -> None:
    hands = random_hands(52, n, RANDOM_HANDS, seed=10 + n)
    theirs = [-phevaluator.evaluate_cards(*hand) for hand in texts(hands)]
    ours = evaluate_batch(hands, "high")
    assert_same_order(ours, theirs)
    ranking = get_ranking("high")  # the scalar path too
    assert [ranking.strength(h) for h in hands[:20_000].tolist()] == ours[:20_000].tolist()


@pytest.mark.parametrize("n", [5, 7])
def test_high_against_treys(n: int) -> None:
    hands = random_hands(52, n, 20_000, seed=20 + n)
    evaluator = treys.Evaluator()
    theirs = [
        -evaluator.evaluate([treys.Card.new(t) for t in hand[:2]],
                            [treys.Card.new(t) for t in hand[2:]])
        for hand in texts(hands)
    ]
    assert_same_order(evaluate_batch(hands, "high"), theirs)


def pokerkit_values(hand_type: Any, hands: Any) -> list[int]:
    """PokerKit's order as ints, bigger = stronger (its low hands count down)."""
    values = []
    for text in texts(hands):
        hand = hand_type.from_game("".join(text))
        values.append(-hand.entry.index if hand.low else hand.entry.index)
    return values


@pytest.mark.parametrize("chunk", range(4))
def test_deuce_to_seven_five_cards_against_pokerkit(chunk: int) -> None:
    hands = random_hands(52, 5, RANDOM_HANDS // 4, seed=30 + chunk)
    theirs = pokerkit_values(pokerkit.StandardLowHand, hands)
    assert_same_order(evaluate_batch(hands, "deuce-to-seven"), theirs)


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(8))
def test_deuce_to_seven_seven_cards_against_pokerkit(chunk: int) -> None:
    hands = random_hands(52, 7, RANDOM_HANDS // 8, seed=40 + chunk)
    theirs = pokerkit_values(pokerkit.StandardLowHand, hands)
    assert_same_order(evaluate_batch(hands, "deuce-to-seven"), theirs)


def test_pokerkit_low_orientation() -> None:
    """Guard for the helper above: 7-5 low must come out stronger than 8-6 low."""
    best, worse = pokerkit_values(
        pokerkit.StandardLowHand, np.array([[20, 12, 8, 4, 0], [24, 16, 8, 4, 0]])
    )
    assert best > worse


@pytest.mark.slow
def test_short_6a_every_five_card_hand_against_pokerkit() -> None:
    hands = all_five_card_hands("short-6a")
    theirs = pokerkit_values(pokerkit.ShortDeckHoldemHand, hands)
    assert_same_order(exhaustive_strengths("short-6a"), theirs)


def test_short_6a_seven_cards_against_pokerkit() -> None:
    hands = random_hands(36, 7, 20_000, seed=50) + 16
    theirs = pokerkit_values(pokerkit.ShortDeckHoldemHand, hands)
    assert_same_order(evaluate_batch(hands, "short-6a"), theirs)
