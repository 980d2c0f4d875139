"""Hand.view: kept redactions and pots give the same views as made afresh, views of several
viewers taken in any order never mix, and a view never changes once made."""

from __future__ import annotations

import dataclasses
import pickle
import random

import pytest

from standpat.engine import (
    Dealt,
    Discarded,
    Hand,
    Mucked,
    Shown,
    Won,
    redact,
    shown_cards,
)
from tests.engine.helpers import random_action, running_pots
from tests.engine.test_invariants import make_hand


def fresh_events(hand: Hand, viewer: int | None) -> tuple[object, ...]:
    return tuple(redact(e, viewer) for e in hand.events)


def known_to(hand: Hand, viewer: int | None) -> set[int]:
    """The cards ``viewer`` may know now: his own dealt and drawn cards, and shown hands."""
    cards: set[int] = set()
    for event in hand.events:
        if isinstance(event, Shown | Won):
            cards.update(event.cards)
        elif isinstance(event, Dealt | Discarded | Mucked) and event.seat == viewer:
            cards.update(shown_cards(event))
    return cards


@pytest.mark.slow
def test_views_in_any_order_are_the_views_made_afresh() -> None:
    rnd = random.Random("views")
    for seed in range(400):
        hand = make_hand(rnd, seed)
        viewers: list[int | None] = [None, *range(hand.players)]
        earlier = []
        while True:
            for viewer in rnd.sample(viewers, rnd.randint(1, len(viewers))):
                view = hand.view(viewer)
                assert view.events == fresh_events(hand, viewer)
                seen: set[int] = set(view.hand)
                for event in view.events:
                    seen.update(shown_cards(event))
                for cards in view.shown.values():
                    seen.update(cards)
                assert seen <= known_to(hand, viewer) | set(view.hand)
                if not hand.is_over:
                    assert view.pots == running_pots(hand)
                earlier.append((view, dataclasses.astuple(view)))
            if hand.is_over:
                break
            if rnd.random() < 0.05:
                hand = hand.clone() if rnd.random() < 0.5 else pickle.loads(pickle.dumps(hand))
            hand.apply(random_action(hand.legal_actions(), rnd))
        for view, fields in earlier:  # nothing a hand did later changed a view made before
            assert dataclasses.astuple(view) == fields


def test_a_view_cannot_be_changed_and_its_shown_hands_are_its_own() -> None:
    hand = make_hand(random.Random(3), 3)
    while not hand.is_over:
        hand.apply(random_action(hand.legal_actions(), random.Random(len(hand.events))))
    view = hand.view(0)
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.pot = 1  # type: ignore[misc]
    view.shown.clear()  # type: ignore[attr-defined]
    assert hand.view(0).shown == hand.shown
    assert hand.view(0) == dataclasses.replace(view, shown=hand.shown)
