"""Shared helpers of the engine tests: a fast random policy and the card accounting."""

from __future__ import annotations

import random
from collections import Counter

from standpat.cards import Card, parse_cards
from standpat.engine import Action, ActionKind, Event, Hand, LegalActions, Post, Stakes
from standpat.engine.pots import side_pots

STAKES = Stakes.from_bets(2)


def cards(text: str) -> list[Card]:
    """Cards from text."""
    return parse_cards(text)


def random_action(legal: LegalActions, rnd: random.Random) -> Action:
    """A random legal action: any kind, any amount in range, any discard subset."""
    if ActionKind.DISCARD in legal.kinds:
        k = rnd.randrange(legal.max_discard + 1)
        return Action.discard(rnd.sample(legal.cards, k))
    kinds = sorted(legal.kinds)
    kind = kinds[rnd.randrange(len(kinds))]
    if kind is ActionKind.BET or kind is ActionKind.RAISE:
        roll = rnd.random()
        if roll < 0.4:
            to = legal.min_to
        elif roll < 0.6:
            to = legal.max_to
        else:
            to = rnd.randint(legal.min_to, legal.max_to)
        return Action(kind, to)
    return Action(kind)


def card_groups(hand: Hand) -> list[int]:
    """Every card the hand accounts for: live hands, the stub, and the discard/burn/muck pool."""
    found: list[int] = []
    for seat in range(hand.players):
        if not hand.folded(seat):
            found.extend(hand.cards_of(seat))
    found.extend(hand._stub[hand._pos :])
    found.extend(hand._pool)
    return found


def assert_cards_accounted(hand: Hand) -> None:
    """Every card of the deck is in exactly one place."""
    found = card_groups(hand)
    dupes = [c for c, k in Counter(found).items() if k > 1]
    assert not dupes, f"cards in two places: {dupes}"
    assert sorted(found) == sorted(hand.deck)


def play(hand: Hand, rnd: random.Random, *, check: bool = True) -> Hand:
    """Play ``hand`` to the end with random legal actions, checking invariants at each step."""
    total = sum(hand.starting_stacks)
    while not hand.is_over:
        legal = hand.legal_actions()
        assert legal.kinds, "no legal action before the end of the hand"
        action = random_action(legal, rnd)
        assert action in legal
        hand.apply(action)
        if check:
            assert sum(hand.stacks) + hand.pot == total
            assert min(hand.stacks) >= 0
            if not hand.is_over:  # the engine's running counts, and its kept pots
                live = [s for s in range(hand.players) if not hand.folded(s)]
                assert hand._live == len(live)
                assert hand._able == sum(1 for s in live if not hand.all_in(s))
                assert hand.pots == running_pots(hand)
    return hand


def running_pots(hand: Hand) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """The pots of a running hand made afresh: the chips collected from finished rounds."""
    collected = [
        c - b - d for c, b, d in zip(hand.contributions, hand.bets, hand.dead, strict=True)
    ]
    folded = [hand.folded(s) for s in range(hand.players)]
    return tuple(side_pots(collected, folded, sum(hand.dead)))


def posts_of(*items: tuple[int, str, int]) -> list[Post]:
    """Posts from (seat, kind, amount) triples."""
    from standpat.engine import PostKind

    return [Post(seat, PostKind(kind), amount) for seat, kind, amount in items]


def deal(
    game: str,
    structure: str,
    stacks: list[int],
    holes: list[str] | None = None,
    *,
    stakes: Stakes = STAKES,
    button: int = 0,
    **options: object,
) -> Hand:
    """A hand with the given hole cards (text per seat), or shuffled by seed 0."""
    hole_cards = None if holes is None else [parse_cards(h) for h in holes]
    return Hand(
        game, structure, stakes, stacks, button=button, rng=0, hole_cards=hole_cards,
        **options,  # type: ignore[arg-type]
    )


def act(hand: Hand, *texts: str) -> list[Event]:
    """Apply actions given as text (``"raise to 7"``, ``"discard 7c 9h"``); return all events."""
    events: list[Event] = []
    for text in texts:
        drawn = None
        if " -> " in text:
            text, got = text.split(" -> ")
            drawn = parse_cards(got)
        events.extend(hand.apply(Action.parse(text), drawn=drawn))
    return events


def kinds_of(hand: Hand) -> set[str]:
    """The legal action kinds of the seat to act, as strings."""
    return {k.value for k in hand.legal_actions().kinds}
