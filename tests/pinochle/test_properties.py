"""Properties of meld and of the trick rules, over generated hands."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from standpat.pinochle import DECK, DeckCard, Suit, legal_plays, meld, trick_winner

suits = st.sampled_from(list(Suit))
physical = st.lists(st.sampled_from(DECK), unique=True, max_size=14)


@settings(max_examples=300, deadline=None)
@given(physical, suits)
def test_meld_is_order_free_monotone_and_uses_held_cards(
    cards: list[DeckCard], trump: Suit
) -> None:
    faces = [c.card for c in cards]
    result = meld(faces, trump)
    assert result.total == sum(m.points for m in result.melds)
    assert meld(list(reversed(faces)), trump) == result
    held = Counter(faces)
    for m in result.melds:
        assert not Counter(m.cards) - held  # every meld is made of held cards
        assert len(set(m.cards)) == len(m.cards) or m.name == "double pinochle"
    if faces:
        assert meld(faces[:-1], trump).total <= result.total


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(DECK), unique=True, min_size=2, max_size=12),
       st.integers(0, 3), st.booleans(), st.integers(0, 5))
def test_legal_plays_follow_the_rules(
    cards: list[DeckCard], trump: int, broken: bool, split: int
) -> None:
    split = min(split, len(cards) - 1)
    trick, hand = cards[:split], cards[split:]
    plays = legal_plays(hand, trick, trump, broken)
    assert plays and set(plays) <= set(hand)
    if not trick:
        if not broken and any(c.suit != trump for c in hand):
            assert all(c.suit != trump for c in plays)
        return
    led = trick[0].suit
    if any(c.suit == led for c in hand):
        assert all(c.suit == led for c in plays)
    elif any(c.suit == trump for c in hand):
        assert all(c.suit == trump for c in plays)
    else:
        assert sorted(plays) == sorted(hand)
    # Within the suit he must play, whoever can take the trick must play a card that takes it.
    group = [c for c in hand if c.suit == led] or [c for c in hand if c.suit == trump] or hand
    if any(trick_winner([*trick, c], trump) == len(trick) for c in group):
        assert all(trick_winner([*trick, c], trump) == len(trick) for c in plays)
