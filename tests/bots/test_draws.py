"""Draw choices for clear-cut hands, in every ranking."""

from __future__ import annotations

import random

import pytest

from standpat.bots.draws import choose_discards, keep_cards
from standpat.cards import SHORT_7A, STANDARD, format_cards, parse_cards
from standpat.ranking import Category, get_ranking


def throw(text: str, ranking: str, max_discard: int = 5, draws_left: int = 1) -> str:
    return format_cards(choose_discards(parse_cards(text), ranking, max_discard, draws_left))


@pytest.mark.parametrize(
    ("hand", "ranking", "thrown"),
    [
        ("Ah Jh 9h 8h 7h", "short-7a", ""),            # made 7-A flush: pat
        ("Kc Kd Ks 7h 7d", "short-7a", ""),            # full house: pat
        ("Ac 7d 8h 9s Th", "short-7a", ""),            # the 7-A wheel straight: pat
        ("Ac 6d 7h 8s 9h", "short-6a", ""),            # the 6-A wheel straight: pat
        ("Ah Kh 5h 3h 9h", "high", ""),                # flush: pat
        ("Qs Qd 9c 4h 2s", "high", "9c 4h 2s"),        # a pair: throw three
        ("Qs Qd 9c Jh 8s", "short-7a", "9c Jh 8s"),    # a pair: throw three
        ("Js Jd 9c 9h 2s", "high", "2s"),              # two pair: throw the kicker
        ("7s 7d 7c Ah 2s", "high", "Ah 2s"),           # trips: throw two
        ("Ah Kh 5h 3h 9c", "high", "9c"),              # four to a flush: draw one
        ("8c 9d Th Js 2c", "high", "2c"),              # open-ended straight: draw one
        ("4h 4c Kh 9h 2h", "high", "4c"),              # flush draw over a low pair
        ("Ks Kd 9s 5s 2s", "high", "9s 5s 2s"),        # kings over a flush draw
        ("7d 5c 3h 2s Kd", "deuce-to-seven", "Kd"),    # keep 7-5-3-2, draw one
        ("8d 6c 4h 3s 2d", "deuce-to-seven", ""),      # a made eight: pat
        ("9d 7c 5h 3s 2d", "deuce-to-seven", ""),      # a nine on the last draw: pat
        ("2d 2c 5h 7s Kd", "deuce-to-seven", "2d Kd"), # pair of deuces: keep one
        ("3d 4c 5h 6s 7d", "deuce-to-seven", "6s 7d"), # a straight is no low: break it
    ],
)
def test_clear_cut_draws(hand: str, ranking: str, thrown: str) -> None:
    assert throw(hand, ranking) == thrown


def test_triple_draw_breaks_a_nine_with_draws_to_come() -> None:
    assert throw("9d 7c 5h 3s 2d", "deuce-to-seven", draws_left=3) == "9d"
    assert throw("9d 7c 5h 3s 2d", "deuce-to-seven", draws_left=1) == ""


def test_seven_card_draw_keeps_the_made_five_and_at_least_three() -> None:
    assert throw("Ah Kh 5h 3h 9h 2c 4d", "high", 4) == "2c 4d"
    assert throw("Kc Kd 9s 7h 4c 3d 2h", "high", 4) == "7h 4c 3d 2h"
    assert throw("Kc 2d 9s 7h 4c 3d Jh", "high", 4) != ""


def test_never_breaks_a_made_straight_or_better() -> None:
    rng = random.Random(11)
    for ranking, deck in (("high", STANDARD), ("short-7a", SHORT_7A)):
        rank = get_ranking(ranking)
        straight = rank.order.index(Category.STRAIGHT)
        for _ in range(3000):
            hand = rng.sample(deck, 5)
            if rank.order.index(rank.category_of(rank.strength(hand))) >= straight:
                assert choose_discards(hand, ranking, 5) == ()


@pytest.mark.parametrize(
    ("ranking", "size", "max_discard", "draws_left"),
    [("high", 5, 5, 1), ("short-7a", 5, 5, 1), ("short-6a", 5, 5, 1), ("high", 7, 4, 1),
     ("deuce-to-seven", 5, 5, 3), ("deuce-to-seven", 5, 5, 1)],
)
def test_discards_are_own_cards_within_the_cap(
    ranking: str, size: int, max_discard: int, draws_left: int
) -> None:
    rng = random.Random(size * 7 + draws_left)
    deck = get_ranking(ranking).deck
    for _ in range(500):
        hand = rng.sample(deck, size)
        thrown = choose_discards(hand, ranking, max_discard, draws_left)
        assert set(thrown) <= set(hand) and len(set(thrown)) == len(thrown)
        assert len(thrown) <= max_discard
        assert keep_cards(hand, ranking, max_discard, draws_left) == set(hand) - set(thrown)
