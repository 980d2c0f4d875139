"""A game: hand after hand until someone wins at 50.

The deal passes left each hand.  After a hand in which someone reaches the
target, the bidder wins if he is among them, else the highest score; tied
leaders play on alone (the others sit out and keep their scores).

>>> import random
>>> from standpat.pinochle.rules import PINOCHLE_5
>>> from standpat.pinochle.actions import Pass
>>> game = GameState(PINOCHLE_5, 3, rng=random.Random(1))
>>> game.dealer, game.to_act, game.scores
(0, 1, {0: 0, 1: 0, 2: 0})
>>> game.apply(Pass())
Passed(seat=1, forced=False)
"""

from __future__ import annotations

import copy
import random

from standpat.errors import IllegalActionError
from standpat.pinochle.actions import Action, Event, LegalActions, RenegeCharged, describe
from standpat.pinochle.hand import HandState, SeatView
from standpat.pinochle.rules import PinochleGame
from standpat.pinochle.scoring import HandResult, Verdict, decide

__all__ = ["GameState"]


class GameState:
    """A whole game of Bruce's Pinochle for ``players`` seats ``0..n-1``.

    ``rng`` (injected) shuffles every deal; ``dealer`` is the first dealer.
    ``apply`` plays into the current hand; when a hand ends it is scored and the
    next hand is dealt at once, until :attr:`winner` is set.
    """

    def __init__(
        self,
        game: PinochleGame,
        players: int,
        *,
        rng: random.Random | None = None,
        dealer: int = 0,
    ) -> None:
        """Start a game and deal its first hand."""
        game.check_players(players)
        if not 0 <= dealer < players:
            raise IllegalActionError(f"dealer {dealer!r} is not a seat 0..{players - 1}.")
        self.game = game
        self.players = players
        self.rng = rng or random.Random()
        self.scores: dict[int, int] = dict.fromkeys(range(players), 0)
        self.active: tuple[int, ...] = tuple(range(players))
        self.dealer = dealer
        self.results: list[HandResult] = []
        self.winner: int | None = None
        self.hand = HandState(game, self.active, dealer, rng=self.rng)

    @property
    def to_act(self) -> int | None:
        """The seat to act, or None once the game is won."""
        return None if self.winner is not None else self.hand.to_act

    @property
    def is_over(self) -> bool:
        """Whether the game has a winner."""
        return self.winner is not None

    def legal_actions(self) -> LegalActions:
        """Exactly the legal actions of the seat to act."""
        return LegalActions() if self.is_over else self.hand.legal_actions()

    def verify(self, action: Action) -> None:
        """Raise :class:`IllegalActionError` unless ``action`` is legal now."""
        if self.is_over:
            raise IllegalActionError(
                f"{describe(action)!r} is not legal: seat {self.winner} has won."
            )
        self.hand.verify(action)

    def can(self, action: Action) -> bool:
        """Whether ``action`` is legal now."""
        try:
            self.verify(action)
        except IllegalActionError:
            return False
        return True

    def apply(self, action: Action) -> Event:
        """Apply ``action`` to the current hand; score and redeal when the hand ends."""
        self.verify(action)
        event = self.hand.apply(action)
        if self.hand.is_over:
            self._end_hand()
        return event

    def charge_renege(self, seat: int) -> RenegeCharged:
        """Charge a reported renege to ``seat`` in the current hand (see HandState)."""
        if self.is_over:
            raise IllegalActionError(f"seat {self.winner} has already won the game.")
        event = self.hand.charge_renege(seat)
        self._end_hand()
        return event

    def _end_hand(self) -> None:
        result = self.hand.result
        assert result is not None
        self.results.append(result)
        for s in result.scores:
            self.scores[s.seat] += s.delta
        verdict: Verdict = decide(
            {s: self.scores[s] for s in self.active}, result.bidder, self.game.target
        )
        if verdict.winner is not None:
            self.winner = verdict.winner
            return
        if verdict.play_on:
            self.active = verdict.play_on
        self.dealer = self._next_dealer()
        self.hand = HandState(self.game, self.active, self.dealer, rng=self.rng)

    def _next_dealer(self) -> int:
        for step in range(1, self.players + 1):
            seat = (self.dealer + step) % self.players
            if seat in self.active:
                return seat
        raise AssertionError  # pragma: no cover

    def view(self, seat: int | None) -> SeatView:
        """What ``seat`` may see now, with the game scores.

        ``None`` is a spectator: he sees what is public, no seat's cards (his view's
        ``seat`` is -1).
        """
        if seat is None:
            return self.hand.view(-1, tuple(self.scores.items()))
        if not 0 <= seat < self.players:
            raise IllegalActionError(f"seat {seat!r} is not a seat 0..{self.players - 1}.")
        return self.hand.view(seat, tuple(self.scores.items()))

    def clone(self) -> GameState:
        """An independent copy (its RNG state copied too)."""
        return copy.deepcopy(self)

    def __repr__(self) -> str:
        return (
            f"<GameState {self.game.name} scores={self.scores} active={self.active} "
            f"winner={self.winner}>"
        )
