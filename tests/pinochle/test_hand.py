"""The hand state machine: deal, bidding, trump, draw and its cap, views, clones, verify."""

from __future__ import annotations

import random

import pytest

from standpat.errors import IllegalActionError
from standpat.pinochle import (
    DECK,
    PINOCHLE_5,
    PINOCHLE_7,
    Bid,
    BidMade,
    DeckCard,
    Discard,
    Drew,
    HandState,
    NameTrump,
    Pass,
    Passed,
    Phase,
    Play,
    Suit,
    TrumpNamed,
    deck_cards,
    get_game,
)
from standpat.pinochle.rules import PinochleGame


def test_game_definitions() -> None:
    assert (PINOCHLE_5.hand_size, PINOCHLE_5.min_players, PINOCHLE_5.max_players) == (5, 2, 6)
    assert (PINOCHLE_7.hand_size, PINOCHLE_7.min_players, PINOCHLE_7.max_players) == (7, 2, 5)
    assert get_game("pinochle-7") is PINOCHLE_7
    with pytest.raises(ValueError, match="not a pinochle game"):
        get_game("pinochle-9")
    with pytest.raises(IllegalActionError, match="2-5 players, not 6"):
        HandState(PINOCHLE_7, 6)
    with pytest.raises(IllegalActionError):
        HandState(PINOCHLE_5, 1)


def test_deal_one_at_a_time_from_dealer_left() -> None:
    hand = HandState(PINOCHLE_5, 3, dealer=1, deck=DECK)
    # Seat 2 (left of dealer 1) gets deck cards 0, 3, 6, ...; then seat 0, then the dealer.
    assert hand.hand(2) == tuple(DECK[i] for i in range(0, 15, 3))
    assert hand.hand(0) == tuple(DECK[i] for i in range(1, 15, 3))
    assert hand.hand(1) == tuple(DECK[i] for i in range(2, 15, 3))
    assert hand.stock == list(DECK[15:])
    assert hand.to_act == 2


def test_deal_is_seeded() -> None:
    a = HandState(PINOCHLE_7, 4, rng=random.Random(5))
    b = HandState(PINOCHLE_7, 4, rng=random.Random(5))
    assert a.hands == b.hands and a.stock == b.stock


def test_all_pass_dealer_takes_it_at_one() -> None:
    hand = HandState(PINOCHLE_5, 4, dealer=2, rng=random.Random(0))
    events = [hand.apply(Pass()) for _ in range(4)]
    assert [e.seat for e in events] == [3, 0, 1, 2]
    assert events[-1] == Passed(2, forced=True)
    assert (hand.phase, hand.bidder, hand.bid, hand.to_act) == (Phase.TRUMP, 2, 1, 2)


def test_bidding_one_chance_each_must_raise() -> None:
    hand = HandState(PINOCHLE_5, 4, dealer=3, rng=random.Random(0))
    assert hand.legal_actions().min_bid == 1
    with pytest.raises(IllegalActionError, match="at least 1"):
        hand.verify(Bid(0))
    assert hand.apply(Bid(3)) == BidMade(0, 3)
    assert not hand.can(Bid(3)) and hand.can(Bid(4)) and hand.can(Bid(400))
    assert Bid(3) not in hand.legal_actions() and Bid(9) in hand.legal_actions()
    hand.apply(Pass())
    hand.apply(Bid(7))
    hand.apply(Pass())  # the dealer's one chance
    assert (hand.phase, hand.bidder, hand.bid) == (Phase.TRUMP, 2, 7)
    assert hand.apply(NameTrump(Suit.HEARTS)) == TrumpNamed(2, Suit.HEARTS)
    assert hand.phase is Phase.DRAW and hand.to_act == 0


def test_wrong_action_types_and_turns() -> None:
    hand = HandState(PINOCHLE_5, 2, rng=random.Random(0))
    with pytest.raises(IllegalActionError, match="must bid or pass"):
        hand.verify(NameTrump(Suit.CLUBS))
    with pytest.raises(IllegalActionError, match="must bid or pass"):
        hand.verify(Play(hand.hand(0)[0]))


@pytest.mark.parametrize(
    ("game", "players", "cap"),
    [
        (PINOCHLE_5, 4, None),  # 20 <= 24
        (PINOCHLE_5, 5, 4),  # 25 > 24: stock 23 // 5
        (PINOCHLE_5, 6, 3),  # stock 18 // 6
        (PINOCHLE_7, 3, None),  # 21
        (PINOCHLE_7, 4, 5),  # 28 > 24: stock 20 // 4
        (PINOCHLE_7, 5, 2),  # stock 13 // 5
    ],
)
def test_draw_cap(game: PinochleGame, players: int, cap: int | None) -> None:
    assert game.draw_cap(players) == cap
    hand = HandState(game, players, rng=random.Random(1))
    for _ in range(players):
        hand.apply(Pass())
    hand.apply(NameTrump(Suit.SPADES))
    limit = cap if cap is not None else game.hand_size
    seat = hand.to_act
    assert seat is not None
    held = sorted(hand.hand(seat))
    assert max(len(a.cards) for a in hand.legal_actions() if isinstance(a, Discard)) == limit
    if limit < game.hand_size:
        with pytest.raises(IllegalActionError, match=f"at most {limit}"):
            hand.verify(Discard(tuple(held[: limit + 1])))


def test_draw_order_and_dead_discards() -> None:
    hand = HandState(PINOCHLE_7, 5, dealer=0, rng=random.Random(2))
    for _ in range(5):
        hand.apply(Pass())
    hand.apply(NameTrump(Suit.CLUBS))
    order = []
    dead: list[DeckCard] = []
    stock = list(hand.stock)
    while hand.phase is Phase.DRAW:
        seat = hand.to_act
        assert seat is not None
        order.append(seat)
        discards = tuple(sorted(hand.hand(seat))[:2])
        event = hand.apply(Discard(discards))
        assert isinstance(event, Drew) and event.discarded == discards
        assert event.drawn == tuple(stock[:2])
        del stock[:2]
        dead += discards
        assert not set(discards) & set(hand.hand(seat))
    assert order == [1, 2, 3, 4, 0]  # dealer last
    assert len(hand.stock) == 3 and hand.stock == stock
    in_hands = [c for s in hand.seats for c in hand.hand(s)]
    assert sorted(in_hands + dead + hand.stock) == list(DECK)
    assert hand.phase is Phase.PLAY and hand.to_act == 0  # the dealer was the bidder


def test_discard_checks() -> None:
    hand = HandState(PINOCHLE_5, 2, rng=random.Random(3))
    hand.apply(Bid(2))
    hand.apply(Pass())
    hand.apply(NameTrump(Suit.HEARTS))
    seat = hand.to_act
    assert seat is not None
    other = next(c for c in DECK if c not in hand.hand(seat))
    with pytest.raises(IllegalActionError, match="does not hold"):
        hand.verify(Discard((other,)))
    assert hand.can(Discard(())) and hand.can(Discard(hand.hand(seat)))
    assert len(hand.legal_actions()) == 32  # every subset of 5 cards


def test_view_hides_other_hands_and_stock() -> None:
    hand = HandState(PINOCHLE_5, 3, rng=random.Random(4))
    view = hand.view(1)
    assert sorted(view.hand) == sorted(hand.hand(1))
    text = repr(view)
    assert view.hand_sizes == (5, 5, 5) and view.stock_size == 33
    assert not any(repr(c) in text for c in hand.stock)
    assert not any(repr(c) in text for s in (0, 2) for c in hand.hand(s) if c not in hand.hand(1))
    assert view.to_act == 0 and not view.legal
    assert list(hand.view(0).legal) == [Pass(), Bid(1)]


def test_clone_is_independent() -> None:
    hand = HandState(PINOCHLE_5, 3, rng=random.Random(4))
    twin = hand.clone()
    hand.apply(Bid(2))
    assert twin.phase is Phase.BIDDING and twin.to_act == 0 and twin.bid is None
    twin.apply(Pass())
    assert hand.bids == [(0, 2)] and twin.bids == [(0, None)]


def test_preset_and_physical_identities() -> None:
    hand = HandState.preset(PINOCHLE_5, ["Qs Qs 9h 9h Ah", "Ac Ad As Kd Kc"])
    assert [repr(c) for c in hand.hand(0)[:2]] == ["DeckCard('Qs', 0)", "DeckCard('Qs', 1)"]
    with pytest.raises(ValueError, match="not in"):
        HandState.preset(PINOCHLE_5, ["Qs Qs Qs 9h Ah", "Ac Ad As Kd Kc"])
    assert deck_cards("Qs", hand.hand(0)) == [hand.hand(0)[0]]


def test_over_hand_refuses_actions() -> None:
    hand = HandState.preset(PINOCHLE_5, ["Ac Ac Ad Ad Ah", "Kc Kc Kd Kd Kh"])
    hand.apply(Bid(1))
    hand.apply(Pass())
    hand.apply(NameTrump(Suit.SPADES))
    hand.apply(Discard(()))
    hand.apply(Discard(()))
    while not hand.is_over:
        hand.apply(next(iter(hand.legal_actions())))
    assert hand.to_act is None and not hand.legal_actions()
    with pytest.raises(IllegalActionError, match="hand is over"):
        hand.verify(Pass())


def test_actions_must_name_physical_cards_and_whole_bids() -> None:
    from standpat.cards import Card

    hand = HandState.preset(PINOCHLE_5, ["Qs Qs 9h 9h Ah", "Ac Ad As Kd Kc"])
    assert not hand.can(Bid(True)) and not hand.can(Bid(1.5))  # type: ignore[arg-type]
    hand.apply(Bid(1))
    hand.apply(Pass())
    hand.apply(NameTrump(Suit.SPADES))
    with pytest.raises(IllegalActionError, match="physical cards"):
        hand.verify(Discard((Card("Qs"),)))  # type: ignore[arg-type]
    hand.apply(Discard(()))
    hand.apply(Discard(()))
    with pytest.raises(IllegalActionError, match="physical cards"):
        hand.verify(Play(Card("Qs")))  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError, match=r"may play only Ah 9h\.$"):
        hand.verify(Play(hand.hand(0)[0]))  # no trump lead: each 9h listed once
