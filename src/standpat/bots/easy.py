"""The ``easy`` bot: random legal betting, sane draws."""

from __future__ import annotations

import random

from standpat.bots.draws import choose_discards
from standpat.bots.reading import bet_or_raise, first_legal
from standpat.engine import Action, ActionKind, SeatView

__all__ = ["EasyBot"]


class EasyBot:
    """Bets, calls and folds at random; draws by the rule of thumb.

    It never folds when it may check.  Facing a bet it folds one time in six,
    raises one time in five and calls otherwise; with nothing to call it bets
    one time in three.  Bet sizes are random between the minimum and the pot.
    """

    def __init__(self, rng: random.Random | None = None) -> None:
        """A bot drawing its coin flips from ``rng``."""
        self.rng = rng or random.Random()

    def act(self, view: SeatView) -> Action:
        """A legal action for the seat to act."""
        legal = view.legal
        if legal is None:
            raise ValueError("act() needs the view of the seat to act.")
        if ActionKind.DISCARD in legal.kinds:
            draws_left = view.draws_left or 1
            return first_legal(legal, [Action.discard(
                choose_discards(view.hand, view.ranking, legal.max_discard, draws_left)
            )])
        roll = self.rng.random()
        top = max(legal.min_to, min(legal.max_to, legal.min_to + view.pot))
        to = self.rng.randint(legal.min_to, top) if legal.min_to else 0
        if ActionKind.CHECK in legal.kinds:
            return first_legal(legal, bet_or_raise(to) if roll < 1 / 3 else [Action.check()])
        if roll < 1 / 6:
            return first_legal(legal, [Action.fold()])
        if roll < 1 / 6 + 1 / 5:
            return first_legal(legal, [*bet_or_raise(to), Action.call()])
        return first_legal(legal, [Action.call()])
