"""The four rankings, exactly as RULES.md states them."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import numpy as np
import pytest

from standpat import (
    CardNotInDeckError,
    Category,
    DuplicateCardError,
    HandSizeError,
    HandValue,
    UnknownRankingError,
    evaluate,
    get_ranking,
    parse_cards,
)
from tests.conftest import all_five_card_hands, exhaustive_strengths, order_digest

C = Category
ORDER = [C.HIGH_CARD, C.PAIR, C.TWO_PAIR, C.THREE_OF_A_KIND, C.STRAIGHT]

# Exact category counts over all 5-card hands (RULES.md for the short decks; the
# standard counts for the 52-card deck; for 2-7 the wheel is ace-high, not a straight).
COUNTS = {
    "short-7a": {
        C.STRAIGHT_FLUSH: 20, C.FOUR_OF_A_KIND: 224, C.FLUSH: 204, C.FULL_HOUSE: 1344,
        C.STRAIGHT: 5100, C.THREE_OF_A_KIND: 10752, C.TWO_PAIR: 24192, C.PAIR: 107520,
        C.HIGH_CARD: 52020,
    },
    "short-6a": {
        C.STRAIGHT_FLUSH: 24, C.FOUR_OF_A_KIND: 288, C.FLUSH: 480, C.FULL_HOUSE: 1728,
        C.STRAIGHT: 6120, C.THREE_OF_A_KIND: 16128, C.TWO_PAIR: 36288, C.PAIR: 193536,
        C.HIGH_CARD: 122400,
    },
    "high": {
        C.STRAIGHT_FLUSH: 40, C.FOUR_OF_A_KIND: 624, C.FULL_HOUSE: 3744, C.FLUSH: 5108,
        C.STRAIGHT: 10200, C.THREE_OF_A_KIND: 54912, C.TWO_PAIR: 123552, C.PAIR: 1098240,
        C.HIGH_CARD: 1302540,
    },
    "deuce-to-seven": {
        C.STRAIGHT_FLUSH: 36, C.FOUR_OF_A_KIND: 624, C.FULL_HOUSE: 3744, C.FLUSH: 5112,
        C.STRAIGHT: 9180, C.THREE_OF_A_KIND: 54912, C.TWO_PAIR: 123552, C.PAIR: 1098240,
        C.HIGH_CARD: 1303560,
    },
}

# md5 of every hand's place in the full order (see conftest.order_digest).  These pin the
# whole ranking table: any change to the order of any two hands changes the digest.
GOLDEN = {
    "high": "950aaa7025851a2eeeb115634905976d",
    "short-7a": "647ed0a4be572c9c2d1113a84adcd7c8",
    "short-6a": "24833e51af516fadb3b9c8791b45281a",
    "deuce-to-seven": "78bf07cf06f5ec98812ea6455d468366",
}


@pytest.mark.parametrize("name", ["short-7a", "short-6a"])
def test_exhaustive_counts_scalar_path(name: str) -> None:
    ranking = get_ranking(name)
    counts = Counter(
        ranking.category_of(ranking.strength(hand)) for hand in combinations(ranking.deck, 5)
    )
    assert counts == COUNTS[name]


@pytest.mark.parametrize("name", list(COUNTS))
def test_exhaustive_counts_and_golden_order(name: str) -> None:
    ranking = get_ranking(name)
    strengths = exhaustive_strengths(name)
    uniques, counts = np.unique(strengths, return_counts=True)
    by_category: Counter[Category] = Counter()
    for value, count in zip(uniques.tolist(), counts.tolist(), strict=True):
        by_category[ranking.category_of(value)] += count
    assert by_category == COUNTS[name]
    assert order_digest(strengths) == GOLDEN[name]


@pytest.mark.parametrize("name", ["short-7a", "short-6a"])
def test_scalar_and_batch_agree_on_every_short_deck_hand(name: str) -> None:
    ranking = get_ranking(name)
    hands = all_five_card_hands(name)
    scalar = np.array([ranking.strength(h) for h in hands.tolist()], dtype=np.int32)
    assert np.array_equal(scalar, exhaustive_strengths(name))


def test_category_order_of_each_ranking() -> None:
    def best_of(name: str, category: Category) -> int:
        ranking = get_ranking(name)
        return max(
            int(s) for s in np.unique(exhaustive_strengths(name))
            if ranking.category_of(int(s)) is category
        )

    for name in ("short-7a", "short-6a"):
        tops = [best_of(name, c) for c in (*ORDER, C.FULL_HOUSE, C.FLUSH, C.FOUR_OF_A_KIND,
                                           C.STRAIGHT_FLUSH)]
        assert tops == sorted(tops), name
    tops = [best_of("high", c) for c in (*ORDER, C.FLUSH, C.FULL_HOUSE, C.FOUR_OF_A_KIND,
                                         C.STRAIGHT_FLUSH)]
    assert tops == sorted(tops)


def v(cards: str, ranking: str) -> HandValue:
    return evaluate(cards, ranking)


class TestShortDecks:
    def test_flush_beats_full_house(self) -> None:
        for name in ("short-7a", "short-6a"):
            assert v("Ah Jh 9h 8h 7h", name) > v("Kc Kd Ks 7h 7d", name)
        assert v("Ah Jh 9h 8h 7h", "high") < v("Kc Kd Ks 7h 7d", "high")

    def test_ace_plays_low_in_the_wheel(self) -> None:
        wheel = v("Ah 7c 8d 9s Th", "short-7a")
        assert wheel.category is C.STRAIGHT and str(wheel) == "Straight, ten high"
        assert wheel < v("7c 8d 9s Th Jh", "short-7a")
        assert wheel > v("Ac Ad Ah 7s 8s", "short-7a")
        assert [str(c) for c in wheel.best] == ["Th", "9s", "8d", "7c", "Ah"]

    def test_suited_wheel_is_the_lowest_straight_flush(self) -> None:
        wheel = v("Ah 7h 8h 9h Th", "short-7a")
        assert wheel.category is C.STRAIGHT_FLUSH
        assert wheel < v("7h 8h 9h Th Jh", "short-7a")
        assert wheel > v("Ac Ad Ah As 7c", "short-7a")

    def test_six_ace_deck(self) -> None:
        assert v("Ah 6c 7d 8s 9h", "short-6a").category is C.STRAIGHT
        assert v("Ah 6h 7h 8h 9h", "short-6a").category is C.STRAIGHT_FLUSH
        # the six lies between the ace and the seven: A-7-8-9-T is no straight here
        assert v("Ah 7c 8d 9s Th", "short-6a").category is C.HIGH_CARD

    def test_royal_flush_is_named_but_is_a_straight_flush(self) -> None:
        royal = v("As Ks Qs Js Ts", "short-7a")
        assert str(royal) == "Royal flush" and royal.category is C.STRAIGHT_FLUSH


class TestHigh:
    def test_wheel_is_five_high(self) -> None:
        wheel = v("Ah 2c 3d 4s 5h", "high")
        assert wheel.category is C.STRAIGHT and str(wheel) == "Straight, five high"
        assert wheel < v("2c 3d 4s 5h 6h", "high")

    def test_suits_never_break_ties(self) -> None:
        assert v("As Kd Qh Jc 9s", "high") == v("Ac Kc Qd Jd 9h", "high")
        assert v("Ah Kh Qh Jh 9h", "high") == v("As Ks Qs Js 9s", "high")

    def test_kickers(self) -> None:
        assert v("Ks Kd 9h 7c 3s", "high") > v("Kc Kh 9d 7s 2d", "high")
        assert v("Ks Kd 9h 9c 3s", "high") > v("Kc Kh 8d 8s Ad", "high")

    def test_best_five_of_seven(self) -> None:
        value = v("Kc Kd Ks 7h 7d 2c 3c", "high")
        assert str(value) == "Full house, kings full of sevens"
        assert sorted(value.best) == sorted(parse_cards("Kc Kd Ks 7h 7d"))
        assert v("2h 3h 4h 5h 9h Ac Ad", "high").category is C.FLUSH
        assert v("2h 3h 4h 5h 6h Ac Ad", "high").category is C.STRAIGHT_FLUSH

    def test_names(self) -> None:
        assert str(v("As Ks 9h 8h 7h", "high")) == "High card, ace-king high"
        assert str(v("Ah Kh 9h 8h 7h", "high")) == "Flush, ace-king high"
        assert str(v("9h 9d 9s 9c 2h", "high")) == "Four of a kind, nines"
        assert str(v("9h 9d 2s 2c Ah", "high")) == "Two pair, nines and deuces"
        assert str(v("9h 9d 9s 2c Ah", "high")) == "Three of a kind, nines"
        assert str(v("6h 6d 2s 3c Ah", "high")) == "Pair of sixes"
        assert str(v("9h Th Jh Qh Kh", "high")) == "Straight flush, king high"


class TestDeuceToSeven:
    def test_best_hand_is_seven_five(self) -> None:
        ranking = get_ranking("deuce-to-seven")
        best = int(exhaustive_strengths("deuce-to-seven").max())
        assert best == v("7s 5d 4c 3h 2s", "deuce-to-seven").strength
        assert ranking.describe(best) == "Seven-five low"

    def test_aces_are_high_only(self) -> None:
        wheel = v("Ah 2c 3d 4s 5h", "deuce-to-seven")
        assert wheel.category is C.HIGH_CARD and str(wheel) == "Ace-five low"
        assert wheel < v("Kh 2c 3d 4s 5h", "deuce-to-seven")

    def test_straights_and_flushes_count_against(self) -> None:
        assert v("2c 3d 4s 5h 6h", "deuce-to-seven").category is C.STRAIGHT
        assert v("2c 3d 4s 5h 6h", "deuce-to-seven") < v("Kc Qd Js 9h 8h", "deuce-to-seven")
        assert v("2h 3h 4h 5h 7h", "deuce-to-seven") < v("Ac Kd Qs Jh 9h", "deuce-to-seven")
        assert v("2h 3h 4h 5h 7h", "deuce-to-seven") < v("2c 2d 3s 4h 5h", "deuce-to-seven")

    def test_lower_wins(self) -> None:
        assert v("8s 6d 4c 3h 2s", "deuce-to-seven") > v("8s 7d 4c 3h 2s", "deuce-to-seven")
        assert v("2s 2d 4c 3h 5s", "deuce-to-seven") > v("3s 3d 4c 2h 5s", "deuce-to-seven")
        assert str(v("8s 6d 4c 3h 2s", "deuce-to-seven")) == "Eight-six low"

    def test_best_five_of_more_avoids_the_flush(self) -> None:
        value = v("2h 3h 4h 5h 7h 8c", "deuce-to-seven")
        assert str(value) == "Eight-five low"
        assert sorted(value.best) == sorted(parse_cards("8c 5h 4h 3h 2h"))


@pytest.mark.parametrize("name", ["high", "short-7a", "short-6a", "deuce-to-seven"])
@pytest.mark.parametrize("n", [6, 7])
def test_more_than_five_is_the_best_five(name: str, n: int) -> None:
    ranking = get_ranking(name)
    rng = random.Random(f"{name}-{n}")
    deck = list(ranking.deck)
    for _ in range(3000):
        hand = rng.sample(deck, n)
        brute = max(ranking.strength(combo) for combo in combinations(hand, 5))
        assert ranking.strength(hand) == brute, hand
    # flush-heavy hands exercise the suited paths
    suited = [c for c in deck if c.suit == 2]
    for _ in range(500):
        hand = rng.sample(suited, 5) + rng.sample([c for c in deck if c.suit != 2], n - 5)
        brute = max(ranking.strength(combo) for combo in combinations(hand, 5))
        assert ranking.strength(hand) == brute, hand


class TestErrors:
    @pytest.mark.parametrize("text", ["As Kd 7h 2c", "As Kd 7h 2c 3c 4c 5c 6c"])
    def test_wrong_count(self, text: str) -> None:
        with pytest.raises(HandSizeError, match="5, 6 or 7 cards"):
            evaluate(text, "high")

    def test_duplicate(self) -> None:
        with pytest.raises(DuplicateCardError, match="As appears twice in 'As As Kd 7h 2c'"):
            evaluate("As As Kd 7h 2c", "high")

    @pytest.mark.parametrize(
        ("text", "name", "card"),
        [("2c 7d 8h 9s Ts", "short-7a", "2c"), ("6c 7d 8h 9s Ts", "short-7a", "6c"),
         ("5c 7d 8h 9s Ts", "short-6a", "5c")],
    )
    def test_card_not_in_deck(self, text: str, name: str, card: str) -> None:
        with pytest.raises(CardNotInDeckError, match=f"card {card} is not in the"):
            evaluate(text, name)

    def test_unknown_ranking(self) -> None:
        with pytest.raises(UnknownRankingError, match="'omaha'"):
            evaluate("As Kd 7h 2c 3c", "omaha")

    def test_errors_are_value_errors(self) -> None:
        with pytest.raises(ValueError):
            evaluate("As Kd 7h 2c Zz", "high")

    def test_different_rankings_do_not_compare(self) -> None:
        a, b = v("As Ks Qs Js Ts", "high"), v("As Ks Qs Js Ts", "short-7a")
        with pytest.raises(TypeError, match="different rankings"):
            _ = a < b
        with pytest.raises(TypeError):
            _ = a == b


def test_hand_values_are_hashable_and_sortable() -> None:
    hands = ["As Ks Qs Js Ts", "2c 2d 2h 2s 3c", "Ac Kd 9h 7s 3s", "Ad Kc 9s 7h 3h"]
    values = [v(h, "high") for h in hands]
    assert len(set(values)) == 3
    assert sorted(values)[0] == values[2] and sorted(values)[-1] == values[0]
    assert eval(repr(values[0]), {"evaluate": evaluate}) == values[0]


def test_evaluate_accepts_ints() -> None:
    assert v("As Ks Qs Js Ts", "high") == evaluate([51, 47, 43, 39, 35], "high")
