"""The game: deal passing left, the 50 target, the bidder's priority, play-offs of ties."""

from __future__ import annotations

import random

import pytest

from standpat.errors import IllegalActionError
from standpat.pinochle import (
    PINOCHLE_5,
    Bid,
    GameState,
    HandState,
    NameTrump,
    Pass,
    Suit,
    Verdict,
    decide,
)


def test_decide() -> None:
    assert decide({0: 10, 1: 49}, bidder=0) == Verdict()
    assert decide({0: 50, 1: 49}, bidder=1) == Verdict(winner=0)
    assert decide({0: 50, 1: 70}, bidder=0) == Verdict(winner=0)  # the bidder's priority
    assert decide({0: 55, 1: 70, 2: 40}, bidder=2) == Verdict(winner=1)
    assert decide({0: 70, 1: 70, 2: 40}, bidder=2) == Verdict(play_on=(0, 1))
    assert decide({0: 70, 1: 70, 2: 70}, bidder=1) == Verdict(winner=1)


def test_deal_passes_left() -> None:
    game = GameState(PINOCHLE_5, 3, rng=random.Random(8), dealer=1)
    dealers = []
    for _ in range(4):
        dealers.append(game.hand.dealer)
        for _ in range(3):
            game.apply(Pass())
        game.apply(NameTrump(Suit.CLUBS))
        game.charge_renege(game.hand.dealer)  # ends the hand quickly
        game.scores = dict.fromkeys(range(3), 0)
    assert dealers == [1, 2, 0, 1]
    assert len(game.results) == 4


def rigged(game: GameState, hands: list[str], dealer: int, seats: tuple[int, ...]) -> None:
    game.hand = HandState.preset(game.game, hands, dealer=dealer)
    assert game.hand.seats == seats


def test_bidder_among_fifty_wins_over_a_higher_score() -> None:
    game = GameState(PINOCHLE_5, 2, rng=random.Random(0))
    game.scores = {0: 45, 1: 60}
    rigged(game, ["Ac Ad Ah As 9c", "Kc Kd Kh Qc Qd"], dealer=1, seats=(0, 1))
    game.apply(Bid(1))
    game.apply(Pass())
    game.apply(NameTrump(Suit.HEARTS))
    game.charge_renege(1)  # seat 0 keeps his 10 meld; seat 1 goes back 1
    assert game.scores == {0: 55, 1: 59}
    assert game.is_over and game.winner == 0 and game.to_act is None
    assert not game.legal_actions()
    with pytest.raises(IllegalActionError, match="has won"):
        game.verify(Pass())


def test_tied_leaders_play_on_alone() -> None:
    game = GameState(PINOCHLE_5, 3, rng=random.Random(0), dealer=0)
    game.scores = {0: 48, 1: 48, 2: 0}
    rigged(game, ["Kc Qc 9d 9d 9s", "Kh Qh 9h 9c 9s", "Ac Ad Ah Jc Jd"], dealer=0,
           seats=(0, 1, 2))
    game.apply(Pass())
    game.apply(Bid(3))
    game.apply(Pass())
    game.apply(NameTrump(Suit.SPADES))
    game.charge_renege(2)
    assert game.scores == {0: 51, 1: 51, 2: -3}  # a marriage and a 9 of trump each
    assert not game.is_over
    assert game.active == (0, 1) and game.hand.seats == (0, 1)
    assert game.hand.dealer == 1
    view = game.view(2)  # the seat sitting out sees only public things
    assert view.hand == () and dict(view.scores)[2] == -3


def test_game_view_and_clone() -> None:
    game = GameState(PINOCHLE_5, 4, rng=random.Random(2))
    twin = game.clone()
    game.apply(Bid(2))
    assert twin.hand.bid is None
    assert game.view(1).scores == ((0, 0), (1, 0), (2, 0), (3, 0))
    with pytest.raises(IllegalActionError):
        game.view(4)
    with pytest.raises(IllegalActionError):
        GameState(PINOCHLE_5, 7)
