"""Helpers for the pinochle tests."""

from __future__ import annotations

from standpat.pinochle import (
    Bid,
    Discard,
    HandState,
    NameTrump,
    Pass,
    PinochleGame,
    Play,
    Suit,
    deck_cards,
)


def contract(
    game: PinochleGame,
    hands: list[str],
    bidder: int,
    bid: int,
    trump: Suit,
    stock: str = "",
) -> HandState:
    """A preset hand (dealer is the last seat) bid by ``bidder`` and ready to play, no draws."""
    hand = HandState.preset(game, hands, stock)
    while hand.phase == "bidding":
        hand.apply(Bid(bid) if hand.to_act == bidder else Pass())
    hand.apply(NameTrump(trump))
    while hand.phase == "draw":
        hand.apply(Discard(()))
    return hand


def play(hand: HandState, text: str) -> None:
    """The seat to act plays the named card (its first held copy)."""
    seat = hand.to_act
    assert seat is not None
    [card] = deck_cards(text, hand.hand(seat))
    hand.apply(Play(card))


def legal_text(hand: HandState) -> list[str]:
    """The legal plays as card text, sorted, duplicates kept."""
    return sorted(str(a.card) for a in hand.legal_actions() if isinstance(a, Play))
