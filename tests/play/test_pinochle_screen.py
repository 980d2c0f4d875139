"""The pinochle screen numbers seats from 1 like poker's, names its bots as poker's (Ada, Bo, Cy),
and refuses in its own words."""

from __future__ import annotations

import re

from standpat.cli.play import narrate, refusal, screen
from standpat.pinochle import PINOCHLE_5, Bid, BidMade, Drew, HandState, Play


def test_seats_are_numbered_from_1_the_bots_named_and_the_player_is_you() -> None:
    hand = HandState.preset(PINOCHLE_5, ["Qs Js Ks Jd 9h", "Ac Ad Ah As Tc", "9c 9d Tc Th Ts"])
    hand.apply(Bid(3))
    text = screen(hand.view(0), 1)
    assert "you are seat 1 | dealer Bo ===" in text  # the third seat deals
    assert "Bids: you 3" in text
    assert not re.search(r"seat 0\b", text)
    assert narrate(BidMade(2, 5)) == "Bo bid 5."
    assert narrate(Drew(1, (), ())) == "Ada kept the hand."
    assert narrate(Drew(0, (), ())) == "you kept your cards."


def test_a_refused_action_is_explained_without_engine_seat_numbers() -> None:
    hand = HandState.preset(PINOCHLE_5, ["Qs Js Ks Jd 9h", "Ac Ad Ah As Tc"])
    hand.apply(Bid(3))
    view = hand.view(1)
    assert refusal(Bid(3), view) == "'bid 3' is too low: bid 4 or more, or pass."
    card = hand.hands[1][0]
    assert refusal(Play(card), view) == (
        f"'play {card}' is not possible now; you may: bid 4 or more | pass.")
