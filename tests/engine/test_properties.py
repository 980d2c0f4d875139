"""Hypothesis properties of whole hands: any set-up, any legal play, the books balance."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from standpat.engine import (
    GAMES,
    Dealt,
    Discarded,
    EventKind,
    GameName,
    Hand,
    Mucked,
    Shown,
    Stakes,
    Structure,
    Won,
    shown_cards,
)
from tests.engine.helpers import assert_cards_accounted, play, random_action


@st.composite
def hands(draw: st.DrawFn) -> tuple[Hand, int]:
    """A hand of any game, structure, table size, stakes and stacks, with a policy seed."""
    name = draw(st.sampled_from(list(GameName)))
    game = GAMES[name]
    n = draw(st.integers(game.min_players, game.max_players))
    stacks = draw(st.lists(st.integers(1, 120), min_size=n, max_size=n))
    small = draw(st.integers(1, 10))
    stakes = Stakes.from_bets(small, ante=draw(st.integers(0, 2)))
    hand = Hand(
        name, draw(st.sampled_from(list(Structure))), stakes, stacks,
        button=draw(st.integers(0, n - 1)), rng=draw(st.integers(0, 2**32)),
    )
    return hand, draw(st.integers(0, 2**32))


@settings(max_examples=300, deadline=None)
@given(hands())
def test_any_hand_balances_its_chips_and_cards(case: tuple[Hand, int]) -> None:
    hand, seed = case
    start = sum(hand.starting_stacks)
    play(hand, random.Random(seed))
    assert sum(hand.stacks) == start and min(hand.stacks) >= 0
    assert sum(hand.net) == 0
    assert_cards_accounted(hand)
    won = sum(e.amount for e in hand.events if isinstance(e, Won))
    assert won == sum(hand.contributions)
    # nobody wins more from a pot than it holds, and only players still in win
    for event in hand.events:
        if event.kind is EventKind.WIN:
            assert event.seat is not None and not hand.folded(event.seat)
    # an all-in player wins at most what each opponent matched of his live stake, plus his
    # own, plus the dead money (antes) of the main pot
    live = [c - d for c, d in zip(hand.contributions, hand.dead, strict=True)]
    for seat in range(hand.players):
        if hand.all_in(seat):
            cap = sum(min(live[seat], c) for c in live) + sum(hand.dead)
            assert hand.payouts[seat] <= cap


def visible_cards(view: object) -> set[int]:
    """Every card reachable from a view: its hand, legal, shown hands and events."""
    found: set[int] = set(view.hand)  # type: ignore[attr-defined]
    legal = view.legal  # type: ignore[attr-defined]
    if legal is not None:
        found.update(legal.cards)
    for cards in view.shown.values():  # type: ignore[attr-defined]
        found.update(cards)
    for event in view.events:  # type: ignore[attr-defined]
        found.update(shown_cards(event))
    return found


@settings(max_examples=150, deadline=None)
@given(hands(), st.integers(-1, 5))
def test_a_view_never_shows_a_card_its_viewer_may_not_know(
    case: tuple[Hand, int], viewer_index: int
) -> None:
    hand, seed = case
    viewer = None if viewer_index < 0 or viewer_index >= hand.players else viewer_index
    rnd = random.Random(seed)
    while True:
        own: set[int] = set()
        public: set[int] = set()
        for event in hand.events:
            if isinstance(event, Shown | Won):
                public.update(event.cards)
            elif isinstance(event, Dealt | Discarded | Mucked) and event.seat == viewer:
                own.update(shown_cards(event))
        view = hand.view(viewer)
        assert visible_cards(view) <= own | public
        if hand.is_over:
            break
        hand.apply(random_action(hand.legal_actions(), rnd))
