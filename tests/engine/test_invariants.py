"""Random-play invariants over 100,000 hands of every game, structure and table size.

Each hand has random stacks (short ones included, so all-ins and side pots are
common), a random button, random stakes with or without antes, and random
legal actions of every kind and size.  Checked: chips conserved to the chip
after every action, no stack below zero, every card of the deck in exactly one
place, a legal action until the hand is over, payouts and net consistent, and
that the same seed and actions replay the same hand (also from the dealt and
drawn cards alone, as a hand history replays it).
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from standpat.engine import (
    GAMES,
    Dealt,
    Discarded,
    GameName,
    Hand,
    Post,
    PostKind,
    Returned,
    Stakes,
    Structure,
    Won,
)
from tests.engine.helpers import assert_cards_accounted, play

HANDS = 100_000
PARTS = 4


def make_hand(rnd: random.Random, seed: int, cls: Callable[..., Hand] = Hand) -> Hand:
    """A random hand set-up (made by ``cls``)."""
    name = rnd.choice(list(GameName))
    game = GAMES[name]
    n = rnd.randint(game.min_players, game.max_players)
    small = rnd.choice((1, 2, 4, 10))
    ante = rnd.choice((0, 0, 0, 1))
    stakes = Stakes.from_bets(small, ante=ante)
    if rnd.random() < 0.05:
        stakes = Stakes(small, 2 * small, 0, 0, max(1, ante))  # antes only
    deep = rnd.random() < 0.5
    stacks = [rnd.randint(1, 400 if deep else 30) for _ in range(n)]
    button = rnd.randrange(n)
    posts = None
    if n > 2 and stakes.big_blind and rnd.random() < 0.1:
        posts = table_posts(rnd, n, button, stakes)
    return cls(
        name, rnd.choice(list(Structure)), stakes, stacks, button=button, rng=seed,
        posts=posts, uncap_heads_up=rnd.random() < 0.2,
    )


def table_posts(rnd: random.Random, n: int, button: int, stakes: Stakes) -> list[Post]:
    """Posts a table makes with the dead-button rules: a dead small blind, players coming in."""
    posts = [Post(s, PostKind.ANTE, stakes.ante) for s in range(n) if stakes.ante]
    big = (button + 2) % n
    if rnd.random() < 0.7:
        posts.append(Post((button + 1) % n, PostKind.SMALL_BLIND, stakes.small_blind))
    posts.append(Post(big, PostKind.BIG_BLIND, stakes.big_blind))
    for seat in range(n):
        if seat not in (button, (button + 1) % n, big) and rnd.random() < 0.3:
            posts.append(Post(seat, PostKind.BIG_BLIND, stakes.big_blind))  # coming in
            if rnd.random() < 0.5:
                posts.append(Post(seat, PostKind.DEAD, stakes.small_blind))  # post all
    return posts


def replay(hand: Hand) -> Hand:
    """The same hand again from its seed and its actions."""
    again = Hand(
        hand.game, hand.structure, hand.stakes, hand.starting_stacks, button=hand.button,
        rng=hand.seed, posts=hand.posts, uncap_heads_up=hand.uncap_heads_up,
    )
    for _, action in hand.actions:
        again.apply(action)
    return again


def replay_from_cards(hand: Hand) -> Hand:
    """The same hand from the dealt and drawn cards only (another rng), as a history does."""
    dealt = {e.seat: e.cards for e in hand.events if isinstance(e, Dealt)}
    draws = iter(e.drawn for e in hand.events if isinstance(e, Discarded))
    again = Hand(
        hand.game, hand.structure, hand.stakes, hand.starting_stacks, button=hand.button,
        rng=12345, hole_cards=[dealt[s] for s in range(hand.players)], posts=hand.posts,
        uncap_heads_up=hand.uncap_heads_up,
    )
    for _, action in hand.actions:
        again.apply(action, drawn=next(draws) if action.kind == "discard" else None)
    return again


def check_final(hand: Hand) -> None:
    """Invariants of a finished hand."""
    total = sum(hand.starting_stacks)
    assert sum(hand.stacks) == total
    assert hand.pot == 0
    assert sum(hand.net) == 0
    assert all(p >= 0 for p in hand.payouts)
    wins = sum(e.amount for e in hand.events if isinstance(e, Won | Returned))
    assert wins == sum(hand.payouts)
    won = sum(e.amount for e in hand.events if isinstance(e, Won))
    assert won == sum(hand.contributions)
    # the pots hold every chip, and the dead money lies in the main pot
    assert sum(amount for amount, _ in hand.pots) == won
    assert not hand.pots or hand.pots[0][0] >= sum(hand.dead)
    # every seat still in holds exactly its hand size, all distinct
    for seat in range(hand.players):
        assert len(hand.cards_of(seat)) == hand.game.hand_size
    assert_cards_accounted(hand)
    # the winner of an uncontested pot shows nothing
    live = [s for s in range(hand.players) if not hand.folded(s)]
    if len(live) == 1:
        assert not hand.shown


@pytest.mark.slow
@pytest.mark.parametrize("part", range(PARTS))
def test_random_hands_keep_the_invariants(part: int) -> None:
    rnd = random.Random(part)
    for i in range(HANDS // PARTS):
        seed = part * HANDS + i
        hand = make_hand(rnd, seed)
        if i % 97 == 0:
            play(hand, rnd)
            assert_cards_accounted(hand)
        else:
            play(hand, rnd, check=i % 7 == 0)
        check_final(hand)
        if i % 53 == 0:
            again = replay(hand)
            assert again.events == hand.events
            assert again.stacks == hand.stacks
            assert replay_from_cards(hand).stacks == hand.stacks
