"""Scoring: trick points, last trick, keeping meld, failed bids, 9s of trump, renege."""

from __future__ import annotations

import pytest

from standpat.cards import parse_cards
from standpat.errors import IllegalActionError
from standpat.pinochle import (
    PINOCHLE_5,
    Bid,
    HandState,
    Pass,
    Play,
    RenegeCharged,
    Suit,
    deck_cards,
    meld,
    score_hand,
    score_renege,
)

from .helpers import contract, legal_text, play

S0 = "As Ts Ks Qs Jd"  # marriage in trump 4 + pinochle 4 with spades trump


def play_out(hand: HandState, cards: str) -> None:
    for card in cards.split():
        play(hand, card)


def test_made_bid_scores_meld_and_tricks() -> None:
    hand = contract(PINOCHLE_5, [S0, "Ac Ad Ah Kc Qc"], bidder=0, bid=5, trump=Suit.SPADES)
    assert legal_text(hand) == ["Jd"]  # the only card that is not trump
    play_out(hand, "Jd Ad")  # seat 1 takes 1
    assert legal_text(hand) == ["Ac", "Ah", "Kc", "Qc"]
    play(hand, "Ac")
    assert legal_text(hand) == ["As", "Ks", "Qs", "Ts"]  # void in clubs: any trump
    play_out(hand, "Qs As Qc Ts Kc Ks Ah")
    assert hand.is_over and hand.result is not None
    assert hand.trick_points() == {0: 7, 1: 1}  # 6 counters + the last trick
    r = hand.result
    assert r.made and (r.bidder, r.bid) == (0, 5)
    assert (r.score(0).meld, r.score(0).nines, r.score(0).tricks, r.delta(0)) == (8, 0, 7, 15)
    assert (r.score(1).meld, r.delta(1)) == (2, 3)


def test_failed_bid_goes_back_the_bid() -> None:
    hand = contract(PINOCHLE_5, [S0, "Ac Ad Ah Kc Qc"], bidder=0, bid=16, trump=Suit.SPADES)
    play_out(hand, "Jd Ad Ac Qs As Qc Ts Kc Ks Ah")
    assert hand.result is not None
    assert not hand.result.made
    assert hand.result.delta(0) == -16  # 8 meld + 7 tricks = 15 < 16
    assert hand.result.delta(1) == 3
    hand = contract(PINOCHLE_5, [S0, "Ac Ad Ah Kc Qc"], bidder=0, bid=15, trump=Suit.SPADES)
    play_out(hand, "Jd Ad Ac Qs As Qc Ts Kc Ks Ah")
    assert hand.result is not None and hand.result.made and hand.result.delta(0) == 15


def test_meld_kept_only_with_a_trick_point_but_nines_always() -> None:
    hand = contract(PINOCHLE_5, [S0, "Kc Qc 9s 9c Jc"], bidder=0, bid=1, trump=Suit.SPADES)
    play_out(hand, "Jd 9s")  # seat 1 must trump and takes a pointless trick
    play_out(hand, "Kc Qs As 9c Ts Qc Ks Jc")
    assert hand.result is not None
    assert hand.trick_points() == {0: 5, 1: 0}
    s1 = hand.result.score(1)
    assert (s1.meld, s1.nines, s1.tricks, s1.delta) == (2, 1, 0, 1)
    assert hand.result.delta(0) == 13


def test_failed_bidder_keeps_nines_of_trump_only() -> None:
    melds = {0: meld(parse_cards("9h 9h Kh Qh"), Suit.HEARTS), 1: meld([], Suit.HEARTS)}
    r = score_hand((0, 1), bidder=0, bid=20, melds=melds, tricks={0: 10, 1: 15})
    assert not r.made and r.delta(0) == 2 - 20 and r.delta(1) == 15


def test_bidder_without_trick_point_loses_meld_toward_the_bid() -> None:
    melds = {0: meld(parse_cards("Ac Ad Ah As 9h"), Suit.HEARTS), 1: meld([], Suit.HEARTS)}
    # 11 meld, but no trick point: only the 9 of trump counts, so a bid of 5 fails.
    r = score_hand((0, 1), bidder=0, bid=5, melds=melds, tricks={0: 0, 1: 25})
    assert not r.made and r.delta(0) == 1 - 5
    r = score_hand((0, 1), bidder=0, bid=5, melds=melds, tricks={0: 1, 1: 24})
    assert r.made and r.delta(0) == 12


def test_renege_scoring_function() -> None:
    melds = {
        0: meld(parse_cards("9h Kh Qh"), Suit.HEARTS),
        1: meld(parse_cards("9h Ks Qs"), Suit.HEARTS),
        2: meld(parse_cards("Jd Qs"), Suit.HEARTS),
    }
    tricks = {0: 3, 1: 4, 2: 0}
    r = score_renege((0, 1, 2), bidder=0, bid=7, melds=melds, tricks=tricks, offender=1)
    assert (r.delta(0), r.delta(1), r.delta(2)) == (5, -7, 4)
    assert r.renege == 1
    r = score_renege((0, 1, 2), bidder=0, bid=7, melds=melds, tricks=tricks, offender=0)
    assert (r.delta(0), r.delta(1), r.delta(2)) == (-7, 3, 4)
    assert not r.made


def test_charge_renege_on_a_hand() -> None:
    hand = contract(PINOCHLE_5, [S0, "Kc Qc 9s 9c Jc"], bidder=0, bid=6, trump=Suit.SPADES)
    play_out(hand, "Jd 9s Kc")
    assert hand.charge_renege(0) == RenegeCharged(0)
    assert hand.is_over and hand.result is not None and hand.result.renege == 0
    assert (hand.result.delta(0), hand.result.delta(1)) == (-6, 3)
    assert hand.history[-1] == RenegeCharged(0)
    with pytest.raises(IllegalActionError, match="cannot be charged"):
        hand.charge_renege(1)


def test_renege_only_after_trump() -> None:
    hand = HandState.preset(PINOCHLE_5, [S0, "Kc Qc 9s 9c Jc"])
    with pytest.raises(IllegalActionError, match="bidding"):
        hand.charge_renege(0)
    hand.apply(Bid(2))
    hand.apply(Pass())
    with pytest.raises(IllegalActionError, match="not in this hand"):
        hand.charge_renege(5)


def test_reported_illegal_play_is_a_renege() -> None:
    hand = contract(PINOCHLE_5, [S0, "Ac Ad Ah Kc Qc"], bidder=0, bid=5, trump=Suit.SPADES)
    play(hand, "Jd")
    # Seat 1 holds Ad but a history reports Ac: he failed to follow suit.
    [ac] = deck_cards("Ac", hand.hand(1))
    assert not hand.can(Play(ac))
    assert hand.apply_reported(Play(ac)) == RenegeCharged(1)
    assert hand.result is not None and hand.result.renege == 1
    assert (hand.result.delta(0), hand.result.delta(1)) == (8, -5)
    # A legal reported play is simply applied; a card not held is still an error.
    hand = contract(PINOCHLE_5, [S0, "Ac Ad Ah Kc Qc"], bidder=0, bid=5, trump=Suit.SPADES)
    play(hand, "Jd")
    [ad] = deck_cards("Ad", hand.hand(1))
    assert hand.apply_reported(Play(ad)).taken_by == 1  # type: ignore[union-attr]
    with pytest.raises(IllegalActionError, match="does not hold"):
        hand.apply_reported(Play(ad))
