"""Bots: anything with ``act(view) -> action``; they see only a :class:`SeatView`.

>>> import random
>>> from standpat.pinochle.game import GameState
>>> from standpat.pinochle.rules import PINOCHLE_7
>>> game = GameState(PINOCHLE_7, 4, rng=random.Random(3))
>>> bots = [SimpleBot(), RandomBot(random.Random(1)), SimpleBot(), RandomBot(random.Random(2))]
>>> while not game.is_over:
...     seat = game.to_act
...     _ = game.apply(bots[seat].act(game.view(seat)))
>>> game.winner is not None and max(game.scores.values()) >= 50
True
"""

from __future__ import annotations

import random
from typing import Protocol

from standpat.pinochle.actions import Action, Bid, Discard, NameTrump, Pass, Play
from standpat.pinochle.cards import POWER, DeckCard, Suit, is_counter
from standpat.pinochle.hand import SeatView
from standpat.pinochle.meld import meld
from standpat.pinochle.tricks import trick_winner

__all__ = ["Bot", "RandomBot", "SimpleBot", "estimate"]


class Bot(Protocol):
    """A player: given what its seat sees, return a legal action."""

    def act(self, view: SeatView) -> Action:
        """The action to take; called only when ``view.to_act == view.seat``."""
        ...


def estimate(hand: tuple[DeckCard, ...], trump: Suit) -> float:
    """Points a hand may score with ``trump``: meld plus a rough trick estimate.

    >>> from standpat.pinochle.cards import deck_cards
    >>> estimate(tuple(deck_cards("As Ts Ks Qs Js")), Suit.SPADES)
    18.7
    """
    melded = meld((c.card for c in hand), trump).total
    tricks = sum(
        (0.6 if is_counter(c.card) else 0.0)
        + (0.4 if c.rank == 12 else 0.0)
        + (0.3 if c.suit == trump.number else 0.0)
        for c in hand
    )
    return round(melded + tricks, 2)


class SimpleBot:
    """Bids from meld plus expected trick points; plays to win counters (A, 10, K).

    Bidding: bids 80% of its best estimate when that beats the high bid.
    Trump: the suit with the best estimate.  Draw: throws plain 9s, jacks and
    queens that are in no meld.  Play: leads a plain ace if it has one; wins the
    trick as cheaply as it can when it can; else throws its cheapest card.
    """

    def act(self, view: SeatView) -> Action:
        """The action for this view."""
        legal = view.legal
        if legal.min_bid is not None:
            best = max(estimate(view.hand, s) for s in Suit)
            target = int(best * 0.8)
            return Bid(target) if target >= legal.min_bid else Pass()
        options = list(legal)
        first = options[0]
        if isinstance(first, NameTrump):
            suits = [a.suit for a in options if isinstance(a, NameTrump)]
            return NameTrump(max(suits, key=lambda s: estimate(view.hand, s)))
        if isinstance(first, Discard):
            return self._discard(view, options)
        return self._play(view, [a.card for a in options if isinstance(a, Play)])

    def _discard(self, view: SeatView, options: list[Action]) -> Action:
        assert view.trump is not None
        trump = view.trump.number
        in_meld = {c for m in meld((c.card for c in view.hand), view.trump).melds for c in m.cards}
        junk = [
            c for c in view.hand
            if c.suit != trump and not is_counter(c.card) and c.card not in in_meld
        ]
        limit = max(len(a.cards) for a in options if isinstance(a, Discard))
        return Discard(tuple(junk[:limit]))

    def _play(self, view: SeatView, cards: list[DeckCard]) -> Action:
        assert view.trump is not None
        trump = view.trump.number
        trick = [c for _, c in view.trick.plays] if view.trick else []
        cheap = sorted(cards, key=lambda c: (is_counter(c.card), c.suit == trump, POWER[c.rank]))
        if not trick:
            aces = [c for c in cards if c.rank == 12 and c.suit != trump]
            return Play(aces[0] if aces else cheap[0])
        winners = [c for c in cards if trick_winner([*trick, c], trump) == len(trick)]
        if winners:
            return Play(min(winners, key=lambda c: (c.suit == trump, POWER[c.rank])))
        return Play(cheap[0])


class RandomBot:
    """Plays a uniformly random legal action; bids 1-3 above the minimum a third of the time."""

    def __init__(self, rng: random.Random | None = None) -> None:
        """A random bot drawing from ``rng``."""
        self.rng = rng or random.Random()

    def act(self, view: SeatView) -> Action:
        """A random legal action for this view."""
        legal = view.legal
        if legal.min_bid is not None:
            if self.rng.random() < 1 / 3:
                return Bid(legal.min_bid + self.rng.randrange(3))
            return Pass()
        return self.rng.choice(list(legal))
