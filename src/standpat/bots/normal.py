"""The ``normal`` bot: rules of thumb on hand strength, draw odds, pot odds and position."""

from __future__ import annotations

import random

from standpat.bots.reading import Reading, bet_or_raise, first_legal, read, sized
from standpat.engine import Action, ActionKind, SeatView

__all__ = ["NormalBot"]

BET_AT = 0.62
"""Strength (after the count of opponents) at which it bets when it may check."""
RAISE_AT = 0.82
"""Strength at which it raises a bet."""
RERAISE_AT = 0.92
"""Strength at which it raises again after two bets or raises in the round."""


class NormalBot:
    """Plays by fixed rules on one number, its hand's strength.

    Strength is the showdown percentile of its hand against what
    rule-of-thumb players end up with (after the last draw), or the expected
    percentile after its own draws (before).  With several opponents it is
    raised to the power of their count.  It bets and raises above fixed
    thresholds, a little lighter when it acts last; it calls when the strength
    clears the pot odds by a margin; it sizes pot-limit and no-limit bets at
    60 to 90 percent of the pot.  It draws by the rule of thumb and pays no
    attention to how many cards its opponents drew.
    """

    def __init__(self, rng: random.Random | None = None) -> None:
        """A bot sampling its draw odds with ``rng``."""
        self.rng = rng or random.Random()

    def strength(self, reading: Reading) -> float:
        """The hand's strength for this decision, 0..1."""
        model = reading.model
        if reading.draws_left <= 0:
            return model.percentile(model.strength(reading.hand))
        return model.potential(reading.hand, reading.draws_left, reading.dead, samples=24,
                               rng=self.rng)

    def act(self, view: SeatView) -> Action:
        """A legal action for the seat to act."""
        legal = view.legal
        if legal is None:
            raise ValueError("act() needs the view of the seat to act.")
        reading = read(view)
        if ActionKind.DISCARD in legal.kinds:
            kept = reading.model.keep(reading.hand, max(reading.draws_left, 1))
            thrown = [c for c in view.hand if c not in kept][: legal.max_discard]
            return first_legal(legal, [Action.discard(thrown)])
        p = self.strength(reading) ** max(1, len(reading.opponents))
        if reading.last_to_act:
            p += 0.04
        if not legal.to_call:
            if p >= BET_AT:
                to = sized(view, legal, 0.9 if p >= 0.85 else 0.6)
                return first_legal(legal, bet_or_raise(to))
            return first_legal(legal, [Action.check()])
        raise_at = RERAISE_AT if reading.raises >= 2 else RAISE_AT
        if p >= raise_at:
            return first_legal(legal, [*bet_or_raise(sized(view, legal, 0.75)), Action.call()])
        margin = 0.2 if reading.draws_left <= 0 else 0.1
        if p >= max(0.3, reading.odds + margin):
            return first_legal(legal, [Action.call()])
        return first_legal(legal, [Action.fold()])
