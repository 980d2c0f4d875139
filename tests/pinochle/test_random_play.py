"""Random play-outs: thousands of hands with bots and with random legal play.

Invariants checked after every action: every one of the 48 cards is in exactly
one place; a legal action exists until the hand is over; every listed action
verifies; scores move by exactly the hand results; every game ends.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from standpat.errors import IllegalActionError
from standpat.pinochle import (
    DECK,
    GAMES,
    Bid,
    Bot,
    Discard,
    GameState,
    HandState,
    Phase,
    Play,
    RandomBot,
    SimpleBot,
    legal_plays,
)


def where(hand: HandState) -> list[int]:
    """Every card's place, flattened."""
    cards = [c for s in hand.seats for c in hand.hands[s]]
    cards += hand.stock
    cards += [c for d in hand.discards.values() for c in d]
    cards += [c for s in hand.seats for c in hand.taken[s]]
    if hand.trick:
        cards += [c for _, c in hand.trick.plays]
    return sorted(cards)


def check_hand(hand: HandState, rng: random.Random) -> None:
    assert where(hand) == list(DECK)
    legal = hand.legal_actions()
    if hand.is_over:
        assert not legal and hand.to_act is None
        return
    assert legal, "no legal action before the hand is over"
    for action in legal:
        hand.verify(action)
    if hand.phase is Phase.PLAY:
        seat = hand.to_act
        assert seat is not None
        plays = {a.card for a in legal if isinstance(a, Play)}
        for card in hand.hands[seat]:
            assert hand.can(Play(card)) == (card in plays)
        for other in rng.sample(list(DECK), 3):
            if other not in hand.hands[seat]:
                with pytest.raises(IllegalActionError):
                    hand.verify(Play(other))
    if hand.phase is Phase.BIDDING:
        assert legal.min_bid == hand.min_bid
        assert not hand.can(Bid(hand.min_bid - 1))


def run_game(game: GameState, bots: list[Bot], rng: random.Random, check: bool) -> int:
    """Play a game to the end; returns the number of hands."""
    hands = 0
    while not game.is_over:
        hand = game.hand
        before = dict(game.scores)
        while not hand.is_over:
            if check:
                check_hand(hand, rng)
            seat = hand.to_act
            assert seat is not None
            action = bots[seat].act(game.view(seat))
            game.apply(action)
        if check:
            check_hand(hand, rng)
        hands += 1
        result = game.results[-1]
        assert result is hand.result
        assert {s: before[s] + (result.delta(s) if s in hand.seats else 0)
                for s in before} == game.scores
        points = hand.trick_points()
        played = [c for t in hand.tricks for _, c in t.plays]
        assert len(played) == len(hand.seats) * game.game.hand_size
        counters = sum(1 for c in played if c.rank in (8, 11, 12))
        assert sum(points.values()) == counters + 1  # the last trick's point
        for s in result.scores:
            assert s.tricks == points[s.seat]
            assert s.meld + s.nines == hand.melds[s.seat].total
            if s.seat == result.bidder and not result.made:
                assert s.delta == s.nines - result.bid
            else:
                assert s.delta == (s.meld if s.tricks else 0) + s.nines + s.tricks
        assert hands < 1000, "the game did not end"
    assert game.winner is not None
    assert max(game.scores.values()) >= game.game.target or game.winner in game.active
    return hands


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(GAMES))
def test_random_legal_play_with_full_checks(name: str) -> None:
    rng = random.Random(name)
    total = 0
    spec = GAMES[name]
    for i in range(40):
        players = spec.min_players + i % (spec.max_players - spec.min_players + 1)
        game = GameState(spec, players, rng=random.Random(i), dealer=i % players)
        bots: list[Bot] = [RandomBot(random.Random(i * 10 + s)) for s in range(players)]
        total += run_game(game, bots, rng, check=True)
    assert total > 200


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(GAMES))
def test_thousands_of_bot_hands(name: str) -> None:
    rng = random.Random(name)
    spec = GAMES[name]
    total = 0
    winners: Counter[int] = Counter()
    i = 0
    while total < 1500:
        players = spec.min_players + i % (spec.max_players - spec.min_players + 1)
        bots: list[Bot] = [
            SimpleBot() if (s + i) % 2 else RandomBot(random.Random(i * 10 + s))
            for s in range(players)
        ]
        game = GameState(spec, players, rng=random.Random(1000 + i))
        total += run_game(game, bots, rng, check=i % 10 == 0)
        assert game.winner is not None
        winners[(game.winner + i) % 2] += 1
        i += 1
    # The bidding bot should beat random play clearly.
    assert winners[1] > winners[0]


def test_legal_plays_never_empty_for_a_nonempty_hand() -> None:
    rng = random.Random(7)
    for _ in range(3000):
        cards = rng.sample(list(DECK), rng.randint(1, 12))
        hand, trick = cards[: rng.randint(1, len(cards))], cards[len(cards) // 2 :]
        trick = [c for c in trick if c not in hand][:5]
        plays = legal_plays(hand, trick, rng.randrange(4), rng.random() < 0.5)
        assert plays and set(plays) <= set(hand)


def test_simple_bot_discards_are_legal() -> None:
    for i in range(200):
        game = GameState(GAMES["pinochle-7"], 5, rng=random.Random(i))
        bot = SimpleBot()
        while game.hand.phase is not Phase.PLAY:
            seat = game.to_act
            assert seat is not None
            action = bot.act(game.view(seat))
            if isinstance(action, Discard):
                assert len(action.cards) <= 2
            game.apply(action)
