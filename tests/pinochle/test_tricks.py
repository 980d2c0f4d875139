"""Trick play: the seed's worked example card by card, and the leading and beating rules."""

from __future__ import annotations

import pytest

from standpat.errors import IllegalActionError
from standpat.pinochle import (
    PINOCHLE_5,
    CardPlayed,
    HandState,
    Play,
    Suit,
    deck_cards,
    trick_winner,
)

from .helpers import contract, legal_text, play

# Seats 0..3 are the seed's players 1..4; diamonds trump; player 1 leads the 10 of clubs.
P1 = "Tc 9h 9s Jh Js"
P2 = "Qc Ac Jh Th Ts"
P3 = "Kd 9d Ah Qh As"


def seed_hand(p4: str) -> HandState:
    return contract(PINOCHLE_5, [P1, P2, P3, p4], bidder=0, bid=1, trump=Suit.DIAMONDS)


def test_seed_worked_example_card_by_card() -> None:
    hand = seed_hand("Kd Ks Qs Kh Qh")
    assert hand.to_act == 0 and not hand.broken
    # Player 1 may not lead trump (he holds none anyway); he leads the 10 of clubs.
    play(hand, "Tc")
    # Player 2 holds Q and A of clubs: he must try to take the trick, so only the ace.
    assert hand.to_act == 1
    assert legal_text(hand) == ["Ac"]
    assert not hand.can(Play(deck_cards("Qc", hand.hand(1))[0]))
    with pytest.raises(IllegalActionError, match="may play only Ac"):
        hand.verify(Play(deck_cards("Qc", hand.hand(1))[0]))
    play(hand, "Ac")
    # Player 3 has no clubs: he must play trump, either one (no trump in the trick yet).
    assert legal_text(hand) == ["9d", "Kd"]
    play(hand, "Kd")
    assert hand.broken
    # Player 4 has no clubs and one trump, the other K of diamonds: he must play it.
    assert legal_text(hand) == ["Kd"]
    event = hand.apply(Play(deck_cards("Kd", hand.hand(3))[0]))
    # The first K of diamonds played takes the trick; player 3 leads next, trump is broken.
    assert event == CardPlayed(3, event.card, taken_by=2)
    assert hand.tricks[-1].taker == 2
    assert hand.to_act == 2
    assert "9d" in legal_text(hand) and "Kd" not in legal_text(hand)
    # The trick's counters (T, A, K, K) went to player 3.
    assert hand.trick_points()[2] == 4


def test_seed_player_four_with_clubs_plays_any_club() -> None:
    hand = seed_hand("9c Kc Ad Kh Qh")
    for card in ("Tc", "Ac", "Kd"):
        play(hand, card)
    # He must follow suit though trump was played, and need not beat: he cannot win.
    assert legal_text(hand) == ["9c", "Kc"]


def test_seed_player_four_void_must_overtrump() -> None:
    hand = seed_hand("Ad 9d Kh Qh Ks")
    for card in ("Tc", "Ac", "Kd"):
        play(hand, card)
    assert legal_text(hand) == ["Ad"]


def test_seed_player_four_void_with_low_trump_plays_any_trump() -> None:
    hand = seed_hand("Qd 9d Kh Qh Ks")
    for card in ("Tc", "Ac", "Kd"):
        play(hand, card)
    assert legal_text(hand) == ["9d", "Qd"]


def test_seed_player_four_with_neither_plays_anything() -> None:
    hand = seed_hand("Kh Qh Ks Qs Js")
    for card in ("Tc", "Ac", "Kd"):
        play(hand, card)
    assert legal_text(hand) == ["Js", "Kh", "Ks", "Qh", "Qs"]


def test_trump_lead_rules() -> None:
    # Seat 0 holds trump and plain cards: no trump lead before trump is broken.
    hand = contract(PINOCHLE_5, ["Ad Kd Ah 9c 9s", "Qh Jh Th Ts Js"], 0, 1, Suit.DIAMONDS)
    assert legal_text(hand) == ["9c", "9s", "Ah"]
    # A leader holding only trump may lead it.
    hand = contract(PINOCHLE_5, ["Ad Kd Qd Jd 9d", "Qh Jh Th Ts Js"], 0, 1, Suit.DIAMONDS)
    assert legal_text(hand) == ["9d", "Ad", "Jd", "Kd", "Qd"]


def test_must_beat_in_the_led_suit_and_in_trump_lead() -> None:
    hand = contract(PINOCHLE_5, ["Kh 9c 9c Jc Qc", "Ah 9h Th Ts Js", "Qh Jh 9s Ks Qs"],
                    0, 1, Suit.CLUBS)
    play(hand, "Kh")
    assert legal_text(hand) == ["Ah", "Th"]  # the 9 of hearts cannot beat the K
    play(hand, "Th")
    assert legal_text(hand) == ["Jh", "Qh"]  # cannot beat: any heart
    play(hand, "Qh")
    assert hand.tricks[-1].taker == 1


def test_identical_cards_first_played_wins() -> None:
    trick = deck_cards("Ah Ah")
    assert trick_winner(trick, 0) == 0
    # The second copy is not "higher", so it does not count as beating.
    hand = contract(PINOCHLE_5, ["Ah 9c 9c Jc Qc", "Ah 9h Th Ts Js"], 0, 1, Suit.CLUBS)
    play(hand, "Ah")
    assert legal_text(hand) == ["9h", "Ah", "Th"]


def test_trick_winner_cases() -> None:
    assert trick_winner(deck_cards("Th Ah 9s"), 3) == 2  # trump takes
    assert trick_winner(deck_cards("Th As Kh"), 0) == 0  # off-suit does not
    assert trick_winner(deck_cards("Th 9c Tc Ah"), 0) == 2  # higher trump
